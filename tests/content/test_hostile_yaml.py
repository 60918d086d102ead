"""Hostile content: recursive and deeply nested YAML, alias bombs, huge numbers and files are refused
with one line and a location, in bounded work; every count, size and amount has an upper bound; each
error line blames the right file and line and quotes input cut to a sensible length."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.cli import app
from generator.content import MAX_FILE_BYTES, validate_dir
from tests.support.paths import REPO

REPO = REPO
runner = CliRunner()


@pytest.fixture
def longhorn(tmp_path) -> Path:
    folder = tmp_path / "content" / "longhorn"
    shutil.copytree(REPO / "content" / "longhorn", folder)
    return folder


def game_copy(tmp_path, game: str) -> Path:
    folder = tmp_path / "content" / game
    shutil.copytree(REPO / "content" / game, folder)
    return folder


def problems_of(folder: Path) -> list[str]:
    model, problems = validate_dir(folder)
    assert model is None and problems
    return [str(p) for p in problems]


def cli_lines(folder: Path) -> list[str]:
    result = runner.invoke(app, ["validate", str(folder)])
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert all(line.startswith("error: ") for line in lines), result.output
    return lines


ALIAS_BOMB = "\n".join(
    ["a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    + [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]" for i in range(1, 10)]
) + "\n"


@pytest.mark.parametrize(
    "text,line,message",
    [
        ("x: &r [*r]\n", 1, "YAML refused: alias *r is used inside its own anchor (a loop)"),
        ("x: &r {a: 1, b: *r}\n", 1, "alias *r is used inside its own anchor"),
        ("ok: 1\nx: " + "[" * 5000 + "]" * 5000 + "\n", 2, "YAML refused: lists and mappings nested more than 32 deep"),
        ("x:\n" + "".join("  " * i + "- \n" for i in range(1, 400)), 0, "nested more than 32 deep"),
        (ALIAS_BOMB, 5, "YAML refused: more than 100,000 values once aliases are expanded"),
        ("base: &b {" + ", ".join(f"k{i}: {i}" for i in range(400)) + "}\nmerged: [" + ", ".join(["{<<: *b}"] * 400) + "]\n", 2, "more than 100,000 values"),
        ("x: " + "9" * 5000 + "\n", 1, "YAML refused: a whole number with 5,000 digits (at most 30)"),
        ("a: 1\nb: 2\nc: \x00\n", 3, "YAML syntax error: unacceptable character #x0000"),
        ("a: [1, 2\n", 2, "YAML syntax error"),
    ],
)
def test_hostile_yaml_is_refused_with_its_file_and_line(longhorn, text, line, message):
    (longhorn / "zz.yaml").write_text(text)
    lines = cli_lines(longhorn)
    assert len(lines) == 1, lines
    where = "content/longhorn/zz.yaml" + (f":{line}:" if line else ":")
    assert lines[0].startswith(f"error: {where}"), lines
    assert message in lines[0]


@pytest.mark.parametrize(
    "raw,message",
    [
        ("grid: 1\n".encode("utf-16"), "zz.yaml:1: file is UTF-16 text; expected UTF-8"),
        (b"a: 1\nb: caf\xe9\n", "zz.yaml:2: not UTF-8 text (byte 0xe9)"),
        (b"#" * (MAX_FILE_BYTES + 1), "zz.yaml: file is larger than 1024 KiB"),
    ],
)
def test_files_that_are_not_utf8_or_too_big_are_one_line(longhorn, raw, message):
    (longhorn / "zz.yaml").write_bytes(raw)
    lines = cli_lines(longhorn)
    assert len(lines) == 1 and message in lines[0], lines


@pytest.mark.parametrize(
    "game,old,new,message",
    [
        ("way_out_west", "wanted_posters: 13", "wanted_posters: 1000000", "wanted_posters: Input should be less than or equal to 100"),
        ("way_out_west", "  3: 20", "  3: 1000000000", "start_money[3]: Input should be less than or equal to 10000"),
        ("colt_express", "roof_move_max: 3", "roof_move_max: 1000000000", "setup.roof_move_max: Input should be less than or equal to 30"),
        ("colt_express", "max: 6", "max: 1000000000000000000", "game.players.max: Input should be less than or equal to 16"),
        ("longhorn", "rows: 3", "rows: 100000", "grid.rows: Input should be less than or equal to 10"),
        ("longhorn", "per_cow_on_board: 100", "per_cow_on_board: 10000000000", "scoring.per_cow_on_board: Input should be less than or equal to 10000"),
    ],
)
def test_counts_sizes_and_amounts_have_upper_bounds(tmp_path, game, old, new, message):
    folder = game_copy(tmp_path, game)
    for path in folder.glob("*.yaml"):
        text = path.read_text()
        if old in text:
            path.write_text(text.replace(old, new, 1))
            break
    else:
        raise AssertionError(f"{old!r} not found in {game} content")
    assert any(message in p for p in problems_of(folder)), problems_of(folder)


NUGGET_CHOICES = "choices: [pairs_300_400, pairs_200_300]"


def test_option_values_are_plain_and_bounded(longhorn):
    game = longhorn / "game.yaml"
    text = game.read_text()
    assert NUGGET_CHOICES in text
    game.write_text(text.replace(NUGGET_CHOICES, "choices: [pairs_300_400, pairs_200_300, 1000000000000, [a, b]]", 1))
    problems = problems_of(longhorn)
    assert any("option value 1000000000000 is outside" in p for p in problems), problems


def test_errors_in_a_key_defined_twice_blame_the_file_that_defined_it_first(longhorn):
    comp = longhorn / "components.yaml"
    comp.write_text(comp.read_text().replace("grid: {rows: 3, columns: 3}", "grid: {rows: 0, columns: 3}", 1))
    (longhorn / "zz.yaml").write_text("# a second grid\n\n\ngrid: {rows: 3, columns: 3}\n")
    problems = problems_of(longhorn)
    assert "longhorn/zz.yaml:4: grid: top-level key already defined in content/longhorn/components.yaml" in "\n".join(problems)
    rows = [p for p in problems if "grid.rows" in p]
    assert rows and rows[0].startswith("content/longhorn/components.yaml:2: grid.rows:"), problems


def test_long_input_is_quoted_cut_to_a_readable_length(longhorn):
    comp = longhorn / "components.yaml"
    text = comp.read_text()
    assert "sheriff_location: " in text
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if line.strip().startswith("sheriff_location:"):
            lines[i] = line.split(":")[0] + ": " + "x" * 50_000
    comp.write_text("\n".join(lines) + "\n")
    out = cli_lines(longhorn)
    assert out and all(len(line) < 700 for line in out), [len(line) for line in out]
    assert any("setup.sheriff_location" in line and "characters)" in line for line in out), out


def test_a_long_key_is_cut_in_the_error_line(longhorn):
    (longhorn / "zz.yaml").write_text("k" * 1000 + "x: 1\n")
    out = cli_lines(longhorn)
    assert len(out) == 1 and len(out[0]) < 300 and "(1,001 characters): Extra inputs are not permitted" in out[0]


def test_a_game_needs_at_least_two_players(tmp_path):
    folder = game_copy(tmp_path, "way_out_west")
    game = folder / "game.yaml"
    text = game.read_text()
    assert "min: 3" in text
    game.write_text(text.replace("min: 3", "min: 1", 1))
    assert any("game.players.min: Input should be greater than or equal to 2" in p for p in problems_of(folder))


def test_longhorn_is_for_exactly_two_players(longhorn):
    game = longhorn / "game.yaml"
    text = game.read_text()
    assert "max: 2" in text
    game.write_text(text.replace("max: 2", "max: 3", 1))
    assert any("game.players: Longhorn is a game for exactly 2 players" in p for p in problems_of(longhorn))


def test_colt_express_options_the_engine_reads_must_be_there(tmp_path):
    folder = game_copy(tmp_path, "colt_express")
    game = folder / "game.yaml"
    lines = game.read_text().splitlines(keepends=True)
    start = next(i for i, line in enumerate(lines) if line.startswith("  expert_variant:"))
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("  ") and not lines[i].startswith("   ")), len(lines))
    game.write_text("".join(lines[:start] + lines[end:]))
    assert any("option 'expert_variant' missing (the engine reads it)" in p for p in problems_of(folder))



def test_an_option_whose_choices_mix_kinds_is_checked_without_a_crash(longhorn):
    game = longhorn / "game.yaml"
    text = game.read_text()
    assert NUGGET_CHOICES in text
    game.write_text(text.replace(NUGGET_CHOICES, "choices: [pairs_300_400, pairs_200_300, 3]", 1))
    assert any("options.nugget_values.choices: choices" in p for p in problems_of(longhorn)), problems_of(longhorn)

def test_an_option_value_cannot_be_null(longhorn):
    game = longhorn / "game.yaml"
    text = game.read_text()
    assert NUGGET_CHOICES in text
    game.write_text(text.replace(NUGGET_CHOICES, "choices: [pairs_300_400, null]", 1))
    assert any("option values are text, numbers or true/false, not null" in p for p in problems_of(longhorn))
