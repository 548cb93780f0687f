"""Metabaloids card pool, starter decks and deck check (MB-CARD, MB-DECK)."""
from __future__ import annotations

import re
import typing
from collections import Counter
from pathlib import Path

import pytest

from metatcg.engine.decks import Deck, read_deck_file
from metatcg.engine.errors import CardDataError
from metatcg.games.metabaloids import schema
from metatcg.games.metabaloids.cards import CARD_DIR, CardDef, load_pool, parse_cards
from metatcg.games.metabaloids.deckcheck import check_deck, deck_points

DECK_DIR = Path(schema.__file__).parent / "decks"
POOL = load_pool()
CARDS: list[CardDef] = list(POOL.by_name.values())
DECKS = {p.stem: read_deck_file(p) for p in sorted(DECK_DIR.glob("*.txt"))}


def ops_of(c: CardDef) -> list[tuple[str, int, typing.Any]]:
    """(timing, cost, op) for every op a card uses."""
    if c.is_event:
        return [(c.event_timing, c.cost, o) for o in c.event_ops]
    return [(a.timing, a.cost, o) for a in c.abilities for o in a.do]


def all_op_names() -> set[str]:
    union = typing.get_args(typing.get_args(schema.Op)[0])
    return {typing.get_args(m.model_fields["op"].annotation)[0] for m in union}


# ------------------------------------------------------------------ the pool
def test_pool_loads_from_several_files_with_a_header():
    files = sorted(CARD_DIR.glob("*.toml"))
    assert len(files) >= 4
    for f in files:
        assert f.read_text(encoding="utf-8").startswith("#"), f"{f.name} has no comment header"
        assert parse_cards(f.read_text(encoding="utf-8"), f.name)
    assert len(POOL) >= 60


def test_counts_per_rarity_and_type():
    by_rarity = Counter(c.rarity for c in CARDS)
    assert set(by_rarity) == set(schema.RARITIES)
    assert by_rarity["common"] > by_rarity["uncommon"] > by_rarity["rare"] > by_rarity["super_rare"] >= 5
    events = [c for c in CARDS if c.is_event]
    assert len(events) >= 12
    assert {c.rarity for c in events} == set(schema.RARITIES)
    assert len([c for c in events if c.promo]) >= 3
    assert {c.event_timing for c in events} == {"any_time", "own_turn", "attack"}


def test_costs_follow_rarity_within_a_band():
    for c in CARDS:
        base = schema.RARITY_COST[c.rarity]
        assert base <= c.cost <= base + 1, c.name


@pytest.mark.rule("MB-CARD-12")
def test_an_unprinted_number_counts_as_0_and_cost_falls_back_to_the_rarity():
    (c,) = parse_cards('[[card]]\nname = "Bare"\ntype = "creature"\nrarity = "rare"\n')
    assert (c.attack, c.defense, c.meta, c.cost, c.promo, c.text) == (0, 0, 0, 3, False, "")
    (e,) = parse_cards('[[card]]\nname = "Bare E"\ntype = "event"\nrarity = "uncommon"\n'
                       'do = [{ op = "draw" }]\n')
    assert (e.defense, e.meta, e.cost, e.event_timing) == (0, 0, 2, "any_time")   # MB-EVT-3


def test_numbers_make_sense_for_the_game():
    creatures = [c for c in CARDS if c.is_creature]

    def mean_body(r: str) -> float:
        xs = [c.attack + c.defense for c in creatures if c.rarity == r]
        return sum(xs) / len(xs)

    bodies = [mean_body(r) for r in schema.RARITIES]
    assert bodies == sorted(bodies) and bodies[0] < bodies[-1]
    commons = [c for c in creatures if c.rarity == "common"]
    assert sum(1 for c in commons if c.meta >= 1) >= len(commons) * 3 // 4   # commons pay
    assert sum(1 for c in commons if c.meta == 2) >= 4
    assert all(c.meta <= 2 for c in CARDS)
    assert any(c.defense >= 6 for c in creatures)          # sturdy defenders
    assert any(c.attack >= 5 for c in creatures)           # hard hitters
    rares = [c for c in creatures if c.rarity in ("rare", "super_rare")]
    assert all(c.abilities for c in rares)                 # rares have abilities


def test_collector_numbers_are_unique_and_carry_the_rarity_letter():
    numbers = [c.number for c in CARDS]
    assert len(set(numbers)) == len(numbers)
    for c in CARDS:
        m = re.fullmatch(r"MB(1|P)-([CURS])-(\d{3})", c.number)
        assert m, c.number
        assert m.group(2) == schema.RARITY_LETTER[c.rarity]
        assert (m.group(1) == "P") == c.promo


def test_every_timing_and_every_op_is_used():
    timings = {a.timing for c in CARDS for a in c.abilities}
    assert timings == set(typing.get_args(schema.Timing))
    used = {o.op for c in CARDS for _, _, o in ops_of(c)}
    assert used == all_op_names()
    assert {o.who for c in CARDS for _, _, o in ops_of(c) if o.op == "burn"} == {
        "opponent", "each_opponent", "battle_foe"}
    constant = [c for c in CARDS if c.tall]
    assert len(constant) >= 3
    assert any(c.attack_bonus for c in CARDS) and any(c.defense_bonus for c in CARDS)


def test_some_cards_can_leave_an_action_unfinished():
    """A dig that reveals a non-creature cannot resolve: the penalty applies (MB-SPEC-3/4)."""
    diggers = [c for c in CARDS if any(o.op == "dig" for _, _, o in ops_of(c))]
    assert len(diggers) >= 3
    assert any(c.is_creature and any(a.timing in schema.ACTIVATED and any(o.op == "dig" for o in a.do)
                                     for a in c.abilities) for c in diggers)
    assert any(c.is_event for c in diggers)
    for c in diggers:
        assert "unfinished" in c.text, c.name


# Each op's words in a card's text (a loose check that text and data agree).
def op_words(o: typing.Any) -> list[str]:
    k = o.op
    if k == "draw":
        return ["draw " + ("a card" if o.count == 1 else f"{o.count} cards")]
    if k == "reclaim":
        return ["discard pile", "hand"] + ([f"top {o.count} creature cards"] if o.count > 1
                                           else ["top creature card"])
    if k == "burn":
        who = {"opponent": "an opponent's", "each_opponent": "each opponent's",
               "battle_foe": "battle foe's"}[o.who]
        return [who, "draw pile", "lost pile"] + ([f"top {o.count}"] if o.count > 1 else ["top card"])
    if k == "dig":
        return ["reveal", "draw pile", "reserve"]
    if k == "shift":
        return ["move", "column"]
    if k == "rally":
        return ["safe", "upright"]
    if k == "shelter":
        return ["becomes safe"]
    if k == "refresh":
        return ["again"]
    if k == "stash":
        return ["reserve", f"costing {o.max_cost} or less", "for free"]
    if k == "bonus":
        return [f"your side of the battle gets +{o.amount}"]
    if k == "weaken":
        return [f"other side of the battle gets -{o.amount}"]
    if k == "column_bonus":
        return [f"+{o.amount}", "attacks" if o.stat == "attack" else "defends"]
    if k == "tall":
        return ["deeper", "width"]
    raise AssertionError(k)


HEADS = {"own_turn": "your turn", "any_time": "any time", "attack": "in battle",
         "on_deploy": "when deployed", "when_lost": "when lost", "constant": "always"}


@pytest.mark.parametrize("card", CARDS, ids=lambda c: c.name)
def test_text_says_what_the_ops_do(card: CardDef):
    text = card.text.lower()
    ops = ops_of(card)
    if not ops:
        assert not text, "a plain creature has no text"
        return
    for timing, _, o in ops:
        for w in op_words(o):
            assert w in text, f"{card.name}: {o.op} needs {w!r} in {card.text!r}"
        assert HEADS[timing] in text
    for a in card.abilities:
        if a.cost:
            assert f"pay {a.cost}:" in text, card.name
    # nothing the data does not do: amounts in the text are the data's amounts
    amounts = {getattr(o, "amount", None) for _, _, o in ops} - {None}
    for n in re.findall(r"[+-](\d)", text):
        assert int(n) in amounts, f"{card.name}: {n} in text, not in data"


def test_names_are_original_and_short():
    assert all(1 <= len(c.name) <= 30 for c in CARDS)
    assert not any("metabaloid" in c.name.lower() for c in CARDS if not c.is_event)


# ------------------------------------------------------------------ starter decks
@pytest.mark.rule("MB-DECK-2", "MB-DECK-3", "MB-DECK-4", "MB-DECK-8")
@pytest.mark.parametrize("name", sorted(DECKS))
def test_each_starter_deck_is_legal(name: str):
    deck = DECKS[name]
    assert check_deck(POOL, deck) == []
    assert 8 <= len(deck.cards) <= 45
    assert deck_points(POOL, deck) <= 125
    assert max(deck.counts().values()) <= 4
    assert deck.description, "a deck file starts with a '#' description line"
    metas = [POOL[n].meta for n in deck.cards]
    assert sum(1 for m in metas if m >= 1) >= len(metas) // 2, "too few cards to pay with"
    assert sum(1 for n in deck.cards if POOL[n].is_creature) >= 25


@pytest.mark.rule("MB-DECK-1", "MB-DECK-5")
def test_the_standard_starter_has_45_cards():
    assert len(DECKS["starter"].cards) == 45
    assert all(len(d.cards) == 45 for d in DECKS.values())


@pytest.mark.rule("MB-DECK-6")
def test_promos_are_swapped_into_some_decks_within_the_limits():
    with_promos = [d for d in DECKS.values() if any(POOL[n].promo for n in d.cards)]
    assert with_promos
    for d in with_promos:
        assert check_deck(POOL, d) == []


def test_decks_have_distinct_styles():
    """Each style deck leads the others in its own measure."""
    assert len(DECKS) >= 4

    def mean(d: Deck, f) -> float:
        return sum(f(POOL[n]) for n in d.cards) / len(d.cards)

    measures = {
        "swarm": lambda d: mean(d, lambda c: c.attack),                    # hardest hitting, card for card
        "wall": lambda d: mean(d, lambda c: c.defense - c.attack + c.defense_bonus),
        "trickster": lambda d: mean(d, lambda c: c.is_event),
        "towers": lambda d: mean(d, lambda c: c.tall),
        "titans": lambda d: deck_points(POOL, d),                          # most points
    }
    for style, measure in measures.items():
        best = max(DECKS, key=lambda k: measure(DECKS[k]))
        assert best == style, f"{style}: {best} leads its measure"
    assert len({d.description for d in DECKS.values()}) == len(DECKS)
    assert len({frozenset(d.counts()) for d in DECKS.values()}) == len(DECKS)


# ------------------------------------------------------------------ deck check
def deck(cards: list[str]) -> Deck:
    return Deck("t", tuple(cards))


def cheap(n: int) -> list[str]:
    """n legal 1-point cards, at most 4 of a name."""
    names = sorted(c.name for c in CARDS if c.cost == 1)
    return [names[i // 4] for i in range(n)]


def test_a_good_deck_has_no_problems():
    assert check_deck(POOL, deck(cheap(45))) == []
    assert check_deck(POOL, deck(cheap(8))) == []


def test_unknown_cards_are_named_with_suggestions():
    problems = check_deck(POOL, deck(cheap(10) + ["Sugar Mitey"]))
    assert len(problems) == 1
    assert "'Sugar Mitey'" in problems[0] and "Sugar Mite" in problems[0]


@pytest.mark.rule("MB-DECK-3")
def test_more_than_45_cards():
    problems = check_deck(POOL, deck(cheap(46)))
    assert problems == ["a deck has at most 45 cards; this one has 46 (MB-DECK-3)"]


@pytest.mark.rule("MB-DECK-8")
def test_fewer_than_8_cards():
    problems = check_deck(POOL, deck(cheap(7)))
    assert len(problems) == 1 and problems[0].endswith("(MB-DECK-8)") and "has 7" in problems[0]


@pytest.mark.rule("MB-DECK-2")
def test_more_than_125_points():
    big = sorted((c for c in CARDS if c.cost >= 3), key=lambda c: c.name)
    cards = [c.name for c in big for _ in range(4)][:40]
    pts = sum(POOL[n].cost for n in cards)
    assert pts > 125
    problems = check_deck(POOL, deck(cards))
    assert problems == [f"the deck's Rarity/Cost adds up to {pts} points; at most 125 (MB-DECK-2)"]
    fit = list(cards)
    while sum(POOL[n].cost for n in fit) > 125:
        fit.pop()
    assert check_deck(POOL, deck(fit)) == []


@pytest.mark.rule("MB-DECK-4")
def test_more_than_4_copies_of_a_name():
    cards = cheap(12) + ["Sugar Mite"] * 5
    cards = [n for n in cards if n != "Sugar Mite"] + ["Sugar Mite"] * 5
    problems = check_deck(POOL, deck(cards))
    assert problems == ["5 copies of 'Sugar Mite'; at most 4 of a card name (MB-DECK-4)"]


def test_every_problem_is_reported_at_once_with_its_rule():
    cards = ["Gutdeep Leviathan"] * 30 + ["Nobody"] + cheap(20)
    problems = check_deck(POOL, deck(cards))
    assert any(p.startswith("unknown card 'Nobody'") for p in problems)
    rules = {m for p in problems for m in re.findall(r"\((MB-DECK-\d)\)$", p)}
    assert rules == {"MB-DECK-2", "MB-DECK-3", "MB-DECK-4"}


# ------------------------------------------------------------------ broken card files
BROKEN = [
    ('[[card]]\nname = "X"\ntype = "creature"\nrarity = "common"\nattack = 12\n',
     "bad.toml: card #1 'X': field attack:"),
    ('[[card]]\nname = "Y"\ntype = "creature"\nrarity = "mythic"\n',
     "bad.toml: card #1 'Y': field rarity:"),
    ('[[card]]\nname = "Z"\ntype = "creature"\nrarity = "rare"\n[[card.ability]]\ntiming = "own_turn"\n'
     'do = [{ op = "bonus", amount = 2 }]\n',
     "bad.toml: card #1 'Z': field ability.#1: bonus/weaken work only during attacks"),
    ('[[card]]\nname = "W"\ntype = "creature"\nrarity = "rare"\n[[card.ability]]\ntiming = "attack"\n'
     'do = [{ op = "draw", count = 9 }]\n',
     "bad.toml: card #1 'W': field ability.#1.do.#1.count:"),
    ('[[card]]\nname = "V"\ntype = "creature"\nrarity = "rare"\n[[card.ability]]\ntiming = "on_deploy"\n'
     'cost = 1\ndo = [{ op = "draw" }]\n',
     "bad.toml: card #1 'V': field ability.#1: a on_deploy ability is not activated"),
    ('[[card]]\nname = "A"\ntype = "creature"\nrarity = "common"\n\n'
     '[[card]]\nname = "U"\ntype = "event"\nrarity = "common"\ndo = [{ op = "tall" }]\n',
     "bad.toml: card #2 'U': field (card): column_bonus/tall are constant abilities"),
    ('[[card]]\nname = "T"\ntype = "event"\nrarity = "common"\nmeta = 1\n', "bad.toml: card #1 'T': field do:"),
    ('[[card]\nname = 1\n', "bad.toml: not valid TOML"),
]


@pytest.mark.parametrize("text, message", BROKEN)
def test_a_broken_card_file_names_file_card_and_field(text: str, message: str):
    with pytest.raises(CardDataError) as e:
        parse_cards(text, "bad.toml")
    assert message in str(e.value)


def test_a_name_defined_twice_is_an_error(tmp_path: Path):
    (tmp_path / "a.toml").write_text('[[card]]\nname = "Dup"\ntype = "creature"\nrarity = "common"\n')
    (tmp_path / "b.toml").write_text('[[card]]\nname = "Dup"\ntype = "creature"\nrarity = "rare"\n')
    with pytest.raises(CardDataError, match="'Dup' is defined twice"):
        load_pool(tmp_path)
