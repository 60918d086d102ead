"""Computing a decision table by simulation: a (1+lambda) evolution strategy with racing.

The search state is one table (the parent). Each generation makes `lam` mutants (each one to three
edits: add, drop, reorder or edit a rule; change a condition's threshold, operator or feature; add,
drop or flip a ranking key; switch the tie-break), always within the size limits of the schema and of
the level. Every table is scored on the same seeded deals (common random numbers: deal i, every
table, every opponent, the table in each seat), so two tables differ only by their choices. A mutant
is raced: it plays the deals in batches and is dropped as soon as its paired difference from the
parent falls clearly below zero (two standard errors); one that finishes every deal with a higher
score replaces the parent (on equal score, a smaller table does). At the end, a pruning pass drops
every rule and condition whose removal does not lower the score, so the printed card stays short.

The search is seeded: the same game, level, budget and seed give the same table, whatever the number
of processes. Budgets are counted in games played.
"""

from __future__ import annotations

import math
import random
import statistics
from dataclasses import dataclass
from typing import Any, Callable

from ..bots.table import kind_features
from .effort import seconds_of, step_effort
from ..bots.table_code import RowColumns, compile_picker
from ..schema.tables import MAX_CONDITIONS, MAX_KEYS, MAX_RULES, Condition, Decision, Key, Rule, Table
from ..sim.seeds import bot_seed
from .measure import rotated_jobs
from ..sim.dispatch import Runner
from ..sim.worker import Job, table_seat
from ..sim.seeds import game_seed


EFFORT_SAMPLE = 400  # traced steps of each decision kind a table's effort is counted on, in tuning
EFFORT_WEIGHT = 0.25  # objective (mean reward) given up for each budget's worth of median seconds over it


@dataclass(frozen=True)
class LevelSpec:
    opponents: tuple[str, ...]
    max_rules: int
    objective: str  # "max": mean reward; "target": distance of each opponent's reward from `targets`
    targets: tuple[float, ...] = ()
    deep: bool = True  # may use the vocabulary's look-ahead features
    help: str = ""


LEVEL_SPECS = {
    "easy": LevelSpec(("random", "greedy"), 3, "target", (0.75, 0.35), deep=False,
                      help="beats random clearly, loses to greedy: reward near 75% against random and 35% against greedy; "
                           "at most 3 rules per decision, no look-ahead features"),
    "normal": LevelSpec(("greedy", "random"), MAX_RULES, "max",
                        help="as strong as the rules allow against greedy and random"),
    "hard": LevelSpec(("greedy", "random", "table:normal"), MAX_RULES, "max",
                      help="as strong as the rules allow against greedy, random and the normal table"),
}


@dataclass(frozen=True)
class Requirement:
    """Something every kept table must do, whether or not the search's opponents punish its absence
    (a game's vocabulary gives them as `TUNE_REQUIREMENTS`): on at least `share` of the occasions (the
    distinct values of feature `per`, e.g. each round of each game) where the table makes a `kind`
    decision, it picks at least once a candidate whose `feature` equals `value`. Way Out West: the
    table raises a bid in at least a third of the rounds (a bot that always drops out hands a person
    first place for nothing, and the greedy and random opponents do not exploit that)."""

    kind: str
    feature: str
    value: int
    share: float
    per: str
    why: str = ""


@dataclass
class Vocab:
    """What a rule may use at each decision kind: the features and their ranges (from content)."""

    kinds: list[str]
    features: dict[str, list[str]]  # kind -> feature names
    flag: dict[str, bool]
    top: dict[str, int]  # an upper value for thresholds of each count feature


def vocab_of(content: Any, deep_features: set[str], deep: bool) -> Vocab:
    kinds = list(content.decisions)
    features: dict[str, list[str]] = {k: [] for k in kinds}
    flag = {}
    for name, spec in content.features.items():
        if not deep and name in deep_features:
            continue
        flag[name] = spec.kind == "flag"
        for k in spec.decisions:
            features[k].append(name)
    return Vocab(kinds, features, flag, {name: 9 for name in flag})


# --- mutations --------------------------------------------------------------------------------------


def _random_condition(v: Vocab, kind: str, rng: random.Random) -> Condition:
    f = rng.choice(v.features[kind])
    if v.flag[f]:
        return Condition(feature=f, op="=", value=rng.randint(0, 1))
    op = rng.choice((">=", "<=", "=", ">", "<"))
    return Condition(feature=f, op=op, value=rng.randint(0, v.top[f]))


def _random_key(v: Vocab, kind: str, rng: random.Random) -> Key:
    return Key(sense=rng.choice(("max", "min")), feature=rng.choice(v.features[kind]))


def _random_rule(v: Vocab, kind: str, rng: random.Random) -> Rule:
    when = [_random_condition(v, kind, rng) for _ in range(rng.choice((0, 1, 1, 2)))]
    prefer = [_random_key(v, kind, rng) for _ in range(rng.choice((0, 1, 1, 2)))]
    return Rule(when=when, prefer=prefer)


def _edit_condition(c: Condition, v: Vocab, kind: str, rng: random.Random) -> Condition:
    if v.flag.get(c.feature, False):
        if rng.random() < 0.5:
            return Condition(feature=c.feature, op="=", value=1 - c.value if c.op == "=" else c.value)
        return _random_condition(v, kind, rng)
    r = rng.random()
    if r < 0.5:
        return Condition(feature=c.feature, op=c.op, value=max(0, min(v.top[c.feature], c.value + rng.choice((-2, -1, 1, 2)))))
    if r < 0.75:
        return Condition(feature=c.feature, op=rng.choice((">=", "<=", "=", ">", "<", "!=")), value=c.value)
    return _random_condition(v, kind, rng)


def _mutate_rule(rule: Rule, v: Vocab, kind: str, rng: random.Random) -> Rule:
    when, prefer = list(rule.when), list(rule.prefer)
    r = rng.random()
    if r < 0.3 and when:
        i = rng.randrange(len(when))
        when[i] = _edit_condition(when[i], v, kind, rng)
    elif r < 0.45 and len(when) < MAX_CONDITIONS:
        when.insert(rng.randrange(len(when) + 1), _random_condition(v, kind, rng))
    elif r < 0.55 and when:
        when.pop(rng.randrange(len(when)))
    elif r < 0.7 and len(prefer) < MAX_KEYS:
        prefer.insert(rng.randrange(len(prefer) + 1), _random_key(v, kind, rng))
    elif r < 0.8 and prefer:
        prefer.pop(rng.randrange(len(prefer)))
    elif prefer:
        i = rng.randrange(len(prefer))
        k = prefer[i]
        prefer[i] = Key(sense="min" if k.sense == "max" else "max", feature=k.feature) if rng.random() < 0.5 else _random_key(v, kind, rng)
    else:
        prefer.append(_random_key(v, kind, rng))
    return Rule(when=when, prefer=prefer)


def mutate(table: Table, v: Vocab, max_rules: int, rng: random.Random, weights: dict[str, float]) -> Table:
    """One edit of `table` (at a decision kind drawn by `weights`, how often each kind comes up)."""
    kinds = list(weights)
    kind = rng.choices(kinds, [weights[k] for k in kinds])[0]
    d = table.decisions.get(kind, Decision())
    rules = list(d.rules)
    avoid = list(d.avoid)
    tie = d.tie_break
    r = rng.random()
    if not v.features[kind]:  # a decision with nothing to test (a character to choose): its tie-break only
        tie = "d6" if tie == "first" else "first"
    elif r < 0.1:  # the avoid list: add, edit or drop a condition
        if avoid and rng.random() < 0.5:
            i = rng.randrange(len(avoid))
            if rng.random() < 0.5:
                avoid.pop(i)
            else:
                avoid[i] = _edit_condition(avoid[i], v, kind, rng)
        elif len(avoid) < MAX_CONDITIONS:
            avoid.append(_random_condition(v, kind, rng))
    elif not rules or (r < 0.3 and len(rules) < max_rules):
        rules.insert(rng.randrange(len(rules) + 1), _random_rule(v, kind, rng))
    elif r < 0.38:
        rules.pop(rng.randrange(len(rules)))
    elif r < 0.46 and len(rules) > 1:
        i, j = rng.sample(range(len(rules)), 2)
        rules[i], rules[j] = rules[j], rules[i]
    elif r < 0.97:
        i = rng.randrange(len(rules))
        rules[i] = _mutate_rule(rules[i], v, kind, rng)
    else:
        tie = "d6" if tie == "first" else "first"
    decisions = dict(table.decisions)
    decisions[kind] = Decision(avoid=avoid, rules=rules, tie_break=tie)
    return table.replaced(decisions=decisions)


def within_level(decisions: dict[str, Decision], v: Vocab, max_rules: int) -> dict[str, Decision]:
    """A start table cut to a level's limits: rules and conditions using features the level may not
    use are dropped, then each decision keeps its first `max_rules` rules."""
    allowed = set(v.flag)

    def ok(names: Any) -> bool:
        return all(n in allowed for n in names)

    out = {}
    for kind, d in decisions.items():
        rules = [r for r in d.rules if ok(c.feature for c in r.when) and ok(k.feature for k in r.prefer)][:max_rules]
        avoid = [c for c in d.avoid if c.feature in allowed]
        if rules or avoid:
            out[kind] = Decision(avoid=avoid, rules=rules, tie_break=d.tie_break)
    return out


def size(table: Table) -> int:
    return sum(len(d.avoid) + sum(len(r.when) + len(r.prefer) + 1 for r in d.rules) for d in table.decisions.values())


# --- scoring: common random numbers, incremental replays and racing ---------------------------------


@dataclass
class Evaluated:
    """A table's games on the run's jobs: each job's result (with the table's traced decisions)."""

    table: Table
    results: list  # per job: dispatch.Result (recorded)
    scores: list[tuple[float, ...]]  # per deal: mean reward against each opponent (every seat)
    excess: float | None = None  # its own effort excess (`Scorer.own_excess`), worked out once


class Scorer:
    """Plays tables on the fixed jobs of a run: every deal against every opponent, the table in each seat.

    Games are deterministic given their job, so a mutant needs to replay only the jobs where it would
    decide differently from the parent: its choice at each of the parent's traced decisions (of the
    decision kinds the mutation touched) is worked out from the recorded features; where every choice
    and every d6 roll agrees, the game is the parent's game. Jobs that differ are replayed in deal
    order, in batches, and the mutant is dropped as soon as its paired difference from the parent is
    clearly negative (two standard errors).
    """

    def __init__(self, runner: Runner, content: Any, spec: LevelSpec, counts: tuple[int, ...], seed: int, deals: int,
                 budget: int, progress: Callable[[int], None] | None = None, batch_deals: int = 50,
                 requirements: tuple[Requirement, ...] = (), effort_budget: float | None = None):
        self.runner = runner
        self.requirements = requirements
        self.content = content
        self.effort_budget = effort_budget
        self.secs = seconds_of(content) if effort_budget is not None else None
        self.names = {kind: kind_features(content, kind) for kind in content.decisions}
        self.at = {kind: {n: i for i, n in enumerate(names)} for kind, names in self.names.items()}
        self.spec = spec
        self.counts = counts
        self.seed = seed
        self.deals = deals
        self.budget = budget
        self.progress = progress
        self.batch_deals = batch_deals
        self.played = 0
        # targets are for two players; with more, each is scaled by the fair share (2 / players) of
        # the run's player counts (the same targets for a two-player game)
        share = sum(2 / n for n in counts) / len(counts)
        self.targets = tuple(t * share for t in spec.targets)
        # the jobs: (opponent index, deal, table seat, job template)
        self.slots: list[tuple[int, int, int, Any]] = []
        for o, opp in enumerate(spec.opponents):
            for d, k, job in rotated_jobs("?", opp, counts, seed, deals):
                self.slots.append((o, d, k, job))

    def _jobs(self, table: Table, idx: list[int]) -> list[Job]:
        seat = table_seat(table)
        out = []
        for i in idx:
            _, _, k, job = self.slots[i]
            out.append(Job(job.seed, tuple(seat if j == k else s for j, s in enumerate(job.seats)), record=True))
        return out

    def _play(self, table: Table, idx: list[int]) -> list:
        results = self.runner.run(self._jobs(table, idx), self.progress)
        self.played += len(idx)
        return results

    def _scores(self, results: list) -> list[tuple[float, ...]]:
        nopp = len(self.spec.opponents)
        per = [[0.0] * nopp for _ in range(self.deals)]
        for (o, d, k, job), res in zip(self.slots, results):
            per[d][o] += res.reward(k) / len(job.seats)
        return [tuple(row) for row in per]

    def objective(self, scores: list[tuple[float, ...]]) -> float:
        """The level's objective (higher is better) on a table's per-deal scores."""
        means = [sum(col) / len(scores) for col in zip(*scores)]
        if self.spec.objective == "max":
            return sum(means) / len(means)
        return -sum(abs(m - t) for m, t in zip(means, self.targets))

    def excess(self, table: Table, ev: Evaluated) -> float:
        """How far `table` runs over the effort budget on the decisions traced in `ev`'s games: for each
        decision kind, its median seconds' excess over the budget (as a share of the budget), weighted
        by how often the kind comes up (0.0 within budget, or without one). At most EFFORT_SAMPLE
        steps of each kind are counted, the first in the run's order."""
        if self.effort_budget is None or self.secs is None:
            return 0.0
        per: dict[str, list[float]] = {}
        for (_, _, k, _), res in zip(self.slots, ev.results):
            for t in res.traces[k]:
                got = per.setdefault(t.kind, [])
                if len(got) < EFFORT_SAMPLE:
                    got.append(step_effort(table.decisions.get(t.kind), t, self.content, self.secs)[0])
        total = sum(len(v) for v in per.values())
        if not total:
            return 0.0
        budget = self.effort_budget
        return sum(len(v) / total * max(0.0, statistics.median(v) - budget) / max(budget, 1e-9) for v in per.values())

    def own_excess(self, ev: Evaluated) -> float:
        """`excess` of `ev`'s own table on its own games (kept on `ev`: the search asks again and again)."""
        if ev.excess is None:
            ev.excess = self.excess(ev.table, ev)
        return ev.excess

    def value(self, ev: Evaluated) -> float:
        """What the search keeps the best of: the level's objective, less EFFORT_WEIGHT for each budget's
        worth of median seconds over the effort budget (none without one)."""
        return self.objective(ev.scores) - EFFORT_WEIGHT * self.own_excess(ev)

    def _direction(self, parent: Evaluated) -> list[float]:
        """Per-opponent weights of the objective's slope at the parent (racing compares deal by deal)."""
        if self.spec.objective == "max":
            return [1.0] * len(self.spec.opponents)
        means = [sum(col) / len(parent.scores) for col in zip(*parent.scores)]
        return [1.0 if m < t else -1.0 for m, t in zip(means, self.targets)]

    def full(self, table: Table) -> Evaluated:
        results = self._play(table, list(range(len(self.slots))))
        return Evaluated(table, results, self._scores(results))

    def share(self, ev: Evaluated, req: Requirement) -> float:
        """The share of occasions where the table met `req` (1.0 when it never made such a decision)."""
        names = self.names[req.kind]
        col, per = names.index(req.feature), names.index(req.per)
        occasions = met = 0
        for (_, _, k, _), res in zip(self.slots, ev.results):
            seen: dict[int, bool] = {}
            for t in res.traces[k]:
                if t.kind == req.kind:
                    row = t.rows[t.chosen]
                    seen[row[per]] = seen.get(row[per], False) or row[col] == req.value
            occasions += len(seen)
            met += sum(seen.values())
        return met / occasions if occasions else 1.0

    def admissible(self, ev: Evaluated) -> bool:
        """Whether a table's games meet every requirement."""
        return all(self.share(ev, r) >= r.share for r in self.requirements)

    def _differs(self, compiled: dict, parent: Evaluated, i: int, kinds: set[str]) -> bool:
        """Whether a table (its compiled decisions) would play job i differently from the parent,
        worked out from the parent's traced decisions."""
        _, _, k, job = self.slots[i]
        trace = parent.results[i].traces[k]
        if not any(t.kind in kinds for t in trace):
            return False
        rng = random.Random(bot_seed(job.seed, k))
        for t in trace:
            chosen, _, _, roll = compiled[t.kind](RowColumns(t.rows, self.at[t.kind]), len(t.order), t.order, rng)
            if chosen != t.chosen or (roll is not None) != t.rolled:
                return True
        return False

    def _compiled(self, table: Table) -> dict:
        return {kind: compile_picker(table.decisions.get(kind)) for kind in self.names}

    def plays_alike(self, table: Table, parent: Evaluated, kinds: set[str]) -> bool:
        """Whether `table` makes every decision of every job as the parent did (no game to replay)."""
        compiled = self._compiled(table)
        return not any(self._differs(compiled, parent, i, kinds) for i in range(len(self.slots)))

    def race(self, table: Table, parent: Evaluated, kinds: set[str]) -> Evaluated | None:
        """The mutant's games if it survives racing (None when dropped early). A mutant that costs a
        person less than its parent on the parent's decisions is not dropped early for strength alone:
        under an effort budget, it may be worth a little strength."""
        compiled = self._compiled(table)
        patient = self.effort_budget is not None and self.excess(table, parent) < self.own_excess(parent)
        changed = [i for i in range(len(self.slots)) if self._differs(compiled, parent, i, kinds)]
        if not changed:  # it plays every job exactly as the parent
            return Evaluated(table, parent.results, parent.scores)
        results = list(parent.results)
        w = self._direction(parent)
        by_deal: dict[int, list[int]] = {}
        for i in changed:
            by_deal.setdefault(self.slots[i][1], []).append(i)
        deals = sorted(by_deal)
        for b in range(0, len(deals), self.batch_deals):
            idx = [i for d in deals[b : b + self.batch_deals] for i in by_deal[d]]
            for i, res in zip(idx, self._play(table, idx)):
                results[i] = res
            done = b + self.batch_deals < len(deals)
            if done and not patient and self._clearly_worse(results, parent, w, deals[: b + self.batch_deals]):
                return None
        return Evaluated(table, results, self._scores(results))

    def _clearly_worse(self, results: list, parent: Evaluated, w: list[float], seen: list[int]) -> bool:
        """Paired per-deal differences over every deal up to the last one replayed (others: zero)."""
        upto = seen[-1] + 1
        scores = self._scores(results)[:upto]
        diffs = [sum(wi * (a - b) for wi, a, b in zip(w, x, y)) for x, y in zip(scores, parent.scores[:upto])]
        n = len(diffs)
        if n < 2:
            return False
        m = sum(diffs) / n
        var = sum((d - m) ** 2 for d in diffs) / (n - 1)
        return m + 2 * math.sqrt(var / n) < 0


@dataclass
class TuneResult:
    table: Table
    objective: float  # the kept table's objective on the search's deals
    games: int
    generations: int
    accepted: int


def family(content: Any, counts: tuple[int, ...]) -> list[int] | None:
    """The player-count family a table tuned at `counts` is for: None when they are all the game's counts."""
    every = tuple(range(content.game.players.min, content.game.players.max + 1))
    return None if counts == every else [min(counts), max(counts)]


def tune(runner: Runner, content: Any, game: str, level: str, counts: tuple[int, ...], budget: int, seed: int,
         deep_features: set[str], weights: dict[str, float], start: Table | None = None,
         deals: int = 500, lam: int = 4, progress: Callable[[int], None] | None = None,
         bot_seat: bool = False, keep: frozenset[str] = frozenset(), spec: LevelSpec | None = None,
         requirements: tuple[Requirement, ...] = (), bot_hand: str = "flip",
         effort_budget: float | None = None) -> TuneResult:
    """Search a table for `level` within about `budget` games (see the module's docstring); the last
    fifth of the budget goes to pruning. `bot_seat`: the table plays by the game's bot-seat rules (in
    the mode `bot_hand` names);
    `keep`: decision kinds its seat never meets there, kept as the start table gives them; `spec`: the
    level's settings when not LEVEL_SPECS[level]; `requirements`: what every kept table must do (a
    mutant or a pruned table that fails one is not kept; the start table should meet them);
    `effort_budget`: the median seconds a person may spend on a decision of each kind (tables/effort.py);
    tables over it are scored lower by how far (`Scorer.value`)."""
    spec = spec or LEVEL_SPECS[level]
    v = vocab_of(content, deep_features, spec.deep)
    rng = random.Random(f"saloon-tune/{game}/{level}/{seed}")
    scorer = Scorer(runner, content, spec, counts, seed, deals, budget, progress, requirements=requirements,
                    effort_budget=effort_budget)
    players = family(content, counts)
    first = within_level(start.decisions, v, spec.max_rules) if start else {}
    parent = scorer.full(Table(game=game, level=level, players=players, bot_seat=bot_seat, bot_hand=bot_hand, decisions=first))
    generations = accepted = 0
    search_budget = budget * 4 // 5
    while scorer.played + generations < search_budget:  # a generation of mutants that all play as the
        generations += 1  # parent costs no game: counting generations too keeps the loop finite
        best: Evaluated | None = None
        for _ in range(lam):
            child = parent.table
            for _ in range(rng.choice((1, 1, 2, 3))):
                child = mutate(child, v, spec.max_rules, rng, weights)
            kinds = {k for k in set(child.decisions) | set(parent.table.decisions)
                     if child.decisions.get(k) != parent.table.decisions.get(k)}
            ev = scorer.race(child, parent, kinds) if kinds else None
            if ev is not None and requirements and not scorer.admissible(ev):
                ev = None
            if ev is not None and (best is None or scorer.value(ev) > scorer.value(best)):
                best = ev
            if scorer.played >= search_budget:
                break
        if best is not None:
            gain = scorer.value(best) - scorer.value(parent)
            if gain > 1e-12 or (gain > -1e-12 and size(best.table) < size(parent.table)):
                parent = best
                accepted += 1
    parent = prune(scorer, parent, keep)
    return TuneResult(tidy(parent.table), scorer.value(parent), scorer.played, generations, accepted)


def tidy(table: Table) -> Table:
    """Leave out decisions that say nothing (no rule, nothing avoided, the first-in-order tie-break:
    the same as no entry at all)."""
    kept = {k: d for k, d in table.decisions.items() if d.rules or d.avoid or d.tie_break != "first"}
    return table.replaced(decisions=kept)


def prune(scorer: Scorer, ev: Evaluated, keep: frozenset[str] = frozenset()) -> Evaluated:
    """Drop rules, conditions and keys whose removal does not lower the objective (shorter cards):
    first every one whose removal changes no decision on the search's games (free, whatever the budget
    left), then, while the budget lasts, every one whose removal keeps the objective (raced). Decision
    kinds in `keep` are left alone (the search's games never meet them)."""
    ev = _prune_pass(scorer, ev, True, keep)
    return _prune_pass(scorer, ev, False, keep)


def _prune_pass(scorer: Scorer, ev: Evaluated, free: bool, keep: frozenset[str]) -> Evaluated:
    changed = True
    while changed and (free or scorer.played < scorer.budget):
        changed = False
        table = ev.table
        for kind, d in table.decisions.items():
            if kind in keep:
                continue
            for short in _shorter(d):
                decisions = dict(table.decisions)
                if short.rules or short.avoid:
                    decisions[kind] = short
                else:
                    del decisions[kind]
                cand = table.replaced(decisions=decisions)
                if free:
                    if scorer.plays_alike(cand, ev, {kind}):
                        ev, changed = Evaluated(cand, ev.results, ev.scores), True
                        break
                    continue
                if scorer.played >= scorer.budget:
                    return ev
                new = scorer.race(cand, ev, {kind})
                if new is not None and scorer.requirements and not scorer.admissible(new):
                    continue
                if new is not None and scorer.value(new) >= scorer.value(ev) - 1e-12:
                    ev, changed = new, True
                    break
            if changed:
                break
    return ev


def _shorter(d: Decision) -> list[Decision]:
    """Every version of a decision with one rule, condition or key (or avoided condition) fewer."""
    out = [Decision(avoid=d.avoid[:j] + d.avoid[j + 1:], rules=d.rules, tie_break=d.tie_break) for j in range(len(d.avoid))]
    out += [Decision(avoid=d.avoid, rules=rules, tie_break=d.tie_break) for rules in _shorter_rules(d.rules)]
    return out


def _shorter_rules(rules: list[Rule]) -> list[list[Rule]]:
    out = []
    for i, rule in enumerate(rules):
        out.append(rules[:i] + rules[i + 1:])
        for j in range(len(rule.when)):
            out.append(rules[:i] + [Rule(when=rule.when[:j] + rule.when[j + 1:], prefer=rule.prefer)] + rules[i + 1:])
        for j in range(len(rule.prefer)):
            out.append(rules[:i] + [Rule(when=rule.when, prefer=rule.prefer[:j] + rule.prefer[j + 1:])] + rules[i + 1:])
    return out


def decision_weights(game: Any, vocab_module: Any, counts: tuple[int, ...], seed: int, games: int = 30) -> dict[str, float]:
    """How often each decision kind offers a real choice in random play (square-rooted, so rare kinds
    still get edits): where the search spends its mutations."""
    seen: dict[str, int] = {}
    rng = random.Random(f"saloon-weights/{seed}")
    grouping = vocab_module.groups
    for i in range(games):
        state = game.new_game(counts[i % len(counts)], game_seed(seed, 10_000 + i))
        while not state.is_over:
            actions = state.legal_actions()
            if len(actions) > 1:
                kind = vocab_module.decision_kind(state)
                staged = grouping(state, actions) if grouping is not None else None
                if staged is None:
                    seen[kind] = seen.get(kind, 0) + 1
                else:  # a decision in two steps offers the first step and each group's choice
                    kinds, groups = staged
                    if len(groups) > 1:
                        seen[kind] = seen.get(kind, 0) + 1
                    for k, g in zip(kinds, groups):
                        if len(g) > 1:
                            seen[k] = seen.get(k, 0) + 1
            state.apply(actions[rng.randrange(len(actions))])
    return {k: math.sqrt(n) for k, n in sorted(seen.items())}
