"""MX-PUSH (Push and Prep), MX-STAT (Stats and Ranks), MX-MULTI (Multi-Stat Battle Cards)."""
from __future__ import annotations

import pytest

from metatcg.engine.errors import CardDataError
from metatcg.games.metax import stats
from metatcg.games.metax.schema import STATS
from metax_a_support import BASE, GAME, char, find, ids, position


def _char_toml(stats_line: str, name: str = "X") -> str:
    return (f'[[card]]\nname = "{name}"\ntype = "character"\ntrait = "T"\nmp = 1\n'
            f"stats = {stats_line}\n")


def _pushed_view(s, viewer, iid):
    owner = s.data.owner[iid]
    chars = s.view(viewer)["players"][owner]["characters"]
    return next(c for c in chars if c["id"] == f"c{iid}")["pushed"]


# ----------------------------------------------------------------- MX-PUSH
@pytest.mark.rule("MX-PUSH-1")
def test_a_character_is_either_pushed_or_prepped():
    s = position({"hand": ["Brawl 3", "Brawl 1"], "character": [{"name": "T Striker", "entered_turn": 1},
                                                                 {"name": "T Pair", "entered_turn": 1}]},
                 {}, step="battle")
    st, pair = char(s, "T Striker", 0), char(s, "T Pair", 0)
    s.apply(f"attack:c{st}/c{find(s, 'Brawl 3', 'hand', 0)}")
    # one state flag, seen identically by both players: Pushed, or else Prepped
    for p in (0, 1):
        assert _pushed_view(s, p, st) is True and _pushed_view(s, p, pair) is False
    # the Pushed one cannot act as Prepped (attack again); the Prepped one can
    acts = ids(s)
    assert not any(a.startswith(f"attack:c{st}/") for a in acts)
    assert any(a.startswith(f"attack:c{pair}/") for a in acts)


@pytest.mark.rule("MX-PUSH-2")
def test_only_a_prepped_character_can_be_pushed():
    s = position({"mp": 5, "hand": ["Ambush Snare"],
                  "character": [{"name": "T Pusher", "entered_turn": 1, "pushed": True}]},
                 {"character": [{"name": "T Striker", "entered_turn": 1, "pushed": True},
                                {"name": "T Thinker", "entered_turn": 2}]})
    assert f"push:c{char(s, 'T Pusher', 0)}" not in ids(s)  # already Pushed: no Push effect
    s.apply(f"event:c{find(s, 'Ambush Snare', 'hand', 0)}")  # Push a Prepped opposing Character
    assert ids(s) == [f"target:c{char(s, 'T Thinker', 1)}"]
    s.apply(ids(s)[0])
    assert char(s, "T Thinker", 1) in s.data.pushed


@pytest.mark.rule("MX-PUSH-3")
def test_prepping_turns_a_pushed_character_upright():
    s = position({"mp": 1, "hand": ["Rally Horn"],
                  "character": [{"name": "T Striker", "entered_turn": 1, "pushed": True},
                                {"name": "T Thinker", "entered_turn": 1}]}, {})
    st = char(s, "T Striker", 0)
    s.apply(f"event:c{find(s, 'Rally Horn', 'hand', 0)}")
    assert ids(s) == [f"target:c{st}"]  # only a Pushed Character can be Prepped
    s.apply(f"target:c{st}")
    assert st not in s.data.pushed and _pushed_view(s, 0, st) is False


@pytest.mark.rule("MX-PUSH-4")
def test_character_comes_into_play_prepped():
    s = position({"hand": ["T Striker"]}, {})
    st = find(s, "T Striker", "hand", 0)
    s.apply(f"play:c{st}")
    assert st in s.data.inplay[0] and st not in s.data.pushed
    assert _pushed_view(s, 1, st) is False
    # even a Character that was Pushed when it left play comes back Prepped
    s = position({"mp": 3, "hand": ["Riptide Recall"], "deck_size": 5,
                  "character": [{"name": "T Striker", "entered_turn": 1, "pushed": True}]}, {"deck_size": 5})
    st = char(s, "T Striker", 0)
    s.apply(f"event:c{find(s, 'Riptide Recall', 'hand', 0)}")
    s.apply(f"target:c{st}")
    assert st in s.data.hand[0] and st not in s.data.pushed
    s.apply(f"play:c{st}")
    assert st in s.data.inplay[0] and st not in s.data.pushed


@pytest.mark.rule("MX-PUSH-5")
def test_attacking_push_effects_and_linking_each_push():
    s = position({"mp": 5, "hand": ["Brawl 4", "Brawl 1"],
                  "character": [{"name": "T Pusher", "entered_turn": 1},
                                {"name": "T Striker", "entered_turn": 1},
                                {"name": "T Pair", "entered_turn": 1}]}, {})
    pusher, st, pair = (char(s, n, 0) for n in ("T Pusher", "T Striker", "T Pair"))
    s.apply(f"push:c{pusher}")
    assert s.data.pushed == {pusher}
    s.apply("end_planning")
    s.apply(f"attack:c{st}/c{find(s, 'Brawl 4', 'hand', 0)}")
    assert s.data.pushed == {pusher, st}
    s.apply(f"link:c{pair}")
    assert s.data.pushed == {pusher, st, pair}


@pytest.mark.rule("MX-PUSH-6")
def test_pushed_characters_prep_only_in_their_controllers_next_prep_step():
    s = position({"mp": 0, "hand": ["Brawl 3", "Brawl 1"], "deck_size": 5,
                  "character": [{"name": "T Striker", "entered_turn": 1}]},
                 {"mp": 0, "hand": ["Insight 1", "Insight 2", "Brawl 1"], "deck_size": 5,
                  "character": [{"name": "T Thinker", "entered_turn": 1}]}, step="battle")
    st, th = char(s, "T Striker", 0), char(s, "T Thinker", 1)
    s.apply(f"attack:c{st}/c{find(s, 'Brawl 3', 'hand', 0)}")
    s.apply("end_attacks")
    s.apply("end_defense")  # undefended: P1 gains a VP
    # P2's turn 4: Striker is still Pushed ...
    assert s.data.turn == 4 and s.data.active == 1 and st in s.data.pushed
    s.apply("end_planning")
    s.apply(f"attack:c{th}/c{find(s, 'Insight 2', 'hand', 1)}")
    s.apply("end_attacks")
    # ... so it cannot defend against P2's attack
    assert ids(s) == ["end_defense"]
    s.apply("end_defense")
    # P1's turn 5 Prep Step Preps it; P2's Thinker, Pushed on P2's turn, stays Pushed
    assert s.data.turn == 5 and s.data.active == 0
    assert st not in s.data.pushed and th in s.data.pushed


# ----------------------------------------------------------------- MX-STAT
@pytest.mark.rule("MX-STAT-1")
def test_three_stat_types():
    assert STATS == ("strength", "intelligence", "special")
    with pytest.raises(CardDataError):
        GAME.parse_cards(_char_toml("{ speed = 3 }"))
    with pytest.raises(CardDataError):
        GAME.parse_cards('[[card]]\nname = "B"\ntype = "battle"\nmp = 0\nrank = 1\nstats = ["luck"]\n')


@pytest.mark.rule("MX-STAT-2", "MX-GLOS-4")
def test_characters_have_one_to_three_stat_types_battle_cards_at_least_one():
    with pytest.raises(CardDataError):
        GAME.parse_cards(_char_toml("{}"))
    for line in ("{ special = 2 }", "{ strength = 2, special = 2 }",
                 "{ strength = 2, intelligence = 2, special = 2 }"):
        assert GAME.parse_cards(_char_toml(line))[0].is_character
    with pytest.raises(CardDataError):
        GAME.parse_cards('[[card]]\nname = "B"\ntype = "battle"\nmp = 0\nrank = 1\nstats = []\n')
    counts = [len(c.stats) for c in BASE.pool.by_name.values() if c.is_character]
    assert min(counts) >= 1 and max(counts) <= 3
    assert all(len(c.battle_stats) >= 1 for c in BASE.pool.by_name.values() if c.is_battle)


@pytest.mark.rule("MX-STAT-3")
def test_ranks_run_from_1_to_7():
    for bad in ("{ strength = 0 }", "{ strength = 8 }"):
        with pytest.raises(CardDataError):
            GAME.parse_cards(_char_toml(bad))
    assert GAME.parse_cards(_char_toml("{ strength = 1, special = 7 }"))[0].stats == (("strength", 1),
                                                                                      ("special", 7))


@pytest.mark.rule("MX-STAT-4", "MX-STAT-5")
def test_battle_card_usable_only_with_rank_at_least_the_cards_rank():
    s = position({"mp": 5, "hand": ["Brawl 5", "Brawl 6", "Brawl 4"],
                  "character": [{"name": "T Striker", "entered_turn": 1}]},
                 {"mp": 5, "hand": ["Insight 4", "Insight 5"],
                  "character": [{"name": "T Thinker", "entered_turn": 2}]}, step="battle")
    st = char(s, "T Striker", 0)
    assert s.view(0)["players"][0]["characters"][0]["stats"] == {"strength": 5}  # Character Rank
    assert BASE.pool["Brawl 6"].rank == 6  # Battle Card Rank
    acts = ids(s)
    assert f"attack:c{st}/c{find(s, 'Brawl 5', 'hand', 0)}" in acts  # 5 >= 5
    assert f"attack:c{st}/c{find(s, 'Brawl 4', 'hand', 0)}" in acts
    assert f"attack:c{st}/c{find(s, 'Brawl 6', 'hand', 0)}" not in acts  # 5 < 6
    s.apply(f"attack:c{st}/c{find(s, 'Brawl 4', 'hand', 0)}")
    s.apply("end_attacks")
    s.apply(f"defend:c{char(s, 'T Thinker', 1)}->c{st}")
    assert ids(s) == [f"with:c{find(s, 'Insight 4', 'hand', 1)}"]  # the same test for defenders


@pytest.mark.rule("MX-STAT-6")
def test_rulebook_example_str7_int3_spe5():
    hand = [f"{w} {r}" for w in ("Brawl", "Insight", "Surge") for r in range(1, 8)]
    s = position({"mp": 10, "hand": hand, "character": [{"name": "Ironclad Paragon", "entered_turn": 1}]},
                 {}, step="battle")
    para = char(s, "Ironclad Paragon", 0)
    usable = {s.data.cards[int(a.split("/c")[1])].name for a in ids(s) if a.startswith("attack:")}
    expected = ({f"Brawl {r}" for r in range(1, 8)} | {f"Insight {r}" for r in range(1, 4)}
                | {f"Surge {r}" for r in range(1, 6)})
    assert usable == expected
    assert all(a.startswith(f"attack:c{para}/") for a in ids(s) if a != "end_attacks")


def _ashfall(target: str, damage: list[str], card: str):
    """P1 plays Ashfall: attach ``card`` from P1's discard pile to P2's ``target``."""
    s = position({"mp": 3, "hand": ["Ashfall"], "discard": [card]},
                 {"character": [{"name": target, "entered_turn": 2, "damage": damage}]})
    t = char(s, target, 1)
    s.apply(f"event:c{find(s, 'Ashfall', 'hand', 0)}")
    s.apply(f"target:c{t}")
    s.apply(f"card:c{find(s, card, 'discard', 0)}")
    return s, t


@pytest.mark.rule("MX-STAT-7")
def test_stat_count_sets_tko_threshold_and_highest_rank_sets_hp_ko():
    # T Pair: 2 Stat types, highest Rank 3. Damage of 2 colours (value 2) TKOs it.
    s, t = _ashfall("T Pair", ["Brawl 1"], "Insight 1")
    assert t not in s.data.inplay[1] and t in s.data.discard[1]
    # T Trio: 3 Stat types, highest 6. 2 colours, value 5: survives.
    s, t = _ashfall("T Trio", ["Brawl 3"], "Insight 2")
    assert t in s.data.inplay[1]
    # T Trio: 1 colour but value 6 = its highest Rank: HP KO.
    s, t = _ashfall("T Trio", ["Brawl 3"], "Brawl 3")
    assert t not in s.data.inplay[1]


@pytest.mark.rule("MX-STAT-8")
def test_no_rank_in_a_stat_it_does_not_show():
    s = position({"mp": 5, "hand": ["Insight 1", "Surge 1", "Brawl 1", "Twin Fang"],
                  "character": [{"name": "Ember Warden", "entered_turn": 1}]}, {}, step="battle")
    w = char(s, "Ember Warden", 0)
    assert stats.rank(s.data, w, "intelligence") == 0 and stats.rank(s.data, w, "special") == 0
    usable = {s.data.cards[int(a.split("/c")[1])].name for a in ids(s) if a.startswith("attack:")}
    assert usable == {"Brawl 1", "Twin Fang"}  # no Rank 1 Intelligence or Special card
    # "+2 to each of its Stats" does not create a Stat it does not show
    s = position({"mp": 5, "hand": ["Battle Trance", "Insight 1", "Brawl 7"],
                  "character": [{"name": "Ember Warden", "entered_turn": 1}]}, {})
    w = char(s, "Ember Warden", 0)
    s.apply(f"event:c{find(s, 'Battle Trance', 'hand', 0)}")
    s.apply(f"target:c{w}")
    assert stats.ranks(s.data, w) == {"strength": 7}
    assert stats.rank(s.data, w, "intelligence") == 0
    assert not stats.can_use(s.data, w, find(s, "Insight 1", "hand", 0))
    assert stats.can_use(s.data, w, find(s, "Brawl 7", "hand", 0))


@pytest.mark.rule("MX-STAT-9")
def test_battle_card_value_is_its_rank_not_its_mp():
    # Brawl 1 gains 3 MP but its value is 1: T Pair (highest 3) with 2 x Brawl 1 has value 2.
    s, t = _ashfall("T Pair", ["Brawl 1"], "Brawl 1")
    assert t in s.data.inplay[1] and stats.damage_value(s.data, t) == 2
    s, t = _ashfall("T Pair", ["Brawl 1"], "Brawl 2")  # 1 + 2 = 3 reaches 3
    assert t not in s.data.inplay[1]


# ----------------------------------------------------------------- MX-MULTI
@pytest.mark.rule("MX-MULTI-1")
def test_some_battle_cards_show_several_stats():
    multi = {c.name for c in BASE.pool.by_name.values() if c.is_battle and len(c.battle_stats) > 1}
    assert {"Twin Fang", "Prism Burst"} <= multi
    assert BASE.pool["Prism Burst"].battle_stats == STATS
    with pytest.raises(CardDataError, match="each Stat once"):
        GAME.parse_cards('[[card]]\nname = "B"\ntype = "battle"\nmp = 0\nrank = 1\n'
                         'stats = ["strength", "strength"]\n')


def _usable(s, player, cname):
    c = char(s, cname, player)
    return {s.data.cards[h].name for h in s.data.hand[player] if stats.can_use(s.data, c, h)}


@pytest.mark.rule("MX-MULTI-2")
def test_multi_stat_card_is_a_wildcard():
    # Twin Fang (Strength/Special, Rank 2): usable by a Strength-only and a Special-only Character
    s = position({"mp": 5, "hand": ["Twin Fang"],
                  "character": [{"name": "T Striker", "entered_turn": 1}, {"name": "T Mystic", "entered_turn": 1},
                                {"name": "T Thinker", "entered_turn": 1}]}, {}, step="battle")
    tf = find(s, "Twin Fang", "hand", 0)
    acts = ids(s)
    assert f"attack:c{char(s, 'T Striker', 0)}/c{tf}" in acts
    assert f"attack:c{char(s, 'T Mystic', 0)}/c{tf}" in acts
    assert f"attack:c{char(s, 'T Thinker', 0)}/c{tf}" not in acts  # Intelligence is not printed


@pytest.mark.rule("MX-MULTI-3", "MX-MULTI-4")
def test_multi_stat_needs_the_shared_rank_in_at_least_one_printed_stat():
    s = position({"mp": 5, "hand": ["Prism Burst", "T Multi SI 5"],
                  "character": [{"name": "T Hybrid", "entered_turn": 1}, {"name": "T Pair", "entered_turn": 1},
                                {"name": "Tidecaller Sage", "entered_turn": 1}]}, {})
    # T Hybrid: STR 2 / INT 5 -> INT 5 >= 5 qualifies for both cards
    assert _usable(s, 0, "T Hybrid") == {"Prism Burst", "T Multi SI 5"}
    # T Pair: STR 3 / INT 3 -> below Rank 5 in every Stat
    assert _usable(s, 0, "T Pair") == set()
    # one Rank for all printed Stats: Strength 2 does not let T Hybrid use a Strength/Intelligence 5
    # through Strength; Tidecaller Sage (STR 2, INT 5, SPE 3) qualifies only via Intelligence
    sage = char(s, "Tidecaller Sage", 0)
    assert stats.usable_stats(s.data, sage, find(s, "Prism Burst", "hand", 0)) == ["intelligence"]
    assert BASE.pool["Prism Burst"].rank == 5
    with pytest.raises(CardDataError):
        GAME.parse_cards('[[card]]\nname = "B"\ntype = "battle"\nmp = 0\nrank = [5, 3]\n'
                         'stats = ["strength", "special"]\n')


@pytest.mark.rule("MX-MULTI-5")
def test_multi_stat_damage_counts_as_exactly_one_colour_filling_the_gap():
    # Velvet Broker (STR 4 / INT 6) with a Strength 1 Damage card: Twin Fang counts as Special
    s, t = _ashfall("Velvet Broker", ["Brawl 1"], "Twin Fang")
    assert t not in s.data.inplay[1]  # 2 colours: TKO although the value 3 < 6
    # Twin Fang alone: one colour only
    s, t = _ashfall("Velvet Broker", [], "Twin Fang")
    assert t in s.data.inplay[1] and stats.damage_colours(s.data, t) == 1
    # a three-Stat wildcard never counts twice: T Pair (2 Stats, highest 3) survives it
    s, t = _ashfall("T Pair", [], "T Tri 1")
    assert t in s.data.inplay[1] and stats.damage_colours(s.data, t) == 1
    # the assignment with the most colours is used: Brawl 1 is Strength, so Twin Fang counts as
    # Special and the Intelligence/Special card as Intelligence -> 3 colours TKO T Trio (value 5 < 6)
    s, t = _ashfall("T Trio", ["Brawl 1", "Twin Fang"], "T Multi IS 2")
    assert t not in s.data.inplay[1]


def _team(lead, links, lead_card, dfd, dfd_card, *, p2_mp=5):
    s = position({"mp": 10, "hand": [lead_card, "Surge 1"],
                  "character": [{"name": n, "entered_turn": 1} for n in (lead, *links)]},
                 {"mp": p2_mp, "hand": [dfd_card, "Surge 1"], "deck_size": 5,
                  "character": [{"name": dfd, "entered_turn": 2}]}, step="battle")
    return s


@pytest.mark.rule("MX-MULTI-6")
def test_lead_multi_card_names_a_stat_links_must_have_it():
    # T Striker (STR 5 only) plays Twin Fang: it qualifies only through Strength.
    s = _team("T Striker", ["T Mystic", "T Pair"], "Twin Fang", "T Thinker", "Insight 1")
    st = char(s, "T Striker", 0)
    s.apply(f"attack:c{st}/c{find(s, 'Twin Fang', 'hand', 0)}")
    assert sorted(ids(s)) == sorted([f"link:c{char(s, 'T Pair', 0)}:strength", "no_link"])
    # T Trio (STR 6, SPE 4) qualifies through both: the player names one
    s = _team("T Trio", ["T Mystic", "T Striker"], "Twin Fang", "T Thinker", "Insight 2")
    trio, mystic, striker = (char(s, n, 0) for n in ("T Trio", "T Mystic", "T Striker"))
    s.apply(f"attack:c{trio}/c{find(s, 'Twin Fang', 'hand', 0)}")
    assert sorted(ids(s)) == sorted([f"link:c{mystic}:special", f"link:c{striker}:strength", "no_link"])
    s.apply(f"link:c{striker}:strength")
    assert s.data.attacks[0].stat == "strength"
    # the named Stat is fixed: T Mystic (Special only) can no longer Link
    assert s.decision.kind == "declare"
    s.apply("end_attacks")
    s.apply(f"defend:c{char(s, 'T Thinker', 1)}->c{trio}")
    s.apply(f"with:c{find(s, 'Insight 2', 'hand', 1)}")
    s.apply("end_defense")
    # attacking value 2 + Striker's Strength 5 = 7 >= defending 2 + 4 = 6: a VP
    assert len(s.data.vp[0]) == 1
    # naming Special with T Mystic instead: 2 + 3 = 5 < 6, no VP
    s = _team("T Trio", ["T Mystic", "T Striker"], "Twin Fang", "T Thinker", "Insight 2")
    s.apply(f"attack:c{char(s, 'T Trio', 0)}/c{find(s, 'Twin Fang', 'hand', 0)}")
    s.apply(f"link:c{char(s, 'T Mystic', 0)}:special")
    s.apply("end_attacks")
    s.apply(f"defend:c{char(s, 'T Thinker', 1)}->c{char(s, 'T Trio', 0)}")
    s.apply(f"with:c{find(s, 'Insight 2', 'hand', 1)}")
    s.apply("end_defense")
    assert len(s.data.vp[0]) == 0


@pytest.mark.rule("MX-MULTI-7")
def test_defender_multi_card_in_team_attack_names_a_stat():
    # Attack: Brawl 4 + T Pair's Strength 3 = 7.
    def run(named):
        s = _team("T Striker", ["T Pair"], "Brawl 4", "T Trio", "Twin Fang")
        st = char(s, "T Striker", 0)
        s.apply(f"attack:c{st}/c{find(s, 'Brawl 4', 'hand', 0)}")
        s.apply(f"link:c{char(s, 'T Pair', 0)}")
        s.apply("end_attacks")
        s.apply(f"defend:c{char(s, 'T Trio', 1)}->c{st}")
        tf = find(s, "Twin Fang", "hand", 1)
        assert sorted(a for a in ids(s) if a.startswith(f"with:c{tf}")) == [f"with:c{tf}:special",
                                                                            f"with:c{tf}:strength"]
        s.apply(f"with:c{tf}:{named}")
        s.apply("end_defense")
        return len(s.data.vp[0])
    assert run("strength") == 0  # 7 < 2 + 6
    assert run("special") == 1  # 7 >= 2 + 4
    # the defender may name only a Stat it qualifies for: T Hybrid (STR 2, INT 5) with a
    # Strength/Intelligence 3 card can name only Intelligence
    s = _team("T Striker", ["T Pair"], "Brawl 4", "T Hybrid", "T Multi SI 3")
    st = char(s, "T Striker", 0)
    s.apply(f"attack:c{st}/c{find(s, 'Brawl 4', 'hand', 0)}")
    s.apply(f"link:c{char(s, 'T Pair', 0)}")
    s.apply("end_attacks")
    s.apply(f"defend:c{char(s, 'T Hybrid', 1)}->c{st}")
    assert ids(s) == [f"with:c{find(s, 'T Multi SI 3', 'hand', 1)}:intelligence"]
