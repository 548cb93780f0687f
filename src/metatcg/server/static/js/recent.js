// What just happened: the last move of each other seat (from the log), and the log itself,
// which folds repeated lines and can be filtered by seat.

import {h, clear, seatName} from "/static/js/dom.js";

// lines that only say a turn went on: a seat's move is the last line that does something
const ROUTINE = /^P\d+:? (draws|ends|Bookmarks|Preps|declares no more|passes|pays|taps|keeps|gains|shuffles|MP \d|discards .* to pay)/;

/**
 * {seat: line}: for each seat but `me`, the last line of `lines` that starts with its name
 * ("P2 attacks …"), preferring one that is not routine (drawing, paying, ending a step).
 */
export function lastMoves(lines, n, me) {
  const out = {};
  const plain = {};
  let turns = 0;              // turn and round headers seen, so a move is known to be from an older turn
  for (const raw of lines) {
    const line = String(raw);
    if (/^[—–-]{1,2} /.test(line)) turns++;
    const m = /^P(\d+)(?:'s|:)? /.exec(line);
    if (!m) continue;
    const q = Number(m[1]) - 1;
    if (q < 0 || q >= n || q === me) continue;
    if (/^P\d+: /.test(line)) continue;          // a step begins ("P3: Move Cards"): nobody moved
    if (ROUTINE.test(line)) plain[q] = {line, routine: true, turns};
    else out[q] = {line, routine: false, turns};
  }
  for (const [q, m] of Object.entries(plain)) if (!(q in out)) out[q] = m;
  return out;
}

/** Merge the moves of new log lines into `last` ({seat: {line, routine}}): a routine line ("P2 draws
 *  a card") does not hide a real move of the same turn that an earlier update told. */
export function mergeMoves(last, found) {
  for (const [q, m] of Object.entries(found)) {
    const old = last[q];
    if (old && !old.routine && m.routine && !m.turns) continue;
    last[q] = {line: m.line, routine: m.routine};
  }
  return last;
}

/** The seats a log line names ("P1 P3"), for the filter. */
function seatsOf(line, n, me) {
  const out = [];
  for (let q = 0; q < n; q++) if (new RegExp(`(^|[^A-Za-z0-9])${seatName(q)}(?![0-9])`).test(line)) out.push(seatName(q));
  if (/^(You|Your) /.test(line) && me !== null && me !== undefined) out.push(seatName(me));
  return out.join(" ");
}

export class LogView {
  constructor(box, filter, toggle) {
    this.box = box;
    this.filter = filter;
    this.toggle = toggle;
    this.lines = [];
    this.stick = true;
    this.head = null;          // the first element of the run of equal lines at the end
    this.seats = 0;
    if (box) box.addEventListener("scroll", () => { this.stick = box.scrollHeight - box.scrollTop - box.clientHeight < 40; });
    if (filter) filter.addEventListener("change", () => { box.dataset.filter = filter.value; this.follow(); });
  }

  follow() {
    if (this.box && this.stick) this.box.scrollTop = this.box.scrollHeight;
  }

  _filterChoices(n) {
    if (!this.filter || this.seats === n) return;
    this.seats = n;
    const keep = this.filter.value;
    clear(this.filter).appendChild(h("option", {value: ""}, "All seats"));
    for (let q = 0; q < n; q++) this.filter.appendChild(h("option", {value: seatName(q)}, `${seatName(q)} only`));
    this.filter.value = keep;
  }

  /** Show `lines` (the whole log so far); each line stays one .log-line with its exact text. */
  show(lines, n, me) {
    const box = this.box;
    if (!box) return;
    this._filterChoices(n);
    const old = this.lines;
    let same = old.length <= lines.length;
    for (let i = 0; same && i < old.length; i++) if (old[i] !== lines[i]) same = false;
    if (!same) { clear(box); this.lines = []; this.head = null; }
    const frag = document.createDocumentFragment();
    for (let i = this.lines.length; i < lines.length; i++) {
      const line = String(lines[i]);
      const el = h("div.log-line", {class: /^[—–-]{1,2} /.test(line) ? "sep" : "", data: {seats: seatsOf(line, n, me)}}, line);
      if (this.head && i > 0 && String(lines[i - 1]) === line) {
        el.classList.add("rep");                    // folded into the first of the run: "×3"
        this.head.dataset.times = `×${Number((this.head.dataset.times || "×1").slice(1)) + 1}`;
      } else this.head = el;
      frag.appendChild(el);
    }
    box.appendChild(frag);
    this.lines = lines.slice();
    if (this.toggle) this.toggle.textContent = `Log (${lines.length})`;
    if (this.stick || !same || old.length === 0) box.scrollTop = box.scrollHeight;
  }
}
