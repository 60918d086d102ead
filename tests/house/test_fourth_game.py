"""A fourth game plugs in through its descriptor alone: Take Away (tests/house/takeaway/, a package of its
own with engine, schema, vocabulary, drawing and content) gets `saloon games`, `simulate`, `play`,
`build` and `tables show` with no edit anywhere else in Saloon."""

from __future__ import annotations

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from generator import registry
from generator.cli import app
from tests.house.takeaway import GAME

runner = CliRunner()


@pytest.fixture(autouse=True)
def takeaway():
    registry.register(GAME)
    yield
    registry.unregister(GAME.name)


def saloon(*args: str, input: str | None = None):
    result = runner.invoke(app, list(args), input=input, env={"COLUMNS": "120"})
    assert result.exit_code == 0, result.output
    return result.output


def test_games_lists_it_with_its_options():
    assert "Take Away" in saloon("games")
    one = saloon("games", "takeaway")
    assert "max_take" in one and "steer cards" in one


def test_simulate_plays_it_with_every_kind_of_bot():
    out = saloon("simulate", "takeaway", "-n", "20", "--seats", "table:normal,random", "--seed", "3")
    assert "takeaway: 20 games, 2 players" in out
    assert "table" in out
    saloon("simulate", "takeaway", "-n", "4", "--seats", "mcts:30,greedy", "--seed", "1")


def test_play_referees_a_person_against_its_table_bot(tmp_path):
    out = saloon("play", "takeaway", "--seats", "you,table:normal", "--seed", "2", "--save-dir", str(tmp_path),
                 input="1\n" * 20)
    assert "winner" in out.lower()


def test_build_prints_a_minimal_kit(tmp_path):
    out = saloon("build", "takeaway", "--out", str(tmp_path))
    assert "takeaway" in out
    (pdf,) = tmp_path.glob("takeaway_*.pdf")
    text = "".join(page.extract_text() for page in PdfReader(pdf).pages)
    assert "Take Away" in text and "steer" in text


def test_tables_show_prints_its_table_in_words():
    out = saloon("tables", "show", "takeaway", "--level", "normal")
    assert "Take Away: bot, level normal" in out
    assert "it leaves a multiple of the most allowed plus one" in out
