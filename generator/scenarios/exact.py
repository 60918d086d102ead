"""Exact play against printed bots, whatever game: the chance that the person wins from a position,
choosing well, over every die a bot's sheet rolls on a tie and every draw the engine makes itself (a
punched bandit's purse, a gunfight's dice). The puzzle modules prove their puzzles with it.

- `bot_outcomes(bot, state)`: what a table bot does, with the chance of each action (each face of its
  tie-break die);
- `outcomes(state, action)`: the positions an action leads to, with their chances (each face of each
  draw the engine asks of its generator: `randrange(n)` or `randint(a, b)`; and each outcome of a chance
  event the engine draws whole, `chance(weights)`, with its own chance: a gunfight volley's number of
  hits, a robbery's sum, engine/randomness.py `hits` and `total`);
- `Proof(me, bots).value(state)` / `.after(state, action)`: the person's winning chance, exact.
"""

from __future__ import annotations

import json
from typing import Any, Callable, Hashable

from ..bots.table import TableBot
from ..errors import SolverTimeout

NODE_LIMIT = 20_000
MAX_DRAW = 12  # faces of one draw of the engine's the proof takes each of (a larger draw: no proof)
MAX_DRAWS = 4  # draws one action may make (a gunfight's handful of dice is 6**k positions: no proof)
MAX_EVENTS = 8  # chance events drawn whole one action may make (a volley's hits: k + 1 outcomes)


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
    """The position's own generator, scripted: each draw (`randrange(n)`, or `randint(a, b)`: a die; or
    `chance(weights)`: a chance event drawn whole) answered from the faces given (as indices), then the
    first face (an event's last outcome), remembering each draw: its number of equally likely faces, or
    its weights."""

    def __init__(self, faces: list[int]):
        self.faces = faces
        self.asked: list[int | tuple[float, ...]] = []

    def _face(self, n: int | tuple[float, ...]) -> int:
        self.asked.append(n)
        k = len(self.asked) - 1
        if k < len(self.faces):
            return self.faces[k]
        return len(n) - 1 if isinstance(n, tuple) else 0  # (an event's last outcome: a volley's every die hits, so no fight shoots on for ever)

    def randrange(self, n: int) -> int:
        return self._face(n)

    def randint(self, low: int, high: int) -> int:
        return low + self._face(high - low + 1)

    def chance(self, weights: tuple[float, ...]) -> int:
        return self._face(tuple(weights))


def outcomes(state: Any, action: Any, most: int = MAX_DRAW, limit: int = 4096) -> list[tuple[float, Any]]:
    """The positions `action` leads to, with their chances: one, or one per face of each draw the engine
    makes (each equally likely; at most `most` faces a draw and MAX_DRAWS draws), and one per outcome of
    each chance event it draws whole (with its weight; at most MAX_EVENTS events); at most `limit`
    positions, else SolverTimeout. The state's generator must be reached through `_own_rng`
    (engine/randomness.py: SharedGenerator)."""
    out: list[tuple[float, Any]] = []

    def walk(faces: list[int], chance: float) -> None:
        child = state.clone()
        child._rng, child._rng_owned = _Draws(faces), True  # (randbelow and dice ask a foreign generator by name)
        child.apply(action)
        asked = child._rng.asked
        if len(asked) > len(faces):
            n = asked[len(faces)]
            if isinstance(n, tuple):  # a chance event drawn whole: each outcome with its weight
                if len(out) + sum(1 for w in n if w > 0) > limit or len(faces) >= MAX_EVENTS:
                    raise SolverTimeout(f"an event of {len(n)} outcomes, after {len(faces)} draws")
                for face, w in enumerate(n):
                    if w > 0:
                        walk(faces + [face], chance * w)
                return
            if n > most or len(out) + n > limit or sum(1 for a in asked[:len(faces)] if not isinstance(a, tuple)) >= MAX_DRAWS:
                raise SolverTimeout(f"a draw among {n}, after {len(faces)} draws")
            for face in range(n):
                walk(faces + [face], chance / n)
            return
        out.append((chance, child))

    walk([], 1.0)
    return out


class _Step:
    """A position on the search's path: its key once asked (`Proof.key`), whether the choice made there
    is sure (the person's, or a bot's without a die) and whether the action played led to one position."""

    __slots__ = ("state", "key", "sure", "one")

    def __init__(self, state: Any):
        self.state, self.key, self.sure, self.one = state, None, True, True  # key: table_key's, once asked


def position_key(state: Any) -> dict:
    """A position as plain data, its log left out: two positions with equal keys play on the same."""
    data = state.state_to_json()
    data.pop("log", None)
    return data


def table_key(state: Any) -> Hashable:
    """`position_key` as one hashable value (a transposition table's key): the state's own `position_key()`
    where its game has one (a tuple, built without the JSON form's names: Way Out West), else the JSON text
    of its data in its own order. Equal keys, equal positions, either way."""
    own = state.position_key()
    if own is not None:
        return own
    return json.dumps(position_key(state), separators=(",", ":"))


class Proof:
    """Exact values for the person at `me` against the printed bots at the other seats (`bots`), to the
    end of the game: `won(final state)` says what counts (by default: the person alone among the winners).

    `mode` "sure": a value is 1 when the person wins whatever the chances (the bots' dice and the
    engine's draws) and 0 otherwise, each search stopping at the first outcome that fails; "possible": 1
    when some chances let the person win, stopping at the first that does (both far fewer positions
    than the exact chance, "exact").

    A chance outcome that leads back to a position on the path (a gunfight's exchange where every shot
    misses: the same choices come again) is a loop: the choices on it are made again the same way (the
    person's best choice is the same in the same position; a bot's sheet decides the same), so the action's
    value is that of its other outcomes, each weighed by its chance given that the loop ends (it ends
    with certainty). A loop through a bot's die or another chance event is not proved (SolverTimeout).

    With `table`, a transposition table keeps each position's value once found (`table_key`), so a position reached again
    (by other choices or other dice, or by a later search of the same Proof: the solution line, another first
    choice) is not searched again and counts no node. A value found with a loop back to a position above it
    on the path depends on that path (the loop's choices are those made above) and is not kept; the value of
    the position the loop returns to is its own and is kept. Where few positions come again (Colt Express's
    last round) the keys cost more than they save: the table is off by default."""

    LOOK_BACK = 6  # positions up the path a loop may return to
    MAX_DEPTH = 400  # positions on one path at most

    def __init__(self, me: int, bots: dict[int, TableBot], node_limit: int = NODE_LIMIT, draws: int = MAX_DRAW,
                 won: Callable[[Any], bool] | None = None, mode: str = "exact", table: bool = False):
        assert mode in ("exact", "sure", "possible")
        self.me, self.bots, self.node_limit, self.draws = me, bots, node_limit, draws
        self.sure, self.possible = mode == "sure", mode == "possible"
        self._won = won
        self.nodes = 0
        self.hits = 0  # positions valued from the table
        self._path: list[_Step] = []
        self._table: dict[Hashable, float] | None = {} if table else None
        self._reach = self.MAX_DEPTH  # the highest path index a loop in the search under way went back to

    def won(self, state: Any) -> bool:
        return self._won(state) if self._won is not None else tuple(state.result().winners) == (self.me,)

    def value(self, state: Any) -> float:
        """The chance the person wins from `state`, choosing well, over every die the bots roll (or 1 or
        0: see `mode`)."""
        table = self._table
        tkey = table_key(state) if table is not None and not state.is_over else None
        known = table.get(tkey) if table is not None and tkey is not None else None
        if known is not None:
            self.hits += 1
            return known
        self.nodes += 1
        if self.nodes > self.node_limit:
            raise SolverTimeout(f"more than {self.node_limit:,} positions")
        if state.is_over:
            return 1.0 if self.won(state) else 0.0
        if len(self._path) >= self.MAX_DEPTH:
            raise SolverTimeout(f"a line of more than {self.MAX_DEPTH} positions")
        depth = len(self._path)
        outer, self._reach = self._reach, self.MAX_DEPTH
        try:
            v = self._value(state)
            if table is not None and tkey is not None and self._reach >= depth:  # no loop above it: its own value
                table[tkey] = v
        finally:
            self._reach = min(outer, self._reach)
        return v

    def _value(self, state: Any) -> float:
        step = _Step(state)
        self._path.append(step)
        try:
            seat = state.current_player
            if seat == self.me:
                best = 0.0
                for action in state.legal_actions():
                    best = max(best, self.after(state, action))
                    if best >= 1.0:
                        break
                return best
            outs = bot_outcomes(self.bots[seat], state)
            step.sure = len(outs) == 1
            total = 0.0
            for p, action in outs:
                v = self.after(state, action)
                if self.sure and v < 1.0:
                    return 0.0
                if self.possible and v >= 1.0:
                    return 1.0
                total += p * v
            return 1.0 if self.sure else 0.0 if self.possible else total
        finally:
            self._path.pop()

    def key(self, step: _Step) -> Hashable:
        if step.key is None:
            step.key = table_key(step.state)
        return step.key

    def after(self, state: Any, action: Any) -> float:
        """The chance the person wins once `action` is played in `state` (or 1 or 0: see `mode`)."""
        outs = outcomes(state, action, self.draws)
        top = self._path[-1] if self._path and self._path[-1].state is state else None
        if top is not None:
            top.one = len(outs) == 1
        looped = 0.0
        if len(outs) > 1 and top is not None:
            outs, looped = self._loops(outs)
        total = 0.0
        for p, child in outs:
            v = self.value(child)
            if self.sure and v < 1.0:
                return 0.0
            if self.possible and v >= 1.0:
                return 1.0
            total += p * v
        if self.sure or self.possible:
            return 1.0 if self.sure else 0.0
        return min(1.0, total / (1.0 - looped)) if looped else total

    def _loops(self, outs: list[tuple[float, Any]]) -> tuple[list[tuple[float, Any]], float]:
        """The outcomes that do not lead back to a position on the path, and the chance of those that do."""
        back = self._path[-self.LOOK_BACK:]
        base = len(self._path) - len(back)
        rest, looped = [], 0.0
        for p, child in outs:
            seat = child.current_player
            near = [i for i, s in enumerate(back) if s.state.current_player == seat]  # (only these may be the same)
            key = table_key(child) if near else None
            i = next((i for i in near if self.key(back[i]) == key), None)
            if i is None:
                rest.append((p, child))
                continue
            if not all(s.sure for s in back[i:]) or not all(s.one for s in back[i:-1]):
                raise SolverTimeout("a loop through a die or a draw")
            self._reach = min(self._reach, base + i)
            looped += p
        if looped >= 1.0 - 1e-12:
            raise SolverTimeout("a loop that never ends")
        return rest, looped
