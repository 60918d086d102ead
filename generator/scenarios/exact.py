"""Exact play against printed bots, whatever game: the chance that the person wins from a position,
choosing well, over every die a bot's sheet rolls on a tie and every draw the engine makes itself (a
punched bandit's purse, a gunfight's dice). The puzzle modules prove their puzzles with it.

- `bot_outcomes(bot, state)`: what a table bot does, with the chance of each action (each face of its
  tie-break die);
- `outcomes(state, action)`: the positions an action leads to, with their chances (each face of each
  draw the engine asks of its generator: `randrange(n)` or `randint(a, b)`);
- `Proof(me, bots).value(state)` / `.after(state, action)`: the person's winning chance, exact.
"""

from __future__ import annotations

from typing import Any, Callable

from ..bots.table import TableBot
from ..errors import SolverTimeout

NODE_LIMIT = 20_000
MAX_DRAW = 12  # faces of one draw of the engine's the proof takes each of (a larger draw: no proof)
MAX_DRAWS = 4  # draws one action may make (a gunfight's handful of dice is 6**k positions: no proof)


class _Dice:
    """A bot's tie-break die, scripted: the faces given, then 1 (a face every tie allows)."""

    def __init__(self, faces: list[int]):
        self.faces = faces
        self.asked = 0

    def randint(self, low: int, high: int) -> int:
        self.asked += 1
        return self.faces[self.asked - 1] if self.asked <= len(self.faces) else 1


def bot_outcomes(bot: TableBot, state: Any) -> list[tuple[float, Any]]:
    """What the printed bot to move does, with the chance of each: one action where its sheet decides,
    every face of its tie-break die where it rolls (a face above the tie's size is rolled again, so
    each of the tied choices it counts along is equally likely)."""
    out: dict[str, tuple[float, Any]] = {}

    def walk(faces: list[int], chance: float) -> None:
        bot.rng = _Dice(faces)  # type: ignore[assignment]  # (the bot reads only randint)
        action = bot.choose(state)
        last = bot.last
        assert last is not None
        rolled = [c for c in (last.first, last) if c is not None and c.roll is not None]
        if len(rolled) > len(faces):  # this roll took the default face: take every face it can show
            k = min(rolled[len(faces)].tied, 6)
            for face in range(1, k + 1):
                walk(faces + [face], chance / k)
            return
        key = str(action)
        out[key] = (out[key][0] + chance if key in out else chance, action)

    walk([], 1.0)
    return list(out.values())


class _Draws:
    """The position's own generator, scripted: each draw (`randrange(n)`, or `randint(a, b)`: a die)
    answered from the faces given (as indices), then the first face, remembering how many faces each
    draw had."""

    def __init__(self, faces: list[int]):
        self.faces = faces
        self.asked: list[int] = []

    def _face(self, n: int) -> int:
        self.asked.append(n)
        k = len(self.asked) - 1
        return self.faces[k] if k < len(self.faces) else 0

    def randrange(self, n: int) -> int:
        return self._face(n)

    def randint(self, low: int, high: int) -> int:
        return low + self._face(high - low + 1)


def outcomes(state: Any, action: Any, most: int = MAX_DRAW, limit: int = 4096) -> list[tuple[float, Any]]:
    """The positions `action` leads to, with their chances: one, or one per face of each draw the engine
    makes (each equally likely; at most `most` faces a draw and `limit` positions, else SolverTimeout).
    The state's generator must be reached through `_own_rng` (engine/randomness.py: SharedGenerator)."""
    out: list[tuple[float, Any]] = []

    def walk(faces: list[int], chance: float) -> None:
        child = state.clone()
        child._rng, child._rng_owned = _Draws(faces), True  # (randbelow and dice ask a foreign generator by name)
        child.apply(action)
        asked = child._rng.asked
        if len(asked) > len(faces):
            n = asked[len(faces)]
            if n > most or len(out) + n > limit or len(faces) >= MAX_DRAWS:
                raise SolverTimeout(f"a draw among {n}, after {len(faces)} draws")
            for face in range(n):
                walk(faces + [face], chance / n)
            return
        out.append((chance, child))

    walk([], 1.0)
    return out


class Proof:
    """Exact values for the person at `me` against the printed bots at the other seats (`bots`), to the
    end of the game: `won(final state)` says what counts (by default: the person alone among the winners)."""

    def __init__(self, me: int, bots: dict[int, TableBot], node_limit: int = NODE_LIMIT, draws: int = MAX_DRAW,
                 won: Callable[[Any], bool] | None = None):
        self.me, self.bots, self.node_limit, self.draws = me, bots, node_limit, draws
        self._won = won
        self.nodes = 0

    def won(self, state: Any) -> bool:
        return self._won(state) if self._won is not None else tuple(state.result().winners) == (self.me,)

    def value(self, state: Any) -> float:
        """The chance the person wins from `state`, choosing well, over every die the bots roll."""
        self.nodes += 1
        if self.nodes > self.node_limit:
            raise SolverTimeout(f"more than {self.node_limit:,} positions")
        if state.is_over:
            return 1.0 if self.won(state) else 0.0
        seat = state.current_player
        if seat == self.me:
            best = 0.0
            for action in state.legal_actions():
                best = max(best, self.after(state, action))
                if best >= 1.0:
                    break
            return best
        return sum(p * self.after(state, action) for p, action in bot_outcomes(self.bots[seat], state))

    def after(self, state: Any, action: Any) -> float:
        """The chance the person wins once `action` is played in `state`."""
        return sum(p * self.value(child) for p, child in outcomes(state, action, self.draws))
