"""The scenario book: pages within the kit's print standards (exact paper, boxes set, text inside the
margins and never below the minimum size), one page per scenario sorted by difficulty with what it
needs to be played, puzzles with their solutions at the back, and the same bytes every time."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from generator.cli import app
from tests.support.games import GAMES
from generator.render.book import render_book
from generator.render.geometry import EDGE, PAPERS
from generator.render.painter import PT
from generator.render.text import MIN_SIZE
from generator.scenarios import store

from tests.support import builds, pdftext
from tests.support.scenarios import content_copy
from generator.content import load_content

runner = CliRunner()


@pytest.fixture(scope="module")
def books():
    """render_book(game, paper) of every game and paper, built once for the render tests (tests/support/builds.py)."""
    return builds.Lazy([(game, paper) for game in GAMES for paper in PAPERS], builds.book_pdf)


def _texts(data: bytes) -> tuple[tuple[tuple[str, float, float, float], ...], ...]:
    """(text, size in pt, x mm, y mm) of every string each page draws (tests/support/pdftext.py: every show
    placed, read once per book)."""
    return pdftext.drawn_strings(data)


@pytest.mark.fast_case(paper="a4")
@pytest.mark.parametrize("paper", list(PAPERS))
@pytest.mark.parametrize("game", GAMES)
def test_pages_are_the_paper_with_trim_and_bleed_boxes(books, game, paper):
    data, pages = books[(game, paper)]
    reader = PdfReader(io.BytesIO(data))
    assert len(reader.pages) == pages
    W, H = PAPERS[paper]
    for page in reader.pages:
        box = page.mediabox
        assert float(box.width) * PT == pytest.approx(W, abs=0.05) and float(box.height) * PT == pytest.approx(H, abs=0.05)
        assert "/TrimBox" in page and "/BleedBox" in page


@pytest.mark.fast_case(paper="a4")
@pytest.mark.parametrize("paper", list(PAPERS))
@pytest.mark.parametrize("game", GAMES)
def test_no_text_below_the_minimum_size_or_outside_the_margins(books, game, paper):
    W, H = PAPERS[paper]
    for n, strings in enumerate(_texts(books[(game, paper)][0]), 1):
        for text, size, x, y in strings:
            assert size >= MIN_SIZE - 0.01, (n, text, size)
            assert EDGE - 0.5 <= x <= W - EDGE and EDGE - 0.5 <= y <= H - EDGE, (n, text, x, y)


@pytest.mark.parametrize("game", GAMES)
def test_scenarios_easiest_first_each_whole_on_a_page_with_its_grade_after_the_last(books, game):
    pages = list(builds.page_texts(books[(game, "a4")][0]))
    scenarios = [e for _, e in store.entries(load_content(game)) if not hasattr(e, "solution")]
    first = next(n for n, t in enumerate(pages) if "Objective:" in t)
    text = "\n".join(pages[first:])
    body, _, grades = text.partition("How hard each scenario is")
    assert grades, "no grades after the last scenario"
    found = []
    for sc in scenarios:
        assert body.count(sc.id.upper()) == 1, sc.id
        (page,) = [t for t in (t.split("How hard each scenario is")[0] for t in pages[first:]) if sc.id.upper() in t and "Objective:" in t]
        assert f"saloon play {game} --scenario {sc.id}" not in page  # the command is in the appendix
        assert f"saloon play {game} --scenario {sc.id}" in "".join(pages[-3:])
        assert f"{sc.graded.wins} of {sc.graded.games} games" not in page  # the grade is at the back
        line = grades[grades.index(sc.id.upper()):]
        assert f"{sc.graded.wins} of {sc.graded.games} games" in " ".join(line.split())[:400], sc.id
        found.append((body.index(sc.id.upper()), sc))
    order = [sc for _, sc in sorted(found, key=lambda t: t[0])]
    turning = [s for s in order if s.turning_point is not None]
    assert order[:len(turning)] == turning  # the turning points first (one to a page), then the others
    for part in (turning, order[len(turning):]):  # each part easiest first
        assert [s.graded.stars for s in part] == sorted(s.graded.stars for s in part)
    assert "How to play solo" in "".join(pages[:3])


def test_longhorn_prints_its_bot_cards_and_puzzles_with_solutions_at_the_back(books):
    text = list(builds.page_texts(books[("longhorn", "a4")][0]))
    assert any("bot, level normal" in t for t in text)  # the decision table's card
    puzzles = [e for _, e in store.entries(load_content("longhorn")) if hasattr(e, "solution")]
    (start,) = [i for i, t in enumerate(text) if "Puzzle solutions" in t]
    back = "".join(text[start:])
    for pz in puzzles:
        (where,) = [i for i, t in enumerate(text[:start]) if f"{pz.id.upper()}\n" in t or t.endswith(pz.id.upper())]
        assert f"{pz.id.upper()}: {pz.title}" in back
        assert f"saloon play longhorn --scenario {pz.id}" in "".join(text[-3:])  # the appendix, after the solutions
    assert back.count("Game over") == len(puzzles)


def test_the_shipped_books_seat_only_bots_a_person_runs_from_the_kit(books):
    for game in ("longhorn", "colt_express", "way_out_west"):
        text = "".join(builds.page_texts(books[(game, "a4")][0]))
        assert "computer bots" not in text, game


def test_search_bots_in_a_hand_written_scenario_are_named_as_computer_bots(tmp_path, monkeypatch):
    from generator.scenarios import store
    from tests.support.scenarios import LONGHORN_FILE, write

    path = write(tmp_path, "mine.yaml", LONGHORN_FILE)
    monkeypatch.setattr(store, "scenario_files", lambda content: [path])
    data, _ = render_book("longhorn", "a4")
    text = "".join(p.extract_text() for p in PdfReader(io.BytesIO(data)).pages)
    assert "computer bots" in text and "greedy (one move ahead)" in text and "no decision table yet" not in text


def test_colt_express_book_prints_the_two_player_bot_sheets_and_how_a_bot_bandit_schemes(books):
    """Its scenarios seat only tables (2 players): the book carries the 2-3 player sheets and the bot-seat
    steps (a flipping bot and an open-hand bot), so the printed book and kit are all a person needs."""
    text = " ".join(" ".join(t.split()) for t in builds.page_texts(books[("colt_express", "a4")][0]))
    assert "computer bots" not in text
    for level in ("easy", "normal", "hard"):
        assert f"Colt Express: bot, level {level}" in text
    assert "flip the top card onto the pile" in text and "An open-hand bot plays by the players' rules" in text
    assert "Plays an open hand, face up" in text and "Flips its bot deck (no hand)" in text  # each sheet's mode
    assert "of 3 players" in text and "of 5 players" not in text  # the 2-3 family's strength lines (measured at 3) only


@pytest.mark.slow
def test_same_scenarios_same_book_bytes(books):
    """Built afresh, the Letter book is the bytes built for the other tests (in another worker or an earlier run
    where the store kept them); test_book_languages does the same for A4 in every language."""
    assert render_book("colt_express", "letter") == books[("colt_express", "letter")]


def test_the_book_command_writes_the_pdf_and_refuses_a_game_without_scenarios(tmp_path, monkeypatch):
    result = runner.invoke(app, ["book", "longhorn", "--paper", "letter", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "longhorn_scenarios_letter.pdf").is_file() and "pages" in result.output
    bad = runner.invoke(app, ["book", "longhorn", "--paper", "a5", "--out", str(tmp_path)])
    assert bad.exit_code == 1 and "unknown paper 'a5'" in bad.output
    content = content_copy(tmp_path)
    empty = runner.invoke(app, ["--content", str(content), "book", "way_out_west", "--out", str(tmp_path)])
    assert empty.exit_code == 1 and "no scenarios yet" in empty.output
