"""MetaZoo 2022 Tokens made deep inside an Effect (issue 28, mutation survivors of
``deckcheck.token_names``): a Token created in a die roll's branch, a choice's option or a
"may" is still a Token, never a deck Page."""
from __future__ import annotations

import pytest

from metatcg.engine.decks import parse_deck_text
from metatcg.games.metazoo_2022 import deckcheck
from metatcg.games.metazoo_2022.cards import PagePool, parse_pages


def token(name: str) -> str:
    return (f'{{ op = "create_token", page = {{ name = "{name}", type = "beastie", lp = 10, '
            f'attack = [{{ name = "Buzz", damage = 5 }}] }} }}')


TEXT = f"""
[[page]]
name = "Water Aura"
type = "aura"
aura = "water"

[[page]]
name = "Test Dice Swarm"
type = "spell"
cost = [{{ aura = "water", n = 1 }}]

[[page.effect]]
when = "cast"
do = [{{ op = "roll", branches = [{{ faces = [1, 2, 3], do = [{token("Die Gnat")}] }},
                                  {{ faces = [4, 5, 6], do = [{{ op = "may", do = [{token("Lucky Gnat")}] }}] }}] }}]

[[page]]
name = "Test Pick Swarm"
type = "spell"
cost = [{{ aura = "water", n = 1 }}]

[[page.effect]]
when = "cast"
do = [{{ op = "choose", options = [[{token("Chosen Gnat")}], [{{ op = "bookmark", n = 1 }}]] }}]
"""
POOL = PagePool(parse_pages(TEXT, "mutants-decks.toml"))


@pytest.mark.rule("MZ22-BOOK-9")
def test_tokens_made_in_roll_branches_options_and_mays_are_never_deck_pages():
    assert deckcheck.token_names(POOL) == {"Die Gnat", "Lucky Gnat", "Chosen Gnat"}
    deck = parse_deck_text("40 Water Aura\n1 Die Gnat\n", "t")
    assert deckcheck.check_deck(POOL, deck) == [
        "'Die Gnat' is a Token; a Token can never be put into a Spellbook or an Archive (MZ22-BOOK-9)"]
