"""Exact Longhorn solver: negamax alpha-beta with a transposition table, expectimax at chance nodes.

The only chance event after setup is the ambush's random nugget; its outcomes (distinct nugget
values, weighted by how many of each the victim holds) are averaged. Values are for the player to
move: +1 win, 0 draw, -1 loss (expected values in between when an ambush draw lies ahead).
Consecutive decisions by the same seat (token sub-choices, snake oil) keep the sign and window.

`solve(state) -> (value, best_action)`; `SolverBot(seed)` plays the best action (ties broken by
the first found, so it is deterministic; the seed is accepted for the shared bot interface).
`expectiminimax(state)` is the plain reference search (no pruning, no table) used by tests.
"""

from __future__ import annotations

from typing import Any

from ..engine.core import Action
from ..engine.longhorn import AMBUSH_CHOICE, LonghornState
from ..errors import EngineError

EXACT, LOWER, UPPER = 0, 1, 2


def _outcome_value(state: LonghornState, player: int) -> float:
    winners = state.outcome.winners
    if len(winners) != 1:
        return 0.0
    return 1.0 if winners[0] == player else -1.0


def _children(state: LonghornState, choice: Any) -> list[tuple[float, LonghornState]]:
    """(probability, next state) for one int choice of the current phase."""
    ph = state.phase
    if ph == AMBUSH_CHOICE and choice == -1:
        pool = state.nuggets[1 - state.player]
        first: dict[int, int] = {}
        for k, v in enumerate(pool):
            first.setdefault(v, k)
        out = []
        for v, k in first.items():
            child = state.clone_light()
            child._do(ph, -1, k)
            out.append((pool.count(v) / len(pool), child))
        return out
    child = state.clone_light()
    child._do(ph, choice)
    return [(1.0, child)]


def _order_score(kids: list[tuple[float, LonghornState]], me: int) -> float:
    """Move ordering: finished wins first, losses last, otherwise the money lead after the move."""
    child = kids[0][1]
    if child.outcome is not None:
        return _outcome_value(child, me) * 1.5
    s = child._scores()
    return (s[me] - s[1 - me]) / 10000.0


class Solver:
    """One search with its own transposition table (reuse it across calls on the same game)."""

    def __init__(self) -> None:
        self.table: dict[tuple, tuple[float, int, Any]] = {}
        self.nodes = 0

    def solve(self, state: LonghornState) -> tuple[float, Action | None]:
        if state.is_over:
            raise EngineError("longhorn solver: the game is over")
        if not isinstance(state, LonghornState):
            raise EngineError("the exact solver plays Longhorn only")
        value = self._search(state, -1.0, 1.0)
        best = self.table[state.key()][2]
        for action in state.legal_actions():
            if state._decode(action) == best:
                return value, action
        raise EngineError("longhorn solver: best move not found among legal actions")  # pragma: no cover

    def _child_value(self, child: LonghornState, me: int, alpha: float, beta: float) -> float:
        if child.outcome is not None:
            return _outcome_value(child, me)
        if child.player == me:
            return self._search(child, alpha, beta)
        return -self._search(child, -beta, -alpha)

    def _search(self, state: LonghornState, alpha: float, beta: float) -> float:
        self.nodes += 1
        key = state.key()
        hit = self.table.get(key)
        best_choice = None
        if hit is not None:
            value, flag, best_choice = hit
            if flag == EXACT:
                return value
            if flag == LOWER and value >= beta:
                return value
            if flag == UPPER and value <= alpha:
                return value
        alpha0 = alpha
        me = state.player
        choices = state._choices()
        expanded = [(choice, _children(state, choice)) for choice in choices]
        if len(expanded) > 1:
            expanded.sort(key=lambda ck: -_order_score(ck[1], me) - (2.0 if ck[0] == best_choice else 0.0))
        best = -2.0
        for choice, kids in expanded:
            if len(kids) == 1:
                v = self._child_value(kids[0][1], me, alpha, beta)
            else:
                v = sum(p * self._child_value(child, me, -1.0, 1.0) for p, child in kids)
            if v > best:
                best, best_choice = v, choice
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        flag = UPPER if best <= alpha0 else LOWER if best >= beta else EXACT
        self.table[key] = (best, flag, best_choice)
        return best


def solve(state: LonghornState) -> tuple[float, Action | None]:
    """The exact value of `state` for the player to move and an action that achieves it."""
    return Solver().solve(state)


def expectiminimax(state: LonghornState) -> float:
    """Plain expectiminimax (no pruning, no table): the reference the solver is tested against."""
    me = state.player
    best = -2.0
    for choice in state._choices():
        v = 0.0
        for p, child in _children(state, choice):
            if child.outcome is not None:
                cv = _outcome_value(child, me)
            elif child.player == me:
                cv = expectiminimax(child)
            else:
                cv = -expectiminimax(child)
            v += p * cv
        best = max(best, v)
    return best


class SolverBot:
    """Plays Longhorn perfectly (expected result), searching from the current position each move."""

    name = "solver"

    def __init__(self, seed: int = 0):
        self.seed = seed
        self.last_value: float | None = None

    def choose(self, state: LonghornState) -> Action:
        value, action = Solver().solve(state)
        self.last_value = value
        assert action is not None
        return action
