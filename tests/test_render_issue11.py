"""Print kits, round 2, second part (issue 11): less paper, player colours that differ in grey, complete
rules with a drawn setup diagram for every game, no label over a play area, every sentence a player
reads in the templates of each language."""

from __future__ import annotations

from itertools import combinations

import pytest

from generator.content import load_content
from generator.render import art

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
