"""The MetaZoo 2022 part-1 Page pool and starter Spellbooks: counts, coverage of every feature
the part-1 engine reads, balance ranges, and the starter decks are legal."""
from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any, Iterator

import pytest
from typing import get_args

from metatcg.engine.decks import read_deck_file
from metatcg.engine.errors import CardDataError
from metatcg.games.metazoo_2022.cards import PAGE_DIR, PageDef, load_pool
from metatcg.games.metazoo_2022.deckcheck import archive, check_deck, spellbook
from metatcg.games.metazoo_2022.schema import AURA_TYPES, STATUSES, Selector

POOL = load_pool()
DEFS: list[PageDef] = list(POOL.by_name.values())
DECK_DIR = Path(PAGE_DIR).parent / "decks"
DECKS = sorted(DECK_DIR.glob("*.txt"))
# The placeholder wheel of MZ22-TYPEADV-6.
WHEEL = {"water": "flame", "flame": "frost", "frost": "forest", "forest": "earth",
         "earth": "lightning", "lightning": "water", "light": "dark", "dark": "spirit",
         "spirit": "cosmic", "cosmic": "light"}


def of(kind: str) -> list[PageDef]:
    return [d for d in DEFS if d.type == kind]


def walk(ops: Any) -> Iterator[Any]:
    """Every op, nested ones included."""
    for o in ops or ():
        yield o
        for f in ("do", "heads", "tails", "then", "orelse"):
            yield from walk(getattr(o, f, None))
        for b in getattr(o, "branches", None) or ():
            yield from walk(b.do)
        for opt in getattr(o, "options", None) or ():
            yield from walk(opt)


def ops_of(d: PageDef) -> list[Any]:
    out = [o for e in d.effects for o in walk(e.do)]
    out += [o for a in d.attacks for o in walk(a.do)]
    return out


ALL_OPS = [(d, o) for d in DEFS for o in ops_of(d)]
OP_NAMES = Counter(o.op for _, o in ALL_OPS)
STATICS = [(d, s) for d in DEFS for s in d.statics]


def non_neutral(d: PageDef) -> set[str]:
    return set(d.base_types) - {"neutral"}


# ------------------------------------------------------------------ counts
from metatcg.games.metazoo_2022.schema import Trait  # noqa: E402
TRAITS = get_args(Trait)


def test_pool_size_and_unique_names():
    assert len(POOL) >= 95
    names = [d.name for d in DEFS]
    assert len(names) == len(set(names))
    files = sorted(p.name for p in PAGE_DIR.glob("*.toml"))
    assert "sample.toml" in files and len(files) >= 6


def test_counts_per_type():
    basic = [d for d in of("aura") if not d.special]
    special = [d for d in of("aura") if d.special]
    assert {d.aura for d in basic} == set(AURA_TYPES)                     # all 10
    assert len(special) >= 3 and all(d.limit for d in special)
    assert any(len(d.produces) >= 2 for d in special)
    assert any("any" in d.produces for d in special)
    assert len(of("beastie")) >= 40
    assert len(of("spell")) >= 15
    assert len(of("potion")) >= 6
    assert len(of("artifact")) >= 6
    terra = of("terra")
    assert len({t.terra_name for t in terra if not t.special}) >= 8   # Special Terra: cards/wall.toml


@pytest.mark.rule("MZ22-PAGE-7")
def test_potions_cost_only_zero_entries():
    for p in of("potion"):
        assert all(n == 0 for _, n in p.cost), p.name


def test_artifacts_make_aura_and_have_powers():
    arts = of("artifact")
    assert any(a.produces for a in arts)
    assert any(a.powers for a in arts)
    assert all(a.lp > 0 for a in arts)


# ------------------------------------------------------------------ Aura Types
def test_every_aura_type_is_a_beastie_type_with_duals_and_neutrals():
    beasties = of("beastie")
    assert set(AURA_TYPES) <= {t for b in beasties for t in b.base_types}
    assert len([b for b in beasties if b.dual]) >= 3
    neutral = [b for b in beasties if b.base_types == {"neutral"}]
    assert len(neutral) >= 2
    assert any(b.cost_total == 0 for b in neutral)


@pytest.mark.rule("MZ22-TYPEADV-5", "MZ22-TYPEADV-6")
def test_strong_against_is_printed_following_the_wheel():
    printed = set()
    for d in DEFS:
        if d.type not in ("beastie", "spell", "artifact", "potion"):
            continue
        types = non_neutral(d)
        if not types:
            assert not d.strong_against, d.name
            continue
        assert set(d.strong_against) == {WHEEL[t] for t in types}, d.name
        printed |= {(t, WHEEL[t]) for t in types}
    assert printed == set(WHEEL.items())


# ------------------------------------------------------------------ statuses
def test_every_status_by_attack_icon_and_by_effect():
    icons = [s for b in of("beastie") for a in b.attacks for s in a.status]
    inflicts = [o for _, o in ALL_OPS if o.op == "inflict"]
    for st in STATUSES:
        assert any(s.status == st for s in icons), st
        assert any(o.status == st for o in inflicts), st
    for group in (icons, inflicts):
        assert any(s.status == "frozen" and s.x for s in group)
        assert any(s.status == "burn" and s.x is None for s in group)
        assert any(s.status == "burn" and s.x for s in group)
    assert any(s.auto for s in icons)


# ------------------------------------------------------------------ keyword Effects
def test_every_keyword_effect_kind():
    whens = Counter(e.when for d in DEFS for e in d.effects)
    for w in ("contract", "destroyed", "arena", "start_of_turn", "end_of_turn", "power",
              "any_time", "cast"):
        assert whens[w] >= 1, w
    assert whens["flipped"] >= 1                  # part 2's Traps (MZ22-KW-2, traps.toml)
    assert whens["trigger"] == 0
    turns = {(e.when, e.turns) for d in DEFS for e in d.effects if e.turns}
    assert ("start_of_turn", "yours") in turns and ("end_of_turn", "yours") in turns
    assert any(t == "each" for _, t in turns)
    assert any(d.any_time_fx for d in of("beastie")) and any(d.any_time_fx for d in of("artifact"))
    assert all(d.cast is not None for d in of("spell") + of("potion"))
    assert {t for d in DEFS for t in d.traits} == set(TRAITS)     # part 2: every Trait is printed


def test_every_static_kind():
    kinds = {s.op for _, s in STATICS}
    assert {"attack_bonus", "lp_bonus", "damage_taken", "cost_change", "cannot_attack",
            "type_change"} <= kinds
    assert "grant_trait" in kinds                                 # part 2 (traits.toml)
    assert any(s.op == "damage_taken" and s.source == "multi_effect" for _, s in STATICS)


# ------------------------------------------------------------------ Attacks
def test_attack_features():
    attacks = [(b, a) for b in of("beastie") for a in b.attacks]
    assert len([a for _, a in attacks if a.aaa]) >= 5
    assert len([a for _, a in attacks if a.bonus]) >= 2
    assert len([a for _, a in attacks if a.do]) >= 3
    for _, a in attacks:
        if a.aaa:
            assert a.aaa in AURA_TYPES


@pytest.mark.rule("MZ22-TRIBAL-1", "MZ22-TRIBAL-2")
def test_tribes_with_tribal_boost():
    members: Counter[str] = Counter()
    for b in of("beastie"):
        if b.tribal_boost:
            members.update(b.tribes)
    assert len([t for t, k in members.items() if k >= 3]) >= 2


@pytest.mark.rule("MZ22-TERRA-4", "MZ22-TERRA-5")
def test_terra_bonuses_match_the_terra_pages():
    keys = {t.terra_name for t in of("terra")}
    matching = [b for b in of("beastie") if any(tb.terra in keys for tb in b.terra_bonus)]
    assert len(matching) >= 10
    used = {tb.terra for b in of("beastie") for tb in b.terra_bonus}
    assert used <= keys                     # every printed bonus can be switched on by a Page


# ------------------------------------------------------------------ the chain
def test_any_time_spells_and_potions_build_chains():
    quick = [d for d in of("spell") + of("potion") if d.any_time]
    assert len(quick) >= 8
    bodies = [(d, d.cast_effect) for d in quick]
    # a recover that can save a damaged Beastie
    assert any(any(o.op == "recover" for o in walk(e.do)) and e.targets and
               e.targets[0].kind == "beastie" for _, e in bodies)
    stops = [d for d in DEFS for e in d.effects
             if any(o.op == "stop" for o in walk(e.do)) and e.targets[0].kind in ("item", "spell")]
    assert len({d.name for d in stops}) >= 2
    assert any(e.targets and e.targets[0].kind == "spell" for _, e in bodies)
    assert any(any(o.op == "damage" for o in walk(e.do)) for _, e in bodies)


# ------------------------------------------------------------------ ops
OPS_USED = ("damage", "lose_lp", "gain_lp", "recover", "pay_lp", "inflict", "remove_status",
            "destroy", "return_to_chapter", "return_to_spellbook", "fatigue", "awaken",
            "create_token", "copy_token", "copy_spell", "change_types", "bookmark", "search",
            "look", "reveal", "discard_from_chapter", "generate", "stop", "may", "flip", "roll",
            "choose", "if")


@pytest.mark.parametrize("op", OPS_USED)
def test_every_op_is_used(op):
    assert OP_NAMES[op] >= 1


def test_op_variants_and_forbidden_ops():
    assert OP_NAMES["win"] + OP_NAMES["lose"] == 1
    win = next(d for d, o in ALL_OPS if o.op in ("win", "lose"))
    assert win.limit == 1
    cond = next(o for _, o in ALL_OPS if o.op == "if" and any(x.op in ("win", "lose") for x in o.then))
    assert cond.cond.cmp == "ge" and cond.cond.n >= 10                  # a hard condition
    assert {o.until for _, o in ALL_OPS if o.op == "gain_lp"} == {"turn_end", "permanent"}
    assert any(o.amount == "all" for _, o in ALL_OPS if o.op == "recover")
    pay = [d for d, o in ALL_OPS if o.op == "pay_lp"]
    assert any(d.type == "spell" for d in pay) and any(d.powers for d in pay)
    assert any(o.status == "all" for _, o in ALL_OPS if o.op == "remove_status")
    sels = [o.to for _, o in ALL_OPS if isinstance(getattr(o, "to", None), Selector)]
    assert any(s.aura_not for s in sels) and any(s.side == "opposing" for s in sels)
    for forbidden in ("custom", "retarget"):
        assert OP_NAMES[forbidden] == 0


# ------------------------------------------------------------------ limits and identities
@pytest.mark.rule("MZ22-BOOK-6", "MZ22-BOOK-7", "MZ22-LAYOUT-2")
def test_limits_and_shared_identities():
    others = [d for d in DEFS if not (d.type == "aura" and not d.special)]
    limited = [d for d in others if d.limit is not None]
    assert len(limited) > len(others) / 2
    assert all(1 <= d.limit <= 4 for d in limited)
    assert any(d.limit is None for d in others)
    by_identity: dict[str, list[PageDef]] = {}
    for d in DEFS:
        by_identity.setdefault(d.identity, []).append(d)
    shared = [v for v in by_identity.values() if len(v) >= 2]
    assert shared
    a, b = shared[0][:2]
    assert a.name != b.name
    strip = ("name", "text")
    fields = [f for f in PageDef.__dataclass_fields__ if f not in strip and
              PageDef.__dataclass_fields__[f].init]
    assert all(getattr(a, f) == getattr(b, f) for f in fields)          # the same mechanics


# ------------------------------------------------------------------ balance and text
def test_balance_ranges():
    for b in of("beastie"):
        total = b.cost_total
        assert 0 <= total <= 6, b.name
        dmg = max(a.damage for a in b.attacks)
        if total == 0:
            assert 20 <= dmg <= 40 and b.lp <= 40, b.name
            continue
        assert 30 <= b.lp <= 220, b.name
        assert 20 <= dmg <= 130, b.name
        if total <= 2:
            assert 30 <= dmg <= 50, b.name
        assert b.lp >= 25 * total and b.lp <= 60 + 30 * total, b.name
    for s in of("spell") + of("potion"):
        for o in walk(s.cast_effect.do):
            if o.op == "damage" and isinstance(o.amount, int):
                assert 20 <= o.amount <= 80, s.name


def test_every_page_and_effect_has_text():
    for d in DEFS:
        assert d.text.strip(), d.name
        for e in d.effects:
            assert e.text.strip(), d.name
        for a in d.attacks:
            if a.do:
                assert a.text.strip(), (d.name, a.name)


# ------------------------------------------------------------------ starter decks
def test_three_starter_decks():
    assert {p.stem for p in DECKS} >= {"embers", "tides", "grove"}


@pytest.mark.rule("MZ22-BOOK-1", "MZ22-BOOK-5", "MZ22-ARCH-1")
@pytest.mark.parametrize("path", DECKS, ids=lambda p: p.stem)
def test_starter_deck_is_legal(path):
    deck = read_deck_file(path)
    assert deck.description
    assert check_deck(POOL, deck) == []
    book = spellbook(deck)
    assert 40 <= len(book) <= 45
    kinds = Counter(POOL[n].type for n in book)
    basic = sum(1 for n in book if POOL[n].type == "aura" and not POOL[n].special)
    assert 16 <= basic <= 18 and 14 <= kinds["beastie"] <= 18
    types = {t for n in book for t in POOL[n].base_types if POOL[n].type != "aura"} - {"neutral"}
    assert len(types) == 2, types
    assert any(POOL[n].base_types == {"neutral"} and POOL[n].type != "terra" for n in book)
    # every typed Page can be paid for by the deck's Aura
    made = {t for n in book if POOL[n].type == "aura" for t in POOL[n].produces}
    assert types <= made


def test_one_deck_has_an_archive_and_one_a_tribe():
    decks = [read_deck_file(p) for p in DECKS]
    assert any(3 <= len(archive(d)) <= 5 for d in decks)
    tribal = [d for d in decks if max(Counter(t for n in spellbook(d) if POOL[n].tribal_boost
                                               for t in POOL[n].tribes).values(), default=0) >= 8]
    assert tribal


# ------------------------------------------------------------------ a broken Page file
def test_broken_page_file_names_file_page_and_field(tmp_path):
    good = (PAGE_DIR / "terra.toml").read_text(encoding="utf-8")
    (tmp_path / "ok.toml").write_text(good, encoding="utf-8")
    (tmp_path / "broken.toml").write_text(
        '[[page]]\nname = "Soggy Kelpie"\ntype = "beastie"\nlp = 55\ncost = [{ aura = "water", n = 1 }]\n'
        'attack = [{ name = "Splash", damage = 30 }]\n'
        '[[page]]\nname = "Leaky Kelpie"\ntype = "beastie"\nlp = 57\n'
        'attack = [{ name = "Splash", damage = 30 }]\n', encoding="utf-8")
    with pytest.raises(CardDataError) as e:
        load_pool(tmp_path)
    msg = str(e.value)
    assert "broken.toml" in msg and "Page #2 'Leaky Kelpie'" in msg and "field lp:" in msg
