"""A MetaX card file read into definitions keeps what the file says and adds nothing: a
Character's text, an empty collector number where the file gives none, a Battle Card's
effects, and a file read without a path is named as the game names it (issue 28: mutation
survivors of cards.py). Each test parses its cards itself: the pools the other tests load at
import would hide a wrong definition behind a cached one."""
from __future__ import annotations

import pytest

from metatcg.engine.errors import CardDataError
from metatcg.games.metax.cards import parse_cards

CARDS = '''
[[card]]
name = "F Scout"
type = "character"
trait = "Test"
mp = 1
stats = { strength = 2 }
text = "A plain Character."

[[card]]
name = "F Numbered"
type = "character"
trait = "Test"
number = "F-007"
mp = 1
stats = { special = 3 }

[[card]]
name = "F Hook"
type = "battle"
stats = ["strength"]
rank = 2
mp = 0
text = "Attack: draw a card."
[[card.effect]]
kind = "attack"
do = [{ op = "draw", count = 1 }]
'''


def _defs() -> dict:
    return {c.name: c for c in parse_cards(CARDS, "mutants-cardfile")}


def test_a_character_keeps_its_text_and_has_no_number_unless_the_file_gives_one():
    defs = _defs()
    scout, numbered = defs["F Scout"], defs["F Numbered"]
    assert scout.text == "A plain Character."
    assert scout.summary().endswith(" — A plain Character.")
    assert scout.number == ""  # nothing for the terminal to show as a collector number
    assert numbered.number == "F-007"
    assert numbered.text == "" and "—" not in numbered.summary()[len("F Numbered — "):]


def test_a_battle_card_keeps_its_attack_effect():
    hook = _defs()["F Hook"]
    assert hook.rank == 2 and hook.battle_stats == ("strength",)
    (effect,) = hook.effects
    assert effect.kind == "attack" and [op.op for op in effect.do] == ["draw"]


def test_a_card_file_read_without_a_path_is_named_as_the_game_names_it():
    with pytest.raises(CardDataError, match=r"^<cards>: not valid TOML"):
        parse_cards("[[card]\n")
