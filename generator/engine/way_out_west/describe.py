"""One sentence per action, for logs, the referee and printed playthroughs."""

from __future__ import annotations

from .actions import price
from .gunfight import target_text
from .notation import (
    CASUALTY_WORDS, K_BID, K_BUILD, K_BUY, K_CAS, K_DROP, K_FARMER, K_FIGHT, K_HIRE, K_MOVEC, K_MOVEK,
    K_PASS, K_PLACE, K_POSTER, K_RETREAT, K_RTO, K_SHERIFF, K_SHOOT,
)


def describe(s, raw: tuple) -> str:
    R = s.rules
    p = s.current_player
    who = s.colour(p) if p is not None else "Nobody"
    k = raw[0]
    town = R.town_names
    if k == K_PLACE:
        return f"{who} places a cowboy in {town[raw[1]]}."
    if k == K_BID:
        return f"{who} raises the turn-order bid to ${raw[1]}."
    if k == K_DROP:
        return f"{who} drops out of the bidding, paying ${s.bids[p]}."
    if k == K_PASS:
        if s.mc_from >= 0:
            return f"{who} stops moving cowboys."
        return f"{who} passes."
    if k == K_BUY:
        return f"{who} buys {raw[1]} cattle{_for(price(R, R.B_BUY, raw[1]))} into {town[raw[2]]}."
    if k == K_HIRE:
        return f"{who} hires {raw[1]} cowboy{'s' if raw[1] != 1 else ''}{_for(price(R, R.B_HIRE, raw[1]))} into {town[raw[2]]}."
    if k == K_MOVEC:
        more = s.mc_from >= 0
        cost = price(R, R.B_MOVEC, raw[1]) if R.box_per_unit[R.B_MOVEC] or not more else 0
        return (f"{who} moves {raw[1]}{' more' if more else ''} cowboy{'s' if raw[1] != 1 else ''}{_for(cost)} "
                f"from {town[raw[2]]} to {town[raw[3]]}.")
    if k == K_MOVEK:
        return f"{who} drives {raw[1]} cattle{_for(price(R, R.B_MOVEK, raw[1]))} from {town[raw[2]]} to {town[raw[3]]}."
    if k == K_BUILD:
        return f"{who} builds a {R.building_names[raw[1]].lower()} in {town[raw[2]]}{_for(R.cost[raw[1]])}."
    if k == K_FARMER:
        return f"{who} places a farmer{_for(price(R, R.B_FARMER))} in {town[raw[1]]}; it belongs to nobody."
    if k == K_FIGHT:
        return f"{who} starts a gunfight{_for(price(R, R.B_FIGHT))} in {town[raw[1]]} to {target_text(s, raw[2], raw[3], raw[4])}."
    if k == K_SHERIFF:
        return f"{who} {'sends' if raw[1] else 'keeps'} the sheriff {'into' if raw[1] else 'out of'} the fight."
    if k == K_SHOOT:
        return f"{who} stands and shoots."
    if k == K_RETREAT:
        return f"{who} retreats and loses the fight."
    if k == K_CAS:
        return f"{who} removes a {CASUALTY_WORDS[raw[1]]} as a casualty."
    if k == K_RTO:
        return f"{who} sends a retreating cowboy to {town[raw[1]]}."
    if k == K_POSTER:
        return f"{who} takes a wanted poster from {s.colour(raw[1])}."
    return str(R.codec.action(raw))


def _for(cost: int) -> str:
    return f" for ${cost}" if cost else ""
