// Tiny DOM helpers shared by every page (no framework, no build step).

/**
 * h("div.card.p0#x", {data: {cardId: "c1"}, onclick: fn, title: "…"}, child, [children], "text")
 * Children may be strings, numbers, nodes, arrays or null/undefined/false (skipped).
 * Text is always set as text (never HTML).
 * @param {string} spec
 * @param {any} [attrs]
 * @param {...any} kids
 * @returns {any} the element (any: callers set the properties of the tag they asked for)
 */
export function h(spec, attrs, ...kids) {
  const m = /^([a-z0-9-]+)?((?:[.#][\w-]+)*)$/i.exec(spec) || [null, "div", ""];
  const el = document.createElement(m[1] || "div");
  for (const part of (m[2] || "").match(/[.#][\w-]+/g) || []) {
    if (part[0] === ".") el.classList.add(part.slice(1));
    else el.id = part.slice(1);
  }
  if (attrs && (typeof attrs !== "object" || attrs instanceof Node || Array.isArray(attrs))) {
    kids.unshift(attrs);
    attrs = null;
  }
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "data") for (const [dk, dv] of Object.entries(v)) { if (dv !== null && dv !== undefined) el.dataset[dk] = dv; }
    else if (k === "class") el.className += (el.className ? " " : "") + (Array.isArray(v) ? v.filter(Boolean).join(" ") : v);
    else if (k === "style" && typeof v === "object") Object.assign(el.style, v);
    else if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
    else if (k === "text") el.textContent = v;
    else if (v === true) el.setAttribute(k, "");
    else el.setAttribute(k, v);
  }
  append(el, kids);
  return el;
}

export function append(el, kids) {
  for (const k of kids) {
    if (k === null || k === undefined || k === false || k === "") continue;
    if (Array.isArray(k)) append(el, k);
    else if (k instanceof Node) el.appendChild(k);
    else el.appendChild(document.createTextNode(String(k)));
  }
  return el;
}

export function clear(el) {
  while (el.firstChild) el.removeChild(el.firstChild);
  return el;
}

export const $ = (sel, root = document) => root.querySelector(sel);
export const $$ = (sel, root = document) => Array.from(root.querySelectorAll(sel));

/** "P1".."Pn" for seat index q. */
export const seatName = (q) => (q === null || q === undefined ? "?" : `P${Number(q) + 1}`);

/** Escape a string for use inside a RegExp. */
export const reEscape = (s) => String(s).replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Does action id `aid` involve the reference `ref` (a card id like c12, lane1, k3, P2)? */
export function mentions(aid, ref) {
  if (!ref) return false;
  return new RegExp(`(^|[^A-Za-z0-9_])${reEscape(ref)}(?![A-Za-z0-9_])`).test(aid);
}

let toastBox = null;
/** A dismissible message at the top right (errors, notes). */
export function toast(msg, kind = "error", ms = 7000) {
  if (!toastBox) {
    toastBox = document.getElementById("toasts") || document.body.appendChild(h("div#toasts"));
  }
  const t = h("div.toast", {class: kind, role: kind === "error" ? "alert" : "status"},
    h("span.toast-msg", msg),
    h("button.toast-x", {type: "button", "aria-label": "Dismiss", onclick: () => t.remove()}, "×"));
  toastBox.appendChild(t);
  if (ms) setTimeout(() => t.remove(), ms);
  while (toastBox.children.length > 4) toastBox.firstChild.remove();
  return t;
}

/** Copy text to the clipboard (falls back to a selection for plain http pages). */
export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch (e) {
    const ta = h("textarea", {style: {position: "fixed", left: "-1000px"}});
    ta.value = text;
    document.body.appendChild(ta);
    ta.select();
    let ok = false;
    try { ok = document.execCommand("copy"); } catch (e2) { ok = false; }
    ta.remove();
    return ok;
  }
}

export function plural(n, word, many) {
  return `${n} ${n === 1 ? word : (many || word + "s")}`;
}
