"""Which Characters an effect may target (effects.target_candidates; issue 28: mutation
survivors): the side it names, then each filter of the target (state, Rank, trait)."""
from __future__ import annotations

import functools

import pytest

from support import metax as mx


def _sap(name: str, target: str) -> str:
    return f'''
[[card]]
name = "{name}"
type = "event"
mp = 0
text = "A Character gets -1 Strength this turn."
[[card.effect]]
kind = "play"
do = [{{ op = "buff", target = {{ {target} }}, stat = "strength", amount = -1, duration = "turn" }}]
'''


CARDS = '''
[[card]]
name = "T Small"
type = "character"
trait = "Test"
mp = 0
stats = { strength = 3 }

[[card]]
name = "T Big"
type = "character"
trait = "Elite"
mp = 0
stats = { strength = 5 }
''' + "".join(_sap(n, t) for n, t in [
    ("T Sap Mine", 'who = "you"'),
    ("T Sap Theirs", 'who = "opponent"'),
    ("T Sap Prepped", 'who = "any", state = "prepped"'),
    ("T Sap Pushed", 'who = "any", state = "pushed"'),
    ("T Sap Small", 'who = "any", max_rank = 3'),
    ("T Sap Elite", 'who = "any", trait = "Elite"'),
]) + '''
[[card]]
name = "T Mend"
type = "event"
mp = 0
text = "Discard all Damage from a Character you control."
[[card.effect]]
kind = "play"
do = [{ op = "clear_damage", target = { who = "you" } }]
'''


@functools.cache
def game():
    return mx.stand_in_game(CARDS, "<mutants-targets>")


@pytest.mark.parametrize("event, expected", [
    ("T Sap Mine", {"P1 T Small", "P1 T Big"}),
    ("T Sap Theirs", {"P2 T Small", "P2 T Big"}),
    ("T Sap Prepped", {"P1 T Big", "P2 T Small"}),
    ("T Sap Pushed", {"P1 T Small", "P2 T Big"}),
    ("T Sap Small", {"P1 T Small", "P2 T Small"}),
    ("T Sap Elite", {"P1 T Big", "P2 T Big"}),
])
def test_an_effect_targets_the_characters_its_target_allows(event, expected):
    """Each side has T Small (Strength 3, Test) and T Big (Strength 5, Elite); P1's T Small and
    P2's T Big are Pushed."""
    st = mx.position(
        game(),
        {"hand": [event], "deck": ["Brawl 1"],
         "character": [{"name": "T Small", "pushed": True}, "T Big"]},
        {"character": ["T Small", {"name": "T Big", "pushed": True}]},
        turn=3, active=0, first=0, step="planning", seed=2, auto=False)
    d = st.data
    st.apply(f"event:c{d.hand[0][0]}")
    assert st.decision.kind == "target"
    assert {f"P{d.owner[c] + 1} {d.cards[c].name}" for c in st.decision.params.options} == expected


@pytest.mark.rule("PR-MX-9")
def test_only_a_character_with_damage_may_have_its_damage_discarded():
    st = mx.position(game(), {"hand": ["T Mend"], "deck": ["Brawl 1"], "character": ["T Small", "T Big"]},
                     {"character": ["T Small"]}, turn=3, active=0, first=0, step="planning", seed=2, auto=False)
    assert not any(a.id.startswith("event:") for a in st.legal_actions())  # nothing to discard
    st = mx.position(game(), {"hand": ["T Mend"], "deck": ["Brawl 1"],
                              "character": ["T Small", {"name": "T Big", "damage": ["Brawl 1"]}]},
                     {"character": ["T Small"]}, turn=3, active=0, first=0, step="planning", seed=2, auto=False)
    d = st.data
    st.apply(f"event:c{d.hand[0][0]}")
    assert [d.cards[c].name for c in st.decision.params.options] == ["T Big"]



def test_two_options_of_one_label_read_apart_by_where_each_card_is():
    """Two options that would read alike (a copy of T Small in hand and one in the discard pile,
    as when one copy's trigger outlives it) are told apart in the game's own words, the place
    of each card; never a bare "1st"/"2nd" (MetaXRules.distinct_labels)."""
    from metatcg.engine.action import Action

    st = mx.position(game(), {"hand": ["T Small"], "discard": ["T Small"], "deck": ["Brawl 1"]},
                     {"character": ["T Big"]}, turn=3, active=0, first=0, step="planning", seed=2, auto=False)
    d = st.data
    held, gone = d.hand[0][0], d.discard[0][0]
    alike = (Action(f"pick:c{held}", "Pick T Small"), Action(f"pick:c{gone}", "Pick T Small"))
    told = st.rules.distinct_labels(st, alike)
    assert [a.label for a in told] == ["Pick T Small (1st in hand)", "Pick T Small (1st in the discard pile)"]
