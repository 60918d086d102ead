"""Final scoring after the last round (12, or by player count: option rounds).

- Each building: VP equal to the number of buildings in its town [seed].
- Each cattle counter: 1 VP, 2 in a town with a train, 1 less in a town with a farmer (never below 0):
  with a farmer and no train, cattle are worth nothing [seed].
- Town majority: the player with the most buildings in a town (option town_majority: buildings and
  cattle counters together) scores VP equal to that town's number of buildings; ties score nothing
  (option majority_ties: all tied players score).
- Most wanted posters +4, most money +4 (option most_money_bonus); tied players all score (option
  bonus_ties); nobody scores a bonus for having none.
- Head start (option head_start): a seat adds its VP at the end (a bot's printed difficulty).
- Highest VP wins; equal VP is broken by most money, then shared (option tie_break).
"""

from __future__ import annotations

from ..core import EndReason, Outcome


def breakdown(s, detail: list[list[dict]] | None = None) -> list[dict[str, int]]:
    """VP per player by source: buildings, cattle, majority, wanted, money, head_start. With `detail` (a
    list per player), each town's part is added to it (for the end-of-game breakdown)."""
    R = s.rules
    n = s.n
    head = R.head_start
    rows = [{"buildings": 0, "cattle": 0, "majority": 0, "wanted": 0, "money": 0, "head_start": head.get(p, 0)}
            for p in range(n)]
    farmers = s.farmers_by_town()
    for t in range(R.ntowns):
        row = s.bld[t]
        nb = 0
        counts = [0] * n
        for o in row:
            if o >= 0:
                nb += 1
                counts[o] += 1
        for p in range(n):
            rows[p]["buildings"] += counts[p] * nb * R.vp_building
        per = R.vp_cattle_train if row[R.TRAIN] >= 0 else R.vp_cattle
        if farmers[t]:
            per = max(0, per - R.farmer_penalty)
        for p in range(n):
            rows[p]["cattle"] += s.cat[t][p] * per
        if detail is not None:
            for p in range(n):
                if counts[p]:
                    owned = [R.building_names[b] for b, o in enumerate(row) if o == p]
                    detail[p].append({"part": "buildings", "town": t, "count": counts[p], "size": nb, "vp": counts[p] * nb * R.vp_building,
                                      "names": owned})
                if s.cat[t][p]:
                    detail[p].append({"part": "cattle", "town": t, "count": s.cat[t][p], "per": per, "vp": s.cat[t][p] * per})
        if R.majority_with_cattle:
            counts = [counts[p] + s.cat[t][p] for p in range(n)]
        best = max(counts)
        if best > 0:
            leaders = [p for p in range(n) if counts[p] == best]
            if len(leaders) == 1 or R.majority_ties_score:
                for p in leaders:
                    rows[p]["majority"] += nb
                    if detail is not None and nb:
                        detail[p].append({"part": "majority", "town": t, "vp": nb, "shared": len(leaders) > 1})
    for key, values, bonus in (("wanted", s.posters, R.most_wanted_bonus), ("money", s.money, R.most_money_bonus)):
        best = max(values)
        if best > 0 and bonus:
            leaders = [p for p in range(n) if values[p] == best]
            if len(leaders) == 1 or R.bonus_ties_score:
                for p in leaders:
                    rows[p][key] += bonus
    return rows


def score_sheet(s) -> list[dict]:
    """Per player: VP by source with each town's part, posters and money (the tie-break): for the
    end-of-game breakdown. Nothing in Way Out West is hidden."""
    detail: list[list[dict]] = [[] for _ in range(s.n)]
    rows = breakdown(s, detail)
    return [
        {"seat": p, "name": s.colour(p), "vp": rows[p], "towns": detail[p], "posters": s.posters[p], "money": s.money[p],
         "total": sum(rows[p].values())}
        for p in range(s.n)
    ]


def scores(s) -> list[int]:
    return [sum(r.values()) for r in breakdown(s)]


def outcome(s) -> Outcome:
    vp = scores(s)
    best = max(vp)
    winners = [p for p in range(s.n) if vp[p] == best]
    detail = "highest VP"
    if len(winners) > 1 and s.rules.tie_break_money:
        most = max(s.money[p] for p in winners)
        winners = [p for p in winners if s.money[p] == most]
        detail = "highest VP, tie broken by money" if len(winners) == 1 else "highest VP, shared"
    elif len(winners) > 1:
        detail = "highest VP, shared"
    return Outcome(tuple(float(v) for v in vp), tuple(winners), EndReason.ROUNDS_COMPLETE, detail)
