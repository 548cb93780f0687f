// The metazoo view as the server sends it. Generated from docs/schema/metazoo-view.schema.json
// by `python -m metatcg.ui.schema`: do not edit.

/** An Aura card in an Aura zone or enhancing a lane. */
export interface MetazooAuraView {
  /** a card instance id, e.g. 'c12' (fixed for the game) */
  id: string;
  name: string;
  type: "air" | "earth" | "fire" | "lightning" | "water";
  tapped: boolean;
}

/** A card a player may see: its instance id and name (the card's text is in the card pool). */
export interface MetazooCardRef {
  /** a card instance id, e.g. 'c12' (fixed for the game) */
  id: string;
  name: string;
}

export interface MetazooCasterView {
  /** a card instance id, e.g. 'c12' (fixed for the game) */
  id: string;
  name: string;
  state: "caster_zone" | "lane" | "face_down";
  tapped: boolean;
  /** the lane it is in (state 'lane'), else None */
  lane: number | null;
}

/** Who decides now and what kind of choice it is. */
export interface MetazooDeciding {
  /** None for a response window seen by a seat not asked (PR-K-9) */
  player: number | null;
  kind: "priority" | "starter" | "action" | "pay" | "enhance_with" | "swap" | "temp_return" | "aura_op" | "may" | "target" | "lane" | "move_to" | "order" | "discard" | "discover" | "bottom" | "search" | "recover" | "sacrifice" | "destroy" | "overflow" | "replace_order" | "instead" | "__order_triggers";
  prompt: string;
}

/** A card in the viewer's hand and what playing it would cost now. */
export interface MetazooHandCard {
  /** a card instance id, e.g. 'c12' (fixed for the game) */
  id: string;
  name: string;
  /** the cost to pay now, cost changes included (a unit or Terra: in its cheapest lane; a Strategy: not confined to a lane), as play options read it */
  cost: number;
  /** the printed cost */
  base_cost: number;
}

/** One reason a unit's Influence differs from its printed Influence. */
export interface MetazooInfluenceSource {
  /** the card whose effect it is ('an effect' when unknown) */
  name: string;
  /** the unit's own ability */
  own: boolean;
  /** what it adds (negative: takes away) */
  amount: number;
}

export interface MetazooLaneView {
  /** a lane, 1 to 4 */
  lane: number;
  /** None: the lane is razed */
  terra: MetazooTerraRef | null;
  resolved: boolean;
  /** P1's side then P2's */
  sides: MetazooSideView[];
}

/** The outcome of the last mission worked out. */
export interface MetazooLastMission {
  /** a lane, 1 to 4 */
  lane: number;
  /** P1's and P2's totals */
  influence: number[];
  /** None: a tie */
  winner: number | null;
  /** MP awarded to the winner */
  mp: number;
}

/** One option of the viewer's decision: send ``id`` back to take it. */
export interface MetazooLegalAction {
  id: string;
  label: string;
}

/** One player's side of the table as the viewer may know it. */
export interface MetazooPlayerView {
  /** 0 = P1, 1 = P2 */
  player: number;
  /** Mission Points (30 to win, MZL-WIN-2) */
  mp: number;
  /** the round's Priority player (False for both before it is chosen) */
  priority: boolean;
  caster: MetazooCasterView;
  aura_zone: MetazooAuraView[];
  /** Aura in play: the Aura zone plus this player's Aura in lanes (at most 10) */
  aura_total: number;
  aura_deck_count: number;
  /** allied Aura set aside outside the game */
  allied_supply_count: number;
  /** primary Aura outside the game (traded away) */
  primary_outside_count: number;
  /** temporary Aura to put back at the end of the round */
  temporary_aura_owed: number;
  hand_count: number;
  /** the hand, for its owner only (None for the opponent) */
  hand: MetazooHandCard[] | null;
  /** the opponent's cards both players saw go to hand (None in the owner's own view) */
  revealed_in_hand: MetazooCardRef[] | null;
  deck_count: number;
  /** cards being looked at (Discover): the cards for their owner, a count for the opponent */
  looking_at: MetazooCardRef[] | number;
  /** the discard pile, bottom first */
  discard: MetazooCardRef[];
  /** Starter Terras not placed yet: the cards for their owner, a count for the opponent */
  starters_aside: MetazooCardRef[] | number;
}

export interface MetazooResult {
  /** +1 win, -1 loss, 0 draw, one per seat */
  returns: number[];
  reason: string;
}

/** One player's side of a lane. */
export interface MetazooSideView {
  /** 0 = P1, 1 = P2 */
  player: number;
  /** in the order they entered */
  units: MetazooUnitView[];
  /** Aura enhancing this side (MZL-ENHANCE) */
  aura: MetazooAuraView[];
  /** the side's mission total if a mission were worked out now */
  influence: number;
  /** what its enhancing Aura add to that total (+1 per untapped one while a friendly creature is here, MZL-ENHANCE-6/8) */
  aura_bonus: number;
  has_creature: boolean;
  /** a creature of the side has Soar (MZL-KW-SOAR-3) */
  soar: boolean;
  /** instances of Destruction the side would bring (MZL-ENHANCE-7/13) */
  destruction: number;
  /** units plus enhancing Aura (MZL-LANE-7/8) */
  slots_used: number;
  /** the side's current lane size limit */
  limit: number;
}

/** The Terra of a lane and the player it belongs to. */
export interface MetazooTerraRef {
  /** a card instance id, e.g. 'c12' (fixed for the game) */
  id: string;
  name: string;
  /** 0 = P1, 1 = P2 */
  owner: number;
}

/** A unit in a lane (public). */
export interface MetazooUnitView {
  /** a card instance id, e.g. 'c12' (fixed for the game) */
  id: string;
  name: string;
  type: "creature" | "equipment" | "caster" | "token creature" | "token equipment";
  /** current Influence, give/gain and "has" effects included (MZL-ERRATA-INFL-2) */
  influence: number;
  base_influence: number;
  /** why influence differs from base_influence: give/gain effects then "has" effects */
  influence_sources: MetazooInfluenceSource[];
  /** damage on it this round (MZL-DAMAGE) */
  damage: number;
  tapped: boolean;
  /** keywords it has now (own, given or "has"), in the order of data.KEYWORDS; Destruction once per instance */
  keywords: ("soar" | "destruction" | "enhance" | "cannot_be_shattered" | "cannot_be_damaged" | "cannot_be_tapped" | "cannot_be_moved" | "cannot_be_returned" | "cannot_be_dueled" | "cannot_be_targeted")[];
  /** Gigantic (X): slots it takes beyond its own (MZL-ERRATA-GIGANTIC) */
  gigantic: number;
}

/** Everything one player may know of a MetaZoo (four-lane) game at one moment. */
export interface MetazooView {
  game: "metazoo";
  /** the seat this view is for */
  you: number;
  seats: 2;
  /** 0 during setup */
  round: number;
  /** where the round is (MZL-ROUND); 'ready' after setup, before round 1 */
  phase: "setup" | "ready" | "draw" | "aura" | "action" | "end" | "over";
  /** the round's Priority player (None before it is chosen) */
  priority_player: number | null;
  /** 0 = P1, 1 = P2 */
  active_player: number;
  /** the lane whose mission is being worked out, if any */
  mission_lane: number | null;
  last_mission: MetazooLastMission | null;
  /** lanes 1 to 4 */
  lanes: MetazooLaneView[];
  /** P1 then P2 */
  players: MetazooPlayerView[];
  /** Strategies resolving and cards whose cost is being paid */
  resolving: MetazooCardRef[];
  /** None once the game is over */
  deciding: MetazooDeciding | null;
  /** the viewer's options (empty when someone else decides) */
  legal_actions: MetazooLegalAction[];
  result: MetazooResult | null;
  /** the game log as this player may read it (empty in quiet mode) */
  log: string[];
}
