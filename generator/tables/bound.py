"""How much of a Longhorn table's gap lies in the endgame: the table as printed, and the same table
handing every decision to the exact solver once few enough (ranch, colour) groups are left.

Both play the same deals, both seats, against the same opponent with the same bot seeds, so the two
games of a deal are move for move the same until the endgame begins. What the exact endgame adds is
the most any endgame rule could add; what stays missing lies in the opening and middle game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from .. import registry
from ..bots.solver import solver_of
from ..bots.vocabulary import vocabulary
from ..errors import SolverTimeout
from ..errors import UsageError
from ..games import with_capability
from ..sim.seeds import game_seed
from .measure import Agreement, Tally, play_deal, solver_verdict, table_pair


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
        solver = solver_of(state.game.name)
        if solver.groups_left(state) <= self.groups and len(state.legal_actions()) > 1:
            try:
                return solver.solve(state, node_limit=self.node_limit)[1]
            except SolverTimeout:
                pass
        return self.table_bot.choose(state)


@dataclass
class KindLoss(Agreement):
    """The printed table's decisions of one kind in the endgame, judged by the solver."""

    let_go: int = 0  # of the proven ones, where the best choice wins (value above 0) and the table's does not


@dataclass
class Bound:
    """One opponent's games: the table as printed, and with the exact endgame."""

    as_is: Tally = field(default_factory=Tally)
    exact: Tally = field(default_factory=Tally)
    diffs: list[int] = field(default_factory=list)  # per game: exact's win (1) minus as-is's win (1)
    kinds: dict[str, KindLoss] = field(default_factory=dict)  # with losses: per decision kind

    def gain_interval(self) -> tuple[float, float, float]:
        """The paired difference in win rate (exact minus as printed) and its 95% interval."""
        n = len(self.diffs)
        if n == 0:
            return 0.0, 0.0, 0.0
        mean = sum(self.diffs) / n
        var = sum((d - mean) ** 2 for d in self.diffs) / (n - 1) if n > 1 else 0.0
        half = 1.96 * (var / n) ** 0.5
        return mean, mean - half, mean + half


def _judge(b: Bound, seat: int, groups: int, node_limit: int) -> Callable[[Any, Any], None]:
    """A watcher that judges the seat's endgame decisions with the solver, per decision kind."""
    def watch(state: Any, action: Any) -> None:
        if state.current_player != seat:
            return
        verdict = solver_verdict(state, action, groups, node_limit)
        if verdict is None:
            return
        best, got = verdict
        k = b.kinds.setdefault(vocabulary(state.game.name).decision_kind(state), KindLoss())
        k.add(best, got)
        k.let_go += best > 0 >= got

    return watch


def endgame_bound(game: Any, table: Any, opponents: list[str], seed: int, deals: int, groups: int,
                  node_limit: int = 400_000, progress: Callable[[int], None] | None = None,
                  losses: bool = False) -> dict[str, Bound]:
    """{opponent: Bound} over `deals` deals, each played with the table in both seats. With `losses`,
    the printed table's endgame decisions are also judged by the solver, per decision kind."""
    if not registry.descriptor(game.name).capabilities.exact_solver:
        solved = ", ".join(with_capability("exact_solver"))
        raise UsageError(f"tables bound: {game.name} has no exact solver; the endgame bound is for {solved}")
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
                    bots = table_pair(table, opp, s, k)
                    if exact:
                        bots[k] = EndgameBot(bots[k], groups, node_limit)
                    watch = _judge(b, k, groups, node_limit) if losses and not exact else None
                    outcome = play_deal(game, bots, s, watch)
                    (b.exact if exact else b.as_is).add(outcome, k)
                    wins.append(int(outcome.reward(k) >= 1.0))
                b.diffs.append(wins[1] - wins[0])
                if progress:
                    progress(1)
    return out
