"""Way Out West narration: the engine's public log is told once, without repeating the move's own sentence."""

from generator.content import load_content
from generator.referee.views import get_view, new_entries


def test_gunfight_declaration_is_not_told_twice_but_dice_are_told():
    view = get_view("way_out_west", load_content("way_out_west"))
    before = {"log": ["Red starts"]}
    after = {"log": ["Red starts", "Red starts a gunfight in Abilene: seize Blue's bank", "Red attack rolls 5, 2: 1 hit"]}
    assert [e for e in new_entries(before, after) if not view.skip_entry(e)] == ["Red attack rolls 5, 2: 1 hit"]
