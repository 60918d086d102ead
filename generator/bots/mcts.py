"""Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling, Powley & Whitehouse 2012).

Each iteration samples one world consistent with the bot's own observation (`determinize`), walks
the shared tree choosing among the children legal in that world (UCB1 with availability counts),
adds one node, finishes the game with random play and backs up each seat's reward. Chance events
inside the engine use the sampled world's own generator, so they are sampled, never peeked.
The budget is a number of iterations, and the bot's generator is seeded: same seed, same choice.
"""

from __future__ import annotations

import math
import random

from ..engine.core import Action, State


class _Node:
    __slots__ = ("parent", "action", "player", "children", "visits", "reward", "avail")

    def __init__(self, parent: "_Node | None", action: Action | None, player: int | None):
        self.parent = parent
        self.action = action
        self.player = player  # the seat that chose `action`
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.reward = 0.0
        self.avail = 1


class MCTSBot:
    name = "mcts"

    def __init__(self, seed: int = 0, iterations: int = 400, exploration: float = 0.7):
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.exploration = exploration
        self.last_estimate: float | None = None

    def choose(self, state: State) -> Action:
        return self.analyse(state)[0]

    def analyse(self, state: State) -> tuple[Action, float, dict[Action, tuple[int, float]]]:
        """Best action, its estimated reward for the seat to move, and every root child's (visits, mean)."""
        me = state.current_player
        actions = state.legal_actions()
        if len(actions) == 1:
            self.last_estimate = None
            return actions[0], float("nan"), {}
        root = _Node(None, None, None)
        rng = self.rng
        c = self.exploration
        for _ in range(self.iterations):
            world = state.determinize(me, rng)
            node = root
            while not world.is_over:
                legal = world.legal_actions()
                untried = [a for a in legal if a not in node.children]
                if untried:
                    action = untried[rng.randrange(len(untried))]
                    child = _Node(node, action, world.current_player)
                    node.children[action] = child
                    world.apply(action)
                    node = child
                    break
                best, best_score = None, -1.0
                for a in legal:
                    ch = node.children[a]
                    ch.avail += 1
                    score = ch.reward / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
                    if score > best_score:
                        best, best_score = ch, score
                world.apply(best.action)
                node = best
            if not world.is_over:
                world.random_playout(rng)
            outcome = world.result()
            while node is not None:
                node.visits += 1
                if node.player is not None:
                    node.reward += outcome.reward(node.player)
                node = node.parent
        stats = {a: (ch.visits, ch.reward / ch.visits) for a, ch in root.children.items() if ch.visits}
        legal_set = set(actions)
        best_action = max(
            (a for a in stats if a in legal_set),
            key=lambda a: (stats[a][0], stats[a][1]),
        )
        self.last_estimate = stats[best_action][1]
        return best_action, stats[best_action][1], stats
