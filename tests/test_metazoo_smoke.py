"""MetaZoo (four-lane): seeded whole games under invariants, plus a handful of rule checks.

Random-vs-random games over every ordered pair of starter decks and a few games with the
greedy bot run to their end. After every action the checker asserts:

* card conservation: every card instance that is not a token is in exactly one place (deck,
  hand, discard, being looked at, being paid for or resolved, set-aside Starter Terras, a
  lane as unit or Terra, Aura deck, Aura zone, enhancing a lane, allied supply, primary pool
  outside the game, Caster zone); tokens are only ever in lanes;
* Aura are only in Aura places (never discard, hand, deck or as units) and each player has at
  most 10 in play (MZL-AURAPH-3, MZL-AURA-5);
* every lane side fits its limit: units plus enhancing Aura plus Gigantic at most 5 plus the
  Terra's lane size change (MZL-LANE-6/8, MZL-ERRATA-GIGANTIC), except while its owner is
  choosing what to remove (MZL-LANE-15);
* sides hold only their own player's cards; legal action ids are unique and non-empty;
* after the game: every complete round resolved each of the 4 lanes exactly once (MZL-ROUND-3),
  the winner has 30+ MP and leads (MZL-WIN-2, MZL-MISSION-15).

Clones and JSON round trips taken mid-game continue exactly like the original, and a record
replays to the same state.
"""
from __future__ import annotations

import itertools
import json
import re

import pytest

import metatcg
from metatcg.bots import make_bot
from metatcg.engine.errors import IllegalActionError
from metatcg.engine.rng import Rng
from metatcg.games.metazoo import stats

GAME = metatcg.load_game("metazoo")
DECKS = GAME.starter_deck_names()
PAIRS = list(itertools.product(DECKS, DECKS))
CORE = ["ember-warden", "stonecaller"]


# --------------------------------------------------------------------------- the checker
def places(st) -> dict[int, list[str]]:
    d = st.data
    out: dict[int, list[str]] = {}

    def put(i, where):
        out.setdefault(i, []).append(where)

    for p in (0, 1):
        for z in ("deck", "hand", "discard", "looking", "starters", "aura_deck", "aura_zone", "supply", "pool"):
            for i in getattr(d, z)[p]:
                put(i, f"{z}[{p}]")
        c = d.caster[p]
        if c not in d.lane_of:
            put(c, f"caster zone[{p}]")
    for z in ("resolving", "paying"):
        for i in getattr(d, z):
            put(i, z)
    for s in range(8):
        for i in d.units[s]:
            put(i, f"lane {s >> 1} side {s & 1}")
        for i in d.enh[s]:
            put(i, f"enhancing lane {s >> 1} side {s & 1}")
    for ln, t in enumerate(d.terra):
        if t >= 0:
            put(t, f"terra {ln}")
    return out


def terra_size_bonus(d, lane: int, p: int) -> int:
    """Independent reading of lane_size ops (Terras and units) for the limit check."""
    bonus = 0
    t = d.terra[lane]
    srcs = [(t, lane)] if t >= 0 else []
    srcs += [(u, d.lane_of[u]) for s in range(8) for u in d.units[s]]
    for src, ln in srcs:
        c = d.cards[src]
        for a in c.abilities:
            if a.kind != "continuous":
                continue
            for o in a.do:
                if o.op == "lane_size" and (o.lane == "any" or ln == lane):
                    if o.side == "any" or (o.side == "friendly") == (d.owner[src] == p):
                        bonus += o.amount
    return bonus


def check(st, label: str) -> None:
    d = st.data
    where = f"{label}, action #{len(st.history)} (last {st.history[-4:]})"
    pl = places(st)
    n = len(d.cards)
    for i in range(n):
        c = d.cards[i]
        got = pl.get(i, [])
        if c.token:
            assert len(got) <= 1 and all(g.startswith("lane") for g in got), f"{where}: token c{i} in {got}"
        else:
            assert len(got) == 1, f"{where}: {c.name} c{i} is in {got or 'no place'}"
        if c.type == "aura":
            assert all(g.split("[")[0] in ("aura_deck", "aura_zone", "supply", "pool") or g.startswith("enhancing")
                       for g in got), f"{where}: Aura c{i} in {got}"
    for p in (0, 1):
        assert d.aura_total(p) <= 10, f"{where}: P{p + 1} has {d.aura_total(p)} Aura"
        for z in ("deck", "hand", "discard"):
            assert all(d.owner[i] == p and not d.cards[i].token for i in getattr(d, z)[p]), f"{where}: {z}[{p}]"
    overflow = st.decision is not None and st.decision.kind == "overflow"
    for s in range(8):
        lane, p = s >> 1, s & 1
        assert all(d.owner[u] == p for u in d.units[s] + d.enh[s]), f"{where}: side {s} holds foreign cards"
        if overflow:
            continue  # sides over their limit are being fixed one at a time (MZL-LANE-15)
        used = len(d.units[s]) + len(d.enh[s]) + sum(d.cards[u].gigantic for u in d.units[s])
        assert used <= 5 + terra_size_bonus(d, lane, p) or not (d.units[s] or d.enh[s]), \
            f"{where}: lane {lane + 1} side P{p + 1} uses {used} slots"
        assert stats.side_count(d, lane, p) <= stats.lane_limit(d, lane, p), f"{where}: over limit"
    if not st.is_terminal():
        ids = [a.id for a in st.legal_actions()]
        assert ids and len(ids) == len(set(ids)), f"{where}: bad legal actions {ids}"


def check_end(st, label: str) -> None:
    assert st.is_terminal()
    r = st.returns()
    assert r in ([1.0, -1.0], [-1.0, 1.0], [0.0, 0.0]), f"{label}: returns {r}"
    w = st.winner()
    if w is not None:
        mp = st.data.mp
        assert mp[w] >= 30 and mp[w] > mp[1 - w], f"{label}: winner P{w + 1} with {mp}"
    # every complete round resolved each lane exactly once (MZL-ROUND-3)
    rounds = []
    for line in st.log:
        if line.startswith("— Round"):
            rounds.append([])
        elif rounds:
            m = re.match(r"^Lane (\d) is resolved$", line) or re.match(r".*: lane (\d) is treated as resolved$", line)
            if m:
                rounds[-1].append(int(m.group(1)))
            elif line.startswith("End of round"):
                rounds[-1].append("end")
    for i, r_ in enumerate(rounds):
        if "end" in r_:
            lanes = [x for x in r_ if x != "end"]
            assert sorted(lanes) == [1, 2, 3, 4], f"{label}: round {i + 1} resolved lanes {lanes}"


def play_random(seed: int, decks, every: bool = True):
    st = GAME.new_state(list(decks), seed=seed)
    r = Rng(seed * 7 + 1)
    label = f"decks {decks}, seed {seed}"
    check(st, label)
    while not st.is_terminal():
        st.apply(r.choice(st.legal_actions()))
        if every:
            check(st, label)
    check_end(st, label)
    return st


# --------------------------------------------------------------------------- whole games
@pytest.mark.parametrize("seed", range(40))
def test_random_games_keep_invariants(seed):
    for k, pair in enumerate(PAIRS):
        if (seed + k) % max(1, len(PAIRS) // 4) == 0 or len(PAIRS) <= 4:
            play_random(seed * 31 + k, pair)


@pytest.mark.parametrize("seed", range(200))
def test_many_random_games_end(seed):
    """Lighter: a few hundred more games, checked at the end only."""
    pair = PAIRS[seed % len(PAIRS)]
    st = play_random(1000 + seed, pair, every=False)
    check(st, f"seed {seed}")


@pytest.mark.parametrize("seats", [("greedy", "random"), ("random", "greedy"), ("greedy", "greedy")])
def test_greedy_games(seats):
    wins = {"greedy": 0, "random": 0}
    for seed in range(3):
        decks = CORE if seed % 2 == 0 else CORE[::-1]
        st = GAME.new_state(decks, seed=seed)
        bots = [make_bot(seats[0], seed), make_bot(seats[1], seed + 99)]
        while not st.is_terminal():
            p = st.current_player()
            st.apply(bots[p].choose(st.handle(p)))
            check(st, f"greedy {seats} seed {seed}")
        check_end(st, f"greedy {seats} seed {seed}")
        if st.winner() is not None:
            wins[seats[st.winner()]] += 1
    if seats != ("greedy", "greedy"):
        assert wins["greedy"] >= 2, f"the greedy bot should beat random play: {wins}"


def _continue(st, seed: int, steps: int) -> str:
    r = Rng(seed)
    for _ in range(steps):
        if st.is_terminal():
            break
        st.apply(r.choice(st.legal_actions()))
    return json.dumps(st.to_json(), sort_keys=True)


@pytest.mark.parametrize("seed", range(6))
def test_clone_and_json_continue_identically(seed):
    st = GAME.new_state(CORE, seed=seed)
    r = Rng(seed)
    i = 0
    while not st.is_terminal():
        if i % 11 == 3:
            a = _continue(st.clone(), seed + i, 25)
            b = _continue(GAME.state_from_json(json.dumps(st.to_json())), seed + i, 25)
            assert a == b, f"seed {seed}: clone and JSON copy diverge after action {i}"
        st.apply(r.choice(st.legal_actions()))
        i += 1
    replayed = GAME.replay(st.record())
    assert json.dumps(replayed.to_json(), sort_keys=True) == json.dumps(st.to_json(), sort_keys=True)


@pytest.mark.parametrize("seed", range(4))
def test_views_hide_hands_and_decks(seed):
    st = GAME.new_state(CORE, seed=seed)
    r = Rng(seed)
    while not st.is_terminal():
        for p in (0, 1):
            v = json.loads(json.dumps(st.view(p)))
            opp = v["players"][1 - p]
            assert opp["hand"] is None and isinstance(opp["looking_at"], int)
            known = {f"c{c}" for c in st.data.hand[1 - p] if c in st.data.known}
            assert {c["id"] for c in opp["revealed_in_hand"]} == known
            text = json.dumps(v)
            for c in st.data.deck[1 - p] + st.data.deck[p]:
                assert f'"c{c}"' not in text, "a deck card id leaked into a view"
        st.apply(r.choice(st.legal_actions()))


def test_illegal_action_changes_nothing():
    st = GAME.new_state(CORE, seed=1)
    before = json.dumps(st.to_json(), sort_keys=True)
    with pytest.raises(IllegalActionError):
        st.apply("declare:lane9")
    assert json.dumps(st.to_json(), sort_keys=True) == before


def test_determinize_keeps_what_the_player_sees():
    st = GAME.new_state(CORE, seed=5)
    r = Rng(5)
    for _ in range(40):
        st.apply(r.choice(st.legal_actions()))
    for p in (0, 1):
        det = GAME.determinize(st, p, Rng(3))
        assert json.dumps(det.view(p), sort_keys=True) == json.dumps(st.view(p), sort_keys=True)
        assert det.data.hand[p] == st.data.hand[p]
        while not det.is_terminal():
            det.apply(r.choice(det.legal_actions()))


# --------------------------------------------------------------------------- rule checks
def _first_action_state(seed=3):
    return GAME.new_state(CORE, seed=seed)


@pytest.mark.rule("MZL-EX-9", "MZL-DRAW-2", "MZL-DRAW-3", "MZL-AURAPH-1", "MZL-SETUP-4", "MZL-SETUP-6",
                  "MZL-ACTION-1")
def test_resources_before_the_first_action():
    st = _first_action_state()
    d = st.data
    assert st.decision.kind == "priority"
    chooser = st.current_player()
    st.apply("priority:first")
    while st.decision.kind != "action":
        st.apply(st.legal_actions()[0].id)
    assert d.round == 1 and st.current_player() == d.priority == chooser  # no trade in round 1
    for p in (0, 1):
        assert len(d.hand[p]) == 6
        assert len(d.aura_zone[p]) == 2 and not (set(d.aura_zone[p]) & d.tapped)
        assert len(d.aura_deck[p]) == 8
        assert all(d.cards[a].aura == d.cards[d.caster[p]].aura for a in d.aura_zone[p])


@pytest.mark.rule("MZL-SETUP-8", "MZL-SETUP-10", "MZL-SETUP-11", "MZL-SETUP-12", "MZL-EX-10")
def test_starter_terras_fill_lanes_in_turn():
    for choice in ("priority:first", "priority:second"):
        st = _first_action_state(7)
        chooser = st.current_player()
        st.apply(choice)
        d = st.data
        prio = chooser if choice.endswith("first") else 1 - chooser
        assert d.priority == prio
        while st.decision.kind != "action":
            st.apply(st.legal_actions()[0].id)
        owners = [d.owner[t] for t in d.terra]
        assert owners == [prio, 1 - prio, prio, 1 - prio]


@pytest.mark.rule("MZL-DRAW-1")
def test_priority_changes_hands_each_round():
    st = GAME.new_state(CORE, seed=2)
    r = Rng(2)
    seen = {}
    while not st.is_terminal() and st.data.round < 5:
        if st.data.phase == "action":
            seen[st.data.round] = st.data.priority
        st.apply(r.choice(st.legal_actions()))
    assert len(seen) >= 3
    for rd in range(2, max(seen) + 1):
        if rd in seen and rd - 1 in seen:
            assert seen[rd] == 1 - seen[rd - 1]


def _pos(**lanes) -> dict:
    spec = {"round": 2, "priority": 0, "seed": 1, "player": [
        {"caster": "Ilsa, Ember Warden", "aura": ["Fire Aura"] * 4, "aura_deck": 5, "deck_size": 10},
        {"caster": "Bram, Stonecaller", "aura": ["Earth Aura"] * 4, "aura_deck": 5, "deck_size": 10}],
        "lane": [{"terra": "Ashen Caldera"}, {"terra": "Ashen Caldera", "terra_owner": 1},
                 {"terra": "Granite Terraces"}, {"terra": "Granite Terraces", "terra_owner": 1}]}
    for k, v in lanes.items():
        i = int(k[1]) - 1
        spec["lane"][i].update(v)
    return spec


@pytest.mark.rule("MZL-MISSION-5", "MZL-MISSION-6", "MZL-MISSION-7", "MZL-MISSION-8", "MZL-KW-SOAR-1",
                  "MZL-MISSION-13")
def test_mission_awards():
    st = GAME.position(_pos(l1={"p1": ["Thornback Boar"]},                        # uncontested: 2
                            l2={"p1": ["Thornback Boar"], "p2": ["Cinder Fox"]},  # contested: 1
                            l3={"p1": ["Ash Wyvern"], "p2": ["Ember Imp"]},       # Soar: 2
                            l4={"p1": ["Cinder Fox"], "p2": ["Cinder Fox"]}))     # tie: 0
    gained = []
    for lane in range(1, 5):  # P1 and P2 take turns declaring; all MP go to P1
        before = st.data.mp[0]
        st.apply(f"declare:lane{lane}")
        gained.append(st.data.mp[0] - before)
        assert lane == 4 or st.data.resolved[lane - 1]
    assert gained == [2, 1, 2, 0] and st.data.mp[1] == 0


@pytest.mark.rule("MZL-KW-DESTRUCTION-1", "MZL-KW-DESTRUCTION-3", "MZL-ERRATA-CANNOT-2", "MZL-ENHANCE-7",
                  "MZL-ERRATA-GIGANTIC-1")
def test_destruction_skips_units_that_cannot_be_shattered():
    st = GAME.position(_pos(l1={"p1": ["Pyre Colossus"], "p1_aura": ["Fire Aura"],
                                "p2": ["Moss Golem", "Thornback Boar"]}))
    assert stats.lane_limit(st.data, 0, 0) == 3  # Gigantic (2)
    st.apply("declare:lane1")
    assert st.decision.kind == "action"  # the only legal pick was taken, then nothing was left
    names = [st.data.cards[u].name for u in st.data.units[1]]
    assert names == ["Moss Golem"]


@pytest.mark.rule("MZL-EX-2", "MZL-ERRATA-SIMUL-3", "MZL-ERRATA-REPLEFF-2")
def test_mass_shatter_order_decides_the_replacement():
    spec = _pos(l1={"p2": ["Thornback Boar", "Lava Plate"]})
    spec["player"][0]["hand"] = ["Blighted Cinders"]
    spec["player"][0]["aura"] = ["Fire Aura"] * 6
    for first, survivor in (("Lava Plate", []), ("Thornback Boar", ["Thornback Boar"])):
        st = GAME.position(spec)
        st.apply(next(a.id for a in st.legal_actions() if "Blighted" in a.label))
        assert st.decision.kind == "order"
        st.apply(next(a.id for a in st.legal_actions() if first in a.label))
        if st.decision.kind == "instead":
            st.apply("yes")
        assert [st.data.cards[u].name for u in st.data.units[1]] == survivor


@pytest.mark.rule("MZL-EX-4", "MZL-ERRATA-FIZZLE-1", "MZL-ERRATA-FIZZLE-3", "MZL-EQUIP-8")
def test_token_first_lets_equipment_on_play_work():
    spec = _pos(l1={"p1": ["Sparkwright"]})
    spec["player"][0]["aura"] = ["Fire Aura", "Earth Aura"]
    for first, draws in (("Sparkwright", 1), ("Tinder Satchel", 0)):
        spec["player"][0]["hand"] = ["Tinder Satchel"]
        st = GAME.position(spec)
        st.apply(next(a.id for a in st.legal_actions() if a.id.endswith("@lane2")))
        st.apply(next(a.id for a in st.legal_actions() if a.label.startswith(f"Resolve first: {first}")))
        assert len(st.data.hand[0]) == draws


@pytest.mark.rule("MZL-EX-7", "MZL-ERRATA-TEMPAURA-1", "MZL-ERRATA-TEMPAURA-3", "MZL-ERRATA-TEMPAURA-4")
def test_temporary_aura_forces_a_reverse_trade():
    spec = _pos(l1={"resolved": True})
    spec["player"][0].update(hand=["Scavenger's Luck"], aura=["Earth Aura", "Fire Aura"])
    st = GAME.position(spec)
    d = st.data
    st.apply(next(a.id for a in st.legal_actions() if "Scavenger" in a.label))
    assert d.owed[0] == 1 and len(d.aura_zone[0]) == 3
    st.apply("declare:lane2")                      # P2
    for lane in (3, 4):                            # P1 trades both primary Aura away
        st.apply(next(a.id for a in st.legal_actions() if a.id.startswith("trade")))
        if st.decision.kind == "swap":
            st.apply(st.legal_actions()[0].id)
        st.apply(f"declare:lane{lane}")            # P2; after lane 4 the round ends
    # end of round 2: no primary Aura left, so an Earth Aura went back to the supply and a Fire
    # Aura from outside the game went on top of the Aura deck; round 3's Aura phase drew it
    i = next(i for i, line in enumerate(st.log) if line.startswith("P1 reverse-trades Earth Aura for Fire Aura"))
    assert "P1 puts Fire Aura into the Aura zone (Aura phase)" in st.log[i:]
    assert d.owed[0] == 0 and len(d.supply[0]) == 10 - 1 - 2 + 1 and len(d.aura_deck[0]) == 5 - 1 + 1 - 1
    assert sorted(d.cards[a].aura for a in d.aura_zone[0]) == ["earth", "earth", "fire"]


@pytest.mark.rule("MZL-EX-8", "MZL-MISSION-15", "MZL-MISSION-16")
def test_both_at_thirty_play_on_until_a_lead():
    extra = GAME.parse_cards('''
[[card]]
name = "Test Consolation Flats"
type = "terra"
aura = "fire"
cost = 1
[[card.ability]]
kind = "on_mission_resolution"
do = [{ op = "gain_mp", player = "loser", amount = 1 }]
''')
    g2 = GAME.with_cards(extra)
    spec = _pos(l1={"terra": "Test Consolation Flats", "p1": ["Cinder Fox"]}, l2={"p2": ["Thornback Boar"]})
    spec["player"][0]["mp"], spec["player"][1]["mp"] = 28, 29
    st = g2.position(spec)
    st.apply("declare:lane1")
    assert st.data.mp == [30, 30] and not st.is_terminal()
    st.apply("declare:lane2")
    assert st.is_terminal() and st.winner() == 1


@pytest.mark.rule("MZL-PLAY-5", "MZL-PLAY-6", "MZL-PLAY-7", "MZL-ERRATA-UNIQUE-1")
def test_same_name_and_unique():
    spec = _pos(l1={"p1": ["Cinder Fox", "Kindle Hound"], "p2": ["Ash Wyvern"]})
    spec["player"][0]["hand"] = ["Cinder Fox", "Kindle Hound", "Ash Wyvern"]
    st = GAME.position(spec)
    ids = {a.label for a in st.legal_actions()}
    assert "Play Cinder Fox to lane 1 (cost 1)" not in ids and "Play Cinder Fox to lane 2 (cost 1)" in ids
    assert not any("Kindle Hound" in x for x in ids)
    assert "Play Ash Wyvern to lane 1 (cost 3)" in ids  # the rival's copy does not count


@pytest.mark.rule("MZL-ERRATA-ZERO-2", "MZL-ERRATA-ZERO-3")
def test_zero_cost_needs_a_matching_aura_in_the_zone():
    spec = _pos()
    spec["player"][0].update(hand=["Ember Imp"], aura=["Earth Aura", "Earth Aura"], pool=2)
    st = GAME.position(spec)
    assert not any("Ember Imp" in a.label for a in st.legal_actions())
    spec["player"][0]["aura"] = [{"name": "Fire Aura", "tapped": True}, "Earth Aura"]
    st = GAME.position(spec)
    assert any("Ember Imp" in a.label for a in st.legal_actions())


@pytest.mark.rule("MZL-ERRATA-SEARCH-1", "MZL-ERRATA-FAIL-1", "MZL-EX-15")
def test_search_always_shuffles():
    spec = _pos()
    spec["player"][0]["deck_size"] = 0
    spec["player"][0].update(hand=["Hound Tracking"], aura=["Earth Aura", "Earth Aura"], pool=2,
                             deck=["Cinder Fox", "Thornback Boar", "Ash Wyvern"])
    st = GAME.position(spec)
    st.apply(next(a.id for a in st.legal_actions() if "Hound Tracking" in a.label))
    assert st.decision.kind == "search" and "none" in [a.id for a in st.legal_actions()]
    st.apply("none")
    assert "P1 shuffles their deck" in st.log


@pytest.mark.rule("MZL-ACTION-3", "MZL-ACTION-5", "MZL-DECLARE-2")
def test_no_passing_and_declare_only_unresolved():
    st = GAME.position(_pos(l2={"resolved": True}))
    ids = [a.id for a in st.legal_actions()]
    assert "declare:lane2" not in ids and {"declare:lane1", "declare:lane3", "declare:lane4"} <= set(ids)
    assert not any("pass" in i for i in ids)


@pytest.mark.rule("MZL-EX-12", "MZL-ERRATA-RAZED-1", "MZL-KW-GIVE-3", "MZL-DAMAGE-7")
def test_conditional_bonuses():
    st = GAME.position(_pos(l1={"terra": "", "p2": ["Dune Crocodile"]}, l2={"p2": ["Dune Crocodile"]}))
    d = st.data
    infl = [stats.influence(d, u) for u in (d.units[1][0], d.units[3][0])]
    assert infl == [2, 4]  # razed lane: no bonus; a Fire Terra: +2
    # a Soar partner in another lane leaves: the bonus stops and damage is checked again
    spec = _pos(l1={"p1": [{"name": "Lantern Moth", "damage": 1}]}, l2={"p1": ["Ash Wyvern"]})
    spec["active"] = 1
    spec["player"][1]["hand"] = ["Uproot"]
    st = GAME.position(spec)
    d = st.data
    moth = d.units[0][0]
    assert stats.influence(d, moth) == 2
    st.apply(next(a.id for a in st.legal_actions() if "Uproot" in a.label))
    if st.decision.kind == "target":
        st.apply(next(a.id for a in st.legal_actions() if "Ash Wyvern" in a.label))
    assert moth not in d.lane_of and moth in d.discard[0]


def test_every_option_reads_differently():
    """A person picks from labels: no two legal actions share one (identical tokens, two
    copies of a Terra ability… get their action id added by the kernel)."""
    import metatcg
    from metatcg.engine.rng import Rng
    game = metatcg.load_game("metazoo")
    names = game.starter_deck_names()
    for seed in range(12):
        s = game.new_state([names[seed % len(names)], names[(seed + 3) % len(names)]], seed=seed)
        r = Rng(seed)
        while not s.is_terminal():
            labels = [a.label for a in s.legal_actions()]
            assert len(labels) == len(set(labels)), labels
            s.apply(r.choice(s.legal_actions()))
