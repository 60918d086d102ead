"""The work-dispatch seam: many independent seeded games, on this process, local processes or Ray.

A `Job` is one seeded game: a deal seed and what sits at each seat (a bot spec such as `greedy` or
`mcts:200`, or a decision table given as data); it may start from a position snapshot instead of a
deal and keep a `probe` of its final position (scenario grading). `Runner.run(jobs)` plays them; `Runner.map(fn, items)`
runs any module-level function over items on the same workers (`worker_game()` is the game there).

Backends: `local` runs the work on this process (`jobs=1`) or on a pool of `jobs` local processes;
`ray` runs it on a Ray cluster (generator/dispatch_ray.py, `pip install "saloon[ray]"`). Either way
the work is cut into chunks of consecutive items; a worker loads the game (content and options) once
and plays whole chunks; the progress callback hears of every completed chunk. Results come back in
item order and depend only on the items, never on the backend or on how many workers ran them.
"""

from __future__ import annotations

import importlib.util
import json
import math
import os
import random
import re
import sys
import threading
import time
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable

from ..bots import make_bot
from ..bots.table import seated_game
from ..errors import BackendError, EngineError, UsageError, shorten
from .simulate import bot_seed

MAX_MOVES = 100_000
BACKENDS = ("local", "ray")
CHUNK_SECONDS = 0.25  # a chunk's work at most once an item's cost is known (Ray's ~1 ms per chunk: <1%)
SHORT_CHUNK_SECONDS = 0.05  # and at least, unless the work left is less, so the tail is not all tiny chunks
FIRST_CHUNKS = 8  # per worker, while the cost of an item is not known yet (at most FIRST_CHUNK items)
FIRST_CHUNK = 32
MAX_CHUNK = 4096  # items per chunk at most, whatever they cost
IN_FLIGHT = 2  # chunks per worker sent ahead, so a worker never waits for the driver
RAY_INSTALL = 'pip install "saloon[ray]"'
BACKEND_HELP = "Where the games are played: local (this machine, --jobs processes) or ray (a Ray cluster; the ray extra: pip install saloon\\[ray])."
RAY_ADDRESS_HELP = "With --backend ray: auto or HOST:PORT of a running Ray cluster (default: Ray started here, --jobs workers)."
# A Ray that Saloon starts on this machine serves this machine only: with this variable (read when
# Ray is first imported) Ray takes the loopback address as its node address, not the network one.
LOCAL_RAY = ("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")
_ADDRESS = re.compile(r"auto|(\[[0-9a-fA-F:.]+\]|[\w.-]+):\d{1,5}")


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


# --- on a worker (module-level so it pickles) ------------------------------------------------------

_WORKER: dict[str, Any] = {}


def _init(game: str, options: dict, content_root: str | None, parent: int | None = None) -> Any:
    from ..games import load_game

    if parent is not None:
        _watch_parent(parent)  # a worker never outlives a killed parent
    loaded = load_game(game, Path(content_root) if content_root else None, **options)
    _use(loaded)
    return loaded


def _use(game: Any) -> None:
    """Make `game` the one this worker plays (jobs and `worker_game()`)."""
    if _WORKER.get("game") is not game:
        _WORKER["game"] = game
        _WORKER["tables"] = {}


def worker_game() -> Any:
    """The game loaded on this worker (inside `Runner.map` functions)."""
    return _WORKER["game"]


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


def _start(job: Job, game: Any) -> Any:
    """The job's first position on `game`: a fresh deal, or its snapshot with the generator reseeded by
    the job's seed (the same position, a different future for every seed: scenario grading)."""
    if job.start is None:
        return game.new_game(len(job.seats), job.seed)
    cache = _WORKER.setdefault("starts", {})
    data = cache.get(job.start)
    if data is None:
        if len(cache) > 64:
            cache.clear()
        data = cache[job.start] = json.loads(job.start)
    state = game.from_json(data)
    state.rng = random.Random(job.seed)
    return state


def play(job: Job) -> Result:
    """Play one job to the end on this worker's game."""
    traces: list = [[] if job.record and not isinstance(seat, str) else None for seat in job.seats]
    bots = [_bot(seat, bot_seed(job.seed, i), traces[i]) for i, seat in enumerate(job.seats)]
    game = seated_game(_WORKER["game"], bots, len(job.seats))  # a table may play by bot-seat rules
    state = _start(job, game)
    state.narrate = False  # bots only: nobody reads this game's log (a result is scores, winners, probe)
    for _ in range(MAX_MOVES):
        if state.is_over:
            out = state.result()
            kept = tuple(tuple(t) if t is not None else () for t in traces) if job.record else ()
            probe = job.probe[0](state, *job.probe[1]) if job.probe is not None else None
            return Result(tuple(out.scores), tuple(out.winners), out.reason.value, len(state.history), kept, probe)
        state.apply(bots[state.current_player].choose(state))
    raise EngineError(f"{game.name} seed {job.seed}: the game did not end within {MAX_MOVES:,} moves (check the content)")


def run_chunk(fn: Callable[[Any], Any], items: list) -> tuple[list, float]:
    """One chunk on a worker: `fn` over its items, in order, and the seconds that took (for sizing)."""
    start = time.perf_counter()
    return [fn(item) for item in items], time.perf_counter() - start


def _watch_parent(parent: int, every: float = 0.5) -> None:
    """In a worker process: exit as soon as the process that started the pool is gone.

    A pool's workers wait on a queue whose writing end they share, so a parent killed with kill -9
    would otherwise leave them waiting for ever. The watcher is a daemon thread polling the parent
    id (a worker is re-parented when its parent dies, under fork and forkserver alike).
    """
    start = os.getppid()

    def watch() -> None:
        while True:
            time.sleep(every)
            now = os.getppid()
            if now != start or not _alive(parent):
                os._exit(1)

    threading.Thread(target=watch, name="saloon-parent-watch", daemon=True).start()


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True


# --- on the driver ----------------------------------------------------------------------------------


class Sizer:
    """How many items the next chunk gets: few while an item's cost is unknown; then a share of what
    is left that shrinks as the work runs out (guided self-scheduling, so the last chunks end
    together), kept between SHORT_CHUNK_SECONDS and CHUNK_SECONDS of work by the cost learnt from the
    chunks done (per function), and never more than one worker's share of what is left."""

    def __init__(self) -> None:
        self.seconds: dict[str, float] = {}  # per function: seconds per item, smoothed

    def size(self, fn: Callable, left: int, total: int, workers: int) -> int:
        cost = self.seconds.get(_name(fn))
        if cost is None:
            size = min(FIRST_CHUNK, math.ceil(total / (workers * FIRST_CHUNKS)))
        else:
            cost = max(cost, 1e-7)
            high = min(MAX_CHUNK, math.ceil(CHUNK_SECONDS / cost))
            low = min(high, math.ceil(SHORT_CHUNK_SECONDS / cost))
            size = max(low, min(high, math.ceil(left / (workers * IN_FLIGHT))))
        return max(1, min(size, math.ceil(left / workers)))

    def learn(self, fn: Callable, items: int, seconds: float) -> None:
        if items:
            cost, old = seconds / items, self.seconds.get(_name(fn))
            self.seconds[_name(fn)] = cost if old is None else (old + cost) / 2


def _name(fn: Callable) -> str:
    return f"{fn.__module__}.{fn.__qualname__}"


def check_backend(backend: str, ray_address: str | None = None) -> None:
    """A known backend, Ray importable when asked for, an address only with Ray: one clear line."""
    if backend not in BACKENDS:
        raise UsageError(f"--backend {shorten(backend, 40)!r}: expected one of {', '.join(BACKENDS)}")
    if ray_address is not None and backend != "ray":
        raise UsageError(f"--ray-address {shorten(ray_address, 80)}: only with --backend ray")
    if ray_address is not None and not _ADDRESS.fullmatch(ray_address):
        raise UsageError(f"--ray-address {shorten(ray_address, 80)!r}: expected auto or HOST:PORT (e.g. 10.0.0.5:6379)")
    if backend == "ray":
        if importlib.util.find_spec("ray") is None:  # looked up, not imported (see LOCAL_RAY)
            raise UsageError(f"--backend ray needs Ray, which is not installed: {RAY_INSTALL}")


class LocalPool:
    """The local backend's workers: `jobs` processes that load the game once and die with this one."""

    def __init__(self, jobs: int, args: tuple):
        self.jobs = jobs
        self.executor = ProcessPoolExecutor(max_workers=jobs, initializer=_init, initargs=(*args, os.getpid()))

    def workers(self) -> int:
        return self.jobs

    def submit(self, fn: Callable, items: list) -> Future:
        return self.executor.submit(run_chunk, fn, items)

    def finished(self, pending: list[Future]) -> list[tuple[Future, tuple[list, float]]]:
        """Waits for at least one chunk: (its handle, its results and seconds) for each one done."""
        done, _ = wait(pending, return_when=FIRST_COMPLETED)
        try:
            return [(fut, fut.result()) for fut in done]
        except BrokenProcessPool:
            raise BackendError("a worker process died (killed, or out of memory); the run stopped") from None

    def cancel(self, pending: list[Future]) -> None:
        for fut in pending:
            fut.cancel()

    def close(self) -> None:
        self.executor.shutdown(wait=True, cancel_futures=True)


class Runner:
    """Runs jobs for one game (and options) on this process, a pool of `jobs` processes or Ray.

    `jobs` is capped by the CPUs; with Ray it is the number of workers of the Ray started here when
    no `ray_address` is given (`auto` or HOST:PORT joins a running cluster and uses all its CPUs).
    Use as a context manager: the pool is shut down on leaving (its processes never outlive the run);
    a Ray session stays up for the rest of this process, so later runners reuse its workers.
    `run` and `map` may be called many times: the workers, and what was learnt of the chunk sizes, stay.
    """

    def __init__(self, game: str, options: dict | None = None, content_root: Path | None = None, jobs: int = 1,
                 backend: str = "local", ray_address: str | None = None):
        check_backend(backend, ray_address)
        self.args = (game, dict(options or {}), str(content_root) if content_root else None)
        self.jobs = max(1, min(jobs, os.cpu_count() or 1))
        self.backend = backend
        self.ray_address = ray_address
        self.work: Any = None  # a LocalPool or a dispatch_ray.RayWork while entered; None: this process
        self.sizer = Sizer()
        self.game = _init(*self.args)  # also checks game, options and content here, before any work

    def __enter__(self) -> "Runner":
        if self.backend == "ray":
            if self.ray_address is None and "ray" not in sys.modules:
                os.environ.setdefault(*LOCAL_RAY)
            from .dispatch_ray import RayWork

            self.work = RayWork(self.ray_address, self.jobs, self.game)
        elif self.jobs > 1:
            self.work = LocalPool(self.jobs, self.args)
        return self

    def __exit__(self, *exc: Any) -> None:
        if self.work is not None:
            self.work.close()
            self.work = None

    def workers(self) -> int:
        """How many workers share the work (the chunks are sized for them)."""
        return self.work.workers() if self.work is not None else 1

    def run(self, jobs: Iterable[Job], progress: Callable[[int], None] | None = None) -> list[Result]:
        return self.map(play, jobs, progress)

    def map(self, fn: Callable[[Any], Any], items: Iterable[Any], progress: Callable[[int], None] | None = None) -> list:
        """`fn(item)` for every item, in item order (`fn` must be a module-level function).

        On workers, chunks are sent IN_FLIGHT per worker ahead and the progress hears of each one done."""
        items = list(items)
        if self.work is None:
            _use(self.game)  # this process is the worker
            out = []
            for item in items:
                out.append(fn(item))
                if progress:
                    progress(1)
            return out
        workers = self.workers()
        parts: dict[int, list] = {}
        pending: dict[Any, int] = {}  # chunk handle -> index of its first item
        start = 0
        try:
            while start < len(items) or pending:
                while start < len(items) and len(pending) < workers * IN_FLIGHT:
                    size = self.sizer.size(fn, len(items) - start, len(items), workers)
                    pending[self.work.submit(fn, items[start:start + size])] = start
                    start += size
                for handle, (part, seconds) in self.work.finished(list(pending)):
                    parts[pending.pop(handle)] = part
                    self.sizer.learn(fn, len(part), seconds)
                    if progress:
                        progress(len(part))
        finally:
            if pending:
                self.work.cancel(list(pending))
        return [r for k in sorted(parts) for r in parts[k]]
