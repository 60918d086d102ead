"""Way Out West words follow the options: the printed reference sheet, the board chart's effects and the
referee's help change with every option value (no fixed sentence that an option changes)."""

from __future__ import annotations

import pytest
from rich.console import Console

from generator.content import load_content
from generator.words import way_out_west as words
from generator.referee.views import get_view
from generator.words.way_out_west import reference_markup

from tests.support.way_out_west import AB, RED, blank, cowboys, farmer

C = load_content("way_out_west")
OTHER_VALUES = [(name, v) for name, spec in C.options.items() for v in spec.choices or () if v != spec.default]


@pytest.mark.parametrize("name,value", OTHER_VALUES, ids=[f"{n}={v}" for n, v in OTHER_VALUES])
def test_reference_sheet_follows_every_option(name, value):
    assert reference_markup(C, {name: value}) != reference_markup(C)


@pytest.mark.parametrize("name,value", OTHER_VALUES, ids=[f"{n}={v}" for n, v in OTHER_VALUES])
def test_referee_help_follows_every_option(name, value):
    defaults = C.option_defaults()
    assert words.option_lines(C, dict(defaults, **{name: value})) != words.option_lines(C, defaults)


def test_reference_sheet_states_the_seed_and_source_defaults():
    sheet = reference_markup(C)
    assert "Farmers belong to nobody: anyone may attack any farmer, which defends alone as 1 cowboy" in sheet
    assert "A target with no defender (no cowboy, guard or sheriff) still rolls 1 die of defence" in sheet
    assert "| Build bank | $10 | 1 | Place a bank from your supply. Any town. |" in sheet
    assert "| Buy cattle | $1 each | 3 (4 with 5 players) |" in sheet
    assert "## A round (12 rounds)" in sheet
    by = reference_markup(C, {"rounds": "by_players"})
    assert "## A round (12 rounds with 3 players, 9 rounds with 4-5 players)" in by
    assert "## Scoring after the last round" in by


def test_box_count_text_per_player_count():
    hire = next(b for b in C.action_boxes if b.id == "hire")
    assert words.box_count_text(hire, range(3, 6), True) == "3 (4 with 5 players)"
    assert words.box_count_text(hire, range(3, 6), False) == "3"


def test_referee_help_and_board_for_a_farmer_fight():
    s = blank()
    farmer(s, AB, RED)
    cowboys(s, AB, RED, 1)
    s.play("fight abilene remove farmer")
    view = get_view("way_out_west", C)
    obs = s.observation(RED)
    console = Console(record=True, width=160)
    console.print(view.draw(obs, RED))
    screen = console.export_text()
    assert "GUNFIGHT in Abilene: Orange (1 fighter) against the farmer (1 fighter)" in screen
    assert "1 farmer" in screen
    assert "Buy cattle $1 each [3/3 free]" in screen
    help_text = view.rules_help(obs)
    assert "Farmers belong to nobody" in help_text and "rolls 1 die of defence" in help_text
    other = blank(undefended_target="falls")
    assert "falls without a shot" in view.rules_help(other.observation(RED))


def test_referee_box_counts_follow_player_count():
    view = get_view("way_out_west", C)
    console = Console(record=True, width=200)
    console.print(view._boxes(blank(5).observation(0)))
    assert "Buy cattle $1 each [4/4 free]" in console.export_text()
