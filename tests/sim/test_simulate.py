"""Seeded simulation: same seed, same results, whatever the number of processes; the CLI table."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from generator.cli import app
from generator.errors import UsageError
from generator.sim.simulate import simulate, wilson

runner = CliRunner()


def _digest(summary):
    return [(r.index, r.seed, r.scores, r.winners, r.reason, r.length) for r in summary.results]


def test_same_seed_same_results_with_one_or_two_processes():
    one = simulate("longhorn", 6, ["greedy", "random"], seed=5, jobs=1)
    two = simulate("longhorn", 6, ["greedy", "random"], seed=5, jobs=2)
    assert _digest(one) == _digest(two)
    assert [(s.wins, s.draws, s.losses) for s in one.seats] == [(s.wins, s.draws, s.losses) for s in two.seats]


def test_another_seed_gives_other_games():
    a = simulate("longhorn", 4, ["random", "random"], seed=1)
    b = simulate("longhorn", 4, ["random", "random"], seed=2)
    assert _digest(a) != _digest(b)


def test_every_game_is_counted_once_per_seat():
    s = simulate("colt_express", 3, ["random"], players=3, seed=0)
    assert all(seat.games() == 3 for seat in s.seats)
    assert sum(s.reasons.values()) == 3


def test_seat_count_must_match_players():
    with pytest.raises(UsageError, match="2 seats given"):
        simulate("way_out_west", 1, ["random", "random"], players=4)


def test_wilson_interval_brackets_the_rate():
    lo, hi = wilson(90, 100)
    assert lo < 0.9 < hi
    assert wilson(0, 0) == (0.0, 1.0)


def test_simulate_command_prints_the_table():
    result = runner.invoke(app, ["simulate", "longhorn", "--games", "4", "--seats", "greedy,random", "--seed", "3"], env={"COLUMNS": "160"})
    assert result.exit_code == 0, result.output
    for text in ("longhorn: 4 games, 2 players, seed 3", "win rate (95% CI)", "greedy", "random", "mean length"):
        assert text in result.output
