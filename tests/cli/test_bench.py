"""`saloon bench` measures and prints; nothing about speed is asserted, only that every figure is made,
stands beside its target, and that the side-by-side comparison runs the same probes on two trees."""

from __future__ import annotations

import json
import math
from pathlib import Path

from typer.testing import CliRunner

from generator import bench, bench_probe
from generator.bench import run_bench, side_by_side, side_by_side_plan
from generator.cli import app
from generator.commands.bench_runs import Standard, standard_rows
from tests.support.paths import REPO

ROOT = REPO


def test_bench_measures_every_figure_for_longhorn():
    rows = run_bench(["longhorn"], seconds=0.05, mcts_iterations=(10, 20), solver_seeds=1, opening_limit=0.01,
                     solver_groups=(12, 16))
    measures = [r.measure for r in rows]
    assert measures == [
        "random playouts 2p", "table:easy games 2p", "table:normal games 2p", "table:normal moves replayed 2p",
        "table:hard games 2p", "MCTS 10 iter. 2p", "MCTS 20 iter. 2p", "MCTS flatness 20/10",
        "solver 12 groups", "solver 16 groups", "solver from the opening",
    ]
    assert all(r.value > 0 for r in rows[:8]) and rows[8].value >= 0
    assert rows[10].note.endswith("proven within 0.01 s each")
    assert math.isnan(rows[10].value) or rows[10].value <= 0.05


def test_each_target_is_reported_with_whether_it_is_met():
    rows = {r.measure: r for r in run_bench(["longhorn"], seconds=0.05, mcts_iterations=(10, 20), solver_seeds=1,
                                             opening_limit=0.01, solver_groups=(16,))}
    playouts = rows["random playouts 2p"]
    assert playouts.target == ">= 20,000" and playouts.met == (playouts.value >= 20_000)
    flat = rows["MCTS flatness 20/10"]
    assert flat.target == ">= 0.85" and flat.met == (flat.value >= 0.85)
    proof = rows["solver 16 groups"]
    assert proof.target == "< 1" and proof.met == (proof.value < 1.0)
    assert "nodes max" in proof.note
    assert rows["MCTS 10 iter. 2p"].met is None


def test_solver_rows_report_the_total_nodes_over_the_seeds():
    # nodes do not depend on the machine's load: the total over the seeds is the sum of each proof's nodes
    (row, _) = bench.solver_rows("longhorn", 2, (12,), opening_limit=0.01)
    total = sum(bench_probe.solver_proof("longhorn", seed, 12)[1] for seed in range(2))
    assert row.note.endswith(f"total {total:,} (seeds 0-1)")


def test_bench_command_prints_a_table_for_each_game():
    result = CliRunner().invoke(
        app, ["bench", "colt_express", "way_out_west", "--seconds", "0.05", "--iterations", "5,10", "--runs", ""], env={"COLUMNS": "200"}
    )
    assert result.exit_code == 0, result.output
    assert "colt_express" in result.output and "way_out_west" in result.output
    assert "games/s" in result.output and "iter/s" in result.output and ">= 2,600" in result.output


def test_bench_json_lists_every_row_with_its_target():
    result = CliRunner().invoke(app, ["bench", "way_out_west", "--seconds", "0.05", "--iterations", "5", "--json", "--runs", ""])
    assert result.exit_code == 0, result.output
    rows = json.loads(result.output)
    assert [r["measure"] for r in rows] == ["random playouts 4p", "table:easy games 4p", "table:normal games 4p",
                                            "table:normal moves replayed 4p", "table:hard games 4p", "MCTS 5 iter. 4p"]
    assert rows[0]["target"] == ">= 1,500" and isinstance(rows[0]["met"], bool)


def test_every_table_level_is_timed_against_the_games_target_beside_the_random_playouts():
    rows = bench.table_rows("colt_express", 0.05, playouts=2_000.0)
    assert [r.measure for r in rows] == ["table:easy games 4p", "table:normal games 4p",
                                         "table:normal moves replayed 4p", "table:hard games 4p"]
    assert [r.target for r in rows] == [">= 1,000", ">= 1,000", "", ">= 1,000"]  # every level is held to it
    assert rows[0].met == (rows[0].value >= 1_000) and rows[2].met is None
    assert "setup and moves only: deciding (legal moves, features, rules) takes the other" in rows[2].note
    assert "every seat the hard table" in rows[3].note
    assert rows[1].note.endswith(f"; {rows[1].value / 2_000:.3f} of the random playouts' rate")
    longhorn = bench.table_rows("longhorn", 0.05)
    assert [r.measure for r in longhorn] == ["table:easy games 2p", "table:normal games 2p",
                                             "table:normal moves replayed 2p", "table:hard games 2p"]
    assert {r.target for r in longhorn if "replayed" not in r.measure} == {">= 2,500"}
    assert "random playouts" not in longhorn[0].note  # no rate given, no share printed
    assert {r.target for r in bench.table_rows("way_out_west", 0.05) if "replayed" not in r.measure} == {">= 300"}


def test_the_standard_runs_time_a_tune_an_eval_a_grading_and_a_proof_where_a_game_has_them():
    tiny = Standard(tune_budget=100, tune_deals=10, eval_games=2, eval_opponents=("random",), grade_candidates=1,
                    grade_games=1, proof_count=1, proof_games=1)
    rows = standard_rows("longhorn", s=tiny)
    assert [r.measure for r in rows] == ["standard tune", "standard eval", "standard grading", "standard puzzle proof"]
    assert all(r.unit == "s" and r.value > 0 for r in rows)
    assert "--budget 100 --deals 10" in rows[0].note and "--games 2 --opponents random" in rows[1].note
    assert rows[2].note.startswith("1 proposed scenarios x 1 games of mcts:200")
    assert "--max-games 1" in rows[3].note
    # a game without puzzles has no proof row; only the runs asked for are made
    assert [r.measure for r in standard_rows("colt_express", ["eval"], s=tiny)] == ["standard eval"]


def test_standard_runs_refuse_an_unknown_run_in_one_line():
    result = CliRunner().invoke(app, ["bench", "longhorn", "--runs", "tune,sprint"])
    assert result.exit_code == 1
    assert "--runs 'sprint': expected some of tune, eval, grade, proof" in result.output


def test_replaying_a_table_game_plays_it_to_its_end():
    rate, games = bench_probe.table_replays("colt_express", 4, 0.02)
    assert rate > 0 and games >= 1


def test_bench_refuses_bad_numbers_in_one_line():
    result = CliRunner().invoke(app, ["bench", "longhorn", "--iterations", "10,x"])
    assert result.exit_code == 1
    assert "--iterations '10,x': expected whole numbers" in result.output
    result = CliRunner().invoke(app, ["bench", "longhorn", "--against", str(ROOT / "tests")])
    assert result.exit_code == 1 and "not a Saloon checkout" in result.output


def test_side_by_side_runs_the_same_probe_on_both_trees_interleaved(monkeypatch):
    calls = []

    def probe(tree, args):
        calls.append((tree, tuple(args)))
        return 2.0 if tree == ROOT else 1.0

    monkeypatch.setattr(bench, "_probe", probe)
    plan = side_by_side_plan(["longhorn"], 0.1, (10,), (0,), 12)
    assert [p[2] for p in plan] == [["playouts", "longhorn", "2", "0.1"], ["tables", "longhorn", "2", "0.1"],
                                    ["mcts", "longhorn", "2", "10"], ["solver", "longhorn", "0", "12"]]
    other = Path("/elsewhere")
    results = side_by_side(other, plan, repeats=2, here=ROOT)
    trees = [tree for tree, _ in calls[:4]]
    assert trees == [ROOT, other, other, ROOT]  # ABBA: load falls on both alike
    assert results[0].ratio == 2.0  # twice the games/s here
    assert results[3].ratio == 0.5  # twice the seconds here


def test_side_by_side_probe_measures_a_checkout_in_a_fresh_interpreter():
    value = bench._probe(ROOT, ["playouts", "longhorn", "2", "0.02"])
    assert value > 0


def test_probe_script_prints_one_number(capsys):
    bench_probe.main(["mcts", "longhorn", "2", "5"])
    assert float(capsys.readouterr().out) > 0
    bench_probe.main(["tables", "colt_express", "4", "0.01"])
    assert float(capsys.readouterr().out) > 0
