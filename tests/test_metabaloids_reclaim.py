"""PR-MB-12: reclaim fetches creature cards only, so Events that reclaim cannot fetch each
other back for ever (a loop the 1,000-game fuzz found)."""
from __future__ import annotations

import metatcg
from metatcg.sim import play_game

GAME = metatcg.load_game("metabaloids")


def play_regurgitate(discard: list[str]):
    st = GAME.position({"phase": "abilities", "active": 0, "seed": 2, "options": {"auto_single": False},
                        "player": [{"hand": ["Regurgitate", "Sugar Mite"], "discard": discard,
                                    "columns": [["Sugar Mite"], [], []]},
                                   {"columns": [["Sugar Mite"], [], []]}]})
    use = [a for a in st.legal_actions() if "Regurgitate" in a.label]
    assert use, [a.label for a in st.legal_actions()]
    st.apply(use[0].id)
    while st.decision is not None and st.decision.kind == "pay":
        st.apply(next(a.id for a in st.legal_actions() if "Sugar Mite" in a.label))
    return st


def names(st, zone: list[int]) -> list[str]:
    return sorted(st.data.name(c) for c in zone)


def test_reclaim_passes_over_events_and_takes_the_topmost_creatures():
    st = play_regurgitate(["Acorn Knocker", "Glucose Grub", "Forage"])     # Forage (an Event) on top
    hand = names(st, st.data.hand[0])
    assert "Sugar Mite" in hand and "Glucose Grub" in hand and "Forage" not in hand
    assert "Forage" in names(st, st.data.discard[0]) and "Regurgitate" in names(st, st.data.discard[0])


def test_nothing_to_reclaim_but_events_is_not_offered():
    st = GAME.position({"phase": "abilities", "active": 0, "seed": 2, "options": {"auto_single": False},
                        "player": [{"hand": ["Regurgitate", "Sugar Mite"], "discard": ["Forage"],
                                    "columns": [["Sugar Mite"], [], []]},
                                   {"columns": [["Sugar Mite"], [], []]}]})
    assert not [a for a in st.legal_actions() if "Regurgitate" in a.label]


def test_the_game_the_fuzz_found_now_ends_by_the_rules():
    state, result = play_game(GAME, ["trickster", "starter"], ["greedy", "greedy"], 5100076)
    assert not result.action_limit and state.is_terminal()
