// The metax view as the server sends it. Generated from docs/schema/metax-view.schema.json
// by `python -m metatcg.ui.schema`: do not edit.

/** A declared attack in the Battle Zone (MX-ATK, MX-DEF, MX-TEAM). */
export interface MetaxAttackView {
  /** the attacking Character */
  lead: string;
  battle_card: MetaxCardRef;
  /** Characters Linked to a Team Attack */
  links: string[];
  /** the Stat named for a Team Attack, if any (MX-MULTI-6) */
  named_stat: ("strength" | "intelligence" | "special") | null;
  defender: string | null;
  defender_card: MetaxCardRef | null;
  resolved: boolean;
}

/** A card a player may see: its instance id and name (the card's text is in the card pool). */
export interface MetaxCardRef {
  /** a card instance id, e.g. 'c12' (fixed for the game) */
  id: string;
  name: string;
}

/** A Character in play (public). */
export interface MetaxCharacterView {
  /** a card instance id, e.g. 'c12' (fixed for the game) */
  id: string;
  name: string;
  /** Pushed (True) or Prepped (False) */
  pushed: boolean;
  /** the turn it came into play (same-turn limits, MX-ATK-5) */
  entered_turn: number;
  in_battle_zone: boolean;
  /** current Ranks, modifiers and auras included, in printed order */
  stats: Record<string, number>;
  /** keywords it has now (printed or given), sorted */
  keywords: ("quick" | "elusive" | "sentinel")[];
  /** Battle Cards attached as Damage, oldest first */
  damage: MetaxCardRef[];
}

/** Who decides now and what kind of choice it is. */
export interface MetaxDeciding {
  /** None for a response window seen by a seat not asked (PR-K-9) */
  player: number | null;
  kind: "mulligan" | "bottom" | "planning" | "declare" | "link" | "defend" | "defend_card" | "resolve_order" | "target" | "damage_card" | "search" | "recover" | "put_into_play" | "discard" | "may" | "__order_triggers";
  prompt: string;
}

/** One option of the viewer's decision: send ``id`` back to take it. */
export interface MetaxLegalAction {
  id: string;
  label: string;
}

/** One player's side as the viewer may know it (MX-ZONE-12). */
export interface MetaxPlayerView {
  /** 0 = P1, 1 = P2 */
  player: number;
  /** Meta Points (MX-MP-3/4) */
  mp: number;
  /** Victory Points: the size of the face-down VP pile */
  vp: number;
  deck_count: number;
  hand_count: number;
  /** the hand, for its owner only (None for the opponent) */
  hand: MetaxCardRef[] | null;
  /** cards of that hand both players saw go there */
  known_in_hand: MetaxCardRef[];
  /** the discard pile, bottom first (last = top, MX-ZONE-14) */
  discard: MetaxCardRef[];
  /** Characters in play, in order played */
  characters: MetaxCharacterView[];
  /** whether the player took a mulligan (None: not decided yet) */
  mulligan: boolean | null;
}

export interface MetaxResult {
  /** +1 win, -1 loss, 0 draw, one per seat */
  returns: number[];
  reason: string;
}

/** Everything one player may know of a MetaX game at one moment. */
export interface MetaxView {
  game: "metax";
  /** the seat this view is for */
  you: number;
  seats: 2;
  /** 0 during setup and mulligans */
  turn: number;
  /** 0 = P1, 1 = P2 */
  active_player: number;
  /** 0 = P1, 1 = P2 */
  first_player: number;
  /** where the turn is (MX-TURN) */
  step: "setup" | "mulligan" | "prep" | "planning" | "battle" | "defense" | "damage" | "end";
  /** a Character was played from hand this turn (MX-PLAN-2) */
  played_character_this_turn: boolean;
  /** P1 then P2 */
  players: MetaxPlayerView[];
  /** attacks of the current Battle Step, in declaration order */
  battle_zone: MetaxAttackView[];
  /** Events being used, before their discard */
  resolving: MetaxCardRef[];
  /** None once the game is over */
  deciding: MetaxDeciding | null;
  /** the viewer's options (empty when someone else decides) */
  legal_actions: MetaxLegalAction[];
  result: MetaxResult | null;
  /** the game log as this player may read it (empty in quiet mode) */
  log: string[];
}
