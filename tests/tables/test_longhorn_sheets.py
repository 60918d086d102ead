"""Longhorn's printed bots on constructed positions: what issue 35 found them missing."""

from __future__ import annotations

import pytest

from generator.bots.table import TableBot

from tests.support.longhorn import build


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_every_level_takes_an_epidemic_that_ends_the_game_with_the_bot_ahead(level):
    # the bot steals B2's 2 white and draws the epidemic; killing black empties A1, the last ranch the
    # 2-step ride could reach, so the game ends there with the bot's $300 nugget against nothing
    s = build(cells={"B2": {"white": 2}, "A1": {"black": 1}}, tokens={"B2": "epidemic"}, pawn="B2",
              nuggets=[[300], []], herds=[{}, {"green": 2}])
    s.play("steal white")
    assert str(TableBot(1, level=level).choose(s)) == "epidemic black"


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_ride_that_forces_the_sheriff_on_the_rival_is_taken(level):
    # after 1 white the ride of 1 step may end on B1 (the sheriff and black only: the rival must take
    # him) or on A2 / C2
    cells = {"B2": {"white": 1}, "B1": {"black": 2}, "A2": {"green": 1, "orange": 1}, "C2": {"white": 1, "green": 2}}
    s = build(cells=cells, tokens={"B1": "sheriff"}, pawn="B2")
    s.play("steal white")
    assert str(TableBot(1, level=level).choose(s)) == "move B1"
