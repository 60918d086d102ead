"""Command-line values: usage errors and out-of-range numbers are one red line and exit code 1,
checked before any work; --jobs is capped; pool workers never outlive a killed parent."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest
from typer.testing import CliRunner

from generator.cli import app
from generator.sim.simulate import effective_jobs, simulate
from tests.support.paths import REPO

REPO = REPO
runner = CliRunner()


def one_line(args: list[str], input: str | None = None) -> str:
    result = runner.invoke(app, args, input=input)
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: "), result.output
    return lines[0]


@pytest.mark.parametrize(
    "args,message",
    [
        (["--frobnicate"], "saloon: No such option: --frobnicate (see saloon --help)"),
        (["simulate", "longhorn", "--frobnicate"], "saloon simulate: No such option: --frobnicate"),
        (["simulate", "longhorn", "--seed", "abc"], "saloon simulate: Invalid value for '--seed'"),
        (["play", "longhorn", "--seed", "1.5"], "saloon play: Invalid value for '--seed'"),
        (["simulate"], "saloon simulate: Missing argument"),
        (["replay"], "saloon replay: Missing argument"),
        (["saddle-up"], "No such command 'saddle-up'"),
        (["bench", "--seconds", "soon"], "Invalid value for '--seconds'"),
    ],
)
def test_usage_errors_are_one_red_line_and_exit_1(args, message):
    assert message in one_line(args)


@pytest.mark.parametrize(
    "args,message",
    [
        (["simulate", "longhorn", "--games", "0"], "--games 0: expected 1 to 1,000,000"),
        (["simulate", "longhorn", "--games", "-5"], "--games -5: expected 1 to 1,000,000"),
        (["simulate", "longhorn", "--games", str(10**18)], "expected 1 to 1,000,000"),
        (["simulate", "longhorn", "--jobs", "0"], "--jobs 0: expected at least 1"),
        (["simulate", "longhorn", "--players", str(10**18), "--seats", "random"], "--players 1000000000000000000: expected 1 to 16"),
        (["simulate", "longhorn", "--players", "-1", "--seats", "random"], "--players -1: expected 1 to 16"),
        (["simulate", "longhorn", "--seats", ",".join(["random"] * 10_000)], "10000 seats; no game takes more than 16"),
        (["simulate", "longhorn", "--seed", str(2**70)], "--seed 1180591620717411303424: expected a whole number"),
        (["simulate", "colt_express", "--seats", "solver,random"], "the solver bot plays Longhorn only"),
        (["play", "longhorn", "--seed", str(-(2**64))], "expected a whole number between"),
        (["bench", "--seconds", "-1"], "--seconds -1.0: expected 0 to 3,600"),
        (["bench", "--seconds", "nan"], "--seconds nan: expected 0 to 3,600"),
        (["bench", "--seconds", "inf"], "--seconds inf: expected 0 to 3,600"),
        (["bench", "--seconds", "1e9"], "--seconds 1000000000.0: expected 0 to 3,600"),
        (["bench", "--iterations", "0"], "--iterations 0: expected 1 to 10,000,000"),
        (["bench", "--iterations", str(10**12)], "expected 1 to 10,000,000"),
        (["bench", "--solver-seeds", "-1"], "--solver-seeds -1: expected 0 to 1,000"),
        (["bench", "--opening-limit", "-inf"], "--opening-limit -inf: expected 0 to 3,600"),
        (["bench", "--opening-limit", "nan"], "--opening-limit nan: expected 0 to 3,600"),
    ],
)
def test_numbers_out_of_range_are_refused_before_any_work(args, message):
    assert message in one_line(args)


def test_play_refuses_a_bot_that_cannot_play_the_game_before_the_first_move(tmp_path):
    result = runner.invoke(app, ["play", "colt_express", "--seats", "you,solver", "--save-dir", str(tmp_path)], input="1\n")
    assert result.exit_code == 1
    assert result.output.strip() == "error: the solver bot plays Longhorn only, not colt_express; use mcts, greedy or random"
    assert not any(tmp_path.iterdir())  # nothing played, nothing saved


def test_saloon_alone_shows_the_help_and_exits_0():
    result = runner.invoke(app, [])
    assert result.exit_code == 0 and "Usage" in result.output and "simulate" in result.output


def test_a_bug_is_one_line_with_exit_70_not_a_traceback(monkeypatch):
    from generator.commands import info

    def broken(paths=None, root=None):
        raise ZeroDivisionError("the cows ran off")

    monkeypatch.setattr(info, "scenario_problems", lambda paths=None, root=None, campaign_check=None: ([], []))  # (not the point: 8 s)
    monkeypatch.setattr(info, "validate_paths", broken)
    monkeypatch.delenv("SALOON_DEBUG", raising=False)
    result = runner.invoke(app, ["validate"])
    assert result.exit_code == 70
    assert result.output.strip() == (
        "error: internal error (a bug in Saloon, please report it): ZeroDivisionError: the cows ran off"
    )


def test_jobs_is_capped_by_games_and_cpus_with_a_note():
    cpus = os.cpu_count() or 1
    assert effective_jobs(1, 10) == (1, "")
    assert effective_jobs(64, 1) == (1, "--jobs 64: using 1 (only 1 games)")
    jobs, note = effective_jobs(10**9, 10**6)
    assert jobs == cpus and note == f"--jobs 1000000000: using {cpus} (only {cpus} CPUs)"
    result = runner.invoke(app, ["simulate", "longhorn", "-n", "2", "--seats", "random,random", "--jobs", "1000"])
    assert result.exit_code == 0, result.output
    assert f"note: --jobs 1000: using {min(2, cpus)}" in result.output


def test_a_capped_run_gives_the_same_results():
    one = simulate("longhorn", 3, ["random", "random"], seed=2, jobs=1)
    many = simulate("longhorn", 3, ["random", "random"], seed=2, jobs=500)
    assert [r.scores for r in one.results] == [r.scores for r in many.results]


def _children(pid: int) -> list[int]:
    kids = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as fh:
                    fields = fh.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid and fields[0] != "Z":
                kids.append(int(entry))
    return kids


def _gone(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as fh:
            return fh.read().rsplit(")", 1)[1].split()[0] == "Z"
    except OSError:
        return True


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_pool_workers_exit_when_the_parent_is_killed():
    code = (
        "from generator.sim.simulate import simulate\n"
        "simulate('longhorn', 20_000, ['random', 'random'], seed=1, jobs=2)\n"
    )
    parent = subprocess.Popen([sys.executable, "-c", code], cwd=REPO)
    try:
        workers: list[int] = []
        for _ in range(600):  # wait for the pool (at most a minute on a busy machine)
            workers = _children(parent.pid)
            if len(workers) >= 2:
                break
            time.sleep(0.1)
        assert len(workers) >= 2, "the pool did not start"
        parent.send_signal(signal.SIGKILL)
        parent.wait()
        for _ in range(300):  # the watcher polls every 0.5 s; allow a slow machine plenty
            if all(_gone(w) for w in workers):
                break
            time.sleep(0.1)
        left = [w for w in workers if not _gone(w)]
        for w in left:
            os.kill(w, signal.SIGKILL)
        assert not left, f"workers {left} outlived their killed parent"
    finally:
        if parent.poll() is None:
            parent.kill()
