"""`saloon play`, `replay` and `saves`: thin Typer commands over referee/session.py."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Optional

import typer

from ..player_data import progress_file, saves_dir
from ..referee.session import run_play, run_replay, run_saves
from .options import content_root, data_option, parse_option_pairs


def on_a_terminal() -> bool:
    """Whether input and output are both a terminal (then `play` opens the full-screen table)."""
    return sys.stdin.isatty() and sys.stdout.isatty()


def play(
    ctx: typer.Context,
    game: Optional[str] = typer.Argument(None, help="Game id (see `saloon games`); not needed with --resume."),
    seats: Optional[str] = typer.Option(None, "--seats", help="Who sits where: 'you' for a person, else a bot (random, greedy, mcts[:N], mcts-guided[:N], solver, table[:easy|normal|hard]). Default: you, then mcts."),
    seed: Optional[int] = typer.Option(None, "--seed", help="Game seed (random when omitted; it is printed)."),
    players: Optional[int] = typer.Option(None, "--players", "-p", help="Player count (default: the number of seats)."),
    resume: Optional[Path] = typer.Option(None, "--resume", help="Continue a saved game: its FILE, or its id from `saloon saves`."),
    option: Optional[list[str]] = typer.Option(None, "--option", "-o", help="Game option NAME=VALUE (repeatable)."),
    save_dir: Optional[Path] = typer.Option(None, "--save-dir", help="Folder for save files (default: saves/ in the --data folder)."),
    data: Optional[Path] = data_option(),
    lang: str = typer.Option("en", "--lang", help="Language of the referee's fixed texts: en|es|ja (notation stays the same)."),
    fast: bool = typer.Option(False, "--fast", help="Do not wait for Enter while Colt Express's pile resolves card by card."),
    confirm_forced: bool = typer.Option(False, "--confirm-forced", help="Ask even when only one action is legal (by default it is played for you and told)."),
    scenario: Optional[str] = typer.Option(None, "--scenario", help="Play a scenario or puzzle: FILE#ID, or GAME --scenario ID (see saloon scenarios list GAME)."),
    plain: bool = typer.Option(False, "--plain", help="Line mode: one line after another, scriptable (the default when input or output is not a terminal)."),
) -> None:
    """Play a game in the terminal against bots; the engine referees every move. In a terminal it opens
    the full-screen table (board always in view); --plain, or a pipe, plays line by line."""
    screen = not plain and on_a_terminal()
    run_play(game, seats, seed, players, resume, parse_option_pairs(option), save_dir or saves_dir(data), lang=lang.lower(),
             fast=fast, confirm_forced=confirm_forced, scenario=scenario, root=content_root(ctx), screen=screen,
             progress_path=progress_file(data))


def replay(
    ctx: typer.Context,
    file: Path = typer.Argument(..., help="A save file or record to step through, or a save's id from `saloon saves`."),
    lang: str = typer.Option("en", "--lang", help="Language of the referee's fixed texts: en|es|ja."),
    reveal: bool = typer.Option(False, "--reveal", help="Finished games only: name every hidden play and show each seat's hidden cards."),
    data: Optional[Path] = data_option(),
) -> None:
    """Step through a saved game: Enter or n next move, b back, a number jumps to that move, r N to round N, q quits."""
    run_replay(file, lang=lang.lower(), reveal=reveal, root=content_root(ctx), save_dir=saves_dir(data))


def saves_cmd(
    save_dir: Optional[Path] = typer.Option(None, "--save-dir", help="The folder `saloon play` saves to (default: saves/ in the --data folder)."),
    data: Optional[Path] = data_option(),
    lang: str = typer.Option("en", "--lang", help="Language of the referee's fixed texts: en|es|ja."),
) -> None:
    """List saved games: an id to resume with, game, seats, moves played, date (newest first); unreadable files say why."""
    run_saves(save_dir or saves_dir(data), lang=lang.lower())
