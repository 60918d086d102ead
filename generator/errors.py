"""One base error for everything Saloon reports to a user; narrow subclasses under it.

The CLI turns any SaloonError into one red line and exit code 1. Messages show the input.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

QUOTE_LIMIT = 80  # characters of a user's input quoted back in an error line
MESSAGE_LIMIT = 400  # characters of one error line's message


def shorten(text: object, limit: int = QUOTE_LIMIT) -> str:
    """`text` cut to `limit` characters (with an ellipsis and the full length), for error lines."""
    text = str(text)
    if len(text) <= limit:
        return text
    return f"{text[: max(1, limit - 1)]}… ({len(text):,} characters)"


_LONG_WORD = re.compile(r"\S{%d,}" % (QUOTE_LIMIT + 20))


def cut_long_words(message: str) -> str:
    """Cut every very long run of non-space characters (echoed input) so the rest of a message shows."""
    return _LONG_WORD.sub(lambda m: f"{m[0][:QUOTE_LIMIT]}… ({len(m[0]):,} characters)", message)


def quote(text: object, limit: int = QUOTE_LIMIT) -> str:
    """A user's input quoted for an error line: repr (control characters escaped), cut to `limit`."""
    text = str(text)
    if len(text) > limit:
        return f"{text[:limit]!r}… ({len(text):,} characters)"
    return repr(text)


class SaloonError(Exception):
    """Base of every error Saloon reports to a user."""


@dataclass(frozen=True)
class Problem:
    """One problem in a content file: where it is and what was expected."""

    file: str
    line: int
    path: str
    message: str

    def __str__(self) -> str:
        where = f"{shorten(self.file, 200)}:{self.line}" if self.line else shorten(self.file, 200)
        message = shorten(cut_long_words(self.message), MESSAGE_LIMIT)
        return f"{where}: {shorten(self.path, 120)}: {message}" if self.path else f"{where}: {message}"


class ContentError(SaloonError):
    """Content files that do not validate; carries every problem found, not just the first."""

    def __init__(self, problems: list[Problem]):
        self.problems = list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


class UnknownGame(SaloonError):
    def __init__(self, name: str, known: list[str]):
        super().__init__(f"unknown game {name!r}; expected one of: {', '.join(known)}")


class OptionError(SaloonError):
    """A game option that does not exist or has a value outside its choices."""


class EngineError(SaloonError):
    """Base of rules-engine errors."""


class IllegalAction(EngineError):
    """An action that cannot be parsed or is not legal in this position."""


class SolverTimeout(EngineError):
    """An exact solver's time or node budget ran out before it proved the value."""


class RecordError(SaloonError):
    """A game record or saved state that cannot be read or replayed."""


class RenderError(SaloonError):
    """A component that cannot be drawn as asked (e.g. text overflowing its box)."""


class UsageError(SaloonError):
    """Bad command-line values that Typer itself cannot check (e.g. a seat list)."""


class BackendError(SaloonError):
    """Work that could not be run where it was sent: a Ray cluster out of reach, workers lost for good."""


# The most work one flag may ask for (README, "Exit codes and limits"): each bound is far above any
# committed run and keeps a mistyped count from starting a run that never ends.
MAX_EVAL_GAMES = 100_000  # tables eval --games / --search-games, tables bound --games
MAX_SOLVER_DEALS = 10_000  # tables eval --solver-deals
MAX_HEAD_START = 10_000  # tables eval --head-start (money or points)
MAX_BUDGET = 1_000_000  # tables tune --budget (games)
MAX_DEALS = 10_000  # tables tune --deals
MAX_SCENARIOS = 100  # scenarios generate / puzzles --count (a scenario file's list)
MAX_GRADING_GAMES = 10_000  # scenarios generate --games / --screen
MAX_CANDIDATES = 1_000  # scenarios generate --candidates
MAX_NODE_LIMIT = 100_000_000  # scenarios puzzles --node-limit
MAX_PUZZLE_GAMES = 100_000  # scenarios puzzles --max-games


def at_least(flag: str, value: int, low: int = 1, high: int | None = None) -> None:
    """A UsageError naming `flag` when a count given on the command line is below `low` or, for a count
    that sets how much work a command does, above its stated bound `high`."""
    if value < low:
        raise UsageError(f"{flag} {shorten(value, 30)}: expected at least {low:,}"
                         + (f" and at most {high:,}" if high is not None else ""))
    if high is not None and value > high:
        raise UsageError(f"{flag} {shorten(value, 30)}: expected at most {high:,}")
