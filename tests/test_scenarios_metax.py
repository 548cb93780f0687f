"""Scenario files (tests/scenarios/metax/*.toml) and the scenario runner itself.

Every scenario file is one test, marked with the rule IDs the file lists in ``rules``.
The other tests check that the runner reports failures readably, rejects malformed files
with a StateDataError naming the file and the field, and supports ``raises`` steps.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from metatcg.engine.errors import StateDataError
from metatcg.scenario import load_file, loads, match_label, resolve_path, run, run_file
from support.scenarios import check_scenario_file, rules_of, scenario_params

SCENARIO_DIR = Path(__file__).parent / "scenarios" / "metax"
FILES = sorted(SCENARIO_DIR.glob("*.toml"))


@pytest.mark.parametrize("path", list(scenario_params(FILES)))
def test_scenario_file(path: Path) -> None:
    check_scenario_file(path)


def test_every_worked_example_has_a_scenario() -> None:
    found = {}
    for p in FILES:
        m = re.match(r"mx-ex-(\d\d)-[a-z0-9-]+\.toml$", p.name)
        if m:
            n = int(m.group(1))
            found[n] = p
            assert f"MX-EX-{n}" in rules_of(p), f"{p.name} must cite MX-EX-{n} in rules"
    assert sorted(found) == list(range(1, 16))


# ----------------------------------------------------------------------------- the runner
TURN_1 = """
name = "runner check"
game = "metax"

[setup]
turn = 1
active = 0
first = 0
step = "planning"
options = { auto_single = false }
[[setup.player]]
hand = ["Ironclad Paragon", "Galeborn Courier", "Brawl 2"]
deck_size = 10
[[setup.player]]
hand = ["Nightwatch Strategist", "Battle Trance"]
deck_size = 10
"""


def test_passing_inline_scenario_counts_steps_and_checks() -> None:
    sc = loads(TURN_1 + """
[[step]]
player = 0
choose = "Play Ironclad Paragon"
[step.expect]
"players.0.mp" = 2
"players.0.characters.Ironclad Paragon.pushed" = false
"players.0.characters.#" = 1
"players.0.hand contains" = ["Galeborn Courier"]
"players.0.hand excludes" = ["Ironclad Paragon"]
log_contains = ["P1 plays Ironclad Paragon", "P1 MP 0 → 2"]
""", "inline.toml")
    res = run(sc)
    assert res.ok, res.report()
    assert res.steps_run == 1 and res.checks == 6
    assert res.report().startswith("PASS  runner check (inline.toml)")


def test_wrong_expectation_gives_a_readable_diff() -> None:
    sc = loads(TURN_1 + """
[[step]]
choose = "Play Ironclad Paragon"
[step.expect]
"players.0.mp" = 3
"players.0.hand_count" = 3
""", "wrong.toml")
    res = run(sc)
    assert not res.ok
    assert len(res.failures) == 1  # hand_count 3 is right (3 - 1 played + 1 drawn)
    f = res.failures[0]
    assert f.path == "players.0.mp" and f.expected == 3 and f.actual == 2
    text = res.report()
    assert text.startswith("FAIL  runner check (wrong.toml)")
    assert "step 1 (choose = \"Play Ironclad Paragon\")" in text
    assert "path:     players.0.mp" in text
    assert "expected: 3" in text and "actual:   2" in text
    assert "| P1 plays Ironclad Paragon" in text  # the recent log lines


def test_missing_path_and_log_failures_are_named() -> None:
    sc = loads(TURN_1 + """
[expect]
"players.0.mpp" = 0
"players.0.characters.Nowhere Card.pushed" = false
log_contains = ["P1 plays Ironclad Paragon"]
""", "paths.toml")
    res = run(sc)
    text = res.report()
    assert len(res.failures) == 3
    assert "no such path" in text and "'mpp'" in text and "keys: mp, vp" in text
    assert "no entry named 'Nowhere Card'" in text
    assert "no log line containing 'P1 plays Ironclad Paragon'" in text


def test_ambiguous_or_unmatched_choose_stops_with_the_legal_labels() -> None:
    res = run(loads(TURN_1 + """
[[step]]
choose = "Play"
[[step]]
choose = "Go to the Battle Step"
""", "ambiguous.toml"))
    text = res.report()
    assert "'Play' is ambiguous: 2 legal actions match" in text
    assert "play:c" in text and "Play Galeborn Courier (+3 MP)" in text  # legal ids and labels listed
    assert "the run stopped at step 1; 1 later step(s)" in text
    res = run(loads(TURN_1 + """
[[step]]
choose = "Attack with"
""", "nomatch.toml"))
    assert "no legal action's label contains 'Attack with'" in res.report()


def test_choose_prefers_a_whole_label_match() -> None:
    class A:
        def __init__(self, i, label):
            self.id, self.label = i, label
    legal = [A("a", "Attach Brawl 1"), A("b", "Attach Brawl 1 twice")]
    hits, msg = match_label(legal, "attach brawl 1")
    assert msg == "" and hits[0].id == "a"
    hits, msg = match_label(legal, "Brawl")
    assert hits == [] and "ambiguous" in msg


def test_player_assertion_is_checked() -> None:
    res = run(loads(TURN_1 + """
[[step]]
player = 1
choose = "Play Ironclad Paragon"
""", "player.toml"))
    assert not res.ok
    assert "player 1 was expected to decide, but it is player 0 is deciding" in res.report()


def test_action_ids_work_like_labels() -> None:
    res = run(loads(TURN_1 + """
[[step]]
action = "end_planning"
[step.expect]
step = "battle"
""", "ids.toml"))
    assert res.ok, res.report()


def test_engine_exception_becomes_a_failure_not_a_crash(monkeypatch) -> None:
    from metatcg.games.metax import rules

    def boom(self, st, act, dec):
        raise RuntimeError("engine bug")
    sc = loads(TURN_1 + """
[[step]]
action = "end_planning"
""", "boom.toml")
    monkeypatch.setattr(rules.MetaXRules, "perform", boom)
    res = run(sc)
    assert not res.ok and "the engine raised RuntimeError: engine bug" in res.report()


def test_variants_run_from_the_same_setup() -> None:
    res = run(loads(TURN_1 + """
[[step]]
choose = "Play Ironclad Paragon"
[expect]
"players.0.mp" = 2

[[variant]]
name = "the Courier instead"
[[variant.step]]
choose = "Play Galeborn Courier"
[variant.expect]
"players.0.mp" = 2
""", "variants.toml"))
    assert not res.ok and res.runs == 2
    assert len(res.failures) == 1 and res.failures[0].run == "the Courier instead"
    assert "[the Courier instead] final [expect]: wrong value" in res.report()


# ----------------------------------------------------------------------------- raises
@pytest.mark.rule("MX-ATK-5", "MX-MP-11")
def test_raises_step_checks_the_error_and_an_unchanged_state() -> None:
    res = run(loads(TURN_1 + """
[[step]]
choose = "Play Ironclad Paragon"
[[step]]
action = "end_planning"
[[step]]
note = "a Character cannot attack on the turn it comes into play"
action = "attack:c0/c2"
raises = "not a legal action"
[step.expect]
"players.0.mp" = 2
"players.0.characters.Ironclad Paragon.pushed" = false
[[step]]
note = "no label offers it either"
choose = "Attack with Ironclad Paragon"
raises = "no legal action"
[[step]]
choose = "Finish declaring attacks"
[[step]]
note = "the opponent cannot pay for an Event it cannot afford (0 MP)"
choose = "Play event"
raises = "no legal action"
""", "raises.toml"))
    assert res.ok, res.report()


def test_raises_fails_when_the_step_is_applied_or_the_text_differs() -> None:
    res = run(loads(TURN_1 + """
[[step]]
action = "end_planning"
raises = "not legal"
""", "applied.toml"))
    assert not res.ok
    assert "expected the step to be rejected (error containing 'not legal'), but it was applied" in res.report()
    res = run(loads(TURN_1 + """
[[step]]
action = "no-such-action"
raises = "something else"
""", "text.toml"))
    assert not res.ok
    f = res.failures[0]
    assert f.path == "raises" and f.expected == "something else" and "not a legal action" in f.actual


# ----------------------------------------------------------------------------- malformed files
def _load_error(tmp_path: Path, text: str, name: str = "bad.toml") -> str:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    with pytest.raises(StateDataError) as ei:
        load_file(p)
    msg = str(ei.value)
    assert str(p) in msg, msg  # the file is named
    return msg


def test_malformed_toml(tmp_path: Path) -> None:
    msg = _load_error(tmp_path, 'name = "x"\ngame = "metax\n')
    assert "not valid TOML" in msg and "line 2" in msg


def test_unknown_keys_are_named(tmp_path: Path) -> None:
    assert "top level: unknown key(s) 'stepz'" in _load_error(tmp_path, TURN_1 + "[[stepz]]\naction = 'x'\n")
    msg = _load_error(tmp_path, TURN_1 + "[[step]]\naction = 'end_planning'\nexpected = 1\n")
    assert "step #1: unknown key(s) 'expected'" in msg
    msg = _load_error(tmp_path, 'name = "x"\ngame = "metax"\n[setup.new_game]\ndecks = ["aggro", "control"]\n'
                                'sead = 3\n')
    assert "setup.new_game: unknown key(s) 'sead'" in msg
    msg = _load_error(tmp_path, TURN_1.replace('turn = 1', 'turn = 1\nlanes = 3'))
    assert "setup: unknown position field(s): lanes" in msg


def test_bad_steps_are_named(tmp_path: Path) -> None:
    msg = _load_error(tmp_path, TURN_1 + "[[step]]\naction = 'end_planning'\nchoose = 'Go'\n")
    assert "step #1: a step has exactly one of 'action'" in msg
    msg = _load_error(tmp_path, TURN_1 + "[[step]]\nchoose = 'Go'\n[[step]]\nchoose = 3\n")
    assert "step #2.choose: expected a non-empty string" in msg
    msg = _load_error(tmp_path, TURN_1 + "[[step]]\nchoose = 'Go'\nplayer = 'one'\n")
    assert "step #1.player" in msg
    msg = _load_error(tmp_path, TURN_1 + "[[step]]\nchoose = 'Go'\n[step.expect]\nlog_contains = 'x'\n")
    assert "step #1.expect.log_contains: expected a list of strings" in msg


def test_unknown_card_names_are_named(tmp_path: Path) -> None:
    msg = _load_error(tmp_path, TURN_1.replace('"Brawl 2"', '"Brawl 22"'))
    assert "setup: player 1 hand: unknown card 'Brawl 22'" in msg and "did you mean" in msg
    msg = _load_error(tmp_path, 'name = "x"\ngame = "metax"\n[setup.new_game]\ndecks = ["aggro", ["Nope"]]\n')
    assert "setup.new_game" in msg and "Nope" in msg


def test_bad_inline_card_is_named(tmp_path: Path) -> None:
    msg = _load_error(tmp_path, TURN_1 + '[[card]]\nname = "Stand-in"\ntype = "battle"\nstats = ["strength"]\n'
                      'rank = 9\nmp = 0\n')
    assert "[[card]]" in msg and "'Stand-in'" in msg and "field rank" in msg


def test_other_top_level_fields(tmp_path: Path) -> None:
    assert "game: unknown game 'chess'" in _load_error(tmp_path, TURN_1.replace('game = "metax"', 'game = "chess"'))
    assert "name: a scenario needs a name" in _load_error(tmp_path, TURN_1.replace('name = "runner check"', ""))
    assert "rules: expected a list of rule IDs" in _load_error(tmp_path, 'rules = ["tko"]\n' + TURN_1)
    assert "setup: missing" in _load_error(tmp_path, 'name = "x"\ngame = "metax"\n')
    assert "no steps and no expectations" in _load_error(tmp_path, TURN_1)


def test_missing_file_is_a_state_data_error(tmp_path: Path) -> None:
    with pytest.raises(StateDataError, match="no scenario file .*nowhere.toml"):
        run_file(tmp_path / "nowhere.toml")


def test_inline_cards_join_the_pool(tmp_path: Path) -> None:
    p = tmp_path / "cards.toml"
    p.write_text(TURN_1.replace('"Brawl 2"', '"Odd Blade"') + """
[[card]]
name = "Odd Blade"
type = "battle"
stats = ["strength", "special"]
rank = 2
mp = 0
text = "Stand-in with \\"quotes\\" and ünïcode."

[expect_start]
"players.0.hand contains" = ["Odd Blade"]
""", encoding="utf-8")
    sc = load_file(p)
    assert sc.cards == ["Odd Blade"]
    assert run(sc).ok


def test_resolve_path() -> None:
    snap = {"players": [{"characters": [{"name": "A", "x": 1}, {"name": "B", "x": 2}, {"name": "B", "x": 3}]}]}
    assert resolve_path(snap, "players.0.characters.A.x") == 1
    assert resolve_path(snap, "players.0.characters.-1.x") == 3
    assert resolve_path(snap, "players.0.characters.#") == 3
    with pytest.raises(LookupError, match="2 entries named 'B'"):
        resolve_path(snap, "players.0.characters.B.x")
    with pytest.raises(LookupError, match="there is no entry 5"):
        resolve_path(snap, "players.5")
