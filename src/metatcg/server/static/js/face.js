// Card faces of our own: a card's numbers as small icons (cost, attack, defense, META,
// Influence, LP, Damage, MP, and MetaX's three Stats), drawn as inline SVG, so a tile reads at
// a glance. The words stay as each icon's title and accessible text.

const NS = "http://www.w3.org/2000/svg";
const PATHS = {
  cost: "M8 1.5a6.5 6.5 0 1 0 0 13a6.5 6.5 0 1 0 0-13zm0 2.5a4 4 0 1 1 0 8a4 4 0 1 1 0-8z",
  atk: "M12.5 1.5L14.5 3.5L6.5 11.5L4.5 9.5ZM2.5 9.5L3.5 8.5L7.5 12.5L6.5 13.5ZM2 12.5L3.5 14L1.8 15.2L0.8 14.2Z",
  def: "M8 1L14 3V8C14 12 8 15 8 15C8 15 2 12 2 8V3Z",
  meta: "M8 1L14 4.5V11.5L8 15L2 11.5V4.5Z",
  infl: "M8 1L10 6L15 6L11 9.5L12.5 15L8 11.8L3.5 15L5 9.5L1 6L6 6Z",
  lp: "M8 14C2 9.5 1 7 1 5C1 3 2.5 1.5 4.5 1.5C6 1.5 7.3 2.4 8 3.6C8.7 2.4 10 1.5 11.5 1.5C13.5 1.5 15 3 15 5C15 7 14 9.5 8 14Z",
  dmg: "M8 0L9.8 5L15 4L11 8L15 12L9.8 11L8 16L6.2 11L1 12L5 8L1 4L6.2 5Z",
  mp: "M8 1L14 8L8 15L2 8Z",
};
const WORDS = {cost: "cost", atk: "Attack", def: "Defense", meta: "META", infl: "Influence", lp: "Life Points",
  dmg: "Damage", mp: "Meta Points", str: "Strength", int: "Intelligence", spe: "Special", multi: "Stats"};

// token patterns in a tile's numbers line, in the order tried
/** @type {Array<[RegExp, string]>} */
const TOKENS = [
  [/\b((?:STR|INT|SPE)(?:\/(?:STR|INT|SPE))+)\s+(\d+)/y, "multi"],
  [/\b(ATK)\s+(\d+)/y, "atk"], [/\b(DEF)\s+(\d+)/y, "def"], [/\b(META)\s+(\d+)/y, "meta"],
  [/\b(STR)\s+(\d+)/y, "str"], [/\b(INT)\s+(\d+)/y, "int"], [/\b(SPE)\s+(\d+)/y, "spe"],
  [/\b(Influence)\s+(\d+)/y, "infl"], [/\b([Cc]ost)\s+(\d+)/y, "cost"], [/\b(C)(\d+)\b/y, "cost"],
  [/\b(LP)\s+(\d+(?:\/\d+)?)/y, "lp"], [/()(\d+)\s+Damage\b/y, "dmg"], [/()([+-]\d+)\s+MP\b/y, "mp"],
];

function icon(kind) {
  if (!PATHS[kind]) {
    const s = document.createElement("span");
    s.className = "st-letter";
    s.textContent = kind.toUpperCase();
    return s;
  }
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("viewBox", "0 0 16 16");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("class", "st-icon");
  const p = document.createElementNS(NS, "path");
  p.setAttribute("d", PATHS[kind]);
  p.setAttribute("fill-rule", "evenodd");
  svg.appendChild(p);
  return svg;
}

/** The numbers line `text` as nodes: known numbers become icon chips, other words stay text. */
export function numbersLine(text) {
  const out = [];
  let plain = "";
  const s = String(text);
  let i = 0;
  while (i < s.length) {
    let hit = null;
    if (i === 0 || /[^A-Za-z0-9]/.test(s[i - 1])) {
      for (const [re, kind] of TOKENS) {
        re.lastIndex = i;
        const m = re.exec(s);
        if (m) { hit = {m, kind}; break; }
      }
    }
    if (!hit) { plain += s[i]; i++; continue; }
    if (plain.replace(/[\s·|,]/g, "")) out.push(document.createTextNode(plain.replace(/^\s*·\s*|\s*·\s*$/g, " ")));
    plain = "";
    const chip = document.createElement("span");
    chip.className = `st st-${hit.kind}`;
    chip.title = `${WORDS[hit.kind]} ${hit.m[2]}`;
    if (hit.kind === "multi") {       // a Battle Card of several Stats: one letter each
      chip.title = `${hit.m[1]} ${hit.m[2]}`;
      for (const k of hit.m[1].toLowerCase().split("/")) {
        const one = document.createElement("span");
        one.className = `st-${k}`;
        one.appendChild(icon(k));
        chip.appendChild(one);
      }
    } else chip.appendChild(icon(hit.kind));
    const v = document.createElement("span");
    v.className = "st-v";
    v.textContent = hit.m[2];
    chip.appendChild(v);
    const sr = document.createElement("span");
    sr.className = "sr-only";
    sr.textContent = ` ${WORDS[hit.kind]}`;
    chip.appendChild(sr);
    out.push(chip);
    i += hit.m[0].length;
  }
  if (plain.replace(/[\s·|,]/g, "")) out.push(document.createTextNode(plain.replace(/^\s*·\s*/, " ")));
  return out;
}
