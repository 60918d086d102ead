"""The referee's own loop, run behind the full-screen table.

The line-mode `Referee` (loop.py) plays the game in a worker thread, unchanged: what it prints goes
through a `PaneConsole` into the table's panes, and what it asks for (`input_fn`) blocks until the
table answers (a typed line, a chosen row, a key). `TableSeat` is mixed in front of a referee class
(the plain `Referee`, or a scenario's) and changes only where things show:

- the board is redrawn in the board pane after every move, not printed;
- the choices go to the choices pane; a filter's matches narrow it;
- help, rules and the log open in a screen of their own; the end (board, scores, breakdown) too;
- a refused move says why (the engine's refusal, `IllegalAction`) in the table's language.
"""

from __future__ import annotations

import queue
import re
from contextlib import contextmanager
from typing import Any, Callable, Iterator

from rich.console import Console, RenderableType
from rich.text import Text
from textual.message import Message

from ...engine.core import Action
from ...errors import IllegalAction, shorten
from ..choices import Choice, Choices
from ..flow import Flow
from ..loop import Referee
from ..views import Fit

Sink = Callable[[list[RenderableType]], None]


class Do(Message):
    """A call from the referee's thread, run on the table's side in the order posted."""

    def __init__(self, fn: Callable, args: tuple):
        super().__init__()
        self.fn = fn
        self.args = args


class PaneConsole(Console):
    """A rich Console that hands what is printed to a sink (a pane) as renderables, unrendered, so the
    pane lays them out at its own width. It is not a terminal: the referee neither pages nor spins."""

    def __init__(self, sink: Sink):
        super().__init__(highlight=False, force_terminal=False, color_system=None, width=100)
        self.sink = sink

    def print(self, *objects: Any, **kwargs: Any) -> None:
        items: list[RenderableType] = [Flow.of(self.render_str(o)) if isinstance(o, str) else o for o in objects]
        self.sink(items or [Text("")])


class Bridge:
    """What passes between the referee's thread and the table: printed renderables, the position to
    draw, the choices, and the answers typed or picked at the table."""

    def __init__(self, pause_prompt: str):
        self.app: Any = None  # the TableApp, set when it starts
        self.answers: queue.Queue[str] = queue.Queue()
        self.pause_prompt = pause_prompt
        self.quitting = False  # quit was asked while the referee was busy: the next question answers it
        self.captured: list[RenderableType] | None = None
        self.notice = ""  # why the last line typed was refused, shown beside the choices
        self.pausing_on: list[RenderableType] = []  # on a pause: the card just told, and the pile
        self.console = PaneConsole(self.emit)

    def call(self, fn: Callable, *args: Any) -> None:
        """Run `fn` on the table's side (from the referee's thread), if the table is running: posted as a
        message, so calls run in order and the game does not wait for each redraw."""
        if self.app is not None and self.app.is_running:
            self.app.post_message(Do(fn, args))

    def emit(self, items: list[RenderableType]) -> None:
        if self.captured is not None:
            self.captured.extend(items)
        else:
            self.call(self.app.write_log, items)

    @contextmanager
    def capture(self) -> Iterator[list[RenderableType]]:
        """Keep what is printed inside the block (for a screen of its own) instead of logging it."""
        saved, self.captured = self.captured, []
        try:
            yield self.captured
        finally:
            self.captured = saved

    def ask(self, prompt: str) -> str:
        """The referee's `input_fn`: wait for the table's answer (a decision, or Enter/f/quit on a pause)."""
        if self.quitting:
            return "quit"
        kind = "pause" if prompt == self.pause_prompt else "decide"
        notice, self.notice = self.notice, ""
        self.call(self.app.await_answer, kind, prompt, notice, list(self.pausing_on) if kind == "pause" else [])
        return self.answers.get()


class TableSeat(Referee):
    """Mixed in front of a referee class (Referee or a subclass): the same game, drawn in the table's panes."""

    bridge: Bridge
    round_seen: Any = None  # the round of the last turn played (a new one ends `f`'s run)
    fast_by_key = False  # `f` was pressed on a pause (not --fast): the next round pauses again
    tail: list[RenderableType] = []  # what the game ended with (scores, the save), printed after the table closes

    # --- the board and the status line ---------------------------------------------------------
    def post_board(self) -> None:
        viewer = self._viewer()
        seat = 0 if viewer is None else viewer
        obs = self.state.observation(seat)
        self.bridge.call(self.bridge.app.show_board, obs, seat, self.status_text(obs, seat))

    def status_text(self, obs: dict, seat: int, state: Any = None) -> Fit:
        """The round, whose turn, the scores known so far (by first names), then the game; said the
        roomiest way that fits the window (Fit; a first name ends at a space or at Japanese's middle dot): without the game's name, then the scores without
        their names' spaces, then names cut to three letters, then without the scores (the board shows
        each seat's money or loot too)."""
        view, names = self.view, self.names
        head = []
        rnd = view.round_of(obs)
        if rnd:
            head.append(f"{view.round_word} {rnd}")
        shown = self.state if state is None else state  # (a position kept mid-move: the card being told)
        cp = shown.current_player
        if shown.is_over:
            head.append(self.T("game_over"))
        elif cp is not None:  # "(you)" marks the seat the board is drawn for, as the rows do (two people at one screen)
            head.append(f"▶ {self.label(cp) if cp == seat or cp not in self.humans else names[cp]}")
        scores = [(names[i], s) for i, s in enumerate(view.scores_now(obs, seat, names) or []) if s]
        game = self.game.name.replace("_", " ").title()
        forms = []
        for sep, cut, with_game in (("  ", None, True), ("  ", None, False), (" ", None, False), (" ", 3, False)):
            told = sep.join(f"{first_names(name, cut)} {s}" for name, s in scores)
            forms.append(" · ".join(head + ([told] if told else []) + ([game] if with_game else [])))
        forms.append(" · ".join(head))
        return Fit([Text(form) for form in dict.fromkeys(forms)])

    def draw(self, seat: int) -> None:
        obs = self.state.observation(seat)
        self.bridge.call(self.bridge.app.show_board, obs, seat, self.status_text(obs, seat))
        self.bridge.call(self.bridge.app.show_ask, self.view.status(obs, seat))

    def show_choices(self, choices: Choices, items: list[Choice] | None = None, whole: bool = False) -> None:
        self.bridge.call(self.bridge.app.show_choices, choices, items)

    # --- narration ----------------------------------------------------------------------------
    def _tell(self, step, why: str | None = None) -> None:
        self.post_board()
        super()._tell(step, why)

    def _human_turn(self, seat: int):
        self.track_round()
        return super()._human_turn(seat)

    def track_round(self) -> None:
        """`f` runs the rest of a round without pauses: a turn in a new round pauses again."""
        rnd = self.view.round_of(self.state.observation(0))
        if rnd != self.round_seen:
            self.round_seen = rnd
            if self.fast_by_key:
                self.fast = self.fast_by_key = False

    def _pause(self, line=None) -> None:
        fast = self.fast
        if line is not None:  # shown where the choices were while play waits: the card, and the pile
            self.bridge.pausing_on = [Text(line.text, style="bold"), Text(line.picture or "", style="dim")]
            if line.frame is not None:  # the board as this card leaves it, not as the whole move did
                viewer = self._viewer()
                seat = 0 if viewer is None else viewer
                obs = line.frame.observation(seat)
                self.bridge.call(self.bridge.app.show_board, obs, seat, self.status_text(obs, seat, line.frame))
        super()._pause(line)
        if self.fast and not fast:
            self.fast_by_key = True

    def _say_why(self, why: str) -> None:
        """A bot's reason in the log pane: its first lines only, so the moves around it stay in view (F4's
        log and the save keep it whole)."""
        self.bridge.call(self.bridge.app.write_note, why)

    def _say_picture(self, picture: str) -> None:
        """Not in the log pane: while play waits, the pile is shown where the choices were (and on the board)."""

    def _bot_turn(self, seat: int) -> None:
        self.track_round()
        self.bridge.call(self.bridge.app.show_thinking, self.T("thinking", name=self.names[seat], pair=" & " in self.names[seat]))
        super()._bot_turn(seat)

    # --- commands with a screen of their own ---------------------------------------------------
    def _screen(self, title: str, fn: Callable, *args: Any) -> None:
        with self.bridge.capture() as out:
            fn(*args)
        self.bridge.call(self.bridge.app.show_page, title, list(out))

    def _help(self, arg: str, seat: int, choices: Choices) -> None:
        if arg:  # `help NAME`: a line or two, in the log
            super()._help(arg, seat, choices)
            return
        with self.bridge.capture() as out:
            super()._help(arg, seat, choices)
        self.bridge.call(self.bridge.app.show_help, list(out))

    def _rules(self, seat: int) -> None:
        self._screen("rules", super()._rules, seat)

    def _log(self, seat: int) -> None:
        self._screen("log", super()._log, seat)

    def _read_action(self, text: str, choices: Choices) -> tuple[Action | None, str, list]:
        """As the line mode reads it; a notation the engine refuses is refused in the table's language
        (the engine's reason, "'fly away' is not legal here", said with `table.refused`), pointing at the list."""
        action, reason, found = super()._read_action(text, choices)
        if action is None and not found and text and not (text.isascii() and text.isdigit()):
            try:
                self.state.parse(text)
            except IllegalAction:
                reason = self.T("table.refused", text=repr(shorten(text, 60)))
        self.bridge.notice = reason if action is None and not found else ""
        return action, reason, found

    # --- the end ------------------------------------------------------------------------------
    def _finish(self):
        self.post_board()
        with self.bridge.capture() as out:
            result = super()._finish()
        self.tail = list(out)
        self.bridge.call(self.bridge.app.show_end, list(out))
        return result

    def _stop(self, status: str):
        with self.bridge.capture() as out:
            result = super()._stop(status)
        self.tail = list(out)
        return result


def first_names(name: str, cut: int | None = None) -> str:
    """A seat's name in the status line: its first name (up to a space or Japanese's middle dot), cut to
    `cut` letters; a seat of two bandits keeps both ("Tuco & Belle", cut: "Tuc&Bel"), as the turn names it."""
    parts = [re.split(r"[ ・]", part)[0][:cut] for part in name.split(" & ")]
    return ("&" if cut else " & ").join(parts)


def seat_at_table(cls: type, bridge: Bridge, **kwargs: Any):
    """An instance of `cls` (a Referee class) that plays through `bridge`'s table."""
    table_cls = type(f"Table{cls.__name__}", (TableSeat, cls), {"bridge": bridge})
    return table_cls(input_fn=bridge.ask, console=bridge.console, **kwargs)
