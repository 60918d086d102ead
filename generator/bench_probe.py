"""One speed measurement, in CPU seconds of this process, through the public engine API only.

`saloon bench` calls these functions in its own process; `saloon bench --against PATH` runs this file
as a script (`python bench_probe.py KIND ARGS...`) with another Saloon checkout first on the import
path, so the same measurement runs on both trees side by side. That is why this module uses nothing
but what every version of the engines offers: `load_game`, `new_game`, `legal_actions`, `apply`,
`random_playout`, `MCTSBot`, the table bot's `TableBot` and `seated_game`, and the exact solver's
`position_with_groups`, `Solver` and `solve` (found by the game's descriptor, or among the bots in a
checkout from before the descriptors). The caller says how many players a game is measured at.
It prints one number per call when run as a script.
"""

from __future__ import annotations

import random
import sys
import time

from generator.bots.mcts import MCTSBot
from generator.bots.table import TableBot, seated_game
from generator.errors import UsageError
from generator.games import load_game  # in every Saloon: games.py, then the games package

try:  # a checkout with game descriptors: a game's exact solver is found through them
    from generator.bots.solver import solver_of
except ImportError:  # an older checkout (bench --against): the Longhorn solver lay among the bots
    from generator.bots import solver as _old_solver

    def solver_of(name):  # the same module for the one game that had a solver
        return _old_solver


def per_second(count: float, elapsed: float) -> float:
    return count / max(elapsed, 1e-9)  # (a coarse clock may read no time at all)


def random_playouts(name: str, n: int, seconds: float) -> tuple[float, int]:
    """Whole games (setup included) of uniformly random play per CPU second: (games/s, games).

    Game seeds 0, 1, 2, ... and one play generator seeded 1, so every run plays the same games."""
    game = load_game(name)
    rng = random.Random(1)
    count = 0
    start = time.process_time()
    while True:
        state = game.new_game(n, seed=count)
        state.random_playout(rng)
        count += 1
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return per_second(count, elapsed), count


def _table_deal(game, n: int, count: int, level: str) -> tuple[list, object, object]:
    """Game `count` of the table bench: its bots (the `level` table in every seat, seeded from the game's
    number), the game seated for them, and the new state (no log: as in simulate and tuning, nobody
    reads a bot game's log)."""
    bots = [TableBot(count * 16 + i, level=level) for i in range(n)]
    seated = seated_game(game, bots, n)
    state = seated.new_game(n, seed=count)
    state.narrate = False
    return bots, seated, state


def table_games(name: str, n: int, seconds: float, level: str = "normal") -> tuple[float, int]:
    """Whole games of decision-table bots per CPU second: the `level` table in every seat (by the game's
    bot-seat rules where its tables ask for them), setup included: (games/s, games). Game seeds 0, 1,
    2, ... and each seat's bot seeded from the game's number, so every run plays the same games."""
    game = load_game(name)
    count = 0
    start = time.process_time()
    while True:
        bots, _seated, state = _table_deal(game, n, count, level)
        while not state.is_over:
            state.apply(bots[state.current_player].choose(state))
        count += 1
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return per_second(count, elapsed), count


def table_replays(name: str, n: int, seconds: float) -> tuple[float, int]:
    """The games `table_games` plays, with their moves replayed instead of chosen: setup and moves per
    CPU second, no bot (what the engine alone costs of a table game): (games/s, games).

    The games are first played and recorded (for `seconds` of CPU, not counted), then replayed once."""
    game = load_game(name)
    seated, games = None, []
    start = time.process_time()
    while time.process_time() - start < seconds:
        bots, seated, state = _table_deal(game, n, len(games), "normal")
        moves = []
        while not state.is_over:
            moves.append(bots[state.current_player].choose(state))
            state.apply(moves[-1])
        games.append(moves)
    start = time.process_time()
    for count, moves in enumerate(games):
        state = seated.new_game(n, seed=count)  # (every seat's table is the same level: the same seating)
        state.narrate = False
        for action in moves:
            state.apply(action)
        if not state.is_over:
            raise RuntimeError(f"{name}: game {count} replayed its moves and did not end (the seeded game changed)")
    return per_second(len(games), time.process_time() - start), len(games)


def decision_point(game, n: int, seed: int):
    """The first position of a seeded `n`-player game where the player to move has a real choice."""
    state = game.new_game(n, seed)
    rng = random.Random(seed)
    while len(state.legal_actions()) < 2:
        actions = state.legal_actions()
        if not actions:
            raise UsageError(f"{game.name}: seed {seed} ends before anyone has a choice to time (check the content)")
        state.apply(actions[rng.randrange(len(actions))])
    return state


def mcts_rate(name: str, n: int, iterations: int) -> float:
    """MCTS iterations per CPU second for one seeded decision (seed 7, the first real choice)."""
    state = decision_point(load_game(name), n, 7)
    bot = MCTSBot(seed=7, iterations=iterations)
    start = time.process_time()
    bot.choose(state)
    return per_second(iterations, time.process_time() - start)


def solver_proof(name: str, seed: int, groups: int) -> tuple[float, int]:
    """CPU seconds and nodes to prove a seeded position of game `name` (one with an exact solver) with
    `groups` groups left."""
    solver = solver_of(name)
    state = solver.position_with_groups(load_game(name), seed, groups)
    search = solver.Solver()
    start = time.process_time()
    search.solve(state)
    return time.process_time() - start, search.nodes


def main(argv: list[str]) -> None:
    kind, args = argv[0], argv[1:]
    if kind == "playouts":
        print(random_playouts(args[0], int(args[1]), float(args[2]))[0])
    elif kind == "tables":
        print(table_games(args[0], int(args[1]), float(args[2]))[0])
    elif kind == "mcts":
        print(mcts_rate(args[0], int(args[1]), int(args[2])))
    elif kind == "solver":
        print(solver_proof(args[0], int(args[1]), int(args[2]))[0])
    else:
        raise SystemExit(f"unknown measurement {kind!r}")


if __name__ == "__main__":
    main(sys.argv[1:])
