"""Where content meets engines: load a game's validated content and build its rules engine."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .content import load_content
from .engine.core import Game, game_class


def load_game(name: str, content_root: Path | None = None, **options: Any) -> Game:
    """The Game `name` with its content and these option overrides (unknown options fail)."""
    cls = game_class(name)
    return cls(load_content(name, content_root), **options)
