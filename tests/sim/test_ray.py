"""The Ray backend against the local one: same seed, same results, on a Ray started here with 2 workers;
the progress fed by completed chunks; workers reused from run to run with the game loaded once each;
a worker killed mid-chunk costs a retry, not the run. Skipped when Ray is not installed."""

from __future__ import annotations

import importlib.util
import os
import signal
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.cli import app
from generator.content import load_table, load_content
from generator.sim.dispatch import LOCAL_RAY, Runner
from generator.sim.worker import Job, play, table_seat, worker_game
from generator.sim.simulate import simulate
from generator.sim.seeds import game_seed
from generator.tables.measure import versus

pytestmark = [pytest.mark.slow, pytest.mark.skipif(importlib.util.find_spec("ray") is None, reason='Ray not installed: pip install "saloon[ray]"')]  # slow: a local Ray cluster

runner = CliRunner()
RAY = dict(jobs=2, backend="ray")  # one local Ray for the whole module (started once, then reused)


@pytest.fixture(scope="module", autouse=True)
def ray_here():
    """Ray on the loopback address, and this module's functions shipped to its workers by value."""
    if "ray" not in sys.modules:
        os.environ.setdefault(*LOCAL_RAY)
    import ray

    ray.cloudpickle.register_pickle_by_value(sys.modules[__name__])
    yield ray
    ray.shutdown()  # the rest of the suite runs without Ray's processes


def _jobs(count: int, seed: int = 11, seats: tuple = ("random", "greedy")) -> list[Job]:
    return [Job(game_seed(seed, i), seats) for i in range(count)]


def _where(item: int) -> tuple[int, int, int]:
    return item, os.getpid(), id(worker_game())


def _die_once_then_play(item: tuple[str, Job]) -> object:
    """The first worker to get here is killed (SIGKILL, mid-chunk); the others play the job."""
    marker, job = item
    try:
        fd = os.open(marker, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
    except FileExistsError:
        return play(job)
    os.write(fd, str(os.getpid()).encode())
    os.close(fd)
    os.kill(os.getpid(), signal.SIGKILL)


def _rows(summary) -> list[tuple]:
    return [(r.index, r.seed, r.scores, r.winners, r.reason, r.length) for r in summary.results]


def test_simulate_on_ray_gives_the_local_results_for_the_same_seed():
    local = simulate("longhorn", 36, ["random", "greedy"], seed=7, jobs=2)
    on_ray = simulate("longhorn", 36, ["random", "greedy"], seed=7, **RAY)
    one = simulate("longhorn", 36, ["random", "greedy"], seed=7, jobs=1)
    assert _rows(on_ray) == _rows(local) == _rows(one)


def test_the_simulate_command_prints_the_same_table_on_ray(tmp_path):
    args = ["simulate", "colt_express", "-n", "24", "--seats", "greedy,random,random", "--seed", "3", "--jobs", "2"]
    local = runner.invoke(app, args, env={"COLUMNS": "200"})
    on_ray = runner.invoke(app, args + ["--backend", "ray"], env={"COLUMNS": "200"})
    assert local.exit_code == 0 and on_ray.exit_code == 0, on_ray.output
    assert on_ray.stdout == local.stdout


def test_a_decision_table_measures_the_same_on_ray():
    seat = table_seat(load_table(load_content("longhorn"), "normal"))
    with Runner("longhorn", jobs=2) as two:
        local = versus(two, seat, "random", (2,), 5, 24)
    with Runner("longhorn", **RAY) as r:
        on_ray = versus(r, seat, "random", (2,), 5, 24)
    assert on_ray == local and local.games == 24


def test_the_progress_is_fed_by_completed_chunks_on_ray():
    heard: list[int] = []
    with Runner("longhorn", **RAY) as r:
        assert r.workers() == 2
        r.run(_jobs(30), heard.append)
    assert sum(heard) == 30
    assert 2 < len(heard) < 30  # one call per chunk, not per game


def test_repeated_runs_reuse_the_workers_each_loading_the_game_once():
    with Runner("way_out_west", **RAY) as r:
        first = r.map(_where, range(40))
        second = r.map(_where, range(40))
    assert [i for i, _, _ in first + second] == list(range(40)) * 2
    games: dict[int, set[int]] = {}
    for _, pid, game in first + second:
        games.setdefault(pid, set()).add(game)
    assert os.getpid() not in games
    assert all(len(ids) == 1 for ids in games.values())  # each worker loaded the game once
    assert len(games) <= 2  # the same two workers both times, not new ones per run


def test_a_worker_killed_mid_run_costs_a_retry_and_the_run_gives_the_same_results(tmp_path):
    work = _jobs(40, seed=9)
    with Runner("longhorn") as one:
        expected = one.run(work)
    marker = tmp_path / "killed"
    with Runner("longhorn", **RAY) as r:
        got = r.map(_die_once_then_play, [(str(marker), job) for job in work])
    killed = int(Path(marker).read_text())
    assert killed != os.getpid()
    assert got == expected


def test_rays_notes_about_a_dead_worker_go_to_stderr_not_among_the_results(capsys, ray_here):
    with Runner("longhorn", **RAY):
        pass  # connected: the note printer is in place
    message = ("A worker died or was killed while executing a task by an unexpected system error. To troubleshoot "
               "the problem, check the logs for the dead worker. Worker PID: 123")
    ray_here._private.worker.print_to_stdstream({"pid": "raylet", "lines": [message], "is_err": False}, False)
    retry = "Task _chunk failed. There are 3 retries remaining, so the task will be retried. Error: "
    ray_here._private.worker.print_to_stdstream({"pid": "raylet", "lines": [retry], "is_err": False}, False)
    out, err = capsys.readouterr()
    assert out == ""
    assert err.splitlines() == [
        "note: Ray: A worker died or was killed while executing a task by an unexpected system error",
        "note: Ray: Task _chunk failed. There are 3 retries remaining, so the task will be retried",
    ]


def test_tables_tune_writes_the_same_table_on_ray(tmp_path):
    args = ["tables", "tune", "longhorn", "--level", "easy", "--budget", "400", "--seed", "4", "--deals", "20", "--jobs", "2"]
    local = runner.invoke(app, args + ["--out", str(tmp_path / "local.yaml")])
    on_ray = runner.invoke(app, args + ["--out", str(tmp_path / "ray.yaml"), "--backend", "ray"])
    assert local.exit_code == 0 and on_ray.exit_code == 0, on_ray.output
    assert (tmp_path / "ray.yaml").read_text() == (tmp_path / "local.yaml").read_text()
