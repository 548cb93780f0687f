"""The MetaZoo 2022 front end: the compact board of ``play`` fits its line budget at 80 and 140
columns with 2 to 4 Casters in any state a game reaches; a mid-chain position shows the chain
bottom to top with the top marked and who holds priority; a Combat shows its attacker, target and
Defenders; the full board shows LP, Damage, zone counts and the Terra slots; Pages are worded for
players; ``play``, ``rules`` and ``cards`` work from the command line."""
from __future__ import annotations

import io
import json
import random
import re

import pytest
from rich.console import Console

import metatcg
from metatcg.games.metazoo_2022.data import SLOTS, START_LP
from metatcg.games.metazoo_2022.deckcheck import MIN_SPELLBOOK
from metatcg.games.metazoo_2022.present import KEYWORD_IDS
from metatcg.ui import presentation_of
from metatcg.ui.terminal import terminal_ui
from support.cli import assert_clean, run
from support.metazoo_2022 import random_move

GAME = metatcg.load_game("metazoo-2022")
PRES = presentation_of(GAME)
UI = terminal_ui(GAME)
SIZES = ((80, 12), (140, 22), (100, 10))    # (width, max_lines): ``play`` at 80×24, 140×45, ...


def rendered(view: dict, width: int, max_lines: int | None, roles: dict | None = None) -> list[str]:
    con = Console(width=width, record=True, file=io.StringIO())
    con.print(UI.render_board(GAME, view, roles or {}, max_lines=max_lines, width=width))
    return con.export_text().rstrip("\n").split("\n")


def sampled(seeds: range, per_game: int):
    """(state, view) pairs of mid-game states for 2, 3 and 4 Casters, each view for the seat that
    decides (or a rotating seat once the game is over)."""
    names = GAME.starter_deck_names()
    for seed in seeds:
        seats = 2 + seed % 3
        rng = random.Random(seed)
        st = GAME.new_state([names[(seed + i) % len(names)] for i in range(seats)], seed=seed)
        done = 0
        for step in sorted(rng.sample(range(1, 900), per_game)):
            while done < step and not st.is_terminal():
                st.apply(random_move(rng, st))     # no random bluffs: they end games at once (MZ22-TRAP-4)
                done += 1
            who = st.current_player() if not st.is_terminal() else done % seats
            yield st, st.view(who)
            if st.is_terminal():
                break


@pytest.fixture(scope="module")
def views() -> list[tuple]:
    out = [(st.data.clone(), v) for st, v in sampled(range(18), 12)]
    assert len(out) >= 120
    assert {len(v["casters"]) for _, v in out} == {2, 3, 4}
    return out


# --------------------------------------------------------------------------- a mid-chain position
def _do(st, prefix: str) -> None:
    act = next(a for a in st.legal_actions() if a.id.startswith(prefix))
    st.apply(act.id)


def _until_window(st) -> None:
    while st.decision.kind != "__respond":
        st.apply(st.legal_actions()[0].id)


@pytest.fixture()
def mid_chain():
    """P1 Contracts an "any time" Potion, P2 answers with another, P1 with a third: three items
    on the chain and P2 holds priority in the chain window."""
    spec = {"turn": 3, "active": 0, "first": 0, "seed": 1, "step": "actions",
            "caster": [
                {"chapter": ["Mending Dew", "Wakeroot Draught"], "spellbook_size": 20,
                 "arena": ["Flame Aura", {"name": "Ember Hare", "damage": 30}]},
                {"chapter": ["Firewater Flask", "Phoenix Tear"], "spellbook_size": 20,
                 "arena": ["Water Aura", {"name": "Cinder Salamander",
                                          "statuses": [{"status": "burn", "counters": 2}]}]}]}
    st = GAME.position(spec)
    _do(st, "contract:")          # Mending Dew (its only target chosen for P1)
    _until_window(st)
    assert st.current_player() == 1
    names = {a.label: a.id for a in st.legal_actions()}
    st.apply(next(i for label, i in names.items() if "Firewater Flask" in label))
    _until_window(st)
    assert st.current_player() == 0
    st.apply(next(a.id for a in st.legal_actions() if "Wakeroot Draught" in a.label))
    _until_window(st)
    return st


@pytest.mark.parametrize("width,max_lines", ((80, 12), (140, 22), (80, 10)))
def test_mid_chain_shows_the_chain_in_order_and_who_holds_priority(mid_chain, width, max_lines):
    st = mid_chain
    v = st.view(st.current_player())
    assert [it["page"]["name"] for it in v["chain"]] == ["Mending Dew", "Firewater Flask", "Wakeroot Draught"]
    assert v["window"] == {"name": "chain", "seat": 1} and v["priority"] == 1
    lines = rendered(v, width, max_lines)
    text = "\n".join(lines)
    assert len(lines) <= max_lines and max(len(ln) for ln in lines) <= width, text
    top = text.index("Wakeroot Draught")
    assert text.index("Mending Dew") < text.index("Firewater Flask") < top, text
    assert "resolves first" in text[top:], text
    assert "★" in text and ("priority" in text or "chain" in text), text
    if max_lines >= 12:
        assert "P2 Contract Firewater Flask → P1" in text, text
        assert "1. P1 Contract Mending Dew → Ember Hare" in text, text
        assert "you hold priority (chain)" in text, text


def test_a_tight_board_keeps_the_top_of_the_chain(mid_chain):
    v = mid_chain.view(1)
    lines = rendered(v, 80, 7)
    text = "\n".join(lines)
    assert len(lines) <= 7 and "Wakeroot Draught" in text and "resolves first" in text, text
    assert "2 below" in text or "Mending Dew" in text, text


def test_mid_chain_for_the_other_caster_and_on_the_full_board(mid_chain):
    v = mid_chain.view(0)
    text = "\n".join(rendered(v, 80, 12))
    assert "waiting for responses (chain)" in text and "holds priority" not in text, text   # PR-K-9
    assert "you hold priority (chain)" in "\n".join(rendered(mid_chain.view(1), 80, 12))
    assert "Firewater Flask" in text and "Phoenix Tear" not in text       # P2's Chapter stays hidden
    full = "\n".join(rendered(v, 120, None))
    assert "Chain (bottom → top, 3 items)" in full and "◀ resolves first" in full
    assert "Burn 2" in full and "30/60" in full


def test_a_combat_shows_attacker_target_and_defenders(views):
    found = 0
    for _, v in views:
        cb = v["combat"]
        if not cb or not cb["defenders"] or not cb["target"]:
            continue
        pages = {p["id"]: p["name"] for p in v["arena"]}
        if cb["attacker"] not in pages or cb["defenders"][0] not in pages:
            assert rendered(v, 80, 12)          # a Page of the Combat just left: still drawn
            continue
        found += 1
        for width, max_lines in ((80, 12), (140, 22)):
            text = "\n".join(rendered(v, width, max_lines))
            assert "⚔" in text and "»" + pages[cb["attacker"]][:8] in text, text
            assert pages[cb["defenders"][0]][:8] in text and "Def" in text, text
        full = "\n".join(rendered(v, 120, None))
        assert "Defenders: " in full and "(primary)" in full or cb["primary"] is None or cb["primary"][0] == "P"
    assert found, "no Combat with Defenders sampled"


# --------------------------------------------------------------------------- whole games
@pytest.mark.parametrize("width,max_lines", SIZES)
def test_compact_board_fits_its_budget(views, width, max_lines):
    for _, v in views:
        lines = rendered(v, width, max_lines, {1: "greedy bot"})
        assert len(lines) <= max_lines, "\n".join(lines)
        assert max(len(ln) for ln in lines) <= width, "\n".join(lines)


def test_whole_games_render_at_80x24_and_140x45():
    """Every decision of seeded random games, drawn as ``play`` draws it (half the screen)."""
    names = GAME.starter_deck_names()
    for seed, seats in ((1, 2), (2, 4), (3, 3)):
        st = GAME.new_state([names[(seed + i) % len(names)] for i in range(seats)], seed=seed)
        rng = random.Random(seed)
        k = 0
        while not st.is_terminal() and k < 1500:
            v = st.view(st.current_player())
            if k % 3 == 0:
                for width, height in ((80, 24), (140, 45)):
                    lines = rendered(v, width, height // 2)
                    assert len(lines) <= height // 2 and max(len(ln) for ln in lines) <= width
            st.apply(random_move(rng, st, seed == 3))
            k += 1
        for q in range(seats):
            assert rendered(st.view(q), 80, 12)


def test_every_caster_and_its_lp_is_on_the_compact_board(views):
    for _, v in views[::4]:
        text = "\n".join(rendered(v, 80, 12))
        for q, c in enumerate(v["casters"]):
            assert f"P{q + 1}" in text, text
            assert f"LP {c['lp']}" in text, text


def test_your_chapter_is_shown_and_others_hidden_pages_never(views):
    for data, v in views:
        me = v["you"]
        chapter = v["casters"][me]["chapter"] or []
        text = "\n".join(rendered(v, 140, 22))
        full = "\n".join(rendered(v, 100, None))
        if chapter:
            assert chapter[0]["name"] in text, text
            assert all(c["name"] in full for c in chapter)
        public = json.dumps({k: v[k] for k in v if k != "log"})
        # a shown Page's own text may name another Page (a reprint note): that is public too
        public += " ".join(PRES.card_text(n) for n in set(re.findall(r'"name": "([^"]+)"', public))
                           if PRES.card(n) is not None)
        for q in range(len(v["casters"])):
            if q == me:
                continue
            for c in data.chapter[q] + data.spellbook[q]:
                name = data.defs[c].name
                if name not in public and PRES.card(name) is not None:
                    assert name not in text and name not in full, (name, q)


def test_the_full_board_shows_lp_counts_terra_and_the_legend(views):
    _, v = views[len(views) // 2]
    text = "\n".join(rendered(v, 120, None, {1: "greedy bot"}))
    for word in ("LP", "Damage", "LP Loss", "Spellbook", "Chapter", "Limbo", "Cemetery", "Afterlife", "Terra:",
                 "Your Chapter", "⟂ Fatigued"):
        assert word in text, word
    for q, c in enumerate(v["casters"]):
        assert f"P{q + 1}" in text and str(c["lp"]) in text
    assert text.count("▸") >= 1


def test_fatigued_pages_and_statuses_are_marked(views):
    found = 0
    for _, v in views:
        tired = [p for p in v["arena"] if p.get("fatigued") and p["type"] == "beastie"]
        hurt = [p for p in v["arena"] if p.get("statuses")]
        if not tired or not hurt:
            continue
        found += 1
        full = "\n".join(rendered(v, 140, None))
        assert "Fatigued" in full and "Awakened" in full or all(p.get("fatigued") for p in v["arena"]
                                                                 if p["type"] == "beastie")
        assert hurt[0]["statuses"][0]["status"].capitalize() in full
    assert found, "no Fatigued Beastie with a status sampled"


def test_too_much_to_show_is_cut_visibly(views):
    v = max((v for _, v in views if len(v["casters"]) == 4), key=lambda v: len(v["arena"]))
    lines = rendered(v, 80, 5)
    assert len(lines) <= 5 and "more" in "\n".join(lines), "\n".join(lines)


def test_progress_and_hand():
    st = GAME.new_state(GAME.starter_deck_names()[:2], seed=4)
    v = st.view(st.current_player())
    assert UI.progress(v).startswith("set-up")
    rng = random.Random(4)
    for _ in range(80):
        st.apply(random_move(rng, st))
    v = st.view(st.current_player())
    assert UI.progress(v).startswith(("turn", "set-up"))
    assert [c["name"] for c in UI.hand(v)] == [c["name"] for c in v["casters"][v["you"]]["chapter"]]


# --------------------------------------------------------------------------- presentation and glossary
def test_pages_are_worded_for_players():
    salamander = PRES.card("Cinder Salamander")
    assert salamander.kind == "Beastie · Flame" and salamander.numbers == "Cost 1 Flame · 40 LP · 30 Damage"
    assert "Attack Hot Lick: 30 Damage · Burn (2)" in salamander.details
    assert "Terra Bonus Desert: +10 Damage" in salamander.details
    assert "Spellbook Limit 4" in salamander.details
    hound = PRES.card("Ashen Hellhound")
    assert any("AAA Frost" in d for d in hound.details) and "AAA" in hound.keywords
    imp = PRES.card("Bonfire Imp")
    assert imp.numbers.startswith("Cost 1 Flame + 1 Neutral · 50 LP")
    assert imp.text.startswith("Power (Fatigue): ") and "Power" in imp.keywords
    assert PRES.card("Phoenix Fledgling").text.startswith("DESTROYED: ")
    bell = PRES.card("Null Bell")
    assert bell.text.startswith("Any time (Fatigue, pay 30 LP): ") and bell.kind == "Artifact · Light"
    tear = PRES.card("Phoenix Tear")
    assert tear.text.startswith("Any time: ") and tear.numbers == "Cost 0" and "Any time" in tear.keywords
    assert PRES.card("Flame Aura").numbers == "Makes Flame"
    with_effects = [n for n in PRES.card_names() if PRES.card_def(n).effects]
    assert with_effects and all(PRES.card(n).text for n in with_effects)
    for n in PRES.card_names():
        df = PRES.card_def(n)
        if df.type == "terra":
            assert PRES.card(n).kind.split(" · ")[0] in ("Terra", "Special Terra")


def test_rules_constants_come_from_the_engine():
    r = PRES.rules
    assert (r["start_lp"], r["terra_slots"], r["min_spellbook"]) == (START_LP, SLOTS, MIN_SPELLBOOK)
    assert PRES.card_types == ("aura", "terra", "beastie", "artifact", "spell", "potion")
    assert PRES.length_word == "turns"


def test_glossary_covers_every_step_keyword_and_window():
    from metatcg.games.metazoo_2022.turn import STEP_NAMES

    g = PRES.glossary()
    for step in STEP_NAMES:
        assert g.topic_for(step) is not None, step
    for when, kid in KEYWORD_IDS.items():
        t = g.topic_for(kid)
        assert t is not None and t.kind == "keyword", (when, kid)
    assert set(PRES.keywords) == set(KEYWORD_IDS.values())
    for term in ("chain", "priority", "combat", "terra slots", "burn", "poison", "limbo", "afterlife"):
        assert g.lookup(term).matches, term


# --------------------------------------------------------------------------- the command line
def test_cli_rules_chain():
    assert_clean(run("rules", "metazoo-2022", "chain"), 0, "The resolution chain")
    assert_clean(run("rules", "metazoo-2022"), 0, "MetaZoo 2022")


def test_cli_cards_and_decks():
    assert_clean(run("cards", "metazoo-2022", "--type", "potion"), 0, "Phoenix Tear", "Any time")
    assert_clean(run("cards", "metazoo-2022", "--search", "salamander"), 0, "Cinder Salamander", "Beastie")
    name = GAME.starter_deck_names()[0]
    assert_clean(run("deck", "list", "metazoo-2022"), 0, *GAME.starter_deck_names())
    assert_clean(run("deck", "show", "metazoo-2022", name, width=140), 0, "Pages", "beastie",
                 "Flame Aura")


def test_cli_play_against_the_random_bot(in_tmp):
    r = run("play", "metazoo-2022", "--vs", "random", "--seed", "3", width=80, height=24,
            input="board\nhand\n?1\ncard Cinder Salamander\n" + "1\n" * 300 + "quit\n")
    assert_clean(r, 0, "P1 (you)", "random bot", "LP 1000", "Terra", "Your Chapter",
                 "Attack Hot Lick: 30 Damage", "Spellbook Limit 4")         # card NAME: the Page's panel
    assert (in_tmp / "metatcg-metazoo-2022-3.record.json").exists()


def test_cli_play_four_casters_at_140(in_tmp):
    r = run("play", "metazoo-2022", "--seats", "4", "--vs", "random", "--seed", "6", width=140, height=45,
            input="1\n" * 200 + "quit\n")
    assert_clean(r, 0, "P1 (you)", "P4 (random bot)", "Spellbook")


# --------------------------------------------------------------------------- part 2 on the board
def part2_position():
    """P1: Sandworm Burrower (burrowed), Reed Kelpie with Crimson Spur under it; P2: Bog Lurker
    face-down under Puddle Sprite and a stand-alone Sudden Thicket face-down. Surroundings
    are declared (the forest-cabin preset)."""
    from metatcg.games.metazoo_2022 import traps
    spec = {"turn": 3, "active": 0, "first": 0, "seed": 1, "step": "actions",
            "options": {"auto_single": False, "surroundings": "forest-cabin"},
            "caster": [{"chapter": ["Crimson Spur"], "aura": {"flame": 1}, "spellbook_size": 10,
                        "arena": [{"name": "Sandworm Burrower", "marks": {"burrowed": 3}}, "Reed Kelpie"]},
                       {"chapter": ["Bog Lurker", "Sudden Thicket"], "spellbook_size": 10,
                        "arena": ["Puddle Sprite"]}]}
    st = GAME.position(spec)
    d = st.data
    spur = d.chapter[0][0]
    kelpie = next(c for c in d.arena if d.defs[c].name == "Reed Kelpie")
    sprite = next(c for c in d.arena if d.defs[c].name == "Puddle Sprite")
    st.apply(f"contract:c{spur}")
    while st.decision.kind == "pay":
        st.apply(st.legal_actions()[0].id)
    st.apply(f"target:c{kelpie}")
    lurker, thicket = d.chapter[1]
    traps.place(st, 1, lurker)
    traps.slide(st, 1, lurker, sprite)
    traps.place(st, 1, thicket)
    return st


def test_face_down_pages_traits_marks_and_what_lies_under_are_drawn():
    st = part2_position()
    mine = "\n".join(rendered(st.view(0), 140, None))        # P1: P2's Traps are only face-down
    theirs = "\n".join(rendered(st.view(1), 140, None))      # P2: owner sees which, marked
    for text in (mine, theirs):
        kelpie = next(x for x in text.split("\n") if x.startswith("Reed Kelpie"))
        assert kelpie.rstrip().endswith("Crimson Spur")       # Pages under another, on their holder
        assert "{Burrow}" in text and "⇣burrowed" in text     # Traits and Trait marks
        assert "Surroundings:" in text
    assert "Bog Lurker" not in mine and "Sudden Thicket" not in mine and mine.count("▢") >= 2
    assert "▢(face-down) Bog Lurker" in theirs and "▢(face-down) Sudden Thicket" in theirs
    sprite = next(x for x in theirs.split("\n") if x.startswith("Puddle Sprite"))
    assert sprite.rstrip().endswith("▢(face-down) Bog Lurker")
    compact = "\n".join(rendered(st.view(0), 80, 12))
    assert "▢" in compact and "Bog Lurker" not in compact and "⊃Crimson" in compact


@pytest.mark.parametrize("width,max_lines", SIZES)
def test_part2_board_fits_its_budget(width, max_lines):
    st = part2_position()
    for seat in (0, 1):
        lines = rendered(st.view(seat), width, max_lines)
        assert len(lines) <= max_lines and all(len(x) <= width for x in lines)
