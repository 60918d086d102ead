"""Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling, Powley & Whitehouse 2012).

Each iteration samples one world consistent with the bot's own observation (`determinize`), walks
the shared tree choosing among the children legal in that world (UCB1 with availability counts),
adds one node, finishes the game with random play and backs up each seat's reward. Chance events
inside the engine use the sampled world's own generator, so they are sampled, never peeked.
The budget is a number of iterations, and the bot's generator is seeded: same seed, same choice.

The tree keeps its children by the engine's move keys (`State.legal_keys`, small ints in every
game): a key names the same action in every sampled world, and no Action object is built or hashed
below the root.
"""

from __future__ import annotations

import math
import random
from math import sqrt
from typing import Any

from ..engine.core import Action, State


class _Node:
    __slots__ = ("parent", "key", "player", "children", "visits", "reward", "mean", "avail")

    def __init__(self, parent: "_Node | None", key: Any, player: int | None):
        self.parent = parent
        self.key = key  # the move key of the action that leads here
        self.player = player  # the seat that chose it
        self.children: dict[Any, _Node] = {}
        self.visits = 0
        self.reward = 0.0
        self.mean = 0.0  # reward / visits, kept up to date by the backup
        self.avail = 1


_LOGS = [0.0]


def _logs(n: int) -> list[float]:
    """math.log(i) for i in 1..n at index i (index 0 unused), grown as needed and shared."""
    while len(_LOGS) <= n:
        _LOGS.append(math.log(len(_LOGS)))
    return _LOGS


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
        keys = state.legal_keys()
        if len(keys) == 1:
            self.last_estimate = None
            return state.key_action(keys[0]), float("nan"), {}
        root = _Node(None, None, None)
        rng = self.rng
        randrange = rng.randrange
        c = self.exploration
        log = _logs(self.iterations + 1)  # log[n] == math.log(n): a child is available at most once per iteration
        seats = range(state.num_players)
        for _ in range(self.iterations):
            world = state.determinize(me, rng)
            node = root
            while not world.is_over:
                legal = world.legal_keys()
                children = node.children
                untried = []  # (a loop, not a comprehension: that is a call of its own before Python 3.12)
                for k in legal:
                    if k not in children:
                        untried.append(k)
                if untried:
                    key = untried[randrange(len(untried))]
                    child = _Node(node, key, world.current_player)
                    children[key] = child
                    world.apply_key(key)
                    node = child
                    break
                best = _ucb_child(children, legal, c, log)
                world.apply_key(best.key)
                node = best
            if not world.is_over:
                world.random_playout(rng)
            outcome = world.result()
            rewards = [outcome.reward(p) for p in seats]
            _backup(node, rewards)
        return self._best(state, root, keys)

    def _best(self, state: State, root: _Node, keys: list) -> tuple[Action, float, dict[Action, tuple[int, float]]]:
        """The most visited legal root move (then the best mean), its mean, and every root child's stats."""
        stats = {k: (ch.visits, ch.reward / ch.visits) for k, ch in root.children.items() if ch.visits}
        legal_set = set(keys)
        best_key = max((k for k in stats if k in legal_set), key=lambda k: (stats[k][0], stats[k][1]))
        self.last_estimate = stats[best_key][1]
        return state.key_action(best_key), stats[best_key][1], {state.key_action(k): v for k, v in stats.items()}


def _ucb_child(children: dict, keys: list, c: float, log: list[float]) -> "_Node":
    """UCB1 with availability counts: every child among `keys` (all expanded) was available once more;
    the one with the best mean plus exploration term (the first on a tie)."""
    best, best_score = None, -1.0
    for k in keys:
        ch = children[k]
        ch.avail += 1
        score = ch.mean + c * sqrt(log[ch.avail] / ch.visits)
        if score > best_score:
            best, best_score = ch, score
    return best


def _backup(node: "_Node | None", rewards: list[float]) -> None:
    """Add one visit and its reward (for the seat that moved into it) to `node` and its ancestors."""
    while node is not None:
        node.visits += 1
        if node.player is not None:
            node.reward += rewards[node.player]
            node.mean = node.reward / node.visits
        node = node.parent


class _GuidedNode(_Node):
    __slots__ = ("order",)

    def __init__(self, parent: "_Node | None", key: Any, player: int | None):
        super().__init__(parent, key, player)
        self.order: list | None = None  # the node's moves, best first by the guide (at its first visit)


class GuidedMCTSBot(MCTSBot):
    """ISMCTS guided by the game's search guide (`state.search_guide()`), for games that offer one.

    The same search as `MCTSBot` with three changes (the plain bot stays as it is, so seeded `mcts`
    seats keep their moves):
    - progressive widening: a node's moves are ordered once by the guide (its light policy's values)
      and a node visited v times considers only the first ceil(widen x (v + 1) ** alpha) of them that
      are legal in the sampled world, trying them best first;
    - short rollouts: from the new node the guide plays its policy for a while (Way Out West: to the
      end of the round) instead of random moves to the end;
    - an evaluation: the guide scores the position reached as each seat's chance to win.
    A game without a guide gets the plain search.
    """

    name = "mcts-guided"

    def __init__(self, seed: int = 0, iterations: int = 400, exploration: float = 0.7, widen: float = 2.0,
                 alpha: float = 0.5):
        super().__init__(seed, iterations, exploration)
        self.widen = widen
        self.alpha = alpha

    def analyse(self, state: State) -> tuple[Action, float, dict[Action, tuple[int, float]]]:
        guide = state.search_guide()
        if guide is None:
            return super().analyse(state)
        me = state.current_player
        keys = state.legal_keys()
        if len(keys) == 1:
            self.last_estimate = None
            return state.key_action(keys[0]), float("nan"), {}
        root = _GuidedNode(None, None, None)
        rng = self.rng
        c = self.exploration
        log = _logs(self.iterations + 1)
        widen, alpha = self.widen, self.alpha
        order_of, leaf = guide.order, guide.leaf
        for _ in range(self.iterations):
            world = state.determinize(me, rng)
            node = root
            while not world.is_over:
                legal = world.legal_keys()
                order = node.order
                if order is None:
                    order = node.order = order_of(world, legal)
                width = math.ceil(widen * (node.visits + 1) ** alpha)
                if width < len(legal):
                    here = set(legal)
                    allowed = [k for k in order if k in here][:width] or legal[:1]
                else:
                    allowed = legal
                children = node.children
                key = None
                for k in allowed:
                    if k not in children:
                        key = k
                        break
                if key is not None:
                    child = _GuidedNode(node, key, world.current_player)
                    children[key] = child
                    world.apply_key(key)
                    node = child
                    break
                best = _ucb_child(children, allowed, c, log)
                world.apply_key(best.key)
                node = best
            _backup(node, leaf(world, rng))
        return self._best(state, root, keys)
