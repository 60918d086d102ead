"""Sitting down at the table: a new game, a resumed save, a replay, the saves listed. Plain functions that
the `play`, `replay` and `saves` commands call and that tests drive with scripted input and a
recording console."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Callable

from rich import box
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from ..bots import seated_for
from ..errors import RecordError, UsageError, quote
from ..games import load_game
from ..sim.simulate import check_bots, check_seed
from ..words.text import Texts, check_language
from . import saves
from ..player_data import saves_dir
from .campaign import resume_chapter, run_campaign
from .loop import Referee, RunResult, parse_seat_list
from .replay import run_replay as replay_file
from .replay import saved_game
from .scenario import resume_scenario, run_scenario
from .table import run_table

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
    save_dir: Path | None = None,
    *,
    input_fn: InputFn | None = None,
    console: Console | None = None,
    hint_iterations: int = 400,
    lang: str = "en",
    fast: bool = False,
    confirm_forced: bool = False,
    scenario: str | None = None,
    root: Path | None = None,
    screen: bool = False,
    progress_path: Path | None = None,
) -> RunResult:
    """Play a game at the table: a new one, a saved one (`resume`) or a scenario, its content from `root`
    (`saloon --content DIR`; the built-in without). `screen`: at the full-screen table (table/), else
    in the line mode. Saves go to `save_dir`, scenario results to `progress_path` (both in the player's
    data folder unless given, player_data.py)."""
    check_language(lang)
    save_dir = saves_dir() if save_dir is None else Path(save_dir)
    console = console or Console(highlight=False)
    input_fn = input_fn or _console_input(console)
    if scenario is not None:
        if resume is not None or seats is not None or seed is not None or players is not None or options:
            raise UsageError("--scenario sets up the game itself: drop --resume, --seats, --seed, --players and --option")
        return run_scenario(game, scenario, save_dir, input_fn=input_fn, console=console, hint_iterations=hint_iterations,
                            lang=lang, fast=fast, confirm_forced=confirm_forced, root=root, screen=screen,
                            progress_path=progress_path)
    if resume is not None:
        return _resume(saves.find_save(Path(resume), save_dir), game, seats, options, input_fn=input_fn, console=console,
                       hint_iterations=hint_iterations, lang=lang, fast=fast, confirm_forced=confirm_forced, root=root,
                       screen=screen, progress_path=progress_path)
    if not game:
        raise UsageError("name a game to play (e.g. saloon play longhorn) or give --resume FILE")
    check_seed(seed)
    g = load_game(game, root, **(options or {}))
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
    save_path = saves.default_save_path(save_dir, g.name, seed) if humans else None
    return sit(Referee, screen, g, seat_list, seed, input_fn=input_fn, console=console, save_path=save_path,
               hint_iterations=hint_iterations, lang=lang, fast=fast, confirm_forced=confirm_forced)


def sit(cls: type[Referee], screen: bool, *args, input_fn: InputFn, console: Console, **kwargs) -> RunResult:
    """Run a referee of class `cls`: at the full-screen table, or in the line mode on `console`."""
    if screen:
        return run_table(cls, console, game=args[0], seats=args[1], seed=args[2], **kwargs)
    return cls(*args, input_fn=input_fn, console=console, **kwargs).run()


def _resume(path: Path, game: str | None, seats, options, *, input_fn, console, hint_iterations, lang="en", fast=False,
            confirm_forced=False, root: Path | None = None, screen: bool = False,
            progress_path: Path | None = None) -> RunResult:
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
        result = resume_scenario(save, path, input_fn=input_fn, console=console, hint_iterations=hint_iterations, lang=lang,
                                 fast=fast, confirm_forced=confirm_forced, root=root, screen=screen,
                                 progress_path=progress_path)
        where = save.extra["scenario"]
        chapter = where.get("campaign") if isinstance(where, dict) else None
        if isinstance(chapter, dict):  # a campaign's chapter: the campaign moves on
            resume_chapter(result, str(where.get("game")), str(chapter.get("id")), str(where.get("id")),
                           str(chapter.get("way")), console, progress_path, lang, root)
        return result
    seat_list = parse_seat_list(seats) if seats is not None else save.seats
    if len(seat_list) != rec.players:
        raise UsageError(f"{len(seat_list)} seats given for the saved {rec.players}-player game")
    check_bots(rec.game, [s for s in seat_list if not saves.is_human(s)])
    g = saved_game(path, rec, root)
    kwargs = dict(save_path=path, state=g.new_game(rec.players, rec.seed), record_actions=rec.actions,
                  hint_iterations=hint_iterations, lang=lang, fast=fast, confirm_forced=confirm_forced,
                  reasons=saves.reasons_of(save))
    resumed = Texts(lang, "referee")("resumed", path=escape(str(path)), n=len(rec.actions))
    try:  # the moves are replayed when the referee sits down, before any play
        if screen:
            return run_table(Referee, console, game=g, seats=seat_list, seed=rec.seed, **kwargs)
        referee = Referee(g, seat_list, rec.seed, input_fn=input_fn, console=console, **kwargs)
    except RecordError as exc:
        raise RecordError(f"save file {quote(str(path), 200)}: {str(exc).removeprefix('save: ')}") from None
    console.print(resumed, soft_wrap=True)
    return referee.run()


def run_replay(path: Path, *, input_fn: InputFn | None = None, console: Console | None = None, lang: str = "en",
               reveal: bool = False, root: Path | None = None, save_dir: Path | None = None) -> int:
    """Step through a saved or finished game (replay.py), given by its file or by the short id `saloon
    saves` shows for a file in `save_dir` (the player's saves by default); returns the moves told."""
    check_language(lang)
    path = saves.find_save(Path(path), saves_dir() if save_dir is None else Path(save_dir))
    console = console or Console(highlight=False)
    input_fn = input_fn or _console_input(console)
    return replay_file(Path(path), input_fn=input_fn, console=console, lang=lang, reveal=reveal, root=root)


def run_saves(save_dir: Path | None = None, *, console: Console | None = None, lang: str = "en") -> int:
    """List the saves in a folder (the player's saves by default): a short id to resume with, game, seats
    (numbered as at the table), moves, date, in 80 columns; returns how many."""

    T = Texts(check_language(lang), "referee")
    console = console or Console(highlight=False)
    save_dir = saves_dir() if save_dir is None else Path(save_dir)
    found = saves.list_saves(save_dir)
    if not found:
        console.print(T("saves_none", folder=escape(str(save_dir))))
        return 0
    console.print(T("saves_title", folder=escape(str(save_dir))), overflow="fold")  # a long folder folds, whole
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    for key in ("saves_col_id", "saves_col_game", "saves_col_seats", "saves_col_moves", "saves_col_date"):
        table.add_column(T(key), overflow="fold")
    for item in found:
        ident = saves.short_id(item.path)
        if item.save is None:
            why = f"{item.path.name}: {T('saves_bad', why=item.problem or '')}"
            table.add_row(ident, "-", f"[red]{escape(why)}[/red]", "", "")
            continue
        sv = item.save
        seats = " ".join(f"{i + 1}:{T('you') if saves.is_human(s) else s}" for i, s in enumerate(sv.seats))
        moves = T("saves_finished", n=len(sv.record.actions)) if sv.finished else T("saves_moves", n=len(sv.record.actions))
        when = (sv.saved_at or "").replace("T", " ")[:16]  # to the minute
        table.add_row(ident, sv.record.game.replace("_", " "), escape(seats), moves, when)
    console.print(table)
    console.print(T("saves_hint"))
    return len(found)


def run_campaign_session(game: str, ident: str | None = None, *, input_fn: InputFn | None = None,
                         console: Console | None = None, lang: str = "en", **kwargs) -> RunResult | None:
    """`saloon campaign`: the campaign's next chapter at the table (campaign.py), or where you stand."""
    check_language(lang)
    console = console or Console(highlight=False)
    return run_campaign(game, ident, input_fn=input_fn or _console_input(console), console=console, lang=lang, **kwargs)
