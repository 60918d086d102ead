"""A best-chance puzzle's printed chances are worked out again by `saloon validate` (an exact search over every
die, seconds a puzzle); reading a puzzle file to play it or print it checks its position and line but does not
search again, so `saloon book` and `saloon play --scenario` do not pay for the proofs."""

from __future__ import annotations

import yaml

from generator import registry
from generator.content import load_content
from generator.scenarios import store
from tests.support.paths import REPO

SOURCE = REPO / "content" / "way_out_west" / "scenarios" / "puzzles.yaml"


def _best_chance_file(tmp_path, best: float | None = None):
    """A puzzle file holding the first best-chance puzzle of the shipped file (its chance changed to `best`)."""
    data = yaml.safe_load(SOURCE.read_text(encoding="utf-8"))
    puzzle = next(p for p in data["puzzles"] if p.get("chance"))
    if best is not None:
        puzzle["chance"]["best"] = best
    path = tmp_path / "chance.yaml"
    path.write_text(yaml.safe_dump({"game": "way_out_west", "puzzles": [puzzle]}, allow_unicode=True), encoding="utf-8")
    return path, puzzle


def test_validate_works_the_printed_chances_out_again_and_names_a_wrong_one(tmp_path):
    path, puzzle = _best_chance_file(tmp_path, best=0.45)
    assert puzzle["chance"]["next"] < 0.45
    _, problems = store.read_file(path, "way_out_west", proofs=True)
    assert len(problems) == 1 and "puzzles[0].chance" in str(problems[0]), problems
    assert "when worked out again" in str(problems[0]) and "not 0.4500" in str(problems[0])
    assert store.read_file(path, "way_out_west")[1] == []  # read to play or print: no search, no problem


def test_reading_a_puzzle_file_to_play_or_print_it_does_not_search_again(tmp_path, monkeypatch):
    finder = registry.plugin("way_out_west", "puzzles")

    def no_search(*_args, **_kwargs):
        raise AssertionError("a proof was run while reading the file")

    monkeypatch.setattr(finder, "reprove", no_search)
    path, puzzle = _best_chance_file(tmp_path)
    sf = store.load_file(path, "way_out_west")
    assert [p.id for p in sf.puzzles] == [puzzle["id"]]
    # the control: validating the same puzzle does search (the stand-in's refusal is reported)
    problems = store.check_puzzle(sf.puzzles[0], load_content("way_out_west"), proofs=True)
    assert problems and "a proof was run" in problems[0][1], problems
