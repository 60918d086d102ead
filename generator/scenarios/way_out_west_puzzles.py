"""Way Out West puzzles: the last round of a real game, you against two printed bots, everything on the
table (every town, every purse, the boxes already taken): which action box do you take now, and where,
to win the game (the most VP, a tie broken as the rules say) whatever the dice?

The bots are the Normal sheet: each places its markers, bids and fights by its sheet, rolling a die where
the sheet leaves a tie. A gunfight's dice are taken by their number of hits: each volley of k dice is one
chance event with k + 1 outcomes, each with its exact binomial chance (engine/randomness.py `hits`: in
the proof only; a game in play rolls its dice face by face as always); a robbery's dice by their sum
(`total`). The proof (scenarios/exact.py) takes every outcome of every such event and every face of every
bot's tie-break die; a gunfight's exchange where every shot misses comes back to the same choices and is
weighed out (it ends with certainty).

A position qualifies when exactly one of your choices now wins whatever the dice (you finish as the game's
only winner in every outcome, your later choices made well) and every other choice does not. The
solution line follows the winning choice to the end of the game with the puzzle's own seeded dice (your
first sure-winning choice at each later decision, the bots' replies by their sheets); a bot's die on the
line is not printed (the position is not used). Grade: your action boxes in the line (`turns`) and the
other choices that are tempting (`wrong`: some dice would let them win, but not all), as Longhorn's
and Colt Express's puzzles are graded.

Each bot game is one job on the work seam (`Runner.map`), with a node budget per proof, so the puzzles
found depend on the seed only, never on the number of processes.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from ..bots import make_bot, seated_for
from ..bots.table import TableBot
from ..engine.way_out_west.notation import ACT
from ..errors import SolverTimeout, UsageError
from ..schema.scenarios import Made, Puzzle, ScenarioFile
from ..sim.seeds import bot_seed
from ..sim.worker import worker_game
from .exact import Proof, bot_outcomes
from .grading import spread as spread_by_stars
from .puzzles import difficulty, puzzle_stars, search_games
from .setup import from_position, puzzle_state

PLAYERS = 3
BOT = "table:normal"  # the printed bots of every puzzle
PROXY = "table:normal"  # plays the person's seat in the games the positions come from
NODE_LIMIT = 12_000  # positions searched per proof (a last action takes a few hundred, a first one thousands)
MIN_CHOICES = 3  # a choice between one box and passing is no puzzle
SURE = 1.0 - 1e-9


def printed_bots(me: int, players: int = PLAYERS) -> dict[int, TableBot]:
    bots = {}
    for seat in range(players):
        if seat != me:
            bot = make_bot(BOT, 0)
            assert isinstance(bot, TableBot)
            bots[seat] = bot
    return bots


@dataclass
class Found:
    position: dict
    seed: int
    me: int
    solution: list[str]
    turns: int
    wrong: int

    @property
    def stars(self) -> int:
        return puzzle_stars(self.turns, self.wrong)


def in_last_round(state: Any) -> bool:
    """The person to place their last action marker of the game (the last round's second action; no
    gunfight under way): the proof then runs to the end in a few hundred positions, where a search from
    the first marker takes tens of thousands."""
    return (not state.is_over and state.phase == ACT and state.fight is None and state.step >= state.num_players
            and state.round == state.rules.rounds_for[state.num_players])


def analyse(state: Any, node_limit: int = NODE_LIMIT) -> Found | None:
    """The puzzle in `state` (a Way Out West position in the last round, the person to place a marker), or
    None. `state`'s generator rolls the solution line's dice (the puzzle's seed)."""
    if not in_last_round(state):
        return None
    me = state.current_player
    actions = state.legal_actions()
    if len(actions) < MIN_CHOICES:
        return None
    bots = printed_bots(me, state.num_players)
    sure = Proof(me, bots, node_limit, mode="sure")
    try:
        winning = []
        for action in actions:
            if sure.after(state, action) >= SURE:
                winning.append(action)
                if len(winning) > 1:
                    return None
        if len(winning) != 1:
            return None
        maybe = Proof(me, bots, node_limit, mode="possible")
        wrong = sum(1 for a in actions if a is not winning[0] and maybe.after(state, a) >= SURE)
        line, s, turns, action = [], state.clone(), 0, winning[0]
        while True:  # the line, with the position's own dice; no die of a bot's on it
            if s.current_player == me and s.fight is None:
                turns += 1
            line.append(str(action))
            s.apply(action)
            if s.is_over:
                break
            if s.current_player == me:
                action = next(a for a in s.legal_actions() if sure.after(s, a) >= SURE)
            else:
                outs = bot_outcomes(bots[s.current_player], s)
                if len(outs) != 1:
                    return None  # a die on the line: no single printed solution
                action = outs[0][1]
    except SolverTimeout:
        return None
    if not sure.won(s):
        return None  # pragma: no cover - the proof said so
    return Found(state.state_to_json(), state.seed, me, line, turns, wrong)


def puzzles_from_game(item: tuple[int, int, int]) -> list[Found]:
    """Play one seeded game (the person's seat rotating with `index`) and return the puzzles among its
    last round's positions (a `Runner.map` job)."""
    index, seed, node_limit = item
    me = index % PLAYERS
    game = seated_for(worker_game(), [None if s == me else BOT for s in range(PLAYERS)])
    state = game.new_game(PLAYERS, seed)
    bots = [make_bot(PROXY if s == me else BOT, bot_seed(seed, s)) for s in range(PLAYERS)]
    positions = []
    while not state.is_over:
        if state.current_player == me and in_last_round(state):
            positions.append(state.clone())
        state.apply(bots[state.current_player].choose(state))
    found = []
    for pos in positions:
        pos.log = []  # what happened before is not part of the puzzle: the table shows all there is
        # the position as the puzzle file deals it again: its generator seeded with the game's seed
        pz = analyse(from_position(game, pos.state_to_json(), seed), node_limit)
        if pz is not None:
            found.append(pz)
    return found


def find_puzzles(count: int, seed: int, jobs: int = 1, node_limit: int = NODE_LIMIT, batch: int = 8,
                 max_games: int = 400, progress: Callable[[int], None] | None = None, backend: str = "local",
                 ray_address: str | None = None, root: Path | None = None) -> tuple[ScenarioFile, int]:
    """`count` puzzles (a spread of stars) from seeded games, played in batches until enough are found
    (content from `root`, or the built-in); returns the file and the number of games played."""
    found, played = search_games(
        "way_out_west", puzzles_from_game,
        lambda found: len(spread_by_stars(list(found), count, lambda f: f.stars)) >= count and len(found) >= 2 * count,
        seed, node_limit, jobs, batch, max_games, progress, backend, ray_address, root)
    if not found:
        raise UsageError(f"no puzzle found in {played} bot games; raise --max-games or try another --seed")
    chosen = spread_by_stars(found, count, lambda f: f.stars)
    chosen.sort(key=lambda f: (f.stars, difficulty(f.turns, f.wrong), found.index(f)))
    puzzles = []
    for k, f in enumerate(chosen, 1):
        colour = str(f.position["order"][f.position["step"] % PLAYERS]).capitalize()
        puzzles.append(Puzzle(
            id=f"p{k:02d}", title=f"Last round: {colour} to win", seed=f.seed, position=f.position,
            solution=f.solution, first_turn=1, turns=f.turns, wrong=f.wrong, stars=f.stars, node_limit=node_limit,
            seats=["you" if s == f.me else BOT for s in range(PLAYERS)]))
    command = (f"saloon scenarios puzzles way_out_west --count {count} --seed {seed} --max-games {max_games} "
               f"--node-limit {node_limit}")
    made = Made(command=command, note=f"last rounds of seeded 3-player games ({PROXY} in your seat and in the others); "
                                      "every proof an exhaustive search over your choices, the bots' tie-break dice, "
                                      "every gunfight volley's number of hits and every robbery's sum, each with its "
                                      "exact chance")
    return ScenarioFile(game="way_out_west", made=made, puzzles=puzzles), played


def reprove(puzzle: Puzzle, game: Any) -> Found | None:
    """Prove a stored puzzle again from its position (what the tests and `scenarios check` do)."""
    seats = puzzle.seats or []
    seated = seated_for(game, [None if s == "you" else s for s in seats]) if seats else game
    return analyse(puzzle_state(seated, puzzle), puzzle.node_limit)


def file_header(sf: ScenarioFile) -> list[str]:
    """The comment lines a written puzzle file starts with: what the puzzles are and how they were made."""
    assert sf.made is not None  # (a found puzzle file says how it was made)
    return [
        "Way Out West puzzles: the last round of a seeded game, you against two Normal bots, everything shown;",
        "exactly one action now wins whatever the dice (the bots' tie-break dice, every gunfight's hits, every",
        "robbery's sum), proved by exhaustive search (see generator/scenarios/way_out_west_puzzles.py).",
        f"Made by: {sf.made.command}",
        "Play one: saloon play way_out_west --scenario ID",
    ]


__all__ = ["Found", "analyse", "find_puzzles", "reprove", "file_header", "in_last_round", "printed_bots"]
