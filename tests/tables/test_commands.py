"""`saloon tables show|tune|eval` end to end, and the table bot in simulate and play."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from generator.cli import app
from tests.support.paths import REPO
from generator.content import load_content

runner = CliRunner()
ROOT = REPO / "content"


def _content_copy(tmp_path: Path) -> Path:
    dest = tmp_path / "content"
    shutil.copytree(ROOT, dest)
    return dest


def test_tables_show_prints_every_decision_and_its_tie_break():
    result = runner.invoke(app, ["tables", "show", "longhorn", "--level", "normal"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    for heading in ("Which colour to steal", "Where to ride", "Epidemic: which colour", "Tie: the first in this order"):
        assert heading in result.output


def test_tables_tune_writes_a_valid_table_with_its_reproducing_command(tmp_path):
    out = tmp_path / "t.yaml"
    result = runner.invoke(app, ["tables", "tune", "longhorn", "--level", "easy", "--budget", "400", "--seed", "4",
                                 "--deals", "20", "--out", str(out)])
    assert result.exit_code == 0, result.output
    data = yaml.safe_load(out.read_text())
    assert data["level"] == "easy"
    assert data["tuned"]["command"] == "saloon tables tune longhorn --level easy --budget 400 --seed 4 --deals 20"
    assert data["tuned"]["opponents"] == ["random", "greedy"]
    assert out.read_text().startswith("# longhorn decision table, level easy")


@pytest.mark.slow  # (tuning twice: the slow tier's determinism checks)
def test_tables_tune_with_the_same_seed_writes_the_same_table(tmp_path):
    args = ["tables", "tune", "longhorn", "--level", "easy", "--budget", "400", "--seed", "4", "--deals", "20", "--out"]
    out, again = tmp_path / "t.yaml", tmp_path / "u.yaml"
    assert runner.invoke(app, args + [str(out)]).exit_code == 0
    assert runner.invoke(app, args + [str(again)]).exit_code == 0
    assert again.read_text() == out.read_text()  # same seed, same table


@pytest.mark.slow
def test_tables_tune_opponents_and_bot_hand_go_into_the_search_and_the_command(tmp_path):
    out = tmp_path / "t.yaml"
    args = ["tables", "tune", "colt_express", "--level", "hard", "--budget", "200", "--seed", "4", "--deals", "10",
            "--players", "3", "--start", "tables/start/designer.yaml", "--bot-hand", "open",
            "--opponents", "greedy,table:normal", "--out", str(out)]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    data = yaml.safe_load(out.read_text())
    assert data["tuned"]["opponents"] == ["greedy", "table:normal"]
    assert data["bot_hand"] == "open"  # the flipping start, tuned for an open hand as asked
    assert data["tuned"]["command"] == ("saloon tables tune colt_express --level hard --budget 200 --seed 4 --deals 10"
                                        " --players 3 --start tables/start/designer.yaml --bot-hand open"
                                        " --opponents greedy,table:normal")


def test_tables_tune_with_an_unknown_opponent_says_so_in_one_line(tmp_path):
    result = runner.invoke(app, ["tables", "tune", "colt_express", "--budget", "200", "--opponents", "greedy,wizard",
                                 "--out", str(tmp_path / "t.yaml")])
    assert result.exit_code == 1
    assert "wizard" in result.output and "Traceback" not in result.output


def test_tables_eval_writes_the_measured_header_and_a_chart(tmp_path):
    content = _content_copy(tmp_path)
    plot = tmp_path / "chart.png"
    result = runner.invoke(app, ["--content", str(content), "tables", "eval", "longhorn", "--level", "normal",
                                 "--opponents", "random", "--games", "10", "--seed", "3", "--solver-deals", "1",
                                 "--reference", "greedy", "--plot", str(plot)], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "normal" in result.output and "greedy" in result.output
    data = yaml.safe_load((content / "longhorn" / "tables" / "normal.yaml").read_text())
    m = data["measured"]
    assert m["games"] == 10 and m["seed"] == 3 and set(m["against"]) == {"random"}
    tally = m["against"]["random"]
    assert tally["games"] == 10 and tally["wins"] + tally["draws"] + tally["losses"] == 10
    assert tally["low"] <= tally["win_rate"] <= tally["high"]
    assert "solver" in m and m["solver"]["optimal"] <= m["solver"]["positions"]
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_a_measured_header_names_the_one_command_that_measures_it_again(tmp_path):
    import shlex

    first, again = _content_copy(tmp_path / "a"), _content_copy(tmp_path / "b")
    result = runner.invoke(app, ["--content", str(first), "tables", "eval", "longhorn", "--opponents", "random",
                                 "--games", "6", "--seed", "4", "--solver-deals", "0", "--reference", "greedy"])
    assert result.exit_code == 0, result.output
    measured = yaml.safe_load((first / "longhorn" / "tables" / "hard.yaml").read_text())["measured"]
    assert "--level hard" in measured["command"] and "--reference ''" in measured["command"]
    words = shlex.split(measured["command"])
    assert words[0] == "saloon"
    result = runner.invoke(app, ["--content", str(again)] + words[1:])
    assert result.exit_code == 0, result.output
    assert yaml.safe_load((again / "longhorn" / "tables" / "hard.yaml").read_text())["measured"] == measured
    # only the table it names is measured again
    assert (again / "longhorn" / "tables" / "easy.yaml").read_text() == (ROOT / "longhorn" / "tables" / "easy.yaml").read_text()


def test_tables_eval_head_start_is_measured_recorded_and_named_in_the_command(tmp_path):
    import shlex

    first, again = _content_copy(tmp_path / "a"), _content_copy(tmp_path / "b")
    args = ["tables", "eval", "colt_express", "--level", "hard", "--head-start", "1500", "--opponents", "random",
            "--games", "3", "--seed", "4", "--players", "3", "--reference", ""]
    result = runner.invoke(app, ["--content", str(first)] + args)
    assert result.exit_code == 0, result.output
    data = yaml.safe_load((first / "colt_express" / "tables" / "hard_2-3.yaml").read_text())
    assert data["head_start"] == 1500 and "--head-start 1500" in data["measured"]["command"]
    result = runner.invoke(app, ["--content", str(again)] + shlex.split(data["measured"]["command"])[1:])
    assert result.exit_code == 0, result.output
    assert yaml.safe_load((again / "colt_express" / "tables" / "hard_2-3.yaml").read_text()) == data
    result = runner.invoke(app, ["--content", str(again), "tables", "eval", "longhorn", "--level", "hard",
                                 "--head-start", "5", "--games", "2", "--reference", ""])
    assert result.exit_code == 1 and "--head-start 5: longhorn has no head starts" in result.output
    assert "Traceback" not in result.output


def test_tables_eval_plays_fewer_games_where_a_search_bot_plays(tmp_path):
    content = _content_copy(tmp_path)
    result = runner.invoke(app, ["--content", str(content), "tables", "eval", "longhorn", "--level", "normal",
                                 "--opponents", "random,mcts:5", "--games", "10", "--search-games", "4", "--seed", "3",
                                 "--solver-deals", "0", "--reference", ""], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    m = yaml.safe_load((content / "longhorn" / "tables" / "normal.yaml").read_text())["measured"]
    assert m["games"] == 10 and m["against"]["random"]["games"] == 10 and m["against"]["mcts:5"]["games"] == 4
    assert "--search-games 4" in m["command"]


def test_tables_commands_reject_bad_input_with_one_line():
    cases = [
        (["tables", "tune", "longhorn", "--level", "heroic"], "--level 'heroic'"),
        (["tables", "tune", "longhorn", "--budget", "5"], "--budget 5"),
        (["tables", "eval", "longhorn", "--games", "0"], "--games 0"),
        (["tables", "eval", "longhorn", "--plot", "x.svg"], "--plot x.svg"),
        (["tables", "show", "longhorn", "--level", "hard2"], "unknown table level"),
    ]
    for args, message in cases:
        result = runner.invoke(app, args)
        assert result.exit_code == 1, (args, result.output)
        assert message in result.output, (args, result.output)


def test_tables_eval_of_a_game_without_tables_says_so_in_one_line(tmp_path):
    import shutil

    from generator.content import default_content_root

    shutil.copytree(default_content_root() / "colt_express", tmp_path / "colt_express")
    shutil.rmtree(tmp_path / "colt_express" / "tables")
    result = runner.invoke(app, ["--content", str(tmp_path), "tables", "eval", "colt_express"])
    assert result.exit_code == 1, result.output
    assert "no decision tables yet" in result.output, result.output


def test_simulate_plays_the_table_bot():
    result = runner.invoke(app, ["simulate", "longhorn", "--games", "4", "--seats", "table:normal,random", "--seed", "1"],
                           env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "table:normal" in result.output


def test_referee_explains_the_table_bot_choices(tmp_path):
    result = runner.invoke(app, ["play", "longhorn", "--seats", "table,you", "--seed", "3", "--save-dir", str(tmp_path)],
                           input="1\n1\n1\n1\n1\nquit\n", env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "normal sheet, which colour to steal: rule" in result.output
    assert "its only choice" not in result.output


def test_tables_eval_measures_a_family_table_only_at_its_own_player_counts(tmp_path):
    content = _content_copy(tmp_path)
    result = runner.invoke(app, ["--content", str(content), "tables", "eval", "way_out_west", "--level", "hard",
                                 "--players", "3-5", "--games", "3", "--opponents", "random", "--reference", ""])
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert "the hard table (hard_3-3.yaml) is for 3 players; measure each player-count family on its own (--players 3)" \
        in result.output, result.output
    assert (content / "way_out_west" / "tables" / "hard_3-3.yaml").read_text() == \
        (ROOT / "way_out_west" / "tables" / "hard_3-3.yaml").read_text()


def test_tables_tune_will_not_write_a_second_table_for_the_same_players(tmp_path):
    content = _content_copy(tmp_path)
    result = runner.invoke(app, ["--content", str(content), "tables", "tune", "way_out_west", "--level", "hard",
                                 "--players", "3-5", "--budget", "100", "--deals", "10"])
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert "it would write hard.yaml, but hard_3-3.yaml is also a hard table" in result.output, result.output
    assert not (content / "way_out_west" / "tables" / "hard.yaml").exists()


def test_a_table_for_one_player_count_is_labelled_with_that_count():
    from generator.content import load_table
    from generator.words.tables import table_label

    assert table_label(load_table(load_content("way_out_west"), "hard", players=3)) == "hard, 3 players"
    assert table_label(load_table(load_content("way_out_west"), "hard", players=4)) == "hard, 4-5 players"
    assert table_label(load_table(load_content("way_out_west"), "hard", players=3), "es").endswith("3 jugadores")
    result = runner.invoke(app, ["tables", "show", "way_out_west", "--level", "hard", "--players", "4"])
    assert result.exit_code == 0 and result.output.startswith("Way Out West: bot, level hard, 4-5 players\n")
