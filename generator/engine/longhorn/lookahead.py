"""Longhorn look-aheads on plain lists: where a ride may stop, and what the next thief can do at a ranch.

The table bot's lazy columns (columns.py) ask these of the board as it is (a ride's end) or after a
candidate take (a steal's look past the ride), given the counts they keep (cows of each colour on the
range, the thief's money lead), so nothing is summed again per ranch looked at. Each answers exactly
what `features.evaluate` counts with its own helpers (`_destinations`, `_thief_at`, `_raise_max`), as
tests/engine/longhorn/test_columns.py holds at every decision of seeded games.
"""

from __future__ import annotations

from typing import Any

from .constants import NUGGET, RATTLE, SHERIFF

_DANGER = (SHERIFF, RATTLE)


def rides(g: Any, tot: list[int], tok: list, cell: int, steps: int) -> list[int]:
    """Where a ride of `steps` from `cell` may stop on a board whose ranch totals are `tot` (the
    engine's rule on plain lists, as `features` counts it)."""
    if steps > g.max_steps or steps < 1:
        return []
    out = [d for d in g.dest[cell][steps] if tot[d]]
    if g.avoid_danger and len(out) > 1:
        safe = [d for d in out if tok[d] is None or tok[d][0] not in _DANGER]
        return safe or out
    return out


def singles(ncol: int, cattle: list[int], sheriffs: list[int]) -> list[int]:
    """The sheriff's cells that hold one colour only on this board (a ride ending there forces him)."""
    # one colour: all but one of its counts are 0 (list.count runs in C, unlike a generator's sum)
    return [s for s in sheriffs if cattle[s * ncol : s * ncol + ncol].count(0) == ncol - 1]


def thief_wins(g: Any, cattle: list[int], tot: list[int], tok: list, herd: list[int], board: list[int], lead: int,
               single: list[int], d: int, thief: int) -> bool:
    """Whether `thief`, stealing at `d` on this board, can win at once (`features._thief_at`'s first
    answer); `lead` is the thief's money lead on this board, `single` its `singles`.

    Without `dangerous_locations: avoid` the ride's stops are not listed: a sheriff's ranch in `single`
    holds cattle, so the ride may stop there when it is `steps` away (it is never `d` itself: a steal
    there emptying it would be an arrest); and the ride has somewhere to stop when some ranch that far
    holds cattle (`d` itself only if the steal leaves some). With it, `tot` is changed while a ride is
    looked at and given back as it was."""
    ncol = g.ncol
    base = d * ncol
    tk = tok[d]
    td = tot[d]
    sheriff = tk is not None and tk[0] == SHERIFF
    mine, other = thief * ncol, (1 - thief) * ncol
    count = g.colour_count
    reach = g.dest[d]
    avoid = g.avoid_danger
    for c, m in enumerate(cattle[base : base + ncol]):
        if not m:
            continue
        empties = m == td
        if empties and sheriff:
            continue  # arrested: never a win
        if herd[mine + c] + m >= count[c]:
            return True
        if avoid:
            tot[d] = td - m
            dests = rides(g, tot, tok, d, m)
            tot[d] = td
            for s in single:
                if s in dests:
                    return True  # a ride to the sheriff with one colour: the other must take him
            if dests:
                continue
        else:
            row = reach[m] if m <= g.max_steps else ()
            for s in single:
                if s in row:
                    return True  # (as above)
            for d2 in row:
                if tot[d2] and (d2 != d or not empties):
                    break
            else:
                row = ()
            if row:
                continue
        # no ride: the game ends at the count
        gain = g.per_cow * m * (board[c] - herd[mine + c] + herd[other + c] - m)
        if empties and tk is not None and tk[0] == NUGGET:
            gain += tk[1]
        if lead + gain > 0:
            return True
    return False


def thief_ends(g: Any, cattle: list[int], tot: list[int], tok: list, d: int) -> bool:
    """Whether a steal at `d` can end the game (`features._thief_at`'s third answer): some colour there
    whose steal, not an arrest, leaves the ride nowhere to stop (the ranches that far, `d` itself
    counted only if the steal leaves cattle there: `dangerous_locations: avoid` never leaves a ride
    without a stop)."""
    ncol = g.ncol
    base = d * ncol
    td = tot[d]
    tk = tok[d]
    sheriff = tk is not None and tk[0] == SHERIFF
    reach = g.dest[d]
    for c, m in enumerate(cattle[base : base + ncol]):
        if not m:
            continue
        empties = m == td
        if empties and sheriff:
            continue  # arrested: the game ends by the arrest, not by the ride
        for d2 in reach[m] if m <= g.max_steps else ():
            if tot[d2] and (d2 != d or not empties):
                break
        else:
            return True
    return False


def raise_max(ncol: int, cattle: list[int], herd: list[int], board: list[int], cell: int, thief: int) -> int:
    """`features._raise_max` with the colour counts `board` of this board given."""
    best = 0
    base = cell * ncol
    mine, other = thief * ncol, (1 - thief) * ncol
    for c, n in enumerate(cattle[base : base + ncol]):
        if n > best and board[c] - n > herd[mine + c] - herd[other + c]:
            best = n
    return best
