"""Play many seeded games between bots and summarise them (win/draw/loss with 95% intervals).

Game i of a run with seed S uses the game seed `game_seed(S, i)`, and each bot's generator is seeded
from that game seed and its seat, so a run gives the same results whether it uses one process or many.
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from ..bots import make_bot
from ..bots.table import seated_game
from ..engine.core import Game, Outcome, State
from ..errors import EngineError, UsageError, shorten
from .. import registry
from ..games import load_game, titles, with_capability
from ..schema.common import MAX_PLAYERS  # no game takes more; checked before a seat list is built
from .dispatch import Runner
from .seeds import bot_seed, game_seed
from .worker import Job

MAX_GAMES = 1_000_000
SEED_LIMIT = 2**63  # seeds are whole numbers of at most 63 bits either side of 0 (save files hold them)


def parse_seats(text: str | list[str]) -> list[str]:
    seats = [s.strip() for s in (text.split(",") if isinstance(text, str) else text) if s.strip()]
    if not seats:
        raise UsageError(f"--seats {text!r}: expected a comma-separated list such as mcts,random")
    if len(seats) > MAX_PLAYERS:
        raise UsageError(f"--seats: {len(seats)} seats; no game takes more than {MAX_PLAYERS}")
    for spec in seats:
        make_bot(spec, 0)  # fails with a clear message on an unknown bot or a bad budget
    return seats


def run_game(game: Game, seats: list[str], players: int | None = None, seed: int = 0, max_moves: int = 100_000,
             narrate: bool = True) -> State:
    """Play one game to the end with the bots named by `seats`; returns the finished state (with its log
    unless `narrate` is off: the same game, told to nobody)."""
    players = players or len(seats)
    if len(seats) != players:
        raise UsageError(f"{len(seats)} seats given ({','.join(seats)}) for a {players}-player game")
    bots = [make_bot(spec, bot_seed(seed, i)) for i, spec in enumerate(seats)]
    state = seated_game(game, bots, players).new_game(players, seed)  # a table may play by bot-seat rules
    state.narrate = narrate
    for _ in range(max_moves):
        if state.is_over:
            return state
        state.apply(bots[state.current_player].choose(state))
    raise EngineError(f"{game.name} seed {seed}: the game did not end within {max_moves:,} moves (check the content)")


def play_game(game: Game, seats: list[str], players: int | None = None, seed: int = 0) -> Outcome:
    return run_game(game, seats, players, seed, narrate=False).result()


@dataclass
class GameResult:
    index: int
    seed: int
    scores: tuple[float, ...]
    winners: tuple[int, ...]
    reason: str
    length: int


@dataclass
class SeatSummary:
    seat: int
    bot: str
    wins: int = 0
    draws: int = 0
    losses: int = 0
    score_total: float = 0.0

    def games(self) -> int:
        return self.wins + self.draws + self.losses

    def win_rate(self) -> float:
        return self.wins / self.games() if self.games() else 0.0

    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games())

    def mean_score(self) -> float:
        return self.score_total / self.games() if self.games() else 0.0


@dataclass
class Summary:
    game: str
    players: int
    games: int
    seed: int
    seats: list[SeatSummary]
    mean_length: float
    reasons: dict[str, int] = field(default_factory=dict)
    results: list[GameResult] = field(default_factory=list)


def wilson(successes: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval for a proportion."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def check_seed(seed: int | None, flag: str = "--seed") -> None:
    if seed is not None and not -SEED_LIMIT < seed < SEED_LIMIT:
        raise UsageError(f"{flag} {shorten(seed, 30)}: expected a whole number between -2**63 and 2**63")


def check_bots(name: str, specs: list[str]) -> None:
    """Every bot spec names a bot that can play `name` (the solver plays the games with an exact solver)."""
    for spec in specs:
        make_bot(spec, 0)  # a clear line on an unknown bot or a bad budget
        if spec.strip().lower().partition(":")[0] == "solver" and not registry.descriptor(name).capabilities.exact_solver:
            solved = titles(with_capability("exact_solver"))
            raise UsageError(f"the solver bot plays {solved} only, not {name}; use mcts, greedy or random")


def effective_jobs(jobs: int, games: int) -> tuple[int, str]:
    """`jobs` capped by the number of games and of CPUs; the note says why when it was capped."""
    cpus = os.cpu_count() or 1
    capped = max(1, min(jobs, games, cpus))
    if capped == jobs:
        return jobs, ""
    why = f"{games} games" if capped == games and games < cpus else f"{cpus} CPUs"
    return capped, f"--jobs {jobs}: using {capped} (only {why})"


def check_run(
    name: str,
    games: int,
    seats: list[str],
    players: int | None,
    jobs: int,
    options: dict,
    content_root: Path | None = None,
) -> tuple[list[str], int]:
    """Check a run before any work (game, options, seats, counts); returns (seats, players).

    One seat spec for a multi-player game fills every seat. Leaves the game loaded for this process.
    """
    if not 1 <= games <= MAX_GAMES:
        raise UsageError(f"--games {shorten(games, 30)}: expected 1 to {MAX_GAMES:,}")
    if jobs < 1:
        raise UsageError(f"--jobs {shorten(jobs, 30)}: expected at least 1")
    if players is not None and not 1 <= players <= MAX_PLAYERS:
        raise UsageError(f"--players {shorten(players, 30)}: expected 1 to {MAX_PLAYERS}")
    players = players or len(seats)
    if len(seats) == 1 and players > 1:
        seats = seats * players
    if len(seats) != players:
        raise UsageError(f"{len(seats)} seats given ({shorten(','.join(seats), 80)}) for a {players}-player game")
    check_bots(name, seats)
    load_game(name, content_root, **options).check_players(players)
    return seats, players


def simulate(
    name: str,
    games: int,
    seats: list[str],
    players: int | None = None,
    seed: int = 0,
    jobs: int = 1,
    options: dict | None = None,
    content_root: Path | None = None,
    progress: Callable[[int], None] | None = None,
    backend: str = "local",
    ray_address: str | None = None,
) -> Summary:
    """Play `games` seeded games; identical results for any `jobs` and either backend."""
    options = options or {}
    seats, players = check_run(name, games, seats, players, jobs, options, content_root)
    jobs, _ = effective_jobs(jobs, games)
    work = [Job(game_seed(seed, i), tuple(seats)) for i in range(games)]
    with Runner(name, options, content_root, jobs, backend, ray_address) as runner:
        played = runner.run(work, progress)
    results = [GameResult(i, job.seed, r.scores, r.winners, r.reason, r.length) for i, (job, r) in enumerate(zip(work, played))]
    return summarise(name, players, seed, seats, results)


def summarise(name: str, players: int, seed: int, seats: list[str], results: list[GameResult]) -> Summary:
    table = [SeatSummary(i, spec) for i, spec in enumerate(seats)]
    reasons: dict[str, int] = {}
    for r in results:
        reasons[r.reason] = reasons.get(r.reason, 0) + 1
        for s in table:
            s.score_total += r.scores[s.seat]
            if s.seat in r.winners:
                if len(r.winners) == 1:
                    s.wins += 1
                else:
                    s.draws += 1
            else:
                s.losses += 1
    mean_length = sum(r.length for r in results) / len(results) if results else 0.0
    return Summary(name, players, len(results), seed, table, mean_length, reasons, results)
