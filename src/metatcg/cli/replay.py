"""``metatcg replay``: rebuild a game from its record and show what happened.

Whose eyes: a judge's by default (every line of the log, rule IDs included, and every hand),
or one seat's (``--seat N``: that seat's view and its log only, so nothing it could not see
reaches the screen). ``--step`` walks the game position by position, forward and back.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.console import Group, RenderableType
from rich.markup import escape
from rich.rule import Rule
from rich.text import Text

from metatcg.bots import bot_title
from metatcg.engine.errors import StateDataError, UnfingerprintedError
from metatcg.engine.game import Game
from metatcg.engine.state import GameState
from metatcg.ui.layout import JUDGE, log_line, log_section, player_name

from .common import console, fail, load_record, read_json_file, result_text
from .play import EndOfInput, read_line
from .render import ui_for

PLAYER_RECORD = "metatcg-player-record/1"
KEYS = "Enter next, b back, 0-{last} go to, board, c end, q stop"


def run_replay(path: Path, step: bool, seat: int | None = None, trust: bool = False) -> None:
    """Print the log (judge's or ``seat``'s) and the result, or step through the game. A record
    without a fingerprint replays only with ``trust``, and says so above the log."""
    game, record = _load(path)
    try:
        final = game.replay(record, trust=trust)          # validates the whole record first
    except UnfingerprintedError:
        fail(f"{path} has no fingerprint, so nothing shows that its decks, options and seed are those the game "
             "was played with (made by hand, changed, or saved by an old version?); --trust replays it "
             "anyway, marked unchecked")
    eyes = Eyes(seat)
    if seat is not None and not 0 <= seat < final.num_players:
        fail(f"--seat must be a seat of the table, 0-{final.num_players - 1}, not {seat}")
    seed = f" · seed {record.get('seed')}" if seat is None else ""
    console.print(Rule(f"{escape(game.title or game.id)}{seed} · {len(final.history)} actions · "
                       f"{eyes.title}", style="bold cyan"))
    if final.unchecked:
        console.print(Text("UNCHECKED: the record has no fingerprint, so this may not be the game that was "
                           "played (its decks, options or seed may have been changed)", style="bold yellow"))
    if not step:
        for line in eyes.log(final):
            console.print(log_line(line))
    elif not Stepper(game, Timeline(game, record, trust=trust), eyes).run():
        return
    console.print(Rule("Result", style="bold cyan"))
    res = final.returns() if final.is_terminal() else None
    console.print(Text(result_text(res, final.reason, seat) if res is not None
                       else "unfinished: the record stops before the end of the game", style="bold"))


def _load(path: Path) -> tuple[Game, dict[str, Any]]:
    """The record and its game; a seat's own record gets its own message (it cannot be replayed)."""
    try:
        return load_record(path)
    except StateDataError:
        data = read_json_file(path)
        if isinstance(data, dict) and data.get("format") == PLAYER_RECORD:
            seat = data.get("seat")
            whose = f"{player_name(seat)}'s" if isinstance(seat, int) else "one seat's"
            fail(f"{path}: this is {whose} own record (no seed, not every deck), so the game cannot be "
                 "rebuilt from it; replay needs the full record that 'metatcg play' saves")
        raise


@dataclass(frozen=True)
class Eyes:
    """Whose eyes the replay shows the game through: a seat's, or the judge's (``seat=None``)."""

    seat: int | None = None

    @property
    def title(self) -> str:
        return "judge's view" if self.seat is None else f"as {player_name(self.seat)} sees it"

    def log(self, state: GameState) -> list[str]:
        """The judge's log keeps rule IDs and private lines; a seat's is what it may read."""
        return state.log if self.seat is None else state.log_for(self.seat)


@dataclass
class Timeline:
    """Every position of a recorded game (0 = before the first action), built forward on demand
    and kept: going back costs nothing, and a 500-action game holds only a few MB."""

    game: Game
    record: dict[str, Any]
    states: list[GameState] = field(default_factory=list)
    trust: bool = False      # the record has no fingerprint and the user chose to replay it

    def __post_init__(self) -> None:
        self.actions = [str(a) for a in self.record["actions"]]
        self.states = [self.game.replay(self.record, upto=0, trust=self.trust)]

    @property
    def last(self) -> int:
        return len(self.actions)

    def at(self, i: int) -> GameState:
        """The state after ``i`` actions (its caller must not change it)."""
        while len(self.states) <= i:
            nxt = self.states[-1].clone()
            nxt.apply(self.actions[len(self.states) - 1])   # game.replay checked the record
            self.states.append(nxt)
        return self.states[i]

    def label(self, i: int) -> str:
        """The readable label of action ``i`` (1-based), as its decider was offered it."""
        aid = self.actions[i - 1]
        return next((a.label for a in self.at(i - 1).legal_actions() if a.id == aid), aid)


class Stepper:
    """The interactive ``--step`` loop: one screen per position, keys to move."""

    def __init__(self, game: Game, timeline: Timeline, eyes: Eyes) -> None:
        self.game, self.tl, self.eyes = game, timeline, eyes
        self.ui = ui_for(game)
        self.roles = seat_roles(timeline.record, eyes.seat is None)
        self.pos = 0
        self.keys = KEYS.format(last=timeline.last)

    def run(self) -> bool:
        """True when the game was followed to the end of the record, False after 'q'."""
        self.show(0)
        while True:
            try:
                answer = read_line(f"[dim]step {self.pos}/{self.tl.last} — {self.keys}:[/] ").strip().lower()
            except EndOfInput:
                answer = "c"
            done = self.handle(answer)
            if done is not None:
                return done

    def handle(self, answer: str) -> bool | None:
        """Do one command; True/False ends the loop (see :meth:`run`), None waits for more."""
        last = self.tl.last
        if answer in ("", "n"):
            if self.pos == last:
                return True
            self.move(self.pos + 1)
        elif answer in ("b", "p"):
            if self.pos == 0:
                console.print("[yellow]already at the start (step 0)[/]")
            else:
                self.move(self.pos - 1)
        elif answer == "board":
            console.print(Rule(f"step {self.pos}/{last} · full board", style="cyan"))
            console.print(self.board(self.pos, None))
        elif answer == "c":
            if self.pos < last:
                self.show(last, since=self.pos)
            return True
        elif answer == "q":
            console.print(f"[dim]stopped at step {self.pos} of {last}[/]")
            return False
        elif _is_int(answer):
            target = int(answer)
            if 0 <= target <= last:
                self.move(target)
            else:
                console.print(f"[yellow]no step {target}: this record has steps 0-{last}[/]")
        else:
            console.print(f"[yellow]not understood: {escape(answer)!r} ({self.keys})[/]")
        return None

    def move(self, i: int) -> None:
        self.pos = i
        self.show(i)

    def show(self, i: int, since: int | None = None) -> None:
        """Position ``i``'s screen: header, compact board, the log lines since position
        ``since`` (by default those action ``i`` added). The same ``i`` always looks the same."""
        start = i - 1 if since is None else since
        console.print(Rule(self.header(i), style="cyan"))
        console.print(self.board(i, max(10, console.height // 2)))
        earlier = len(self.eyes.log(self.tl.at(start))) if start >= 0 else 0
        console.print(Group(*log_section(self.eyes.log(self.tl.at(i))[earlier:])))

    def header(self, i: int) -> str:
        """'step 3/61 · turn 2 · P2: Attack with ...'; a seat sees other seats' choices only through the log."""
        where = self.ui.progress(self.tl.at(i).view(self.eyes.seat or 0))
        head = f"step {i}/{self.tl.last}" + ("" if where == "an unknown point" else f" · {where}")
        if i == 0:
            return f"{head} · the start"
        who = self.tl.at(i - 1).current_player()
        if self.eyes.seat not in (None, who):
            return f"{head} · {player_name(who)} acts"
        return f"{head} · {player_name(who)}: {escape(self.tl.label(i))}"

    def board(self, i: int, max_lines: int | None) -> RenderableType:
        """The seat's board, or for a judge P1's board and every seat's hand."""
        state = self.tl.at(i)
        seat = 0 if self.eyes.seat is None else self.eyes.seat
        board = self.ui.render_board(self.game, state.view(seat), self.roles, max_lines=max_lines,
                                     width=console.width)
        if self.eyes.seat is not None:
            return board
        return Group(board, *(self.hand_line(state, q) for q in range(state.num_players)))

    def hand_line(self, state: GameState, seat: int) -> Text:
        """One seat's hand, from its own view (the judge sees every hand)."""
        names = [str(c.get("name", "?")) for c in self.ui.hand(state.view(seat))]
        line = Text(f"{player_name(seat)}'s hand ({len(names)}): ", style="bold")
        line.append(", ".join(names) if names else "(empty)")
        return line


def seat_roles(record: dict[str, Any], judge: bool) -> dict[int, str]:
    """Who sat where, from the ``play`` entry a saved game carries ('human', 'greedy bot', 'Hard bot'); for
    a judge no seat is "you" (``layout.JUDGE``)."""
    got = record.get("play")
    play: dict[str, Any] = got if isinstance(got, dict) else {}
    seat, vs = play.get("seat"), play.get("vs")
    roles: dict[int, str] = {}
    if isinstance(seat, int) and isinstance(vs, str):
        for p in range(len(record.get("decks") or [])):
            roles[p] = "human" if vs == "human" or p == seat else bot_title(vs)
    if judge:
        roles[JUDGE] = "judge"
    return roles


def _is_int(text: str) -> bool:
    try:
        int(text)
    except ValueError:
        return False
    return True
