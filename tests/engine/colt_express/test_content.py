"""Colt Express content: the shipped YAML validates and its numbers match the rules digest."""

from __future__ import annotations

import shutil
from pathlib import Path

from generator.content import load_content, validate_dir
from tests.support.paths import REPO


def content():
    return load_content("colt_express")


def test_components_listed():
    comps = dict(content().components())
    assert comps["purse token"] == 18 and comps["jewel token"] == 6 and comps["strongbox token"] == 2
    assert comps["action card"] == 60 and comps["bullet card"] == 36 and comps["neutral bullet card"] == 13
    assert comps["round card"] + comps["station card"] == 17


def test_eighteen_purses_counting_the_starting_ones():
    c = content()
    on_train = sum(w.purses for w in c.wagons)
    assert on_train == 12 and on_train + len(c.characters) == len(c.loot.purses.all_values()) == 18
    assert sum(c.loot.purses.all_values()) == 8 * 250 + 2 * (300 + 350 + 400 + 450 + 500)


def test_ten_action_cards_per_bandit_and_six_bullets():
    c = content()
    assert c.deck_size() == 10
    assert {a.id: a.count for a in c.action_cards} == {"move": 2, "floor": 2, "rob": 2, "fire": 2, "punch": 1, "marshal": 1}
    assert c.bullets.per_bandit == 6


def test_round_cards_patterns_and_events():
    c = content()
    cards = {r.id: r for r in c.round_cards}
    assert cards["take_it_all_2_4"].turns == "NTSN" and cards["bridge_5_6"].turns == "NS"
    assert all(r.turns == "NNTN" for r in c.round_cards if r.deck == "station")
    events = {e.id for e in c.events}
    assert len(events) == 8 and all(r.event is None or r.event in events for r in c.round_cards)


def test_every_default_rule_is_an_option():
    opts = content().options
    for name in ("wagon_choice", "first_player", "empty_deck_draw", "gunslinger_if_nobody_fired", "final_tie",
                 "two_player_game", "expert_variant", "character_assignment", "second_pick_order",
                 "neutral_bullets_short", "expert_discard_at", "expert_bullets_in_hand"):
        assert name in opts and opts[name].help


def test_round_card_naming_a_missing_event_is_reported(tmp_path: Path):
    src = REPO / "content" / "colt_express"
    dst = tmp_path / "colt_express"
    shutil.copytree(src, dst)
    text = (dst / "rounds.yaml").read_text().replace("event: braking}", "event: derailment}", 1)
    (dst / "rounds.yaml").write_text(text)
    model, problems = validate_dir(dst)
    assert model is None
    assert any("derailment" in p.message and p.file.endswith("rounds.yaml") and p.line > 0 for p in problems)


def test_wrong_purse_count_is_reported(tmp_path: Path):
    src = REPO / "content" / "colt_express"
    dst = tmp_path / "colt_express"
    shutil.copytree(src, dst)
    text = (dst / "train.yaml").read_text().replace("{value: 250, count: 8}", "{value: 250, count: 7}")
    (dst / "train.yaml").write_text(text)
    _model, problems = validate_dir(dst)
    assert any(p.path == "loot.purses.values" and "17 purses" in p.message for p in problems)
