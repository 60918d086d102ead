"""Scenario files are content: validated against the schema, the game's vocabulary and its engine,
every problem reported as file:line: path: message (and `saloon validate` checks them)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.cli import app
from generator.scenarios import store
from generator.schema.scenarios import Scenario

from tests.support.scenarios import LONGHORN_FILE, content_copy, write
from generator.content import load_content

runner = CliRunner()


def _problems(tmp_path: Path, text: str) -> list[str]:
    path = write(tmp_path, "s.yaml", text)
    sf, problems = store.read_file(path)
    assert (sf is None) == bool(problems)
    return [str(p) for p in problems]


def test_a_valid_file_loads_with_its_scenarios_and_twists(tmp_path):
    sf = store.load_file(write(tmp_path, "s.yaml", LONGHORN_FILE))
    assert [s.id for s in sf.scenarios] == ["easy1", "hard1"]
    hard = sf.scenarios[1]
    assert hard.seat == 1 and [t.kind for t in hard.twists] == ["rival_nugget", "no_token"]
    assert hard.twists[0].value == 500 and hard.objective.margin == 1000 and hard.graded.stars == 5


def test_a_written_file_reads_back_the_same(tmp_path):
    sf = store.load_file(write(tmp_path, "s.yaml", LONGHORN_FILE))
    again = store.write_file(tmp_path / "again.yaml", sf, ["a header"])
    assert again.read_text().startswith("# a header\n")
    assert store.load_file(again) == sf


def test_a_twist_is_one_kind_value_pair():
    sc = Scenario.model_validate({"id": "x", "title": "x", "players": 3, "seats": ["you", "random", "random"],
                                  "setup": {"seed": 1}, "twists": [{"rival_building": {"building": "bank", "town": "abilene"}}]})
    assert sc.twists[0].kind == "rival_building" and sc.twists[0].town == "abilene"
    assert sc.twists[0].to_yaml() == {"rival_building": {"building": "bank", "town": "abilene"}}
    with pytest.raises(ValueError, match="one 'kind: value' pair"):
        Scenario.model_validate({"id": "x", "title": "x", "players": 2, "seats": ["you", "random"], "setup": {"seed": 1},
                                 "twists": [{"first": "you", "pawn_start": "tulsa"}]})


def test_an_unknown_twist_names_its_file_line_and_the_vocabulary(tmp_path):
    text = LONGHORN_FILE.replace("- your_nugget: 500", "- free_cattle: 3")
    (problem,) = _problems(tmp_path, text)
    assert "s.yaml:10: scenarios[0].twists[0]" in problem
    assert "no twist 'free_cattle'" in problem and "rival_nugget" in problem


def test_a_twist_value_outside_its_range_is_refused(tmp_path):
    (problem,) = _problems(tmp_path, LONGHORN_FILE.replace("your_nugget: 500", "your_nugget: 250"))
    assert "s.yaml:10: scenarios[0].twists[0].your_nugget:" in problem and "no $250 nugget" in problem and "200, 300, 400, 500" in problem


def test_a_twist_asked_and_banned_at_once_is_refused(tmp_path):
    text = LONGHORN_FILE.replace("- rival_nugget: 500", "- with_token: snake_oil")
    (problem,) = _problems(tmp_path, text)
    assert "both banned" in problem


def test_exactly_one_seat_is_the_person(tmp_path):
    (problem,) = _problems(tmp_path, LONGHORN_FILE.replace("seats: [you, greedy]", "seats: [greedy, greedy]"))
    assert "s.yaml:6: scenarios[0].seats: exactly one seat must be 'you'" in problem


def test_a_bot_seat_must_be_a_known_bot(tmp_path):
    (problem,) = _problems(tmp_path, LONGHORN_FILE.replace("seats: [you, greedy]", "seats: [you, 'mcts:lots']"))
    assert "scenarios[0].seats[1]" in problem and "whole number" in problem


def test_a_table_seat_needs_a_table_for_the_scenarios_player_count(tmp_path, monkeypatch):
    """Colt Express tables come per player-count family: with only the 4-6 family, a 2-player
    scenario cannot seat one, a 4-player scenario can."""
    every = store.game_tables(load_content("colt_express"))
    monkeypatch.setattr(store, "game_tables", lambda content: [t for t in every if t.fits(5)])
    text = """
        game: colt_express
        scenarios:
          - {id: c1, title: t, players: 2, seats: [you, 'table:normal'], setup: {seed: 1}}
    """
    (problem,) = _problems(tmp_path, text)
    assert "scenarios[0].seats[1]: colt_express has no normal decision table for 2 players (yet)" in problem
    assert _problems(tmp_path, text.replace("players: 2, seats: [you, 'table:normal']",
                                            "players: 4, seats: [you, 'table:normal', random, random]")) == []


def test_colt_express_scenarios_seat_tables_a_person_runs_from_the_kit():
    sf = store.load_file(store.scenario_files(load_content("colt_express"))[0], "colt_express")
    assert all(seat == "you" or seat.startswith("table:") for sc in sf.scenarios for seat in sc.seats)


def test_an_objective_condition_of_another_game_is_refused(tmp_path):
    (problem,) = _problems(tmp_path, LONGHORN_FILE.replace("objective: {result: win}", "objective: {control: dodge-city}"))
    assert "scenarios[0].objective.control" in problem and "longhorn objectives have no 'control'" in problem


def test_an_objective_needs_a_result_or_a_condition(tmp_path):
    (problem,) = _problems(tmp_path, LONGHORN_FILE.replace("objective: {result: win}", "objective: {result: any}"))
    assert "result 'any' needs another condition" in problem


def test_an_illegal_opening_move_names_the_move(tmp_path):
    text = """
        game: way_out_west
        scenarios:
          - id: w1
            title: t
            players: 3
            seats: [you, random, random]
            setup: {seed: 1, moves: [place abilene, place nowhere]}
    """
    (problem,) = _problems(tmp_path, text)
    assert "scenarios[0].setup" in problem and "setup.moves[1] 'place nowhere'" in problem


def test_a_twist_that_does_not_fit_the_position_is_refused(tmp_path):
    text = """
        game: way_out_west
        scenarios:
          - id: w1
            title: t
            players: 3
            seats: [you, random, random]
            setup: {seed: 1}
            twists:
              - your_building: {building: bank, town: abilene}
              - rival_building: {building: bank, town: abilene}
    """
    (problem,) = _problems(tmp_path, text)
    assert "twists[1] rival_building: abilene already has a bank" in problem


def test_the_marshal_may_not_start_where_the_bandits_do(tmp_path):
    text = """
        game: colt_express
        scenarios:
          - {id: c1, title: t, players: 2, seats: [you, greedy], setup: {seed: 1}, twists: [{marshal_car: 3}]}
    """
    (problem,) = _problems(tmp_path, text)
    assert "marshal may start in wagon 1 with 2 players" in problem


def test_stars_must_follow_the_measured_win_rate(tmp_path):
    (problem,) = _problems(tmp_path, LONGHORN_FILE.replace("win_rate: 0.8, low: 0.584, high: 0.9193, stars: 1", "win_rate: 0.8, low: 0.584, high: 0.9193, stars: 3"))
    assert "scenarios[0].graded.stars: 3 stars, but a win rate of 80% gives 1" in problem


def test_a_win_rate_must_be_wins_over_games(tmp_path):
    (problem,) = _problems(tmp_path, LONGHORN_FILE.replace("win_rate: 0.8,", "win_rate: 0.7,"))
    assert "win_rate 0.7 is not wins/games" in problem


def test_ids_are_unique_in_a_file(tmp_path):
    (problem,) = _problems(tmp_path, LONGHORN_FILE.replace("id: hard1", "id: easy1"))
    assert "scenarios[1].id: id 'easy1' is used twice" in problem


def test_unknown_keys_and_yaml_errors_are_one_line_each(tmp_path):
    (problem,) = _problems(tmp_path, LONGHORN_FILE.replace("title: A quiet duel", "title: A quiet duel\n        colour: red"))
    assert "scenarios[0].colour" in problem and "Extra inputs" in problem
    (syntax,) = _problems(tmp_path, "game: longhorn\nscenarios: [\n")
    assert "YAML syntax error" in syntax


def test_a_way_out_west_puzzle_is_checked_like_any_games(tmp_path):
    """Every game has puzzles now (Way Out West's since its chance model by hits): its puzzle's position
    is read by its engine, and a position that cannot be read is one problem."""
    text = """
        game: way_out_west
        puzzles:
          - {id: p1, title: t, position: {}, solution: [x], first_turn: 1, turns: 1, wrong: 1, stars: 1, node_limit: 1000}
    """
    (problem,) = _problems(tmp_path, text)
    assert "puzzles[0].position" in problem and "cannot be read" in problem


def test_ids_are_unique_across_a_games_files(tmp_path):
    content = content_copy(tmp_path)
    write(content / "longhorn" / "scenarios", "a.yaml", LONGHORN_FILE)
    write(content / "longhorn" / "scenarios", "b.yaml", LONGHORN_FILE)
    result = runner.invoke(app, ["--content", str(content), "validate"])
    assert result.exit_code == 1
    assert "scenarios[0].id: 'easy1' is also an id in a.yaml" in result.output


def test_validate_checks_scenario_files_and_exits_1(tmp_path, monkeypatch):
    content = content_copy(tmp_path)
    write(content / "longhorn" / "scenarios", "mine.yaml", LONGHORN_FILE.replace("your_nugget: 500", "your_nugget: 250"))
    result = runner.invoke(app, ["--content", str(content), "validate"])
    assert result.exit_code == 1
    assert "content/longhorn/scenarios/mine.yaml:10:" in result.output and "no $250 nugget" in result.output
    one = runner.invoke(app, ["validate", str(content / "longhorn" / "scenarios" / "mine.yaml")])
    assert one.exit_code == 1 and "no $250 nugget" in one.output
    fixed = write(content / "longhorn" / "scenarios", "mine.yaml", LONGHORN_FILE)
    ok = runner.invoke(app, ["--content", str(content), "validate", str(fixed)])
    assert ok.exit_code == 0, ok.output


def test_the_committed_scenario_files_are_valid():
    problems = store.scenario_problems(None)[1]
    assert not problems, [str(p) for p in problems]
