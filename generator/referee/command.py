"""Typer-ready commands `play` and `replay` (the CLI registers them), over plain functions that
tests drive with scripted input and a recording console."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Callable, Optional

import typer
from rich.console import Console
from rich.markup import escape

from ..engine.core import Game
from ..errors import IllegalAction, OptionError, RecordError, UnknownGame, UsageError, quote
from ..games import load_game, parse_option_pairs
from ..simulate import check_bots, check_seed
from ..texts import Texts, check_language
from . import saves
from .loop import Referee, RunResult, parse_seat_list
from .tracking import Tracker, has_hidden_information
from .views import get_view

InputFn = Callable[[str], str]


UNREADABLE_INPUT = "\x00 input that is not UTF-8 text"  # what the prompt gets for undecodable bytes


def _console_input(console: Console) -> InputFn:
    def ask(prompt: str) -> str:
        try:
            return console.input(f"[bold cyan]{escape(prompt)}[/bold cyan]")
        except UnicodeDecodeError:  # bytes from a pipe or a terminal in another encoding
            return UNREADABLE_INPUT

    return ask


def _saved_game(path: Path, rec) -> Game:
    """The game a save was played with, or one RecordError line naming the file."""
    try:
        g = load_game(rec.game, **rec.options)
        g.check_players(rec.players)
    except (OptionError, UnknownGame) as exc:
        raise RecordError(f"save file {quote(str(path), 200)}: {exc}") from None
    return g


def run_play(
    game: str | None = None,
    seats: str | list[str] | None = None,
    seed: int | None = None,
    players: int | None = None,
    resume: Path | None = None,
    options: dict | None = None,
    save_dir: Path = Path("output/saves"),
    *,
    input_fn: InputFn | None = None,
    console: Console | None = None,
    hint_iterations: int = 400,
    lang: str = "en",
    scenario: str | None = None,
) -> RunResult:
    check_language(lang)
    console = console or Console(highlight=False)
    input_fn = input_fn or _console_input(console)
    if scenario is not None:
        if resume is not None or seats is not None or seed is not None or players is not None or options:
            raise UsageError("--scenario sets up the game itself: drop --resume, --seats, --seed, --players and --option")
        from ..scenarios.play import run_scenario

        return run_scenario(game, scenario, Path(save_dir), input_fn=input_fn, console=console, hint_iterations=hint_iterations,
                            lang=lang)
    if resume is not None:
        return _resume(Path(resume), game, seats, options, input_fn=input_fn, console=console, hint_iterations=hint_iterations,
                       lang=lang)
    if not game:
        raise UsageError("name a game to play (e.g. saloon play longhorn) or give --resume FILE")
    check_seed(seed)
    g = load_game(game, **(options or {}))
    if seats is None:
        n = g.check_players(players)
        seat_list = ["you"] + ["mcts"] * (n - 1)
    else:
        seat_list = parse_seat_list(seats)
        if players is not None and players != len(seat_list):
            raise UsageError(f"--players {players} but {len(seat_list)} seats given ({','.join(seat_list)})")
        g.check_players(len(seat_list))
    check_bots(g.name, [s for s in seat_list if not saves.is_human(s)])  # before the first move
    if seed is None:
        seed = random.SystemRandom().randrange(1_000_000)
    humans = [s for s in seat_list if saves.is_human(s)]
    save_path = saves.default_save_path(Path(save_dir), g.name, seed) if humans else None
    referee = Referee(g, seat_list, seed, input_fn=input_fn, console=console, save_path=save_path, hint_iterations=hint_iterations,
                      lang=lang)
    return referee.run()


def _resume(path: Path, game: str | None, seats, options, *, input_fn, console, hint_iterations, lang="en") -> RunResult:
    save = saves.read_save(path)
    rec = save.record
    if game and game != rec.game:
        raise UsageError(f"--resume {str(path)!r} holds a {rec.game} game, not {game}")
    if options:
        raise UsageError("--option cannot change a resumed game: its options are in the save file")
    if save.finished:
        raise UsageError(f"{str(path)!r}: that game is over; watch it with saloon replay {path}")
    if save.extra.get("scenario"):  # a scenario's game: it starts from the scenario, not a fresh deal
        if seats is not None:
            raise UsageError("--seats cannot change a scenario's seats")
        from ..scenarios.play import resume_scenario

        return resume_scenario(save, path, input_fn=input_fn, console=console, hint_iterations=hint_iterations, lang=lang)
    seat_list = parse_seat_list(seats) if seats is not None else save.seats
    if len(seat_list) != rec.players:
        raise UsageError(f"{len(seat_list)} seats given for the saved {rec.players}-player game")
    check_bots(rec.game, [s for s in seat_list if not saves.is_human(s)])
    g = _saved_game(path, rec)
    state = g.new_game(rec.players, rec.seed)
    try:
        referee = Referee(
            g, seat_list, rec.seed, input_fn=input_fn, console=console, save_path=path, state=state,
            record_actions=rec.actions, hint_iterations=hint_iterations, lang=lang,
        )
    except RecordError as exc:
        raise RecordError(f"save file {quote(str(path), 200)}: {str(exc).removeprefix('save: ')}") from None
    console.print(Texts(lang, "referee")("resumed", path=escape(str(path)), n=len(rec.actions)), soft_wrap=True)
    return referee.run()


def run_replay(path: Path, *, input_fn: InputFn | None = None, console: Console | None = None, lang: str = "en") -> int:
    """Step through a saved or finished game from the person's seat; returns the moves shown."""
    T = Texts(lang, "referee")
    console = console or Console(highlight=False)
    input_fn = input_fn or _console_input(console)
    save = saves.read_save(Path(path))
    rec = save.record
    actions = rec.actions
    if save.extra.get("scenario"):  # a scenario's game starts from the scenario's position
        from ..scenarios.play import saved_start

        _, _, g, state, actions = saved_start(save)
    else:
        g = _saved_game(Path(path), rec)
        state = g.new_game(rec.players, rec.seed)
    view = get_view(g.name, g.content)
    humans = save.humans
    viewer = humans[0] if humans else None
    seat_view = viewer if viewer is not None else 0

    def seat_labels() -> list[str]:
        found = view.seat_names(state.observation(0)) or []
        return [found[i] if i < len(found) else T("seat", n=i + 1) for i in range(rec.players)]

    names = seat_labels()
    tracker = Tracker([viewer] if viewer is not None else [], view, names, rec.seed)
    seen = "" if viewer is None else T("replay_seen", name=names[viewer])
    console.print(T("replay", path=escape(str(path)), game=rec.game, seed=rec.seed, n=len(actions), seen=escape(seen)))
    console.print(T("replay_keys"))
    console.print(view.draw(state.observation(seat_view), seat_view))
    shown = 0
    for i, text in enumerate(actions):
        try:
            answer = input_fn(T("replay_prompt", i=i + 1, n=len(actions)))
        except (EOFError, KeyboardInterrupt):
            console.print()
            break
        if answer.strip().lower() in ("q", "quit", "exit"):
            break
        try:
            action = state.parse(text)
        except IllegalAction as exc:  # a damaged record: say where, stop cleanly
            raise RecordError(f"save file {quote(str(path), 200)}: move {i + 1} {quote(text)}: {exc}") from None
        step = tracker.apply(state, action)
        names[:] = seat_labels()  # seats may have chosen their bandits (the tracker shares this list)
        console.rule(T("replay_move", i=i + 1))
        console.print(escape(tracker.told(step, viewer)))
        console.print(view.draw(state.observation(seat_view), seat_view))
        line = view.status(state.observation(seat_view), seat_view)
        if line:
            console.print(line)
        shown += 1
    else:
        if state.is_over:
            out = state.result()
            winners = T("and").join(names[w] for w in out.winners) or T("nobody")
            scores = ", ".join(f"{names[i]} {s:g}" for i, s in enumerate(out.scores))
            console.print(T("replay_over", scores=escape(scores), winners=escape(winners), reason=out.reason.value.replace("_", " ")))
        else:
            console.print(T("replay_end"))
    return shown


# --- Typer-ready commands (cli.py registers these) -----------------------------------------------


def play(
    game: Optional[str] = typer.Argument(None, help="Game id (see `saloon games`); not needed with --resume."),
    seats: Optional[str] = typer.Option(None, "--seats", help="Who sits where: 'you' for a person, else a bot (random, greedy, mcts[:N], solver). Default: you, then mcts."),
    seed: Optional[int] = typer.Option(None, "--seed", help="Game seed (random when omitted; it is printed)."),
    players: Optional[int] = typer.Option(None, "--players", "-p", help="Player count (default: the number of seats)."),
    resume: Optional[Path] = typer.Option(None, "--resume", help="Continue the game saved in FILE."),
    option: Optional[list[str]] = typer.Option(None, "--option", "-o", help="Game option NAME=VALUE (repeatable)."),
    save_dir: Path = typer.Option(Path("output/saves"), "--save-dir", help="Folder for save files."),
    lang: str = typer.Option("en", "--lang", help="Language of the referee's fixed texts: en|es|ja (notation stays the same)."),
    scenario: Optional[str] = typer.Option(None, "--scenario", help="Play a scenario or puzzle: FILE#ID, or GAME --scenario ID (see saloon scenarios list GAME)."),
) -> None:
    """Play a game in the terminal against bots; the engine referees every move."""
    run_play(game, seats, seed, players, resume, parse_option_pairs(option), save_dir, lang=lang.lower(), scenario=scenario)


def replay(
    file: Path = typer.Argument(..., help="A save file or record to step through."),
    lang: str = typer.Option("en", "--lang", help="Language of the referee's fixed texts: en|es|ja."),
) -> None:
    """Step through a saved or finished game: Enter for the next move, q to quit."""
    run_replay(file, lang=lang.lower())
