"""What a game's drawing module provides (its descriptor's `drawing`: render/<game>.py), for the kit and the
scenario book, which draw a game without naming it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from .geometry import Box
from .painter import Painter

if TYPE_CHECKING:
    from .parts import GameKit


class KitDrawing(Protocol):
    """A game's print kit: `kit(content, lang)` gives its pieces, boards and sheets (a `GameKit`)."""

    def kit(self, c: Any, lang: str = "en") -> "GameKit": ...


class BookDrawing(Protocol):
    """A game's setup diagram on a scenario book's page (a game with scenarios), drawn from a position's
    snapshot, as high as `book_diagram_height(players, data)` says for that position (a game may draw a
    sparse position lower); `PUZZLE_DIAGRAM_HEIGHT` is a puzzle's (a game with puzzles). Where the diagram
    leaves room inside its box, `book_words_area` says where: the scenario's words go there when they fit,
    else under the diagram (None: always under)."""

    PUZZLE_DIAGRAM_HEIGHT: float

    def book_diagram(self, p: Painter, box: Box, data: dict, g: Any, names: list[str], you: int | None, W: Any) -> None: ...

    def book_diagram_height(self, players: int, data: dict | None = None) -> float: ...

    def book_words_area(self, box: Box, data: dict) -> Box | None: ...

    def book_puzzle_height(self, data: dict) -> float:
        """How low a puzzle's position may be drawn when two puzzles share a page (at most
        PUZZLE_DIAGRAM_HEIGHT: a game that draws every position alike returns that)."""
        ...
