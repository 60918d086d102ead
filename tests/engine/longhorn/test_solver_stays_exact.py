"""The solver's speed-ups keep it exact: its own search copies, the root's null-window probes, the
tabled moves, and the packed key (token layout and purses as codes)."""

from __future__ import annotations

import pytest

from generator.engine.longhorn.solver import Solver, _Codes, _fast_child, expectiminimax, position_key, position_with_groups, solve

from tests.support.longhorn import build, game

G = game()


@pytest.mark.parametrize("seed", [26, 2, 13])  # (seeds 10 and 12: brute force takes minutes)
def test_solver_search_copies_leave_the_position_untouched(seed):
    # rattlesnakes, ambushes, branding irons ahead: every token step runs on the search's copies
    s = position_with_groups(G, seed, 7)
    before = s.state_to_json()
    value, action = Solver().solve(s)
    assert s.state_to_json() == before
    assert value == pytest.approx(expectiminimax(s))
    assert action in s.legal_actions()


def test_fast_child_matches_the_engine_step_for_every_choice_of_a_game():
    s = position_with_groups(G, 26, 12)
    codes = _Codes()
    while not s.is_over:
        for choice in s.choice_codes():
            fast = _fast_child(s, s.phase, choice, 0 if choice == -1 else None)
            ref = s.clone_light()
            ref.apply_choice(s.phase, choice, 0 if choice == -1 else None)
            if ref.is_over:
                assert fast.is_over and fast.outcome.winners == ref.outcome.winners
            else:
                assert position_key(fast, codes) == position_key(ref, codes)
                assert ref.key() == fast.key()
        s.apply(s.legal_actions()[-1])


def test_null_window_probes_keep_a_fractional_value_exact():
    # Perkins must take a random nugget from [200, 200, 500] and the nuggets alone decide: -1/3,
    # neither a sure win nor a sure loss, so the exact search after both probes gives it
    s = build(cells={"B2": {"black": 1}, "B1": {"white": 1}}, tokens={"B2": "ambush"}, pawn="B2",
              nuggets=[[], [200, 200, 500]])
    assert solve(s)[0] == pytest.approx(-1 / 3)


def test_sure_loss_probe_names_a_legal_move():
    # either colour ends the game at once (nothing in reach one step away) with Byrd richer: -1
    s = build(cells={"B2": {"orange": 1, "black": 1}, "A1": {"black": 1}}, tokens={"B2": "sheriff"}, pawn="B2",
              herds=[{}, {"black": 8}])
    value, action = solve(s)
    assert value == -1.0 and action in s.legal_actions()


def test_key_tells_purses_and_token_layouts_apart():
    codes = _Codes()
    a = build(cells={"B2": {"black": 1}, "A1": {"white": 2}}, pawn="B2", nuggets=[[200, 500], [300]])
    b = build(cells={"B2": {"black": 1}, "A1": {"white": 2}}, pawn="B2", nuggets=[[500, 200], [300]])
    c = build(cells={"B2": {"black": 1}, "A1": {"white": 2}}, pawn="B2", nuggets=[[300], [200, 500]])
    d = build(cells={"B2": {"black": 1}, "A1": {"white": 2}}, tokens={"A1": "snake_oil"}, pawn="B2",
              nuggets=[[200, 500], [300]])
    assert position_key(a, codes) == position_key(b, codes)  # a purse is a multiset
    assert position_key(a, codes) != position_key(c, codes)
    assert position_key(a, codes) != position_key(d, codes)


def test_calm_key_shares_dead_colour_splits_and_equal_nugget_leads():
    # no ambush or rattlesnake left: black is gone from the board, so who owns the black cows no
    # longer matters, and nuggets count only through the difference of the totals
    cells = {"B2": {"white": 1, "orange": 1}, "B1": {"white": 2}, "A1": {"orange": 1}}
    a = build(cells=cells, pawn="B2", herds=[{"black": 3}, {"black": 6}], nuggets=[[500], [200]])
    b = build(cells=cells, pawn="B2", herds=[{"black": 5}, {"black": 4}], nuggets=[[300, 400], [400]])
    codes = _Codes()
    assert position_key(a, codes) == position_key(b, codes)
    assert solve(a)[0] == pytest.approx(expectiminimax(a)) == pytest.approx(expectiminimax(b))
    # a rattlesnake on the board may bring black back: the split matters again
    c = build(cells=cells, tokens={"A1": "rattlesnake"}, pawn="B2", herds=[{"black": 3}, {"black": 6}],
              nuggets=[[500], [200]])
    d = build(cells=cells, tokens={"A1": "rattlesnake"}, pawn="B2", herds=[{"black": 5}, {"black": 4}],
              nuggets=[[300, 400], [400]])
    assert position_key(c, codes) != position_key(d, codes)


@pytest.mark.parametrize("seed", [2, 13, 23])
def test_win_probe_rounds_cut_short_keep_the_proof(seed, monkeypatch):
    # tiny round budgets: root choices are cut off mid-search again and again before the last round
    import generator.engine.longhorn.solver as solver_module

    s = position_with_groups(G, seed, 12)
    plain = Solver().solve(s)
    monkeypatch.setattr(solver_module, "ROUND_BUDGETS", (solver_module.CHECK_EVERY, 2 * solver_module.CHECK_EVERY))
    small = Solver()
    value, action = small.solve(s)
    assert value == plain[0] and action in s.legal_actions()
    assert small.stop_at is None
    after = s.clone()
    after.apply(action)  # the named move keeps the value (a win here: the opponent cannot escape it)
    if value == 1.0 and not after.is_over and after.current_player != s.current_player:
        assert solve(after)[0] == -1.0


def test_node_limit_still_raises_solver_timeout_during_the_rounds():
    from generator.errors import SolverTimeout

    s = position_with_groups(G, 12, 12)
    with pytest.raises(SolverTimeout):
        Solver().solve(s, node_limit=20_000)  # below the first round's total, so inside a round
