"""The exact Longhorn solver, checked against plain expectiminimax; and the mcts-vs-random check."""

from __future__ import annotations

import random

import pytest

from generator.bots.solver import Solver, SolverBot, expectiminimax, solve
from generator.errors import EngineError

from test_longhorn_helpers import build, game

G = game()


def _groups(s) -> int:
    return sum(1 for n in s.cattle if n)


def _endgame(seed: int, groups: int):
    """A position from a random game at the first steal with at most `groups` (cell, colour) groups."""
    for attempt in range(50):
        s = G.new_game(2, seed * 100 + attempt)
        rng = random.Random(seed * 100 + attempt)
        while not s.is_over and not (s.phase == 1 and _groups(s) <= groups):
            acts = s.legal_actions()
            s.apply(acts[rng.randrange(len(acts))])
        if not s.is_over:
            return s
    raise AssertionError("no endgame found")


@pytest.mark.parametrize("seed", [s for s in range(16) if s != 10])  # seed 10: two rattlesnakes, brute force takes minutes
def test_solver_agrees_with_brute_force_on_small_endgames(seed):
    s = _endgame(seed, 6)
    value, action = solve(s)
    assert value == pytest.approx(expectiminimax(s))
    # the move it names achieves that value
    kids = s.chance_outcomes(action)
    got = 0.0
    for p, child in kids:
        if child.is_over:
            w = child.result().winners
            cv = 0.0 if len(w) != 1 else (1.0 if w[0] == s.current_player else -1.0)
        else:
            cv = expectiminimax(child) * (1 if child.current_player == s.current_player else -1)
        got += p * cv
    assert got == pytest.approx(value)


def _ambush_position(nuggets):
    # Perkins empties B2 (ambush), must take a random nugget, rides to B1; Byrd steals the last
    # white and nothing is reachable: the nuggets alone decide.
    return build(cells={"B2": {"black": 1}, "B1": {"white": 1}}, tokens={"B2": "ambush"}, pawn="B2",
                 nuggets=[[], list(nuggets)])


@pytest.mark.parametrize("nuggets,expected", [([200, 500], 0.0), ([200, 200, 500], -1 / 3), ([500, 500, 500], -1.0)])
def test_solver_averages_over_the_ambush_nugget_draw(nuggets, expected):
    s = _ambush_position(nuggets)
    value, action = solve(s)
    assert str(action) == "steal black"
    assert value == pytest.approx(expected)
    assert expectiminimax(s) == pytest.approx(expected)


def test_solver_finds_the_immediate_win():
    s = build(cells={"B2": {"orange": 2, "black": 1}, "B1": {"white": 5}}, pawn="B2", herds=[{"orange": 7}, {}])
    value, action = solve(s)
    assert value == 1.0 and str(action) == "steal orange"


def test_solver_avoids_the_sheriff():
    s = build(cells={"B2": {"orange": 1}, "A1": {"black": 1}, "B1": {"white": 1}}, tokens={"B2": "sheriff"},
              pawn="B2", herds=[{}, {}])
    value, action = solve(s)
    assert str(action) == "steal orange" and value == -1.0  # the only colour: forced arrest


def test_solver_bot_plays_a_legal_best_move_and_table_reuse_is_consistent():
    s = _endgame(3, 9)
    bot = SolverBot(seed=1)
    assert bot.name == "solver"
    a = bot.choose(s)
    assert a in s.legal_actions()
    solver = Solver()
    v1, _ = solver.solve(s)
    v2, _ = solver.solve(s)
    assert v1 == v2 == bot.last_value


def test_solver_refuses_a_finished_game():
    s = build(cells={"B2": {"white": 1}}, pawn="B2")
    s.play("steal white")
    with pytest.raises(EngineError):
        solve(s)


def test_mcts_beats_random_in_at_least_90_percent_of_200_seeded_games():
    bots = pytest.importorskip("generator.simulate")
    wins = 0
    for seed in range(200):
        me = seed % 2
        seats = ["mcts:60", "random"] if me == 0 else ["random", "mcts:60"]
        out = bots.play_game(G, seats, players=2, seed=seed)
        wins += out.winners == (me,)
    assert wins >= 180, wins
