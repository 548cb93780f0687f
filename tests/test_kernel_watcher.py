"""``GameState.watcher``: told of every action the kernel takes, the forced ones (a decision with
one option, taken without asking) included; copies for lookahead never carry it."""
from __future__ import annotations

from metatcg.bots import make_bot
from metatcg.registry import load_game
from metatcg.sim.runner import play_game


def test_the_watcher_sees_every_action_chosen_or_forced_and_copies_do_not_report():
    game = load_game("metax")
    decks = [game.starter_deck(n) for n in game.starter_deck_names()[:2]]
    state = game.new_state(decks, seed=5, log=False)
    seen: list[tuple[int, str]] = []
    state.watcher = lambda st, act: seen.append((st.decision.player, act.id))
    bots = [make_bot("greedy", 1), make_bot("random", 2)]      # greedy clones the state to look ahead
    while not state.is_terminal():
        p = state.current_player()
        state.apply(bots[p].choose(state.handle(p)).id)
    assert len(seen) == state.actions_taken
    assert len(seen) > len(state.history)                      # some decisions had one option
    assert state.clone().watcher is None


def test_card_records_count_plays_the_kernel_forced():
    """A play the kernel takes by itself (the only legal action) still counts as played: the
    records equal the plays a second watcher sees on a replay, and some of those were forced."""
    game = load_game("metax")
    decks = [game.starter_deck(n) for n in game.starter_deck_names()[:2]]
    forced_plays = 0
    for seed in range(12):
        state, result = play_game(game, decks, ["random", "random"], seed, cards=True)
        replay = game.new_state(decks, seed=seed, log=False)
        names: list[set[str]] = [set(), set()]
        forced: list[str] = []

        def watch(st, act, names=names, forced=forced):
            name = game.played_card(st, act)
            if name is not None:
                names[st.decision.player].add(name)
                if len(st.legal_actions()) == 1:
                    forced.append(name)

        replay.watcher = watch
        for aid in state.history:
            replay.apply(aid)
        assert [sorted(n) for n in names] == [r["played"] for r in result.cards]
        forced_plays += len(forced)
    assert forced_plays > 0
