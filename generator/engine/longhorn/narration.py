"""The log of a Longhorn game: what happens beyond the decision itself, one entry per event, in order
(narration data only). Longhorn hides nothing, so every entry is public.

Rules call these only when `self.narrate` is on: a state made by `Game.new_game` or from a snapshot
narrates; search copies (`clone_light`, the solver's copies) and playouts do not (the class default
is off). An entry is a JSON-ready dict: `kind`, an English sentence `text` and its data.

Kinds: `token` (a token taken and what it does now), `nugget_drawn` (the ambush's random nugget),
`discarded` (a token lost with its emptied ranch), `branded` (the branding iron on every neighbour),
`end` (why the game ended).
"""

from __future__ import annotations

from .constants import AMBUSH, BRAND, EPIDEMIC, KIND_IDS, NUGGET, RATTLE, SHERIFF, SNAKE


def cows(n: int, colour: str, more: str = "") -> str:
    """"1 white cow", "3 more black cattle": cattle counted as a person says them."""
    return f"{n} {more}{colour} {'cow' if n == 1 else 'cattle'}"


class Narration:
    """Mixin of `LonghornState`."""

    __slots__ = ()

    def where(self, cell: int) -> str:
        g = self.game
        return f"{g.location_names[self.loc[cell]]} ({g.cell_names[cell]})"

    def _tell(self, kind: str, text: str, **data) -> None:
        self.log.append({"kind": kind, "text": text, **data})

    def _tell_token(self, kind: int, value: int, cell: int) -> None:
        """The player takes the token of an emptied ranch: what it is and what happens now."""
        g = self.game
        who = g.outlaw_names[self.player]
        name = g.token_names.get(kind, KIND_IDS[kind])
        place = self.where(cell)
        if kind == NUGGET:
            text = f"{who} picks up a ${value} gold nugget at {place}."
        elif kind == SHERIFF:
            text = f"{who} takes the {name} at {place} and is arrested: {g.outlaw_names[1 - self.player]} wins."
        elif kind == SNAKE:
            text = f"{who} takes the {name} at {place}: another turn after this ride."
        elif kind == EPIDEMIC:
            text = f"{who} takes the {name} at {place}" + (": now names a colour to strike." if self._epidemic_colours() else ": nothing is left for it to strike.")
        elif kind == BRAND:
            colour = g.colours[self.stolen]
            if g.brand_all:
                text = f"{who} takes the {name} at {place}: every neighbouring ranch loses its {colour} cattle."
            elif self._brand_cells():
                what = "cattle of one colour" if g.brand_any_colour else f"{colour} cattle"
                text = f"{who} takes the {name} at {place}: now brands the {what} of one neighbouring ranch."
            else:
                text = f"{who} takes the {name} at {place}: no neighbouring ranch has {colour} cattle."
        elif kind == AMBUSH:
            opp = g.outlaw_names[1 - self.player]
            text = f"{who} takes the {name} at {place}: " + (f"now robs {opp}." if self._ambush_choices() else f"{opp} has nothing to take.")
        elif kind == RATTLE:
            text = f"{who} takes the {name} at {place}: " + (
                "one cow of each colour in their herd goes back next door." if self._rattle_cells() and any(
                    self.herd[self.player * g.ncol + c] for c in range(g.ncol)) else "no cow has to go back.")
        else:
            text = f"{who} takes the {name} at {place}."
        self._tell("token", text, token=KIND_IDS[kind], value=value, cell=g.cell_names[cell], outlaw=who)

    def _tell_discarded(self, t: tuple, cell: int) -> None:
        g = self.game
        name = g.token_names.get(t[0], KIND_IDS[t[0]])
        if t[0] == NUGGET:
            name = f"${t[1]} {name}"
        self._tell("discarded", f"The {name} at {self.where(cell)} leaves the game with its last cow.", token=KIND_IDS[t[0]],
                   cell=g.cell_names[cell])

    def _tell_branded(self, takes: list[tuple[int, int]], colour: int) -> None:
        g = self.game
        who = g.outlaw_names[self.player]
        if not takes:
            self._tell("branded", f"No neighbouring ranch has {g.colours[colour]} cattle to brand.")
            return
        parts = [f"{n} at {self.where(cell)}" for cell, n in takes]
        total = sum(n for _, n in takes)
        self._tell("branded", f"{who} brands {cows(total, g.colours[colour], 'more ')}: {', '.join(parts)}.", cows=total)

    def _tell_nugget_drawn(self, value: int) -> None:
        g = self.game
        self._tell("nugget_drawn", f"The nugget drawn from {g.outlaw_names[1 - self.player]} is worth ${value}.", value=value)

    def _tell_end(self) -> None:
        o = self.outcome
        text = ("The pawn has no ranch to stop on: the game ends and is scored." if o.reason.value == "no_legal_move"
                else f"The game ends: {o.detail}.")
        self._tell("end", text, reason=o.reason.value, winners=list(o.winners))
