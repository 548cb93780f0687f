"""Conceding, for every registered game: a loss at any time, kept in the history as
``concede:P<n>`` so records, replays, JSON copies and a player's own record keep it."""
from __future__ import annotations

import pytest

import metatcg
from metatcg.engine.errors import IllegalActionError, SeatError

GAMES = metatcg.game_ids()


def fresh(gid: str, seats: int = 2, seed: int = 3):
    game = metatcg.load_game(gid)
    names = game.starter_deck_names()
    return game, game.new_state([names[i % len(names)] for i in range(seats)], seed=seed)


@pytest.mark.parametrize("gid", GAMES)
def test_a_concession_is_a_loss_and_replays(gid):
    game, st = fresh(gid)
    for _ in range(5):                          # a few moves in, whoever is deciding
        if not st.is_terminal():
            st.apply(st.legal_actions()[-1])
    if st.is_terminal():
        pytest.skip("the sample game ended before the concession")
    st.concede(1)
    assert st.is_terminal() and st.returns()[1] < st.returns()[0]
    assert st.history[-1] == "concede:P2"
    again = game.replay(st.record())
    assert again.digest() == st.digest() and again.returns() == st.returns()
    assert game.state_from_json(st.to_json_text()).digest() == st.digest()
    assert st.record_for(1)["choices"][-1] == "concede:P2"
    assert "concede:P2" not in st.record_for(0)["choices"]


@pytest.mark.parametrize("gid", GAMES)
def test_bad_concessions_are_refused_and_change_nothing(gid):
    game, st = fresh(gid)
    before = st.digest()
    with pytest.raises(SeatError):
        st.concede(7)
    with pytest.raises(IllegalActionError, match="names no seat"):
        st.apply("concede:P9")
    assert st.digest() == before and not st.history
    st.concede(0)
    with pytest.raises(IllegalActionError, match="over"):
        st.concede(1)
