"""`LonghornState`: the position in small lists of ints, cloning, legal actions and their decoding.

- cells are numbered row-major (0 = A1, top left; letters are columns, digits rows);
- `cattle[cell * ncol + colour]` is the number of cows of a colour on a cell, `tot[cell]` their sum;
- `tok[cell]` is `(kind, value)` or None (value is the face value of a nugget, 0 otherwise);
- `herd[seat * ncol + colour]`, `nuggets[seat]` (face values), `removed[colour]` (epidemic).

The rule steps live in mixins: `turn.TurnRules` (steal, move, end, scoring), `tokens.TokenRules`
(token effects), `playout.FastPlayout` and `views.StateViews`.
"""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING, Any

from ...errors import EngineError, IllegalAction
from ..core import Action, Outcome, State
from ..randomness import SharedGenerator
from .actions import AmbushCattle, AmbushNugget, Brand, Epidemic, Move, Rattle, Start, Steal
from .constants import (
    AMBUSH_CHOICE,
    BRAND_CELL,
    EPIDEMIC_COLOUR,
    MOVE,
    PHASE_IDS,
    RATTLE_PLACE,
    START,
    STEAL,
)
from .narration import Narration
from .playout import FastPlayout
from .tokens import TokenRules
from .turn import TurnRules
from .views import StateViews

if TYPE_CHECKING:
    from .setup import LonghornGame

_KEY_STEAL = (STEAL << 24) + 1  # the search key of stealing colour 0


class LonghornState(TurnRules, TokenRules, FastPlayout, StateViews, Narration, SharedGenerator, State):
    __slots__ = (
        "game", "_rng", "_rng_owned", "_rng_out", "seed", "history", "loc", "cattle", "tot", "tok", "herd", "nuggets", "used",
        "removed", "discarded", "pawn", "player", "first", "phase", "steps", "stolen", "extra",
        "rattle", "turn", "outcome", "at", "pending",
    )
    # the log (narration.py): a new game or a snapshot narrates; search copies and playouts do not
    narrate = False
    log: list = []  # (never appended to: a copy that narrates has a list of its own)

    def __init__(self, game: LonghornGame, rng: random.Random):
        g = game
        self.game = g
        self._rng = rng
        self._rng_owned = True
        self._rng_out = False
        self.seed = 0
        self.history: list = []
        self.loc: tuple[int, ...] = tuple(range(g.ncell))
        self.cattle = [0] * (g.ncell * g.ncol)
        self.tot = [0] * g.ncell
        self.tok: list = [None] * g.ncell
        self.herd = [0] * (2 * g.ncol)
        self.nuggets: list[list[int]] = [[], []]
        self.used: list[list[int]] = [[], []]
        self.removed = [0] * g.ncol
        self.discarded: list = []
        self.pawn = -1
        self.player = 0
        self.first = 0
        self.phase = START
        self.steps = 0
        self.stolen = -1
        self.extra = False
        self.rattle: list[int] = []
        self.turn = 0
        self.outcome: Outcome | None = None
        self.at = -1  # the cell whose token is being applied (-1 outside the token step)
        self.pending: tuple = ()  # (cell, token) taken from emptied neighbours, applied in turn
        self.narrate = True
        self.log: list = []

    # --- contract basics ---------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return 2

    @property
    def current_player(self) -> int | None:
        return None if self.outcome is not None else self.player

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    def result(self) -> Outcome:
        if self.outcome is None:
            raise EngineError("longhorn: the game is not over yet")
        return self.outcome

    def clone(self) -> "LonghornState":
        s = self.clone_light()  # shares the generator until either side draws (see `_own_rng`)
        s.history = list(self.history)
        if self.narrate:
            s.narrate = True
            s.log = list(self.log)
        return s

    def clone_light(self) -> "LonghornState":
        """A copy for search: shares the generator and drops the history (searches never draw)."""
        s = LonghornState.__new__(LonghornState)
        s.game = self.game
        self._share_rng(s)
        s.seed = self.seed
        s.history = []
        s.loc = self.loc
        s.cattle = self.cattle[:]
        s.tot = self.tot[:]
        s.tok = self.tok[:]
        s.herd = self.herd[:]
        s.nuggets = [self.nuggets[0][:], self.nuggets[1][:]]
        s.used = [self.used[0][:], self.used[1][:]]
        s.removed = self.removed[:]
        s.discarded = self.discarded[:]
        s.pawn = self.pawn
        s.player = self.player
        s.first = self.first
        s.phase = self.phase
        s.steps = self.steps
        s.stolen = self.stolen
        s.extra = self.extra
        s.rattle = self.rattle[:]
        s.turn = self.turn
        s.outcome = self.outcome
        s.at = self.at
        s.pending = self.pending  # a tuple: rules replace it, never change it in place
        return s

    # --- the search interface: choices as small ints ---------------------------------------------
    # An exact search (solver.py) steps positions through these public methods, never through the
    # rules' own steps: `choice_codes()` lists the current phase's choices, `choice_of(action)` gives an
    # action's code, `apply_choice(phase, code)` plays one (an ambush's random nugget by its index),
    # `steal_colour(colour)` and `destinations()` are the steal and the ride's cells, `finish_scored()`
    # ends a game by the count (a search copy may count less) and `clone_light()` copies for search.
    def choice_codes(self) -> list:
        """The legal choices of the current phase as ints (colour, cell) or (colour, cell) pairs."""
        g = self.game
        ph = self.phase
        ncol = g.ncol
        if ph == STEAL:
            base = self.pawn * ncol
            cattle = self.cattle
            out = []
            for c in range(ncol):
                if cattle[base + c]:
                    out.append(c)
            return out
        if ph == MOVE:
            return self.destinations()
        if ph == START:
            return [cell for cell in range(g.ncell) if self.tot[cell] == g.start_cattle]
        if ph == EPIDEMIC_COLOUR:
            return self._epidemic_colours()
        if ph == BRAND_CELL:
            return self._brand_cells()
        if ph == AMBUSH_CHOICE:
            return self._ambush_choices()
        if ph == RATTLE_PLACE:
            c = self.rattle[0]
            return [(c, cell) for cell in self._rattle_cells()]
        return []
    # --- actions -----------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        if self.outcome is not None:
            return []
        ph = self.phase
        action = self._action
        return [action(ph, choice) for choice in self.choice_codes()]

    def _action(self, ph: int, choice: Any) -> Action:
        """The action for an int choice of phase `ph`."""
        g = self.game
        cn, co = g.cell_names, g.colours
        if ph == STEAL:
            return Steal(co[choice])
        if ph == MOVE:
            return Move(cn[choice])
        if ph == START:
            return Start(cn[choice])
        if ph == EPIDEMIC_COLOUR:
            return Epidemic(co[choice])
        if ph == BRAND_CELL:
            if g.brand_any_colour:
                cell, c = choice
                return Brand(cn[cell], co[c])
            return Brand(cn[choice])
        if ph == AMBUSH_CHOICE:
            return AmbushNugget() if choice < 0 else AmbushCattle(co[choice])
        if ph == RATTLE_PLACE:
            c, cell = choice
            return Rattle(co[c], cn[cell])
        raise IllegalAction("the game is over")

    # --- search keys: key = phase << 24 | payload; an int choice c is c + 1 (the ambush's nugget, -1,
    # is 0), a pair (a, b) of a cell and a colour is (a << 12 | b) + 1 -----------------------------------
    def legal_keys(self) -> list[int]:
        if self.outcome is not None:
            return []
        ph = self.phase
        if ph == STEAL:
            ncol = self.game.ncol
            base = self.pawn * ncol
            cattle = self.cattle
            k0 = _KEY_STEAL - base
            out = []
            for i in range(base, base + ncol):
                if cattle[i]:
                    out.append(k0 + i)
            return out
        k0 = (ph << 24) + 1
        if ph == MOVE:
            out = self.destinations()
            for i, c in enumerate(out):
                out[i] = k0 + c
            return out
        choices = self.choice_codes()
        if choices and type(choices[0]) is tuple:
            return [k0 + (a << 12 | b) for a, b in choices]
        return [k0 + c for c in choices]

    def _key_choice(self, key: int) -> tuple[int, Any]:
        ph = key >> 24
        v = (key & 0xFFFFFF) - 1
        if ph == RATTLE_PLACE or (ph == BRAND_CELL and self.game.brand_any_colour):
            return ph, (v >> 12, v & 0xFFF)
        return ph, v

    def apply_key(self, key: int) -> None:
        ph = key >> 24
        if ph == MOVE:
            self._move((key & 0xFFFFFF) - 1)
        else:
            self.apply_choice(*self._key_choice(key))

    def key_action(self, key: int) -> Action:
        return self._action(*self._key_choice(key))

    def choice_of(self, action: Action) -> Any:
        """The int choice an action stands for, checked against this phase's legal choices."""
        g = self.game
        ph = self.phase
        try:
            if ph == STEAL and type(action) is Steal:
                choice: Any = g.colour_of[action.colour]
            elif ph == MOVE and type(action) is Move:
                choice = g.cell_of[action.cell]
            elif ph == START and type(action) is Start:
                choice = g.cell_of[action.cell]
            elif ph == EPIDEMIC_COLOUR and type(action) is Epidemic:
                choice = g.colour_of[action.colour]
            elif ph == BRAND_CELL and type(action) is Brand and g.brand_any_colour:
                choice = (g.cell_of[action.cell], g.colour_of[action.colour]) if action.colour else None
            elif ph == BRAND_CELL and type(action) is Brand and action.colour is None:
                choice = g.cell_of[action.cell]
            elif ph == AMBUSH_CHOICE and type(action) is AmbushNugget:
                choice = -1
            elif ph == AMBUSH_CHOICE and type(action) is AmbushCattle:
                choice = g.colour_of[action.colour]
            elif ph == RATTLE_PLACE and type(action) is Rattle:
                choice = (g.colour_of[action.colour], g.cell_of[action.cell])
            else:
                choice = None
        except KeyError:
            choice = None
        if choice is None or choice not in self.choice_codes():
            legal = ", ".join(str(a) for a in self.legal_actions()) or "none (the game is over)"
            raise IllegalAction(f"{action} is not legal now ({PHASE_IDS[ph]} step); legal: {legal}")
        return choice

    def _apply(self, action: Action) -> None:
        self.apply_choice(self.phase, self.choice_of(action))

    def apply_choice(self, ph: int, choice: Any, nugget_index: int | None = None) -> None:
        """Play the int choice `choice` of phase `ph` (what `apply` does once the action is decoded); an
        ambush's random nugget is the one at `nugget_index` when given (a search's chance outcome)."""
        if ph == STEAL:
            self.steal_colour(choice)
        elif ph == MOVE:
            self._move(choice)
        elif ph == START:
            self._start(choice)
        elif ph == EPIDEMIC_COLOUR:
            self._epidemic(choice)
        elif ph == BRAND_CELL:
            self._brand(choice)
        elif ph == AMBUSH_CHOICE:
            self._ambush(choice, nugget_index)
        elif ph == RATTLE_PLACE:
            self._rattle(*choice)
        else:
            raise IllegalAction("the game is over")

    def chance_outcomes(self, action: Action) -> list[tuple[float, "LonghornState"]]:
        """Every state `action` may lead to, with its probability (one entry unless it draws a nugget).

        Used by exact solvers; identical nugget values are merged into one outcome.
        """
        choice = self.choice_of(action)
        if self.phase == AMBUSH_CHOICE and choice == -1:
            pool = self.nuggets[1 - self.player]
            out = []
            seen: dict[int, int] = {}
            for k, v in enumerate(pool):
                if v not in seen:
                    seen[v] = k
            for v, k in seen.items():
                child = self.clone()
                child.apply_choice(AMBUSH_CHOICE, -1, k)
                child.history.append(action)
                out.append((pool.count(v) / len(pool), child))
            return out
        child = self.clone()
        child.apply_choice(self.phase, choice)
        child.history.append(action)
        return [(1.0, child)]
    def key(self) -> tuple:
        """What decides the rest of the game (for transposition tables): board, herds, nuggets, turn state."""
        return (
            tuple(self.cattle),
            tuple(self.tok),
            tuple(self.herd),
            tuple(sorted(self.nuggets[0])),
            tuple(sorted(self.nuggets[1])),
            self.pawn,
            self.player,
            self.phase,
            self.steps,
            self.stolen,
            self.extra,
            tuple(self.rattle),
            self.at,
            self.pending,
        )

    def heuristic(self, player: int) -> float:
        """Money lead turned into [0, 1] (a logistic over $1000); the outcome itself once over."""
        if self.outcome is not None:
            return self.outcome.reward(player)
        s = self._scores()
        diff = s[player] - s[1 - player]
        return 1.0 / (1.0 + math.exp(-diff / 1000.0))
