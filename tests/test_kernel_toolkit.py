"""The kernel's shared toolkit for games (issue 31): the op registry, the record walk of a
loaded state, the position-building pieces, the names of endings, and the declared hooks' defaults."""
from __future__ import annotations

from typing import Annotated, Literal, NamedTuple, Union

import pytest
from pydantic import BaseModel, Field

from metatcg.engine.endings import ACTION_LIMIT, CONCESSION, ending_names, named_ending
from metatcg.engine.errors import StateDataError
from metatcg.engine.ops import OpRegistry, op_name, union_members
from metatcg.engine.positions import Dealer, first_card, only_fields, seat_tables, whole
from metatcg.engine.records import Registry, records_in
from metatcg.engine.rules import DataHooks, Rules, RulesHooks, overrides
from metatcg.engine.state import TriggerBatch

# ------------------------------------------------------------------ ops


class Draw(BaseModel):
    op: Literal["draw"]
    count: int = 1


class Burn(BaseModel):
    op: Literal["burn"]
    amount: int


class Heal(BaseModel):
    op: Literal["heal"]
    amount: int


Op = Annotated[Union[Draw, Burn, Heal], Field(discriminator="op")]


def _registry() -> OpRegistry[list[str], int]:
    ops: OpRegistry[list[str], int] = OpRegistry("toy")

    @ops.op(Draw, label=lambda o: f"draw {o.count}", hint=lambda o: 1.0 * o.count)
    def draw(state: object, log: list[str], op: Draw) -> int:
        log.append(f"drew {op.count}")
        return op.count

    @ops.op(Burn)
    def burn(state: object, log: list[str], op: Burn) -> int:
        log.append(f"burned {op.amount}")
        return -op.amount

    return ops


def test_an_op_runs_its_registered_handler_with_its_words_and_hint():
    ops = _registry()
    log: list[str] = []
    assert ops.run(None, log, Draw(op="draw", count=2)) == 2
    assert ops.run(None, log, Burn(op="burn", amount=3)) == -3
    assert log == ["drew 2", "burned 3"]
    assert ops.label(Draw(op="draw", count=2)) == "draw 2" and ops.label(Burn(op="burn", amount=1)) == ""
    assert ops.hint(Draw(op="draw", count=3)) == 3.0 and ops.hint(Burn(op="burn", amount=1)) == 0.0
    assert ops.names() == {"draw", "burn"}


def test_an_op_without_a_handler_is_named_by_the_completeness_check_and_by_run():
    ops = _registry()
    assert op_name(Heal) == "heal"
    assert union_members(Op) == [Draw, Burn, Heal]
    assert ops.check_complete(union_members(Op)) == ["toy: op 'heal' (Heal) has no handler"]
    with pytest.raises(KeyError, match="no handler registered for op 'heal'"):
        ops.run(None, [], Heal(op="heal", amount=1))

    @ops.op(Heal)
    def heal(state: object, log: list[str], op: Heal) -> int:
        return op.amount

    assert ops.check_complete(union_members(Op)) == []


def test_an_op_registered_twice_or_for_no_model_is_refused():
    ops = _registry()
    with pytest.raises(ValueError, match="registered twice"):
        ops.op(Draw)(lambda s, c, o: 0)

    class Lonely(BaseModel):
        op: Literal["lonely"]

    ops.op(Lonely)(lambda s, c, o: 0)
    assert "op 'lonely' has a handler" in ops.check_complete([Draw, Burn])[0]
    with pytest.raises(TypeError):
        op_name(int)


# ------------------------------------------------------------------ endings
class _Ended(NamedTuple):
    reason: str
    won: bool
    hit_action_limit: bool = False
    result: None = None
    history: tuple[str, ...] = ()

    def winner(self) -> int | None:
        return 0 if self.won else None


PHRASES = (("both decks", "draw: decks out"), ("tied", "fewest", "draw: fewest"), ("deck", "deck out"))


def test_an_ending_is_named_by_the_first_phrase_its_reason_holds_and_its_draw_name_when_nobody_won():
    assert named_ending(_Ended("P1's deck ran out", True), PHRASES) == "deck out"
    assert named_ending(_Ended("both decks ran out", False), PHRASES) == "draw: decks out"
    assert named_ending(_Ended("tied on lost cards", True), PHRASES) == "fewest"
    assert named_ending(_Ended("tied on lost cards", False), PHRASES) == "draw: fewest"
    assert named_ending(_Ended("a card said so", True), PHRASES) is None
    assert named_ending(_Ended("deck ran out", True, hit_action_limit=True), PHRASES) == ACTION_LIMIT
    assert ending_names(PHRASES) == ("draw: decks out", "fewest", "draw: fewest", "deck out", CONCESSION, ACTION_LIMIT)
    assert ending_names((("gave up", CONCESSION),)) == (CONCESSION, ACTION_LIMIT)


# ------------------------------------------------------------------ declared hooks
# ------------------------------------------------------------------ record walk
REC = Registry()


@REC("use")
class Use(NamedTuple):
    seat: int
    card: int


@REC("choose")
class Choose(NamedTuple):
    use: Use
    picks: tuple[int, ...]
    left: int


def test_the_record_walk_gives_nested_records_before_their_holder_and_enters_the_kernels_batches():
    inner = Use(1, 4)
    outer = Choose(inner, (0, 2), 1)
    batch = TriggerBatch((Use(0, 1), Use(1, 2)))
    assert list(records_in([outer, batch])) == [inner, outer, Use(0, 1), Use(1, 2), batch]
    assert list(records_in([outer, batch], leave=(TriggerBatch,))) == [inner, outer]
    assert list(records_in([(outer,), 3, "x"])) == [inner, outer]


# ------------------------------------------------------------------ positions
class _Card(NamedTuple):
    name: str
    kind: str


class _Pool:
    def __init__(self) -> None:
        self.by_name = {c.name: c for c in (_Card("Ember Fox", "beast"), _Card("Plain Stone", "land"))}

    def __contains__(self, name: str) -> bool:
        return name in self.by_name

    def __getitem__(self, name: str) -> _Card:
        return self.by_name[name]

    def names(self) -> list[str]:
        return list(self.by_name)


def test_a_dealer_deals_named_cards_and_filler_and_names_a_typo():
    deal: Dealer[_Card] = Dealer(_Pool(), 2, lambda pool: first_card(pool, lambda c: c.kind == "land", "land"))
    assert deal.many(["Ember Fox"], 0, "player 1 hand") == [0]
    assert deal.fill(1, 2, "player 2 deck_size") == [1, 2]
    assert deal.new("Plain Stone", 1, "token", counted=False) == 3
    assert deal.owner == [0, 1, 1, 1] and deal.decks() == (("Ember Fox",), ("Plain Stone", "Plain Stone"))
    with pytest.raises(StateDataError, match="player 1 hand: .*Ember Fox"):
        deal.new("Ember Fax", 0, "player 1 hand")
    with pytest.raises(StateDataError, match="whole number"):
        deal.fill(0, -1, "deck_size")
    with pytest.raises(StateDataError, match="deck_size must be a whole number from 0 to 1000"):
        deal.fill(0, 10**9, "deck_size")


def test_a_seats_lists_are_dealt_in_the_order_of_their_zones_and_an_absent_one_is_empty():
    deal: Dealer[_Card] = Dealer(_Pool(), 1)
    assert deal.lists({"discard": ["Plain Stone"], "hand": ["Ember Fox"]}, ("hand", "discard", "reserve"),
                      0, "player 1") == {"hand": [0], "discard": [1], "reserve": []}
    with pytest.raises(StateDataError, match="player 1 reserve: "):
        deal.lists({"reserve": ["Ember Fax"]}, ("reserve",), 0, "player 1")


def test_a_pile_is_its_cards_top_first_or_filler_of_its_size():
    deal: Dealer[_Card] = Dealer(_Pool(), 1, lambda pool: first_card(pool, lambda c: c.kind == "land", "land"))
    top_last = deal.pile({"deck": ["Ember Fox", "Plain Stone"]}, "deck", "deck_size", 0, "player 1", 20)
    assert [deal.cards[c].name for c in top_last] == ["Plain Stone", "Ember Fox"]
    as_listed = deal.pile({"deck": ["Ember Fox", "Plain Stone"]}, "deck", "deck_size", 0, "player 1", 20,
                          top_last=False)
    assert [deal.cards[c].name for c in as_listed] == ["Ember Fox", "Plain Stone"]
    assert len(deal.pile({}, "deck", "deck_size", 0, "player 1", 3)) == 3
    assert deal.pile({"deck_size": 0}, "deck", "deck_size", 0, "player 1", 3) == []
    with pytest.raises(StateDataError, match="player 1 deck: expected a list of card names"):
        deal.pile({"deck": "Ember Fox"}, "deck", "deck_size", 0, "player 1", 3)


def test_position_fields_are_checked_by_name():
    with pytest.raises(StateDataError, match="unknown position field"):
        only_fields({"turn": 1, "trun": 2}, {"turn"})
    with pytest.raises(StateDataError, match="player 1: unknown field"):
        only_fields({"hnad": []}, {"hand"}, "player 1")
    with pytest.raises(StateDataError, match="turn must be a whole number from 1"):
        whole(True, 1, 9, "turn")
    assert whole(3, 1, 9, "turn") == 3
    with pytest.raises(StateDataError, match="needs 2 to 4"):
        seat_tables({"player": [{}]}, "player", (2, 3, 4), "Toy")
    with pytest.raises(StateDataError, match="player 2: expected a table"):
        seat_tables({"player": [{}, 3]}, "player", (2,), "Toy")


def test_a_rules_class_without_hooks_gets_the_kernels_defaults_and_overrides_are_seen():
    class Bare(Rules):
        pass

    class Checked(Rules):
        def state_check(self, state: object) -> None:  # type: ignore[override]
            return None

    assert not overrides(Bare(), RulesHooks, "state_check")
    assert overrides(Checked(), RulesHooks, "state_check")
    assert Bare().replacement_key("x") == "x" and Bare().why_not(None, 0, "x") == ""  # type: ignore[arg-type]
    assert DataHooks().matches_decks(()) is True


@pytest.mark.parametrize("game_id, spec, field", [
    ("metax", {"player": [{"deck_size": 10**9}, {}]}, "player 1 deck_size"),
    ("metabaloids", {"player": [{"deck_size": 10**9}, {}]}, "player 1 deck_size"),
    ("metazoo", {"player": [{"caster": "Ilsa, Ember Warden", "deck_size": 10**9},
                            {"caster": "Bram, Stonecaller"}]}, "player 1 deck_size"),
    ("metazoo-2022", {"caster": [{"spellbook_size": 10**9}, {}]}, "caster 1 spellbook_size"),
])
def test_every_games_position_refuses_a_deck_of_a_billion_filler_cards_by_name(game_id, spec, field):
    import metatcg
    with pytest.raises(StateDataError, match=f"position: {field} must be a whole number from 0 to 1000"):
        metatcg.load_game(game_id).position(spec)


def test_saved_card_names_and_phases_are_read_strictly():
    """``jsonread.named`` reads a list of names as what a table holds under each (a saved state's
    cards, by name); ``one_of`` a name from a fixed set (a phase). Anything else is a ValueError
    that names what is wrong."""
    from metatcg.engine.jsonread import named, one_of
    table = {"Ember Imp": 1, "Marsh Wisp": 2}
    assert named(["Marsh Wisp", "Ember Imp"], table, "cards") == [2, 1]
    for bad, msg in (("Ember Imp", "cards must be a list of card names"), ([3], "cards must be card names"),
                     (["Ember Imp", "Ghost"], "cards: no card is named 'Ghost'")):
        with pytest.raises(ValueError, match=msg):
            named(bad, table, "cards")
    with pytest.raises(ValueError, match="pages: no Page is named"):
        named(["Ghost"], table, "pages", "Page")
    assert one_of("draw", ("draw", "main"), "phase") == "draw"
    for bad in ("lunch", 3, None):
        with pytest.raises(ValueError, match="unknown phase"):
            one_of(bad, ("draw", "main"), "phase")


def test_the_kernel_makes_the_data_forget_its_caches_when_it_was_changed_from_outside():
    """DataHooks.forget_derived: called when a position built by hand starts and when a game
    says it changed a copy's data in place (options_changed), and only then."""
    from metatcg.engine.action import Action
    from metatcg.engine.state import GameState

    class Data(DataHooks):
        __slots__ = ("forgot",)

        def __init__(self) -> None:
            self.forgot = 0

        def forget_derived(self) -> None:
            self.forgot += 1

    class Pick(Rules):
        def active_player(self, state):  # type: ignore[no-untyped-def]
            return 0

        def run_step(self, state, step):  # type: ignore[no-untyped-def]
            state.decide(0, "pick", step)

        def legal_actions(self, state):  # type: ignore[no-untyped-def]
            return [Action("a", "A", 1), Action("b", "B", 2)]

        def perform(self, state, action, decision):  # type: ignore[no-untyped-def]
            state.push("again")

    class Toy:
        rules = Pick()

    st = GameState(Toy(), Data(), 0, {}, ((), ()), log=False)  # type: ignore[arg-type]
    st.push("first")
    st.run_to_decision()
    assert st.data.forgot == 1
    st.apply("a")
    assert st.data.forgot == 1          # the rules' own changes keep their caches right
    st.options_changed()
    assert st.data.forgot == 2 and [a.id for a in st.legal_actions()] == ["a", "b"]


def test_a_determinized_copy_keeps_nothing_its_original_worked_out():
    """MetaZoo keeps its option lists with its data: a redealt copy must list its own (MetaZoo
    2022's clone starts with an empty memo anyway)."""
    import metatcg
    from metatcg.engine.rng import Rng
    game = metatcg.load_game("metazoo")
    names = game.starter_deck_names()
    st = game.new_state([names[0], names[-1]], seed=3)
    rng = Rng(3)
    for _ in range(40):
        st.apply(rng.choice(st.legal_actions()))
    st.legal_actions()
    copy = game.determinize(st, st.current_player(), Rng(5))
    d = copy.data
    assert st.data.offered is not None and d.offered is not st.data.offered
    assert d.srcs is None or d.srcs is not st.data.srcs
