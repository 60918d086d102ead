"""The scenario book: a reportlab platypus story of jinja2-templated text and drawn diagrams.

Cover (the scenarios in order, how the book was made), how to play solo (with the bot cards where
the game has decision tables), one page per scenario sorted by difficulty (a setup diagram drawn
from the scenario's starting position, the objective, the twists, the seats, the stars and measured
win rate, the command that plays it on screen), the Longhorn puzzles two to a page, and their
solutions at the back, told move by move.

The book is in English for now: its templates sit in templates/en/book/, apart from the kit's texts
that every language carries (issue 20); the twist and objective lines come from the game's scenario
vocabulary (generator/scenarios/<game>.py).

Print standards of the kit: A4 or US Letter at actual size, margins clear of the printer's edge, no
text below the minimum size, every colour with its symbol, TrimBox and BleedBox set (the page itself:
a book page is not trimmed), `invariant=1` so the same files give the same bytes.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from reportlab.lib.fonts import addMapping
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import BaseDocTemplate, CondPageBreak, Flowable, Frame, KeepTogether, PageBreak, PageTemplate, Paragraph, Spacer, Table, TableStyle

from .. import __version__
from ..content import load_content, load_table, tables_dir
from ..errors import UsageError
from ..files import write_atomic
from ..schema.scenarios import Puzzle, Scenario
from ..schema.tables import LEVELS
from . import book_diagrams as dia
from . import sheets
from .art import GOLD, GREY, INK, LEATHER, star_points
from .geometry import EDGE, paper_size
from .painter import PdfPainter, register_fonts

MARGIN = EDGE + 11.0  # mm: text and drawings stay this far inside the paper edge
BODY, SMALL, H1, H2 = 9.0, 7.5, 16.0, 11.0

SETUP_STEPS = {
    "longhorn": [
        "Lay the nine ranches as the diagram shows: letters are columns (A left), numbers rows (1 on top). Put on each the cattle and the token drawn; an empty ranch stays empty.",
        "Give each outlaw the herd and nuggets drawn beside the range. The pawn goes where drawn; if it is not on the range yet, the first player places it on a ranch with 4 cattle.",
        "You play the outlaw marked (you); the other seat is the bot its page names.",
    ],
    "colt_express": [
        "Build the train as drawn, locomotive first (car 0). Put the loot drawn inside each car; purses go face down at random (the book never shows their values; on screen the referee deals them).",
        "Put the marshal where drawn. Each seat takes the bandits its page names, their action cards and bullet cards; a bullet card the twists give goes into that seat's deck.",
        "The round cards are shuffled face down as usual: they are revealed one by one.",
    ],
    "way_out_west": [
        "Lay out the trail of towns as drawn: every cowboy, cattle counter, farmer and building shown goes on its town, in its player's colour.",
        "Each player takes the money, supply and wanted posters listed under the towns, and the turn-order marker in the order shown. The game starts at round 1's bid.",
        "You play the colour marked (you); the other colours are the bots the page names.",
    ],
}


# --- text --------------------------------------------------------------------------------------


def _styles() -> dict[str, ParagraphStyle]:
    register_fonts()
    addMapping("Saloon", 0, 0, "Saloon")
    addMapping("Saloon", 1, 0, "Saloon-Bold")
    addMapping("Saloon", 0, 1, "Saloon-Italic")
    addMapping("Saloon", 1, 1, "Saloon-Bold")
    ink = tuple(INK)
    from reportlab.lib.colors import Color

    colour, leather = Color(*ink), Color(*LEATHER)
    base = ParagraphStyle("body", fontName="Saloon", fontSize=BODY, leading=BODY * 1.3, textColor=colour, spaceAfter=2.5)
    return {
        "body": base,
        "small": ParagraphStyle("small", parent=base, fontSize=SMALL, leading=SMALL * 1.3),
        "li": ParagraphStyle("li", parent=base, leftIndent=10, bulletIndent=2, spaceAfter=1.5),
        "h1": ParagraphStyle("h1", parent=base, fontName="Saloon-Bold", fontSize=H1, leading=H1 * 1.25, textColor=leather, spaceAfter=5),
        "h2": ParagraphStyle("h2", parent=base, fontName="Saloon-Bold", fontSize=H2, leading=H2 * 1.3, textColor=leather, spaceBefore=5, spaceAfter=2),
        "cell": ParagraphStyle("cell", parent=base, fontSize=SMALL, leading=SMALL * 1.25, spaceAfter=0),
    }


def inline(text: str) -> str:
    """Template text to paragraph markup: XML escaped, **bold** and *italic*."""
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    text = re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", text)
    return re.sub(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])", r"<i>\1</i>", text)


def flowables(markup: str, st: dict[str, ParagraphStyle]) -> list[Flowable]:
    out: list[Flowable] = []
    for e in sheets.parse(markup):
        if e.kind == "table":
            rows = [[Paragraph(inline(c), st["cell"]) for c in row] for row in e.rows]
            t = Table(rows, repeatRows=1, hAlign="LEFT")
            t.setStyle(TableStyle([
                ("LINEBELOW", (0, 0), (-1, 0), 0.6, LEATHER_COLOR), ("LINEBELOW", (0, 1), (-1, -1), 0.25, GREY_COLOR),
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

    def __init__(self, height_mm: float, draw: Callable[[PdfPainter, dia.Box], None]):
        super().__init__()
        self.height_mm = height_mm
        self.draw_fn = draw

    def wrap(self, avail_w: float, avail_h: float) -> tuple[float, float]:
        self.width_mm = avail_w / mm
        return avail_w, self.height_mm * mm

    def draw(self) -> None:
        p = PdfPainter(self.canv)
        self.draw_fn(p, dia.Box(0, 0, self.width_mm, self.height_mm))


def heading(ident: str, title: str, stars: int | None) -> Drawing:
    def draw(p: PdfPainter, box: dia.Box) -> None:
        p.rect(box.x, box.y, box.w, box.h, None, LEATHER, 0.6, r=2)
        p.text(box.x + 3, box.y + 4.2, ident.upper(), 13, LEATHER, bold=True)
        room = box.w - 72 if stars else box.w - 30
        dia.fit_text(p, box.x + 22, box.y + 4.2, title, 13, room, bold=True)
        if stars:
            for k in range(5):
                cx = box.x1 - 5 - (4 - k) * 7
                p.poly(star_points(cx, box.y + 6, 2.9), GOLD if k < stars else None, INK, 0.35)
            p.text(box.x1 - 36, box.y + 1.6, f"{stars} of 5 stars", 6, GREY, anchor="r")

    return Drawing(12, draw)


# --- the book's data ---------------------------------------------------------------------------


@dataclass
class BookData:
    game: str
    content: Any
    scenarios: list[tuple[Scenario, Any, Any]]  # (scenario, game object, starting state)
    puzzles: list[tuple[Puzzle, Any, Any]]
    made: list[str]


def collect(game: str) -> BookData:
    from ..scenarios import store
    from ..scenarios.setup import load_scenario_game, puzzle_state, scenario_start

    content = load_content(game)
    scenarios, puzzles, made = [], [], []
    for path in store.scenario_files(game):
        sf = store.load_file(path, game)
        if sf.made is not None:
            made.append(f"{path.name}: {sf.made.command}" + (f" ({sf.made.note})" if sf.made.note else ""))
        for sc in sf.scenarios:
            g, state = scenario_start(game, sc)
            scenarios.append((sc, g, state))
        for pz in sf.puzzles:
            g = load_scenario_game(game, pz.options)
            puzzles.append((pz, g, puzzle_state(g, pz)))
    if not scenarios and not puzzles:
        raise UsageError(f"{game} has no scenarios yet; make some with: saloon scenarios generate {game}")
    scenarios.sort(key=lambda t: (t[0].stars or 0, -(t[0].graded.win_rate if t[0].graded else 0), t[0].id))
    puzzles.sort(key=lambda t: (t[0].stars, t[0].turns, t[0].wrong, t[0].id))
    return BookData(game, content, scenarios, puzzles, made)


# --- pages -------------------------------------------------------------------------------------


def _seat_names(game: str, g: Any, sc: Scenario, data: dict) -> list[str]:
    from ..scenarios.setup import context
    from ..scenarios.vocab import vocabulary

    if game == "colt_express":
        chars = g.content.characters
        chosen = data.get("chosen", [])
        out = []
        for s in range(sc.players):
            own = [chars[i].name for b, i in enumerate(chosen) if b % sc.players == s and i is not None and i >= 0]
            out.append(" and ".join(own) if own else f"Seat {s + 1}")
        return out
    return vocabulary(game).seat_names(context(g, sc))


def _setup_lines(game: str, g: Any, sc: Scenario, state: Any, names: list[str]) -> list[str]:
    data = state.to_json()["state"]
    lines = []
    if game == "longhorn":
        first = names[data["first"]]
        if data["phase"] == "start":
            lines.append(f"First player: {first}; {names[data['to_move']]} places the pawn on a ranch with {g.start_cattle} cattle.")
        else:
            lines.append(f"First player: {first}, from the pawn's ranch.")
    elif game == "colt_express":
        lines.append(f"First player: {names[data['first']]}. The bandits are already chosen.")
    else:
        order = [g.content.colours[[c.id for c in g.content.colours].index(cid)].name for cid in data["order"]]
        lines.append("Turn order for round 1's bid: " + ", ".join(order) + ". The first cowboys stand as drawn.")
    if sc.options:
        lines.append("Rule options: " + ", ".join(f"{k} = {v}" for k, v in sc.options.items()) + ".")
    lines.append(f"Deal: seed {sc.setup.seed} (the command below sets up exactly this).")
    return lines


def scenario_story(game: str, sc: Scenario, g: Any, state: Any, st: dict) -> list[Flowable]:
    from ..scenarios import objective
    from ..scenarios.play import seat_label
    from ..scenarios.setup import context
    from ..scenarios.vocab import vocabulary

    vocab = vocabulary(game)
    ctx = context(g, sc)
    data = state.to_json()["state"]
    names = _seat_names(game, g, sc, data)
    seats = [f"{names[i]}: " + ("**you**" if s == "you" else f"bot ({seat_label(s)})") for i, s in enumerate(sc.seats)]
    if sc.graded is not None:
        gr = sc.graded
        measured = (f"The reference player ({seat_label(gr.proxy)}, in your seat) met the objective in {gr.wins} of "
                    f"{gr.games} games: **{gr.win_rate:.0%}** (95% interval {gr.low:.0%}-{gr.high:.0%}), so "
                    f"{gr.stars} star{'s' if gr.stars > 1 else ''}.")
    else:
        measured = "Not graded yet."
    markup = sheets.render_template(
        "book/scenario.md.j2",
        objective=objective.text(sc.objective, vocab, g),
        twists=[vocab.spec(t.kind).text(t, ctx) for t in sc.twists],
        seats=seats, setup=_setup_lines(game, g, sc, state, names), measured=measured,
        command=f"saloon play {game} --scenario {sc.id}",
    )
    return [heading(sc.id, sc.title, sc.stars), Spacer(1, 4), diagram(game, g, data, names, sc.seat), Spacer(1, 3),
            *flowables(markup, st)]


def diagram(game: str, g: Any, data: dict, names: list[str], you: int | None, h: float | None = None) -> Drawing:
    content = g.content
    h = h or dia.height(game, len(names))
    if game == "longhorn":
        return Drawing(h, lambda p, box: dia.longhorn(p, box, data, content, names, you))
    if game == "colt_express":
        return Drawing(h, lambda p, box: dia.colt_express(p, box, data, content, you))
    return Drawing(h, lambda p, box: dia.way_out_west(p, box, data, content, you))


def puzzle_story(pz: Puzzle, g: Any, state: Any, st: dict) -> list[Flowable]:
    from ..scenarios.puzzles import difficulty

    data = state.to_json()["state"]
    names = list(g.outlaw_names)
    me = data["to_move"]
    markup = sheets.render_template(
        "book/puzzle.md.j2",
        to_play=f"{names[me]} to play and win",
        stars_note=(f"{pz.stars} star{'s' if pz.stars > 1 else ''}: {pz.turns} of {names[me].split()[-1]}'s turns in the "
                    f"solution, {pz.wrong} tempting wrong choice{'s' if pz.wrong != 1 else ''} in the first (difficulty {difficulty(pz.turns, pz.wrong)})"),
        command=f"saloon play longhorn --scenario {pz.id}",
    )
    return [KeepTogether([heading(pz.id, pz.title, pz.stars), Spacer(1, 3),
                          diagram("longhorn", g, data, names, me, dia.PUZZLE_HEIGHT), Spacer(1, 2), *flowables(markup, st),
                          Spacer(1, 5)])]


def solution_steps(pz: Puzzle, g: Any, state: Any) -> list[str]:
    """The solution told move by move, each turn on one line ('Perkins steals ...; rides ...')."""
    s = state.clone()
    steps: list[str] = []
    current: list[str] = []
    mover = s.current_player
    for text in pz.solution:
        if s.current_player != mover and current:
            steps.append(" ".join(current))
            current = []
        mover = s.current_player
        action = s.parse(text)
        current.append(f"{s.describe(action)} [{text}]")
        s.apply(action)
        if type(action).__name__ == "Move":
            steps.append(" ".join(current))
            current = []
    if current:
        steps.append(" ".join(current))
    out = s.result()
    names = g.outlaw_names
    steps.append(f"Game over: {names[out.winners[0]]} wins ({out.reason.value.replace('_', ' ')}"
                 + (f", {out.detail}" if out.detail else "") + ").")
    return steps


# --- the document ------------------------------------------------------------------------------


def story(data: BookData, paper: str) -> list[Flowable]:
    from ..scenarios.vocab import vocabulary

    st = _styles()
    game, content = data.game, data.content
    vocab = vocabulary(game)
    rows = []
    for sc, _, _ in data.scenarios:
        gr = sc.graded
        rows.append({"id": sc.id, "title": sc.title, "stars": f"{sc.stars} of 5" if sc.stars else "-",
                     "measured": f"{gr.win_rate:.0%} of {gr.games}" if gr else "not graded"})
    out: list[Flowable] = []
    out += flowables(sheets.render_template(
        "book/cover.md.j2", title=content.game.title, summary=content.game.summary["en"], scenarios=rows,
        puzzles=[p for p, _, _ in data.puzzles], made=data.made or ["hand-written scenarios"],
        paper={"a4": "A4 (210 x 297 mm)", "letter": "US Letter (8.5 x 11 in)"}[paper], version=__version__,
    ), st)
    out.append(PageBreak())
    levels = [lv for lv in LEVELS if (tables_dir(game) / f"{lv}.yaml").is_file()]
    seated = sorted({s for sc, _, _ in data.scenarios for s in sc.seats if s != "you"})
    search = [f"{s} ({_label(s)})" for s in seated if not s.startswith("table")]
    proxies = sorted({sc.graded.proxy for sc, _, _ in data.scenarios if sc.graded})
    games = sorted({sc.graded.games for sc, _, _ in data.scenarios if sc.graded})
    out += flowables(sheets.render_template(
        "book/howto.md.j2", game=game, setup_steps=SETUP_STEPS[game], tables=levels,
        table_levels=[f"**{lv.capitalize()}**: the {lv} card." for lv in levels], search=search,
        proxy_label=", ".join(_label(p) for p in proxies) or _label(vocab.proxy),
        games_note=(" or ".join(str(n) for n in games) + " times") if games else "many times",
        puzzles=bool(data.puzzles),
    ), st)
    if levels:
        from .solo import table_markup

        for lv in levels:
            out.append(CondPageBreak(120 * mm))
            out += flowables(table_markup(game, content, lv, load_table(game, lv)), st)
    for sc, g, state in data.scenarios:
        out.append(PageBreak())
        out += scenario_story(game, sc, g, state, st)
    if data.puzzles:
        out.append(PageBreak())
        out += flowables("# Puzzles\nFrom the position drawn, the outlaw named plays next: find the first turn that "
                         "wins whatever the other outlaw does. Solutions at the back.", st)
        for pz, g, state in data.puzzles:
            out += puzzle_story(pz, g, state, st)
        out.append(PageBreak())
        sols = [{"id": pz.id.upper(), "title": pz.title, "steps": solution_steps(pz, g, state)} for pz, g, state in data.puzzles]
        out += flowables(sheets.render_template("book/solutions.md.j2", solutions=sols), st)
    return out


def _label(spec: str) -> str:
    from ..scenarios.play import seat_label

    return seat_label(spec)


def render_book(game: str, paper: str = "a4") -> tuple[bytes, int]:
    """The book's PDF bytes and its page count."""
    W, H = paper_size(paper)
    data = collect(game)
    buf = io.BytesIO()
    title = f"{data.content.game.title} - solo scenarios"
    pages = [0]

    def on_page(canvas: Any, doc: Any) -> None:
        pages[0] += 1
        canvas.saveState()
        p = PdfPainter(canvas)
        p.text(W / 2, EDGE + 3, f"{title}   page {doc.page}", 6.5, GREY, anchor="c")
        canvas.restoreState()
        canvas.setTrimBox((0, 0, W * mm, H * mm))
        canvas.setBleedBox((0, 0, W * mm, H * mm))

    doc = BaseDocTemplate(
        buf, pagesize=(W * mm, H * mm), leftMargin=MARGIN * mm, rightMargin=MARGIN * mm, topMargin=MARGIN * mm,
        bottomMargin=MARGIN * mm, title=title, author="Saloon", creator=f"saloon {__version__}",
        subject=f"{paper} paper", invariant=1, pageCompression=1,
    )
    frame = Frame(MARGIN * mm, MARGIN * mm, (W - 2 * MARGIN) * mm, (H - 2 * MARGIN) * mm, id="body",
                  leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
    doc.addPageTemplates([PageTemplate("page", [frame], onPage=on_page)])
    doc.build(story(data, paper))
    return buf.getvalue(), pages[0]


def book_filename(game: str, paper: str) -> str:
    return f"{game}_scenarios_{paper}.pdf"


def write_book(game: str, out_dir: Path, paper: str = "a4") -> tuple[Path, int]:
    from .kit import ensure_out_dir

    paper_size(paper)  # an unknown paper: one clear line before any work
    out = ensure_out_dir(Path(out_dir))
    data, pages = render_book(game, paper)
    path = out / book_filename(game, paper)
    write_atomic(path, data)
    return path, pages
