"""Longhorn rules engine (two-player cattle-rustling duel), exactly as `shared/rules/longhorn.md`.

Every number comes from content (`generator.schema.longhorn.Content`): tiles and their cattle,
colours and their counts, tokens and nugget values, the start cattle, the score per cow; every
[default] of the digest is an option. The position is kept in small lists of ints so that cloning
and random playouts are fast:

- cells are numbered row-major (0 = A1, top left; letters are columns, digits rows);
- `cattle[cell * ncol + colour]` is the number of cows of a colour on a cell, `tot[cell]` their sum;
- `tok[cell]` is `(kind, value)` or None (value is the face value of a nugget, 0 otherwise);
- `herd[seat * ncol + colour]`, `nuggets[seat]` (face values), `removed[colour]` (epidemic).

A turn: steal a colour (all of it) -> if the cell is empty, its token is taken and applied at once,
each sub-choice being its own action -> move exactly N steps (N = cows stolen) to a cell with
cattle -> flip the pawn (unless snake oil). Game ends: sheriff taken (loss), nine of a colour
(win), or no cell reachable after the steal (scored).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any

from ..errors import EngineError, IllegalAction
from .core import Action, EndReason, Game, Outcome, State

# token kinds
NUGGET, AMBUSH, BRAND, SNAKE, RATTLE, EPIDEMIC, SHERIFF = range(7)
KIND_IDS = ("nugget", "ambush", "branding_iron", "snake_oil", "rattlesnake", "epidemic", "sheriff")
KIND_OF = {k: i for i, k in enumerate(KIND_IDS)}

# phases (who decides what)
START, STEAL, EPIDEMIC_COLOUR, BRAND_CELL, AMBUSH_CHOICE, RATTLE_PLACE, MOVE, OVER = range(8)
PHASE_IDS = ("start", "steal", "epidemic", "brand", "ambush", "rattle", "move", "over")
PHASE_OF = {p: i for i, p in enumerate(PHASE_IDS)}


# --- actions ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Start(Action):
    """The chooser puts the pawn on a cell holding exactly the start number of cattle."""

    cell: str

    def __str__(self) -> str:
        return f"start {self.cell}"


@dataclass(frozen=True, slots=True)
class Steal(Action):
    colour: str

    def __str__(self) -> str:
        return f"steal {self.colour}"


@dataclass(frozen=True, slots=True)
class Move(Action):
    """Move to a destination: passing through does nothing, so the destination is the whole choice."""

    cell: str

    def __str__(self) -> str:
        return f"move {self.cell}"


@dataclass(frozen=True, slots=True)
class Epidemic(Action):
    colour: str

    def __str__(self) -> str:
        return f"epidemic {self.colour}"


@dataclass(frozen=True, slots=True)
class Brand(Action):
    cell: str

    def __str__(self) -> str:
        return f"brand {self.cell}"


@dataclass(frozen=True, slots=True)
class AmbushNugget(Action):
    def __str__(self) -> str:
        return "ambush nugget"


@dataclass(frozen=True, slots=True)
class AmbushCattle(Action):
    colour: str

    def __str__(self) -> str:
        return f"ambush cattle {self.colour}"


@dataclass(frozen=True, slots=True)
class Rattle(Action):
    colour: str
    cell: str

    def __str__(self) -> str:
        return f"rattle {self.colour} {self.cell}"


# --- the game -----------------------------------------------------------------------------------


class LonghornGame(Game):
    name = "longhorn"

    def __init__(self, content: Any, **options: Any):
        super().__init__(content, **options)
        c = content
        opt = self.options
        self.rows, self.cols = c.grid.rows, c.grid.columns
        self.ncell = self.rows * self.cols
        self.colours = tuple(col.id for col in c.cattle)
        self.colour_of = {name: i for i, name in enumerate(self.colours)}
        self.ncol = len(self.colours)
        self.colour_count = tuple(col.count for col in c.cattle)
        self.cattle_total = sum(self.colour_count)
        self.locations = tuple(loc.id for loc in c.locations)
        self.location_names = tuple(loc.name for loc in c.locations)
        self.location_of = {lid: i for i, lid in enumerate(self.locations)}
        self.location_cattle = tuple(loc.cattle for loc in c.locations)
        self.sheriff_location = self.location_of[c.setup.sheriff_location]
        self.tokens_drawn = c.setup.tokens_drawn
        self.start_cattle = c.setup.start_cattle
        self.per_cow = c.scoring.per_cow_on_board
        self.outlaw_names = tuple(o.name for o in sorted(c.outlaws, key=lambda o: o.seat))
        ambush = c.token("ambush")
        self.ambush_cows = ambush.cows if ambush is not None and ambush.cows else 0
        # the token pool: (kind, value) per physical token
        pool: list[tuple[int, int]] = []
        for t in c.tokens:
            if t.kind == "nugget":
                values = (t.values or {})[opt["nugget_values"]]
                pool.extend((NUGGET, v) for v in values)
            else:
                pool.extend((KIND_OF[t.kind], 0) for _ in range(t.count))
        self.token_pool = tuple(pool)
        self.token_names = {KIND_OF[t.kind]: t.name["en"] for t in c.tokens}
        # options
        self.start_by_second = opt["start_chooser"] == "second"
        self.simple_path = opt["movement"] == "simple_path"
        self.epidemic_everywhere = opt["epidemic_scope"] == "everywhere"
        self.neighbour_token_stays = opt["emptied_neighbour_token"] == "stay"
        self.brand_all = opt["branding_iron"] == "all_neighbours"
        self.rattle_occupied_only = opt["rattlesnake_targets"] == "occupied_only"
        self.tiebreak_cattle = opt["draw_result"] == "most_cattle"
        # geometry
        self.cell_names = tuple(
            f"{chr(ord('A') + cell % self.cols)}{cell // self.cols + 1}" for cell in range(self.ncell)
        )
        self.cell_of = {name: i for i, name in enumerate(self.cell_names)}
        nb = []
        for cell in range(self.ncell):
            r, q = divmod(cell, self.cols)
            out = []
            for dr, dq in ((-1, 0), (0, -1), (0, 1), (1, 0)):
                rr, qq = r + dr, q + dq
                if 0 <= rr < self.rows and 0 <= qq < self.cols:
                    out.append(rr * self.cols + qq)
            nb.append(tuple(out))
        self.neighbours = tuple(nb)
        self.max_steps = max(self.colour_count)
        self.reach = self._reach_table()
        # the same as tuples of cells, for quick scans
        self.dest = tuple(
            tuple(tuple(c for c in range(self.ncell) if row[n] >> c & 1) for n in range(self.max_steps + 1))
            for row in self.reach
        )

    def _reach_table(self) -> tuple[tuple[int, ...], ...]:
        """reach[cell][n]: bitmask of cells where an exact-n-step move from `cell` may end.

        The board never changes which paths exist (empty cells may be passed through), so only the
        end cell's cattle matter at play time.
        """
        nb = self.neighbours
        table = []
        for start in range(self.ncell):
            row = [0] * (self.max_steps + 1)
            if self.simple_path:
                def dfs(cell: int, visited: int, depth: int) -> None:
                    row[depth] |= 1 << cell
                    if depth == self.max_steps:
                        return
                    for n in nb[cell]:
                        if not visited >> n & 1:
                            dfs(n, visited | 1 << n, depth + 1)

                dfs(start, 1 << start, 0)
            else:
                # walks where no step goes straight back to the cell the previous step left
                frontier = {(start, -1)}
                for depth in range(1, self.max_steps + 1):
                    nxt = set()
                    for cell, prev in frontier:
                        for n in nb[cell]:
                            if n != prev:
                                nxt.add((n, cell))
                    frontier = nxt
                    for cell, _ in frontier:
                        row[depth] |= 1 << cell
            for n in range(self.max_steps + 1):
                row[n] &= ~(1 << start)  # never end where the move began
            row[0] = 0
            table.append(tuple(row))
        return tuple(table)

    def _new_state(self, players: int, rng: random.Random) -> "LonghornState":
        s = LonghornState(self, rng)
        ncell, ncol = self.ncell, self.ncol
        # 1. tiles
        order = list(range(len(self.locations)))
        rng.shuffle(order)
        s.loc = tuple(order)
        # 2. tokens, the sheriff forced onto Nugget Hill
        drawn = rng.sample(self.token_pool, self.tokens_drawn)
        hill = order.index(self.sheriff_location)
        for i, t in enumerate(drawn):
            if t[0] == SHERIFF and i != hill:
                drawn[i], drawn[hill] = drawn[hill], drawn[i]
                break
        s.tok = list(drawn)
        # 3. cattle
        cows = [c for c in range(ncol) for _ in range(self.colour_count[c])]
        rng.shuffle(cows)
        k = 0
        for cell in range(ncell):
            n = self.location_cattle[order[cell]]
            for c in cows[k : k + n]:
                s.cattle[cell * ncol + c] += 1
            s.tot[cell] = n
            k += n
        # 4. first player; the chooser places the pawn
        s.first = rng.randrange(2)
        s.player = (1 - s.first) if self.start_by_second else s.first
        s.phase = START
        return s

    def state_from_json(self, data: dict) -> "LonghornState":
        """Rebuild a position. Missing fields default to empty, so tests can write small positions."""
        s = LonghornState(self, random.Random(0))
        ncol = self.ncol
        cells = data.get("cells", {})
        loc = list(range(self.ncell))
        used_locs: set[int] = set()
        for name, info in cells.items():
            cell = self._cell(name)
            if "location" in info:
                loc[cell] = self.location_of[info["location"]]
                used_locs.add(loc[cell])
            for colour, n in info.get("cattle", {}).items():
                s.cattle[cell * ncol + self._colour(colour)] = int(n)
            tok = info.get("token")
            s.tok[cell] = None if tok is None else (KIND_OF[tok["kind"]], int(tok.get("value", 0)))
        s.loc = tuple(loc)
        s.tot = [sum(s.cattle[c * ncol : (c + 1) * ncol]) for c in range(self.ncell)]
        for seat, info in enumerate(data.get("players", [{}, {}])):
            for colour, n in info.get("herd", {}).items():
                s.herd[seat * ncol + self._colour(colour)] = int(n)
            s.nuggets[seat] = [int(v) for v in info.get("nuggets", [])]
            s.used[seat] = [KIND_OF[k] for k in info.get("tokens", [])]
        for colour, n in data.get("removed", {}).items():
            s.removed[self._colour(colour)] = int(n)
        s.discarded = [(KIND_OF[t["kind"]], int(t.get("value", 0))) for t in data.get("discarded", [])]
        s.pawn = -1 if data.get("pawn") is None else self._cell(data["pawn"])
        s.player = int(data.get("to_move", 0))
        s.first = int(data.get("first", 0))
        s.phase = PHASE_OF[data.get("phase", "steal")]
        s.steps = int(data.get("steps", 0))
        s.stolen = -1 if data.get("stolen") is None else self._colour(data["stolen"])
        s.extra = bool(data.get("extra_turn", False))
        s.rattle = [self._colour(c) for c in data.get("rattle_pending", [])]
        s.turn = int(data.get("turn", 0))
        out = data.get("outcome")
        if out is not None:
            s.outcome = Outcome(
                tuple(out["scores"]), tuple(out["winners"]), EndReason(out["reason"]), out.get("detail", "")
            )
            s.phase = OVER
        elif s.phase == OVER:
            raise ValueError("phase 'over' needs an outcome")
        return s

    def _cell(self, name: str) -> int:
        try:
            return self.cell_of[name.upper()]
        except KeyError:
            raise ValueError(f"no cell {name!r}; cells are {', '.join(self.cell_names)}") from None

    def _colour(self, name: str) -> int:
        try:
            return self.colour_of[name.lower()]
        except KeyError:
            raise ValueError(f"no colour {name!r}; colours are {', '.join(self.colours)}") from None


# --- the state ----------------------------------------------------------------------------------


class LonghornState(State):
    __slots__ = (
        "game", "_rng", "_rng_owned", "seed", "history", "loc", "cattle", "tot", "tok", "herd", "nuggets", "used",
        "removed", "discarded", "pawn", "player", "first", "phase", "steps", "stolen", "extra",
        "rattle", "turn", "outcome",
    )

    def __init__(self, game: LonghornGame, rng: random.Random):
        g = game
        self.game = g
        self._rng = rng
        self._rng_owned = True
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

    @property
    def rng(self) -> random.Random:
        """The state's own generator. Clones share it copy-on-write: the first to touch it copies it."""
        if not self._rng_owned:
            own = random.Random.__new__(random.Random)
            own.setstate(self._rng.getstate())
            self._rng = own
            self._rng_owned = True
        return self._rng

    @rng.setter
    def rng(self, value: random.Random) -> None:
        self._rng = value
        self._rng_owned = True

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
        s = LonghornState.__new__(LonghornState)
        s.game = self.game
        s._rng = self._rng  # shared until either side touches it (see `rng`)
        s._rng_owned = self._rng_owned = False
        s.seed = self.seed
        s.history = list(self.history)
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
        return s

    def clone_light(self) -> "LonghornState":
        """A copy for search: shares the generator and drops the history (searches never draw)."""
        s = LonghornState.__new__(LonghornState)
        s.game = self.game
        s._rng = self._rng
        s._rng_owned = self._rng_owned = False
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
        return s

    # --- choices as small ints ---------------------------------------------------------------
    def _choices(self) -> list:
        """The legal choices of the current phase as ints (colour, cell) or (colour, cell) pairs."""
        g = self.game
        ph = self.phase
        ncol = g.ncol
        if ph == STEAL:
            base = self.pawn * ncol
            cattle = self.cattle
            return [c for c in range(ncol) if cattle[base + c]]
        if ph == MOVE:
            return self._destinations()
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

    def _destinations(self) -> list[int]:
        """Cells with cattle where an exact move of `steps` from the pawn may end."""
        if self.steps > self.game.max_steps:
            return []
        tot = self.tot
        return [c for c in self.game.dest[self.pawn][self.steps] if tot[c]]

    def _epidemic_colours(self) -> list[int]:
        g = self.game
        ncol = g.ncol
        board = self._board_counts()
        out = []
        for c in range(ncol):
            n = board[c]
            if g.epidemic_everywhere:
                n += self.herd[c] + self.herd[ncol + c]
            if n:
                out.append(c)
        return out

    def _brand_cells(self) -> list[int]:
        ncol = self.game.ncol
        c = self.stolen
        return [n for n in self.game.neighbours[self.pawn] if self.cattle[n * ncol + c]]

    def _ambush_choices(self) -> list[int]:
        """-1 = a random nugget of the opponent; a colour = that many of their cows of it."""
        ncol = self.game.ncol
        opp = 1 - self.player
        out = [-1] if self.nuggets[opp] else []
        out.extend(c for c in range(ncol) if self.herd[opp * ncol + c])
        return out

    def _rattle_cells(self) -> list[int]:
        nb = self.game.neighbours[self.pawn]
        if self.game.rattle_occupied_only:
            return [n for n in nb if self.tot[n]]
        return list(nb)

    def _board_counts(self) -> list[int]:
        ncol = self.game.ncol
        cattle = self.cattle
        out = [0] * ncol
        for i, n in enumerate(cattle):
            if n:
                out[i % ncol] += n
        return out

    # --- rule steps on ints ------------------------------------------------------------------
    def _start(self, cell: int) -> None:
        self.pawn = cell
        self.player = self.first
        self.phase = STEAL

    def _steal(self, c: int) -> None:
        g = self.game
        ncol = g.ncol
        p = self.player
        cell = self.pawn
        i = cell * ncol + c
        n = self.cattle[i]
        self.cattle[i] = 0
        self.tot[cell] -= n
        self.herd[p * ncol + c] += n
        self.steps = n
        self.stolen = c
        self.extra = False
        self.turn += 1
        if self.tot[cell] == 0 and self.tok[cell] is not None:
            kind, value = self.tok[cell]
            self.tok[cell] = None
            self._take_token(kind, value)
        else:
            self._after_token()

    def _take_token(self, kind: int, value: int) -> None:
        g = self.game
        p = self.player
        if kind == NUGGET:
            self.nuggets[p].append(value)
            self._after_token()
            return
        self.used[p].append(kind)
        if kind == SHERIFF:
            self._finish(EndReason.ARRESTED, (1 - p,), f"{g.outlaw_names[p]} took the sheriff")
        elif kind == SNAKE:
            self.extra = True
            self._after_token()
        elif kind == EPIDEMIC:
            self._goto(EPIDEMIC_COLOUR if self._epidemic_colours() else -1)
        elif kind == BRAND:
            if g.brand_all:
                for n in g.neighbours[self.pawn]:
                    self._brand(n, advance=False)
                self._after_token()
            else:
                self._goto(BRAND_CELL if self._brand_cells() else -1)
        elif kind == AMBUSH:
            self._goto(AMBUSH_CHOICE if self._ambush_choices() else -1)
        elif kind == RATTLE:
            ncol = g.ncol
            if self._rattle_cells():
                self.rattle = [c for c in range(ncol) if self.herd[p * ncol + c]]
            self._goto(RATTLE_PLACE if self.rattle else -1)
        else:  # pragma: no cover - content kinds are validated
            raise EngineError(f"longhorn: unknown token kind {kind}")

    def _goto(self, phase: int) -> None:
        if phase < 0:
            self._after_token()
        else:
            self.phase = phase

    def _empty_neighbour(self, cell: int) -> None:
        """A cell emptied by an epidemic or a branding iron: its token is discarded (or stays)."""
        if self.tot[cell] == 0 and self.tok[cell] is not None and not self.game.neighbour_token_stays:
            self.discarded.append(self.tok[cell])
            self.tok[cell] = None

    def _epidemic(self, c: int) -> None:
        g = self.game
        ncol = g.ncol
        cattle = self.cattle
        for cell in range(g.ncell):
            i = cell * ncol + c
            n = cattle[i]
            if n:
                cattle[i] = 0
                self.tot[cell] -= n
                self.removed[c] += n
                self._empty_neighbour(cell)
        if g.epidemic_everywhere:
            for seat in (0, 1):
                self.removed[c] += self.herd[seat * ncol + c]
                self.herd[seat * ncol + c] = 0
        self._after_token()

    def _brand(self, cell: int, advance: bool = True) -> None:
        ncol = self.game.ncol
        c = self.stolen
        i = cell * ncol + c
        n = self.cattle[i]
        if n:
            self.cattle[i] = 0
            self.tot[cell] -= n
            self.herd[self.player * ncol + c] += n
            self._empty_neighbour(cell)
        if advance:
            self._after_token()

    def _ambush(self, choice: int, nugget_index: int | None = None) -> None:
        """choice -1: a random nugget (drawn with the state's rng, or `nugget_index` for solvers)."""
        ncol = self.game.ncol
        p = self.player
        opp = 1 - p
        if choice < 0:
            pool = self.nuggets[opp]
            k = self.rng.randrange(len(pool)) if nugget_index is None else nugget_index
            self.nuggets[p].append(pool.pop(k))
        else:
            j = opp * ncol + choice
            n = min(self.game.ambush_cows, self.herd[j])
            self.herd[j] -= n
            self.herd[p * ncol + choice] += n
        self._after_token()

    def _rattle(self, c: int, cell: int) -> None:
        g = self.game
        ncol = g.ncol
        self.herd[self.player * ncol + c] -= 1
        self.cattle[cell * ncol + c] += 1
        self.tot[cell] += 1
        self.rattle.pop(0)
        if not self.rattle:
            self._after_token()

    def _after_token(self) -> None:
        """End of the token step: a full herd wins now; otherwise move, or end when nothing is reachable."""
        g = self.game
        p = self.player
        ncol = g.ncol
        herd = self.herd
        for c in range(ncol):
            if herd[p * ncol + c] >= g.colour_count[c]:
                self._finish(EndReason.FULL_HERD, (p,), f"{g.outlaw_names[p]} owns all {g.colour_count[c]} {g.colours[c]} cattle")
                return
        if self.steps <= g.max_steps:
            tot = self.tot
            for c in g.dest[self.pawn][self.steps]:
                if tot[c]:
                    self.phase = MOVE
                    return
        self._finish_scored()

    def _move(self, cell: int) -> None:
        self.pawn = cell
        if not self.extra:
            self.player = 1 - self.player
        self.extra = False
        self.phase = STEAL

    def _scores(self) -> tuple[int, int]:
        g = self.game
        ncol = g.ncol
        board = self._board_counts()
        out = []
        for seat in (0, 1):
            money = sum(self.nuggets[seat])
            for c in range(ncol):
                money += self.herd[seat * ncol + c] * board[c] * g.per_cow
            out.append(money)
        return out[0], out[1]

    def _finish_scored(self) -> None:
        g = self.game
        s = self._scores()
        if s[0] != s[1]:
            winners = (0,) if s[0] > s[1] else (1,)
            detail = "more money"
        else:
            winners = (0, 1)
            detail = "equal money: a draw"
            if g.tiebreak_cattle:
                ncol = g.ncol
                h0, h1 = sum(self.herd[:ncol]), sum(self.herd[ncol:])
                if h0 != h1:
                    winners = (0,) if h0 > h1 else (1,)
                    detail = "equal money, more cattle"
        self.outcome = Outcome(s, winners, EndReason.NO_LEGAL_MOVE, detail)
        self.phase = OVER

    def _finish(self, reason: EndReason, winners: tuple[int, ...], detail: str) -> None:
        self.outcome = Outcome(self._scores(), winners, reason, detail)
        self.phase = OVER

    # --- actions -----------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        if self.outcome is not None:
            return []
        g = self.game
        ph = self.phase
        choices = self._choices()
        cn, co = g.cell_names, g.colours
        if ph == STEAL:
            return [Steal(co[c]) for c in choices]
        if ph == MOVE:
            return [Move(cn[c]) for c in choices]
        if ph == START:
            return [Start(cn[c]) for c in choices]
        if ph == EPIDEMIC_COLOUR:
            return [Epidemic(co[c]) for c in choices]
        if ph == BRAND_CELL:
            return [Brand(cn[c]) for c in choices]
        if ph == AMBUSH_CHOICE:
            return [AmbushNugget() if c < 0 else AmbushCattle(co[c]) for c in choices]
        if ph == RATTLE_PLACE:
            return [Rattle(co[c], cn[cell]) for c, cell in choices]
        return []

    def _decode(self, action: Action) -> Any:
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
            elif ph == BRAND_CELL and type(action) is Brand:
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
        if choice is None or choice not in self._choices():
            legal = ", ".join(str(a) for a in self.legal_actions()) or "none (the game is over)"
            raise IllegalAction(f"{action} is not legal now ({PHASE_IDS[ph]} step); legal: {legal}")
        return choice

    def _apply(self, action: Action) -> None:
        self._do(self.phase, self._decode(action))

    def _do(self, ph: int, choice: Any, nugget_index: int | None = None) -> None:
        if ph == STEAL:
            self._steal(choice)
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
        choice = self._decode(action)
        if self.phase == AMBUSH_CHOICE and choice == -1:
            pool = self.nuggets[1 - self.player]
            out = []
            seen: dict[int, int] = {}
            for k, v in enumerate(pool):
                if v not in seen:
                    seen[v] = k
            for v, k in seen.items():
                child = self.clone()
                child._do(AMBUSH_CHOICE, -1, k)
                child.history.append(action)
                out.append((pool.count(v) / len(pool), child))
            return out
        child = self.clone()
        child._do(self.phase, choice)
        child.history.append(action)
        return [(1.0, child)]

    # --- fast random playout -----------------------------------------------------------------
    def random_playout(self, rng: random.Random, max_moves: int = 100_000) -> None:
        """Uniformly random legal choices to the end, on ints (same distribution as legal_actions)."""
        rand = rng.random
        g = self.game
        ncol = g.ncol
        cattle = self.cattle
        tot = self.tot
        dest = g.dest
        herd = self.herd
        tok = self.tok
        counts = g.colour_count
        cols = range(ncol)
        for _ in range(max_moves):
            ph = self.phase
            if ph == STEAL:
                cell = self.pawn
                base = cell * ncol
                ch = [c for c in cols if cattle[base + c]]
                c = ch[int(rand() * len(ch))]
                i = base + c
                n = cattle[i]
                p = self.player
                h = p * ncol + c
                if (n == tot[cell] and tok[cell] is not None) or herd[h] + n >= counts[c]:
                    self._steal(c)  # a token to apply or a full herd: the general path
                    continue
                # the common case inlined: steal, no token, move or end, flip
                cattle[i] = 0
                tot[cell] -= n
                herd[h] += n
                self.steps = n
                self.stolen = c
                self.extra = False
                self.turn += 1
                dl = [d for d in dest[cell][n] if tot[d]]
                if not dl:
                    self._finish_scored()
                    return
                self.pawn = dl[int(rand() * len(dl))]
                self.player = 1 - p
            elif ph == MOVE:
                ch = [cell for cell in dest[self.pawn][self.steps] if tot[cell]]
                self._move(ch[int(rand() * len(ch))])
            elif ph == OVER:
                return
            else:
                ch = self._choices()
                choice = ch[int(rand() * len(ch))]
                if ph == AMBUSH_CHOICE and choice == -1:
                    self._ambush(-1, int(rand() * len(self.nuggets[1 - self.player])))
                else:
                    self._do(ph, choice)
        raise RuntimeError(f"longhorn: playout did not end within {max_moves} moves")

    # --- views -------------------------------------------------------------------------------
    def state_to_json(self) -> dict:
        g = self.game
        ncol = g.ncol

        def token(t: Any) -> Any:
            if t is None:
                return None
            return {"kind": KIND_IDS[t[0]], "value": t[1]} if t[0] == NUGGET else {"kind": KIND_IDS[t[0]]}

        cells = {}
        for cell in range(g.ncell):
            cells[g.cell_names[cell]] = {
                "location": g.locations[self.loc[cell]],
                "cattle": {g.colours[c]: self.cattle[cell * ncol + c] for c in range(ncol)},
                "token": token(self.tok[cell]),
            }
        return {
            "cells": cells,
            "players": [
                {
                    "outlaw": g.outlaw_names[seat],
                    "herd": {g.colours[c]: self.herd[seat * ncol + c] for c in range(ncol)},
                    "nuggets": list(self.nuggets[seat]),
                    "tokens": [KIND_IDS[k] for k in self.used[seat]],
                }
                for seat in (0, 1)
            ],
            "removed": {g.colours[c]: self.removed[c] for c in range(ncol)},
            "discarded": [token(t) for t in self.discarded],
            "pawn": None if self.pawn < 0 else g.cell_names[self.pawn],
            "to_move": self.player,
            "first": self.first,
            "phase": PHASE_IDS[self.phase],
            "steps": self.steps,
            "stolen": None if self.stolen < 0 else g.colours[self.stolen],
            "extra_turn": self.extra,
            "rattle_pending": [g.colours[c] for c in self.rattle],
            "turn": self.turn,
            "outcome": None if self.outcome is None else self.outcome.to_json(),
        }

    def observation(self, player: int) -> dict:
        """Longhorn is perfect information: every seat sees the whole position."""
        obs = self.state_to_json()
        obs["you"] = player
        obs["scores"] = list(self._scores())
        return obs

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
        )

    def heuristic(self, player: int) -> float:
        """Money lead turned into [0, 1] (a logistic over $1000); the outcome itself once over."""
        if self.outcome is not None:
            return self.outcome.reward(player)
        s = self._scores()
        diff = s[player] - s[1 - player]
        return 1.0 / (1.0 + math.exp(-diff / 1000.0))

    def describe(self, action: Action) -> str:
        g = self.game
        who = g.outlaw_names[self.player] if self.outcome is None else "Nobody"
        ncol = g.ncol
        where = g.location_names[self.loc[self.pawn]] if self.pawn >= 0 else ""
        if isinstance(action, Start):
            cell = g.cell_of[action.cell]
            return f"{who} puts the pawn on {g.location_names[self.loc[cell]]} ({action.cell})."
        if isinstance(action, Steal):
            n = self.cattle[self.pawn * ncol + g.colour_of[action.colour]]
            return f"{who} steals {n} {action.colour} cattle at {where}."
        if isinstance(action, Move):
            cell = g.cell_of[action.cell]
            steps = f"{self.steps} step" + ("" if self.steps == 1 else "s")
            return f"{who} rides {steps} to {g.location_names[self.loc[cell]]} ({action.cell})."
        if isinstance(action, Epidemic):
            return f"{who} sends an epidemic through the {action.colour} cattle on the range."
        if isinstance(action, Brand):
            cell = g.cell_of[action.cell]
            n = self.cattle[cell * ncol + self.stolen] if self.stolen >= 0 else 0
            return f"{who} brands {n} more {g.colours[self.stolen]} cattle at {g.location_names[self.loc[cell]]}."
        opp = g.outlaw_names[1 - self.player]
        if isinstance(action, AmbushNugget):
            return f"{who} ambushes {opp} for a gold nugget picked at random."
        if isinstance(action, AmbushCattle):
            n = min(g.ambush_cows, self.herd[(1 - self.player) * ncol + g.colour_of[action.colour]])
            return f"{who} ambushes {opp} and drives off {n} {action.colour} cattle."
        if isinstance(action, Rattle):
            cell = g.cell_of[action.cell]
            return f"{who}'s rattlesnake scares one {action.colour} cow back to {g.location_names[self.loc[cell]]}."
        return str(action)

    def render(self) -> str:
        """A small text picture of the grid (for debugging and the referee)."""
        g = self.game
        ncol = g.ncol
        lines = []
        for r in range(g.rows):
            row = []
            for q in range(g.cols):
                cell = r * g.cols + q
                counts = "".join(str(self.cattle[cell * ncol + c]) for c in range(ncol))
                t = self.tok[cell]
                ts = "--" if t is None else KIND_IDS[t[0]][:2]
                mark = "*" if cell == self.pawn else " "
                row.append(f"{mark}{g.cell_names[cell]} {counts} {ts}")
            lines.append(" | ".join(row))
        return "\n".join(lines)


GAME_CLASS = LonghornGame
