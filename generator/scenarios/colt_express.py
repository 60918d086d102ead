"""Colt Express's scenario vocabulary: twists on the train before the first round, objectives in money
(and bullet cards), the candidate menu.

Scenarios start before any card is shuffled: the characters may be chosen by opening moves (the
two-bandit game then waits for each seat's secret choice of who starts in the caboose). Twists change
that snapshot only, never the rules:
- marshal_car N: the marshal starts inside wagon N (1 = the first wagon behind the locomotive), never
  a wagon the bandits start in;
- bullet_in_deck K / rival_bullets K: K neutral bullet cards from the pile go into your deck (each
  rival's); they count as received, as any bullet card does;
- strongbox: the second strongbox starts in the locomotive too (Take It All! then has none to add);
- no_purse: your bandits start without their $250 purses (they go back to the purses not in play).
"""

from __future__ import annotations

import random

from typing import Any

from ..engine.colt_express.actions import CHOOSE, NEUTRAL, PICK
from ..engine.core import Game, State
from ..schema.scenarios import Twist
from .vocab import Ctx, TurningSpec, TwistSpec, Vocabulary, draft, flag_check, need, twist_say
from ..words.scenarios import money, number_words, say


def _ncars(ctx: Ctx) -> int:
    return ctx.game.content.setup.wagons_by_players[ctx.players] + 1


def _start_cars(ctx: Ctx) -> tuple[int, int]:
    last = _ncars(ctx) - 1
    return last, max(last - 1, 1)


def _bandits(data: dict, seat: int, players: int) -> list[int]:
    return [b for b in range(len(data["b_purses"])) if b % players == seat]


def _check_car(t: Twist, ctx: Ctx) -> str | None:
    bad = need(t.value, int, "a wagon number")
    if bad:
        return bad
    allowed = [n for n in range(1, _ncars(ctx)) if n not in _start_cars(ctx)]
    if t.value not in allowed:
        shown = ", ".join(map(str, allowed)) or "none"
        return f"the marshal may start in wagon {shown} with {ctx.players} players (not a wagon the bandits start in), not {t.value}"
    return None


def _marshal(data: dict, t: Twist, ctx: Ctx) -> None:
    data["marshal"] = int(t.value)


def _check_bullets(t: Twist, ctx: Ctx) -> str | None:
    bad = need(t.value, int, "a number of bullet cards")
    if bad:
        return bad
    if not 1 <= t.value <= 3:
        return f"expected 1 to 3 bullet cards, got {t.value}"
    return None


def _bullets_to(data: dict, seat: int, k: int) -> None:
    if data["neutral_left"] < k:
        raise ValueError(f"only {data['neutral_left']} neutral bullet cards left")
    data["deck"][seat] = list(data["deck"][seat]) + [NEUTRAL] * k
    data["neutral_left"] -= k
    data["received"][seat] += k


def _rival_bullets(data: dict, t: Twist, ctx: Ctx) -> None:
    for s in ctx.rivals:
        _bullets_to(data, s, int(t.value))


def _strongbox(data: dict, t: Twist, ctx: Ctx) -> None:
    if data["spare_boxes"] < 1:
        raise ValueError("no strongbox waits off the train")
    data["spot_boxes"][0] += data["spare_boxes"]
    data["spare_boxes"] = 0


def _no_purse(data: dict, t: Twist, ctx: Ctx) -> None:
    for b in _bandits(data, ctx.seat, ctx.players):
        if not data["b_purses"][b]:
            raise ValueError("your bandit holds no purse")
        data["spare_purses"].append(data["b_purses"][b].pop())
        data["b_seen"][b].pop()
        data["spare_seen"].append(0)


def _two_bandits(ctx: Ctx) -> bool:
    per = ctx.game.content.setup.two_player.bandits_per_player
    return ctx.players == 2 and ctx.game.options["two_player_game"] == "two_bandits" and per > 1


def _event_name(ctx: Ctx, event: str) -> str:
    """A round event's name in the context's language (the content's {en, es, ja} round card names)."""
    for card in ctx.game.content.events:
        if card.id == event:
            return card.name.get(ctx.lang, card.name["en"])
    raise KeyError(event)


def _words(t: Twist, c: Ctx) -> dict:
    """The values a Colt Express twist's words quote (templates/<lang>/scenarios.yaml)."""
    if t.kind == "marshal_car":
        return {"n": t.value}
    if t.kind in ("bullet_in_deck", "rival_bullets"):
        return {"n": t.value, "words": number_words(t.value, c.lang)}
    if t.kind == "strongbox":
        return {"event": _event_name(c, "take_it_all")}
    return {"two": _two_bandits(c), "purse": money(c.game.content.setup.start_purse, c.lang)}


def _spec(kind: str, check, apply) -> TwistSpec:
    return TwistSpec(kind, check, lambda t, c: twist_say(c, kind, "text", **_words(t, c)),
                     lambda t, c: twist_say(c, kind, "title", **_words(t, c)), apply)


TWISTS = {
    "marshal_car": _spec("marshal_car", _check_car, _marshal),
    "bullet_in_deck": _spec("bullet_in_deck", _check_bullets, lambda d, t, c: _bullets_to(d, c.seat, int(t.value))),
    "rival_bullets": _spec("rival_bullets", _check_bullets, _rival_bullets),
    "strongbox": _spec("strongbox", flag_check, _strongbox),
    "no_purse": _spec("no_purse", flag_check, _no_purse),
}


# --- the generator's menu -----------------------------------------------------------------------

LINEUPS = ("table:easy", "table:normal", "table:hard")  # bots a person runs from the kit's sheets (easy flips, normal and hard play an open hand)
OBJECTIVES = (  # from a plain win to harder ones ($3000, $1500 ahead, one bullet) and a gentler share, so the stars spread
    {}, {"min_score": 1500}, {"min_score": 2500}, {"min_score": 3000}, {"margin": 1000}, {"margin": 1500},
    {"max_bullets": 2}, {"max_bullets": 1}, {"result": "any", "min_score": 2000}, {"result": "share"},
)


def _propose_twist(rng: random.Random, game: Game, taken: set[str]) -> dict:
    kind = rng.choice(sorted(set(TWISTS) - taken))
    if kind == "marshal_car":
        return {kind: 1}
    if kind in ("bullet_in_deck", "rival_bullets"):
        return {kind: rng.choice((1, 1, 2))}
    return {kind: True}


def propose(rng: random.Random, game: Game, bots: list[str]) -> dict:
    """Two players (the official two-bandit game), the characters chosen at random by the opening."""
    return draft(rng, game, bots, 2, _propose_twist, lambda r, g: dict(r.choice(OBJECTIVES)), CHOOSE)


def bullets(state: State, seat: int) -> int:
    return state.received[seat]


# --- turning points (generator/scenarios/turning.py) ------------------------------------------------


def _moment(state: Any, seat: int) -> bool:
    """The start of a round from the second on, `seat` to make its first choice (draw or pass)."""
    return state.current_player == seat and state.phase == PICK and state.round_no >= 2 and not state.pile


def _progress(state: Any) -> float:
    return (state.round_no - 1) / state.cfg.rounds


def _standing(state: Any, seat: int) -> tuple[float, float]:
    """Each seat's money if the game ended now (its loot, purses at their value, and the Gunslinger's bonus)."""
    scores = state.scores()
    return scores[seat], max(v for p, v in enumerate(scores) if p != seat)


def _facts(state: Any, seat: int, ctx: Ctx) -> dict[str, Any]:
    mine, best = _standing(state, seat)
    return {"round": state.round_no, "rounds": state.cfg.rounds, "you": money(mine, ctx.lang), "rival": money(best, ctx.lang),
            "gap": money(abs(best - mine), ctx.lang), "behind": best > mine, "bullets": state.received[seat]}


TURNING = TurningSpec(moment=_moment, progress=_progress, standing=_standing, facts=_facts)


VOCABULARY = Vocabulary(
    game="colt_express",
    id_prefix="c",
    proxy="mcts:40",
    twists=TWISTS,
    objective_fields=frozenset({"min_score", "margin", "max_bullets"}),
    seat_names=lambda ctx: [say(ctx.lang, "seat", n=i + 1) for i in range(ctx.players)],
    propose=propose,
    lineup_menu=LINEUPS,
    players=2,
    grading_games=32,
    screening_games=8,
    bullets=bullets,
    turning=TURNING,
)
