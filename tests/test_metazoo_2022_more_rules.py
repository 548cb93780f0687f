"""MetaZoo 2022 rules the area files leave out: Special Aura has no Aura Type, Aura-making
Artifacts follow their own timing, Potions are not Spells, costs and types change apart, and
the Archive's size is public while it waits for the second game of a match."""
from __future__ import annotations

import pytest

import metatcg
from metatcg.engine.decks import Deck
from metatcg.games.metazoo_2022 import lp as mzlp
from metatcg.games.metazoo_2022.deckcheck import swap_archive
from metatcg.games.metazoo_2022.stats import cost_of, types_of
from support import ids

BASE = metatcg.load_game("metazoo-2022")
PAGES = '''
[[page]]
name = "Hearth Brazier"
type = "artifact"
cost = [{ aura = "flame", n = 1 }]
lp = 40
produces = ["flame"]
any_time = true
text = "Any time: Fatigue to make 1 Flame Aura."

[[page]]
name = "Quick Singe"
type = "spell"
cost = [{ aura = "flame", n = 1 }]
any_time = true
text = "Any time: 10 Damage to a Beastie."
[[page.effect]]
when = "cast"
targets = [{ kind = "beastie" }]
do = [{ op = "damage", amount = 10, to = "t0" }]

[[page]]
name = "Toll Stone"
type = "artifact"
cost = [{ aura = "neutral", n = 1 }]
lp = 30
text = "Opposing Beasties cost 1 more Flame."
[[page.effect]]
when = "arena"
static = [{ op = "cost_change", side = "opposing", of = "beastie", aura = "flame", amount = 1 }]

[[page]]
name = "Tide Dye"
type = "potion"
text = "Target Beastie becomes Water."
[[page.effect]]
when = "cast"
targets = [{ kind = "beastie" }]
do = [{ op = "change_types", to = "t0", types = ["water"] }]
'''
PAGES += '''
[[page]]
name = "Tide Caller"
type = "beastie"
cost = [{ aura = "neutral", n = 1 }]
lp = 40
strong_against = ["flame"]
attack = [{ name = "Splash", damage = 10 }]
[[page.effect]]
when = "any_time"
targets = [{ kind = "beastie", side = "opposing" }]
do = [{ op = "damage", amount = 20, to = "t0" }]
text = "Any time: 20 Damage to target opposing Beastie."

[[page]]
name = "Scatter Dust"
type = "potion"
any_time = true
text = "Any time: return target Beastie to its owner's Chapter."
[[page.effect]]
when = "cast"
targets = [{ kind = "beastie" }]
do = [{ op = "return_to_chapter", to = "t0" }]
'''
GAME = BASE.with_cards(BASE.parse_cards(PAGES, "more-rules"))


def pos(*casters, **top):
    return GAME.position({"turn": 3, "caster": list(casters), **top})




def label_ids(st, text: str) -> list[str]:
    return [a.id for a in st.legal_actions() if text in a.label]


def page(st, name: str) -> int:
    return next(c for c in st.data.arena if st.data.name(c) == name)


@pytest.mark.rule("MZ22-AURA-5", "MZ22-AURA-6", "MZ22-TYPEADV-8")
def test_special_aura_belongs_to_no_other_type_and_has_no_type_advantage():
    st = pos({"arena": ["Twilight Prism", "Glimmer Owl"]}, {"arena": ["Shade Hound"]})
    d = st.data
    prism = page(st, "Twilight Prism")
    assert types_of(d, prism) == {"special"}            # neither Light nor Dark, though it makes both
    assert d.defs[prism].made == {"light", "dark"}
    owl, hound = page(st, "Glimmer Owl"), page(st, "Shade Hound")
    assert mzlp.type_advantage(d, ("dark",), types_of(d, owl), hound)   # Light is strong against Dark
    # nothing is strong against "special", and "special" is strong against nothing
    assert not mzlp.type_advantage(d, (), types_of(d, owl), prism)
    assert not mzlp.type_advantage(d, (), types_of(d, prism), hound)


@pytest.mark.rule("MZ22-GEN-10", "MZ22-GEN-7")
@pytest.mark.parametrize("brazier,offered", [("Ember Brazier", False), ("Hearth Brazier", True)])
def test_an_aura_making_artifact_pays_on_another_turn_only_if_any_time(brazier, offered):
    """P2 holds the any-time Quick Singe (1 Flame) and controls only an Aura-making Artifact.
    On P1's turn, after P1's Action, P2 may pay with it only if the Artifact says "any time"."""
    st = pos({"chapter": ["Flame Aura"], "arena": ["Ember Hare"]},
             {"chapter": ["Quick Singe"], "arena": [brazier]})
    st.apply(label_ids(st, "Flame Aura")[0])              # P1's Action: P2 gets priority
    if offered:
        assert st.current_player() == 1 and label_ids(st, "Quick Singe")
    else:
        assert st.current_player() == 0                   # P2 had nothing to use: skipped


@pytest.mark.rule("MZ22-PAGE-15", "MZ22-PAGE-8")
def test_a_potion_is_not_a_spell_for_an_effect_that_targets_spells():
    """Silence Sigil stops a Spell: with a Potion on the chain it is not offered; with a Spell it is."""
    sigil = {"chapter": ["Silence Sigil"], "arena": ["Light Aura", "Light Aura"]}
    st = pos({"chapter": ["Mending Dew"], "arena": [{"name": "Ember Hare", "damage": 10}]}, sigil)
    n = len(st.log)
    st.apply(label_ids(st, "Mending Dew")[0])             # P2 is skipped: nothing it holds answers a Potion
    assert "Mending Dew goes on the chain targeting Ember Hare (P1)" in st.log[n:]
    assert "Resolving Mending Dew" in st.log[n:] and not any("P2 passes" in x for x in st.log[n:])
    st = pos({"chapter": ["Spark Snap"], "arena": ["Lightning Aura"]},
             {**sigil, "arena": sigil["arena"] + ["Glimmer Owl"]})
    st.apply(label_ids(st, "Spark Snap")[0])
    while st.current_player() == 0:
        st.apply(ids(st)[0])
    assert st.current_player() == 1 and label_ids(st, "Silence Sigil")


@pytest.mark.rule("MZ22-ATYPE-7", "MZ22-ATYPE-9")
def test_cost_changes_and_type_changes_do_not_touch_each_other():
    st = pos({"chapter": ["Tide Dye"], "arena": ["Toll Stone"]},
             {"chapter": ["Bonfire Imp"], "arena": ["Glimmer Owl"]})
    d = st.data
    imp = next(c for c in d.chapter[1] if d.name(c) == "Bonfire Imp")
    # an added Aura Cost leaves the Base Aura Type as it was (ATYPE-9)
    assert dict(cost_of(d, imp, 1)) == {**dict(d.defs[imp].cost_due), "flame": dict(d.defs[imp].cost_due)["flame"] + 1}
    assert d.defs[imp].base_types == {"flame"}
    # a type change is no change to the Aura Cost (only an Effect naming the cost does that, ATYPE-7)
    owl = page(st, "Glimmer Owl")
    before = d.defs[owl].cost_due
    st.apply(label_ids(st, "Tide Dye")[0])
    while st.data.chain or st.decision.kind in ("target", "pay"):
        st.apply(next(i for i in ids(st) if "Glimmer Owl" in next(a.label for a in st.legal_actions() if a.id == i))
                 if st.decision.kind == "target" else ids(st)[0])
    assert types_of(d, owl) == {"water"} and d.defs[owl].cost_due == before


@pytest.mark.rule("MZ22-ARCH-3", "MZ22-ARCH-7")
def test_the_archive_size_is_public_and_its_pages_are_not():
    book = [n for n in BASE.starter_deck("tides").cards if not n.startswith("[archive]")]
    arch = [n for n in BASE.starter_deck("tides").cards if n.startswith("[archive]")]
    assert arch, "the tides starter has an Archive"
    st = BASE.new_state(["tides", "embers"], seed=3)
    for p in (0, 1):
        v = st.view(p)
        assert v["casters"][0]["archive_count"] == len(arch) and v["casters"][1]["archive_count"] == 0
        shown = repr(v)
        for entry in arch:                                 # no Archive Page is named in a view
            name = entry.split("] ", 1)[1]
            if name not in book:
                assert name not in shown


@pytest.mark.rule("MZ22-ARCH-4")
def test_the_archive_is_used_only_after_the_first_game():
    deck = Deck("d", ("A", "B", "[archive] C"))
    with pytest.raises(ValueError, match="only after the first game"):
        swap_archive(deck, ["A"], ["C"], games_played=0)
    assert swap_archive(deck, [], [], games_played=0) == Deck("d", ("A", "B", "[archive] C"))
    assert swap_archive(deck, ["A"], ["C"], games_played=1).cards == ("B", "C", "[archive] A")


@pytest.mark.rule("MZ22-KW-8", "MZ22-TYPEADV-9")
def test_an_effect_whose_source_left_uses_the_types_it_had():
    """Tide Caller prints a Neutral cost but is Water now; its any-time Effect (20 Damage) is on
    the chain when P2 returns it to P1's Chapter. The Effect still resolves, as from a Water Page:
    Type Advantage against the Flame Bonfire Imp makes it 40 (PR-MZ22-7, PR-MZ22-24)."""
    st = pos({"arena": [{"name": "Tide Caller", "types": ["water"]}]},
             {"chapter": ["Scatter Dust"], "arena": ["Bonfire Imp"]})
    st.apply(label_ids(st, "Use Tide Caller")[0])
    assert st.current_player() == 1
    st.apply(label_ids(st, "Scatter Dust")[0])
    while st.data.chain:
        st.apply(next(a.id for a in st.legal_actions() if a.id == "pass" or "Tide Caller" in a.label))
    assert "Tide Caller returns to P1's Chapter" in st.log
    assert "Bonfire Imp takes 40 Damage from Tide Caller (20 +20 Type Advantage = 40) (10/50 LP)" in st.log
