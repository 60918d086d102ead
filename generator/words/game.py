"""What a game's words module provides (its descriptor's `words`: words/<game>.py), for the floors that
print or say a game's sentences without naming the game."""

from __future__ import annotations

from typing import Any, Protocol


class GameWords(Protocol):
    """A game's finished sentences, in any language.

    - `rules_markup(content, lang, with_summary)`: the complete rules as sheet markup, under the
      content's option defaults (the referee sets them to the options in play);
    - `glossary(content, options, lang, players)`: what `help NAME` explains at the table, as
      (kind, title, text, other names a person may type for it).
    """

    def rules_markup(self, c: Any, lang: str = "en", with_summary: bool = True) -> str: ...

    def glossary(self, c: Any, options: dict, lang: str, players: int | None = None) -> list[tuple[str, str, str, tuple]]: ...
