"""Content texts are templates a person edits: `saloon validate` reads them as it reads the YAML around
them (one line with file and line for a text that could loop, recurse, read a file, grow without bound
or name what the content does not have), and they render in a bounded sandbox."""

from __future__ import annotations

import shutil

import jinja2
import pytest
from typer.testing import CliRunner

from generator.cli import app
from generator.schema.texts import OUTPUT_LIMIT, render_text, text_problem
from tests.support.paths import REPO

HOSTILE = [
    ("{% for i in range(100000) %}{% for j in range(100000) %}x{% endfor %}{% endfor %}", "for in a text"),
    ("{{ 'x' * 10**9 }}", "a power (**) in a text"),
    ("{% include 'game.yaml' %}", "include in a text"),
    ("{% macro m() %}{{ m() }}{% endmacro %}{{ m() }}", "macro in a text"),
    ("{{ range(10) }}", "unknown name 'range'"),
    ("{{ c.game.title | center(100000000) }}", "filter 'center'"),
    ("{{ c.nope }}", "has no attribute 'nope'"),
    ("{{ 'x' * 100000000 }}", "a product of more than 1,000 items"),
    ("{{ c.__class__ }}", "unsafe"),
    ("{{ opt.update(opt) }}", "unsafe"),
    ("{{ c.game.title", "template error"),
]


@pytest.mark.parametrize("text, says", HOSTILE)
def test_validate_names_the_file_and_line_of_a_text_that_is_not_a_plain_template(text, says, tmp_path):
    shutil.copytree(REPO / "content", tmp_path / "c")
    game = tmp_path / "c" / "longhorn" / "game.yaml"
    game.write_text(game.read_text().replace("      Two outlaws share one pawn", f"      {text} Two outlaws share one pawn", 1))
    result = CliRunner().invoke(app, ["--content", str(tmp_path / "c"), "validate"])
    assert result.exit_code == 1, result.output
    assert "longhorn/game.yaml:10: game.summary" in result.output and says in result.output


@pytest.mark.slow  # (the whole `saloon validate`: tests/cli/test_cli.py's test_validate_all_content runs it in the fast tier)
def test_the_shipped_texts_are_all_plain_templates():
    result = CliRunner().invoke(app, ["validate"])
    assert result.exit_code == 0, result.output


def test_a_text_renders_to_a_bounded_length():
    source = "{{ ('x' * 1000) ~ ('x' * 1000) }}" * 6
    assert text_problem(source) is None
    with pytest.raises(jinja2.exceptions.SecurityError, match=f"at most {OUTPUT_LIMIT:,}"):
        render_text(source)


def test_a_text_may_print_values_choose_with_if_and_use_the_listed_filters():
    assert render_text("{% if amount > 2 %}{{ amount // 100 }} and {{ opt.x | upper }}{% endif %}",
                       amount=300, opt={"x": "ok"}) == "3 and OK"


@pytest.mark.parametrize("text", ["{{ 1/0 }}", "{{ c.game.title - 1 }}", "{{ c.cattle[99] }}"])
def test_what_a_texts_expression_raises_is_a_located_content_error(text, tmp_path):
    # found by the round-2 soak: a division by zero in a text was an internal error (exit 70)
    shutil.copytree(REPO / "content", tmp_path / "c")
    game = tmp_path / "c" / "longhorn" / "game.yaml"
    game.write_text(game.read_text().replace("      Two outlaws share one pawn", f"      {text} Two outlaws share one pawn", 1))
    result = CliRunner().invoke(app, ["--content", str(tmp_path / "c"), "validate"])
    assert result.exit_code == 1, result.output
    assert "longhorn/game.yaml:10: game.summary" in result.output and "internal error" not in result.output
