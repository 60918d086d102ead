"""The worker side of the work seam: one seeded game (a `Job`) played to its `Result`, and chunks of work
run on whatever process holds the game (this one, a local pool's process, or a Ray worker).

Everything here is module-level, so it pickles: a worker loads the game (content and options) once
(`init`), keeps it in `WORKER` and plays whole chunks (`run_chunk`); `worker_game()` is that game, for
the functions a Runner maps over items.
"""

from __future__ import annotations

import json
import os
import random
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from ..bots import make_bot
from ..bots.table import TableBot, seated_game
from ..errors import EngineError
from ..games import load_game
from ..schema.tables import Table
from .seeds import bot_seed

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


WORKER: dict[str, Any] = {}


def init(game: str, options: dict, content_root: str | None, parent: int | None = None) -> Any:
    if parent is not None:
        watch_parent(parent)  # a worker never outlives a killed parent
    loaded = load_game(game, Path(content_root) if content_root else None, **options)
    use(loaded)
    return loaded


def use(game: Any) -> None:
    """Make `game` the one this worker plays (jobs and `worker_game()`)."""
    if WORKER.get("game") is not game:
        WORKER["game"] = game
        WORKER["tables"] = {}


def worker_game() -> Any:
    """The game loaded on this worker (inside `Runner.map` functions)."""
    return WORKER["game"]


def _bot(seat: Any, seed: int, trace: list | None = None) -> Any:
    if isinstance(seat, str):
        return make_bot(seat, seed)
    cache = WORKER["tables"]
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
    cache = WORKER.setdefault("starts", {})
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
    game = seated_game(WORKER["game"], bots, len(job.seats))  # a table may play by bot-seat rules
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


def watch_parent(parent: int, every: float = 0.5) -> None:
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
