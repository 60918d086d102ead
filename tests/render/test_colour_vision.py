"""The colours a game gives its players, bandits, cattle and outlaws stay apart for a reader with a colour
vision deficiency: each colour is passed through the simulation of Machado, Oliveira & Fernandes
(2009, severity 1: protanopia, deuteranopia, tritanopia) and every two of a group still differ by at
least CVD_DELTA_E in CIE Lab (Delta E 1976; about 2.3 is the smallest difference a person sees, 20 is
"clearly another colour"). Greyscale is held by test_paper_colours_and_rules.py; each colour also keeps
its own symbol on the pieces."""

from __future__ import annotations

from itertools import combinations

import pytest

from tests.render.test_paper_colours_and_rules import _player_colours

CVD_DELTA_E = 20.0

# linear-RGB matrices, severity 1.0 (Machado et al. 2009, table of the paper)
SIMULATIONS = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900)),
}


def _linear(c: float) -> float:
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def simulate(colour, matrix) -> tuple[float, float, float]:
    """An sRGB colour (0..1) as the deficiency sees it, in linear RGB."""
    lin = [_linear(v) for v in colour]
    return tuple(min(1.0, max(0.0, sum(row[j] * lin[j] for j in range(3)))) for row in matrix)  # type: ignore[return-value]


def lab(linear_rgb) -> tuple[float, float, float]:
    r, g, b = linear_rgb
    x, y, z = (0.4124 * r + 0.3576 * g + 0.1805 * b, 0.2126 * r + 0.7152 * g + 0.0722 * b,
               0.0193 * r + 0.1192 * g + 0.9505 * b)

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    fx, fy, fz = f(x / 0.95047), f(y), f(z / 1.08883)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def delta_e(a, b, matrix) -> float:
    return sum((p - q) ** 2 for p, q in zip(lab(simulate(a, matrix)), lab(simulate(b, matrix)))) ** 0.5


@pytest.mark.parametrize("deficiency", list(SIMULATIONS))
@pytest.mark.parametrize("group", list(_player_colours()))
def test_every_two_player_colours_stay_apart_for_colour_blind_readers(group, deficiency):
    colours = _player_colours()[group]
    close = [(a, b, round(delta_e(ca, cb, SIMULATIONS[deficiency]), 1))
             for (a, ca), (b, cb) in combinations(colours.items(), 2)
             if delta_e(ca, cb, SIMULATIONS[deficiency]) < CVD_DELTA_E]
    assert not close, f"{group} under {deficiency}: {close}"


def test_the_simulation_merges_red_and_green_for_a_deuteranope():
    red, green = (0.8, 0.2, 0.1), (0.45, 0.45, 0.05)  # an olive green a deuteranope takes for red
    plain = ((1, 0, 0), (0, 1, 0), (0, 0, 1))
    assert delta_e(red, green, plain) > CVD_DELTA_E
    assert delta_e(red, green, SIMULATIONS["deuteranopia"]) < CVD_DELTA_E
