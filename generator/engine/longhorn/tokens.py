"""What each Longhorn token does when a player empties its location, and its sub-choices.

Nugget (kept), sheriff (arrested: loses), snake oil (another turn), epidemic (choose a colour),
branding iron (choose a neighbour), ambush (a random nugget or cows of a colour), rattlesnake (one
cow of each colour owned back onto neighbours, one placement per action).

A token acts from its own location (`at`): the pawn's for the token of the steal, the neighbour's
for one taken because a branding iron emptied that neighbour (`emptied_neighbour_token: take`).
Such tokens wait in `pending` and are applied in turn once the current one is done.
"""

from __future__ import annotations

from typing import Any

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

    def _brand_cells(self) -> list[Any]:
        """Neighbours of the token's location holding the stolen colour; under the any-colour reading,
        (cell, colour) pairs for every colour on every neighbour."""
        g = self.game
        ncol = g.ncol
        cattle = self.cattle
        if g.brand_any_colour:
            return [(n, c) for n in g.neighbours[self.at] for c in range(ncol) if cattle[n * ncol + c]]
        c = self.stolen
        out = []
        for n in g.neighbours[self.at]:
            if cattle[n * ncol + c]:
                out.append(n)
        return out

    def _ambush_choices(self) -> list[int]:
        """-1 = a random nugget of the opponent; a colour = that many of their cows of it."""
        ncol = self.game.ncol
        opp = 1 - self.player
        out = [-1] if self.nuggets[opp] else []
        herd = self.herd
        base = opp * ncol
        for c in range(ncol):
            if herd[base + c]:
                out.append(c)
        return out

    def _rattle_cells(self) -> list[int]:
        nb = self.game.neighbours[self.at]
        if self.game.rattle_occupied_only:
            tot = self.tot
            out = []
            for n in nb:
                if tot[n]:
                    out.append(n)
            return out
        return list(nb)

    # --- gains and emptied locations -----------------------------------------------------------
    def _full_herd(self, c: int) -> bool:
        """After a gain of colour `c` (steal, branding iron, ambush): under `full_herd_check:
        immediately`, the 9th cow ends the game at once with a win. True when the game ended."""
        g = self.game
        p = self.player
        if g.herd_at_once and self.herd[p * g.ncol + c] >= g.colour_count[c]:
            self._finish(EndReason.FULL_HERD, (p,), f"{g.outlaw_names[p]} owns all {g.colour_count[c]} {g.colours[c]} cattle")
            return True
        return False

    def _cleared(self, cell: int, by_thief: bool) -> bool:
        """`cell` has just lost its last cow to a branding iron (`by_thief`) or an epidemic.

        Its token is taken by the thief and queued (`take`, branding only), discarded, or left on the
        location (`stay`). A sheriff taken this way arrests the thief at once. True when the game ended.
        """
        t = self.tok[cell]
        mode = self.game.neighbour_token
        if t is None or mode == "stay":
            return False
        self.tok[cell] = None
        if by_thief and mode == "take":
            if t[0] == SHERIFF:
                if self.narrate:
                    self._tell_token(SHERIFF, 0, cell)
                self._arrest()
                return True
            self.pending = self.pending + ((cell, t),)
        else:
            self.discarded.append(t)
            if self.narrate:
                self._tell_discarded(t, cell)
        return False

    def _arrest(self) -> None:
        p = self.player
        self.used[p].append(SHERIFF)
        self._finish(EndReason.ARRESTED, (1 - p,), f"{self.game.outlaw_names[p]} took the sheriff")

    # --- taking a token ---------------------------------------------------------------------------
    def _take_token(self, kind: int, value: int) -> None:
        g = self.game
        p = self.player
        if self.narrate:
            self._tell_token(kind, value, self.at)
        if kind == NUGGET:
            self.nuggets[p].append(value)
            self._after_token()
            return
        if kind == SHERIFF:
            self._arrest()
            return
        self.used[p].append(kind)
        if kind == SNAKE:
            self.extra = True
            self._after_token()
        elif kind == EPIDEMIC:
            self._goto(EPIDEMIC_COLOUR if self._epidemic_colours() else -1)
        elif kind == BRAND:
            if g.brand_all:
                c = self.stolen
                if self.narrate:
                    ncol = g.ncol
                    self._tell_branded([(n, self.cattle[n * ncol + c]) for n in g.neighbours[self.at] if self.cattle[n * ncol + c]], c)
                for n in g.neighbours[self.at]:
                    if self._brand_take(n, c):
                        return
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

    # --- the sub-steps ------------------------------------------------------------------------------
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
                if self.tot[cell] == 0:
                    self._cleared(cell, by_thief=False)
        if g.epidemic_everywhere:
            for seat in (0, 1):
                self.removed[c] += self.herd[seat * ncol + c]
                self.herd[seat * ncol + c] = 0
        self._after_token()

    def _brand_take(self, cell: int, c: int) -> bool:
        """Take every cow of colour `c` at `cell`; True when that ended the game."""
        ncol = self.game.ncol
        i = cell * ncol + c
        n = self.cattle[i]
        if not n:
            return False
        self.cattle[i] = 0
        self.tot[cell] -= n
        self.herd[self.player * ncol + c] += n
        if self.tot[cell] == 0 and self._cleared(cell, by_thief=True):
            return True
        return self._full_herd(c)

    def _brand(self, choice: Any) -> None:
        """One neighbour's cows of the stolen colour (a cell), or of the named colour ((cell, colour))."""
        cell, c = choice if type(choice) is tuple else (choice, self.stolen)
        if not self._brand_take(cell, c):
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
            if self.narrate:
                self._tell_nugget_drawn(self.nuggets[p][-1])
        else:
            j = opp * ncol + choice
            n = min(self.game.ambush_cows, self.herd[j])
            self.herd[j] -= n
            self.herd[p * ncol + choice] += n
            if self._full_herd(choice):
                return
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
