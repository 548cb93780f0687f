"""What a person sees at 80×24: over seeded greedy games, seat 0's decision screens as ``play``
draws them, and the share that name every opponent card in play whole, show the whole hand,
and page the catch-up first (and how many of those pages held three new lines or fewer, which
should be none).

    python benchmarks/bench_terminal_screens.py            # every game, 4 games per table
    python benchmarks/bench_terminal_screens.py --games 2 --width 80 --height 24
"""
from __future__ import annotations

import argparse
import io

from rich.console import Console

import metatcg
from metatcg.bots import make_bot
from metatcg.cli.screen import DecisionScreen

TABLES = [("metax", 2), ("metabaloids", 3), ("metabaloids", 4), ("metazoo", 2), ("metazoo-2022", 2),
          ("metazoo-2022", 4)]


def in_play(gid: str, view: dict) -> list[tuple[int, str]]:
    """(controller, name) of the cards in play a player sees by name (MetaZoo 2022's Aura and
    face-down Pages are counted, not named)."""
    out: list[tuple[int, str]] = []
    if gid == "metabaloids":
        for q, p in enumerate(view["players"]):
            out += [(q, c["name"]) for col in p["columns"] for c in col]
    elif gid == "metax":
        for q, p in enumerate(view["players"]):
            out += [(q, c["name"]) for c in p.get("characters") or []]
    elif gid == "metazoo":
        for lane in view["lanes"]:
            for s in lane.get("sides") or []:
                out += [(s["player"], u["name"].split(",")[0]) for u in s.get("units") or []]
    elif gid == "metazoo-2022":
        out += [(p.get("controller"), p["name"]) for p in view.get("arena") or []
                if p.get("name") and not p.get("face_down") and p.get("type") != "aura"]
    return out


def hand(gid: str, view: dict) -> list[str]:
    me = view["you"]
    if gid == "metazoo-2022":
        return [c["name"] for c in view["casters"][me].get("chapter") or []]
    return [c["name"] for c in view["players"][me].get("hand") or []]


def measure(gid: str, seats: int, games: int, width: int, height: int, decisions: int = 60) -> str:
    game = metatcg.load_game(gid)
    screens = named = whole_hand = pagers = small_pagers = 0
    for seed in range(games):
        decks = [game.starter_deck(n) for n in (game.starter_deck_names() * 4)[:seats]]
        st = game.new_state(decks, seed=seed)
        bots = {p: make_bot("greedy", seed * 10 + p) for p in range(seats)}
        seen = n = 0
        while not st.is_terminal() and n < decisions:
            p = st.current_player()
            if p == 0:
                n += 1
                log = st.log_for(0)
                new, seen = log[seen:], len(log)
                con = Console(width=width, height=height, record=True, color_system=None, file=io.StringIO())
                view = st.view(0)
                screen = DecisionScreen(con, game, view, {q: "greedy bot" for q in range(1, seats)}, new)
                if not screen.fits_log():
                    pagers += 1
                    small_pagers += len(new) <= 3
                con.print(screen.render())
                text = " ".join(con.export_text().split())
                screens += 1
                named += all(nm in text for q, nm in in_play(gid, view) if q != 0)
                whole_hand += all(nm in text for nm in hand(gid, view))
            st.apply(bots[p].choose(st.handle(p)).id)
    return (f"{gid:<13}{seats} seats {screens:>5} screens  opponents' cards named {named / screens:>4.0%}  "
            f"hand whole {whole_hand / screens:>4.0%}  catch-up paged {pagers / screens:>4.0%} "
            f"(≤3 lines: {small_pagers})")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--width", type=int, default=80)
    ap.add_argument("--height", type=int, default=24)
    args = ap.parse_args()
    for gid, seats in TABLES:
        print(measure(gid, seats, args.games, args.width, args.height))


if __name__ == "__main__":
    main()
