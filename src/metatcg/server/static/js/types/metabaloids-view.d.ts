// The metabaloids view as the server sends it. Generated from docs/schema/metabaloids-view.schema.json
// by `python -m metatcg.ui.schema`: do not edit.

/** The battle in progress (MB-ATK, MB-TOT, MB-RES). */
export interface MetabaloidsBattleView {
  /** 0 = P1 ... 3 = P4 */
  attacker: number;
  /** 0 = P1 ... 3 = P4 */
  defender: number;
  /** 0 = left, 1 = middle, 2 = right */
  attack_column: number;
  /** 0 = left, 1 = middle, 2 = right */
  defense_column: number;
  attacking_card: MetabaloidsCardView;
  target_card: MetabaloidsCardView;
  /** the attacker's drawn card (None before the draws) */
  attack_draw: MetabaloidsCardView | null;
  defense_draw: MetabaloidsCardView | null;
  /** None before the draws */
  attack_total: number | null;
  defense_total: number | null;
  /** card bonuses of the attacking side, constant ones included */
  attack_bonus: number;
  defense_bonus: number;
}

/** A card a player may see, with its printed numbers and how it lies on the table. */
export interface MetabaloidsCardView {
  /** a card instance id, e.g. 'c12' (fixed for the game) */
  id: string;
  name: string;
  /** Rarity/Cost (MB-CARD-5) */
  cost: number;
  attack: number;
  defense: number;
  /** Metabaloids: the points it pays when discarded (MB-CARD-9) */
  meta: number;
  /** turned sideways for safety (MB-SAFE) */
  safe: boolean;
  /** the attacking card or the target of the battle in progress */
  marked: boolean;
  /** used its ability this round (MB-ABIL-6) */
  used: boolean;
}

/** Who decides now and what kind of choice it is. */
export interface MetabaloidsDeciding {
  /** None for a response window seen by a seat not asked (PR-K-9) */
  player: number | null;
  kind: "place" | "abilities" | "move" | "deploy" | "attack" | "target" | "pay" | "lose" | "choose" | "restock" | "__respond" | "__order_triggers";
  prompt: string;
}

/** One option of the viewer's decision: send ``id`` back to take it. */
export interface MetabaloidsLegalAction {
  id: string;
  label: string;
}

/** One seat's zones as the viewer may know them (MB-ZONE-10). */
export interface MetabaloidsPlayerView {
  /** 0 = P1 ... 3 = P4 */
  seat: number;
  hand_count: number;
  /** the hand, for its owner only (None for other seats) */
  hand: MetabaloidsCardView[] | null;
  /** cards of that hand every seat saw go there (reclaimed) */
  hand_seen: MetabaloidsCardView[];
  /** names of the face-up cards the last reshuffle put into the draw pile, sorted (no ids: their order in the pile is unknown) */
  reshuffled: string[];
  draw_count: number;
  /** the draw pile's top card, when every seat has seen it (a dig) */
  draw_top: MetabaloidsCardView | null;
  /** the discard pile, bottom first (last = top) */
  discard: MetabaloidsCardView[];
  /** the score: fewest lost cards wins (MB-WIN-2) */
  lost_count: number;
  /** the lost pile (public, MB-ZONE-9) */
  lost: MetabaloidsCardView[];
  reserve: MetabaloidsCardView[];
  /** the event area */
  events: MetabaloidsCardView[];
  /** left, middle, right; [] = no column (MB-GRID-9) */
  columns: MetabaloidsCardView[][];
}

export interface MetabaloidsResult {
  /** +1 sole winner, 0 tied for fewest lost, -1 loss; one per seat */
  returns: number[];
  reason: string;
}

/** Initial deployment (MB-SETUP-3..8). */
export interface MetabaloidsSetupView {
  /** Rarity/Cost placed so far, per seat */
  points: number[];
  /** finished placing, per seat */
  done: boolean[];
}

/** Everything one player may know of a Metabaloids game at one moment. */
export interface MetabaloidsView {
  /** the seat this view is for */
  you: number;
  seats: number;
  /** 0 during set-up */
  turn: number;
  /** 0 = P1 ... 3 = P4 */
  active: number;
  /** 0 = P1 ... 3 = P4 */
  first: number;
  game: "metabaloids";
  phase: "setup" | "draw" | "abilities" | "move" | "deploy" | "attack" | "restock" | "end" | "over";
  /** the short-game table option (MB-WIN-9) */
  short_game: boolean;
  /** initial deployment, during setup only */
  setup: MetabaloidsSetupView | null;
  /** opponents the active seat attacked this turn */
  attacked: number[];
  battle: MetabaloidsBattleView | null;
  /** P1, P2, ... in seat order */
  players: MetabaloidsPlayerView[];
  /** None once the game is over */
  deciding: MetabaloidsDeciding | null;
  /** the viewer's options (empty when someone else decides) */
  legal_actions: MetabaloidsLegalAction[];
  result: MetabaloidsResult | null;
  /** the game log as this player may read it (empty in quiet mode) */
  log: string[];
}
