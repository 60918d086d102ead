"""Longhorn puzzles: a forced win with exactly one winning first turn, proved by the exact solver.
Every committed puzzle is proved again here, its first turn shown unique, its solution line replayed."""

from __future__ import annotations

import pytest

from generator.engine.longhorn.solver import Solver
from generator.games import load_game
from generator.scenarios import store
from generator.scenarios.longhorn_puzzles import analyse, reprove, winning_actions
from generator.scenarios.puzzles import difficulty, puzzle_stars
from generator.scenarios.setup import puzzle_state

from tests.support.longhorn import build
from generator.content import load_content

NINTH_BLACK = dict(cells={"A1": {"black": 1, "white": 1}, "B1": {"orange": 2}}, pawn="A1", herds=[{"black": 8}, {}])


def test_a_position_with_one_winning_first_turn_is_a_puzzle():
    # stealing the ninth black cow wins at once; stealing white rides to B1 and loses on money
    state = build(**NINTH_BLACK, nuggets=[[], [500, 400]])
    found = analyse(state)
    assert found is not None
    assert found.solution == ["steal black"] and found.first_turn == 1
    assert (found.turns, found.wrong) == (1, 1)


def test_two_winning_first_turns_make_no_puzzle():
    # without the rival's nuggets stealing white wins too (on money): not unique
    assert analyse(build(**NINTH_BLACK)) is None


def test_a_lost_position_makes_no_puzzle():
    state = build(cells={"A1": {"white": 1}, "B1": {"orange": 2}}, pawn="A1", nuggets=[[], [500]])
    assert analyse(state) is None


def test_puzzle_stars_follow_the_difficulty():
    grid = [(t, w) for t in range(1, 6) for w in range(0, 8)]
    by_difficulty = sorted(grid, key=lambda tw: difficulty(*tw))
    stars = [puzzle_stars(*tw) for tw in by_difficulty]
    assert all(a <= b for a, b in zip(stars, stars[1:]))
    assert puzzle_stars(1, 1) == 1 and puzzle_stars(5, 6) == 5


def _puzzles():  # the first kind (the hard and "only defence" kinds: test_longhorn_puzzles_kinds.py)
    return [e for _, e in store.entries(load_content("longhorn"))
            if hasattr(e, "solution") and e.goal == "win" and not e.decoys]


def test_there_are_forty_puzzles():
    assert len(_puzzles()) >= 40


@pytest.mark.slow
@pytest.mark.parametrize("puzzle", _puzzles(), ids=lambda p: p.id)
def test_every_puzzle_is_proved_again_with_a_unique_winning_first_turn(puzzle):
    g = load_game("longhorn", **puzzle.options)
    again = reprove(puzzle, g)
    assert again is not None, "the solver no longer proves a unique forced win"
    assert again.solution[: again.first_turn] == puzzle.solution[: puzzle.first_turn]
    assert (again.first_turn, again.wrong) == (puzzle.first_turn, puzzle.wrong)
    # the stored line: legal, every winner's choice keeps the sure win, and the winner wins
    state = puzzle_state(g, puzzle)
    me = state.current_player
    solver = Solver()
    for text in puzzle.solution:
        if state.current_player == me:
            wins, _ = winning_actions(solver, state, puzzle.node_limit)
            assert text in [str(a) for a, _ in wins]
        state.play(text)
    assert state.is_over and state.result().winners == (me,)
