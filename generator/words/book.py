"""The scenario book's words in one language: `BookWords` binds templates/<lang>/book.yaml and the names the
kit prints in that language (the game's group, templates/<lang>/<game>.yaml); a game's own book sentences
(seat names, setup lines, puzzle solutions) come from its words module."""

from __future__ import annotations

from typing import Any

from .. import registry
from .scenarios import bot_words, money
from .text import Texts, named


class BookWords:
    """The book's texts in one language: its fixed texts (templates/<lang>/book.yaml) and the content
    names the kit prints in that language."""

    def __init__(self, game: str, lang: str):
        self.game, self.lang = game, lang
        self.T = Texts(lang, "book")
        self.G = Texts(lang, game)

    def __call__(self, key: str, **values: Any) -> str:
        return self.T(key, **values)

    def pct(self, x: float) -> str:
        return self.T("percent", n=f"{x:.0%}"[:-1])  # as Python rounds a percentage

    def money(self, n: float) -> str:
        return money(n, self.lang)

    def text(self, name: Any) -> str:
        """A content text {en, es, ja} (or a plain name) in this language."""
        return str(name.get(self.lang, name["en"])) if isinstance(name, dict) else str(name)

    def name(self, table: str, key: Any, default: str) -> str:
        """A content name as the kit prints it in this language (`names.<table>` of the game's texts)."""
        return named(self.G, table, key, default)

    def bot(self, spec: str) -> str:
        """How a seat is named on a page: 'decision table, normal level', 'MCTS, 200 iterations'."""
        return bot_words(spec, self.lang)


def made_line(made: dict, W: BookWords) -> str:
    """How a scenario file was made, in the book's language: composed for the files Saloon makes (the
    generator's proxy, the puzzle search), the file's own note otherwise."""
    if made["kind"] == "generated":
        return W("cover.made_generated", file=made["file"], command=made["command"], proxy=made["proxy"],
                 label=W.bot(made["proxy"]))
    if made["kind"] == "puzzles":  # each game's puzzle search says how it proves (its words' PuzzleWords)
        words: Any = registry.plugin(W.game, "words")
        return words.puzzle_made(W.lang, made["file"], made["command"])
    return W("cover.made", file=made["file"], command=made["command"], note=made["note"])
