"""The one registry of games: what each game provides, declared once in its descriptor.

A descriptor is data, in the spirit of OpenSpiel's `GameType` and `register_game`: the game's name, its
place in lists, what it can do (`Capabilities`), and the dotted paths of the modules that give the rest
of Saloon what it needs of the game (engine, content schema, decision-table vocabulary, exact solver,
drawing, terminal view, words, scenario vocabulary). The registry sits at the bottom of the house: a
floor that needs one of a game's modules asks `plugin(name, "drawing")` and types the module with its
own Protocol. Nothing outside a game's own modules branches on its name.

The built-in games are the modules of the `generator.games` package (each defines `GAME`), found the
first time the registry is asked; a game from elsewhere (a test's stub game) calls `register`.
"""

from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any, Literal

from .errors import UnknownGame, UsageError

GAMES_PACKAGE = "generator.games"  # where the built-in descriptors live (one module a game)

Part = Literal["schema", "features", "solver", "drawing", "views", "words", "scenarios", "puzzles"]


@dataclass(frozen=True)
class Capabilities:
    """What a game can do, as data (the floors ask these instead of probing modules)."""

    hidden_information: bool = False  # observations hide other seats' secrets: bots search determinized worlds
    bot_seats: bool = False  # a decision table may seat a bot by the game's bot-seat rules (options bot_seats, ...)
    exact_solver: bool = False  # an exact solver (`solver` module): the solver bot, `tables bound`, puzzles
    puzzles: bool = False  # puzzles found in bot games and proved exactly (`puzzles` module)


@dataclass(frozen=True)
class Bench:
    """What `saloon bench` measures a game at, and the figures it is held to (None: no target)."""

    players: int
    playouts_target: int | None = None  # random playouts a second, one core
    table_target: int | None = None  # decision-table games a second at every level, one core


@dataclass(frozen=True)
class GameDescriptor:
    """Everything the rest of Saloon needs of one game. Module paths are dotted (`engine` names a class:
    `package.module:Class`); a part the game does not provide is None."""

    name: str  # the id used on the command line and in content/<name>/
    order: int  # its place when games are listed
    engine: str  # the Game class: "generator.engine.longhorn:LonghornGame"
    schema: str  # the content schema: a module with `Content` (and optionally `check`)
    capabilities: Capabilities = field(default_factory=Capabilities)
    bench: Bench = field(default_factory=lambda: Bench(players=2))
    features: str | None = None  # the decision-table vocabulary (the table bot, tuning, bot sheets)
    solver: str | None = None  # the exact solver (capabilities.exact_solver)
    drawing: str | None = None  # the print kit's pieces, boards and sheets; the scenario book's diagrams
    views: str | None = None  # the terminal referee's view (None: the generic view)
    words: str | None = None  # the game's finished sentences: rules text, glossary, book lines
    scenarios: str | None = None  # the solo scenario vocabulary (twists, objectives, proposals)
    puzzles: str | None = None  # the puzzle finder (capabilities.puzzles): positions from bot games, proved by the solver
    content: Path | None = None  # its own content folder; None: <content root>/<name>


_GAMES: dict[str, GameDescriptor] = {}
_FOUND = False


def register(descriptor: GameDescriptor) -> GameDescriptor:
    """Add a game (or replace one of the same name: a test's stub registers afresh)."""
    _GAMES[descriptor.name] = descriptor
    return descriptor


def unregister(name: str) -> None:
    """Remove a registered game (tests that plug a stub game in take it out again)."""
    _GAMES.pop(name, None)


def _discover() -> None:
    """Register every built-in descriptor: the `GAME` of each module of GAMES_PACKAGE (loaded by name:
    the descriptors are data and import nothing above this module)."""
    global _FOUND
    if _FOUND:
        return
    _FOUND = True
    package = importlib.import_module(GAMES_PACKAGE)
    for info in pkgutil.iter_modules(package.__path__):
        module = importlib.import_module(f"{GAMES_PACKAGE}.{info.name}")
        game = getattr(module, "GAME", None)
        if isinstance(game, GameDescriptor) and game.name not in _GAMES:
            register(game)


def descriptors() -> list[GameDescriptor]:
    """Every registered game, in list order."""
    _discover()
    return sorted(_GAMES.values(), key=lambda d: (d.order, d.name))


def names() -> list[str]:
    """The ids of every registered game, in list order."""
    return [d.name for d in descriptors()]


def descriptor(name: str) -> GameDescriptor:
    """The descriptor of game `name`; UnknownGame (naming the games there are) otherwise."""
    _discover()
    found = _GAMES.get(name)
    if found is None:
        raise UnknownGame(name, names())
    return found


def check(name: str) -> str:
    """`name` when it is a registered game; UnknownGame otherwise."""
    return descriptor(name).name


def load(path: str) -> Any:
    """The module at dotted `path`, or the attribute `module:attr`."""
    module, _, attr = path.partition(":")
    loaded: ModuleType = importlib.import_module(module)
    return getattr(loaded, attr) if attr else loaded


def plugin(name: str, part: Part) -> Any:
    """Game `name`'s module for `part` (its drawing, views, ...); a UsageError when it has none. The
    caller types it with the Protocol of its own floor."""
    path = getattr(descriptor(name), part)
    if path is None:
        raise UsageError(f"{name} has no {part} module (its descriptor names none)")
    return load(path)


def has(name: str, part: Part) -> bool:
    """Whether game `name` provides `part`."""
    return getattr(descriptor(name), part) is not None
