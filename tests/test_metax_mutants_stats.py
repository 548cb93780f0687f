"""MetaX survivors of the issue 31 mutation run, which for the first time sampled stats.py (Ranks,
keywords, KO conditions): a "self" Stat aura reaches only its own Character, a saved state with a
card in two places is refused, a state whose seats' cards are interleaved still matches its decks,
a forced choice is told to the opponent alone even when the state's options predate
``auto_single``, and a card without text has no trailing dash in its summary."""
from __future__ import annotations

import dataclasses

import pytest

import metatcg
from metatcg.games.metax import stats
from metatcg.games.metax.data import MetaXData
from metatcg.games.metax.schema import Target
from metatcg.games.metax.zones import say_choice


@pytest.fixture(scope="module")
def game():
    return metatcg.load_game("metax")


def _dealt(game):
    names = game.starter_deck_names()
    return game.new_state([names[0], names[1]], seed=3)


def test_a_self_aura_applies_to_its_own_character_only(game):
    d: MetaXData = _dealt(game).data
    me, other, foe = 0, 1, next(i for i, o in enumerate(d.owner) if o == 1)
    mine = Target(who="self")
    assert stats.aura_applies(d, me, mine, me)
    assert not stats.aura_applies(d, me, mine, other)
    assert not stats.aura_applies(d, me, mine, foe)


def test_a_card_in_two_places_is_not_conserved(game):
    d: MetaXData = _dealt(game).data
    assert d.conserved()
    card = d.deck[0][0]
    d.hand[0].append(card)            # now in the deck and in the hand
    assert not d.conserved()
    obj = _dealt(game).to_json()
    data = obj["data"]
    data["hand"][0].append(data["deck"][0][0])
    with pytest.raises(metatcg.engine.errors.StateDataError):
        game.state_from_json(obj)


def test_interleaved_seats_still_match_their_decks(game):
    d: MetaXData = _dealt(game).data
    cards, owner = list(d.cards), list(d.owner)
    k = owner.count(0)
    order = [i for pair in zip(range(k), range(k, len(cards))) for i in pair] + list(range(2 * k, len(cards)))
    order += [i for i in range(len(cards)) if i not in order]
    mixed = MetaXData(tuple(cards[i] for i in order), tuple(owner[i] for i in order))
    decks = tuple(tuple(c.name for c, o in zip(cards, owner) if o == p) for p in (0, 1))
    assert mixed.matches_decks(decks)
    assert not mixed.matches_decks((decks[1], decks[0])) or decks[0] == decks[1]


def test_a_forced_choice_is_told_to_the_opponent_only_without_the_option_saved(game):
    st = _dealt(game)
    st.options.pop("auto_single")     # a state whose options were saved before the option existed
    start = len(st.log)
    say_choice(st, 0, "P1 ends the Planning Step", forced=True)
    assert st.log[start:] == ["P1 ends the Planning Step"]
    assert "P1 ends the Planning Step" not in st.log_for(0)[-3:]
    assert st.log_for(1)[-1] == "P1 ends the Planning Step"


def test_a_card_without_text_has_no_trailing_dash_in_its_summary(game):
    worded = next(c for c in game.pool.by_name.values() if c.text)
    blank = dataclasses.replace(worded, text="")
    assert worded.summary() == blank.summary() + " — " + worded.text
    assert blank.summary().startswith(blank.name + " — ") and not blank.summary().endswith("—")


def test_a_forced_choice_is_told_to_everyone_when_forced_moves_are_off(game):
    """With ``auto_single`` off the decider took the choice themselves: everyone reads it."""
    st = game.new_state([game.starter_deck_names()[0], game.starter_deck_names()[1]], seed=3,
                        options={"auto_single": False})
    start = len(st.log)
    say_choice(st, 0, "P1 ends the Planning Step", forced=True)
    assert st.log[start:] == ["P1 ends the Planning Step"]
    assert st.log_for(0)[-1] == "P1 ends the Planning Step" and st.log_for(1)[-1] == "P1 ends the Planning Step"


def test_a_battle_cards_self_target_is_the_character_using_it_even_as_card_0():
    """A Battle Card's effect aimed at "self" means the Character using the card (the attack's
    lead or the defender), whatever its card id: here the first card of the game."""
    from support import metax as mx
    from metatcg.games.metax.ops import target_candidates
    from metatcg.games.metax.records import EffectUse
    game = metatcg.load_game("metax")
    p1 = {"deck": [], "character": [{"name": "Ember Warden", "entered_turn": 1}]}
    p2 = {"hand": ["Brawl 3"], "character": [{"name": "Ember Warden", "entered_turn": 1}]}
    st = mx.position(game, p1, p2, turn=3, active=0, first=0, step="planning", seed=1, auto=False)
    d = st.data
    assert d.cards[0].name == "Ember Warden" and 0 in d.entered
    brawl = next(c for c in d.hand[1])
    assert target_candidates(st, Target(who="self"), EffectUse(brawl, 0, 0, user=0)) == [0]
    assert target_candidates(st, Target(who="self"), EffectUse(0, 0, 0)) == [0]   # its own effect
