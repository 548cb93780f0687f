"""Hidden information in MetaX, zone by zone (the contract suite, test_contract_hidden_info.py,
checks views, logs and determinize for every registered game).

``view(p)`` must not depend on anything ``p`` may not know: the opponent's hand, the order
of either deck, the face-down VP piles, the RNG. We build pairs of states that differ only
in such hidden things (editing ``state.data`` of a clone directly) and compare the views.
``log_for(p)`` must hide what the opponent drew, searched or put under; ``determinize(state,
p, rng)`` must keep every zone's size and every card ``p`` sees where it is.
"""
from __future__ import annotations

import itertools
import json
import re

import pytest

import metatcg
from metatcg.engine.rng import Rng
from support import hidden_info
from support.hidden_info import check_draws_named_only_to_the_drawer, different_name_pair, edited, last, seen

GAME = metatcg.load_game("metax")
DECKS = GAME.starter_deck_names()
PAIRS = list(itertools.product(DECKS, DECKS))
ZONES = ("deck", "hand", "discard", "vp", "inplay")


def sample_states(seed: int, every: int = 3, games: int = 1):
    """Decision points of seeded random games (every ``every``-th, plus the end)."""
    return hidden_info.sample_states(GAME, lambda seed, g: PAIRS[(seed + g) % len(PAIRS)], seed, every, games)


# --------------------------------------------------------------------------- views
@pytest.mark.rule("MX-ZONE-12")
@pytest.mark.parametrize("seed", range(12))
def test_view_does_not_depend_on_the_opponents_hand(seed):
    r = Rng(seed)
    swaps = 0
    for st in sample_states(seed, games=2):
        for p in (0, 1):
            o = 1 - p
            cp = edited(st)
            d = cp.data
            hidden = [c for c in d.hand[o] if c not in d.revealed]  # revealed cards are public
            ij = different_name_pair(d, hidden, d.deck[o], r)
            if ij is None:
                continue
            i, j = ij
            i = d.hand[o].index(hidden[i])
            d.hand[o][i], d.deck[o][j] = d.deck[o][j], d.hand[o][i]
            assert seen(cp, p) == seen(st, p), f"view({p}) shows the opponent's hand (seed {seed})"
            assert seen(cp, o) != seen(st, o), "the swap should show in the owner's own view"
            swaps += 1
    assert swaps > 50


@pytest.mark.rule("MX-ZONE-12")
@pytest.mark.parametrize("seed", range(12))
def test_view_does_not_depend_on_deck_order_vp_piles_or_rng(seed):
    r = Rng(seed + 1000)
    checked = 0
    for st in sample_states(seed, games=2):
        cp = edited(st)
        d = cp.data
        for p in (0, 1):
            d.deck[p].reverse()
            r.shuffle(d.deck[p])
            # a face-down VP card (owned by the other player) trades places with a deck card
            # of its owner: nobody looks at VP piles
            o = 1 - p
            if d.vp[p] and d.deck[o]:
                i, j = r.below(len(d.vp[p])), r.below(len(d.deck[o]))
                d.vp[p][i], d.deck[o][j] = d.deck[o][j], d.vp[p][i]
        cp.rng = Rng(st.rng.state ^ 0xDEADBEEF)
        for p in (0, 1):
            assert seen(cp, p) == seen(st, p), f"view({p}) depends on deck order/VP cards/RNG (seed {seed})"
        checked += 1
    assert checked > 20


def test_view_names_no_hidden_card_instance():
    for st in sample_states(3, every=1, games=12):
        d = st.data
        for p in (0, 1):
            v = st.view(p)
            text = json.dumps(v)
            o = 1 - p
            hidden = {c for c in d.hand[o] if c not in d.revealed}
            hidden |= set(d.deck[0]) | set(d.deck[1]) | set(d.vp[0]) | set(d.vp[1])
            hidden -= set(d.hand[p])
            if st.current_player() == p and st.decision.kind == "search":
                hidden -= set(d.deck[p])  # p is looking through their own deck right now
            shown = {int(m) for m in re.findall(r'"c(\d+)"', text)}
            shown |= {int(m) for a in v["legal_actions"] for m in re.findall(r"c(\d+)", a["id"])}
            assert not shown & hidden, f"view({p}) names hidden card instances {sorted(shown & hidden)}"


# --------------------------------------------------------------------------- logs
@pytest.mark.parametrize("seed", range(6))
def test_log_for_hides_what_the_opponent_drew(seed):
    st = last(sample_states(seed, every=10 ** 9, games=1))
    assert st.is_terminal()
    full_draws = check_draws_named_only_to_the_drawer(st)
    assert all(full_draws.values())
    for p in (0, 1):
        opp = 2 - p
        # searches and mulligan bottoms of the opponent are redacted the same way
        for line in st.log_for(p):
            if line.startswith(f"P{opp} searches their deck and takes "):
                assert line.endswith("takes a card"), line
            if line.startswith(f"P{opp} puts ") and "bottom of their deck" in line:
                assert line == f"P{opp} puts a card on the bottom of their deck", line


def test_log_for_hides_opponent_mulligan_and_search_cards():
    """Find games with a mulligan and a search, then compare the full and redacted logs."""
    found = {"bottom": False, "search": False}
    for seed in range(200):
        st = last(sample_states(seed, every=10 ** 9))
        for p in (0, 1):
            o = 2 - p
            red = st.log_for(p)
            for line in st.log:
                if line.startswith(f"P{o} puts ") and "on the bottom" in line:
                    found["bottom"] = True
                    assert line not in red
                if line.startswith(f"P{o} searches their deck and takes "):
                    found["search"] = True
                    assert line not in red or line.endswith("takes a card")
        if all(found.values()):
            break
    assert all(found.values()), found


# --------------------------------------------------------------------------- determinize
def zone_sizes(st):
    d = st.data
    return {z: [len(getattr(d, z)[p]) for p in (0, 1)] for z in ZONES}


def all_cards(st):
    d = st.data
    return sorted([i for z in ZONES for p in (0, 1) for i in getattr(d, z)[p]]
                  + [i for v in d.damage.values() for i in v] + list(d.resolving))


@pytest.mark.parametrize("seed", range(10))
def test_determinize_keeps_what_the_player_sees(seed):
    r = Rng(seed + 77)
    changed = 0
    total = 0
    for st in sample_states(seed, every=2, games=2):
        for p in (0, 1):
            o = 1 - p
            det = GAME.determinize(st, p, r)
            # (the contract suite checks that p's view and log stay the same)
            assert zone_sizes(det) == zone_sizes(st)
            assert all_cards(det) == all_cards(st)
            dd, sd = det.data, st.data
            assert dd.hand[p] == sd.hand[p]
            for z in ("discard", "inplay"):
                assert getattr(dd, z) == getattr(sd, z)
            assert dd.damage == sd.damage and dd.attacks == sd.attacks and dd.mp == sd.mp
            assert all(dd.owner[i] == o for i in dd.hand[o] + dd.deck[o] + dd.vp[p])
            assert all(dd.owner[i] == p for i in dd.deck[p] + dd.vp[o])
            total += 1
            if sorted(dd.hand[o]) != sorted(sd.hand[o]):
                changed += 1
            # the original is untouched
            assert st.data.hand[o] == sd.hand[o]
    assert changed > total // 4, "determinize should resample the opponent's hand"


def _first_search_state():
    for seed in range(500):
        for st in sample_states(seed, every=1):
            if not st.is_terminal() and st.decision.kind == "search":
                return st
    raise AssertionError("no search decision in the seeds tried")


def test_determinize_during_the_opponents_search_keeps_actions_applicable():
    st = _first_search_state()
    searcher = st.current_player()
    for k in range(30):
        det = GAME.determinize(st, 1 - searcher, Rng(k))
        for a in det.legal_actions():
            det.clone().apply(a.id)


def _state_with_public_card_in_opponent_hand():
    """A state where the log tells everyone a named card went back to a player's hand
    (from the discard pile or from play) and it is still there."""
    pat = re.compile(r"^P([12]) returns (.+) from the discard pile to their hand$|^.+: (.+) returns to P([12])'s hand$")
    for seed in range(300):
        for st in sample_states(seed, every=1):
            if st.is_terminal():
                continue
            for line in reversed(st.log[-6:]):
                m = pat.match(line)
                if not m:
                    continue
                owner = int(m.group(1) or m.group(4)) - 1
                name = m.group(2) or m.group(3)
                if any(st.data.cards[i].name == name for i in st.data.hand[owner]):
                    return st, owner, name
    raise AssertionError("no card returned to a hand in the seeds tried")


def test_determinize_keeps_publicly_known_cards_in_the_opponents_hand():
    st, owner, name = _state_with_public_card_in_opponent_hand()
    viewer = 1 - owner
    for k in range(20):
        det = GAME.determinize(st, viewer, Rng(k))
        assert any(det.data.cards[i].name == name for i in det.data.hand[owner]), \
            f"{name} was seen returning to P{owner + 1}'s hand but determinize removed it"


# --------------------------------------------------------------------------- logs, in general
def _visible_to(st, p) -> set[int]:
    """Card instances ``p`` can see: own hand, discard piles, in play, Damage, Battle Zone, Events
    being resolved."""
    d = st.data
    out = set(d.hand[p]) | set(d.discard[0]) | set(d.discard[1]) | set(d.inplay[0]) | set(d.inplay[1])
    out |= {i for v in d.damage.values() for i in v}
    out |= {i for a in d.attacks for i in (a.card, a.dcard) if i >= 0}
    out |= set(d.resolving)
    return out


@pytest.mark.rule("MX-ZONE-12")
@pytest.mark.parametrize("seed", range(18))
def test_log_for_never_names_a_card_hidden_from_the_player(seed):
    """After each action, the new lines of ``log_for(p)`` may not name a card that was hidden
    from ``p`` before the action and still is after it (a draw, a mulligan bottom, a search, an
    automatic single option...), unless a card of that name is visible to ``p``."""
    a, b = PAIRS[seed % len(PAIRS)]
    st = GAME.new_state([a, b], seed=4000 + seed)
    r = Rng(seed)
    d = st.data
    everyone = set(range(len(d.cards)))
    names = {d.cards[i].name for i in everyone}
    logs = [st.log_for(p) for p in (0, 1)]
    visible = [_visible_to(st, p) for p in (0, 1)]
    checked = 0
    while not st.is_terminal():
        st.apply(r.choice(st.legal_actions()))
        for p in (0, 1):
            now = _visible_to(st, p)
            secret = everyone - visible[p] - now
            allowed = {d.cards[i].name for i in visible[p] | now}
            secret_names = {d.cards[i].name for i in secret} - allowed
            new_lines = st.log_for(p)[len(logs[p]):]
            for line in new_lines:
                leaked = [n for n in secret_names if n in line]
                assert not leaked, f"log_for({p}) names hidden {leaked}: {line!r} (seed {4000 + seed})"
            checked += len(new_lines)
            logs[p] = st.log_for(p)
            visible[p] = now
    assert checked > 100 and names


# --------------------------------------------------------------------------- issue 7, defect 7
def _det_hidden(det, p):
    """What a determinized copy for ``p`` made of the cards ``p`` cannot see."""
    d, o = det.data, 1 - p
    return (d.hand[o], d.deck[o], d.vp[p], d.deck[p], d.vp[o],
            None if det.decision is None else det.decision.to_json())


def _opponent_search_states(n: int):
    out = []
    for seed in range(800):
        for st in sample_states(seed, every=1):
            if not st.is_terminal() and st.decision.kind == "search":
                out.append(st)
                break
        if len(out) >= n:
            return out
    raise AssertionError("too few search decisions in the seeds tried")


@pytest.mark.rule("MX-ZONE-12")
def test_determinize_during_the_opponents_search_does_not_keep_their_deck():
    """Issue 7, defect 7: while the opponent searched their deck, determinize kept that deck
    (contents and order), so a lookahead bot learnt the opponent's hidden hand by elimination.
    The copy must not depend on which hidden cards are in the searcher's hand and which in
    their deck, nor on the deck's order."""
    r = Rng(7)
    moved = 0
    for st in _opponent_search_states(6):
        searcher = st.current_player()
        viewer = 1 - searcher
        cp = edited(st)
        d = cp.data
        hidden = [c for c in d.hand[searcher] if c not in d.revealed]
        ij = different_name_pair(d, hidden, d.deck[searcher], r)
        if ij is not None:
            i, j = ij
            i = d.hand[searcher].index(hidden[i])
            d.hand[searcher][i], d.deck[searcher][j] = d.deck[searcher][j], d.hand[searcher][i]
            moved += 1
        d.deck[searcher].reverse()
        for k in range(5):
            a, b = GAME.determinize(st, viewer, Rng(k)), GAME.determinize(cp, viewer, Rng(k))
            assert _det_hidden(a, viewer) == _det_hidden(b, viewer), \
                "determinize during the opponent's search depends on their real deck"
            # the copy's search offers cards of the searcher's deck in the copy, and every option applies
            opts = a.decision.params.options
            assert set(opts) <= set(a.data.deck[searcher])
            for act_ in a.legal_actions():
                a.clone().apply(act_.id)
    assert moved >= 3


@pytest.mark.rule("MX-ZONE-12")
def test_determinize_resamples_the_opponents_deck_while_they_search():
    st = _opponent_search_states(1)[0]
    searcher = st.current_player()
    decks = {tuple(GAME.determinize(st, 1 - searcher, Rng(k)).data.deck[searcher]) for k in range(10)}
    assert len(decks) > 5


def _after_own_mulligan():
    """A state where a player mulliganed and has not shuffled their deck since, with cards still
    hidden in it above the ones they put on the bottom."""
    for seed in range(400):
        for st in sample_states(seed, every=1):
            if st.is_terminal():
                continue
            d = st.data
            for p in (0, 1):
                k = len(d.known_bottom(p))
                if d.mulligan[p] and k >= 3 and len(d.deck[p]) > k + 3 and st.decision.kind != "search":
                    return st, p
    raise AssertionError("no mulligan in the seeds tried")


@pytest.mark.rule("MX-SETUP-7")
def test_determinize_keeps_the_cards_a_player_put_on_the_bottom_of_their_deck():
    """Issue 7, defect 7: a player knows the cards they put on the bottom of their deck (the
    mulligan's order) until the deck is shuffled; their copy keeps them there, in order, and
    resamples the rest. The opponent does not know them: their copy resamples the whole deck."""
    st, p = _after_own_mulligan()
    d = st.data
    bottom = d.known_bottom(p)
    n = len(bottom)
    changed_top = changed_opp = 0
    for k in range(12):
        det = GAME.determinize(st, p, Rng(k))
        assert det.data.deck[p][-n:] == bottom
        assert sorted(det.data.deck[p]) == sorted(d.deck[p])
        changed_top += det.data.deck[p][:-n] != d.deck[p][:-n]
        other = GAME.determinize(st, 1 - p, Rng(k))
        changed_opp += other.data.deck[p][-n:] != bottom
    assert changed_top > 6 and changed_opp > 6


def test_a_shuffle_forgets_the_bottom_of_a_deck():
    """After a search the deck is shuffled (MX-ZONE-3): nothing at its bottom is known any more."""
    for st in _opponent_search_states(3):
        searcher = st.current_player()
        s = edited(st)
        s.data.bottom[searcher] = min(3, len(s.data.deck[searcher]))  # as if after a mulligan
        s.apply("none")
        assert s.data.bottom[searcher] == 0 and s.data.known_bottom(searcher) == []
