"""`saloon bench` measures and prints; nothing about speed is asserted, only that every figure is made."""

from __future__ import annotations

import math

from typer.testing import CliRunner

from generator.bench import run_bench
from generator.cli import app


def test_bench_measures_every_figure_for_longhorn():
    rows = run_bench(["longhorn"], seconds=0.05, mcts_iterations=10, solver_seeds=1, opening_limit=0.01)
    measures = [r.measure for r in rows]
    assert measures == [
        "random playouts (2p)", "MCTS iterations (2p)", "solver, 12 groups left", "solver, from the opening",
    ]
    assert rows[0].value > 0 and rows[1].value > 0 and rows[2].value >= 0
    assert rows[3].note.endswith("proven within 0.01 s each")
    assert math.isnan(rows[3].value) or rows[3].value <= 0.05


def test_bench_command_prints_a_table_for_each_game():
    result = CliRunner().invoke(
        app, ["bench", "colt_express", "way_out_west", "--seconds", "0.05", "--iterations", "10"], env={"COLUMNS": "160"}
    )
    assert result.exit_code == 0, result.output
    assert "colt_express" in result.output and "way_out_west" in result.output
    assert "games/s" in result.output and "iter/s" in result.output
