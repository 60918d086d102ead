"""The games: one descriptor module a game (`longhorn`, `colt_express`, `way_out_west`), and `load_game`.

Each module here defines `GAME`, a `registry.GameDescriptor`: the game's name, what it can do, and the
modules that provide its engine, content schema, decision-table vocabulary, drawing, terminal view,
words and scenario vocabulary. The registry finds them when it is first asked. A fourth game is a
module here (or a `registry.register` call), its engine package, its schema, drawing, views and words
modules, and its content folder: the README's checklist says what each provides.

`load_game` is where content meets engines: a game's validated content, then its rules engine.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .. import registry
from ..content import load_content
from ..engine.core import Game
from ..schema.common import GameContent


def game_class(name: str) -> type[Game]:
    """The Game class of registered game `name` (UnknownGame otherwise)."""
    cls: type[Game] = registry.load(registry.descriptor(name).engine)
    return cls


def load_game(name: str, content_root: Path | None = None, **options: Any) -> Game:
    """The Game `name` with its content (from `content_root/<name>`, or its own folder) and these option
    overrides (unknown options fail)."""
    return game_of(load_content(name, content_root), **options)


def game_of(content: GameContent, **options: Any) -> Game:
    """The Game of loaded `content` (the game it was loaded for) with these option overrides."""
    return game_class(content.game_name)(content, **options)


def with_capability(flag: str) -> list[str]:
    """The games that have capability `flag` (a field of `registry.Capabilities`), in list order."""
    return [d.name for d in registry.descriptors() if getattr(d.capabilities, flag)]


def titles(names: list[str]) -> str:
    """The games' titles joined for a sentence ('Longhorn'; 'Longhorn or Colt Express')."""
    return " or ".join(load_content(name).game.title for name in names) or "no game"
