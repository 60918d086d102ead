"""A twist must change how a scenario is played, not just a number (issue 36): measured as the change it
makes to the searching proxy's gain over the normal table bot (generator/scenarios/twist_check.py)."""

from __future__ import annotations

import pytest

from generator.content import load_content
from generator.scenarios import store
from generator.scenarios.generate import deal_numbers, refuse_idle_twists, title_of
from generator.scenarios.grading import Item, play
from generator.scenarios.setup import load_scenario_game, scenario_start, start_json
from generator.scenarios.twist_check import TABLE_BOT, TABLE_FACTOR, contrast, plain, verdict
from generator.scenarios.vocab import vocabulary
from generator.schema.scenarios import Rate, Scenario, Twist

GAMES = ("longhorn", "colt_express", "way_out_west")


def generated(game: str) -> list[Scenario]:
    content = load_content(game)
    return list(store.load_file(store.scenarios_dir(content) / "generated.yaml", game).scenarios)


def rates(s: int, t: int, ps: int, pt: int, n: int = 40) -> tuple[Rate, Rate, Rate, Rate]:
    return (Rate(bot="mcts:200", games=n, wins=s), Rate(bot=TABLE_BOT, games=4 * n, wins=t),
            Rate(bot="mcts:200", games=n, wins=ps), Rate(bot=TABLE_BOT, games=4 * n, wins=pt))


def test_a_twist_that_moves_both_bots_alike_changes_nothing():
    """Every rival $5 poorer: both the proxy and the table bot win more, the gain of searching stays."""
    check = verdict(*rates(30, 80, 20, 40), [Twist(kind="rival_money", value=-5)], seed=1)
    assert check.effect == pytest.approx((30 / 40 - 80 / 160) - (20 / 40 - 40 / 160))
    assert check.low < 0 < check.high and not check.changes


def test_a_twist_that_asks_for_another_plan_changes_play():
    """The proxy adapts to the twist and the table bot, playing as in a normal game, does not."""
    check = verdict(*rates(32, 16, 20, 80), [Twist(kind="control", value="abilene")], seed=1)
    assert check.low > 0 and check.changes


def test_the_interval_is_the_four_arms_adjusted_normal_interval():
    effect, low, high = contrast([(1, 10, 20), (-1, 5, 20)])
    centre = 11 / 22 - 6 / 22
    sd = ((11 / 22) * (11 / 22) / 22 + (6 / 22) * (16 / 22) / 22) ** 0.5
    assert effect == pytest.approx(0.25)
    assert low == pytest.approx(centre - 1.959964 * sd) and high == pytest.approx(centre + 1.959964 * sd)


@pytest.mark.parametrize("game", GAMES)
def test_every_generated_twist_was_measured_and_kept_only_where_it_changes_play(game):
    for sc in generated(game):
        check = sc.twist_check
        if sc.twists:
            assert check is not None and check.changes, sc.id
            assert [t.to_yaml() for t in check.twists] == [t.to_yaml() for t in sc.twists]
        elif check is not None:  # its twists were dropped: it changed nothing, and the grade is without them
            assert not check.changes, sc.id
            assert sc.graded.wins == check.plain_search.wins and sc.graded.games == check.plain_search.games
            assert sc.graded.seed == check.seed


@pytest.mark.parametrize("game", GAMES)
def test_a_twist_check_records_the_stated_contrast_of_its_four_arms(game):
    for sc in generated(game):
        c = sc.twist_check
        if c is None:
            continue
        again = verdict(c.search, c.table, c.plain_search, c.plain_table, list(c.twists), c.seed)
        assert again == c
        assert c.table.games == TABLE_FACTOR * c.search.games and c.table.bot == TABLE_BOT


@pytest.mark.parametrize("game", GAMES)
def test_scenario_ids_players_may_have_progress_on_are_kept(game):
    """Dropping a twist keeps the scenario (and its id): every generated scenario is still there, in the
    order generation numbered them, but one left trivially lost without its twist (never kept by
    generation), which its file's header names as removed."""
    ids = [sc.id for sc in generated(game)]
    prefix = vocabulary(game).id_prefix
    path = next(p for p in store.scenario_files(load_content(game)) if p.name == "generated.yaml")
    header = " ".join(store.header_of(path))
    last = max(int(i[len(prefix):]) for i in ids)
    removed = [f"{prefix}{k:02d}" for k in range(1, last + 1) if f"{prefix}{k:02d}" not in ids]
    assert ids == [f"{prefix}{k:02d}" for k in range(1, last + 1) if f"{prefix}{k:02d}" not in removed]
    assert len(removed) <= 1 and all(f"{i} (" in header and "was removed" in header for i in removed), removed


@pytest.mark.parametrize("game", GAMES)
def test_a_scenario_whose_twists_were_dropped_is_titled_without_them_and_titles_still_differ(game):
    content = load_content(game)
    vocab = vocabulary(game)
    g = load_scenario_game(content, {})
    scenarios = generated(game)
    deals = deal_numbers(scenarios, vocab, g)
    for sc in scenarios:
        if sc.twist_check is not None and not sc.twist_check.changes:
            assert sc.title == title_of(sc, vocab, g, deal=deals.get(sc.id, 0))
    assert len({sc.title for sc in scenarios}) == len(scenarios)
    for lang in ("en", "es", "ja"):  # the book's whole titles, in every language
        assert len({title_of(sc, vocab, g, lang, None, deals.get(sc.id, 0)) for sc in scenarios}) == len(scenarios)


def test_a_twist_that_changes_nothing_is_refused_by_generation():
    """A candidate whose twist leaves the position as it was ('you start' where you start anyway) has the
    same arms with and without it: generation refuses it and keeps its measure."""
    content = load_content("longhorn")
    sc = Scenario.model_validate({"id": "x", "title": "x", "players": 2, "seats": ["you", "table:normal"],
                                  "setup": {"seed": 1}, "objective": {"result": "win"}, "twists": [{"first": "you"}]})
    _, state = scenario_start(content, sc)
    _, plain_state = scenario_start(content, plain(sc))
    assert start_json(state) == start_json(plain_state)  # the twist changes nothing in this deal
    item = Item(sc, start_json(state), 7)
    play("longhorn", [item], "greedy", 0, 6)
    refused, games = refuse_idle_twists("longhorn", content, [item], "greedy")
    assert refused == [item] and games == 6 * (2 * TABLE_FACTOR + 1)
    assert item.scenario.twist_check is not None and item.scenario.twist_check.effect == 0
