"""Helpers for the Way Out West tests: constructed positions and loaded dice (no tests here)."""

from __future__ import annotations

import random

from generator.content import load_content
from generator.engine.way_out_west import WayOutWestGame
from generator.engine.way_out_west.state import ACT, BID
from generator.schema.way_out_west import Content, check

TOWNS = ["san-antonio", "kansas-city", "abilene", "dodge-city", "deadwood"]
SA, KC, AB, DC, DW = range(5)
RED, BLUE, GREEN, YELLOW, PURPLE = range(5)
B = {"stagecoach": 0, "train": 1, "bank": 2, "store": 3, "hotel": 4, "jail": 5}


def game(content=None, **options) -> WayOutWestGame:
    return WayOutWestGame(content if content is not None else load_content("way_out_west"), **options)


def with_content(boxes: dict | None = None, **sections) -> Content:
    """The shipped content with edits: `boxes` maps an action box id to fields to change; any other
    keyword replaces a top-level field (a dict merges into that section). The result must pass check()."""
    data = load_content("way_out_west").model_dump()
    for box in data["action_boxes"]:
        box.update((boxes or {}).get(box["id"], {}))
    for key, value in sections.items():
        if isinstance(value, dict) and isinstance(data[key], dict):
            data[key].update(value)
        else:
            data[key] = value
    c = Content.model_validate(data)
    assert check(c) == [], check(c)
    return c


class LoadedDice(random.Random):
    """A generator whose die rolls (randint) come from a list, in order; fails if it runs out."""

    def __init__(self, rolls):
        super().__init__(0)
        self.rolls = list(rolls)

    def randint(self, a, b):
        assert self.rolls, "the test did not load enough dice"
        return self.rolls.pop(0)


def blank(players: int = 4, money: int = 20, content=None, **options):
    """An empty board in the action phase of round 1, turn order red, blue, green, ...; red to act."""
    g = game(content, **options)
    s = g.new_game(players, 0)
    s.order = list(range(players))
    s.phase = ACT
    s.step = 0
    s.round = 1
    s.money = [money] * players
    s.log = []
    return s


def bidding_position(players: int = 4, money: int = 20, **options):
    from generator.engine.way_out_west import bidding

    s = blank(players, money, **options)
    s.order = list(range(players))
    bidding.start(s)
    assert s.phase == BID
    return s


def cowboys(s, town: int, player: int, k: int) -> None:
    s.cow[town][player] += k
    s.cowsup[player] -= k


def cattle(s, town: int, player: int, k: int) -> None:
    s.cat[town][player] += k
    s.catsup[player] -= k


def build(s, town: int, player: int, name: str) -> None:
    b = B[name]
    assert s.bld[town][b] == -1
    s.bld[town][b] = player
    s.bsup[player][b] -= 1


def farmer(s, town: int, placer: int = 0) -> None:
    """A farmer placed in `town` from `placer`'s supply (once placed it belongs to nobody)."""
    s.farmsup[placer] -= 1
    s.farm[town] += 1


def turn(s, player: int) -> None:
    """Make `player` the one to act in the action phase (first marker of the round)."""
    s.order = [player] + [p for p in range(s.n) if p != player]
    s.step = 0


def legal(s) -> set[str]:
    return {str(a) for a in s.legal_actions()}


def conserved(s) -> None:
    """Pieces are never created or lost: board + supply (+ out of the game) equals the printed counts."""
    R = s.rules
    for p in range(s.n):
        assert sum(s.cow[t][p] for t in range(5)) + s.cowsup[p] == R.cowboys
        assert sum(s.cat[t][p] for t in range(5)) + s.catsup[p] == R.cattle
        for b in range(6):
            on_board = sum(1 for t in range(5) if s.bld[t][b] == p)
            assert on_board + s.bsup[p][b] + s.bgone[p][b] == R.each_building
        assert min(s.cow[t][p] for t in range(5)) >= 0 and s.cowsup[p] >= 0
        assert min(s.cat[t][p] for t in range(5)) >= 0 and s.catsup[p] >= 0
        assert s.money[p] >= 0
    assert sum(s.posters) + s.poster_sup == R.wanted_posters
    assert sum(s.farm) + sum(s.farmsup) + s.farmgone == R.farmers * s.n
    assert min(s.farm) >= 0 and min(s.farmsup) >= 0
    for t in range(5):
        assert sum(s.cat[t]) <= R.corrals[t]
        assert sum(1 for o in s.bld[t] if o >= 0) <= R.spaces[t]
        for p in range(s.n):
            assert sum(1 for o in s.bld[t] if o == p) <= R.per_player
