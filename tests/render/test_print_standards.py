"""Print standards (design "Print-and-play standards", issue 6), checked on the planned and drawn kits:
backs land behind their fronts once the sheet is flipped or folded, crop marks sit outside every piece
and inside the printable area (Letter included), low-ink really saves ink and stays legible, no text
is printed below the minimum size, colours carry symbols, and reference sheets print content's numbers.
"""

from __future__ import annotations

import io

import pytest
from PIL import ImageStat
from reportlab.pdfgen import canvas as rl_canvas

from generator.content import load_content
from generator.errors import RenderError
from generator.words.text import printed
from generator.render import kit as kitmod
from generator.render import painter as painter_mod
from generator.render import way_out_west as wow
from generator.words import way_out_west as wow_words
from generator.render.art import OKABE_ITO, PLAYER_SHADES
from generator.render.boards import Board
from generator.render.geometry import BLEED, CARD, EDGE, PAPERS, Box, crop_marks
from generator.render.painter import PdfPainter, PilPainter, luminance
from generator.render.text import MIN_SIZE

GAMES = ["longhorn", "colt_express", "way_out_west"]
TOL = 0.01  # mm


# --- duplex: where a back lands once printed ----------------------------------------------------


def _flip(box: Box, duplex: str, W: float, H: float) -> Box:
    """Where a box drawn on the back of the sheet lies, seen from the front, after the flip/fold.

    long : the sheet turns over its long (vertical) edge -> x mirrors.
    short: the sheet turns over its short (horizontal) edge -> y mirrors.
    fold : the bottom half folds up behind the top half along y = H/2 -> y mirrors about H/2.
    """
    if duplex in ("long", "none"):
        return Box(W - box.x1, box.y, box.w, box.h)
    if duplex == "short":
        return Box(box.x, H - box.y1, box.w, box.h)
    if duplex == "fold":
        return Box(box.x, H - box.y1, box.w, box.h)
    raise AssertionError(duplex)


def _pairs(kp):
    """(front slot, back slot, duplex) for every piece with a printed back."""
    pages = kp.pages
    out = []
    for i, page in enumerate(pages):
        if page.kind == "fold":
            backs = {id(s.piece): s for s in page.slots if s.back}
            out += [(f, backs[id(f.piece)]) for f in page.slots if not f.back and f.piece.back is not None]
        elif page.kind == "front" and i + 1 < len(pages) and pages[i + 1].kind == "back":
            backs = {id(s.piece): s for s in pages[i + 1].slots}
            out += [(f, backs[id(f.piece)]) for f in page.slots
                    if f.piece.back is not None and (kp.mode != "none" or f.piece.informative_back)]
    return out


@pytest.mark.fast_case(paper='a4')
@pytest.mark.parametrize("paper", list(PAPERS))
@pytest.mark.parametrize("duplex", ["long", "short", "fold", "none"])
@pytest.mark.parametrize("game", GAMES)
def test_duplex_backs_land_behind_their_fronts_within_0_01_mm(planned, game, paper, duplex):
    W, H = PAPERS[paper]
    kp = planned(game, paper, duplex)
    pairs = _pairs(kp)
    with_backs = [p for p in kp.kit.pieces if p.back is not None and (kp.mode != "none" or p.informative_back)]
    assert len(pairs) == len(with_backs)
    for front, back in pairs:
        landed = _flip(back.box, duplex, W, H)
        for a, b in ((landed.x, front.box.x), (landed.y, front.box.y), (landed.w, front.box.w), (landed.h, front.box.h)):
            assert abs(a - b) <= TOL, (front.piece.name, front.box, landed)
        # the bleed follows: a back's bleed sides are its front's, mirrored with it
        fb, bb = front.bleed_box(), _flip(back.bleed_box(), duplex, W, H)
        assert abs(fb.x - bb.x) <= TOL and abs(fb.y - bb.y) <= TOL and abs(fb.w - bb.w) <= TOL and abs(fb.h - bb.h) <= TOL


def test_fold_backs_are_on_the_other_half_of_the_fold():
    W, H = PAPERS["a4"]
    for front, back in _pairs(kitmod.plan("colt_express", "a4", "fold")):
        assert front.bleed_box().y >= H / 2 and back.bleed_box().y1 <= H / 2


def test_fold_mode_prints_pieces_without_backs_on_whole_pages():
    """Way Out West's tokens have no backs: folding would only waste half of every sheet."""
    fold = kitmod.plan("way_out_west", "a4", "fold")
    none = kitmod.plan("way_out_west", "a4", "none")
    assert len(fold.pages) == len(none.pages)
    assert fold.slot_counts() == none.slot_counts()


class _Recorder(PdfPainter):
    def __init__(self, canvas, low_ink=False):
        super().__init__(canvas, low_ink)
        self.pushes: list[tuple[float, float]] = []
        self.lines: list[list[tuple[float, float]]] = []
        self.texts: list[tuple[float, str, tuple]] = []

    depth = 0

    def push(self, dx=0.0, dy=0.0, rotate180_size=None, turn=0, box=None):
        self.pushes.append((dx, dy))
        self.depth += 1
        super().push(dx, dy, rotate180_size, turn, box)

    def pop(self):
        self.depth -= 1
        super().pop()

    def line(self, pts, stroke=(0, 0, 0), width=0.3, dash=None):
        if self.depth == 0:  # on the page (crop marks), not inside a face
            self.lines.append(list(pts))
        super().line(pts, stroke, width, dash)

    def text(self, x, y, s, size, color=(0, 0, 0), bold=False, italic=False, anchor="l", display=False):
        self.texts.append((size, s, self._ink(color)))
        super().text(x, y, s, size, color, bold, italic, anchor, display)


def _draw(kp, page):
    W, H = kp.size
    c = rl_canvas.Canvas(io.BytesIO(), pagesize=(W * 72 / 25.4, H * 72 / 25.4), invariant=1)
    rec = _Recorder(c, kp.low_ink)
    kitmod._draw_page(c, rec, kp, page, 1, 1)
    return rec


def test_back_offset_moves_every_back_face_and_its_crop_marks():
    plain = kitmod.plan("longhorn", "a4", "long")
    moved = kitmod.plan("longhorn", "a4", "long", (1.5, -2.0))
    i = next(k for k, p in enumerate(plain.pages) if p.kind == "back")
    a, b = _draw(plain, plain.pages[i]), _draw(moved, moved.pages[i])
    face_a = [xy for xy in a.pushes if xy != (0, 0)]  # (0, 0): a face turning its own text inside itself
    face_b = [xy for xy in b.pushes if xy != (0, 0)]
    assert len(face_a) == len(face_b) > 0
    for (xa, ya), (xb, yb) in zip(face_a, face_b):
        assert (xb - xa, yb - ya) == pytest.approx((1.5, -2.0))
    marks_a = [ln for ln in a.lines if len(ln) == 2]
    marks_b = [ln for ln in b.lines if len(ln) == 2]
    assert marks_a and len(marks_a) == len(marks_b)
    for la, lb in zip(marks_a, marks_b):
        assert lb[0][0] - la[0][0] == pytest.approx(1.5) and lb[0][1] - la[0][1] == pytest.approx(-2.0)
    # fronts never move
    j = i - 1
    assert _draw(plain, plain.pages[j]).pushes == _draw(moved, moved.pages[j]).pushes


# --- crop marks -------------------------------------------------------------------------------


def _card_pages(paper):
    """Pages of nine poker cards of one colour (a plain 3x3 block)."""
    kp = kitmod.plan("colt_express", paper, "long")
    return kp, [p for p in kp.pages if p.kind in ("front", "back") and {s.piece.size for s in p.slots} == {CARD}
                and len({s.piece.front.bg for s in p.slots}) == 1]


@pytest.mark.parametrize("paper", list(PAPERS))
def test_cards_are_63x88_three_by_three_on_every_paper(paper):
    kp, pages = _card_pages(paper)
    full = [p for p in pages if len(p.slots) == 9]
    assert full
    for page in full:
        assert {(s.box.w, s.box.h) for s in page.slots} == {CARD}
        assert sorted({(s.col, s.row) for s in page.slots}) == [(c, r) for c in range(3) for r in range(3)]


@pytest.mark.fast_case(paper='a4')
@pytest.mark.parametrize("paper", list(PAPERS))
@pytest.mark.parametrize("duplex", ["long", "short", "fold", "none"])
@pytest.mark.parametrize("game", GAMES)
def test_crop_marks_are_outside_every_piece_and_inside_the_printable_area(planned, game, paper, duplex):
    W, H = PAPERS[paper]
    page_box = Box(0, 0, W, H)
    kp = planned(game, paper, duplex)
    for page in kp.pages:
        if page.kind not in ("front", "back", "fold"):
            continue
        marks = crop_marks(page.slots, page_box)
        assert marks, page.title
        for x0, y0, x1, y1 in marks:
            assert EDGE - TOL <= min(x0, x1) and max(x0, x1) <= W - EDGE + TOL, (page.title, (x0, y0, x1, y1))
            assert EDGE - TOL <= min(y0, y1) and max(y0, y1) <= H - EDGE + TOL, (page.title, (x0, y0, x1, y1))
            # long enough to line a ruler up with (Letter's marks in the bleed above and below a 3x3 block
            # of poker cards have only 1.7 mm between the cut line and the 6 mm margin)
            assert abs(x1 - x0) + abs(y1 - y0) >= 1.0
            for s in page.slots:
                b = s.box.grow(0.5)
                inside = min(x0, x1) < b.x1 and max(x0, x1) > b.x and min(y0, y1) < b.y1 and max(y0, y1) > b.y
                assert not inside, (page.title, s.piece.name, (x0, y0, x1, y1))


@pytest.mark.parametrize("paper", list(PAPERS))
def test_every_cut_line_of_a_card_sheet_has_a_mark_at_both_ends(paper):
    W, H = PAPERS[paper]
    kp, pages = _card_pages(paper)
    page = next(p for p in pages if len(p.slots) == 9)
    marks = crop_marks(page.slots, Box(0, 0, W, H))
    xs = sorted({round(s.box.x, 4) for s in page.slots} | {round(s.box.x1, 4) for s in page.slots})
    ys = sorted({round(s.box.y, 4) for s in page.slots} | {round(s.box.y1, 4) for s in page.slots})
    top, bottom = max(ys), min(ys)
    left, right = min(xs), max(xs)
    for x in xs:
        vert = [m for m in marks if m[0] == m[2] and abs(m[0] - x) < TOL]
        assert any(min(m[1], m[3]) > top for m in vert) and any(max(m[1], m[3]) < bottom for m in vert), x
    for y in ys:
        hor = [m for m in marks if m[1] == m[3] and abs(m[1] - y) < TOL]
        assert any(min(m[0], m[2]) > right for m in hor) and any(max(m[0], m[2]) < left for m in hor), y


def test_a4_crop_marks_start_outside_the_bleed():
    """Print-shop practice: marks are offset by at least the bleed, so they can never show on a piece."""
    W, H = PAPERS["a4"]
    kp, pages = _card_pages("a4")
    page = next(p for p in pages if len(p.slots) == 9)
    top = max(s.box.y1 for s in page.slots)
    bottom = min(s.box.y for s in page.slots)
    for x0, y0, x1, y1 in crop_marks(page.slots, Box(0, 0, W, H)):
        if x0 == x1:  # vertical marks above and below the block
            assert min(y0, y1) >= top + BLEED or max(y0, y1) <= bottom - BLEED


def test_letter_crop_marks_above_and_below_the_cards_sit_in_the_trimmed_off_bleed():
    """On Letter a 3x3 block of poker cards leaves 7.7 mm above and below (4.7 mm beyond the bleed):
    too little for a mark outside the bleed that a home printer still prints. The marks go in the
    bleed, which is cut away with them, and stay clear of the paper's unprintable edge."""
    W, H = PAPERS["letter"]
    kp, pages = _card_pages("letter")
    page = next(p for p in pages if len(p.slots) == 9)
    top = max(s.box.y1 for s in page.slots)
    bottom = min(s.box.y for s in page.slots)
    vert = [m for m in crop_marks(page.slots, Box(0, 0, W, H)) if m[0] == m[2]]
    above = [m for m in vert if min(m[1], m[3]) > top]
    below = [m for m in vert if max(m[1], m[3]) < bottom]
    assert len(above) == len(below) == 4
    for m in above:
        assert top < min(m[1], m[3]) < top + BLEED and max(m[1], m[3]) <= H - EDGE + TOL
    for m in below:
        assert bottom - BLEED < max(m[1], m[3]) < bottom and min(m[1], m[3]) >= EDGE - TOL


# --- text size, low ink -----------------------------------------------------------------------


def _all_text(game, paper="a4", duplex="long", low_ink=False, planned=None):
    kp = planned(game, paper, duplex) if planned and not low_ink else kitmod.plan(game, paper, duplex, low_ink=low_ink)
    out = []
    for page in kp.pages:
        out += _draw(kp, page).texts
    return out


@pytest.mark.fast_case(paper='a4')
@pytest.mark.parametrize("paper", list(PAPERS))
@pytest.mark.parametrize("game", GAMES)
def test_no_text_is_printed_below_the_minimum_size(planned, game, paper):
    small = sorted({(size, s) for size, s, _ in _all_text(game, paper, planned=planned) if size < MIN_SIZE - 1e-9})
    assert not small, small[:10]


def test_way_out_west_action_chart_effects_are_never_shrunk_below_the_minimum(planned):
    """The chart used to allow 4.5 pt; an effect that does not fit at MIN_SIZE is now a RenderError."""
    c = load_content("way_out_west")
    texts = [t for t in _all_text("way_out_west", planned=planned) if len(t[1]) > 20 and any(t[1] in b.effect["en"] for b in c.action_boxes)]
    assert texts and min(size for size, _, _ in texts) >= 6.0
    long_box = c.action_boxes[0].model_copy(update={"effect": {"en": "Pay a lot. " * 80}})
    c2 = c.model_copy(update={"action_boxes": [long_box] + list(c.action_boxes[1:])})
    board: Board = wow._board(c2)
    with pytest.raises(RenderError, match="action Buy cattle"):
        board.draw(PilPainter(board.w, board.h, dpi=10))


def _ink(img) -> float:
    """Total ink of an RGB image: how far each channel of each pixel is from white."""
    stat = ImageStat.Stat(img)
    return 255.0 * len(stat.sum) * img.width * img.height - sum(stat.sum)


def _face_ink(face, size, low_ink: bool) -> float:
    p = PilPainter(*size, dpi=100, low_ink=low_ink)
    p.rect(0, 0, *size, fill=face.bg)
    face.draw(p, *size)
    return _ink(p.image)


@pytest.mark.parametrize("game", GAMES)
def test_low_ink_really_lowers_ink(game):
    """Low-ink washes every fill towards white; text and outlines stay. Over a kit's pieces and
    boards that saves at least 40 % of the ink, and no kind of piece uses more than 2/3 of it."""
    kit = kitmod.game_kit(game)
    by_kind: dict[str, list[float]] = {}
    seen: dict[str, int] = {}
    for piece in kit.pieces:
        seen[piece.component] = seen.get(piece.component, 0) + 1
        if seen[piece.component] > 3:  # three of each kind are plenty
            continue
        for face in (piece.front, piece.back):
            if face is not None:
                acc = by_kind.setdefault(piece.component, [0.0, 0.0])
                acc[0] += _face_ink(face, piece.size, False)
                acc[1] += _face_ink(face, piece.size, True)
    for part in kit.parts:
        if isinstance(part, kitmod.BoardPart):
            b = part.board
            acc = by_kind.setdefault(b.name, [0.0, 0.0])
            for low in (False, True):
                p = PilPainter(b.w, b.h, dpi=50, low_ink=low)
                b.draw(p)
                acc[low] += _ink(p.image)
    full = sum(v[0] for v in by_kind.values())
    light = sum(v[1] for v in by_kind.values())
    assert light < 0.6 * full, light / full
    worst = max(by_kind, key=lambda k: by_kind[k][1] / by_kind[k][0])
    assert by_kind[worst][1] < 0.67 * by_kind[worst][0], worst


@pytest.mark.parametrize("game", GAMES)
def test_low_ink_text_is_dark_on_its_pale_fills(game):
    """White titles on a coloured banner vanish when the banner is washed out: low-ink prints them dark."""
    light = {(s, c) for _, s, c in _all_text(game, low_ink=True) if luminance(c) > 0.6}
    assert not light, sorted(light)[:5]


def test_low_ink_symbols_keep_a_dark_outline():
    p = PilPainter(16, 16, dpi=100, low_ink=True)
    assert p._ink((1.0, 1.0, 1.0)) == painter_mod.DARK
    assert p._fill(OKABE_ITO["black"]) != OKABE_ITO["black"]


# --- colours and symbols, reference sheets ------------------------------------------------------

OKABE_ITO_HEX = {"#%02X%02X%02X" % tuple(round(v * 255) for v in c) for c in [*OKABE_ITO.values(), *PLAYER_SHADES.values()]}


def test_player_and_cattle_colours_are_okabe_ito_hues_each_with_its_own_symbol():
    wow_c, colt, lh = load_content("way_out_west"), load_content("colt_express"), load_content("longhorn")
    groups = {
        "way_out_west colours": [(c.hex, c.symbol) for c in wow_c.colours],
        "colt_express bandits": [(ch.colour.hex, ch.symbol) for ch in colt.characters],
        # Longhorn's cattle are the game's black, white, orange and green: white is the paper itself
        "longhorn cattle": [(c.hex, c.symbol) for c in lh.cattle if c.hex.upper() != "#FFFFFF"],
    }
    for name, pairs in groups.items():
        assert all(h.upper() in OKABE_ITO_HEX for h, _ in pairs), name
        assert len({s for _, s in pairs}) == len(pairs) and all(pairs), name
    assert len({c.symbol for c in lh.cattle}) == len(lh.cattle)


def _flat(markup: str) -> str:
    return " ".join(markup.replace("**", "").split())


def test_way_out_west_reference_prints_content_numbers():
    c = load_content("way_out_west")
    text = _flat(wow_words.reference_markup(c))
    for b in c.buildings:
        assert f"| {b.name} | ${b.cost} | {b.defenders} |" in text
    for b in c.action_boxes:
        assert b.name in text and printed(b.effect, c) in text  # (its {{ }} numbers from content)
    assert f"until each has placed {c.per_player.action_markers}" in text
    assert f"Most money: +{c.options['most_money_bonus'].default} VP" in text
    assert "a tie scores nothing" in text  # majority_ties default: none
    assert f"Income after rounds {', '.join(map(str, c.income_rounds))}" in text
    assert f"{c.gunfight.rob_dice} dice" in text


def test_colt_express_reference_prints_content_numbers():
    from generator.words import colt_express as ce

    c = load_content("colt_express")
    text = _flat(ce.reference_markup(c))
    purses = ", ".join(f"{pv.count} x ${pv.value}" for pv in c.loot.purses.values)
    assert f"| purse | {sum(pv.count for pv in c.loot.purses.values)} | {purses} |" in text
    assert f"| jewel | {c.loot.jewels.count} | ${c.loot.jewels.value} |" in text
    assert f"${c.setup.start_purse} purse" in text and f"gain ${c.setup.gunslinger_bonus}" in text
    for a in c.action_cards:
        assert f"{a.name['en']} (x{a.count})" in text


def test_no_publisher_names_in_any_kit_text(planned):
    banned = ("ludonaute", "asmodee", "blue orange", "warfrog", "treefrog", "rio grande", "©", "(c) 20")
    for game in GAMES:
        text = " ".join(s for _, s, _ in _all_text(game, planned=planned)).lower()
        assert not [b for b in banned if b in text], game
        # credits stay in content (for the record), never on the printed kit
        designer = getattr(load_content(game).game, "designer", None)
        assert not designer or designer.lower() not in text, game
