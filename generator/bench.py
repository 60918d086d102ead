"""`saloon bench`: speed figures measured on this machine, with the targets they answer to (issue 17).

Nothing is asserted: the figures are printed (or written as JSON) for the closing notes and for
tracking. Every figure is CPU time of this one process (one core), on fixed seeds, so a busy machine
slows it less than a wall clock would. The measurements themselves live in `bench_probe`, which also
runs them on another checkout for `side_by_side` (the same measurement on two trees, interleaved,
medians of several runs).
"""

from __future__ import annotations

import json
import math
import os
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Callable

from . import bench_probe, registry
from .bots.solver import solver_of
from .content import load_content, table_levels
from .errors import SolverTimeout, UsageError, shorten
from .games import load_game

# figures the engines are held to (issue 17, pure Python, one core): a game's own in its descriptor
# (`registry.Bench`: random playouts and table games a second); these hold every game
MCTS_FLAT = 0.85  # iterations/s at the most iterations per move, at least this share of the fewest's
SOLVER_TARGET = (16, 1.0)  # groups left, seconds: the slowest of the seeds proven within it
MCTS_ITERATIONS = (100, 1000, 5000)
SOLVER_GROUPS = (12, 14, 16)


# What each option may be: (lowest, highest). Checked before any work.
LIMITS: dict[str, tuple[int, int]] = {
    "--seconds": (0, 3600),
    "--iterations": (1, 10_000_000),
    "--solver-seeds": (0, 1000),
    "--solver-groups": (1, 1000),
    "--opening-limit": (0, 3600),
    "--repeats": (1, 100),
}


def check_args(
    seconds: float, iterations: tuple[int, ...] | list[int] | int, solver_seeds: int, opening_limit: float,
    groups: tuple[int, ...] | list[int] = (), repeats: int = 1,
) -> None:
    """One clear UsageError for a value outside its range (negative, NaN, infinite, absurdly large);
    every number of a list is checked."""
    counts = [iterations] if isinstance(iterations, (int, float)) else list(iterations)
    checks = [("--seconds", seconds), *(("--iterations", n) for n in counts), ("--solver-seeds", solver_seeds),
              *(("--solver-groups", g) for g in groups), ("--opening-limit", opening_limit), ("--repeats", repeats)]
    for flag, value in checks:
        lo, hi = LIMITS[flag]
        if not (math.isfinite(value) and lo <= value <= hi):
            raise UsageError(f"{flag} {shorten(value, 30)}: expected {lo:,} to {hi:,}")


@dataclass
class BenchRow:
    game: str
    measure: str
    value: float
    unit: str
    note: str = ""
    target: str = ""  # what the figure is held to ("" when nothing)
    met: bool | None = None  # whether it is (None when there is no target)


def _players(name: str) -> int:
    """The player count a game is measured at (its descriptor's bench figures)."""
    return registry.descriptor(name).bench.players


def random_playouts(name: str, seconds: float) -> BenchRow:
    """Whole games (setup included) of uniformly random play per CPU second."""
    rate, count = bench_probe.random_playouts(name, _players(name), seconds)
    goal = registry.descriptor(name).bench.playouts_target
    return BenchRow(
        name, f"random playouts {_players(name)}p", rate, "games/s", f"{count} games",
        f">= {goal:,}" if goal else "", rate >= goal if goal else None,
    )


def mcts_rows(name: str, iterations: tuple[int, ...] = MCTS_ITERATIONS) -> list[BenchRow]:
    """MCTS iterations per CPU second at each budget, and how flat the rate stays as the tree grows."""
    rates = {n: bench_probe.mcts_rate(name, _players(name), n) for n in iterations}
    rows = [
        BenchRow(name, f"MCTS {n} iter. {_players(name)}p", rate, "iter/s", "seed 7, first real choice")
        for n, rate in rates.items()
    ]
    if len(rates) > 1:
        low, high = min(rates), max(rates)
        share = rates[high] / rates[low]
        rows.append(BenchRow(
            name, f"MCTS flatness {high}/{low}", share, "ratio", f"iter/s at {high} over at {low}",
            f">= {MCTS_FLAT:g}", share >= MCTS_FLAT,
        ))
    return rows


def table_rows(name: str, seconds: float, playouts: float | None = None) -> list[BenchRow]:
    """Decision-table bots (each level's table in every seat, by the game's bot-seat rules where its
    tables ask for them) playing whole games, per CPU second, each level held to the game's table target
    and set beside `playouts` (the random playouts' rate of the same run: the share the bot leaves the
    engine); no row for a game without tables. The normal games are also replayed without the bot (the
    engine's share of a game)."""
    levels = table_levels(load_content(name))
    if "normal" not in levels or seconds <= 0:
        return []
    n = _players(name)
    goal = registry.descriptor(name).bench.table_target
    rows = []
    for level in levels:
        rate, count = bench_probe.table_games(name, n, seconds, level)
        share = f"; {rate / playouts:.3f} of the random playouts' rate" if playouts else ""
        rows.append(BenchRow(name, f"table:{level} games {n}p", rate, "games/s",
                             f"{count} games, every seat the {level} table{share}",
                             f">= {goal:,}" if goal else "", rate >= goal if goal else None))
        if level == "normal":  # what of each game is the engine's, what deciding's
            engine, played = bench_probe.table_replays(name, n, seconds)
            spent = max(0.0, 1e6 / rate - 1e6 / engine)
            rows.append(BenchRow(name, f"table:normal moves replayed {n}p", engine, "games/s",
                                 f"{played} of those games, setup and moves only: deciding (legal moves, features, "
                                 f"rules) takes the other {spent:,.0f} us a game"))
    return rows


def solver_rows(name: str, seeds: int, groups: tuple[int, ...] = SOLVER_GROUPS, opening_limit: float = 10.0) -> list[BenchRow]:
    """A game's exact solver: CPU time and nodes to prove positions with `groups` groups left (seeds
    0..seeds-1; nodes as max, median and total, the load-independent measure), and how many openings
    it proves under a time limit."""
    solver = solver_of(name)
    rows: list[BenchRow] = []
    if seeds < 1:
        return rows
    for g in groups:
        proofs = [bench_probe.solver_proof(name, seed, g) for seed in range(seeds)]
        times = sorted(t for t, _ in proofs)
        nodes = sorted(n for _, n in proofs)
        worst = max(times)
        goal = f"< {SOLVER_TARGET[1]:g}" if g == SOLVER_TARGET[0] else ""
        rows.append(BenchRow(
            name, f"solver {g} groups", worst, "s (max)",
            f"median {times[len(times) // 2]:.3f} s; nodes max {nodes[-1]:,}, median {nodes[len(nodes) // 2]:,}, "
            f"total {sum(nodes):,} (seeds 0-{seeds - 1})",
            goal, (worst < SOLVER_TARGET[1]) if goal else None,
        ))
    game = load_game(name)
    proven: list[float] = []
    for seed in range(seeds):
        state = bench_probe.decision_point(game, _players(name), seed)
        start = time.process_time()
        try:
            solver.solve(state, time_limit=opening_limit)
        except SolverTimeout:
            continue
        proven.append(time.process_time() - start)
    rows.append(BenchRow(
        name, "solver from the opening", max(proven) if proven else float("nan"), "s (max proven)",
        f"{len(proven)} of {seeds} proven within {opening_limit:g} s each",
    ))
    return rows


def run_bench(
    names: list[str],
    seconds: float = 2.0,
    mcts_iterations: tuple[int, ...] = MCTS_ITERATIONS,
    solver_seeds: int = 10,
    opening_limit: float = 10.0,
    solver_groups: tuple[int, ...] = SOLVER_GROUPS,
    progress: Callable[[str], None] | None = None,
) -> list[BenchRow]:
    check_args(seconds, mcts_iterations, solver_seeds, opening_limit, solver_groups)
    rows: list[BenchRow] = []
    for name in names:
        if progress:
            progress(f"{name}: random playouts")
        playouts = random_playouts(name, seconds)
        rows.append(playouts)
        if progress:
            progress(f"{name}: decision tables")
        rows.extend(table_rows(name, seconds, playouts.value))
        if mcts_iterations:
            if progress:
                progress(f"{name}: MCTS")
            rows.extend(mcts_rows(name, tuple(mcts_iterations)))
        if registry.descriptor(name).capabilities.exact_solver and solver_seeds > 0:
            if progress:
                progress(f"{name}: solver")
            rows.extend(solver_rows(name, solver_seeds, tuple(solver_groups), opening_limit))
    return rows


def rows_json(rows: list[BenchRow]) -> str:
    """The rows as JSON (for tracking figures from run to run)."""
    return json.dumps([asdict(r) for r in rows], indent=2)


# --- side by side: the same measurement on two checkouts --------------------------------------------


@dataclass
class SideBySide:
    measure: str
    unit: str
    here: list[float]
    there: list[float]

    @property
    def ratio(self) -> float:
        """This tree's median over the other's (for times, the other's over this one's): > 1 is faster here."""
        a, b = statistics.median(self.here), statistics.median(self.there)
        return b / a if self.unit == "s" else a / b


def side_by_side_plan(names: list[str], seconds: float, iterations: tuple[int, ...], solver_seeds: tuple[int, ...],
                      groups: int) -> list[tuple[str, str, list[str]]]:
    """(label, unit, probe arguments) of every measurement `side_by_side` makes."""
    plan = []
    for name in names:
        n = str(_players(name))
        plan.append((f"{name} random playouts", "games/s", ["playouts", name, n, str(seconds)]))
        if "normal" in table_levels(load_content(name)):
            plan.append((f"{name} table:normal games", "games/s", ["tables", name, n, str(seconds)]))
        for k in iterations:
            plan.append((f"{name} MCTS, {k} iterations", "iter/s", ["mcts", name, n, str(k)]))
    for name in names:
        if registry.descriptor(name).capabilities.exact_solver:
            for seed in solver_seeds:
                plan.append((f"{name} solver, {groups} groups, seed {seed}", "s", ["solver", name, str(seed), str(groups)]))
    return plan


def _probe(tree: Path, args: list[str]) -> float:
    """One measurement in a fresh interpreter with `tree` (a checkout's root) first on the path."""
    env = dict(os.environ, PYTHONPATH=str(tree))  # each checkout reads its own built-in content
    code = "import runpy, sys; sys.argv = ['bench_probe'] + sys.argv[1:]; runpy.run_path(%r, run_name='__main__')" % (
        str(Path(bench_probe.__file__).resolve()),
    )
    with tempfile.TemporaryDirectory() as cwd:
        done = subprocess.run([sys.executable, "-c", code, *args], env=env, cwd=cwd, capture_output=True, text=True)
    if done.returncode:
        raise RuntimeError(f"measurement {' '.join(args)} failed on {tree}: {done.stderr.strip().splitlines()[-1:]}")
    return float(done.stdout.split()[-1])


def side_by_side(
    other: Path, plan: list[tuple[str, str, list[str]]], repeats: int = 3,
    progress: Callable[[str], None] | None = None, here: Path | None = None,
) -> list[SideBySide]:
    """Every measurement of `plan` on this checkout and on `other`, interleaved (ABBA...), `repeats`
    times each, in fresh interpreters: load on a shared machine falls on both sides alike."""
    here = here or Path(__file__).resolve().parent.parent
    out = []
    for label, unit, args in plan:
        mine: list[float] = []
        theirs: list[float] = []
        for r in range(repeats):
            if progress:
                progress(f"{label} ({r + 1}/{repeats})")
            for tree, into in ((here, mine), (other, theirs)) if r % 2 == 0 else ((other, theirs), (here, mine)):
                into.append(_probe(tree, args))
        out.append(SideBySide(label, unit, mine, theirs))
    return out
