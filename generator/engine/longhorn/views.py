"""Longhorn positions seen from outside: JSON, observations, one-line descriptions, a text picture."""

from __future__ import annotations

from typing import Any

from ..core import Action
from .actions import AmbushCattle, AmbushNugget, Brand, Epidemic, Move, Rattle, Start, Steal
from .constants import KIND_IDS, NUGGET, PHASE_IDS
from .narration import cows


class StateViews:
    """Mixin of `LonghornState`: what players and tools see of a position."""

    __slots__ = ()

    def state_to_json(self) -> dict:
        g = self.game
        ncol = g.ncol

        def token(t: Any) -> Any:
            if t is None:
                return None
            return {"kind": KIND_IDS[t[0]], "value": t[1]} if t[0] == NUGGET else {"kind": KIND_IDS[t[0]]}

        cells = {}
        for cell in range(g.ncell):
            cells[g.cell_names[cell]] = {
                "location": g.locations[self.loc[cell]],
                "cattle": {g.colours[c]: self.cattle[cell * ncol + c] for c in range(ncol)},
                "token": token(self.tok[cell]),
            }
        return {
            "cells": cells,
            "players": [
                {
                    "outlaw": g.outlaw_names[seat],
                    "herd": {g.colours[c]: self.herd[seat * ncol + c] for c in range(ncol)},
                    "nuggets": list(self.nuggets[seat]),
                    "tokens": [KIND_IDS[k] for k in self.used[seat]],
                }
                for seat in (0, 1)
            ],
            "removed": {g.colours[c]: self.removed[c] for c in range(ncol)},
            "discarded": [token(t) for t in self.discarded],
            "pawn": None if self.pawn < 0 else g.cell_names[self.pawn],
            "to_move": self.player,
            "first": self.first,
            "phase": PHASE_IDS[self.phase],
            "steps": self.steps,
            "stolen": None if self.stolen < 0 else g.colours[self.stolen],
            "extra_turn": self.extra,
            "rattle_pending": [g.colours[c] for c in self.rattle],
            "token_at": None if self.at < 0 else g.cell_names[self.at],
            "tokens_pending": [dict(token(t), cell=g.cell_names[cell]) for cell, t in self.pending],
            "turn": self.turn,
            "outcome": None if self.outcome is None else self.outcome.to_json(),
        }

    def observation(self, player: int) -> dict:
        """Longhorn is perfect information: every seat sees the whole position."""
        obs = self.state_to_json()
        obs["you"] = player
        obs["scores"] = list(self._scores())
        obs["log"] = list(self.log)  # (not in snapshots: a record replayed tells it again)
        return obs
    def score_sheet(self) -> list[dict]:
        """Each outlaw's money as the final count makes it: cows of each colour x cows of that colour
        left on the range x the price per cow, plus nuggets (nothing in Longhorn is hidden)."""
        g = self.game
        ncol = g.ncol
        board = self._board_counts()
        scores = self._scores()
        out = []
        for seat in (0, 1):
            cattle = []
            for c in range(ncol):
                n = self.herd[seat * ncol + c]
                if n:
                    cattle.append({"colour": g.colours[c], "cows": n, "left": board[c], "per_cow": g.per_cow,
                                   "value": n * board[c] * g.per_cow})
            out.append({"seat": seat, "name": g.outlaw_names[seat], "cattle": cattle, "nuggets": list(self.nuggets[seat]),
                        "herd": sum(self.herd[seat * ncol:(seat + 1) * ncol]), "total": scores[seat]})
        return out

    def describe(self, action: Action) -> str:
        g = self.game
        who = g.outlaw_names[self.player] if self.outcome is None else "Nobody"
        ncol = g.ncol
        where = g.location_names[self.loc[self.pawn]] if self.pawn >= 0 else ""
        if isinstance(action, Start):
            cell = g.cell_of[action.cell]
            return f"{who} puts the pawn on {g.location_names[self.loc[cell]]} ({action.cell})."
        if isinstance(action, Steal):
            n = self.cattle[self.pawn * ncol + g.colour_of[action.colour]]
            return f"{who} steals {cows(n, action.colour)} at {where}."
        if isinstance(action, Move):
            cell = g.cell_of[action.cell]
            steps = f"{self.steps} step" + ("" if self.steps == 1 else "s")
            again = " and, thanks to the snake oil, plays again" if self.extra else ""
            return f"{who} rides {steps} to {g.location_names[self.loc[cell]]} ({action.cell}){again}."
        if isinstance(action, Epidemic):
            c = g.colour_of[action.colour]
            board = sum(self.cattle[c::ncol])
            herds = self.herd[c] + self.herd[ncol + c] if g.epidemic_everywhere else 0
            toll = f"{board} die on the range" + (f" and {herds} in the herds" if g.epidemic_everywhere else "")
            return f"{who} sends an epidemic through the {action.colour} cattle: {toll}."
        if isinstance(action, Brand):
            cell = g.cell_of[action.cell]
            c = g.colour_of[action.colour] if action.colour else self.stolen
            n = self.cattle[cell * ncol + c] if c >= 0 else 0
            return f"{who} brands {cows(n, g.colours[c], 'more ')} at {g.location_names[self.loc[cell]]}."
        opp = g.outlaw_names[1 - self.player]
        if isinstance(action, AmbushNugget):
            return f"{who} ambushes {opp} for a gold nugget picked at random."
        if isinstance(action, AmbushCattle):
            n = min(g.ambush_cows, self.herd[(1 - self.player) * ncol + g.colour_of[action.colour]])
            return f"{who} ambushes {opp} and drives off {cows(n, action.colour)}."
        if isinstance(action, Rattle):
            cell = g.cell_of[action.cell]
            return f"{who}'s rattlesnake scares one {action.colour} cow back to {g.location_names[self.loc[cell]]}."
        return str(action)

    def render(self) -> str:
        """A small text picture of the grid (for debugging and the referee)."""
        g = self.game
        ncol = g.ncol
        lines = []
        for r in range(g.rows):
            row = []
            for q in range(g.cols):
                cell = r * g.cols + q
                counts = "".join(str(self.cattle[cell * ncol + c]) for c in range(ncol))
                t = self.tok[cell]
                ts = "--" if t is None else KIND_IDS[t[0]][:2]
                mark = "*" if cell == self.pawn else " "
                row.append(f"{mark}{g.cell_names[cell]} {counts} {ts}")
            lines.append(" | ".join(row))
        return "\n".join(lines)
