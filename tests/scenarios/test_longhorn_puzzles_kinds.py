"""Longhorn's harder puzzles (3+ turns, decoys) and its "only defence" puzzles (goal not_lose), each proved
again here by the exact solver: the hard ones' win shown to need 3 of the winner's turns and their decoys
counted again; the defence ones' every other first choice shown to lose by force."""

from __future__ import annotations

import json

import pytest

from generator.content import load_content
from generator.engine.longhorn.solver import Solver
from generator.games import load_game
from generator.scenarios import store
from generator.scenarios.longhorn_puzzles import (HARD_STARS, HARD_TURNS, analyse, deterministic, file_header,
                                                  reprove, winning_actions, wins_against_greedy, wins_within)
from generator.scenarios.setup import puzzle_state
from generator.schema.scenarios import Puzzle, ScenarioFile

from tests.support.longhorn import build

NINTH_BLACK = dict(cells={"A1": {"black": 1, "white": 1}, "B1": {"orange": 2}}, pawn="A1", herds=[{"black": 8}, {}])


def _puzzles():
    return [e for _, e in store.entries(load_content("longhorn")) if isinstance(e, Puzzle)]


HARD = [p for p in _puzzles() if p.decoys]
DEFENCE = [p for p in _puzzles() if p.goal == "not_lose"]


def test_a_win_in_one_turn_is_a_win_within_one_turn():
    state = build(**NINTH_BLACK, nuggets=[[], [500, 400]])
    assert wins_within(state, 0, 1) and not wins_within(state, 1 - 0, 0)
    assert wins_against_greedy(state, 0)


def test_a_position_with_an_ambush_on_the_range_is_not_deterministic():
    assert deterministic(build(**NINTH_BLACK))
    assert not deterministic(build(**NINTH_BLACK, tokens={"B1": "ambush"}))


def test_the_only_defence_of_a_lost_position_is_none():
    # every choice loses: no puzzle of either goal
    state = build(cells={"A1": {"white": 1}, "B1": {"orange": 2}}, pawn="A1", nuggets=[[], [500]])
    assert analyse(state, goal="not_lose") is None and analyse(state) is None


def test_goal_and_decoys_are_left_out_of_a_first_kind_puzzle_file():
    pz = next(p for p in _puzzles() if p.id == "p01")
    assert "goal" not in pz.to_yaml() and "decoys" not in pz.to_yaml()
    assert pz.goal == "win" and pz.decoys == 0


def test_there_are_ten_hard_puzzles_of_four_or_five_stars_and_five_defence_puzzles():
    assert len([p for p in HARD if p.stars >= 4]) >= 10 and len(DEFENCE) >= 5
    ids = [p.id for p in _puzzles()]
    assert len(ids) == len(set(ids)) and sum(i.startswith("p") for i in ids) == 40
    positions = [json.dumps(p.position, sort_keys=True) for p in _puzzles()]
    assert len(positions) == len(set(positions)), "a position is used by two puzzles"


def test_each_kind_of_file_says_what_its_puzzles_are():
    from generator.schema.scenarios import Made
    made = Made(command="saloon scenarios puzzles longhorn", note="n")
    assert "only defence" in file_header(ScenarioFile(game="longhorn", made=made, puzzles=DEFENCE[:1]))[0]
    assert "hard ones" in file_header(ScenarioFile(game="longhorn", made=made, puzzles=HARD[:1]))[0]


@pytest.mark.slow
@pytest.mark.parametrize("puzzle", HARD, ids=lambda p: p.id)
def test_every_hard_puzzle_needs_three_turns_and_keeps_its_decoys(puzzle):
    g = load_game("longhorn", **puzzle.options)
    again = reprove(puzzle, g)
    assert again is not None, "the solver no longer proves a unique forced win needing 3 turns"
    assert again.solution[: again.first_turn] == puzzle.solution[: puzzle.first_turn]
    assert (again.first_turn, again.wrong, again.decoys) == (puzzle.first_turn, puzzle.wrong, puzzle.decoys)
    assert puzzle.turns >= HARD_TURNS and puzzle.stars >= HARD_STARS and puzzle.decoys >= 1
    _replay(puzzle, g)


@pytest.mark.slow
@pytest.mark.parametrize("puzzle", DEFENCE, ids=lambda p: p.id)
def test_every_defence_puzzle_has_one_first_turn_that_does_not_lose(puzzle):
    g = load_game("longhorn", **puzzle.options)
    assert deterministic(puzzle_state(g, puzzle))
    again = reprove(puzzle, g)
    assert again is not None, "the solver no longer proves one first turn that does not lose"
    assert again.solution[: again.first_turn] == puzzle.solution[: puzzle.first_turn]
    assert (again.first_turn, again.wrong) == (puzzle.first_turn, puzzle.wrong)
    _replay(puzzle, g)


def _replay(puzzle, g):
    """The stored line: legal, every choice of the player to move keeps the goal, and the goal is met."""
    state = puzzle_state(g, puzzle)
    me = state.current_player
    solver = Solver()
    for text in puzzle.solution:
        if state.current_player == me:
            keep, _ = winning_actions(solver, state, puzzle.node_limit, puzzle.goal)
            assert text in [str(a) for a, _ in keep]
        state.play(text)
    winners = state.result().winners
    assert state.is_over and (me in winners if puzzle.goal == "not_lose" else winners == (me,))


def test_holding_the_draw_on_screen_solves_a_defence_puzzle(tmp_path):
    from typer.testing import CliRunner

    from generator.cli import app

    pz = next(p for p in DEFENCE if p.id == "d01")  # Perkins holds a draw with his one turn; Byrd rides on with snake oil
    runner = CliRunner()
    args = ["play", "longhorn", "--scenario", "d01", "--plain", "--data", str(tmp_path)]
    held = runner.invoke(app, args, input="\n".join(pz.solution[: pz.first_turn]) + "\n" + "1\n" * 20)
    assert held.exit_code == 0, held.output
    assert "Every first turn but one loses by force" in held.output
    assert "puzzle solved: you found the only first turn that does not lose" in held.output
    state = puzzle_state(load_game("longhorn"), pz)
    played = []
    for text in pz.solution[: pz.first_turn]:  # the first decision with another choice: take that one
        others = [str(a) for a in state.legal_actions() if str(a) != text]
        if others:
            played.append(others[0])
            break
        played.append(text)
        state.play(text)
    lost = runner.invoke(app, args, input="\n".join(played) + "\n" + "1\n" * 30)
    assert "puzzle not solved: your line loses" in lost.output
