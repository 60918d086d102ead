"""The play loop: any game of the engine contract, people and bots at the seats, one rich console.

`Referee.run()` plays until the game ends, the person quits, or input ends (EOF / Ctrl-C). Input
comes from `input_fn(prompt)`, so tests script it; output goes to the given rich Console.

- Narration: every move is told as it happens, one event a line (tracking.py); in Colt Express's
  stealing phase the pile is shown card by card and play waits for Enter (`fast` skips the pauses).
- A decision with a single legal action is played for the person and told (`confirm_forced` asks).
- The game is saved once a person has made a decision (never for a start that was left at once),
  at each of their turns after that, when they quit, and at the end.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from rich.console import Console
from rich.markup import escape

from ..bots import make_bot
from ..engine.core import Action, Game, State
from ..bots.vocabulary import vocabulary
from ..errors import IllegalAction, RecordError, SaloonError, UsageError, shorten
from ..sim.seeds import bot_seed
from ..words.text import Texts, say, text_in
from . import saves
from .choices import Choices, show
from .ending import fmt_score, seat_label, show_ending
from .flow import Flow
from .tracking import Tracker, has_hidden_information
from .views import View, get_view, log_entries
from ..words.tables import explain as explain_choice
from . import explain
from .hint import FINISHES, advise

InputFn = Callable[[str], str]

HELP = say("en", "referee", "help", example="steal black")  # the English text; a Referee speaks its own language

COMMANDS = ("help", "rules", "log", "hint", "undo", "board", "list", "fast", "save", "quit")
MAX_INPUT_CHARS = 200  # longer than any action's notation or a save path worth typing


def input_problem(raw: str, T: Texts | None = None) -> str | None:
    """Why a line typed at the prompt cannot be read at all (too long, control characters), or None
    (in the table's language, `T`; English without)."""
    T = T or Texts("en", "referee")
    if len(raw) > MAX_INPUT_CHARS:
        return T("input_too_long", n=f"{len(raw):,}", most=MAX_INPUT_CHARS)
    if any(not ch.isprintable() and ch not in " \t" for ch in raw):
        return T("input_not_text")
    return None


@dataclass
class RunResult:
    status: str  # "finished", "quit" (saved), "interrupted" (EOF / Ctrl-C, saved)
    state: State
    save_path: Path | None
    hints: int = 0  # hints the person asked for in this game (a resumed scenario counts those before too)
    won: bool | None = None  # a scenario's game, finished: whether its objective was met (else None)


@dataclass
class _Checkpoint:
    length: int  # history length at the decision
    state: State  # a pristine copy of the position (never played on)


class _Quit(Exception):
    """The person typed quit where play waits for Enter."""


def _spec_case(spec: str) -> str:
    """A seat spec in lower case, but for a house table's file path, which keeps its own."""
    name, sep, arg = spec.strip().partition(":")
    if arg.lower().endswith((".yaml", ".yml")):
        return name.lower() + sep + arg
    return spec.strip().lower()


def parse_seat_list(text: str | list[str]) -> list[str]:
    """`you,mcts` -> ["you", "mcts"]; every non-person seat must be a bot spec."""
    seats = [_spec_case(s) for s in (text.split(",") if isinstance(text, str) else text) if s.strip()]
    if not seats:
        raise UsageError(f"--seats {text!r}: expected a comma-separated list such as you,mcts")
    for spec in seats:
        if not saves.is_human(spec):
            make_bot(spec, 0)  # a clear UsageError on an unknown bot
    return ["you" if saves.is_human(s) else s for s in seats]


def rule_note(game: Game, bot, seat: int, hidden: bool, T: Texts) -> str | None:
    """A table bot's reason for its last choice, as its printed sheet words it ("bot sheet, rule 3: ...");
    for a decision about a hand the table cannot see (`hidden` information, a seat that schemes from a
    hidden hand), only that the sheet decided: its reason would tell the hand's cards."""
    choice = getattr(bot, "last", None)
    if choice is None or getattr(bot, "table", None) is None or (choice.rule is None and choice.tied == 1):
        return None  # not a table bot, or a forced choice: nothing to explain
    decision = text_in(game.content.decisions[choice.kind].name, T.lang).lower()
    level = Texts(T.lang, "kit").name("solo.level", bot.table.level)
    if hidden and seat not in game.open_seats and choice.kind in vocabulary(game.name).HAND_KINDS:
        return T("why_hidden", level=level, decision=decision)
    return T("why", level=level, decision=decision, reason=explain_choice(game.content, bot.table, choice, T.lang))


class Referee:
    def __init__(
        self,
        game: Game,
        seats: list[str],
        seed: int = 0,
        *,
        input_fn: InputFn,
        console: Console,
        save_path: Path | None = None,
        state: State | None = None,
        record_actions: list[str] | None = None,
        hint_iterations: int = 400,
        view: View | None = None,
        lang: str = "en",
        fast: bool = False,
        confirm_forced: bool = False,
        reasons: dict[int, str] | None = None,
    ):
        self.T = Texts(lang, "referee")
        self.lang = lang
        self.game = game
        self.seats = list(seats)
        self.seed = seed
        self.input_fn = input_fn
        self.console = console
        self.save_path = Path(save_path) if save_path else None
        self.hint_iterations = hint_iterations
        self.fast = fast
        self.confirm_forced = confirm_forced
        self.recent: list[str] = []  # narration told since the person's last decision (recap on short screens)
        self.view = view or get_view(game.name, game.content, lang)
        self.humans = [i for i, s in enumerate(self.seats) if saves.is_human(s)]
        self.view.spectator = not self.humans
        self.state = state if state is not None else game.new_game(len(self.seats), seed)
        if self.state.num_players != len(self.seats):
            raise UsageError(f"{len(self.seats)} seats given ({','.join(self.seats)}) for a {self.state.num_players}-player game")
        self.state.full_narration()
        self.hidden = has_hidden_information(self.state)
        self.bots = {i: make_bot(spec, bot_seed(seed, i)) for i, spec in enumerate(self.seats) if i not in self.humans}
        self.names = self._seat_names()
        self.tracker = Tracker(self.humans, self.view, self.names, seed)
        self.checkpoints: list[_Checkpoint] = []
        self.hints = 0  # hints asked in this sitting (a scenario won with hints is recorded as such)
        self.decided = bool(record_actions)  # a resumed game has its save file already
        for text in record_actions or []:  # a resumed game: replay quietly, remembering what was seen
            if self._is_decision():
                self._note_decision_point()
            try:
                action = self.state.parse(text)
            except IllegalAction as exc:
                raise RecordError(f"save: move {len(self.state.history) + 1} {text!r}: {exc}") from exc
            self.tracker.apply(self.state, action).why = (reasons or {}).get(len(self.state.history) - 1)
            self._refresh_names()  # seats choose their bandits: later lines name them as play did

    # --- names and drawing --------------------------------------------------------------------
    def _seat_names(self) -> list[str]:
        names = self.view.seat_names(self.state.observation(0)) or []
        return [names[i] if i < len(names) else self.T("seat", n=i + 1) for i in range(len(self.seats))]

    def _refresh_names(self) -> None:
        """Seat names can change during play (Colt Express seats choose their bandits): update the
        list in place, so the tracker, which shares it, names seats the same way."""
        self.names[:] = self._seat_names()

    def label(self, seat: int) -> str:
        return seat_label(self.names[seat], self.seats[seat], seat in self.humans, self.T, self.lang)

    def draw(self, seat: int) -> None:
        obs = self.state.observation(seat)
        self.console.rule(self.T("to_play", name=escape(self.names[seat]), n=len(self.state.history) + 1))
        board = self.view.draw(obs, seat)
        self.console.print(board)
        self._recap(board)
        line = self.view.status(obs, seat)
        if line:
            self.console.print(line)

    RECAP_LINES = 6

    def _recap(self, board) -> None:
        """On a screen too short to show the board and what just happened, repeat the last events
        under the board (dim), so the person sees them next to the prompt."""
        recent, self.recent = self.recent, []
        if not recent or not self.console.is_terminal:
            return
        tall = len(self.console.render_lines(board, self.console.options, pad=False))
        if tall + len(recent) + 10 <= self.console.height:
            return  # the events are still on the screen above the board
        shown = recent[-(self.RECAP_LINES if self.console.height >= 30 else 4):]
        head = self.T("recap", n=len(recent) - len(shown)) if len(recent) > len(shown) else self.T("recap_all")
        self.console.print(f"[dim]{head}[/dim]")
        for text in shown:
            self.console.print(hanging("[dim]·[/dim]", f"[dim]{escape(text)}[/dim]"))

    def choices(self, seat: int, actions: list[Action]) -> Choices:
        """The legal actions with what each does (from the seat's view, or the engine's sentences in
        games without hidden information), grouped as the view groups them."""
        obs = self.state.observation(seat)
        texts = [str(a) for a in actions]
        notes = self.view.choice_notes(obs, seat, texts) or [None] * len(actions)
        notes = [n if n is not None else ("" if self.hidden else _without_subject(self.tracker.named(self.view.move_line(self.state, a, self.names)), self.names[seat]))
                 for a, n in zip(actions, notes)]
        groups = [self.view.choice_group(obs, t) for t in texts]
        return Choices(actions, notes, groups, self.view.group_labels(obs))

    def show_choices(self, choices: Choices, items: list | None = None, whole: bool = False) -> None:
        """The list at the prompt (or `items` of it, the ones a filter matched); the full-screen
        table shows it in its own pane instead."""
        show(self.console, choices, self.T, items, whole)

    # --- the loop -----------------------------------------------------------------------------
    def run(self) -> RunResult:
        if self.humans and not self.save_path:
            raise UsageError("a game with a person at the table needs a save path")
        intro = self.T("list_sep").join(f"{i + 1} {self.label(i)}" for i in range(len(self.seats)))
        self.console.print(self.T("intro", game=escape(self.game.name), seed=self.seed, seats=escape(intro)))
        if not self.state.history:  # a fresh game: what setup told the table (who starts, a head start)
            viewer = self._viewer()
            for entry in log_entries(self.state.observation(0 if viewer is None else viewer)):
                self.console.print(hanging("", escape(self.view.entry_line(entry))))
        try:
            while not self.state.is_over:
                seat = self.state.current_player
                if seat in self.humans:
                    outcome = self._human_turn(seat)
                    if outcome is not None:
                        return outcome
                else:
                    self._bot_turn(seat)
        except _Quit:
            return self._stop("quit")
        except (KeyboardInterrupt, EOFError):
            return self._stop("interrupted")
        return self._finish()

    def _bot_turn(self, seat: int) -> None:
        bot = self.bots[seat]
        if self.console.is_terminal:
            with self.console.status(self.T("thinking", name=self.names[seat], pair=" & " in self.names[seat])):
                action = bot.choose(self.state)
        else:
            action = bot.choose(self.state)
        why = self._why(bot, seat)
        step = self.tracker.apply(self.state, action)
        step.why = why
        self._tell(step, why)

    def _why(self, bot, seat: int) -> str | None:
        return rule_note(self.game, bot, seat, self.hidden, self.T)

    def _tell(self, step, why: str | None = None) -> None:
        """The step's lines, one event a line; a bot's reason under its move; pauses on pile cards."""
        lines = self.tracker.lines(step, self._viewer())
        mark = "[green]>[/green]" if step.seat in self.humans else "[yellow]*[/yellow]"
        self._refresh_names()
        for i, line in enumerate(lines):
            self.recent.append(line.text)
            self.console.print(hanging(mark if i == 0 else "", escape(line.text)))
            if i == 0 and why:
                self._say_why(why)
            if line.picture and self._pausing():
                self._say_picture(line.picture)
                self._pause(line)

    def _say_why(self, why: str) -> None:
        """A bot's reason, under its move (the full-screen table shortens it in its log pane)."""
        self.console.print(hanging("", f"[dim]{escape(why)}[/dim]", 4))

    def _say_picture(self, picture: str) -> None:
        """The pile as it stands, under the card just told (the table shows it beside the choices instead)."""
        self.console.print(hanging("", f"[dim]{escape(picture)}[/dim]", 4))

    def _pausing(self) -> bool:
        return bool(self.humans) and not self.fast

    def _pause(self, line=None) -> None:
        """Wait for Enter on a line with a picture (`line`: the one just told; the table shows it again)."""
        answer = str(self.input_fn(self.T("pause_prompt"))).strip().lower()
        if answer in ("fast", "f"):
            self.fast = True
            self.console.print(f"[dim]{self.T('fast_on')}[/dim]")
        elif answer in ("quit", "q"):
            raise _Quit

    def _viewer(self) -> int | None:
        """Whose view narration follows: the person to move, else the first person, else nobody."""
        cp = self.state.current_player
        if cp in self.humans:
            return cp
        return self.humans[0] if self.humans else None

    def _is_decision(self) -> bool:
        """Whether the person to move has a choice (a forced single action is played for them)."""
        return self.confirm_forced or len(self.state.legal_actions()) > 1

    def _note_decision_point(self) -> None:
        seat = self.state.current_player
        n = len(self.state.history)
        if seat in self.humans and (not self.checkpoints or self.checkpoints[-1].length != n):
            self.checkpoints.append(_Checkpoint(n, self.state.clone()))

    def _human_turn(self, seat: int) -> RunResult | None:
        actions = self.state.legal_actions()
        if len(actions) == 1 and not self.confirm_forced:
            self.console.print(f"[dim]{self.T('forced', name=escape(self.names[seat]), pair=' & ' in self.names[seat], action=escape(str(actions[0])))}[/dim]")
            self._tell(self.tracker.apply(self.state, actions[0]))
            return None
        self._note_decision_point()
        if self.decided:
            try:
                self.autosave()
            except SaloonError as exc:  # keep playing: the game is in memory, and quit saves again
                self.console.print(f"[red]{self.T('could_not_save', error=escape(str(exc)))}[/red]", soft_wrap=True)
        self.draw(seat)
        choices = self.choices(seat, actions)
        self.show_choices(choices)
        while True:
            raw = str(self.input_fn(f"{self.names[seat]}> "))
            problem = input_problem(raw, self.T)
            if problem:
                self.console.print(f"[red]{escape(problem)}[/red]")
                continue
            text = " ".join(raw.split())
            low = text.lower()
            word = low.partition(" ")[0]
            if word in COMMANDS and not self._is_notation(low, actions):
                result = self._command(word, text[len(word):].strip(), seat, choices)
                if isinstance(result, RunResult):
                    return result
                if result == "redraw":
                    return None
                continue
            action, reason, found = self._read_action(text, choices)
            if found:
                self.console.print(self.T("matching", text=escape(shorten(text, 40)), n=len(found)))
                self.show_choices(choices, found)
                continue
            if action is None:
                self.console.print(f"[red]{escape(reason)}[/red]")
                continue
            step = self.tracker.apply(self.state, action)
            self.decided = True
            self._tell(step)
            return None

    @staticmethod
    def _is_notation(text: str, actions: list[Action]) -> bool:
        return any(str(a).lower() == text for a in actions)

    def _read_action(self, text: str, choices: Choices) -> tuple[Action | None, str, list]:
        """The action typed (a number or notation), or why not, or the actions a filter matches."""
        n = len(choices)
        if not text:
            return None, self.T("prompt_empty", n=n), []
        if text.isascii() and text.isdigit():  # not "²" or "٣", which Python also calls digits
            k = int(text)
            if 1 <= k <= n:
                return choices.items[k - 1].action, "", []
            return None, self.T("not_on_list", text=shorten(text, 20), n=n), []
        try:
            return self.state.parse(text), "", []
        except IllegalAction:
            pass
        found = choices.matching(text)
        if found:
            return None, "", found
        return None, self.T("not_legal", text=repr(shorten(text, 60)), n=n), []

    # --- commands -----------------------------------------------------------------------------
    def _command(self, word: str, arg: str, seat: int, choices: Choices):
        if word == "help":
            self._help(arg, seat, choices)
        elif word == "rules":
            self._rules(seat)
        elif word == "log":
            self._log(seat)
        elif word == "hint":
            self._hint(seat, choices)
        elif word == "board":
            return "redraw"
        elif word == "list":
            self.show_choices(choices, whole=True)
        elif word == "fast":
            self.fast = not self.fast
            self.console.print(self.T("fast_on" if self.fast else "fast_off"))
        elif word == "undo":
            return "redraw" if self._undo() else None
        elif word == "save":
            path = Path(arg) if arg else None
            try:
                written = self.autosave(path)
            except (SaloonError, OSError, ValueError) as exc:  # report, keep the game going
                reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
                self.console.print(f"[red]{self.T('not_saved', reason=escape(reason))}[/red]", soft_wrap=True)
                return None
            self.console.print(self.T("saved", path=escape(str(written))), soft_wrap=True)
        elif word == "quit":
            return self._stop("quit")
        return None

    def _help(self, arg: str, seat: int, choices: Choices) -> None:
        obs = self.state.observation(seat)
        entries = explain.glossary(self.game.name, self.game.content, self.game.options, self.lang, self.state.num_players)
        if arg:
            hits = explain.lookup(entries, arg)
            if hits and explain.one_thing(hits):
                for entry in hits:
                    kind = self.T(f"kinds.{entry.kind}")
                    self.console.print(f"[bold]{escape(entry.title)}[/bold] [dim]({escape(kind)})[/dim]: {escape(entry.text)}")
            elif hits:
                self.console.print(self.T("help_which", name=escape(arg), names=escape(", ".join(e.title for e in hits[:12]))))
            else:
                self.console.print(self.T("help_unknown", name=escape(shorten(arg, 40))))
            return
        example = choices.items[0].notation if len(choices) else "pass"
        text = self.T("help", example=escape(example))
        if not self.view.pauses:  # only a game whose play waits for Enter needs `fast`
            text = "\n".join(line for line in text.splitlines() if "[cyan]fast[/cyan]" not in line)
        self.console.print(text)
        rules = self.view.rules_help(obs)
        if rules:
            self.console.print(self.T("rules_in_force") + "\n" + escape(rules))
        kinds: dict[str, list[str]] = {}
        for e in entries:
            kinds.setdefault(e.kind, []).append(e.title)
        listing = "; ".join(f"{self.T(f'kinds.{k}')}: {', '.join(v[:5])}{', …' if len(v) > 5 else ''}" for k, v in kinds.items())
        self.console.print(f"[dim]{self.T('help_names', names=escape(listing))}[/dim]")

    def _rules(self, seat: int) -> None:
        from rich.markdown import Markdown

        text = explain.rules_markup(self.game.name, self.game.content, self.game.options, self.lang)
        self.page(Markdown(explain.terminal_markdown(text, self.T("rules_figure", game=self.game.name))))

    def page(self, renderable) -> None:
        """Print a long text a screenful at a time in a terminal (Enter: more, q: back to the game)."""
        from rich.text import Text

        if not self.console.is_terminal:
            self.console.print(renderable)
            return
        with self.console.capture() as cap:
            self.console.print(renderable)
        lines = cap.get().splitlines()
        size = max(8, self.console.height - 2)
        for start in range(0, len(lines), size):
            for line in lines[start:start + size]:
                self.console.print(Text.from_ansi(line))
            if start + size < len(lines):
                if str(self.input_fn(self.T("more_prompt"))).strip().lower() in ("q", "quit"):
                    break

    def _log(self, seat: int) -> None:
        steps = self.tracker.steps
        if not steps:
            self.console.print(self.T("nothing_yet"))
            return
        from rich.table import Table

        self.console.rule(self.T("seen", name=escape(self.names[seat]), pair=" & " in self.names[seat]))
        grid = Table.grid(padding=(0, 1))
        grid.add_column(justify="right", no_wrap=True)
        grid.add_column(ratio=1, overflow="fold")
        for step in steps:
            for i, line in enumerate(self.tracker.lines(step, seat)):
                grid.add_row(f"{step.index + 1}." if i == 0 else "", escape(line.text))
                if i == 0 and step.why:
                    grid.add_row("", f"[dim]  {escape(step.why)}[/dim]")
        self.page(grid)  # a long game's log a screenful at a time, each line wrapped under its own start

    def _hint(self, seat: int, choices: Choices) -> None:
        if len(choices) == 1:
            self.console.print(self.T("one_action", action=escape(choices.items[0].notation)))
            return
        goal = self.goal()
        if self.console.is_terminal:
            with self.console.status(self.T("hint_thinking")):
                advice = advise(self.state, self.seed, self.hint_iterations, goal=goal)
        else:
            advice = advise(self.state, self.seed, self.hint_iterations, goal=goal)
        self.console.print(self.T("hint_head", n=self.hint_iterations, k=FINISHES))
        if goal is not None:
            self.console.print(self.T("hint_goal", k=FINISHES))
        numbers = {c.notation: c.number for c in choices.items}
        for rank, a in enumerate(advice, 1):
            chance = self.T("unknown") if math.isnan(a.win) else f"{a.win:.0%}"
            line = self.T("hint_line", rank=rank, k=numbers.get(str(a.action), "?"), action=escape(str(a.action)),
                          chance=chance, score=escape(self.view.score_text(a.score)), visits=a.visits)
            met = "" if math.isnan(a.goal) else " " + self.T("hint_met", share=f"{a.goal:.0%}")
            self.console.print(line + met)
        self.hints += 1

    def goal(self) -> Callable[[State], bool] | None:
        """Whether a finished game meets what the person plays for, beyond winning (a scenario's objective)."""
        return None

    def _undo(self) -> bool:
        n = len(self.state.history)
        # the checkpoint of the current decision is the last one; go back to the one before it
        current = len(self.checkpoints) - 1
        while current >= 0 and self.checkpoints[current].length >= n:
            current -= 1
        target_index = current
        if target_index < 0:
            self.console.print(f"[red]{self.T('nothing_to_undo')}[/red]")
            return False
        target = self.checkpoints[target_index]
        for step in self.tracker.steps[target.length:n]:
            if step.taint:
                self.console.print(f"[red]{self.T('cannot_undo', why=escape(step.taint))}[/red]")
                return False
        taken = self.tracker.steps[target.length:n]
        self.state = target.state.clone()
        self.tracker.truncate(target.length)
        del self.checkpoints[target_index + 1:]
        viewer = self.state.current_player
        for step in taken:
            first = self.tracker.lines(step, viewer)
            text = first[0].text if first else step.notation
            self.console.print(f"[magenta]{self.T('undone')}[/magenta] {escape(text)}")
        return True

    # --- saving and the end -------------------------------------------------------------------
    def current_save(self) -> saves.Save:
        over = self.state.is_over
        return saves.Save(
            self.state.record(),
            list(self.seats),
            finished=over,
            outcome=self.state.result().to_json() if over else None,
            extra=self.reasons_extra(),
        )

    def reasons_extra(self) -> dict:
        """The bots' reasons told so far, for the save (`extra.reasons`: move number -> note)."""
        kept = {str(step.index): step.why for step in self.tracker.steps if step.why}
        return {"reasons": kept} if kept else {}

    def autosave(self, path: Path | None = None) -> Path | None:
        target = path or self.save_path
        if target is None:
            return None
        return saves.write_save(target, self.current_save(), hide_moves=self.hidden)

    def _stop(self, status: str) -> RunResult:
        self.console.print()
        if not self.humans and self.save_path is None:
            self.console.print(self.T("stopped"))
            return RunResult(status, self.state, None)
        if not self.decided:  # nothing decided yet: leave no file behind
            self.console.print(self.T("nothing_saved"))
            return RunResult(status, self.state, None)
        try:
            path = self.autosave()
        except SaloonError as exc:  # never lose the game: keep it in the data folder, then ask where
            path = self._keep_elsewhere(exc, ask=status == "quit")
        self.console.print(self.T("game_saved", path=escape(str(path))), soft_wrap=True)
        self.console.print(self.T("resume_with", path=escape(str(path))), soft_wrap=True)
        return RunResult(status, self.state, path)

    def _keep_elsewhere(self, exc: Exception, ask: bool) -> Path | None:
        """The save at quit failed (`exc`): write the game to the user's data folder, say so, and (`ask`)
        ask again where to save it until a save succeeds or the person keeps the data folder's copy."""
        name = (self.save_path or Path("game.json")).name
        kept = self.autosave(saves.fallback_dir() / name)
        self.console.print(f"[red]{self.T('could_not_save', error=escape(str(exc)))}[/red]", soft_wrap=True)
        self.console.print(self.T("kept_instead", path=escape(str(kept))), soft_wrap=True)
        while ask:
            try:
                answer = str(self.input_fn(self.T("save_where_prompt"))).strip()
            except (KeyboardInterrupt, EOFError):
                break
            if not answer:
                break
            try:
                return self.autosave(Path(answer))
            except SaloonError as again:
                self.console.print(f"[red]{self.T('could_not_save', error=escape(str(again)))}[/red]", soft_wrap=True)
        return kept

    def _finish(self) -> RunResult:
        viewer = self.humans[0] if self.humans else 0
        self.console.rule(f"[bold]{self.T('game_over')}[/bold]")
        self.console.print(self.view.draw(self.state.observation(viewer), viewer))
        show_ending(self.console, self.state, self.view, self.T, self.label, self.names)
        path = self.autosave() if self.decided else None
        if path is not None:
            self.console.print(self.T("record_saved", path=escape(str(path))), soft_wrap=True)
        return RunResult("finished", self.state, path, self.hints)


def hanging(mark: str, markup: str, indent: int = 2):
    """A line that wraps under its own start, not under the mark before it."""
    from rich.table import Table

    grid = Table.grid(padding=(0, 1 if indent == 2 else indent - 1))
    grid.add_column(width=1, no_wrap=True)
    grid.add_column(ratio=1, overflow="fold")  # a text without spaces (Japanese) wraps by display width, never cut
    grid.add_row(mark, Flow.of(markup))  # Japanese breaks where a line may (an amount kept whole), by display width
    return grid


def _without_subject(sentence: str, name: str) -> str:
    """"Eagle Perkins steals 3 black cattle." -> "steals 3 black cattle" (the list is the seat's own)."""
    text = sentence.rstrip(".")
    return text[len(name) + 1:] if text.startswith(name + " ") else text


__all__ = ["Referee", "RunResult", "parse_seat_list", "input_problem", "fmt_score", "HELP"]
