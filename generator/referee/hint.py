"""`hint` at the prompt: the top three moves of an MCTS search, each with its estimated win chance and
the score it tends to end with.

The win chance is the search's own estimate (the mean reward of the move over its visits). The
expected score is measured separately: from worlds sampled from what the seat knows (`determinize`,
so nothing hidden is peeked at), the move is played and the game finished by random play, and the
seat's final score averaged. Random finishes score lower than careful play, so compare the moves'
scores with each other, not with the end of a real game.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Callable

from ..bots.mcts import MCTSBot
from ..engine.core import Action, State
from ..sim.seeds import bot_seed

TOP = 3
FINISHES = 24  # random finishes per move for its expected score


@dataclass
class Advice:
    action: Action
    visits: int
    win: float  # estimated win chance (nan when the search did not look at it)
    score: float  # average final score of the seat over the random finishes
    goal: float = math.nan  # in a scenario: the share of the random finishes that meet its objective


def advise(state: State, seed: int, iterations: int, finishes: int = FINISHES,
           goal: Callable[[State], bool] | None = None) -> list[Advice]:
    """The top moves for the seat to move: the search's most visited first; in a scenario (`goal`, whether a
    finished game meets its objective), the search's best few ordered by how often their finishes meet it."""
    seat = state.current_player
    bot = MCTSBot(bot_seed(seed, 1000 + len(state.history)), iterations=iterations)
    _best, _value, stats = bot.analyse(state)
    ranked = sorted(stats.items(), key=lambda kv: (-kv[1][0], -kv[1][1]))[:TOP if goal is None else 2 * TOP]
    if not ranked:  # one legal move: nothing was searched
        ranked = [(a, (0, math.nan)) for a in state.legal_actions()[:TOP]]
    rng = random.Random(f"saloon-hint/{seed}/{len(state.history)}")
    out = []
    for action, (visits, mean) in ranked:
        total, met = 0.0, 0
        for _ in range(finishes):
            world = state.determinize(seat, rng)
            world.apply(world.parse(str(action)))
            world.random_playout(rng)
            total += world.result().scores[seat]
            met += goal is not None and goal(world)
        out.append(Advice(action, visits, mean, total / finishes, met / finishes if goal is not None else math.nan))
    if goal is not None:
        out.sort(key=lambda a: -a.goal)  # (stable: the search's order among equals)
    return out[:TOP]
