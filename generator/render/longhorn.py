"""Longhorn's printed components, all from `generator.schema.longhorn.Content`:
9 location tiles, 19 action tokens, 36 cattle, the double-faced outlaw pawn, 2 outlaw cards and the
reference card (its words: words/longhorn.py); every fixed word from templates/<lang>/longhorn.yaml."""

from __future__ import annotations

import math
from typing import Any

from ..engine.longhorn.moves import cell_names, neighbour_table, reach_table
from ..schema.longhorn import Content
from ..words import longhorn as words
from ..words.text import Texts, named, printed
from . import art, keys, setup_diagrams, sheets
from . import text as tx
from .art import GOLD, GREY, INK, LEATHER, LIGHT, OKABE_ITO, PAPER, SAND, WHITE
from .book_diagrams import SMALL, count_label, fit_text
from .cards import Face, Piece, back, card, token
from .geometry import CARD, SAFE, Box
from .parts import GameKit, PieceRun, SheetPart
from .painter import Painter
from .sheets import Figure
from .text import fit_and_draw

TILE = (60.0, 60.0)
ACTION_TOKEN = (25.0, 25.0)
CATTLE = (16.0, 16.0)
PAWN = ACTION_TOKEN  # shares the token sheet

# The content gives outlaws no colours; these are palette colours no cattle colour uses.
OUTLAW_COLOURS = [(OKABE_ITO["blue"], "star"), (OKABE_ITO["reddish_purple"], "heart")]
TOKEN_COLOURS = {
    "nugget": art.GOLD, "ambush": OKABE_ITO["vermillion"], "branding_iron": art.LEATHER, "snake_oil": OKABE_ITO["sky_blue"],
    "rattlesnake": OKABE_ITO["bluish_green"], "epidemic": (0.6, 0.6, 0.6), "sheriff": OKABE_ITO["yellow"],
}


# --- the rules' ride diagram ----------------------------------------------------------------------


def _ride_path(nb: tuple[tuple[int, ...], ...], start: int, end: int, steps: int) -> list[int]:
    """One walk of exactly `steps` orthogonal steps from `start` to `end`, never straight back (the first
    found in the neighbours' order); a shortest walk where `steps` is the distance."""
    def walk(path: list[int]) -> list[int] | None:
        if len(path) == steps + 1:
            return path if path[-1] == end else None
        for n in nb[path[-1]]:
            if len(path) < 2 or n != path[-2]:
                found = walk(path + [n])
                if found:
                    return found
        return None
    return walk([start]) or [start]


def ride_example(rows: int, cols: int, movement: str) -> tuple[list[int], list[int]]:
    """The example ride's stopping places (cells an exact words.RIDE_STEPS-step ride from words.RIDE_START may
    end on, by the engine's reach table for `movement`) and one ride to the farthest right, then lowest, of them."""
    nb = neighbour_table(rows, cols)
    start = words.RIDE_START
    reach = reach_table(nb, words.RIDE_STEPS, movement, cols)[start][words.RIDE_STEPS]
    ends = [cell for cell in range(rows * cols) if reach >> cell & 1]
    end = max(ends, key=lambda cell: (cell % cols, cell // cols)) if ends else start
    return ends, _ride_path(nb, start, end, words.RIDE_STEPS)


def ride_figure(c: Content, lang: str) -> Figure:
    """The rules' example ride, drawn from the movement rule in force (the engine's own reach table): the
    example's cows stolen at its start (words.RIDE_STEPS, words.RIDE_START), every ranch the pawn may stop on
    shaded (were each to hold cattle), one such ride in arrows with its steps numbered."""
    rows, cols = c.grid.rows, c.grid.columns
    names = cell_names(rows, cols)
    start = words.RIDE_START
    ends, path = ride_example(rows, cols, c.options["movement"].default)
    gap = 1.5
    name = "Longhorn ride diagram"

    def side(w: float) -> float:
        return min(15.0, (w - 8 - (cols - 1) * gap) / cols)

    def height(w: float) -> float:
        return rows * side(w) + (rows - 1) * gap + 4.0

    def draw(p: Painter, x: float, y: float, w: float, h: float) -> None:
        s = side(w)
        x0 = x + (w - cols * s - (cols - 1) * gap) / 2
        top = y + h - 4.0

        def centre(cell: int) -> tuple[float, float]:
            r, q = divmod(cell, cols)
            return x0 + q * (s + gap) + s / 2, top - r * (s + gap) - s / 2

        for q in range(cols):
            setup_diagrams.label(p, name, chr(ord("A") + q), x0 + q * (s + gap) + s / 2, top + 1.0, s, setup_diagrams.LABEL, bold=True, color=GREY)
        for cell in range(rows * cols):
            cx, cy = centre(cell)
            p.rect(cx - s / 2, cy - s / 2, s, s, SAND if cell in ends else PAPER, INK, 0.5 if cell in ends else 0.25, r=1.0)
            setup_diagrams.label(p, name, names[cell], cx - s / 2 + 1.0, cy + s / 2 - 2.6, s / 2, setup_diagrams.LABEL, color=GREY, anchor="l")
        art.icon(p, "hat", *centre(start), s * 0.5, LEATHER)
        for k, (a, b) in enumerate(zip(path, path[1:]), 1):
            (ax, ay), (bx, by) = centre(a), centre(b)
            dx, dy = bx - ax, by - ay
            length = (dx * dx + dy * dy) ** 0.5
            ux, uy = dx / length, dy / length
            sx, sy, ex, ey = ax + ux * s * 0.3, ay + uy * s * 0.3, bx - ux * s * 0.3, by - uy * s * 0.3
            p.line([(sx, sy), (ex, ey)], INK, 0.6)
            head = 1.6
            p.poly([(ex, ey), (ex - ux * head - uy * head * 0.6, ey - uy * head + ux * head * 0.6),
                    (ex - ux * head + uy * head * 0.6, ey - uy * head - ux * head * 0.6)], INK, None)
            mx, my = (sx + ex) / 2, (sy + ey) / 2
            p.circle(mx - uy * 3.0, my + ux * 3.0, 1.7, WHITE, INK, 0.25)
            p.text(mx - uy * 3.0, my + ux * 3.0 - 0.8, str(k), setup_diagrams.LABEL, INK, bold=True, anchor="c")

    return Figure(height, draw)


def _tile(c: Content, loc, T: Texts) -> Face:
    name = f"location tile {loc.name}"
    sheriff_here = loc.id == c.setup.sheriff_location
    title = named(T, "locations", loc.id, loc.name)
    cattle = T("tile.cattle", n=loc.cattle)

    def draw(p, w, h):
        p.rect(1.5, 1.5, w - 3, h - 3, None, INK, 0.4, r=2)
        size = tx.one_line(p.fonts, name, title, w - 2 * SAFE - 2, 10, bold=True)
        p.text(w / 2, h - SAFE - 5, title, size, INK, bold=True, anchor="c")
        # cattle count: a row of cow heads and the number
        art.icon(p, "cow", w * 0.3, h * 0.5, 15, WHITE)
        p.text(w * 0.3, h * 0.5 - 13.5, cattle, tx.one_line(p.fonts, name, cattle, w * 0.5, 8, bold=True), INK, bold=True, anchor="c")
        p.circle(w * 0.3 + 9, h * 0.5 + 7, 4.2, WHITE, INK, 0.3)
        p.text(w * 0.3 + 9, h * 0.5 + 5.6, str(loc.cattle), 11, INK, bold=True, anchor="c")
        # the token slot
        r = ACTION_TOKEN[0] / 2 + 0.5
        p.circle(w * 0.72, h * 0.45, r, PAPER, INK, 0.3)
        p.line([(w * 0.72 - r, h * 0.45), (w * 0.72 + r, h * 0.45)], (0.8, 0.8, 0.8), 0.2, dash=(1, 1))
        p.text(w * 0.72, h * 0.45 - 1.2, T("tile.token"), 7, (0.5, 0.5, 0.5), anchor="c")
        if sheriff_here:
            here = T("tile.sheriff")
            p.text(w / 2, SAFE + 1.2, here, tx.one_line(p.fonts, name, here, w - 2 * SAFE, 6.5), INK, anchor="c")

    return Face(draw, SAND)


def _cattle_face(col) -> Face:
    colour = art.hex_color(col.hex)

    def draw(p, w, h):
        ink = art.contrast(colour)
        art.icon(p, "cow", w / 2, SAFE + 6.5, min(7.0, w - 2 * SAFE - 6.0 + 7.0), colour, ink)
        art.symbol(p, col.symbol, w / 2, SAFE + 1.5, 1.4, colour, ink, 0.25)  # inside the 3 mm safe zone

    return Face(draw, colour)


def _outlaw_face(outlaw, colour, sym, T: Texts) -> Face:
    short = named(T, "outlaws_short", outlaw.id, outlaw.name.split()[-1] if len(outlaw.name) > 12 else outlaw.name)

    def draw(p, w, h):
        ink = art.contrast(colour)
        p.circle(w / 2, h / 2, w / 2 - 1, WHITE, INK, 0.3)
        art.icon(p, "hat", w / 2, h / 2 + 3, 14, colour)
        name = short
        size = tx.one_line(p.fonts, f"outlaw pawn {outlaw.name}", name, w - 8, 7.5, bold=True)
        p.text(w / 2, h / 2 - 7, name, size, INK, bold=True, anchor="c")
        art.symbol(p, sym, SAFE + 1.7, h - SAFE - 1.7, 1.6, colour, ink, 0.2)
        art.symbol(p, sym, w - SAFE - 1.7, SAFE + 1.7, 1.6, colour, ink, 0.2)

    return Face(draw, colour)


def _back_motif(p: Painter, cx: float, cy: float, r: float, colour) -> None:
    """Half of Longhorn's deck emblem (cards.back draws it again turned): a longhorn's head inside half a
    lasso's loop."""
    loop = [(cx + r * 0.86 * math.cos(math.radians(a)), cy + r * 0.86 * math.sin(math.radians(a))) for a in range(0, 181, 10)]
    p.line(loop, colour, 0.7, dash=(1.6, 0.9))
    art.icon(p, "cow", cx, cy + r * 0.46, r * 0.82, SAND)


def _key(c: Content, T: Texts):
    """The rules' key: the cattle colours with their symbols, the outlaws' colours (pawn and cards), every
    action token's icon, from the data their pieces are drawn from."""
    lang = T.lang
    seats = sorted(c.outlaws, key=lambda o: o.seat)
    return keys.key_figure("Longhorn", [
        (T.name("components", "cattle"),
         [keys.Mark(printed(col.name, c, lang=lang), art.hex_color(col.hex), col.symbol) for col in c.cattle]),
        (T.name("components", "outlaw pawn"),
         [keys.Mark(named(T, "outlaws", o.id, o.name), *OUTLAW_COLOURS[o.seat % 2]) for o in seats]),
        (T.name("components", "action tokens"),
         [keys.Mark(printed(t.name, c, lang=lang), icon=t.kind, fill=TOKEN_COLOURS.get(t.kind, SAND)) for t in c.tokens]),
    ])


def kit(c: Content, lang: str = "en") -> GameKit:
    T = Texts(lang, "longhorn")
    title = c.game.title
    deck_back = back(title, T("back"), art.LEATHER, icon="cow", motif=_back_motif)
    # location tiles
    tiles = [
        Piece("location tiles", f"location tile {loc.name}", TILE, _tile(c, loc, T), texts=(named(T, "locations", loc.id, loc.name),))
        for loc in c.locations
    ]
    # action tokens (nuggets carry the values of the default reading)
    nugget_set = c.options["nugget_values"].default
    tokens = []
    for t in c.tokens:
        values = t.values[nugget_set] if t.values else None
        for i in range(t.count):
            label = f"${values[i]}" if values else printed(t.name, c, lang=lang)
            nm = f"action token {t.name['en']} {i + 1}" + (f" ${values[i]}" if values else "")
            face = token(nm, TOKEN_COLOURS.get(t.kind, SAND), None, t.kind, label)
            tokens.append(Piece("action tokens", nm, ACTION_TOKEN, face, texts=(label,)))
    # cattle
    cattle = []
    for col in c.cattle:
        for i in range(col.count):
            cattle.append(Piece("cattle", f"cattle {col.name['en']} {i + 1}", CATTLE, _cattle_face(col)))
    # the pawn: one outlaw per face
    o0, o1 = sorted(c.outlaws, key=lambda o: o.seat)
    pawn = Piece(
        "outlaw pawn", f"outlaw pawn {o0.name} / {o1.name}", PAWN,
        _outlaw_face(o0, *OUTLAW_COLOURS[0], T), _outlaw_face(o1, *OUTLAW_COLOURS[1], T), informative_back=True,
    )
    # cards
    seats = {o.id: o.seat for o in c.outlaws}
    cards = []
    n_cards = len(c.outlaw_cards)
    for i, oc in enumerate(c.outlaw_cards, 1):
        colour, sym = OUTLAW_COLOURS[seats[oc.outlaw] % 2]
        nm = f"outlaw card {oc.title['en']}"
        head = printed(oc.title, c, lang=lang)
        cards.append(Piece(
            "outlaw cards", nm, CARD,
            card(nm, head, colour, sym, "hat", printed(oc.text, c, lang=lang), f"{i}/{n_cards}", title),
            deck_back, texts=(head, f"{i}/{n_cards}"),
        ))
    # player aids: the turn on the front, every token on the back; one per player
    faces = []
    for ref_title, markup in ((printed(c.reference_card.title, c, lang=lang), words.reference_markup(c, lang)),
                              (printed(c.reference_card.tokens_title, c, lang=lang), words.tokens_markup(c, lang))):
        ref_name = f"reference card {ref_title}"

        def ref_body(p, x, y, w, h, ref_name=ref_name, markup=markup):
            sheets.fit_in_box(p, ref_name, markup, Box(x, y, w, h), 7.0)

        faces.append((ref_title, ref_name, ref_body))
    refs = []
    for k in (1, 2):
        (t1, n1, b1), (t2, n2, b2) = faces
        refs.append(Piece(
            "reference cards", f"player aid {k}", CARD,
            card(n1, t1, art.LEATHER, None, None, "", f"{k}/2", title, extra=b1),
            card(n2, t2, art.LEATHER, None, None, "", f"{k}/2", title, extra=b2),
            informative_back=True, texts=(t1,),
        ))
    return GameKit(
        game="longhorn",
        title=title,
        summary=printed(c.game.summary, c, lang=lang),
        parts=[
            SheetPart(T("part.rules"), words.rules_markup(c, lang, with_summary=False),
                      figures={"setup": setup_diagrams.longhorn(c, lang), "ride": ride_figure(c, lang), "key": _key(c, T)}),
            PieceRun("cards", cards + refs),
            PieceRun("location tiles", tiles),
            PieceRun("tokens", [pawn] + tokens),
            PieceRun("cattle", cattle),
        ],
        counts=c.components(),
        assembly=[T("assembly.cut")],
        names={kind: T.name("components", kind) for kind, _ in c.components()},
    )


# --- the scenario book's setup diagram ----------------------------------------------------------


def _player_rows(info: dict) -> list[str]:
    """The rows of one player's block beside the range, top down: the name, then the herd, the nuggets, or
    "no cattle, no nuggets" where there is neither."""
    herd, nuggets = any(info["herd"].values()), bool(info.get("nuggets"))
    return ["name"] + (["herd"] if herd else []) + (["nuggets"] if nuggets else []) + ([] if herd or nuggets else ["empty"])


ROW_DROP = {"name": 6.0, "herd": 7.0, "nuggets": 6.0, "empty": 6.0}  # mm each row takes
PLAYER_GAP = 4.0  # mm under each player's block
KEY_PER_ROW = 4  # the colours' key at the column's foot: four to a row
KEY_ROW = 6.0  # mm a row of the key takes


def _key_rows(colours: int) -> int:
    """The rows of the colours' key at the column's foot."""
    return -(-colours // KEY_PER_ROW)


def _grid_side(box: Box) -> float:
    return min(box.h - 8, box.w * 0.62)


def _column(box: Box) -> tuple[float, float]:
    """(x, width) of the column beside the range: the players, the scenario's words, the key."""
    px = box.x + 6 + _grid_side(box) + 8
    return px, box.x1 - px


def _players_bottom(box: Box, data: dict) -> float:
    """Where the players' block ends, going down the column."""
    y = box.y1 - 5
    for info in data["players"]:
        y -= sum(ROW_DROP[row] for row in _player_rows(info)) + PLAYER_GAP
    return y


def _opening(data: dict) -> bool:
    """Whether the position is a game's opening: nobody holds cattle yet (a twist may hand out a nugget)."""
    return not any(any(info["herd"].values()) for info in data["players"])


def book_words_area(box: Box, data: dict) -> Box | None:
    """The part of the column beside the range free for the scenario's words: under the players, over the key.
    Only at a game's opening, whose words are short; a position in mid-game (a turning point) lists herds and
    nuggets in the column and tells its story under the taller diagram."""
    if not _opening(data):
        return None
    px, width = _column(box)
    top = _players_bottom(box, data) + 2.0
    key = 4.0 + KEY_ROW * _key_rows(len(data["players"][0]["herd"]))  # (a herd lists every colour)
    return Box(px, box.y + key, width, max(0.0, top - box.y - key))


def book_diagram(p: Painter, box: Box, data: dict, g: Any, names: list[str], you: int | None, W: Any) -> None:
    """The 3x3 range: each ranch with its name, cattle per colour and token; the pawn; both herds."""
    content = g.content
    colours = {c.id: (art.hex_color(c.hex), c.symbol) for c in content.cattle}
    loc_names = {loc.id: words.location_name(g, loc.id, W.lang) for loc in content.locations}
    token_names = {t.kind: W.text(t.name) for t in content.tokens}
    rows, cols = content.grid.rows, content.grid.columns
    side = _grid_side(box)
    cell = side / max(rows, cols)
    gx, gy = box.x + 6, box.y + box.h - side - 2
    letters = [chr(ord("A") + q) for q in range(cols)]
    for q in range(cols):
        p.text(gx + q * cell + cell / 2, gy + side + 0.5, letters[q], 7, GREY, bold=True, anchor="c")
    for r in range(rows):
        p.text(gx - 3, gy + side - r * cell - cell / 2, str(r + 1), 7, GREY, bold=True, anchor="c")
    for name, info in data["cells"].items():
        q, r = letters.index(name[0]), int(name[1:]) - 1
        x, y = gx + q * cell, gy + side - (r + 1) * cell
        empty = not any(info["cattle"].values())
        p.rect(x + 0.6, y + 0.6, cell - 1.2, cell - 1.2, LIGHT if empty else SAND, INK, 0.4, r=1.5)
        fit_and_draw(p, "scenario book diagram", loc_names[info["location"]], x + 2, y + cell - 8.5, cell - 4, 7.0, 7,
                     INK, bold=True, min_size=SMALL)
        k = 0
        for colour, n in info["cattle"].items():
            if n:
                col, sym = colours[colour]
                cx, cy = x + 5 + (k % 2) * (cell / 2 - 2), y + cell - 11 - (k // 2) * 6.5
                art.colour_swatch(p, col, sym, cx, cy, 2.4)
                count_label(p, cx, cy, n)
                k += 1
        tok = info.get("token")
        if tok is not None:
            tx, ty = x + cell - 8, y + 8
            art.icon(p, tok["kind"], tx, ty, 9, art.SAND if tok["kind"] != "nugget" else GOLD)
            label = (W("diagram.longhorn.nugget", value=tok["value"]) if tok["kind"] == "nugget"
                     else W("diagram.longhorn.token", name=token_names[tok["kind"]]))
            fit_text(p, tx, y + 1.6, label, 6, cell / 2 + 2, anchor="c")
        if data.get("pawn") == name:
            p.circle(x + 7, y + 7, 4.6, WHITE, INK, 0.5)
            art.icon(p, "hat", x + 7, y + 7.5, 7, LEATHER)
    # the players, row by row as _player_rows lists them (book_words_area measures the same rows)
    px, width = _column(box)
    y = box.y1 - 5
    mover = data.get("to_move")
    for seat, info in enumerate(data["players"]):
        for row in _player_rows(info):
            if row == "name":
                who = names[seat] + (W("diagram.you") if seat == you else "")
                if data.get("outcome") is None and seat == mover:
                    who += W("diagram.to_play")
                fit_text(p, px, y, who, 8.5, width, bold=True)
            elif row == "empty":
                fit_text(p, px, y, W("diagram.longhorn.empty"), 7, width, color=GREY)
            elif row == "herd":
                for k, (colour, n) in enumerate((c, n) for c, n in info["herd"].items() if n):
                    col, sym = colours[colour]
                    cx = px + 3 + k * 12
                    art.colour_swatch(p, col, sym, cx, y + 1, 2.4)
                    count_label(p, cx, y + 1, n)
            else:
                values = W("list_sep").join(W("diagram.longhorn.nugget", value=v) for v in info["nuggets"])
                fit_text(p, px, y, W("diagram.longhorn.nuggets", values=values), 7, width)
            y -= ROW_DROP[row]
        y -= PLAYER_GAP
    key = [(W.text(c.name), art.hex_color(c.hex), c.symbol) for c in content.cattle]
    rows_of_key = _key_rows(len(key))
    for k, (name, col, sym) in enumerate(key):
        cx = px + 3 + (k % KEY_PER_ROW) * (width / KEY_PER_ROW)
        cy = box.y + 4 + (rows_of_key - 1 - k // KEY_PER_ROW) * KEY_ROW
        art.colour_swatch(p, col, sym, cx, cy, 2.2)
        fit_text(p, cx + 3.5, cy - 1.1, name, 7, width / KEY_PER_ROW - 4)


BOOK_DIAGRAM_HEIGHT = 100.0  # mm: an opening's range, the players and the key, its words beside: two scenarios to a page
MIDGAME_DIAGRAM_HEIGHT = 112.0  # a position in mid-game: its words go under, one to a page
PUZZLE_DIAGRAM_HEIGHT = 88.0  # a Longhorn puzzle's range: two puzzles to a page, on Letter too


def book_puzzle_height(data: dict) -> float:
    """A Longhorn puzzle's range is drawn at one height, shared page or not (its nine ranches do not thin out)."""
    return PUZZLE_DIAGRAM_HEIGHT


def book_diagram_height(players: int, data: dict | None = None) -> float:
    """The scenario book's setup diagram's height in mm."""
    return BOOK_DIAGRAM_HEIGHT if data is None or _opening(data) else MIDGAME_DIAGRAM_HEIGHT
