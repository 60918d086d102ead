"""Longhorn's lazy feature columns (engine/longhorn/columns.py) against the feature rows they stand in
for (`features.evaluate`): at every decision of seeded games, under every option that changes a
feature, every feature of the decision's kind asked in any order has the value the table bot would
read from the rows (0 where a row leaves it out), and `decision` gives what the four calls give."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

from generator.bots.table import TableBot, kind_features, seated_game
from generator.content import load_content
from generator.engine.longhorn import features as F
from generator.engine.longhorn.features import columns, decision

from tests.support.longhorn import build, game

OPTIONS = [
    {},
    {"movement": "loop_allowed"},
    {"movement": "distance", "dangerous_locations": "avoid"},
    {"dangerous_locations": "avoid", "start_chooser": "second"},
    {"full_herd_check": "end_of_turn", "epidemic_scope": "everywhere", "nugget_values": "pairs_200_300"},
    {"branding_iron": "any_colour", "emptied_neighbour_token": "discard"},
    {"branding_iron": "all_neighbours", "emptied_neighbour_token": "stay", "rattlesnake_targets": "any_adjacent"},
]
ALL = set(F.VOCABULARY)


def _names() -> dict:
    content = load_content("longhorn")
    return {kind: kind_features(content, kind) for kind in content.decisions}


def _decisions(options: dict, games: int = 12):
    """Every position of seeded games where a seat has a real choice: table bots of every level, and a
    random seat now and then (positions no table walks into)."""
    g = game(**options)
    levels = ("easy", "normal", "hard")
    for seed in range(games):
        bots = [TableBot(seed * 4 + i, level=levels[(seed + i) % 3]) for i in range(2)]
        st = seated_game(g, bots, 2).new_game(2, seed=seed)
        st.narrate = False
        rng = random.Random(seed)
        while not st.is_over:
            actions = st.legal_actions()
            if len(actions) > 1:
                yield st
            st.apply(rng.choice(actions) if rng.random() < 0.3 else bots[st.current_player].choose(st))


@pytest.mark.parametrize("options", OPTIONS)
def test_lazy_columns_equal_the_rows_at_every_decision(options):
    names = _names()
    checked = 0
    for st in _decisions(options):
        key = st.key()
        rows = F.evaluate(st, ALL)
        kind = F.decision_kind(st)
        asked = list(names[kind]) + ["bot_ahead", "cows_taken", "group_after"]  # (some not of this kind: 0)
        random.Random(checked).shuffle(asked)
        for first in (asked, asked[::-1]):  # any feature asked first: every count it shares is the same
            cols = columns(st, st.legal_actions())
            for name in first:
                col = cols[name]  # a list, or one int for every candidate
                got = [col] * len(rows) if isinstance(col, int) else list(col)
                assert got == [row.get(name, 0) for row in rows], (name, kind, options)
        assert st.key() == key  # counting changes nothing in the position
        checked += 1
    assert checked > 200


@pytest.mark.parametrize("options", OPTIONS[:3])
def test_decision_in_one_call_is_the_four_calls(options):
    g = game(**options)
    for seed in range(6):
        bots = [TableBot(seed * 4 + i, level="normal") for i in range(2)]
        st = seated_game(g, bots, 2).new_game(2, seed=seed)
        st.narrate = False
        while not st.is_over:
            actions, kind, cols, order = decision(st)
            want = st.legal_actions()
            assert actions == want and [type(a) for a in actions] == [type(a) for a in want]
            assert kind == F.decision_kind(st)
            if len(want) == 1:
                assert (cols, order) == (None, None)
            else:
                assert list(order) == list(F.tie_order(st, want)) and cols is not None
            st.apply(bots[st.current_player].choose(st))


def test_the_columns_module_stands_alone():
    """columns.py builds on the constants only (features.py builds on it): either may be imported first."""
    done = subprocess.run([sys.executable, "-c", "import generator.engine.longhorn.columns"], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def _same_as_rows(st) -> dict:
    rows = F.evaluate(st, ALL)
    cols = columns(st, st.legal_actions())
    for name in F.VOCABULARY:
        col = cols[name]
        assert ([col] * len(rows) if isinstance(col, int) else list(col)) == [row.get(name, 0) for row in rows], name
    return {str(a): row for a, row in zip(st.legal_actions(), rows)}


def test_a_ride_looping_back_to_the_sheriff_left_with_one_colour_forces_him():
    # loop_allowed: stealing 4 white at B2 may ride round a square back to B2, where the sheriff is
    # left with one black cow: the next thief must take him
    g = game(movement="loop_allowed")
    s = build(g, cells={"B2": {"white": 4, "black": 1}, "A1": {"green": 2}, "C3": {"orange": 1}},
              tokens={"B2": "sheriff"}, pawn="B2")
    f = _same_as_rows(s)
    assert f["steal white"]["can_force_sheriff"] == 1 and f["steal black"]["can_force_sheriff"] == 0
    # the same with the sheriff elsewhere and the loop: the take changes nothing there
    s = build(g, cells={"B2": {"white": 4, "black": 1}, "A1": {"green": 1}, "C3": {"orange": 1}},
              tokens={"A1": "sheriff"}, pawn="B2")
    _same_as_rows(s)
