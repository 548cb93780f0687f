"""Issue 7 defect 4: bad deck text is a DeckError naming the line, never a crash or a
huge list; counts are bounded before anything is built."""
from __future__ import annotations

import tracemalloc

import pytest

from metatcg.engine.decks import MAX_CARDS, MAX_COPIES, parse_deck_text
from metatcg.engine.errors import DeckError


@pytest.mark.parametrize("text, says", [
    ("\u00b2 Brawl 1", "expected '<count> <card name>'"),          # str.isdigit accepts '²'
    ("\u0663 Brawl 1", "expected '<count> <card name>'"),          # an Arabic-Indic three
    ("1000000000000 Brawl 1", "more than any deck holds"),         # once a MemoryError
    ("10000000 Brawl 1", "more than any deck holds"),              # once a 10-million list
    (f"{MAX_COPIES + 1} Brawl 1", f"at most {MAX_COPIES}"),
    ("0 Brawl 1", "at least 1"),
    ("Brawl 1", "expected '<count> <card name>'"),
    ("", "no cards"),
])
def test_bad_deck_text_is_a_clear_deck_error(text, says):
    with pytest.raises(DeckError, match=says) as err:
        parse_deck_text(text, "mine")
    assert str(err.value).startswith("mine")


def test_a_whole_list_is_bounded_before_it_grows():
    lines = "\n".join(f"{MAX_COPIES} Card {i}" for i in range(MAX_CARDS // MAX_COPIES + 1))
    tracemalloc.start()
    with pytest.raises(DeckError, match="passes 10000 cards"):
        parse_deck_text(lines)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert peak < 2_000_000


def test_a_byte_order_mark_is_not_part_of_line_one(tmp_path):
    path = tmp_path / "bom.txt"
    path.write_bytes("\ufeff# with a BOM\n3 Brawl 1\n2x Brawl 2\n".encode("utf-8"))
    from metatcg.engine.decks import read_deck_file
    deck = read_deck_file(path)
    assert deck.cards == ("Brawl 1",) * 3 + ("Brawl 2",) * 2 and deck.description == "with a BOM"


def test_a_deck_list_must_be_text():
    with pytest.raises(DeckError, match="is text"):
        parse_deck_text(b"3 Brawl 1")  # type: ignore[arg-type]
