"""Income after rounds 3, 6, 9 and 12 [seed].

Cattle: $2 per counter to its owner, $1 in a town with a farmer (farmers do not stack); a train
multiplies the cattle income of every player in its town by 2. Bank: $2 per building in its town
(itself included unless option bank_counts_itself is false). Store: $1 per other player's cattle and
$2 per farmer (anyone's) in its town. Hotel: $1 per other player's cowboy in its town.
(Stagecoaches pay at once when cowboys move, not here.)
"""

from __future__ import annotations


def amounts(s) -> list[int]:
    """What each player would be paid by an income phase now."""
    return _tally(s, None)


def sources(s) -> list[dict[str, int]]:
    """What each player would be paid now, by source (cattle, bank, store, hotel): for narration."""
    rows: list[dict[str, int]] = [{} for _ in range(s.n)]
    _tally(s, rows)
    return rows


def _tally(s, rows: list[dict[str, int]] | None) -> list[int]:
    R = s.rules
    n = s.n
    got = [0] * n
    farmers = s.farmers_by_town()
    for t in range(R.ntowns):
        row = s.bld[t]
        cat = s.cat[t]
        per = R.inc_cattle_farmer if farmers[t] else R.inc_cattle
        if row[R.TRAIN] >= 0:
            per *= R.train_mult
        if per:
            for p in range(n):
                if cat[p]:
                    got[p] += cat[p] * per
                    if rows is not None:
                        rows[p]["cattle"] = rows[p].get("cattle", 0) + cat[p] * per
        o = row[R.BANK]
        if o >= 0:
            nb = sum(1 for x in row if x >= 0)
            if not R.bank_itself:
                nb -= 1
            got[o] += R.bank_per * nb
            if rows is not None:
                rows[o]["bank"] = rows[o].get("bank", 0) + R.bank_per * nb
        o = row[R.STORE]
        if o >= 0:
            pay = R.store_cattle * (sum(cat) - cat[o]) + R.store_farmer * farmers[t]
            got[o] += pay
            if rows is not None:
                rows[o]["store"] = rows[o].get("store", 0) + pay
        o = row[R.HOTEL]
        if o >= 0:
            cow = s.cow[t]
            got[o] += R.hotel_per * (sum(cow) - cow[o])
            if rows is not None:
                rows[o]["hotel"] = rows[o].get("hotel", 0) + R.hotel_per * (sum(cow) - cow[o])
    return got


def pay(s) -> None:
    rows = sources(s) if s.narrate and s.detail else None
    got = amounts(s)
    for p, g in enumerate(got):
        s.money[p] += g
    if rows is not None:  # the referee's log: one line per player, by source
        for p, g in enumerate(got):
            parts = ", ".join(f"{k} ${v}" for k, v in rows[p].items() if v)
            s.log.append(f"Income after round {s.round}: {s.colour(p)} ${g}" + (f" ({parts})" if parts else ""))
    elif s.narrate:
        s.log.append(f"Income after round {s.round}: " + ", ".join(f"{s.colour(p)} ${g}" for p, g in enumerate(got)))
