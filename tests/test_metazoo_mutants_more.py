"""MetaZoo (four-lane) rules and checks no other test pinned down (issue 28, mutation survivors
of the second sampling): damage prevented in full leaves none, an Aura sent back to its deck is
no longer tapped, who went first is unknown before the first round, and a saved state with an
empty choice, a creature among Aura or a wrong-length field is refused by name."""
from __future__ import annotations

import pytest
from test_metazoo_mutants_state_json import _refused, _target_with, _with

from support.metazoo import GAME, new_game, play, player, position


@pytest.mark.rule("MZL-ERRATA-REPLEFF-2")
def test_damage_prevented_in_full_deals_none():
    """Ward Charm prevents 2 of the damage to a friendly creature in its lane; Z Rival Blast
    deals 2: the Earth Pup is dealt nothing."""
    st = position(player(aura=["Fire Aura"] * 2, hand=["Z Rival Blast"]), player(),
                  [{"terra": "Fire Starter", "p2": ["Earth Pup", "Ward Charm"]}])
    play(st, "Z Rival Blast")
    st.apply(st.legal_actions()[0].id)                    # the Earth Pup, the only rival creature
    d = st.data
    assert {d.cards[u].name: d.damage.get(u, 0) for u in d.units[1]} == {"Earth Pup": 0, "Ward Charm": 0}
    assert "Ward Charm (P2): 2 damage to Earth Pup is prevented" in st.log


@pytest.mark.rule("MZL-AURA-7")
def test_an_aura_sent_back_to_the_aura_deck_is_no_longer_tapped():
    st = position(player(aura=["Fire Aura"] * 3, hand=["Z Aura Home"]), player(), [{"terra": "Fire Starter"}])
    play(st, "Z Aura Home")                               # paid with the first Fire Aura, now tapped
    d = st.data
    (tapped,) = d.tapped
    st.apply(f"aura:c{tapped}")
    assert d.aura_deck[0][0] == tapped and tapped not in d.aura_zone[0]
    assert not d.tapped


@pytest.mark.rule("MZL-AURA-7")
def test_the_only_aura_is_sent_back_without_asking():
    st = position(player(aura=["Fire Aura"], hand=["Z Aura Home"]), player(), [{"terra": "Fire Starter"}])
    play(st, "Z Aura Home")
    d = st.data
    assert d.aura_zone[0] == [] and len(d.aura_deck[0]) == 1 and not d.tapped
    assert "P1 puts Fire Aura on top of their Aura deck (Z Aura Home)" in st.log


def test_who_went_first_is_unknown_until_priority_is_decided():
    st = new_game()
    assert st.data.first == -1 and st.decision.kind == "priority"
    assert GAME.match_facts(st) == {"first_player": None, "turns": 0}


def test_a_saved_choice_offering_nothing_is_refused():
    _refused(_target_with(lambda t: t.__setitem__(5, [])), "a 'target' decision without options")


def test_a_creature_saved_among_the_aura_is_refused():
    def to_aura_zone(d):
        d["aura_zone"][0].append(d["hand"][0].pop())
    _refused(_with(to_aura_zone), r"creature c\d+ cannot be in aura_zone\[0\]")


def test_a_caster_down_list_of_the_wrong_length_is_refused_by_name():
    _refused(_with(lambda d: d.update(caster_down=[False])), "caster_down must be a list of 2")


@pytest.mark.rule("MZL-CREATURE-3", "MZL-ERRATA-REPLEFF-2")
def test_a_shatter_by_the_rules_waiting_on_a_replacement_is_saved_and_read_back():
    """An Earth Brute at -6 Influence is Shattered by the state check; Guard Plate may be
    Shattered instead, and the game saved while P2 decides reads back exactly."""
    st = position(player(), player(), [{"terra": "Fire Starter",
                                        "p2": [{"name": "Earth Brute", "give": -10}, "Guard Plate"]}])
    assert st.decision.kind == "instead" and "Earth Brute has -6 Influence and is Shattered (MZL-CREATURE-3)" in st.log
    obj = st.to_json()
    back = GAME.state_from_json(obj)
    assert back.to_json() == obj
    back.apply("no")
    d = back.data
    assert [d.cards[u].name for u in d.units[1]] == ["Guard Plate"]


@pytest.mark.rule("MZL-ERRATA-REPLEFF-2")
def test_a_replacement_names_the_lane_its_unit_was_in_after_the_unit_left():
    """Z Spark Aegis returns the creature about to be Shattered to hand and makes a Spark "in its
    lane": the lane it was in, though it has left the lane by then."""
    st = position(player(), player(), [{"terra": "Fire Starter", "p1": [{"name": "Fire Pup", "give": -10},
                                                                        "Z Spark Aegis"]}])
    d = st.data
    assert [d.cards[u].name for u in d.units[0]] == ["Z Spark Aegis", "Spark"]
    assert [d.cards[c].name for c in d.hand[0]] == ["Fire Pup"]
    assert "P1 creates a Spark token in lane 1 (Z Spark Aegis)" in st.log


@pytest.mark.rule("MZL-ERRATA-ENTERS-1", "MZL-KW-CREATE-3")
def test_a_created_token_enters_its_lane():
    """The Spark Z Spark Aegis creates enters lane 1, so Gatekeeper there ("when a unit enters
    this lane, gain 1 MP") triggers."""
    st = position(player(), player(), [{"terra": "Fire Starter", "p1": [{"name": "Fire Pup", "give": -10},
                                                                        "Z Spark Aegis", "Gatekeeper"]}])
    assert st.data.mp == [1, 0]
    assert st.log[-1] == "P1 gains 1 MP (Gatekeeper): 1 MP, opponent 0"


@pytest.mark.rule("MZL-KW-CREATE-3")
def test_a_token_made_in_any_lane_goes_to_the_lane_its_creator_chose():
    st = position(player(aura=["Fire Aura"], hand=["Z Wisp Anywhere"]), player(),
                  [{"terra": "Fire Starter"}, {"terra": "Fire Starter"}])
    play(st, "Z Wisp Anywhere")
    assert st.decision.kind == "lane"
    st.apply("lane:2")
    d = st.data
    assert [[d.cards[u].name for u in d.units[ln * 2]] for ln in range(4)] == [[], ["Z Wisp"], [], []]


@pytest.mark.rule("MZL-KW-DUEL-1")
def test_the_log_names_who_dealt_damage_even_the_first_card_of_the_game():
    """P1's Caster (card c0) Duels an Earth Brute: each is dealt the other's Influence, and the log
    names the Caster as the one dealing it."""
    st = position(player(aura=["Fire Aura"] * 3, hand=["Z Duel"]), player(),
                  [{"terra": "Fire Starter", "p1": ["Plain Fire Caster"], "p2": ["Earth Brute"]}])
    assert st.data.caster[0] == 0
    play(st, "Z Duel")
    st.apply(st.legal_actions()[0].id)                    # the Earth Brute: the Caster is the only fighter
    assert "Earth Brute (P2) is dealt 4 damage by Plain Fire Caster (4 in total)" in st.log
    assert "Plain Fire Caster (P1) is dealt 4 damage by Earth Brute (4 in total)" in st.log


@pytest.mark.rule("PR-MZL-25")
def test_an_untap_ability_is_offered_only_while_an_aura_is_tapped():
    """Storm Bottle ("Tap: untap one of your Aura") would change nothing with every Aura untapped."""
    def offered(tapped: bool) -> bool:
        st = position(player(aura=["Fire Aura", {"name": "Fire Aura", "tapped": tapped}]), player(),
                      [{"terra": "Fire Starter", "p1": ["Fire Pup", "Storm Bottle"]}])
        return any(a.id.startswith("ability:") for a in st.legal_actions())
    assert offered(True) and not offered(False)


@pytest.mark.rule("MZL-KW-SOAR-3")
def test_soar_given_until_the_end_of_the_round_makes_its_side_soar():
    from metatcg.games.metazoo import stats
    st = position(player(), player(), [{"terra": "Fire Starter", "p1": [{"name": "Fire Pup", "keywords": ["soar"]}],
                                        "p2": ["Earth Pup"]}])
    assert stats.side_soar(st.data, 0, 0) and not stats.side_soar(st.data, 0, 1)


@pytest.mark.rule("MZL-EQUIP-2")
def test_an_equipment_starts_working_when_the_second_players_creature_joins_it():
    """P2's Feathered Cloak alone in lane 2 gives nothing; once P2 plays an Earth Pup there, the
    side has Soar (the continuous effects are worked out again for P2's side too)."""
    from metatcg.games.metazoo import stats
    st = position(player(), player("Plain Earth Caster", aura=["Earth Aura"] * 3, hand=["Earth Pup"]),
                  [{"terra": "Fire Starter"}, {"terra": "Fire Starter", "p2": ["Feathered Cloak"]}], priority=1)
    assert not stats.side_soar(st.data, 1, 1)
    play(st, "Earth Pup", lane=2, p=1)
    assert stats.side_soar(st.data, 1, 1)


@pytest.mark.rule("MZL-ERRATA-SIMUL-2")
def test_up_to_two_targets_may_include_the_first_card_of_the_game():
    """Pump Two gives up to two friendly creatures +2 Influence; P1's Caster (card c0) is picked,
    then no more: the Caster gets it and the prompt counts down."""
    from metatcg.games.metazoo import stats
    st = position(player(aura=["Fire Aura"] * 3, hand=["Pump Two"]), player(),
                  [{"terra": "Fire Starter", "p1": ["Plain Fire Caster", "Fire Pup"]}])
    play(st, "Pump Two")
    assert st.decision.prompt == "Pump Two: choose up to 2 more unit(s) (give influence), or done"
    st.apply("target:c0")
    assert st.decision.prompt == "Pump Two: choose up to 1 more unit(s) (give influence), or done"
    st.apply("done")
    assert "Pump Two (P1): Plain Fire Caster gets +2 Influence until the end of the round" in st.log
    assert stats.influence(st.data, 0) == 6


@pytest.mark.rule("MZL-KW-DUEL-1")
def test_a_creature_never_duels_itself_and_a_duel_without_a_fighter_lets_the_rest_resolve():
    """Z Brawl: a friendly creature Duels another creature (either side), then draw a card."""
    st = position(player(aura=["Fire Aura"] * 2, hand=["Z Brawl"]), player(),
                  [{"terra": "Fire Starter", "p1": ["Fire Pup"], "p2": ["Earth Pup"]}])
    play(st, "Z Brawl")                                   # the Fire Pup is the only fighter
    assert [a.label for a in st.legal_actions()] == ["Choose Earth Pup (P2, lane 1)"]
    alone = position(player(aura=["Fire Aura"] * 2, hand=["Z Brawl"]), player(),
                     [{"terra": "Fire Starter", "p2": ["Earth Pup"]}])
    play(alone, "Z Brawl")
    assert "Z Brawl (P1): no creature to Duel with" in alone.log
    assert len(alone.data.hand[0]) == 1 and alone.log[-2].startswith("P1 draws ")


@pytest.mark.rule("MZL-ERRATA-TIE-3", "MZL-KW-DUEL-1")
def test_a_duel_against_the_strongest_rival_keeps_its_fighter_through_a_tie():
    """Two Earth Pups tie for the most Influence: P1 (the active player) picks one, and the Fire
    Brute Duels it."""
    st = position(player(aura=["Fire Aura"] * 2, hand=["Z Duel Strongest"]), player(),
                  [{"terra": "Fire Starter", "p1": ["Fire Brute"], "p2": ["Earth Pup", "Earth Pup"]}])
    play(st, "Z Duel Strongest")
    assert st.decision.prompt == "Z Duel Strongest: several units are tied; choose the one that gets the effect"
    second = st.legal_actions()[1].id
    st.apply(second)
    assert "P1 breaks the tie for Z Duel Strongest: Earth Pup (P2, lane 1)" in st.log
    assert "Z Duel Strongest (P1): Fire Brute (4) Duels Earth Pup (P2, lane 1) (2)" in st.log
    assert int(second[len("target:c"):]) not in st.data.lane_of          # defeated by the Brute's 4


@pytest.mark.rule("MZL-KW-DUEL-4", "MZL-ERRATA-REPLEFF-2")
def test_a_duels_second_damage_stays_simultaneous_after_part_of_it_is_prevented():
    """PR-MZL-9: a Fire Brute (2 damage already) Duels an Earth Brute; Ward Charm prevents 2 of the
    4 dealt back to the Fire Brute. The rest is still the Duel's second half: no removal check
    comes between, so both Brutes fall at once and P1 orders their removals."""
    st = position(player(aura=["Fire Aura"] * 3, hand=["Z Duel"]), player(),
                  [{"terra": "Fire Starter", "p1": [{"name": "Fire Brute", "damage": 2}, "Ward Charm"],
                    "p2": ["Earth Brute"]}])
    play(st, "Z Duel")
    st.apply(st.legal_actions()[0].id)                    # the Earth Brute, the only rival creature
    assert "Ward Charm (P1): 2 damage to Fire Brute is prevented" in st.log
    assert st.decision.kind == "order"
    assert sorted(a.label for a in st.legal_actions()) == [
        "Earth Brute (P2, lane 1, 4 damage) is removed next", "Fire Brute (P1, lane 1, 4 damage) is removed next"]
    assert not any("defeated by damage" in line for line in st.log)


@pytest.mark.rule("MZL-ERRATA-INFL-2")
def test_six_or_more_influence_takes_a_creature_of_exactly_six():
    """Bring Down the Giant Shatters a rival creature with 6 or more Influence: Bigfoot (6) and
    the Wendigo (7) may be chosen, the Moss Golem (5) may not."""
    st = position(player("Zephyrine Hale", aura=["Air Aura"] * 4, hand=["Bring Down the Giant"]), player(),
                  [{"terra": "Fire Starter", "p2": ["Bigfoot"]}, {"p2": ["Moss Golem"]}, {"p2": ["Wendigo"]}])
    play(st, "Bring Down the Giant")
    assert st.decision.kind == "target"
    assert sorted(a.label for a in st.legal_actions()) == ["Choose Bigfoot (P2, lane 1)", "Choose Wendigo (P2, lane 3)"]


def test_an_ability_option_names_its_cost():
    st = position(player(aura=["Fire Aura", {"name": "Fire Aura", "tapped": True}]), player(),
                  [{"terra": "Fire Starter", "p1": ["Fire Pup", "Storm Bottle"]}])
    assert [a.label for a in st.legal_actions() if a.id.startswith("ability:")] == [
        "Use Storm Bottle in lane 1: Untap 1 Aura (tap)"]


@pytest.mark.rule("MZL-KW-ONRES-1", "MZL-MISSION-18")
def test_a_lost_mission_condition_holds_only_for_the_loser():
    """Thunder Oni (6) loses lane 1's mission to Bakekujira (7): the Oni's "if you lost"
    Sacrifices it; Bakekujira's own "if you lost" draw does not happen for the winner."""
    st = position(player(), player(), [{"terra": "Fire Starter", "p1": ["Thunder Oni"], "p2": ["Bakekujira"]}])
    hand = len(st.data.hand[1])
    st.apply("declare:lane1")
    while st.decision.kind != "action":
        st.apply(st.legal_actions()[0].id)
    d = st.data
    assert [d.cards[u].name for u in d.lane_of] == ["Bakekujira"]
    assert "P1's Thunder Oni in lane 1 is Sacrificed and is Dispelled" in st.log
    assert "Bakekujira (P2): its condition is not met" in st.log and len(d.hand[1]) == hand


def test_a_keyword_given_for_the_round_counts_once():
    from metatcg.games.metazoo import stats
    st = position(player(), player(), [{"terra": "Fire Starter", "p1": [{"name": "Fire Pup", "keywords": ["soar"]}]}])
    d = st.data
    (pup,) = [u for u in d.lane_of if d.cards[u].name == "Fire Pup"]
    assert stats.keyword_counts(d, pup, stats.static_sources(d)).get("soar") == 1 == stats.kw_count(d, pup, "soar")


def test_a_trigger_about_card_c0_names_it_when_triggers_are_ordered():
    """P1's Caster (card c0) Duels a Vodyanoy; both of P2's Vodyanoys ("when a rival creature
    here is dealt damage, tap it") trigger on the Caster: each option names it."""
    st = position(player(aura=["Fire Aura"] * 3, hand=["Z Duel"]), player(),
                  [{"terra": "Fire Starter", "p1": ["Plain Fire Caster"], "p2": ["Vodyanoy", "Vodyanoy"]}])
    assert st.data.caster[0] == 0
    play(st, "Z Duel")
    st.apply(st.legal_actions()[0].id)
    assert st.decision.kind == "__order_triggers"
    tail = "When damaged: tap that unit [Plain Fire Caster]"
    assert [a.label.endswith(tail) for a in st.legal_actions()] == [True, True]


@pytest.mark.rule("MZL-ERRATA-INFL-2")
def test_a_static_effect_that_reads_the_influence_it_changes_settles():
    """Z Giants' Pride gives +1 to friendly creatures with 5 or more Influence, a filter on the
    value it changes: the Moss Golem (5) gets it (6), the Fire Brute (4) does not, and working
    it out ends (the engine stops following effects that read each other after a few steps)."""
    from metatcg.games.metazoo import stats
    st = position(player(), player(), [{"terra": "Fire Starter", "p1": ["Z Giants' Pride", "Moss Golem"]},
                                       {"p1": ["Fire Brute"]}])
    d = st.data
    assert {d.cards[u].name: stats.influence(d, u) for u in d.lane_of} == {
        "Z Giants' Pride": 2, "Moss Golem": 6, "Fire Brute": 4}
    assert st.legal_actions()


def test_a_damaged_trigger_acts_in_the_lane_its_unit_was_in_after_it_fell():
    """Z Echo Wound (lane 3): "when a friendly creature is dealt damage, deal 1 damage to each rival
    creature in its lane". Z Rival Blast defeats P2's Fire Pup in lane 1; the trigger resolves
    after the Pup is gone and still hits the Fire Brute in lane 1, where the Pup was."""
    st = position(player(aura=["Fire Aura"] * 2, hand=["Z Rival Blast"]), player(),
                  [{"terra": "Fire Starter", "p1": ["Fire Brute"], "p2": ["Fire Pup"]}, {}, {"p2": ["Z Echo Wound"]}])
    play(st, "Z Rival Blast")
    st.apply(next(a.id for a in st.legal_actions() if "Fire Pup" in a.label))
    assert "P2's Fire Pup in lane 1 is defeated by damage and is Dispelled" in st.log
    assert "Fire Brute (P1) is dealt 1 damage by Z Echo Wound (1 in total)" in st.log


@pytest.mark.parametrize("aura,why", [([], "Salamander Duelist's ability cannot be paid for or would do nothing now"),
                                      (["Fire Aura"], "")])
def test_why_p2s_ability_with_an_aura_cost_cannot_be_used(aura, why):
    """P2 acts first this round; their Salamander Duelist's ability costs a Fire Aura: why-not
    reads P2's own Aura."""
    st = position(player(), player(aura=aura), [{"terra": "Fire Starter", "p1": ["Earth Brute"],
                                                 "p2": ["Salamander Duelist"]}], priority=1)
    assert st.current_player() == 1
    assert st.rules.why_not(st, 1, "Salamander Duelist") == why
    assert any(a.id.startswith("ability:") for a in st.legal_actions()) == (why == "")


@pytest.mark.rule("MZL-ERRATA-INFL-3")
def test_the_lane_totals_count_a_during_mission_contribution():
    """Hollow Treant (P2) makes rival creatures in its lane contribute 1 less: the bot's one-pass
    lane totals read the lane's During Mission sources, as the plain side totals do."""
    from metatcg.games.metazoo import stats
    from test_metazoo_lookahead import check
    st = position(player(), player(), [{"terra": "Fire Starter", "p1": ["Fire Brute"], "p2": ["Hollow Treant"]}])
    d = st.data
    srcs = stats.static_sources(d)
    assert tuple(stats.lane_totals(d, 0, srcs, stats.influences(d, srcs))) == (3, 6)
    check(st, "Hollow Treant in lane 1")


def test_the_op_after_an_up_to_choice_still_happens():
    """Eye of the Storm: untap up to two friendly creatures, then draw a card. Both are picked;
    after their untaps the card is drawn."""
    st = position(player("Zephyrine Hale", aura=["Air Aura"] * 2, hand=["Eye of the Storm"]), player(),
                  [{"terra": "Fire Starter", "p1": [{"name": "Fire Brute", "tapped": True},
                                                    {"name": "Moss Golem", "tapped": True}]}])
    play(st, "Eye of the Storm")
    st.apply(st.legal_actions()[0].id)
    st.apply(st.legal_actions()[0].id)
    assert st.decision.kind == "action" and not st.data.tapped & set(st.data.lane_of)
    assert st.log[-2].startswith("P1 draws ")


@pytest.mark.rule("MZL-ERRATA-SCOPE-2")
@pytest.mark.parametrize("where", ["zone", "lane"])
def test_a_casters_on_mission_ability_triggers_once_from_the_zone_or_a_lane(where):
    """Z Herald Caster (card c0): "On Mission Declaration (any lane): draw a card", usable from
    the Caster zone. It draws once when P1 declares lane 1, in its zone or in a lane."""
    lanes = [{"terra": "Fire Starter", "p1": ["Fire Brute"] + (["Z Herald Caster"] if where == "lane" else [])}]
    st = position(player("Z Herald Caster", aura=["Fire Aura"]), player(), lanes)
    assert st.data.caster[0] == 0 and (0 in st.data.lane_of) == (where == "lane")
    n = len(st.log)
    st.apply("declare:lane1")
    while st.decision.kind != "action":
        st.apply(st.legal_actions()[0].id)
    assert sum(line.startswith("P1 draws ") for line in st.log[n:]) == 1


@pytest.mark.rule("PR-MZL-17")
def test_an_op_on_the_lane_its_card_is_in_asks_for_no_lane():
    """Z Lane Closer (lane 1, index 0): "this lane counts as resolved". Lane 1 is the lane it is
    in, so no lane is asked for."""
    st = position(player(), player(), [{"terra": "Fire Starter", "p1": ["Z Lane Closer"]}])
    st.apply(next(a.id for a in st.legal_actions() if a.id.startswith("ability:")))
    assert st.decision.kind == "action" and st.data.resolved == [True, False, False, False]
    assert "Z Lane Closer (P1): lane 1 is treated as resolved" in st.log


@pytest.mark.rule("PR-MZL-17")
def test_an_op_naming_its_own_card_asks_for_no_lane():
    """Z Proud Caster's Power names the Caster itself ("this lane", choose self): used from the
    Caster zone no lane is asked for (there is no unit to choose in any lane)."""
    st = position(player("Z Proud Caster", aura=["Fire Aura"]), player(),
                  [{"terra": "Fire Starter", "p1": ["Fire Brute"]}])
    st.apply(next(a.id for a in st.legal_actions() if a.id.startswith("ability:")))
    assert st.decision.kind == "action"
    assert st.log[-1] == "Z Proud Caster (P1): no legal target"


@pytest.mark.rule("MZL-ERRATA-DISCOUNT-3")
@pytest.mark.parametrize("card,confined", [("Tailwind", False), ("Bring Down the Giant", True)])
def test_a_lane_discount_offers_confining_only_a_strategy_it_can_confine(card, confined):
    """Thermal Vent Ridge (lane 1) makes a Strategy confined to its lane cost 1 less. Bring Down the
    Giant can be confined to lane 1's creatures; Tailwind, which Moves creatures between lanes,
    cannot: it is offered only whole."""
    st = position(player("Zephyrine Hale", aura=["Air Aura"] * 4, hand=[card]), player(),
                  [{"terra": "Thermal Vent Ridge", "p1": ["Fire Brute"], "p2": ["Bigfoot"]}, {"p1": ["Moss Golem"]}])
    plays = [a.id for a in st.legal_actions() if a.id.startswith("play:c1")]
    assert plays == (["play:c1", "play:c1@lane1"] if confined else ["play:c1"])
