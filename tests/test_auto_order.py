"""Auto-order (issue 29, PR-K-13): when a seat orders simultaneous triggered abilities that mix
its own with another player's (MetaZoo's active player orders both, MZL-ERRATA-SIMUL-7), the
seat's preferences put another player's first, so the seat decides its own knowing what they
did. Only from public facts (who controls each trigger), at any table; off means asked; a
group of one seat's own triggers is still the seat's to order."""
from __future__ import annotations

import pytest

import metatcg
from metatcg.bots import make_bot
from metatcg.engine.state import ORDER_DECISION
from metatcg.ui.prefs import SeatPrefs, auto_answer
from metatcg.ui.presentation import presentation_of

GAME = metatcg.load_game("metazoo")
PRES = presentation_of(GAME)
NAMES = GAME.starter_deck_names()
ONLY_ORDER = SeatPrefs(auto_pass=False, auto_same=False, auto_pay=False, auto_order=True)


def orders(mixed: bool, count: int = 3):
    """P1's trigger orders in seeded greedy games: ``mixed`` (both players' triggers) or P1's own."""
    found = []
    for seed in range(40):
        st = GAME.new_state([GAME.starter_deck(NAMES[(seed + i) % len(NAMES)]) for i in range(2)], seed=seed)
        bots = [make_bot("greedy", seed * 31 + p) for p in range(2)]
        while not st.is_terminal() and len(found) < count:
            p = st.current_player()
            if p == 0 and st.decision.kind == ORDER_DECISION and len(st.legal_actions()) > 1:
                owners = {t.ctx.controller for t in st.decision.params.triggers if hasattr(t, "ctx")}
                if (owners == {0, 1}) == mixed and (mixed or owners == {0}):
                    found.append(st.clone())
            st.apply(bots[p].choose(st.handle(p)))
        if len(found) >= count:
            return found
    pytest.fail(f"no {'mixed' if mixed else 'own'} trigger order in 40 games")


def test_the_other_players_trigger_goes_first():
    for st in orders(mixed=True):
        pick = auto_answer(st, 0, ONLY_ORDER, PRES)
        i = int(pick.id.split(":")[1])
        assert st.decision.params.triggers[i].ctx.controller == 1
        assert auto_answer(st, 0, ONLY_ORDER, PRES, fair=True).id == pick.id      # public: at any table
        assert auto_answer(st, 0, SeatPrefs(auto_pass=False, auto_same=False, auto_order=False), PRES) is None
        st.apply(pick)                                   # an ordinary action, in the record
        assert st.history[-1] == pick.id


def test_a_seats_own_triggers_are_left_to_it():
    for st in orders(mixed=False, count=2):
        assert auto_answer(st, 0, ONLY_ORDER, PRES) is None


def test_games_that_do_not_name_a_triggers_controller_are_asked():
    assert presentation_of(metatcg.load_game("metax")).trigger_controller(None, object()) is None
