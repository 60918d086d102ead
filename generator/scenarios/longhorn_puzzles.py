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

import json
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Callable

from ..bots import make_bot
from ..content import load_content, tables_dir
from ..engine.longhorn import AMBUSH, AMBUSH_CHOICE, STEAL, Move
from ..engine.longhorn.solver import Solver, groups_left
from ..errors import SolverTimeout, UsageError
from ..games import game_of
from ..schema.scenarios import Made, Puzzle, ScenarioFile
from ..sim.seeds import bot_seed
from ..sim.worker import worker_game
from .grading import spread as spread_by_stars
from . import store
from .puzzles import difficulty, puzzle_stars, search_games
from .setup import puzzle_state

NODE_LIMIT = 200_000
GROUPS = (6, 15)  # positions with this many (location, colour) groups left, both ends included
MAX_TURNS = 5  # the winner's turns in a printed solution
GOALS = {"win": 1.0, "not_lose": 0.0}  # a puzzle's goal: the value its answer keeps
@dataclass
class Found:
    position: dict
    seed: int
    solution: list[str]
    first_turn: int
    turns: int
    wrong: int
    goal: str = "win"
    decoys: int = 0

    @property
    def stars(self) -> int:
        return puzzle_stars(self.turns, self.wrong)


def _value(solver: Solver, state: Any, me: int, node_limit: int) -> float:
    if state.is_over:
        winners = tuple(state.result().winners)
        return 1.0 if winners == (me,) else (0.0 if me in winners else -1.0)
    v, _ = solver.solve(state, node_limit=node_limit)
    return v if state.current_player == me else -v


def winning_actions(solver: Solver, state: Any, node_limit: int, goal: str = "win") -> tuple[list[tuple[Any, list]], int]:
    """The actions keeping a sure win for the player to move (goal "not_lose": keeping at least a draw;
    every other action must then be a sure loss, else the first is returned twice over: see `analyse`),
    with their chance outcomes, and how many of the others are plausible (they do not lose at once)."""
    me = state.current_player
    keep = GOALS[goal]
    wins, wrong = [], 0
    for action in state.legal_actions():
        outs = state.chance_outcomes(action)
        value = sum(p * _value(solver, child, me, node_limit) for p, child in outs)
        if value >= keep - 1e-9:
            wins.append((action, outs))
        elif goal == "not_lose" and value > -1.0 + 1e-9:
            wins.append((action, outs))  # neither kept nor a sure loss: the puzzle is not one
        elif not all(child.is_over and me not in child.result().winners for _, child in outs):
            wrong += 1
    return wins, wrong


def deterministic(state: Any) -> bool:
    """No chance can happen from here: no ambush left on the range (its random nugget is the only chance
    after setup), so every value is a sure win, a draw or a sure loss."""
    return not any(t is not None and t[0] == AMBUSH for t in state.tok) and state.phase != AMBUSH_CHOICE


def analyse(state: Any, node_limit: int = NODE_LIMIT, solver: Solver | None = None, goal: str = "win") -> Found | None:
    """The puzzle in `state` (a Longhorn position at a steal), or None if it is not one. Goal "win": a
    forced win with one winning choice at each decision of the first turn. Goal "not_lose": a position
    with no chance left where every choice but one loses by force, and that one holds a draw or a win."""
    solver = solver or Solver()
    me = state.current_player
    try:
        if goal == "not_lose" and not deterministic(state):
            return None
        if _value(solver, state, me, node_limit) < GOALS[goal]:
            return None
        line: list[str] = []
        wrong = 0
        s = state
        while True:  # the first turn: one winning choice at every decision
            wins, w = winning_actions(solver, s, node_limit, goal)
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
    if me not in s.result().winners or (goal == "win" and tuple(s.result().winners) != (me,)):
        return None  # pragma: no cover - the solver proved the win (or the draw)
    return Found(state.state_to_json(), state.seed, line, first_turn, turns, wrong, goal)


def _bots(index: int, content: Any) -> list[str]:
    other = "table:normal" if (tables_dir(content) / "normal.yaml").is_file() else "greedy"
    return ["mcts:200", other] if index % 2 == 0 else [other, "mcts:200"]


def _positions(index: int, seed: int) -> list[Any]:
    """The positions of one seeded bot game worth analysing: at a steal, with GROUPS groups left."""
    game = worker_game()
    state = game.new_game(2, seed)
    bots = [make_bot(spec, bot_seed(seed, i)) for i, spec in enumerate(_bots(index, game.content))]
    positions = []
    while not state.is_over:
        if state.phase == STEAL and GROUPS[0] <= groups_left(state) <= GROUPS[1]:
            positions.append(state.clone())
        state.apply(bots[state.current_player].choose(state))
    for pos in positions:
        pos.history = []
    return positions


def puzzles_from_game(item: tuple[int, int, int]) -> list[Found]:
    """Play one seeded bot game and return the puzzles among its positions (a `Runner.map` job)."""
    index, seed, node_limit = item
    solver = Solver(max_entries=200_000)
    return [pz for pos in _positions(index, seed) if (pz := analyse(pos, node_limit, solver)) is not None]


def hard_puzzles_from_game(item: tuple[int, int, int]) -> list[Found]:
    """The hard puzzles of one seeded bot game (`harden`), of HARD_STARS stars or more (a `Runner.map` job)."""
    index, seed, node_limit = item
    solver = Solver(max_entries=200_000)
    out = []
    for pos in _positions(index, seed):
        pz = analyse(pos, node_limit, solver)
        if pz is not None and pz.stars >= HARD_STARS and pz.turns >= HARD_TURNS:
            hard = harden(pos, pz)
            if hard is not None and hard.decoys:
                out.append(hard)
    return out


def defence_puzzles_from_game(item: tuple[int, int, int]) -> list[Found]:
    """The "only defence" puzzles of one seeded bot game (goal "not_lose", see `analyse`; a `Runner.map` job)."""
    index, seed, node_limit = item
    solver = Solver(max_entries=200_000)
    return [pz for pos in _positions(index, seed) if (pz := analyse(pos, node_limit, solver, "not_lose")) is not None]


KINDS = {  # a kind of puzzle: its job, its ids' prefix, its file, its title
    "win": (puzzles_from_game, "p", "puzzles.yaml", "{who} to play and win"),
    "hard": (hard_puzzles_from_game, "h", "puzzles_hard.yaml", "{who} to play and win"),
    "not_lose": (defence_puzzles_from_game, "d", "puzzles_defence.yaml", "{who} to play and hold"),
}


def spread(found: list[Found], count: int) -> list[Found]:
    return spread_by_stars(found, count, lambda f: f.stars)


def _known(root: Path | None) -> set[str]:
    """The positions of the puzzles already in the content (a new kind's file keeps clear of them)."""
    return {json.dumps(e.position, sort_keys=True) for _, e in store.entries(load_content("longhorn", root))
            if isinstance(e, Puzzle)}


def find_puzzles(count: int, seed: int, jobs: int = 1, node_limit: int = NODE_LIMIT, batch: int = 8,
                 max_games: int = 400, progress: Callable[[int], None] | None = None, backend: str = "local",
                 ray_address: str | None = None, root: Path | None = None, kind: str = "win") -> tuple[ScenarioFile, int]:
    """`count` puzzles (a spread of stars) from seeded bot games, played in batches until enough are
    found (content from `root`, or the built-in); returns the file and the number of games played. `kind`:
    "win" (the first kind), "hard" (3+ turns, decoys, 4-5 stars) or "not_lose" (the only defence); a new
    kind leaves out the positions the content's puzzles already use."""
    if kind not in KINDS:
        raise UsageError(f"--kind {kind!r}: Longhorn's puzzle kinds are {', '.join(KINDS)}")
    job, prefix, _, title = KINDS[kind]
    known = _known(root) if kind != "win" else set()

    def fresh(found: list) -> list:
        return [f for f in found if json.dumps(f.position, sort_keys=True) not in known]

    def done(found: list) -> bool:  # enough for the count, with a choice of stars (the easy ones come first)
        found = fresh(found)
        if kind == "hard":
            return len(found) >= count
        return (len(spread(list(found), count)) >= count and len({f.stars for f in found}) >= min(5, count)
                or len(found) >= 3 * count)

    found, played = search_games("longhorn", job, done, seed, node_limit, jobs, batch, max_games, progress,
                                 backend, ray_address, root)
    found = fresh(found)
    if not found:
        raise UsageError(f"no puzzle found in {played} bot games; raise --max-games or try another --seed")
    chosen = spread(found, count)
    chosen.sort(key=lambda f: (f.stars, difficulty(f.turns, f.wrong), found.index(f)))
    names = game_of(load_content("longhorn", root)).outlaw_names
    puzzles = []
    for k, f in enumerate(chosen, 1):
        who = names[f.position["to_move"]].split()[-1]
        puzzles.append(Puzzle(
            id=f"{prefix}{k:02d}", title=title.format(who=who), seed=f.seed, position=f.position, solution=f.solution,
            first_turn=f.first_turn, turns=f.turns, wrong=f.wrong, stars=f.stars, node_limit=node_limit,
            goal=f.goal, decoys=f.decoys,
        ))
    flag = "" if kind == "win" else f" --kind {kind}"
    command = f"saloon scenarios puzzles longhorn{flag} --count {count} --seed {seed} --node-limit {node_limit}"
    made = Made(command=command, note="positions from seeded games of mcts:200 against the normal decision table; "
                                      "every proof by the exact solver within the node limit")
    return ScenarioFile(game="longhorn", made=made, puzzles=puzzles), played


def reprove(puzzle: Puzzle, game: Any) -> Found | None:
    """Prove a stored puzzle again from its position (what the tests and `scenarios check` do); a puzzle
    with decoys is a hard one: its decoys are counted again and the win shown to need HARD_TURNS turns."""
    state = puzzle_state(game, puzzle)
    found = analyse(state, puzzle.node_limit, goal=puzzle.goal)
    if found is not None and puzzle.decoys:
        return harden(state, found)
    return found


__all__ = ["Found", "KINDS", "analyse", "count_decoys", "find_puzzles", "harden", "puzzle_stars", "reprove",
           "wins_within", "winning_actions"]


def file_header(sf: ScenarioFile) -> list[str]:
    """The comment lines a written puzzle file starts with: what the puzzles are and how they were made."""
    assert sf.made is not None  # (a found puzzle file says how it was made)
    if sf.puzzles and sf.puzzles[0].goal == "not_lose":
        what = ["Longhorn puzzles, the only defence: positions from seeded bot games, with no chance left, where every",
                "first turn but one loses by force and that one holds a draw or a win, every proof by the exact solver",
                "(see generator/scenarios/longhorn_puzzles.py)."]
    elif sf.puzzles and sf.puzzles[0].decoys:
        what = ["Longhorn puzzles, the hard ones: forced wins with exactly one winning first turn that need 3 or more of",
                "the winner's turns (none wins within 2), with decoys: wrong first choices that win against a defender",
                "taking the most money at once but not against the best defence (see generator/scenarios/longhorn_puzzles.py)."]
    else:
        what = ["Longhorn puzzles: positions from seeded bot games where the player to move wins by force with exactly",
                "one winning first turn, every proof by the exact solver (see generator/scenarios/longhorn_puzzles.py)."]
    return what + [f"Made by: {sf.made.command}", "Play one: saloon play longhorn --scenario ID"]


# --- harder puzzles: no win within two turns, decoys -----------------------------------------------
# A hard puzzle is a puzzle (above) whose win needs 3 or more of the winner's turns: the search below
# proves that no line wins within 2 of them whatever the defence. A decoy is a plausible wrong first choice
# that wins against a weaker defence: a defender who always takes the choice that leaves it with the most
# money by the count right now (an immediate win first; on a tie, the first choice in the engine's order).
# It looks like a win until the best defence refutes it.

HARD_TURNS = 3  # the winner's turns a hard puzzle needs at least
HARD_STARS = 4  # the stars a hard puzzle has at least
SHORT_NODES = 100_000  # the node budget of the "no win within 2 turns" proof
DECOY_NODES = 20_000  # the node budget of each "wins against the greedy defence" search


class _Budget(Exception):
    """A bounded search ran out of nodes: nothing proved."""


def _outs(state: Any, action: Any) -> list:
    return [child for _, child in state.chance_outcomes(action)]


def wins_within(state: Any, me: int, turns: int, nodes: int = SHORT_NODES) -> bool:
    """Whether `me` (to steal now) surely wins within `turns` of its own turns, whatever the defence
    (a snake oil's extra turn counts as a turn). Raises _Budget past `nodes` positions."""
    memo: dict = {}
    count = [0]

    def search(s: Any, left: int) -> bool:
        if s.is_over:
            return tuple(s.result().winners) == (me,)
        mine = s.current_player == me
        if mine and s.phase == STEAL:
            if left == 0:
                return False
            left -= 1
        key = (s.key(), left)
        if key in memo:
            return memo[key]
        count[0] += 1
        if count[0] > nodes:
            raise _Budget
        if mine:
            v = any(all(search(c, left) for c in _outs(s, a)) for a in s.legal_actions())
        else:
            v = all(all(search(c, left) for c in _outs(s, a)) for a in s.legal_actions())
        memo[key] = v
        return v

    return search(state, turns)


def greedy_defence(state: Any) -> Any:
    """The weaker defence's choice: the one leaving the defender the most money by the count now (an
    immediate win first), the first such in the engine's order; chance outcomes averaged."""
    me = state.current_player
    best, best_value = None, float("-inf")
    for action in state.legal_actions():
        value = 0.0
        for p, child in state.chance_outcomes(action):
            if child.is_over:  # a won game beats any count, a lost one is worse than any
                reward = child.result().reward(me)
                value += p * (2.0 if reward >= 1.0 else -1.0 if reward <= 0.0 else reward)
            else:
                value += p * child.heuristic(me)
        if value > best_value + 1e-12:
            best, best_value = action, value
    return best


def wins_against_greedy(state: Any, me: int, nodes: int = DECOY_NODES) -> bool:
    """Whether `me` surely wins from `state` when the other outlaw plays `greedy_defence` (every
    choice of `me` and every chance outcome searched). Raises _Budget past `nodes` positions."""
    memo: dict = {}
    count = [0]

    def search(s: Any) -> bool:
        if s.is_over:
            return tuple(s.result().winners) == (me,)
        key = s.key()
        if key in memo:
            return memo[key]
        count[0] += 1
        if count[0] > nodes:
            raise _Budget
        if s.current_player == me:
            v = any(all(search(c) for c in _outs(s, a)) for a in s.legal_actions())
        else:
            v = all(search(c) for c in _outs(s, greedy_defence(s)))
        memo[key] = v
        return v

    return search(state)


def first_turn_wrong(state: Any, found: Found) -> list[Any]:
    """The plausible wrong choices of the winner's first turn (at each of its decisions on the solution
    line), each as the position it leads to (a chance choice: None)."""
    me = state.current_player
    s = state.clone()
    out = []
    for text in found.solution[: found.first_turn]:
        right = s.parse(text)
        for action in s.legal_actions():
            if str(action) == text:
                continue
            outs = _outs(s, action)
            if all(c.is_over and me not in c.result().winners for c in outs):
                continue  # loses at once: not plausible
            out.append(outs[0] if len(outs) == 1 else None)
        s.apply(right)
    return out


def count_decoys(state: Any, found: Found, nodes: int = DECOY_NODES) -> int:
    """How many plausible wrong first choices win against the greedy defence (a search past its budget
    does not count)."""
    me = state.current_player
    n = 0
    for child in first_turn_wrong(state, found):
        if child is None:
            continue
        try:
            n += wins_against_greedy(child, me, nodes)
        except _Budget:
            pass
    return n


def harden(state: Any, found: Found) -> Found | None:
    """`found` as a hard puzzle, its decoys counted; None when its win may come within HARD_TURNS - 1
    turns (or that is not proved within SHORT_NODES)."""
    try:
        if wins_within(state, state.current_player, HARD_TURNS - 1):
            return None
    except _Budget:
        return None
    return replace(found, decoys=count_decoys(state, found))
