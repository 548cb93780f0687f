"""Root parallelism for the rollout bot (issue 32, "both cores used"): helper processes roll out
the same decision on samples of their own and the bot adds their totals to its own. A helper is
sent only a determinization, never the state; one that fails or is slow costs samples, never a
decision."""
from __future__ import annotations

import time

import pytest

import metatcg
from metatcg.bots import RolloutBot, make_bot
from metatcg.bots.helpers import Helpers
from metatcg.engine.errors import MetatcgError
from metatcg.engine.rng import Rng
from test_bots_rollout import first_decision

SETTINGS = {"turns": 0, "steps": 1000}


@pytest.fixture
def metax():
    return metatcg.load_game("metax")


def wait_ready(helpers: Helpers, game, seconds: float = 30.0) -> None:
    """Until the helpers answer a decision (each takes about a second to start)."""
    st = first_decision(game)
    me = st.handle(st.current_player())
    ids = [a.id for a in me.legal_actions()]
    for number in range(1000, 1100):
        helpers.start(number, me.determinize(Rng(number)).to_json(), me.player, ids, time.time() + 0.2, SETTINGS)
        if helpers.collect(number, False, time.perf_counter() + seconds / 20):
            return
    pytest.fail("the helper never answered")


@pytest.fixture
def ready(metax):
    """The handle at MetaX's first real decision and one helper that has answered once."""
    st = first_decision(metax)
    helpers = Helpers(metax, 1, seed=5)
    try:
        wait_ready(helpers, metax)
        yield st.handle(st.current_player()), helpers
    finally:
        helpers.close()


def test_a_helper_rolls_out_the_options_it_is_sent_and_counts_its_samples(ready):
    me, helpers = ready
    ids = [a.id for a in me.legal_actions()]
    helpers.start(1, me.determinize(Rng(1)).to_json(), me.player, ids, time.time() + 1.0, SETTINGS)
    (total, n, split), = helpers.collect(1, False, time.perf_counter() + 1.0)
    assert n >= 1 and set(total) == set(ids)
    # every sample rolls out every option to the end: each total is n results of +-1e6
    assert all(abs(v) <= n * 1e6 for v in total.values())
    helpers.close()
    assert all(p.poll() is not None for p in helpers.procs), "closing ends the helper processes"


def test_settling_stops_a_helper_before_its_deadline(ready):
    me, helpers = ready
    helpers.start(2, me.determinize(Rng(2)).to_json(), me.player, [a.id for a in me.legal_actions()],
                  time.time() + 30.0, SETTINGS)
    t = time.perf_counter()
    answers = helpers.collect(2, True, time.perf_counter() + 30.0)
    assert len(answers) == 1 and time.perf_counter() - t < 10.0     # not the 30 s deadline


def test_a_helper_that_cannot_read_the_decision_reports_it_and_serves_on(ready):
    me, helpers = ready
    helpers.start(3, {"not": "a state"}, me.player, ["x"], time.time() + 0.5, SETTINGS)
    assert helpers.collect(3, False, time.perf_counter() + 5.0) == []
    assert helpers.errors, "the failure is kept for whoever looks"
    helpers.start(4, me.determinize(Rng(4)).to_json(), me.player, [a.id for a in me.legal_actions()],
                  time.time() + 0.5, SETTINGS)
    assert len(helpers.collect(4, False, time.perf_counter() + 5.0)) == 1


def test_a_two_core_bot_plays_legal_moves_and_adds_its_helpers_samples(metax):
    bot = RolloutBot(3, ms=300, cores=2, settle=0)
    opp = make_bot("greedy", 4)
    st = metax.new_state(list(metax.starter_deck_names()[:2]), seed=5, log=False)
    try:
        while not st.is_terminal() and st.actions_taken < 60:
            p = st.current_player()
            h = st.handle(p)
            act = (bot if p == 0 else opp).choose(h)
            assert act.id in {a.id for a in st.legal_actions()}
            st.apply(act.id)
        assert bot.helpers is not None and not bot.helpers.errors
    finally:
        bot.close()
    assert bot.helpers is None


def test_a_helper_is_sent_a_determinization_not_the_state(metax, monkeypatch):
    """What crosses to the helper is what ``determinize`` deals: the bot's own hand as it is, the
    opponent's hand and both decks a fresh sample, so the helper cannot know more than the bot."""
    sent = []
    monkeypatch.setattr(Helpers, "__init__", lambda self, *a: None)
    monkeypatch.setattr(Helpers, "start", lambda self, *a: sent.append(a))
    monkeypatch.setattr(Helpers, "collect", lambda self, *a: [])
    monkeypatch.setattr(Helpers, "close", lambda self, wait=2.0: None)
    st = first_decision(metax)
    me = st.handle(st.current_player())
    true = st.to_json()["data"]
    other = 1 - me.player
    for seed in range(3):
        RolloutBot(seed, ms=20, cores=2).choose(me)
    assert len(sent) == 3
    for _number, state_json, player, ids, _until, _settings in sent:
        assert player == me.player and set(ids) == {a.id for a in me.legal_actions()}
        dealt = state_json["data"]
        assert dealt["hand"][me.player] == true["hand"][me.player]
    assert any(s[1]["data"]["hand"][other] != true["hand"][other] or s[1]["data"]["deck"] != true["deck"]
               for s in sent)


@pytest.mark.parametrize("spec, need", [("rollout:cores=0", "cores >= 1"),
                                        ("rollout:samples=4,cores=2", "a budget of ms for cores > 1")])
def test_bad_core_settings_are_refused_clearly(spec, need):
    with pytest.raises(MetatcgError, match=need):
        make_bot(spec)
