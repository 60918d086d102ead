"""Figures drawn into a kit's rules: Longhorn's example ride follows the movement rule in force (every
option), and the words under it name the cows and the ranch the drawing starts from."""

from __future__ import annotations

import pytest

from generator.content import load_content
from generator.engine.longhorn.moves import MOVEMENTS, cell_names
from generator.render.longhorn import ride_example
from generator.words import longhorn as words


@pytest.mark.parametrize("movement", MOVEMENTS)
def test_the_example_ride_is_a_legal_ride_to_a_shaded_ranch_under_every_movement_rule(movement):
    """Rule 3 of a turn: ride exactly as many steps as cows stolen, orthogonally, never straight back; by
    default never ending where you began ('distance': to a ranch that many steps away by the shortest path)."""
    rows, cols = 3, 3
    ends, path = ride_example(rows, cols, movement)
    start = words.RIDE_START
    assert ends and path[0] == start and path[-1] in ends
    assert len(path) == words.RIDE_STEPS + 1
    for a, b in zip(path, path[1:]):
        (ra, qa), (rb, qb) = divmod(a, cols), divmod(b, cols)
        assert abs(ra - rb) + abs(qa - qb) == 1  # orthogonal, one ranch a step
    assert all(path[k] != path[k + 2] for k in range(len(path) - 2))  # never straight back
    (r0, q0), (r1, q1) = divmod(start, cols), divmod(path[-1], cols)
    if movement == "no_return_to_start":
        assert start not in ends
    if movement == "distance":
        assert all(abs(c // cols - r0) + abs(c % cols - q0) == words.RIDE_STEPS for c in ends)
        assert abs(r1 - r0) + abs(q1 - q0) == words.RIDE_STEPS


def test_the_default_ride_shades_every_ranch_a_three_step_ride_from_a1_may_stop_on():
    """From A1 with 3 cows stolen, never straight back nor ending at A1: B1, A2, C2 and B3 (A1-B1-C1-C2,
    A1-B1-B2-A2, A1-A2-A3-B3 ...)."""
    c = load_content("longhorn")
    ends, _ = ride_example(c.grid.rows, c.grid.columns, c.options["movement"].default)
    names = cell_names(c.grid.rows, c.grid.columns)
    assert sorted(names[e] for e in ends) == ["A2", "B1", "B3", "C2"]


@pytest.mark.parametrize("lang", ["en", "es", "ja"])
def test_the_rules_say_the_example_ride_above_its_drawing(lang):
    c = load_content("longhorn")
    markup = words.rules_markup(c, lang)
    before = markup[:markup.index("{figure:ride}")].rstrip().split("\n\n")[-1]  # the paragraph over the drawing
    assert str(words.RIDE_STEPS) in before and "A1" in before and not before.startswith("-")
