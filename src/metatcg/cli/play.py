"""``metatcg play``: a person plays in the terminal; bots (or other people) fill the other seats.

Only the deciding person's ``state.view(player)`` and ``log_for(player)`` are ever shown.
Each decision is one screen (``screen.DecisionScreen``); whatever happened since the last
one that does not fit is paged first, so no turn passes unseen. The game is saved to a file
of its own after every decision and on every way out (quit, Ctrl-C, Ctrl-D, the end, an
engine error); ``--resume FILE`` continues it and ``undo`` goes back one decision against
a bot. Input comes from ``input()`` so a game can be driven by piping stdin.
"""
from __future__ import annotations

import secrets
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.markup import escape
from rich.rule import Rule
from rich.text import Text

from metatcg.bots import BOTS, LEVELS, bot_title, make_bot
from metatcg.engine.errors import MetatcgError, StateDataError, UnfingerprintedError
from metatcg.engine.game import Game
from metatcg.engine.handle import PlayerHandle
from metatcg.engine.state import GameState
from metatcg.engine.suggest import did_you_mean
from metatcg.engine.windows import ASK_SEATS, ask_seats_text
from metatcg.ui.log_query import query_log
from metatcg.ui.picks import PickNumbers, parse_picks
from metatcg.ui.prefs import PrefsError, SeatPrefs, auto_answer
from metatcg.ui.presentation import presentation_of

from . import saving
from .seatprefs import answer_by_prefs, numbered, prefs_command, prefs_from_json, prefs_to_json
from .common import console, fail, get_game, load_deck, load_record, player_name, result_text
from .why import show_why
from .render import HELP_TEXT, card_details, compact_log, find_cards, render_actions, ui_for
from .screen import DecisionScreen, page, seat_title, show_then_options

OPPONENTS = (*LEVELS, *BOTS, "human")


def known_opponent(vs: str) -> bool:
    """'human', a level (``easy``, ``normal``, ``hard``) or a bot ``make_bot`` makes (with its
    settings: ``ismcts:iters=400``)."""
    if vs == "human":
        return True
    try:
        make_bot(vs)
    except MetatcgError:
        return False
    return True


def check_opponent(vs: str) -> None:
    """A clear error for an opponent nobody can sit down as: an unknown name gets the closest
    names, a known bot with a bad setting the bot's own message."""
    name = vs.partition(":")[0]
    if name not in OPPONENTS:
        fail(f"unknown opponent {vs!r}; choose one of: {', '.join(OPPONENTS)}, or a bot with settings such as "
             f"ismcts:iters=400{did_you_mean(name, OPPONENTS)}")
    try:
        make_bot(vs)
    except MetatcgError as e:
        fail(f"--vs {vs}: {e}")


QUIT_WORDS = {"quit", "q", "exit"}
CONCEDE_WORDS = {"concede", "resign"}
CLEAR_ALL = "\x1b[H\x1b[2J\x1b[3J"      # home, clear the screen, clear the scrollback


class EndOfInput(Exception):
    """stdin closed (EOF) or the person confirmed quit."""


@dataclass
class Session:
    """One game at the table: who sits where, the state, where it is saved."""

    game: Game
    state: GameState
    you: int
    vs: str
    path: Path
    undos: int = 0
    bots: dict[int, Any] = field(default_factory=dict)
    handles: dict[int, PlayerHandle] = field(default_factory=dict)
    seen: dict[int, int] = field(default_factory=dict)   # per human: log lines already shown
    marks: list[int] = field(default_factory=list)       # history length at each of your decisions
    last_human: int | None = None
    prefs: dict[int, SeatPrefs] = field(default_factory=dict)        # per human seat, saved with the game
    numbers: dict[int, PickNumbers] = field(default_factory=dict)     # option numbers kept through one choice
    auto_notes: dict[int, list[str]] = field(default_factory=dict)    # what preferences answered, to show next

    def __post_init__(self) -> None:
        n = self.state.num_players
        if self.vs != "human":
            self.bots = {p: make_bot(self.vs, self.state.seed * 7919 + p) for p in range(n) if p != self.you}
        self.seat_bots()
        for p in self.humans:
            self.prefs.setdefault(p, SeatPrefs())

    @property
    def hot_seat(self) -> bool:
        return self.vs == "human"

    @property
    def humans(self) -> list[int]:
        return list(range(self.state.num_players)) if self.hot_seat else [self.you]

    @property
    def roles(self) -> dict[int, str]:
        return {p: "human" if self.hot_seat else bot_title(self.vs)
                for p in range(self.state.num_players) if self.hot_seat or p != self.you}

    def seat_bots(self) -> None:
        self.handles = {p: self.state.handle(p) for p in self.bots}

    def new_log(self, player: int) -> list[str]:
        log = self.state.log_for(player)
        start = self.seen.get(player, 0)
        self.seen[player] = len(log)
        return log[start:]

    def record(self) -> dict[str, Any]:
        rec = self.state.record()
        rec["play"] = {"seat": self.you, "vs": self.vs, "undos": self.undos, "prefs": prefs_to_json(self)}
        return rec

    def save(self) -> None:
        saving.save(self.path, self.record())


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


# ------------------------------------------------------------------ starting
def run_play(game_id: str | None, game: Game | None, deck: str | None, opponent_deck: str | None, vs: str,
             seed: int | None, seat: int, save: Path | None, seats: int | None = None,
             resume: Path | None = None, options: dict[str, Any] | None = None,
             fair_windows: bool | None = None) -> None:
    if vs != "human":
        check_opponent(vs)
    session = (resume_game(resume, game_id, save) if resume is not None
               else new_game(game_id, game, deck, opponent_deck, vs, seed, seat, save, seats, options, fair_windows))
    play_session(session)


def fair_options(options: dict[str, Any] | None, humans: list[int], fair: bool | None,
                 hot_seat: bool) -> dict[str, Any] | None:
    """The table options with the human seats asked in every response window (PR-K-10): on when
    asked, and by default when people share the table (``--vs human``), where one would learn
    from another's pauses. Seats named with ``--option ask_seats=...`` stay as given."""
    if not (hot_seat if fair is None else fair) or ASK_SEATS in (options or {}):
        return options
    return {**(options or {}), ASK_SEATS: ask_seats_text(humans)}


def pick_options(game: Game, seats: int, options: dict[str, Any] | None) -> dict[str, Any] | None:
    """Ask for the table options the game offers as a list (``option_choices``) and that were
    not given with ``--option``; Enter keeps the first (the default)."""
    chosen = dict(options or {})
    for name, question, values in presentation_of(game).option_choices(seats):
        if name in chosen or not values:
            continue
        console.print(f"[bold]{escape(question)}[/]")
        for i, (value, text) in enumerate(values, 1):
            shown = value.replace("_", " ").replace("-", " ").capitalize()      # the key, as words
            console.print(f"  {i}. [bold]{escape(shown)}[/] — {escape(text)}")
        while True:
            raw = read_line(escape(f"1-{len(values)} [1]> ")).strip()
            if not raw:
                raw = "1"
            if raw.isdigit() and 1 <= int(raw) <= len(values):
                chosen[name] = values[int(raw) - 1][0]
                break
            console.print(f"[red]choose 1-{len(values)}[/]")
    return chosen or options


def new_game(game_id: str | None, game: Game | None, deck: str | None, opponent_deck: str | None, vs: str,
             seed: int | None, seat: int, save: Path | None, seats: int | None,
             options: dict[str, Any] | None = None, fair_windows: bool | None = None) -> Session:
    if game is None:
        if game_id is None:
            fail("name a game (see 'metatcg games') or give --resume FILE")
        game = get_game(game_id)
    n = table_size(game, seats)
    if not 0 <= seat < n:
        fail(f"--seat must be a seat of the table, 0-{n - 1}, not {seat}")
    decks = [load_deck(game, spec) for spec in seat_decks(game, n, seat, deck, opponent_deck)]
    seed = choose_seed(seed)
    if sys.stdin.isatty():                  # a person at the keyboard picks the table options
        options = pick_options(game, n, options)
    options = fair_options(options, list(range(n)) if vs == "human" else [seat], fair_windows, vs == "human")
    state = game.new_state(decks, seed=seed, options=options)
    wanted = save if save is not None else Path(f"metatcg-{game.id}-{seed}{saving.RECORD_SUFFIX}")
    path = saving.claim(wanted, state.record())
    session = Session(game, state, seat, vs, path)
    session.save()
    title = f"{escape(game.title or game.id)} · seed {seed}"
    console.print(Rule(title, style="bold cyan"))
    for p, d in enumerate(decks):
        who = "you" if p == seat and not session.hot_seat else session.roles.get(p, "human")
        blurb = ui_for(game).deck_blurb(game, d)
        console.print(f"{player_name(p)} ({escape(who)}): deck [bold]{escape(d.name)}[/]"
                      + (f" · {escape(blurb)}" if blurb else ""))
    console.print(f"[dim]Saved as you play to {escape(str(path))}. {HELP_TEXT}[/]")
    return session


def resume_game(path: Path, game_id: str | None, save: Path | None) -> Session:
    """A saved game, replayed and checked, seated as it was; it goes on in a new file."""
    game, record = load_record(path)
    if game_id is not None and game_id != game.id:
        fail(f"{path} is a {game.id} game, not {game_id}")
    seats = saving.seating(record)
    try:
        state = game.replay(record)
    except UnfingerprintedError:
        fail(f"{path} has no fingerprint, so nothing shows that its decks, options and seed are those the game "
             f"was played with; a game resumes only from a save 'metatcg play' made ('metatcg replay --trust "
             f"{path}' shows it)")
    if state.is_terminal():
        fail(f"the game in {path} is over: {result_text(state.returns(), state.reason)}")
    you, vs = seats.get("seat", 0), seats.get("vs", "greedy")
    if not known_opponent(vs) or not 0 <= you < state.num_players:
        raise StateDataError(f"{path}: malformed saved game: seat {you} / opponent {vs!r}")
    target = save if save is not None else path
    new_path = saving.claim(target, record)
    try:
        prefs = prefs_from_json(seats.get("prefs"))
    except PrefsError as e:
        raise StateDataError(f"{path}: malformed saved game: {e}") from None
    session = Session(game, state, you, vs, new_path, undos=seats.get("undos", 0), prefs=prefs)
    if not session.hot_seat:    # 'undo' goes back past the save as well: your earlier decisions
        session.marks = [i for i, who in enumerate(state._deciders()) if who == you]
    for p in session.humans:     # what was seen before the save is one 'log' away
        session.seen[p] = max(0, len(state.log_for(p)) - 3)
    console.print(Rule(f"{escape(game.title or game.id)} · seed {state.seed} · resumed", style="bold cyan"))
    where = ui_for(game).progress(state.view(session.humans[0]))
    console.print(f"Resumed {escape(str(path))} at {escape(where)}; saving to {escape(str(new_path))}. "
                  f"[dim]{HELP_TEXT}[/]")
    return session


# ------------------------------------------------------------------ the game loop
def play_session(session: Session) -> None:
    quit_reason = ""
    try:
        while not session.state.is_terminal():
            state = session.state
            p = state.current_player()
            if p in session.bots:
                state.apply(session.bots[p].choose(session.handles[p]).id)
                continue
            if answer_by_prefs(session, p):
                continue
            human_turn(session, p)
    except EndOfInput as e:
        quit_reason = str(e) or "end of input"
    except KeyboardInterrupt:
        quit_reason = "interrupted"
    except Exception:
        # an engine bug: keep the record so the game can be replayed and reported
        try:
            session.save()
            console.print(f"[yellow]The game was saved to {escape(str(session.path))}[/]")
        except OSError:
            pass
        raise
    finish(session, quit_reason)


def clear_screen() -> None:
    """Clear the screen and its scrollback (a terminal only; a pipe keeps everything)."""
    if console.is_terminal:
        console.file.write(CLEAR_ALL)
        console.file.flush()


def pass_screen(p: int) -> None:
    """Hot seat: hide the last player's screen, then let the next one sit down."""
    clear_screen()
    console.print(Rule(f"Pass the screen to {player_name(p)}", style="bold magenta"))
    read_line(f"{player_name(p)}, press Enter when you are in the seat (the others look away) ")
    clear_screen()


def human_turn(session: Session, p: int) -> None:
    """Show ``p``'s screen and take one action (or a command) from them."""
    if session.hot_seat and session.last_human is not None and session.last_human != p:
        pass_screen(p)
    session.last_human = p
    state = session.state
    view = state.view(p)
    new = session.new_log(p)
    notes = session.auto_notes.pop(p, [])
    if notes:           # what the seat's preferences answered since its last decision, in order
        new = new + notes
    actions = numbered(session, p, view)
    view = {**view, "legal_actions": actions}
    screen = DecisionScreen(console, session.game, view, session.roles, new)
    if not screen.fits_log():
        page(console, seat_title(p, new), compact_log(new), read_line, then="your decision")
    console.print(screen.render())
    by_number = {a["n"]: a for a in actions}
    while True:
        raw = read_line(f"{player_name(p)}> ").strip()
        if not raw:
            continue
        cmd, _, arg = raw.partition(" ")
        cmd = cmd.lower()
        picks = parse_picks(raw)
        if picks is not None:
            if picks[0] in by_number:
                take_picks(session, p, by_number[picks[0]], picks[1:])
                return
            console.print(f"[red]no option {picks[0]}: choose one of {numbers_text(by_number)}[/]")
        elif cmd in QUIT_WORDS:
            confirm_quit(session, p)
        elif cmd in CONCEDE_WORDS:
            if confirm_concede(session, p):
                return
        elif cmd == "undo":
            if undo(session, p):
                return
        elif cmd in ("more", "m"):
            screen.page += 1
            console.print(screen.render())
        elif cmd in ("help", "h", "?") and not arg:
            console.print(HELP_TEXT)
        elif cmd in ("log", "l"):
            show_log(state.log_for(p), arg, player_name(p) + "'s")
        elif cmd in ("board", "b", "view", "v"):
            show_then_options(console, "the whole board", ui_for(session.game).render_board(
                session.game, view, session.roles), render_actions(view), read_line)
        elif cmd == "hand":
            show_hand(session, view)
        elif cmd in ("actions", "a", "options"):
            console.print(render_actions(view))
        elif cmd == "rules":
            show_rules_help(session, arg.strip())
        elif cmd.startswith("?"):
            show_option_cards(session, view, (cmd[1:] + " " + arg).strip())
        elif cmd == "card":
            show_card(session, arg.strip())
        elif cmd in ("prefs", "pref", "settings"):
            prefs_command(session, p, arg)
        elif cmd == "why":
            show_why(state, p, arg)
        else:
            console.print(f"[red]not understood: {escape(raw)!s}[/] — type a number ({numbers_text(by_number)}) "
                          "or 'help'")


def numbers_text(by_number: dict[int, Any]) -> str:
    """The option numbers on screen: "1-5", or "2, 3, 5" once picks have taken some away."""
    ns = sorted(by_number)
    if not ns:
        return "none"
    return f"{ns[0]}-{ns[-1]}" if ns == list(range(ns[0], ns[-1] + 1)) else ", ".join(map(str, ns))


def take_picks(session: Session, p: int, first: dict[str, Any], more: list[int]) -> None:
    """Take ``first``, then each further number of ``2 2 4`` while the same choice goes on and
    the number is still offered; stop at the first that is not (the screen says why)."""
    take(session, p, first)
    for n in more:
        state = session.state
        if state.is_terminal() or state.current_player() != p:
            console.print(f"[yellow]the choice ended before pick {n}: the rest of your answer was not used[/]")
            return
        view = state.view(p, log_from=None)
        kind = state.decision.kind if state.decision is not None else ""
        current = {a["n"]: a for a in numbered(session, p, view)}
        if kind not in presentation_of(session.game).pick_kinds or n not in current:
            console.print(f"[yellow]option {n} is not offered now: the rest of your answer was not used[/]")
            return
        take(session, p, current[n])


def take(session: Session, p: int, action: dict[str, Any]) -> None:
    """Apply the chosen option, remember the decision for undo, save."""
    session.marks.append(len(session.state.history))
    session.state.apply(action["id"])
    # one line (the option was shown whole just above): a longer echo would push the next page up
    console.print(Text(f"→ {action['label']}", style="green"), no_wrap=True, overflow="ellipsis")
    session.save()


def confirm_quit(session: Session, p: int) -> None:
    console.print(f"The game is saved in [bold]{escape(str(session.path))}[/]; "
                  f"[bold]metatcg play --resume {escape(str(session.path))}[/] continues it.")
    answer = read_line(escape("Quit now? [y/N] ")).strip().lower()
    if answer in ("y", "yes"):
        raise EndOfInput(f"{player_name(p)} quit")
    console.print("[dim]Not quitting: choose an option.[/]")


def confirm_concede(session: Session, p: int) -> bool:
    """Concede after asking: a loss, saved in the record; the others may play on."""
    answer = read_line(escape("Concede this game? It counts as a loss. [y/N] ")).strip().lower()
    if answer not in ("y", "yes"):
        console.print("[dim]Not conceding: choose an option.[/]")
        return False
    session.marks.append(len(session.state.history))
    session.state.concede(p)
    console.print(Text(f"→ {player_name(p)} concedes", style="yellow"))
    session.save()
    return True


def undo(session: Session, p: int) -> bool:
    """Back to your previous decision (replaying the record up to it). True if it went back."""
    if session.hot_seat:
        console.print("[red]undo is for games against a bot[/]")
        return False
    if not session.marks:
        console.print("[red]nothing to undo: this is your first decision[/]")
        return False
    record = session.state.record()
    while True:   # a decision your preferences answer (one made before a resume) is not one to go back to
        state = session.game.replay(record, upto=session.marks.pop())
        if not session.marks or not answered_by_prefs(session, state, p):
            break
    session.state = state
    session.seat_bots()
    session.seen[p] = len(state.log_for(p))
    session.undos += 1
    session.save()
    console.print(Text("↶ back to your previous decision", style="yellow"))
    return True


def answered_by_prefs(session: Session, state: GameState, p: int) -> bool:
    """Would ``p``'s preferences answer ``state``'s decision without asking?"""
    prefs = session.prefs.get(p) or SeatPrefs()
    return auto_answer(state, p, prefs, presentation_of(session.game),
                       fair=bool(state.options.get(ASK_SEATS))) is not None


def show_log(log: list[str], arg: str, who: str) -> None:
    """``log``: the latest lines; ``log N``: the last N; ``log /TEXT``: the lines that mention TEXT."""
    q = query_log(log, arg, who)
    if q.error:
        console.print(f"[red]{escape(q.error)}[/]")
        return
    page(console, q.title, compact_log(q.lines), read_line, latest=q.latest)


def show_hand(session: Session, view: dict[str, Any]) -> None:
    hand = ui_for(session.game).hand(view)
    if not hand:
        console.print("[dim]your hand is empty[/]")
    for c in hand:
        console.print(card_details(session.game, c["name"]))


def show_rules_help(session: Session, topic: str) -> None:
    try:
        from .rules_help import show_rules
    except ImportError:
        console.print("[red]rules help is not available in this version[/]")
        return
    show_rules(session.game, topic or None, command="rules")


def show_option_cards(session: Session, view: dict[str, Any], arg: str) -> None:
    by_number = {a.get("n", i): a for i, a in enumerate(view["legal_actions"], 1)}
    if not arg.isdigit() or int(arg) not in by_number:
        console.print(f"[red]?N needs an option number ({numbers_text(by_number)})[/]")
        return
    label = by_number[int(arg)]["label"]
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


# ------------------------------------------------------------------ the end
def finish(session: Session, quit_reason: str) -> None:
    state = session.state
    console.print()
    if not session.hot_seat:       # in hot seat a log would show one player's private lines to all
        rest = session.new_log(session.you)
        if rest:
            page(console, "what happened", compact_log(rest), _no_wait)
    if state.is_terminal():
        you = None if session.hot_seat else session.you
        console.print(Rule("Game over", style="bold cyan"))
        console.print(Text(result_text(state.returns(), state.reason, you), style="bold"))
    else:
        console.print(Rule("Game stopped", style="bold yellow"))
        where = ui_for(session.game).progress(state.view(session.humans[0]))
        console.print(f"Stopped at {escape(where)} ({escape(quit_reason)}); no result.")
    session.save()
    path = escape(str(session.path))
    console.print(f"Game saved to [bold]{path}[/] (replay: metatcg replay {path}"
                  + ("" if state.is_terminal() else f"; continue: metatcg play --resume {path}") + ")")


def _no_wait(prompt: str) -> str:
    return ""
