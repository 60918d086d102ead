"""The full-screen table (Textual): the board always in view, what just happened, the choices, a
status line, and keys for everything the prompt's commands do.

    status: round · whose turn · scores known so far · game
    the board (the full form when it fits, else the view's compact form)
    what just happened (scrolls, kept)  │ what to decide, then the choices
    narration, bots' rule notes,        │ 1 steal black  take 2 black, then ride
    replies to commands                 │   exactly 2 steps
    input: a number, a notation, words to narrow the list, or a command
    keys: F1 help · F2 rules · F3 hint · F4 log · ^Z undo · ^S save · ^Q quit

The game itself runs in a thread: the line mode's referee (bridge.py) asks, the table answers.
"""

from __future__ import annotations

import asyncio
import threading
from dataclasses import replace
from typing import Any

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingsMap
from textual.containers import Horizontal, Vertical
from textual.widgets import Footer, Input, OptionList, RichLog, Static
from textual.widgets.option_list import Option

from ..choices import Choice, Choices
from ..flow import Flow
from ..loop import COMMANDS, RunResult
from ...words.breaks import has_cjk
from .board import Board
from .bridge import Bridge, Do
from .screens import EndPage, Page, key_table



class Field(Input):
    """The input line; while the pile pauses, Space or Enter goes on and f runs the rest of the round; a
    leading space is ignored (Space kept down past the last card of the pile types nothing)."""

    async def _on_key(self, event) -> None:
        app = self.app
        if isinstance(app, TableApp) and app.waiting == "pause":
            if event.key in ("space", "enter"):
                app.send("")
            elif event.key == "f":
                app.send("f")
            if event.is_printable or event.key in ("space", "enter"):
                event.stop()
                event.prevent_default()
                return
        if event.key == "space" and not self.value:  # a leading space means nothing (Space kept down past the pile)
            event.stop()
            event.prevent_default()
            return
        await super()._on_key(event)


def flowing(text: str, style: str = "") -> RenderableType:
    """A line for a pane of its own (what to decide): Japanese wrapped where a line may break. (A Text
    given to a Textual widget is wrapped by Textual at spaces; a Japanese line goes through rich, as Flow.)"""
    if not has_cjk(text):
        return Text(text, style=style)
    return Group(Flow(text, style=style))


class Note:
    """A bot's reason in the log pane: wrapped to the pane's width when the pane lays it out (so the same
    at any moment), indented, at most `most` lines, the last cut with "…"."""

    def __init__(self, text: str, most: int = 2, indent: int = 4):
        self.text, self.most, self.indent = text, most, indent

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = max(8, options.max_width - self.indent - 1)
        lines = list(Flow(self.text, style="dim").wrap(console, width))
        if len(lines) > self.most:
            lines = lines[:self.most]
            last = lines[-1]
            last.rstrip()
            if last.cell_len >= width:
                last.truncate(width - 1)
            last.append("…", style="dim")
        out = Text(no_wrap=True, overflow="crop")
        for i, line in enumerate(lines):
            out.append(("\n" if i else "") + " " * self.indent)
            out.append_text(line)
        yield out


def in_language(bindings: BindingsMap, T: Any) -> BindingsMap:
    """The keys with what each does in the table's language (`table.footer`): the key line is read like
    everything else on screen. The typed commands stay English, as in the line mode."""
    return BindingsMap.from_keys({key: [replace(b, description=T(f"table.footer.{b.description}")) if b.show and b.description else b
                                        for b in group] for key, group in bindings.key_to_bindings.items()})


class TableApp(App[RunResult | None]):
    """One game at the table; `run()` returns the referee's RunResult (None if it never ended)."""

    TITLE = "Saloon"
    ENABLE_COMMAND_PALETTE = False
    CSS = """
    Screen { layout: vertical; }
    #status { height: 1; background: $primary-background; color: $text; text-style: bold; }
    #board { height: auto; }
    #lower { height: 1fr; min-height: 4; background: $panel; }
    #log { width: 2fr; min-width: 20; scrollbar-size-vertical: 1; background: $panel; }
    #side { width: 3fr; border-left: vkey $primary; }
    #ask { height: auto; max-height: 3; color: $accent; }
    #choices { height: 1fr; border: none; padding: 0; scrollbar-size-vertical: 1; background: $panel; }
    #choices:focus { border: none; }
    #input { height: 1; border: none; padding: 0 1; background: $boost; }
    #input:focus { border: none; }
    """
    BINDINGS = [
        # each shown key's description is a key of the texts' table.footer: said in the table's language (in_language)
        Binding("f1", "command('help')", "help"),
        Binding("f2", "command('rules')", "rules"),
        Binding("f3", "command('hint')", "hint"),
        Binding("f4", "command('log')", "log"),
        Binding("ctrl+z", "command('undo')", "undo"),
        Binding("ctrl+s", "command('save')", "save"),
        Binding("ctrl+q", "quit_game", "quit", priority=True),
        Binding("ctrl+c", "quit_game", "quit", show=False, priority=True),
        Binding("up", "cursor(-1)", show=False),
        Binding("down", "cursor(1)", show=False),
        Binding("pageup", "log_page(-1)", show=False),
        Binding("pagedown", "log_page(1)", show=False),
        Binding("space,enter", "go_on", show=False),
        Binding("f", "fast", show=False),
        Binding("escape", "clear", show=False),
    ]

    def __init__(self, referee: Any, bridge: Bridge, preface: list[str] | None = None):
        super().__init__()
        self._bindings = in_language(self._bindings, referee.T)
        self.preface = list(preface or [])
        self.referee = referee
        self.bridge = bridge
        self.waiting: str | None = None  # "decide", "pause", "end" or None (the referee is busy)
        self.choices: Choices | None = None
        self.shown: list[Choice] = []
        self.index_of: dict[int, int] = {}  # a choice's number -> its row in the list pane
        self.board_next: tuple[dict, int, RenderableType] | None = None  # a position waiting to be drawn
        self.status: RenderableType = ""  # the status line on screen (a Fit: tests read its forms)
        self.result: RunResult | None = None
        self.final: RunResult | None = None  # what the referee's thread returned, even after the table closed
        self.error: BaseException | None = None
        self.leaving = False
        self.asked = asyncio.Event()  # set while the table waits for the person (tests await it)
        self.thread = threading.Thread(target=self.play, name="saloon-referee", daemon=True)

    # --- layout -------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Static("", id="status")
        yield Board(self.referee.view, id="board")
        with Horizontal(id="lower"):
            yield RichLog(id="log", wrap=True, min_width=20, markup=False)
            with Vertical(id="side"):
                yield Static("", id="ask")
                yield OptionList(id="choices")
        yield Field(placeholder=self.referee.T("table.placeholder"), id="input")
        yield Footer()

    def on_mount(self) -> None:
        self.bridge.app = self
        self.write_log([Text.from_markup(line) for line in self.preface])
        self.query_one("#input", Input).focus()
        self.thread.start()

    # --- the referee's thread -----------------------------------------------------------------
    def on_do(self, message: Do) -> None:
        message.fn(*message.args)

    def play(self) -> None:
        result = None
        try:
            result = self.referee.run()
        except BaseException as exc:  # shown after the table closes, as the line mode would show it
            self.error = exc
        self.final = result
        self.bridge.call(self.game_done, result)

    def game_done(self, result: RunResult | None) -> None:
        self.result = result
        if self.error is not None or result is None or result.status != "finished" or self.leaving:
            self.exit(result)

    # --- what the referee shows (called on the table's side) -----------------------------------
    def write_log(self, items: list[RenderableType]) -> None:
        log = self.query_one("#log", RichLog)
        for item in items:
            log.write(item)

    def write_note(self, why: str) -> None:
        """A bot's reason under its move, dim and indented, cut to two lines of the pane (the whole
        reason: F4's log, `saloon replay`, the save)."""
        self.query_one("#log", RichLog).write(Note(why))

    def show_board(self, obs: dict, seat: int, status: RenderableType) -> None:
        """Draw the position (once for a run of moves told together: only the latest is drawn)."""
        if self.board_next is None:
            self.call_later(self.draw_board)
        self.board_next = (obs, seat, status)

    def draw_board(self) -> None:
        if self.board_next is None:
            return
        obs, seat, status = self.board_next
        self.board_next = None
        self.query_one("#board", Board).show(obs, seat)
        self.status = status
        self.query_one("#status", Static).update(status)  # a Fit: said the roomiest way the window's width holds

    def show_ask(self, text: str) -> None:
        self.query_one("#ask", Static).update(flowing(text))

    def show_thinking(self, text: str) -> None:
        self.waiting = None
        self.query_one("#ask", Static).update(flowing(text, "italic"))

    def show_choices(self, choices: Choices, items: list[Choice] | None = None) -> None:
        self.choices = choices
        self.fill(items if items is not None else choices.items)

    def fill(self, items: list[Choice]) -> None:
        """The list pane holds `items` (all the choices, or those a filter matched); a long list under a
        heading per group (an action box with its cost), so a group's word finds it."""
        assert self.choices is not None
        width = len(str(len(self.choices)))
        measured = self.query_one("#choices", OptionList).size.width
        room = measured or self.size.width * 3 // 5  # before the first layout: a guess, wrapped again once laid out
        if not measured:
            self.call_after_refresh(self.refill)
        room = max(10, room - 2)  # less the scroll bar
        options: list[Option] = []
        self.index_of = {}
        group = None
        grouped = len(self.choices.groups) > 1 and len(items) > 8
        for c in items:
            if grouped and c.group != group:
                label = self.choices.labels.get(c.group, "")
                options.append(Option(Text.assemble((c.group, "bold underline"), (f"  {label}" if label else "", "dim")), disabled=True))
            group = c.group
            line = Text(c.notation, style="bold")
            if c.note:
                line.append(f"  {c.note}", style="dim")
            self.index_of[c.number] = len(options)
            options.append(Option(self.hanging(Text(f"{c.number:>{width}} ", style="bold cyan"), line, room), id=str(c.number)))
        self.shown = list(items)
        listing = self.query_one("#choices", OptionList)
        listing.clear_options()
        listing.add_options(options)
        if items:  # Enter takes the highlighted choice: never a pass by default (a newcomer's Enter would skip turns)
            first = next((c for c in items if c.notation != "pass"), items[0])
            listing.highlighted = self.index_of[first.number]

    def refill(self) -> None:
        """The list wrapped again at its width, once it has one (the first fill came before the layout)."""
        if self.choices is not None and self.waiting != "pause" and self.query_one("#choices", OptionList).size.width:
            self.fill(list(self.shown))

    def hanging(self, head: Text, body: Text, width: int) -> Text:
        """`head` then `body` wrapped to `width` columns, its later lines under its first (not under the number)."""
        indent = head.cell_len
        lines = Flow.of(body).wrap(self.console, max(8, width - indent))
        out = head.copy()
        for i, line in enumerate(lines):
            if i:
                out.append("\n" + " " * indent)
            out.append_text(line)
        return out

    def on_resize(self) -> None:
        """The list's lines are wrapped to its width: wrap them again for the new one (and the board is laid
        out again for the new window, even if its pane kept its size)."""
        self.query_one("#board", Board).lay_out()
        if self.choices is not None and self.waiting == "decide":
            self.set_timer(0.1, lambda: self.fill(list(self.shown)))  # once the panes have their new size

    def show_page(self, title: str, items: list[RenderableType]) -> None:
        T = self.referee.T  # the page's title is a command's word (rules, log)
        self.push_screen(Page(T(f"table.titles.{title}") if title in ("rules", "log") else title, items, T("table.closing"),
                              at_end=title == "log"))  # the log opens on the latest moves

    def show_help(self, items: list[RenderableType]) -> None:
        T = self.referee.T
        self.push_screen(Page(T("table.titles.help"), [key_table(self.referee.view.pauses, T), Text(""), *items], T("table.closing")))

    def show_end(self, items: list[RenderableType]) -> None:
        self.draw_board()
        self.waiting = "end"
        self.asked.set()
        T = self.referee.T
        self.query_one("#ask", Static).update(Text(T("table.over"), style="bold"))
        self.query_one("#choices", OptionList).clear_options()
        self.push_screen(EndPage(T("table.titles.end"), items, T("table.closing_end"), at_end=True), self.left)

    def left(self, _: None = None) -> None:
        self.leaving = True
        if self.result is not None or not self.thread.is_alive():
            self.exit(self.result)

    def await_answer(self, kind: str, prompt: str, notice: str = "", told: list[RenderableType] | None = None) -> None:
        """The referee waits: for a decision, or on a pause for Space (the card just told, and the pile,
        shown where the choices were)."""
        self.draw_board()  # the board as it stands before the person answers
        # the log shows the latest moves when the person is asked (its deferred writes may land later)
        self.call_after_refresh(self.query_one("#log", RichLog).scroll_end, animate=False)
        self.waiting = kind
        self.asked.set()
        ask = self.query_one("#ask", Static)
        if kind == "pause":
            ask.update(Text(self.referee.T("table.pause_line"), style="bold"))
            listing = self.query_one("#choices", OptionList)
            listing.clear_options()
            listing.add_options([Option(item, disabled=True) for item in told or []])
            return
        if notice:
            ask.update(Text(notice, style="bold red"))

    # --- answers ------------------------------------------------------------------------------
    def send(self, text: str) -> None:
        if self.waiting not in ("decide", "pause"):
            return
        if text.split()[:1] == ["hint"]:
            self.show_ask(self.referee.T("hint_thinking"))
        self.waiting = None
        self.asked.clear()
        self.query_one("#input", Input).value = ""
        self.bridge.answers.put(text)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        if not text:
            listing = self.query_one("#choices", OptionList)
            if listing.highlighted is None or listing.highlighted_option is None:
                return
            text = listing.highlighted_option.id or ""
        elif self.choices is not None and not (text.isascii() and text.isdigit()) and text.split()[0].lower() not in COMMANDS:
            found = self.choices.matching(text)
            if len(found) == 1:  # the words typed narrowed the list to one choice: Enter plays it
                text = str(found[0].number)
        self.send(text)

    def on_input_changed(self, event: Input.Changed) -> None:
        """Typing narrows the list to the choices that hold every word typed; a number highlights it."""
        if self.choices is None or self.waiting != "decide":
            return
        text = event.value.strip()
        if text.isascii() and text.isdigit():
            if len(self.shown) != len(self.choices):
                self.fill(self.choices.items)
            if int(text) in self.index_of:
                self.query_one("#choices", OptionList).highlighted = self.index_of[int(text)]
            return
        if not text or text.split()[0].lower() in COMMANDS:
            if len(self.shown) != len(self.choices):
                self.fill(self.choices.items)
            return
        found = self.choices.matching(text)
        self.fill(found or self.choices.items)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id:
            self.send(event.option.id)

    # --- keys ---------------------------------------------------------------------------------
    def action_command(self, word: str) -> None:
        if self.waiting == "decide":
            self.send(word)
        elif word == "help":
            T = self.referee.T
            self.push_screen(Page(T("table.titles.help"), [key_table(self.referee.view.pauses, T)], T("table.closing")))

    def action_quit_game(self) -> None:
        if self.waiting in ("decide", "pause"):
            self.send("quit")
        elif self.waiting == "end" or not self.thread.is_alive():
            self.left()
        else:
            self.bridge.quitting = True  # the referee is busy: its next question gets "quit"

    def action_cursor(self, step: int) -> None:
        listing = self.query_one("#choices", OptionList)
        if step < 0:
            listing.action_cursor_up()
        else:
            listing.action_cursor_down()

    def action_log_page(self, step: int) -> None:
        log = self.query_one("#log", RichLog)
        log.scroll_page_up() if step < 0 else log.scroll_page_down()

    def action_go_on(self) -> None:
        if self.waiting == "pause":
            self.send("")

    def action_fast(self) -> None:
        if self.waiting == "pause":
            self.send("f")

    def action_clear(self) -> None:
        field = self.query_one("#input", Input)
        field.value = ""

    def stop_thread(self) -> None:
        """After the table closed: a game still running is told to quit (it saves) and waited for."""
        if self.thread.is_alive():
            self.bridge.quitting = True
            self.bridge.answers.put("quit")
            self.thread.join(timeout=60)
