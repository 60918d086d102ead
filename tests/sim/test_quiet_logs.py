"""Bot-only games (simulate, tuning, grading, bench) run with the log switched off: the same game,
move for move, told to nobody."""

import pytest

from generator.games import load_game
from generator.sim.simulate import run_game

SEATS = {
    "longhorn": ["mcts:30", "table:normal"],
    "colt_express": ["mcts:20", "table:normal", "greedy", "random"],
    "way_out_west": ["mcts:10", "table:normal", "greedy"],
}


@pytest.mark.parametrize("game", sorted(SEATS))
@pytest.mark.parametrize("seed", [1, 2])
def test_a_game_told_to_nobody_is_the_same_game(game, seed):
    g = load_game(game)
    told = run_game(g, SEATS[game], seed=seed)
    quiet = run_game(g, SEATS[game], seed=seed, narrate=False)
    assert [str(a) for a in quiet.history] == [str(a) for a in told.history]
    assert quiet.result() == told.result()
    assert len(quiet.log) < len(told.log)  # the switch is real: the quiet game logged its setup at most
