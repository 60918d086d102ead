"""Bidding for turn order, every round [seed].

In current turn order each player still bidding either raises (their total bid must beat the high
bid by at least the `bid_increment` option, and they must be able to pay it) or drops out. A player
who drops pays everything they bid to the bank and takes the free turn-order space farthest from
first. When one player is left they pay their bid and go first. A player may drop at $0; a player
with no money can only drop. If everyone else drops, the last player wins at their current bid
(possibly $0) without being asked.
"""

from __future__ import annotations

from . import actions
from .notation import BID, K_BID, K_DROP

_DROP = (K_DROP,)


def start(s) -> None:
    s.phase = BID
    s.active = s.order[:]
    n = s.n
    s.bids = [0] * n
    s.bid_idx = 0
    s.high = 0
    s.new_order = [-1] * n
    s.next_slot = n - 1


def legal(s) -> list[tuple]:
    p = s.active[s.bid_idx]
    lo = s.high + s.rules.bid_increment
    hi = s.money[p]
    out = [_DROP]
    if hi >= lo:
        out.extend((K_BID, a) for a in range(lo, hi + 1))
    return out


def do(s, raw: tuple) -> None:
    if raw[0] == K_BID:
        bid(s, raw[1])
    else:
        drop(s)


def random_move(s, rand) -> None:
    """A bid or a drop chosen as `legal(s)[int(rand() * len(legal(s)))]` would be, without the list."""
    p = s.active[s.bid_idx]
    lo = s.high + s.rules.bid_increment
    hi = s.money[p]
    i = int(rand() * (hi - lo + 2 if hi >= lo else 1))
    if i:
        bid(s, lo + i - 1)
    else:
        drop(s)


def bid(s, amount: int) -> None:
    """The player to bid raises their total bid to `amount`."""
    p = s.active[s.bid_idx]
    s.bids[p] = amount
    s.high = amount
    s.bid_idx = (s.bid_idx + 1) % len(s.active)


def drop(s) -> None:
    """The player to bid drops out: pays their bid, takes the farthest free space."""
    p = s.active[s.bid_idx]
    s.money[p] -= s.bids[p]
    s.new_order[s.next_slot] = p
    s.next_slot -= 1
    del s.active[s.bid_idx]
    if s.bid_idx >= len(s.active):
        s.bid_idx = 0
    if len(s.active) == 1:
        finish(s)


def finish(s) -> None:
    w = s.active[0]
    s.money[w] -= s.bids[w]
    s.new_order[0] = w
    s.next_slot = -1
    s.order = s.new_order[:]
    if s.narrate:
        s.log.append(
            f"Round {s.round} turn order: "
            + ", ".join(f"{s.colour(p)} (${s.bids[p]})" for p in s.order)
        )
    s.active = []
    s.bid_idx = 0
    actions.start_actions(s)
