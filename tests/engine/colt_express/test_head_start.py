"""Colt Express head starts (option head_start; a decision table's `head_start`): dollars a seat adds to
its loot at the end, which nobody can take, counted wherever a bandit's loot is counted, and given by a
table to the seat it plays. A bandit's worth on the bot cards counts it: tests/engine/colt_express/test_features.py."""

from __future__ import annotations

import random

import pytest

from generator.content import load_content, load_table
from generator.engine.colt_express.actions import CHOOSE
from generator.errors import OptionError
from generator.games import load_game
from generator.schema.tables import check

from tests.support.colt_express import DJANGO, TUCO, game, position


def play_out(st, seed=0):
    rng = random.Random(seed)
    while not st.is_over:
        st.apply(rng.choice(st.legal_actions()))
    return st


def test_head_start_counts_with_the_seat_loot_at_the_end():
    plain = play_out(game().new_game(3, 5))
    started = play_out(game(head_start="2:1500").new_game(3, 5))
    assert started.scores() == [plain.scores()[0], plain.scores()[1] + 1500, plain.scores()[2]]
    row = started.score_sheet()[1]["bandits"][0]
    assert row["head_start"] == 1500 and row["value"] == plain.score_sheet()[1]["bandits"][0]["value"] + 1500
    assert started.result().scores[1] == started.scores()[1]


def test_head_start_goes_with_the_seat_first_bandit_in_the_two_bandit_game():
    st = game(head_start="1:1000").new_game(2, 1)
    first, second = st.cfg.seat_bandits[0]
    assert st.cfg.head[first] == 1000 and st.cfg.head[second] == 0
    assert st.loot_value(first) == 250 + 1000 and st.loot_value(second) == 250


def test_head_start_survives_the_character_choice():
    st = load_game("colt_express", head_start="3:500").new_game(3, 2)  # seats choose their characters
    assert st.phase == CHOOSE and st.cfg.head == [0, 0, 500]
    while st.phase == CHOOSE:
        st.apply(st.legal_actions()[-1])
    assert st.cfg.head == [0, 0, 500] and st.loot_value(2) == 250 + 500


def test_head_start_is_public_and_logged():
    st = position(4, head_start="4:1000")
    assert st.log[0]["kind"] == "head_start" and "$1,000 head start" in st.log[0]["text"] and st.log[0]["seat"] == 3
    for seat in range(4):
        assert st.observation(seat)["bandits"][DJANGO]["head_start"] == 1000
        assert st.observation(seat)["bandits"][TUCO]["head_start"] == 0


@pytest.mark.parametrize("text, says", [
    ("2-1500", "expected seat:amount pairs"),
    ("0:100", "expected seat:amount pairs"),
    ("2:lots", "expected seat:amount pairs"),
])
def test_head_start_option_rejects_bad_text_in_one_line(text, says):
    with pytest.raises(OptionError, match=says):
        load_game("colt_express", head_start=text)


def test_head_start_option_names_only_seats_of_the_game():
    with pytest.raises(OptionError, match="names seat 5, but a 3-player game has seats 1-3"):
        game(head_start="5:500").new_game(3, 1)


def test_a_head_start_needs_a_game_with_the_option():
    table = load_table(load_content("longhorn"), "normal", 2)
    problems = check(table.replaced(head_start=3), load_content("longhorn"), "longhorn")
    assert any(where == ("head_start",) and "no head starts" in why for where, why in problems)
