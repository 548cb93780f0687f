"""MetaZoo 2022: Damage and Frozen or Sleep from one source (MZ22-SIMUL-3/8) with pool Pages,
an Attack (fixed Combat order, nobody asked) against a Potion (the active Caster picks), and
Frozen or Sleep put on a Page in the middle of a Combat."""
from __future__ import annotations

import pytest

import metatcg
from support import ids
from support.metazoo_2022 import arena_page as page, lp, play, position

GAME = metatcg.load_game("metazoo-2022")


def pos(p1: dict, p2: dict, **top):
    return position(GAME, [p1, p2], **top)


def kinds(st, c):
    return [i.status for i in st.data.in_play[c].indicators]


def run_until_main(st):
    """Answer every decision but an ``order`` one with its first option until P1's Take Actions
    comes back; returns the kinds of decisions met."""
    met = []
    while st.decision is not None and st.decision.kind != "main":
        met.append(st.decision.kind)
        if st.decision.kind == "order":
            break
        st.apply(ids(st)[0])
    return met


@pytest.mark.rule("MZ22-SIMUL-8", "MZ22-COMBAT-26", "MZ22-COMBAT-51", "MZ22-SLEEP-5")
def test_an_attack_that_damages_and_sends_to_sleep_keeps_the_fixed_order():
    """Drowsy Sandman's Sack of Dreams: its text deals 10 and puts the primary Defender to Sleep,
    then its red 30 hits. The order is the Combat's, not a choice (MZ22-SIMUL-8), and the Sleep
    put on in this Combat neither doubles the red Damage nor ends (MZ22-SLEEP-5)."""
    st = pos({"arena": ["Drowsy Sandman"]}, {"arena": ["Hollow Wendigo"]})
    st.logging = True
    sandman, wendigo = page(st, "Drowsy Sandman"), page(st, "Hollow Wendigo")
    play(st, f"attack:c{sandman}", f"at:c{wendigo}")
    met = run_until_main(st)
    assert "order" not in met and st.decision.kind == "main"
    log = list(st.log)
    effect = log.index("Hollow Wendigo takes 10 Damage from Drowsy Sandman (100/110 LP)")
    asleep = log.index("Hollow Wendigo is put to Sleep")
    red = log.index("Hollow Wendigo takes 30 Damage from Drowsy Sandman (70/110 LP)")
    assert effect < asleep < red                          # text in printed order, then the red number
    assert lp(st, wendigo) == 70 and kinds(st, wendigo) == ["sleep"] and st.data.in_play[wendigo].fatigued


@pytest.mark.rule("MZ22-SIMUL-3", "MZ22-SIMUL-8", "MZ22-SLEEP-5")
@pytest.mark.parametrize("first,hp,asleep", [("damage", 90, True), ("status", 70, False)])
def test_a_potion_that_damages_and_sends_to_sleep_lets_the_active_caster_pick(first, hp, asleep):
    """Lethe Draught (20 Damage and Sleep, no Combat): the active Caster picks the order. The
    Damage first leaves the Page Asleep; Sleep first doubles the Damage and wakes it."""
    st = pos({"chapter": ["Lethe Draught"]}, {"arena": ["Hollow Wendigo"]})
    draught, wendigo = st.data.chapter[0][0], page(st, "Hollow Wendigo")
    play(st, f"contract:c{draught}", f"target:c{wendigo}")
    met = run_until_main(st)
    assert met[-1] == "order" and st.decision.player == 0
    assert ids(st) == ["first:damage", "first:status"]
    play(st, f"first:{first}")
    assert lp(st, wendigo) == hp and (kinds(st, wendigo) == ["sleep"]) == asleep
