"""The lazy columns the table bot reads at play at both steps of the action decision
(features.step_columns) hold what `evaluate`'s rows hold, whatever order the features are asked in,
at every action decision of a seeded game."""

from __future__ import annotations

import random

from generator.bots.table import TableBot, seated_game
from generator.engine.way_out_west import features as F
from generator.games import load_game

ALL = frozenset(F.VOCABULARY)


def _same(cols, rows, rng: random.Random) -> None:
    names = sorted(ALL)
    rng.shuffle(names)  # a lazy column must not depend on what was counted before it
    for name in names:
        col = cols[name]
        got = [col] * len(rows) if isinstance(col, int) else list(col)
        assert got == [row.get(name, 0) for row in rows], name


def test_step_columns_equal_evaluate_rows_at_both_steps():
    game = load_game("way_out_west")
    bots = [TableBot(3 + i, level=level) for i, level in enumerate(("normal", "hard", "easy", "normal"))]
    st = seated_game(game, bots, 4).new_game(4, seed=11)
    st.narrate = False
    rng = random.Random(5)
    checked = 0
    while not st.is_over:
        actions = st.legal_actions()
        staged = F.groups(st, actions)
        if staged is not None:
            kinds, gs = staged
            rows = F.evaluate(st, ALL, kind="action", groups=gs)
            _same(F.step_columns(st, "action", groups=gs), rows, rng)
            for kind, g in zip(kinds, gs):
                _same(F.step_columns(st, kind, subset=g), F.evaluate(st, ALL, kind=kind, subset=g), rng)
            checked += 1
        st.apply(bots[st.current_player].choose(st))
    assert checked > 50
