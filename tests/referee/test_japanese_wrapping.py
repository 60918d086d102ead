"""Issue 37, item 4: Japanese is wrapped by display width where a line may break (words/breaks.py), in the
line mode and at the full-screen table: never a line that opens on an amount ("…獲得\\n$300"), on closing
punctuation or a small kana, never a number or an amount cut in two, no line wider than the screen."""

from __future__ import annotations

import re

import pytest
from rich.cells import cell_len
from rich.console import Console
from rich.markup import escape

from generator.referee.choices import Choices, show
from generator.referee.flow import Flow
from generator.referee.loop import hanging
from generator.referee.table.app import Note, flowing
from generator.referee.table.bridge import PaneConsole
from generator.words.breaks import NO_LINE_START, in_terminal
from generator.words.text import Texts

SENTENCE = ("赤のカウボーイが牛をカンザスシティへ動かして、大きな利益を獲得 $300。次に青が $3で牛2個を買い、"
            "アビリーンに入れる（収入：赤 $1,800、青 $25）。")
AMOUNTS = re.findall(r"\$[\d,]+", SENTENCE)
WIDTHS = range(20, 61)  # from a pane a third of 60 columns wide: the widest piece (a katakana word) fits


def lines_of(renderable, width: int) -> list[str]:
    """As a pane lays it out (RichLog, a table's cell: rendered, not printed, which would join Texts into one)."""
    con = Console(width=width, highlight=False, color_system=None)
    return ["".join(s.text for s in line).rstrip() for line in con.render_lines(renderable, con.options, pad=False)]


def check(lines: list[str], width: int, head: str = "") -> None:
    lines = [line for line in lines if line.strip()]
    assert all(cell_len(line) <= width for line in lines), lines
    assert "".join(lines).replace(" ", "") == (head + SENTENCE).replace(" ", ""), lines  # every character, in order
    for i, line in enumerate(lines):
        body = line.strip()
        if i == 0:
            continue  # opens the text (after its mark or its choice)
        assert not body.startswith("$"), f"an amount opens a line: {lines}"
        assert body[:1] not in NO_LINE_START, f"a line opens on {body[:1]!r}: {lines}"
        assert not (re.match(r"[\d,]", body) and re.search(r"[\d$,]$", lines[i - 1])), f"a number cut in two: {lines}"
    for amount in AMOUNTS:
        assert any(amount in line for line in lines), f"{amount} cut across lines: {lines}"


def test_the_pieces_keep_amounts_and_latin_words_whole():
    pieces = [SENTENCE[a:b] for a, b in in_terminal(SENTENCE)]
    assert "".join(pieces) == SENTENCE
    assert "得 $300。" in pieces  # the amount with what it belongs to, the full stop after it
    assert any(p.startswith("が $3で") for p in pieces)
    name = "ジェシー・アーティスト・バードが牛を盗む"
    assert [name[a:b] for a, b in in_terminal(name)][:3] == ["ジェシー・", "アーティスト・", "バード"]  # a name breaks at its dots only
    latin = "steal black, then ride"
    assert [latin[a:b] for a, b in in_terminal(latin)] == ["steal ", "black, ", "then ", "ride"]


@pytest.mark.parametrize("width", WIDTHS)
def test_a_narrated_line_breaks_where_japanese_may(width):
    check(lines_of(hanging("*", escape(SENTENCE)), width), width, "*")


@pytest.mark.parametrize("width", WIDTHS)
def test_the_choices_and_the_table_panes_break_where_japanese_may(width):
    check(lines_of(Flow(SENTENCE), width), width)
    if width >= 28:  # the note's column beside "1  move C1" is at least 16 cells, the widest piece's room
        check(lines_of_show(width), width, "1move C1")
    check(lines_of(flowing(SENTENCE), width), width)  # what to decide
    printed: list = []
    PaneConsole(printed.extend).print(SENTENCE)  # the log pane: what the referee prints
    check(lines_of(printed[0], width), width)


def lines_of_show(width: int) -> list[str]:
    con = Console(record=True, width=width, highlight=False, color_system=None)
    show(con, Choices(["move C1"], [SENTENCE], ["move"], {}), Texts("ja", "referee"))
    return [line.rstrip() for line in con.export_text().splitlines()]


def test_a_bots_reason_in_the_log_pane_is_cut_at_a_break_not_inside_an_amount():
    lines = lines_of(Note(SENTENCE, most=10), 30)
    check([line.strip() for line in lines], 30)
