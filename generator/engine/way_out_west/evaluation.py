"""How well each player stands in a Way Out West position: projected final VP, and the rewards a search
backs up from a position it does not play to the end.

Everything here reads the position as every seat sees it: Way Out West hides nothing but the future
dice (`observation(p)` is the whole position), so a bot's own observation is the state itself.

`projected(s)` is each player's final VP as it looks now, in VP:
- board: what final scoring would give now (buildings x buildings in their town, cattle with trains and
  farmers, town majorities, most wanted posters, a seat's head start); a tied town majority counts
  `tie_share` of the town for each tied player (whoever breaks the tie takes it);
- money: dollars in hand (less a bid under way, which every bidder pays, winner or not) x what a dollar
  is worth now: `money_cap` VP while at least `money_ramp` rounds are left to spend it, less as the
  rounds run out, nothing after the last round;
- income: what each player would be paid by an income phase now (cattle, banks, stores, hotels), for
  every income phase left, each dollar valued at the rounds left after that phase;
- most money: the bonus to the leader in money expected at the end (money + the income still to
  come), weighted up as the last `bonus_horizon` rounds come;
- cowboys: `cowboy` VP for each cowboy on the board (they guard, fill hotels, let you buy cattle);
- a gunfight under way counts as its two endings weighted by the chance that the attack wins if both
  sides shoot to the end (`attack_wins`).
A finished game is its final scores (with money as the tie-break).

`rewards(s)` turns the projection into each seat's chance of winning: a softmax over projected VP whose
temperature (`temp_end` + `temp_round` VP per round left) says how much can still change.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from . import gunfight, income
from .notation import OVER, BID
from .scoring import scores

__all__ = [
    "Weights", "WEIGHTS", "projected", "rewards", "heuristic", "bid_cap", "attack_wins", "money_value", "rounds_left",
    "incomes_left",
]


@dataclass(frozen=True)
class Weights:
    money_cap: float = 0.6  # VP per dollar with enough rounds left to spend it
    money_ramp: float = 4.0  # rounds left from which a dollar is worth money_cap
    tie_share: float = 0.5  # share of a town's majority counted for each player tied for it
    bonus_horizon: float = 4.0  # rounds before the end from which the most-money bonus starts to count
    cowboy: float = 0.2  # VP per cowboy on the board
    temp_end: float = 1.0  # softmax temperature (VP) at the end of the game
    temp_round: float = 0.6  # and added per round left
    first_base: int = 2  # dollars going first is worth (bid_cap)
    first_income: int = 2  # and more in a round that ends with income
    first_share: int = 3  # never bid more than a third of your money (1 / first_share)


WEIGHTS = Weights()


def rounds_left(s) -> int:
    """Rounds whose action phase is still to come, this one included (0 when the game is over)."""
    if s.phase == OVER:
        return 0
    return s.rules.rounds_for[s.n] - s.round + 1


def incomes_left(s) -> list[int]:
    """The income rounds not paid yet (this round's included)."""
    if s.phase == OVER:
        return []
    last = s.rules.rounds_for[s.n]
    return [r for r in sorted(s.rules.income_rounds) if s.round <= r <= last]


def money_value(w: Weights, left: float) -> float:
    """VP per dollar that can still be spent in `left` rounds."""
    if left <= 0:
        return 0.0
    return w.money_cap * min(1.0, left / w.money_ramp)


# --- the board as final scoring sees it -----------------------------------------------------------


def board_vp(s, w: Weights = WEIGHTS) -> list[float]:
    """Buildings, cattle, town majorities (ties shared by `tie_share`), the most-wanted bonus and the
    head starts (option head_start), now."""
    R = s.rules
    n = s.n
    vp = [0.0] * n
    for p, v in R.head_start.items():
        vp[p] += v
    farm = s.farm
    train = R.TRAIN
    for t in range(R.ntowns):
        row = s.bld[t]
        cat = s.cat[t]
        counts = [0] * n
        nb = 0
        for o in row:
            if o >= 0:
                nb += 1
                counts[o] += 1
        per = R.vp_cattle_train if row[train] >= 0 else R.vp_cattle
        if farm[t]:
            per = max(0, per - R.farmer_penalty)
        for p in range(n):
            if counts[p]:
                vp[p] += counts[p] * nb * R.vp_building
            if per and cat[p]:
                vp[p] += cat[p] * per
        if R.majority_with_cattle:
            counts = [counts[p] + cat[p] for p in range(n)]
        best = max(counts)
        if best > 0 and nb:
            leaders = [p for p in range(n) if counts[p] == best]
            share = 1.0 if len(leaders) == 1 or R.majority_ties_score else w.tie_share
            for p in leaders:
                vp[p] += nb * share
    _bonus(vp, s.posters, R.most_wanted_bonus, R.bonus_ties_score, 1.0)
    return vp


def _bonus(vp: list[float], values: list, bonus: float, ties: bool, weight: float) -> None:
    """`bonus` x `weight` to the player(s) with the most of `values` (nobody for none)."""
    if not bonus or weight <= 0:
        return
    best = max(values)
    if best <= 0:
        return
    leaders = [p for p, v in enumerate(values) if v == best]
    if len(leaders) == 1 or ties:
        for p in leaders:
            vp[p] += bonus * weight


# --- projection -----------------------------------------------------------------------------------


def money_in_hand(s) -> list[int]:
    """Each player's money less the bid they have under way (every bidder pays their bid)."""
    money = s.money[:]
    if s.phase == BID:
        for p in s.active:
            money[p] -= s.bids[p]
    return money


def projected(s, w: Weights = WEIGHTS) -> list[float]:
    """Each player's projected final VP (see the module's docstring)."""
    if s.phase == OVER:
        return [v + 0.01 * m for v, m in zip(scores(s), s.money)]
    f = s.fight
    if f is not None and f.stage != gunfight.S_POSTER:
        return _in_fight(s, w)
    return _plain(s, w)


def _plain(s, w: Weights) -> list[float]:
    R = s.rules
    n = s.n
    vp = board_vp(s, w)
    last = R.rounds_for[n]
    left = last - s.round + 1
    money = money_in_hand(s)
    inc = income.amounts(s)
    pending = incomes_left(s)
    m_now = money_value(w, left)
    m_inc = sum(money_value(w, last - r) for r in pending)
    final_money = [money[p] + inc[p] * len(pending) for p in range(n)]
    for p in range(n):
        cowboys = sum(row[p] for row in s.cow)
        vp[p] += money[p] * m_now + inc[p] * m_inc + w.cowboy * cowboys
    weight = 1.0 - left / w.bonus_horizon if left < w.bonus_horizon else 0.0
    _bonus(vp, final_money, R.most_money_bonus, R.bonus_ties_score, weight)
    return vp


def _in_fight(s, w: Weights) -> list[float]:
    """A gunfight under way: its two endings, weighted by the attack's chance to win."""
    f = s.fight
    if f.stage == gunfight.S_RETREAT:  # a side is retreating: it has lost
        p = 1.0 if f.rside == gunfight.DEF else 0.0
    else:
        a = f.a_cow + f.a_sher
        d = f.total(gunfight.DEF)
        if d == 0 and s.rules.undefended == "one_die":
            d = s.rules.undefended_fighters
        p = attack_wins(a, d, len(s.rules.hit_on) / 6.0)
    out = [0.0] * s.n
    for winner, weight in ((f.att, p), (f.dfn, 1.0 - p)):
        if weight <= 0:
            continue
        c = s.clone()
        c.narrate = False
        gunfight.finish_fight(c, winner)
        v = projected(c, w) if c.fight is None or c.fight.stage == gunfight.S_POSTER else _plain(c, w)
        for i in range(s.n):
            out[i] += weight * v[i]
    return out


# --- gunfight odds -----------------------------------------------------------------------------------

_ODDS: dict[tuple[int, int, float], float] = {}
_MAX_FIGHTERS = 15


def _binom(k: int, hit: float) -> list[float]:
    """P(h hits) for h = 0..k dice."""
    return [math.comb(k, h) * hit**h * (1 - hit) ** (k - h) for h in range(k + 1)]


def attack_wins(a: int, d: int, hit: float = 1 / 3) -> float:
    """The chance that `a` attacking fighters beat `d` defenders when both sides shoot to the end: the
    smaller side shoots first (its hits land before the other answers), equal sides at once, and
    when both fall in the same volley the defence holds."""
    if a <= 0:
        return 0.0
    if d <= 0:
        return 1.0
    a, d = min(a, _MAX_FIGHTERS), min(d, _MAX_FIGHTERS)
    key = (a, d, hit)
    got = _ODDS.get(key)
    if got is not None:
        return got
    stay = 0.0  # chance the exchange changes nothing (no hit either way)
    win = 0.0
    if a == d:
        ha, hd = _binom(a, hit), _binom(d, hit)
        for x, px in enumerate(ha):  # x: defenders hit
            for y, py in enumerate(hd):  # y: attackers hit
                pr = px * py
                if x == 0 and y == 0:
                    stay += pr
                elif a - y <= 0:
                    continue
                elif d - x <= 0:
                    win += pr
                else:
                    win += pr * attack_wins(a - y, d - x, hit)
    elif a < d:
        for x, px in enumerate(_binom(a, hit)):
            d2 = d - x
            if d2 <= 0:
                win += px
                continue
            for y, py in enumerate(_binom(d2, hit)):
                pr = px * py
                if x == 0 and y == 0:
                    stay += pr
                elif a - y > 0:
                    win += pr * attack_wins(a - y, d2, hit)
    else:
        for y, py in enumerate(_binom(d, hit)):
            a2 = a - y
            if a2 <= 0:
                continue
            for x, px in enumerate(_binom(a2, hit)):
                pr = px * py
                if x == 0 and y == 0:
                    stay += pr
                elif d - x <= 0:
                    win += pr
                else:
                    win += pr * attack_wins(a2, d - x, hit)
    value = win / (1.0 - stay)
    _ODDS[key] = value
    return value


# --- rewards -----------------------------------------------------------------------------------------


def rewards(s, w: Weights = WEIGHTS) -> list[float]:
    """Each seat's estimated chance to win: the outcome's rewards when the game is over, else a
    softmax over projected VP at temperature temp_end + temp_round x rounds left."""
    if s.phase == OVER:
        out = s.result()
        return [out.reward(p) for p in range(s.n)]
    v = projected(s, w)
    temp = w.temp_end + w.temp_round * rounds_left(s)
    top = max(v)
    e = [math.exp((x - top) / temp) for x in v]
    total = sum(e)
    return [x / total for x in e]


# --- what the greedy bot maximises -------------------------------------------------------------------


def bid_cap(s, p: int, w: Weights = WEIGHTS) -> int:
    """The most a player bids for going first this round: `first_base` dollars, `first_income` more in
    a round that ends with income, never more than a `first_share`-th of their money."""
    cap = w.first_base + (w.first_income if s.round in s.rules.income_rounds else 0)
    return min(cap, s.money[p] // w.first_share)


def heuristic(s, player: int, w: Weights = WEIGHTS) -> float:
    """A quick estimate in [0, 1] of how well `player` stands: projected VP against the best other
    player's. While bidding, the player holding the high bid counts going first as worth its bid cap
    (plus half a dollar) and loses heavily for every dollar bid beyond it, so a one-ply bot raises by
    the least it may up to its cap, then drops."""
    v = projected(s, w)
    if s.phase == BID and player in s.active and s.high > 0 and s.bids[player] == s.high:
        cap = bid_cap(s, player, w)
        m = money_value(w, rounds_left(s))
        v[player] += (cap + 0.5) * m - 10.0 * max(0, s.bids[player] - cap)
    best_other = max(x for q, x in enumerate(v) if q != player)
    return 0.5 + 0.5 * math.tanh((v[player] - best_other) / 10.0)
