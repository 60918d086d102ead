"""A printed order handed to a table's rules as a `LazyOrder` picks what the list picks, and is worked
out only when a tie-break reads it (the table bot at play passes it so)."""

from __future__ import annotations

import random

from generator.bots.table_code import LazyOrder, RowColumns, compile_picker
from generator.schema.tables import Decision


def _decision(tie_break: str) -> Decision:
    return Decision.model_validate({
        "tie_break": tie_break,
        "rules": [{"when": ["a = 1"], "prefer": ["max b"]}],
    })


def test_lazy_order_picks_as_the_list_and_only_when_a_tie_is_broken():
    for tie_break in ("first", "d6"):
        pick = compile_picker(_decision(tie_break))
        for seed in range(200):
            rng = random.Random(seed)
            n = rng.randint(1, 9)
            rows = [(rng.randint(0, 1), rng.randint(0, 2)) for _ in range(n)]
            order = list(range(n))
            rng.shuffle(order)
            asked = []

            def tie_order(state, actions):
                asked.append(1)
                return order

            want = pick(RowColumns(rows, {"a": 0, "b": 1}), n, order, random.Random(seed))
            got = pick(RowColumns(rows, {"a": 0, "b": 1}), n, LazyOrder(tie_order, None, []), random.Random(seed))
            assert got == want
            assert bool(asked) == (want[2] > 1)  # asked exactly when a tie was broken
