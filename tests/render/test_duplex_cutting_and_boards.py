"""Print kits, round 2 (issue 11): a kit printed double-sided in one go spoils no piece, pieces fit the
board spaces they sit on, nothing a cutter needs is near the paper edge, pieces of different colours
never share a cut line, text and symbols stay inside each piece's safe zone, and mixed sizes share
sheets so the kits use fewer sheets of paper."""

from __future__ import annotations

import io

import pytest
from reportlab.pdfgen import canvas as rl_canvas

from generator.content import load_content
from generator.render import art
from generator.render import kit as kitmod
from generator.render import way_out_west as wow
from generator.render.geometry import EDGE, EPS, PAPERS, SAFE, Box, crop_marks, union
from generator.render.painter import LATIN, PdfPainter

GAMES = ["longhorn", "colt_express", "way_out_west"]
MODES = ["long", "short", "fold", "none"]

# Sheets of paper before this issue, each kit printed as its cover said without spoiling a piece
# (A4, long edge): a fronts page and its backs page on one sheet, every other page on a sheet of its own.
SHEETS_BEFORE = {"longhorn": 8, "colt_express": 23, "way_out_west": 13}


@pytest.fixture(scope="module")
def plans():
    return {(g, d, p): kitmod.plan(g, p, d) for g in GAMES for d in MODES for p in PAPERS}


# --- printing in one go -----------------------------------------------------------------------


@pytest.mark.fast_case(paper='a4')
@pytest.mark.parametrize("paper", list(PAPERS))
@pytest.mark.parametrize("duplex", ["long", "short"])
@pytest.mark.parametrize("game", GAMES)
def test_two_sided_fronts_are_on_odd_pages_and_their_backs_on_the_next(plans, game, paper, duplex):
    kp = plans[(game, duplex, paper)]
    if not kp.two_sided:
        return  # a kit without backs prints single-sided (see below)
    assert len(kp.pages) % 2 == 0
    for i, page in enumerate(kp.pages):
        n = i + 1
        if page.kind in ("front", "board", "cover"):
            assert n % 2 == 1, (n, page.title)
        if page.kind in ("back", "blank", "calibration"):
            assert n % 2 == 0, (n, page.title)
        if page.kind == "back":
            front = kp.pages[i - 1]
            assert front.kind == "front"
            assert {id(s.piece) for s in page.slots} <= {id(s.piece) for s in front.slots}
        if page.kind in ("front", "board") and not (i + 1 < len(kp.pages) and kp.pages[i + 1].kind == "back"):
            assert kp.pages[i + 1].kind == "blank", (n, page.title)  # one-sided: its back stays blank


@pytest.mark.parametrize("duplex", ["fold", "none"])
@pytest.mark.parametrize("game", GAMES)
def test_one_sided_backs_pages_follow_their_fronts(plans, game, duplex):
    kp = plans[(game, duplex, "a4")]
    assert not kp.two_sided and not any(p.kind in ("blank", "calibration") for p in kp.pages)
    for i, page in enumerate(kp.pages):
        if page.kind == "back":
            assert kp.pages[i - 1].kind == "front"
            assert all(s.piece.informative_back for s in page.slots)


@pytest.mark.parametrize("duplex", MODES)
def test_a_kit_without_backs_has_no_calibration_and_prints_only_its_text_on_both_sides(plans, duplex):
    kp = plans[("way_out_west", duplex, "a4")]
    assert not any(p.back is not None for p in kp.kit.pieces)
    assert not kp.calibrated and not any(p.kind == "calibration" for p in kp.pages)
    text = kitmod._cover_markup(kp)
    assert "calibration" not in text.lower() and "--back-offset" not in text
    if duplex in ("long", "short"):  # the rules use both sides; pieces and board tiles have a blank back
        assert kp.mode == duplex and f"flip on the {duplex} edge" in text and "no piece has a printed back" in text
        for i, page in enumerate(kp.pages):
            if page.kind in ("front", "board"):
                assert kp.pages[i + 1].kind == "blank"
        text_pages = [p for p in kp.pages if p.kind in ("cover", "sheet") and p.section != "solo play"]
        assert len(text_pages) >= 2 and all(kp.pages.index(p) < len(text_pages) for p in text_pages)
        solo = [i for i, p in enumerate(kp.pages) if p.section == "solo play"]  # the bot cards come last
        assert solo == list(range(len(kp.pages) - len(solo), len(kp.pages)))
    else:
        assert kp.mode == "none" and "single-sided" in text and "double-sided" not in text


def test_cover_carries_a_page_map_and_what_you_need(plans):
    kp = plans[("colt_express", "long", "a4")]
    text = kitmod._cover_markup(kp)
    assert "## Page map" in text and "## You will need" in text and "## Assembly" in text
    rows = kp.page_map()
    covered = [n for r in rows for n in range(int(r["first"]), int(r["last"]) + 1)]
    assert covered == list(range(1, len(kp.pages) + 1))
    assert any("card stock" in r["stock"] for r in rows) and any(r["how"] == "double-sided" for r in rows)
    wow_text = kitmod._cover_markup(plans[("way_out_west", "long", "a4")])
    assert "six-sided dice" in wow_text and "glue" in wow_text


# --- pieces and boards ------------------------------------------------------------------------


def test_every_way_out_west_board_space_holds_its_piece():
    board = wow._board(load_content("way_out_west"))
    assert board.spaces
    kinds = {s.name.split(" ", 2)[-1].split(" ")[0] for s in board.spaces}
    assert kinds  # buildings, corrals, action boxes, rounds, turn order, posters, cowboys
    for sp in board.spaces:
        w, h = sp.piece
        assert sp.box.w >= w and sp.box.h >= h, (sp.name, sp.box, sp.piece)
        assert sp.box.x >= 0 and sp.box.y >= 0 and sp.box.x1 <= board.w and sp.box.y1 <= board.h, sp.name


def test_no_way_out_west_space_crosses_its_town_border_or_another_space():
    board = wow._board(load_content("way_out_west"))
    for sp in board.spaces:
        if sp.within is not None:
            t = sp.within
            assert t.x <= sp.box.x and sp.box.x1 <= t.x1 and t.y <= sp.box.y and sp.box.y1 <= t.y1, sp.name
    spaces = list(board.spaces)
    for i, a in enumerate(spaces):
        for b in spaces[i + 1:]:
            overlap = min(a.box.x1, b.box.x1) - max(a.box.x, b.box.x) > EPS and min(a.box.y1, b.box.y1) - max(a.box.y, b.box.y) > EPS
            assert not overlap, (a.name, b.name)


# no board word over a space: tests/render/test_paper_colours_and_rules.py checks every word the board draws


def test_way_out_west_prints_the_round_marker_and_the_black_discs_content_counts():
    c = load_content("way_out_west")
    kp = kitmod.plan("way_out_west")
    counts = kp.slot_counts()
    assert counts["round marker"] == 1
    assert counts["black action marker"] == c.per_player.action_markers * len(c.colours)


@pytest.mark.parametrize("game,aids", [("longhorn", 2), ("colt_express", 6), ("way_out_west", 5)])
def test_one_player_aid_per_player(game, aids):
    kp = kitmod.plan(game)
    counts = kp.slot_counts()
    if game == "colt_express":  # the aid is the back of each player's character card
        chars = [p for p in kp.kit.pieces if p.component == "character card"]
        assert counts["character card"] == aids == len(chars)
        assert all(p.informative_back and p.back is chars[0].back for p in chars)
        return
    key = "reference cards" if game == "longhorn" else "player aid"
    assert counts[key] == aids


# --- prepress -----------------------------------------------------------------------------------


@pytest.mark.fast_case(paper='a4')
@pytest.mark.parametrize("paper", list(PAPERS))
@pytest.mark.parametrize("duplex", MODES)
@pytest.mark.parametrize("game", GAMES)
def test_nothing_a_cutter_needs_is_within_6_mm_of_the_paper_edge(plans, game, duplex, paper):
    W, H = PAPERS[paper]
    kp = plans[(game, duplex, paper)]
    for page in kp.pages:
        for s in page.slots:
            b = s.box
            assert b.x >= EDGE - EPS and b.y >= EDGE - EPS and b.x1 <= W - EDGE + EPS and b.y1 <= H - EDGE + EPS, page.title
        for x0, y0, x1, y1 in crop_marks(page.slots, Box(0, 0, W, H)):
            assert min(x0, x1) >= EDGE - EPS and max(x0, x1) <= W - EDGE + EPS
            assert min(y0, y1) >= EDGE - EPS and max(y0, y1) <= H - EDGE + EPS
        if page.kind == "board":
            pl = page.payload.place
            assert pl.x >= EDGE - EPS and pl.y >= EDGE - EPS and pl.x1 <= W - EDGE + EPS and pl.y1 <= H - EDGE + EPS
        if page.slots:  # the page label never lies on a piece or its bleed
            spot = kitmod._label_spot(page, W, H)
            bb = union(s.bleed_box() for s in page.slots)
            if spot == "top":
                assert bb.y1 <= H - EDGE - 3.0
            elif spot == "bottom":
                assert bb.y >= EDGE + 3.0
            elif spot == "left":
                assert bb.x >= EDGE + 3.0
            else:
                assert bb.x1 <= W - EDGE - 3.0


@pytest.mark.parametrize("duplex", MODES)
@pytest.mark.parametrize("game", GAMES)
def test_pieces_of_different_colours_never_share_a_cut_line(plans, game, duplex):
    for page in plans[(game, duplex, "a4")].pages:
        slots = page.slots
        for i, a in enumerate(slots):
            for b in slots[i + 1:]:
                if a.back != b.back:
                    continue
                vertical = min(a.box.y1, b.box.y1) - max(a.box.y, b.box.y) > EPS and (
                    abs(a.box.x1 - b.box.x) < EPS or abs(b.box.x1 - a.box.x) < EPS)
                horizontal = min(a.box.x1, b.box.x1) - max(a.box.x, b.box.x) > EPS and (
                    abs(a.box.y1 - b.box.y) < EPS or abs(b.box.y1 - a.box.y) < EPS)
                if vertical or horizontal:  # one colour at the cut on both faces
                    assert a.piece.front.bg == b.piece.front.bg and a.piece.size == b.piece.size, (a.piece.name, b.piece.name)
                    assert (a.piece.back and a.piece.back.bg) == (b.piece.back and b.piece.back.bg), (a.piece.name, b.piece.name)
                    assert (vertical and a.bleeds[0 if a.box.x > b.box.x else 2] == 0) or (
                        horizontal and a.bleeds[1 if a.box.y > b.box.y else 3] == 0)
                else:  # apart: neither bleed reaches the other piece
                    assert not _overlap(a.bleed_box(), b.box) and not _overlap(b.bleed_box(), a.box), (a.piece.name, b.piece.name)


def _overlap(a: Box, b: Box) -> bool:
    return min(a.x1, b.x1) - max(a.x, b.x) > EPS and min(a.y1, b.y1) - max(a.y, b.y) > EPS


class _Marks(PdfPainter):
    """Records every text box and colour symbol a face draws, in the face's own millimetres."""

    def __init__(self):
        super().__init__(rl_canvas.Canvas(io.BytesIO(), invariant=1))
        self.texts: list[tuple[str, Box]] = []
        self.depth = 0

    def text(self, x, y, s, size, color=(0, 0, 0), bold=False, italic=False, anchor="l", display=False):
        if self.depth == 0:
            w = self.fonts.width(s, size, bold, italic, display)
            x0 = {"l": x, "c": x - w / 2, "r": x - w}[anchor]
            self.texts.append((s, Box(x0, y - size * 0.3528 * 0.2, w, size * 0.3528 * 0.9)))
        super().text(x, y, s, size, color, bold, italic, anchor, display)

    def push(self, dx=0.0, dy=0.0, rotate180_size=None, turn=0, box=None):
        self.depth += 1 if (turn or rotate180_size) else 0
        self._stack = getattr(self, "_stack", []) + [bool(turn or rotate180_size)]
        super().push(dx, dy, rotate180_size, turn, box)

    def pop(self):
        if self._stack.pop():
            self.depth -= 1
        super().pop()


@pytest.mark.parametrize("game", GAMES)
def test_text_and_colour_symbols_stay_inside_the_3_mm_safe_zone(game, monkeypatch):
    symbols: list[tuple[float, float, float]] = []
    real = art.symbol

    def spy(p, kind, cx, cy, r, *a, **k):
        symbols.append((cx, cy, r))
        return real(p, kind, cx, cy, r, *a, **k)

    monkeypatch.setattr(art, "symbol", spy)
    bad = []
    for piece in kitmod.game_kit(game).pieces:
        w, h = piece.size
        safe = Box(SAFE, SAFE, w - 2 * SAFE, h - 2 * SAFE).grow(0.15)
        for face in (piece.front, piece.back):
            if face is None:
                continue
            p = _Marks()
            symbols.clear()
            face.draw(p, w, h)
            for s, b in p.texts:
                if not (safe.x <= b.x and b.x1 <= safe.x1 and safe.y <= b.y and b.y1 <= safe.y1):
                    bad.append((piece.name, s, b))
            for cx, cy, r in symbols:
                if not (safe.x <= cx - r and cx + r <= safe.x1 and safe.y <= cy - r and cy + r <= safe.y1):
                    bad.append((piece.name, "symbol", (cx, cy, r)))
    assert not bad, bad[:8]


def test_only_embedded_fonts_and_a_display_face(tmp_path):
    from pypdf import PdfReader

    [path] = kitmod.build(["way_out_west"], tmp_path)
    data = path.read_bytes()
    assert b"Helvetica" not in data
    fonts = set()
    for page in PdfReader(str(path)).pages:
        for f in (page.get("/Resources") or {}).get("/Font", {}).values():
            f = f.get_object()
            fonts.add(str(f["/BaseFont"]))
            desc = f["/DescendantFonts"][0].get_object()["/FontDescriptor"] if "/DescendantFonts" in f else f.get("/FontDescriptor")
            assert desc is not None and any(k in desc.get_object() for k in ("/FontFile2", "/FontFile")), f
    assert any("AlfaSlabOne" in f for f in fonts)
    assert all("+" in f for f in fonts)  # subset


def test_words_in_a_bold_paragraph_keep_their_spaces():
    from generator.render import text as tx

    lines = tx.wrap(LATIN, tx.parse_inline("**69 components in all; 11 pages in this file.**"), 200, 9)
    assert lines[0].runs[0][1].text == "69 components in all; 11 pages in this file."


# --- less paper -----------------------------------------------------------------------------------


def test_mixed_sizes_share_sheets_and_the_kits_use_fewer_sheets(monkeypatch):
    # the kits' own paper, before the solo pages (one sheet per decision table, which grow with content)
    monkeypatch.setattr(kitmod, "solo_parts", lambda *a, **k: [])
    after = {g: kitmod.plan(g, "a4", "long").sheets for g in GAMES}
    assert all(after[g] <= SHEETS_BEFORE[g] for g in GAMES), after
    assert sum(after.values()) <= 30, after  # 44 -> 30 sheets (at least 30% fewer), the complete rules included
    mixed = [p for p in kitmod.plan("longhorn").pages if p.kind == "front" and len({s.piece.size for s in p.slots}) > 1]
    assert mixed


def test_fold_mode_puts_four_poker_cards_in_each_half():
    kp = kitmod.plan("colt_express", "a4", "fold")
    full = [p for p in kp.pages if p.kind == "fold"]
    assert max(sum(1 for s in p.slots if not s.back and s.piece.size == (63.0, 88.0)) for p in full) == 4
    assert all(s.turn in (90, 270) for p in full for s in p.slots if s.piece.size == (63.0, 88.0))
