"""Colt Express puzzles: the last round of a real game, you against two printed bots, everything on
the table (every hand, open, every deck in order, every purse): which card do you schedule now
to win the game (the most money, a tie broken as the rules say)?

The bots are the Normal sheet at open-hand bot seats (the sheet's own bot-seat rules): a bot's hand lies
face up, it picks the card to schedule (or to draw) and what its card leaves open (which way, whom,
which loot) by its sheet. Where the sheet leaves a tie, the bot rolls a die; the proof takes every face
of every such die, and every purse a punch may knock loose (the engine's own draw). So the round is a one-person
search: a position qualifies when exactly one of your choices now wins whatever the dice (you finish
as the game's winner in every outcome: the most money, a tie broken by the rules; your later choices made well), and every other choice
does not (some roll, or every roll, beats you). The solution line follows the winning choice to the
end of the game (your first winning choice at each later decision, the bots' replies); a line through a
bot's die roll is not printed (the position is not used). Grade: the cards you still schedule in the
line (`turns`) and the other choices that fail (`wrong`), as Longhorn's puzzles are graded.

Each bot game is one job on the work seam (`Runner.map`), with a node budget per proof, so the puzzles
found depend on the seed only, never on the number of processes.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from ..bots import make_bot, seated_for
from ..bots.table import TableBot
from ..content import load_content
from ..engine.colt_express.actions import SCHEME
from ..errors import SolverTimeout, UsageError
from ..schema.scenarios import Made, Puzzle, ScenarioFile
from ..sim.seeds import bot_seed
from ..sim.worker import worker_game
from .exact import Proof, bot_outcomes, outcomes
from .grading import spread as spread_by_stars
from .puzzles import difficulty, puzzle_stars, search_games
from .setup import puzzle_state

PLAYERS = 3
BOT = "table:normal"  # the printed bots of every puzzle
PROXY = "greedy"  # plays the person's seat in the games the positions come from
NODE_LIMIT = 20_000  # positions searched per proof (a proof of the last round takes a few hundred)
MIN_CHOICES = 3  # a choice between one card and drawing is no puzzle
MAX_DRAW = 12  # the engine's own draws (a punched bandit's purses) the proof takes every face of


def printed_bots(game: Any, me: int, players: int) -> dict[int, TableBot]:
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


def analyse(state: Any, node_limit: int = NODE_LIMIT) -> Found | None:
    """The puzzle in `state` (a Colt Express position in the last round, the person to scheme), or None."""
    me = state.current_player
    if state.is_over or state.phase != SCHEME or state.round_no != state.cfg.rounds:
        return None
    proof = Proof(me, printed_bots(state.game, me, state.num_players), node_limit, draws=MAX_DRAW)
    try:
        values = [(action, proof.after(state, action)) for action in state.legal_actions()]
        winning = [a for a, v in values if v >= 1.0 - 1e-9]
        if len(winning) != 1 or len(values) < MIN_CHOICES:
            return None
        line, s, turns, action = [], state, 0, winning[0]
        while True:  # the line: no die of a bot's and no draw of the engine's on it
            if s.current_player == me:
                turns += s.phase == SCHEME
            line.append(str(action))
            after = outcomes(s, action, MAX_DRAW)
            if len(after) != 1:
                return None
            s = after[0][1]
            if s.is_over:
                break
            if s.current_player == me:
                action = next(a for a in s.legal_actions() if proof.after(s, a) >= 1.0 - 1e-9)
            else:
                outs = bot_outcomes(proof.bots[s.current_player], s)
                if len(outs) != 1:
                    return None  # a die on the line: no single printed solution
                action = outs[0][1]
    except SolverTimeout:
        return None
    assert proof.won(s)  # (the proof said so)
    return Found(state.state_to_json(), state.seed, me, line, turns, len(values) - 1)


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
        if state.current_player == me and state.phase == SCHEME and state.round_no == state.cfg.rounds:
            positions.append(state.clone())
        state.apply(bots[state.current_player].choose(state))
    found = []
    for pos in positions:
        pos.history = []
        pos.log = []  # what happened before is not part of the puzzle: the table shows all there is
        pz = analyse(pos, node_limit)
        if pz is not None:
            found.append(pz)
    return found


def find_puzzles(count: int, seed: int, jobs: int = 1, node_limit: int = NODE_LIMIT, batch: int = 8,
                 max_games: int = 400, progress: Callable[[int], None] | None = None, backend: str = "local",
                 ray_address: str | None = None, root: Path | None = None) -> tuple[ScenarioFile, int]:
    """`count` puzzles (a spread of stars) from seeded games, played in batches until enough are found
    (content from `root`, or the built-in); returns the file and the number of games played."""
    found, played = search_games(
        "colt_express", puzzles_from_game,
        lambda found: len(spread_by_stars(list(found), count, lambda f: f.stars)) >= count and len(found) >= 2 * count,
        seed, node_limit, jobs, batch, max_games, progress, backend, ray_address, root)
    if not found:
        raise UsageError(f"no puzzle found in {played} bot games; raise --max-games or try another --seed")
    chosen = spread_by_stars(found, count, lambda f: f.stars)
    chosen.sort(key=lambda f: (f.stars, difficulty(f.turns, f.wrong), found.index(f)))
    characters = load_content("colt_express", root).characters
    puzzles = []
    for k, f in enumerate(chosen, 1):
        name = characters[f.position["chosen"][f.me]].name  # (the bandit's character, as content lists them)
        puzzles.append(Puzzle(
            id=f"p{k:02d}", title=f"Last round: {name} takes the money", seed=f.seed, position=f.position,
            solution=f.solution, first_turn=1, turns=f.turns, wrong=f.wrong, stars=f.stars, node_limit=node_limit,
            seats=["you" if s == f.me else BOT for s in range(PLAYERS)]))
    command = (f"saloon scenarios puzzles colt_express --count {count} --seed {seed} --max-games {max_games} "
               f"--node-limit {node_limit}")
    made = Made(command=command, note=f"last rounds of seeded 3-player games ({PROXY} in your seat, the Normal sheet "
                                      "in the others); every proof an exhaustive search over your choices, the bots' "
                                      "tie-break dice and the purses a punch knocks loose")
    return ScenarioFile(game="colt_express", made=made, puzzles=puzzles), played


def reprove(puzzle: Puzzle, game: Any) -> Found | None:
    """Prove a stored puzzle again from its position (what the tests and `scenarios check` do)."""
    seats = puzzle.seats or []
    seated = seated_for(game, [None if s == "you" else s for s in seats]) if seats else game
    return analyse(puzzle_state(seated, puzzle), puzzle.node_limit)


def file_header(sf: ScenarioFile) -> list[str]:
    """The comment lines a written puzzle file starts with: what the puzzles are and how they were made."""
    assert sf.made is not None  # (a found puzzle file says how it was made)
    return [
        "Colt Express puzzles: the last round of a seeded game, you against two Normal bots, everything shown;",
        "exactly one card to schedule now wins whatever the bots' tie-break dice, proved by exhaustive search",
        "(see generator/scenarios/colt_express_puzzles.py).",
        f"Made by: {sf.made.command}",
        "Play one: saloon play colt_express --scenario ID",
    ]


__all__ = ["Found", "analyse", "find_puzzles", "reprove", "file_header"]
