"""MetaZoo 2022 Token definitions: a copy Token has no Aura Cost at all (MZ22-TOKEN-7), and a
Token described inline by an Effect keeps every part of its text, an ``else`` branch included,
when it is created and when the game is saved and read back."""
from __future__ import annotations

import pytest

import metatcg
from metatcg.games.metazoo_2022.cards import parse_pages
from metatcg.games.metazoo_2022.tokens import token_def
from support.metazoo_2022 import play, position

STANDINS = """
[[page]]
name = "Test Moth Lantern"
type = "spell"
cost = [{ aura = "neutral", n = 0 }]
text = "Create a Moth Token: at the end of each turn, you gain 10 LP if you have 1000 LP or more, else 5."

[[page.effect]]
when = "cast"
do = [{ op = "create_token", page = { name = "Moth", type = "beastie", lp = 10, text = "A Moth Token.", \
attack = [{ name = "Flutter", damage = 10 }], effect = [{ when = "end_of_turn", turns = "each", do = [\
{ op = "if", cond = { count = "controller_lp", cmp = "ge", n = 1000 }, \
then = [{ op = "gain_lp", amount = 10, to = "controller" }], \
else = [{ op = "gain_lp", amount = 5, to = "controller" }] }] }] } }]
""".replace("\\\n", "")
GAME = metatcg.load_game("metazoo-2022").with_cards(parse_pages(STANDINS, "token-defs.toml"))


@pytest.mark.rule("MZ22-TOKEN-7", "MZ22-TOKEN-8")
def test_a_copy_token_has_no_aura_cost_but_keeps_its_types():
    hound = GAME.rules.pool["Ember Hare"]
    assert hound.cost_total > 0
    t = token_def({"copy": "Ember Hare"}, GAME.rules.pool)
    assert t.cost == () and t.cost_total == 0 and t.cost_due == ()
    assert t.base_types == hound.base_types and t.lp == hound.lp


def test_an_inline_token_keeps_its_else_branch_and_reads_back_from_a_save():
    st = position(GAME, [{"chapter": ["Test Moth Lantern"], "lp_loss": 100}, {}])
    play(st, f"contract:c{st.data.chapter[0][0]}")
    while st.decision.kind == "__respond":
        st.apply("pass")
    moth = max(st.data.arena)
    step = st.data.defs[moth].effects[0].do[0]
    assert st.data.defs[moth].name == "Moth" and step.orelse and step.then
    back = GAME.state_from_json(st.to_json())
    assert back.data.defs[moth].effects == st.data.defs[moth].effects
    st.apply("end")
    while st.decision.kind != "main":
        st.apply("pass")
    assert st.data.lp_of_caster(0) == 905                # 900 LP: the else branch, 5 LP
