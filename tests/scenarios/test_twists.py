"""Each twist changes the starting position as its printed line says, and only that (the rules stay
the engine's: a game from a twisted start plays to the end)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from generator.engine.colt_express.actions import NEUTRAL
from generator.engine.longhorn import KIND_IDS
from generator.scenarios import ScenarioError
from generator.scenarios.setup import context
from generator.scenarios.vocab import vocabulary

from tests.support.scenarios import scenario, snapshot, start


def _tokens(state) -> Counter:
    return Counter((KIND_IDS[t[0]], t[1]) for t in state.tok if t is not None)


def _text(game, **kw):
    sc = scenario(game, **kw)
    g, _ = start(game, **kw)
    ctx = context(g, sc)
    return [vocabulary(game).spec(t.kind).text(t, ctx) for t in sc.twists]


# --- Longhorn ------------------------------------------------------------------------------------


def test_longhorn_rival_nugget_gives_the_opponent_that_nugget_and_takes_it_out_of_play():
    for seed in range(12):  # some deals put the $500 nugget on the range, some leave it out
        g, plain = start(seed=seed)
        _, state = start(seed=seed, twists=[{"rival_nugget": 500}])
        assert state.nuggets == [[], [500]]
        assert ("nugget", 500) not in _tokens(state)
        assert sum(_tokens(state).values()) == sum(_tokens(plain).values()) == 9
        assert state.cattle == plain.cattle and state.loc == plain.loc
    assert _text("longhorn", twists=[{"rival_nugget": 500}]) == ["Your opponent starts with a $500 gold nugget."]


def test_longhorn_your_nugget_goes_to_the_person_even_in_the_second_seat():
    _, state = start(seats=["greedy", "you"], twists=[{"your_nugget": 300}])
    assert state.nuggets == [[], [300]]


def test_longhorn_no_token_swaps_every_token_of_that_kind_and_keeps_the_sheriff_on_nugget_hill():
    seen = 0
    for seed in range(20):
        _, plain = start(seed=seed)
        _, state = start(seed=seed, twists=[{"no_token": "snake_oil"}])
        seen += _tokens(plain)[("snake_oil", 0)]
        assert _tokens(state)[("snake_oil", 0)] == 0
        assert sum(_tokens(state).values()) == 9
        for cell, t in enumerate(plain.tok):
            if t is not None and KIND_IDS[t[0]] == "sheriff":
                assert state.tok[cell] == t
            elif t is not None and KIND_IDS[t[0]] != "snake_oil":
                assert state.tok[cell] == t  # only the banned kind moves
    assert seen > 0  # the deals did put snake oil on the range
    assert _text("longhorn", twists=[{"no_token": "snake_oil"}]) == [
        "No snake oil: any dealt onto the range is swapped for another token."]


def test_longhorn_with_token_puts_that_kind_on_the_range():
    for seed in range(10):
        _, state = start(seed=seed, twists=[{"with_token": "epidemic"}])
        assert _tokens(state)[("epidemic", 0)] == 1 and sum(_tokens(state).values()) == 9


def test_longhorn_first_decides_who_starts_and_places_the_pawn():
    for seed in range(6):
        _, state = start(seed=seed, seats=["greedy", "you"], twists=[{"first": "you"}])
        assert state.first == 1 and state.current_player == 1
        _, state = start(seed=seed, twists=[{"first": "rival"}])
        assert state.first == 1 and state.current_player == 1


def test_longhorn_pawn_start_places_the_pawn_and_the_first_player_steals_there():
    g, state = start(seed=4, twists=[{"first": "you"}, {"pawn_start": "tulsa"}])
    assert g.location_names[state.loc[state.pawn]] == "Tulsa"
    assert state.current_player == 0 and str(state.legal_actions()[0]).startswith("steal")


# --- Colt Express --------------------------------------------------------------------------------


def test_colt_marshal_car_moves_the_marshal_and_the_bandits_still_start_behind_it():
    g, state = start("colt_express", twists=[{"marshal_car": 1}])
    assert state.marshal == 1
    rng = random.Random(1)
    while state.phase_name() in ("choose", "place"):
        state.apply(rng.choice(state.legal_actions()))
    assert state.marshal == 1 and all(car in (2, 3) and not roof for car, roof in zip(state.car, state.roof))


def test_colt_bullet_in_deck_puts_neutral_bullets_in_your_deck_as_received():
    g, plain = start("colt_express", seats=["greedy", "you"])
    _, state = start("colt_express", seats=["greedy", "you"], twists=[{"bullet_in_deck": 2}])
    assert state.deck[1].count(NEUTRAL) == 2 and state.deck[0].count(NEUTRAL) == 0
    assert state.neutral_left == plain.neutral_left - 2 and state.received == [0, 2]
    assert _text("colt_express", twists=[{"bullet_in_deck": 1}]) == [
        "You start with one bullet card in your deck (received, for the tie-break)."]


def test_colt_rival_bullets_go_to_every_rival():
    _, state = start("colt_express", twists=[{"rival_bullets": 1}])
    assert state.deck[1].count(NEUTRAL) == 1 and state.deck[0].count(NEUTRAL) == 0


def test_colt_strongbox_puts_the_second_strongbox_in_the_locomotive():
    _, plain = start("colt_express")
    _, state = start("colt_express", twists=[{"strongbox": True}])
    assert state.spot_boxes[0] == plain.spot_boxes[0] + 1 and state.spare_boxes == 0


def test_colt_no_purse_takes_your_bandits_starting_purses_out_of_play():
    _, plain = start("colt_express")
    _, state = start("colt_express", twists=[{"no_purse": True}])
    mine = [b for b in range(len(state.b_purses)) if b % 2 == 0]
    assert all(state.b_purses[b] == [] for b in mine) and all(state.b_purses[b] == [250] for b in (1, 3))
    assert len(state.spare_purses) == len(plain.spare_purses) + 2
    assert _text("colt_express", twists=[{"no_purse": True}]) == ["Your bandits start without their $250 purses."]


# --- Way Out West --------------------------------------------------------------------------------


def test_wow_money_changes_your_money_only():
    _, plain = start("way_out_west")
    _, state = start("way_out_west", twists=[{"money": -10}])
    assert state.money == [plain.money[0] - 10] + plain.money[1:]
    assert _text("way_out_west", twists=[{"money": -10}]) == ["You start with $10 less."]


def test_wow_rival_money_changes_every_rival():
    _, plain = start("way_out_west", seats=["greedy", "you", "greedy"])
    _, state = start("way_out_west", seats=["greedy", "you", "greedy"], twists=[{"rival_money": 5}])
    assert state.money == [plain.money[0] + 5, plain.money[1], plain.money[2] + 5]


def test_wow_rival_building_gives_the_player_after_you_that_building_from_their_supply():
    _, plain = start("way_out_west", seats=["greedy", "you", "greedy"])
    _, state = start("way_out_west", seats=["greedy", "you", "greedy"],
                     twists=[{"rival_building": {"building": "bank", "town": "dodge-city"}}])
    R = state.rules
    t, b = R.town_ids.index("dodge-city"), R.building_ids.index("bank")
    assert state.bld[t][b] == 2 and state.bsup[2][b] == plain.bsup[2][b] - 1
    texts = _text("way_out_west", seats=["greedy", "you", "greedy"], twists=[{"rival_building": {"building": "bank", "town": "dodge-city"}}])
    assert texts == ["Green (the player after you) starts with a Bank in Dodge City."]


def test_wow_your_building_respects_the_town_spaces():
    twists = [{"your_building": {"building": b, "town": "san-antonio"}} for b in ("bank", "store", "hotel")]
    _, state = start("way_out_west", twists=twists[:2])
    assert sum(1 for o in state.bld[0] if o == 0) == 2
    with pytest.raises(ScenarioError, match="already has 2 buildings"):
        start("way_out_west", twists=twists)


def test_wow_fewer_cowboys_shrinks_your_supply():
    _, plain = start("way_out_west")
    _, state = start("way_out_west", twists=[{"fewer_cowboys": 2}])
    assert state.cowsup[0] == plain.cowsup[0] - 2 and state.cowsup[1:] == plain.cowsup[1:]


def test_wow_rival_posters_give_each_rival_a_wanted_poster():
    _, plain = start("way_out_west")
    _, state = start("way_out_west", twists=[{"rival_posters": True}])
    assert state.posters == [0, 1, 1] and state.poster_sup == plain.poster_sup - 2


# --- the rules stay the engine's -------------------------------------------------------------------


@pytest.mark.parametrize("game,twists", [
    ("longhorn", [{"rival_nugget": 500}, {"no_token": "ambush"}]),
    ("longhorn", [{"with_token": "rattlesnake"}, {"pawn_start": "nugget_hill"}]),
    ("colt_express", [{"marshal_car": 1}, {"bullet_in_deck": 2}, {"no_purse": True}]),
    ("way_out_west", [{"your_building": {"building": "train", "town": "deadwood"}}, {"money": -5}, {"rival_posters": True}]),
])
def test_a_twisted_start_plays_to_the_end_under_the_engines_rules(game, twists):
    for seed in range(3):
        _, state = start(game, seed=seed, twists=twists)
        again = state.game.from_json(state.to_json())
        assert again.to_json() == state.to_json()
        state.random_playout(random.Random(seed))
        assert state.is_over and state.result().winners


def test_the_same_scenario_always_gives_the_same_start():
    kw = dict(seed=3, twists=[{"no_token": "snake_oil"}, {"rival_nugget": 300}])
    assert snapshot(start(**kw)[1]) == snapshot(start(**kw)[1])
    assert start(**kw)[1].to_json()["rng"] == start(**kw)[1].to_json()["rng"]


def test_a_scenario_from_short_specs_sets_up():
    g, state = start(twists=[{"your_nugget": 500}])
    assert state.nuggets[0] == [500] and not state.is_over
