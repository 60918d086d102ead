"""Print kits, round 2, second part (issue 11): less paper, player colours that differ in grey, complete
rules with a drawn setup diagram for every game, no label over a play area, every sentence a player
reads in the templates of each language."""

from __future__ import annotations

import io
from itertools import combinations

import pytest
from reportlab.pdfgen import canvas as rl_canvas

from generator.content import load_content
from generator.render import art
from generator.render import way_out_west as wow
from generator.render.geometry import Box
from generator.render.painter import PdfPainter, language, text_width

GAMES = ["longhorn", "colt_express", "way_out_west"]


# --- colours that differ in grey ----------------------------------------------------------------------


def _player_colours():
    wow, colt, lh = load_content("way_out_west"), load_content("colt_express"), load_content("longhorn")
    return {
        "way_out_west players": {c.name: art.hex_color(c.hex) for c in wow.colours},
        "colt_express bandits": {ch.name: art.hex_color(ch.colour.hex) for ch in colt.characters},
        "longhorn cattle": {c.id: art.hex_color(c.hex) for c in lh.cattle},
        "longhorn outlaws": {f"outlaw {k}": colour for k, (colour, _) in enumerate(__import__(
            "generator.render.longhorn", fromlist=["OUTLAW_COLOURS"]).OUTLAW_COLOURS)},
    }


@pytest.mark.parametrize("group", list(_player_colours()))
def test_every_two_player_colours_differ_in_grey_by_at_least_the_grey_step(group):
    colours = _player_colours()[group]
    for (a, ca), (b, cb) in combinations(colours.items(), 2):
        for la, lb, weights in zip(art.luma(ca), art.luma(cb), ("Rec. 709", "Rec. 601")):
            assert abs(la - lb) >= art.GREY_STEP, (group, a, b, weights, round(abs(la - lb), 3))


def test_the_way_out_west_colours_that_were_alike_in_grey_no_longer_are():
    # vermilion and bluish green were 0.035 apart (Rec. 709): the same grey on a black-and-white print
    colours = {c.id: art.luma(art.hex_color(c.hex)) for c in load_content("way_out_west").colours}
    assert abs(colours["red"][0] - colours["green"][0]) >= art.GREY_STEP


# --- no label over a play area ------------------------------------------------------------------------


class _Words(PdfPainter):
    """Records the box of every word drawn (board millimetres)."""

    def __init__(self):
        super().__init__(rl_canvas.Canvas(io.BytesIO(), invariant=1))
        self.words: list[tuple[str, Box]] = []

    def text(self, x, y, s, size, color=(0, 0, 0), bold=False, italic=False, anchor="l", display=False):
        w = text_width(s, size, bold, italic, display)
        x0 = {"l": x, "c": x - w / 2, "r": x - w}[anchor]
        self.words.append((s, Box(x0, y - size * 0.3528 * 0.25, w, size * 0.3528 * 0.95)))
        super().text(x, y, s, size, color, bold, italic, anchor, display)


OPTION_BOARDS = [{}, {"rounds": "by_players"}, {"box_counts": "fewest_players"}]


@pytest.mark.parametrize("lang", ["en", "es", "ja"])
@pytest.mark.parametrize("opts", OPTION_BOARDS, ids=["defaults", "rounds_by_players", "fewest_boxes"])
def test_no_word_on_the_way_out_west_board_lies_over_a_space(opts, lang):
    """Round numbers, turn-order numbers, player-count tags and end tags sit beside their spaces, never
    under a piece: every word the board prints is checked against every space a piece takes."""
    c = load_content("way_out_west")
    with language(lang):
        board = wow._board(c, opts, lang)
        p = _Words()
        board.draw(p)
    assert p.words
    for text, wb in p.words:
        for sp in board.spaces:
            b = sp.box
            over = min(wb.x1, b.x1) - max(wb.x, b.x) > 0.1 and min(wb.y1, b.y1) - max(wb.y, b.y) > 0.1
            assert not over, (text, sp.name)


def test_round_and_turn_order_numbers_and_tags_are_printed_beside_their_spaces():
    c = load_content("way_out_west")
    board = wow._board(c, {"rounds": "by_players"})
    words = {t for t, _ in board.labels}
    assert {str(sp.round) for sp in c.round_track} <= words
    assert {str(k) for k in range(1, c.game.players.max + 1)} <= words
    assert any(t.startswith("end") for t in words) and "5" in words  # end tags; a box opening at 5 players
    spaces = {sp.name: sp.box for sp in board.spaces}
    for sp in c.round_track:
        number = next(b for t, b in board.labels if t == str(sp.round) and b.y >= spaces[f"round space {sp.round}"].y1)
        assert number.x <= spaces[f"round space {sp.round}"].x1 and number.x1 >= spaces[f"round space {sp.round}"].x
