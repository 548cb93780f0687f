// Fallback layout for a game without its own module: walks the view JSON.
// Lists of objects with "id"/"name" become card rows, numbers become counters, objects become
// titled boxes; per-player lists ("players", "casters", "seats") become one panel per seat.

const SKIP = new Set(["legal_actions", "log", "game", "you", "seats", "deciding", "result"]);
const PER_SEAT = ["players", "casters"];

const isCard = (x) => x && typeof x === "object" && !Array.isArray(x) && typeof x.id === "string" && "name" in x;
const words = (k) => String(k).replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());

export function header(state, ctx) {
  const v = state.view || {};
  const bits = [];
  for (const k of ["turn", "round"]) if (typeof v[k] === "number" && v[k]) bits.push(`${words(k)} ${v[k]}`);
  for (const k of ["phase", "step"]) if (typeof v[k] === "string") bits.push(ctx.phase(v[k]));
  return bits.join(" · ");
}

export function render(state, ctx) {
  const {h} = ctx;
  const v = state.view || {};
  const root = h("div.generic");
  const loose = h("div.counters");
  for (const [k, val] of Object.entries(v)) {
    if (SKIP.has(k)) continue;
    if (PER_SEAT.includes(k) && Array.isArray(val)) {
      const order = ctx.order(val.length);
      root.appendChild(h("div.seats-grid", {class: `n${val.length}`},
        order.map((q) => h("div.panel.seat-panel", {class: [ctx.pcls(q), q === ctx.me ? "mine" : ""], data: {seat: q}},
          h("div.panel-head", h("b", ctx.seatLabel(q))), walk(ctx, val[q], q, 0)))));
      continue;
    }
    const node = walk(ctx, val, null, 0, k);
    if (node && node.classList.contains("counter")) loose.appendChild(node);
    else if (node) root.appendChild(h("div.panel", h("div.panel-head", words(k)), node));
  }
  if (loose.childNodes.length) root.prepend(loose);
  return root;
}

function walk(ctx, val, owner, depth, key) {
  const {h} = ctx;
  if (val === null || val === undefined) return key ? ctx.counter(words(key), "–") : null;
  if (typeof val === "number" || typeof val === "string" || typeof val === "boolean") {
    return ctx.counter(words(key || ""), typeof val === "boolean" ? (val ? "yes" : "no") : val);
  }
  if (isCard(val)) return ctx.card(val, {owner: val.owner ?? val.controller ?? owner, badges: extras(val)});
  if (Array.isArray(val)) {
    if (!val.length) return ctx.zone(words(key || ""), [], {});
    if (val.every((x) => isCard(x) || x === null)) {
      return ctx.zone(words(key || ""), val.filter(Boolean), {owner, each: (c) => ({owner: c.owner ?? c.controller ?? owner, badges: extras(c)})});
    }
    if (val.every((x) => Array.isArray(x))) {
      return h("div.sub", h("div.sub-title", words(key || "")),
        h("div.row", val.map((x, i) => walk(ctx, x, owner, depth + 1, `${words(key || "")} ${i + 1}`))));
    }
    if (val.every((x) => typeof x !== "object" || x === null)) return ctx.counter(words(key || ""), val.join(", "));
    return h("div.sub", h("div.sub-title", words(key || "")), val.map((x, i) => walk(ctx, x, owner, depth + 1, `${i + 1}`)));
  }
  // an object
  const box = h("div.sub", key ? h("div.sub-title", words(key)) : null);
  const counters = h("div.counters");
  for (const [k, x] of Object.entries(val)) {
    const n = walk(ctx, x, owner, depth + 1, k);
    if (!n) continue;
    if (n.classList.contains("counter")) counters.appendChild(n); else box.appendChild(n);
  }
  if (counters.childNodes.length) box.insertBefore(counters, box.children[key ? 1 : 0] || null);
  return box;
}

function extras(c) {
  const out = [];
  for (const [k, x] of Object.entries(c)) {
    if (["id", "name", "owner", "controller"].includes(k)) continue;
    if (typeof x === "number") out.push(`${k} ${x}`);
    else if (x === true) out.push(k);
  }
  return out;
}
