"""MetaZoo 2022 survivors of the issue 31 mutation run (the first to sample stats.py): the mean
full moon is exactly half a mean month after a mean new moon (MZ22-TERRA-11 reads the local day
from it), auto-pay never picks for a seat whose payment is not the one waiting, a Token copy of a
Token made from an Effect's text copies that text, a copy of a dual-type Page is dual, Aura of a
chosen type goes to the choosing Caster's pool, and the surroundings option reads a Caster's own
place and refuses a malformed one."""
from __future__ import annotations

from datetime import timedelta

import pytest

from metatcg.games.metazoo_2022 import sky
from metatcg.games.metazoo_2022.autopay import auto_pay
from test_metazoo_2022_autopay import paying


@pytest.mark.rule("MZ22-TERRA-11")
@pytest.mark.parametrize("moment", ["1999-12-31T00:00:00+00:00", "2026-11-28T12:00:00+01:00",
                                    "2080-06-15T18:30:00-05:00"])
def test_the_mean_full_moon_is_half_a_mean_month_after_the_new_moon(moment):
    when = sky.parse_moment(moment)
    full = sky.nearest_full_moon(when)
    assert sky.moon_age(full) == pytest.approx(sky.SYNODIC_MONTH / 2, abs=30 / 86400)   # within 30 seconds
    assert abs(full - when) <= timedelta(days=sky.SYNODIC_MONTH / 2 + 0.001)
    assert full.utcoffset() == when.utcoffset()


def test_auto_pay_picks_only_for_the_seat_that_is_paying():
    st = paying(["Test Tide Wyrm"], ["Water Aura", "Flame Aura"])
    assert auto_pay(st, 0) is not None
    assert auto_pay(st, 1) is None                    # P2 is not the one paying



@pytest.mark.rule("MZ22-TOKEN-8")
def test_a_token_copy_of_a_token_made_from_an_effects_text_copies_that_text():
    """The Moth Token exists only in the Lantern's text: its copy is made from the same text, not
    looked up by name in the card pool (which has no Moth)."""
    from test_metazoo_2022_stack_chain import GAME as WITH_MIMIC_MOTH
    from test_metazoo_2022_token_defs import STANDINS
    from metatcg.games.metazoo_2022.cards import parse_pages
    from support.metazoo_2022 import play, position
    game = WITH_MIMIC_MOTH.with_cards(parse_pages(STANDINS, "copy-token.toml"))
    assert "Moth" not in game.pool
    st = position(game, [{"chapter": ["Test Moth Lantern"], "arena": ["Mimic Moth"]}, {}])
    play(st, f"contract:c{st.data.chapter[0][0]}")
    while st.decision.kind == "__respond":
        st.apply("pass")
    moth = max(st.data.arena)
    assert st.data.defs[moth].name == "Moth" and st.data.is_token(moth)
    mimic = next(c for c in st.data.arena if st.data.defs[c].name == "Mimic Moth")
    play(st, f"use:c{mimic}.0", f"target:c{moth}")
    while st.decision.kind == "__respond":
        st.apply("pass")
    copy = max(st.data.arena)
    assert copy != moth and st.data.is_token(copy)
    assert st.data.defs[copy].name == "Moth" and st.data.defs[copy].effects == st.data.defs[moth].effects


@pytest.mark.rule("MZ22-TOKEN-15")
def test_a_token_copy_of_a_dual_type_page_is_dual_and_of_a_single_type_page_is_not():
    """A Token keeps the types it was given (MZ22-TOKEN-15): a copy of a Page of two types other
    than Neutral is a dual-type Page too."""
    import metatcg
    from metatcg.games.metazoo_2022.tokens import tokenised
    pool = metatcg.load_game("metazoo-2022").pool
    pages = [p for p in pool.by_name.values() if p.cost]
    dual = next(p for p in pages if len(p.base_types - {"neutral"}) == 2)
    single = next(p for p in pages if len(p.base_types - {"neutral"}) == 1)
    assert dual.dual and tokenised(dual).dual and tokenised(dual).base_types == dual.base_types
    assert not tokenised(single).dual


ANY_AURA = '''
[[page]]
name = "Test Prism Draught"
type = "potion"
cost = [{ aura = "neutral", n = 0 }]
[[page.effect]]
when = "cast"
do = [{ op = "generate", aura = "any", n = 2 }]
text = "Make 2 Aura of a type you choose."
'''


@pytest.mark.rule("MZ22-AURA-9")
def test_aura_of_any_type_goes_to_the_pool_of_the_caster_who_chose_it():
    import metatcg
    from metatcg.games.metazoo_2022.cards import parse_pages
    from support.metazoo_2022 import play, position
    game = metatcg.load_game("metazoo-2022").with_cards(parse_pages(ANY_AURA, "any-aura.toml"))
    st = position(game, [{"chapter": ["Test Prism Draught"]}, {}])
    play(st, f"contract:c{st.data.chapter[0][0]}")
    while st.decision.kind == "__respond":
        st.apply("pass")
    assert st.decision.player == 0 and {a.id for a in st.legal_actions()} >= {"aura:water", "aura:flame"}
    st.apply("aura:water")
    assert st.data.pool[0].get("water") == 2 and not st.data.pool[1].get("water")


@pytest.mark.rule("MZ22-TERRA-8")
def test_the_surroundings_option_reads_a_casters_own_place_and_refuses_a_place_of_three_numbers():
    """A per-Caster profile may declare where that Caster is (its own sky, MZ22-TERRA-8); a place
    is exactly [latitude, longitude]."""
    from metatcg.games.metazoo_2022.surroundings_option import from_dict
    cfg = from_dict({"mode": "per_caster", "casters": [{"place": [48.5, 2.25]}]}, 2)
    assert cfg is not None and cfg.casters[0].place == (48.5, 2.25) and cfg.casters[1].place is None
    with pytest.raises(ValueError, match=r"\[latitude, longitude\]"):
        from_dict({"mode": "shared", "moment": "2026-11-28T12:00:00+00:00", "place": [48.5, 2.25, 3]}, 2)
