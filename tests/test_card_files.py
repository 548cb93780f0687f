"""A broken card file fails with file, card and field named (both games)."""
import pytest

import metatcg
from metatcg.engine.errors import CardDataError

CASES = [
    ("metax", '[[card]]\nname = "X"\ntype = "battle"\nstats = ["strength"]\nrank = 9\nmp = 0\n',
     "bad.toml: card #1 'X': field rank:"),
    ("metax", '[[card]]\nname = "Z"\ntype = "event"\nmp = -1\n[[card.effect]]\nkind = "play"\n'
              'do = [{ op = "draw", count = 9 }]\n',
     "bad.toml: card #1 'Z': field effect.#1.do.#1.count:"),
    # "cost" is also the name of a MetaZoo op: it must still read as the card's field
    ("metazoo", '[[card]]\nname = "Y"\ntype = "creature"\naura = "fire"\ncost = -1\ninfluence = 2\n',
     "bad.toml: card #1 'Y': field cost:"),
    ("metazoo", '[[card]]\nname = "W"\ntype = "strategy"\naura = "fire"\ncost = 1\n[[card.ability]]\n'
                'kind = "on_play"\ndo = [{ op = "draw", count = 99 }]\n',
     "bad.toml: card #1 'W': field ability.#1.do.#1.count:"),
    ("metax", '[[card]]\nname = "V"\ntype = "battle"\n', "bad.toml: card #1 'V': field"),
    ("metazoo", "[[card]\nname = 1\n", "bad.toml: not valid TOML"),
]


@pytest.mark.parametrize("game_id, text, message", CASES)
def test_broken_card_names_file_card_and_field(game_id, text, message):
    game = metatcg.load_game(game_id)
    with pytest.raises(CardDataError) as e:
        game.parse_cards(text, "bad.toml")
    assert message in str(e.value)
