"""Playing a scenario on screen: `saloon play --scenario`, the verdict at the end, the progress file,
`saloon scenarios list`, and saves that resume and replay from the scenario's start."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from generator.cli import app
from generator.referee import saves
from generator.player_data import progress_file
from generator.scenarios import objective, progress
from generator.referee.scenario import saved_start

from tests.support.longhorn import build
from tests.support.scenarios import LONGHORN_FILE, content_copy, write

runner = CliRunner()

SCENARIOS = """
    game: {game}
    scenarios:
      - id: s1
        title: Test duel
        players: {players}
        seats: {seats}
        setup: {{seed: 4, moves: {moves}}}
        objective: {{result: share}}
        twists: {twists}
        graded: {{proxy: 'mcts:40', seed: 1, games: 10, wins: 5, win_rate: 0.5, low: 0.2366, high: 0.7634, stars: 3}}
"""


def _scenario_file(tmp_path, game="longhorn", players=2, seats="[you, greedy]", twists="[{your_nugget: 500}]",
                   moves="[]") -> Path:
    text = SCENARIOS.format(game=game, players=players, seats=seats, twists=twists, moves=moves)
    return write(tmp_path, f"{game}.yaml", text)


def _puzzle_file(tmp_path) -> Path:
    state = build(cells={"A1": {"black": 1, "white": 1}, "B1": {"orange": 2}}, pawn="A1",
                  herds=[{"black": 8}, {}], nuggets=[[], [500, 400]])
    data = {"game": "longhorn", "puzzles": [{
        "id": "p1", "title": "Perkins to play and win", "position": state.state_to_json(), "solution": ["steal black"],
        "first_turn": 1, "turns": 1, "wrong": 1, "stars": 1, "node_limit": 100000}]}
    path = tmp_path / "puzzles.yaml"
    path.write_text(json.dumps(data))  # JSON is YAML
    return path


def _final_state(save_path: Path):
    save = saves.read_save(save_path)
    _, entry, _, state, moves = saved_start(save)
    for text in moves:
        state.play(text)
    return save, entry, state


def test_a_scenario_plays_to_the_end_and_the_verdict_follows_the_objective(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    path = _scenario_file(tmp_path)
    result = runner.invoke(app, ["play", "--scenario", f"{path}#s1", "--save-dir", "saves"], input="1\n" * 300)
    assert result.exit_code == 0, result.output
    assert "s1: Test duel" in result.output and "Objective: Win or share the win." in result.output
    assert "Twist: You start with a $500 gold nugget." in result.output
    assert "met the objective in 5 of 10 games (50%" in result.output
    (save_path,) = (tmp_path / "saves").glob("*.json")
    save, entry, state = _final_state(save_path)
    assert save.extra["scenario"]["id"] == "s1" and state.is_over
    met = objective.achieved(state, 0, entry.objective)
    assert ("scenario won" if met else "scenario lost") in result.output
    recorded = progress.read(progress_file())["longhorn"]["s1"]
    assert recorded.attempts == 1 and recorded.wins == int(met) and recorded.stars == (3 if met else 0)


def test_a_puzzle_solved_on_screen_earns_its_stars_in_the_list(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    path = _puzzle_file(tmp_path)
    result = runner.invoke(app, ["play", "--scenario", f"{path}#p1", "--save-dir", "saves"], input="steal black\n")
    assert result.exit_code == 0, result.output
    assert "the exact solver defends" in result.output and "puzzle solved: your line wins" in result.output
    wrong = runner.invoke(app, ["play", "--scenario", f"{path}#p1", "--save-dir", "saves"], input="steal white\n" + "1\n" * 20)
    assert "puzzle not solved" in wrong.output and "the solution, move by move" in wrong.output
    assert "steals 1 black cow at Nugget Hill. [steal black]" in wrong.output  # told as the book tells it
    entry = progress.read(progress_file())["longhorn"]["p1"]
    assert (entry.attempts, entry.wins, entry.stars, entry.last) == (2, 1, 1, "lost")


def test_scenarios_list_shows_the_stars_earned(tmp_path, monkeypatch):
    content = content_copy(tmp_path)
    write(content / "longhorn" / "scenarios", "mine.yaml", LONGHORN_FILE)
    monkeypatch.chdir(tmp_path)
    progress.record("longhorn", "hard1", True, 5)
    progress.record("longhorn", "easy1", False, 1)
    result = runner.invoke(app, ["--content", str(content), "scenarios", "list", "longhorn"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "won *****" in result.output and "tried 1x" in result.output and "stars earned: 5 of 6" in result.output


def test_a_scenario_save_resumes_and_replays_from_the_scenario_start(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    opening = "[" + ", ".join(["place abilene", "place deadwood", "place abilene"] * 3) + "]"
    path = _scenario_file(tmp_path, "way_out_west", 3, "[you, random, random]", "[{money: -5}]", opening)
    first = runner.invoke(app, ["play", "--scenario", f"{path}#s1", "--save-dir", "saves"], input="1\n1\n1\nquit\n")
    assert first.exit_code == 0, first.output
    (save_path,) = (tmp_path / "saves").glob("*.json")
    save = saves.read_save(save_path)
    assert save.extra["setup_moves"] == 9 and not save.finished
    assert save.record.actions[:9] == ["place abilene", "place deadwood", "place abilene"] * 3
    _, _, _, state, moves = saved_start(save)
    assert state.money[0] == 15 and moves == save.record.actions[9:]  # $20, less the twist's $5
    assert sum(state.cow[2]) == 6 and sum(state.cow[4]) == 3  # the opening placed them (Abilene, Deadwood)
    again = runner.invoke(app, ["play", "--resume", str(save_path)], input="")
    assert again.exit_code == 0, again.output
    assert f"scenario s1 after {len(moves)} moves" in again.output
    replay = runner.invoke(app, ["replay", str(save_path)], input="\n" * 3 + "q\n")
    assert replay.exit_code == 0, replay.output
    assert f"{len(moves)} moves" in replay.output


def test_scenario_play_refuses_seats_seeds_and_unknown_ids(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    path = _scenario_file(tmp_path)
    clash = runner.invoke(app, ["play", "--scenario", f"{path}#s1", "--seed", "3"])
    assert clash.exit_code == 1 and "--scenario sets up the game itself" in clash.output
    unknown = runner.invoke(app, ["play", "--scenario", f"{path}#nope"])
    assert unknown.exit_code == 1 and "no scenario 'nope'" in unknown.output and "it has: s1" in unknown.output
    nogame = runner.invoke(app, ["play", "--scenario", "s1"])
    assert nogame.exit_code == 1 and "name the game" in nogame.output


def test_a_hint_in_a_scenario_estimates_its_objective_and_is_counted_in_the_save(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    path = _scenario_file(tmp_path)
    result = runner.invoke(app, ["play", "--scenario", f"{path}#s1", "--save-dir", "saves"], input="1\nhint\nquit\n",
                           env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "this scenario's objective" in result.output and "objective met in" in result.output
    (save_path,) = (tmp_path / "saves").glob("*.json")
    assert saves.read_save(save_path).extra["hints"] == 1
    again = runner.invoke(app, ["play", "--resume", str(save_path)], input="hint\nquit\n", env={"COLUMNS": "200"})
    assert again.exit_code == 0, again.output
    assert saves.read_save(save_path).extra["hints"] == 2  # the hints before the save still count


def test_a_win_with_hints_is_recorded_as_such_and_earns_no_stars(tmp_path):
    at = tmp_path / "progress.json"
    entry = progress.record("longhorn", "s1", True, 3, at, hinted=True)
    assert (entry.wins, entry.hinted, entry.stars, entry.last) == (1, 1, 0, "won with hints")
    entry = progress.record("longhorn", "s1", True, 3, at)
    assert (entry.wins, entry.hinted, entry.stars, entry.last) == (2, 1, 3, "won")
    assert progress.read(at)["longhorn"]["s1"].hinted == 1


def test_stored_titles_fit_the_list_uncut_and_differ():
    from generator.content import load_content
    from generator.scenarios import store
    from generator.scenarios.generate import TITLE_LIMIT

    for game in ("longhorn", "colt_express", "way_out_west"):
        titles = [e.title for _, e in store.entries(load_content(game)) if not hasattr(e, "solution")]
        assert all(len(t) <= TITLE_LIMIT and not t.endswith(("...", "…")) for t in titles), game
        assert len(set(titles)) == len(titles), game
