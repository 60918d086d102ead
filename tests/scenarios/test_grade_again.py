"""`saloon scenarios grade GAME`: after a bot's table changes, every generated scenario is graded again with
its own grading seed and proxy and written back into its file; with the bots unchanged the figures are the
ones stored (the same seeded games)."""

from __future__ import annotations

import shutil
from pathlib import Path

from typer.testing import CliRunner

from generator.cli import app
from generator.content import load_content
from generator.scenarios import store
from generator.commands.scenarios import generate_header
from generator.scenarios.grading import Item, grade_of, regrade, regrade_scenarios
from tests.support.paths import REPO

runner = CliRunner()


def _graded_pair():
    """Two of Longhorn's shipped scenarios, graded by a quick proxy (4 games of mcts:20)."""
    content = load_content("longhorn")
    path = next(p for p in store.scenario_files(content) if p.name == "generated.yaml")
    first, second = store.load_file(path, "longhorn").scenarios[:2]
    quick = [sc.model_copy(update={"graded": regrade(content, sc.model_copy(update={"graded": None}), 4, proxy="mcts:20")})
             for sc in (first, second)]
    return content, path, quick


def test_grading_again_with_the_same_bots_gives_the_stored_figures():
    content, _, quick = _graded_pair()
    assert regrade_scenarios(content, quick) == quick
    assert regrade_scenarios(content, quick, jobs=2) == quick


def test_scenarios_grade_writes_the_true_figures_back_into_the_file(tmp_path):
    content, path, quick = _graded_pair()
    root = tmp_path / "content"
    shutil.copytree(REPO / "content", root)
    for other in ("campaign.yaml", "turning_points.yaml"):  # their 12 graded scenarios (32 games each, 50 s)
        (root / "longhorn" / "scenarios" / other).unlink()  # would be graded too: this file is the one checked
    g = quick[1].graded
    wrong_wins = g.wins + 1 if g.wins < g.games else g.wins - 1  # figures one game off the true ones
    flipped = Item(quick[1], "", g.seed, [k < wrong_wins for k in range(g.games)])
    wrong = quick[1].model_copy(update={"graded": grade_of(flipped, g.proxy)})
    assert wrong.graded != g
    target = root / "longhorn" / "scenarios" / path.name
    sf = store.load_file(path, "longhorn").model_copy(update={"scenarios": [quick[0], wrong]})
    store.write_file(target, sf, generate_header("longhorn", "a test's file"))
    result = runner.invoke(app, ["--content", str(root), "scenarios", "grade", "longhorn"], env={"COLUMNS": "160"})
    assert result.exit_code == 0, result.output
    again = store.load_file(Path(target), "longhorn", root).scenarios
    assert again == quick  # the stored figures put right, the other kept
    assert "a test's file" in target.read_text(encoding="utf-8")  # the file's header kept
    assert quick[1].id in result.output and "graded in" in result.output
