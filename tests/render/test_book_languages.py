"""Issue 20 for the scenario book: `saloon book GAME --lang en|es|ja` prints every text in the language
(the book's fixed texts in templates/<lang>/book.yaml and book/*.md.j2, the scenario words in
templates/<lang>/scenarios.yaml, content names in the kit's translations), with titles and objectives
composed from each scenario's data, Japanese in the embedded IPAex Gothic, no text overflowing, and the
same bytes every time."""

from __future__ import annotations

import importlib.util
import io

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from generator.cli import app
from tests.support.games import GAMES
from generator.render import painter
from generator.render.book import book_filename, render_book
from generator.render.geometry import EDGE, PAPERS
from generator.render.text import MIN_SIZE
from generator.scenarios import objective, store
from generator.scenarios.generate import deal_numbers, title_of
from generator.scenarios.setup import context, load_scenario_game
from generator.scenarios.vocab import vocabulary
from generator.words.text import LANGUAGES, Texts

from tests.render.test_book import _texts
from tests.support import builds
from tests.support.scenarios import scenario
from generator.content import load_content

runner = CliRunner()


@pytest.fixture(scope="module")
def books():
    """render_book(game, "a4", lang) of every game and language, built once for the render tests
    (tests/support/builds.py); test_the_same_book_gives_the_same_bytes renders one afresh."""
    return builds.Lazy([(game, lang) for game in GAMES for lang in LANGUAGES], lambda game, lang: builds.book_pdf(game, "a4", lang))


def _pages(data: bytes) -> list[str]:
    """The text of every page (pypdf's extract_text, read once per book: tests/support/builds.py)."""
    return list(builds.page_texts(data))


def _fonts(data: bytes) -> dict[str, bool]:
    """Every font the pages use, and whether it is embedded."""
    out = {}
    for page in PdfReader(io.BytesIO(data)).pages:
        for f in (page.get("/Resources") or {}).get("/Font", {}).values():
            f = f.get_object()
            desc = f["/DescendantFonts"][0].get_object()["/FontDescriptor"] if "/DescendantFonts" in f else f.get("/FontDescriptor")
            desc = desc.get_object() if desc is not None else {}
            out[str(f["/BaseFont"])] = "/FontFile2" in desc or "/FontFile" in desc
    return out


# --- every book builds in every language -----------------------------------------------------------


@pytest.mark.fast_case(lang='en')
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_every_book_builds_in_every_language_with_only_embedded_fonts(books, game, lang):
    fonts = _fonts(books[(game, lang)][0])
    assert fonts and all(fonts.values()), fonts
    assert all("+" in name for name in fonts)  # subsets, never a standard font such as Helvetica
    if lang == "ja":
        assert all("IPAexGothic" in name for name in fonts), fonts
    else:
        assert not any("IPAexGothic" in name for name in fonts)


@pytest.mark.fast_case(game='colt_express', lang='es')
@pytest.mark.parametrize("lang", ["es", "ja"])
@pytest.mark.parametrize("game", GAMES)
def test_no_text_overflows_the_page_or_falls_below_the_minimum_size(books, game, lang):
    W, H = PAPERS["a4"]
    for n, strings in enumerate(_texts(books[(game, lang)][0]), 1):
        for text, size, x, y in strings:
            assert size >= MIN_SIZE - 0.01, (n, text, size)
            assert EDGE - 0.5 <= x <= W - EDGE and EDGE - 0.5 <= y <= H - EDGE, (n, text, x, y)


ENGLISH = ("Objective:", "Twists", "Seats", "Measured", "How to play solo", "First player", "of 5 stars",
           "Play it on screen", "solo scenarios", "bandits start here", "spaces,", "to play and win", "Game over")


@pytest.mark.fast_case(game='colt_express', lang='es')
@pytest.mark.parametrize("lang", ["es", "ja"])
@pytest.mark.parametrize("game", GAMES)
def test_no_english_sentence_is_left_in_a_translated_book(books, game, lang):
    text = "\n".join(_pages(books[(game, lang)][0]))
    assert not [w for w in ENGLISH if w in text]


@pytest.mark.fast_case(lang='en')
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_each_scenario_has_its_page_with_the_objective_in_the_language(books, game, lang):
    pages = _pages(books[(game, lang)][0])
    vocab = vocabulary(game)
    head = {"en": "Objective:", "es": "Objetivo:", "ja": "目標："}[lang]
    for _, sc in store.entries(load_content(game)):
        if hasattr(sc, "solution"):
            continue
        g = load_scenario_game(load_content(game), sc.options)
        grades = Texts(lang, "book")("grades.title")
        (page,) = [t.split(grades)[0] for t in pages if head in t.split(grades)[0] and sc.id.upper() in t.split(grades)[0]]
        line = objective.text(sc.objective, vocab, g, lang)
        assert head in page and line[:12] in page.replace("\n", "")


@pytest.mark.slow
def test_japanese_longhorn_book_tells_the_puzzles_and_their_solutions(books):
    pages = _pages(books[("longhorn", "ja")][0])
    back = "".join(pages[[i for i, t in enumerate(pages) if "詰め問題の解答" in t][0]:])
    puzzles = [e for _, e in store.entries(load_content("longhorn")) if hasattr(e, "solution")]
    assert back.count("ゲーム終了") == len(puzzles)
    assert "パーキンスの手番、勝ちを決めよ" in "".join(pages) and "イーグル・パーキンス" in back


@pytest.mark.slow
def test_spanish_bot_cards_name_their_level_in_spanish(books):
    text = "".join(_pages(books[("longhorn", "es")][0]))
    assert "bot, nivel normal" in text and "bot, nivel difícil" in text


@pytest.mark.fast_case(lang='en')
@pytest.mark.parametrize("lang", LANGUAGES)
def test_same_scenarios_same_book_bytes_in_every_language(books, lang):
    assert render_book("colt_express", "a4", lang) == books[("colt_express", lang)]


# --- titles and objectives composed from the scenario's data -------------------------------------


def _composed(game: str, lang: str, **kw) -> tuple[str, str, list[str]]:
    sc = scenario(game, **kw)
    g = load_scenario_game(load_content(game), sc.options)
    vocab = vocabulary(game)
    ctx = context(g, sc, lang)
    return (title_of(sc, vocab, g, lang, limit=None), objective.text(sc.objective, vocab, g, lang),
            [vocab.spec(t.kind).text(t, ctx) for t in sc.twists])


def test_a_spanish_title_and_objective_are_composed_from_the_scenario():
    kw = {"seats": ["you", "table:hard"], "twists": [{"your_nugget": 300}, {"no_token": "rattlesnake"}],
          "objective": {"margin": 1000}}
    title, line, twists = _composed("longhorn", "es", **kw)
    assert title == "Tu pepita de $300 · Sin cascabel · Ventaja clara $1.000 contra tabla difícil"
    assert line == "Gana por al menos $1.000 de ventaja."
    assert twists == ["Empiezas con una pepita de oro de $300.",
                      "Sin fichas de cascabel: cualquiera que salga en un rancho se cambia por otra ficha."]
    kw = {"seats": ["you", "greedy", "random"], "twists": [{"rival_building": {"building": "bank", "town": "abilene"}}],
          "objective": {"control": "dodge-city"}}
    title, line, twists = _composed("way_out_west", "es", **kw)
    assert title == "Banco de Azul en Abilene · Amo del pueblo contra codicioso y azar"
    assert line == "Gana y controla Dodge City al final (con más edificios que nadie, en solitario)."
    assert twists == ["Azul (quien juega después de ti) empieza con su banco en Abilene."]


def test_a_japanese_title_and_objective_are_composed_from_the_scenario():
    kw = {"seats": ["you", "greedy"], "twists": [{"bullet_in_deck": 2}, {"strongbox": True}],
          "objective": {"min_score": 1500, "max_bullets": 1}}
    title, line, twists = _composed("colt_express", "ja", **kw)
    assert title == "被弾2発、金庫2つ、頭を低く（対貪欲）"
    assert line == "$1,500以上を持って、受け取る弾丸カードを1枚以下に抑えて勝利する。"
    assert twists == ["あなたのデッキに流れ弾カードを2枚入れて始めます（同点の判定では受け取った弾丸として数えます）。",
                      "2つ目の金庫も機関車の中から始めます（全てを奪え！では追加されません）。"]
    kw = {"seats": ["you", "greedy", "random"], "twists": [{"rival_building": {"building": "bank", "town": "abilene"}}],
          "objective": {"result": "any", "control": "dodge-city"}}
    title, line, _ = _composed("way_out_west", "ja", **kw)
    assert title == "アビリーンに青の銀行、町の顔役（対貪欲・ランダム）"
    assert line == "終了時にダッジシティを支配する（支配：その町の建物数で単独首位）。"


@pytest.mark.parametrize("game", GAMES)
def test_stored_titles_are_the_english_composition_of_the_scenario_data(game):
    """(Scenarios whose titles would read the same, e.g. after a twist that changed nothing was dropped,
    carry their deal number.)"""
    vocab = vocabulary(game)
    content = load_content(game)
    scenarios = [sc for _, sc in store.entries(content) if not hasattr(sc, "solution")]
    deals = deal_numbers(scenarios, vocab, load_scenario_game(content, {}))
    for sc in scenarios:
        assert title_of(sc, vocab, load_scenario_game(content, sc.options), deal=deals.get(sc.id, 0)) == sc.title, sc.id


# --- the command -------------------------------------------------------------------------------


def test_book_lang_writes_the_language_file(tmp_path):
    result = runner.invoke(app, ["book", "colt_express", "--lang", "es", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert (tmp_path / book_filename("colt_express", "a4", "es")).is_file()
    assert book_filename("longhorn", "letter", "ja") == "longhorn_scenarios_letter_ja.pdf"
    assert book_filename("longhorn", "a4") == "longhorn_scenarios_a4.pdf"


def test_book_unknown_language_is_one_line_and_exit_1(tmp_path):
    result = runner.invoke(app, ["book", "longhorn", "--lang", "fr", "--out", str(tmp_path)])
    assert result.exit_code == 1
    assert result.output.strip().splitlines() == ["error: unknown language 'fr'; choose one of en, es, ja"]
    assert not list(tmp_path.iterdir())


def test_book_in_japanese_without_the_font_package_is_the_one_line_message(tmp_path, monkeypatch):
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == painter.JA_PACKAGE else real(name, *a))
    result = runner.invoke(app, ["book", "longhorn", "--lang", "ja", "--out", str(tmp_path)])
    assert result.exit_code == 1 and len(result.output.strip().splitlines()) == 1
    assert "pip install 'saloon[ja]'" in result.output
    assert not list(tmp_path.iterdir())


def test_how_each_file_was_made_is_composed_and_agrees_with_the_stored_note():
    from generator.render.book import collect
    from generator.words.book import BookWords, made_line

    for game in GAMES:
        for made in collect(game).made:
            assert made_line(made, BookWords(game, "en")) == f"{made['file']}: {made['command']} ({made['note']})"
            assert made["note"] not in made_line(made, BookWords(game, "es"))


def test_a_diagram_label_too_long_for_its_room_is_the_kits_overflow_error_not_clipped():
    from reportlab.pdfgen.canvas import Canvas

    from generator.errors import RenderError
    from generator.render import book_diagrams as dia
    from generator.render.painter import PdfPainter, fonts_for

    p = PdfPainter(Canvas(io.BytesIO()))
    dia.fit_text(p, 0, 0, "Blackstone Corral", 7, 40)  # fits
    ja = PdfPainter(Canvas(io.BytesIO()), fonts=fonts_for("ja"))
    with pytest.raises(RenderError, match="does not fit on one line"):
        dia.fit_text(ja, 0, 0, "ブラックストーン牧場" * 3, 7, 20)


def test_english_solutions_say_what_the_engine_says_of_each_move():
    from generator.render.book import collect
    from generator.words.book import BookWords
    from generator.words.longhorn import solution_sentence

    W = BookWords("longhorn", "en")
    for pz, g, state in collect("longhorn").puzzles:
        s = state.clone()
        for text in pz.solution:
            action = s.parse(text)
            assert solution_sentence(s, action, g, W) == s.describe(action), (pz.id, text)
            s.apply(action)
