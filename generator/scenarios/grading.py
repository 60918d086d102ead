"""Grading: how often the reference player's proxy meets a scenario's objective.

Game i of a scenario's grading starts from the scenario's starting position with its generator
reseeded by `game_seed(grade_seed, i)` (the deal stays, the future varies) and every bot seeded from
that game seed and its seat, so results do not depend on how many processes play them. The games run
on the work-dispatch seam (`generator.sim.dispatch.Runner`, local processes or Ray); the objective is checked on each finished
game in the worker (`objective.probe`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from ..schema.common import GameContent
from ..schema.scenarios import Grade, Scenario
from ..sim.simulate import wilson
from ..sim.seeds import game_seed
from ..sim.dispatch import Runner
from ..sim.worker import Job
from . import objective
from .setup import scenario_start, start_json
from .vocab import vocabulary

# Stars from the proxy's success rate: fewer successes, more stars (harder). Monotone by construction.
STAR_FLOORS = ((0.75, 1), (0.55, 2), (0.40, 3), (0.25, 4), (0.0, 5))
TRIVIAL_LOW, TRIVIAL_HIGH = 0.05, 0.95  # below / above: trivially lost / won, never kept


def stars_for(rate: float) -> int:
    for floor, stars in STAR_FLOORS:
        if rate >= floor:
            return stars
    return 5


def trivial(wins: int, games: int) -> bool:
    if games == 0:
        return False
    rate = wins / games
    return wins == 0 or wins == games or rate < TRIVIAL_LOW or rate > TRIVIAL_HIGH


def spread(items: list, count: int, stars: Callable[[Any], int]) -> list:
    """Up to `count` items, taken in turn from each star bin (1 to 5), each bin in the items' order."""
    bins: dict[int, list] = {s: [] for s in range(1, 6)}
    for item in items:
        bins[stars(item)].append(item)
    out: list = []
    while len(out) < count and any(bins.values()):
        for s in range(1, 6):
            if bins[s] and len(out) < count:
                out.append(bins[s].pop(0))
    return out


@dataclass
class Item:
    """One scenario to grade: its starting snapshot (JSON text) and its grading seed."""

    scenario: Scenario
    start: str
    seed: int
    results: list[bool] = field(default_factory=list)

    @property
    def wins(self) -> int:
        return sum(self.results)

    @property
    def rate(self) -> float:
        return self.wins / len(self.results) if self.results else 0.0


def jobs_for(item: Item, proxy: str, first: int, last: int) -> list[Job]:
    sc = item.scenario
    seats = tuple(proxy if s == "you" else s for s in sc.seats)
    probe = (objective.probe, (sc.seat, sc.objective.model_dump()))
    return [Job(game_seed(item.seed, i), seats, start=item.start, probe=probe) for i in range(first, last)]


def play(game: str, items: list[Item], proxy: str, first: int, last: int, jobs: int = 1,
         progress: Callable[[int], None] | None = None, backend: str = "local", ray_address: str | None = None,
         root: Path | None = None) -> None:
    """Play games first..last-1 of every item (appended to its results), one Runner per option set
    (content from `root`, or the built-in)."""
    groups: dict[str, list[Item]] = {}
    for item in items:
        groups.setdefault(json.dumps(item.scenario.options, sort_keys=True), []).append(item)
    for key, group in groups.items():
        with Runner(game, json.loads(key), root, jobs=jobs, backend=backend, ray_address=ray_address) as runner:
            work = [job for item in group for job in jobs_for(item, proxy, first, last)]
            results = runner.run(work, progress)
        per = last - first
        for k, item in enumerate(group):
            item.results.extend(bool(r.probe) for r in results[k * per:(k + 1) * per])


def grade_of(item: Item, proxy: str) -> Grade:
    n, w = len(item.results), item.wins
    lo, hi = wilson(w, n)
    return Grade(proxy=proxy, seed=item.seed, games=n, wins=w, win_rate=round(w / n, 4), low=round(lo, 4),
                 high=round(hi, 4), stars=stars_for(w / n))


def regrade(content: GameContent, scenario: Scenario, games: int, jobs: int = 1, proxy: str | None = None,
            root: Path | None = None) -> Grade:
    """Grade one scenario again: its own grading seed and proxy (or the game's proxy when it was never
    graded, or `proxy` when given); the same games give the same figures."""
    game = content.game_name
    graded = scenario.graded
    proxy = proxy or (graded.proxy if graded is not None else vocabulary(game).proxy)
    _, state = scenario_start(content, scenario)
    item = Item(scenario, start_json(state), graded.seed if graded is not None else 0)
    play(game, [item], proxy, 0, games, jobs, root=root)
    return grade_of(item, proxy)


def regrade_scenarios(content: GameContent, scenarios: list[Scenario], games: int | None = None, jobs: int = 1,
                      root: Path | None = None, progress: Callable[[int], None] | None = None,
                      backend: str = "local", ray_address: str | None = None) -> list[Scenario]:
    """Every graded scenario graded again (after its bots' tables changed, say): the same grading seed and
    proxy, `games` games (default: as many as it was graded with), all played in one batch; the ungraded
    are kept as they are. The same games give the same figures whatever `jobs`."""
    game = content.game_name
    items: list[tuple[int, Item, str, int]] = []
    for k, sc in enumerate(scenarios):
        if sc.graded is None:
            continue
        _, state = scenario_start(content, sc)
        items.append((k, Item(sc, start_json(state), sc.graded.seed), sc.graded.proxy, games or sc.graded.games))
    out = list(scenarios)
    for proxy in sorted({p for _, _, p, _ in items}):
        for n in sorted({g for _, _, p, g in items if p == proxy}):
            batch = [it for _, it, p, g in items if p == proxy and g == n]
            play(game, batch, proxy, 0, n, jobs, progress, backend, ray_address, root)
    for k, item, proxy, _ in items:
        out[k] = item.scenario.model_copy(update={"graded": grade_of(item, proxy)})
    return out
