// The metazoo-2022 view as the server sends it. Generated from docs/schema/metazoo-2022-view.schema.json
// by `python -m metatcg.ui.schema`: do not edit.

/** One Caster's public declaration and the keys derived for them this turn (MZ22-TERRA-13). */
export interface Metazoo2022CasterSurroundingsView {
  keys: string[];
  items: string[];
  /** personal conditions (MZ22-WALL-4) */
  self: string[];
  /** clock, sky and weather keys of this turn (MZ22-TERRA-10..12) */
  derived: string[];
}

/** One Caster's LP, Indicators, zones and Aura as the viewer may know them (MZ22-ZONE-11). */
export interface Metazoo2022CasterView {
  /** 0 = P1 ... 3 = P4 */
  seat: number;
  /** starts at 1000 (MZ22-SETUP-1) */
  lp: number;
  damage: number;
  lp_loss: number;
  /** eliminated (MZ22-WIN) */
  out: boolean;
  /** Burn / Poison in front of the Caster */
  statuses: Metazoo2022IndicatorView[];
  spellbook_count: number;
  chapter_count: number;
  /** the Chapter, for its owner only (None for others) */
  chapter: Metazoo2022PageView[] | null;
  /** Pages of that Chapter every Caster saw */
  chapter_seen: Metazoo2022PageView[];
  limbo: Metazoo2022PageView[];
  cemetery: Metazoo2022PageView[];
  afterlife: Metazoo2022PageView[];
  /** unspent Aura by type */
  aura: Record<string, number>;
  /** an Aura Page Contracted this turn (MZ22-TURN-6) */
  aura_contracted: boolean;
  mulligans: number;
  /** the Archive's size: public, its Pages hidden (MZ22-ARCH-3/7) */
  archive_count: number;
}

/** An item of the resolution chain (MZ22-CHAIN); the list is bottom first (last resolves first). */
export interface Metazoo2022ChainItemView {
  id: string;
  kind: "contract" | "effect" | "copy";
  page: Metazoo2022PageView;
  /** its controller */
  seat: number;
  /** the index of the Page's Effect */
  effect: number;
  /** one list of chosen entities per target slot */
  targets: string[][];
}

/** The Combat in progress (MZ22-COMBAT). */
export interface Metazoo2022CombatView {
  id: number;
  /** the attacking Caster */
  seat: number;
  /** a Page instance id, e.g. 'c12' (fixed for the game) */
  attacker: string;
  target: string | null;
  /** the Attack's index (-1 not chosen yet) */
  attack: number;
  /** declared Defenders in order */
  defenders: string[];
  /** the primary Defender (None not chosen yet) */
  primary: string | null;
  /** the primary Defender's Attack index (-1 none) */
  counter: number;
  /** the Attack and the Damage it deals now, each modifier named: 'Antler Hop (40 +20 Tribal Boost = 60)' */
  damage?: string | null;
  /** the primary Defender's answering Attack and its Damage now, as ``damage`` */
  counter_damage?: string | null;
}

/** Who decides now and what kind of choice it is. */
export interface Metazoo2022Deciding {
  /** None for a response window seen by a seat not asked (PR-K-9) */
  player: number | null;
  kind: "call" | "go_first" | "mulligan" | "main" | "target" | "pay" | "attack_target" | "attack_choice" | "defenders" | "primary" | "counter" | "allocate" | "index_foe" | "restack" | "burrow" | "trait_target" | "trap_pay" | "trap_place" | "may" | "choose" | "search" | "discard" | "aura" | "order" | "__respond" | "__order_triggers";
  prompt: string;
}

/** A Status Effect Indicator (MZ22-STATUS-16). */
export interface Metazoo2022IndicatorView {
  status: "frozen" | "burn" | "poison" | "paralyze" | "sleep" | "scared" | "confusion";
  counters: number;
  /** the turn it was placed */
  turn: number;
}

/** One option of the viewer's decision: send ``id`` back to take it. */
export interface Metazoo2022LegalAction {
  id: string;
  label: string;
}

/** A Page the viewer may see. Pages in the Arena or a Terra slot also show their state; Beasties and Artifacts there their LP (MZ22-LP-6). */
export interface Metazoo2022PageView {
  /** a Page instance id, e.g. 'c12' (fixed for the game) */
  id: string;
  name: string;
  type: "aura" | "beastie" | "spell" | "potion" | "artifact" | "terra";
  /** 0 = P1 ... 3 = P4 */
  owner: number;
  token: boolean;
  /** in the Arena or a Terra slot only */
  controller?: number | null;
  /** in the Arena or a Terra slot only */
  fatigued?: boolean | null;
  /** in the Arena only */
  statuses?: Metazoo2022IndicatorView[] | null;
  /** its Traits, granted ones included, in the Arena when it has any (MZ22-TRAIT-1); Regen may repeat */
  traits?: string[] | null;
  /** Trait indicators, not Status Effects (MZ22-TRAIT-2): burrowed = turn, flash = the turn it ends (0: not begun), defender = LP gained */
  marks?: Record<string, number> | null;
  /** current Aura Types, in the Arena only ('special': a Special Aura Page, which belongs to no other type, MZ22-AURA-5) */
  types?: ((("water" | "flame" | "forest" | "frost" | "lightning" | "earth" | "cosmic" | "dark" | "light" | "spirit" | "neutral") | "special")[]) | null;
  /** current LP (Beasties and Artifacts in the Arena) */
  lp?: number | null;
  max_lp?: number | null;
  damage?: number | null;
  lp_loss?: number | null;
}

/** A declared place: Terra Bonus place keys and 4th Wall items (MZ22-TERRA-8, MZ22-WALL-9). */
export interface Metazoo2022ProfileView {
  keys: string[];
  items: string[];
}

export interface Metazoo2022Result {
  /** one per seat */
  returns: number[];
  reason: string;
}

/** The surroundings mode and every declaration, all public (MZ22-TERRA-9, MZ22-WALL-9). */
export interface Metazoo2022SurroundingsView {
  mode: "shared" | "per_caster" | "terra_only";
  moment: string | null;
  place: number[] | null;
  shared: Metazoo2022ProfileView | null;
  casters: Metazoo2022CasterSurroundingsView[];
}

/** A response window in progress: its name and the Caster asked now (priority). */
export interface Metazoo2022WindowView {
  name: "start" | "end" | "chain" | "combat1" | "combat2";
  /** the Caster asked, shown only to that Caster (PR-K-9) */
  seat: number | null;
}

/** Everything one Caster may know of a MetaZoo 2022 game at one moment. */
export interface Metazoo2022View {
  /** the seat this view is for */
  you: number;
  seats: number;
  /** 0 during set-up */
  turn: number;
  /** 0 = P1 ... 3 = P4 */
  active: number;
  /** 0 = P1 ... 3 = P4 */
  first: number;
  game: "metazoo-2022";
  step: "setup" | "mulligan" | "start_a" | "start_b" | "bookmark" | "awaken" | "dissolve" | "actions" | "end_a" | "end_b" | "end_c";
  /** Pages in the Arena, in arrival order */
  arena: Metazoo2022PageView[];
  /** the Terra slots in order (None = empty) */
  terra: (Metazoo2022PageView | null)[];
  /** the slot the next Terra goes to (MZ22-TSLOT-14) */
  rotation: number;
  /** the resolution chain, bottom first */
  chain: Metazoo2022ChainItemView[];
  combat: Metazoo2022CombatView | null;
  /** P1, P2, ... in seat order */
  casters: Metazoo2022CasterView[];
  /** the response window open now, if any */
  window: Metazoo2022WindowView | null;
  /** who holds priority (Take Actions, or a window to the seat asked only), if anyone */
  priority: number | null;
  surroundings: Metazoo2022SurroundingsView;
  /** face-down Traps (hidden from others: id, controller, under only), Equipment and Pages under another Page (MZ22-TRAP-22, MZ22-PLACE-17) */
  beneath: Record<string, unknown>[];
  /** None once the game is over */
  deciding: Metazoo2022Deciding | null;
  /** the viewer's options (empty when someone else decides) */
  legal_actions: Metazoo2022LegalAction[];
  result: Metazoo2022Result | null;
  /** the game log as this player may read it (empty in quiet mode) */
  log: string[];
}
