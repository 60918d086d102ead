"""Bad input to the kit builder: one clear SaloonError, nothing partial written; text overflow names
the component; the duplex modes place backs where they land once printed."""

from __future__ import annotations

import os

import pytest
import typer
from typer.testing import CliRunner

from generator.cli import guarded
from generator.errors import RenderError, UnknownGame, UsageError
from generator.files import write_atomic
from generator.render import cards, kit as kitmod, text
from generator.commands.build import build as build_command
from generator.render.geometry import CARD, PAPERS, parse_offset
from generator.render.packer import impose
from generator.render.painter import LATIN, PilPainter


def test_unknown_game_is_refused(tmp_path):
    with pytest.raises(UnknownGame, match="nope"):
        kitmod.build(["nope"], tmp_path)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("paper", ["a3", "", "A5"])
def test_unknown_paper_is_refused(tmp_path, paper):
    with pytest.raises(UsageError, match="unknown paper"):
        kitmod.build(["longhorn"], tmp_path, paper=paper)


@pytest.mark.parametrize("duplex", ["both", "LONG ", ""])
def test_unknown_duplex_is_refused(tmp_path, duplex):
    with pytest.raises(UsageError, match="unknown duplex"):
        kitmod.build(["longhorn"], tmp_path, duplex=duplex)


@pytest.mark.parametrize("offset", ["1", "a,b", "1,2,3", "30,0", "nan,0"])
def test_bad_back_offset_is_refused(offset):
    with pytest.raises(UsageError, match="back offset"):
        parse_offset(offset)


def test_good_back_offset_parses():
    assert parse_offset(" 0.5, -1 ") == (0.5, -1.0)


def test_unwritable_output_folder_is_refused(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    with pytest.raises(UsageError, match="output folder"):
        kitmod.build(["longhorn"], blocker / "kits")


@pytest.mark.skipif(os.geteuid() == 0, reason="root can write anywhere")
def test_read_only_output_folder_is_refused(tmp_path):
    ro = tmp_path / "ro"
    ro.mkdir()
    ro.chmod(0o555)
    try:
        with pytest.raises(UsageError, match="not writable"):
            kitmod.build(["longhorn"], ro)
    finally:
        ro.chmod(0o755)


def test_render_failure_leaves_nothing_behind(tmp_path, monkeypatch):
    def boom(kp):
        raise RenderError("broken")

    monkeypatch.setattr(kitmod, "render", boom)
    with pytest.raises(RenderError):
        kitmod.build(["longhorn"], tmp_path)
    assert list(tmp_path.iterdir()) == []


def test_write_is_atomic_and_leaves_no_temp_files(tmp_path):
    target = tmp_path / "kit.pdf"
    write_atomic(target, b"one")
    write_atomic(target, b"two")
    assert target.read_bytes() == b"two"
    assert [p.name for p in tmp_path.iterdir()] == ["kit.pdf"]


def test_overflowing_card_text_fails_with_the_card_name():
    face = cards.card("action card Ghost Move 1/10", "Move", (0.3, 0.6, 0.9), "circle", "move", "word " * 400)
    painter = PilPainter(*CARD, dpi=20)
    with pytest.raises(RenderError, match="action card Ghost Move 1/10"):
        face.draw(painter, *CARD)


def test_overflowing_title_fails_with_the_card_name():
    with pytest.raises(RenderError, match="round card X"):
        text.one_line(LATIN, "round card X", "An extremely long title that cannot fit on a card", 40, 10)


def test_text_shrinks_before_failing():
    block = text.fit(LATIN, "card", "a sentence that needs two lines at this size", 30, 20, 10)
    assert block.size <= 10 and block.height <= 20


@pytest.mark.parametrize("paper", list(PAPERS))
def test_short_edge_backs_are_rows_mirrored_and_turned(paper):
    W, H = PAPERS[paper]
    kp = kitmod.plan("colt_express", paper, "short")
    front, back = next((a, b) for a, b in zip(kp.pages, kp.pages[1:]) if a.kind == "front" and b.kind == "back")
    backs = {id(s.piece): s for s in back.slots}
    with_backs = [f for f in front.slots if f.piece.back is not None]
    assert with_backs and len(backs) == len(with_backs)
    for f in with_backs:
        b = backs[id(f.piece)]
        # the sheet turns over the piece's horizontal axis, unless the piece lies a quarter turn round
        assert b.back and b.turn == (f.turn + (0 if f.turn in (90, 270) else 180)) % 360
        assert b.box.x == pytest.approx(f.box.x)
        assert b.box.y == pytest.approx(H - f.box.y - f.box.h)


def test_fold_puts_backs_behind_fronts_across_the_fold():
    W, H = PAPERS["a4"]
    kp = kitmod.plan("longhorn", "a4", "fold")
    page = next(p for p in kp.pages if p.kind == "fold" and any(s.back for s in p.slots))
    fronts = [s for s in page.slots if not s.back]
    backs = {id(s.piece): s for s in page.slots if s.back}
    assert all(s.box.y >= H / 2 for s in fronts)
    for f in fronts:
        if f.piece.back is not None:
            b = backs[id(f.piece)]
            assert b.box.y1 <= H / 2 and b.box.y == pytest.approx(H - f.box.y - f.box.h)
    assert kp.slot_counts() == kitmod.plan("longhorn", "a4").slot_counts()


def test_none_keeps_only_informative_backs():
    kp = kitmod.plan("colt_express", "a4", "none")
    backs = [s for p in kp.pages if p.kind == "back" for s in p.slots]
    assert backs and all(s.piece.informative_back for s in backs)
    assert not any(p.kind.startswith("calibration") for p in kp.pages)


def test_back_offset_moves_back_pages_only():
    kp = kitmod.plan("longhorn", "a4", "long", (1.5, -2.0))
    assert {p.offset for p in kp.pages if p.kind == "back"} == {(1.5, -2.0)}
    assert {p.offset for p in kp.pages if p.kind == "front"} == {(0.0, 0.0)}


def test_low_ink_and_offset_change_the_file(tmp_path):
    [plain] = kitmod.build(["longhorn"], tmp_path / "a")
    [light] = kitmod.build(["longhorn"], tmp_path / "b", low_ink=True, back_offset="1,1")
    assert plain.read_bytes() != light.read_bytes()


def test_imposition_uses_shared_cut_lines():
    class F:
        bg = (1.0, 1.0, 1.0)

    class P:
        size, back, informative_back, front, name = CARD, None, False, F(), "card"

    [page] = impose([P() for _ in range(9)], "a4", "long")
    xs = sorted({round(s.box.x, 6) for s in page.slots})
    assert [round(b - a, 6) for a, b in zip(xs, xs[1:])] == [63.0, 63.0]
    middle = next(s for s in page.slots if s.col == 1 and s.row == 1)
    assert middle.outer == (False, False, False, False)


def _app():
    app = typer.Typer()
    app.command("build")(guarded(build_command))
    app.command("noop")(lambda: None)
    return app


def test_command_writes_kits_and_prints_a_table(tmp_path):
    result = CliRunner().invoke(_app(), ["build", "longhorn", "--out", str(tmp_path), "--timings", "--paper", "letter"])
    assert result.exit_code == 0, result.output
    assert "longhorn" in result.output and "seconds" in result.output
    assert (tmp_path / "longhorn_letter_long.pdf").is_file()


@pytest.mark.parametrize(
    "args, message",
    [
        (["build", "chess"], "unknown game"),
        (["build", "--paper", "a3"], "unknown paper"),
        (["build", "--duplex", "both"], "unknown duplex"),
        (["build", "--back-offset", "1;2"], "bad back offset"),
    ],
)
def test_command_bad_input_is_one_line_and_exit_1(tmp_path, args, message):
    result = CliRunner().invoke(_app(), args + ["--out", str(tmp_path / "out")])
    assert result.exit_code == 1
    assert message in result.output and "Traceback" not in result.output
    assert not (tmp_path / "out").exists() or list((tmp_path / "out").iterdir()) == []
