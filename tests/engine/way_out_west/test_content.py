"""Way Out West content: the shipped numbers match the rules digest, and check() catches bad edits."""

from __future__ import annotations

import shutil

import pytest

from generator.content import default_content_root, load_content, validate_dir
from generator.schema.way_out_west import Content, check


@pytest.fixture(scope="module")
def c():
    return load_content("way_out_west")


def test_towns_on_the_trail(c):
    assert [t.name for t in c.towns] == ["San Antonio", "Kansas City", "Abilene", "Dodge City", "Deadwood"]
    assert [t.number for t in c.towns] == [1, 2, 3, 4, 5]
    assert [t.spaces for t in c.towns] == [3, 4, 4, 5, 6]
    assert [t.corrals for t in c.towns] == [4, 5, 5, 6, 7]


def test_pieces_per_colour(c):
    pp = c.per_player
    assert (pp.cowboys, pp.cattle, pp.each_building, pp.turn_order_markers, pp.action_markers, pp.farmers) == (9, 15, 3, 1, 2, 1)
    assert len(c.colours) == 5 and len({col.symbol for col in c.colours}) == 5
    assert c.wanted_posters == 13 and c.dice == 4
    assert c.start_money == {3: 20, 4: 20, 5: 25}


def test_action_boxes_and_buildings(c):
    boxes = {b.id: ([b.box_count(n) for n in (3, 4, 5)], b.cost) for b in c.action_boxes}
    assert boxes["buy-cattle"] == ([3, 3, 4], 1) and boxes["hire"] == ([3, 3, 4], 1)
    assert boxes["gunfight"] == ([2, 2, 3], 0)
    assert boxes["move-cowboys"][0] == [2, 2, 2] and boxes["move-cattle"][0] == [2, 2, 2]
    assert boxes["farmer"][0] == [1, 1, 1]
    costs = {b.id: b.cost for b in c.buildings}
    assert costs == {"stagecoach": 6, "train": 20, "bank": 10, "store": 5, "hotel": 4, "jail": 3}
    assert {b.id: b.defenders for b in c.buildings if b.defenders} == {"train": 1, "bank": 1}
    assert all(boxes[f"build-{b}"][0] == [1, 1, 1] for b in costs)


def test_income_and_scoring_values(c):
    i = c.income
    assert (i.cattle, i.cattle_with_farmer, i.train_multiplier, i.bank_per_building) == (2, 1, 2, 2)
    assert (i.store_per_other_cattle, i.store_per_farmer, i.hotel_per_other_cowboy, i.stagecoach_per_cowboy) == (1, 2, 1, 1)
    assert c.rounds == 12 and c.income_rounds == [3, 6, 9, 12]
    assert c.rounds_by_players == {3: 12, 4: 9, 5: 9}
    assert [r.round for r in c.round_track if r.income] == [3, 6, 9, 12]
    assert c.scoring.most_wanted_bonus == 4 and c.scoring.most_money_bonus == 4
    assert c.options["most_money_bonus"].default == 4


def test_every_default_is_an_option_with_help(c):
    from generator.schema.way_out_west import OPTIONS

    assert set(c.options) == set(OPTIONS)
    for name in OPTIONS:
        spec = c.options[name]
        if name == "head_start":  # free text (seat:VP pairs), none by default
            assert spec.help and spec.choices is None and spec.default == ""
            continue
        assert spec.help and spec.choices and len(spec.choices) >= 2 and spec.default in spec.choices


def test_seed_and_source_defaults(c):
    defaults = c.option_defaults()
    assert defaults["undefended_target"] == "one_die"  # a published clarification
    assert defaults["build_town"] == "any"  # the seed names a cowboy only for buying cattle
    assert defaults["rounds"] == 12  # the seed
    assert defaults["box_counts"] == "by_players"
    assert defaults["town_majority"] == "buildings"


def test_every_option_comment_cites_seed_or_source():
    """Each option in game.yaml has a comment above it citing the seed, a source, or [default]."""
    lines = (default_content_root() / "way_out_west" / "game.yaml").read_text().splitlines()
    start = lines.index("options:")
    for i in range(start + 1, len(lines)):
        line = lines[i]
        if line.startswith("  ") and not line.startswith("   ") and not line.strip().startswith("#") and line.rstrip().endswith(":"):
            above = []
            k = i - 1
            while lines[k].strip().startswith("#"):
                above.append(lines[k])
                k -= 1
            text = " ".join(above).lower()
            assert "[seed" in text or "[sourced" in text or "[default" in text, line


def test_components_listed(c):
    comp = dict(c.components())
    assert comp["cowboy"] == 45 and comp["cattle counter"] == 75 and comp["wanted poster"] == 13
    assert comp["bank token"] == 15 and comp["die"] == 4 and comp["farmer"] == 5


def _broken(c, **changes):
    data = c.model_dump()
    for path, value in changes.items():
        node = data
        keys = path.split(".")
        for k in keys[:-1]:
            node = node[int(k)] if k.isdigit() else node[k]
        last = keys[-1]
        node[int(last) if last.isdigit() else last] = value
    return check(Content.model_validate(data))


def test_check_catches_bad_numbers(c):
    assert check(c) == []
    probs = _broken(c, **{"action_boxes.0.boxes": 0})
    assert ((("action_boxes", 0, "boxes"), "buy-cattle: box count must be positive, got 0")) in probs
    probs = _broken(c, income_rounds=[3, 6, 9, 13])
    assert any(loc == ("income_rounds", 3) for loc, _ in probs)
    probs = _broken(c, **{"towns.1.number": 1})
    assert any(loc == ("towns",) and "1..5" in msg for loc, msg in probs)
    data = c.model_dump()
    data["action_boxes"] = [b for b in data["action_boxes"] if b["id"] != "build-jail"]
    assert ((("action_boxes",), "building 'jail' has no build box")) in check(Content.model_validate(data))
    probs = _broken(c, **{"action_boxes.6.cost": 11})
    assert any("build-bank costs 11" in msg for _, msg in probs)


def test_bad_edit_reported_at_its_line(tmp_path):
    src = default_content_root() / "way_out_west"
    dst = tmp_path / "way_out_west"
    shutil.copytree(src, dst)
    board = dst / "board.yaml"
    text = board.read_text().replace("income_rounds: [3, 6, 9, 12]", "income_rounds: [3, 6, 9, 14]")
    board.write_text(text)
    model, problems = validate_dir(dst)
    assert model is None
    line = next(i for i, l in enumerate(text.splitlines(), 1) if l.startswith("income_rounds"))
    shown = [str(p) for p in problems]
    assert any(f"way_out_west/board.yaml:{line}: income_rounds[3]: income round 14" in s for s in shown), shown
