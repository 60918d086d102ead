"""Way Out West's scenario vocabulary: twists on the towns once the first cowboys stand, objectives in
victory points (and control of a town), the candidate menu.

Generated scenarios start at the first bid: the opening moves place every player's first cowboys.
Twists change that snapshot only, never the rules:
- money D / rival_money D: you (each rival) start with $D more, or less when D is negative;
- your_building / rival_building {building, town}: you (the player after you) start with that building
  in that town, taken from the supply, within the town's spaces and the building limits;
- fewer_cowboys K: K of your cowboys stay home (your supply holds K fewer);
- rival_posters: each rival starts with a wanted poster from the pile.
"""

from __future__ import annotations

import random

from typing import Any

from ..engine.core import Game, State
from ..engine.way_out_west import scoring
from ..engine.way_out_west.notation import BID, SETUP
from ..schema.scenarios import Twist
from ..words.way_out_west import colour_name
from .vocab import Ctx, TurningSpec, TwistSpec, Vocabulary, draft, flag_check, need, twist_say
from ..words.scenarios import content_name, money, number_words


def _rules(ctx: Ctx):
    return ctx.game.rules


def _colour_name(ctx: Ctx, seat: int) -> str:
    return colour_name(ctx.game, seat, ctx.lang)


def _town_name(game: Game, town: str, lang: str = "en") -> str:
    names = dict(zip(game.rules.town_ids, game.rules.town_names))
    return content_name(game, lang, "towns", town, names[town])


def _building_name(ctx: Ctx, building: str) -> str:
    R = _rules(ctx)
    return content_name(ctx.game, ctx.lang, "buildings", building, R.building_names[R.building_ids.index(building)])


def _check_money(t: Twist, ctx: Ctx) -> str | None:
    bad = need(t.value, int, "a sum of money")
    if bad:
        return bad
    start = _rules(ctx).start_money[ctx.players]
    if t.value == 0 or t.value < -start or t.value > 50:
        return f"expected a change from -{start} to 50 dollars (not 0), got {t.value}"
    return None


def _add_money(data: dict, seats: list[int], d: int) -> None:
    for s in seats:
        data["money"][s] += d


def _check_building(t: Twist, ctx: Ctx) -> str | None:
    R = _rules(ctx)
    if t.value is not None:
        return "expected {building: ..., town: ...}"
    if t.building not in R.building_ids:
        return f"no building {t.building!r}; buildings are {', '.join(R.building_ids)}"
    if t.town not in R.town_ids:
        return f"no town {t.town!r}; towns are {', '.join(R.town_ids)}"
    return None


def _rival(ctx: Ctx) -> int:
    """The rival a rival_building twist names: the player seated after you."""
    return (ctx.seat + 1) % ctx.players


def _build(data: dict, t: Twist, ctx: Ctx, seat: int) -> None:
    R = _rules(ctx)
    town = data["buildings"][t.town]
    colour = R.colour_ids[seat]
    if town[t.building] is not None:
        raise ValueError(f"{t.town} already has a {t.building}")
    t_index = R.town_ids.index(t.town)
    if sum(1 for o in town.values() if o is not None) >= R.spaces[t_index]:
        raise ValueError(f"{t.town} has no building space left")
    if sum(1 for o in town.values() if o == colour) >= R.per_player:
        raise ValueError(f"{R.colour_ids[seat]} already has {R.per_player} buildings in {t.town}")
    b = R.building_ids.index(t.building)
    if data["building_supply"][seat][b] < 1:
        raise ValueError(f"{R.colour_ids[seat]} has no {t.building} left")
    town[t.building] = colour
    data["building_supply"][seat][b] -= 1


def _check_cowboys(t: Twist, ctx: Ctx) -> str | None:
    bad = need(t.value, int, "a number of cowboys")
    if bad:
        return bad
    return None if 1 <= t.value <= 3 else f"expected 1 to 3 cowboys, got {t.value}"


def _fewer_cowboys(data: dict, t: Twist, ctx: Ctx) -> None:
    if data["cowboy_supply"][ctx.seat] < t.value:
        raise ValueError(f"your supply holds only {data['cowboy_supply'][ctx.seat]} cowboys")
    data["cowboy_supply"][ctx.seat] -= int(t.value)


def _rival_posters(data: dict, t: Twist, ctx: Ctx) -> None:
    if data["poster_supply"] < len(ctx.rivals):
        raise ValueError("not enough wanted posters")
    for s in ctx.rivals:
        data["posters"][s] += 1
    data["poster_supply"] -= len(ctx.rivals)


def _words(t: Twist, c: Ctx) -> dict:
    """The values a Way Out West twist's words quote (templates/<lang>/scenarios.yaml)."""
    if t.kind in ("money", "rival_money"):
        return {"amount": money(abs(t.value), c.lang), "more": t.value > 0}
    if t.kind in ("your_building", "rival_building"):
        return {"building": _building_name(c, t.building), "town": _town_name(c.game, t.town, c.lang),
                "colour": _colour_name(c, _rival(c))}
    if t.kind == "fewer_cowboys":
        return {"n": t.value, "words": number_words(t.value, c.lang)}
    return {}


def _spec(kind: str, check, apply) -> TwistSpec:
    return TwistSpec(kind, check, lambda t, c: twist_say(c, kind, "text", **_words(t, c)),
                     lambda t, c: twist_say(c, kind, "title", **_words(t, c)), apply)


TWISTS = {
    "money": _spec("money", _check_money, lambda d, t, c: _add_money(d, [c.seat], int(t.value))),
    "rival_money": _spec("rival_money", _check_money, lambda d, t, c: _add_money(d, c.rivals, int(t.value))),
    "your_building": _spec("your_building", _check_building, lambda d, t, c: _build(d, t, c, c.seat)),
    "rival_building": _spec("rival_building", _check_building, lambda d, t, c: _build(d, t, c, _rival(c))),
    "fewer_cowboys": _spec("fewer_cowboys", _check_cowboys, _fewer_cowboys),
    "rival_posters": _spec("rival_posters", flag_check, _rival_posters),
}


# --- the generator's menu -----------------------------------------------------------------------

LINEUPS = ("table:easy", "table:normal", "table:hard")  # bots a person runs from the kit's sheets
BUILDINGS = ("bank", "store", "hotel", "jail", "stagecoach")


def _propose_twist(rng: random.Random, game: Game, taken: set[str]) -> dict:
    kind = rng.choice(sorted(set(TWISTS) - taken))
    R = game.rules
    if kind in ("money", "rival_money"):
        return {kind: rng.choice((-10, -5, 5, 10))}
    if kind in ("your_building", "rival_building"):
        return {kind: {"building": rng.choice(BUILDINGS), "town": rng.choice(R.town_ids)}}
    if kind == "fewer_cowboys":
        return {kind: rng.choice((1, 2))}
    return {kind: True}


def _objective(rng: random.Random, game: Game) -> dict:
    R = game.rules
    pick = rng.randrange(10)
    if pick < 3:
        return {}
    if pick >= 8:  # a score to reach, win or not: the gentler objectives against the tables
        return {"result": "any", "min_score": rng.choice((12, 15, 18, 21))}
    if pick == 3:
        return {"result": "any", "control": rng.choice(R.town_ids[2:])}
    if pick == 4:
        return {"control": rng.choice(R.town_ids[1:])}
    if pick == 5:
        return {"min_score": rng.choice((15, 20, 25))}
    if pick == 6:
        return {"margin": rng.choice((5, 10))}
    return {"result": "share"}


def propose(rng: random.Random, game: Game, bots: list[str]) -> dict:
    """Three players, every first cowboy placed at random by the opening."""
    return draft(rng, game, bots, 3, _propose_twist, _objective, SETUP)


def control(state: State, seat: int, town: str) -> bool:
    """`seat` leads the buildings of `town` alone (with cattle too under option town_majority)."""
    R = state.rules
    t = R.town_ids.index(town)
    counts = [0] * state.n
    for owner in state.bld[t]:
        if owner >= 0:
            counts[owner] += 1
    if R.majority_with_cattle:
        counts = [counts[p] + state.cat[t][p] for p in range(state.n)]
    best = max(counts)
    return best > 0 and counts[seat] == best and counts.count(best) == 1


# --- turning points (generator/scenarios/turning.py) ------------------------------------------------


def _moment(state: Any, seat: int) -> bool:
    """A round's bidding from the second round on, `seat` to bid (the finder takes its first bid of a round)."""
    return state.current_player == seat and state.phase == BID and state.round >= 2


def _progress(state: Any) -> float:
    return (state.round - 1) / state.rules.rounds_for[state.n]


def _standing(state: Any, seat: int) -> tuple[float, float]:
    """Each player's VP if the game ended now (buildings, cattle, majorities, posters, money)."""
    vp = scoring.scores(state)
    return vp[seat], max(v for p, v in enumerate(vp) if p != seat)


def _town_counts(state: Any, t: int) -> list[int]:
    counts = [0] * state.n
    for owner in state.bld[t]:
        if owner >= 0:
            counts[owner] += 1
    if state.rules.majority_with_cattle:
        counts = [counts[p] + state.cat[t][p] for p in range(state.n)]
    return counts


def contested(state: Any, seat: int) -> str | None:
    """The town whose majority `seat` shares with a rival (tied), or trails by one, the most built first."""
    best: tuple | None = None
    for t, town in enumerate(state.rules.town_ids):
        counts = _town_counts(state, t)
        rival = max(v for p, v in enumerate(counts) if p != seat)
        if rival > 0 and 0 <= rival - counts[seat] <= 1:
            key = (-(rival + counts[seat]), t)
            if best is None or key < best[0]:
                best = (key, town)
    return None if best is None else best[1]


def _facts(state: Any, seat: int, ctx: Ctx) -> dict[str, Any]:
    mine, best = _standing(state, seat)
    town = contested(state, seat)
    return {"round": state.round, "rounds": state.rules.rounds_for[state.n], "you": int(mine), "rival": int(best),
            "gap": int(abs(best - mine)), "behind": best > mine, "town": _town_name(ctx.game, town, ctx.lang) if town else "",
            "money": money(state.money[seat], ctx.lang)}


TURNING = TurningSpec(moment=_moment, progress=_progress, standing=_standing, facts=_facts)


VOCABULARY = Vocabulary(
    game="way_out_west",
    id_prefix="w",
    proxy="mcts-guided:25",  # the reference player: plain MCTS scores 1-2 points against the tables (12 games, seed 4)
    twists=TWISTS,
    objective_fields=frozenset({"min_score", "margin", "control"}),
    seat_names=lambda ctx: [colour_name(ctx.game, i, ctx.lang) for i in range(ctx.players)],
    propose=propose,
    lineup_menu=LINEUPS,
    players=3,
    grading_games=32,
    screening_games=8,
    control=control,
    town_name=_town_name,
    turning=TURNING,
)
