"""The difficulty ladder: Bradley-Terry ratings (a first place among any number of seats) fitted by MM
from seeded games among bots, random at 0, with bootstrap intervals and each pair's head-to-head."""

from __future__ import annotations

import math

from typer.testing import CliRunner

from generator.cli import app
from generator.tables.ladder import Game, elo, fit, head_to_head, ladder


def _games(a_wins: int, b_wins: int, seats_b: int = 1) -> list[Game]:
    out = []
    for k in range(a_wins + b_wins):
        seats = (0,) + (1,) * seats_b
        wins = (1.0,) + (0.0,) * seats_b if k < a_wins else (0.0, 1.0) + (0.0,) * (seats_b - 1)
        out.append(Game(seats, wins, k))
    return out


def test_a_bot_that_wins_three_games_in_four_is_three_times_as_strong():
    s = fit(_games(75, 25), 2)
    assert abs(s[0] / s[1] - 3.0) < 1e-6
    r = elo(s, anchor=1)
    assert r[1] == 0 and abs(r[0] - 400 * math.log10(3)) < 1e-6


def test_alone_against_two_seats_of_an_equal_bot_a_bot_wins_a_third():
    s = fit(_games(20, 40, seats_b=2), 2)  # its fair share of three seats
    assert abs(s[0] / s[1] - 1.0) < 1e-6


def test_shared_wins_are_split_and_head_to_head_counts_only_the_pairs_games():
    games = [Game((0, 1), (0.5, 0.5), 0), Game((0, 1), (1.0, 0.0), 1), Game((0, 2), (0.0, 1.0), 2)]
    assert head_to_head(games, 0, 1) == 0.75 and head_to_head(games, 1, 0) == 0.25
    lad = ladder(games, ["random", "greedy", "mcts:50"], seed=1, bootstrap=20)
    assert lad.ratings[0] == 0 and lad.low[0] <= lad.ratings[0] <= lad.high[0]
    assert lad.order()[-1] == 2  # won its one game outright


def test_tables_ladder_rates_the_bots_and_draws_the_chart(tmp_path):
    result = CliRunner().invoke(app, ["tables", "ladder", "longhorn", "--bots", "random,greedy", "--games", "12",
                                      "--plot", str(tmp_path / "ladder.png")], env={"COLUMNS": "120"})
    assert result.exit_code == 0, result.output
    lines = [line for line in result.output.splitlines() if "│" in line]
    assert "greedy" in lines[0] and "random" in lines[1] and "+0" in lines[1]
    assert (tmp_path / "ladder.png").stat().st_size > 1000


def test_a_ladder_needs_two_different_bots():
    result = CliRunner().invoke(app, ["tables", "ladder", "longhorn", "--bots", "greedy,greedy"])
    assert result.exit_code == 1 and "expected at least two different bots" in result.output


def test_each_step_up_the_ladder_has_a_95_percent_interval_around_its_head_to_head():
    lad = ladder(_games(60, 20), ["random", "greedy"], seed=1, bootstrap=100)
    low, high = lad.step_interval[(0, 1)]  # bot 0 (above) against bot 1 (below)
    assert lad.head_to_head[(0, 1)] == 0.75 and low < 0.75 < high and 0.6 < low and high < 0.9
    assert list(lad.step_interval) == [(0, 1)]  # only adjacent rungs


def test_two_bots_that_met_on_one_deal_get_no_interval_for_their_step():
    games = [Game((0, 1), (1.0, 0.0), 0), Game((1, 0), (0.0, 1.0), 0), Game((0, 1), (0.0, 1.0), 0)]
    lad = ladder(games, ["random", "greedy"], seed=1, bootstrap=50)
    assert lad.step_interval == {}
