"""A light playing policy for Way Out West: a quick value for every legal move, from counts on the board.

It guides the search (`generator/bots/mcts.py`, the `mcts-guided` bot): it orders each node's moves for
progressive widening and plays the moves of the short rollouts that end in an evaluation
(`evaluation.rewards`). It never copies the position: each move's value is worked out from what the
move changes, in VP for the mover (the units of `evaluation.projected`):

- buy cattle: VP and income per cattle in that town, less the price;
- hire, move cowboys: a guard for the mover's cattle and buildings where a rival's cowboys could
  attack, a first cowboy where cattle may be bought, a rival's hotel paid or left;
- move cattle: the difference in VP and income between the two towns;
- build: the building's VP (its town's buildings), one more VP for each of the mover's buildings there,
  the change in the town majority, what it earns (bank, store, hotel, train, stagecoach), less its
  price; a little less where a rival's cowboys outnumber the mover's;
- farmer: what it costs rivals' cattle there less what it costs the mover's own;
- gunfight: the chance to win when both sides shoot to the end (`evaluation.attack_wins`) x what the
  win takes (with the wanted poster), less what a loss costs;
- bidding: raise by the least while the bid stays within the mover's bid cap (`evaluation.bid_cap`);
- in a gunfight: the sheriff rides with its owner or stands with its owner's defence, a side shoots
  while it has at least as many fighters as the other, casualties are the free fighters first, a
  poster is taken from the player with the most.

All of it reads the position as everyone sees it (nothing is hidden in Way Out West but future dice).
"""

from __future__ import annotations

from . import gunfight
from .actions import trail_end
from .evaluation import WEIGHTS, Weights, attack_wins, bid_cap, incomes_left, money_value
from .notation import (
    ACT, BID, C_COWBOY, K_BUILD, K_BUY, K_CAS, K_DROP, K_FARMER, K_FIGHT, K_HIRE, K_MOVEC, K_MOVEK, K_PASS,
    K_POSTER, K_RETREAT, K_RTO, K_SHERIFF, K_SHOOT, SETUP, T_FARMER, T_JAIL, T_ROB, T_SEIZE, T_STEAL,
)
from .evaluation import rewards

GUARD = 0.8  # VP a cowboy is worth where it keeps the mover's assets from being outgunned
FIRST_COWBOY = 0.5  # VP of a first cowboy in a town where the mover may buy cattle
POSTER = 1.0  # VP of a wanted poster
ROB_DICE = 3.5  # a die's mean


class Context:
    """What the values of one mover's moves read, counted once per decision."""

    __slots__ = ("s", "p", "n", "R", "m_now", "m_inc", "nb", "own", "vpc", "incc", "mine", "threat", "assets",
                 "room", "end", "w")

    def __init__(self, s, p: int, w: Weights = WEIGHTS):
        R = s.rules
        self.s, self.p, self.n, self.R, self.w = s, p, s.n, R, w
        last = R.rounds_for[s.n]
        self.m_now = money_value(w, last - s.round + 1)
        self.m_inc = sum(money_value(w, last - r) for r in incomes_left(s))
        n = s.n
        self.nb, self.own, self.vpc, self.incc = [], [], [], []
        self.mine, self.threat, self.assets, self.room = [], [], [], []
        for t in R.towns:
            row = s.bld[t]
            nb = own = seizable = 0
            for b, o in enumerate(row):
                if o >= 0:
                    nb += 1
                    if o == p:
                        own += 1
                        if R.attack[b] != "remove":
                            seizable += 1
            train = row[R.TRAIN] >= 0
            vpc = R.vp_cattle_train if train else R.vp_cattle
            incc = R.inc_cattle_farmer if s.farm[t] else R.inc_cattle
            if s.farm[t]:
                vpc = max(0, vpc - R.farmer_penalty)
            if train:
                incc *= R.train_mult
            cow = s.cow[t]
            self.nb.append(nb)
            self.own.append(own)
            self.vpc.append(vpc)
            self.incc.append(incc)
            self.mine.append(cow[p])
            self.threat.append(max((cow[q] for q in range(n) if q != p), default=0))
            self.assets.append(s.cat[t][p] + seizable)
            self.room.append(R.corrals[t] - sum(s.cat[t]))
        self.end = None

    # --- pieces of value ---------------------------------------------------------------------------
    def cattle_value(self, t: int) -> float:
        return self.vpc[t] + self.incc[t] * self.m_inc

    def guard(self, t: int, k: int) -> float:
        """Value of `k` more of the mover's cowboys in town t (negative k: taken away)."""
        if not self.assets[t]:
            return 0.0
        need = self.threat[t] + 1
        before = min(self.mine[t], need)
        after = min(max(0, self.mine[t] + k), need)
        return GUARD * (after - before) * min(self.assets[t], 3) / 2

    def first_cowboy(self, t: int) -> float:
        if self.mine[t] or not self.s.catsup[self.p] or self.room[t] <= 0 or self.m_inc <= 0:
            return 0.0
        if self.end is None:
            self.end = trail_end(self.s)
        return FIRST_COWBOY if t <= self.end else 0.0

    def hotel_fee(self, t: int) -> float:
        """What one of the mover's cowboys in town t pays a rival's hotel, in VP."""
        o = self.s.bld[t][self.R.HOTEL]
        return self.R.hotel_per * self.m_inc if o >= 0 and o != self.p else 0.0

    def majority(self, t: int, extra: int) -> float:
        """The mover's share of town t's majority with `extra` more buildings of theirs."""
        s, p, R = self.s, self.p, self.R
        counts = [0] * self.n
        for o in s.bld[t]:
            if o >= 0:
                counts[o] += 1
        counts[p] += extra
        if R.majority_with_cattle:
            counts = [c + s.cat[t][q] for q, c in enumerate(counts)]
        mine = counts[p]
        best = max(c for q, c in enumerate(counts) if q != p)
        nb = self.nb[t] + extra
        if mine > best:
            return nb
        if mine == best and mine > 0:
            return nb if R.majority_ties_score else nb * self.w.tie_share
        return 0.0

    # --- moves ---------------------------------------------------------------------------------------
    def value(self, mv: tuple) -> float:
        k = mv[0]
        R = self.R
        if k == K_BUY:
            _, c, t = mv
            return c * (self.cattle_value(t) - R.box_cost[R.B_BUY] * self.m_now)
        if k == K_BUILD:
            return self.build(mv[1], mv[2])
        if k == K_HIRE:
            _, c, t = mv
            return (c * (self.w.cowboy - R.box_cost[R.B_HIRE] * self.m_now - self.hotel_fee(t)) + self.guard(t, c)
                    + self.first_cowboy(t))
        if k == K_MOVEC:
            _, c, f, d = mv
            return (self.guard(d, c) + self.guard(f, -c) + self.first_cowboy(d)
                    + c * (self.hotel_fee(f) - self.hotel_fee(d)) - 0.05)
        if k == K_MOVEK:
            _, c, f, d = mv
            return c * (self.cattle_value(d) - self.cattle_value(f))
        if k == K_FIGHT:
            return self.fight(mv)
        if k == K_FARMER:
            return self.farmer(mv[1])
        return 0.0  # pass

    def build(self, b: int, t: int) -> float:
        R, s, p = self.R, self.s, self.p
        nb, own = self.nb[t], self.own[t]
        gain = nb + 1 + own + self.majority(t, 1) - self.majority(t, 0)
        m = self.m_inc
        if b == R.BANK:
            gain += R.bank_per * (nb + (1 if R.bank_itself else 0)) * m
        elif b == R.STORE:
            cat = s.cat[t]
            gain += (R.store_cattle * (sum(cat) - cat[p]) + R.store_farmer * s.farm[t]) * m
        elif b == R.HOTEL:
            cow = s.cow[t]
            gain += R.hotel_per * (sum(cow) - cow[p]) * m
        elif b == R.TRAIN:
            mine = s.cat[t][p]
            gain += mine * (self.incc[t] * (R.train_mult - 1) * m + R.vp_cattle_train - R.vp_cattle)
        elif b == R.COACH:
            gain += R.coach_per_cowboy * m
        bank = s.bld[t][R.BANK]
        if bank == p and b != R.BANK:
            gain += R.bank_per * m
        if self.threat[t] > self.mine[t] and R.attack[b] != "remove":
            gain *= 0.7
        return gain - R.cost[b] * self.m_now

    def farmer(self, t: int) -> float:
        R, s, p = self.R, self.s, self.p
        if s.farm[t]:
            return -0.1  # farmers do not stack
        per = R.farmer_penalty + (R.inc_cattle - R.inc_cattle_farmer) * (R.train_mult if s.bld[t][R.TRAIN] >= 0 else 1) * self.m_inc
        cat = s.cat[t]
        others = (sum(cat) - cat[p]) / max(1, self.n - 1)
        store = s.bld[t][R.STORE]
        extra = R.store_farmer * self.m_inc if store == p else 0.0
        return per * (others - cat[p]) + extra - R.box_cost[R.B_FARMER] * self.m_now

    def fight(self, mv: tuple) -> float:
        _, t, kind, owner, arg = mv
        R, s, p = self.R, self.s, self.p
        jail = s.bld[t][R.JAIL]
        a = s.cow[t][p] + (R.sheriff_fighters if jail == p else 0)
        if kind == T_FARMER:
            d = R.farmer_fighters
        else:
            d = s.cow[t][owner] + (R.defenders[arg] if kind in (T_SEIZE, T_ROB, T_JAIL) else 0)
            if jail == owner:
                d += R.sheriff_fighters
        if d == 0:
            if R.undefended == "one_die":
                d = R.undefended_fighters
        win = attack_wins(a, d, len(R.hit_on) / 6.0) if d else 1.0
        nb = self.nb[t]
        if kind == T_SEIZE:
            gain = 1.5 * nb + 1.0 if self.own[t] < R.per_player and s.bsup[p][arg] else 0.0
        elif kind == T_STEAL:
            gain = 1.5 * arg * self.cattle_value(t)
        elif kind == T_ROB:
            gain = 1.5 * min(R.rob_dice * ROB_DICE, s.money[owner]) * self.m_now
        elif kind == T_JAIL:
            gain = 0.5 * nb
        else:
            cat = s.cat[t]
            per = R.farmer_penalty + (R.inc_cattle - R.inc_cattle_farmer) * self.m_inc
            gain = per * (cat[p] - (sum(cat) - cat[p]) / max(1, self.n - 1)) if s.farm[t] == 1 else 0.0
        loss = 0.5 * min(a, d) * (self.w.cowboy + R.box_cost[R.B_HIRE] * self.m_now)
        return win * (gain + POSTER) - (1 - win) * loss - R.box_cost[R.B_FIGHT] * self.m_now


def act_values(s, moves: list) -> list[float]:
    """The policy's value of each action-phase move for the player to act."""
    ctx = Context(s, s.current_player)
    return [ctx.value(mv) for mv in moves]


# --- the other decisions ------------------------------------------------------------------------------


def _bid_value(s, mv: tuple, cap: int) -> float:
    if mv[0] == K_DROP:
        return 0.0
    over = mv[1] - cap
    return 0.5 - 0.01 * mv[1] if over <= 0 else -over


def _place_value(s, t: int) -> float:
    p = s.current_player
    mine = s.cow[t][p]
    return (1.0 if t == 0 else 0.6 if t == 1 else 0.2) - 0.4 * mine


def _fight_value(s, mv: tuple) -> float:
    f = s.fight
    k = mv[0]
    me = f.decider
    if k == K_SHERIFF:
        want = me == f.att or me == f.dfn
        return 1.0 if bool(mv[1]) == want else 0.0
    if k == K_SHOOT or k == K_RETREAT:
        side = gunfight.ATT if f.stage == gunfight.S_ATT else gunfight.DEF
        mine, theirs = f.total(side), f.total(1 - side)
        stand = mine >= theirs
        return 1.0 if (k == K_SHOOT) == stand else 0.0
    if k == K_CAS:
        return 0.0 if mv[1] == C_COWBOY else 1.0  # free fighters fall first
    if k == K_RTO:
        u = mv[1]
        return -max((s.cow[u][q] for q in range(s.n) if q != me), default=0)
    if k == K_POSTER:
        return s.posters[mv[1]]
    return 0.0


def values(s, moves: list) -> list[float]:
    """The policy's value of each of `moves` (the legal moves of `s`) for the player to move."""
    ph = s.phase
    if ph == ACT:
        if s.fight is not None:
            return [_fight_value(s, mv) for mv in moves]
        if s.mc_from >= 0:  # more steps of a cowboy move (option move_cowboys_to: several)
            return [0.0 if mv[0] == K_PASS else -0.1 for mv in moves]
        return act_values(s, moves)
    if ph == BID:
        cap = bid_cap(s, s.current_player)
        return [_bid_value(s, mv, cap) for mv in moves]
    if ph == SETUP:
        return [_place_value(s, mv[1]) for mv in moves]
    return [0.0] * len(moves)


def ordered(s, moves: list) -> list:
    """`moves` best first by the policy's values (ties keep the legal order)."""
    vals = values(s, moves)
    idx = sorted(range(len(moves)), key=lambda i: -vals[i])
    return [moves[i] for i in idx]


def choose(s, rng, noise: float = 0.3) -> tuple:
    """One move for the player to move: the best by value plus uniform noise of `noise` VP."""
    moves = s.legal_raw()
    if len(moves) == 1:
        return moves[0]
    vals = values(s, moves)
    rand = rng.random
    best, best_v = moves[0], float("-inf")
    for mv, v in zip(moves, vals):
        v += noise * rand()
        if v > best_v:
            best, best_v = mv, v
    return best


def rollout(s, rng, moves: int, noise: float = 0.3) -> None:
    """Play the policy for up to `moves` moves, stopping at the end of the game or of the round."""
    s.narrate = False
    start = s.round
    for _ in range(moves):
        if s.is_over or s.round != start:
            return
        s.do(choose(s, rng, noise))


class SearchGuide:
    """What the guided search asks of Way Out West (`WayOutWestState.search_guide`): the order in which
    a node's moves are tried (the policy's values, best first) and the value of a leaf (the policy
    played to the end of the round, at most `horizon` moves, then `evaluation.rewards`)."""

    def __init__(self, horizon: int = 60, noise: float = 0.3, w: Weights = WEIGHTS):
        self.horizon = horizon
        self.noise = noise
        self.w = w

    def order(self, s, keys: list) -> list:
        return ordered(s, keys)

    def leaf(self, s, rng) -> list[float]:
        if not s.is_over:
            rollout(s, rng, self.horizon, self.noise)
        return rewards(s, self.w)


GUIDE = SearchGuide()
