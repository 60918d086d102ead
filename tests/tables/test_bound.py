"""`saloon tables bound`: a Longhorn table as printed against the same table with an exact endgame."""

from __future__ import annotations

from typer.testing import CliRunner

from generator.engine.longhorn.solver import Solver, groups_left, position_with_groups
from generator.bots.table import TableBot
from generator.cli import app
from generator.content import load_table, load_content
from generator.games import load_game
from generator.tables.bound import Bound, EndgameBot, endgame_bound

runner = CliRunner()
G = load_game("longhorn")


def test_endgame_bot_plays_the_solvers_choice_once_few_groups_are_left():
    state = position_with_groups(G, 3, 10)
    bot = EndgameBot(TableBot(1, level="hard"), groups=10)
    assert bot.choose(state.clone()) == Solver().solve(state.clone())[1]


def test_endgame_bot_leaves_the_table_to_decide_above_the_groups():
    for seed in range(6):
        state = position_with_groups(G, seed, 16)
        assert groups_left(state) > 12
        bot = EndgameBot(TableBot(1, level="hard"), groups=12)
        assert bot.choose(state.clone()) == TableBot(1, level="hard").choose(state.clone())


def test_the_bound_plays_each_deal_in_both_seats_and_is_deterministic():
    table = load_table(load_content("longhorn"), "hard")
    a = endgame_bound(G, table, ["greedy"], seed=5, deals=3, groups=11)
    b = endgame_bound(G, table, ["greedy"], seed=5, deals=3, groups=11)
    bound = a["greedy"]
    assert bound.as_is.games == bound.exact.games == 6 == len(bound.diffs)
    assert (bound.as_is.wins, bound.exact.wins, bound.diffs) == (b["greedy"].as_is.wins, b["greedy"].exact.wins,
                                                                 b["greedy"].diffs)
    assert sum(bound.diffs) == bound.exact.wins - bound.as_is.wins


def test_the_paired_gain_interval_on_a_known_case():
    b = Bound(diffs=[1, 0, 0, 1])  # mean 0.5, sample sd 0.5774: half width 1.96 * 0.5774 / 2
    gain, lo, hi = b.gain_interval()
    assert gain == 0.5
    assert abs(hi - 0.5 - 1.96 * (1 / 3) ** 0.5 / 2) < 1e-12
    assert abs((gain - lo) - (hi - gain)) < 1e-12


def test_tables_bound_prints_both_rows_for_each_opponent():
    result = runner.invoke(app, ["tables", "bound", "longhorn", "--games", "4", "--opponents", "random",
                                 "--groups", "10"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "exact from 10 groups" in result.output and "random" in result.output


def test_tables_bound_refuses_a_game_without_a_solver_in_one_line():
    result = runner.invoke(app, ["tables", "bound", "colt_express", "--games", "4"])
    assert result.exit_code == 1
    assert "no exact solver" in result.output and "Traceback" not in result.output


def test_tables_bound_refuses_fewer_than_one_group():
    result = runner.invoke(app, ["tables", "bound", "longhorn", "--games", "4", "--groups", "0"])
    assert result.exit_code == 1
    assert "--groups 0" in result.output


def test_losses_count_a_won_position_let_go_under_its_decision_kind():
    from generator.engine.longhorn.features import decision_kind
    from generator.tables.bound import _judge
    from generator.tables.measure import choice_values

    for seed in range(40):  # the first seeded 8-group position with a winning and a losing choice
        state = position_with_groups(G, seed, 8)
        values = choice_values(state, 400_000)
        if max(values) > 0 and min(values) <= 0:
            break
    else:
        raise AssertionError("no seeded position with a winning and a losing choice")
    actions = state.legal_actions()
    b = Bound()
    watch = _judge(b, state.current_player, groups=8, node_limit=400_000)
    watch(state, actions[values.index(min(values))])
    watch(state, actions[values.index(max(values))])
    k = b.kinds[decision_kind(state)]
    assert (k.positions, k.optimal, k.let_go) == (2, 1, 1)
    _judge(b, 1 - state.current_player, groups=8, node_limit=400_000)(state, actions[0])  # not the seat's turn
    assert k.positions == 2


def test_the_bound_with_losses_judges_only_the_printed_tables_endgame():
    table = load_table(load_content("longhorn"), "hard")
    bound = endgame_bound(G, table, ["greedy"], seed=5, deals=2, groups=10, losses=True)["greedy"]
    assert bound.kinds
    for k in bound.kinds.values():
        assert k.positions >= k.optimal and k.let_go <= k.positions - k.optimal
