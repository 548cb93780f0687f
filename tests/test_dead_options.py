"""Options that could do nothing now are not offered, in MetaX and MetaZoo (four-lane): mid-game
positions where the option is dead, then the same position once its effect has something to act
on. (MetaZoo 2022: test_dead_options_metazoo_2022.py; Metabaloids: the scenario file
tests/scenarios/metabaloids/mb-no-option-that-could-do-nothing.toml.)

MetaX has no "any time" cards: Events and Push effects are its optional plays (PR-MX-9). MetaZoo
(four-lane) has activated abilities and Caster Powers (PR-MZL-25); its Strategies may be played
for no effect (MZL-STRATEGY-5) and say so in their option."""
from __future__ import annotations

import pytest

import metatcg
from support import ids
from support import metax as mx
from support.metazoo import position as mzl_position, player


# --------------------------------------------------------------------------- MetaX
def _mx(p1: dict, p2: dict):
    return mx.position(metatcg.load_game("metax"), p1, p2, turn=5, active=0, first=0, step="planning",
                       seed=3, auto=False)


def _event(st, name: str) -> str:
    d = st.data
    return f"event:c{next(c for c in d.hand[0] if d.cards[c].name == name)}"


@pytest.mark.rule("PR-MX-9")
def test_metax_events_wait_for_something_to_act_on():
    dead = _mx({"mp": 3, "hand": ["Leech the Well", "Rally Horn"], "deck_size": 20,
                "character": ["Ironclad Paragon"]},
               {"mp": 0, "hand": ["Brawl 1"], "deck_size": 20, "character": ["Nightwatch Strategist"]})
    legal = ids(dead)
    assert _event(dead, "Leech the Well") not in legal          # the opponent has no MP to lose
    assert _event(dead, "Rally Horn") not in legal              # nothing of yours is Pushed
    assert "end_planning" in legal
    live = _mx({"mp": 3, "hand": ["Leech the Well", "Rally Horn"], "deck_size": 20,
                "character": [{"name": "Ironclad Paragon", "pushed": True}]},
               {"mp": 2, "hand": ["Brawl 1"], "deck_size": 20, "character": ["Nightwatch Strategist"]})
    assert {_event(live, "Leech the Well"), _event(live, "Rally Horn")} <= set(ids(live))


# --------------------------------------------------------------------------- MetaZoo (four-lane)
def _ability_ids(st, name: str) -> list[str]:
    d = st.data
    c = next(i for i in range(len(d.cards)) if d.cards[i].name == name)
    return [a for a in ids(st) if a.startswith(f"ability:c{c}:")]


@pytest.mark.rule("PR-MZL-25")
def test_metazoo_a_duel_waits_for_a_rival_creature_in_its_lane():
    """Salamander Duelist Duels a rival creature in its own lane: none there, no option."""
    me = player(aura=["Fire Aura"] * 2)
    alone = mzl_position(me, None, [{"terra": "Fire Starter", "p1": ["Salamander Duelist"]},
                                    {"terra": "Fire Starter", "p2": ["Earth Pup"]}])
    assert _ability_ids(alone, "Salamander Duelist") == []
    facing = mzl_position(me, None, [{"terra": "Fire Starter", "p1": ["Salamander Duelist"], "p2": ["Earth Pup"]}])
    assert _ability_ids(facing, "Salamander Duelist") != []
