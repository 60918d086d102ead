"""The solver seat: a bot that plays the exact move of the game's solver (its descriptor's `solver`)
where the solver proves the position within a node budget, and a seeded MCTS move where it cannot.

`ExactSolver` is what a game's solver module provides (engine/longhorn/solver.py for Longhorn).
"""

from __future__ import annotations

from typing import Any, Protocol

from .. import registry
from ..engine.core import Action, State
from ..errors import SolverTimeout, UsageError
from ..games import titles, with_capability
from .mcts import MCTSBot


class ExactSolver(Protocol):
    """A game's exact solver.

    - `solve(state, time_limit, node_limit)`: (the value for the player to move, an action achieving it),
      or `SolverTimeout` when a limit passes without a proof;
    - `choice_values(state, node_limit)`: each legal action's exact value, or None where one is not proven;
    - `groups_left(state)`: how much of the position is left (the budgets and puzzles are set by it);
    - `position_with_groups(game, seed, groups)`: a position from a seeded game with that much left;
    - `outcome_value(state, player)`: a finished position's value for `player` (+1, 0, -1).
    """

    def solve(self, state: State, time_limit: float | None = None, node_limit: int | None = None) -> tuple[float, Any]: ...

    def choice_values(self, state: State, node_limit: int) -> list[float] | None: ...

    def groups_left(self, state: State) -> int: ...

    def position_with_groups(self, game: Any, seed: int, groups: int, max_attempts: int = 1000) -> Any: ...

    def outcome_value(self, state: State, player: int) -> float: ...


def solver_of(game: str) -> ExactSolver:
    """The exact solver of `game` (a UsageError naming the games that have one, when it has none)."""
    if not registry.descriptor(game).capabilities.exact_solver:
        solved = titles(with_capability("exact_solver"))
        raise UsageError(f"the solver bot plays {solved} only, not {game}; use mcts, greedy or random")
    solver: ExactSolver = registry.plugin(game, "solver")
    return solver


class SolverBot:
    """Plays perfectly (expected result) once the position is small enough for the game's solver to prove.

    Each move it searches with a node budget; when the budget runs out before a proof (the opening and
    middle game are far too large), it plays what a seeded MCTS bot would. The budget is counted in
    nodes, not seconds, so the same seed gives the same game on any machine.
    """

    name = "solver"

    def __init__(self, seed: int = 0, node_limit: int = 100_000, fallback_iterations: int = 1000):
        self.seed = seed
        self.node_limit = node_limit
        self.fallback = MCTSBot(seed, iterations=fallback_iterations)
        self.last_value: float | None = None

    def choose(self, state: State) -> Action:
        solver = solver_of(state.game.name)
        try:
            value, action = solver.solve(state, node_limit=self.node_limit)
        except SolverTimeout:
            self.last_value = None
            return self.fallback.choose(state)
        self.last_value = value
        assert action is not None
        return action
