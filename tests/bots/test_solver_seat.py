"""The solver seat: exact where it can prove the position, a seeded MCTS move where it cannot."""

from __future__ import annotations

import pytest

from generator.bots import make_bot
from generator.engine.longhorn.solver import position_with_groups, solve
from generator.errors import UsageError
from generator.games import load_game
from generator.sim.simulate import simulate


@pytest.fixture(scope="module")
def longhorn():
    return load_game("longhorn")


def test_solver_bot_plays_the_proven_best_move_in_an_endgame(longhorn):
    state = position_with_groups(longhorn, 3, 6)
    bot = make_bot("solver", 1)
    action = bot.choose(state)
    value, _ = solve(state)
    assert bot.last_value == value
    assert action in state.legal_actions()
    after = state.clone()
    after.apply(action)
    # the move keeps the proven value: the opponent's best reply cannot do better than -value for them
    if not after.is_over and after.current_player != state.current_player:
        assert solve(after)[0] == pytest.approx(-value)


def test_solver_bot_falls_back_to_seeded_mcts_when_the_budget_runs_out(longhorn):
    state = longhorn.new_game(2, 5)
    first = make_bot("solver", 9)
    second = make_bot("solver", 9)
    first.node_limit = second.node_limit = 4096
    assert str(first.choose(state)) == str(second.choose(state))
    assert first.last_value is None


def test_solver_bot_refuses_other_games():
    colt = load_game("colt_express")
    with pytest.raises(UsageError, match="Longhorn only"):
        make_bot("solver", 0).choose(colt.new_game(3, 0))


def test_simulate_refuses_a_solver_seat_outside_longhorn():
    with pytest.raises(UsageError, match="solver bot plays Longhorn only"):
        simulate("colt_express", 1, ["solver", "random", "random"])
