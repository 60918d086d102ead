"""The table's rule procedure, as printed on a bot sheet: the one implementation, compiled per decision.

The procedure: first set aside the candidates an `avoid` condition names (unless that leaves none);
then the first rule that some candidate satisfies picks, among the candidates satisfying it, the best
by the rule's keys, one key after the other; a tie goes to the decision's printed tie-break (the first
in the printed order, or a d6 counted along the tied choices). No rule applies: the tie-break picks
among all candidates.

A bot in simulation meets the same few decisions thousands of times a second, so each decision kind
of a table is turned, when the table first meets it (`table._Prepared.picker`), into the source of one
small function that names its features and values directly, compiled with `compile`
(tests/bots/test_table_fast_paths.py holds it to a plain reading of the procedure on random tables;
the golden games of tests/bots/test_table_golden.py pin whole games). It reads feature *columns*:
`get[name]` gives a feature's values for every candidate, and the function looks a column up only
when a rule reaches it (`RowColumns` cuts them from candidate rows, for tracing and tuning). A vocabulary may count columns lazily (Colt Express:
`engine/colt_express/columns.py`), so a rule met early leaves the costly counts of the later rules
uncounted. Features are pure counts, so counting fewer of them never changes a pick.

The source is built from the table's data only through constants bound by name (feature names and
values are never pasted into the text), so no content can inject code.
"""

from __future__ import annotations

import random
from typing import Any, Callable, Mapping, Sequence

# (chosen candidate, rule index or None, candidates left for the tie-break, d6 roll or None)
Picked = tuple[int, "int | None", int, "int | None"]
Picker = Callable[[Mapping[str, list], int, list, random.Random], Picked]

_PY_OPS = {"=": "==", "!=": "!=", "<": "<", "<=": "<=", ">": ">", ">=": ">="}
# a whole column `{c}` in which no value meets the condition (checked in C before any filter in Python)
_NONE_MEET = {"=": "{v} not in {c}", "<": "min({c}) >= {v}", "<=": "min({c}) > {v}", ">": "max({c}) <= {v}", ">=": "max({c}) < {v}"}


def d6_pick(k: int, rng: random.Random) -> tuple[int, int]:
    """Roll a die and count along k tied choices, rolling again above k; with more than 6 tied, only
    the first 6 count. Returns (index, the roll kept)."""
    k = min(k, 6)
    while True:
        roll = rng.randint(1, 6)
        if roll <= k:
            return roll - 1, roll


class RowColumns(dict):
    """Feature columns cut from candidate rows (tuples in a kind's feature order, `at`: name -> place),
    each column cut when a rule first reads it."""

    __slots__ = ("rows", "at")

    def __init__(self, rows: list[tuple], at: Mapping[str, int]):
        self.rows, self.at = rows, at

    def __missing__(self, name: str) -> list:
        j = self.at[name]
        col = self[name] = [row[j] for row in self.rows]
        return col


class LazyOrder:
    """A decision's printed order, `tie_order(state, actions)`, worked out only when a tie-break first
    needs it (at play most decisions are settled by a rule, or among one candidate, before that)."""

    __slots__ = ("tie_order", "state", "actions")

    def __init__(self, tie_order: Callable[[Any, list], Sequence[int]], state: Any, actions: list):
        self.tie_order, self.state, self.actions = tie_order, state, actions

    def resolved(self) -> Sequence[int]:
        return self.tie_order(self.state, self.actions)


def _end_first(s: Any, rule: int | None, order: Any, rng: random.Random) -> Picked:
    """The printed tie-break "first": the earliest in the printed order."""
    if len(s) == 1:
        return s[0], rule, 1, None
    if type(order) is LazyOrder:
        order = order.resolved()
    return min(s, key=order.__getitem__), rule, len(s), None


def _end_d6(s: Any, rule: int | None, order: Any, rng: random.Random) -> Picked:
    """The printed tie-break "d6": a die counted along the tied candidates in the printed order."""
    if len(s) == 1:
        return s[0], rule, 1, None
    if type(order) is LazyOrder:
        order = order.resolved()
    s = sorted(s, key=order.__getitem__)
    k, roll = d6_pick(len(s), rng)
    return s[k], rule, len(s), roll


def compile_picker(decision: Any) -> Picker:
    """`decision` (a schema Decision, or None) as a function `(get, n, order, rng) -> Picked`: the
    procedure over `n` candidates whose feature columns `get` gives, `order` being each candidate's
    place in the printed order (a list, or a `LazyOrder`); it returns (chosen candidate, rule index or None, candidates left for
    the tie-break, d6 roll or None).

    A column may be a plain int instead of a list: the value of every candidate (a feature of the
    position, or of the seat's one bandit); a condition on it keeps all or none, a key on it keeps all.
    The candidates are `range(n)` or a list of indices, in index order, never changed in place."""
    consts: dict[str, Any] = {}

    def const(value: Any) -> str:
        name = f"k{len(consts)}"
        consts[name] = value
        return name

    lines = ["def pick(get, n, order, rng):", "    cands = range(n)"]
    if decision is not None and decision.avoid:
        tests = []
        for j, c in enumerate(decision.avoid):
            lines += [f"    a{j} = get[{const(c.feature)}]", f"    if isinstance(a{j}, int):", f"        a{j} = [a{j}] * n"]
            tests.append(f"a{j}[i] {_PY_OPS[c.op]} {const(c.value)}")
        lines += [f"    kept = [i for i in cands if not ({' or '.join(tests)})]", "    if kept:", "        cands = kept"]
    for r, rule in enumerate(decision.rules if decision is not None else ()):
        lines += [f"    while True:  # rule {r + 1}", "        s = cands"]
        # each condition's column is looked up and checked whole first (one int: kept or out; a list
        # no value of which meets it: out); the candidates are filtered by the lists only once every
        # condition passed that check, so a condition on one int that fails costs no filter
        checks = []
        for j, c in enumerate(rule.when):
            op, v = _PY_OPS[c.op], const(c.value)
            lines += [f"        c{j} = get[{const(c.feature)}]",
                      f"        if isinstance(c{j}, int):",
                      f"            if not c{j} {op} {v}:",
                      "                break",
                      f"            c{j} = None"]
            if c.op in _NONE_MEET:  # no candidate at all meets it: the rule is out, without a filter
                lines += [f"        elif {_NONE_MEET[c.op].format(c=f'c{j}', v=v)}:", "            break"]
            checks.append((j, op, v))
        for j, op, v in checks:
            lines += [f"        if c{j} is not None:",
                      f"            s = [i for i in s if c{j}[i] {op} {v}]",
                      "            if not s:",
                      "                break"]
        for k in rule.prefer:
            lines += ["        if len(s) > 1:",
                      f"            c = get[{const(k.feature)}]",
                      "            if not isinstance(c, int):",
                      f"                b = {k.sense}([c[i] for i in s])",
                      "                s = [i for i in s if c[i] == b]"]
        lines += ["        if len(s) == 1:", f"            return s[0], {r}, 1, None",
                  f"        return end(s, {r}, order, rng)"]
    lines.append("    return end(cands, None, order, rng)")
    tie_break = decision.tie_break if decision is not None else "first"
    consts["end"] = _end_d6 if tie_break == "d6" else _end_first
    code = compile("\n".join(lines) + "\n", f"<table rules: {tie_break}>", "exec")
    exec(code, consts)
    return consts["pick"]
