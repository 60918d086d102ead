"""Way Out West's decision-table vocabulary: what a person running the bot counts or checks at the table.

Each feature is a small int for one candidate of the decision in hand, computed from the position as
every seat sees it (Way Out West hides nothing but future dice: the bot's observation is the whole
position). The printed text of each feature lives in content (`content/way_out_west/features.yaml`);
a test keeps the two in step. Every definition is something a person checks by looking and counting:

- "the bot's fighters" in a town: its cowboys there, and the sheriff if the bot's jail stands there;
- "the defenders" of a target: its owner's cowboys there, the built-in guard of a bank or a train, the
  sheriff if the owner's jail stands there; a farmer defends as 1; a target with nobody rolls 1 die of
  defence (counted as 1); a third player's sheriff, who may join, is not counted;
- "outgunned" in a town: the bot has cattle or buildings there, and some rival has a cowboy there and
  at least as many cowboys there as the bot;
- "cattle may be bought there": the corrals have room and the trail is open to that town (every
  earlier town holds cattle, under the default trail rule), and the bot has cattle in its supply.

Decision kinds: place (setup), bid, action (which action box: a decision in two steps, see `groups`),
then where and how: buy, hire, move_cowboys, move_cattle, build, farmer, fight; move_on (option
move_cowboys_to: several); and in a gunfight: sheriff, shoot (shoot or retreat), casualty, retreat
(where a cowboy goes), poster.
"""

from __future__ import annotations

from typing import Any

from . import gunfight
from .actions import trail_end
from .notation import (
    ACT, BID, C_COWBOY, K_BUILD, K_BUY, K_CAS, K_DROP, K_FARMER, K_FIGHT, K_HIRE, K_MOVEC, K_MOVEK,
    K_PASS, K_RETREAT, K_SHERIFF, SETUP, T_FARMER, T_JAIL, T_ROB, T_SEIZE, T_STEAL,
)

# the action boxes in printed order: each is one candidate of the "action" decision, then a decision
# of its own (a box with one legal use needs none)
GROUP_KINDS = {
    K_BUY: "buy", K_HIRE: "hire", K_MOVEC: "move_cowboys", K_MOVEK: "move_cattle", K_BUILD: "build",
    K_FARMER: "farmer", K_FIGHT: "fight", K_PASS: "action",
}
GROUP_ORDER = (K_BUY, K_HIRE, K_MOVEC, K_MOVEK, K_BUILD, K_FARMER, K_FIGHT, K_PASS)
GROUP_FLAG = {
    K_BUY: "buys_cattle", K_HIRE: "hires", K_MOVEC: "moves_cowboys", K_MOVEK: "moves_cattle", K_BUILD: "builds",
    K_FARMER: "places_farmer", K_FIGHT: "starts_fight", K_PASS: "passes",
}
FIGHT_STAGE_KIND = {
    gunfight.S_SHERIFF: "sheriff", gunfight.S_ATT: "shoot", gunfight.S_DEF: "shoot", gunfight.S_CAS: "casualty",
    gunfight.S_RETREAT: "retreat", gunfight.S_POSTER: "poster",
}
BUILDING_FLAG = ("is_stagecoach", "is_train", "is_bank", "is_store", "is_hotel", "is_jail")  # content order
TARGET_FLAG = {T_SEIZE: "seizes", T_STEAL: "steals", T_ROB: "robs", T_JAIL: "removes_jail", T_FARMER: "removes_farmer"}

MAIN = ("bid", "action", "buy", "hire", "move_cowboys", "move_cattle", "build", "farmer", "fight")
PLACES = ("buy", "hire", "move_cowboys", "move_on", "build", "farmer", "retreat", "place")
VOCABULARY: dict[str, tuple[str, ...]] = {
    # the position (the same for every candidate)
    "round": MAIN,
    "rounds_to_income": MAIN,
    "bot_money": MAIN,
    "bot_cattle": MAIN,
    "bot_buildings": MAIN,
    "second_action": ("action", "buy", "hire", "move_cowboys", "move_cattle", "build", "farmer", "fight"),
    "towns_outgunned": ("action",),
    # bidding
    "drops": ("bid",),
    "bid_total": ("bid",),
    "raise_by": ("bid",),
    "money_left": ("bid", "build"),
    "bidders": ("bid",),
    "high_bid": ("bid",),
    "bot_has_bid": ("bid",),
    "rival_can_raise": ("bid",),
    # which action box
    **{name: ("action",) for name in GROUP_FLAG.values() if name != "passes"},
    "passes": ("action", "move_on"),
    "most_cattle": ("action",),
    "build_town_most": ("action",),
    "fight_edge_most": ("action",),
    # counts of the move
    "cattle": ("buy", "move_cattle"),
    "cowboys": ("hire", "move_cowboys", "move_on"),
    "moves_all": ("move_cowboys",),
    "leaves_exposed": ("move_cowboys", "move_on"),
    # the town (the town reached, for a move)
    "town_number": PLACES,
    "train_there": ("buy", "move_cattle"),
    "farmer_there": ("buy", "move_cattle", "farmer"),
    "leaves_train": ("move_cattle",),
    "leaves_farmer": ("move_cattle",),
    "bot_cattle_there": ("buy", "build", "farmer", "fight"),
    "rival_cattle_there": ("build", "farmer"),
    "bot_cowboys_there": ("hire", "move_cowboys", "place"),
    "rival_cowboys_there": ("hire", "move_cowboys", "move_on", "build", "retreat", "place"),
    "bot_assets_there": ("hire", "move_cowboys", "move_on", "retreat"),
    "outgunned_there": ("buy", "hire", "move_cowboys", "move_on", "build", "retreat"),
    "can_buy_there": ("hire", "move_cowboys", "move_on", "place"),
    "rival_hotel_there": ("hire", "move_cowboys"),
    # building
    **{name: ("build",) for name in BUILDING_FLAG},
    "town_buildings": ("build", "fight"),
    "bot_buildings_there": ("build",),
    "takes_majority": ("build",),
    # gunfights
    **{name: ("fight",) for name in TARGET_FLAG.values()},
    "edge": ("fight", "shoot"),
    "behind": ("fight", "shoot"),
    "cattle_taken": ("fight",),
    "victim_money": ("fight",),
    "joins": ("sheriff",),
    "bot_attacks": ("sheriff", "shoot"),
    "bot_defends": ("sheriff",),
    "retreats": ("shoot",),
    "is_cowboy": ("casualty",),
    "victim_posters": ("poster",),
}
DEEP: set[str] = set()  # no look-ahead features: every feature is a count of the board as it is
HAND_KINDS: frozenset[str] = frozenset()  # no hands: every seat meets every decision
SCORE_NAME: str | None = None  # `saloon tables eval` prints win rates only
LEVEL_TARGETS: dict[str, tuple[float, float]] = {}  # the default targets of every level
columns = None  # the feature rows serve the table bot (decisions in two steps: `groups`)
decision = None

# What every tuned table must do (generator/tables/tune.py, Requirement): raise a bid in at least a third
# of the rounds. Against the tuning opponents a token bid is worth about what it costs (measured: bids of
# $1-2 neither win nor lose games against greedy), so the search drops bidding rules as often as it keeps
# them; but a bot that always drops out hands a person first place for $0 every round, which a person
# notices and exploits at once.
# The opponents each level is tuned against (generator/tables/tuning.py, level_spec): the random bot is
# left out (every level beats it in every game: it tells the search nothing); hard meets the normal table
# too, so it learns to beat a table that bids and fights as the normal one does.
LEVEL_OPPONENTS = {"normal": ("greedy",), "hard": ("greedy", "table:normal")}

TUNE_REQUIREMENTS = (
    {"kind": "bid", "feature": "drops", "value": 0, "share": 1 / 3, "per": "round",
     "why": "raises a bid in at least a third of the rounds"},
)


def decision_kind(state: Any) -> str:
    ph = state.phase
    if ph == ACT:
        if state.fight is not None:
            return FIGHT_STAGE_KIND[state.fight.stage]
        return "move_on" if state.mc_from >= 0 else "action"
    if ph == BID:
        return "bid"
    if ph == SETUP:
        return "place"
    raise ValueError("way_out_west: the game is over; there is no decision")


def _raws(state: Any, actions: list) -> list[tuple]:
    raw = state.rules.codec.raw
    return [raw(a) for a in actions]


def groups(state: Any, actions: list) -> tuple[list[str], list[list[int]]] | None:
    """The action decision in two steps: the action boxes (in printed order) with their legal uses."""
    if state.phase != ACT or state.fight is not None or state.mc_from >= 0:
        return None
    by: dict[int, list[int]] = {}
    for i, r in enumerate(_raws(state, actions)):
        by.setdefault(r[0], []).append(i)
    kinds = [k for k in GROUP_ORDER if k in by]
    return [GROUP_KINDS[k] for k in kinds], [by[k] for k in kinds]


# --- what a person counts on the board ----------------------------------------------------------------


class Board:
    """Counts per town for the seat `me` (the bot)."""

    def __init__(self, s: Any, me: int):
        R = s.rules
        self.s, self.R, self.me = s, R, me
        end = trail_end(s)
        supply = s.catsup[me] > 0
        # one pass over the towns (plain loops: made at every decision, so kept cheap)
        self.mine, self.rivals, self.rival_most = mine, rivals, rival_most = [], [], []
        self.my_cattle, self.rival_cattle = my_cattle, rival_cattle = [], []
        self.buildings, self.my_buildings = buildings, my_buildings = [], []
        self.can_buy, self.outgunned = can_buy, outgunned = [], []
        for t in range(R.ntowns):
            cow, cat = s.cow[t], s.cat[t]
            m = cow[me]
            most = 0  # the most cowboys one rival has in t
            for q, k in enumerate(cow):
                if q != me and k > most:
                    most = k
            mine.append(m)
            rivals.append(sum(cow) - m)
            rival_most.append(most)
            held = sum(cat)
            my_cattle.append(cat[me])
            rival_cattle.append(held - cat[me])
            built = own = 0
            for o in s.bld[t]:
                if o >= 0:
                    built += 1
                    if o == me:
                        own += 1
            buildings.append(built)
            my_buildings.append(own)
            can_buy.append(int(supply and R.corrals[t] - held > 0 and t <= end))
            outgunned.append(self.exposed(t, m))

    def exposed(self, t: int, cowboys: int) -> int:
        """1 when the bot has cattle or buildings in t and a rival with a cowboy there has at least
        `cowboys` cowboys there."""
        has = self.my_cattle[t] or self.my_buildings[t]
        return int(bool(has) and self.rival_most[t] >= 1 and self.rival_most[t] >= cowboys)

    def fighters(self, t: int, p: int) -> int:
        """p's cowboys in t, and the sheriff of p's jail there."""
        s, R = self.s, self.R
        return s.cow[t][p] + (R.sheriff_fighters if s.bld[t][R.JAIL] == p else 0)

    def defenders(self, t: int, kind: int, owner: int, arg: int) -> int:
        R = self.R
        if kind == T_FARMER:
            return R.farmer_fighters
        d = self.fighters(t, owner) + (R.defenders[arg] if kind in (T_SEIZE, T_ROB, T_JAIL) else 0)
        if d == 0 and R.undefended == "one_die":
            d = R.undefended_fighters
        return d

    def town(self, t: int) -> dict[str, int]:
        """The features of a town as it is now (the town reached, for a move)."""
        s, R = self.s, self.R
        hotel = s.bld[t][R.HOTEL]
        return {
            "town_number": R.town_numbers[t],
            "train_there": int(s.bld[t][R.TRAIN] >= 0),
            "farmer_there": int(s.farm[t] > 0),
            "bot_cattle_there": self.my_cattle[t],
            "rival_cattle_there": self.rival_cattle[t],
            "bot_cowboys_there": self.mine[t],
            "rival_cowboys_there": self.rivals[t],
            "bot_assets_there": self.my_cattle[t] + self.my_buildings[t],
            "outgunned_there": self.outgunned[t],
            "can_buy_there": self.can_buy[t],
            "rival_hotel_there": int(hotel >= 0 and hotel != self.me),
            "town_buildings": self.buildings[t],
            "bot_buildings_there": self.my_buildings[t],
        }


def _position(s: Any, b: Board, me: int) -> dict[str, int]:
    R = s.rules
    last = R.rounds_for[s.n]
    nxt = [r for r in sorted(R.income_rounds) if s.round <= r <= last]
    return {
        "round": s.round,
        "rounds_to_income": (nxt[0] - s.round) if nxt else 0,
        "bot_money": s.money[me],
        "bot_cattle": sum(b.my_cattle),
        "bot_buildings": sum(b.my_buildings),
        "second_action": int(s.phase == ACT and s.step >= s.n),
        "towns_outgunned": sum(b.outgunned),
    }


def _move(s: Any, b: Board, mv: tuple) -> dict[str, int]:
    """Features of one action-phase move (its own decision kind's, and any it has in common)."""
    k = mv[0]
    R = s.rules
    me = b.me
    if k == K_BUY:
        _, c, t = mv
        f = b.town(t)
        f["cattle"] = c
        return f
    if k == K_HIRE:
        _, c, t = mv
        f = b.town(t)
        f["cowboys"] = c
        return f
    if k == K_MOVEC:
        _, c, src, t = mv
        f = b.town(t)
        f["cowboys"] = c
        f["moves_all"] = int(c == s.cow[src][me])
        f["leaves_exposed"] = b.exposed(src, s.cow[src][me] - c)
        return f
    if k == K_MOVEK:
        _, c, src, t = mv
        f = b.town(t)
        f["cattle"] = c
        f["leaves_train"] = int(s.bld[src][R.TRAIN] >= 0)
        f["leaves_farmer"] = int(s.farm[src] > 0)
        return f
    if k == K_BUILD:
        _, bt, t = mv
        f = b.town(t)
        for i, name in enumerate(BUILDING_FLAG):
            f[name] = int(i == bt)
        counts = [0] * s.n
        for o in s.bld[t]:
            if o >= 0:
                counts[o] += 1
        counts[me] += 1
        f["takes_majority"] = int(all(counts[me] > c for q, c in enumerate(counts) if q != me))
        f["money_left"] = s.money[me] - R.cost[bt]
        return f
    if k == K_FARMER:
        return b.town(mv[1])
    if k == K_FIGHT:
        _, t, kind, owner, arg = mv
        f = b.town(t)
        for tk, name in TARGET_FLAG.items():
            f[name] = int(tk == kind)
        mine = b.fighters(t, me)
        theirs = b.defenders(t, kind, owner, arg)
        f["edge"] = max(0, mine - theirs)
        f["behind"] = max(0, theirs - mine)
        f["cattle_taken"] = arg if kind == T_STEAL else 0
        f["victim_money"] = s.money[owner] if owner >= 0 else 0
        return f
    return {}  # pass


def _groups_rows(s: Any, b: Board, raws: list[tuple], groups_: list[list[int]]) -> list[dict[str, int]]:
    me = b.me
    out = []
    for g in groups_:
        rs = [raws[i] for i in g]
        k = rs[0][0]
        f = {name: int(kk == k) for kk, name in GROUP_FLAG.items()}
        f["most_cattle"] = max(r[1] for r in rs) if k == K_BUY else 0
        f["build_town_most"] = max(b.buildings[r[2]] for r in rs) if k == K_BUILD else 0
        if k == K_FIGHT:
            f["fight_edge_most"] = max(max(0, b.fighters(r[1], me) - b.defenders(r[1], r[2], r[3], r[4])) for r in rs)
        else:
            f["fight_edge_most"] = 0
        out.append(f)
    return out


def _fight_rows(s: Any, b: Board, raws: list[tuple]) -> list[dict[str, int]]:
    f = s.fight
    me = b.me
    st = f.stage
    out = []
    if st == gunfight.S_SHERIFF:
        for r in raws:
            out.append({"joins": int(r[0] == K_SHERIFF and r[1] == 1), "bot_attacks": int(f.att == me),
                        "bot_defends": int(f.dfn == me)})
    elif st in (gunfight.S_ATT, gunfight.S_DEF):
        side = gunfight.ATT if st == gunfight.S_ATT else gunfight.DEF
        mine, theirs = f.total(side), f.total(1 - side)
        for r in raws:
            out.append({"retreats": int(r[0] == K_RETREAT), "edge": max(0, mine - theirs),
                        "behind": max(0, theirs - mine), "bot_attacks": int(side == gunfight.ATT)})
    elif st == gunfight.S_CAS:
        for r in raws:
            out.append({"is_cowboy": int(r[0] == K_CAS and r[1] == C_COWBOY)})
    elif st == gunfight.S_RETREAT:
        for r in raws:
            out.append(b.town(r[1]))
    else:  # poster
        for r in raws:
            out.append({"victim_posters": s.posters[r[1]]})
    return out


def evaluate(state: Any, wanted: set[str], kind: str | None = None, groups: list[list[int]] | None = None,
             subset: list[int] | None = None) -> list[dict[str, int]]:
    """Feature values of every candidate of the decision in hand: every legal action in order, or
    (a decision in two steps) one row per group of `groups`, or the actions at `subset`. Every feature
    of the kind is computed (they are all cheap)."""
    s = state
    me = s.current_player
    raws = s.legal_raw()  # the raw moves behind legal_actions(), in the same order
    b = Board(s, me)
    common = _position(s, b, me)
    if groups is not None:
        rows = _groups_rows(s, b, raws, groups)
    else:
        if subset is not None:
            raws = [raws[i] for i in subset]
        ph = s.phase
        if ph == BID:
            rows = []
            rich = max((s.money[q] for q in s.active if q != me), default=0)
            for r in raws:
                drop = r[0] == K_DROP
                bid = s.bids[me] if drop else r[1]
                rows.append({"drops": int(drop), "bid_total": bid, "raise_by": 0 if drop else bid - s.high,
                             "money_left": s.money[me] - bid, "bidders": len(s.active), "high_bid": s.high,
                             "bot_has_bid": int(s.bids[me] > 0), "rival_can_raise": int(not drop and rich > bid)})
        elif ph == SETUP:
            rows = [b.town(r[1]) for r in raws]
        elif s.fight is not None:
            rows = _fight_rows(s, b, raws)
        elif s.mc_from >= 0:
            rows = []
            for r in raws:
                if r[0] == K_PASS:
                    f = {"passes": 1}
                else:
                    f = _move(s, b, r)
                    f["passes"] = 0
                rows.append(f)
        else:
            rows = [_move(s, b, r) for r in raws]
    for f in rows:
        f.update(common)
    return rows


def tie_order(state: Any, actions: list) -> list[int]:
    """Each candidate's place in the printed order of its decision kind:
    towns in trail order (San Antonio first); bids: dropping out, then the least bid first; moves: the
    town reached, then the town left, then the most cattle or cowboys first; buildings in content
    order (stagecoach, train, bank, store, hotel, jail), then trail order; gunfight targets: trail
    order, then buildings in content order, then cattle (the most first), then the farmer; the sheriff
    joins before it stays, shoot before retreat; casualties cowboy, sheriff, guard, farmer, defence;
    wanted posters in colour order."""
    raws = _raws(state, actions)
    keys = [_tie_key(r) for r in raws]
    ranked = sorted(range(len(raws)), key=lambda i: keys[i])
    place = [0] * len(raws)
    for pos, i in enumerate(ranked):
        place[i] = pos
    return place


def _tie_key(r: tuple) -> tuple:
    k = r[0]
    if k == K_DROP:
        return (0,)
    if k in (K_BUY, K_HIRE):
        return (r[2], -r[1])
    if k in (K_MOVEC, K_MOVEK):
        return (r[3], r[2], -r[1])
    if k == K_BUILD:
        return (r[1], r[2])
    if k == K_FIGHT:
        _, t, kind, owner, arg = r
        group = {T_SEIZE: 0, T_ROB: 0, T_JAIL: 0, T_STEAL: 1, T_FARMER: 2}[kind]
        return (t, group, arg if group == 0 else -arg, owner)
    if k == K_SHERIFF:
        return (-r[1],)
    if k == K_PASS:
        return (-1,)  # stopping a cowboy move comes first
    return tuple(r)  # bids (least first), shoot before retreat, casualties, towns, posters by colour
