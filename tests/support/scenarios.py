"""Helpers for scenario tests: scenarios built from short specs, scenario files written to a folder."""

from __future__ import annotations

import shutil
import textwrap
from pathlib import Path

from generator.schema.scenarios import Scenario
from generator.scenarios.setup import scenario_start
from tests.support.paths import REPO
from generator.content import load_content

ROOT = REPO / "content"


def scenario(game="longhorn", seats=None, seed=7, moves=(), twists=(), objective=None, players=None, **extra) -> Scenario:
    seats = list(seats or (["you", "greedy"] if game != "way_out_west" else ["you", "greedy", "greedy"]))
    data = {"id": "t1", "title": "test", "players": players or len(seats), "seats": seats,
            "setup": {"seed": seed, "moves": list(moves)}, "objective": objective or {}, "twists": list(twists), **extra}
    return Scenario.model_validate(data)


def start(game="longhorn", **kw):
    """(game object, starting state) of a scenario from short specs."""
    return scenario_start(load_content(game), scenario(game, **kw))


def snapshot(state) -> dict:
    return state.to_json()["state"]


def write(folder: Path, name: str, text: str) -> Path:
    path = Path(folder) / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text).lstrip())
    return path


def content_copy(tmp_path: Path) -> Path:
    """A copy of the built-in content without scenario files (tests add their own)."""
    dest = tmp_path / "content"
    shutil.copytree(ROOT, dest, ignore=shutil.ignore_patterns("scenarios"))
    return dest


LONGHORN_FILE = """
    game: longhorn
    scenarios:
      - id: easy1
        title: A quiet duel
        players: 2
        seats: [you, greedy]
        setup: {seed: 11}
        objective: {result: win}
        twists:
          - your_nugget: 500
        graded: {proxy: 'mcts:200', seed: 5, games: 20, wins: 16, win_rate: 0.8, low: 0.584, high: 0.9193, stars: 1}
      - id: hard1
        title: Against the odds
        players: 2
        seats: [greedy, you]
        setup: {seed: 12}
        objective: {result: win, margin: 1000}
        twists:
          - rival_nugget: 500
          - no_token: snake_oil
        graded: {proxy: 'mcts:200', seed: 6, games: 20, wins: 3, win_rate: 0.15, low: 0.0524, high: 0.3604, stars: 5}
"""
