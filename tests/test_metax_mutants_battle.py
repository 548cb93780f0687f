"""Links to an attack and a defender's named Stat (battle.py; issue 28: mutation survivors):
who may Link, at what MP, and the Stat a Multi-Stat defending card names."""
from __future__ import annotations

import functools

import pytest

from support import metax as mx

CARDS = '''
[[card]]
name = "B Lead"
type = "character"
trait = "Test"
mp = 0
stats = { strength = 4, special = 3 }

[[card]]
name = "B Mate"
type = "character"
trait = "Test"
mp = 0
stats = { strength = 3 }

[[card]]
name = "B Third"
type = "character"
trait = "Test"
mp = 0
stats = { strength = 2 }

[[card]]
name = "B Weak"
type = "character"
trait = "Test"
mp = 0
stats = { strength = 1 }

[[card]]
name = "B Sage"
type = "character"
trait = "Test"
mp = 0
stats = { special = 3 }

[[card]]
name = "B Rally Blow"
type = "battle"
stats = ["strength"]
rank = 2
mp = 0
text = "Attack: Prep this Character."
[[card.effect]]
kind = "attack"
do = [{ op = "prep", target = { who = "self" } }]
'''


@functools.cache
def game():
    return mx.stand_in_game(CARDS, "<mutants-battle>")


def _battle(p1: dict, p2: dict | None = None):
    p1 = {"deck": ["Brawl 1"], **p1}
    p2 = p2 or {"character": [{"name": "B Mate", "entered_turn": 1}], "hand": ["Brawl 3"]}
    return mx.position(game(), p1, p2, turn=3, active=0, first=0, step="battle", seed=8, auto=False)


def _find(st, name: str, p: int, zone: str = "inplay") -> int:
    d = st.data
    return next(c for c in getattr(d, zone)[p] if d.cards[c].name == name)


def _old(*names: str) -> list[dict]:
    return [{"name": n, "entered_turn": 1} for n in names]


@pytest.mark.rule("MX-TEAM-2")
@pytest.mark.parametrize("mp, links", [(3, False), (4, True)])
def test_a_link_is_offered_only_with_5_mp(mp, links):
    st = _battle({"mp": mp, "hand": ["Brawl 3"], "character": _old("B Lead", "B Mate")})
    st.apply(f"attack:c{_find(st, 'B Lead', 0)}/c{_find(st, 'Brawl 3', 0, 'hand')}")
    assert st.data.mp[0] == mp + 1  # Brawl 3 gives 1 MP when played
    assert (st.decision.kind == "link") is links
    if links:
        assert [a.id for a in st.legal_actions()] == [f"link:c{_find(st, 'B Mate', 0)}", "no_link"]


@pytest.mark.rule("MX-TEAM-16")
def test_a_character_already_in_battle_cannot_link_to_the_next_attack():
    st = _battle({"mp": 10, "hand": ["Brawl 3", "Brawl 2"], "character": _old("B Lead", "B Mate", "B Third")})
    lead, mate, third = (_find(st, n, 0) for n in ("B Lead", "B Mate", "B Third"))
    st.apply(f"attack:c{lead}/c{_find(st, 'Brawl 3', 0, 'hand')}")
    assert {a.id for a in st.legal_actions()} == {f"link:c{mate}", f"link:c{third}", "no_link"}
    st.apply("no_link")
    st.apply(f"attack:c{mate}/c{_find(st, 'Brawl 2', 0, 'hand')}")
    assert st.decision.kind == "link"
    assert [a.id for a in st.legal_actions()] == [f"link:c{third}", "no_link"]  # not the first attack's lead


@pytest.mark.rule("MX-MULTI-7")
def test_a_multi_stat_defending_card_keeps_the_stat_its_player_names():
    st = _battle({"mp": 6, "hand": ["Twin Fang"], "character": _old("B Lead", "B Mate")},
                 {"hand": ["Twin Fang"], "character": _old("B Lead")})
    lead, mate, blocker = _find(st, "B Lead", 0), _find(st, "B Mate", 0), _find(st, "B Lead", 1)
    st.apply(f"attack:c{lead}/c{_find(st, 'Twin Fang', 0, 'hand')}")
    st.apply(f"link:c{mate}:strength")
    st.apply("end_attacks")
    st.apply(f"defend:c{blocker}->c{lead}")
    fang = _find(st, "Twin Fang", 1, "hand")
    assert {a.id for a in st.legal_actions()} == {f"with:c{fang}:strength", f"with:c{fang}:special"}
    st.apply(f"with:c{fang}:special")
    atk = st.data.attacks[0]
    assert (atk.defender, atk.dcard, atk.dstat) == (blocker, fang, "special")


@pytest.mark.rule("MX-TEAM-16")
def test_a_lead_prepped_by_its_own_attack_is_still_in_battle_and_cannot_link():
    st = _battle({"mp": 10, "hand": ["B Rally Blow", "Brawl 2"], "character": _old("B Lead", "B Mate", "B Third")})
    lead, mate, third = (_find(st, n, 0) for n in ("B Lead", "B Mate", "B Third"))
    st.apply(f"attack:c{lead}/c{_find(st, 'B Rally Blow', 0, 'hand')}")
    st.apply("no_link")
    d = st.data
    assert lead not in d.pushed and lead in d.in_battle  # its card's effect Prepped it
    st.apply(f"attack:c{mate}/c{_find(st, 'Brawl 2', 0, 'hand')}")
    assert [a.id for a in st.legal_actions()] == [f"link:c{third}", "no_link"]


@pytest.mark.rule("MX-TEAM-2")
def test_a_character_with_rank_1_in_the_stat_may_link():
    st = _battle({"mp": 10, "hand": ["Brawl 3"], "character": _old("B Lead", "B Weak")})
    st.apply(f"attack:c{_find(st, 'B Lead', 0)}/c{_find(st, 'Brawl 3', 0, 'hand')}")
    assert st.decision.kind == "link"
    assert f"link:c{_find(st, 'B Weak', 0)}" in {a.id for a in st.legal_actions()}


@pytest.mark.rule("MX-MULTI-7")
def test_a_multi_stat_defending_card_counts_as_the_stat_its_defender_can_use():
    """Outside a Team Attack nobody names the Stat: a Multi-Stat card counts as the first of its
    Stats its defender has (B Sage has only Special, Twin Fang lists Strength first)."""
    st = _battle({"mp": 6, "hand": ["Brawl 3"], "character": _old("B Lead")},
                 {"hand": ["Twin Fang"], "character": _old("B Sage")})
    lead, sage = _find(st, "B Lead", 0), _find(st, "B Sage", 1)
    st.apply(f"attack:c{lead}/c{_find(st, 'Brawl 3', 0, 'hand')}")
    if st.decision.kind == "link":
        st.apply("no_link")
    st.apply("end_attacks")
    st.apply(f"defend:c{sage}->c{lead}")
    fang = _find(st, "Twin Fang", 1, "hand")
    st.apply(next(a.id for a in st.legal_actions() if a.id.startswith(f"with:c{fang}")))
    assert st.data.attacks[0].dstat == "special"
