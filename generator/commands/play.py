"""Typer-ready commands `play`, `replay` and `saves` (the CLI registers them), over plain functions that
tests drive with scripted input and a recording console."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Callable, Optional

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from ..bots.table import seated_for
from ..errors import RecordError, UsageError, quote
from ..games import load_game
from .options import parse_option_pairs
from ..sim.simulate import check_bots, check_seed
from ..words.text import Texts, check_language
from ..referee import saves
from ..referee.loop import Referee, RunResult, parse_seat_list
from ..referee.replay import run_replay as _run_replay
from ..referee.replay import saved_game
from ..referee.scenario import resume_scenario, run_scenario

InputFn = Callable[[str], str]


UNREADABLE_INPUT = "\x00 input that is not UTF-8 text"  # what the prompt gets for undecodable bytes


def _console_input(console: Console) -> InputFn:
    def ask(prompt: str) -> str:
        try:
            return console.input(f"[bold cyan]{escape(prompt)}[/bold cyan]")
        except UnicodeDecodeError:  # bytes from a pipe or a terminal in another encoding
            return UNREADABLE_INPUT

    return ask


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
    fast: bool = False,
    confirm_forced: bool = False,
    scenario: str | None = None,
) -> RunResult:
    check_language(lang)
    console = console or Console(highlight=False)
    input_fn = input_fn or _console_input(console)
    if scenario is not None:
        if resume is not None or seats is not None or seed is not None or players is not None or options:
            raise UsageError("--scenario sets up the game itself: drop --resume, --seats, --seed, --players and --option")
        return run_scenario(game, scenario, Path(save_dir), input_fn=input_fn, console=console, hint_iterations=hint_iterations,
                            lang=lang, fast=fast, confirm_forced=confirm_forced)
    if resume is not None:
        return _resume(Path(resume), game, seats, options, input_fn=input_fn, console=console, hint_iterations=hint_iterations,
                       lang=lang, fast=fast, confirm_forced=confirm_forced)
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

    g = seated_for(g, [None if saves.is_human(s) else s for s in seat_list])  # a table plays as printed (bot-seat rules)
    if seed is None:
        seed = random.SystemRandom().randrange(1_000_000)
    humans = [s for s in seat_list if saves.is_human(s)]
    save_path = saves.default_save_path(Path(save_dir), g.name, seed) if humans else None
    referee = Referee(g, seat_list, seed, input_fn=input_fn, console=console, save_path=save_path, hint_iterations=hint_iterations,
                      lang=lang, fast=fast, confirm_forced=confirm_forced)
    return referee.run()


def _resume(path: Path, game: str | None, seats, options, *, input_fn, console, hint_iterations, lang="en", fast=False,
            confirm_forced=False) -> RunResult:
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
        return resume_scenario(save, path, input_fn=input_fn, console=console, hint_iterations=hint_iterations, lang=lang,
                               fast=fast, confirm_forced=confirm_forced)
    seat_list = parse_seat_list(seats) if seats is not None else save.seats
    if len(seat_list) != rec.players:
        raise UsageError(f"{len(seat_list)} seats given for the saved {rec.players}-player game")
    check_bots(rec.game, [s for s in seat_list if not saves.is_human(s)])
    g = saved_game(path, rec)
    state = g.new_game(rec.players, rec.seed)
    try:
        referee = Referee(
            g, seat_list, rec.seed, input_fn=input_fn, console=console, save_path=path, state=state,
            record_actions=rec.actions, hint_iterations=hint_iterations, lang=lang, fast=fast, confirm_forced=confirm_forced,
        )
    except RecordError as exc:
        raise RecordError(f"save file {quote(str(path), 200)}: {str(exc).removeprefix('save: ')}") from None
    console.print(Texts(lang, "referee")("resumed", path=escape(str(path)), n=len(rec.actions)), soft_wrap=True)
    return referee.run()


def run_replay(path: Path, *, input_fn: InputFn | None = None, console: Console | None = None, lang: str = "en",
               reveal: bool = False) -> int:
    """Step through a saved or finished game (replay.py); returns the moves told."""
    check_language(lang)
    console = console or Console(highlight=False)
    input_fn = input_fn or _console_input(console)
    return _run_replay(Path(path), input_fn=input_fn, console=console, lang=lang, reveal=reveal)


def run_saves(save_dir: Path = Path("output/saves"), *, console: Console | None = None, lang: str = "en") -> int:
    """List the saves in a folder: game, seats (numbered as at the table), moves, date; returns how many."""

    T = Texts(check_language(lang), "referee")
    console = console or Console(highlight=False)
    found = saves.list_saves(Path(save_dir))
    if not found:
        console.print(T("saves_none", folder=escape(str(save_dir))))
        return 0
    table = Table(title=T("saves_title", folder=escape(str(save_dir))))
    for key in ("saves_col_file", "saves_col_game", "saves_col_seats", "saves_col_moves", "saves_col_date"):
        table.add_column(T(key))
    for item in found:
        if item.save is None:
            table.add_row(escape(item.path.name), "-", "-", f"[red]{escape(T('saves_bad', why=item.problem or ''))}[/red]", "")
            continue
        sv = item.save
        seats = ", ".join(f"{i + 1} {T('you') if saves.is_human(s) else s}" for i, s in enumerate(sv.seats))
        moves = T("saves_finished", n=len(sv.record.actions)) if sv.finished else T("saves_moves", n=len(sv.record.actions))
        when = (sv.saved_at or "").replace("T", " ")
        table.add_row(escape(item.path.name), sv.record.game, escape(seats), moves, when)
    console.print(table)
    console.print(T("saves_hint"))
    return len(found)


# --- Typer-ready commands (cli.py registers these) -----------------------------------------------


def play(
    game: Optional[str] = typer.Argument(None, help="Game id (see `saloon games`); not needed with --resume."),
    seats: Optional[str] = typer.Option(None, "--seats", help="Who sits where: 'you' for a person, else a bot (random, greedy, mcts[:N], mcts-guided[:N], solver, table[:easy|normal|hard]). Default: you, then mcts."),
    seed: Optional[int] = typer.Option(None, "--seed", help="Game seed (random when omitted; it is printed)."),
    players: Optional[int] = typer.Option(None, "--players", "-p", help="Player count (default: the number of seats)."),
    resume: Optional[Path] = typer.Option(None, "--resume", help="Continue the game saved in FILE."),
    option: Optional[list[str]] = typer.Option(None, "--option", "-o", help="Game option NAME=VALUE (repeatable)."),
    save_dir: Path = typer.Option(Path("output/saves"), "--save-dir", help="Folder for save files."),
    lang: str = typer.Option("en", "--lang", help="Language of the referee's fixed texts: en|es|ja (notation stays the same)."),
    fast: bool = typer.Option(False, "--fast", help="Do not wait for Enter while Colt Express's pile resolves card by card."),
    confirm_forced: bool = typer.Option(False, "--confirm-forced", help="Ask even when only one action is legal (by default it is played for you and told)."),
    scenario: Optional[str] = typer.Option(None, "--scenario", help="Play a scenario or puzzle: FILE#ID, or GAME --scenario ID (see saloon scenarios list GAME)."),
) -> None:
    """Play a game in the terminal against bots; the engine referees every move."""
    run_play(game, seats, seed, players, resume, parse_option_pairs(option), save_dir, lang=lang.lower(), fast=fast,
             confirm_forced=confirm_forced, scenario=scenario)


def replay(
    file: Path = typer.Argument(..., help="A save file or record to step through."),
    lang: str = typer.Option("en", "--lang", help="Language of the referee's fixed texts: en|es|ja."),
    reveal: bool = typer.Option(False, "--reveal", help="Finished games only: name every hidden play and show each seat's hidden cards."),
) -> None:
    """Step through a saved game: Enter or n next move, b back, a number jumps to that move, r N to round N, q quits."""
    run_replay(file, lang=lang.lower(), reveal=reveal)


def saves_cmd(
    save_dir: Path = typer.Option(Path("output/saves"), "--save-dir", help="The folder `saloon play` saves to."),
    lang: str = typer.Option("en", "--lang", help="Language of the referee's fixed texts: en|es|ja."),
) -> None:
    """List saved games: game, seats, moves played, date (newest first); unreadable files say why."""
    run_saves(save_dir, lang=lang.lower())
