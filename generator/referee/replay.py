"""`saloon replay FILE`: step through a saved or finished game, forward and back.

The whole record is checked first (every move replayed) so a bad file is one error line before
anything is shown. Narration follows the person's seat (seat 1's for a record without one), as it
was told at the table; `reveal` (finished games only) names every hidden play and shows each seat's
hidden cards at every position.

At the prompt: Enter or n next move, b back, a number jumps to after that move, `r N` to the start
of round N (Longhorn: turn N), s the start, e the end, q quits.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable

from rich.console import Console
from rich.markup import escape

from ..errors import IllegalAction, OptionError, RecordError, UnknownGame, UsageError, quote
from ..games import load_game
from ..words.text import Texts
from . import saves
from .ending import seat_label, show_ending
from .scenario import saved_start
from .tracking import Step, Tracker
from .views import get_view

InputFn = Callable[[str], str]


def saved_game(path: Path, rec, root: Path | None = None):
    """The game a save was played with, or one RecordError line naming the file."""
    try:
        g = load_game(rec.game, root, **rec.options)
        g.check_players(rec.players)
    except (OptionError, UnknownGame) as exc:
        raise RecordError(f"save file {quote(str(path), 200)}: {exc}") from None
    return g


def run_replay(path: Path, *, input_fn: InputFn, console: Console, lang: str = "en", reveal: bool = False,
               root: Path | None = None) -> int:
    """Step through a saved game; returns how many moves were told."""
    T = Texts(lang, "referee")
    path = Path(path)
    save = saves.read_save(path)
    rec = save.record
    actions = list(rec.actions)
    if save.extra.get("scenario"):  # a scenario's game starts from the scenario's position
        started = saved_start(save, root)
        assert started is not None
        _, _, g, state, actions = started
    else:
        g = saved_game(path, rec, root)
        state = g.new_game(rec.players, rec.seed)
    state.full_narration()
    view = get_view(g.name, g.content, lang)
    humans = save.humans
    viewer = None if reveal else (humans[0] if humans else 0)
    view.spectator = viewer is None or viewer not in humans

    def seat_labels() -> list[str]:
        found = view.seat_names(state.observation(0)) or []
        return [found[i] if i < len(found) else T("seat", n=i + 1) for i in range(rec.players)]

    names = seat_labels()
    tracker = Tracker([viewer] if viewer is not None else [], view, names, rec.seed)
    positions = [state.clone()]
    steps: list[Step] = []
    reasons = saves.reasons_of(save)
    for i, text in enumerate(actions):  # the whole record, checked before anything is shown
        try:
            action = state.parse(text)
        except IllegalAction as exc:
            raise RecordError(f"save file {quote(str(path), 200)}: move {i + 1} {quote(text)}: {exc}") from None
        steps.append(tracker.apply(state, action))
        steps[-1].why = reasons.get(len(state.history) - 1)
        names[:] = seat_labels()  # seats may have chosen their bandits (the tracker shares this list)
        positions.append(state.clone())
    if reveal and not state.is_over:
        raise UsageError(f"--reveal shows hidden cards of finished games only; {str(path)!r} stops after move {len(actions)}")
    last = len(steps)
    seat_view = viewer if viewer is not None else 0

    def label(i: int) -> str:
        return seat_label(names[i], save.seats[i], i in humans, T, lang)

    seen = "" if viewer is None else T("replay_seen", name=names[viewer], pair=" & " in names[viewer])
    console.print(T("replay", path=escape(str(path)), game=rec.game, seed=rec.seed, n=last, seen=escape(seen)))
    console.print(T("replay_keys", word=view.round_word))

    def show(pos: int) -> None:
        st = positions[pos]
        if pos:
            console.rule(T("replay_move", i=pos))
            step = steps[pos - 1]
            for k, line in enumerate(tracker.lines(step, viewer)):
                console.print(f"{'*' if k == 0 else ' '} {escape(line.text)}")
                if k == 0 and step.why:
                    console.print(f"    [dim]{escape(step.why)}[/dim]")
        console.print(view.draw(st.observation(seat_view), seat_view))
        status = view.status(st.observation(seat_view), seat_view)
        if status:
            console.print(status)
        if reveal:
            for s in range(rec.players):
                for line in view.secrets(st.observation(s), s):
                    console.print(f"[dim]{escape(names[s])} — {escape(line)}[/dim]")

    def ending() -> None:
        if positions[last].is_over:
            console.rule(f"[bold]{T('game_over')}[/bold]")
            show_ending(console, positions[last], view, T, label, names)
        else:
            console.print(T("replay_end"))

    show(0)
    if last == 0:
        ending()
        return 0
    pos = told = 0
    while True:
        try:
            answer = " ".join(str(input_fn(T("replay_prompt", i=pos, n=last))).split()).lower()
        except (EOFError, KeyboardInterrupt):
            console.print()
            return told
        target = _target(answer, pos, last, positions, view)
        if target == "quit":
            return told
        if target is None:
            console.print(f"[red]{T('replay_unknown', text=escape(answer[:40]), word=view.round_word)}[/red]")
            continue
        if target == pos:
            if pos == last and answer in ("", "n", "next"):
                return told
            console.print(T("replay_here", i=pos, n=last))
            continue
        pos = target
        show(pos)
        told += 1
        if pos == last:
            ending()
            if answer in ("", "n", "next"):  # read to the end: done
                return told


def _target(answer: str, pos: int, last: int, positions: list, view) -> int | str | None:
    """The position an answer at the replay prompt asks for ("quit", or None when not understood)."""
    if answer in ("", "n", "next"):
        return min(pos + 1, last)
    if answer in ("q", "quit", "exit"):
        return "quit"
    if answer in ("b", "back", "p", "prev"):
        return max(pos - 1, 0)
    if answer in ("s", "start"):
        return 0
    if answer in ("e", "end"):
        return last
    if answer.isascii() and answer.isdigit():
        return max(0, min(int(answer), last))
    word, _, rest = answer.partition(" ")
    if word in ("r", "round", "t", "turn") and rest.isascii() and rest.isdigit():
        want = int(rest)
        for i, st in enumerate(positions):
            at = view.round_of(st.observation(0))
            if at is not None and at >= want:
                return i
        return last
    return None
