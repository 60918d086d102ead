"""Decision tables: the schema and its limits, the table bot following a hand-written table exactly,
tuning determinism, the measured figures and their intervals, the printed text."""

from __future__ import annotations

import random
import textwrap
from pathlib import Path

import pytest

from generator.bots import make_bot
from generator.bots.table import TableBot
from generator.content import load_content, load_table, load_table_file, read_table
from generator.errors import ContentError, UsageError
from generator.schema.tables import Table
from generator.sim.simulate import wilson
from generator.tables.measure import Tally, versus
from generator.words.tables import explain, rule_text
from generator.sim.dispatch import Runner
from generator.sim.worker import Result, table_seat

from tests.support.longhorn import build, game

C = load_content("longhorn")


def _table(text: str, tmp_path: Path, name: str = "house.yaml") -> Path:
    path = tmp_path / name
    path.write_text(textwrap.dedent(text))
    return path


def _problems(text: str, tmp_path: Path) -> list[str]:
    return [str(p) for p in read_table(_table(text, tmp_path), "longhorn", C)[1]]


# --- the schema ------------------------------------------------------------------------------------


def test_schema_rejects_more_than_eight_rules_per_decision(tmp_path):
    rules = "\n".join("      - prefer: [max cows_taken]" for _ in range(9))
    problems = _problems(f"game: longhorn\nlevel: normal\ndecisions:\n  steal:\n    rules:\n{rules}\n", tmp_path)
    assert any("decisions.steal.rules" in p and "at most 8" in p for p in problems), problems


def test_schema_rejects_more_than_three_conditions_in_a_rule(tmp_path):
    problems = _problems("""\
        game: longhorn
        level: normal
        decisions:
          steal:
            rules:
              - when: [cows_taken >= 1, empties_ranch = 0, ends_game = 0, rides > 1]
        """, tmp_path)
    assert any("when" in p and "at most 3" in p for p in problems), problems


def test_schema_rejects_an_unknown_feature_with_its_line(tmp_path):
    problems = _problems("""\
        game: longhorn
        level: normal
        decisions:
          steal:
            rules:
              - prefer: [max gold_in_pocket]
        """, tmp_path)
    assert any(p.endswith("house.yaml:6: decisions.steal.rules[0].prefer[0]: no feature 'gold_in_pocket' in the longhorn vocabulary")
               for p in problems), problems


def test_schema_rejects_a_feature_asked_at_the_wrong_decision(tmp_path):
    problems = _problems("""\
        game: longhorn
        level: normal
        decisions:
          move:
            rules:
              - prefer: [max cows_taken]
        """, tmp_path)
    assert any("'cows_taken' is not defined at a move decision" in p for p in problems), problems


def test_schema_rejects_bad_condition_text_and_flag_values(tmp_path):
    problems = _problems("""\
        game: longhorn
        level: normal
        decisions:
          steal:
            avoid: [takes_sheriff = 2]
            rules:
              - when: [cows_taken about 3]
        """, tmp_path)
    assert any("expected 'feature op number'" in p for p in problems), problems
    problems = _problems("""\
        game: longhorn
        level: normal
        decisions:
          steal:
            avoid: [takes_sheriff = 2]
        """, tmp_path)
    assert any("takes_sheriff is yes/no" in p for p in problems), problems


def test_schema_rejects_an_unknown_level(tmp_path):
    problems = _problems("game: longhorn\nlevel: heroic\ndecisions: {}\n", tmp_path)
    assert len(problems) == 1 and problems[0].endswith("house.yaml:2: level: Input should be 'easy', 'normal' or 'hard'"), problems


def test_schema_rejects_an_unknown_decision_kind(tmp_path):
    problems = _problems("game: longhorn\nlevel: normal\ndecisions:\n  dance:\n    rules: []\n", tmp_path)
    assert any("no decision kind 'dance'" in p for p in problems), problems


def test_shipped_tables_validate_and_load():
    from generator.content import tables_dir

    for path in sorted(tables_dir(load_content("longhorn")).glob("*.yaml")):
        table, problems = read_table(path, "longhorn", C)
        assert problems == [], problems
        assert table.level == path.stem


def test_content_features_match_the_engine_vocabulary():
    from generator.engine.longhorn.features import VOCABULARY

    assert set(C.features) == set(VOCABULARY)
    for name, kinds in VOCABULARY.items():
        assert sorted(C.features[name].decisions) == sorted(kinds), name


# --- the table bot follows a hand-written table exactly -------------------------------------------------


HAND = """\
game: longhorn
level: normal
decisions:
  steal:
    avoid: [takes_sheriff = 1]
    rules:
      - when: [completes_herd = 1]
      - when: [cows_taken >= 3]
        prefer: [min left_on_range]
      - prefer: [max rival_owns, max cows_taken]
  move:
    tie_break: d6
    rules:
      - when: [forces_sheriff = 1]
      - prefer: [min ranch_biggest_group]
"""


@pytest.fixture
def hand(tmp_path):
    return load_table_file(_table(HAND, tmp_path), load_content("longhorn"))


def _choose(table, state, seed=0):
    bot = TableBot(seed, table=table)
    action = bot.choose(state)
    return str(action), bot.last


def test_table_bot_rule_order_first_rule_that_applies_decides(hand):
    # no colour completes a herd; white (3 cows) meets rule 2, the only one that does
    s = build(cells={"B2": {"white": 3, "black": 1}, "A1": {"green": 1}}, pawn="B2", herds=[{}, {"black": 4}])
    action, choice = _choose(hand, s)
    assert action == "steal white" and choice.rule == 1


def test_table_bot_ranking_keys_break_ties_in_order(hand):
    # rule 3: most cows of that colour the rival owns (black 4 vs orange 4), then most cows taken (orange 2)
    s = build(cells={"B2": {"black": 1, "orange": 2, "green": 1}, "A1": {"white": 1}}, pawn="B2",
              herds=[{}, {"black": 4, "orange": 4, "green": 1}])
    action, choice = _choose(hand, s)
    assert action == "steal orange" and choice.rule == 2


def test_table_bot_avoid_sets_aside_the_sheriff_unless_every_choice_takes_it(hand):
    s = build(cells={"B2": {"white": 3}, "A1": {"green": 1}}, tokens={"B2": "sheriff"}, pawn="B2")
    action, _ = _choose(hand, s)
    assert action == "steal white"  # the only colour: the sheriff cannot be avoided
    s = build(cells={"B2": {"white": 3, "black": 1}, "A1": {"green": 1}}, tokens={"B2": "sheriff"}, pawn="B2",
              herds=[{}, {"black": 4}])
    action, choice = _choose(hand, s)
    assert action == "steal white"  # black would empty the ranch and take the sheriff: set aside
    s = build(cells={"B2": {"white": 3}, "A1": {"green": 1}}, pawn="B2", herds=[{"white": 6}, {}])
    action, choice = _choose(hand, s)
    assert action == "steal white" and choice.rule is None and choice.tied == 1


def test_table_bot_completes_a_herd_first(hand):
    s = build(cells={"B2": {"white": 3, "black": 1}, "A1": {"green": 1}}, pawn="B2", herds=[{"black": 8}, {}])
    action, choice = _choose(hand, s)
    assert action == "steal black" and choice.rule == 0


def test_table_bot_tie_break_first_follows_the_printed_order(tmp_path):
    t = load_table_file(_table("game: longhorn\nlevel: normal\ndecisions: {}\n", tmp_path), load_content("longhorn"))
    s = build(cells={"B2": {"white": 1, "black": 1, "green": 1}, "A1": {"green": 1}}, pawn="B2")
    action, choice = _choose(t, s)
    assert action == "steal black" and choice.rule is None and choice.tied == 3  # black first in colour order


def test_table_bot_d6_tie_break_counts_along_the_tied_choices(hand):
    # four ranches one step from B2, all with a group of 1: rule 2 ties all four; a d6 counts along them
    cells = {"B2": {"white": 1}, "B1": {"black": 1}, "A2": {"black": 1}, "C2": {"green": 1}, "B3": {"orange": 1}}
    seen = {}
    for seed in range(40):
        s = build(cells=cells, pawn="B2")
        s.play("steal white")
        action, choice = _choose(hand, s, seed)
        assert choice.rule == 1 and choice.tied == 4 and 1 <= choice.roll <= 4
        order = ["move B1", "move A2", "move C2", "move B3"]  # reading order: B1, A2, C2, B3
        assert action == order[choice.roll - 1]
        seen[action] = True
    assert len(seen) == 4


def test_table_bot_follows_a_forced_sheriff_rule_on_the_ride(hand):
    cells = {"B2": {"white": 1}, "B1": {"black": 1}, "A2": {"black": 3, "green": 1}}
    s = build(cells=cells, tokens={"B1": "sheriff"}, pawn="B2")
    s.play("steal white")
    action, choice = _choose(hand, s)
    assert action == "move B1" and choice.rule == 0


def test_explanation_names_the_rule_as_printed(hand):
    s = build(cells={"B2": {"white": 3, "black": 1}, "A1": {"green": 1}}, pawn="B2", herds=[{}, {"black": 4}])
    _, choice = _choose(hand, s)
    why = explain(C, hand, choice)
    assert why.startswith("rule 2: ") and rule_text(C, hand.decisions["steal"].rules[1]) in why


def test_table_seat_specs_reach_the_table_bot(tmp_path):
    bot = make_bot("table:normal", 1)
    assert isinstance(bot, TableBot) and bot.level == "normal"
    path = _table(HAND, tmp_path)
    bot = make_bot(f"table:{path}", 1)
    s = game().new_game(2, 3)
    bot.choose(s)
    assert bot.table.decisions["move"].tie_break == "d6"
    with pytest.raises(UsageError, match="table levels are easy, normal, hard"):
        make_bot("table:heroic", 1)


def test_a_broken_house_table_is_one_clear_error(tmp_path):
    path = _table("game: longhorn\nlevel: normal\ndecisions:\n  steal:\n    rules:\n      - prefer: [max nope]\n", tmp_path)
    bot = make_bot(f"table:{path}", 1)
    with pytest.raises(ContentError) as err:
        bot.choose(game().new_game(2, 3))
    assert "no feature 'nope'" in str(err.value.problems[0])


# --- measuring -------------------------------------------------------------------------------------------


def test_tally_counts_and_wilson_interval_on_a_known_case():
    t = Tally()
    for i in range(100):
        winners = (0,) if i < 50 else ((0, 1) if i < 60 else (1,))
        t.add(Result((0.0, 0.0), winners, "x", 1), 0)
    assert (t.games, t.wins, t.draws, t.losses) == (100, 50, 10, 40)
    lo, hi = t.interval()
    assert (round(lo, 4), round(hi, 4)) == (0.4038, 0.5962)  # Wilson 95% for 50/100
    assert t.to_header()["low"] == round(wilson(50, 100)[0], 4)


def test_versus_rotates_seats_and_is_identical_for_any_number_of_processes(hand):
    seat = table_seat(hand)
    with Runner("longhorn") as one:
        a = versus(one, seat, "random", (2,), 5, 20)
    with Runner("longhorn", jobs=2) as two:
        b = versus(two, seat, "random", (2,), 5, 20)
    assert a == b and a.games == 20


# --- tuning ------------------------------------------------------------------------------------------------


def _tiny_tune(jobs):
    from generator.bots.table import vocabulary
    from generator.tables.tune import decision_weights, tune

    g = game()
    vocab = vocabulary("longhorn")
    w = decision_weights(g, vocab, (2,), 3, games=5)
    with Runner("longhorn", jobs=jobs) as r:
        res = tune(r, C, "longhorn", "normal", (2,), 600, 3, set(vocab.DEEP), w, deals=20, lam=2)
    return res


@pytest.mark.slow
def test_tuning_with_a_tiny_budget_is_deterministic_whatever_the_processes():
    a = _tiny_tune(1)
    b = _tiny_tune(1)
    c = _tiny_tune(2)
    assert a.table == b.table == c.table and a.objective == b.objective == c.objective
    assert a.games >= 600


@pytest.mark.slow
def test_tuned_table_keeps_within_the_size_limits():
    from generator.schema.tables import MAX_RULES

    res = _tiny_tune(1)
    for d in res.table.decisions.values():
        assert len(d.rules) <= MAX_RULES
    Table.model_validate(res.table.to_yaml())  # a valid table, and it round-trips


def test_mutations_stay_within_the_schema_limits():
    from generator.schema.tables import MAX_CONDITIONS, MAX_KEYS
    from generator.tables.tune import mutate, vocab_of

    v = vocab_of(C, set(), True)
    rng = random.Random(1)
    t = Table(game="longhorn", level="hard", decisions={})
    weights = {k: 1.0 for k in C.decisions}
    for _ in range(600):
        t = mutate(t, v, 8, rng, weights)
        for kind, d in t.decisions.items():
            assert len(d.rules) <= 8 and len(d.avoid) <= MAX_CONDITIONS
            for r in d.rules:
                assert len(r.when) <= MAX_CONDITIONS and len(r.prefer) <= MAX_KEYS
                for c in r.when:
                    assert kind in C.features[c.feature].decisions
    Table.model_validate(t.to_yaml())


# --- the printed sheet names every rule, in order ----------------------------------------------------------------


@pytest.mark.parametrize("name", ["longhorn", "way_out_west"])
def test_printed_sheet_names_every_rule_in_order(name):
    from generator.content import game_tables
    from generator.render.solo import table_markup

    content = load_content(name)
    for table in game_tables(load_content(name)):
        markup = table_markup(name, content, table.level, table)
        for kind in content.decisions:
            d = table.decisions.get(kind)
            section = markup[markup.index(content.decisions[kind].name["en"]):]
            last = -1
            for rule in (d.rules if d else []):
                at = section.index(rule_text(content, rule))
                assert at > last
                last = at


@pytest.mark.parametrize("name", ["longhorn", "way_out_west"])
def test_the_kit_prints_a_solo_how_to_and_one_sheet_per_table(name):
    from generator.content import game_tables
    from generator.render.kit import game_kit
    from generator.render.parts import PagePart, SheetPart
    from generator.words.tables import table_label

    kit = game_kit(name)
    titles = [p.title for p in kit.parts if isinstance(p, (PagePart, SheetPart))]
    assert "solo: how to play" in titles
    tables = game_tables(load_content(name))
    assert {t.level for t in tables} == {"easy", "normal", "hard"}
    for t in tables:
        assert f"bot {table_label(t)}" in titles


def test_strength_line_quotes_the_measured_header():
    from generator.words.tables import strength_line
    from generator.schema.tables import Measured, Tally as Header

    t = load_table(load_content("longhorn"), "normal")
    m = Measured(command="x", seed=2, games=2000, against={
        "greedy": Header(games=2000, wins=1160, draws=0, losses=840, win_rate=0.58, low=0.5581, high=0.6015),
        "random": Header(games=2000, wins=1800, draws=0, losses=200, win_rate=0.9, low=0.886, high=0.912)})
    line = strength_line(Table(game=t.game, level=t.level, measured=m, decisions=t.decisions))
    assert line.startswith("Wins 58% (56%-60%) against the greedy bot over 2,000 games")
    assert "random: 90%" in line


def test_bot_sheet_headings_carry_the_decision_icons():
    from generator.render.painter import LATIN
    from generator.render.sheets import layout_units, parse
    from generator.render.solo import table_markup

    markup = table_markup("longhorn", C, "normal", load_table(load_content("longhorn"), "normal"))
    assert "## {icon:cow} Which colour to steal" in markup
    units = layout_units(LATIN, "sheet", parse(markup), 90.0)
    icons = [op[3] for u in units for op in u.ops if op[0] == "icon"]
    assert icons == [spec.icon for spec in C.decisions.values() if spec.icon]


def test_sheet_markup_icons_are_parsed_out_of_the_heading_text():
    from generator.render.sheets import parse

    (e,) = parse("## {icon:cow} Which colour to steal")
    assert e.kind == "h2" and e.text == "Which colour to steal" and e.icon == "cow"


def test_a_tuning_note_is_kept_in_the_file_and_printed_in_its_header(tmp_path):
    """What reproducing a search needs beyond its command (e.g. an older vocabulary) survives a rewrite."""
    from generator.tables.store import table_yaml, write_table

    t = load_table(load_content("longhorn"), "easy")
    assert t.tuned.note and "by hand" in t.tuned.note  # a shipped table its command no longer gives says so
    bare = t.model_copy(update={"tuned": t.tuned.model_copy(update={"note": None})})
    assert "note:" not in table_yaml(bare, "t") and "# Note:" not in table_yaml(bare, "t")
    path = write_table(tmp_path / "easy.yaml", t, "t")
    assert f"# Note: {t.tuned.note}" in path.read_text()
    assert load_table_file(str(path), load_content("longhorn")).tuned.note == t.tuned.note
