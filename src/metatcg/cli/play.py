"""``metatcg play``: a person plays in the terminal; bots (or other people) fill the other seats.

Only ``state.view(player)`` of the deciding person is ever shown. Input comes from
``input()`` so a game can be driven by piping stdin; end of input ends the game and
the record is still saved.
"""
from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from pathlib import Path

from rich.markup import escape
from rich.rule import Rule
from rich.text import Text

from metatcg.bots import make_bot
from metatcg.engine.game import Game
from metatcg.engine.state import GameState

from .common import console, fail, load_deck, player_name, result_text, write_json_file
from .render import (HELP_TEXT, card_details, compact_log, find_cards, log_line, render_actions, render_view,
                     ui_for)

OPPONENTS = ("greedy", "random", "human")
QUIT_WORDS = {"quit", "q", "exit", "resign"}


class EndOfInput(Exception):
    """stdin closed (EOF) or the person typed quit."""


@dataclass
class Session:
    game: Game
    state: GameState
    humans: list[int]
    roles: dict[int, str]
    seen: dict[int, int] = field(default_factory=dict)   # per human: log lines already shown
    last_human: int | None = None

    def new_log(self, player: int) -> list[str]:
        log = self.state.log_for(player)
        start = self.seen.get(player, 0)
        self.seen[player] = len(log)
        return log[start:]


def read_line(prompt: str) -> str:
    """One line of input; EOF (or Ctrl-D) raises EndOfInput."""
    try:
        return console.input(prompt)
    except EOFError:
        raise EndOfInput from None


def choose_seed(seed: int | None) -> int:
    return seed if seed is not None else secrets.randbelow(1_000_000)


def table_size(game: Game, seats: int | None) -> int:
    """``--seats``, checked against the game; by default two where the game allows it."""
    if seats is None:
        return 2 if 2 in game.seat_counts else min(game.seat_counts)
    if seats not in game.seat_counts:
        fail(f"{game.id} is played by {game.seats_text()} players, not {seats}")
    return seats


def seat_decks(game: Game, seats: int, you: int, deck: str | None, others: str | None) -> list[str]:
    """One deck spec per seat: yours at ``you``; every other seat gets ``others`` or the next
    starter deck in turn."""
    starters = game.starter_deck_names()
    if (deck is None or others is None) and not starters:
        fail(f"{game.id} has no starter decks; give --deck and --opponent-deck")
    mine = deck or starters[0]
    specs, k = [], 0
    for p in range(seats):
        if p == you:
            specs.append(mine)
        else:
            k += 1
            specs.append(others or starters[k % len(starters)])
    return specs


def run_play(game_id: str, game: Game, deck: str | None, opponent_deck: str | None, vs: str,
             seed: int | None, seat: int, save: Path | None, seats: int | None = None) -> None:
    if vs not in OPPONENTS:
        fail(f"unknown opponent {vs!r}; choose one of: {', '.join(OPPONENTS)}")
    n = table_size(game, seats)
    if not 0 <= seat < n:
        fail(f"--seat must be a seat of the table, 0-{n - 1}, not {seat}")
    decks = [load_deck(game, spec) for spec in seat_decks(game, n, seat, deck, opponent_deck)]
    seed = choose_seed(seed)
    state = game.new_state(decks, seed=seed)
    if vs == "human":                   # hot seat: everyone at one screen
        humans, roles = list(range(n)), {p: "human" for p in range(n)}
        bots = {}
    else:
        humans = [seat]
        others = [p for p in range(n) if p != seat]
        roles = {p: f"{vs} bot" for p in others}
        bots = {p: make_bot(vs, seed * 7919 + p) for p in others}
    handles = {p: state.handle(p) for p in bots}
    session = Session(game, state, humans, roles)
    path = save if save is not None else Path(f"metatcg-{game.id}-{seed}.record.json")
    if not path.parent.is_dir():        # fail now, not after a whole game
        fail(f"cannot save the record to {path}: no such directory {path.parent}")

    console.print(Rule(f"{escape(game.title or game.id)} · seed {seed}", style="bold cyan"))
    for p, d in enumerate(decks):
        who = "you" if p == seat and vs != "human" else roles.get(p, "human")
        blurb = ui_for(game).deck_blurb(game, d)
        console.print(f"{player_name(p)} ({escape(who)}): deck [bold]{escape(d.name)}[/]"
                      + (f" · {escape(blurb)}" if blurb else ""))
    console.print(f"[dim]{HELP_TEXT}[/]")

    quit_reason = ""
    try:
        while not state.is_terminal():
            p = state.current_player()
            if p in bots:
                state.apply(bots[p].choose(handles[p]).id)
                continue
            human_turn(session, p, vs == "human")
    except EndOfInput as e:
        quit_reason = str(e) or "end of input"
    except KeyboardInterrupt:
        quit_reason = "interrupted"
    except Exception:
        # an engine bug: keep the record so the game can be replayed and reported
        try:
            write_json_file(path, state.record())
            console.print(f"[yellow]The game record was saved to {escape(str(path))}[/]")
        except OSError:
            pass
        raise
    finish(session, path, quit_reason)


def pass_screen(session: Session, p: int) -> None:
    """Hot-seat: between seats, ask the next person to take over before showing their hand."""
    console.print()
    console.print(Rule(f"Pass the screen to {player_name(p)}", style="bold magenta"))
    read_line(f"{player_name(p)}, press Enter when ready (the other player should look away) ")
    if console.is_terminal:
        console.clear()


def human_turn(session: Session, p: int, hot_seat: bool) -> None:
    """Show ``p``'s view and take one action from them."""
    state = session.state
    if hot_seat and session.last_human is not None and session.last_human != p:
        pass_screen(session, p)
    session.last_human = p
    view = state.view(p)
    console.print()
    console.print(render_view(session.game, view, session.new_log(p), session.roles))
    console.print(render_actions(view))
    actions = view["legal_actions"]
    while True:
        raw = read_line(f"{player_name(p)}> ").strip()
        if not raw:
            continue
        cmd = raw.lower()
        if cmd.isdigit():
            n = int(cmd)
            if 1 <= n <= len(actions):
                label = actions[n - 1]["label"]
                state.apply(actions[n - 1]["id"])
                console.print(Text(f"→ {label}", style="green"))
                return
            console.print(f"[red]no option {n}: choose 1-{len(actions)}[/]")
        elif cmd in QUIT_WORDS:
            raise EndOfInput(f"{player_name(p)} quit")
        elif cmd in ("help", "h", "?"):
            console.print(HELP_TEXT)
        elif cmd in ("log", "l"):
            console.print(Rule("full log", style="dim"))
            for line in compact_log(state.log_for(p)):
                console.print(log_line(line))
        elif cmd in ("board", "b", "view", "v"):
            view = state.view(p)
            console.print(render_view(session.game, view, None, session.roles))
            console.print(render_actions(view))
        elif cmd in ("hand",):
            hand = ui_for(session.game).hand(view)
            if not hand:
                console.print("[dim]your hand is empty[/]")
            for c in hand:
                console.print(card_details(session.game, c["name"]))
        elif cmd in ("actions", "a", "options"):
            console.print(render_actions(view))
        elif cmd.startswith("?"):
            show_option_cards(session, view, raw[1:].strip())
        elif cmd.startswith("card ") or cmd == "card":
            show_card(session, raw[4:].strip())
        else:
            console.print(f"[red]not understood: {escape(raw)!s}[/] — type a number 1-{len(actions)} or 'help'")


def show_option_cards(session: Session, view: dict, arg: str) -> None:
    actions = view["legal_actions"]
    if not arg.isdigit() or not 1 <= int(arg) <= len(actions):
        console.print(f"[red]?N needs an option number 1-{len(actions)}[/]")
        return
    label = actions[int(arg) - 1]["label"]
    names = ui_for(session.game).option_cards(session.game, view, label)
    if not names:
        console.print(f"[dim]option {arg} ({escape(label)}) names no card[/]")
    for n in names:
        console.print(card_details(session.game, n))


def show_card(session: Session, query: str) -> None:
    if not query:
        console.print("[red]usage: card NAME (a prefix is enough)[/]")
        return
    matches, suggestions = find_cards(session.game, query)
    if not matches:
        hint = f"; did you mean {', '.join(escape(s) for s in suggestions)}?" if suggestions else ""
        console.print(f"[red]no card matches {escape(query)!r}{hint}[/]")
        return
    for n in matches[:6]:
        console.print(card_details(session.game, n))
    if len(matches) > 6:
        console.print(f"[dim]… and {len(matches) - 6} more: {escape(', '.join(matches[6:]))}[/]")


def finish(session: Session, path: Path, quit_reason: str) -> None:
    state = session.state
    console.print()
    for p in session.humans:
        rest = session.new_log(p)
        if rest:
            if len(session.humans) > 1:
                console.print(Rule(f"{player_name(p)}'s log", style="dim"))
            for line in compact_log(rest):
                console.print(log_line(line))
    if state.is_terminal():
        you = session.humans[0] if len(session.humans) == 1 else None
        console.print(Rule("Game over", style="bold cyan"))
        console.print(Text(result_text(state.returns(), state.reason, you), style="bold"))
    else:
        console.print(Rule("Game stopped", style="bold yellow"))
        where = ui_for(session.game).progress(state.view(session.humans[0]))
        console.print(f"Stopped at {escape(where)} ({escape(quit_reason)}); no result.")
    write_json_file(path, state.record())
    console.print(f"Game record saved to [bold]{escape(str(path))}[/] "
                  f"(replay: metatcg replay {escape(str(path))})")
