"""Puzzles, whatever the game: their difficulty and stars, and how a spread of them is chosen. A game's
puzzles are found and proved by its own puzzle module (its descriptor's `puzzles`: scenarios/
longhorn_puzzles.py), with its exact solver."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable, Protocol

from ..schema.scenarios import Puzzle, ScenarioFile
from ..sim.dispatch import Runner
from ..sim.seeds import game_seed

# puzzle stars from the difficulty 2 x (turns - 1) + wrong choices: monotone by construction
STAR_CEILINGS = ((2, 1), (4, 2), (6, 3), (9, 4))


def difficulty(turns: int, wrong: int) -> int:
    return 2 * (turns - 1) + wrong


def puzzle_stars(turns: int, wrong: int) -> int:
    d = difficulty(turns, wrong)
    for ceiling, stars in STAR_CEILINGS:
        if d <= ceiling:
            return stars
    return 5


class PuzzleFinder(Protocol):
    """A game's puzzle module (its descriptor's `puzzles`).

    - `find_puzzles(count, seed, jobs, node_limit, max_games=..., progress=..., backend=..., ray_address=...,
      root=...)`: a file of `count` puzzles (a spread of stars) from seeded bot games, and the games played;
    - `file_header(sf)`: the comment lines a written puzzle file starts with;
    - `reprove(puzzle, game)`: the puzzle proved again from its position (None: it no longer holds).
    """

    def find_puzzles(self, count: int, seed: int, jobs: int = 1, node_limit: int = ..., batch: int = 8,
                     max_games: int = 400, progress: Callable[[int], None] | None = None, backend: str = "local",
                     ray_address: str | None = None, root: Path | None = None) -> tuple[ScenarioFile, int]: ...

    def file_header(self, sf: ScenarioFile) -> list[str]: ...

    def reprove(self, puzzle: Puzzle, game: Any) -> Any: ...


def search_games(game: str, job: Callable[[tuple[int, int, int]], list], count_done: Callable[[list], bool], seed: int,
                 node_limit: int, jobs: int = 1, batch: int = 8, max_games: int = 400,
                 progress: Callable[[int], None] | None = None, backend: str = "local", ray_address: str | None = None,
                 root: Path | None = None) -> tuple[list, int]:
    """Seeded bot games in batches, each a `Runner.map` job `job((index, seed, node_limit))` that returns
    the puzzles found in that game (each with its `position`), a position kept once, until
    `count_done(found)` or `max_games`; returns what was found and how many games were played."""
    found: list = []
    seen: set[str] = set()
    played = 0
    with Runner(game, content_root=root, jobs=jobs, backend=backend, ray_address=ray_address) as runner:
        while played < max_games:
            items = [(k, game_seed(seed, k), node_limit) for k in range(played, min(played + batch, max_games))]
            for per_game in runner.map(job, items, progress):
                for f in per_game:
                    key = json.dumps(f.position, sort_keys=True)
                    if key not in seen:
                        seen.add(key)
                        found.append(f)
            played += len(items)
            if count_done(found):
                break
    return found, played
