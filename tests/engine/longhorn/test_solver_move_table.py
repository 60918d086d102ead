"""The solver tables its moves too, keyed from the same board parts as their destinations' steals, and
its search copies end a counted game with the winner only: the values stay exact."""

from __future__ import annotations

import pytest

from generator.engine.longhorn.solver import Solver, _fast_child, expectiminimax, position_key, position_with_groups
from generator.engine.longhorn import MOVE, STEAL

from tests.support.longhorn import build, game

G = game()


def _moves_of_a_game(seed: int, groups: int):
    """Every move position met along one seeded game from `groups` groups left (last choice each time)."""
    s = position_with_groups(G, seed, groups)
    while not s.is_over:
        if s.phase == MOVE:
            yield s.clone()
        s.apply(s.legal_actions()[-1])


@pytest.mark.parametrize("seed", [2, 3, 26])
def test_a_move_key_and_its_destinations_steal_keys_come_from_one_board(seed):
    search = Solver()
    moves = list(_moves_of_a_game(seed, 12))
    assert moves
    for s in moves:
        head, rest, key = search._move_keys(s)
        nxt = s.player if s.extra else 1 - s.player
        for d in s.destinations():
            child = _fast_child(s, MOVE, d)
            steal_key = head + bytes((STEAL, d + 1, nxt)) + rest
            assert steal_key == position_key(child, search.codes)
            assert key != steal_key  # a move and a steal never share an entry


@pytest.mark.parametrize("seed", range(8))
def test_tabled_moves_keep_the_solver_exact_on_seeded_endgames(seed):
    s = position_with_groups(G, seed, 6)
    search = Solver()
    value, action = search.solve(s)
    assert value == pytest.approx(expectiminimax(s))
    assert action in s.legal_actions()


def test_a_move_searched_again_is_answered_by_its_table_entry():
    s = position_with_groups(G, 2, 10)
    search = Solver()
    value, _ = search.solve(s)
    # the root's steals lead to moves: each was searched within some window and tabled
    moves = [_fast_child(s, STEAL, c) for c in s.choice_codes()]
    moves = [m for m in moves if m.phase == MOVE]
    assert moves
    for m in moves:
        key = search._move_keys(m)[2]
        entry = search.table.get(key) or search.old.get(key)
        assert entry is not None
        lb, ub, best = entry
        assert best in m.destinations()
        before = search.nodes
        v = search._search(m, lb - 1e-6 if lb > -1 else -1.0, ub + 1e-6 if ub < 1 else 1.0)
        assert search.nodes == before + 1  # the entry answers: no child searched
        assert lb <= v <= ub


@pytest.mark.parametrize("nuggets, herds, options, winners", [
    ([[], [200]], [{"white": 1}, {}], {}, (0, 1)),  # $200 each: a draw
    ([[300], [200]], [{"white": 1}, {}], {}, (0,)),  # Perkins ahead by $100
    ([[], [400]], [{"white": 1}, {}], {}, (1,)),  # Byrd ahead by $200
    ([[], [200]], [{"white": 1}, {}], {"draw_result": "most_cattle"}, (0,)),  # equal money, more cattle
    ([[], [200]], [{"white": 1}, {"black": 3}], {"draw_result": "most_cattle"}, (1,)),
])
def test_search_copy_ends_a_counted_game_with_the_engines_winner(nuggets, herds, options, winners):
    # Perkins takes the last black at B2: nothing one step away has cattle, so the game is counted
    g = game(**options)
    s = build(g, cells={"B2": {"black": 1}, "A1": {"white": 2}}, pawn="B2", herds=herds, nuggets=nuggets)
    black = g.colours.index("black")
    ref = s.clone_light()
    ref.apply_choice(STEAL, black)
    fast = _fast_child(s, STEAL, black)
    assert ref.is_over and fast.is_over
    assert ref.outcome.winners == fast.outcome.winners == winners
