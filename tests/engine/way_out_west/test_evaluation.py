"""The Way Out West evaluation (generator/engine/way_out_west/evaluation.py) and light policy
(policy.py), term by term on constructed positions."""

from __future__ import annotations

import math
import random

import pytest

from generator.engine.way_out_west import bidding, evaluation, policy
from generator.engine.way_out_west.evaluation import WEIGHTS, attack_wins, board_vp, money_value, projected, rewards

from tests.support.way_out_west import AB, BLUE, DC, GREEN, KC, RED, SA, blank, build, cattle, conserved, cowboys, farmer

W = WEIGHTS


def _bare(players: int = 3, money: int = 0, round_: int = 1):
    s = blank(players, money)
    s.round = round_
    return s


# --- the board as final scoring sees it --------------------------------------------------------------


def test_a_building_scores_the_buildings_in_its_town_and_the_majority_scores_the_town():
    s = _bare()
    build(s, AB, RED, "hotel")
    build(s, AB, RED, "store")
    build(s, AB, BLUE, "bank")
    # red: 2 buildings x 3 in Abilene + the majority (3); blue: 1 x 3
    assert board_vp(s) == [9.0, 3.0, 0.0]


def test_a_tied_town_majority_counts_half_the_town_for_each_tied_player():
    s = _bare()
    build(s, KC, RED, "hotel")
    build(s, KC, BLUE, "store")
    assert board_vp(s) == [2 + 0.5 * 2, 2 + 0.5 * 2, 0.0]


def test_cattle_score_two_with_a_train_and_nothing_with_a_farmer():
    s = _bare()
    cattle(s, DC, RED, 2)
    build(s, DC, BLUE, "train")
    cattle(s, SA, RED, 3)
    farmer(s, SA)
    # red: 2 cattle x 2 in Dodge City, 3 x 0 in San Antonio; blue: the train (1) and the majority (1)
    assert board_vp(s) == [4.0, 2.0, 0.0]


def test_most_wanted_posters_score_their_bonus_now():
    s = _bare()
    s.posters = [2, 1, 0]
    assert board_vp(s) == [4.0, 0.0, 0.0]


# --- money, income, cowboys ---------------------------------------------------------------------------


def test_a_dollar_is_worth_money_cap_with_enough_rounds_left_and_less_near_the_end():
    assert money_value(W, 12) == W.money_cap
    assert money_value(W, W.money_ramp) == W.money_cap
    assert money_value(W, 1) == pytest.approx(W.money_cap / W.money_ramp)
    assert money_value(W, 0) == 0.0
    s = _bare(money=10)
    assert projected(s) == pytest.approx([10 * W.money_cap] * 3)


def test_the_most_money_bonus_counts_as_the_last_rounds_come():
    s = _bare(round_=12)
    s.money = [10, 5, 5]
    m = money_value(W, 1)
    weight = 1 - 1 / W.bonus_horizon
    assert projected(s) == pytest.approx([10 * m + 4 * weight, 5 * m, 5 * m])
    s.round = 1  # far from the end: no bonus yet
    assert projected(s) == pytest.approx([10 * W.money_cap, 5 * W.money_cap, 5 * W.money_cap])


def test_income_counts_once_for_every_income_phase_left_valued_when_it_arrives():
    s = _bare()
    base = projected(s)
    cattle(s, SA, RED, 2)  # $4 an income phase, 2 VP
    per_phase = sum(money_value(W, 12 - r) for r in (3, 6, 9, 12))
    assert projected(s)[RED] - base[RED] == pytest.approx(2 + 4 * per_phase)
    s.round = 10  # only the income after round 12 is left: its dollars come too late to spend, but
    assert evaluation.incomes_left(s) == [12]  # they make red the richest at the end (bonus weighted 1/4)
    assert projected(s)[RED] == pytest.approx(2.0 + 4 * (1 - 3 / W.bonus_horizon))


def test_a_bid_under_way_is_money_already_spent():
    s = _bare(money=10)
    bidding.start(s)
    s.play("bid 3")
    assert projected(s)[RED] == pytest.approx(7 * W.money_cap)
    assert projected(s)[BLUE] == pytest.approx(10 * W.money_cap)


def test_each_cowboy_on_the_board_counts_a_little():
    s = _bare()
    cowboys(s, KC, GREEN, 3)
    assert projected(s)[GREEN] == pytest.approx(3 * W.cowboy)


# --- gunfights --------------------------------------------------------------------------------------


def test_attack_odds_one_against_one_simultaneous_shots_and_the_defence_holds_on_a_double_kill():
    # hit 1/3 each: the attack wins 2/9 of volleys, nothing happens in 4/9: 2/9 / (5/9)
    assert attack_wins(1, 1) == pytest.approx(0.4)


def test_attack_odds_the_smaller_side_shoots_first():
    # 2 against 1: the defender shoots first. It hits (1/3): the attacker's last cowboy answers at once
    # (1/3 a win, else one against one, 0.4). It misses (2/3): 2 dice hit 5/9 of the time, else again.
    want = (1 / 3 * (1 / 3 + 2 / 3 * 0.4) + 2 / 3 * 5 / 9) / (1 - 2 / 3 * 4 / 9)
    assert attack_wins(2, 1) == pytest.approx(want)
    assert attack_wins(3, 0) == 1.0 and attack_wins(0, 3) == 0.0
    assert attack_wins(1, 2) < attack_wins(1, 1) < attack_wins(2, 1) < attack_wins(3, 1)


def test_a_gunfight_under_way_counts_its_two_endings_by_the_odds():
    s = _bare(money=20)
    cowboys(s, AB, RED, 1)
    cowboys(s, AB, BLUE, 1)
    build(s, AB, BLUE, "hotel")
    s.play("fight abilene seize blue hotel")
    won, lost = s.clone(), s.clone()
    for end, winner in ((won, RED), (lost, BLUE)):
        end.fight = None
        end.posters[winner] = 1
        end.poster_sup -= 1
        end.step += 1
    won.bld[AB][4] = RED
    won.bsup[RED][4] -= 1
    won.bsup[BLUE][4] += 1
    a, b = projected(won), projected(lost)
    assert projected(s) == pytest.approx([0.4 * x + 0.6 * y for x, y in zip(a, b)])


# --- rewards ---------------------------------------------------------------------------------------


def test_rewards_are_a_softmax_of_projected_vp_that_sharpens_towards_the_end():
    s = _bare(money=10)
    build(s, AB, RED, "hotel")
    r = rewards(s)
    assert sum(r) == pytest.approx(1.0)
    assert r[RED] > r[BLUE] == pytest.approx(r[GREEN])
    v = projected(s)
    temp = W.temp_end + W.temp_round * 12
    assert r[RED] / r[BLUE] == pytest.approx(math.exp((v[RED] - v[BLUE]) / temp))
    s.round = 12
    assert rewards(s)[RED] > r[RED]


def test_rewards_of_a_finished_game_are_its_outcome():
    s = _bare(money=10, round_=12)
    build(s, AB, RED, "hotel")
    s.step = 2 * s.n - 1
    s.play("pass")
    assert s.is_over
    assert rewards(s) == [1.0, 0.0, 0.0]


# --- the light policy ----------------------------------------------------------------------------------


def _values(s) -> dict[str, float]:
    moves = s.legal_raw()
    return {str(s.rules.codec.action(m)): v for m, v in zip(moves, policy.values(s, moves))}


def test_policy_values_more_cattle_more_while_income_is_to_come():
    s = _bare(money=10)
    cowboys(s, SA, RED, 1)
    v = _values(s)
    assert v["buy-cattle 2 san-antonio"] > v["buy-cattle 1 san-antonio"] > v["pass"] == 0.0


def test_policy_values_a_gunfight_by_its_odds():
    s = _bare(money=10)
    cowboys(s, AB, RED, 3)
    build(s, AB, BLUE, "store")
    cowboys(s, KC, RED, 1)
    cowboys(s, KC, BLUE, 3)
    build(s, KC, BLUE, "hotel")
    v = _values(s)
    assert v["fight abilene seize blue store"] > 0 > v["fight kansas-city seize blue hotel"]


def test_policy_shoots_with_at_least_as_many_fighters_and_retreats_with_fewer():
    s = _bare(money=10)
    cowboys(s, AB, RED, 1)
    cowboys(s, AB, BLUE, 2)
    build(s, AB, BLUE, "store")
    s.play("fight abilene seize blue store")
    assert str(s.rules.codec.action(policy.choose(s, random.Random(1), noise=0.0))) == "retreat"
    s = _bare(money=10)
    cowboys(s, AB, RED, 2)
    cowboys(s, AB, BLUE, 2)
    build(s, AB, BLUE, "store")
    s.play("fight abilene seize blue store")
    assert str(s.rules.codec.action(policy.choose(s, random.Random(1), noise=0.0))) == "shoot"


def test_policy_bids_the_least_raise_up_to_its_cap_then_drops():
    s = _bare(money=20, round_=3)  # an income round: cap 2 + 2
    bidding.start(s)
    assert evaluation.bid_cap(s, RED) == 4
    assert str(s.rules.codec.action(policy.choose(s, random.Random(1), noise=0.0))) == "bid 1"
    s.play("bid 4")
    assert str(s.rules.codec.action(policy.choose(s, random.Random(1), noise=0.0))) == "drop"


@pytest.mark.parametrize("players", [3, 4, 5])
def test_policy_plays_legal_games_to_the_end(players):
    from generator.games import load_game

    s = load_game("way_out_west").new_game(players, 11)
    rng = random.Random(2)
    while not s.is_over:
        raw = policy.choose(s, rng)
        assert raw in s.legal_raw()
        s.do(raw)
    conserved(s)
