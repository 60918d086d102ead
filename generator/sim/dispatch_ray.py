"""The Ray backend of the work seam (sim/dispatch.py): chunks of work as Ray tasks (sim/worker.py plays them).

Imported only for `--backend ray` (`pip install "saloon[ray]"`). With no address, a Ray is started
on this machine with `jobs` workers (on the loopback address: see `dispatch.LOCAL_RAY`); `auto` or
HOST:PORT joins a running cluster (`ray start --head` on one machine, `ray start --address HOST:PORT` on the
others) and uses all its CPUs. The session stays up for the rest of this process, so a tuner that
runs many small batches (and every later Runner) reuses the same workers.

The loaded game (content and options) is put in Ray's object store once per Runner; a worker fetches
it the first time it plays a chunk of that Runner and keeps it, so a chunk ships only its items.
A chunk whose worker dies is run again (Ray's task retries); its results are the same, since every
item is a seeded game.
"""

from __future__ import annotations

import logging
import socket
import sys
import time
from typing import Any, Callable

import ray
from ray import exceptions as ray_errors

from ..errors import BackendError, shorten
from . import worker

RETRIES = 3  # times Ray runs a chunk again when its worker or node dies
OBJECT_STORE = 256 * 2**20  # bytes of shared memory for the Ray started here (chunks are small)
RECOUNT = 10.0  # seconds between two counts of the cluster's CPUs
CONNECT_TIMEOUT = 5.0  # seconds to wait for HOST:PORT to answer before saying it is out of reach

_SESSION: dict[str, Any] = {}


def connect(address: str | None, workers: int) -> None:
    """Start a Ray here (`address` None) or join the cluster at `address`, once per process."""
    key = (address, workers if address is None else None)
    if ray.is_initialized():
        if _SESSION.get("key") == key:
            return
        ray.shutdown()
    quiet: dict[str, Any] = dict(log_to_driver=False, logging_level=logging.ERROR, configure_logging=True)
    try:
        if address is None:
            ray.init(address="local", num_cpus=workers, include_dashboard=False,
                     object_store_memory=OBJECT_STORE, **quiet)
        else:
            _reachable(address)  # (the game, its content with it, goes to the workers as a value: sim/dispatch.Runner)
            ray.init(address=address, **quiet)
    except (ConnectionError, TimeoutError, ValueError, RuntimeError) as exc:
        why = shorten(" ".join(str(exc).split()), 200)
        if address is None:
            raise BackendError(f"--backend ray: could not start Ray on this machine ({why})") from None
        raise BackendError(f"--ray-address {shorten(address, 80)}: no Ray cluster reached ({why}); start one with "
                           "`ray start --head` and give the address it prints (a cluster with token authentication "
                           "also needs RAY_AUTH_MODE=token and its token here)") from None
    _SESSION["key"] = key
    _notes_to_stderr()


def _notes_to_stderr() -> None:
    """Ray's driver prints the raylet's notes (a worker died, its task will be retried) on stdout,
    among the results: send them to stderr instead, one short `note:` line each.
    (The printer is a module function of Ray's driver; if a Ray version has none, nothing changes.)"""
    module: Any = getattr(getattr(ray, "_private", None), "worker", None)
    original = getattr(module, "print_to_stdstream", None)
    if module is None or original is None or getattr(original, "saloon", False):
        return

    def to_stderr(data: dict, ignore_prefix: bool) -> None:
        if data.get("pid") != "raylet" or data.get("is_err"):
            return original(data, ignore_prefix)
        for message in data.get("lines", []):
            sentences = [x.rstrip(".: ") for x in " ".join(str(message).split()).split(". ")]
            kept = sentences[:1] + [x for x in sentences[1:] if "retr" in x]  # what happened; whether it is retried
            if kept and kept[0]:
                print(f"note: Ray: {shorten('. '.join(kept), 200)}", file=sys.stderr, flush=True)

    to_stderr.saloon = True  # type: ignore[attr-defined]
    module.print_to_stdstream = to_stderr


def _reachable(address: str) -> None:
    """HOST:PORT answers (a wrong address fails in seconds, not after Ray's minutes of retries)."""
    if address == "auto":
        return  # Ray finds the cluster started on this machine, or says at once that there is none
    host, _, port = address.rpartition(":")  # its form was checked by dispatch.check_backend
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=CONNECT_TIMEOUT).close()
    except OSError as exc:
        raise ConnectionError(f"nothing answers at {host}:{port}: {exc.strerror or exc}") from None


@ray.remote(max_retries=RETRIES)
def _chunk(setup: list, fn: Callable[[Any], Any], items: list) -> tuple[list, float]:
    """On a Ray worker: the Runner's game (fetched once per worker), then `fn` over the chunk."""
    (ref,) = setup  # in a list, so Ray passes the reference and this worker fetches it only once
    games = worker.WORKER.setdefault("ray_games", {})
    game = games.get(ref.hex())
    if game is None:
        if len(games) >= 8:
            games.clear()
        game = games[ref.hex()] = ray.get(ref)
    worker.use(game)
    return worker.run_chunk(fn, items)


class RayWork:
    """One Runner's hold on Ray: its game in the object store, chunks sent as tasks (the interface of
    dispatch.LocalPool)."""

    def __init__(self, address: str | None, workers: int, game: Any):
        connect(address, workers)
        self.setup = [ray.put(game)]
        self.cpus = (0, 0.0)  # the cluster's CPUs, and when they were counted

    def workers(self) -> int:
        """The cluster's CPUs, counted again every RECOUNT seconds (nodes may join or leave)."""
        count, when = self.cpus
        if time.monotonic() - when > RECOUNT:
            self.cpus = count, when = max(1, int(ray.cluster_resources().get("CPU", 1))), time.monotonic()
        return count

    def submit(self, fn: Callable, items: list) -> Any:
        return _chunk.remote(self.setup, fn, items)

    def finished(self, pending: list) -> list[tuple[Any, tuple[list, float]]]:
        """Waits for at least one chunk: (its handle, its results and seconds) for each one done."""
        done, _ = ray.wait(pending, num_returns=1)
        try:
            return [(ref, ray.get(ref)) for ref in done]
        except ray_errors.RayTaskError as exc:  # the work itself failed (e.g. a game with no end)
            cause = getattr(exc, "cause", None)
            raise (cause if isinstance(cause, Exception) else BackendError(_one_line(exc))) from None
        except ray_errors.RayError as exc:  # workers or nodes lost beyond the retries
            raise BackendError(f"Ray lost the work after {RETRIES} retries: {_one_line(exc)}") from None

    def cancel(self, pending: list) -> None:
        for ref in pending:
            try:
                ray.cancel(ref, force=True)
            except ray_errors.RayError:
                pass  # already finished or gone

    def close(self) -> None:
        self.setup = []  # drops the game from the object store; the workers stay for the next Runner


def _one_line(exc: BaseException) -> str:
    lines = [line for line in str(exc).splitlines() if line.strip()]
    return shorten(lines[-1] if lines else type(exc).__name__, 200)
