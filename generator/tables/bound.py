"""How much of a Longhorn table's gap lies in the endgame: the table as printed, and the same table
handing every decision to the exact solver once few enough (ranch, colour) groups are left.

Both play the same deals, both seats, against the same opponent with the same bot seeds, so the two
games of a deal are move for move the same until the endgame begins. What the exact endgame adds is
the most any endgame rule could add; what stays missing lies in the opening and middle game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from ..errors import UsageError
from ..simulate import bot_seed, game_seed
from .measure import Tally


class EndgameBot:
    """A table bot that plays the solver's best choice once at most `groups` groups are left and the
    solver proves the position within `node_limit` nodes (counted in nodes: the same on any machine);
    otherwise the table decides."""

    name = "table+solver"

    def __init__(self, table_bot: Any, groups: int, node_limit: int = 400_000):
        self.table_bot = table_bot
        self.groups = groups
        self.node_limit = node_limit

    def choose(self, state: Any) -> Any:
        from ..bots.solver import Solver, SolverTimeout, groups_left

        if groups_left(state) <= self.groups and len(state.legal_actions()) > 1:
            try:
                return Solver().solve(state, node_limit=self.node_limit)[1]
            except SolverTimeout:
                pass
        return self.table_bot.choose(state)


@dataclass
class Bound:
    """One opponent's games: the table as printed, and with the exact endgame."""

    as_is: Tally = field(default_factory=Tally)
    exact: Tally = field(default_factory=Tally)
    diffs: list[int] = field(default_factory=list)  # per game: exact's win (1) minus as-is's win (1)

    def gain_interval(self) -> tuple[float, float, float]:
        """The paired difference in win rate (exact minus as printed) and its 95% interval."""
        n = len(self.diffs)
        if n == 0:
            return 0.0, 0.0, 0.0
        mean = sum(self.diffs) / n
        var = sum((d - mean) ** 2 for d in self.diffs) / (n - 1) if n > 1 else 0.0
        half = 1.96 * (var / n) ** 0.5
        return mean, mean - half, mean + half


def _count(tally: Tally, outcome: Any, seat: int) -> int:
    """Add one finished game to `tally`; 1 if the seat won it alone."""
    tally.games += 1
    winners = list(outcome.winners)
    if winners == [seat]:
        tally.wins += 1
        return 1
    if seat in winners:
        tally.draws += 1
    else:
        tally.losses += 1
    return 0


def _play(game: Any, bots: list, seed: int) -> Any:
    state = game.new_game(2, seed)
    while not state.is_over:
        state.apply(bots[state.current_player].choose(state))
    return state.result()


def endgame_bound(game: Any, table: Any, opponents: list[str], seed: int, deals: int, groups: int,
                  node_limit: int = 400_000, progress: Callable[[int], None] | None = None) -> dict[str, Bound]:
    """{opponent: Bound} over `deals` deals, each played with the table in both seats."""
    from ..bots import make_bot
    from ..bots.table import TableBot

    if game.name != "longhorn":
        raise UsageError(f"tables bound: {game.name} has no exact solver; the endgame bound is for longhorn")
    if groups < 1:
        raise UsageError(f"--groups {groups}: expected at least 1")
    out: dict[str, Bound] = {}
    for opp in opponents:
        b = out[opp] = Bound()
        for i in range(deals):
            s = game_seed(seed, i)
            for k in (0, 1):
                wins = []
                for exact in (False, True):
                    bots: list = [None, None]
                    bots[k] = TableBot(bot_seed(s, k), table=table)
                    if exact:
                        bots[k] = EndgameBot(bots[k], groups, node_limit)
                    bots[1 - k] = make_bot(opp, bot_seed(s, 1 - k))
                    wins.append(_count(b.exact if exact else b.as_is, _play(game, bots, s), k))
                b.diffs.append(wins[1] - wins[0])
                if progress:
                    progress(1)
    return out
