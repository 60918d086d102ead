"""Content loading: shipped content validates; every kind of bad input is reported as file:line: path: message."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from generator.content import load_content, validate_dir, validate_paths
from tests.support.games import GAMES
from generator.errors import ContentError, UnknownGame
from tests.support.paths import REPO

ROOT = REPO / "content"


@pytest.fixture
def longhorn_copy(tmp_path: Path) -> Path:
    dest = tmp_path / "content" / "longhorn"
    shutil.copytree(ROOT / "longhorn", dest)
    return dest


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1))


def _line_of(path: Path, needle: str) -> int:
    for i, line in enumerate(path.read_text().splitlines(), 1):
        if needle in line:
            return i
    raise AssertionError(needle)


@pytest.mark.parametrize("game", GAMES)
def test_shipped_content_validates(game):
    model, problems = validate_dir(ROOT / game)
    assert problems == []
    assert model.game.id == game


@pytest.mark.parametrize("game", GAMES)
def test_every_option_has_a_default_among_its_choices_and_a_help_line(game):
    content = load_content(game)
    assert content.options, f"{game} has no options"
    for name, spec in content.options.items():
        assert spec.help.strip(), name
        if spec.choices is not None:
            assert spec.default in spec.choices, name


def test_yaml_syntax_error_names_file_and_line(longhorn_copy):
    comp = longhorn_copy / "components.yaml"
    _edit(comp, "grid: {rows: 3, columns: 3}", "grid: {rows: 3, columns: 3")
    problems = validate_paths([longhorn_copy])
    assert len(problems) == 1
    assert re.fullmatch(r"content/longhorn/components\.yaml:\d+: YAML syntax error: .+", str(problems[0]))


def test_unknown_key_is_reported_with_its_line(longhorn_copy):
    comp = longhorn_copy / "components.yaml"
    _edit(comp, "grid: {rows: 3, columns: 3}", "grid: {rows: 3, columns: 3, depth: 2}")
    [problem] = validate_paths([longhorn_copy])
    assert str(problem) == f"content/longhorn/components.yaml:{_line_of(comp, 'depth')}: grid.depth: Extra inputs are not permitted"


def test_wrong_type_is_reported_with_its_path(longhorn_copy):
    comp = longhorn_copy / "components.yaml"
    _edit(comp, "name: Tulsa, cattle: 2", "name: Tulsa, cattle: two")
    problems = validate_paths([longhorn_copy])
    line = _line_of(comp, "cattle: two")
    assert str(problems[0]) == (
        f"content/longhorn/components.yaml:{line}: locations[8].cattle: "
        "Input should be a valid integer, unable to parse string as an integer"
    )


def test_missing_field_is_reported_at_its_parent(longhorn_copy):
    comp = longhorn_copy / "components.yaml"
    _edit(comp, "{id: tulsa, name: Tulsa, cattle: 2}", "{id: tulsa, cattle: 2}")
    [problem] = validate_paths([longhorn_copy])
    assert str(problem) == f"content/longhorn/components.yaml:{_line_of(comp, 'id: tulsa')}: locations[8].name: Field required"


def test_inconsistent_cattle_count_is_reported(longhorn_copy):
    comp = longhorn_copy / "components.yaml"
    _edit(comp, "name: Tulsa, cattle: 2", "name: Tulsa, cattle: 3")
    problems = validate_paths([longhorn_copy])
    assert any(
        re.fullmatch(r"content/longhorn/components\.yaml:\d+: locations: cattle on the tiles sum to 37, but the cattle colours hold 36", str(p))
        for p in problems
    ), problems


def test_every_problem_is_reported_at_once(longhorn_copy):
    comp = longhorn_copy / "components.yaml"
    _edit(comp, "name: Tulsa, cattle: 2", "name: Tulsa, cattle: two")
    _edit(comp, "grid: {rows: 3, columns: 3}", "grid: {rows: 3, columns: 3, depth: 2}")
    assert len(validate_paths([longhorn_copy])) == 2


def test_key_defined_in_two_files_is_reported(longhorn_copy):
    (longhorn_copy / "extra.yaml").write_text("grid: {rows: 3, columns: 3}\n")
    problems = [str(p) for p in validate_paths([longhorn_copy])]
    assert "content/longhorn/extra.yaml:1: grid: top-level key already defined in content/longhorn/components.yaml" in problems


def test_duplicate_key_in_one_file_is_reported(longhorn_copy):
    comp = longhorn_copy / "components.yaml"
    _edit(comp, "grid: {rows: 3, columns: 3}", "grid: {rows: 3, rows: 3, columns: 3}")
    problems = [str(p) for p in validate_paths([longhorn_copy])]
    assert f"content/longhorn/components.yaml:{_line_of(comp, 'grid:')}: grid.rows: duplicate key" in problems


def test_empty_file_is_reported(longhorn_copy):
    (longhorn_copy / "empty.yaml").write_text("# nothing\n")
    assert "content/longhorn/empty.yaml:1: file is empty; expected a mapping of top-level keys" in [
        str(p) for p in validate_paths([longhorn_copy])
    ]


def test_a_file_names_its_game_folder(longhorn_copy):
    _edit(longhorn_copy / "components.yaml", "grid: {rows: 3, columns: 3}", "grid: {rows: 3, columns: 3, depth: 2}")
    assert len(validate_paths([longhorn_copy / "components.yaml"])) == 1


def test_path_outside_a_game_folder_is_reported(tmp_path):
    stray = tmp_path / "stray.yaml"
    stray.write_text("a: 1\n")
    [problem] = validate_paths([stray])
    assert "not in a game content folder" in str(problem)


def test_missing_path_is_reported(tmp_path):
    [problem] = validate_paths([tmp_path / "nope"])
    assert str(problem).endswith("no such file or folder")


def test_load_content_raises_with_every_problem(longhorn_copy):
    _edit(longhorn_copy / "components.yaml", "grid: {rows: 3, columns: 3}", "grid: {rows: 3, columns: 3, depth: 2}")
    with pytest.raises(ContentError) as info:
        load_content("longhorn", longhorn_copy.parent)
    assert len(info.value.problems) == 1


def test_unknown_game_is_refused():
    with pytest.raises(UnknownGame, match="unknown game 'poker'"):
        load_content("poker")


def test_round_card_naming_an_unknown_event_is_reported(tmp_path):
    dest = tmp_path / "content" / "colt_express"
    shutil.copytree(ROOT / "colt_express", dest)
    rounds = dest / "rounds.yaml"
    _edit(rounds, "turns: NTNN, event: swivel_arm}", "turns: NTNN, event: stampede}")
    problems = [str(p) for p in validate_paths([dest])]
    line = _line_of(rounds, "event: stampede")
    assert any(p.startswith(f"content/colt_express/rounds.yaml:{line}: ") and "stampede" in p for p in problems), problems
