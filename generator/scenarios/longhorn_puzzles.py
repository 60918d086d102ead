"""Longhorn puzzles: real positions (from seeded bot games) where the player to move wins by force
with exactly one winning first turn, proved by the exact solver.

A position qualifies when the solver proves it a sure win for the player to move and, at each of that
player's decisions of the first turn (the steal, any token choice, the ride), exactly one action keeps
the sure win: every other action is proved not to win (a draw, a loss, or a win left to chance); at
least one of those others must be plausible (not lose at once), or there is nothing to find. The
solution line then follows the solver to the end (the winner's winning choices, the loser's replies);
a line through a chance event (an ambush's random nugget) is not used. Grade: the winner's turns in
the line and the plausible wrong choices of the first turn (those that do not lose at once).

Each bot game is one job on the work seam (`Runner.map`), with its own solver and a node budget per
proof, so the puzzles found depend on the seed only, never on the number of processes.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from ..bots import make_bot
from ..content import load_content, tables_dir
from ..engine.longhorn import STEAL, Move
from ..engine.longhorn.solver import Solver, groups_left
from ..errors import SolverTimeout, UsageError
from ..games import game_of
from ..schema.scenarios import Made, Puzzle, ScenarioFile
from ..sim.seeds import bot_seed
from ..sim.worker import worker_game
from .grading import spread as spread_by_stars
from .puzzles import difficulty, puzzle_stars, search_games
from .setup import puzzle_state

NODE_LIMIT = 200_000
GROUPS = (6, 15)  # positions with this many (location, colour) groups left, both ends included
MAX_TURNS = 5  # the winner's turns in a printed solution
@dataclass
class Found:
    position: dict
    seed: int
    solution: list[str]
    first_turn: int
    turns: int
    wrong: int

    @property
    def stars(self) -> int:
        return puzzle_stars(self.turns, self.wrong)


def _value(solver: Solver, state: Any, me: int, node_limit: int) -> float:
    if state.is_over:
        winners = tuple(state.result().winners)
        return 1.0 if winners == (me,) else (0.0 if me in winners else -1.0)
    v, _ = solver.solve(state, node_limit=node_limit)
    return v if state.current_player == me else -v


def winning_actions(solver: Solver, state: Any, node_limit: int) -> tuple[list[tuple[Any, list]], int]:
    """The actions keeping a sure win for the player to move (with their chance outcomes), and how
    many of the others are plausible (they do not lose at once)."""
    me = state.current_player
    wins, wrong = [], 0
    for action in state.legal_actions():
        outs = state.chance_outcomes(action)
        value = sum(p * _value(solver, child, me, node_limit) for p, child in outs)
        if value >= 1.0 - 1e-9:
            wins.append((action, outs))
        elif not all(child.is_over and me not in child.result().winners for _, child in outs):
            wrong += 1
    return wins, wrong


def analyse(state: Any, node_limit: int = NODE_LIMIT, solver: Solver | None = None) -> Found | None:
    """The puzzle in `state` (a Longhorn position at a steal), or None if it is not one."""
    solver = solver or Solver()
    me = state.current_player
    try:
        if _value(solver, state, me, node_limit) < 1.0:
            return None
        line: list[str] = []
        wrong = 0
        s = state
        while True:  # the first turn: one winning choice at every decision
            wins, w = winning_actions(solver, s, node_limit)
            wrong += w
            if len(wins) != 1 or len(wins[0][1]) != 1:
                return None
            action, [(_, s)] = wins[0]
            line.append(str(action))
            if s.is_over or isinstance(action, Move) or s.current_player != me:
                break
        if wrong == 0:
            return None  # every other first choice loses at once: no puzzle to solve
        first_turn = len(line)
        turns = 1
        last_mover, last_was_move = me, isinstance(action, Move)
        while not s.is_over:
            mover = s.current_player
            if mover == me and (last_mover != me or last_was_move):
                turns += 1
                if turns > MAX_TURNS:
                    return None
            _, action = solver.solve(s, node_limit=node_limit)
            outs = s.chance_outcomes(action)
            if len(outs) != 1:
                return None  # a chance event on the line: no single printed solution
            line.append(str(action))
            last_mover, last_was_move = mover, isinstance(action, Move)
            s = outs[0][1]
    except SolverTimeout:
        return None
    if tuple(s.result().winners) != (me,):
        return None  # pragma: no cover - the solver proved the win
    return Found(state.state_to_json(), state.seed, line, first_turn, turns, wrong)


def _bots(index: int, content: Any) -> list[str]:
    other = "table:normal" if (tables_dir(content) / "normal.yaml").is_file() else "greedy"
    return ["mcts:200", other] if index % 2 == 0 else [other, "mcts:200"]


def puzzles_from_game(item: tuple[int, int, int]) -> list[Found]:
    """Play one seeded bot game and return the puzzles among its positions (a `Runner.map` job)."""
    index, seed, node_limit = item
    game = worker_game()
    state = game.new_game(2, seed)
    bots = [make_bot(spec, bot_seed(seed, i)) for i, spec in enumerate(_bots(index, game.content))]
    positions = []
    while not state.is_over:
        if state.phase == STEAL and GROUPS[0] <= groups_left(state) <= GROUPS[1]:
            positions.append(state.clone())
        state.apply(bots[state.current_player].choose(state))
    solver = Solver(max_entries=200_000)
    found = []
    for pos in positions:
        pos.history = []
        pz = analyse(pos, node_limit, solver)
        if pz is not None:
            found.append(pz)
    return found


def spread(found: list[Found], count: int) -> list[Found]:
    return spread_by_stars(found, count, lambda f: f.stars)


def find_puzzles(count: int, seed: int, jobs: int = 1, node_limit: int = NODE_LIMIT, batch: int = 8,
                 max_games: int = 400, progress: Callable[[int], None] | None = None, backend: str = "local",
                 ray_address: str | None = None, root: Path | None = None) -> tuple[ScenarioFile, int]:
    """`count` puzzles (a spread of stars) from seeded bot games, played in batches until enough are
    found (content from `root`, or the built-in); returns the file and the number of games played."""
    def done(found: list) -> bool:  # enough for the count, with a choice of stars (the easy ones come first)
        return (len(spread(list(found), count)) >= count and len({f.stars for f in found}) >= min(5, count)
                or len(found) >= 3 * count)

    found, played = search_games("longhorn", puzzles_from_game, done, seed, node_limit, jobs, batch, max_games, progress,
                                 backend, ray_address, root)
    if not found:
        raise UsageError(f"no puzzle found in {played} bot games; raise --max-games or try another --seed")
    chosen = spread(found, count)
    chosen.sort(key=lambda f: (f.stars, difficulty(f.turns, f.wrong), found.index(f)))
    names = game_of(load_content("longhorn", root)).outlaw_names
    puzzles = []
    for k, f in enumerate(chosen, 1):
        who = names[f.position["to_move"]].split()[-1]
        puzzles.append(Puzzle(
            id=f"p{k:02d}", title=f"{who} to play and win", seed=f.seed, position=f.position, solution=f.solution,
            first_turn=f.first_turn, turns=f.turns, wrong=f.wrong, stars=f.stars, node_limit=node_limit,
        ))
    command = f"saloon scenarios puzzles longhorn --count {count} --seed {seed} --node-limit {node_limit}"
    made = Made(command=command, note="positions from seeded games of mcts:200 against the normal decision table; "
                                      "every proof by the exact solver within the node limit")
    return ScenarioFile(game="longhorn", made=made, puzzles=puzzles), played


def reprove(puzzle: Puzzle, game: Any) -> Found | None:
    """Prove a stored puzzle again from its position (what the tests and `scenarios check` do)."""
    return analyse(puzzle_state(game, puzzle), puzzle.node_limit)


__all__ = ["Found", "analyse", "find_puzzles", "puzzle_stars", "reprove", "winning_actions"]


def file_header(sf: ScenarioFile) -> list[str]:
    """The comment lines a written puzzle file starts with: what the puzzles are and how they were made."""
    assert sf.made is not None  # (a found puzzle file says how it was made)
    return [
        "Longhorn puzzles: positions from seeded bot games where the player to move wins by force with exactly",
        "one winning first turn, every proof by the exact solver (see generator/scenarios/longhorn_puzzles.py).",
        f"Made by: {sf.made.command}",
        "Play one: saloon play longhorn --scenario ID",
    ]
