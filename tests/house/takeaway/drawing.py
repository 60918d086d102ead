"""Take Away's print kit: the steer cards with a shared back, the star, and the rules."""

from __future__ import annotations

from generator.render import art
from generator.render.cards import Piece, back, card, token
from generator.render.geometry import CARD
from generator.render.parts import GameKit, PieceRun, SheetPart

from .schema import Content

STAR = (25.0, 25.0)


def kit(c: Content, lang: str = "en") -> GameKit:
    title = c.game.title
    deck_back = back(title, c.deck.name["en"], art.LEATHER, icon="cow")
    cards = [Piece("steer cards", f"steer {i}", CARD, card(f"steer {i}", c.deck.name["en"], art.LEATHER, None, "cow", "",
                                                          f"{i}/{c.deck.count}", title), deck_back)
             for i in range(1, c.deck.count + 1)]
    star = Piece("sheriff's star", "sheriff's star", STAR, token("sheriff's star", art.SAND, None, "sheriff", "star"))
    rules = (f"## How to play\n\nTake 1 to {c.options['max_take'].default} cards a turn. "
             f"Whoever takes the last of the {c.deck.count} cards takes the star and wins.")
    return GameKit(
        game="takeaway", title=title, summary=c.game.summary["en"],
        parts=[SheetPart("Rules", rules), PieceRun("cards", cards), PieceRun("tokens", [star])],
        counts=c.components(), names={kind: kind for kind, _ in c.components()},
    )
