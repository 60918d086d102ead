"""Way Out West feature columns: every feature of the decision in hand as one value per candidate.

`Columns(counts, mode, cands)` maps a feature name to its column (a list, one value per candidate in
order; or one int, the value of every candidate: a feature of the position), counted when first
looked up and kept. `mode` says what the candidates are: raw moves of a decision in one step (a bid,
a placement, a gunfight stage, the next step of a cowboy move), raw moves of one action box (the
second step of the action decision), or the action boxes themselves (the first step: `cands` is then
each box's raw moves). A feature that does not apply to a candidate is 0, as the table bot reads a
feature left out of a row; so `features.evaluate`'s rows are these columns, row by row.

The per-town counts come from one `counts.Counts` per decision, shared by both steps of the action
decision. The definitions are the vocabulary's (features.py); the names of the flags below are content
(`content/way_out_west/features.yaml`).
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any, Callable

from . import gunfight
from .counts import Counts
from .notation import (
    ACT, BID as PHASE_BID, C_COWBOY, K_BUILD, K_BUY, K_CAS, K_DROP, K_FARMER, K_FIGHT, K_HIRE, K_MOVEC, K_MOVEK, K_PASS, K_PLACE,
    K_RETREAT, K_RTO, K_SHERIFF, T_FARMER, T_JAIL, T_ROB, T_SEIZE, T_STEAL,
)

GROUP_FLAG = {
    K_BUY: "buys_cattle", K_HIRE: "hires", K_MOVEC: "moves_cowboys", K_MOVEK: "moves_cattle", K_BUILD: "builds",
    K_FARMER: "places_farmer", K_FIGHT: "starts_fight", K_PASS: "passes",
}
BUILDING_FLAG = ("is_stagecoach", "is_train", "is_bank", "is_store", "is_hotel", "is_jail")  # content order
TARGET_FLAG = {T_SEIZE: "seizes", T_STEAL: "steals", T_ROB: "robs", T_JAIL: "removes_jail", T_FARMER: "removes_farmer"}

# what the candidates are (`Columns.mode`)
BID, PLACE, ACTION, MOVE_ON, BOXES = "bid", "place", "action", "move_on", "boxes"
SHERIFF, SHOOT, CASUALTY, RETREAT, POSTER = "sheriff", "shoot", "casualty", "retreat", "poster"
_FIGHT_MODES = {
    gunfight.S_SHERIFF: SHERIFF, gunfight.S_ATT: SHOOT, gunfight.S_DEF: SHOOT, gunfight.S_CAS: CASUALTY,
    gunfight.S_RETREAT: RETREAT, gunfight.S_POSTER: POSTER,
}
# where a raw move names the town it reaches (a pass reaches none)
_TOWN_AT = {K_PLACE: 1, K_BUY: 2, K_HIRE: 2, K_MOVEC: 3, K_MOVEK: 3, K_BUILD: 2, K_FARMER: 1, K_FIGHT: 1, K_RTO: 1}


def mode_of(s: Any) -> str:
    """What the candidates of the decision in hand are (its legal raw moves, the action boxes aside)."""
    if s.fight is not None:
        return _FIGHT_MODES[s.fight.stage]
    if s.phase == ACT:
        return MOVE_ON if s.mc_from >= 0 else ACTION
    return BID if s.phase == PHASE_BID else PLACE


class Columns(dict):
    """Feature name -> column (see the module docstring), each counted when first looked up."""

    __slots__ = ("counts", "mode", "cands", "n", "_towns", "_how")

    def __init__(self, counts: Counts, mode: str, cands: Any):
        self.counts, self.mode, self.cands, self.n = counts, mode, cands, len(cands)
        self._towns: list[int] | None = None
        self._how = _HOW[mode]

    def __missing__(self, name: str) -> list[int] | int:
        how = self._how.get(name)
        got = self[name] = 0 if how is None else how(self)
        return got

    def towns(self) -> list[int]:
        """The town each candidate reaches (-1: none, a pass)."""
        got = self._towns
        if got is None:
            got = self._towns = [r[_TOWN_AT[r[0]]] if r[0] != K_PASS else -1 for r in self.cands]
        return got


# --- the position: the same for every candidate ---------------------------------------------------------


def _rounds_to_income(c: Counts) -> int:
    s, R = c.s, c.R
    last = R.rounds_for[s.n]
    nxt = [r for r in R.income_rounds if s.round <= r <= last]
    return min(nxt) - s.round if nxt else 0


_POSITION: dict[str, Callable[[Counts], int]] = {
    "round": lambda c: c.s.round,
    "rounds_to_income": _rounds_to_income,
    "bot_money": lambda c: c.s.money[c.me],
    "bot_cattle": lambda c: sum(c.my_cattle),
    "bot_buildings": lambda c: sum(c.my_buildings),
    "second_action": lambda c: int(c.s.phase == ACT and c.s.step >= c.s.n),
    "towns_outgunned": lambda c: sum(c.outgunned),
}

# --- the town a candidate reaches: per-town lists (index -1: no town, 0) --------------------------------

_TOWN: dict[str, Callable[[Counts], list[int]]] = {
    "town_number": lambda c: c.R.town_numbers + [0],
    "train_there": lambda c: c.train,
    "farmer_there": lambda c: c.farmer,
    "bot_cattle_there": lambda c: c.my_cattle,
    "rival_cattle_there": lambda c: c.rival_cattle,
    "bot_cowboys_there": lambda c: c.mine,
    "rival_cowboys_there": lambda c: c.rivals,
    "bot_assets_there": lambda c: c.assets,
    "outgunned_there": lambda c: c.outgunned,
    "can_buy_there": lambda c: c.can_buy,
    "rival_hotel_there": lambda c: c.rival_hotel,
    "town_buildings": lambda c: c.buildings,
    "bot_buildings_there": lambda c: c.my_buildings,
}

# --- an action-phase move's own features (0 for a move of another kind) --------------------------------


def _moves_all(c: Counts, rs: list) -> list[int]:
    cow, me = c.s.cow, c.me
    return [int(r[0] == K_MOVEC and r[1] == cow[r[2]][me]) for r in rs]


def _leaves_exposed(c: Counts, rs: list) -> list[int]:
    """Whether the bot is outgunned in the town a cowboy move leaves, with the cowboys it leaves there."""
    cow, me, most, cattle, built = c.s.cow, c.me, c.rival_most, c.my_cattle, c.my_buildings
    out = []
    for r in rs:
        if r[0] != K_MOVEC:
            out.append(0)
            continue
        f = r[2]
        m = most[f]
        out.append(int(bool(cattle[f] or built[f]) and m >= 1 and m >= cow[f][me] - r[1]))
    return out


def _left(what: Callable[[Counts], list[int]]) -> Callable[[Counts, list], list[int]]:
    """A per-town 0/1 of the town a cattle move leaves."""
    def column(c: Counts, rs: list) -> list[int]:
        per_town = what(c)
        return [per_town[r[2]] if r[0] == K_MOVEK else 0 for r in rs]
    return column


def _building(i: int) -> Callable[[Counts, list], list[int]]:
    return lambda c, rs: [int(r[0] == K_BUILD and r[1] == i) for r in rs]


def _takes_majority(c: Counts, rs: list) -> list[int]:
    s, me = c.s, c.me
    out = []
    for r in rs:
        if r[0] != K_BUILD:
            out.append(0)
            continue
        counts = [0] * s.n
        for o in s.bld[r[2]]:
            if o >= 0:
                counts[o] += 1
        counts[me] += 1
        out.append(int(all(counts[me] > k for q, k in enumerate(counts) if q != me)))
    return out


def _money_left_build(c: Counts, rs: list) -> list[int]:
    money, cost = c.s.money[c.me], c.R.cost
    return [money - cost[r[1]] if r[0] == K_BUILD else 0 for r in rs]


def _target(kind: int) -> Callable[[Counts, list], list[int]]:
    return lambda c, rs: [int(r[0] == K_FIGHT and r[2] == kind) for r in rs]


def _edges(c: Counts, rs: list) -> list[int]:
    """The bot's edge in each gunfight move of `rs` (0 for a move of another kind)."""
    if all(r[0] == K_FIGHT for r in rs):
        return c.edges(rs)
    edges = iter(c.edges([r for r in rs if r[0] == K_FIGHT]))
    return [next(edges) if r[0] == K_FIGHT else 0 for r in rs]


def _edge(c: Counts, rs: list) -> list[int]:
    return [e if e > 0 else 0 for e in _edges(c, rs)]


def _behind(c: Counts, rs: list) -> list[int]:
    return [-e if e < 0 else 0 for e in _edges(c, rs)]


def _victim_money(c: Counts, rs: list) -> list[int]:
    money = c.s.money
    return [money[r[3]] if r[0] == K_FIGHT and r[3] >= 0 else 0 for r in rs]


_MOVE: dict[str, Callable[[Counts, list], list[int]]] = {
    "cattle": lambda c, rs: [r[1] if r[0] == K_BUY or r[0] == K_MOVEK else 0 for r in rs],
    "cowboys": lambda c, rs: [r[1] if r[0] == K_HIRE or r[0] == K_MOVEC else 0 for r in rs],
    "moves_all": _moves_all,
    "leaves_exposed": _leaves_exposed,
    "leaves_train": _left(lambda c: c.train),
    "leaves_farmer": _left(lambda c: c.farmer),
    **{name: _building(i) for i, name in enumerate(BUILDING_FLAG)},
    "takes_majority": _takes_majority,
    "money_left": _money_left_build,
    **{name: _target(kind) for kind, name in TARGET_FLAG.items()},
    "edge": _edge,
    "behind": _behind,
    "cattle_taken": lambda c, rs: [r[4] if r[0] == K_FIGHT and r[2] == T_STEAL else 0 for r in rs],
    "victim_money": _victim_money,
    "passes": lambda c, rs: [0] * len(rs),  # (the next step of a cowboy move: see _HOW)
}

# --- the action boxes (the first step of the action decision): a candidate is one box's raw moves ------


class Boxes:
    """The candidates of the first step of the action decision: the action boxes, each with its legal
    uses (indices into the decision's raw moves `raws`)."""

    __slots__ = ("groups", "raws", "kinds")

    def __init__(self, groups: list[list[int]], raws: list[tuple]):
        self.groups, self.raws = groups, raws
        self.kinds = [raws[g[0]][0] for g in groups]

    def __len__(self) -> int:
        return len(self.groups)

    def moves(self, kind: int) -> list[tuple] | None:
        """The raw moves of the box of `kind` (None: no such box)."""
        if kind not in self.kinds:
            return None
        return list(map(self.raws.__getitem__, self.groups[self.kinds.index(kind)]))

    def most(self, kind: int, most: int) -> list[int]:
        """The column of a feature the box of `kind` has (`most`), 0 for every other box."""
        return [most if k == kind else 0 for k in self.kinds]


def _most_cattle(c: Counts, b: Boxes) -> list[int]:
    buys = b.moves(K_BUY)
    return [0] * len(b) if buys is None else b.most(K_BUY, max(map(_first_count, buys)))


def _build_town_most(c: Counts, b: Boxes) -> list[int]:
    builds = b.moves(K_BUILD)
    if builds is None:
        return [0] * len(b)
    return b.most(K_BUILD, max(map(c.buildings.__getitem__, map(_town_of_build, builds))))


def _fight_edge_most(c: Counts, b: Boxes) -> list[int]:
    fights = b.moves(K_FIGHT)
    if fights is None:
        return [0] * len(b)
    top = max(c.edges(fights))
    return b.most(K_FIGHT, top if top > 0 else 0)


def _best_fight_edge(c: Counts, b: Boxes) -> int:
    """The glance at the gunfight box, read once for the whole decision: the bot's most fighters beyond a
    target's defenders at its best target (0 if never more, or no gunfight box it can use)."""
    fights = b.moves(K_FIGHT)
    return 0 if fights is None else max(0, max(c.edges(fights)))


def _biggest_build_town(c: Counts, b: Boxes) -> int:
    """The glance at the build boxes, read once for the whole decision: the buildings in the biggest town
    where the bot may build (0 if it can build nowhere)."""
    builds = b.moves(K_BUILD)
    return 0 if builds is None else max(map(c.buildings.__getitem__, map(_town_of_build, builds)))


_first_count = itemgetter(1)  # the count of a buy (K_BUY, count, town)
_town_of_build = itemgetter(2)  # the town of a build (K_BUILD, building, town)


def _box_flag(kind: int) -> Callable[[Counts, Boxes], list[int]]:
    return lambda c, b: [int(k == kind) for k in b.kinds]


_BOXES: dict[str, Callable[[Counts, Any], list[int]]] = {
    **{name: _box_flag(kind) for kind, name in GROUP_FLAG.items()},
    "most_cattle": _most_cattle,
    "build_town_most": _build_town_most,
    "fight_edge_most": _fight_edge_most,
    "best_fight_edge": _best_fight_edge,
    "biggest_build_town": _biggest_build_town,
}


# --- bids --------------------------------------------------------------------------------------------


def _bid_totals(c: Counts, rs: list) -> list[int]:
    mine = c.s.bids[c.me]
    return [mine if r[0] == K_DROP else r[1] for r in rs]


def _rival_can_raise(c: Counts, rs: list) -> list[int]:
    s, me = c.s, c.me
    rich = max((s.money[q] for q in s.active if q != me), default=0)
    return [int(r[0] != K_DROP and rich > r[1]) for r in rs]


_BID: dict[str, Callable[[Counts, list], Any]] = {
    "drops": lambda c, rs: [int(r[0] == K_DROP) for r in rs],
    "bid_total": _bid_totals,
    "raise_by": lambda c, rs: [0 if r[0] == K_DROP else r[1] - c.s.high for r in rs],
    "money_left": lambda c, rs: [c.s.money[c.me] - b for b in _bid_totals(c, rs)],
    "bidders": lambda c, rs: len(c.s.active),
    "high_bid": lambda c, rs: c.s.high,
    "bot_has_bid": lambda c, rs: int(c.s.bids[c.me] > 0),
    "rival_can_raise": _rival_can_raise,
}

# --- gunfight stages ---------------------------------------------------------------------------------


def _side(c: Counts) -> int:
    return gunfight.ATT if c.s.fight.stage == gunfight.S_ATT else gunfight.DEF


def _shoot_edge(c: Counts) -> int:
    f, side = c.s.fight, _side(c)
    return f.total(side) - f.total(1 - side)


_BY_MODE: dict[str, dict[str, Callable[[Counts, list], Any]]] = {
    BID: _BID,
    BOXES: _BOXES,
    SHERIFF: {
        "joins": lambda c, rs: [int(r[0] == K_SHERIFF and r[1] == 1) for r in rs],
        "bot_attacks": lambda c, rs: int(c.s.fight.att == c.me),
        "bot_defends": lambda c, rs: int(c.s.fight.dfn == c.me),
    },
    SHOOT: {
        "retreats": lambda c, rs: [int(r[0] == K_RETREAT) for r in rs],
        "edge": lambda c, rs: max(0, _shoot_edge(c)),
        "behind": lambda c, rs: max(0, -_shoot_edge(c)),
        "bot_attacks": lambda c, rs: int(_side(c) == gunfight.ATT),
    },
    CASUALTY: {"is_cowboy": lambda c, rs: [int(r[0] == K_CAS and r[1] == C_COWBOY) for r in rs]},
    POSTER: {"victim_posters": lambda c, rs: [c.s.posters[r[1]] for r in rs]},
}


# --- how each mode counts each of its features: name -> function of the Columns (a feature not listed
# --- is 0 for every candidate of that mode) ----------------------------------------------------------


def _of_position(count: Callable[[Counts], int]) -> Callable[[Columns], int]:
    return lambda x: count(x.counts)


def _of_town(per_town: Callable[[Counts], list[int]]) -> Callable[[Columns], list[int]]:
    def column(x: Columns) -> list[int]:
        return list(map(per_town(x.counts).__getitem__, x.towns()))
    return column


def _of_cands(count: Callable[[Counts, Any], Any]) -> Callable[[Columns], Any]:
    return lambda x: count(x.counts, x.cands)


_POSITION_HOW = {name: _of_position(count) for name, count in _POSITION.items()}
_TOWN_HOW = {name: _of_town(per_town) for name, per_town in _TOWN.items()}
_MOVE_HOW = {name: _of_cands(count) for name, count in _MOVE.items()}
_HOW: dict[str, dict[str, Callable[[Columns], Any]]] = {
    PLACE: {**_MOVE_HOW, **_TOWN_HOW, **_POSITION_HOW},
    ACTION: {**_MOVE_HOW, **_TOWN_HOW, **_POSITION_HOW},
    MOVE_ON: {**_MOVE_HOW, **_TOWN_HOW, **_POSITION_HOW,
              "passes": _of_cands(lambda c, rs: [int(r[0] == K_PASS) for r in rs])},
    RETREAT: {**_TOWN_HOW, **_POSITION_HOW},
    **{mode: {**{name: _of_cands(count) for name, count in how.items()}, **_POSITION_HOW}
       for mode, how in _BY_MODE.items()},
}
