"""Issue 37's nits, at the words' source: the Japanese seat label says "（あなた）" in full-width brackets and
its lists are joined with "、" (the intro's seats, Longhorn's tokens, Way Out West's income rounds); the
Spanish compact hand counts "1 bolsa", "2 bolsas" (was "1bolsa")."""

from __future__ import annotations

from generator.games import load_game
from generator.referee.views import get_view
from generator.words.text import Texts


def test_japanese_seat_labels_and_lists():
    T = Texts("ja", "referee")
    assert T("seat_label", name="朱色", who=T("you")) == "朱色（あなた）"
    assert T("list_sep") == "、"
    en = Texts("en", "referee")
    assert en("seat_label", name="Red", who=en("you")) == "Red (you)" and en("list_sep") == ", "


def test_way_out_west_income_rounds_in_japanese():
    g = load_game("way_out_west")
    view = get_view("way_out_west", g.content, "ja")
    obs = g.new_game(3, seed=1).observation(0)
    head = view.draw(obs, 0).renderables[0].plain
    assert "3、6、9、12" in head and ", " not in head


def test_purses_are_counted_with_a_space():
    for lang, one, two in (("en", "1 purse", "2 purses"), ("es", "1 bolsa", "2 bolsas")):
        T = Texts(lang, "referee")
        assert T("colt_express.purses_short", n=1) == one and T("colt_express.purses_short", n=2) == two
