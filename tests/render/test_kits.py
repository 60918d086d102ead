"""Print-and-play kits: each game on each paper opens, has exact page sizes and boxes, prints every
component from content, mirrors long-edge backs, and is byte-for-byte reproducible."""

from __future__ import annotations

from collections import Counter

import pytest
from pypdf import PdfReader

from generator.content import load_content
from generator.render import kit as kitmod
from generator.render.geometry import BLEED, INK_EDGE, PAPERS
from tests.support import builds

GAMES = ["longhorn", "colt_express", "way_out_west"]
PT = 72 / 25.4

pytestmark = pytest.mark.fast_case(built=[(game, "a4") for game in GAMES])  # A4 in the fast tier, Letter too in the slow one


@pytest.fixture(scope="module", params=[(g, p) for g in GAMES for p in PAPERS], ids=lambda v: f"{v[0]}-{v[1]}")
def built(request, tmp_path_factory):
    game, paper = request.param
    data = builds.kit_pdf(game, paper)  # `saloon build GAME --paper P`'s bytes, built once for the render tests
    path = builds.write(data, tmp_path_factory.mktemp(f"{game}_{paper}") / kitmod.kit_filename(game, paper, "long", False))
    kp = kitmod.plan(game, paper)
    reader = PdfReader(str(path))
    text = "\n".join(builds.page_texts(data))
    return game, paper, path, kp, reader, text


def test_pdf_opens_with_exact_page_size(built):
    game, paper, path, kp, reader, _ = built
    w, h = PAPERS[paper]
    assert len(reader.pages) == len(kp.pages)
    for page in reader.pages:
        assert float(page.mediabox.width) == pytest.approx(w * PT, abs=0.01)
        assert float(page.mediabox.height) == pytest.approx(h * PT, abs=0.01)


def test_trim_and_bleed_boxes_are_set(built):
    game, paper, path, kp, reader, _ = built
    for page, planned in zip(reader.pages, kp.pages):
        assert "/TrimBox" in page and "/BleedBox" in page
        trim, bleed = page.trimbox, page.bleedbox
        assert float(bleed.left) <= float(trim.left) and float(bleed.top) >= float(trim.top)
        if planned.kind == "front":
            # the bleed is 3 mm around the trim unless it would come within INK_EDGE of the paper edge
            want = min(BLEED, float(trim.left) / PT - INK_EDGE)
            assert float(trim.left) - float(bleed.left) == pytest.approx(want * PT, abs=0.05)


def test_every_content_component_has_a_slot(built):
    game, paper, path, kp, reader, _ = built
    counts = dict(load_content(game).components()) | dict(kp.kit.extras)
    slots = kp.slot_counts()
    for kind, n in counts.items():
        if kind in kp.kit.on_board or kind in kp.kit.not_printed:
            continue
        assert slots[kind] == n, kind
    assert set(slots) <= set(counts)
    assert sum(slots.values()) == len(kp.kit.pieces)


def test_names_and_numbers_are_in_the_text(built):
    game, paper, path, kp, reader, text = built
    flat = " ".join(text.split())
    for piece in kp.kit.pieces:
        for word in piece.texts:
            assert word in flat, (piece.name, word)
        if piece.number:
            assert piece.number in flat


def test_long_edge_backs_mirror_the_fronts(built):
    game, paper, path, kp, reader, _ = built
    w, _ = PAPERS[paper]
    pages = kp.pages
    checked = 0
    for front, back in zip(pages, pages[1:]):
        if front.kind != "front" or back.kind != "back":
            continue
        by_piece = {id(s.piece): s for s in back.slots}
        for s in front.slots:
            if s.piece.back is None:
                continue
            b = by_piece[id(s.piece)]
            assert b.box.x == pytest.approx(w - s.box.x - s.box.w)
            assert b.box.y == pytest.approx(s.box.y) and b.row == s.row
        # order along each row is reversed
        rows = Counter(s.row for s in back.slots)
        for row in rows:
            fronts = [s.piece.name for s in sorted(front.slots, key=lambda s: s.box.x) if s.row == row and s.piece.back]
            backs = [s.piece.name for s in sorted(back.slots, key=lambda s: s.box.x) if s.row == row]
            assert backs == fronts[::-1]
        checked += 1
    assert checked >= (1 if any(p.back is not None for p in kp.kit.pieces) else 0)


def test_same_inputs_give_the_same_bytes(built, tmp_path):
    game, paper, path, kp, reader, _ = built
    [again] = kitmod.build([game], tmp_path, paper=paper)
    assert again.read_bytes() == path.read_bytes()
    assert b"CreationDate" not in path.read_bytes() or b"D:20000101" in path.read_bytes()


def test_cover_lists_print_settings(built):
    game, paper, path, kp, reader, _ = built
    cover = " ".join((reader.pages[0].extract_text() or "").split())
    assert "actual size" in cover
    assert ("A4" if paper == "a4" else "US Letter") in cover
    assert "long edge" in cover
    if not any(p.back is not None for p in kp.kit.pieces):  # text on both sides, nothing to calibrate
        assert "no piece has a printed back" in cover and "calibration" not in cover.lower()


def test_piece_names_are_unique(built):
    names = [p.name for p in built[3].kit.pieces]
    assert len(names) == len(set(names))
