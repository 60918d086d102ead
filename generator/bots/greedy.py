"""The greedy bot: one ply of look-ahead scored by the game's heuristic.

It samples one world consistent with its own observation (`determinize`), tries each legal action
on a copy of it, and keeps the action whose result scores best for its seat (a finished game scores
its reward). Ties go to its seeded generator.
"""

from __future__ import annotations

import random

from ..engine.core import Action, State


class GreedyBot:
    name = "greedy"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, state: State) -> Action:
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        me = state.current_player
        world = state.determinize(me, self.rng)
        best: list[Action] = []
        best_value = float("-inf")
        for action in actions:
            after = world.clone()
            after.apply(action)
            value = _final_value(after.result().reward(me)) if after.is_over else after.heuristic(me)
            if value > best_value + 1e-12:
                best, best_value = [action], value
            elif abs(value - best_value) <= 1e-12:
                best.append(action)
        return best[self.rng.randrange(len(best))]


def _final_value(reward: float) -> float:
    """A won game beats any heuristic, a lost one is worse than any; a shared win counts its share."""
    if reward >= 1.0:
        return 2.0
    if reward <= 0.0:
        return -1.0
    return reward
