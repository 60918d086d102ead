"""The scenario book: a reportlab platypus story of jinja2-templated text and drawn diagrams.

Cover (the scenarios in order), how to play solo (with the bot cards where the game has decision
tables, and the words those cards use; a level that fits a page is kept on one page, one of up to two
pages starts on a left page so it reads in one opening), the scenarios sorted by difficulty (each a heading with its
stars, a setup diagram drawn from its starting position, the objective and twists in a framed box with
the seats and setup beside it; two share a page wherever both fit whole), the grades (each scenario's
measured win rate) after the last one, the puzzles (two to a page where both fit whole, set lower to fit
where that lets them pair; each whole on one page), and their solutions told move by move. Every page speaks to players:
the commands, seeds, bot specs and option keys, and how the scenario files were made, wait in one
appendix at the very end ("Playing on screen and how this book was made").

Every word is in the book's language (`--lang en|es|ja`, issue 20): the running text in
templates/sheets/book/*.md.j2 (words from templates/<lang>/sheets.yaml), the fixed lines and diagram labels in templates/<lang>/book.yaml, the
twist, objective and title words in templates/<lang>/scenarios.yaml (the game's scenario vocabulary,
generator/scenarios/<game>.py, fills them from each scenario's data), content names as the kit prints
them in that language. Titles are composed at render time, never the stored English one. Japanese is
set in IPAex Gothic (one weight: bold runs in running text look regular; headings stand out by size
and colour) and wraps between characters.

Print standards of the kit: A4 or US Letter at actual size, margins clear of the printer's edge, no
text below the minimum size, every colour with its symbol, TrimBox and BleedBox set (the page itself:
a book page is not trimmed), `invariant=1` so the same files give the same bytes.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from reportlab.lib.fonts import addMapping
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import BaseDocTemplate, CondPageBreak, Flowable, Frame, KeepTogether, PageBreak, PageTemplate, Paragraph, Spacer, Table, TableStyle

from .. import __version__
from ..content import game_tables, load_content
from ..errors import RenderError, UsageError
from ..files import write_atomic
from .. import registry
from ..scenarios import objective, store
from ..scenarios.generate import deal_numbers, title_of
from ..scenarios.puzzles import difficulty
from ..words.scenarios import say as scenario_say
from ..scenarios.setup import context, load_scenario_game, puzzle_game, puzzle_state, scenario_start, turning_facts
from ..scenarios.vocab import vocabulary
from ..words.book import BookWords, made_line
from ..words.game import PuzzleWords, ScenarioBookWords, puzzle_heading
from ..schema.scenarios import START, Campaign, Puzzle, Scenario
from ..words.tables import sheet_terms
from ..words.text import Texts, check_language, printed_lines, text_in
from .book_diagrams import fit_text
from . import sheets
from .art import GOLD, GREY, INK, LEATHER, PAPER, SAND, star_points
from .geometry import EDGE, Box, paper_size
from .drawing import BookDrawing
from .kit import ensure_out_dir
from .solo import table_markup
from .painter import CJK, CJK_LANGUAGES, PT, Fonts, PdfPainter, fonts_for, japanese_font_file, register_fonts, register_japanese
from .text import draw as draw_block
from .text import fit as fit_block
from ..words.templates import render_template

MARGIN = EDGE + 11.0  # mm: text and drawings stay this far inside the paper edge
BODY, SMALL, H1, H2 = 9.0, 7.5, 16.0, 11.0
HEADING = 14.0  # mm: a scenario's or puzzle's heading band (the title wraps to two lines when long)
SCENARIO_GAP = 7.0  # mm: between two scenarios sharing a page
PUZZLE_GAP = 5.0  # mm: between two puzzles sharing a page
TWO_PAGES = 0.96  # a bot level measured at most this share of two pages is set to fill two facing pages


# --- text --------------------------------------------------------------------------------------


def _styles(lang: str = "en") -> dict[str, ParagraphStyle]:
    """Paragraph styles in the language's faces: Vera (Latin), or IPAex Gothic for Japanese, which
    breaks lines between characters (reportlab's CJK word wrap) and has one weight (headings stand
    out by size and colour)."""
    register_fonts()
    cjk = lang in CJK_LANGUAGES
    if cjk:
        register_japanese()
        family, regular, bold, italic = "SaloonJP", CJK, CJK, CJK
    else:
        family, regular, bold, italic = "Saloon", "Saloon", "Saloon-Bold", "Saloon-Italic"
    addMapping(family, 0, 0, regular)
    addMapping(family, 1, 0, bold)
    addMapping(family, 0, 1, italic)
    addMapping(family, 1, 1, bold)
    ink = tuple(INK)
    from reportlab.lib.colors import Color

    colour, leather = Color(*ink), Color(*LEATHER)
    wrap = {"wordWrap": "CJK"} if cjk else {}
    base = ParagraphStyle("body", fontName=regular, bulletFontName=regular, fontSize=BODY, leading=BODY * (1.4 if cjk else 1.3), textColor=colour,
                          spaceAfter=2.5, **wrap)
    return {
        "body": base,
        "small": ParagraphStyle("small", parent=base, fontSize=SMALL, leading=SMALL * 1.3),
        "li": ParagraphStyle("li", parent=base, leftIndent=10, bulletIndent=2, spaceAfter=1.5),
        "h1": ParagraphStyle("h1", parent=base, fontName=bold, fontSize=H1, leading=H1 * 1.25, textColor=leather, spaceAfter=5),
        "h2": ParagraphStyle("h2", parent=base, fontName=bold, fontSize=H2, leading=H2 * 1.3, textColor=leather, spaceBefore=5, spaceAfter=2),
        "cell": ParagraphStyle("cell", parent=base, fontSize=SMALL, leading=SMALL * 1.25, spaceAfter=0),
    }


def inline(text: str) -> str:
    """Template text to paragraph markup: XML escaped, **bold** and *italic*."""
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    text = re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", text)
    return re.sub(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])", r"<i>\1</i>", text)


def column_widths(rows: tuple, style: ParagraphStyle, width: float) -> list[float]:
    """Column widths (points) sharing `width`: every column as wide as its longest word (measured in
    the cell font), the rest shared by how much more each column's widest cell wants (at most half
    the width each): a long title column gets the room, not a column of short numbers."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    def w(text: str) -> float:
        return stringWidth(text.replace("*", ""), style.fontName, style.fontSize) + 13  # the cell padding: 6 + 6

    def words(cell: str) -> list[str]:
        """What a line cannot break inside: a word, or in Japanese two characters (it breaks anywhere)."""
        out = []
        for word in cell.split() or [""]:
            if any("\u3000" <= ch <= "\u9fff" or "\uff00" <= ch <= "\uffef" for ch in word):
                out += [word[i:i + 2] for i in range(0, len(word), 2)]
            else:
                out.append(word)
        return out

    cols = max(len(r) for r in rows)
    cells = [[r[c] for r in rows if c < len(r)] for c in range(cols)]
    least = [max(w(word) for cell in col for word in words(cell)) for col in cells]
    want = [max(lo, min(max(w(cell) for cell in col), width / 2)) for lo, col in zip(least, cells)]
    if sum(want) <= width:
        return [width * x / sum(want) for x in want]
    extra = [x - lo for x, lo in zip(want, least)]
    room = max(width - sum(least), 0.0)
    return [lo + room * e / (sum(extra) or 1.0) for lo, e in zip(least, extra)]


def flowables(markup: str, st: dict[str, ParagraphStyle], width: float | None = None) -> list[Flowable]:
    """Paragraphs and tables of template markup; tables share `width` (points) by their contents."""
    out: list[Flowable] = []
    for e in sheets.parse(markup):
        if e.kind == "table":
            rows = [[Paragraph(inline(c), st["cell"]) for c in row] for row in e.rows]
            widths = column_widths(e.rows, st["cell"], width) if width else None
            t = Table(rows, colWidths=widths, repeatRows=1, hAlign="LEFT")
            t.setStyle(TableStyle([
                ("LINEBELOW", (0, 0), (-1, 0), 0.6, LEATHER_COLOR), ("LINEBELOW", (0, 1), (-1, -1), 0.25, GREY_COLOR),
                ("FONTNAME", (0, 0), (-1, -1), st["cell"].fontName),  # the table's own default is Helvetica
                ("VALIGN", (0, 0), (-1, -1), "TOP"), ("TOPPADDING", (0, 0), (-1, -1), 1.5), ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5),
            ]))
            out.append(t)
            out.append(Spacer(1, 3))
        elif e.kind == "li":
            out.append(Paragraph(inline(e.text), st["li"], bulletText="\u2022"))
        else:
            out.append(Paragraph(inline(e.text), st[e.kind if e.kind in st else "body"]))
    return out


def _color(c) -> Any:
    from reportlab.lib.colors import Color

    return Color(*c)


LEATHER_COLOR = _color(LEATHER)
GREY_COLOR = _color(GREY)


# --- drawn flowables ---------------------------------------------------------------------------


class Drawing(Flowable):
    """A fixed-height drawing made through the kit's painter (mm, origin bottom-left)."""

    def __init__(self, height_mm: float, draw: Callable[[PdfPainter, Box], None], fonts: Fonts):
        super().__init__()
        self.height_mm = height_mm
        self.draw_fn = draw
        self.fonts = fonts

    def wrap(self, avail_w: float, avail_h: float) -> tuple[float, float]:
        self.width_mm = avail_w / mm
        return avail_w, self.height_mm * mm

    def draw(self) -> None:
        p = PdfPainter(self.canv, fonts=self.fonts)
        self.draw_fn(p, Box(0, 0, self.width_mm, self.height_mm))


class DiagramWithWords(Drawing):
    """A setup diagram with the scenario's words set inside it, in the room it leaves (`area`, mm inside the
    diagram's box): the words are flowables laid in a frame there after the diagram is drawn."""

    def __init__(self, height_mm: float, draw: Callable[[PdfPainter, Box], None], fonts: Fonts, area: Box, words: list[Flowable]):
        super().__init__(height_mm, draw, fonts)
        self.area = area
        self.words = words

    def draw(self) -> None:
        super().draw()
        a = self.area
        frame = Frame(a.x * mm, a.y * mm, a.w * mm, a.h * mm, leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
        left = list(self.words)
        frame.addFromList(left, self.canv)
        if left:  # words_fit measured them to fit: a frame that drops one would lose words silently
            raise RenderError(f"scenario book: {len(left)} block(s) of a scenario's words did not fit beside its diagram")


def _height(items: list[Flowable], width: float) -> float:
    """The points a run of flowables takes set in one column `width` wide (no page break counted)."""
    total = 0.0
    for i, f in enumerate(items):
        total += f.wrap(width, 1e6)[1] + f.getSpaceAfter() + (f.getSpaceBefore() if i else 0.0)
    return total


class LeftPage(Flowable):
    """Where a bot level too long for one page starts: at the top of an even page, the left of an opening
    (the book's first page is a right-hand page), so its two pages face each other. On any other place it
    does not fit and goes over to the next page; at the top of an odd page it fills that page, left blank."""

    def __init__(self, frame_h: float):
        super().__init__()
        self.frame_h = frame_h

    def wrap(self, avail_w: float, avail_h: float) -> tuple[float, float]:
        at_top = avail_h >= self.frame_h - 0.5
        if not at_top:
            return avail_w, avail_h + 1.0  # the rest of this page stays empty
        return avail_w, (0.0 if self.canv.getPageNumber() % 2 == 0 else avail_h)

    def draw(self) -> None:
        pass


def words_fit(words: list[Flowable], area: Box) -> bool:
    """Whether `words`, one under the other at the area's width, fit its height (spaces before and after counted)."""
    if area.w <= 0 or area.h <= 0:
        return False
    total = 0.0
    for f in words:
        total += f.wrap(area.w * mm, area.h * mm)[1] + f.getSpaceBefore() + f.getSpaceAfter()
    return total <= area.h * mm


def heading(ident: str, title: str, stars: int | None, T: Texts) -> Drawing:
    """The band over a scenario or puzzle: its id, its title (wrapped to two lines when long, an
    overflow is the kit's RenderError) and its stars."""

    def draw(p: PdfPainter, box: Box) -> None:
        p.rect(box.x, box.y, box.w, box.h, None, LEATHER, 0.6, r=2)
        p.text(box.x + 3, box.y + box.h / 2 - 1.6, ident.upper(), 13, LEATHER, bold=True)
        room = box.w - 62 if stars else box.w - 30  # the stars and their label take the last 38 mm
        try:  # one line, shrunk a little if need be; else two lines
            block = fit_block(p.fonts, f"{ident} heading", title, room, 13 * 1.2 * PT, 13, min_size=10.5, bold=True)
        except RenderError:
            block = fit_block(p.fonts, f"{ident} heading", title, room, box.h - 2.4, 13, bold=True)
        draw_block(p, block, box.x + 22, box.y + box.h / 2 + block.height / 2, room, INK)
        if stars:
            for k in range(5):
                cx = box.x1 - 5 - (4 - k) * 7
                p.poly(star_points(cx, box.y + box.h / 2 + 1.4, 2.9), GOLD if k < stars else None, INK, 0.35)
            fit_text(p, box.x1 - 19, box.y + 1.4, T("stars", n=stars), 6, 36, anchor="c", color=GREY)

    return Drawing(HEADING, draw, fonts_for(T.lang))


# --- the book's data ---------------------------------------------------------------------------


@dataclass
class BookData:
    game: str
    content: Any
    scenarios: list[tuple[Scenario, Any, Any]]  # (scenario, game object, starting state)
    puzzles: list[tuple[Puzzle, Any, Any]]
    made: list[dict]  # {file, command, note} of each scenario file's `made`
    campaigns: list[Campaign] = field(default_factory=list)
    deals: dict[str, int] = field(default_factory=dict)  # a scenario's deal number where titles would read the same


def collect(game: str, root: Path | None = None) -> BookData:
    content = load_content(game, root)
    scenarios, puzzles, made, campaigns = [], [], [], []
    for path in store.scenario_files(content):
        sf = store.load_file(path, game)
        campaigns += sf.campaigns
        if sf.made is not None:
            kind = "generated" if sf.made.proxy else ("puzzles" if sf.puzzles and not sf.scenarios else "other")
            made.append({"kind": kind, "file": path.name, "command": sf.made.command, "proxy": sf.made.proxy,
                         "note": sf.made.note})
        for sc in sf.scenarios:
            g, state = scenario_start(content, sc)
            scenarios.append((sc, g, state))
        for pz in sf.puzzles:
            g = puzzle_game(content, pz)
            puzzles.append((pz, g, puzzle_state(g, pz)))
    if not scenarios and not puzzles:
        raise UsageError(f"{game} has no scenarios yet; make some with: saloon scenarios generate {game}")
    # the turning points before the scenarios that start at the opening (each run by difficulty): their pages
    # are taller (the whole position is told) and stand alone; the opening ones keep sharing pages two by two
    scenarios.sort(key=lambda t: (t[0].turning_point is None, t[0].stars or 0, -(t[0].graded.win_rate if t[0].graded else 0), t[0].id))
    puzzles.sort(key=lambda t: (t[0].stars, t[0].turns, t[0].wrong, t[0].id))
    deals = deal_numbers([sc for sc, _, _ in scenarios], vocabulary(game), load_scenario_game(content, {})) if scenarios else {}
    return BookData(game, content, scenarios, puzzles, made, campaigns, deals)


# --- pages -------------------------------------------------------------------------------------


def _words(game: str) -> Any:
    """The game's book sentences (its words module: `ScenarioBookWords`, with `PuzzleWords` where it has
    puzzles)."""
    return registry.plugin(game, "words")


def _drawing(game: str) -> Any:
    """The game's book diagrams (its drawing module: `BookDrawing`)."""
    return registry.plugin(game, "drawing")


def _seat_names(game: str, g: Any, sc: Scenario, data: dict, W: BookWords) -> list[str]:
    default = vocabulary(game).seat_names(context(g, sc, W.lang))
    words: ScenarioBookWords = _words(game)
    return words.book_seat_names(g, sc, data, W, default)


def _setup_lines(game: str, g: Any, sc: Scenario, state: Any, names: list[str], W: BookWords) -> list[str]:
    data = state.to_json()["state"]
    words: ScenarioBookWords = _words(game)
    return list(words.book_setup_lines(g, sc, data, names, W))


def screen_command(game: str, ident: str, lang: str) -> str:
    """The command that plays a scenario or puzzle on screen: printed in the book's appendix only."""
    return f"saloon play {game} --scenario {ident}" + ("" if lang == "en" else f" --lang {lang}")


def scenario_title(game: str, sc: Scenario, g: Any, lang: str, deal: int = 0) -> str:
    """The scenario's title composed in `lang` from its data (twists, objective, bots, its deal number), whole."""
    return title_of(sc, vocabulary(game), g, lang, limit=None, deal=deal)


def scenario_story(game: str, sc: Scenario, g: Any, state: Any, st: dict, W: BookWords, frame_w: float, deal: int = 0) -> list[Flowable]:
    vocab = vocabulary(game)
    ctx = context(g, sc, W.lang)
    data = state.to_json()["state"]
    names = _seat_names(game, g, sc, data, W)
    seats = [W("scenario.seat_you", name=names[i]) if s == "you" else W("scenario.seat_bot", name=names[i], label=W.bot(s))
             for i, s in enumerate(sc.seats)]
    setup = _setup_lines(game, g, sc, state, names, W)
    situation = ""
    if sc.turning_point is not None:  # in the middle of a game: the whole position, as a puzzle's page tells it
        situation = scenario_say(W.lang, f"turning.briefing.{game}", **turning_facts(g, sc, W.lang)) + " " + W("scenario.as_drawn")
        words = _words(game)
        setup = list(words.turning_lines(g, state, W))
    values = dict(objective=objective.text(sc.objective, vocab, g, W.lang), twists=[vocab.spec(t.kind).text(t, ctx) for t in sc.twists],
                  seats=seats, setup=setup, situation=situation)
    box = render_template("book/scenario.md.j2", W.lang, part="box", **values)
    side = render_template("book/scenario.md.j2", W.lang, part="side", **values)
    head = heading(sc.id, scenario_title(game, sc, g, W.lang, deal), sc.stars, W.T)
    head.spaceBefore = SCENARIO_GAP * mm
    boxed = flowables(box, {**_compact(st), "body": st["body"]})
    sided = flowables(side, _compact(st))
    drawing: BookDrawing = _drawing(game)
    h = drawing.book_diagram_height(len(names), data)
    area = drawing.book_words_area(Box(0, 0, frame_w / mm, h), data)
    if area is not None:  # the diagram leaves room: the framed box, then the seats and setup, one under the other
        inside = [_framed(boxed, area.w * mm, st["body"].fontName), Spacer(1, 2), *sided]
        if words_fit(inside, area):
            return [head, Spacer(1, 3), DiagramWithWords(h, lambda p, b: drawing.book_diagram(p, b, data, g, names, sc.seat, W),
                                                         fonts_for(W.lang), area, inside)]
    return [head, Spacer(1, 3),
            diagram(game, g, data, names, sc.seat, W, h), Spacer(1, 2),
            _beside(boxed, sided, frame_w, st["body"].fontName)]


def measured_line(sc: Scenario, W: BookWords) -> str:
    """How the scenario was graded: the reference player's wins, the rate with its 95% interval, the stars."""
    if sc.graded is None:
        return W("scenario.not_graded")
    gr = sc.graded
    return W("scenario.measured", proxy=W.bot(gr.proxy), wins=gr.wins, games=gr.games, rate=W.pct(gr.win_rate),
             low=W.pct(gr.low), high=W.pct(gr.high), stars=gr.stars)


def grades(data: BookData, st: dict, W: BookWords) -> list[Flowable]:
    """The grades at the back of the scenarios (issue 38: the page sets up and states the scenario; how hard
    it measured waits here, after the last one): one line a scenario, in the pages' order."""
    out: list[Flowable] = [Paragraph(inline(W("grades.title")), st["h2"]), Paragraph(inline(W("grades.intro")), st["body"])]
    for sc, g, _ in data.scenarios:
        line = W("grades.line", id=sc.id.upper(), title=scenario_title(data.game, sc, g, W.lang, data.deals.get(sc.id, 0)),
                 measured=measured_line(sc, W))
        out.append(Paragraph(inline(line), st["small"]))
    return out


def _compact(st: dict[str, ParagraphStyle]) -> dict[str, ParagraphStyle]:
    """The styles of a scenario's two columns: the small size, headings in bold at that size (the box keeps
    the body size for its objective)."""
    small = st["small"]
    return {**st, "body": small,
            "li": ParagraphStyle("li_small", parent=small, leftIndent=8, bulletIndent=1, spaceAfter=0.5),
            "h2": ParagraphStyle("h2_small", parent=st["h2"], fontSize=SMALL + 1, leading=(SMALL + 1) * 1.25, spaceBefore=2.5, spaceAfter=0.5)}


BOX_SHARE = 0.47  # of the frame's width: the framed objective and twists; the seats and setup beside it
BOX_FILL = _color(tuple(0.5 * (a + b) for a, b in zip(PAPER, SAND)))  # a pale sand: the box stands out, ink stays legible


def _framed(box: list[Flowable], width: float, font: str) -> Table:
    """The objective and twists in a framed pale-sand box `width` points wide."""
    framed = Table([[box]], colWidths=[width], hAlign="LEFT")
    framed.setStyle(TableStyle([
        ("BOX", (0, 0), (-1, -1), 0.8, LEATHER_COLOR), ("BACKGROUND", (0, 0), (-1, -1), BOX_FILL),
        ("FONTNAME", (0, 0), (-1, -1), font),  # a table's own default is Helvetica
        ("LEFTPADDING", (0, 0), (-1, -1), 5), ("RIGHTPADDING", (0, 0), (-1, -1), 5),
        ("TOPPADDING", (0, 0), (-1, -1), 3), ("BOTTOMPADDING", (0, 0), (-1, -1), 2), ("VALIGN", (0, 0), (-1, -1), "TOP"),
    ]))
    return framed


def _beside(box: list[Flowable], side: list[Flowable], frame_w: float, font: str) -> Flowable:
    """A scenario's words in two columns: the objective and twists in a framed box on the left, the seats
    and setup on the right (half the height of one column: a page takes two scenarios where both fit)."""
    left = frame_w * BOX_SHARE
    both = Table([[_framed(box, left - 4, font), side]], colWidths=[left, frame_w - left], hAlign="LEFT")
    both.setStyle(TableStyle([
        ("VALIGN", (0, 0), (-1, -1), "TOP"), ("FONTNAME", (0, 0), (-1, -1), font),
        ("LEFTPADDING", (0, 0), (-1, -1), 0), ("RIGHTPADDING", (0, 0), (-1, -1), 0),
        ("TOPPADDING", (0, 0), (-1, -1), 0), ("BOTTOMPADDING", (0, 0), (-1, -1), 0), ("LEFTPADDING", (1, 0), (1, 0), 4),
    ]))
    return both


def diagram(game: str, g: Any, data: dict, names: list[str], you: int | None, W: BookWords, h: float | None = None) -> Drawing:
    drawing: BookDrawing = _drawing(game)
    h = h or drawing.book_diagram_height(len(names), data)
    return Drawing(h, lambda p, box: drawing.book_diagram(p, box, data, g, names, you, W), fonts_for(W.lang))


def puzzle_story(game: str, pz: Puzzle, g: Any, state: Any, st: dict, W: BookWords, tight: bool = False) -> list[Flowable]:
    """A puzzle's page part, kept whole: its heading, its position drawn, the position's lines and the question.
    `tight` sets it lower so that two share a page (issue 38): the lines at the small size (the question
    keeps the body size) and the diagram as low as the game draws that position (its drawing module's
    `book_puzzle_height(data)`)."""
    words: PuzzleWords = _words(game)
    drawing: BookDrawing = _drawing(game)
    data = state.to_json()["state"]
    names = words.puzzle_seat_names(g, W.lang, state)
    me = state.current_player
    markup = render_template(
        "book/puzzle.md.j2", W.lang,
        to_play=W("puzzle.to_play_hold" if pz.goal == "not_lose" else "puzzle.to_play", name=names[me]),
        stars_note=W("puzzle.stars_note", stars=pz.stars, turns=pz.turns, short=words.puzzle_short_name(g, me, W.lang, state),
                     wrong=pz.wrong, difficulty=difficulty(pz.turns, pz.wrong)),
        lines=([W("puzzle.best_chance")] if pz.chance is not None else []) + words.puzzle_lines(g, state, W)
        + ([W("puzzle.hold")] if pz.goal == "not_lose" else []) + ([W("puzzle.decoys", n=pz.decoys)] if pz.decoys else []),
    )
    h = drawing.PUZZLE_DIAGRAM_HEIGHT
    if tight:
        h = min(h, drawing.book_puzzle_height(data))
        small = _compact(st)
        st = {**small, "body": st["body"], "li": ParagraphStyle("li_tight", parent=small["li"], leading=SMALL * 1.2, spaceAfter=0)}
    head = heading(pz.id, puzzle_heading(words, pz, g, state, W.lang), pz.stars, W.T)
    head.spaceBefore = PUZZLE_GAP * mm  # the gap over a puzzle under another (a frame drops it at a page's top)
    under_head, under_diagram = (1.5, 1) if tight else (3, 2)
    return [KeepTogether([head, Spacer(1, under_head), diagram(game, g, data, names, me, W, h), Spacer(1, under_diagram),
                          *flowables(markup, st)])]


def puzzle_pages(game: str, puzzles: list[tuple[Puzzle, Any, Any]], st: dict, W: BookWords, frame_w: float,
                 frame_h: float) -> list[Flowable]:
    """The puzzles in the book's order, two to a page where both fit whole (issue 38), each kept whole on one
    page. A puzzle is set as drawn today where it already pairs with a neighbour so, or where even its tight
    setting would not (it keeps a page of its own); else tight, where that lets it share a page with a
    neighbour in the order (`puzzle_story`). Which two share a page is the flow's: each puzzle turns the page
    only when it does not fit whole under the one before."""
    gap = PUZZLE_GAP * mm
    stories = [(puzzle_story(game, *t, st, W), puzzle_story(game, *t, st, W, tight=True)) for t in puzzles]
    full = [_height(s[0]._content, frame_w) for s, _ in stories]
    tight = [_height(s[0]._content, frame_w) for _, s in stories]
    out: list[Flowable] = []
    for i, (as_drawn, low) in enumerate(stories):
        pairs = [j for j in (i - 1, i + 1) if 0 <= j < len(stories)]
        use_tight = (not any(full[i] + gap + full[j] <= frame_h for j in pairs)
                     and any(tight[i] + gap + min(tight[j], full[j]) <= frame_h for j in pairs))
        out += low if use_tight else as_drawn
    return out


# --- the document ------------------------------------------------------------------------------


def story(data: BookData, paper: str, lang: str = "en") -> list[Flowable]:
    st = _styles(lang)
    W = BookWords(data.game, lang)
    frame_w = (paper_size(paper)[0] - 2 * MARGIN) * mm
    game, content = data.game, data.content
    vocab = vocabulary(game)
    rows = []
    for sc, g, _ in data.scenarios:
        gr = sc.graded
        rows.append({"id": sc.id, "title": scenario_title(game, sc, g, lang, data.deals.get(sc.id, 0)),
                     "stars": W("cover.stars", n=sc.stars) if sc.stars else W("cover.no_stars"),
                     "measured": W("cover.measured", rate=W.pct(gr.win_rate), games=gr.games) if gr else W("cover.not_graded")})
    puzzle_book = _words(game).puzzle_book(lang, game, len(data.puzzles)) if data.puzzles else {}
    out: list[Flowable] = []
    out += flowables(render_template(
        "book/cover.md.j2", lang, title=content.game.title, summary=W.text(content.game.summary), scenarios=rows,
        puzzles=[p for p, _, _ in data.puzzles], paper=W(f"paper.{paper}"), puzzle_book=puzzle_book,
    ), st, frame_w)
    out.append(PageBreak())
    counts = {sc.players for sc, _, _ in data.scenarios}
    tables = [t for t in game_tables(content) if not counts or any(t.fits(n) for n in counts)]  # the scenarios' families
    levels = list(dict.fromkeys(t.level for t in tables))
    bot_steps = printed_lines(content.solo.steps, content, lang=lang) if tables and content.solo is not None else []
    seated = sorted({s for sc, _, _ in data.scenarios for s in sc.seats if s != "you"})
    search = [s for s in seated if not s.startswith("table")]  # named in words here, by their specs in the appendix
    proxies = sorted({sc.graded.proxy for sc, _, _ in data.scenarios if sc.graded})
    games = sorted({sc.graded.games for sc, _, _ in data.scenarios if sc.graded})
    level_words = Texts(lang, "kit").raw("solo.level")
    out += flowables(render_template(
        "book/howto.md.j2", lang, game=game,
        setup_steps=[W(f"setup_steps.{game}.{k}", c=content) for k in W.T.raw(f"setup_steps.{game}")],
        tables=levels,
        bot_steps=bot_steps,
        table_levels=[W("howto.table_level", name=level_words[lv][:1].upper() + level_words[lv][1:], level=level_words[lv])
                      for lv in levels],
        search=[W.bot(s) for s in search], terms=sheet_terms(content, tables, lang),
        proxy_label=W("list_sep").join(W.bot(p) for p in proxies) or W.bot(vocab.proxy),
        games_note=W("howto.games", counts=W("howto.games_or").join(str(n) for n in games)) if games else W("howto.many_games"),
        puzzles=bool(data.puzzles), puzzle_book=puzzle_book,
        turning=any(sc.turning_point is not None for sc, _, _ in data.scenarios),
    ), st)
    if tables:
        frame_h = (paper_size(paper)[1] - 2 * MARGIN) * mm
        for t in tables:
            level = flowables(table_markup(game, content, level_words.get(t.level, t.level), t, lang), st, frame_w)
            h = _height(level, frame_w)
            if h <= frame_h:
                out.append(KeepTogether(level))  # one page: turned to the next page when it would not fit whole
            elif h <= 2 * frame_h * TWO_PAGES:
                out += [LeftPage(frame_h), *level]  # two pages: from a left page, so the level reads in one opening
            else:  # longer than an opening: it flows on, as the how-to page does
                out += [CondPageBreak(120 * mm), *level]
    for i, (sc, g, state) in enumerate(data.scenarios):
        # the first scenario opens a page; the next shares it where both fit whole (the gap above its
        # heading is its space before, which a frame drops at a page's top), else turns the page
        if i == 0:
            out.append(PageBreak())
        out.append(KeepTogether(scenario_story(game, sc, g, state, st, W, frame_w, data.deals.get(sc.id, 0))))
    if data.scenarios:
        out.append(Spacer(1, SCENARIO_GAP * mm))
        out += grades(data, st, W)
    for camp in data.campaigns:
        out.append(PageBreak())
        out += campaign_sheet(data, camp, st, W, frame_w)
    if data.puzzles:
        out.append(PageBreak())
        out += flowables(puzzle_book["intro"], st)
        out += puzzle_pages(game, data.puzzles, st, W, frame_w, (paper_size(paper)[1] - 2 * MARGIN) * mm)
        out.append(PageBreak())
        words: PuzzleWords = _words(game)
        sols = [{"id": pz.id.upper(), "title": puzzle_heading(words, pz, g, state, lang), "steps": words.solution_steps(pz, g, state, W)}
                for pz, g, state in data.puzzles]
        out += flowables(render_template("book/solutions.md.j2", lang, solutions=sols, intro=puzzle_book["solutions"]), st)
    out.append(PageBreak())
    out += appendix(data, search, st, W, frame_w)
    return out


def campaign_sheet(data: BookData, camp: Campaign, st: dict, W: BookWords, frame_w: float) -> list[Flowable]:
    """A campaign on paper: what it is, how to follow it, and one row a chapter (its scenario, what is at
    stake, where a win and a loss lead and what they carry, how hard each way in measured) with boxes
    to tick; the sheet is the campaign's record at the table."""
    lang, game = W.lang, data.game
    number = {c.id: str(i) for i, c in enumerate(camp.chapters, 1)}
    by_id = {sc.id: (sc, g) for sc, g, _ in data.scenarios}

    def lead(branch: Any) -> str:
        where = W("campaign.to", n=number[branch.next]) if branch.next else W("campaign.end")
        return where + (f" {text_in(branch.note, lang)}" if branch.note else "")

    def way_words(way: str) -> str:
        if way == START:
            return W("campaign.from_start")
        chapter, _, result = way.partition(":")
        return W(f"campaign.after_{result}", n=number[chapter])

    rows = []
    for c in camp.chapters:
        sc, g = by_id[c.scenario]
        measured = W("list_sep").join(W("campaign.graded", way=way_words(w), stars=gr.stars, rate=W.pct(gr.win_rate))
                                      for w, gr in c.graded.items()) or W("campaign.not_graded")
        rows.append({"n": number[c.id], "title": text_in(c.title, lang), "scenario": sc.id.upper(),
                     "scenario_title": scenario_title(game, sc, g, lang, data.deals.get(sc.id, 0)), "stakes": text_in(c.text, lang),
                     "won": lead(c.won), "lost": lead(c.lost), "measured": measured})
    markup = render_template("book/campaign.md.j2", lang, title=text_in(camp.title, lang), intro=text_in(camp.intro, lang),
                             chapters=rows)
    return flowables(markup, st, frame_w)


def appendix(data: BookData, search: list[str], st: dict, W: BookWords, frame_w: float) -> list[Flowable]:
    """The book's last pages, for readers who play on a computer: the referee's commands, each page's
    command and seed (and rule options), the computer bots by their specs and how the scenario files
    were made. No page before it names a command, a seed, a bot spec or an option key."""
    game, lang = data.game, W.lang
    deals = [{"id": sc.id.upper(), "command": screen_command(game, sc.id, lang), "seed": str(sc.setup.seed),
              "options": W("list_sep").join(W("scenario.option", name=k, value=v) for k, v in sc.options.items()) or "-"}
             for sc, _, _ in data.scenarios]
    deals += [{"id": pz.id.upper(), "command": screen_command(game, pz.id, lang), "seed": str(pz.seed),
               "options": W("list_sep").join(W("scenario.option", name=k, value=v) for k, v in pz.options.items()) or "-"}
              for pz, _, _ in data.puzzles]
    markup = render_template(
        "book/appendix.md.j2", lang, game=game, flag="" if lang == "en" else f" --lang {lang}",
        puzzles=bool(data.puzzles), bots=[W("howto.search_bot", spec=s, label=W.bot(s)) for s in search],
        sep=W("list_sep"), deals=deals, options=any(d["options"] != "-" for d in deals),
        made=[made_line(m, W) for m in data.made] or [W("cover.hand_written")], version=__version__,
    )
    return flowables(markup, st, frame_w)


def render_book(game: str, paper: str = "a4", lang: str = "en", root: Path | None = None) -> tuple[bytes, int]:
    """The book's PDF bytes and its page count, every text in `lang` (content from `root`, or the built-in)."""
    check_language(lang)
    W, H = paper_size(paper)
    fonts = fonts_for(lang)
    data = collect(game, root)
    T = Texts(lang, "book")
    buf = io.BytesIO()
    title = T("pdf_title", title=data.content.game.title)
    pages = [0]

    def on_page(canvas: Any, doc: Any) -> None:
        pages[0] += 1
        canvas.saveState()
        p = PdfPainter(canvas, fonts=fonts)
        p.text(W / 2, EDGE + 3, T("footer", title=data.content.game.title, page=doc.page), 6.5, GREY, anchor="c")
        canvas.restoreState()
        canvas.setTrimBox((0, 0, W * mm, H * mm))
        canvas.setBleedBox((0, 0, W * mm, H * mm))

    doc = BaseDocTemplate(
        buf, pagesize=(W * mm, H * mm), leftMargin=MARGIN * mm, rightMargin=MARGIN * mm, topMargin=MARGIN * mm,
        bottomMargin=MARGIN * mm, title=title, author="Saloon", creator=f"saloon {__version__}",
        subject=f"{paper} paper", invariant=1, pageCompression=1, lang=Texts(lang, "kit")("pdf.lang"),
        initialFontName=fonts.name(),  # never an unembedded Helvetica
    )
    frame = Frame(MARGIN * mm, MARGIN * mm, (W - 2 * MARGIN) * mm, (H - 2 * MARGIN) * mm, id="body",
                  leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
    doc.addPageTemplates([PageTemplate("page", [frame], onPage=on_page)])
    doc.build(story(data, paper, lang))
    return buf.getvalue(), pages[0]


def book_filename(game: str, paper: str, lang: str = "en") -> str:
    """longhorn_scenarios_a4.pdf; other languages add theirs: longhorn_scenarios_a4_ja.pdf."""
    return f"{game}_scenarios_{paper}{'' if lang == 'en' else '_' + lang}.pdf"


def write_book(game: str, out_dir: Path, paper: str = "a4", lang: str = "en", root: Path | None = None) -> tuple[Path, int]:
    paper_size(paper)  # an unknown paper or language: one clear line before any work
    check_language(lang)
    if lang in CJK_LANGUAGES:
        japanese_font_file()
    out = ensure_out_dir(Path(out_dir))
    data, pages = render_book(game, paper, lang, root)
    path = out / book_filename(game, paper, lang)
    write_atomic(path, data)
    return path, pages
