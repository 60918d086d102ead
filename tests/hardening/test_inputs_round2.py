"""Hardening, round 2: the solo layer's inputs are bounded at their one parser or helper, so no input
starts work that never ends, fills memory or replaces what is not a person's file."""

from __future__ import annotations

import os

import pytest
from typer.testing import CliRunner

from generator.bots import MAX_ITERATIONS, make_bot
from generator.cli import app
from generator.errors import UsageError
from generator.files import write_atomic
from generator.schema.common import MAX_SEED
from generator.schema.scenarios import Setup


@pytest.mark.parametrize("spec", ["mcts:100000000000", "mcts-guided:100001", "mcts:0", "mcts:" + "9" * 5000])
def test_a_bot_spec_asks_for_at_most_the_stated_search_budget(spec):
    with pytest.raises(UsageError, match=f"iterations must be 1 to {MAX_ITERATIONS:,}"):
        make_bot(spec)
    assert make_bot(f"mcts:{MAX_ITERATIONS}").iterations == MAX_ITERATIONS


def test_a_budget_given_as_a_parameter_is_bounded_too():
    with pytest.raises(UsageError, match="iterations must be 1 to"):
        make_bot("mcts", iterations=MAX_ITERATIONS + 1)


def test_a_house_tables_path_keeps_its_case():
    assert make_bot("table:/Some/Path/File.yaml").path == "/Some/Path/File.yaml"


@pytest.mark.parametrize("args, says", [
    (["tables", "tune", "longhorn", "--deals", "1000000000"], "--deals 1000000000: expected at most 10,000"),
    (["tables", "tune", "longhorn", "--budget", "10000000000"], "--budget 10000000000: expected at most 1,000,000"),
    (["tables", "eval", "longhorn", "--games", "100000000"], "--games 100000000: expected at most 100,000"),
    (["tables", "eval", "longhorn", "--solver-deals", "100000000"], "--solver-deals 100000000: expected at most 10,000"),
    (["scenarios", "generate", "longhorn", "--games", "1000000000000"], "--games 1000000000000: expected at most 10,000"),
    (["scenarios", "generate", "longhorn", "--candidates", "5000"], "--candidates 5000: expected at most 1,000"),
    (["scenarios", "generate", "longhorn", "--count", "1000"], "--count 1000: expected at most 100"),
    (["scenarios", "puzzles", "longhorn", "--max-games", "99999999"], "--max-games 99999999: expected at most 100,000"),
    (["scenarios", "puzzles", "longhorn", "--node-limit", "10000000000"], "--node-limit 10000000000: expected at most"),
    (["simulate", "longhorn", "--seats", "mcts:100000000000,random", "-n", "1"], "iterations must be 1 to 100,000"),
])
def test_every_count_that_sets_the_work_has_a_stated_upper_bound(args, says, tmp_path):
    result = CliRunner().invoke(app, args + (["--out", str(tmp_path / "x.yaml")] if args[0] != "simulate" and
                                            args[1] in ("tune", "generate", "puzzles") else []))
    assert result.exit_code == 1, result.output
    assert says in result.output
    assert len([line for line in result.output.splitlines() if line.strip()]) == 1


def test_a_scenario_seed_a_save_cannot_hold_is_refused_when_the_scenario_is_read():
    Setup(seed=MAX_SEED)
    with pytest.raises(ValueError, match="less than or equal to"):
        Setup(seed=MAX_SEED + 1)


def test_a_write_never_replaces_a_device_a_pipe_or_a_folder(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    for target, kind in ((fifo, "a device, pipe or socket"), (tmp_path, "a folder")):
        with pytest.raises(UsageError, match=f"it is {kind}, not a regular file"):
            write_atomic(target, "x")
    assert fifo.is_fifo()
    with pytest.raises(UsageError, match="not a regular file"):
        write_atomic("/dev/null", "x")
    assert not os.path.isfile("/dev/null")


def test_a_write_through_a_link_reaches_its_file_in_the_same_folder_and_keeps_the_link(tmp_path):
    real = tmp_path / "game.json"
    real.write_text("old")
    link = tmp_path / "latest.json"
    link.symlink_to(real.name)
    write_atomic(link, "new")
    assert link.is_symlink() and real.read_text() == "new"


def test_a_link_out_of_its_folder_is_refused(tmp_path):
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (outside / "f.json").write_text("keep")
    here = tmp_path / "saves"
    here.mkdir()
    (here / "save.json").symlink_to(outside / "f.json")
    with pytest.raises(UsageError, match="is a link to .* outside its folder"):
        write_atomic(here / "save.json", "x")
    assert (outside / "f.json").read_text() == "keep"


def test_a_house_table_path_the_system_cannot_take_is_one_line():
    # found by the round-2 soak: a 300-character file name was an internal error (exit 70)
    for path in ("a" * 300 + ".yaml", "x\x00.yaml"):
        result = CliRunner().invoke(app, ["simulate", "longhorn", "-n", "1", "--seats", f"random,table:{path}"])
        assert result.exit_code == 1, result.output
        assert "error: decision table" in result.output and "internal error" not in result.output


def test_the_temporary_of_a_write_killed_a_moment_ago_goes_with_the_next_write(tmp_path):
    import subprocess
    import sys

    # a writer killed with kill -9 mid-save: its temporary names its pid, which is gone by the next run
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    orphan = tmp_path / f".game.json.{dead.stdout.strip()}-k1ll3d.tmp"
    orphan.write_text("half a save")  # fresh: not old enough to go by age
    alive = tmp_path / f".game.json.{os.getpid()}-wr1t1ng.tmp"  # a write running right now: left alone
    alive.write_text("being written")
    write_atomic(tmp_path / "game.json", "whole")
    assert not orphan.exists() and alive.exists()
    assert (tmp_path / "game.json").read_text() == "whole"


def test_a_save_killed_mid_write_is_cleaned_by_the_next_write_in_its_folder_even_of_another_file(tmp_path):
    import subprocess
    import sys

    # kill -9 during a game's first save leaves only its temporary; the next game saved there has
    # another name, and still takes the dead writer's temporary away (a user's own dot file stays)
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    orphan = tmp_path / f".longhorn-seed2-20261207-051720.json.{dead.stdout.strip()}-ab_12xyz.tmp"
    orphan.write_text("half a save")
    mine = tmp_path / ".notes.tmp"
    mine.write_text("a person's file")
    write_atomic(tmp_path / "longhorn-seed3-20261207-060000.json", "whole")
    assert not orphan.exists() and mine.exists()
