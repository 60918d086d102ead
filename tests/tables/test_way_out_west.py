"""Way Out West decision tables: the table bot follows a hand-written table exactly (the action decision
in two steps, each rule, avoid and tie-break on constructed positions), the explanation of both steps,
tuning determinism with a tiny budget, the shipped tables and their printed bot cards."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from generator.bots.table import TableBot
from generator.content import game_tables, load_content, load_table_file, read_table, tables_dir
from generator.sim.dispatch import Runner
from generator.schema.tables import Table
from generator.words.tables import explain

from tests.support.way_out_west import BLUE, GREEN, KC, RED, SA, AB, bidding_position, blank, build, cattle, cowboys

C = load_content("way_out_west")

HAND = """\
game: way_out_west
level: normal
decisions:
  bid:
    rules:
      - when: [raise_by = 1, bid_total <= 2]
      - when: [drops = 1]
  action:
    rules:
      - when: [starts_fight = 1, fight_edge_most >= 2]
      - when: [builds = 1, bot_money >= 8]
      - when: [buys_cattle = 1]
  build:
    avoid: [is_jail = 1]
    rules:
      - when: [takes_majority = 1, town_buildings >= 1]
        prefer: [max town_buildings]
      - prefer: [max is_hotel]
  buy:
    tie_break: d6
    rules:
      - prefer: [min farmer_there]
  fight:
    rules:
      - when: [edge >= 1]
        prefer: [max cattle_taken]
"""


def _file(text: str, tmp_path: Path, name: str = "house.yaml") -> Path:
    path = tmp_path / name
    path.write_text(textwrap.dedent(text))
    return path


@pytest.fixture
def hand(tmp_path):
    return load_table_file(_file(HAND, tmp_path), load_content("way_out_west"))


def _choose(table, s, seed=0):
    bot = TableBot(seed, table=table)
    action = bot.choose(s)
    return str(action), bot.last


# --- the action decision in two steps ------------------------------------------------------------------


def test_the_first_step_picks_the_action_box_by_the_action_rules(hand):
    s = blank(3, 20)
    cowboys(s, SA, RED, 1)
    action, choice = _choose(hand, s)
    assert choice.first is not None and choice.first.kind == "action" and choice.first.rule == 1  # builds, money 20
    assert choice.kind == "build" and action.startswith("build ")


def test_a_rule_that_applies_to_no_box_passes_to_the_next(hand):
    s = blank(3, 5)  # too poor for rule 2; no fight worth 2 more fighters
    cowboys(s, SA, RED, 1)
    action, choice = _choose(hand, s)
    assert choice.first.rule == 2 and choice.kind == "buy"


def test_the_fight_box_wins_with_an_edge_of_two_and_the_target_is_picked_by_the_fight_rules(hand):
    s = blank(3, 20)
    cowboys(s, SA, RED, 3)
    cattle(s, SA, BLUE, 1)
    cattle(s, SA, GREEN, 2)
    action, choice = _choose(hand, s)
    assert choice.first.rule == 0 and choice.kind == "fight" and choice.rule == 0
    assert "green" in action and " 2" in action  # the most cattle taken: green's 2


def test_second_step_rule_order_majority_in_the_biggest_town_first(hand):
    s = blank(3, 20)
    cowboys(s, SA, RED, 1)
    build(s, KC, RED, "store")  # red holds Kansas City's only building: one more keeps the majority
    build(s, AB, BLUE, "store")
    action, choice = _choose(hand, s)
    assert choice.rule == 0 and action.endswith("kansas-city")


def test_second_step_avoid_sets_aside_the_jail_and_the_next_rule_ranks_the_hotel(hand):
    s = blank(3, 20)
    cowboys(s, SA, RED, 1)
    action, choice = _choose(hand, s)  # an empty board: no building takes a majority in a built town
    assert choice.rule == 1 and action == "build hotel san-antonio"  # first town in trail order
    assert "jail" not in action


def test_second_step_d6_tie_break_rolls_among_the_tied_choices(hand):
    s = blank(3, 5)
    cowboys(s, SA, RED, 1)
    seen = {_choose(hand, s, seed)[0] for seed in range(12)}
    assert seen == {"buy-cattle 1 san-antonio", "buy-cattle 2 san-antonio"}
    _, choice = _choose(hand, s, 1)
    assert choice.roll is not None and choice.tied == 2


def test_a_box_with_one_use_is_decided_by_the_first_step(tmp_path):
    t = load_table_file(_file("game: way_out_west\nlevel: normal\ndecisions:\n  action:\n    rules:\n"
                              "      - when: [passes = 1]\n", tmp_path), load_content("way_out_west"))
    s = blank(3, 20)
    cowboys(s, SA, RED, 1)
    action, choice = _choose(t, s)
    assert action == "pass" and choice.kind == "action" and choice.rule == 0 and choice.first is None


def test_an_empty_table_takes_the_first_box_then_its_first_choice_in_printed_order(tmp_path):
    t = load_table_file(_file("game: way_out_west\nlevel: normal\ndecisions: {}\n", tmp_path), load_content("way_out_west"))
    s = blank(3, 20)
    cowboys(s, SA, RED, 1)
    action, choice = _choose(t, s)
    assert action == "buy-cattle 2 san-antonio"  # buying cattle is the first box; the most cattle first
    assert choice.first.rule is None and choice.rule is None


def test_the_explanation_gives_both_steps_in_order(hand):
    s = blank(3, 20)
    cowboys(s, SA, RED, 1)
    _, choice = _choose(hand, s)
    why = explain(C, hand, choice)
    assert why.startswith("first, which action: rule 2:")
    assert "Then rule 2:" in why


# --- bidding ------------------------------------------------------------------------------------------------


def test_bid_rules_raise_by_one_to_two_then_drop(hand):
    s = bidding_position(3, money=20)
    assert _choose(hand, s)[0] == "bid 1"
    s.play("bid 1")
    assert _choose(hand, s)[0] == "bid 2"
    s.play("bid 2")
    assert _choose(hand, s)[0] == "drop"


# --- the shipped tables --------------------------------------------------------------------------------------


def test_shipped_tables_validate_and_load():
    paths = sorted(tables_dir(load_content("way_out_west")).glob("*.yaml"))
    assert {p.stem for p in paths} == {"easy", "normal", "hard_3-3", "hard_4-5"}
    for path in paths + sorted((tables_dir(load_content("way_out_west")) / "start").glob("*.yaml")):
        table, problems = read_table(path, "way_out_west", C)
        assert problems == [], problems
        assert table.game == "way_out_west"


def test_every_level_has_one_table_at_each_player_count():
    from generator.content import load_table

    for level in ("easy", "normal", "hard"):
        for n in (3, 4, 5):
            fits = [t for t in game_tables(load_content("way_out_west")) if t.level == level and t.fits(n)]
            assert len(fits) == 1 and load_table(load_content("way_out_west"), level, players=n) is fits[0], (level, n)
    assert load_table(load_content("way_out_west"), "hard", players=3).players == [3, 3]
    assert load_table(load_content("way_out_west"), "hard", players=5).players == [4, 5]


def test_shipped_tables_carry_how_they_were_tuned_and_measured():
    for t in game_tables(load_content("way_out_west")):
        assert t.tuned is not None and t.tuned.command.startswith("saloon tables tune way_out_west")
        assert t.measured is not None and "greedy" in t.measured.against


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_every_shipped_table_bids_for_turn_order_when_nobody_has_bid(level):
    from generator.content import load_table

    s = bidding_position(3, money=20)
    assert _choose(load_table(load_content("way_out_west"), level, players=3), s)[0] != "drop"


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_shipped_tables_play_legal_games_with_3_to_5_players(level):
    from generator.sim.simulate import play_game

    from tests.support.way_out_west import game

    for n in (3, 5):
        out = play_game(game(), [f"table:{level}", "greedy"] + ["random"] * (n - 2), n, seed=7)
        assert len(out.scores) == n


# --- tuning ----------------------------------------------------------------------------------------------------


def _tiny_tune(jobs):
    from generator.bots.table import vocabulary
    from generator.tables.tune import decision_weights, tune

    from tests.support.way_out_west import game

    vocab = vocabulary("way_out_west")
    w = decision_weights(game(), vocab, (3,), 3, games=2)
    with Runner("way_out_west", jobs=jobs) as r:
        return tune(r, C, "way_out_west", "normal", (3,), 60, 3, set(vocab.DEEP), w, deals=2, lam=2)


@pytest.mark.slow
def test_tuning_with_a_tiny_budget_is_deterministic_whatever_the_processes():
    a = _tiny_tune(1)
    b = _tiny_tune(2)
    assert a.table == b.table and a.objective == b.objective
    assert a.generations >= 1 and a.games >= 2 * 3 * 2  # at least the start table's 2 deals x 3 seats x 2 opponents
    Table.model_validate(a.table.to_yaml())


@pytest.mark.slow
def test_a_tuning_requirement_keeps_only_tables_that_raise_a_bid_in_a_third_of_the_rounds(hand):
    from generator.engine.way_out_west.features import TUNE_REQUIREMENTS
    from generator.tables.tune import LEVEL_SPECS, Requirement, Scorer

    req = Requirement(**TUNE_REQUIREMENTS[0])
    with Runner("way_out_west", jobs=1) as r:
        scorer = Scorer(r, C, LEVEL_SPECS["normal"], (3,), 3, 2, 100, requirements=(req,))
        never = scorer.full(Table(game="way_out_west", level="normal", decisions={}))  # always drops out
        bids = scorer.full(hand)  # raises by $1 up to $2 every round it has the money
    assert scorer.share(never, req) == 0.0 and not scorer.admissible(never)
    assert scorer.share(bids, req) >= 1 / 3 and scorer.admissible(bids)


@pytest.mark.slow
def test_tuning_keeps_the_requirement_from_a_start_table_that_meets_it(hand):
    from generator.bots.table import vocabulary
    from generator.tables.tune import LEVEL_SPECS, Requirement, Scorer, decision_weights, tune

    from tests.support.way_out_west import game

    vocab = vocabulary("way_out_west")
    reqs = tuple(Requirement(**r) for r in vocab.TUNE_REQUIREMENTS)
    w = decision_weights(game(), vocab, (3,), 3, games=2)
    with Runner("way_out_west", jobs=1) as r:
        res = tune(r, C, "way_out_west", "normal", (3,), 120, 3, set(vocab.DEEP), w, start=hand, deals=2, lam=2,
                   requirements=reqs)
        scorer = Scorer(r, C, LEVEL_SPECS["normal"], (3,), 3, 2, 100, requirements=reqs)
        assert scorer.admissible(scorer.full(res.table))


def test_decision_weights_count_both_steps_of_the_action_decision():
    from generator.bots.table import vocabulary
    from generator.tables.tune import decision_weights

    from tests.support.way_out_west import game

    w = decision_weights(game(), vocabulary("way_out_west"), (3,), 1, games=2)
    assert {"action", "buy", "build", "hire", "bid"} <= set(w)


# The printed bot cards: tests/tables/test_tables.py names every rule of every Way Out West table in order and finds
# the solo pages in the kit; tests/render/test_kit_languages.py renders the kit (cards included) to the print standards.


# --- the shipped hard table: spending its money on buildings ------------------------------------------------


def _hard():
    from generator.content import load_table

    return load_table(load_content("way_out_west"), "hard", players=3)


def test_hard_builds_from_round_8_when_no_gunfight_has_an_edge_of_two():
    s = blank(3, 20)
    cowboys(s, SA, RED, 1)
    s.round = 7
    _, choice = _choose(_hard(), s)
    assert choice.kind == "buy"  # before round 8 buying cattle comes first
    s.round = 8
    action, choice = _choose(_hard(), s)
    assert choice.first.rule == 1 and choice.kind == "build" and action.startswith("build ")


def test_hard_takes_the_gunfight_with_an_edge_of_two_before_building_late():
    s = blank(3, 20)
    s.round = 10
    cowboys(s, SA, RED, 3)
    cattle(s, SA, BLUE, 2)
    _, choice = _choose(_hard(), s)
    assert choice.first.rule == 0 and choice.kind == "fight"


def _edge_of_one(players):
    """Round 10: red's 2 cowboys against blue's 1 beside blue's 2 cattle in San Antonio."""
    s = blank(players, 20)
    s.round = 10
    cowboys(s, SA, RED, 2)
    cowboys(s, SA, BLUE, 1)
    cattle(s, SA, BLUE, 2)
    return s


def test_hard_for_3_players_fights_with_an_edge_of_one_and_for_4_to_5_waits_for_two():
    from generator.content import load_table

    _, choice = _choose(_hard(), _edge_of_one(3))
    assert choice.first.rule == 0 and choice.kind == "fight"
    _, choice = _choose(load_table(load_content("way_out_west"), "hard", players=4), _edge_of_one(4))
    assert choice.kind != "fight"


def test_hard_builds_the_cheapest_building_among_equal_towns():
    s = blank(3, 20)
    s.round = 8
    cowboys(s, SA, RED, 1)
    action, choice = _choose(_hard(), s)
    assert action == "build jail san-antonio"  # $3: the most money left; San Antonio first in trail order
    build(s, SA, BLUE, "jail")
    action, _ = _choose(_hard(), s)
    assert action == "build hotel san-antonio"  # the town with a building first, then the cheapest left ($4)
