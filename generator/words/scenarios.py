"""The scenarios' words in one language: their fixed texts (templates/<lang>/scenarios.yaml: twists,
objectives, titles, bot names), numbers and money as the kit prints them, and content names."""

from __future__ import annotations

from typing import Any

from ..bots import DEFAULT_MCTS_ITERATIONS
from ..engine.core import Game
from .text import Texts, lookup, named
from .text import say as text_say


def say(lang: str, key: str, **values: Any) -> str:
    """A scenario text of templates/<lang>/scenarios.yaml (twists, objectives, titles, bot names)."""
    return text_say(lang, "scenarios", key, **values)


def thousands(n: float, lang: str = "en") -> str:
    """A whole number with the language's thousands separator (the kit's: 1,500 or 1.500)."""
    return f"{int(n):,}".replace(",", text_say(lang, "kit", "thousands"))


def money(n: float, lang: str = "en") -> str:
    return say(lang, "money", n=thousands(n, lang))


def number_words(n: int, lang: str = "en") -> str:
    """'two' (small numbers in words where the language writes them so)."""
    return say(lang, "number", n=n)


def bot_words(spec: str, lang: str = "en", short: bool = False) -> str:
    """How a seat's bot is named in `lang`: on a page and on screen ('decision table, normal level',
    'MCTS, 200 iterations'), or in a title when `short` ('normal table', 'MCTS 100')."""
    name, _, arg = spec.partition(":")
    group = "bots.short" if short else "bots.label"
    if name == "table":
        if arg.endswith((".yaml", ".yml")):
            return say(lang, f"{group}.table_file" if not short else f"{group}.table", file=arg, level=arg)
        level = arg or "normal"
        levels = lookup(lang, "kit", "solo.level")
        return say(lang, f"{group}.table", level=levels.get(level, level) if isinstance(levels, dict) else level)
    if name in ("mcts", "mcts-guided"):
        if not arg and not short:
            arg = str(DEFAULT_MCTS_ITERATIONS)
        return say(lang, f"{group}.{name.replace('-', '_')}", n=arg)
    entries = lookup(lang, "scenarios", group)
    return say(lang, f"{group}.{name}") if name in entries else (name if short else spec)


def content_name(game: Game, lang: str, table: str, key: Any, default: str) -> str:
    """A content name in `lang` (the game's kit names: templates/<lang>/<game>.yaml names.<table>)."""
    return named(Texts(lang, game.name), table, key, default)
