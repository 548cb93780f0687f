"""Options, their labels and the reasons given for forced choices (issue 28: mutation
survivors), in small positions with the stand-in cards of test_b_mutants_effects."""
from __future__ import annotations

from mxb_helpers import act, card_in, ids
from test_b_mutants_effects import position


def _labels(st) -> dict[str, str]:
    return {a.id: a.label for a in st.legal_actions()}


def _quiet(st):
    """The same position in quiet mode (no log text; labels are made only when read)."""
    q = st.clone()
    q.logging = False
    q.options_changed()
    return q


def test_quiet_mode_offers_the_same_options_with_the_same_labels():
    st = position({"hand": ["Grunt", "Two Step", "Str1"], "mp": 2, "character": ["Loner"]}, {"character": ["Loner"]})
    assert {"play:c0", "event:c1"} <= set(_labels(st))
    assert _labels(_quiet(st)) == _labels(st)
    act(st, "end_planning")
    assert any(i.startswith("attack:") for i in _labels(st))
    q = _quiet(st)
    assert _labels(q) == _labels(st)
    loner, str1 = card_in(st, "Loner", 0, "inplay"), card_in(st, "Str1", 0, "hand")
    q.apply(f"attack:c{loner}/c{str1}")
    assert q.data.attacks[0][:2] == (loner, str1)


def _forced_lines(st, player: int) -> list[str]:
    return [line for line in st.log_for(player) if line.startswith("(only choice)")]


def test_a_pushed_characters_push_effect_is_not_given_as_a_reason_to_skip_planning():
    st = position({"hand": ["Str1"], "character": [{"name": "Rallier", "pushed": True}]},
                  {"character": ["Loner"]}, auto=True)
    assert _forced_lines(st, 0)[0].endswith("Go to the Battle Step: no Character in hand, no Event in hand")


def test_the_reason_for_no_attack_tells_a_missing_card_from_a_pushed_character():
    st = position({"hand": [], "character": ["Loner"]}, {"character": ["Loner"]}, step="battle", auto=True)
    assert _forced_lines(st, 0)[0].endswith("Finish declaring attacks: no Battle Card in hand")
    st = position({"hand": ["Str1"], "character": [{"name": "Loner", "pushed": True}]}, {"character": ["Loner"]},
                  step="battle", auto=True)
    assert _forced_lines(st, 0)[0].endswith("Finish declaring attacks: no Prepped Character can attack")


def test_a_player_who_ends_planning_by_choice_reads_it_in_their_own_log():
    st = position({"hand": ["Grunt"]}, {"character": ["Loner"]}, auto=True)
    assert ids(st) == [f"play:c{card_in(st, 'Grunt', 0, 'hand')}", "end_planning"]
    start = len(st.log_for(0))
    act(st, "end_planning")
    assert "P1 ends the Planning Step" in st.log_for(0, start)
    assert "P1 ends the Planning Step" in st.log_for(1)
