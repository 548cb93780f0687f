"""Hidden information, for every registered game: views, redacted logs and determinization.

``game.determinize(state, p, rng)`` gives a state that differs from ``state`` only in what
``p`` cannot see (hidden cards resampled), so ``view(p)`` and ``log_for(p)`` of the two must be
the same: were a hidden card shown, resampling would change it. Where determinize does
resample something, another seat's view shows it, so the check is not vacuous. A state's seed
and RNG never reach a view or ``record_for(p)``; ``log_for(p)`` never names a card that ``p``
does not see before or after the action (card names read from the decks the seats play).
What a game hides, zone by zone, is checked in its own test_hidden_info_<game>.py; what a
bot gets through a handle, in test_bots.py.
"""
from __future__ import annotations

import json

import pytest

import metatcg
from metatcg.engine.rng import Rng
from support.contract import decision_points, game_params, norm, seats, seen, tables

pytestmark = pytest.mark.parametrize("game_id", game_params())

CHUNKS = 2
GAMES_PER_CHUNK = 3


@pytest.fixture
def game(game_id):
    return metatcg.load_game(game_id)


# --------------------------------------------------------------------------- views
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_determinize_keeps_what_the_player_sees(game, chunk):
    """Every seat's view and redacted log are the same in its determinized states; the
    original is untouched; the states differ in what other seats see at some points."""
    r = Rng(chunk + 77)
    points = resampled = 0
    for table in tables(game, GAMES_PER_CHUNK, 3000 + 100 * chunk):
        for st in decision_points(game, table, every=3):
            before = norm(st.to_json())
            for p in seats(st):
                where = f"({table}, action #{len(st.history)}, seat {p})"
                det = game.determinize(st, p, r)
                assert det is not st and det.data is not st.data, where
                assert norm(det.view(p)) == norm(st.view(p)), f"view({p}) shows something hidden {where}"
                assert det.log_for(p) == st.log_for(p), where
                assert det.current_player() == st.current_player() and det.is_terminal() == st.is_terminal()
                assert norm(st.to_json()) == before, f"determinize changed the original {where}"
                points += 1
                resampled += any(seen(det, q) != seen(st, q) for q in seats(st) if q != p)
    assert points > 20
    assert resampled > 0, "determinize never resampled a card another seat can see"


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_determinized_states_play_on(game, chunk):
    """A determinized state is a whole game: every offered action applies, and it plays to the
    end under random actions."""
    r = Rng(chunk)
    n = 0
    for table in tables(game, GAMES_PER_CHUNK, 3200 + 100 * chunk):
        for st in decision_points(game, table, every=11):
            if st.is_terminal():
                continue
            for p in seats(st):
                det = game.determinize(st, p, r)
                for a in det.legal_actions():
                    det.clone().apply(a.id)
                while not det.is_terminal():
                    det.apply(r.choice(det.legal_actions()))
                rets = det.returns()
                assert len(rets) == table.seats and all(-1.0 <= x <= 1.0 for x in rets)
                n += 1
    assert n > 10


def test_public_view_shows_only_what_every_seat_sees(game):
    """``public_view()`` (a spectator's) is the same in a state determinized for any seat, so it
    shows nothing some seat cannot see (its log included); no seed or RNG."""
    r = Rng(41)
    points = 0
    for table in tables(game, 2, 3450):
        for st in decision_points(game, table, every=4):
            pub = st.public_view()
            text = json.dumps(pub, allow_nan=False)
            assert '"seed"' not in text and str(st.rng.state) not in text
            assert pub["you"] is None and pub["legal_actions"] == []
            for p in seats(st):
                det = game.determinize(st, p, r)
                assert norm(det.public_view()) == norm(pub), f"public view shows what P{p + 1} hides ({table})"
                assert len(pub["log"]) <= len(st.log_for(p))
            points += 1
    assert points > 10


def test_a_log_followed_with_log_since_adds_up_to_log_for(game):
    """``log_since(p, mark)`` after each action gives exactly the new lines of ``log_for(p)``
    (``public_log()`` for -1), and ``log_for(p, k)``, ``view(p, log_from=k)`` are its tails."""
    for table in tables(game, 2, 3470):
        st = table.new_state(game)
        r = Rng(table.seed)
        who = [*seats(st), -1]
        got = {p: [] for p in who}
        marks = dict.fromkeys(who, 0)
        while True:
            for p in who:
                lines, marks[p] = st.log_since(p, marks[p])
                got[p] += lines
                full = st.public_log() if p < 0 else st.log_for(p)
                assert got[p] == full
                k = r.below(len(full) + 2)
                assert (st.public_log(k) if p < 0 else st.log_for(p, k)) == full[k:]
                if p >= 0:
                    assert st.view(p, log_from=k)["log"] == full[k:] and st.view(p, log_from=None)["log"] == []
            if st.is_terminal() or len(st.history) > 150:
                break
            st.apply(r.choice(st.legal_actions()))


def test_view_shows_no_seed_or_rng(game):
    for table in tables(game, 2, 3400):
        for st in decision_points(game, table, every=2):
            secret = str(st.rng.state)
            for p in seats(st):
                text = json.dumps(st.view(p))
                assert '"seed"' not in text and '"rng"' not in text
                assert secret not in text, f"view({p}) shows the RNG state"


def test_record_for_keeps_only_what_the_player_may_know(game):
    """``record_for(p)`` is JSON, has no seed and no other seat's deck list, and is the same for
    a determinized state: it holds nothing ``p`` cannot see."""
    r = Rng(5)
    for table in tables(game, len(game.seat_counts), 3500):
        for st in decision_points(game, table, every=9):
            for p in seats(st):
                rec = st.record_for(p)
                text = json.dumps(rec, allow_nan=False)
                assert '"seed"' not in text and str(st.rng.state) not in text
                assert rec["deck"] == list(st.decks[p]) and rec["seat"] == p
                assert norm(game.determinize(st, p, r).record_for(p)) == norm(rec)
            if st.is_terminal():
                assert all(st.record_for(p)["result"]["returns"] == st.returns() for p in seats(st))


# --------------------------------------------------------------------------- logs
def _shown_names(st, p: int, names: set[str]) -> set[str]:
    """The card names that ``view(p)`` (log left out) shows somewhere."""
    text = json.dumps(seen(st, p), ensure_ascii=False)
    return {nm for nm in names if nm in text}


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_log_for_names_only_cards_the_player_sees(game, chunk):
    """After each action, the new lines of ``log_for(p)`` name no card (by the names in the
    seats' deck lists) unless ``p``'s view shows a card of that name before or after the
    action; a line that only ``p`` reads may also name ``p``'s own cards (a look at the top
    of their deck that goes straight back)."""
    checked = 0
    for table in tables(game, GAMES_PER_CHUNK, 3600 + 100 * chunk):
        st = table.new_state(game)
        own = [set(deck) for deck in st.decks]
        everyone = set().union(*own)
        r = Rng(table.seed)
        shown: list[set[str]] = [set() for _ in seats(st)]  # before the first action: the setup's lines
        logs: list[list[str]] = [[] for _ in seats(st)]
        while True:
            new = {p: st.log_for(p)[len(logs[p]):] for p in seats(st)}
            for p in seats(st):
                now = _shown_names(st, p, everyone)
                theirs = {line for q in seats(st) if q != p for line in new[q]}
                for line in new[p]:
                    private = line not in theirs  # no other seat reads this line
                    allowed = shown[p] | now | (own[p] if private else set())
                    rest = line
                    for nm in sorted(allowed, key=len, reverse=True):  # a longer name may contain a secret one
                        rest = rest.replace(nm, "")
                    leaked = sorted(nm for nm in everyone - allowed if nm in rest)
                    assert not leaked, f"log_for({p}) names hidden {leaked}: {line!r} ({table})"
                    checked += 1
                shown[p] = now
                logs[p] += new[p]
            if st.is_terminal():
                break
            st.apply(r.choice(st.legal_actions()))
    assert checked > 50
