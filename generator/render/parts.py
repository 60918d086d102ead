"""What a game's drawing module returns for its print kit: a `GameKit` of parts (runs of pieces, sheets of
text, boards, whole drawn pages), which render/kit.py lays out on paper."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .boards import Board
from .cards import Piece


@dataclass(frozen=True)
class PieceRun:
    title: str
    pieces: list[Piece]


@dataclass(frozen=True)
class SheetPart:
    """Text to read. The kit's own texts (rules, reference) flow on straight after the cover, in its two
    columns; solo sheets print at the end of the kit, each from a new page, in `columns`."""

    title: str
    markup: str
    columns: int = 2
    solo: bool = False  # printed with the solo pages at the end of the kit
    figures: dict = field(default_factory=dict, compare=False, hash=False)  # {figure:name} -> sheets.Figure


@dataclass(frozen=True)
class BoardPart:
    board: Board


@dataclass(frozen=True)
class PagePart:
    """One whole page drawn by `draw(painter, W, H)` inside the page frame (the solo how-to)."""

    title: str
    draw: Any


@dataclass
class GameKit:
    game: str
    title: str
    summary: str
    parts: list
    counts: list[tuple[str, int]]  # content's component list (kinds in English: they key the cover's names)
    on_board: dict[str, str] = field(default_factory=dict)  # component kind -> board it is printed on
    not_printed: dict[str, str] = field(default_factory=dict)  # component kind -> what to use instead (dice)
    extras: list[tuple[str, int]] = field(default_factory=list)  # pieces the kit adds to content's (a round marker)
    needs: list[str] = field(default_factory=list)  # "you will need" beyond paper, glue and a knife (dice)
    assembly: list[str] = field(default_factory=list)  # steps for folded or assembled pieces and boards
    lang: str = "en"
    names: dict[str, str] = field(default_factory=dict)  # component kind -> its printed name in `lang`
    options: dict[str, object] = field(default_factory=dict)  # the rule options printed (content's defaults)

    @property
    def pieces(self) -> list[Piece]:
        return [p for part in self.parts if isinstance(part, PieceRun) for p in part.pieces]
