"""The table bot's fast paths through the Way Out West vocabulary give what `evaluate` gives: the lazy
columns of a decision in one step (features.columns), and the rows of both steps of the action
decision read from the counts `groups` kept (features._Split), at every decision of seeded games."""

from __future__ import annotations

import random

import pytest

from generator.bots.table import TableBot, seated_game
from generator.engine.way_out_west import features as F
from generator.games import load_game

ALL = frozenset(F.VOCABULARY)


def _decisions(players: int, levels: tuple, options: dict):
    game = load_game("way_out_west", **options)
    bots = [TableBot(7 + i, level=levels[i]) for i in range(players)]
    st = seated_game(game, bots, players).new_game(players, seed=players)
    st.narrate = False
    while not st.is_over:
        yield st
        st.apply(bots[st.current_player].choose(st))


@pytest.mark.parametrize("players,levels,options", [
    (4, ("normal", "hard", "easy", "normal"), {}),
    (3, ("hard", "normal", "easy"), {"move_cowboys_to": "several", "undefended_target": "falls", "cattle_trail": "free"}),
])
def test_columns_and_kept_counts_equal_fresh_rows(players, levels, options):
    checked = 0
    for st in _decisions(players, levels, options):
        actions = st.legal_actions()
        staged = F.groups(st, actions)
        if staged is None:
            cols = F.columns(st, actions)
            rows = F.evaluate(st, ALL)
            names = sorted(ALL)
            random.Random(checked).shuffle(names)  # any order of asking gives the same values
            for name in names:
                col = cols[name]
                got = [col] * len(rows) if isinstance(col, int) else list(col)
                assert got == [row.get(name, 0) for row in rows], name
        else:
            kinds, gs = staged
            kept = [F.evaluate(st, ALL, kind="action", groups=gs)]
            kept += [F.evaluate(st, ALL, kind=k, subset=g) for k, g in zip(kinds, gs)]
            fresh_gs = [list(g) for g in gs]  # not the lists `groups` handed out: counted afresh
            fresh = [F.evaluate(st, ALL, kind="action", groups=fresh_gs)]
            fresh += [F.evaluate(st, ALL, kind=k, subset=g) for k, g in zip(kinds, fresh_gs)]
            assert kept == fresh
        checked += 1
    assert checked > 100
