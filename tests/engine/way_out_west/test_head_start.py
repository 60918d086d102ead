"""Way Out West head starts (option head_start; a decision table's `head_start`): victory points a seat
adds to its score at the end, which nobody can take, counted in the score, the final breakdown, the log,
the observation and the bots' view of who leads, and given by a table to the seat it plays."""

from __future__ import annotations

import pytest

from generator.engine.way_out_west import evaluation
from generator.engine.way_out_west.actions import end_round
from generator.engine.way_out_west.state import OVER
from generator.errors import OptionError
from generator.games import load_game

from tests.support.way_out_west import BLUE, GREEN, KC, RED, SA, blank, build, game
from generator.content import load_content


def _ended(**options):
    """Red: a hotel in San Antonio (1 + majority 1) and the most money (+4) = 6 VP; blue: a hotel in
    Kansas City (1 + majority 1) = 2 VP; the game over."""
    s = blank(**options)
    s.phase = OVER
    build(s, SA, RED, "hotel")
    build(s, KC, BLUE, "hotel")
    s.money = [10, 9, 0, 0]
    return s


def test_head_start_adds_its_vp_to_the_seat_score_at_the_end():
    assert _ended().result().scores == (6.0, 2.0, 0.0, 0.0)
    s = _ended(head_start="2:5")
    out = s.result()
    assert out.scores == (6.0, 7.0, 0.0, 0.0) and out.winners == (BLUE,)
    rows = s.score_sheet()
    assert [r["vp"]["head_start"] for r in rows] == [0, 5, 0, 0]
    assert rows[BLUE]["total"] == 7 and rows[BLUE]["vp"]["buildings"] == 1  # the board's part is unchanged


def test_head_start_vp_tied_are_still_broken_by_money():
    out = _ended(head_start="2:4").result()  # blue 2 + 4 = red's 6: red has more money
    assert out.scores == (6.0, 6.0, 0.0, 0.0) and out.winners == (RED,)


def test_head_start_is_told_in_the_log_at_setup_and_at_the_end():
    s = game(head_start="3:12").new_game(4, 0)
    assert s.log[-1] == "Green has a head start of 12 VP: added to its score at the end."
    assert not any("head start" in line for line in game().new_game(4, 0).log)
    s = blank(head_start="3:12")
    s.round = s.rules.rounds_for[s.n]
    end_round(s)
    assert s.phase == OVER and s.log[-2:] == ["Game over after round 12", "Green adds its head start of 12 VP to its score."]


def test_head_start_is_public():
    s = blank(head_start="1:3,4:8")
    for seat in range(4):
        assert s.observation(seat)["head_start"] == [3, 0, 0, 8]


def test_the_bots_count_a_head_start_in_who_leads():
    plain, started = blank(), blank(head_start="3:10")
    for s in (plain, started):
        build(s, SA, RED, "hotel")
    before, after = evaluation.board_vp(plain), evaluation.board_vp(started)
    assert after == [before[0], before[1], before[2] + 10, before[3]]
    assert evaluation.projected(started)[GREEN] > evaluation.projected(plain)[GREEN] + 9.9


def test_head_start_survives_a_saved_game():
    g = game(head_start="2:6")
    s = _ended(head_start="2:6")
    again = g.state_from_json(s.state_to_json())
    assert again.result().scores == s.result().scores == (6.0, 8.0, 0.0, 0.0)


def test_head_start_option_is_checked_in_one_line():
    """The text is parsed by core.parse_head_start (its forms tested with Colt Express) when the game is
    made, and its seats are checked when a game starts (core `Game.new_game`)."""
    with pytest.raises(OptionError, match="expected seat:amount pairs"):
        load_game("way_out_west", head_start="2-12")
    with pytest.raises(OptionError, match="names seat 5, but a 3-player game has seats 1-3"):
        game(head_start="5:10").new_game(3, 1)


def test_the_referee_tally_names_the_head_start():
    from rich.console import Console

    from generator.content import load_table
    from generator.referee.session import run_play

    head = load_table(load_content("way_out_west"), "hard", players=3).head_start
    assert head > 0
    con = Console(record=True, width=140, highlight=False, color_system=None)
    result = run_play("way_out_west", "table:hard,table:normal,table:easy", 3, console=con)
    out = con.export_text()
    assert result.state.is_over
    assert f"Orange has a head start of {head} VP: added to its score at the end." in out  # red prints orange
    line = next(x for x in out.splitlines() if x.strip().startswith("head start"))
    assert line.split()[-1] == str(head)
