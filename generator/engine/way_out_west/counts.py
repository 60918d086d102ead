"""What a person running the table bot counts on the Way Out West board, for one seat in one position.

`Counts(state, me)` holds per-town lists (the bot's cowboys in each town, the rivals', the buildings,
...), each counted the first time a feature reads it and then kept: a decision reads the same few
lists for all its candidates, and most decisions read only some of them (the action box is often
settled by the box's own flags, a bid by the bids). A `Counts` is made for one decision and dropped
with it: the position does not change while the bot decides, so what was counted stays true.

Each per-town list has one more entry than there are towns, a 0 at the end: a candidate that reaches
no town (a pass) reads its town features at index -1 and gets 0, as a feature left out of a row reads.

The definitions (module docstring of features.py): "the bot's fighters" in a town are its cowboys
there and the sheriff if its jail stands there; "the defenders" of a target its owner's fighters there
and the built-in guard of a bank or a train (a farmer defends as 1; a target with nobody rolls 1 die of
defence); "outgunned" in a town: the bot has cattle or buildings there, and some rival has a cowboy
there and at least as many cowboys there as the bot; "cattle may be bought there": the corrals have
room, the trail is open to that town, and the bot has cattle in its supply.
"""

from __future__ import annotations

from typing import Any, Callable

from .actions import trail_end
from .notation import T_FARMER, T_STEAL


class Counts:
    """Per-town counts for the seat `me` in the position `s`, each list counted when first read."""

    __slots__ = (
        "s", "R", "me",
        # cowboys: the bot's, all rivals', the most one rival has (towns_with_cowboys)
        "mine", "rivals", "rival_most",
        # cattle: the bot's, all rivals' (cattle)
        "my_cattle", "rival_cattle",
        # buildings standing, the bot's among them (buildings)
        "buildings", "my_buildings",
        # 0/1 per town: cattle may be bought there; the bot is outgunned there; a train, a farmer, a rival's hotel
        "can_buy", "outgunned", "train", "farmer", "rival_hotel",
        # the bot's assets there: its cattle and its buildings
        "assets",
    )

    def __init__(self, s: Any, me: int):
        self.s, self.R, self.me = s, s.rules, me

    def __getattr__(self, name: str) -> list[int]:
        """A count not read yet (its slot is empty): count it now (with any counted in the same pass)."""
        count = _COUNTERS.get(name)
        if count is None:
            raise AttributeError(name)
        count(self)
        return object.__getattribute__(self, name)

    def exposed(self, t: int, cowboys: int) -> int:
        """1 when the bot has cattle or buildings in t and a rival with a cowboy there has at least
        `cowboys` cowboys there."""
        most = self.rival_most[t]
        return int(bool(self.my_cattle[t] or self.my_buildings[t]) and most >= 1 and most >= cowboys)

    def fighters(self, t: int, p: int) -> int:
        """p's cowboys in t, and the sheriff of p's jail there."""
        s, R = self.s, self.R
        return s.cow[t][p] + (R.sheriff_fighters if s.bld[t][R.JAIL] == p else 0)

    def edges(self, rs: list[tuple]) -> list[int]:
        """For each gunfight move of `rs`, the bot's fighters less the target's defenders (negative:
        the bot is behind; see the module docstring for both)."""
        s, R, me = self.s, self.R, self.me
        cow, bld, jail, sheriff, guards = s.cow, s.bld, R.JAIL, R.sheriff_fighters, R.defenders
        lone = R.undefended_fighters if R.undefended == "one_die" else 0
        farmer = R.farmer_fighters
        out = []
        for _, t, kind, owner, arg in rs:
            jailer = bld[t][jail]
            mine = cow[t][me] + (sheriff if jailer == me else 0)
            if kind == T_FARMER:
                out.append(mine - farmer)
                continue
            d = cow[t][owner] + (sheriff if jailer == owner else 0)
            if kind != T_STEAL:  # seize, rob, remove a jail: the building's own guard
                d += guards[arg]
            out.append(mine - (d or lone))
        return out


# --- the counters: each fills one or more slots in one pass over the towns (plain loops: a decision
# --- makes them, so they are kept cheap) ---------------------------------------------------------------


def _cowboys(c: Counts) -> None:
    me = c.me
    mine, rivals, most = [], [], []
    for row in c.s.cow:
        m = row[me]
        top = max(row)
        if top > m or row.count(m) > 1:  # a rival has the most, or as many as the bot
            r = top
        else:  # the bot alone has the most: the next best
            r = 0
            for q, k in enumerate(row):
                if q != me and k > r:
                    r = k
        mine.append(m)
        rivals.append(sum(row) - m)
        most.append(r)
    c.mine, c.rivals, c.rival_most = mine + [0], rivals + [0], most + [0]


def _cattle(c: Counts) -> None:
    me = c.me
    mine, rivals = [], []
    for row in c.s.cat:
        m = row[me]
        mine.append(m)
        rivals.append(sum(row) - m)
    c.my_cattle, c.rival_cattle = mine + [0], rivals + [0]


def _buildings(c: Counts) -> None:
    me = c.me
    built, own = [], []
    for row in c.s.bld:
        built.append(len(row) - row.count(-1))
        own.append(row.count(me))
    c.buildings, c.my_buildings = built + [0], own + [0]


def _can_buy(c: Counts) -> None:
    s, R = c.s, c.R
    if s.catsup[c.me] > 0:
        end = trail_end(s)
        corrals = R.corrals
        c.can_buy = [int(corrals[t] - sum(row) > 0 and t <= end) for t, row in enumerate(s.cat)] + [0]
    else:
        c.can_buy = [0] * (R.ntowns + 1)


def _outgunned(c: Counts) -> None:
    exposed, mine = c.exposed, c.mine
    c.outgunned = [exposed(t, mine[t]) for t in range(c.R.ntowns)] + [0]


def _assets(c: Counts) -> None:
    cattle, own = c.my_cattle, c.my_buildings
    c.assets = [a + b for a, b in zip(cattle, own)]


def _sites(c: Counts) -> None:
    s, R, me = c.s, c.R, c.me
    train, hotel = R.TRAIN, R.HOTEL
    c.train = [int(row[train] >= 0) for row in s.bld] + [0]
    c.rival_hotel = [int(row[hotel] >= 0 and row[hotel] != me) for row in s.bld] + [0]
    c.farmer = [int(k > 0) for k in s.farm] + [0]


_COUNTERS: dict[str, Callable[[Counts], None]] = {
    "mine": _cowboys, "rivals": _cowboys, "rival_most": _cowboys,
    "my_cattle": _cattle, "rival_cattle": _cattle,
    "buildings": _buildings, "my_buildings": _buildings,
    "can_buy": _can_buy, "outgunned": _outgunned, "assets": _assets,
    "train": _sites, "farmer": _sites, "rival_hotel": _sites,
}
