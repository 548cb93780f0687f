"""Hidden information in MetaZoo (four-lane edition), zone by zone (the contract suite,
test_contract_hidden_info.py, checks views, logs and determinize for every registered game).

``view(p)`` must not depend on anything ``p`` may not know: the opponent's hand (except cards
revealed into it), the order of either main deck, the order of either Aura deck, the cards the
opponent is looking at (Discover), the RNG. We build pairs of states that differ only in such
hidden things (editing ``state.data`` of a clone directly) and compare the views.
``log_for(p)`` must hide what the opponent drew or looked at; ``determinize(state, p, rng)``
must keep every zone's size and every card ``p`` sees where it is.
"""
from __future__ import annotations

import itertools
import json
import re

import pytest

import metatcg
from metatcg.engine.rng import Rng
from support import hidden_info
from support.hidden_info import check_draws_named_only_to_the_drawer, different_name_pair, last, seen

GAME = metatcg.load_game("metazoo")
DECKS = GAME.starter_deck_names()
PAIRS = list(itertools.product(DECKS, DECKS))
LISTS = ("deck", "hand", "discard", "aura_deck", "aura_zone", "supply", "pool", "starters", "looking")


def edited(st):
    """A clone whose data we may edit (cached legal actions and continuous sources dropped)."""
    cp = hidden_info.edited(st)
    cp.data.srcs = None
    return cp


def sample_states(seed: int, every: int = 3, games: int = 1):
    """Decision points of seeded random games (every ``every``-th, plus the end)."""
    return hidden_info.sample_states(GAME, lambda seed, g: PAIRS[(seed * 5 + g) % len(PAIRS)], seed, every, games)


def searching(st, p) -> bool:
    """``p`` is looking through their own deck right now (its cards are offered by id)."""
    return not st.is_terminal() and st.current_player() == p and st.decision.kind == "search"


# --------------------------------------------------------------------------- views
@pytest.mark.parametrize("seed", range(10))
def test_view_does_not_depend_on_the_opponents_hand(seed):
    r = Rng(seed)
    swaps = 0
    for st in sample_states(seed, games=2):
        for p in (0, 1):
            o = 1 - p
            cp = edited(st)
            d = cp.data
            hidden = [c for c in d.hand[o] if c not in d.known]  # cards revealed into a hand are public
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


@pytest.mark.parametrize("seed", range(10))
def test_view_does_not_depend_on_deck_orders_aura_deck_orders_or_rng(seed):
    r = Rng(seed + 1000)
    checked = 0
    for st in sample_states(seed, games=2):
        cp = edited(st)
        d = cp.data
        for p in (0, 1):
            if not searching(st, p):
                d.deck[p].reverse()
                r.shuffle(d.deck[p])
            d.aura_deck[p].reverse()
            r.shuffle(d.aura_deck[p])
        cp.rng = Rng(st.rng.state ^ 0xDEADBEEF)
        for p in (0, 1):
            assert seen(cp, p) == seen(st, p), f"view({p}) depends on deck/Aura deck order or the RNG (seed {seed})"
        checked += 1
    assert checked > 20


def test_view_does_not_depend_on_what_the_opponent_is_looking_at():
    """While a player Discovers, the opponent sees how many cards they look at, not which."""
    r = Rng(4)
    checked = 0
    for seed in range(60):
        for st in sample_states(seed, every=1):
            if st.is_terminal():
                continue
            for o in (0, 1):
                d0 = st.data
                if not d0.looking[o]:
                    continue
                cp = edited(st)
                d = cp.data
                ij = different_name_pair(d, d.looking[o], d.deck[o], r)
                if ij is None:
                    continue
                i, j = ij
                d.looking[o][i], d.deck[o][j] = d.deck[o][j], d.looking[o][i]
                assert seen(cp, 1 - o) == seen(st, 1 - o), "view shows the cards the opponent looks at"
                assert seen(cp, o) != seen(st, o)
                checked += 1
        if checked >= 10:
            break
    assert checked >= 10


def _hidden_from(st, p) -> set[int]:
    d = st.data
    o = 1 - p
    hidden = {c for c in d.hand[o] if c not in d.known} | set(d.looking[o]) | set(d.starters[o])
    for q in (0, 1):
        hidden |= set(d.deck[q]) | set(d.aura_deck[q])
    if searching(st, p):
        hidden -= set(d.deck[p])  # p is looking through their own deck right now
    return hidden


def test_view_names_no_hidden_card_instance():
    n = 0
    for st in sample_states(3, every=1, games=10):
        for p in (0, 1):
            v = st.view(p)
            text = json.dumps(v)
            shown = {int(m) for m in re.findall(r'"c(\d+)"', text)}
            shown |= {int(m) for a in v["legal_actions"] for m in re.findall(r"c(\d+)", a["id"])}
            leaked = shown & _hidden_from(st, p)
            assert not leaked, f"view({p}) names hidden card instances {sorted(leaked)}"
            n += 1
    assert n > 1000


def test_view_counts_match_the_hidden_zones():
    for st in sample_states(5, every=4, games=4):
        d = st.data
        for p in (0, 1):
            v = st.view(p)
            for q in (0, 1):
                pv = v["players"][q]
                assert pv["hand_count"] == len(d.hand[q])
                assert pv["deck_count"] == len(d.deck[q])
                assert pv["aura_deck_count"] == len(d.aura_deck[q])
                assert pv["allied_supply_count"] == len(d.supply[q])
                assert pv["primary_outside_count"] == len(d.pool[q])
                if q == p:
                    assert [c["id"] for c in pv["hand"]] == [f"c{c}" for c in d.hand[q]]
                else:
                    assert pv["hand"] is None and pv["looking_at"] == len(d.looking[q])
                    assert {c["id"] for c in pv["revealed_in_hand"]} == {f"c{c}" for c in d.hand[q] if c in d.known}


# --------------------------------------------------------------------------- logs
@pytest.mark.parametrize("seed", range(6))
def test_log_for_hides_what_the_opponent_drew(seed):
    st = last(sample_states(seed, every=10 ** 9))
    assert st.is_terminal()
    full_draws = check_draws_named_only_to_the_drawer(st)
    assert all(len(v) >= 5 for v in full_draws.values())
    for p in (0, 1):
        opp = 2 - p
        for line in st.log_for(p):
            if line.startswith(f"P{opp} Discovers "):
                assert re.match(rf"^P{opp} Discovers \d+: looks at the top \d+ card\(s\) of their deck$", line), line
            if line.startswith(f"P{opp} puts ") and "bottom of their deck" in line:
                assert re.match(rf"^P{opp} puts (a card|\d+ more cards?) on the bottom of their deck$", line), line
            if line.startswith("(only choice)") and not line.startswith(f"(only choice) P{opp} takes"):
                pass  # p's own automatic choices are named for p


def test_log_for_hides_opponent_discover_and_bottom_cards():
    """Find games with a Discover and a bottom order, then compare the full and redacted logs."""
    found = {"discover": False, "bottom": False}
    for seed in range(100):
        st = last(sample_states(seed, every=10 ** 9))
        for p in (0, 1):
            o = 2 - p
            red = set(st.log_for(p))
            for line in st.log:
                if line.startswith(f"P{o} Discovers ") and "looks at the top" not in line:
                    found["discover"] = True
                    assert line not in red, line
                if line.startswith(f"P{o} puts ") and "on the bottom" in line:
                    found["bottom"] = True
                    assert line not in red, line
        if all(found.values()):
            break
    assert all(found.values()), found


def _visible_to(st, p) -> set[int]:
    """Card instances ``p`` can see: own hand and looking, cards revealed into the opponent's
    hand, discard piles, Aura zones and lanes, Casters, units, Terras, set-aside own Starter
    Terras, Strategies being resolved, cards being paid for."""
    d = st.data
    out = set(d.hand[p]) | set(d.looking[p]) | set(d.starters[p]) | {c for c in d.hand[1 - p] if c in d.known}
    for q in (0, 1):
        out |= set(d.discard[q]) | set(d.aura_zone[q]) | set(d.supply[q]) | set(d.pool[q])
        out.add(d.caster[q])
    for s in range(8):
        out |= set(d.units[s]) | set(d.enh[s])
    out |= {t for t in d.terra if t >= 0} | set(d.resolving) | set(d.paying)
    return out


@pytest.mark.parametrize("seed", range(14))
def test_log_for_never_names_a_card_hidden_from_the_player(seed):
    """After each action, the new lines of ``log_for(p)`` may not name a card that was hidden
    from ``p`` before the action and still is after it (a draw, a Discover, a bottom order, an
    automatic single option...), unless a card of that name is visible to ``p`` or ``p`` looked
    at it during the action (their own Discover, whose cards may go straight back under)."""
    a, b = PAIRS[seed * 3 % len(PAIRS)]
    st = GAME.new_state([a, b], seed=4000 + seed)
    r = Rng(seed)
    d = st.data
    logs = [st.log_for(p) for p in (0, 1)]
    visible = [_visible_to(st, p) for p in (0, 1)]
    checked = 0
    while not st.is_terminal():
        st.apply(r.choice(st.legal_actions()))
        d = st.data
        everyone = set(range(len(d.cards)))
        for p in (0, 1):
            now = _visible_to(st, p)
            # tokens are only ever in play (public), even one that came and went in this action
            secret = {i for i in everyone - visible[p] - now if not d.cards[i].token}
            allowed = sorted({d.cards[i].name for i in visible[p] | now}, key=len, reverse=True)
            secret_names = {d.cards[i].name for i in secret} - set(allowed)
            new_lines = st.log_for(p)[len(logs[p]):]
            for line in new_lines:
                me = f"P{p + 1} "
                own_look = line.startswith(me + "puts ") and "bottom of their deck" in line
                if own_look or line.startswith(me + "Discovers "):
                    continue  # p's own Discover: p looked at those cards during the action
                rest = line
                for name in allowed:  # names that contain a secret name ("Piasa Bird the ...")
                    rest = rest.replace(name, "")
                leaked = [n for n in secret_names if n in rest]
                assert not leaked, f"log_for({p}) names hidden {leaked}: {line!r} (seed {4000 + seed})"
            checked += len(new_lines)
            logs[p] = st.log_for(p)
            visible[p] = now
    assert checked > 200


# --------------------------------------------------------------------------- determinize
def zone_sizes(st):
    d = st.data
    return {z: [len(getattr(d, z)[p]) for p in (0, 1)] for z in LISTS}


def all_cards(st):
    d = st.data
    out = [i for z in LISTS for p in (0, 1) for i in getattr(d, z)[p]]
    out += [i for s in range(8) for i in d.units[s] + d.enh[s]]
    out += [t for t in d.terra if t >= 0] + list(d.resolving) + list(d.paying)
    out += [c for c in d.caster if c not in d.lane_of]
    return sorted(out)


@pytest.mark.parametrize("seed", range(10))
def test_determinize_keeps_what_the_player_sees(seed):
    r = Rng(seed + 77)
    changed = 0
    total = 0
    for st in sample_states(seed, every=2, games=2):
        for p in (0, 1):
            o = 1 - p
            sd = st.data
            before = json.dumps(st.to_json(), sort_keys=True)
            det = GAME.determinize(st, p, r)
            # (the contract suite checks that p's view and log stay the same)
            assert zone_sizes(det) == zone_sizes(st)
            assert all_cards(det) == all_cards(st)
            dd = det.data
            assert dd.hand[p] == sd.hand[p] and dd.looking[p] == sd.looking[p]
            for z in ("discard", "aura_zone", "supply", "pool", "starters"):
                assert getattr(dd, z) == getattr(sd, z), z
            assert dd.units == sd.units and dd.enh == sd.enh and dd.terra == sd.terra
            assert dd.mp == sd.mp and dd.damage == sd.damage and dd.tapped == sd.tapped and dd.mods == sd.mods
            assert dd.resolved == sd.resolved and dd.caster_down == sd.caster_down and dd.known == sd.known
            # the opponent's cards revealed into their hand stay there
            assert [c for c in dd.hand[o] if c in sd.known] == [c for c in sd.hand[o] if c in sd.known]
            # hidden cards are only shuffled among the hidden places of their owner
            assert sorted(dd.hand[o] + dd.deck[o] + dd.looking[o]) == sorted(sd.hand[o] + sd.deck[o] + sd.looking[o])
            assert sorted(dd.deck[p]) == sorted(sd.deck[p])
            for q in (0, 1):
                assert sorted(dd.aura_deck[q]) == sorted(sd.aura_deck[q])
            if searching(st, p):
                assert dd.deck[p] == sd.deck[p], "the deck p is searching keeps its order"
            total += 1
            if sorted(dd.hand[o]) != sorted(sd.hand[o]):
                changed += 1
            # the original is untouched
            assert json.dumps(st.to_json(), sort_keys=True) == before
    assert changed > total // 4, "determinize should resample the opponent's hand"


def _first_state_with(kind: str):
    for seed in range(500):
        for st in sample_states(seed, every=1):
            if not st.is_terminal() and st.decision.kind == kind:
                return st
    raise AssertionError(f"no {kind} decision in the seeds tried")


@pytest.mark.parametrize("kind", ["search", "discover", "bottom", "discard"])
def test_determinize_during_a_hidden_decision_keeps_actions_applicable(kind):
    """While a player searches, Discovers, orders the bottom or discards, both players'
    determinizations still offer only actions that apply."""
    st = _first_state_with(kind)
    for viewer in (0, 1):
        for k in range(20):
            det = GAME.determinize(st, viewer, Rng(k))
            assert det.view(viewer) == st.view(viewer)
            for a in det.legal_actions():
                det.clone().apply(a.id)
