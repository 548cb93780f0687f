"""The words a Metabaloids player reads where a change of one word went unnoticed (issue 28,
mutation survivors): a deploy option names the verb the rule uses, and a card's numbers end with
"promo" only on a promo card."""
from __future__ import annotations

import pytest
from test_metabaloids_rules import GAME, HAND, pos


@pytest.mark.rule("MB-DEPLOY-1")
def test_a_deploy_option_reads_deploy_the_card_into_a_column():
    st = pos({"reserve": ["Sprig"], "columns": [["Pebble"], [], []], "hand": HAND},
             {"columns": [["Dozer"], [], []]}, phase="deploy")
    assert [a.label for a in st.legal_actions()] == [
        "Deploy Sprig (cost 1, ATK 1 DEF 1) into a new middle column",
        "Deploy Sprig (cost 1, ATK 1 DEF 1) into a new right column"]


def test_a_cards_numbers_end_with_promo_only_on_a_promo_card():
    assert GAME.pool["Sprig"].numbers() == "C1 · ATK 1 DEF 1 · META 0"
    promo = next(c for c in GAME.pool.by_name.values() if c.promo)
    assert promo.numbers().endswith(" · promo")
