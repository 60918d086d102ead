"""A Longhorn turn on ints: the start, the steal, the move, and the end of the game with its scoring.

A turn: steal a colour (all of it) -> if the cell is empty, its token is taken and applied at once,
each sub-choice being its own action (see tokens.py) -> move exactly N steps (N = cows stolen) to a
cell with cattle -> flip the pawn (unless snake oil). Game ends: sheriff taken (loss), nine of a
colour (win), or no cell reachable after the steal (scored).
"""

from __future__ import annotations

from ..core import EndReason, Outcome
from .constants import MOVE, OVER, RATTLE, SHERIFF, STEAL

DANGER = (SHERIFF, RATTLE)  # token kinds `dangerous_locations: avoid` keeps the pawn off


class TurnRules:
    """Mixin of `LonghornState`: the steps of a turn and the end of the game."""

    __slots__ = ()

    def destinations(self) -> list[int]:
        """Cells with cattle where an exact move of `steps` from the pawn may end."""
        if self.steps > self.game.max_steps:
            return []
        tot = self.tot
        out = []
        for c in self.game.dest[self.pawn][self.steps]:
            if tot[c]:
                out.append(c)
        if self.game.avoid_danger and len(out) > 1:
            return self._safe(out)
        return out

    def _safe(self, cells: list[int]) -> list[int]:
        """`dangerous_locations: avoid`: the cells without the sheriff or a rattlesnake, when there are any."""
        tok = self.tok
        safe = [c for c in cells if tok[c] is None or tok[c][0] not in DANGER]
        return safe or cells

    def _board_counts(self) -> list[int]:
        ncol = self.game.ncol
        cattle = self.cattle
        out = []
        for c in range(ncol):
            out.append(sum(cattle[c::ncol]))
        return out

    # --- rule steps on ints ------------------------------------------------------------------
    def _start(self, cell: int) -> None:
        self.pawn = cell
        self.player = self.first
        self.phase = STEAL

    def steal_colour(self, c: int) -> None:
        """The steal: take every cow of colour `c` at the pawn's ranch (and its token if it empties)."""
        g = self.game
        ncol = g.ncol
        p = self.player
        cell = self.pawn
        i = cell * ncol + c
        n = self.cattle[i]
        self.cattle[i] = 0
        self.tot[cell] -= n
        self.herd[p * ncol + c] += n
        self.steps = n
        self.stolen = c
        self.extra = False
        self.turn += 1
        t = self.tok[cell] if self.tot[cell] == 0 else None
        if t is not None and t[0] == SHERIFF:  # taken with the same steal: arrested, even with nine
            self.tok[cell] = None
            if self.narrate:
                self._tell_token(SHERIFF, 0, cell)
            self._arrest()
            return
        if self._full_herd(c):
            return
        if t is not None:
            self.tok[cell] = None
            self.at = cell
            self._take_token(*t)
        else:
            self._after_token()

    def _after_token(self) -> None:
        """End of a token's step: the next token waiting (`pending`), or the end of the token step:
        a full herd wins (under `full_herd_check: end_of_turn`); otherwise move, or end when nothing is
        reachable."""
        if self.pending:
            (cell, t), self.pending = self.pending[0], self.pending[1:]
            self.at = cell
            self._take_token(*t)
            return
        self.at = -1
        g = self.game
        if not g.herd_at_once:
            p = self.player
            ncol = g.ncol
            herd = self.herd
            for c in range(ncol):
                if herd[p * ncol + c] >= g.colour_count[c]:
                    self._finish(EndReason.FULL_HERD, (p,), f"{g.outlaw_names[p]} owns all {g.colour_count[c]} {g.colours[c]} cattle")
                    return
        if self.steps <= g.max_steps:
            tot = self.tot
            for c in g.dest[self.pawn][self.steps]:
                if tot[c]:
                    self.phase = MOVE
                    return
        self.finish_scored()

    def _move(self, cell: int) -> None:
        self.pawn = cell
        if not self.extra:
            self.player = 1 - self.player
        self.extra = False
        self.phase = STEAL

    def _scores(self) -> tuple[int, int]:
        g = self.game
        ncol = g.ncol
        board = self._board_counts()
        herd = self.herd
        per_cow = g.per_cow
        money0, money1 = sum(self.nuggets[0]), sum(self.nuggets[1])
        for c in range(ncol):
            money0 += herd[c] * board[c] * per_cow
            money1 += herd[ncol + c] * board[c] * per_cow
        return money0, money1

    def finish_scored(self) -> None:
        """End the game by the count: money, then the option's tie-break (a search copy may override it)."""
        g = self.game
        s = self._scores()
        if s[0] != s[1]:
            winners = (0,) if s[0] > s[1] else (1,)
            detail = "more money"
        else:
            winners = (0, 1)
            detail = "equal money: a draw"
            if g.tiebreak_cattle:
                ncol = g.ncol
                h0, h1 = sum(self.herd[:ncol]), sum(self.herd[ncol:])
                if h0 != h1:
                    winners = (0,) if h0 > h1 else (1,)
                    detail = "equal money, more cattle"
        self.outcome = Outcome(s, winners, EndReason.NO_LEGAL_MOVE, detail)
        self.phase = OVER
        if self.narrate:
            self._tell_end()

    def _finish(self, reason: EndReason, winners: tuple[int, ...], detail: str) -> None:
        self.outcome = Outcome(self._scores(), winners, reason, detail)
        self.phase = OVER
        if self.narrate:
            self._tell_end()
