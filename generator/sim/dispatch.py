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
import math
import os
import re
import sys
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any, Callable, Iterable

from ..errors import BackendError, UsageError, shorten
from .worker import Job, Result, init, play, run_chunk, use

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
        self.executor = ProcessPoolExecutor(max_workers=jobs, initializer=init, initargs=(*args, os.getpid()))

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
        self.game = init(*self.args)  # also checks game, options and content here, before any work

    def __enter__(self) -> "Runner":
        if self.backend == "ray":
            if self.ray_address is None and "ray" not in sys.modules:
                os.environ.setdefault(*LOCAL_RAY)
            from .dispatch_ray import RayWork  # Ray is an optional extra (saloon[ray]): imported only when asked for

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
            use(self.game)  # this process is the worker
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
