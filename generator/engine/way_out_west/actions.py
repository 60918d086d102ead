"""The action phase: two rounds of one action each, in turn order, on limited action boxes.

A box taken is closed for the rest of the round; how many boxes each action has may depend on the
player count (content `action_boxes.*.boxes`; option `box_counts`). A player may always pass.
Every action pays its box's cost (content `cost`, per unit or per action: `cost_per`) and moves or
buys between `units.min` and `units.max` cattle or cowboys (max 0 = any number):

- buy-cattle K TOWN: K of your cattle into a town where you have a cowboy [seed], corral room
  permitting; with `cattle_trail: in_order` a town takes cattle only if every earlier town on the
  trail already holds cattle (anyone's).
- hire K TOWN: K cowboys from your supply into any town.
- move-cowboys K FROM TO: K of your cowboys from one town to another; with `move_cowboys_to: several`
  the same action goes on to more towns ("move-cowboys K FROM TO2", ...; "pass" stops), one step
  per destination, from the same town.
- move-cattle K FROM TO: K of your cattle to the next or previous town on the trail (option
  `move_cattle_to: any`: any other town), corral room permitting, where you have a cowboy (option
  `move_cattle_cowboy`: destination, source, either or none); the trail rule applies to the
  destination as for buying.
- build TYPE TOWN: in any town (option `build_town: cowboy`: a town where you have a cowboy); one
  building of each type per town, at most 2 of yours per town, no more buildings than its spaces.
- farmer TOWN: a farmer from your supply (content `per_player.farmers`) into any town; once placed
  it belongs to nobody.
- fight TOWN ...: a gunfight in a town where you have a cowboy (see gunfight.py).
A stagecoach pays its owner $1 at once for each cowboy placed into (hired) or moved out of its town;
cowboys moved into its town pay only with option `stagecoach_moves_in`.
"""

from __future__ import annotations

from . import bidding, gunfight, income
from .notation import (
    ACT, OVER,
    K_BUILD, K_BUY, K_FARMER, K_FIGHT, K_HIRE, K_MOVEC, K_MOVEK, K_PASS,
)

_PASS = (K_PASS,)
ANY = 10**6


def start_actions(s) -> None:
    s.phase = ACT
    s.step = 0
    s.boxes_used = [0] * s.rules.nboxes
    s.mc_from = -1


def trail_end(s) -> int:
    """The last town (in trail order) that may receive cattle: any town, or under `cattle_trail:
    in_order` a town only if every earlier town already holds cattle (anyone's)."""
    if s.rules.trail_in_order:
        for t, row in enumerate(s.cat):
            if not any(row):
                return t
    return s.rules.ntowns - 1


def price(R, box: int, units: int = 1) -> int:
    """What an action on this box costs: its cost per unit (cattle, cowboy) or per action."""
    return R.box_cost[box] * units if R.box_per_unit[box] else R.box_cost[box]


def _limit(rule: tuple, money: int) -> int:
    """The most units a box allows that `money` pays for (and never more than units.max, 0 = any);
    `rule` is the box's (most units, cost per unit, cost per action). units.min is the fewest."""
    cap, unit_cost, action_cost = rule
    if unit_cost:
        afford = money // unit_cost
        return afford if afford < cap else cap
    return cap if money >= action_cost else 0


def _cowboy_moves(R, f: int, top: int) -> list[tuple]:
    """Moves of 1..top cowboys (units.min..top unless several destinations) from town f to each other town."""
    first = 1 if R.move_cowboys_several else R.units_min[R.B_MOVEC]
    return [(K_MOVEC, k, f, d) for d in range(R.ntowns) if d != f for k in range(first, top + 1)]


def legal(s) -> list[tuple]:
    """The action phase's legal moves, in a fixed order (moves come from the Rules' prebuilt tables)."""
    if s.mc_from >= 0:
        return _legal_more_cowboys(s)
    R = s.rules
    n = s.n
    p = s.order[s.step % n]
    caps = R.box_caps[n]
    used = s.boxes_used
    money = s.money[p]
    cow, cat = s.cow, s.cat
    # the Rules' tables this reads, in one look-up (see setup.Rules)
    B_BUY, B_HIRE, B_MOVEC, B_MOVEK, B_FARMER, B_FIGHT, towns, umin, rule, most, corrals = R.act_tables
    # (loops, not comprehensions: a comprehension is a function call of its own before Python 3.12)
    mine = []  # towns with p's cowboys
    herd = []  # towns with p's cattle
    for t in towns:
        if cow[t][p]:
            mine.append(t)
        if cat[t][p]:
            herd.append(t)
    out = [_PASS]
    end = None  # the trail's last open town, once needed
    # buy cattle
    if used[B_BUY] < caps[B_BUY] and s.catsup[p]:
        lo, top = umin[B_BUY], _limit(rule[B_BUY], money)
        have = s.catsup[p]
        if have < top:
            top = have
        if top >= lo:
            end = trail_end(s)
            for t in mine:
                if t <= end:
                    hi = corrals[t] - sum(cat[t])
                    if top < hi:
                        hi = top
                    if hi >= lo:
                        out += R.mv_buy[t][lo : hi + 1] if hi < most else [(K_BUY, k, t) for k in range(lo, hi + 1)]
    # hire cowboys
    if used[B_HIRE] < caps[B_HIRE]:
        lo, top = umin[B_HIRE], _limit(rule[B_HIRE], money)
        have = s.cowsup[p]
        if have < top:
            top = have
        if top >= lo:
            out += R.hire_all[top] if top < most else [(K_HIRE, k, t) for t in towns for k in range(lo, top + 1)]
    # move cowboys
    if used[B_MOVEC] < caps[B_MOVEC] and mine:
        limit = _limit(rule[B_MOVEC], money)
        lo = umin[B_MOVEC]
        movec = R.movec_all
        for f in mine:
            top = cow[f][p]
            if limit < top:
                top = limit
            if top >= lo:
                out += movec[f][top] if top < most else _cowboy_moves(R, f, top)
    # move cattle
    if herd and used[B_MOVEK] < caps[B_MOVEK]:
        bx = B_MOVEK
        need = R.move_cattle_cowboy
        limit = _limit(rule[bx], money)
        lo = umin[bx]
        for f in herd:
            top = cat[f][p]
            if limit < top:
                top = limit
            if top < lo:
                continue
            row = R.mv_movek[f]
            for d in R.cattle_dests[f]:
                if need == "destination":
                    if not cow[d][p]:
                        continue
                elif need == "source":
                    if not cow[f][p]:
                        continue
                elif need == "either" and not (cow[d][p] or cow[f][p]):
                    continue
                if end is None:
                    end = trail_end(s)
                if d > end:
                    continue
                hi = corrals[d] - sum(cat[d])
                if top < hi:
                    hi = top
                if hi >= lo:
                    out += row[d][lo : hi + 1] if hi < most else [(K_MOVEK, k, f, d) for k in range(lo, hi + 1)]
    # build: a town has room for one more of p's buildings (own < per town, total < its spaces)
    bld = s.bld
    if money >= R.cheapest_build:
        bsup = s.bsup[p]
        where = towns if R.build_anywhere else mine
        room = None
        for b, bx, cost in R.build_boxes:
            if money >= cost and bsup[b] and used[bx] < caps[bx]:
                if room is None:
                    nb, per, spaces = R.nbuild, R.per_player, R.spaces
                    room = []
                    for t in towns:
                        row = bld[t]
                        room.append(row.count(p) < per and nb - row.count(-1) < spaces[t])
                mv = R.mv_build[b]
                for t in where:
                    if room[t] and bld[t][b] < 0:
                        out.append(mv[t])
    # farmer
    if used[B_FARMER] < caps[B_FARMER] and s.farmsup[p] and money >= R.box_cost[B_FARMER]:
        out += R.mv_farmer
    # gunfight
    if mine and used[B_FIGHT] < caps[B_FIGHT] and money >= R.box_cost[B_FIGHT]:
        nb = R.nbuild
        sup = s.catsup[p]
        farm = s.farm
        for t in mine:
            # a quick look first: another player's building, another player's cattle to steal, a farmer
            row = bld[t]
            rivals = row.count(-1) + row.count(p) < nb
            crow = cat[t]
            steal = sup and sum(crow) > crow[p]
            if rivals or steal or farm[t]:
                gunfight.targets(s, p, t, out, rivals, steal)
    return out


def _more_cowboys(s) -> range:
    """How many more cowboys the move under way may send on (to one more town)."""
    R = s.rules
    p = s.order[s.step % s.n]
    f = s.mc_from
    bx = R.B_MOVEC
    have = s.cow[f][p]
    cap = R.units_max[bx]
    if cap:
        have = min(have, cap - s.mc_moved)
    if R.box_per_unit[bx] and R.box_cost[bx]:
        have = min(have, s.money[p] // R.box_cost[bx])
    if len(s.mc_used) >= R.ntowns - 1:
        have = 0
    return range(1, have + 1)


def _legal_more_cowboys(s) -> list[tuple]:
    R = s.rules
    f = s.mc_from
    ks = _more_cowboys(s)
    out = [_PASS] if s.mc_moved >= R.units_min[R.B_MOVEC] or not ks else []
    for d in range(R.ntowns):
        if d != f and d not in s.mc_used:
            out.extend((K_MOVEC, k, f, d) for k in ks)
    return out


def do(s, raw: tuple) -> None:
    R = s.rules
    k = raw[0]
    p = s.order[s.step % s.n]
    if s.mc_from >= 0:
        if k == K_PASS:
            s.mc_from = -1
            advance(s)
        else:
            _move_cowboys(s, p, raw, first=False)
        return
    if k == K_PASS:
        advance(s)
        return
    if k == K_FIGHT:
        bx = R.B_FIGHT
        s.boxes_used[bx] += 1
        s.money[p] -= price(R, bx)
        gunfight.start(s, p, raw)  # advances when the fight ends
        return
    if k == K_MOVEC:
        s.boxes_used[R.B_MOVEC] += 1
        _move_cowboys(s, p, raw, first=True)
        return
    if k == K_BUY:
        _, c, t = raw
        s.boxes_used[R.B_BUY] += 1
        s.money[p] -= price(R, R.B_BUY, c)
        s.catsup[p] -= c
        s.cat[t][p] += c
    elif k == K_HIRE:
        _, c, t = raw
        s.boxes_used[R.B_HIRE] += 1
        s.money[p] -= price(R, R.B_HIRE, c)
        s.cowsup[p] -= c
        s.cow[t][p] += c
        s.coach_pay(t, p, c)
    elif k == K_MOVEK:
        _, c, f, t = raw
        s.boxes_used[R.B_MOVEK] += 1
        s.money[p] -= price(R, R.B_MOVEK, c)
        s.cat[f][p] -= c
        s.cat[t][p] += c
    elif k == K_BUILD:
        _, b, t = raw
        bx = R.build_box[b]
        s.boxes_used[bx] += 1
        s.money[p] -= price(R, bx)
        s.bsup[p][b] -= 1
        s.bld[t][b] = p
    elif k == K_FARMER:
        s.boxes_used[R.B_FARMER] += 1
        s.money[p] -= price(R, R.B_FARMER)
        s.farmsup[p] -= 1
        s.farm[raw[1]] += 1
    else:
        raise ValueError(f"not an action-phase move: {raw!r}")
    advance(s)


def _move_cowboys(s, p: int, raw: tuple, first: bool) -> None:
    """One step of a cowboy move; with several destinations the action stays open for more steps."""
    R = s.rules
    _, c, f, t = raw
    bx = R.B_MOVEC
    cost = price(R, bx, c) if R.box_per_unit[bx] else (price(R, bx) if first else 0)
    s.money[p] -= cost
    s.cow[f][p] -= c
    s.cow[t][p] += c
    s.coach_pay(f, p, c)
    s.coach_pay_in(t, p, c)
    if not R.move_cowboys_several:
        advance(s)
        return
    if first:
        s.mc_from, s.mc_moved, s.mc_used = f, 0, []
    s.mc_moved += c
    s.mc_used.append(t)
    if not _more_cowboys(s):
        s.mc_from = -1
        advance(s)


def advance(s) -> None:
    """The next action marker; after the last one, income (rounds 3, 6, 9, 12) and the next round."""
    s.step += 1
    if s.step < s.n * s.rules.action_markers:
        return
    end_round(s)


def end_round(s) -> None:
    R = s.rules
    if s.round in R.income_rounds:
        income.pay(s)
    if s.round >= R.rounds_for[s.n]:
        s.phase = OVER
        if s.narrate:
            s.log.append("Game over after round %d" % s.round)
            for p, vp in sorted(R.head_start.items()):
                if vp:
                    s.log.append(f"{s.colour(p)} adds its head start of {vp} VP to its score.")
        return
    s.round += 1
    bidding.start(s)
