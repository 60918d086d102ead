"""The work-dispatch seam without Ray: chunks of seeded games, the progress fed by completed chunks,
the same results for any number of processes, and the one-line errors of the backend options
(among them `--backend ray` when Ray is not installed)."""

from __future__ import annotations

import os
import signal
import sys

import pytest
from typer.testing import CliRunner

from generator.cli import app
from generator.sim.dispatch import CHUNK_SECONDS, FIRST_CHUNK, FIRST_CHUNKS, IN_FLIGHT, MAX_CHUNK, SHORT_CHUNK_SECONDS, Runner, Sizer, check_backend
from generator.sim.worker import Job, play, worker_game
from generator.errors import BackendError, UsageError
from generator.sim.seeds import game_seed

runner = CliRunner()


def _jobs(count: int, seed: int = 5) -> list[Job]:
    return [Job(game_seed(seed, i), ("random", "greedy")) for i in range(count)]


def _game_name(item: int) -> tuple[int, str]:
    return item, worker_game().name


def _die(item: int) -> int:
    os.kill(os.getpid(), signal.SIGKILL)
    return item


# --- chunk sizes --------------------------------------------------------------------------------------


def test_first_chunks_are_small_while_the_cost_of_a_game_is_unknown():
    sizer = Sizer()
    assert sizer.size(play, 160, 160, 2) == 160 // (2 * FIRST_CHUNKS)
    assert sizer.size(play, 100_000, 100_000, 2) == FIRST_CHUNK
    assert sizer.size(play, 3, 3, 4) == 1


def test_known_costs_make_chunks_of_about_a_quarter_second_of_work():
    sizer = Sizer()
    sizer.learn(play, 100, 0.1)  # 1 ms a game
    assert sizer.size(play, 100_000, 100_000, 2) == round(CHUNK_SECONDS / 0.001)
    sizer.learn(play, 10, 0.03)  # 3 ms a game: the estimate moves halfway
    assert sizer.size(play, 100_000, 100_000, 2) == round(CHUNK_SECONDS / 0.002)
    sizer.learn(_game_name, 1, 10.0)  # another function has its own cost
    assert sizer.size(_game_name, 100, 100, 2) == 1
    cheap = Sizer()
    cheap.learn(play, 10**6, 1e-9)  # next to nothing: still a bounded chunk
    assert cheap.size(play, 10**7, 10**7, 2) == MAX_CHUNK


def test_chunks_shrink_as_the_work_runs_out_but_not_below_a_short_chunk():
    sizer = Sizer()
    sizer.learn(play, 1000, 1.0)  # 1 ms a game: chunks of 50 to 250 games
    assert sizer.size(play, 800, 10_000, 2) == 800 // (2 * IN_FLIGHT)
    assert sizer.size(play, 160, 10_000, 2) == round(SHORT_CHUNK_SECONDS / 0.001)
    assert sizer.size(play, 60, 10_000, 2) == 30  # each worker's share of the last games
    assert sizer.size(play, 1, 10_000, 2) == 1
    assert sizer.size(play, 10, 10, 2) == 5  # a small batch: one chunk per worker


# --- the local backend --------------------------------------------------------------------------------


def test_results_are_the_same_on_this_process_and_on_two_processes():
    work = _jobs(30)
    with Runner("longhorn") as one:
        a = one.run(work)
    with Runner("longhorn", jobs=2) as two:
        b = two.run(work)
    assert a == b and len(a) == 30


def test_the_progress_is_fed_by_completed_chunks():
    work = _jobs(40)
    heard: list[int] = []
    with Runner("longhorn", jobs=2) as two:
        two.run(work, heard.append)
    assert sum(heard) == 40
    assert 2 < len(heard) < 40  # one call per chunk, not per game


def test_runs_repeat_on_the_same_pool():
    with Runner("longhorn", jobs=2) as two:
        pool = two.work
        first = two.run(_jobs(10, seed=1))
        second = two.run(_jobs(10, seed=1))
        assert two.work is pool
    assert first == second


def test_map_runs_any_function_on_the_workers_game_in_item_order():
    with Runner("colt_express", jobs=2) as two:
        assert two.map(_game_name, range(20)) == [(i, "colt_express") for i in range(20)]
    with Runner("way_out_west") as one:
        assert one.map(_game_name, [3, 1]) == [(3, "way_out_west"), (1, "way_out_west")]


def test_a_dead_local_worker_stops_the_run_with_one_clear_error():
    with Runner("longhorn", jobs=2) as two:
        with pytest.raises(BackendError, match="a worker process died"):
            two.map(_die, range(4))


# --- the backend options ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "backend, address, message",
    [
        ("spark", None, "--backend 'spark': expected one of local, ray"),
        ("local", "auto", "--ray-address auto: only with --backend ray"),
        ("ray", "10.0.0.5", "--ray-address '10.0.0.5': expected auto or HOST:PORT"),
        ("ray", "", "--ray-address '': expected auto or HOST:PORT"),
    ],
)
def test_backend_options_are_checked_before_any_work(backend, address, message):
    with pytest.raises(UsageError, match=message.replace("(", r"\(")):
        check_backend(backend, address)


@pytest.mark.parametrize(
    "command",
    [
        ["simulate", "longhorn", "-n", "4", "--seats", "random,random"],
        ["tables", "tune", "longhorn", "--budget", "400", "--deals", "20"],
        ["tables", "eval", "longhorn", "--games", "4"],
    ],
)
def test_backend_ray_without_ray_installed_says_how_to_install_it(monkeypatch, command):
    monkeypatch.setitem(sys.modules, "ray", None)  # as if Ray were not installed
    result = runner.invoke(app, command + ["--backend", "ray"])
    assert result.exit_code == 1
    assert result.output.strip() == 'error: --backend ray needs Ray, which is not installed: pip install "saloon[ray]"'


def test_an_unknown_backend_is_one_red_line_on_every_command():
    for command in (["simulate", "longhorn"], ["tables", "tune", "longhorn"], ["tables", "eval", "longhorn"]):
        result = runner.invoke(app, command + ["--backend", "spark"])
        assert result.exit_code == 1
        assert result.output.strip() == "error: --backend 'spark': expected one of local, ray"
