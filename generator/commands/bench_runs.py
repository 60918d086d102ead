"""`saloon bench`'s standard runs: one small tune, eval, scenario grading and puzzle proof per game, each
timed in CPU seconds on this process (one core), so a slower solo layer shows in the same command as a
slower engine.

The budgets are fixed and small (`STANDARD`), printed beside each figure; they are far below what the
committed tables and books were made with, so a figure is a speed probe, not a result. A run writes
nothing a user keeps: the tune writes its table to a temporary folder, the others only return.
These runs use the tables and scenarios floors, so they sit here, above them, not in `bench`.
"""

from __future__ import annotations

import random
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from .. import registry
from ..bench import BenchRow
from ..content import load_content, table_levels
from ..errors import UsageError
from ..scenarios.generate import available_bots, propose_candidates
from ..scenarios.grading import play
from ..scenarios.puzzles import PuzzleFinder
from ..scenarios.vocab import vocabulary as scenario_vocabulary
from ..tables.evaluation import run_eval
from ..tables.tuning import run_tune


@dataclass(frozen=True)
class Standard:
    """The fixed budgets of the standard runs (the smallest each command accepts, or near it)."""

    tune_budget: int = 100  # games the tune's search may play (tables tune --budget)
    tune_deals: int = 10  # its common deals (--deals)
    eval_games: int = 20  # games per cell (tables eval --games), against each of...
    eval_opponents: tuple[str, ...] = ("random", "greedy")
    grade_candidates: int = 3  # scenarios proposed as scenarios generate proposes them, each...
    grade_games: int = 4  # ...graded by this many games of the game's reference player
    proof_count: int = 2  # puzzles kept (scenarios puzzles --count)
    proof_games: int = 4  # bot games looked through at most (--max-games)
    seed: int = 1


STANDARD = Standard()
RUNS = ("tune", "eval", "grade", "proof")


def check_runs(runs: list[str]) -> None:
    """One clear UsageError for a run that is not one of RUNS."""
    for run in runs:
        if run not in RUNS:
            raise UsageError(f"--runs {run!r}: expected some of {', '.join(RUNS)} (comma-separated; '' for none)")


def _timed(work: Callable[[], object]) -> float:
    start = time.process_time()
    work()
    return time.process_time() - start


def grade(name: str, candidates: int, games: int, seed: int) -> int:
    """What `scenarios generate` does to grade: propose `candidates` scenarios (its proposer, seeded as
    it seeds it) and play `games` graded games of each with the game's reference player; the wins."""
    content = load_content(name)
    vocab = scenario_vocabulary(name)
    rng = random.Random(f"saloon-scenarios/{name}/{seed}")
    items = propose_candidates(content, vocab, rng, candidates, available_bots(content, vocab), seed)
    play(name, items, vocab.proxy, 0, games)
    return sum(item.wins for item in items)


def standard_rows(name: str, runs: list[str] | tuple[str, ...] = RUNS, s: Standard = STANDARD,
                  progress: Callable[[str], None] | None = None) -> list[BenchRow]:
    """The standard runs of game `name` that it has (a tune and an eval where it has a normal table,
    grading where it has scenarios, a proof where it has puzzles): one row of CPU seconds each."""
    check_runs(list(runs))
    d = registry.descriptor(name)
    rows: list[BenchRow] = []

    def say(what: str) -> None:
        if progress:
            progress(f"{name}: standard {what}")

    has_tables = "normal" in table_levels(load_content(name))
    players = str(d.bench.players)
    if "tune" in runs and has_tables:
        say("tune")
        with tempfile.TemporaryDirectory() as tmp:
            seconds = _timed(lambda: run_tune(name, "normal", s.tune_budget, s.seed, 1, None, s.tune_deals,
                                              Path(tmp) / "normal.yaml", players=players))
        rows.append(BenchRow(name, "standard tune", seconds, "s",
                             f"tables tune --level normal --players {players} --budget {s.tune_budget} "
                             f"--deals {s.tune_deals} --seed {s.seed}, 1 job"))
    if "eval" in runs and has_tables:
        say("eval")
        seconds = _timed(lambda: run_eval(name, ["normal"], list(s.eval_opponents), s.eval_games, s.seed, 1, 0,
                                          False, players=players))
        rows.append(BenchRow(name, "standard eval", seconds, "s",
                             f"tables eval --level normal --players {players} --games {s.eval_games} "
                             f"--opponents {','.join(s.eval_opponents)} --no-write, 1 job"))
    if "grade" in runs and d.scenarios is not None:
        say("grading")
        seconds = _timed(lambda: grade(name, s.grade_candidates, s.grade_games, s.seed))
        rows.append(BenchRow(name, "standard grading", seconds, "s",
                             f"{s.grade_candidates} proposed scenarios x {s.grade_games} games of "
                             f"{scenario_vocabulary(name).proxy} (scenarios generate's grading), 1 job"))
    if "proof" in runs and d.capabilities.puzzles:
        say("puzzle proof")
        finder: PuzzleFinder = registry.plugin(name, "puzzles")
        def proof() -> None:
            try:
                finder.find_puzzles(s.proof_count, s.seed, 1, max_games=s.proof_games)
            except UsageError:
                pass  # none among so few games: the time of looking through them is the figure

        seconds = _timed(proof)
        rows.append(BenchRow(name, "standard puzzle proof", seconds, "s",
                             f"scenarios puzzles --count {s.proof_count} --max-games {s.proof_games} "
                             f"--seed {s.seed}, 1 job"))
    return rows
