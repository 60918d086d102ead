"""Does a scenario's twist change how the game is played, or only a number?

The measure (issue 36): a twist changes play when playing *for the scenario* pays differently because of
it. We play four seeded arms from the same deal, seats, objective and grading seed (game i dealt by
`game_seed(seed, i)`, bots seeded per seat, so the arms share their dice):

- `search`: the reference proxy (the searching bot that grades the scenario) at the person's seat, with
  the twists (the scenario's own grade: the same games);
- `table`: the normal game's printed table bot at the person's seat, with the twists;
- `plain_search`, `plain_table`: the same two without the twists.

The gain of searching over playing as in a normal game is `search - table`; the twist's effect on play is
how much it moves that gain: `(search - table) - (plain_search - plain_table)`. A twist that only shifts a
number (every rival $5 poorer) moves both bots alike and leaves the gain where it was; one that asks for
another plan (control a town, keep clear of bullets, a marshal in the way) moves it. Its 95% interval is
the normal one on the four arms' Agresti-Caffo adjusted rates (one success and one failure added to each
arm); the twist *changes play* when that interval is clear of zero, and is dropped otherwise. The table
arms are cheap, so they play `TABLE_FACTOR` times the proxy's games.

At the floor, where the table bot almost never meets the objective with or without the twists (both
table arms under `FLOOR`), its arms tell nothing but noise: the effect is then the proxy's own change,
`search - plain_search` (w15, "your hotel in Dodge City": the proxy meets "control Dodge City" in 8 of 32
games with it and 1 of 32 without, while the table bot stays under 10% both ways).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from ..schema.common import GameContent
from ..schema.scenarios import Rate, Scenario, TwistCheck
from .grading import Item, grade_of, play
from .setup import scenario_start, start_json

TABLE_BOT = "table:normal"  # the normal game's printed bot, as a person plays who ignores the scenario
TABLE_FACTOR = 4  # table-bot games per proxy game (cheap, and they narrow the interval)
FLOOR = 0.1  # table arms both under this rate: the table bot never plays the scenario, the proxy's change alone counts
Z95 = 1.959964


def plain(sc: Scenario) -> Scenario:
    """The scenario without its twists (the same deal, seats and objective)."""
    return sc.model_copy(update={"twists": [], "twist_check": None})


def contrast(arms: list[tuple[int, int, int]]) -> tuple[float, float, float]:
    """sum(sign * rate) over (sign, wins, games) and its 95% interval (Agresti-Caffo adjusted rates)."""
    effect = sum(sign * w / n for sign, w, n in arms)
    centre = sum(sign * (w + 1) / (n + 2) for sign, w, n in arms)
    sd = math.sqrt(sum(((w + 1) / (n + 2)) * (1 - (w + 1) / (n + 2)) / (n + 2) for _, w, n in arms))
    return effect, max(-2.0, centre - Z95 * sd), min(2.0, centre + Z95 * sd)


def verdict(search: Rate, table: Rate, plain_search: Rate, plain_table: Rate, twists: list, seed: int) -> TwistCheck:
    arms = [(1, search.wins, search.games), (-1, plain_search.wins, plain_search.games)]
    if max(table.wins / table.games, plain_table.wins / plain_table.games) >= FLOOR:
        arms += [(-1, table.wins, table.games), (1, plain_table.wins, plain_table.games)]
    effect, low, high = contrast(arms)
    return TwistCheck(twists=twists, seed=seed, search=search, table=table, plain_search=plain_search,
                      plain_table=plain_table, effect=round(effect, 4), low=round(low, 4), high=round(high, 4),
                      changes=low > 0 or high < 0)


@dataclass
class Checked:
    scenario: Scenario  # with `twist_check` set; without its twists (and graded again) when they changed nothing
    check: TwistCheck


def _item(content: GameContent, sc: Scenario, seed: int) -> Item:
    _, state = scenario_start(content, sc)
    return Item(sc, start_json(state), seed)


def check_twists(game: str, content: GameContent, scenarios: list[Scenario], jobs: int = 1, root: Path | None = None,
                 progress: Callable[[int], None] | None = None, backend: str = "local",
                 ray_address: str | None = None, search_done: bool = True) -> list[Checked]:
    """Measure every graded scenario with twists (the others are left out). `search_done`: the scenario's
    grade is the proxy's arm with the twists (its seed and games); otherwise that arm is played too."""
    todo = [sc for sc in scenarios if sc.twists and sc.graded is not None]
    items: dict[str, dict[str, Item]] = {}
    for sc in todo:
        assert sc.graded is not None
        seed = sc.graded.seed
        items[sc.id] = {"table": _item(content, sc, seed), "plain_table": _item(content, plain(sc), seed),
                        "plain_search": _item(content, plain(sc), seed)}
        if not search_done:
            items[sc.id]["search"] = _item(content, sc, seed)
    by_games: dict[tuple[str, int], list[Item]] = {}
    for sc in todo:
        assert sc.graded is not None
        n, proxy = sc.graded.games, sc.graded.proxy
        for arm, item in items[sc.id].items():
            bot, games = (TABLE_BOT, TABLE_FACTOR * n) if "table" in arm else (proxy, n)
            by_games.setdefault((bot, games), []).append(item)
    for (bot, games), batch in sorted(by_games.items()):
        play(game, batch, bot, 0, games, jobs, progress, backend, ray_address, root)
    out = []
    for sc in todo:
        assert sc.graded is not None
        arms = items[sc.id]
        proxy = sc.graded.proxy

        def rate(arm: str, bot: str) -> Rate:
            return Rate(bot=bot, games=len(arms[arm].results), wins=arms[arm].wins)

        search = rate("search", proxy) if "search" in arms else Rate(bot=proxy, games=sc.graded.games, wins=sc.graded.wins)
        check = verdict(search, rate("table", TABLE_BOT), rate("plain_search", proxy), rate("plain_table", TABLE_BOT),
                        list(sc.twists), sc.graded.seed)
        if check.changes:
            kept = sc.model_copy(update={"twist_check": check})
        else:
            kept = plain(sc).model_copy(update={"graded": grade_of(arms["plain_search"], proxy), "twist_check": check})
        out.append(Checked(kept, check))
    return out


def games_needed(scenarios: list[Scenario], search_done: bool = True) -> int:
    n = 0
    for sc in scenarios:
        if sc.twists and sc.graded is not None:
            n += sc.graded.games * (2 * TABLE_FACTOR + (1 if search_done else 2))
    return n
