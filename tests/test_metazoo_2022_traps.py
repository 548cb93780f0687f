"""MetaZoo 2022 face-down Traps: placing and sliding them, hiding them, the flip when an Attack
targets one or its host, paying or losing it, and the penalty for a Page without the Trait."""
from __future__ import annotations

import pytest

import metatcg
from metatcg.games.metazoo_2022 import traps
from support import ids
from support.metazoo_2022 import arena_page, play, position

GAME = metatcg.load_game("metazoo-2022")


def label_of(st, aid: str) -> str:
    return next(a.label for a in st.legal_actions() if a.id == aid)


def pay_all(st) -> None:
    """Take the first pay pick until the cost is paid."""
    while st.decision is not None and st.decision.kind == "pay":
        st.apply(ids(st)[0])


def attack(st, hare: int, ref: str, *more: str) -> None:
    play(st, f"attack:c{hare}", f"at:{ref}")
    if st.decision.kind == "attack_choice":
        play(st, "atk:0")
    play(st, *more)


def chapter_page(st, seat: int, name: str) -> int:
    return next(c for c in st.data.chapter[seat] if st.data.defs[c].name == name)


def foe_trap(name: str, host: str | None = None, p2_arena=("Water Aura", "Water Aura"), p1=None):
    """P1 to act with an Awakened Ember Hare; P2 has ``name`` face-down (under ``host``)."""
    arena = list(p2_arena) + ([host] if host else [])
    st = position(GAME, [{"arena": [{"name": "Ember Hare", "fatigued": False}], **(p1 or {})},
                         {"arena": arena, "chapter": [name]}])
    c = chapter_page(st, 1, name)
    traps.place(st, 1, c)
    if host:
        traps.slide(st, 1, c, arena_page(st, host))
    return st, c, arena_page(st, "Ember Hare")


@pytest.mark.rule("MZ22-TURN-9", "MZ22-TRAP-2", "MZ22-TRAP-29", "MZ22-TRAP-8", "MZ22-TRAP-6")
def test_place_face_down_then_slide_once_per_turn():
    st = position(GAME, [{"arena": ["Puddle Sprite", "Reed Kelpie"], "chapter": ["Bog Lurker", "Ember Hare"]}, {}])
    lurker, hare = chapter_page(st, 0, "Bog Lurker"), chapter_page(st, 0, "Ember Hare")
    assert "trap" in ids(st) and not any(a.startswith("trap:c") for a in ids(st))   # one option a place (PR-MZ22-54)
    play(st, "trap")
    assert st.decision.kind == "trap_place"
    assert ids(st) == [f"trap:c{lurker}", f"trap:c{hare}", "back"]   # any Page, no Aura (MZ22-TRAP-2/29)
    assert "bluff" in label_of(st, f"trap:c{hare}") and "bluff" not in label_of(st, f"trap:c{lurker}")
    play(st, f"trap:c{lurker}")
    s = st.data.in_play[lurker]
    assert s.face_down and s.controller == 0 and lurker not in st.data.arena and st.data.pool[0] == {}
    assert st.decision.kind == "main"                   # P2 holds no response (PR-MZ22-67): back to Take Actions
    sprite, kelpie = arena_page(st, "Puddle Sprite"), arena_page(st, "Reed Kelpie")
    assert {f"slide:c{lurker}>c{sprite}", f"slide:c{lurker}>c{kelpie}"} <= set(ids(st))
    play(st, "trap", f"trap:c{hare}", f"slide:c{lurker}>c{sprite}")
    assert st.data.in_play[lurker].under == sprite
    # the other face-down Page may not join it under the same Page, and Lurker moved already
    assert f"slide:c{hare}>c{kelpie}" in ids(st) and f"slide:c{hare}>c{sprite}" not in ids(st)
    assert not any(a.startswith(f"slide:c{lurker}") for a in ids(st))


@pytest.mark.rule("MZ22-TRAP-22", "MZ22-TRAP-23")
def test_face_down_pages_are_hidden_and_nothing_for_rules():
    st, lurker, hare = foe_trap("Bog Lurker")
    v1 = st.view(0)
    (seen,) = v1["beneath"]
    assert seen == {"id": traps.alias(st.data, lurker), "face_down": True, "controller": 1, "under": None}
    assert f"c{lurker}" not in repr(v1) and not any(f"c{lurker}" in line for line in st.log_for(0))
    assert "Bog Lurker" not in str(v1) and not any("Bog Lurker" in line for line in st.log_for(0))
    own = st.view(1)["beneath"][0]
    assert own["name"] == "Bog Lurker" and own["face_down"] is True and own["alias"] == seen["id"]
    assert any("Bog Lurker" in line for line in st.log_for(1))
    from metatcg.games.metazoo_2022.stats import beasties
    assert lurker not in beasties(st.data)
    # determinize never keeps the real identity for certain: it is resampled among hidden Pages
    from metatcg.engine.rng import Rng
    names = set()
    for k in range(12):
        d = GAME.determinize(st, 0, Rng(k)).data
        names.add(d.defs[next(c for c, s in d.in_play.items() if s.face_down)].name)
    assert names != {"Bog Lurker"}


@pytest.mark.rule("MZ22-COMBAT-6", "MZ22-TRAP-16", "MZ22-TRAP-13", "MZ22-TRAP-24", "MZ22-TRAP-25", "MZ22-KW-2",
                  "MZ22-TRAP-1", "MZ22-TRAP-27")
def test_attack_flips_a_stand_alone_trap_and_paying_contracts_it():
    st, lurker, hare = foe_trap("Bog Lurker")
    play(st, f"attack:c{hare}")
    fd = traps.alias(st.data, lurker)
    assert f"at:{fd}" in ids(st) and f"at:c{lurker}" not in ids(st)
    play(st, f"at:{fd}", "atk:0")
    assert st.decision.kind == "trap_pay" and st.current_player() == 1
    assert ids(st) == ["trap:pay", "trap:decline"]
    assert not st.data.in_play[lurker].face_down
    play(st, "trap:pay")
    pay_all(st)
    d = st.data
    assert lurker in d.arena and d.in_play[lurker].fatigued and d.in_play[lurker].contracted
    # its FLIPPED Effect (20, +20 Water over Flame) then Combat went on against it (MZ22-COMBAT-41)
    assert any("Ember Hare takes 40 Damage from Bog Lurker" in line for line in st.log)
    assert d.in_play[lurker].damage == 30 and hare in d.limbo[0]
    assert not d.chain                                             # no chain item for the flip


@pytest.mark.rule("MZ22-TRAP-14", "MZ22-KW-5", "MZ22-COMBAT-41")
def test_an_unpaid_trap_goes_to_the_afterlife_and_combat_ends():
    st, lurker, hare = foe_trap("Bog Lurker")
    attack(st, hare, traps.alias(st.data, lurker), "trap:decline")
    d = st.data
    assert lurker in d.afterlife[1] and lurker not in d.in_play
    assert d.in_play[hare].damage == 0 and d.combat is None and st.decision.kind == "main"


@pytest.mark.rule("MZ22-TRAP-4", "MZ22-TRAP-26", "MZ22-TRAP-5")
def test_a_face_down_page_without_the_trait_loses_the_game():
    st, fake, hare = foe_trap("Snow Marten")
    attack(st, hare, traps.alias(st.data, fake))
    assert st.is_terminal() and st.returns() == [1.0, -1.0]
    assert fake in st.data.limbo[1]


@pytest.mark.rule("MZ22-TRAP-18", "MZ22-TRAP-17", "MZ22-TRAP-9", "MZ22-COMBAT-7", "MZ22-COMBAT-42", "MZ22-TRAP-19")
def test_a_trap_under_the_target_flips_and_defends():
    st, lurker, hare = foe_trap("Bog Lurker", host="Puddle Sprite")
    sprite = arena_page(st, "Puddle Sprite")
    play(st, f"attack:c{hare}")
    assert not any(a.startswith("at:f") for a in ids(st)) and f"at:c{sprite}" in ids(st)
    play(st, f"at:c{sprite}", "atk:0", "trap:pay")
    pay_all(st)
    d = st.data
    assert d.combat.defenders == (lurker,) and d.in_play[lurker].fatigued and d.in_play[lurker].under == -1


@pytest.mark.rule("MZ22-COMBAT-8", "MZ22-COMBAT-41", "MZ22-TRAP-25")
def test_a_spell_trap_resolves_at_once_and_the_attack_ends():
    st, thicket, hare = foe_trap("Sudden Thicket")
    attack(st, hare, traps.alias(st.data, thicket), "trap:pay")
    pay_all(st)
    d = st.data
    assert hare in d.limbo[0] and thicket in d.cemetery[1] and d.combat is None   # 40 + 20 Type Advantage


@pytest.mark.rule("MZ22-TRAP-11", "MZ22-TRAP-28", "MZ22-TRAP-15")
def test_a_trap_stays_when_its_host_leaves():
    st, lurker, hare = foe_trap("Bog Lurker", host="Puddle Sprite")
    from metatcg.games.metazoo_2022.zones import destroy
    destroy(st, [arena_page(st, "Puddle Sprite")])
    s = st.data.in_play[lurker]
    assert s.face_down and s.under == -1


# A Trap whose Page states its own flip moment (MZ22-TRAP-21), and a Spell aimed at Beasties.
EXTRA = '''
[[page]]
name = "Dawn Snapper"
type = "beastie"
cost = [{ aura = "water", n = 1 }]
lp = 40
strong_against = ["flame"]
traits = ["trap"]
flip_at = "start_of_turn"
text = "A Trap that springs at dawn: it flips at the start of its Caster's turn."
[[page.attack]]
name = "Snap"
damage = 20

[[page]]
name = "Spark Jab"
type = "spell"
cost = [{ aura = "flame", n = 1 }]
strong_against = ["frost"]
text = "A jab."
[[page.effect]]
when = "cast"
targets = [{ kind = "beastie", side = "any" }]
do = [{ op = "damage", amount = 10, to = "t0" }]
text = "Deal 10 Damage to target Beastie."
'''
GAME_X = GAME.with_cards(GAME.parse_cards(EXTRA, "trap tests"))


@pytest.mark.rule("MZ22-TRAP-10", "MZ22-TRAP-23")
def test_a_trap_under_a_page_cannot_be_targeted():
    st2 = position(GAME_X, [{"arena": [{"name": "Ember Hare", "fatigued": False}], "chapter": ["Spark Jab"],
                             "aura": {"flame": 1}},
                            {"arena": ["Water Aura", "Puddle Sprite"], "chapter": ["Bog Lurker"]}])
    lurker = chapter_page(st2, 1, "Bog Lurker")
    sprite = arena_page(st2, "Puddle Sprite")
    traps.place(st2, 1, lurker)
    traps.slide(st2, 1, lurker, sprite)
    play(st2, f"contract:c{chapter_page(st2, 0, 'Spark Jab')}")
    pay_all(st2)
    opts = ids(st2)
    assert f"target:c{sprite}" in opts
    assert f"target:c{lurker}" not in opts and not any(a.startswith("target:f") for a in opts)


@pytest.mark.rule("MZ22-TRAP-20", "MZ22-TRAP-15")
def test_no_caster_may_flip_a_trap_to_declare_it_a_defender():
    st, lurker, hare = foe_trap("Bog Lurker", host="Puddle Sprite", p2_arena=("Water Aura", "Reed Kelpie"))
    kelpie = arena_page(st, "Reed Kelpie")
    play(st, f"attack:c{hare}", f"at:c{kelpie}")
    if st.decision.kind == "attack_choice":
        play(st, "atk:0")
    while st.decision.kind != "defenders" and st.decision.kind != "main":
        st.apply(ids(st)[0])
    assert st.decision.kind == "defenders" and st.current_player() == 1
    fd = traps.alias(st.data, lurker)
    assert not any(f"c{lurker}" in a or fd in a or "flip" in a for a in ids(st))
    sprite = f"c{arena_page(st, 'Puddle Sprite')}"
    play(st, next(a for a in ids(st) if a.endswith(sprite)))      # declare the Trap's host a Defender
    assert st.data.in_play[lurker].face_down                           # which flips nothing (MZ22-TRAP-15)


def dawn(n: int = 2):
    """P2's turn ends with ``n`` Dawn Snappers and a Bog Lurker face-down for P1."""
    st = position(GAME_X, [{"chapter": ["Dawn Snapper"] * n + ["Bog Lurker"], "arena": ["Water Aura", "Water Aura"],
                            "spellbook_size": 5}, {"spellbook_size": 5}], active=1)
    d = st.data
    pages = list(d.chapter[0])
    for c in pages:
        traps.place(st, 0, c)
    play(st, "end")
    return st, pages


@pytest.mark.rule("MZ22-TRAP-21", "MZ22-TRAP-13", "MZ22-TRAP-25")
def test_a_trap_that_states_its_own_flip_moment_flips_then():
    st, (snap, lurker) = dawn(1)
    d = st.data
    assert st.decision.kind == "trap_pay" and st.current_player() == 0 and d.turn == 4
    assert not d.in_play[snap].face_down and d.in_play[lurker].face_down    # only the Page that states the moment
    play(st, "trap:pay")
    pay_all(st)
    assert snap in d.arena and d.in_play[snap].contracted


@pytest.mark.rule("MZ22-TRAP-12", "MZ22-TRAP-22")
def test_traps_flipping_at_once_are_ordered_by_the_active_caster():
    st, (a, b, lurker) = dawn(2)
    d = st.data
    assert st.current_player() == d.active == 0
    labels = [x.label if isinstance(x.label, str) else x.label() for x in st.legal_actions()]
    assert ids(st) == ["trigger:0", "trigger:1"]
    assert all("Dawn Snapper" not in s for s in labels)         # named by the alias the others know
    play(st, "trigger:1")
    first = next(c for c in (a, b) if not d.in_play[c].face_down)
    assert st.decision.kind == "trap_pay" and d.in_play[({a, b} - {first}).pop()].face_down
    assert traps.alias(d, first) == "c%d" % first              # flipped Pages lose their alias
