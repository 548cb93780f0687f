"""Multi-player results say the place (issue 29): "You finished 2nd of 3", not "You lose", in the
terminal end screen and replay (cli.common.result_text), and the data the browser and server use
(ui.results, the server's game result)."""
from __future__ import annotations

import pytest

from metatcg.cli.common import result_text
from metatcg.engine.seats import returns_by_place
from metatcg.ui.results import headline, ordinal, places, result_words, standings


def test_ordinals():
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 103)] == \
        ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "103rd"]


def test_three_seats_each_seat_reads_its_place():
    r = returns_by_place([1, 0, 2])                          # P2 first, P1 second, P3 third
    assert places(r) == [2, 1, 3]
    assert headline(r, 1) == "You win! (1st of 3)"
    assert headline(r, 0) == "You finished 2nd of 3: P2 wins"
    assert headline(r, 2) == "You finished 3rd of 3: P2 wins"
    assert "lose" not in result_text(r, "P2 wins: P3 is out (0 LP, MZ22-WIN-4)", 0).lower()
    text = result_text(r, "P2 wins: P3 is out", 0)
    assert text.startswith("You finished 2nd of 3: P2 wins (P3 is out)"), text   # the winner said once
    assert text.endswith("places: 1st P2, 2nd P1, 3rd P3")


def test_four_seats_and_shared_places():
    r = returns_by_place([0, 1, 2, 3])
    assert [headline(r, p) for p in range(4)] == [
        "You win! (1st of 4)", "You finished 2nd of 4: P1 wins", "You finished 3rd of 4: P1 wins",
        "You finished 4th of 4: P1 wins"]
    one = (-1.0, 1.0, -1.0, -1.0)                            # one winner, the others unranked
    assert headline(one, 0) == "You share 2nd place of 4 with P3 and P4: P2 wins"
    tied_top = returns_by_place([0, 0, 2])
    assert headline(tied_top, 0) == "You share 1st place of 3 with P2"
    assert headline(tied_top, 2) == "You finished 3rd of 3: P1 and P2 win"
    assert standings(tied_top) == "1st P1, 1st P2, 3rd P3"
    assert headline((0.0, 0.0, 0.0), 1) == "Draw"


def test_two_seats_keep_win_and_lose_and_nobody_gets_places():
    assert headline((1.0, -1.0), 1) == "You lose: P1 wins"
    assert headline((1.0, -1.0)) == "P1 wins"
    assert standings((1.0, -1.0)) == "" and result_text((1.0, -1.0), "", 0) == "You win!"


def test_result_words_for_the_browser_and_a_bad_seat():
    w = result_words({"returns": list(returns_by_place([2, 0, 1])), "reason": "P2 wins"}, 0)
    assert w["head"] == "You finished 3rd of 3: P2 wins" and w["place"] == 3
    assert result_words(None)["head"] == "Game over"
    with pytest.raises(ValueError, match="seat 5"):
        headline((1.0, 0.0, -1.0), 5)


@pytest.mark.parametrize("gid,n", [("metabaloids", 3), ("metazoo-2022", 4)])
def test_a_finished_multiseat_game_names_each_seats_place(gid, n):
    import random

    import metatcg
    from metatcg.server.tables import _result
    game = metatcg.load_game(gid)
    names = game.starter_deck_names()
    st = game.new_state([game.starter_deck(names[i % len(names)]) for i in range(n)], seed=4, log=False)
    rng = random.Random(4)
    while not st.is_terminal():
        st.apply(rng.choice(st.legal_actions()))
    res = _result(st)
    assert res["places"] == places(st.returns()) and len(res["places"]) == n
    for p in range(n):
        text = result_text(st.returns(), st.reason, p)
        assert "You lose" not in text and f"of {n}" in text or text.startswith(("You win!", "Draw")), text
