"""What a game's words module provides (its descriptor's `words`: words/<game>.py), for the floors that
print or say a game's sentences without naming the game."""

from __future__ import annotations

from typing import Any, Protocol

from .text import say as text_say


class GameWords(Protocol):
    """A game's finished sentences, in any language.

    - `rules_markup(content, lang, with_summary)`: the complete rules as sheet markup, under the
      content's option defaults (the referee sets them to the options in play);
    - `glossary(content, options, lang, players)`: what `help NAME` explains at the table, as
      (kind, title, text, other names a person may type for it).
    """

    def rules_markup(self, c: Any, lang: str = "en", with_summary: bool = True) -> str: ...

    def glossary(self, c: Any, options: dict, lang: str, players: int | None = None) -> list[tuple[str, str, str, tuple]]: ...


class ScenarioBookWords(Protocol):
    """A game's sentences on a scenario book's page (a game with scenarios).

    - `book_seat_names(g, scenario, data, W, default)`: how the page names the seats (`default`: as the
      scenario vocabulary names them);
    - `book_setup_lines(g, scenario, data, names, W)`: the game's own setup lines (who starts ...).
    """

    def book_seat_names(self, g: Any, sc: Any, data: dict, W: Any, default: list[str]) -> list[str]: ...

    def book_setup_lines(self, g: Any, sc: Any, data: dict, names: list[str], W: Any) -> list[str]: ...


class PuzzleWords(Protocol):
    """A game's puzzle sentences (a game with capabilities.puzzles): titles, seat names, the solution told
    move by move in the book's language."""

    def puzzle_title(self, g: Any, state: Any, lang: str, chance: bool = False) -> str: ...  # chance: a best-chance puzzle

    def puzzle_seat_names(self, g: Any, lang: str, state: Any = None) -> list[str]: ...

    def puzzle_short_name(self, g: Any, seat: int, lang: str, state: Any = None) -> str: ...

    def solution_steps(self, pz: Any, g: Any, state: Any, W: Any) -> list[str]: ...

    def puzzle_lines(self, g: Any, state: Any, W: Any) -> list[str]: ...

    def turning_lines(self, g: Any, state: Any, W: Any) -> list[str]: ...  # a turning point's position, told beside its diagram

    def puzzle_book(self, lang: str, game: str, count: int) -> dict[str, str]: ...

    def puzzle_made(self, lang: str, file: str, command: str) -> str: ...

    def puzzle_intro(self, lang: str, me: str, other: str, turns: int, chance: bool) -> str | None: ...  # on screen; None: the referee's common line


def puzzle_heading(words: PuzzleWords, pz: Any, g: Any, state: Any, lang: str) -> str:
    """A puzzle's title in `lang`, as its goal asks: the game's own ("Perkins to play and win"), or, for a
    puzzle whose answer is the only first turn that does not lose, "... to play and hold"."""
    if getattr(pz, "goal", "win") == "not_lose":
        return text_say(lang, "book", "puzzle.title_hold", name=words.puzzle_short_name(g, state.current_player, lang, state))
    return words.puzzle_title(g, state, lang, chance=getattr(pz, "chance", None) is not None)
