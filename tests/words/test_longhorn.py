"""Longhorn's printed texts follow the rule options: the reference card, the tokens card, and the
content checks that keep one text per option value."""

from __future__ import annotations

import shutil

import pytest

from generator.content import load_content, validate_paths
from generator.words.longhorn import reference_markup, tokens_markup
from generator.words.text import printed, printed_lines
from tests.support.paths import REPO

ROOT = REPO / "content"
C = load_content("longhorn")


def _lines(**options):
    return " ".join(printed_lines(C.reference_card.lines, C, options))


@pytest.mark.parametrize(
    "option, value, says",
    [
        ("movement", "no_return_to_start", "never ending where you began"),
        ("movement", "loop_allowed", "a loop may end where you began"),
        ("movement", "distance", "by the shortest path"),
        ("dangerous_locations", "avoid", "Never stop on the sheriff's or a rattlesnake's ranch"),
        ("start_chooser", "second", "the player who does NOT start puts the pawn"),
        ("full_herd_check", "immediately", "you win at once"),
        ("full_herd_check", "end_of_turn", "after your tokens"),
        ("emptied_neighbour_token", "take", "gives you its token too"),
        ("emptied_neighbour_token", "discard", "loses its token"),
        ("emptied_neighbour_token", "stay", "keeps its token"),
        ("draw_result", "draw", "Equal: a draw"),
        ("draw_result", "most_cattle", "Equal: most cattle wins"),
    ],
)
def test_reference_card_follows_each_option_value(option, value, says):
    assert says in _lines(**{option: value})
    others = [v for v in C.options[option].choices if v != value]
    for other in others:
        assert says not in _lines(**{option: other})


def test_reference_lines_a_reading_does_not_need_are_left_out():
    assert "Never stop on the sheriff" not in _lines(dangerous_locations="allowed")
    assert "does NOT start" not in _lines(start_chooser="first")


@pytest.mark.parametrize(
    "kind, option, value, says",
    [
        ("branding_iron", "branding_iron", "one_neighbour", "from one ranch next to this one"),
        ("branding_iron", "branding_iron", "all_neighbours", "from every ranch next to this one"),
        ("branding_iron", "branding_iron", "any_colour", "any one colour"),
        ("rattlesnake", "rattlesnake_targets", "occupied_only", "that still has cattle"),
        ("rattlesnake", "rattlesnake_targets", "any_adjacent", "any ranch next to this one"),
        ("epidemic", "epidemic_scope", "board_only", "still on the range"),
        ("epidemic", "epidemic_scope", "everywhere", "in both herds"),
    ],
)
def test_token_texts_follow_each_option_value(kind, option, value, says):
    assert says in printed(C.token(kind).text, C, {option: value})


def test_printed_numbers_are_the_numbers_the_engine_uses():
    from generator.games import load_game

    g = load_game("longhorn")
    assert f"${g.per_cow} x cows" in reference_markup(C)
    assert f"or {g.ambush_cows} of their cows" in tokens_markup(C)
    for t in C.tokens:
        assert t.name["en"] in tokens_markup(C)


def test_changing_an_option_default_in_content_changes_the_printed_card(tmp_path):
    dest = tmp_path / "longhorn"
    shutil.copytree(ROOT / "longhorn", dest)
    game_yaml = dest / "game.yaml"
    text = game_yaml.read_text()
    game_yaml.write_text(text.replace("    default: no_return_to_start", "    default: distance", 1))
    house = load_content("longhorn", tmp_path)
    assert "by the shortest path" in reference_markup(house)
    assert "by the shortest path" not in reference_markup(C)


def test_option_text_must_cover_every_value_of_its_option(tmp_path):
    dest = tmp_path / "longhorn"
    shutil.copytree(ROOT / "longhorn", dest)
    comp = dest / "components.yaml"
    text = comp.read_text()
    start = text.index("        distance: {en:")
    end = text.index("\n", start) + 1
    comp.write_text(text[:start] + text[end:])
    problems = [str(p) for p in validate_paths([dest])]
    assert any("no text for movement=distance" in p for p in problems), problems


def test_option_text_must_name_an_existing_option(tmp_path):
    dest = tmp_path / "longhorn"
    shutil.copytree(ROOT / "longhorn", dest)
    comp = dest / "components.yaml"
    comp.write_text(comp.read_text().replace("option: draw_result", "option: draw_rule", 1))
    problems = [str(p) for p in validate_paths([dest])]
    assert any("no option 'draw_rule'" in p for p in problems), problems


def test_engine_refuses_content_choices_it_does_not_implement(tmp_path):
    dest = tmp_path / "longhorn"
    shutil.copytree(ROOT / "longhorn", dest)
    game_yaml = dest / "game.yaml"
    text = game_yaml.read_text()
    game_yaml.write_text(text.replace("choices: [no_return_to_start, loop_allowed, distance]",
                                      "choices: [no_return_to_start, loop_allowed, distance, teleport]", 1))
    problems = [str(p) for p in validate_paths([dest])]
    assert any("the engine knows no movement 'teleport'" in p for p in problems), problems
