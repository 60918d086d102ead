"""What each Longhorn token does when a player empties its location, and its sub-choices.

Nugget (kept), sheriff (arrested: loses), snake oil (another turn), epidemic (choose a colour),
branding iron (choose a neighbour), ambush (a random nugget or cows of a colour), rattlesnake (one
cow of each colour owned back onto neighbours, one placement per action).
"""

from __future__ import annotations

from ...errors import EngineError
from ..core import EndReason
from .constants import (
    AMBUSH,
    AMBUSH_CHOICE,
    BRAND,
    BRAND_CELL,
    EPIDEMIC,
    EPIDEMIC_COLOUR,
    NUGGET,
    RATTLE,
    RATTLE_PLACE,
    SHERIFF,
    SNAKE,
)


class TokenRules:
    """Mixin of `LonghornState`: token effects and the legal choices of their sub-steps."""

    __slots__ = ()

    def _epidemic_colours(self) -> list[int]:
        """Every colour may be named ("choose a colour"), also one with no cow left on the board: that
        kills nothing, and a player is never forced to wipe out a colour. No choice at all (the step is
        skipped) only when naming any colour would change nothing."""
        g = self.game
        ncol = g.ncol
        if any(self.tot):
            return list(range(ncol))
        if g.epidemic_everywhere and any(self.herd):
            return list(range(ncol))
        return []

    def _brand_cells(self) -> list[int]:
        ncol = self.game.ncol
        c = self.stolen
        return [n for n in self.game.neighbours[self.pawn] if self.cattle[n * ncol + c]]

    def _ambush_choices(self) -> list[int]:
        """-1 = a random nugget of the opponent; a colour = that many of their cows of it."""
        ncol = self.game.ncol
        opp = 1 - self.player
        out = [-1] if self.nuggets[opp] else []
        out.extend(c for c in range(ncol) if self.herd[opp * ncol + c])
        return out

    def _rattle_cells(self) -> list[int]:
        nb = self.game.neighbours[self.pawn]
        if self.game.rattle_occupied_only:
            return [n for n in nb if self.tot[n]]
        return list(nb)
    def _take_token(self, kind: int, value: int) -> None:
        g = self.game
        p = self.player
        if kind == NUGGET:
            self.nuggets[p].append(value)
            self._after_token()
            return
        self.used[p].append(kind)
        if kind == SHERIFF:
            self._finish(EndReason.ARRESTED, (1 - p,), f"{g.outlaw_names[p]} took the sheriff")
        elif kind == SNAKE:
            self.extra = True
            self._after_token()
        elif kind == EPIDEMIC:
            self._goto(EPIDEMIC_COLOUR if self._epidemic_colours() else -1)
        elif kind == BRAND:
            if g.brand_all:
                for n in g.neighbours[self.pawn]:
                    self._brand(n, advance=False)
                self._after_token()
            else:
                self._goto(BRAND_CELL if self._brand_cells() else -1)
        elif kind == AMBUSH:
            self._goto(AMBUSH_CHOICE if self._ambush_choices() else -1)
        elif kind == RATTLE:
            ncol = g.ncol
            if self._rattle_cells():
                self.rattle = [c for c in range(ncol) if self.herd[p * ncol + c]]
            self._goto(RATTLE_PLACE if self.rattle else -1)
        else:  # pragma: no cover - content kinds are validated
            raise EngineError(f"longhorn: unknown token kind {kind}")

    def _goto(self, phase: int) -> None:
        if phase < 0:
            self._after_token()
        else:
            self.phase = phase

    def _empty_neighbour(self, cell: int) -> None:
        """A cell emptied by an epidemic or a branding iron: its token is discarded (or stays)."""
        if self.tot[cell] == 0 and self.tok[cell] is not None and not self.game.neighbour_token_stays:
            self.discarded.append(self.tok[cell])
            self.tok[cell] = None

    def _epidemic(self, c: int) -> None:
        g = self.game
        ncol = g.ncol
        cattle = self.cattle
        for cell in range(g.ncell):
            i = cell * ncol + c
            n = cattle[i]
            if n:
                cattle[i] = 0
                self.tot[cell] -= n
                self.removed[c] += n
                self._empty_neighbour(cell)
        if g.epidemic_everywhere:
            for seat in (0, 1):
                self.removed[c] += self.herd[seat * ncol + c]
                self.herd[seat * ncol + c] = 0
        self._after_token()

    def _brand(self, cell: int, advance: bool = True) -> None:
        ncol = self.game.ncol
        c = self.stolen
        i = cell * ncol + c
        n = self.cattle[i]
        if n:
            self.cattle[i] = 0
            self.tot[cell] -= n
            self.herd[self.player * ncol + c] += n
            self._empty_neighbour(cell)
        if advance:
            self._after_token()

    def _ambush(self, choice: int, nugget_index: int | None = None) -> None:
        """choice -1: a random nugget (drawn with the state's rng, or `nugget_index` for solvers)."""
        ncol = self.game.ncol
        p = self.player
        opp = 1 - p
        if choice < 0:
            pool = self.nuggets[opp]
            k = self._own_rng().randrange(len(pool)) if nugget_index is None else nugget_index
            self.nuggets[p].append(pool.pop(k))
        else:
            j = opp * ncol + choice
            n = min(self.game.ambush_cows, self.herd[j])
            self.herd[j] -= n
            self.herd[p * ncol + choice] += n
        self._after_token()

    def _rattle(self, c: int, cell: int) -> None:
        g = self.game
        ncol = g.ncol
        self.herd[self.player * ncol + c] -= 1
        self.cattle[cell * ncol + c] += 1
        self.tot[cell] += 1
        self.rattle.pop(0)
        if not self.rattle:
            self._after_token()
