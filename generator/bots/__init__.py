"""Bots that play any game through the engine contract.

A bot has a `name` and `choose(state) -> Action`. It decides from what its seat may know: bots that
look ahead work on `state.determinize(seat, rng)` copies, never on the real hidden state. Each bot owns
a seeded `random.Random`, so the same seed gives the same choices.

Seat specs name a bot and optionally its budget: `random`, `greedy`, `mcts`, `mcts:800` (iterations),
`mcts-guided`, `mcts-guided:800` (the search guided by the game's policy and evaluation, where the
game offers them: Way Out West; elsewhere the plain search),
`solver` (the games with an exact solver: Longhorn), `table` (the normal decision table), `table:easy|normal|hard`, or
`table:FILE.yaml` (a house table).
"""

from __future__ import annotations

from typing import Any, Protocol

from ..engine.core import Action, State
from ..errors import UsageError, shorten
from ..schema.tables import LEVELS
from .greedy import GreedyBot
from .mcts import GuidedMCTSBot, MCTSBot
from .random_bot import RandomBot
from .solver import SolverBot
from .table import TableBot, seated_game


class Bot(Protocol):
    name: str

    def choose(self, state: State) -> Action: ...


BOT_NAMES = ("random", "greedy", "mcts", "mcts-guided", "solver", "table")
DEFAULT_MCTS_ITERATIONS = 400
# a search's budget per move, at most: about half a minute a move on one core, and its tree a few hundred
# MB; a seat spec from the command line, a scenario or a save never asks for more
MAX_ITERATIONS = 100_000


def make_bot(spec: str, seed: int = 0, **params) -> Bot:
    """A bot from a seat spec like `mcts` or `mcts:800`; `params` override the spec's budget."""
    name, _, arg = spec.strip().partition(":")
    name = name.lower()
    if name == "table":
        if arg.lower().endswith((".yaml", ".yml")):
            return TableBot(seed, path=arg)
        level = arg.lower() or "normal"
        if level not in LEVELS:
            raise UsageError(f"bot {spec!r}: table levels are {', '.join(LEVELS)} (or table:FILE.yaml)")
        return TableBot(seed, level=level)
    if arg:
        text = arg.strip()
        try:  # (a number of more than 12 digits is over the bound: not worth reading whole)
            budget = int(text) if len(text) <= 12 or not text.lstrip("+-").isdigit() else MAX_ITERATIONS + 1
        except ValueError:
            raise UsageError(f"bot {shorten(spec, 40)!r}: the part after ':' must be a whole number (iterations)") from None
        if not 1 <= budget <= MAX_ITERATIONS:
            raise UsageError(f"bot {shorten(spec, 40)!r}: iterations must be 1 to {MAX_ITERATIONS:,}")
        params.setdefault("iterations", budget)
    if not 1 <= params.get("iterations", 1) <= MAX_ITERATIONS:
        raise UsageError(f"bot {shorten(spec, 40)!r}: iterations must be 1 to {MAX_ITERATIONS:,}")
    if name == "random":
        return RandomBot(seed)
    if name == "greedy":
        return GreedyBot(seed)
    if name == "mcts":
        return MCTSBot(seed, iterations=params.get("iterations", DEFAULT_MCTS_ITERATIONS))
    if name == "mcts-guided":
        return GuidedMCTSBot(seed, iterations=params.get("iterations", DEFAULT_MCTS_ITERATIONS))
    if name == "solver":
        return SolverBot(seed)
    raise UsageError(
        f"unknown bot {spec!r}; expected one of: {', '.join(BOT_NAMES)} (mcts:iterations, table:level)"
    )


def seated_for(game: Any, specs: list[str | None]) -> Any:
    """`seated_game` from seat specs (None: a person's seat), for the referee and the scenarios, which
    know their seats before any bot plays: the bot on screen is the one on the printed sheet."""
    return seated_game(game, [None if spec is None else make_bot(spec, 0) for spec in specs], len(specs))
