"""Views draw one seat's observation with rich; one module per game, a generic fallback for others.

A view only ever sees `state.observation(seat)` (a JSON-ready dict), never the state itself, so it
cannot show anything the seat may not know. Hooks beyond drawing have safe defaults:

- `seat_names(obs)`: names of the seats (outlaws, bandits, colours) or None for "Seat 1", ...
- `events(before, after, seat)`: sentences for chance and draws the seat sees happen (a die roll,
  a drawn card), found by comparing the seat's observation before and after a move; by default the
  new entries of a public log list in the observation (`log`, `events` or `public_log`).
- `rules_help(obs)`: the rules in force (under the game's options), printed after the prompt help.
- `hidden_play(actor_name, before, after, seat)`: the sentence told to `seat` when another seat's
  move cannot be told apart from other moves (a face-down card): it must not name the move.
"""

from __future__ import annotations

import importlib
from typing import Any

from rich.console import RenderableType
from rich.pretty import Pretty
from rich.panel import Panel

LOG_KEYS = ("log", "events", "public_log")


def nice(name: Any) -> str:
    """`nugget_hill` -> `Nugget Hill` (ids from content shown as words)."""
    text = str(name).replace("_", " ").strip()
    return " ".join(w[:1].upper() + w[1:] for w in text.split())


class View:
    """Generic fallback: the observation as a pretty-printed tree.

    `content` is the game's content (public: it is what is printed on the components), so views
    may take names from it; it may be None.
    """

    title = "position"

    def __init__(self, content: Any = None):
        self.content = content
        self.spectator = False  # an all-bot game: nobody is "you"

    def is_you(self, player: int, seat: int | None) -> bool:
        """Whether `player` is the person the picture is drawn for (marked "(you)")."""
        return not self.spectator and player == seat

    def draw(self, obs: dict, seat: int) -> RenderableType:
        return Panel(Pretty(obs, expand_all=False, max_length=30), title=f"{self.title} — what seat {seat + 1} sees", expand=False)

    def seat_names(self, obs: dict) -> list[str] | None:
        return None

    def events(self, before: dict, after: dict, seat: int) -> list[str]:
        for key in LOG_KEYS:
            old, new = before.get(key), after.get(key)
            if isinstance(old, list) and isinstance(new, list) and len(new) > len(old) and new[: len(old)] == old:
                return [_entry_text(e) for e in new[len(old):]]
        return []

    def hidden_play(self, actor: str, before: dict, after: dict, seat: int) -> str:
        return f"{actor} makes a move you cannot see."

    def rules_help(self, obs: dict) -> str:
        """Rules in force under the game's options, shown after the prompt help; empty by default."""
        return ""

    def status(self, obs: dict, seat: int) -> str:
        """One line under the picture (round, phase); empty by default."""
        return ""


def _entry_text(entry: Any) -> str:
    if isinstance(entry, str):
        return entry
    if isinstance(entry, dict):
        for key in ("text", "message", "event", "description"):
            if isinstance(entry.get(key), str):
                return entry[key]
        return ", ".join(f"{k}: {v}" for k, v in entry.items())
    return str(entry)


_VIEWS = {
    "longhorn": "generator.referee.views.longhorn",
    "colt_express": "generator.referee.views.colt_express",
    "way_out_west": "generator.referee.views.way_out_west",
}


def get_view(game: str, content: Any = None) -> View:
    """The view for `game`; the generic view for games without one."""
    module_name = _VIEWS.get(game)
    if module_name is None:
        return View(content)
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name != module_name:
            raise
        return View(content)
    return module.VIEW_CLASS(content)


def minus(a: list, b: list) -> list:
    """The items of `a` left after taking away one of each item of `b` (a multiset difference, in `a`'s order)."""
    rest = list(b)
    out = []
    for x in a:
        if x in rest:
            rest.remove(x)
        else:
            out.append(x)
    return out
