"""A difficulty ladder: one rating per bot on a common scale, from seeded games among them.

Every pair of bots (A, B) plays the same seeded deals, A in one seat and B in every other, A's seat
rotated through the table, then the other way round (B alone against A). A game's winners share its win.
The ratings fit a Bradley-Terry model for games of any size (a Plackett-Luce first place): a bot of
strength s wins a game among seats of total strength S with probability s / S, so two bots of equal
strength each win a fair share. The strengths are fitted by the MM algorithm (Hunter 2004; each step
raises the likelihood), and shown as Elo-like ratings (400 log10 s), `random` at 0 when it plays. The
95% intervals come from refitting on deals drawn again with replacement (a seeded bootstrap).

Beside the ratings, the ladder gives each pair's head-to-head share of the wins it can make (A's wins
over the games A and B both could win, as a share: 50% is even), so that adjacent levels can be held to a
clear step (at least 60%).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from itertools import combinations
from pathlib import Path
from typing import Any, Callable

from ..bots import make_bot
from ..errors import UsageError
from ..sim.dispatch import Runner
from ..sim.seeds import game_seed
from ..sim.worker import Job
from ..schema.tables import LadderRung, RecordedLadder
from .measure import deal_players

ITERATIONS = 2_000  # MM steps at most (it stops once the strengths move less than 1e-9)
BOOTSTRAP = 200  # refits on resampled deals for the intervals


@dataclass
class Game:
    """One game of the ladder: the bot at each seat (indices into the ladder's bots) and each seat's share
    of the win (1 for a sole winner; shared wins split)."""

    seats: tuple[int, ...]
    wins: tuple[float, ...]
    deal: int  # (pair, deal) index: the bootstrap resamples whole deals


@dataclass
class Ladder:
    bots: list[str]
    ratings: list[float]
    low: list[float]
    high: list[float]
    games: int
    head_to_head: dict[tuple[int, int], float] = field(default_factory=dict)  # (a, b) -> a's share of the pair's wins
    # (a, b) -> the 95% interval of a's share, for each bot a and the one just below it (bootstrap)
    step_interval: dict[tuple[int, int], tuple[float, float]] = field(default_factory=dict)

    def order(self) -> list[int]:
        """Bot indices from the weakest to the strongest."""
        return sorted(range(len(self.bots)), key=lambda i: self.ratings[i])


def fit(games: list[Game], n: int, iterations: int = ITERATIONS) -> list[float]:
    """Bradley-Terry strengths of `n` bots (geometric mean 1) from `games`, by the MM algorithm. A bot
    that never won gets a tiny strength (a floor of 1e-6 of the others'), not zero."""
    wins = [0.0] * n
    for g in games:
        for b, w in zip(g.seats, g.wins):
            wins[b] += w
    s = [1.0] * n
    for _ in range(iterations):
        denom = [0.0] * n
        for g in games:
            total = sum(s[b] for b in g.seats)
            for b in g.seats:
                denom[b] += 1.0 / total
        new = [max(wins[i], 1e-6) / denom[i] if denom[i] else 1.0 for i in range(n)]
        mean = math.exp(sum(math.log(x) for x in new) / n)
        new = [x / mean for x in new]
        moved = max(abs(a - b) for a, b in zip(new, s))
        s = new
        if moved < 1e-9:
            break
    return s


def elo(strengths: list[float], anchor: int | None) -> list[float]:
    """400 log10(strength), shifted so the `anchor` bot is at 0 (None: the mean is 0)."""
    r = [400 * math.log10(x) for x in strengths]
    base = r[anchor] if anchor is not None else sum(r) / len(r)
    return [x - base for x in r]


def pair_jobs(a: Any, b: Any, counts: tuple[int, ...], seed: int, deals: int) -> list[tuple[int, tuple[int, ...], Job]]:
    """(deal, who sits where: 0 for `a`, 1 for `b`, the job) for each deal: `a` alone in each seat in turn
    against `b`, then `b` alone against `a`."""
    out = []
    for i in range(deals):
        s = game_seed(seed, i)
        n = deal_players(counts, i)
        for alone in (0, 1):
            for k in range(n):
                who = tuple(alone if j == k else 1 - alone for j in range(n))
                out.append((i, who, Job(s, tuple(a if w == 0 else b for w in who))))
    return out


def play_ladder(runner: Runner, seats: list[Any], counts: tuple[int, ...], seed: int, deals: int,
                progress: Callable[[int], None] | None = None) -> list[Game]:
    """Every pair of `seats` (bot specs or table seats) on `deals` common deals."""
    games: list[Game] = []
    for p, (x, y) in enumerate(combinations(range(len(seats)), 2)):
        plan = pair_jobs(seats[x], seats[y], counts, seed, deals)
        results = runner.run([job for _, _, job in plan], progress)
        for (i, who, _), res in zip(plan, results):
            bots = tuple(x if w == 0 else y for w in who)
            games.append(Game(bots, tuple(res.reward(k) for k in range(len(bots))), p * deals + i))
    return games


def head_to_head(games: list[Game], a: int, b: int) -> float:
    """`a`'s share of the wins `a` and `b` made in their games against each other (0.5 when neither won)."""
    wa, wb = _pair_wins(games, a, b)
    return wa / (wa + wb) if wa + wb else 0.5


def _pair_wins(games: list[Game], a: int, b: int) -> tuple[float, float]:
    """The wins `a` and `b` made in their games against each other."""
    wa = wb = 0.0
    for g in games:
        if set(g.seats) == {a, b}:
            for bot, w in zip(g.seats, g.wins):
                if bot == a:
                    wa += w
                else:
                    wb += w
    return wa, wb


def _interval(v: list[float], point: float) -> tuple[float, float]:
    """The 2.5th and 97.5th percentiles of bootstrap values `v` (the point itself when there are none)."""
    if not v:
        return point, point
    v = sorted(v)
    return v[int(0.025 * len(v))], v[min(len(v) - 1, int(0.975 * len(v)))]


def ladder(games: list[Game], bots: list[str], seed: int, bootstrap: int = BOOTSTRAP) -> Ladder:
    """The ratings of `bots` with 95% bootstrap intervals, the head-to-head of every pair, and the 95%
    interval of each bot's share against the one just below it (from the same resampled deals; none for
    two bots that met on a single deal)."""
    n = len(bots)
    anchor = bots.index("random") if "random" in bots else None
    ratings = elo(fit(games, n), anchor)
    by_deal: dict[int, list[Game]] = {}
    for g in games:
        by_deal.setdefault(g.deal, []).append(g)
    keys = sorted(by_deal)
    order = sorted(range(n), key=lambda i: ratings[i])
    steps = list(zip(order[1:], order[:-1]))  # (a bot, the one just below it)
    # each deal's wins for each step's two bots: a resampled share is a sum over the drawn deals
    step_wins = {k: {st: _pair_wins(by_deal[k], *st) for st in steps} for k in keys}
    # a step whose two bots met on one deal only gets no interval: resampling one deal cannot vary it
    dealt = {st: sum(1 for k in keys if any(set(g.seats) == set(st) for g in by_deal[k])) for st in steps}
    rng = random.Random(f"saloon-ladder/{seed}")
    samples: list[list[float]] = [[] for _ in range(n)]
    shares: dict[tuple[int, int], list[float]] = {st: [] for st in steps}
    for _ in range(bootstrap):
        picked = [keys[rng.randrange(len(keys))] for _k in keys]
        drawn = [g for k in picked for g in by_deal[k]]
        for i, r in enumerate(elo(fit(drawn, n, 300), anchor)):
            samples[i].append(r)
        for st in steps:
            wa = sum(step_wins[k][st][0] for k in picked)
            wb = sum(step_wins[k][st][1] for k in picked)
            if wa + wb:
                shares[st].append(wa / (wa + wb))
    low = [_interval(v, r)[0] for v, r in zip(samples, ratings)]
    high = [_interval(v, r)[1] for v, r in zip(samples, ratings)]
    h2h = {(a, b): head_to_head(games, a, b) for a in range(n) for b in range(n) if a != b}
    return Ladder(bots, ratings, low, high, len(games), h2h,
                  {st: _interval(shares[st], h2h[st]) for st in steps if dealt[st] >= 2})


DEFAULT_BOTS = ("random", "greedy", "table:easy", "table:normal", "table:hard", "mcts:50", "mcts:200")


def run_ladder(game: str, bots: list[str], games: int, seed: int, jobs: int, counts: tuple[int, ...],
               root: Path | None = None, progress: Callable[[int], None] | None = None, backend: str = "local",
               ray_address: str | None = None) -> Ladder:
    """The ladder of `bots` (seat specs) on `game`: about `games` games for each pair (whole deals, each
    bot alone in every seat in turn), content from `root` (or the built-in)."""
    if len(set(bots)) != len(bots) or len(bots) < 2:
        raise UsageError(f"--bots {','.join(bots)}: expected at least two different bots")
    for spec in bots:
        make_bot(spec, 0)  # an unknown bot: one clear line before any work
    mean = sum(counts) / len(counts)
    deals = max(1, round(games / (2 * mean)))
    with Runner(game, content_root=root, jobs=jobs, backend=backend, ray_address=ray_address) as runner:
        played = play_ladder(runner, list(bots), counts, seed, deals, progress)
    return ladder(played, list(bots), seed)


def recorded(lad: Ladder, command: str, seed: int, games: int, players: str) -> RecordedLadder:
    """The ladder as content records it (tables/ladder/ladder.yaml): rungs from the strongest down, each
    rating rounded to a whole point and its share against the rung below to a tenth of a percent."""
    order = lad.order()[::-1]
    rungs = []
    for k, i in enumerate(order):
        below = order[k + 1] if k + 1 < len(order) else None
        rungs.append(LadderRung(bot=lad.bots[i], rating=round(lad.ratings[i]), low=round(lad.low[i]), high=round(lad.high[i]),
                                beats_below=round(lad.head_to_head[(i, below)], 3) if below is not None else None,
                                beats_below_low=round(lad.step_interval[(i, below)][0], 3) if (i, below) in lad.step_interval else None,
                                beats_below_high=round(lad.step_interval[(i, below)][1], 3) if (i, below) in lad.step_interval else None))
    return RecordedLadder(command=command, seed=seed, games=games, players=players, played=lad.games, rungs=rungs)
