"""Help on every word (issue 30, deliverable 4), the server's half: every card the page can show
has its text and its full type line, /api/meta names each game's phases, and
/api/glossary/<game> gives the Rules panel and the tooltips their words (metatcg.ui.help)."""
from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

from metatcg import load_game
from metatcg.registry import game_entries
from metatcg.server.app import create_app
from metatcg.ui.glossary import RULE_ID
from metatcg.ui.help import HelpTerm, check_help, help_payload
from metatcg.ui.presentation import Presentation

GAMES = [e.id for e in game_entries() if e.module.startswith("metatcg.games.")]   # not a test's toy
FAST = {"http_rate": 1e6, "http_burst": 1e6, "new_game_rate": 1e6, "new_game_burst": 1e6}

# the words a newcomer met unexplained (issue 30): each must lead to a topic
JARGON = {
    "metazoo-2022": ["Chapter", "Your Chapter", "Bookmark", "Spellbook", "Limbo", "Afterlife", "Contract",
                     "Cemetery", "Arena"],
    "metax": ["TKO in 2 · HP 6 left", "TKO in 1 (INT/SPE) · HP 3 left", "Prepped", "Pushed"],
    "metabaloids": ["card losses", "6 points of 4", "Lose Elder Jotun from hand: 6 points of 4",
                    "Lose 4 points of card losses from anywhere (the battle)"],
    "metazoo": ["Infl", "Soar", "Aura enh.", "MP"],
}


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    app = create_app(f"sqlite:///{tmp_path_factory.mktemp('help') / 'g.db'}", **FAST)
    with TestClient(app) as c:
        yield c


def explained(payload: dict, label: str) -> str | None:
    """The topic a board label leads to, as the page finds it: a game's term pattern, else a
    topic's id, alias or title (case and hyphens aside)."""
    for t in payload["terms"]:
        if re.search(t["pattern"], label, re.IGNORECASE):
            return t["topic"]
    key = re.sub(r"[\s_\-]+", " ", label.strip().lower())
    for t in payload["topics"]:
        names = [t["id"], t["title"], *t["aliases"]]
        if key in {re.sub(r"[\s_\-]+", " ", n.lower()) for n in names}:
            return t["id"]
    return None


@pytest.mark.parametrize("game", GAMES)
def test_every_card_has_text_and_a_full_type_line(client, game):
    cards = client.get(f"/api/cards/{game}").json()["cards"]
    pres = load_game(game).presentation
    assert set(cards) == set(pres.card_names())
    for name, info in cards.items():
        assert info["text"].strip(), f"{game}: {name} has no text"
        assert info["kind"].strip() and "…" not in info["kind"], f"{game}: {name} type line {info['kind']!r}"
        assert info["type"].split("_")[0][:4].lower() in info["kind"].lower(), \
            f"{game}: {name}: the type line {info['kind']!r} does not name its type {info['type']!r}"
        for trait in info["traits"]:
            assert trait.lower() in info["kind"].lower() or trait.lower() in info["text"].lower(), \
                f"{game}: {name}: trait {trait} missing from its type line {info['kind']!r}"


def test_basic_cards_say_what_they_do(client):
    """The cards that had no printed text now explain their numbers, in our words."""
    brawl = client.get("/api/cards/metax").json()["cards"]["Brawl 3"]
    assert brawl["kind"] == "Battle Card · Strength"
    assert "Rank 3" in brawl["text"] and "Damage" in brawl["text"]
    aura = client.get("/api/cards/metazoo").json()["cards"]["Fire Aura"]
    assert "Fire" in aura["text"] and "Aura zone" in aura["text"]
    mite = client.get("/api/cards/metabaloids").json()["cards"]["Sugar Mite"]
    assert "Attack 1" in mite["text"] and "Defense 0" in mite["text"]


def test_meta_sends_each_games_phases_and_glossary(client):
    meta = client.get("/api/meta").json()
    assert set(GAMES) <= {g["id"] for g in meta["games"]}
    for g in meta["games"]:
        if g["id"] not in GAMES:
            continue
        pres = load_game(g["id"]).presentation
        assert g["phases"] and g["phases"] == dict(pres.phases)
        assert g["glossary"] == f"/api/glossary/{g['id']}"
        r = client.get(g["glossary"])
        assert r.status_code == 200 and r.headers.get("cache-control") != "no-store"


@pytest.mark.parametrize("game", GAMES)
def test_glossary_endpoint(client, game):
    body = client.get(f"/api/glossary/{game}").json()
    pres = load_game(game).presentation
    assert body == help_payload(pres)
    assert body["how_to_play"].strip() and len(body["topics"]) >= 20
    ids = {t["id"] for t in body["topics"]}
    for t in body["topics"]:
        assert t["text"].strip() and t["summary"].strip()
        assert not RULE_ID.search(t["text"]), f"{game}: topic {t['id']} shows a rule ID"
        assert set(t["see_also"]) <= ids
    for key, ph in body["phases"].items():
        assert ph["name"] == pres.phases[key]
        assert ph["topic"] in ids, f"{game}: phase {key} has no topic"
    for term in body["terms"]:
        re.compile(term["pattern"])
        assert term["topic"] in ids
        assert not RULE_ID.search(term["gloss"])
    assert {j["topic"] for j in body["jargon"]} <= ids and body["jargon"]
    assert check_help(pres) == []


@pytest.mark.parametrize("game", GAMES)
def test_the_newcomers_jargon_is_explained(client, game):
    body = client.get(f"/api/glossary/{game}").json()
    for label in JARGON.get(game, []):
        assert explained(body, label), f"{game}: nothing explains {label!r}"


def test_unknown_game_is_a_404(client):
    r = client.get("/api/glossary/nosuchgame")
    assert r.status_code == 404 and r.json()["code"] == "unknown"


def test_check_help_finds_broken_terms():
    class Broken(Presentation):
        help_terms = (HelpTerm(r"([", "overview"), HelpTerm(r"^x$", "no-such-topic"))
        jargon = ("zzz not a topic",)
        phases = {"odd": "An odd phase"}
    problems = check_help(Broken(load_game("metax")))
    assert len(problems) == 4, problems


@pytest.mark.parametrize("game, label, topic", [
    ("metax", "TKO in 1 (INT/SPE) · HP 3 left", "tko"),
    ("metax", "Pushed", "pushed-prepped"),
    ("metabaloids", "Lose Elder Jotun from hand: 6 points of 4", "card-losses"),
    ("metabaloids", "ATK 5 · DEF 3", "grid"),
    ("metabaloids", "ATK 1 · DEF 0 · META 2 · cost 1", "creature"),
    ("metazoo", "Aura · Fire", "aura-card"),
    ("metazoo", "Aura zone", "aura-zone"),
    ("metazoo-2022", "Aura · Dark", "aura-page"),
    ("metazoo-2022", "Limbo", "limbo"),
    ("metazoo-2022", "Spellbook", "spellbook"),
])
def test_a_label_leads_to_its_own_topic(client, game, label, topic):
    """The first pattern that matches wins, so a general one must not shadow a precise one."""
    assert explained(client.get(f"/api/glossary/{game}").json(), label) == topic


@pytest.mark.parametrize("game", GAMES)
def test_every_phase_the_view_can_name_has_a_name_and_a_topic(client, game):
    """The board's header names the view's phase or step from /api/meta alone (board.js has no
    table of its own), so every value the view schema allows must be there, with a topic."""
    schema = load_game(game).presentation.view_schema()
    values = [v for k in ("phase", "step") for v in schema["properties"].get(k, {}).get("enum", [])]
    assert values
    meta = next(g for g in client.get("/api/meta").json()["games"] if g["id"] == game)
    phases = client.get(f"/api/glossary/{game}").json()["phases"]
    for v in values:
        assert meta["phases"].get(v), f"{game}: the view's {v!r} has no name"
        assert phases[v]["topic"], f"{game}: the view's {v!r} has no topic"
