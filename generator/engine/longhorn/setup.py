"""`LonghornGame`: content and options read once, the seeded setup, and positions rebuilt from JSON.

Every number comes from content (`generator.schema.longhorn.Content`): tiles and their cattle,
colours and their counts, tokens and nugget values, the start cattle, the score per cow; every
[default] of the digest is an option.
"""

from __future__ import annotations

import random
from typing import Any

from ..core import EndReason, Game, Outcome
from ..randomness import randbelow, sample, shuffle
from .constants import KIND_OF, MOVE, NUGGET, OVER, PHASE_OF, SHERIFF, START, STEAL
from .moves import cell_names, destination_table, neighbour_table, reach_table
from .state import LonghornState


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
        self.cows = tuple(c for c in range(self.ncol) for _ in range(self.colour_count[c]))  # one entry per cow
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
        self.movement = opt["movement"]
        self.herd_at_once = opt["full_herd_check"] == "immediately"
        self.epidemic_everywhere = opt["epidemic_scope"] == "everywhere"
        self.neighbour_token = opt["emptied_neighbour_token"]  # take | discard | stay
        self.brand_all = opt["branding_iron"] == "all_neighbours"
        self.brand_any_colour = opt["branding_iron"] == "any_colour"
        self.rattle_occupied_only = opt["rattlesnake_targets"] == "occupied_only"
        self.avoid_danger = opt["dangerous_locations"] == "avoid"
        self.tiebreak_cattle = opt["draw_result"] == "most_cattle"
        # geometry (see moves.py)
        self.cell_names = cell_names(self.rows, self.cols)
        self.cell_of = {name: i for i, name in enumerate(self.cell_names)}
        self.neighbours = neighbour_table(self.rows, self.cols)
        self.max_steps = max(self.colour_count)
        self.reach = reach_table(self.neighbours, self.max_steps, self.movement, self.cols)
        # the same as tuples of cells, for quick scans
        self.dest = destination_table(self.reach)

    def _new_state(self, players: int, rng: random.Random) -> "LonghornState":
        s = LonghornState(self, rng)
        ncol = self.ncol
        # 1. tiles (the inline draws give what rng.shuffle and rng.sample give: see randomness.py)
        order = list(range(len(self.locations)))
        shuffle(rng, order)
        s.loc = tuple(order)
        # 2. tokens, the sheriff forced onto Nugget Hill
        drawn = sample(rng, self.token_pool, self.tokens_drawn)
        hill = order.index(self.sheriff_location)
        for i, t in enumerate(drawn):
            if t[0] == SHERIFF and i != hill:
                drawn[i], drawn[hill] = drawn[hill], drawn[i]
                break
        s.tok = drawn  # a fresh list
        # 3. cattle
        cows = list(self.cows)
        shuffle(rng, cows)
        cattle = s.cattle
        tot = s.tot
        held = self.location_cattle
        k = base = 0
        for cell, where in enumerate(order):
            n = held[where]
            for c in cows[k : k + n]:
                cattle[base + c] += 1
            tot[cell] = n
            k += n
            base += ncol
        # 4. first player; the chooser places the pawn
        s.first = randbelow(rng, 2)
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
        if data.get("token_at") is not None:
            s.at = self._cell(data["token_at"])
        elif s.phase not in (START, STEAL, MOVE, OVER):  # a token step: the steal's token by default
            s.at = s.pawn
        s.pending = tuple(
            (self._cell(t["cell"]), (KIND_OF[t["kind"]], int(t.get("value", 0)))) for t in data.get("tokens_pending", [])
        )
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
