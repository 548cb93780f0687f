// Seat preferences (docs/server.md, "Seat preferences"): the gear button opens a dialog where a
// seat chooses what the table may answer for it — auto-pass except at its stops, auto-same —
// and the side panel lists what the table answered ("auto: passed — …", this seat's own).
//
// The form shows what the server has saved (the `prefs` of this seat's state frames); Save
// sends a `prefs` message and the next frame confirms it. Only a seat's page has the panel.

import {h, clear, $} from "/static/js/dom.js";
import * as api from "/static/js/api.js";

const SHOWN_NOTES = 3;      // the newest answers shown beside the log; the dialog lists them all

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
const sentence = (s) => (s ? s[0].toUpperCase() + s.slice(1) : s);

/** The stops as checkboxes in a player's words (`/api/meta`'s `prefs.moments`), into `box`; the
 * seat's dialog and the lobby's starting settings share them. Ids are `${idPrefix}${moment}`. */
export function stopChecks(box, moments, idPrefix = "pref-stop-") {
  clear(box);
  for (const m of moments) {
    const id = `${idPrefix}${m.name}`;
    box.appendChild(h("div.check",
      h("input", {type: "checkbox", id, name: "stop", value: m.name, data: {moment: m.name}}),
      h("label", {for: id}, sentence(m.text))));
  }
}

/** The stops ticked in `box`, sorted (as the server keeps them). */
export const checkedStops = (box) =>
  Array.from(box.querySelectorAll("input[data-moment]:checked"), (b) => b.dataset.moment).sort();

/** Tick the stops of `prefs` in `box`. */
export function fillStops(box, prefs) {
  const stops = new Set((prefs && prefs.stops) || []);
  for (const b of box.querySelectorAll("input[data-moment]")) b.checked = stops.has(b.dataset.moment);
}

export class PrefsPanel {
  /** send(prefs) -> Promise: sends the seat's new preferences (socket or HTTP). */
  constructor({send}) {
    this.send = send;
    this.saved = null;        // the preferences the server holds for this seat
    this.defaults = null;
    this.moments = [];        // [{name, text}] from /api/meta
    this.waiting = null;      // the preferences sent and not yet confirmed
    this.fair = false;
    this.el = {
      open: $("#prefs-open"), dialog: $("#prefs-dialog"), form: $("#prefs-form"),
      autoPass: $("#pref-auto-pass"), autoSame: $("#pref-auto-same"), autoPay: $("#pref-auto-pay"), autoOrder: $("#pref-auto-order"), stops: $("#pref-stops"),
      stopList: $("#pref-stop-list"), status: $("#prefs-status"), saved: $("#prefs-saved"),
      fairNote: $("#pref-fair"), defaults: $("#prefs-defaults"), close: $("#prefs-close"),
      answered: $("#prefs-answered-list"), notes: $("#auto-notes"),
    };
    this.ready = api.meta().then((m) => {
      const p = (m && m.prefs) || {};
      this.moments = p.moments || [];
      this.defaults = p.defaults || null;
      this._buildStops();
    }).catch(() => {});
    this._wire();
  }

  _wire() {
    const el = this.el;
    el.open.hidden = false;
    el.open.addEventListener("click", () => this.openDialog());
    el.autoPass.addEventListener("change", () => this._syncEnabled());
    el.form.addEventListener("change", () => this._dirty());
    el.form.addEventListener("submit", (ev) => {
      ev.preventDefault();
      this.save();
    });
    el.defaults.addEventListener("click", () => {
      if (this.defaults) this._fill(this.defaults);
      this._dirty();
    });
    el.close.addEventListener("click", () => el.dialog.close());
    el.dialog.addEventListener("close", () => el.open.focus());
  }

  _buildStops() {
    stopChecks(this.el.stopList, this.moments);
    if (this.saved) this._fill(this.saved);
  }

  _fill(p) {
    this.el.autoPass.checked = !!p.auto_pass;
    this.el.autoSame.checked = !!p.auto_same;
    this.el.autoPay.checked = p.auto_pay !== false;
    this.el.autoOrder.checked = p.auto_order !== false;
    fillStops(this.el.stopList, p);
    this._syncEnabled();
  }

  /** Say when the form holds changes the server does not have yet. */
  _dirty() {
    if (this.waiting) return;
    const differs = this.saved && !same(this.read(), this.saved);
    this._status(differs ? "Changed: Save to keep it." : "", "pending");
  }

  _syncEnabled() {
    this.el.stops.disabled = !this.el.autoPass.checked;
  }

  /** The preferences the form says now. */
  read() {
    return {auto_pass: this.el.autoPass.checked, stops: checkedStops(this.el.stopList), auto_same: this.el.autoSame.checked,
            auto_pay: this.el.autoPay.checked, auto_order: this.el.autoOrder.checked};
  }

  summary(p) {
    if (!p) return "";
    const stops = p.stops || [];
    return `Saved: auto-pass ${p.auto_pass ? `on, ${stops.length} stop${stops.length === 1 ? "" : "s"}` : "off"}; `
      + `auto-same ${p.auto_same ? "on" : "off"}; auto-pay ${p.auto_pay === false ? "off" : "on"}; `
      + `auto-order ${p.auto_order === false ? "off" : "on"}.`;
  }

  async openDialog() {
    await this.ready;
    if (this.saved) this._fill(this.saved);
    this._status("");
    if (!this.el.dialog.open) this.el.dialog.showModal();
    this.el.autoPass.focus();
  }

  async save() {
    const p = this.read();
    this.waiting = p;
    this._status("Saving…", "pending");
    try {
      await this.send(p);
    } catch (e) {
      this.failed(e);
    }
  }

  /** A refused `prefs` message: say why in the dialog (nothing was changed). */
  failed(e) {
    this.waiting = null;
    this._status(`Not saved: ${(e && e.message) || "the server refused these preferences"}`, "bad");
  }

  /** kind: "" (done), "pending" (not saved yet) or "bad" (refused). */
  _status(text, kind = "") {
    this.el.status.textContent = text;
    this.el.status.classList.toggle("bad", kind === "bad");
    this.el.status.classList.toggle("pending", kind === "pending");
  }

  /** Every state frame of this seat: what is saved, and what the table answered. */
  update(state) {
    const p = state.prefs || null;
    const changed = !same(p, this.saved);
    this.saved = p;
    this.fair = !!(state.settings && state.settings.fair_windows);
    this.el.fairNote.hidden = !this.fair;
    this.el.saved.textContent = this.summary(p);
    this.el.open.title = `Preferences — ${this.summary(p) || "what the table answers for you"}`;
    if (this.waiting && same(this.waiting, p)) {
      this.waiting = null;
      this._status("Saved.");
      this._fill(p);
    } else if (changed && p && !this.waiting) {
      this._fill(p);
    }
    if (state.over) this.el.open.hidden = true;
    this._notes(state.auto_notes || []);
  }

  _notes(notes) {
    const box = this.el.notes;
    clear(box);
    if (notes.length) {
      box.appendChild(h("div.auto-head", "Answered for you"));
      for (const n of notes.slice(-SHOWN_NOTES)) box.appendChild(h("div.note.auto", String(n)));
    }
    box.hidden = !notes.length;
    const list = this.el.answered;
    clear(list);
    for (const n of notes) list.appendChild(h("li", String(n)));
    if (!notes.length) list.appendChild(h("li.dim", "Nothing yet."));
  }
}
