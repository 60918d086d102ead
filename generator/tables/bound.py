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
class KindLoss:
    """The printed table's decisions of one kind in the endgame, judged by the solver."""

    positions: int = 0  # decisions whose every choice the solver proved
    optimal: int = 0  # of those, where the table's choice has the best value
    let_go: int = 0  # of those, where the best choice wins (value above 0) and the table's does not


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


def _play(game: Any, bots: list, seed: int, watch: Callable[[Any, Any], None] | None = None) -> Any:
    """Play a deal to the end; `watch(state, action)` sees every decision before it is applied."""
    state = game.new_game(2, seed)
    while not state.is_over:
        action = bots[state.current_player].choose(state)
        if watch is not None:
            watch(state, action)
        state.apply(action)
    return state.result()


def _judge(b: Bound, seat: int, groups: int, node_limit: int) -> Callable[[Any, Any], None]:
    """A watcher that judges the seat's endgame decisions with the solver, per decision kind."""
    from ..bots.solver import groups_left
    from ..engine.longhorn.features import decision_kind
    from .measure import choice_values

    def watch(state: Any, action: Any) -> None:
        if state.current_player != seat or groups_left(state) > groups:
            return
        actions = state.legal_actions()
        if len(actions) < 2:
            return
        values = choice_values(state, node_limit)
        if values is None:
            return
        k = b.kinds.setdefault(decision_kind(state), KindLoss())
        k.positions += 1
        got = values[actions.index(action)]
        k.optimal += got >= max(values) - 1e-9
        k.let_go += max(values) > 0 >= got

    return watch


def endgame_bound(game: Any, table: Any, opponents: list[str], seed: int, deals: int, groups: int,
                  node_limit: int = 400_000, progress: Callable[[int], None] | None = None,
                  losses: bool = False) -> dict[str, Bound]:
    """{opponent: Bound} over `deals` deals, each played with the table in both seats. With `losses`,
    the printed table's endgame decisions are also judged by the solver, per decision kind."""
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
                    watch = _judge(b, k, groups, node_limit) if losses and not exact else None
                    wins.append(_count(b.exact if exact else b.as_is, _play(game, bots, s, watch), k))
                b.diffs.append(wins[1] - wins[0])
                if progress:
                    progress(1)
    return out
