"""Longhorn rules engine (two-player cattle-rustling duel), exactly as `shared/rules/longhorn.md`.

Every number comes from content (`generator.schema.longhorn.Content`); every [default] of the digest
is an option. The position is kept in small lists of ints so that cloning and random playouts are
fast (layout in `state.py`).

A turn: steal a colour (all of it) -> if the cell is empty, its token is taken and applied at once,
each sub-choice being its own action -> move exactly N steps (N = cows stolen) to a cell with
cattle -> flip the pawn (unless snake oil). Game ends: sheriff taken (loss), nine of a colour
(win), or no cell reachable after the steal (scored).

Modules, one concern each:

- `constants`: token kinds and phase codes (small ints) with their text ids;
- `actions`: the Action classes and their notation;
- `moves`: movement tables (neighbours, exact-N reach from each cell);
- `setup`: `LonghornGame`, options, the seeded setup and positions rebuilt from JSON;
- `state`: `LonghornState` (position, clone, legal actions, decoding, chance outcomes, keys);
- `turn`: the turn's steps on ints (steal, move, end of game, scoring);
- `tokens`: what each token does when taken, with its sub-choices;
- `playout`: the fast random playout;
- `views`: JSON, observations, descriptions and the text picture.
"""

from .actions import AmbushCattle, AmbushNugget, Brand, Epidemic, Move, Rattle, Start, Steal
from .constants import (
    AMBUSH,
    AMBUSH_CHOICE,
    BRAND,
    BRAND_CELL,
    EPIDEMIC,
    EPIDEMIC_COLOUR,
    KIND_IDS,
    KIND_OF,
    MOVE,
    NUGGET,
    OVER,
    PHASE_IDS,
    PHASE_OF,
    RATTLE,
    RATTLE_PLACE,
    SHERIFF,
    SNAKE,
    START,
    STEAL,
)
from .setup import LonghornGame
from .state import LonghornState


__all__ = [
    "AMBUSH", "AMBUSH_CHOICE", "BRAND", "BRAND_CELL", "EPIDEMIC", "EPIDEMIC_COLOUR", "KIND_IDS", "KIND_OF",
    "MOVE", "NUGGET", "OVER", "PHASE_IDS", "PHASE_OF", "RATTLE", "RATTLE_PLACE", "SHERIFF", "SNAKE", "START",
    "STEAL", "AmbushCattle", "AmbushNugget", "Brand", "Epidemic", "LonghornGame", "LonghornState",
    "Move", "Rattle", "Start", "Steal",
]
