"""MetaZoo 2022 Page schema and pool loader (not a registered game yet)."""
import dataclasses

import pytest

from metatcg.engine.errors import CardDataError
from metatcg.games.metazoo_2022 import schema
from metatcg.games.metazoo_2022.cards import PAGE_DIR, PageDef, PagePool, load_pool, parse_pages

POOL = load_pool()


def one(text: str) -> PageDef:
    (p,) = parse_pages(text, "t.toml")
    return p


def beastie(extra: str = "", cost: str = "") -> str:
    return (f'[[page]]\nname = "B"\ntype = "beastie"\nlp = 50\n{cost}{extra}'
            '[[page.attack]]\nname = "Bite"\ndamage = 10\n')


# ------------------------------------------------------------------ the sample file
def test_sample_file_loads_one_page_of_each_type():
    assert (PAGE_DIR / "sample.toml").read_text(encoding="utf-8").startswith("#")
    kinds = {(d.type, d.special) for d in POOL.by_name.values()}
    assert {("aura", False), ("aura", True), ("beastie", False), ("spell", False),
            ("potion", False), ("artifact", False), ("terra", False)} <= kinds
    assert isinstance(POOL, PagePool) and "Ember Hare" in POOL


@pytest.mark.rule("MZ22-PAGE-1", "MZ22-PAGE-2")
def test_aura_pages():
    basic, special = POOL["Flame Aura"], POOL["Twilight Prism"]
    assert (basic.type, basic.special, basic.aura, basic.produces, basic.limit) == \
        ("aura", False, "flame", ("flame",), None)
    assert basic.base_types == {"flame"} and basic.cost == ()
    assert (special.special, special.produces, special.limit) == (True, ("light", "dark"), 2)


@pytest.mark.rule("MZ22-LAYOUT-4")
def test_beastie_carries_every_printed_part():
    b = POOL["Ember Hare"]
    assert b.is_beastie and b.lp == 60 and b.limit == 3 and b.identity == "Ember Hare"
    assert b.cost == (("flame", 1), ("neutral", 1)) and b.cost_total == 2
    assert b.base_types == {"flame"} and not b.dual
    assert b.tribes == ("Beastie Fearsome Critter",) and b.tribal_boost
    assert b.strong_against == ("frost",)
    assert [(t.terra, t.damage, t.lp) for t in b.terra_bonus] == [("river", 20, 0), ("forest", 0, 20)]
    kick, scatter = b.attacks
    assert (kick.name, kick.damage, kick.aaa, [s.status for s in kick.status]) == \
        ("Ember Kick", 30, "frost", ["burn"])
    assert scatter.bonus is not None and (scatter.bonus.per, scatter.bonus.each) == ("opposing_beasties", 10)
    assert b.destroyed_fx == (0,) and b.powers == (1,) and b.cast is None
    power = b.effects[1]
    assert power.cost is not None and power.cost.fatigue         # a Power Fatigues (GLOSS-12)
    assert power.do[0].op == "damage" and power.do[0].to == "t0"


def test_spell_targets_at_contract():
    s = POOL["Cinder Volley"]
    assert (s.type, s.cost, s.base_types, s.targets, s.cast) == ("spell", (("flame", 2),), {"flame"}, True, 0)
    assert [o.op for o in s.cast_effect.do] == ["damage", "inflict"]


@pytest.mark.rule("MZ22-PAGE-7", "MZ22-ATYPE-11")
def test_potion_costs_0_but_a_0_entry_gives_its_type():
    p = POOL["Willow Tonic"]
    assert (p.type, p.cost_total, p.base_types, p.any_time, p.targets) == \
        ("potion", 0, {"forest"}, True, True)


def test_artifact_has_lp_statics_and_makes_aura():
    a = POOL["Lantern of the Will-o'-Wisp"]
    assert (a.type, a.lp, a.produces, a.base_types) == ("artifact", 40, ("spirit",), {"spirit"})
    (st,) = a.statics
    assert st.op == "attack_bonus" and st.amount == 10 and st.who.each == "beastie"
    assert a.end_fx == (1,) and a.effects[1].turns == "yours"


@pytest.mark.rule("MZ22-TSLOT-12")
def test_basic_terra_only_names_its_bonus():
    t = POOL["River Terra"]
    assert (t.type, t.special, t.terra_name, t.effects, t.base_types) == \
        ("terra", False, "river", (), {"neutral"})


# ------------------------------------------------------------------ Aura Types (EX-2..7)
def _row(cost, types, dual, *rules):
    """One row of the Aura Type table, citing the rules that row checks."""
    return pytest.param(cost, types, dual, marks=pytest.mark.rule("MZ22-ATYPE-12", *rules))


@pytest.mark.parametrize("cost, types, dual", [
    _row('[{ aura = "neutral", n = 0 }]', {"neutral"}, False, "MZ22-EX-2", "MZ22-ATYPE-2"),
    _row('[{ aura = "flame", n = 0 }]', {"flame"}, False, "MZ22-EX-3", "MZ22-ATYPE-11"),
    _row('[{ aura = "flame", n = 1 }]', {"flame"}, False, "MZ22-EX-4", "MZ22-ATYPE-1"),
    _row('[{ aura = "flame", n = 1 }, { aura = "neutral", n = 0 }]', {"flame"}, False,
         "MZ22-EX-5", "MZ22-ATYPE-3", "MZ22-ATYPE-4"),
    _row('[{ aura = "neutral", n = 1 }, { aura = "flame", n = 0 }]', {"flame"}, False,
         "MZ22-EX-5", "MZ22-ATYPE-3", "MZ22-ATYPE-4", "MZ22-ATYPE-11"),
    _row('[{ aura = "flame", n = 1 }, { aura = "neutral", n = 1 }]', {"flame"}, False,
         "MZ22-EX-6", "MZ22-ATYPE-3", "MZ22-ATYPE-4"),
    _row('[{ aura = "forest", n = 1 }, { aura = "flame", n = 1 }]', {"forest", "flame"}, True,
         "MZ22-EX-7", "MZ22-ATYPE-5", "MZ22-ATYPE-6"),
    _row('[{ aura = "spirit", n = 1 }, { aura = "dark", n = 1 }]', {"spirit", "dark"}, True,
         "MZ22-ATYPE-5", "MZ22-ATYPE-6"),
])
def test_base_aura_types_from_the_cost_list(cost, types, dual):
    p = one(beastie(cost=f"cost = {cost}\n"))
    assert p.base_types == types and p.dual == dual


def test_identity_and_token_pages():
    p = one(beastie(extra='identity = "b-two"\n'))
    assert p.identity == "b-two" and p.limit is None
    s = one('[[page]]\nname = "Call"\ntype = "spell"\n[[page.effect]]\nwhen = "cast"\n'
            'do = [{ op = "create_token", page = { name = "Wisp", type = "beastie", lp = 10, '
            'attack = [{ name = "Glow", damage = 5 }] } }]\n')
    assert s.cast_effect.do[0].page.lp == 10 and not s.targets


# ------------------------------------------------------------------ broken files
B = '[[page]]\nname = "Bad"\n'
BROKEN = [
    (B + 'type = "trap"\n', "field type: must be aura"),
    (B + 'type = "aura"\naura = "water"\nlimit = 3\n', "field limit: a Basic Aura Page has no Spellbook Limit"),
    (B + 'type = "aura"\naura = "water"\nspecial = true\n', "field limit: a Special Aura Page needs"),
    (B + 'type = "aura"\naura = "neutral"\n', "field aura: Input should be"),
    (B + 'type = "beastie"\n[[page.attack]]\nname = "A"\ndamage = 10\n', "field lp: Field required"),
    (beastie().replace('name = "B"', 'name = "Bad"').replace("lp = 50", "lp = 52"),
     "field lp: Input should be a multiple of 5"),
    (beastie(extra="tribal_boost = true\n").replace('"B"', '"Bad"'), "field tribes: Tribal Boost needs a Tribe"),
    (beastie(cost='cost = [{ aura = "flame", n = 1 }, { aura = "flame", n = 0 }]\n').replace('"B"', '"Bad"'),
     "field cost: cost names an Aura Type twice"),
    (beastie(extra='colour = "red"\n').replace('"B"', '"Bad"'), "field colour: Extra inputs are not permitted"),
    (beastie().replace('"B"', '"Bad"') + 'status = [{ status = "sleep", x = 2 }]\n',
     "field attack.#1.status.#1.x: only Frozen, Burn and Poison have x"),
    (B + 'type = "potion"\ncost = [{ aura = "flame", n = 1 }]\n[[page.effect]]\nwhen = "cast"\n'
         'do = [{ op = "bookmark" }]\n', "field cost: a Potion costs 0 Aura"),
    (B + 'type = "spell"\n[[page.effect]]\nwhen = "cast"\ndo = [{ op = "damage", amount = 10, to = "t0" }]\n',
     "field effect.#1.do: t0 names no target"),
    (B + 'type = "spell"\n[[page.effect]]\nwhen = "cast"\ntargets = [{ kind = "beastie" }]\n'
         'do = [{ op = "inflict", status = "frozen", to = "t0" }]\n', "field effect.#1.do.#1.x: Frozen (X) needs x"),
    (B + 'type = "spell"\n[[page.effect]]\nwhen = "cast"\n'
         'do = [{ op = "flip", heads = [{ op = "bookmark", n = 99 }] }]\n', "field effect.#1.do.#1.heads.#1.n:"),
    (B + 'type = "spell"\n[[page.effect]]\nwhen = "cast"\ndo = [{ op = "explode" }]\n',
     "field effect.#1.do.#1: Input tag 'explode'"),
    (B + 'type = "spell"\n[[page.effect]]\nwhen = "contract"\ndo = [{ op = "bookmark" }]\n',
     "field effect: a spell has exactly one cast Effect"),
    (B + 'type = "artifact"\nlp = 30\n[[page.effect]]\nwhen = "arena"\ndo = [{ op = "bookmark" }]\n',
     "field effect.#1.static: an arena Effect has only static modifiers"),
    (B + 'type = "artifact"\nlp = 30\n[[page.effect]]\nwhen = "end_of_turn"\ndo = [{ op = "bookmark" }]\n',
     "field effect.#1.turns:"),
    (B + 'type = "terra"\nterra_name = "river"\n[[page.effect]]\nwhen = "contract"\ndo = [{ op = "bookmark" }]\n',
     "field effect: a Basic Terra only provides its Terra Bonus"),
    (B + 'type = "terra"\nterra_name = "volcano"\n', "field terra_name: Input should be"),
    (B + 'type = "terra"\nterra_name = "river"\nany_time = true\n', "field any_time:"),
]


@pytest.mark.parametrize("text, message", BROKEN)
def test_broken_page_names_file_page_and_field(text, message):
    with pytest.raises(CardDataError) as e:
        parse_pages(text, "bad.toml")
    assert f"bad.toml: Page #1 'Bad': {message}" in str(e.value)


def test_second_page_is_named_by_number_and_name():
    text = beastie() + B + 'type = "beastie"\nlp = 0\n[[page.attack]]\nname = "A"\ndamage = 10\n'
    with pytest.raises(CardDataError, match=r"bad.toml: Page #2 'Bad': field lp:"):
        parse_pages(text, "bad.toml")


@pytest.mark.parametrize("text, message", [
    ("[[page]\nname = 1\n", "bad.toml: not valid TOML"),
    ('[[card]]\nname = "X"\n', "bad.toml: Pages are [[page]] tables"),
    ("x = 1\n", "bad.toml: field page: Field required"),
])
def test_broken_file_shape(text, message):
    with pytest.raises(CardDataError) as e:
        parse_pages(text, "bad.toml")
    assert message in str(e.value)


def test_duplicate_name_is_refused(tmp_path):
    (tmp_path / "a.toml").write_text(beastie(), encoding="utf-8")
    (tmp_path / "b.toml").write_text(beastie(extra="limit = 2\n"), encoding="utf-8")
    with pytest.raises(CardDataError, match="'B' is defined twice"):
        load_pool(tmp_path)


def test_models_are_strict_and_frozen():
    for m in (schema.Beastie, schema.Effect, schema.Damage, schema.AttackBonus):
        assert m.model_config["extra"] == "forbid" and m.model_config["frozen"]
    with pytest.raises(dataclasses.FrozenInstanceError):
        POOL["Ember Hare"].lp = 99  # type: ignore[misc]
