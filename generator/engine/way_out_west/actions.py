"""The action phase: two rounds of one action each, in turn order, on limited action boxes.

A box taken is closed for the rest of the round; buy cattle, hire cowboys and gunfight have fewer
boxes with 5 players (option `five_player_boxes`). A player may always pass. Costs and limits:

- buy-cattle K TOWN: $1 each, 1-2 of your cattle into a town where you have a cowboy, corral room
  permitting; with `cattle_trail: in_order` a town takes cattle only if every earlier town on the
  trail already holds cattle (anyone's).
- hire K TOWN: $1 each, 1-2 cowboys from your supply into any town.
- move-cowboys K FROM TO: any number of your cowboys from one town to one other town.
- move-cattle K FROM TO: 1-2 of your cattle to the next or previous town on the trail, corral room
  permitting, where you have a cowboy (option `move_cattle_cowboy`: destination, source or either);
  the trail rule applies to the destination as for buying.
- build TYPE TOWN: pay the cost, in a town where you have a cowboy; one building of each type per
  town, at most 2 of yours per town, no more buildings than the town's spaces.
- farmer TOWN: your farmer into any town, once per game.
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


def start_actions(s) -> None:
    s.phase = ACT
    s.step = 0
    s.boxes_used = [0] * s.rules.nboxes


def trail_open(s) -> list[bool]:
    """For each town: may it receive cattle under the trail rule?"""
    R = s.rules
    if not R.trail_in_order:
        return [True] * R.ntowns
    out = []
    ok = True
    for t in range(R.ntowns):
        out.append(ok)
        if ok and not any(s.cat[t]):
            ok = False
    return out


def legal(s) -> list[tuple]:
    R = s.rules
    n = s.n
    p = s.order[s.step % n]
    caps = R.box_caps[n]
    used = s.boxes_used
    money = s.money[p]
    cow, cat = s.cow, s.cat
    T = R.ntowns
    mine = [t for t in range(T) if cow[t][p]]
    out = [_PASS]
    open_ = None
    # buy cattle
    if used[R.B_BUY] < caps[R.B_BUY] and s.catsup[p] and money >= R.buy_cost:
        open_ = trail_open(s)
        top = min(R.buy_max, s.catsup[p], money // R.buy_cost if R.buy_cost else 99)
        for t in mine:
            if open_[t]:
                room = R.corrals[t] - sum(cat[t])
                for k in range(1, min(top, room) + 1):
                    out.append((K_BUY, k, t))
    # hire cowboys
    if used[R.B_HIRE] < caps[R.B_HIRE] and s.cowsup[p] and money >= R.hire_cost:
        top = min(R.hire_max, s.cowsup[p], money // R.hire_cost if R.hire_cost else 99)
        for t in range(T):
            for k in range(1, top + 1):
                out.append((K_HIRE, k, t))
    # move cowboys
    if used[R.B_MOVEC] < caps[R.B_MOVEC]:
        cap = R.move_cowboys_max
        for f in mine:
            top = cow[f][p] if not cap else min(cap, cow[f][p])
            for d in range(T):
                if d != f:
                    for k in range(1, top + 1):
                        out.append((K_MOVEC, k, f, d))
    # move cattle
    if used[R.B_MOVEK] < caps[R.B_MOVEK]:
        need = R.move_cattle_cowboy
        for f in range(T):
            have = cat[f][p]
            if not have:
                continue
            for d in (f - 1, f + 1):
                if d < 0 or d >= T:
                    continue
                if need == "destination":
                    if not cow[d][p]:
                        continue
                elif need == "source":
                    if not cow[f][p]:
                        continue
                elif not (cow[d][p] or cow[f][p]):
                    continue
                if open_ is None:
                    open_ = trail_open(s)
                if not open_[d]:
                    continue
                room = R.corrals[d] - sum(cat[d])
                for k in range(1, min(R.move_cattle_max, have, room) + 1):
                    out.append((K_MOVEK, k, f, d))
    # build
    if mine:
        bsup = s.bsup[p]
        for b in range(R.nbuild):
            bx = R.build_box[b]
            if used[bx] >= caps[bx] or not bsup[b] or money < R.cost[b]:
                continue
            for t in mine:
                row = s.bld[t]
                if row[b] >= 0:
                    continue
                total = own = 0
                for o in row:
                    if o >= 0:
                        total += 1
                        if o == p:
                            own += 1
                if own < R.per_player and total < R.spaces[t]:
                    out.append((K_BUILD, b, t))
    # farmer
    if used[R.B_FARMER] < caps[R.B_FARMER] and s.farmer[p] == -1:
        for t in range(T):
            out.append((K_FARMER, t))
    # gunfight
    if used[R.B_FIGHT] < caps[R.B_FIGHT]:
        for t in mine:
            gunfight.targets(s, p, t, out)
    return out


def do(s, raw: tuple) -> None:
    R = s.rules
    k = raw[0]
    p = s.order[s.step % s.n]
    if k == K_PASS:
        advance(s)
        return
    if k == K_FIGHT:
        s.boxes_used[R.B_FIGHT] += 1
        gunfight.start(s, p, raw)  # advances when the fight ends
        return
    if k == K_BUY:
        _, c, t = raw
        s.boxes_used[R.B_BUY] += 1
        s.money[p] -= c * R.buy_cost
        s.catsup[p] -= c
        s.cat[t][p] += c
    elif k == K_HIRE:
        _, c, t = raw
        s.boxes_used[R.B_HIRE] += 1
        s.money[p] -= c * R.hire_cost
        s.cowsup[p] -= c
        s.cow[t][p] += c
        s.coach_pay(t, p, c)
    elif k == K_MOVEC:
        _, c, f, t = raw
        s.boxes_used[R.B_MOVEC] += 1
        s.cow[f][p] -= c
        s.cow[t][p] += c
        s.coach_pay(f, p, c)
        s.coach_pay_in(t, p, c)
    elif k == K_MOVEK:
        _, c, f, t = raw
        s.boxes_used[R.B_MOVEK] += 1
        s.cat[f][p] -= c
        s.cat[t][p] += c
    elif k == K_BUILD:
        _, b, t = raw
        s.boxes_used[R.build_box[b]] += 1
        s.money[p] -= R.cost[b]
        s.bsup[p][b] -= 1
        s.bld[t][b] = p
    elif k == K_FARMER:
        s.boxes_used[R.B_FARMER] += 1
        s.farmer[p] = raw[1]
    else:
        raise ValueError(f"not an action-phase move: {raw!r}")
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
    if s.round >= R.rounds:
        s.phase = OVER
        s.log.append("Game over after round %d" % s.round)
        return
    s.round += 1
    bidding.start(s)
