"""The work-dispatch seam for table tuning and measuring: many independent seeded games.

A `Job` is one seeded game: a deal seed and what sits at each seat (a bot spec such as `greedy` or
`mcts:200`, or a decision table given as data). Jobs run in order on this process (`jobs=1`) or
spread over a pool of local processes that each load the game once; results come back in job order
and depend only on the jobs, never on how many processes ran them.

A job may start from a given position instead of a fresh deal (`start`: a `State.to_json()` snapshot
as JSON text, its generator reseeded with the job's seed, as scenario grading does) and may keep a
`probe` of the final position (a module-level function and its arguments). `Runner.map` runs any
module-level function over items on the same processes (`worker_game()` is the loaded game there).
"""

from __future__ import annotations

import json
import os
import random
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable

from ..bots import make_bot
from ..simulate import _watch_parent, bot_seed

MAX_MOVES = 100_000


@dataclass(frozen=True)
class Job:
    seed: int
    seats: tuple  # per seat: a bot spec (str) or a table (a tuple ("table", json text))
    record: bool = False  # keep the table seats' decisions with every feature (`Trace`s)
    start: str | None = None  # a position to play from (State.to_json() as JSON text) instead of a deal
    probe: Any = None  # (function, args): function(final_state, *args) is kept as the result's `probe`


@dataclass(frozen=True)
class Result:
    scores: tuple[float, ...]
    winners: tuple[int, ...]
    reason: str
    length: int
    traces: tuple = ()  # per seat: its table's Trace list when recorded (empty tuple otherwise)
    probe: Any = None  # what the job's probe said of the final position

    def reward(self, seat: int) -> float:
        return 1.0 / len(self.winners) if seat in self.winners else 0.0


def table_seat(table: Any) -> tuple:
    """A table as a seat of a job (plain data, so it pickles and hashes)."""
    return ("table", json.dumps(table.to_yaml(), sort_keys=True))


_WORKER: dict[str, Any] = {}


def _init(game: str, options: dict, content_root: str | None, parent: int | None = None) -> None:
    from ..games import load_game

    if parent is not None:
        _watch_parent(parent)  # a worker never outlives a killed parent
    _WORKER["game"] = load_game(game, Path(content_root) if content_root else None, **options)
    _WORKER["tables"] = {}


def _bot(seat: Any, seed: int, trace: list | None = None) -> Any:
    if isinstance(seat, str):
        return make_bot(seat, seed)
    from ..bots.table import TableBot
    from ..schema.tables import Table

    cache = _WORKER["tables"]
    table = cache.get(seat[1])
    if table is None:
        if len(cache) > 256:
            cache.clear()
        table = cache[seat[1]] = Table.model_validate(json.loads(seat[1]))
    return TableBot(seed, table=table, trace=trace)


def worker_game() -> Any:
    """The game loaded on this process (inside `Runner.map` functions)."""
    return _WORKER["game"]


def _start(job: Job) -> Any:
    game = _WORKER["game"]
    if job.start is None:
        return game.new_game(len(job.seats), job.seed)
    cache = _WORKER.setdefault("starts", {})
    data = cache.get(job.start)
    if data is None:
        if len(cache) > 64:
            cache.clear()
        data = cache[job.start] = json.loads(job.start)
    state = game.from_json(data)
    state.rng = random.Random(job.seed)  # the same position, a different future for every seed
    return state


def play(job: Job) -> Result:
    game = _WORKER["game"]
    state = _start(job)
    traces: list = [[] if job.record and not isinstance(seat, str) else None for seat in job.seats]
    bots = [_bot(seat, bot_seed(job.seed, i), traces[i]) for i, seat in enumerate(job.seats)]
    for _ in range(MAX_MOVES):
        if state.is_over:
            out = state.result()
            kept = tuple(tuple(t) if t is not None else () for t in traces) if job.record else ()
            probe = job.probe[0](state, *job.probe[1]) if job.probe is not None else None
            return Result(tuple(out.scores), tuple(out.winners), out.reason.value, len(state.history), kept, probe)
        state.apply(bots[state.current_player].choose(state))
    raise RuntimeError(f"{game.name} seed {job.seed}: no end after {MAX_MOVES} moves")


class Runner:
    """Runs jobs for one game (and options) on this process or a pool of `jobs` processes.

    Use as a context manager so the pool is shut down (its processes never outlive the run)."""

    def __init__(self, game: str, options: dict | None = None, content_root: Path | None = None, jobs: int = 1):
        self.args = (game, dict(options or {}), str(content_root) if content_root else None)
        self.jobs = max(1, min(jobs, os.cpu_count() or 1))
        self.pool: ProcessPoolExecutor | None = None
        _init(*self.args)  # also checks game, options and content here, before any work

    def __enter__(self) -> "Runner":
        if self.jobs > 1:
            self.pool = ProcessPoolExecutor(max_workers=self.jobs, initializer=_init, initargs=(*self.args, os.getpid()))
        return self

    def __exit__(self, *exc: Any) -> None:
        if self.pool is not None:
            self.pool.shutdown(wait=True, cancel_futures=True)
            self.pool = None

    def run(self, jobs: Iterable[Job], progress: Callable[[int], None] | None = None) -> list[Result]:
        return self.map(play, jobs, progress)

    def map(self, fn: Callable[[Any], Any], items: Iterable[Any], progress: Callable[[int], None] | None = None) -> list:
        """`fn(item)` for every item, in item order (`fn` must be a module-level function)."""
        items = list(items)
        out: list = []
        if self.pool is None:
            for item in items:
                out.append(fn(item))
                if progress:
                    progress(1)
            return out
        chunk = max(1, min(16, len(items) // (self.jobs * 4)))
        for res in self.pool.map(fn, items, chunksize=chunk):
            out.append(res)
            if progress:
                progress(1)
        return out
