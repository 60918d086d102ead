"""The Way Out West position: plain lists of integers (fast to copy), phase and turn bookkeeping.

Players are seats 0..n-1 (colour = content colour of that index); towns are 0..4 in trail order;
building types are indices into content `buildings`. A building slot holds its owner or -1.
Farmers belong to nobody once placed: `farm[t]` counts the farmers in town t, `farmsup[p]` the
farmers player p may still place, `farmgone` those removed in gunfights.
A cowboy move with several destinations (option move_cowboys_to) keeps `mc_from` (the town left, -1
when no move is under way), `mc_moved` (cowboys sent so far) and `mc_used` (towns reached).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ...errors import EngineError
from ..core import Action, Outcome, State
from ..randomness import SharedGenerator, dice, hits, total
from . import actions as act_rules
from . import bidding, gunfight, scoring
from .notation import ACT, BID, OVER, SETUP
from .evaluation import heuristic
from .policy import GUIDE
from .describe import describe

if TYPE_CHECKING:
    from .setup import WayOutWestGame

PHASE_NAMES = ("setup", "bidding", "actions", "over")


class WayOutWestState(SharedGenerator, State):
    __slots__ = (
        "game", "rules", "_rng", "_rng_owned", "_rng_out", "seed", "history", "n", "narrate", "detail",
        "money", "cow", "cowsup", "cat", "catsup", "bld", "bsup", "bgone", "farm", "farmsup", "farmgone",
        "posters", "poster_sup", "round", "phase", "order", "step",
        "bids", "active", "bid_idx", "high", "new_order", "next_slot",
        "boxes_used", "mc_from", "mc_moved", "mc_used", "fight", "log",
    )

    def __init__(self, game: "WayOutWestGame", n: int, rng: random.Random):
        R = game.rules
        self.game = game
        self.rules = R
        self._rng, self._rng_owned, self._rng_out = rng, True, False  # see SharedGenerator
        self.seed = 0
        self.history = []
        self.n = n
        T, B = R.ntowns, R.nbuild
        self.money = [R.start_money[n]] * n
        self.cow = [[0] * n for _ in range(T)]
        self.cowsup = [R.cowboys] * n
        self.cat = [[0] * n for _ in range(T)]
        self.catsup = [R.cattle] * n
        self.bld = [[-1] * B for _ in range(T)]
        self.bsup = [[R.each_building] * B for _ in range(n)]
        self.bgone = [[0] * B for _ in range(n)]
        self.farm = [0] * T
        self.farmsup = [R.farmers] * n
        self.farmgone = 0
        self.posters = [0] * n
        self.poster_sup = R.wanted_posters
        self.round = 1
        self.phase = SETUP
        self.order = list(range(n))
        self.step = 0  # setup: placements made; actions: markers placed this round
        self.bids = [0] * n
        self.active: list[int] = []
        self.bid_idx = 0
        self.high = 0
        self.new_order = [-1] * n
        self.next_slot = n - 1
        self.boxes_used = [0] * R.nboxes
        self.mc_from = -1
        self.mc_moved = 0
        self.mc_used: list[int] = []
        self.fight: gunfight.Fight | None = None
        self.log: list[str] = []
        self.narrate = True  # off in throwaway copies (playouts): nobody reads their log
        self.detail = False  # the referee's fuller log (full_narration): stagecoach fares, income by source

    # --- contract --------------------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return self.n

    @property
    def current_player(self) -> int | None:
        ph = self.phase
        if ph == ACT:
            if self.fight is not None:
                return self.fight.decider
            return self.order[self.step % self.n]
        if ph == BID:
            return self.active[self.bid_idx]
        if ph == SETUP:
            return self.order[self.step % self.n]
        return None

    def legal_raw(self) -> list[tuple]:
        ph = self.phase
        if ph == ACT:
            if self.fight is not None:
                return gunfight.legal(self)
            return act_rules.legal(self)
        if ph == BID:
            return bidding.legal(self)
        if ph == SETUP:
            return self.rules.mv_place[:]
        return []

    def legal_actions(self) -> list[Action]:
        return self.rules.codec.actions(self.legal_raw())

    # --- search keys: the raw moves themselves (tuples of small ints, hashed without Python code) ---
    def legal_keys(self) -> list[tuple]:
        return self.legal_raw()

    def apply_key(self, key: tuple) -> None:
        self.do(key)

    def key_action(self, key: tuple) -> Action:
        return self.rules.codec.action(key)

    def _apply(self, action: Action) -> None:
        self.do(self.rules.codec.raw(action))

    def do(self, raw: tuple) -> None:
        """Apply a legal raw move (no legality check)."""
        ph = self.phase
        if ph == ACT:
            if self.fight is not None:
                gunfight.do(self, raw)
            else:
                act_rules.do(self, raw)
        elif ph == BID:
            bidding.do(self, raw)
        elif ph == SETUP:
            self._place(raw[1])
        else:
            raise EngineError(f"{raw!r}: the game is over")

    def _place(self, t: int) -> None:
        p = self.order[self.step % self.n]
        self.cowsup[p] -= 1
        self.cow[t][p] += 1
        self.step += 1
        if self.step >= self.rules.setup_cowboys * self.n:
            bidding.start(self)

    def result(self) -> Outcome:
        if self.phase != OVER:
            raise EngineError(f"way_out_west: the game is not over (round {self.round}, {PHASE_NAMES[self.phase]})")
        return scoring.outcome(self)

    def random_playout(self, rng: random.Random, max_moves: int = 100_000) -> None:
        """Uniformly random legal moves to the end, on raw moves (no Action objects, no history, no
        log): each move is `moves[int(rng.random() * len(moves))]` of `legal_raw()`, the same draw and
        the same move; bids and placements are picked without building their lists."""
        self.narrate = False
        rand = rng.random
        act_legal, act_do = act_rules.legal, act_rules.do
        fight_legal, fight_do = gunfight.legal, gunfight.do
        bid = bidding.random_move
        towns = self.rules.ntowns
        for _ in range(max_moves):
            ph = self.phase
            if ph == ACT:
                if self.fight is None:
                    moves = act_legal(self)
                    act_do(self, moves[int(rand() * len(moves))])
                else:
                    moves = fight_legal(self)
                    fight_do(self, moves[int(rand() * len(moves))])
            elif ph == BID:
                bid(self, rand)
            elif ph == SETUP:
                self._place(int(rand() * towns))  # the legal list is every town in order
            else:
                return
        raise RuntimeError(f"way_out_west: playout did not end within {max_moves} moves")

    def clone(self) -> "WayOutWestState":
        s = WayOutWestState.__new__(WayOutWestState)
        s.game = self.game
        s.rules = self.rules
        self._share_rng(s)  # copy-on-write: see SharedGenerator
        s.seed = self.seed
        s.narrate = self.narrate
        s.detail = self.detail
        s.history = list(self.history)
        s.n = self.n
        s.money = self.money[:]
        s.cow = [r[:] for r in self.cow]
        s.cowsup = self.cowsup[:]
        s.cat = [r[:] for r in self.cat]
        s.catsup = self.catsup[:]
        s.bld = [r[:] for r in self.bld]
        s.bsup = [r[:] for r in self.bsup]
        s.bgone = [r[:] for r in self.bgone]
        s.farm = self.farm[:]
        s.farmsup = self.farmsup[:]
        s.farmgone = self.farmgone
        s.posters = self.posters[:]
        s.poster_sup = self.poster_sup
        s.round = self.round
        s.phase = self.phase
        s.order = self.order[:]
        s.step = self.step
        s.bids = self.bids[:]
        s.active = self.active[:]
        s.bid_idx = self.bid_idx
        s.high = self.high
        s.new_order = self.new_order[:]
        s.next_slot = self.next_slot
        s.boxes_used = self.boxes_used[:]
        s.mc_from = self.mc_from
        s.mc_moved = self.mc_moved
        s.mc_used = self.mc_used[:]
        s.fight = self.fight.copy() if self.fight is not None else None
        s.log = self.log[:]
        return s

    # --- helpers used by the rule modules ---------------------------------------------------------
    def colour(self, p: int) -> str:
        return self.rules.colour_names[p]

    def town_name(self, t: int) -> str:
        return self.rules.town_names[t]

    def buildings_in(self, t: int) -> int:
        return sum(1 for o in self.bld[t] if o >= 0)

    def owned_in(self, t: int, p: int) -> int:
        return sum(1 for o in self.bld[t] if o == p)

    def farmers_in(self, t: int) -> int:
        return self.farm[t]

    def farmers_by_town(self) -> list[int]:
        """How many farmers stand in each town."""
        return self.farm

    def roll(self, k: int) -> list[int]:
        return dice(self._own_rng(), k)

    def roll_hits(self, k: int) -> tuple[list[int] | None, int]:
        """A volley of k dice: (the faces, the hits); the exact search draws the hits as one event
        (faces None), by their exact chances (randomness.hits)."""
        return hits(self._own_rng(), k, self.rules.hit_on)

    def roll_total(self, k: int) -> tuple[list[int] | None, int]:
        """k dice added up: (the faces, the sum); the exact search draws the sum as one event."""
        return total(self._own_rng(), k)

    def coach_pay(self, t: int, mover: int, k: int) -> None:
        """A stagecoach pays its owner at once for each cowboy placed into or moved out of its town.

        Callers pay for the town a cowboy is hired into and the town it moves out of; a move into a
        town pays only through `coach_pay_in` (option stagecoach_moves_in).
        """
        R = self.rules
        owner = self.bld[t][R.COACH]
        if owner >= 0 and k > 0 and (R.coach_own or owner != mover):
            self.money[owner] += k * R.coach_per_cowboy
            if self.narrate and self.detail:
                self.log.append(f"{self.colour(owner)}'s stagecoach in {self.town_name(t)} earns ${k * R.coach_per_cowboy} "
                                f"({k} cowboy{'s' if k != 1 else ''}).")

    def coach_pay_in(self, t: int, mover: int, k: int) -> None:
        """Cowboys moved (not placed) into a town pay its stagecoach only with option stagecoach_moves_in."""
        if self.rules.coach_in:
            self.coach_pay(t, mover, k)

    # --- public view -------------------------------------------------------------------------------
    def observation(self, player: int) -> dict:
        """The whole position: nothing is hidden in this implementation (money is public)."""
        data = self.state_to_json()
        data["you"] = self.colour(player)
        data["round_of"] = self.rules.rounds_for[self.n]
        data["boxes_open"] = {b: k for b, k in zip(self.rules.box_ids, self.rules.box_caps[self.n])}
        data["options"] = dict(self.game.options)
        data["head_start"] = [self.rules.head_start.get(p, 0) for p in range(self.n)]  # VP each seat adds at the end
        data["vp_now"] = scoring.scores(self)  # each seat's VP if the game ended now (head start included)
        data["current_player"] = None if self.current_player is None else self.colour(self.current_player)
        return data

    def heuristic(self, player: int) -> float:
        return heuristic(self, player)

    def search_guide(self):
        """The policy and evaluation that guide the `mcts-guided` bot (see policy.SearchGuide)."""
        return GUIDE

    def score_sheet(self) -> list[dict]:
        """The final score of each player by source, town by town (scoring.score_sheet)."""
        return scoring.score_sheet(self)

    def full_narration(self) -> None:
        """The referee's log: also every stagecoach fare, and income told per player by source (the
        default log, which records keep, tells income in one line)."""
        self.detail = True

    def describe(self, action: Action) -> str:
        return describe(self, self.rules.codec.raw(action))

    def state_to_json(self) -> dict:
        R = self.rules
        col = R.colour_ids
        return {
            "players": self.n,
            "round": self.round,
            "phase": PHASE_NAMES[self.phase],
            "order": [col[p] for p in self.order],
            "step": self.step,
            "money": self.money[:],
            "cowboys": {R.town_ids[t]: self.cow[t][:] for t in range(R.ntowns)},
            "cowboy_supply": self.cowsup[:],
            "cattle": {R.town_ids[t]: self.cat[t][:] for t in range(R.ntowns)},
            "cattle_supply": self.catsup[:],
            "buildings": {
                R.town_ids[t]: {R.building_ids[b]: (col[o] if o >= 0 else None) for b, o in enumerate(self.bld[t])}
                for t in range(R.ntowns)
            },
            "building_supply": [row[:] for row in self.bsup],
            "buildings_gone": [row[:] for row in self.bgone],
            "farmers": {R.town_ids[t]: self.farm[t] for t in range(R.ntowns)},
            "farmer_supply": self.farmsup[:],
            "farmers_gone": self.farmgone,
            "posters": self.posters[:],
            "poster_supply": self.poster_sup,
            "bids": self.bids[:],
            "bidding": [col[p] for p in self.active],
            "bid_turn": self.bid_idx,
            "high_bid": self.high,
            "new_order": [col[p] if p >= 0 else None for p in self.new_order],
            "next_slot": self.next_slot,
            "boxes_used": {R.box_ids[i]: u for i, u in enumerate(self.boxes_used)},
            "moving_cowboys": (
                None if self.mc_from < 0
                else {"from": R.town_ids[self.mc_from], "moved": self.mc_moved, "to": [R.town_ids[t] for t in self.mc_used]}
            ),
            "fight": self.fight.to_json() if self.fight is not None else None,
            "log": self.log[:],
        }

    def position_key(self) -> tuple:
        """The position as one hashable value: what `state_to_json` holds but the log (the exact search's
        transposition key, scenarios/exact.py; two states with equal keys play on the same), built without the
        names and dicts of the JSON form."""
        moving = None if self.mc_from < 0 else (self.mc_from, self.mc_moved, tuple(self.mc_used))
        return (
            self.n, self.round, self.phase, tuple(self.order), self.step, tuple(self.money),
            tuple(map(tuple, self.cow)), tuple(self.cowsup), tuple(map(tuple, self.cat)), tuple(self.catsup),
            tuple(map(tuple, self.bld)), tuple(map(tuple, self.bsup)), tuple(map(tuple, self.bgone)),
            tuple(self.farm), tuple(self.farmsup), self.farmgone, tuple(self.posters), self.poster_sup,
            tuple(self.bids), tuple(self.active), self.bid_idx, self.high, tuple(self.new_order), self.next_slot,
            tuple(self.boxes_used), moving, None if self.fight is None else self.fight.key(),
        )

    @classmethod
    def from_json_data(cls, game: "WayOutWestGame", d: dict) -> "WayOutWestState":
        R = game.rules
        n = int(d["players"])
        game.head_starts_for(n)  # every seat with a head start sits here
        s = cls(game, n, random.Random())
        ci = R.codec.colour_index
        s.round = int(d["round"])
        s.phase = PHASE_NAMES.index(d["phase"])
        s.order = [ci[c] for c in d["order"]]
        s.step = int(d["step"])
        s.money = [int(x) for x in d["money"]]
        s.cow = [[int(x) for x in d["cowboys"][R.town_ids[t]]] for t in range(R.ntowns)]
        s.cowsup = [int(x) for x in d["cowboy_supply"]]
        s.cat = [[int(x) for x in d["cattle"][R.town_ids[t]]] for t in range(R.ntowns)]
        s.catsup = [int(x) for x in d["cattle_supply"]]
        s.bld = [
            [(ci[d["buildings"][R.town_ids[t]][b]] if d["buildings"][R.town_ids[t]][b] is not None else -1) for b in R.building_ids]
            for t in range(R.ntowns)
        ]
        s.bsup = [[int(x) for x in row] for row in d["building_supply"]]
        s.bgone = [[int(x) for x in row] for row in d["buildings_gone"]]
        s.farm = [int(d["farmers"][R.town_ids[t]]) for t in range(R.ntowns)]
        s.farmsup = [int(x) for x in d["farmer_supply"]]
        s.farmgone = int(d["farmers_gone"])
        s.posters = [int(x) for x in d["posters"]]
        s.poster_sup = int(d["poster_supply"])
        s.bids = [int(x) for x in d["bids"]]
        s.active = [ci[c] for c in d["bidding"]]
        s.bid_idx = int(d["bid_turn"])
        s.high = int(d["high_bid"])
        s.new_order = [ci[c] if c is not None else -1 for c in d["new_order"]]
        s.next_slot = int(d["next_slot"])
        s.boxes_used = [int(d["boxes_used"][b]) for b in R.box_ids]
        mv = d.get("moving_cowboys")
        if mv is not None:
            s.mc_from = R.codec.town_index[mv["from"]]
            s.mc_moved = int(mv["moved"])
            s.mc_used = [R.codec.town_index[t] for t in mv["to"]]
        s.fight = gunfight.Fight.from_json(d["fight"], R) if d.get("fight") is not None else None
        s.log = [str(x) for x in d.get("log", [])]
        return s
