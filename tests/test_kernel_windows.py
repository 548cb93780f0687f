"""The kernel's response windows, LIFO chains, per-seat trigger groups and state checks,
proved on Spark Circle (tests/toy), a 2-4 seat game that knows only the kernel."""
from __future__ import annotations

import pytest

from metatcg.engine.errors import SeatCountError
from metatcg.engine.rng import Rng
from metatcg.engine.seats import returns_by_place
from metatcg.engine.state import ORDER_DECISION, GameState
from metatcg.engine.windows import WINDOW_DECISION
from toy import load
from toy.data import CircleData
from toy.records import Main

GAME = load()
FILLER = ["Bolt"] * 4


def position(hands: list[list[str]], inplay: list[list[str]] | None = None, active: int = 0,
             life: list[int] | None = None, log: bool = True, game=GAME, **options) -> GameState:
    """A game at ``active``'s main decision with the given hands and cards in play (each deck
    holds four Bolts); ``options``: table options besides the game's defaults."""
    n = len(hands)
    inplay = inplay or [[] for _ in range(n)]
    decks = [tuple(hands[p] + inplay[p] + FILLER) for p in range(n)]
    names = tuple(c for deck in decks for c in deck)
    owner = tuple(p for p, deck in enumerate(decks) for _ in deck)
    d = CircleData(names, owner, n)
    i = 0
    for p in range(n):
        d.hand[p] = list(range(i, i + len(hands[p])))
        i += len(hands[p])
        d.inplay[p] = list(range(i, i + len(inplay[p])))
        i += len(inplay[p])
        d.deck[p] = list(range(i, i + len(FILLER)))
        i += len(FILLER)
    if life:
        d.life = list(life)
    d.active = d.first = active
    d.turn = 1
    st = GameState(game, d, 1, {**game.default_options(), **options}, tuple(decks), log=log)
    st.push(Main(active))
    st._advance()
    return st


def asked(st: GameState) -> tuple[int, str]:
    return st.current_player(), st.decision.kind


def pick(st: GameState, prefix: str, suffix: str = "") -> None:
    """Apply the one legal action whose id starts with ``prefix`` (and ends with ``suffix``)."""
    ids = [a.id for a in st.legal_actions() if a.id.startswith(prefix) and a.id.endswith(suffix)]
    assert len(ids) == 1, (prefix, [a.id for a in st.legal_actions()])
    st.apply(ids[0])


def test_nobody_holding_a_response_is_asked_nothing_in_four_seats():
    st = position([["Bolt", "Mender"], ["Bolt", "Mender"], ["Scribe"], ["Bolt"]])
    log_before = len(st.log)
    taken = st.actions_taken
    pick(st, "bolt:c0>P2")
    assert asked(st) == (0, "main")               # straight back to P1: no window decision
    assert st.actions_taken == taken + 1           # nobody decided anything in between
    assert st.data.life[1] == 4
    new = st.log[log_before:]
    assert new == ["P1 plays Bolt at P2", "P2 takes 2 damage from P1's Bolt (4 life)"]


def test_window_asks_clockwise_from_the_seat_after_the_actor_skipping_empty_hands():
    st = position([["Bolt", "Mender"], ["Mender"], ["Zap"], ["Zap"]], active=0)
    pick(st, "bolt:c0>P3")
    assert asked(st) == (2, WINDOW_DECISION)       # P2 holds nothing usable: skipped
    assert [a.id for a in st.legal_actions()][-1] == "pass"
    views = [st.view(p) for p in range(4)]
    assert views[2]["legal_actions"] and not views[1]["legal_actions"]
    st.apply("pass")
    assert asked(st) == (3, WINDOW_DECISION)
    st.apply("pass")
    assert asked(st) == (0, "main")                # every asked seat passed: the chain resolved
    assert st.data.life[2] == 4
    assert not any("pass" in line.lower() for line in st.log)


def test_a_response_reopens_the_window_for_everyone_else_and_the_chain_resolves_lifo():
    st = position([["Bolt", "Zap", "Mender"], ["Shield"], ["Zap"]], active=0)
    pick(st, "bolt:c0>P2")
    assert asked(st) == (1, WINDOW_DECISION)
    pick(st, "shield:")                            # P2 counters the Bolt...
    assert asked(st) == (2, WINDOW_DECISION)       # ...and the window reopens after P2
    pick(st, "zap:", ">P1")
    assert asked(st) == (0, WINDOW_DECISION)       # P1, who started the chain, may answer now
    pick(st, "zap:", ">P3")
    # P2 has nothing left and P3 has nothing left: the window closes without asking them
    assert asked(st) == (0, "main")
    assert st.log[-3:] == ["P3 takes 1 damage from P1's Zap (5 life)",    # newest first
                           "P1 takes 1 damage from P3's Zap (5 life)",
                           "P2's Shield counters Bolt of P1"]
    assert st.data.life == [5, 6, 5] and not st.data.chain


def test_a_seat_that_passes_is_not_asked_again_until_someone_acts():
    st = position([["Bolt", "Mender"], ["Zap", "Zap"], ["Zap"]], active=0)
    pick(st, "bolt:c0>P3")
    assert asked(st) == (1, WINDOW_DECISION)
    st.apply("pass")
    assert asked(st) == (2, WINDOW_DECISION)
    pick(st, "zap:", ">P2")                          # P3 acts: P1 (nothing) skipped, P2 asked again
    assert asked(st) == (1, WINDOW_DECISION)
    st.apply("pass")
    assert asked(st) == (0, "main")                # P3 acted last; all others passed in turn
    assert st.data.life == [6, 5, 4]


def test_simultaneous_triggers_are_grouped_by_seat_active_first_then_clockwise():
    # P3 is active; P1 takes damage; P3, P4 and P2 each hold a Mender and a Scribe
    keepers = ["Mender", "Scribe"]
    st = position([[], [], ["Bolt"], []], inplay=[keepers, keepers, keepers, keepers], active=2,
                  life=[6, 5, 5, 5])
    pick(st, "bolt:c12>P1")
    order = []
    while st.decision.kind == ORDER_DECISION:
        order.append(st.current_player())
        assert len(st.legal_actions()) == 2
        st.apply("trigger:1")                      # Scribe first, then the Mender on its own
    assert order == [2, 3, 1]                      # active seat, then clockwise (P1 was hit: no group)
    heals = [line for line in st.log if line.startswith("Mender")]
    draws = [line for line in st.log if " draws " in line]
    assert heals == ["Mender: P3 heals to 6 life", "Mender: P4 heals to 6 life", "Mender: P2 heals to 6 life"]
    assert draws[-3:] == ["P3 draws Bolt", "P4 draws Bolt", "P2 draws Bolt"]
    chosen = [line for line in st.log_for(0) if " resolves next: " in line]   # every seat reads each order
    assert chosen == [f"{p} chooses what resolves next: Scribe ({p})" for p in ("P3", "P4", "P2")]


def test_the_state_check_runs_before_the_queued_triggers_resolve():
    st = position([["Bolt"], [], []], inplay=[[], [], ["Scribe"]], active=0, life=[6, 2, 6])
    pick(st, "bolt:c0>P2")
    i_out = st.log.index("P2 is out")
    i_draw = next(i for i, line in enumerate(st.log) if line.startswith("P3 draws"))
    assert i_out < i_draw
    assert not st.is_terminal() and st.data.out == [1]


def test_places_give_returns_when_seats_go_out_one_by_one():
    st = position([["Bolt", "Bolt"], [], []], active=0, life=[6, 2, 1])
    pick(st, "bolt:c0>P3")
    assert not st.is_terminal()
    pick(st, "bolt:c1>P2")
    assert st.is_terminal()
    assert st.returns() == [1.0, 0.0, -1.0]        # P3 out first (last place), then P2
    assert returns_by_place([0, 1, 2, 3]) == pytest.approx((1.0, 1 / 3, -1 / 3, -1.0))
    assert returns_by_place([0, 0, 1]) == (0.5, 0.5, -1.0)


def continuation(st: GameState, seed: int) -> list[str]:
    rng = Rng(seed)
    while not st.is_terminal():
        st.apply(rng.choice(st.legal_actions()))
    return st.history + [str(st.returns())]


def test_windows_and_trigger_orders_survive_clone_json_and_replay():
    met = set()
    for seed in range(60):
        st = GAME.new_state(["blaze", "ward", "blaze"], seed=seed)
        rng = Rng(seed)
        while not st.is_terminal():
            kind = st.decision.kind
            if kind in (WINDOW_DECISION, ORDER_DECISION) and kind not in met:
                met.add(kind)
                a = continuation(st.clone(), seed)
                b = continuation(GAME.state_from_json(st.to_json_text()), seed)
                c = continuation(GAME.replay(st.record()), seed)
                assert a == b == c
            st.apply(rng.choice(st.legal_actions()))
    assert met == {WINDOW_DECISION, ORDER_DECISION}


def test_quiet_mode_plays_the_same_game():
    for n in (2, 3, 4):
        for seed in range(15):
            decks = ["blaze", "ward", "quiet", "blaze"][:n]
            loud, quiet = GAME.new_state(decks, seed=seed), GAME.new_state(decks, seed=seed, log=False)
            ra, rb = Rng(seed), Rng(seed)
            while not loud.is_terminal():
                assert [a.id for a in loud.legal_actions()] == [a.id for a in quiet.legal_actions()]
                loud.apply(ra.choice(loud.legal_actions()))
                quiet.apply(rb.choice(quiet.legal_actions()))
            assert quiet.is_terminal() and loud.returns() == quiet.returns()
            a, b = loud.to_json(), quiet.to_json()
            assert a.pop("log") and b.pop("log") is None
            assert a == b and quiet.log == []


def test_seat_counts_the_game_does_not_allow_are_refused_clearly():
    for n in (1, 5):
        with pytest.raises(SeatCountError, match="played by 2-4 players"):
            GAME.new_state(["blaze"] * n, seed=1)


def test_a_handle_shows_a_bot_only_what_its_seat_may_know():
    st = GAME.new_state(["blaze", "ward", "quiet"], seed=3)
    me = st.current_player()
    h = st.handle(me)
    public = [getattr(h, name) for name in dir(h) if not name.startswith("_")]
    assert not any(isinstance(x, GameState) for x in public)
    v = h.view()
    assert all(p["hand"] is None for i, p in enumerate(v["players"]) if i != me)
    truth = [sorted(st.data.hand[p]) for p in range(3)]
    samples = [h.determinize(Rng(k)) for k in range(12)]
    assert all(s.data.hand[me] == st.data.hand[me] for s in samples)
    assert any(sorted(s.data.hand[p]) != truth[p] for s in samples for p in range(3) if p != me)
    assert all(s.seed != st.seed and not s.logging and s.log == [] for s in samples)


def test_a_player_record_keeps_only_what_that_seat_saw():
    st = GAME.new_state(["blaze", "ward", "quiet"], seed=5)
    rng = Rng(5)
    while not st.is_terminal():
        st.apply(rng.choice(st.legal_actions()))
    for p in range(3):
        rec = st.record_for(p)
        assert rec["seat"] == p and rec["deck"] == list(st.decks[p]) and rec["log"] == st.log_for(p)
        assert "seed" not in rec and "actions" not in rec and "decks" not in rec
        assert rec["result"]["returns"] == st.returns()
        other_draws = [line for line in st.log if " draws " in line and not line.startswith(f"P{p + 1} ")]
        assert not any(line in rec["log"] for line in other_draws)
    with pytest.raises(Exception, match="no player 3"):
        st.record_for(3)


def test_the_game_decides_what_follows_a_response():
    """``after_response`` replaces the default reopening: here the window closes at once after
    any response (the chain resolves), or starts again from the seat that opened it."""
    closing, restarting = load(), load()
    closing.rules.after_response = lambda st, w, seat, act: None
    restarting.rules.after_response = lambda st, w, seat, act: w.restarted()
    hands = [["Bolt", "Zap", "Mender"], ["Shield"], ["Zap"]]

    st = position(hands, game=closing)
    pick(st, "bolt:c0>P2")
    pick(st, "shield:")
    assert asked(st) == (0, "main")                 # nobody else was asked: the chain resolved
    assert st.log[-1] == "P2's Shield counters Bolt of P1" and st.data.life == [6, 6, 6]

    st = position(hands, game=restarting)
    pick(st, "bolt:c0>P2")
    pick(st, "shield:")
    assert asked(st) == (0, WINDOW_DECISION)        # the ring again from its first seat, P1
    st.apply("pass")
    assert asked(st) == (2, WINDOW_DECISION)        # P2 holds nothing more: skipped


def test_a_player_record_lists_that_seats_own_choices():
    st = GAME.new_state(["blaze", "ward", "quiet"], seed=8)
    rng = Rng(8)
    mine: dict[int, list[str]] = {0: [], 1: [], 2: []}
    while not st.is_terminal():
        p = st.current_player()
        act = rng.choice(st.legal_actions())
        mine[p].append(act.id)
        st.apply(act)
    assert all(st.record_for(p)["choices"] == mine[p] for p in range(3))
    assert sum(map(len, mine.values())) == len(st.history)
