"""Every action a kit prints has a picture of its own, named in the rules' key (issue 38: "a recognisable
icon for every piece, loot, action, building and resource"; "a one-page key of colours, symbols and
icons with their names"). Way Out West's board once gave Move cowboys and Move cattle the same double
arrow, and its key named no action at all."""

from __future__ import annotations

import hashlib

import pytest

from generator.content import load_content
from generator.render import art, keys
from generator.render import way_out_west as wow
from generator.render.painter import PilPainter
from generator.words import way_out_west as rules_text
from generator.words.text import Texts


def _board_icon(box) -> str:
    """The icon the board prints in an action box's row (way_out_west._board's rule)."""
    return wow.BOX_ICON.get(box.id) or (box.building or "marker")


def _picture(name: str) -> str:
    p = PilPainter(12, 12, dpi=150)
    art.icon(p, name, 6, 6, 10, art.SAND)
    return hashlib.sha1(p.image.tobytes()).hexdigest()


def test_each_way_out_west_action_box_prints_a_picture_of_its_own():
    boxes = load_content("way_out_west").action_boxes
    pictures = {b.id: _picture(_board_icon(b)) for b in boxes}
    same = [(a, b) for a in pictures for b in pictures if a < b and pictures[a] == pictures[b]]
    assert not same, same


def test_the_two_way_out_west_moves_are_told_apart_by_what_they_move():
    assert _picture("move_cowboys") != _picture("move_cattle")
    assert _picture("move_cowboys") != _picture("move") != _picture("move_cattle")


@pytest.mark.parametrize("lang", ["en", "es", "ja"])
def test_the_way_out_west_key_names_every_action_and_piece_icon_it_prints(lang, monkeypatch):
    """The key holds each action box's icon under the board's name for it (a build by its building's icon),
    and the round marker beside the pieces every colour has."""
    seen: list[tuple[str, list[keys.Mark]]] = []
    real = keys.key_figure

    def spy(name, groups):
        seen.extend(groups)
        return real(name, groups)

    monkeypatch.setattr(keys, "key_figure", spy)
    wow.kit(load_content("way_out_west"), lang)
    icons = {m.icon: m.label for _, marks in seen for m in marks if m.icon}
    c = load_content("way_out_west")
    box_name = rules_text.sheet_texts(c, c.option_defaults(), lang)["boxes_named"]
    for b in c.action_boxes:
        assert _board_icon(b) in icons, (b.id, _board_icon(b))
        if b.id in wow.BOX_ICON:
            assert icons[_board_icon(b)] == box_name[b.id], (b.id, icons[_board_icon(b)])
    assert Texts(lang, "kit")("key.board_actions") in [head for head, _ in seen]
    assert icons["hat"] == Texts(lang, "way_out_west").name("components", "round marker")
