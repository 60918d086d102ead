"""Take Away's content: the deck and the star (content/game.yaml)."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from generator.schema.common import GameContent, Strict, Text


class Deck(Strict):
    name: Text
    count: int = Field(ge=2, le=60)


class Token(Strict):
    name: Text


class Content(GameContent):
    deck: Deck
    star: Token

    def components(self) -> list[tuple[str, int]]:
        return [("steer cards", self.deck.count), ("sheriff's star", 1)]


def check(content: Content) -> list[tuple[tuple, str]]:
    take = content.options.get("max_take")
    if take is None:
        return [(("options",), "option max_take is missing")]
    return []


__all__ = ["Any", "Content", "check"]
