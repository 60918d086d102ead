"""Print kits, round 2, second part (issue 11): less paper, player colours that differ in grey, complete
rules with a drawn setup diagram for every game, no label over a play area, every sentence a player
reads in the templates of each language."""

from __future__ import annotations

import io
from itertools import combinations

import pytest
from reportlab.pdfgen import canvas as rl_canvas

from generator.content import load_content
from generator import registry
from generator.render import art
from generator.render import kit as kitmod
from generator.render import way_out_west as wow
from generator.words import way_out_west as wow_words
from generator.render.geometry import EPS, Box
from generator.words.text import Texts, printed
from generator.render.painter import LATIN, Fonts, PdfPainter, fonts_for

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

    def __init__(self, fonts: Fonts = LATIN):
        super().__init__(rl_canvas.Canvas(io.BytesIO(), invariant=1), fonts=fonts)
        self.words: list[tuple[str, Box]] = []

    def text(self, x, y, s, size, color=(0, 0, 0), bold=False, italic=False, anchor="l", display=False):
        w = self.fonts.width(s, size, bold, italic, display)
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
    board = wow._board(c, opts, lang)
    p = _Words(fonts_for(lang))
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


# --- less paper ---------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def kit_plans():
    return {(g, paper): kitmod.plan(g, paper, "long") for g in GAMES for paper in ("a4", "letter")}


def _solo_free_sheets(kp) -> int:
    """Sheets of a two-sided plan without its solo pages (they grow with the decision tables)."""
    solo = Texts(kp.lang, "kit")("section.solo")
    pages = [p for p in kp.pages if p.section != solo]
    return (len(pages) + 1) // 2


def test_colt_express_on_letter_takes_fewer_sheets_than_before(kit_plans):
    assert _solo_free_sheets(kit_plans[("colt_express", "letter")]) < 25


def _guillotine(boxes: list[Box]) -> bool:
    """Can these boxes be cut apart with straight cuts right across, one piece of paper at a time?"""
    if len(boxes) <= 1:
        return True
    for lo, hi in ((lambda b: b.x, lambda b: b.x1), (lambda b: b.y, lambda b: b.y1)):
        for cut in sorted({hi(b) for b in boxes}):
            left = [b for b in boxes if hi(b) <= cut + EPS]
            right = [b for b in boxes if lo(b) >= cut - EPS]
            if left and right and len(left) + len(right) == len(boxes):
                return _guillotine(left) and _guillotine(right)
    return False


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game", GAMES)
def test_every_sheet_of_pieces_is_cut_apart_with_straight_cuts(kit_plans, game, paper):
    for page in kit_plans[(game, paper)].pages:
        if page.kind == "front":
            assert _guillotine([s.box for s in page.slots]), page.title


def test_pieces_of_several_colours_and_sizes_share_a_sheet(kit_plans):
    pages = [p for p in kit_plans[("colt_express", "a4")].pages if p.kind == "front"]
    assert any(len({s.piece.front.bg for s in p.slots}) >= 3 for p in pages)  # bandit colours with gutters
    assert any(s.turn in (90, 270) for p in pages for s in p.slots)  # a piece laid a quarter turn round


# --- complete rules with a drawn setup diagram ------------------------------------------------------------


def _rules(game: str, lang: str) -> str:
    c = load_content(game)
    return registry.plugin(game, "words").rules_markup(c, lang)


def _names(game: str, lang: str) -> list[str]:
    """What the rules must explain, each by its printed name: every card, event, token, building, box."""
    c = load_content(game)
    if game == "longhorn":
        return [printed(t.name, c, lang=lang) for t in c.tokens]
    if game == "colt_express":
        return ([printed(a.name, c, lang=lang) for a in c.action_cards] + [printed(e.name, c, lang=lang) for e in c.events]
                + [printed(r.name, c, lang=lang) for r in c.round_cards if r.deck != "station"])
    words = wow_words.sheet_texts(c, c.option_defaults(), lang)
    return list(words["buildings_named"].values()) + list(words["boxes_named"].values())


@pytest.mark.parametrize("lang", ["en", "es", "ja"])
@pytest.mark.parametrize("game", GAMES)
def test_complete_rules_for_every_game_in_every_language(game, lang):
    """Setup with a drawn diagram, a turn or round, every card/event/building effect, the end and scoring
    with a worked example; no option key (the rules read as the options say, issue 38)."""
    c = load_content(game)
    text = _rules(game, lang)
    headings = [line for line in text.splitlines() if line.startswith("## ")]
    assert len(headings) >= 5, headings
    assert text.count("{figure:setup}") == 1
    assert "| " not in text.split("{figure:setup}")[0].split("\n## ")[-1]  # the setup is drawn, not a table
    for name in _names(game, lang):
        assert name in text, (game, lang, name)
    assert text.count("**") >= 4 and any(ch.isdigit() for ch in text.split("{figure:setup}")[1])
    for key in c.options:
        assert f"**{key}**" not in text, (game, key)


@pytest.mark.parametrize("game", GAMES)
def test_the_worked_example_adds_up_from_content_numbers(game):
    c = load_content(game)
    text = " ".join(_rules(game, "en").split())
    if game == "longhorn":
        per = c.scoring.per_cow_on_board
        assert f"4 x (5 x ${per}) = ${4 * 5 * per}" in text
    elif game == "colt_express":
        p2 = c.loot.purses.values[-2].value
        total = c.setup.start_purse + p2 + c.loot.strongboxes.value + c.setup.gunslinger_bonus
        assert f"{c.setup.start_purse} + {p2} + {c.loot.strongboxes.value} + {c.setup.gunslinger_bonus} = ${total}" in text
    else:
        inc = c.income
        assert f"3 x ${inc.cattle} x {inc.train_multiplier} = ${3 * inc.cattle * inc.train_multiplier}" in text
        assert f"3 x {c.scoring.cattle_vp_with_train} = {3 * c.scoring.cattle_vp_with_train} VP" in text


class _Shapes(PdfPainter):
    def __init__(self, fonts: Fonts = LATIN):
        super().__init__(rl_canvas.Canvas(io.BytesIO(), invariant=1), fonts=fonts)
        self.shapes = 0

    def rect(self, *a, **k):
        self.shapes += 1
        super().rect(*a, **k)

    def circle(self, *a, **k):
        self.shapes += 1
        super().circle(*a, **k)


@pytest.mark.parametrize("lang", ["en", "es", "ja"])
@pytest.mark.parametrize("game", GAMES)
def test_the_setup_diagram_is_drawn_on_a_rules_page(kit_plans, game, lang):
    kp = kit_plans[(game, "a4")] if lang == "en" else kitmod.plan(game, "a4", "long", lang=lang)
    figures = [op for page in kp.pages if page.kind in ("cover", "calibration", "sheet")
               for frame in page.payload for _, _, unit in frame for op in unit.ops if op[0] == "figure"]
    keys = [op for op in figures if "key_figure" in op[3].__qualname__]  # the key of colours and symbols
    setups = [op for op in figures if op[3].__module__.endswith("setup_diagrams")]  # (Longhorn's rules also draw a ride)
    assert len(setups) == 1 and len(keys) == 1
    _, _, _, draw, w, h = setups[0]
    p = _Shapes(fonts_for(lang))
    draw(p, 0.0, 0.0, w, h)
    assert p.shapes >= 15 and 20 <= h <= 90
