"""The play loop: any game of the engine contract, people and bots at the seats, one rich console.

`Referee.run()` plays until the game ends, the person quits, or input ends (EOF / Ctrl-C), saving
the game in every case but a finished-and-saved one. Input comes from `input_fn(prompt)`, so tests
script it; output goes to the given rich Console.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from ..bots import make_bot
from ..bots.mcts import MCTSBot
from ..engine.core import Action, Game, State
from ..errors import IllegalAction, RecordError, SaloonError, UsageError, quote, shorten
from ..simulate import bot_seed
from ..texts import Texts, say
from . import saves
from .tracking import Tracker, has_hidden_information
from .views import View, get_view

InputFn = Callable[[str], str]

HELP = say("en", "referee", "help")  # the English text; a Referee speaks its own language (templates/<lang>/referee.yaml)

COMMANDS = ("help", "log", "hint", "undo", "board", "save", "quit")
MAX_INPUT_CHARS = 200  # longer than any action's notation or a save path worth typing


def input_problem(raw: str) -> str | None:
    """Why a line typed at the prompt cannot be read at all (too long, control characters), or None."""
    if len(raw) > MAX_INPUT_CHARS:
        return f"that line has {len(raw):,} characters (at most {MAX_INPUT_CHARS}); type a number, an action as listed, or help"
    if any(not ch.isprintable() and ch not in " \t" for ch in raw):
        return "that line holds control characters or bytes that are not text; type a number, an action as listed, or help"
    return None


@dataclass
class RunResult:
    status: str  # "finished", "quit" (saved), "interrupted" (EOF / Ctrl-C, saved)
    state: State
    save_path: Path | None


@dataclass
class _Checkpoint:
    length: int  # history length at the decision
    state: State  # a pristine copy of the position (never played on)


def parse_seat_list(text: str | list[str]) -> list[str]:
    """`you,mcts` -> ["you", "mcts"]; every non-person seat must be a bot spec."""
    seats = [s.strip().lower() for s in (text.split(",") if isinstance(text, str) else text) if s.strip()]
    if not seats:
        raise UsageError(f"--seats {text!r}: expected a comma-separated list such as you,mcts")
    for spec in seats:
        if not saves.is_human(spec):
            make_bot(spec, 0)  # a clear UsageError on an unknown bot
    return ["you" if saves.is_human(s) else s for s in seats]


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
    ):
        self.T = Texts(lang, "referee")
        self.game = game
        self.seats = list(seats)
        self.seed = seed
        self.input_fn = input_fn
        self.console = console
        self.save_path = Path(save_path) if save_path else None
        self.hint_iterations = hint_iterations
        self.view = view or get_view(game.name, game.content)
        self.humans = [i for i, s in enumerate(self.seats) if saves.is_human(s)]
        self.view.spectator = not self.humans
        self.state = state if state is not None else game.new_game(len(self.seats), seed)
        if self.state.num_players != len(self.seats):
            raise UsageError(f"{len(self.seats)} seats given ({','.join(self.seats)}) for a {self.state.num_players}-player game")
        self.hidden = has_hidden_information(self.state)
        self.bots = {i: make_bot(spec, bot_seed(seed, i)) for i, spec in enumerate(self.seats) if i not in self.humans}
        self.names = self._seat_names()
        self.tracker = Tracker(self.humans, self.view, self.names, seed)
        self.checkpoints: list[_Checkpoint] = []
        for text in record_actions or []:  # a resumed game: replay quietly, remembering what was seen
            self._note_decision_point()
            try:
                action = self.state.parse(text)
            except IllegalAction as exc:
                raise RecordError(f"save: move {len(self.state.history) + 1} {text!r}: {exc}") from exc
            self.tracker.apply(self.state, action)
        self._refresh_names()

    # --- names and drawing --------------------------------------------------------------------
    def _seat_names(self) -> list[str]:
        names = self.view.seat_names(self.state.observation(0)) or []
        out = []
        for i in range(len(self.seats)):
            base = names[i] if i < len(names) else self.T("seat", n=i + 1)
            out.append(base)
        return out

    def _refresh_names(self) -> None:
        """Seat names can change during play (Colt Express seats choose their bandits): update the
        list in place, so the tracker, which shares it, names seats the same way."""
        self.names[:] = self._seat_names()

    def label(self, seat: int) -> str:
        who = self.T("you") if seat in self.humans else self.seats[seat]
        return f"{self.names[seat]} ({who})"

    def draw(self, seat: int) -> None:
        obs = self.state.observation(seat)
        self.console.rule(self.T("to_play", name=escape(self.names[seat]), n=len(self.state.history) + 1))
        self.console.print(self.view.draw(obs, seat))
        line = self.view.status(obs, seat)
        if line:
            self.console.print(line)

    def show_actions(self, actions: list[Action]) -> None:
        describe = not self.hidden  # own-move sentences can peek at hidden values in hidden-info games
        width = len(str(len(actions)))
        if len(actions) <= 16:
            table = Table(show_header=False, box=None, padding=(0, 1), pad_edge=False)
            table.add_column(justify="right", style="bold cyan")
            table.add_column(style="bold")
            if describe:
                table.add_column(style="dim")
            for i, a in enumerate(actions, 1):
                row = [f"{i:>{width}}", escape(str(a))]
                if describe:
                    row.append(escape(self.state.describe(a)))
                table.add_row(*row)
            self.console.print(table)
        else:
            from rich.columns import Columns

            cells = [f"[bold cyan]{i:>{width}}[/bold cyan] {escape(str(a))}" for i, a in enumerate(actions, 1)]
            self.console.print(Columns(cells, column_first=True, padding=(0, 3)))

    # --- the loop -----------------------------------------------------------------------------
    def run(self) -> RunResult:
        if self.humans and not self.save_path:
            raise UsageError("a game with a person at the table needs a save path")
        intro = ", ".join(self.label(i) for i in range(len(self.seats)))
        self.console.print(self.T("intro", game=escape(self.game.name), seed=self.seed, seats=escape(intro)))
        try:
            while not self.state.is_over:
                seat = self.state.current_player
                if seat in self.humans:
                    outcome = self._human_turn(seat)
                    if outcome is not None:
                        return outcome
                else:
                    self._bot_turn(seat)
        except (KeyboardInterrupt, EOFError):
            return self._stop("interrupted")
        return self._finish()

    def _bot_turn(self, seat: int) -> None:
        bot = self.bots[seat]
        if self.console.is_terminal:
            with self.console.status(self.T("thinking", name=self.names[seat])):
                action = bot.choose(self.state)
        else:
            action = bot.choose(self.state)
        why = self._why(bot)
        step = self.tracker.apply(self.state, action)
        self._tell(step)
        if why:
            self.console.print(f"    [dim]{escape(why)}[/dim]", overflow="fold")

    def _why(self, bot) -> str | None:
        """A table bot's reason, as its printed sheet words it ("bot sheet, rule 3: ...")."""
        choice = getattr(bot, "last", None)
        if choice is None or getattr(bot, "table", None) is None or (choice.rule is None and choice.tied == 1):
            return None  # not a table bot, or a forced choice: nothing to explain
        from ..tables.text import explain

        return self.T("why", level=bot.table.level, decision=self.game.content.decisions[choice.kind].name["en"].lower(),
                      reason=explain(self.game.content, bot.table, choice))

    def _tell(self, step) -> None:
        viewer = self._viewer()
        text = self.tracker.told(step, viewer)
        mark = "[green]>[/green]" if step.seat in self.humans else "[yellow]*[/yellow]"
        self.console.print(f"{mark} {escape(text)}")
        self._refresh_names()

    def _viewer(self) -> int | None:
        """Whose view narration follows: the person to move, else the first person, else nobody."""
        cp = self.state.current_player
        if cp in self.humans:
            return cp
        return self.humans[0] if self.humans else None

    def _note_decision_point(self) -> None:
        seat = self.state.current_player
        n = len(self.state.history)
        if seat in self.humans and (not self.checkpoints or self.checkpoints[-1].length != n):
            self.checkpoints.append(_Checkpoint(n, self.state.clone()))

    def _human_turn(self, seat: int) -> RunResult | None:
        self._note_decision_point()
        try:
            self.autosave()
        except SaloonError as exc:  # keep playing: the game is in memory, and quit saves again
            self.console.print(f"[red]{self.T('could_not_save', error=escape(str(exc)))}[/red]", soft_wrap=True)
        self.draw(seat)
        actions = self.state.legal_actions()
        self.show_actions(actions)
        while True:
            raw = str(self.input_fn(f"{self.names[seat]}> "))
            problem = input_problem(raw)
            if problem:
                self.console.print(f"[red]{escape(problem)}[/red]")
                continue
            text = " ".join(raw.split())
            low = text.lower()
            word, _, rest = low.partition(" ")
            if word in COMMANDS and not self._is_notation(low, actions):
                result = self._command(word, text[len(word):].strip(), seat, actions)
                if isinstance(result, RunResult):
                    return result
                if result == "redraw":
                    return None
                continue
            action, reason = self._read_action(text, actions)
            if action is None:
                self.console.print(f"[red]{escape(reason)}[/red]")
                continue
            step = self.tracker.apply(self.state, action)
            self._tell(step)
            return None

    @staticmethod
    def _is_notation(text: str, actions: list[Action]) -> bool:
        return any(str(a).lower() == text for a in actions)

    def _read_action(self, text: str, actions: list[Action]) -> tuple[Action | None, str]:
        n = len(actions)
        if not text:
            return None, self.T("prompt_empty", n=n)
        if text.isascii() and text.isdigit():  # not "²" or "٣", which Python also calls digits
            k = int(text)
            if 1 <= k <= n:
                return actions[k - 1], ""
            return None, self.T("not_on_list", text=shorten(text, 20), n=n)
        try:
            return self.state.parse(text), ""
        except IllegalAction:
            pass
        low = text.lower()
        close = [str(a) for a in actions if str(a).lower().startswith(low)]
        if close:
            shown = ", ".join(close[:6]) + (", ..." if len(close) > 6 else "")
            return None, self.T("not_whole", text=quote(text), shown=shown)
        return None, self.T("not_legal", text=quote(text), n=n)

    # --- commands -----------------------------------------------------------------------------
    def _command(self, word: str, arg: str, seat: int, actions: list[Action]):
        if word == "help":
            self.console.print(self.T("help"))
            rules = self.view.rules_help(self.state.observation(seat))
            if rules:
                self.console.print(self.T("rules_in_force") + "\n" + escape(rules))
        elif word == "log":
            self._log(seat)
        elif word == "hint":
            self._hint(seat, actions)
        elif word == "board":
            return "redraw"
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

    def _log(self, seat: int) -> None:
        steps = self.tracker.steps
        if not steps:
            self.console.print(self.T("nothing_yet"))
            return
        self.console.rule(self.T("seen", name=escape(self.names[seat])))
        for step in steps:
            self.console.print(f"{step.index + 1:>4}. {escape(self.tracker.told(step, seat))}")

    def _hint(self, seat: int, actions: list[Action]) -> None:
        if len(actions) == 1:
            self.console.print(self.T("one_action", action=escape(str(actions[0]))))
            return
        bot = MCTSBot(bot_seed(self.seed, 1000 + len(self.state.history)), iterations=self.hint_iterations)
        if self.console.is_terminal:
            with self.console.status(self.T("hint_thinking")):
                action, value, _ = bot.analyse(self.state)
        else:
            action, value, _ = bot.analyse(self.state)
        k = actions.index(action) + 1
        chance = self.T("unknown") if math.isnan(value) else f"{value:.0%}"
        self.console.print(self.T("hint", n=self.hint_iterations, k=k, action=escape(str(action)), chance=chance))

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
            self.console.print(f"[magenta]{self.T('undone')}[/magenta] {escape(self.tracker.told(step, viewer))}")
        return True

    # --- saving and the end -------------------------------------------------------------------
    def current_save(self) -> saves.Save:
        over = self.state.is_over
        return saves.Save(
            self.state.record(),
            list(self.seats),
            finished=over,
            outcome=self.state.result().to_json() if over else None,
        )

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
        path = self.autosave()
        self.console.print(self.T("game_saved", path=escape(str(path))), soft_wrap=True)
        self.console.print(self.T("resume_with", path=escape(str(path))), soft_wrap=True)
        return RunResult(status, self.state, path)

    def _finish(self) -> RunResult:
        outcome = self.state.result()
        viewer = self.humans[0] if self.humans else 0
        T = self.T
        self.console.rule(f"[bold]{T('game_over')}[/bold]")
        self.console.print(self.view.draw(self.state.observation(viewer), viewer))
        table = Table(title=T("final_scores"))
        table.add_column(T("col_seat"), justify="right")
        table.add_column(T("col_player"))
        table.add_column(T("col_score"), justify="right")
        table.add_column("")
        for i, score in enumerate(outcome.scores):
            won = i in outcome.winners
            table.add_row(str(i + 1), escape(self.label(i)), _fmt_score(score), f"[bold green]{T('winner_mark')}[/bold green]" if won else "")
        self.console.print(table)
        winners = T("and").join(self.label(i) for i in outcome.winners)
        if not outcome.winners:
            self.console.print(T("nobody_wins"))
        elif len(outcome.winners) == 1:
            self.console.print(T("winner", who=escape(winners)))
        else:
            self.console.print(T("shared_win", who=escape(winners)))
        reason = outcome.reason.value.replace("_", " ")
        self.console.print(T("ended", reason=escape(reason), detail=escape(outcome.detail) if outcome.detail else ""))
        path = self.autosave()
        if path is not None:
            self.console.print(T("record_saved", path=escape(str(path))), soft_wrap=True)
        return RunResult("finished", self.state, path)


def _fmt_score(score: float) -> str:
    return str(int(score)) if float(score).is_integer() else f"{score:g}"
