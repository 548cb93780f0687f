"""The game contract (ARCHITECTURE, "The game contract"), checked for every registered game.

Each test is parametrised over ``metatcg.game_ids()``, so a game is covered as soon as it is
registered. Seeded random games over the game's starter decks, at every table size it is
played with, are checked at every decision point: the legal actions, applying them, refusing
others, returns, views and quiet mode. Persistence is in test_contract_persistence.py, hidden
information in test_contract_hidden_info.py, bad input in test_fuzz_inputs.py; what needs
knowledge of one game stays in that game's own test files.
"""
from __future__ import annotations

import json
from collections import Counter

import pytest

import metatcg
from metatcg.engine.rules import RulesHooks, overrides
from metatcg.bots import GreedyBot
from metatcg.engine.errors import IllegalActionError, MetatcgError, SeatCountError
from support.contract import chooser, decision_points, game_params, norm, seats, tables, without_log
from support.persistence import check_refused

pytestmark = pytest.mark.parametrize("game_id", game_params())

CHUNKS = 2           # tests over many games are split so that xdist workers share them
GAMES_PER_CHUNK = 3


@pytest.fixture
def game(game_id):
    return metatcg.load_game(game_id)


# --------------------------------------------------------------------------- the game object
def test_the_game_describes_itself(game, game_id):
    assert game.id == game_id and metatcg.game_title(game_id)
    counts = game.seat_counts
    assert isinstance(counts, tuple) and counts and all(isinstance(n, int) and n >= 2 for n in counts)
    names = game.starter_deck_names()
    assert names, "a game ships starter decks"
    for name in names:
        assert game.check_deck(game.starter_deck(name)) == [], f"starter deck {name} is not legal"


def test_other_seat_counts_are_refused(game):
    deck = game.starter_deck_names()[0]
    for n in range(0, max(game.seat_counts) + 2):
        if n in game.seat_counts:
            assert game.new_state([deck] * n, seed=1).num_players == n
            continue
        with pytest.raises(SeatCountError, match=f"{game.id} is played by .* not {n}"):
            game.new_state([deck] * n, seed=1)


# --------------------------------------------------------------------------- playing
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games_keep_the_contract(game, chunk):
    """At every decision: options exist, ids are unique, labels read differently, the player to
    act is a seat, returns are all 0 and every seat's view is JSON. At the end: no options,
    no player to act, one return per seat in [-1, 1]. Actions go in by id and by object."""
    for table in tables(game, GAMES_PER_CHUNK, 100 * chunk):
        n = table.seats
        st = table.new_state(game)
        r = chooser(table)
        assert st.num_players == n
        while not st.is_terminal():
            where = f"({table}, action #{len(st.history)})"
            acts = st.legal_actions()
            assert acts, f"no legal actions before the end {where}"
            ids = [a.id for a in acts]
            dups = [i for i, c in Counter(ids).items() if c > 1]
            assert not dups, f"duplicate action ids {dups} {where}"
            labels = [a.label for a in acts]
            assert all(isinstance(lb, str) and lb for lb in labels), where
            assert len(set(labels)) == len(labels), f"options read alike {where}: {labels}"
            assert 0 <= st.current_player() < n, where
            assert st.returns() == [0.0] * n, where
            for p in seats(st):
                v = st.view(p)
                json.dumps(v, allow_nan=False)
                offered = [a["id"] for a in v["legal_actions"]]
                assert offered == (ids if p == st.current_player() else []), where
            act = r.choice(acts)
            st.apply(act if len(st.history) % 2 else act.id)
        rets = st.returns()
        assert len(rets) == n and all(isinstance(x, float) and -1.0 <= x <= 1.0 for x in rets), rets
        assert st.legal_actions() == [] and st.current_player() == -1
        assert st.reason, "a finished game says why it ended"
        w = st.winner()
        assert w is None or rets[w] == max(rets) == 1.0
        for p in seats(st):
            json.dumps(st.view(p), allow_nan=False)


def test_a_game_past_its_action_limit_is_a_draw(game):
    """No game hangs: with a small action limit the game ends as a draw for every seat, and
    says why."""
    for table in tables(game, len(game.seat_counts), 250):
        st = game.new_state(list(table.decks), seed=table.seed, options={"action_limit": 12})
        r = chooser(table)
        while not st.is_terminal():
            st.apply(r.choice(st.legal_actions()))
        assert len(st.history) <= 12
        assert st.returns() == [0.0] * table.seats and "action limit" in st.reason, (table, st.reason)


def test_applying_by_id_or_by_object_is_the_same(game):
    for table in tables(game, 2, 200):
        by_id, by_obj = table.new_state(game), table.new_state(game)
        r = chooser(table)
        while not by_id.is_terminal():
            aid = r.choice(by_id.legal_actions()).id
            by_id.apply(aid)
            by_obj.apply(next(a for a in by_obj.legal_actions() if a.id == aid))
        assert norm(by_id.to_json()) == norm(by_obj.to_json())


def test_illegal_actions_raise_and_change_nothing(game):
    """Made-up ids, ids that were legal a moment ago, an Action object of an earlier decision
    and a forged Action are refused without a trace, also after the end."""
    for table in tables(game, 2, 300):
        prev_ids: list[str] = []
        prev_obj = None
        checked = 0
        for i, st in enumerate(decision_points(game, table, every=1)):
            legal = [a.id for a in st.legal_actions()]
            stale = [x for x in prev_ids if x not in legal]
            if i % 7 == 0 or st.is_terminal():
                bogus = ["nonsense", "", " ", "pass:", "x" * 300] + stale[:3]
                if st.is_terminal():
                    bogus += prev_ids[:2]
                check_refused(game, st, bogus)
                if prev_obj is not None and prev_obj.id not in legal:
                    before = norm(st.to_json())
                    with pytest.raises(IllegalActionError):
                        st.apply(prev_obj)
                    assert norm(st.to_json()) == before
                checked += 1
            prev_ids = legal
            prev_obj = st.legal_actions()[-1] if legal else None
        assert checked > 3


def test_view_of_a_seat_that_does_not_exist_is_refused(game):
    for table in tables(game, len(game.seat_counts), 400):
        st = table.new_state(game)
        for p in (-1, table.seats, table.seats + 5):
            with pytest.raises(IllegalActionError):
                st.view(p)


def test_bad_decks_are_a_clear_error(game):
    deck = game.starter_deck_names()[0]
    n = min(game.seat_counts)
    for bad in ("no-such-deck", ["No Such Card"] * 3, 42, None):
        with pytest.raises(MetatcgError):
            game.new_state([bad] + [deck] * (n - 1), seed=1)
    with pytest.raises(MetatcgError):
        game.new_state(deck, seed=1)
    with pytest.raises(MetatcgError, match="unknown option"):
        game.new_state([deck] * n, seed=1, options={"no_such_option": 1})


# --------------------------------------------------------------------------- quiet mode
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_quiet_mode_plays_the_same_game(game, chunk):
    """``log=False`` offers the same action ids at every decision, ends the same way and has
    the same JSON apart from the log (which it does not keep)."""
    for table in tables(game, GAMES_PER_CHUNK, 500 + 100 * chunk):
        loud, quiet = table.new_state(game), table.new_state(game, log=False)
        r = chooser(table)
        assert quiet.logging is False
        while not loud.is_terminal():
            where = f"({table}, action #{len(loud.history)})"
            ids = [a.id for a in loud.legal_actions()]
            assert [a.id for a in quiet.legal_actions()] == ids, where
            assert quiet.current_player() == loud.current_player(), where
            if len(loud.history) % 10 == 0:
                assert without_log(quiet.to_json()) == without_log(loud.to_json()), where
            aid = r.choice(ids)
            loud.apply(aid)
            quiet.apply(aid)
        assert quiet.is_terminal(), table
        assert quiet.history == loud.history and quiet.returns() == loud.returns() and quiet.reason == loud.reason
        assert without_log(quiet.to_json()) == without_log(loud.to_json())
        assert quiet.to_json()["log"] is None and quiet.log == []
        assert all(quiet.log_for(p) == [] for p in seats(quiet))
        assert norm(game.replay(loud.record(), log=False).to_json()) == norm(quiet.to_json())


def test_quiet_labels_are_made_from_what_was_true_when_offered(game):
    """A quiet game makes labels only when read; read long after the options were offered
    (and the game played on), they read as a logging game's labels did at that decision."""
    for table in tables(game, 2, 700):
        loud, quiet = table.new_state(game), table.new_state(game, log=False)
        r = chooser(table)
        offered = []      # (loud labels, quiet Actions) of earlier decisions
        while not loud.is_terminal():
            acts = quiet.legal_actions()
            if len(loud.history) % 3 == 0:
                offered.append(([(a.id, a.label) for a in loud.legal_actions()], acts))
            aid = r.choice(acts).id
            loud.apply(aid)
            quiet.apply(aid)
        assert len(offered) > 5
        for loud_labels, quiet_acts in offered:
            quiet_labels = [a.label for a in quiet_acts]
            for (aid, lb), a, ql in zip(loud_labels, quiet_acts, quiet_labels):
                assert a.id == aid
                # a logging game tells apart (in words) options that read alike; a quiet one
                # reads them as they were offered
                assert lb == ql or (quiet_labels.count(ql) > 1 and aid not in lb), (table, aid, lb, ql)


def play_both(game, table, greedy: bool = False, **options) -> None:
    """The table's game in normal and in quiet mode side by side (random or greedy players):
    the same options at every decision, the same end, the same JSON apart from the log. Where
    the game gives the kernel its "surely several options" hint, the hint is never wrong."""
    loud, quiet = table.new_state(game, **options), table.new_state(game, log=False, **options)
    hint = getattr(game.rules, "surely_several", None)
    r = chooser(table)
    bots = [GreedyBot(table.seed * 5 + p) for p in seats(loud)] if greedy else None
    while not loud.is_terminal():
        where = f"({table}, {options}, action #{len(loud.history)})"
        hinted = hint is not None and hint(quiet)
        ids = [a.id for a in loud.legal_actions()]
        assert [a.id for a in quiet.legal_actions()] == ids, where
        assert not hinted or len(ids) >= 2, f"{where}: the hint promised several options, got {ids}"
        p = loud.current_player()
        aid = bots[p].choose(quiet.handle(p)).id if bots else r.choice(ids)
        loud.apply(aid)
        quiet.apply(aid)
    assert quiet.is_terminal() and quiet.history == loud.history and quiet.returns() == loud.returns()
    assert without_log(quiet.to_json()) == without_log(loud.to_json())


def test_quiet_mode_without_automatic_choices_is_the_same_game(game):
    """With ``auto_single`` off every decision is offered, single options too."""
    for table in tables(game, 2, 800):
        play_both(game, table, auto_single=False)


def test_quiet_mode_with_greedy_players_is_the_same_game(game):
    """Lookahead players (determinized quiet copies) choose the same in both modes."""
    for table in tables(game, len(game.seat_counts), 900):
        play_both(game, table, greedy=True)


def test_a_quiet_state_round_trips_and_stays_quiet(game):
    for table in tables(game, 2, 950):
        st = table.new_state(game, log=False)
        r = chooser(table)
        for _ in range(25):
            if st.is_terminal():
                break
            st.apply(r.choice(st.legal_actions()))
        copy = game.state_from_json(st.to_json_text())
        assert copy.logging is False and copy.to_json() == st.to_json()
        while not st.is_terminal():
            aid = r.choice(st.legal_actions()).id
            st.apply(aid)
            copy.apply(aid)
        assert copy.to_json() == st.to_json() and copy.log == []


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_the_surely_several_hint_is_never_wrong(game, chunk):
    """The optional kernel hint may only say "several options" when there are several: a wrong
    hint would leave a single option untaken and the game would differ from normal play."""
    if not overrides(game.rules, RulesHooks, "surely_several"):
        pytest.skip(f"{game.id} gives no surely_several hint")
    checked = 0
    for table in tables(game, 8, 1000 + 100 * chunk):
        for st in decision_points(game, table, log=False):
            if not st.is_terminal() and game.rules.surely_several(st):
                assert len(st.legal_actions()) >= 2, f"({table}) {st.decision.kind}"
                checked += 1
    assert checked > 50
