"""The `saloon` command: help, version, games, validate, and one clean error line for bad input."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile

import pytest
from typer.testing import CliRunner

from generator import __version__
from generator.cli import app
from tests.support.paths import REPO

REPO = REPO
runner = CliRunner()


def test_help_lists_the_commands():
    result = runner.invoke(app, ["--help"])
    assert result.exit_code == 0
    for command in ("games", "validate", "simulate", "bench"):
        assert command in result.output


def test_version():
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0
    assert result.output.strip() == f"saloon {__version__}"


def test_games_table_lists_every_game_with_players_and_options():
    result = runner.invoke(app, ["games"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    for text in ("longhorn", "colt_express", "way_out_west", "2-2", "2-6", "3-5", "start_chooser = first"):
        assert text in result.output


@pytest.mark.parametrize("name", ["longhorn", "colt_express", "way_out_west"])
def test_games_game_shows_each_option_with_its_values_and_help(name):
    from generator.content import load_content

    result = runner.invoke(app, ["games", name], env={"COLUMNS": "250"})
    assert result.exit_code == 0, result.output
    flat = " ".join(result.output.split())
    for key, spec in load_content(name).options.items():
        assert key in flat
        for value in spec.choices or []:
            assert str(value) in flat
        assert spec.help.split()[0] in flat


def test_games_unknown_game_is_one_error_line():
    result = runner.invoke(app, ["games", "monopoly"])
    assert result.exit_code == 1 and "monopoly" in result.output


def test_validate_all_content():
    result = runner.invoke(app, ["validate"])
    assert result.exit_code == 0, result.output
    assert "content valid" in result.output


def test_validate_bad_content_prints_each_problem_and_exits_1(tmp_path):
    dest = tmp_path / "content" / "longhorn"
    shutil.copytree(REPO / "content" / "longhorn", dest)
    comp = dest / "components.yaml"
    comp.write_text(comp.read_text().replace("name: Tulsa, cattle: 2", "name: Tulsa, cattle: two", 1))
    result = runner.invoke(app, ["validate", str(dest)])
    assert result.exit_code == 1
    assert "Traceback" not in result.output
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert lines and all(line.startswith("error: content/longhorn/components.yaml:") for line in lines)
    assert "locations[8].cattle" in result.output


def test_bad_content_stops_other_commands(tmp_path):
    dest = tmp_path / "content"
    shutil.copytree(REPO / "content", dest)
    comp = dest / "longhorn" / "components.yaml"
    comp.write_text(comp.read_text().replace("grid: {rows: 3, columns: 3}", "grid: {rows: 3, columns: 3, depth: 2}", 1))
    result = runner.invoke(app, ["--content", str(dest), "games"])
    assert result.exit_code == 1
    assert "grid.depth: Extra inputs are not permitted" in result.output


def test_simulate_unknown_game_is_one_line():
    result = runner.invoke(app, ["simulate", "poker", "--games", "1"])
    assert result.exit_code == 1
    assert result.output.strip().startswith("error: unknown game 'poker'")


def test_simulate_unknown_bot_is_one_line():
    result = runner.invoke(app, ["simulate", "longhorn", "--seats", "wizard,random"])
    assert result.exit_code == 1
    assert "unknown bot 'wizard'" in result.output


def test_simulate_bad_option_is_one_line():
    result = runner.invoke(app, ["simulate", "longhorn", "--games", "1", "-o", "speed=9"])
    assert result.exit_code == 1
    assert "unknown option 'speed'" in result.output


@pytest.mark.slow
def test_wheel_ships_content_and_runs_from_another_directory(tmp_path):
    """Build the wheel, install it (without dependencies, which are here already) and validate from elsewhere."""
    dist = tmp_path / "dist"
    subprocess.run(
        [sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", str(dist), str(REPO)],
        check=True, capture_output=True,
    )
    [wheel] = dist.glob("saloon-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert "generator/_data/content/longhorn/components.yaml" in names
    assert any(n.startswith("generator/_data/templates/") for n in names) or not any((REPO / "templates").iterdir())
    target = tmp_path / "site"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--target", str(target), str(wheel)],
        check=True, capture_output=True,
    )
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = {**os.environ, "PYTHONPATH": str(target)}
    code = "import generator, sys; from generator.cli import main; print(generator.__file__, file=sys.stderr); sys.argv=['saloon','validate']; main()"
    proc = subprocess.run([sys.executable, "-c", code], cwd=elsewhere, env=env, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert str(target) in proc.stderr
    assert "content valid" in proc.stdout
