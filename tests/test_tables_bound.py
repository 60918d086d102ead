"""`saloon tables bound`: a Longhorn table as printed against the same table with an exact endgame."""

from __future__ import annotations

from typer.testing import CliRunner

from generator.bots.solver import Solver, groups_left, position_with_groups
from generator.bots.table import TableBot
from generator.cli import app
from generator.content import load_table
from generator.games import load_game
from generator.tables.bound import Bound, EndgameBot, endgame_bound

runner = CliRunner()
G = load_game("longhorn")


def test_endgame_bot_plays_the_solvers_choice_once_few_groups_are_left():
    state = position_with_groups(G, 3, 10)
    bot = EndgameBot(TableBot(1, level="hard"), groups=10)
    assert bot.choose(state.clone()) == Solver().solve(state.clone())[1]


def test_endgame_bot_leaves_the_table_to_decide_above_the_groups():
    for seed in range(6):
        state = position_with_groups(G, seed, 16)
        assert groups_left(state) > 12
        bot = EndgameBot(TableBot(1, level="hard"), groups=12)
        assert bot.choose(state.clone()) == TableBot(1, level="hard").choose(state.clone())


def test_the_bound_plays_each_deal_in_both_seats_and_is_deterministic():
    table = load_table("longhorn", "hard")
    a = endgame_bound(G, table, ["greedy"], seed=5, deals=3, groups=11)
    b = endgame_bound(G, table, ["greedy"], seed=5, deals=3, groups=11)
    bound = a["greedy"]
    assert bound.as_is.games == bound.exact.games == 6 == len(bound.diffs)
    assert (bound.as_is.wins, bound.exact.wins, bound.diffs) == (b["greedy"].as_is.wins, b["greedy"].exact.wins,
                                                                 b["greedy"].diffs)
    assert sum(bound.diffs) == bound.exact.wins - bound.as_is.wins


def test_the_paired_gain_interval_on_a_known_case():
    b = Bound(diffs=[1, 0, 0, 1])  # mean 0.5, sample sd 0.5774: half width 1.96 * 0.5774 / 2
    gain, lo, hi = b.gain_interval()
    assert gain == 0.5
    assert abs(hi - 0.5 - 1.96 * (1 / 3) ** 0.5 / 2) < 1e-12
    assert abs((gain - lo) - (hi - gain)) < 1e-12


def test_tables_bound_prints_both_rows_for_each_opponent():
    result = runner.invoke(app, ["tables", "bound", "longhorn", "--games", "4", "--opponents", "random",
                                 "--groups", "10"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "exact from 10 groups" in result.output and "random" in result.output


def test_tables_bound_refuses_a_game_without_a_solver_in_one_line():
    result = runner.invoke(app, ["tables", "bound", "colt_express", "--games", "4"])
    assert result.exit_code == 1
    assert "no exact solver" in result.output and "Traceback" not in result.output


def test_tables_bound_refuses_fewer_than_one_group():
    result = runner.invoke(app, ["tables", "bound", "longhorn", "--games", "4", "--groups", "0"])
    assert result.exit_code == 1
    assert "--groups 0" in result.output
