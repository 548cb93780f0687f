"""MetaZoo 2022 Equipment: attaching on Contract, the target rules, the Effects given to the
Equipped Page, control and ownership, and where Equipment goes when its Equipped Page leaves."""
from __future__ import annotations

import pytest

import metatcg
from metatcg.engine.errors import CardDataError
from metatcg.games.metazoo_2022 import equipment
from metatcg.games.metazoo_2022.combat import attack_targets, attack_total
from metatcg.games.metazoo_2022.placement import put_under
from metatcg.games.metazoo_2022.schema import TargetSpec
from metatcg.games.metazoo_2022.stats import beasties, cannot_attack, max_lp, tribe_count
from metatcg.games.metazoo_2022.targets import candidates
from metatcg.games.metazoo_2022.traits import traits_of
from metatcg.games.metazoo_2022.zones import destroy, leave
from support import ids
from support.metazoo_2022 import arena_page, play, position
from metatcg.games.metazoo_2022.records import page_ref

GAME = metatcg.load_game("metazoo-2022")
HARE_LP = 60          # Ember Hare's printed LP


def chapter_page(st, seat: int, name: str) -> int:
    return next(c for c in st.data.chapter[seat] if st.data.defs[c].name == name)


def contract(st, seat: int, name: str, *more: str) -> int:
    """Contract ``name`` from ``seat``'s Chapter, take the only pay pick(s), then ``more``."""
    c = chapter_page(st, seat, name)
    play(st, f"contract:c{c}")
    for a in more:
        while st.decision.kind == "pay":
            play(st, ids(st)[0])
        play(st, a)
    while st.decision.kind == "pay":
        play(st, ids(st)[0])
    return c


def resolve(st) -> None:
    """Pass the response windows (a Caster with no response is skipped) until a choice is asked."""
    while st.decision is not None and "pass" in ids(st):
        play(st, "pass")


def hare_with(chapter: list[str], arena: tuple = ("Forest Aura",), p2: dict | None = None):
    st = position(GAME, [{"arena": [*arena, {"name": "Ember Hare", "fatigued": False}], "chapter": chapter},
                         p2 or {"arena": ["Puddle Sprite"]}])
    return st, arena_page(st, "Ember Hare")


# ------------------------------------------------------------------ attaching
@pytest.mark.rule("MZ22-EQUIP-1", "MZ22-EQUIP-4", "MZ22-EQUIP-11", "MZ22-EQUIP-13", "MZ22-TRAIT-EQUIPMENT-1")
def test_contract_equips_the_chosen_beastie_and_gives_it_its_effects():
    st, hare = hare_with(["Thornmail Vest"], arena=("Forest Aura", "Reed Kelpie"))
    d = st.data
    kelpie = arena_page(st, "Reed Kelpie")
    assert max_lp(d, hare) == HARE_LP                        # the statics list is cached now
    vest = chapter_page(st, 0, "Thornmail Vest")
    play(st, f"contract:c{vest}")                            # the target is chosen as it is Contracted
    assert st.decision.kind == "target"
    assert set(ids(st)) == {f"target:c{hare}", f"target:c{kelpie}"}   # must Equip: no decline
    play(st, f"target:c{hare}")
    while st.decision.kind == "pay":
        play(st, ids(st)[0])
    resolve(st)
    s = d.in_play[vest]
    assert s.under == hare and equipment.MARK in s.marks and not s.face_down    # beneath, face-up
    assert vest not in d.arena and equipment.holder(d, vest) == hare
    assert max_lp(d, hare) == HARE_LP + 30 and max_lp(d, kelpie) == 70          # only the Equipped Page
    (seen,) = st.view(1)["beneath"]
    assert seen["name"] == "Thornmail Vest" and seen["under"] == f"c{hare}" and seen["equipment"]
    # Unequip: the Equipment detaches and stops giving its Effect
    leave(st, vest, "limbo")
    assert max_lp(d, hare) == HARE_LP and vest in d.limbo[0]


@pytest.mark.rule("MZ22-EQUIP-5")
def test_equipment_that_targets_needs_a_legal_target_to_be_contracted():
    st = position(GAME, [{"arena": ["Forest Aura", "Dark Aura"], "chapter": ["Thornmail Vest", "Leaden Shackle"]},
                         {"arena": ["Puddle Sprite"]}])
    vest, shackle = chapter_page(st, 0, "Thornmail Vest"), chapter_page(st, 0, "Leaden Shackle")
    # the Vest targets a Beastie its Caster controls, and P1 has none; the Shackle any Beastie
    assert f"contract:c{vest}" not in ids(st) and f"contract:c{shackle}" in ids(st)
    st, hare = hare_with(["Thornmail Vest"])
    assert f"contract:c{chapter_page(st, 0, 'Thornmail Vest')}" in ids(st)


@pytest.mark.rule("MZ22-EQUIP-7")
def test_target_gone_before_the_equipment_attaches_sends_it_to_its_discard_pile():
    p2 = {"arena": ["Lightning Aura", "Puddle Sprite"], "chapter": ["Spark Snap"]}
    for name, pile in (("Thornmail Vest", "limbo"), ("Warding Glyph", "cemetery")):
        st = position(GAME, [{"arena": ["Forest Aura", "Water Aura", {"name": "Ember Hare", "damage": 30}],
                              "chapter": [name]}, p2])
        d = st.data
        hare = arena_page(st, "Ember Hare")
        page = chapter_page(st, 0, name)
        play(st, f"contract:c{page}", f"target:c{hare}")     # both target at Contract (PR-MZ22-68)
        play(st, ids(st)[0])                                 # pay
        contract(st, 1, "Spark Snap", f"target:c{hare}")     # P2 responds: 30 Damage, 0 LP
        resolve(st)
        assert hare in d.limbo[0]
        assert page not in d.in_play and page in getattr(d, pile)[0], name
        assert any("no Page to Equip" in line or "no legal target" in line for line in st.log_for(0))


# ------------------------------------------------------------------ Beasties with the Trait
@pytest.mark.rule("MZ22-EQUIP-6", "MZ22-TRAIT-EQUIPMENT-2")
def test_a_beastie_with_the_trait_may_enter_as_an_ordinary_beastie():
    st, hare = hare_with(["Burr Tick"])
    d = st.data
    tick = contract(st, 0, "Burr Tick", f"target:c{hare}")
    resolve(st)
    assert st.decision.kind == "may"
    play(st, "no")
    resolve(st)
    assert tick in d.arena and equipment.holder(d, tick) == -1 and tick in beasties(d)
    assert max_lp(d, hare) == HARE_LP + 10                   # Tribal Boost counts it as a Beastie
    # with no other Beastie to Equip it needs no target and just enters
    st = position(GAME, [{"arena": ["Forest Aura"], "chapter": ["Burr Tick"]}, {"arena": ["Puddle Sprite"]}])
    tick = contract(st, 0, "Burr Tick")
    resolve(st)
    if st.decision.kind == "may":                            # even saying yes, it finds no Page to Equip
        play(st, "yes")
    assert tick in st.data.arena and equipment.holder(st.data, tick) == -1


@pytest.mark.rule("MZ22-EQUIP-6")
def test_a_beasties_attach_must_be_optional_in_the_data(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text('''[[page]]
name = "Clingy Burr"
type = "beastie"
cost = [{ aura = "forest", n = 1 }]
lp = 30
traits = ["equipment"]
strong_against = ["earth"]
text = "t"
[[page.attack]]
name = "Nip"
damage = 30
[[page.effect]]
when = "contract"
targets = [{ kind = "beastie", side = "own" }]
do = [{ op = "attach", to = "t0" }]
text = "CONTRACT: Equip this to target Beastie you control."
''')
    from metatcg.games.metazoo_2022.cards import load_pool
    with pytest.raises(CardDataError, match="MZ22-EQUIP-6"):
        load_pool(tmp_path)


@pytest.mark.rule("MZ22-EQUIP-8", "MZ22-EQUIP-17", "MZ22-EQUIP-11")
def test_a_beastie_used_as_equipment_is_outside_the_arena():
    st, hare = hare_with(["Burr Tick"], p2={"arena": ["Lightning Aura", {"name": "Reed Kelpie", "fatigued": False}],
                                           "chapter": ["Spark Snap"]})
    d = st.data
    kelpie = arena_page(st, "Reed Kelpie")
    before = attack_total(d, hare, 0, None)
    tick = contract(st, 0, "Burr Tick", f"target:c{hare}")
    resolve(st)
    play(st, "yes")
    resolve(st)
    assert equipment.holder(d, tick) == hare and tick not in d.arena
    assert tick not in beasties(d) and tribe_count(d, hare) == 0 and max_lp(d, hare) == HARE_LP   # no Tribal Boost
    assert attack_total(d, hare, 0, None) == before + 10                     # its Effect, through EQUIP-11
    assert f"attack:c{tick}" not in ids(st)                                  # it cannot Attack
    assert page_ref(tick) not in attack_targets(d, kelpie)                       # nor be Attacked
    for side in ("any", "own"):                                              # nor be targeted
        assert page_ref(tick) not in candidates(d, 1, TargetSpec(kind="beastie", side=side))
        assert page_ref(tick) not in candidates(d, 0, TargetSpec(kind="page", side=side))


# ------------------------------------------------------------------ control and ownership
@pytest.mark.rule("MZ22-EQUIP-3", "MZ22-EQUIP-18", "MZ22-EQUIP-11")
def test_control_follows_the_equipped_page_ownership_stays():
    st = position(GAME, [{"arena": ["Dark Aura"], "chapter": ["Leaden Shackle"]},
                         {"arena": [{"name": "Reed Kelpie", "fatigued": False}]}])
    d = st.data
    kelpie = arena_page(st, "Reed Kelpie")
    shackle = contract(st, 0, "Leaden Shackle", f"target:c{kelpie}")
    resolve(st)
    resolve(st)
    assert d.in_play[shackle].controller == 1 and d.owner[shackle] == 0       # P2 controls, P1 owns
    assert cannot_attack(d, kelpie)                                       # a negative Effect
    # no Page in the pool changes control yet (PR-MZ22-58): the rule's helper, called as such code will
    d.in_play[kelpie] = d.in_play[kelpie]._replace(controller=0)
    equipment.follow_control(d, kelpie)
    assert d.in_play[shackle].controller == 0 and not d.memo
    assert cannot_attack(d, kelpie)


# ------------------------------------------------------------------ moving and leaving
@pytest.mark.rule("MZ22-EQUIP-10")
def test_equipment_moves_with_the_equipped_page():
    st, hare = hare_with(["Thornmail Vest"], arena=("Forest Aura", "Reed Kelpie"))
    d = st.data
    vest = contract(st, 0, "Thornmail Vest", f"target:c{hare}")
    resolve(st)
    resolve(st)
    put_under(st, hare, arena_page(st, "Reed Kelpie"), own=True)     # the Hare moves, staying in the Arena
    assert d.in_play[vest].under == hare and max_lp(d, hare) == HARE_LP + 30
    (seen,) = [b for b in st.view(0)["beneath"] if b["id"] == f"c{vest}"]
    assert seen["under"] == f"c{hare}"


@pytest.mark.rule("MZ22-EQUIP-12", "MZ22-EQUIP-16")
def test_equipment_is_discarded_not_destroyed_when_its_page_leaves():
    st = position(GAME, [{"arena": ["Dark Aura"], "chapter": ["Leaden Shackle"]},
                         {"arena": [{"name": "Reed Kelpie", "fatigued": False}]}])
    d = st.data
    kelpie = arena_page(st, "Reed Kelpie")
    shackle = contract(st, 0, "Leaden Shackle", f"target:c{kelpie}")
    resolve(st)
    resolve(st)
    lps = [d.lp_of_caster(p) for p in range(2)]
    destroy(st, [kelpie])
    resolve(st)
    assert shackle not in d.in_play and shackle in d.limbo[0]               # its owner's Limbo
    assert [d.lp_of_caster(p) for p in range(2)] == lps                # its DESTROYED Effect did not trigger
    assert not any("DESTROYED: you gain" in line for line in st.log_for(0))


@pytest.mark.rule("MZ22-EQUIP-2", "MZ22-EQUIP-12", "MZ22-EQUIP-16")
def test_any_page_type_can_be_equipment_and_is_discarded_by_type():
    st, hare = hare_with(["River Terra"], arena=("Forest Aura", "Water Aura"))
    d = st.data
    aura = arena_page(st, "Water Aura")
    terra = chapter_page(st, 0, "River Terra")
    d.chapter[0].remove(terra)
    equipment.attach(st, aura, hare)
    equipment.attach(st, terra, hare)
    assert aura not in d.arena and {equipment.holder(d, aura), equipment.holder(d, terra)} == {hare}
    destroy(st, [hare])
    resolve(st)
    assert aura in d.afterlife[0] and terra in d.afterlife[0]          # Aura and Terra: the Afterlife
    assert hare in d.limbo[0]


@pytest.mark.rule("MZ22-EQUIP-14", "MZ22-EQUIP-12", "MZ22-EQUIP-11")
def test_a_spell_used_as_equipment_stays_attached_until_its_page_leaves():
    st, hare = hare_with(["Warding Glyph"], arena=("Water Aura",))
    d = st.data
    assert "stone_skin" not in traits_of(d, hare)                      # the Trait cache is filled
    glyph = contract(st, 0, "Warding Glyph", f"target:c{hare}")
    resolve(st)
    assert equipment.holder(d, glyph) == hare and glyph not in d.cemetery[0]
    assert max_lp(d, hare) == HARE_LP + 20 and "stone_skin" in traits_of(d, hare)
    destroy(st, [hare])
    resolve(st)
    assert glyph in d.cemetery[0] and glyph not in d.in_play


@pytest.mark.rule("MZ22-EQUIP-15")
def test_any_number_of_equipment_and_one_face_down_trap():
    from metatcg.games.metazoo_2022 import traps
    st, hare = hare_with(["Thornmail Vest", "Whetstone Sigil", "Bog Lurker"],
                         arena=("Forest Aura", "Forest Aura", "Water Aura"))
    d = st.data
    before = attack_total(d, hare, 0, None)
    for name in ("Thornmail Vest", "Whetstone Sigil"):
        contract(st, 0, name, f"target:c{hare}")
        resolve(st)
        resolve(st)
    assert len([c for c in equipment.attached(d) if d.in_play[c].under == hare]) == 2
    assert max_lp(d, hare) == HARE_LP + 30 and attack_total(d, hare, 0, None) == before + 10
    lurker = chapter_page(st, 0, "Bog Lurker")
    play(st, "trap", f"trap:c{lurker}", f"slide:c{lurker}>c{hare}")
    assert d.in_play[lurker].under == hare and traps.trap_under(d, hare) == lurker
    assert len(equipment.attached(d)) == 2


@pytest.mark.rule("MZ22-EQUIP-9", "MZ22-EQUIP-8")
def test_equipment_its_own_text_lets_be_targeted_counts_as_in_the_arena():
    st = position(GAME, [{"chapter": ["Shatter Hex"], "aura": {"earth": 1, "flame": 1}, "arena": ["Ember Hare"]},
                         {"arena": ["Puddle Sprite", "Mirrored Buckler", "Leaden Shackle"]}])
    d = st.data
    sprite = arena_page(st, "Puddle Sprite")
    buckler, shackle = arena_page(st, "Mirrored Buckler"), arena_page(st, "Leaden Shackle")
    equipment.attach(st, buckler, sprite)
    equipment.attach(st, shackle, sprite)
    assert max_lp(d, sprite) == 50                                    # 30 + the Buckler's 20
    found = candidates(d, 0, TargetSpec(kind="artifact"))
    assert page_ref(buckler) in found and page_ref(shackle) not in found       # only the one whose text allows it
    hare = arena_page(st, "Ember Hare")
    assert page_ref(sprite) in attack_targets(d, hare) and page_ref(buckler) not in attack_targets(d, hare)
    # not Attacked: an Equipment is no Attack target
    contract(st, 0, "Shatter Hex", f"target:c{buckler}")
    resolve(st)
    assert buckler in d.limbo[1] and buckler not in d.in_play and max_lp(d, sprite) == 30
    assert shackle in d.in_play                                            # the other one stays attached


def test_only_equipment_may_be_targetable_in_the_data():
    bad = """
[[page]]
name = "Odd Lamp"
type = "artifact"
cost = [{ aura = "light", n = 1 }]
lp = 20
targetable = true
strong_against = ["dark"]
text = "A lamp."
"""
    with pytest.raises(CardDataError, match="targetable"):
        GAME.parse_cards(bad, "bad lamp")
