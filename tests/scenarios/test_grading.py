"""Grading: seeded games of the reference player's proxy from a scenario's start; stars from the
measured rate; generation keeps a spread and drops the trivial and the alike. Deterministic."""

from __future__ import annotations

import json

import pytest

from tests.support.games import GAMES
from generator.errors import UsageError
from generator.scenarios import store
from generator.scenarios.generate import generate, signature, spread
from generator.scenarios.grading import STAR_FLOORS, Item, grade_of, jobs_for, regrade, stars_for, trivial
from generator.scenarios.setup import start_json
from generator.sim.dispatch import Runner

from tests.support.scenarios import scenario, start
from generator.content import load_content


def test_stars_fall_as_the_measured_rate_rises():
    rates = [i / 100 for i in range(101)]
    stars = [stars_for(r) for r in rates]
    assert stars[0] == 5 and stars[-1] == 1
    assert all(a >= b for a, b in zip(stars, stars[1:]))
    assert [stars_for(floor) for floor, _ in STAR_FLOORS] == [1, 2, 3, 4, 5]


def test_always_or_never_met_is_trivial():
    assert trivial(0, 40) and trivial(40, 40) and trivial(39, 40)
    assert not trivial(3, 40) and not trivial(20, 40)


def test_a_grade_carries_its_interval_and_stars():
    item = Item(scenario(), "{}", 9, [True] * 3 + [False] * 7)
    g = grade_of(item, "mcts:200")
    assert (g.games, g.wins, g.win_rate, g.stars) == (10, 3, 0.3, 4)
    assert g.low < 0.3 < g.high


def test_a_grading_game_starts_from_the_scenario_and_checks_the_objective():
    sc = scenario(twists=[{"your_nugget": 500}], objective={"result": "any", "min_score": 500})
    _, state = start(twists=[{"your_nugget": 500}], objective={"result": "any", "min_score": 500})
    item = Item(sc, start_json(state), 3)
    with Runner("longhorn") as runner:
        results = runner.run(jobs_for(item, "greedy", 0, 3))
    assert len(results) == 3 and all(isinstance(r.probe, bool) for r in results)
    assert all(r.probe == (r.scores[0] >= 500) for r in results)


@pytest.mark.slow
def test_grading_is_deterministic_and_independent_of_the_process_count():
    sc = scenario(seed=21, objective={"result": "win"}).model_copy(update={"graded": None})
    one = regrade(load_content("longhorn"), sc, games=6, jobs=1, proxy="mcts:20")
    again = regrade(load_content("longhorn"), sc, games=6, jobs=1, proxy="mcts:20")
    two = regrade(load_content("longhorn"), sc, games=6, jobs=2, proxy="mcts:20")
    assert one == again == two


def test_the_spread_takes_each_star_in_turn():
    items = [Item(scenario(), "{}", i, [True] * k + [False] * (10 - k)) for i, k in enumerate((9, 9, 9, 1, 1, 6, 4))]
    picked = spread(items, 4)
    assert sorted(stars_for(it.rate) for it in picked) == [1, 2, 3, 5]


@pytest.mark.slow
def test_generation_is_deterministic(tmp_path):
    a = generate("longhorn", 2, seed=7, games=6, screen=3, candidates=5)
    b = generate("longhorn", 2, seed=7, games=6, screen=3, candidates=5, jobs=2)
    assert a.file.scenarios and store.file_yaml(a.file, []) == store.file_yaml(b.file, [])
    for sc in a.file.scenarios:
        assert not trivial(sc.graded.wins, sc.graded.games) and sc.graded.games == 6
    assert a.file.made.command == "saloon scenarios generate longhorn --count 2 --seed 7 --games 6 --screen 3 --candidates 5"


def test_generation_says_so_when_nothing_survives():
    with pytest.raises(UsageError, match="no candidate of 2 survived"):
        generate("longhorn", 1, seed=1, games=1, screen=1, candidates=2)


# --- the committed scenario books ------------------------------------------------------------------


def _committed(game):
    return [e for _, e in store.entries(load_content(game)) if not hasattr(e, "solution")]


@pytest.mark.parametrize("game", GAMES)
def test_each_game_has_twenty_graded_scenarios_with_stars_monotone_in_the_measured_rate(game):
    scenarios = _committed(game)
    assert len(scenarios) >= 20
    by_rate = sorted(scenarios, key=lambda s: s.graded.win_rate)
    assert all(a.graded.stars >= b.graded.stars for a, b in zip(by_rate, by_rate[1:]))
    assert len({s.graded.stars for s in scenarios}) >= 4  # a spread of difficulties
    for s in scenarios:
        assert not trivial(s.graded.wins, s.graded.games), s.id
        assert s.graded.stars == stars_for(s.graded.win_rate)


@pytest.mark.parametrize("game", GAMES)
def test_no_two_committed_scenarios_are_alike(game):
    """Every scenario starts from its own setup and reads its own title. Generation never keeps two with
    the same seats, twists and objective; where dropping a twist that changed nothing left two alike
    (issue 36's twist check), the deal tells them apart, in the title too ('... · deal 2')."""
    scenarios = _committed(game)
    assert len({json.dumps(s.setup.model_dump(), sort_keys=True) for s in scenarios}) == len(scenarios)
    assert len({s.title for s in scenarios}) == len(scenarios)
    generated = [s for s in scenarios if s.turning_point is None]
    alike: dict[str, list] = {}
    for s in generated:
        alike.setdefault(signature(s), []).append(s)
    for group in alike.values():
        if len(group) > 1:  # alike only since their idle twists went: all but one had one, dropped
            dropped = [s for s in group if s.twist_check is not None and not s.twist_check.changes]
            assert len(dropped) >= len(group) - 1, [s.id for s in group]
            assert sum("deal" in s.title for s in group) == len(group) - 1, [s.title for s in group]
