"""The public log: cards that resolve by themselves (one possible effect, or none) are told to every seat."""

from __future__ import annotations

import random

from tests.test_colt_helpers import GHOST, TUCO, clear_loot, place, position, steal


def test_a_card_with_one_possible_effect_is_logged_as_it_resolves():
    st = position(4)
    place(st, GHOST, 3)
    steal(st, [("floor", GHOST)])
    assert st.log[-1] == "Ghost climbs onto the roof."
    assert all(st.observation(seat)["log"][-1] == "Ghost climbs onto the roof." for seat in range(4))


def test_a_card_with_no_possible_effect_is_logged_as_doing_nothing():
    st = position(4)
    clear_loot(st)
    place(st, TUCO, 2)
    steal(st, [("rob", TUCO)])
    assert st.log[-1] == "Tuco's Rob has no effect."


def test_a_chosen_resolution_is_not_logged_twice():
    st = position(4)
    clear_loot(st)
    place(st, GHOST, 2)
    st.spot_purses[4] = [300]
    st.spot_jewels[4] = 1
    steal(st, [("rob", GHOST)])
    before = len(st.log)
    st.play("rob jewel")
    assert len(st.log) == before


def test_playouts_and_sampled_worlds_keep_no_log():
    st = position(4)
    world = st.determinize(0, random.Random(1))
    world.random_playout(random.Random(2))
    assert world.log == st.log


def test_log_survives_a_snapshot():
    st = position(4)
    place(st, GHOST, 3)
    steal(st, [("floor", GHOST)])
    again = st.game.from_json(st.to_json())
    assert again.log == st.log and again.narrate
