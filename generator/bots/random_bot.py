"""The random bot: a uniformly random legal action, from its own seeded generator."""

from __future__ import annotations

import random

from ..engine.core import Action, State


class RandomBot:
    name = "random"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, state: State) -> Action:
        actions = state.legal_actions()
        return actions[self.rng.randrange(len(actions))]
