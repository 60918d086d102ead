"""`saloon bench`: speed figures measured on this machine (random playouts, MCTS, the Longhorn solver).

Nothing is asserted: the figures are printed for the closing notes. Every measurement runs on fixed
seeds in this one process (one core).
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from typing import Callable

from .bots.mcts import MCTSBot
from .engine.core import Game, State
from .errors import UsageError, shorten
from .games import load_game

BENCH_PLAYERS = {"longhorn": 2, "colt_express": 4, "way_out_west": 4}


# What each option may be: (lowest, highest). Checked before any work.
LIMITS: dict[str, tuple[int, int]] = {
    "--seconds": (0, 3600),
    "--iterations": (1, 10_000_000),
    "--solver-seeds": (0, 1000),
    "--opening-limit": (0, 3600),
}


def check_args(seconds: float, iterations: int, solver_seeds: int, opening_limit: float) -> None:
    """One clear UsageError for a value outside its range (negative, NaN, infinite, absurdly large)."""
    for flag, value in (("--seconds", seconds), ("--iterations", iterations),
                        ("--solver-seeds", solver_seeds), ("--opening-limit", opening_limit)):
        lo, hi = LIMITS[flag]
        if not (math.isfinite(value) and lo <= value <= hi):
            raise UsageError(f"{flag} {shorten(value, 30)}: expected {lo:,} to {hi:,}")


def _per_second(count: float, elapsed: float) -> float:
    return count / max(elapsed, 1e-9)


@dataclass
class BenchRow:
    game: str
    measure: str
    value: float
    unit: str
    note: str = ""


def _players(game: Game) -> int:
    return BENCH_PLAYERS.get(game.name, game.min_players)


def random_playouts(game: Game, seconds: float) -> BenchRow:
    """Whole games (setup included) of uniformly random play per second."""
    players = _players(game)
    rng = random.Random(1)
    count, moves = 0, 0
    start = time.perf_counter()
    while True:
        state = game.new_game(players, seed=count)
        state.random_playout(rng)
        moves += len(state.history)
        count += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            break
    return BenchRow(game.name, f"random playouts ({players}p)", _per_second(count, elapsed), "games/s", f"{count} games in {elapsed:.2f} s")


def _decision_point(game: Game, seed: int) -> State:
    """The first position of a seeded game where the player to move has a real choice."""
    state = game.new_game(_players(game), seed)
    rng = random.Random(seed)
    while len(state.legal_actions()) < 2:
        actions = state.legal_actions()
        if not actions:
            raise UsageError(f"{game.name}: seed {seed} ends before anyone has a choice to time (check the content)")
        state.apply(actions[rng.randrange(len(actions))])
    return state


def mcts_speed(game: Game, iterations: int) -> BenchRow:
    state = _decision_point(game, 7)
    bot = MCTSBot(seed=7, iterations=iterations)
    start = time.perf_counter()
    bot.choose(state)
    elapsed = time.perf_counter() - start
    return BenchRow(
        game.name, f"MCTS iterations ({_players(game)}p)", _per_second(iterations, elapsed), "iter/s", f"{iterations} iterations in {elapsed:.2f} s"
    )


def solver_rows(game: Game, seeds: int, groups: int, opening_limit: float) -> list[BenchRow]:
    """Longhorn solver: time to prove positions with `groups` (location, colour) groups left, and the
    opening under a time limit, on seeds 0..seeds-1."""
    from .bots import solver

    times: list[float] = []
    for seed in range(seeds):
        state = solver.position_with_groups(game, seed, groups)
        start = time.perf_counter()
        solver.solve(state)
        times.append(time.perf_counter() - start)
    if not times:
        return []
    times.sort()
    rows = [
        BenchRow(
            game.name, f"solver, {groups} groups left", max(times), "s (max)",
            f"median {times[len(times) // 2]:.3f} s over seeds 0-{seeds - 1}",
        )
    ]
    proven: list[float] = []
    for seed in range(seeds):
        state = _decision_point(game, seed)
        start = time.perf_counter()
        try:
            solver.solve(state, time_limit=opening_limit)
        except solver.SolverTimeout:
            continue
        proven.append(time.perf_counter() - start)
    note = f"{len(proven)} of {seeds} openings proven within {opening_limit:g} s each"
    rows.append(
        BenchRow(game.name, "solver, from the opening", max(proven) if proven else float("nan"), "s (max proven)", note)
    )
    return rows


def run_bench(
    names: list[str],
    seconds: float = 2.0,
    mcts_iterations: int = 1000,
    solver_seeds: int = 10,
    opening_limit: float = 10.0,
    progress: Callable[[str], None] | None = None,
) -> list[BenchRow]:
    check_args(seconds, mcts_iterations, solver_seeds, opening_limit)
    rows: list[BenchRow] = []
    for name in names:
        game = load_game(name)
        if progress:
            progress(f"{name}: random playouts")
        rows.append(random_playouts(game, seconds))
        if progress:
            progress(f"{name}: MCTS")
        rows.append(mcts_speed(game, mcts_iterations))
        if name == "longhorn" and solver_seeds > 0:
            if progress:
                progress("longhorn: solver")
            rows.extend(solver_rows(game, solver_seeds, 12, opening_limit))
    return rows
