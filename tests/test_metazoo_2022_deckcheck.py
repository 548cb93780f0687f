"""MetaZoo 2022 Spellbook construction: each deck rule with a failing and a passing case, and
nothing else reported."""
from __future__ import annotations

import pytest

from metatcg.engine.decks import Deck, parse_deck_text, unknown_card_message
from metatcg.games.metazoo_2022 import deckcheck
from metatcg.games.metazoo_2022.cards import PagePool, parse_pages
from metatcg.games.metazoo_2022.deckcheck import (MAX_ARCHIVE, MAX_SPELLBOOK, MIN_SPELLBOOK,
                                                  archive, check_deck, spellbook)


def beastie(name: str, extra: str = "") -> str:
    return (f'[[page]]\nname = "{name}"\ntype = "beastie"\nlp = 50\n'
            f'cost = [{{ aura = "water", n = 1 }}]\nstrong_against = ["flame"]\n{extra}'
            f'attack = [{{ name = "Bite", damage = 30 }}]\n')


TEXT = "\n".join([
    '[[page]]\nname = "Water Aura"\ntype = "aura"\naura = "water"\n',
    '[[page]]\nname = "Brook Prism"\ntype = "aura"\nspecial = true\naura = "water"\n'
    'produces = ["water", "frost"]\nlimit = 2\n',
    beastie("Marsh Wisp", 'identity = "marsh-wisp"\nlimit = 2\n'),
    beastie("Bog Wisp", 'identity = "marsh-wisp"\nlimit = 2\n'),            # a reprint
    beastie("Marsh Wisp (Nightfall)", 'identity = "marsh-wisp-nightfall"\nlimit = 2\n'),
    beastie("River Pike", "limit = 3\n"),
    beastie("Pond Newt"),                                                   # no limit
    '[[page]]\nname = "Call the Swarm"\ntype = "spell"\n[[page.effect]]\nwhen = "cast"\n'
    'do = [{ op = "create_token", page = { name = "Swarm Gnat", type = "beastie", lp = 10, '
    'attack = [{ name = "Buzz", damage = 5 }] } }]\n',
])
POOL = PagePool(parse_pages(TEXT, "test.toml"))


def deck(main: dict[str, int], arch: dict[str, int] | None = None, extra: str = "") -> Deck:
    lines = ["# a test deck"] + [f"{n} {nm}" for nm, n in main.items()]
    if arch:
        lines += ["[archive]"] + [f"{n} {nm}" for nm, n in arch.items()]
    return parse_deck_text("\n".join(lines) + "\n" + extra, "t")


def book(n: int = 40, **pages: int) -> dict[str, int]:
    """A Spellbook of ``n`` Pages: the given Pages topped up with Water Aura."""
    named = {k.replace("_", " "): v for k, v in pages.items()}
    return {**named, "Water Aura": n - sum(named.values())}


def test_constants():
    assert (MIN_SPELLBOOK, MAX_SPELLBOOK, MAX_ARCHIVE) == (40, 200, 15)


def test_spellbook_and_archive_helpers():
    d = deck({"Water Aura": 38, "River Pike": 2}, {"Pond Newt": 3})
    assert spellbook(d) == ("Water Aura",) * 38 + ("River Pike",) * 2
    assert archive(d) == ("Pond Newt",) * 3
    assert archive(deck({"Water Aura": 40})) == ()


def test_a_legal_deck_has_no_problem():
    assert check_deck(POOL, deck(book(River_Pike=3, Pond_Newt=4), {"Pond Newt": 2})) == []


def test_unknown_page():
    problems = check_deck(POOL, deck(book(**{"River Pik": 1})))
    assert problems == [unknown_card_message("River Pik", POOL.names())]
    assert "River Pike" in problems[0]


@pytest.mark.rule("MZ22-BOOK-9", "MZ22-TOKEN-3")
def test_a_token_is_never_a_deck_page():
    assert deckcheck.token_names(POOL) == {"Swarm Gnat"}
    problems = check_deck(POOL, deck(book(), {"Swarm Gnat": 1}))
    assert problems == ["'Swarm Gnat' is a Token; a Token can never be put into a Spellbook or an "
                        "Archive (MZ22-BOOK-9)"]


@pytest.mark.rule("MZ22-BOOK-1")
def test_spellbook_needs_40_pages():
    assert check_deck(POOL, deck(book(40))) == []
    problems = check_deck(POOL, deck(book(39)))
    assert problems == ["a Spellbook needs at least 40 Pages; this one has 39 (MZ22-BOOK-1)"]
    # the Archive does not count towards the 40
    problems = check_deck(POOL, deck(book(39), {"Pond Newt": 5}))
    assert problems == ["a Spellbook needs at least 40 Pages; this one has 39 (MZ22-BOOK-1)"]


@pytest.mark.rule("MZ22-BOOK-8")
def test_technical_cap_on_spellbook_size():
    assert check_deck(POOL, deck(book(MAX_SPELLBOOK))) == []
    problems = check_deck(POOL, deck(book(MAX_SPELLBOOK + 1)))
    assert problems == ["a Spellbook holds at most 200 Pages (technical cap); this one has 201 "
                        "(MZ22-BOOK-8)"]


@pytest.mark.rule("MZ22-ARCH-1", "MZ22-ARCH-2", "MZ22-BOOK-4")
def test_archive_holds_at_most_15():
    assert check_deck(POOL, deck(book())) == []                               # optional
    assert check_deck(POOL, deck(book(), {"Pond Newt": 15})) == []
    problems = check_deck(POOL, deck(book(), {"Pond Newt": 16}))
    assert problems == ["an Archive holds at most 15 Pages; this one has 16 (MZ22-ARCH-1)"]


def test_unknown_section():
    problems = check_deck(POOL, deck(book(), extra="[side]\n1 Pond Newt\n"))
    assert problems == ["unknown section [side]: a deck list has the Spellbook (plain lines) and "
                        "an optional [archive] (MZ22-ARCH-1)"]


@pytest.mark.rule("MZ22-BOOK-5", "MZ22-LAYOUT-1")
def test_limit_counts_spellbook_and_archive_together():
    assert check_deck(POOL, deck(book(River_Pike=3))) == []
    assert check_deck(POOL, deck(book(River_Pike=2), {"River Pike": 1})) == []
    problems = check_deck(POOL, deck(book(River_Pike=2), {"River Pike": 2}))
    assert problems == ["4 copies of 'River Pike' (Spellbook and Archive together); its Spellbook "
                        "Limit is 3 (MZ22-BOOK-5)"]
    problems = check_deck(POOL, deck(book(River_Pike=4)))
    assert problems == ["4 copies of 'River Pike'; its Spellbook Limit is 3 (MZ22-BOOK-5)"]


@pytest.mark.rule("MZ22-BOOK-6")
def test_no_printed_limit_means_no_cap():
    assert check_deck(POOL, deck(book(Pond_Newt=30), {"Pond Newt": 10})) == []


@pytest.mark.rule("MZ22-BOOK-7", "MZ22-BOOK-9")
def test_reprints_share_one_limit_by_identity():
    assert check_deck(POOL, deck(book(Marsh_Wisp=1, Bog_Wisp=1))) == []
    problems = check_deck(POOL, deck(book(Marsh_Wisp=1, Bog_Wisp=1), {"Bog Wisp": 1}))
    assert problems == ["3 copies of 'Marsh Wisp' and 'Bog Wisp' (Spellbook and Archive together): "
                        "one Page (identity 'marsh-wisp') with one Spellbook Limit of 2 (MZ22-BOOK-7)"]


@pytest.mark.rule("MZ22-LAYOUT-2")
def test_mechanically_different_versions_count_separately():
    # "Marsh Wisp" of another set with different mechanics has its own identity and limit.
    d = deck(book(**{"Marsh Wisp": 2, "Marsh Wisp (Nightfall)": 2}))
    assert check_deck(POOL, d) == []
    d = deck(book(**{"Marsh Wisp": 2, "Marsh Wisp (Nightfall)": 3}))
    assert check_deck(POOL, d) == ["3 copies of 'Marsh Wisp (Nightfall)'; its Spellbook Limit is 2 "
                                   "(MZ22-BOOK-5)"]


@pytest.mark.rule("MZ22-PAGE-2")
def test_basic_aura_unlimited_special_aura_limited():
    assert check_deck(POOL, deck(book(60), {"Water Aura": 15})) == []
    assert check_deck(POOL, deck(book(Brook_Prism=2))) == []
    problems = check_deck(POOL, deck(book(Brook_Prism=3)))
    assert problems == ["3 copies of 'Brook Prism'; its Spellbook Limit is 2 (MZ22-BOOK-5)"]


def test_several_problems_are_all_reported():
    problems = check_deck(POOL, deck({"Water Aura": 10, "River Pike": 5, "Nope": 1}, {"Pond Newt": 20}))
    assert [p.rsplit("(", 1)[-1] for p in problems] == [
        unknown_card_message("Nope", POOL.names()).rsplit("(", 1)[-1],
        "MZ22-BOOK-1)", "MZ22-ARCH-1)", "MZ22-BOOK-5)"]
