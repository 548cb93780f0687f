"""What a person reads carries no internal id and no rule ID (issue 29, section 2).

Over seeded bot games of every game at every seat count, at every decision: each option's
label, the prompt, every new line of every seat's log and the end reason shown to players hold
no card instance id (``c90``), face-down alias (``f601``), bracketed action id
(``[target:c90]``), ``?3`` disambiguator or raw Python repr, and no catalog rule ID
(``MB-LOSS-1..3``, ``(0 LP, MZ22-WIN-4)``). The options of one decision read differently, told
apart by the game in a player's words (place, what lies under a card, state, owner), never by
the kernel's last-resort numbering. Also: the stripper of rule IDs on its own, the kernel's
telling apart, and the words it finds for copies of a card in Metabaloids and MetaZoo 2022.
"""
from __future__ import annotations

import re

import pytest
from support.metazoo_2022 import arena_page
from support.metazoo_2022 import position as mz22_position
from test_metabaloids_rules import cid as mb_cid
from test_metabaloids_rules import pos as mb_pos

import metatcg
from metatcg.bots import make_bot
from metatcg.cli.common import result_text
from metatcg.engine.action import Action
from metatcg.engine.citations import rule_ids, without_rule_ids
from metatcg.engine import labels as labels_module
from metatcg.engine.labels import numbered, ordinal, tell_apart

#: an internal id: an instance id or face-down alias, a bracketed action id, a "?3"
#: disambiguator, a Python repr of a record, object or dict
INTERNAL = re.compile(r"\b[cf][0-9]+\b|\[[a-z_]+:[^\]]*\]|\?[0-9]|\b[A-Z]\w*\(\w+=|<[\w.]+ object|\{'")
#: a rules catalog citation, of any game or of the project's rulings
RULE = re.compile(r"\b(?:MX|MB|MZL|MZ22|PR)-[A-Z0-9]")

CONFIGS = [("metax", 2), ("metazoo", 2), ("metabaloids", 2), ("metabaloids", 3), ("metabaloids", 4),
           ("metazoo-2022", 2), ("metazoo-2022", 3), ("metazoo-2022", 4)]
GAMES = 6               # seeded games per game and seat count
MAX_ACTIONS = 1500      # a cap per game keeps the file fast; most games end well before


def shown_wrong(text: str) -> str | None:
    """What in ``text`` a person must not read, or None."""
    m = INTERNAL.search(text) or RULE.search(text)
    return m.group(0) if m else None


def play_and_read(game_id: str, seats: int, seed: int):
    """Play one seeded bot game; yield (where, text) for everything a person reads on the way."""
    game = metatcg.load_game(game_id)
    names = game.starter_deck_names()
    st = game.new_state([game.starter_deck(names[(seed + i) % len(names)]) for i in range(seats)], seed=seed)
    bots = [make_bot("greedy" if (seed + i) % 2 == 0 else "random", seed * 10 + i) for i in range(seats)]
    marks = [0] * seats
    steps = 0
    while True:
        for p in range(seats):
            lines, marks[p] = st.log_since(p, marks[p])
            yield from ((f"log of P{p + 1}", line) for line in lines)
        if st.is_terminal() or steps >= MAX_ACTIONS:
            break
        p = st.current_player()
        labels = [a.label for a in st.legal_actions()]
        yield "prompt", st.decision.prompt
        yield from (("label", lb) for lb in labels)
        yield "options", labels
        st.apply(bots[p].choose(st.handle(p)))
        steps += 1
    if st.is_terminal():
        yield from (("end", result_text(st.returns(), st.reason, p)) for p in range(seats))
        yield "end", st.view(0)["result"]["reason"]
        yield "judge", st.log


@pytest.mark.parametrize("game_id,seats", CONFIGS, ids=[f"{g}-{n}p" for g, n in CONFIGS])
def test_nothing_a_person_reads_holds_an_id_or_a_rule_id(game_id: str, seats: int, monkeypatch) -> None:
    left_alike: list[list[str]] = []

    def numbering(actions):                 # the kernel's last resort: the game left options alike
        left_alike.append([a.label for a in actions])
        return numbered(actions)

    monkeypatch.setattr(labels_module, "numbered", numbering)
    cited = 0
    for seed in range(GAMES):
        for where, text in play_and_read(game_id, seats, seed):
            if where == "judge":                    # the judge's log keeps the citations
                cited += sum(1 for line in text if RULE.search(line))
                continue
            if where == "options":
                assert len(set(text)) == len(text), f"{game_id} seed {seed}: options read alike: {text}"
                assert not left_alike, f"{game_id} seed {seed}: the game left options alike: {left_alike[0]}"
                continue
            bad = shown_wrong(text)
            assert bad is None, f"{game_id} {seats}p seed {seed}, {where}: {bad!r} in {text!r}"
    assert cited, f"{game_id}: the judge's log cites no rule at all (is the citation check blind?)"


# ------------------------------------------------------------------ rule IDs in log lines
@pytest.mark.parametrize("line,shown", [
    ("P2's Enzyme Imp (Defense 0) takes 5 and goes to the lost pile (MB-LOSS-1..3)",
     "P2's Enzyme Imp (Defense 0) takes 5 and goes to the lost pile"),
    ("P2 wins: P3 is out (0 LP, MZ22-WIN-4)", "P2 wins: P3 is out (0 LP)"),
    ("You lose: P2 wins (P2 wins: P3 is out (0 LP, MZ22-WIN-4))", "You lose: P2 wins (P2 wins: P3 is out (0 LP))"),
    ("Thornmail Vest goes to P1's Limbo (MZ22-PLACE-8, not Destroyed)",
     "Thornmail Vest goes to P1's Limbo (not Destroyed)"),
    ("P1 scores (MB-TOT-3/4/7, MB-ABIL-10) twice", "P1 scores twice"),
    ("Flip [PR-MZ22-50..52] now", "Flip now"),
    ("as MZ22-TRAP-4/26 says, it goes", "as says, it goes"),
    ("A Page lacking it (MZL-ERRATA-CANNOT) stays", "A Page lacking it stays"),
    ("May block while Pushed (lifts MX-DEF-2).", "May block while Pushed."),
    ("Moss Treant's END-OF-TURN Effect resolves", "Moss Treant's END-OF-TURN Effect resolves"),   # a game's term
    ("Scores 2 MP (not 1) in lane 2 (cost 3)", "Scores 2 MP (not 1) in lane 2 (cost 3)"),
])
def test_rule_ids_leave_a_line_wherever_they_stand_and_the_other_words_stay(line: str, shown: str) -> None:
    for name in ("metax", "metabaloids", "metazoo", "metazoo-2022"):
        metatcg.load_game(name)                                       # each names its catalog's prefix
    assert without_rule_ids(line) == shown
    assert (rule_ids(line) == []) == (line == shown)


def test_the_judges_log_keeps_the_citations_a_player_does_not_read() -> None:
    game = metatcg.load_game("metazoo-2022")
    st = game.new_state([game.starter_deck("embers"), game.starter_deck("tides")], seed=3)
    bots = [make_bot("greedy", 0), make_bot("greedy", 1)]
    while not st.is_terminal():
        st.apply(bots[st.current_player()].choose(st.handle(st.current_player())))
    assert RULE.search(st.reason)
    assert not RULE.search(st.view(0)["result"]["reason"])
    judge = [line for line in st.log if RULE.search(line)]
    assert judge and not any(RULE.search(line) for line in st.log_for(0) + st.log_for(1))


# ------------------------------------------------------------------ the kernel's telling apart
def test_ordinal_words() -> None:
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "23rd", "101st"]


def test_tell_apart_uses_the_fewest_facts_that_differ_and_leaves_the_rest_alone() -> None:
    acts = [Action("a:c1", "Attack with Shore Steed"), Action("a:c2", "Attack with Shore Steed"),
            Action("end", "End your turn")]
    facts = {"a:c1": [(1, ("Shore Steed", ("P1", "with Saddle Sprite", "80 LP")))],
             "a:c2": [(2, ("Shore Steed", ("P1", "", "80 LP")))]}
    out = tell_apart(acts, lambda a: facts.get(a.id, []))
    assert [a.label for a in out] == ["Attack with Shore Steed (with Saddle Sprite)", "Attack with Shore Steed",
                                      "End your turn"]
    assert [a.id for a in out] == ["a:c1", "a:c2", "end"]


def test_tell_apart_describes_the_card_that_differs_in_an_option_naming_two() -> None:
    acts = [Action("s:c1>c9", "Slide Hare under Bear"), Action("s:c2>c9", "Slide Hare under Bear")]
    facts = {1: ("Hare", ("placed on turn 2",)), 2: ("Hare", ("placed on turn 4",)), 9: ("Bear", ("top",))}
    out = tell_apart(acts, lambda a: [(int(c), facts[int(c)]) for c in re.findall(r"c([0-9]+)", a.id)])
    assert [a.label for a in out] == ["Slide Hare (placed on turn 2) under Bear",
                                      "Slide Hare (placed on turn 4) under Bear"]


def test_what_no_fact_tells_apart_is_numbered_in_words_never_by_id() -> None:
    acts = [Action("pay:c4", "Fatigue Storm Geode"), Action("pay:c7", "Fatigue Storm Geode"), Action("x", "Other")]
    assert [a.label for a in numbered(acts)] == ["Fatigue Storm Geode (1st)", "Fatigue Storm Geode (2nd)", "Other"]


# ------------------------------------------------------------------ copies as players see them
def test_metabaloids_copies_in_one_column_are_told_apart_by_their_row() -> None:
    st = mb_pos({"columns": [["Spiker", "Spiker"], ["Dozer"], []], "hand": ["Pebble"], "deck": ["Pebble"] * 3},
                {"columns": [["Dozer"], [], []], "deck": ["Pebble"] * 3, "hand": ["Pebble"]})
    labels = [a.label for a in st.legal_actions() if a.id.startswith("attack:")]
    spikers = [lb for lb in labels if "Spiker" in lb]
    assert len(spikers) == 2 and len(set(spikers)) == 2
    assert spikers[0].startswith("Attack with Spiker (top) from the left column")
    assert spikers[1].startswith("Attack with Spiker (2nd from the top) from the left column")
    top = mb_cid(st, "Spiker", 0)
    assert st.data.columns[0][0][0] == top and f"attack:c{top}" in [a.id for a in st.legal_actions()
                                                                     if "(top)" in a.label]


def test_metazoo_2022_copies_are_told_apart_by_what_lies_under_them() -> None:
    game = metatcg.load_game("metazoo-2022")
    st = mz22_position(game, [{"arena": [{"name": "Shore Steed", "fatigued": False},
                                         {"name": "Shore Steed", "fatigued": False}, "Saddle Sprite"]},
                              {"arena": ["Ember Hare"]}])
    d = st.data
    steed, sprite = arena_page(st, "Shore Steed", 0, 0), arena_page(st, "Saddle Sprite", 0)
    d.arena.remove(sprite)                                # Saddle Sprite equips the first Steed
    d.in_play[sprite] = d.in_play[sprite]._replace(under=steed, marks=(("equip", 1),))
    st.options_changed()
    attacks = {a.id: a.label for a in st.legal_actions() if a.id.startswith("attack:")}
    assert attacks[f"attack:c{steed}"] == "Attack with Shore Steed (with Saddle Sprite)"
    assert attacks[f"attack:c{arena_page(st, 'Shore Steed', 0, 1)}"] == "Attack with Shore Steed"


def test_metazoo_2022_face_down_pages_are_named_by_where_and_when_never_by_alias() -> None:
    game = metatcg.load_game("metazoo-2022")
    st = mz22_position(game, [{"arena": [{"name": "Ember Hare", "fatigued": False}]},
                              {"chapter": ["Pitfall Totem", "Pitfall Totem"]}], turn=6, active=1)
    d = st.data
    while st.current_player() == 1 and any(a.id.startswith("trap") for a in st.legal_actions()):
        trap = next(a.id for a in st.legal_actions() if a.id == "trap" or a.id.startswith("trap:c"))
        st.apply(trap)
        while st.current_player() != 1 or st.decision.kind != "main":
            st.apply(st.legal_actions()[0].id if st.decision.kind != "__respond" else "pass")
        if len([c for c, s in d.in_play.items() if s.face_down]) == 2:
            break
    seen = st.log_for(0)
    assert "P2 places a Page face-down" in seen and not any(shown_wrong(line) for line in seen)
    assert not any(shown_wrong(line) for line in st.log_for(1))


def test_a_choice_inside_an_effect_is_logged_by_what_was_chosen() -> None:
    from test_metazoo_2022_mutants_choices import brew_choice
    st = brew_choice()
    chosen = next(a for a in st.legal_actions() if a.id == "opt:1")
    st.apply("opt:1")
    said = [line for line in st.log_for(1) if line.startswith("P1 chooses")]
    assert said == ["P1 chooses: " + chosen.label.split(": ", 1)[1]]
    assert not any("option" in line.lower() for line in said)


def test_metazoo_2022_an_attack_on_face_down_pages_names_them_by_when_they_were_placed() -> None:
    from metatcg.games.metazoo_2022 import traps
    game = metatcg.load_game("metazoo-2022")
    st = mz22_position(game, [{"arena": [{"name": "Ember Hare", "fatigued": False}]},
                              {"chapter": ["Pitfall Totem", "Pitfall Totem", "Ember Hare"]}], turn=6)
    d = st.data
    first, second = d.chapter[1][:2]
    traps.place(st, 1, first)
    traps.place(st, 1, second)
    st.options_changed()
    st.apply(f"attack:c{arena_page(st, 'Ember Hare', 0)}")
    while st.decision.kind != "attack_target":
        st.apply("pass" if st.decision.kind == "__respond" else st.legal_actions()[0].id)
    labels = {a.id: a.label for a in st.legal_actions()}
    assert labels[f"at:{traps.alias(d, first)}"] == "Attack a face-down Page (placed on turn 6) (P2)"
    assert labels[f"at:{traps.alias(d, second)}"] == \
        "Attack a face-down Page (placed on turn 6, the 2nd that turn) (P2)"
    assert not any(shown_wrong(lb) for lb in labels.values())
    assert "P2 places a Page face-down" in st.log_for(0) and "You place Pitfall Totem face-down" in st.log_for(1)
