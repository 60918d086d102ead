"""Effort: the seconds a person spends following a printed table, measured decision by decision on the
same rule walk the bot makes (tables/effort.py), on the scale the content gives (features.yaml)."""

from __future__ import annotations

import pytest

from generator.bots.table import Trace, kind_features
from generator.content import load_content, load_table
from generator.games import load_game
from generator.schema.tables import Condition, Decision, Key, Rule
from generator.tables.effort import ALL, measure_effort, seconds_of, step_effort, traced_decisions
from generator.tables.evaluation import run_eval

C = load_content("longhorn")
SECS = seconds_of(C)  # spot 1, row 3, board 8, lookahead 20, rule 2, tie_first 1, tie_d6 3
MOVE = kind_features(C, "move")


def _move_trace(*choices: dict[str, int], chosen: int = 0) -> Trace:
    rows = [tuple(ch.get(name, 0) for name in MOVE) for ch in choices]
    return Trace("move", rows, list(range(len(rows))), chosen, False)


def test_a_condition_is_read_for_every_choice_still_in_play_and_the_first_rule_that_applies_decides():
    d = Decision(rules=[Rule(when=[Condition(feature="ranch_sheriff", op="=", value=1)], prefer=[]),
                        Rule(when=[], prefer=[Key(sense="max", feature="ranch_cattle")])], tie_break="first")
    trace = _move_trace({"ranch_cattle": 2}, {"ranch_cattle": 5}, {"ranch_cattle": 3}, chosen=1)
    seconds, picked = step_effort(d, trace, C, SECS)
    # rule 1: read, sheriff checked at 3 ranches (no ranch has him); rule 2: read, cattle counted at 3 ranches
    assert seconds == SECS.rule + 3 * SECS.spot + SECS.rule + 3 * SECS.spot
    assert picked == 1


def test_a_fact_of_the_position_is_read_once_for_all_the_choices():
    d = Decision(rules=[Rule(when=[Condition(feature="bot_ahead", op="=", value=1)],
                             prefer=[Key(sense="max", feature="next_can_win")])], tie_break="first")
    trace = _move_trace({"bot_ahead": 1, "next_can_win": 0}, {"bot_ahead": 1, "next_can_win": 1},
                        {"bot_ahead": 1, "next_can_win": 0}, chosen=1)
    seconds, picked = step_effort(d, trace, C, SECS)
    assert seconds == SECS.rule + SECS.board + 3 * SECS.lookahead  # bot_ahead once; the look-ahead at each ranch
    assert picked == 1


def test_choices_a_condition_sets_aside_are_not_read_again_and_a_tie_costs_its_break():
    d = Decision(avoid=[Condition(feature="ranch_sheriff", op="=", value=1)],
                 rules=[Rule(when=[Condition(feature="ranch_nugget", op=">", value=0)], prefer=[])], tie_break="d6")
    trace = _move_trace({"ranch_sheriff": 1, "ranch_nugget": 3}, {"ranch_nugget": 2}, {"ranch_nugget": 4},
                        {"ranch_nugget": 0}, chosen=1)
    seconds, picked = step_effort(d, trace, C, SECS)
    # avoid: read at 4 ranches, 3 kept; rule 1: nugget read at those 3, two have one: a die between them
    assert seconds == SECS.rule + 4 * SECS.spot + SECS.rule + 3 * SECS.spot + SECS.tie_d6
    assert picked == 1


@pytest.mark.fast_case(game='longhorn')
@pytest.mark.parametrize("game, players", [("longhorn", 2), ("colt_express", 3), ("way_out_west", 3)])
def test_the_walk_a_person_makes_reaches_the_bots_own_choice_in_seeded_games(game, players):
    g = load_game(game)
    for level in ("easy", "normal", "hard"):
        table = load_table(g.content, level, players)
        for steps in traced_decisions(g, table, "greedy", (players,), 1, 3):
            for t in steps:
                assert step_effort(table.decisions.get(t.kind), t, g.content, SECS)[1] == t.chosen, (level, t.kind)


def test_effort_is_measured_per_kind_and_over_whole_decisions():
    g = load_game("colt_express")
    figures = measure_effort(g, load_table(g.content, "normal", 3), "random", (3,), 1, 6)
    assert ALL in figures and "scheme" in figures
    for f in figures.values():
        assert f.decisions > 0 and 0 <= f.median <= f.p95
    assert figures[ALL].decisions >= figures["scheme"].decisions


def test_tables_eval_reports_the_effort_of_every_level():
    out = run_eval("longhorn", ["easy", "normal"], ["random"], 4, 2, 1, 0, False, effort_games=4)
    assert set(out["effort"]) == {"easy", "normal"}
    assert out["effort"]["normal"][ALL].decisions > 0
    assert run_eval("longhorn", ["easy"], ["random"], 2, 2, 1, 0, False, effort_games=0)["effort"] == {}


def test_every_feature_of_every_game_says_what_a_person_does_to_read_it():
    for game in ("longhorn", "colt_express", "way_out_west"):
        c = load_content(game)
        assert c.effort is not None
        assert all(f.effort in ("spot", "row", "board", "lookahead") for f in c.features.values())


def test_tables_effort_records_the_seconds_in_each_header_and_changes_nothing_else(tmp_path):
    import shutil

    from typer.testing import CliRunner

    from generator.cli import app
    from generator.content import game_tables

    from tests.support.paths import REPO

    shutil.copytree(REPO / "content", tmp_path / "c")
    before = {t.file_name(): t for t in game_tables(load_content("longhorn", tmp_path / "c"))}
    result = CliRunner().invoke(app, ["--content", str(tmp_path / "c"), "tables", "effort", "longhorn", "--level", "easy",
                                      "-n", "4"])
    assert result.exit_code == 0, result.output
    assert "whole decision" in result.output
    after = {t.file_name(): t for t in game_tables(load_content("longhorn", tmp_path / "c"))}
    easy = after["easy.yaml"]
    assert easy.measured.effort[ALL].decisions > 0 and easy.measured.effort_against == "greedy"
    assert set(easy.measured.figures) == {"rides_to_sheriff"}
    assert easy.measured.model_copy(update={"effort": None, "effort_against": None, "figures": None}) == \
        before["easy.yaml"].measured.model_copy(update={"effort": None, "effort_against": None, "figures": None})
    assert easy.decisions == before["easy.yaml"].decisions
    assert after["normal.yaml"] == before["normal.yaml"]  # only the levels asked for


@pytest.mark.slow
def test_tuning_under_an_effort_budget_keeps_tables_a_person_runs_faster(tmp_path):
    from generator.tables.tuning import run_tune

    g = load_game("longhorn")
    made = {}
    for budget in (None, 5.0):
        table, _path, _res = run_tune("longhorn", "normal", 600, 1, 1, "tables/start/designer.yaml", 20,
                                      tmp_path / f"t{budget}.yaml", effort_budget=budget)  # from a table of look-aheads
        made[budget] = measure_effort(g, table, "greedy", (2,), 2, 8)[ALL].median
        if budget is not None:
            assert "--effort-budget 5" in table.tuned.command
            assert "under an effort budget of 5 s a decision" in table.tuned.method
    assert made[5.0] < made[None]  # (600 games from the designer's table: 123 s -> 7 s)


def test_an_effort_budget_out_of_range_is_one_line(tmp_path):
    from typer.testing import CliRunner

    from generator.cli import app

    result = CliRunner().invoke(app, ["tables", "tune", "longhorn", "--effort-budget", "0", "--out", str(tmp_path / "x.yaml")])
    assert result.exit_code == 1 and "--effort-budget 0.0: expected 1 to 600 seconds" in result.output


def test_sensible_play_figures_are_read_off_the_choices_made():
    from generator.tables.effort import figures_of

    c = load_content("longhorn")
    ride_to = lambda sheriff: Trace("move", [tuple(sheriff if n == "ranch_sheriff" else 0 for n in MOVE)], [0], 0, False)  # noqa: E731
    played = [[[ride_to(1)], [ride_to(0)]], [[ride_to(0)], [ride_to(0)]]]  # two games, one ride of four to the sheriff
    assert figures_of(c, played) == {"rides_to_sheriff": 0.25}


def test_a_figure_must_read_features_of_its_decision_kind(tmp_path):
    import shutil

    from typer.testing import CliRunner

    from generator.cli import app
    from tests.support.paths import REPO

    shutil.copytree(REPO / "content", tmp_path / "c")
    path = tmp_path / "c" / "longhorn" / "features.yaml"
    path.write_text(path.read_text().replace("when: [ranch_sheriff = 1]", "when: [cows_taken = 1]"))
    result = CliRunner().invoke(app, ["--content", str(tmp_path / "c"), "validate"])
    assert result.exit_code == 1 and "figures.rides_to_sheriff: cows_taken: not a feature of move decisions" in result.output


def test_colt_express_figures_count_fire_cards_scheduled_with_nobody_in_sight():
    from generator.tables.effort import measure_table

    g = load_game("colt_express")
    _effort, figures = measure_table(g, load_table(g.content, "hard", 3), "greedy", (3,), 2, 6)
    assert set(figures) == {"fire_no_target", "rob_no_loot", "punch_no_target", "cards_held"}
    assert figures["fire_no_target"] >= 0 and 1 <= figures["cards_held"] <= 12
