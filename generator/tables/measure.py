"""Measuring decision tables: win rates against reference bots (seats rotated, common deals, 95%
intervals), and for Longhorn the share of decisions the exact solver proves optimal.

Deal i of a run with seed S is `game_seed(S, i)`; every deal is played once with the table in each
seat (the other seats held by the opponent), so every opponent and every level meets the same deals.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from ..bots import make_bot
from ..bots.solver import solver_of
from ..bots.table import TableBot
from ..sim.seeds import bot_seed
from ..sim.simulate import wilson

from ..sim.seeds import game_seed
from ..sim.dispatch import Runner
from ..sim.worker import Job, Result, table_seat

REFERENCE_OPPONENTS = ("random", "greedy", "mcts:200", "mcts:1000")


@dataclass
class Tally:
    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    reward: float = 0.0  # sum of rewards (a shared win counts its share)
    score: float = 0.0  # sum of the seat's final scores (Colt Express: loot)

    def add(self, result: Result, seat: int) -> None:
        self.games += 1
        r = result.reward(seat)
        self.reward += r
        self.score += result.scores[seat]
        if r >= 1.0:
            self.wins += 1
        elif r > 0.0:
            self.draws += 1
        else:
            self.losses += 1

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def mean_score(self) -> float:
        return self.score / self.games if self.games else 0.0

    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)

    def to_header(self, score: bool = False) -> dict:
        """The header's figures; with `score`, the mean final score too (games whose score means
        something on its own, such as Colt Express's loot)."""
        lo, hi = self.interval()
        out = {
            "games": self.games, "wins": self.wins, "draws": self.draws, "losses": self.losses,
            "win_rate": round(self.win_rate, 4), "low": round(lo, 4), "high": round(hi, 4),
        }
        if score:
            out["mean_score"] = round(self.mean_score, 1)
        return out


def deal_players(counts: tuple[int, ...], deal: int) -> int:
    """Player count of deal i in a run over a family of counts (e.g. 2-3 players: 2, 3, 2, 3 ...)."""
    return counts[deal % len(counts)]


def rotated_jobs(seat: Any, opponent: Any, counts: tuple[int, ...], seed: int, deals: int,
                 first: int = 0) -> list[tuple[int, int, Job]]:
    """(deal, table seat, job) for each deal and each seat of the table, the other seats held by
    `opponent`; deal i is played by `deal_players(counts, i)` players."""
    out = []
    for i in range(first, first + deals):
        s = game_seed(seed, i)
        n = deal_players(counts, i)
        for k in range(n):
            seats = tuple(seat if j == k else opponent for j in range(n))
            out.append((i, k, Job(s, seats)))
    return out


def deals_for(games: int, counts: tuple[int, ...]) -> int:
    """Deals needed for about `games` games when every deal is played once per seat."""
    mean = sum(counts) / len(counts)
    return max(1, round(games / mean))


def versus(runner: Runner, seat: Any, opponent: str, counts: tuple[int, ...], seed: int, games: int,
           progress: Callable[[int], None] | None = None) -> Tally:
    """About `games` games (whole deals, every seat) of `seat` against `opponent`."""
    triples = rotated_jobs(seat, opponent, counts, seed, deals_for(games, counts))
    results = runner.run([job for _, _, job in triples], progress)
    tally = Tally()
    for (_, k, _), res in zip(triples, results):
        tally.add(res, k)
    return tally


def matrix(runner: Runner, tables: dict[str, Any], opponents: list[str], counts: tuple[int, ...], seed: int, games: int,
           progress: Callable[[int], None] | None = None) -> dict[str, dict[str, Tally]]:
    """Every level against every opponent: {level: {opponent: Tally}}."""
    out: dict[str, dict[str, Tally]] = {}
    for level, table in tables.items():
        seat = table if isinstance(table, str) else table_seat(table)
        out[level] = {opp: versus(runner, seat, opp, counts, seed, games, progress) for opp in opponents}
    return out


# --- solver agreement (Longhorn) -------------------------------------------------------------------


@dataclass
class Agreement:
    positions: int = 0  # decisions whose every choice the solver proved
    optimal: int = 0  # of those, where the table's choice has the best value

    @property
    def share(self) -> float:
        return self.optimal / self.positions if self.positions else 0.0

    def to_header(self) -> dict:
        return {"positions": self.positions, "optimal": self.optimal, "share": round(self.share, 4)}

    def add(self, best: float, got: float) -> None:
        """One proven decision: the best choice's value and the chosen one's (`solver_verdict`)."""
        self.positions += 1
        self.optimal += got >= best - 1e-9


def choice_values(state: Any, node_limit: int) -> list[float] | None:
    """The exact value of each legal action for the player to move (the game's solver), or None if one
    is not proven."""
    return solver_of(state.game.name).choice_values(state, node_limit)


def table_pair(table: Any, opponent: str, deal_seed: int, seat: int) -> list:
    """The two bots of a two-player deal: `table` in `seat`, `opponent` in the other, each seeded from
    the deal's seed and its seat."""
    bots: list = [None, None]
    bots[seat] = TableBot(bot_seed(deal_seed, seat), table=table)
    bots[1 - seat] = make_bot(opponent, bot_seed(deal_seed, 1 - seat))
    return bots


def play_deal(game: Any, bots: list, seed: int, watch: Callable[[Any, Any], None] | None = None) -> Any:
    """Play a two-player deal to the end and return its Outcome; `watch(state, action)` sees every
    decision before it is applied."""
    state = game.new_game(2, seed)
    while not state.is_over:
        action = bots[state.current_player].choose(state)
        if watch is not None:
            watch(state, action)
        state.apply(action)
    return state.result()


def solver_verdict(state: Any, action: Any, max_groups: int, node_limit: int) -> tuple[float, float] | None:
    """(the best choice's value, `action`'s value) for the player to move, when it has a real choice,
    at most `max_groups` (ranch, colour) groups are left and the solver proves every choice; else None."""
    if solver_of(state.game.name).groups_left(state) > max_groups:
        return None
    actions = state.legal_actions()
    if len(actions) < 2:
        return None
    values = choice_values(state, node_limit)
    if values is None:
        return None
    return max(values), values[actions.index(action)]


def solver_agreement(game: Any, table: Any, opponent: str, seed: int, deals: int, max_groups: int = 12,
                     node_limit: int = 50_000, progress: Callable[[int], None] | None = None) -> Agreement:
    """Play `deals` deals (both seats) of `table` against `opponent`; at every table decision with at
    most `max_groups` (ranch, colour) groups left and a real choice, ask the solver for every choice's
    value; count the decisions it proves, and those where the table's choice is among the best."""
    agree = Agreement()
    for i in range(deals):
        s0 = game_seed(seed, i)
        for k in (0, 1):
            def watch(state: Any, action: Any, k: int = k) -> None:
                if state.current_player != k:
                    return
                verdict = solver_verdict(state, action, max_groups, node_limit)
                if verdict is not None:
                    agree.add(*verdict)

            play_deal(game, table_pair(table, opponent, s0, k), s0, watch)
            if progress:
                progress(1)
    return agree
