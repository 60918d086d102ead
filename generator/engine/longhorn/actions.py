"""Longhorn's actions: one frozen dataclass per kind of decision, `str()` giving its notation.

Notation: ``start B2``, ``steal black``, ``move C3``, ``epidemic white``, ``brand A2``,
``brand A2 white`` (any-colour reading), ``ambush nugget``, ``ambush cattle orange``, ``rattle green A1`` (cells: column letter, row digit).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core import Action



@dataclass(frozen=True, slots=True)
class Start(Action):
    """The chooser puts the pawn on a cell holding exactly the start number of cattle."""

    cell: str

    def __str__(self) -> str:
        return f"start {self.cell}"


@dataclass(frozen=True, slots=True)
class Steal(Action):
    colour: str

    def __str__(self) -> str:
        return f"steal {self.colour}"


@dataclass(frozen=True, slots=True)
class Move(Action):
    """Move to a destination: passing through does nothing, so the destination is the whole choice."""

    cell: str

    def __str__(self) -> str:
        return f"move {self.cell}"


@dataclass(frozen=True, slots=True)
class Epidemic(Action):
    colour: str

    def __str__(self) -> str:
        return f"epidemic {self.colour}"


@dataclass(frozen=True, slots=True)
class Brand(Action):
    """Brand at a neighbouring cell: the stolen colour, or (`branding_iron: any_colour`) the colour named."""

    cell: str
    colour: str | None = None

    def __str__(self) -> str:
        return f"brand {self.cell}" if self.colour is None else f"brand {self.cell} {self.colour}"


@dataclass(frozen=True, slots=True)
class AmbushNugget(Action):
    def __str__(self) -> str:
        return "ambush nugget"


@dataclass(frozen=True, slots=True)
class AmbushCattle(Action):
    colour: str

    def __str__(self) -> str:
        return f"ambush cattle {self.colour}"


@dataclass(frozen=True, slots=True)
class Rattle(Action):
    colour: str
    cell: str

    def __str__(self) -> str:
        return f"rattle {self.colour} {self.cell}"
