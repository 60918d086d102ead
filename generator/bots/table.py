"""The table bot: plays exactly what a printed decision table says (the automa a person runs).

For the decision in hand it asks the game's feature vocabulary (`engine/<game>/features.py`) for
the features the table's rules use, then reads the rules in order: the first rule that some candidate
satisfies picks, among the candidates satisfying it, the best by the rule's keys, one key after the
other; a tie goes to the decision's printed tie-break (the first in the printed order, or a d6
counted along the tied choices). No rule applies: the tie-break picks among all candidates.

A vocabulary module provides `decision_kind(state) -> str`, `evaluate(state, wanted) -> list[dict]`
(one dict of feature values per candidate, in `legal_actions()` order) and
`tie_order(state, actions) -> list[int]` (each candidate's place in the printed order). Features are
computed from what the bot's seat may see.
"""

from __future__ import annotations

import importlib
import random
from dataclasses import dataclass
from typing import Any

from ..engine.core import Action, State
from ..errors import UsageError


def vocabulary(game_name: str) -> Any:
    """The feature module of a game (`generator.engine.<game>.features`)."""
    try:
        return importlib.import_module(f"generator.engine.{game_name}.features")
    except ModuleNotFoundError:
        raise UsageError(f"{game_name} has no decision-table vocabulary yet; the table bot cannot play it") from None


@dataclass(frozen=True)
class Choice:
    action: Action
    kind: str  # the decision kind
    rule: int | None  # index of the rule that chose (None: only one choice, or no rule applied)
    tied: int  # candidates left for the tie-break
    roll: int | None = None  # the d6 rolled, when the tie-break rolled


def _used(decision: Any) -> frozenset[str]:
    names = {c.feature for c in decision.avoid}
    for rule in decision.rules:
        names.update(c.feature for c in rule.when)
        names.update(k.feature for k in rule.prefer)
    return frozenset(names)


def d6_pick(k: int, rng: random.Random) -> tuple[int, int]:
    """Roll a die and count along k tied choices, rolling again above k; with more than 6 tied, only
    the first 6 count. Returns (index, the roll kept)."""
    k = min(k, 6)
    while True:
        roll = rng.randint(1, 6)
        if roll <= k:
            return roll - 1, roll


def pick(decision: Any, values: list[dict[str, int]], order: list[int],
         rng: random.Random) -> tuple[int, int | None, int, int | None]:
    """The table's rule procedure (for one decision kind, or None) on the candidates' feature values.

    Returns (chosen candidate, rule index or None, candidates left for the tie-break, d6 roll or None).
    """
    picked: list[int] | None = None
    chosen_rule = None
    if decision is None:
        rules, tie_break = (), "first"
        cands: Any = range(len(values))
    else:
        rules, tie_break = decision.rules, decision.tie_break
        cands = range(len(values))
        if decision.avoid:
            kept = [i for i in cands if not any(c.holds(values[i][c.feature]) for c in decision.avoid)]
            if kept:
                cands = kept
    for r, rule in enumerate(rules):
        conds = rule.when
        s = [i for i in cands if all(c.holds(values[i][c.feature]) for c in conds)]
        if not s:
            continue
        for key in rule.prefer:
            f = key.feature
            vals = [values[i][f] for i in s]
            best = max(vals) if key.sense == "max" else min(vals)
            s = [i for i, v in zip(s, vals) if v == best]
            if len(s) == 1:
                break
        picked, chosen_rule = s, r
        break
    if picked is None:
        picked = list(cands)
    picked.sort(key=lambda i: order[i])
    if len(picked) == 1 or tie_break == "first":
        return picked[0], chosen_rule, len(picked), None
    k, roll = d6_pick(len(picked), rng)
    return picked[k], chosen_rule, len(picked), roll


@dataclass(frozen=True)
class Trace:
    """One table decision with every feature of its kind (for tuning: another table's choice here can
    be worked out without replaying the game)."""

    kind: str
    values: list
    order: list
    chosen: int
    rolled: bool


def decide(table: Any, state: State, rng: random.Random, vocab: Any | None = None,
           trace: list | None = None, every: frozenset[str] | None = None) -> Choice:
    """What `table` plays in `state` for the seat to move, and why. With `trace`, the decision is
    appended to it with the values of `every` feature (not only those the table uses)."""
    actions = state.legal_actions()
    vocab = vocab or vocabulary(state.game.name)
    kind = vocab.decision_kind(state)
    if len(actions) == 1:
        return Choice(actions[0], kind, None, 1)
    decision = table.decisions.get(kind)
    order = vocab.tie_order(state, actions)
    used = _used(decision) if decision is not None else frozenset()
    wanted = set(every) if trace is not None and every is not None else set(used)
    values = vocab.evaluate(state, wanted) if (used or trace is not None) else [{} for _ in actions]
    i, rule, tied, roll = pick(decision, values, order, rng)
    if trace is not None:
        trace.append(Trace(kind, values, order, i, roll is not None))
    return Choice(actions[i], kind, rule, tied, roll)


class TableBot:
    """A seat played by a decision table (`table`, `table:hard`, or `table:path/to/file.yaml`).

    With `trace` (a list), every decision is recorded with all the features of `every` (tuning)."""

    name = "table"

    def __init__(self, seed: int = 0, level: str = "normal", table: Any | None = None, path: str | None = None,
                 trace: list | None = None, every: frozenset[str] | None = None):
        self.rng = random.Random(seed)
        self.level = level
        self.path = path
        self.table = table
        self.trace = trace
        self.every = every
        self.last: Choice | None = None
        self._vocab: Any | None = None

    def _load(self, state: State) -> Any:
        if self.table is None:
            from ..content import load_table, load_table_file

            name = state.game.name
            self.table = load_table_file(self.path, name) if self.path else load_table(name, self.level)
        if self._vocab is None:
            self._vocab = vocabulary(state.game.name)
        return self.table

    def choose(self, state: State) -> Action:
        table = self._load(state)
        self.last = decide(table, state, self.rng, self._vocab, self.trace, self.every)
        return self.last.action
