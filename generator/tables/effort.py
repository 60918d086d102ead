"""What a printed table costs the person who runs it: seconds per decision, measured on seeded games.

A person follows a sheet's rules in order, as the bot does (bots/table_code.py), and pays for what they
read: for each rule, each condition read for every choice still in play (a feature `per: position` is
read once for all), until a condition leaves none (the rule does not apply) or the rule's keys pick;
then a tie broken by the printed order or a die. The seconds of each reading come from the content
(`effort` in features.yaml: a spot, a row, the whole board, a look-ahead; a rule; a tie).

`step_effort` walks one traced step (bots/table.py `Trace`: every feature of the kind, per choice) and
returns the seconds and the choice the walk reaches, which is the bot's own (a test holds them equal),
so the effort is the effort of the decision the bot really made. `measure_effort` plays seeded games
of a table against an opponent, seats rotated, and gives per decision kind the median and 95th
percentile seconds, and the same for whole decisions ("all": a decision in two steps is both)."""

from __future__ import annotations

import statistics
from dataclasses import dataclass
from typing import Any, Callable, Sequence

from ..bots import make_bot
from ..bots.table import TableBot, Trace, kind_features, seated_game
from ..schema.common import EffortSeconds, GameContent
from ..schema.tables import Decision, Table
from ..sim.seeds import bot_seed
from .measure import rotated_jobs

ALL = "all"  # the figure over whole decisions (every step of each)


@dataclass(frozen=True)
class EffortFigure:
    """Seconds a person spends on one kind of decision: over `decisions` real choices (more than one
    candidate), the median and the 95th percentile."""

    decisions: int
    median: float
    p95: float

    def to_header(self) -> dict:
        return {"decisions": self.decisions, "median": round(self.median, 1), "p95": round(self.p95, 1)}


def seconds_of(content: GameContent) -> EffortSeconds:
    """The game's scale of reading times (content `effort`); a game with tables must give one."""
    if content.effort is None:
        raise ValueError(f"{content.game.title}: features.yaml gives no effort seconds (effort: {{spot: ..., ...}})")
    return content.effort


@dataclass
class Walked:
    """A traced step followed as a person follows the sheet: the seconds it took, the candidate reached,
    and what each reading did (for a worked example): `skipped` the candidates the avoid line set aside
    (empty when it set aside none, or would have set aside all); `rules` each rule read, in order, as
    (its index, the candidates meeting its conditions, the candidates its keys kept); `tied` the candidates
    the tie-break chose among (one: no tie)."""

    seconds: float
    chosen: int
    skipped: list[int]
    rules: list[tuple[int, list[int], list[int]]]
    tied: list[int]
    tie_break: str


def walk_step(decision: Decision | None, trace: Trace, content: GameContent, secs: EffortSeconds) -> Walked:
    """Follow `decision`'s rules over one traced step, as a person does, noting each reading."""
    at = {name: i for i, name in enumerate(kind_features(content, trace.kind))}
    rows = trace.rows
    cost = 0.0

    def read(feature: str, k: int) -> float:
        spec = content.features[feature]
        unit: float = getattr(secs, spec.effort)
        return unit if spec.per == "position" else unit * k

    def value(i: int, feature: str) -> int:
        return rows[i][at[feature]]

    cands = list(range(len(rows)))
    picked: list[int] | None = None
    skipped: list[int] = []
    read_rules: list[tuple[int, list[int], list[int]]] = []
    tie_break = decision.tie_break if decision is not None else "first"
    if decision is not None:
        if decision.avoid:
            cost += secs.rule
            for c in decision.avoid:
                cost += read(c.feature, len(cands))
            kept = [i for i in cands if not any(c.holds(value(i, c.feature)) for c in decision.avoid)]
            if kept:
                skipped = [i for i in cands if i not in kept]
            cands = kept or cands
        for n, rule in enumerate(decision.rules):
            cost += secs.rule
            s = cands
            for c in rule.when:
                cost += read(c.feature, len(s))
                s = [i for i in s if c.holds(value(i, c.feature))]
                if not s:
                    break
            meeting = s
            if not s:
                read_rules.append((n, [], []))
                continue
            for k in rule.prefer:
                if len(s) > 1:
                    cost += read(k.feature, len(s))
                    best = (max if k.sense == "max" else min)(value(i, k.feature) for i in s)
                    s = [i for i in s if value(i, k.feature) == best]
            read_rules.append((n, meeting, s))
            picked = s
            break
    if picked is None:
        picked = cands
    if len(picked) > 1:
        cost += secs.tie_d6 if tie_break == "d6" else secs.tie_first
        chosen = trace.chosen if trace.rolled else min(picked, key=lambda i: trace.order[i])  # the die's pick is the bot's own
        return Walked(cost, chosen, skipped, read_rules, picked, tie_break)
    return Walked(cost, picked[0], skipped, read_rules, picked, tie_break)


def step_effort(decision: Decision | None, trace: Trace, content: GameContent, secs: EffortSeconds) -> tuple[float, int]:
    """(seconds, the candidate reached) of following `decision`'s rules over one traced step."""
    walked = walk_step(decision, trace, content, secs)
    return walked.seconds, walked.chosen


def decision_effort(table: Table, steps: Sequence[Trace], content: GameContent, secs: EffortSeconds) -> float:
    """Seconds of one whole decision (both steps of a decision in two)."""
    return sum(step_effort(table.decisions.get(t.kind), t, content, secs)[0] for t in steps)


def figure(seconds: list[float]) -> EffortFigure:
    ordered = sorted(seconds)
    p95 = ordered[min(len(ordered) - 1, max(0, -(-95 * len(ordered) // 100) - 1))] if ordered else 0.0
    return EffortFigure(len(ordered), statistics.median(ordered) if ordered else 0.0, p95)


def traced_decisions(game: Any, table: Table, opponent: str, counts: tuple[int, ...], seed: int, games: int,
                     watch: Callable[[int], None] | None = None) -> list[list[Trace]]:
    """The table's decisions with a real choice in about `games` seeded games against `opponent` (whole
    deals, the table in every seat in turn, as `tables eval` plays them), each as its traced steps."""
    return [d for played in traced_games(game, table, opponent, counts, seed, games, watch) for d in played]


def traced_games(game: Any, table: Table, opponent: str, counts: tuple[int, ...], seed: int, games: int,
                 watch: Callable[[int], None] | None = None) -> list[list[list[Trace]]]:
    """`traced_decisions`, game by game."""
    out: list[list[list[Trace]]] = []
    deals = max(1, round(games / (sum(counts) / len(counts))))
    for _deal, k, job in rotated_jobs("table", opponent, counts, seed, deals):
        trace: list[Trace] = []
        bots: list[Any] = [TableBot(bot_seed(job.seed, j), table=table, trace=trace) if j == k
                           else make_bot(opponent, bot_seed(job.seed, j)) for j in range(len(job.seats))]
        state = seated_game(game, bots, len(bots)).new_game(len(bots), job.seed)
        state.narrate = False
        played: list[list[Trace]] = []
        while not state.is_over:
            seat = state.current_player
            before = len(trace)
            action = bots[seat].choose(state)
            if seat == k and len(trace) > before:
                played.append(trace[before:])
            state.apply(action)
        out.append(played)
        if watch is not None:
            watch(1)
    return out


def measure_effort(game: Any, table: Table, opponent: str, counts: tuple[int, ...], seed: int, games: int,
                   watch: Callable[[int], None] | None = None) -> dict[str, EffortFigure]:
    """Per decision kind, and over whole decisions (`ALL`), the seconds a person spends running `table`
    in about `games` seeded games against `opponent`."""
    return effort_of(game.content, table, traced_games(game, table, opponent, counts, seed, games, watch))


def measure_table(game: Any, table: Table, opponent: str, counts: tuple[int, ...], seed: int, games: int,
                  watch: Callable[[int], None] | None = None) -> tuple[dict[str, EffortFigure], dict[str, float]]:
    """`measure_effort` and `figures_of` on the same games."""
    played = traced_games(game, table, opponent, counts, seed, games, watch)
    return effort_of(game.content, table, played), figures_of(game.content, played)


def figures_of(content: GameContent, played: list[list[list[Trace]]]) -> dict[str, float]:
    """The content's sensible-play figures (`figures`) over traced games: from the row of the choice made
    at each step of the figure's decision kind (a figure whose kind never came up is left out)."""
    out: dict[str, float] = {}
    for name, spec in content.figures.items():
        at = {n: i for i, n in enumerate(kind_features(content, spec.kind))}
        per_game: list[list[tuple]] = [[t.rows[t.chosen] for steps in decisions for t in steps if t.kind == spec.kind]
                                       for decisions in played]
        rows = [r for g in per_game for r in g]
        if not rows:
            continue
        meets = [all(c.holds(r[at[c.feature]]) for c in spec.when) for r in rows]
        if spec.how == "count":
            out[name] = sum(meets) / len(played)
        elif spec.how == "share":
            out[name] = sum(meets) / len(rows)
        elif spec.how == "mean":
            out[name] = statistics.fmean(r[at[spec.feature or ""]] for r in rows)
        else:
            lasts = [g[-1][at[spec.feature or ""]] for g in per_game if g]
            out[name] = statistics.fmean(lasts)
    return out


def effort_of(content: GameContent, table: Table, played: list[list[list[Trace]]]) -> dict[str, EffortFigure]:
    """Per decision kind, and over whole decisions (`ALL`), the seconds of following `table` over traced games."""
    secs = seconds_of(content)
    per_kind: dict[str, list[float]] = {}
    whole: list[float] = []
    for steps in (d for decisions in played for d in decisions):
        total = 0.0
        for t in steps:
            s = step_effort(table.decisions.get(t.kind), t, content, secs)[0]
            per_kind.setdefault(t.kind, []).append(s)
            total += s
        whole.append(total)
    out = {kind: figure(v) for kind, v in per_kind.items()}
    out[ALL] = figure(whole)
    return out
