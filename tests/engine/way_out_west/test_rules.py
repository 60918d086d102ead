"""Way Out West rules, one test per rule, each from a constructed position."""

from __future__ import annotations

import pytest

from generator.errors import EngineError, IllegalAction
from generator.engine.way_out_west.state import ACT, BID, OVER, SETUP

from tests.support.way_out_west import (
    AB, B, BLUE, DC, DW, GREEN, KC, RED, SA, TOWNS, YELLOW, LoadedDice, bidding_position, blank, build, cattle,
    conserved, cowboys, farmer, game, legal, turn, with_content,
)


# --- setup -------------------------------------------------------------------------------------


@pytest.mark.parametrize("players,money", [(3, 20), (4, 20), (5, 25)])
def test_start_money_by_player_count(players, money):
    s = game().new_game(players, 1)
    assert s.money == [money] * players


def test_start_player_by_dice_and_turn_order_follows():
    a, b = game().new_game(4, 0), game().new_game(4, 0)
    assert a.order == b.order and a.log == b.log  # the seed's generator decides
    # red 2, blue 6, green 6, yellow 1: blue and green roll again, 3 and 5: green starts
    st = game()._new_state(4, LoadedDice([2, 6, 6, 1, 3, 5]))
    assert st.order == [GREEN, YELLOW, RED, BLUE]
    assert st.log == ["Start player roll: Red 2, Blue 6, Green 6, Yellow 1", "Start player roll: Blue 3, Green 5", "Green starts"]


def test_setup_three_rounds_of_cowboy_placement():
    s = game().new_game(4, 3)
    first = s.order[0]
    assert s.phase == SETUP and s.current_player == first
    assert legal(s) == {f"place {t}" for t in ("san-antonio", "kansas-city", "abilene", "dodge-city", "deadwood")}
    seen = []
    for i in range(12):
        seen.append(s.current_player)
        s.play("place abilene" if i % 2 else "place deadwood")
    assert seen == s.order * 3
    assert s.phase == BID
    assert [s.cowsup[p] for p in range(4)] == [6] * 4
    assert sum(s.cow[AB]) + sum(s.cow[DW]) == 12


# --- bidding -----------------------------------------------------------------------------------


def test_bid_must_raise_by_increment():
    s = bidding_position(money=5)
    assert legal(s) == {"drop", "bid 1", "bid 2", "bid 3", "bid 4", "bid 5"}
    s.play("bid 2")
    assert legal(s) == {"drop", "bid 3", "bid 4", "bid 5"}
    s2 = bidding_position(money=9, bid_increment=2)
    s2.play("bid 2")
    assert legal(s2) == {"drop", "bid 4", "bid 5", "bid 6", "bid 7", "bid 8", "bid 9"}


def test_bid_cannot_exceed_money():
    s = bidding_position(money=3)
    s.money[BLUE] = 1
    s.play("bid 1")
    assert legal(s) == {"drop"}  # blue has $1 and must beat $1


def test_player_with_no_money_can_only_drop():
    s = bidding_position()
    s.money[RED] = 0
    assert legal(s) == {"drop"}
    with pytest.raises(IllegalAction):
        s.play("bid 0")


def test_dropped_player_pays_bid_and_takes_farthest_space():
    s = bidding_position()
    s.play("bid 1")  # red
    s.play("bid 2")  # blue
    s.play("drop")  # green bid nothing, pays nothing, takes 4th place
    s.play("bid 3")  # yellow
    s.play("drop")  # red pays 1, takes 3rd place
    assert s.money[RED] == 19 and s.money[GREEN] == 20
    assert s.new_order[3] == GREEN and s.new_order[2] == RED
    s.play("bid 4")  # blue
    s.play("drop")  # yellow pays 3, 2nd place
    assert s.phase == ACT
    assert s.order == [BLUE, YELLOW, RED, GREEN]
    assert s.money == [19, 16, 20, 17]


def test_winner_pays_bid_and_goes_first():
    s = bidding_position()
    s.play("bid 5")
    for _ in range(3):
        s.play("drop")
    assert s.order[0] == RED and s.money[RED] == 15
    assert s.current_player == RED


def test_everyone_drops_at_once_last_player_wins_free():
    s = bidding_position()
    s.play("drop")
    s.play("drop")
    s.play("drop")
    # yellow is the only one left: wins at $0 without being asked
    assert s.phase == ACT
    assert s.order == [YELLOW, GREEN, BLUE, RED]
    assert s.money == [20, 20, 20, 20]


# --- action phase ------------------------------------------------------------------------------


def test_two_action_rounds_in_turn_order():
    s = blank()
    s.order = [GREEN, RED, YELLOW, BLUE]
    seen = []
    for _ in range(8):
        seen.append(s.current_player)
        s.play("pass")
    assert seen == [GREEN, RED, YELLOW, BLUE] * 2
    assert s.phase == BID and s.round == 2


def test_pass_always_legal():
    s = blank(money=0)
    assert "pass" in legal(s)


def test_taken_box_closed_for_round():
    s = blank()
    for p in (RED, BLUE):
        cowboys(s, AB, p, 1)
    s.play("build hotel abilene")  # red takes the only hotel box
    assert not any(a.startswith("build hotel") for a in legal(s))  # blue
    s.play("pass")
    s.play("pass")
    s.play("pass")
    # second marker round: still closed
    assert not any(a.startswith("build hotel") for a in legal(s))
    for _ in range(4):
        s.play("pass")
    s.phase = ACT  # skip the bidding of round 2
    from generator.engine.way_out_west.actions import start_actions

    start_actions(s)
    turn(s, BLUE)
    assert "build hotel abilene" not in legal(s)  # the hotel stands there now
    cowboys(s, DW, BLUE, 1)
    assert "build hotel deadwood" in legal(s)  # the box is open again in a new round


def test_five_players_have_at_least_as_many_boxes_as_four():
    def buys_allowed(players, **opt):
        s = blank(players, **opt)
        count = 0
        for p in range(players):
            cowboys(s, SA, p, 1)
        for _ in range(players):
            if "buy-cattle 1 san-antonio" in legal(s):
                s.play("buy-cattle 1 san-antonio")
                count += 1
            else:
                s.play("pass")
        return count

    assert buys_allowed(4) == 3
    assert buys_allowed(3) == 3
    assert buys_allowed(5) == 4  # a box that opens only at the full player count
    assert buys_allowed(5, box_counts="fewest_players") == 3
    s = blank(5)
    caps = s.rules.box_caps[5]
    assert caps[s.rules.B_FIGHT] == 3 and caps[s.rules.B_HIRE] == 4 and caps[s.rules.B_MOVEC] == 2
    for n in (3, 4):
        assert all(a <= b for a, b in zip(s.rules.box_caps[n], s.rules.box_caps[n + 1]))


def test_buy_cattle_needs_cowboy_and_money():
    s = blank(money=1)
    assert not any(a.startswith("buy-cattle") for a in legal(s))
    cowboys(s, SA, RED, 1)
    assert {a for a in legal(s) if a.startswith("buy-cattle")} == {"buy-cattle 1 san-antonio"}
    s.money[RED] = 5
    s.play("buy-cattle 2 san-antonio")
    assert s.cat[SA][RED] == 2 and s.catsup[RED] == 13 and s.money[RED] == 3


def test_buy_cattle_trail_rule():
    s = blank()
    cowboys(s, SA, RED, 1)
    cowboys(s, DC, RED, 1)
    buys = {a for a in legal(s) if a.startswith("buy-cattle")}
    assert buys == {"buy-cattle 1 san-antonio", "buy-cattle 2 san-antonio"}
    cattle(s, SA, BLUE, 1)
    cattle(s, KC, BLUE, 1)
    cattle(s, AB, GREEN, 1)
    assert "buy-cattle 2 dodge-city" in legal(s)
    free = blank(cattle_trail="free")
    cowboys(free, DC, RED, 1)
    assert "buy-cattle 1 dodge-city" in legal(free)


def test_buy_cattle_corral_limit():
    s = blank()
    cowboys(s, SA, RED, 1)
    cattle(s, SA, BLUE, 3)  # San Antonio has 4 corrals
    assert {a for a in legal(s) if a.startswith("buy-cattle")} == {"buy-cattle 1 san-antonio"}
    cattle(s, SA, GREEN, 1)
    assert not any(a.startswith("buy-cattle") for a in legal(s))
    u = blank(corral_limit="unlimited")
    cowboys(u, SA, RED, 1)
    cattle(u, SA, BLUE, 4)
    assert "buy-cattle 2 san-antonio" in legal(u)


def test_hire_cowboys_any_town_costs():
    s = blank(money=1)
    assert {a for a in legal(s) if a.startswith("hire")} == {f"hire 1 {t}" for t in ("san-antonio", "kansas-city", "abilene", "dodge-city", "deadwood")}
    s.money[RED] = 10
    s.play("hire 2 deadwood")
    assert s.cow[DW][RED] == 2 and s.cowsup[RED] == 7 and s.money[RED] == 8


def test_move_cowboys_any_number_one_town_to_another():
    s = blank()
    cowboys(s, AB, RED, 4)
    moves = {a for a in legal(s) if a.startswith("move-cowboys")}
    assert len(moves) == 4 * 4
    assert "move-cowboys 4 abilene san-antonio" in moves
    s.play("move-cowboys 3 abilene deadwood")
    assert s.cow[AB][RED] == 1 and s.cow[DW][RED] == 3 and s.money[RED] == 20


def test_move_cattle_follows_trail_rule():
    s = blank()
    cattle(s, KC, RED, 2)
    cowboys(s, AB, RED, 1)
    cowboys(s, SA, RED, 1)
    # Abilene may take cattle: Kansas City holds some, but San Antonio does not yet
    assert {a for a in legal(s) if a.startswith("move-cattle")} == {
        "move-cattle 1 kansas-city san-antonio", "move-cattle 2 kansas-city san-antonio"}
    free = blank(cattle_trail="free")
    cattle(free, KC, RED, 2)
    cowboys(free, AB, RED, 1)
    assert "move-cattle 2 kansas-city abilene" in legal(free)


def test_move_cattle_adjacent_only_with_cowboy_and_room():
    s = blank()
    cattle(s, SA, RED, 2)
    cattle(s, KC, BLUE, 4)
    assert not any(a.startswith("move-cattle") for a in legal(s))  # no cowboy at a destination
    cowboys(s, KC, RED, 1)
    cowboys(s, AB, RED, 1)
    assert {a for a in legal(s) if a.startswith("move-cattle")} == {"move-cattle 1 san-antonio kansas-city"}
    s.play("move-cattle 1 san-antonio kansas-city")
    assert s.cat[SA][RED] == 1 and s.cat[KC][RED] == 1
    src = blank(move_cattle_cowboy="source")
    cattle(src, SA, RED, 1)
    cowboys(src, SA, RED, 1)
    assert {a for a in legal(src) if a.startswith("move-cattle")} == {"move-cattle 1 san-antonio kansas-city"}


def test_buildings_and_transport_go_in_any_town():
    s = blank(money=9)
    builds = {a for a in legal(s) if a.startswith("build")}
    # no cowboy anywhere, yet every town takes a building; train $20 and bank $10 are too dear
    assert builds == {f"build {b} {t}" for b in ("stagecoach", "store", "hotel", "jail") for t in TOWNS}
    s.play("build store abilene")
    assert s.bld[AB][B["store"]] == RED and s.money[RED] == 4 and s.bsup[RED][B["store"]] == 2


def test_build_needs_cowboy_option_cowboy():
    s = blank(money=9, build_town="cowboy")
    assert not any(a.startswith("build") for a in legal(s))
    cowboys(s, AB, RED, 1)
    builds = {a for a in legal(s) if a.startswith("build")}
    assert builds == {f"build {b} abilene" for b in ("stagecoach", "store", "hotel", "jail")}  # train $20, bank $10
    s.play("build store abilene")
    assert s.bld[AB][B["store"]] == RED and s.money[RED] == 4 and s.bsup[RED][B["store"]] == 2


def test_build_limits_one_per_type_two_per_player_spaces():
    def builds_in_sa(s):
        return {a for a in legal(s) if a.startswith("build") and a.endswith("san-antonio")}

    s = blank(money=100, town_spaces="unlimited")
    cowboys(s, SA, RED, 1)
    build(s, SA, BLUE, "hotel")
    assert "build hotel san-antonio" not in builds_in_sa(s)  # one of each type per town
    build(s, SA, RED, "jail")
    build(s, SA, RED, "store")
    assert not builds_in_sa(s)  # red has 2 there
    t = blank(money=100)
    cowboys(t, SA, RED, 1)
    build(t, SA, BLUE, "hotel")
    build(t, SA, GREEN, "jail")
    build(t, SA, YELLOW, "store")
    assert not builds_in_sa(t)  # San Antonio's 3 spaces are full
    u = blank(money=100, town_spaces="unlimited")
    cowboys(u, SA, RED, 1)
    for p, b in ((BLUE, "hotel"), (GREEN, "jail"), (YELLOW, "store")):
        build(u, SA, p, b)
    assert "build bank san-antonio" in legal(u)


def test_farmers_per_player_from_content():
    s = blank()
    assert "farmer deadwood" in legal(s)  # any town, no cowboy needed
    s.play("farmer deadwood")
    assert s.farm[DW] == 1 and s.farmsup[RED] == 0
    turn(s, RED)
    s.boxes_used = [0] * len(s.boxes_used)
    assert not any(a.startswith("farmer") for a in legal(s))  # per_player.farmers: 1
    two = blank(content=with_content(per_player={"farmers": 2}))
    two.play("farmer deadwood")
    turn(two, RED)
    two.boxes_used = [0] * len(two.boxes_used)
    two.play("farmer abilene")
    assert two.farm[DW] == 1 and two.farm[AB] == 1 and two.farmsup[RED] == 0
    conserved(two)


def test_stagecoach_pays_at_once_for_cowboys_in_and_out():
    s = blank()
    build(s, AB, BLUE, "stagecoach")
    build(s, DW, GREEN, "stagecoach")
    s.play("hire 2 abilene")  # red: 2 placed into abilene -> blue +2
    assert s.money[BLUE] == 22 and s.money[RED] == 18
    turn(s, RED)
    s.play("move-cowboys 2 abilene deadwood")  # out of abilene (+2 blue); moved (not placed) into deadwood: 0
    assert s.money[BLUE] == 24 and s.money[GREEN] == 20
    turn(s, RED)
    s.play("hire 1 deadwood")  # placed into deadwood: +1 green
    assert s.money[GREEN] == 21
    into = blank(stagecoach_moves_in=True)
    build(into, DW, GREEN, "stagecoach")
    cowboys(into, AB, RED, 2)
    into.play("move-cowboys 2 abilene deadwood")
    assert into.money[GREEN] == 22
    own = blank()
    build(own, AB, RED, "stagecoach")
    own.play("hire 1 abilene")
    assert own.money[RED] == 20  # paid $1, earned $1
    notown = blank(stagecoach_own_cowboys=False)
    build(notown, AB, RED, "stagecoach")
    notown.play("hire 1 abilene")
    assert notown.money[RED] == 19


# --- income ------------------------------------------------------------------------------------


def _end_round(s, rnd):
    from generator.engine.way_out_west.actions import end_round

    s.round = rnd
    end_round(s)


def test_income_paid_after_rounds_3_6_9_12_only():
    for rnd, paid in [(1, False), (2, False), (3, True), (4, False), (6, True), (9, True), (11, False), (12, True)]:
        s = blank()
        cattle(s, SA, RED, 1)
        _end_round(s, rnd)
        assert (s.money[RED] == 22) == paid, rnd
    s = blank()
    _end_round(s, 12)
    assert s.phase == OVER and s.current_player is None


def test_cattle_income_with_farmer_halved():
    s = blank()
    cattle(s, SA, RED, 3)
    cattle(s, KC, RED, 2)
    farmer(s, KC, BLUE)
    _end_round(s, 3)
    assert s.money[RED] == 20 + 3 * 2 + 2 * 1


def test_train_doubles_cattle_income():
    s = blank()
    build(s, AB, BLUE, "train")
    cattle(s, AB, RED, 2)
    cattle(s, AB, BLUE, 1)
    farmer(s, AB, GREEN)
    cattle(s, SA, GREEN, 1)
    _end_round(s, 6)
    # farmer: $1 each, doubled by the train -> $2 each
    assert s.money[RED] == 24 and s.money[BLUE] == 22 and s.money[GREEN] == 22


def test_bank_income_counts_buildings_in_town():
    s = blank()
    build(s, DW, RED, "bank")
    build(s, DW, BLUE, "hotel")
    build(s, DW, GREEN, "jail")
    _end_round(s, 9)
    assert s.money[RED] == 20 + 2 * 3
    t = blank(bank_counts_itself=False)
    build(t, DW, RED, "bank")
    build(t, DW, BLUE, "jail")
    _end_round(t, 9)
    assert t.money[RED] == 20 + 2 * 1


def test_store_income_other_cattle_and_farmers():
    s = blank()
    build(s, KC, RED, "store")
    cattle(s, KC, RED, 1)  # own cattle do not count for the store
    cattle(s, KC, BLUE, 2)
    cattle(s, KC, GREEN, 1)
    farmer(s, KC, RED)
    farmer(s, KC, YELLOW)
    _end_round(s, 3)
    # store: 3 other cattle x $1 + 2 farmers x $2 = 7; own cattle with farmer: $1
    assert s.money[RED] == 20 + 7 + 1
    assert s.money[BLUE] == 22 and s.money[GREEN] == 21


def test_hotel_income_other_cowboys():
    s = blank()
    build(s, DC, RED, "hotel")
    cowboys(s, DC, RED, 3)
    cowboys(s, DC, BLUE, 2)
    cowboys(s, DC, YELLOW, 1)
    cowboys(s, AB, GREEN, 4)
    _end_round(s, 3)
    assert s.money[RED] == 23


def test_income_example_by_hand():
    s = blank()
    # Dodge City: red train + red bank + blue store; red 2 cattle, blue 1 cattle, green farmer
    build(s, DC, RED, "train")
    build(s, DC, RED, "bank")
    build(s, DC, BLUE, "store")
    cattle(s, DC, RED, 2)
    cattle(s, DC, BLUE, 1)
    farmer(s, DC, GREEN)
    # Abilene: green hotel, red 2 cowboys, blue 1 cowboy, green 1 cowboy, yellow 3 cattle
    build(s, AB, GREEN, "hotel")
    cowboys(s, AB, RED, 2)
    cowboys(s, AB, BLUE, 1)
    cowboys(s, AB, GREEN, 1)
    cattle(s, AB, YELLOW, 3)
    _end_round(s, 3)
    red = 2 * (1 * 2) + 2 * 3  # cattle $1 (farmer) x2 (train) each; bank 3 buildings
    blue = 1 * 2 + (2 * 1 + 2 * 1)  # cattle; store: red's 2 cattle + 1 farmer x $2
    green = 3  # hotel: red 2 + blue 1 other cowboys
    yellow = 3 * 2
    assert s.money == [20 + red, 20 + blue, 20 + green, 20 + yellow]


# --- scoring -----------------------------------------------------------------------------------


def _final(s):
    from generator.engine.way_out_west import scoring

    return scoring.breakdown(s)


def test_building_vp_equals_buildings_in_town():
    s = blank()
    build(s, DW, RED, "bank")
    build(s, DW, RED, "hotel")
    build(s, DW, BLUE, "jail")
    build(s, SA, BLUE, "store")
    rows = _final(s)
    assert rows[RED]["buildings"] == 3 + 3
    assert rows[BLUE]["buildings"] == 3 + 1


def test_cattle_vp_train_and_farmer():
    s = blank()
    cattle(s, SA, RED, 2)  # 1 each
    build(s, KC, BLUE, "train")
    cattle(s, KC, RED, 2)  # 2 each
    build(s, AB, BLUE, "train")
    cattle(s, AB, RED, 1)
    farmer(s, AB, GREEN)  # train and farmer: 2 - 1 = 1
    assert _final(s)[RED]["cattle"] == 2 + 4 + 1


def test_seed_example_farmer_without_train_cattle_worth_nothing():
    s = blank()
    cattle(s, DC, RED, 3)
    farmer(s, DC, BLUE)
    assert _final(s)[RED]["cattle"] == 0
    build(s, DC, GREEN, "train")
    assert _final(s)[RED]["cattle"] == 3


def test_town_majority():
    s = blank()
    build(s, DW, RED, "bank")
    build(s, DW, RED, "hotel")
    build(s, DW, BLUE, "jail")
    build(s, KC, BLUE, "store")
    build(s, KC, GREEN, "hotel")
    rows = _final(s)
    assert rows[RED]["majority"] == 3  # most buildings in Deadwood: its 3 buildings
    assert rows[BLUE]["majority"] == 0 and rows[GREEN]["majority"] == 0  # Kansas City tied: nothing
    s2 = blank(majority_ties="all")
    build(s2, KC, BLUE, "store")
    build(s2, KC, GREEN, "hotel")
    rows = _final(s2)
    assert rows[BLUE]["majority"] == 2 and rows[GREEN]["majority"] == 2


def test_most_wanted_and_most_money_bonus():
    s = blank()
    s.posters = [2, 2, 1, 0]
    s.poster_sup -= 5
    s.money = [10, 30, 30, 5]
    rows = _final(s)
    assert [r["wanted"] for r in rows] == [4, 4, 0, 0]
    assert [r["money"] for r in rows] == [0, 4, 4, 0]
    s2 = blank(bonus_ties="none", most_money_bonus=6)
    s2.posters = [2, 2, 1, 0]
    s2.money = [10, 40, 30, 5]
    rows = _final(s2)
    assert [r["wanted"] for r in rows] == [0, 0, 0, 0]
    assert [r["money"] for r in rows] == [0, 6, 0, 0]


def test_tie_break_by_money_then_shared():
    s = blank()
    s.phase = OVER
    build(s, SA, RED, "hotel")
    build(s, KC, BLUE, "hotel")
    s.money = [10, 9, 0, 0]
    out = s.result()
    # red: 1 + majority 1 + most money 4 = 6; blue: 1 + 1 = 2
    assert out.scores == (6.0, 2.0, 0.0, 0.0) and out.winners == (RED,)
    t = blank(most_money_bonus=0)
    t.phase = OVER
    build(t, SA, RED, "hotel")
    build(t, KC, BLUE, "hotel")
    t.money = [10, 9, 0, 0]
    assert t.result().winners == (RED,)  # equal VP, red has more money
    t.money = [9, 9, 0, 0]
    assert t.result().winners == (RED, BLUE)
    u = blank(most_money_bonus=0, tie_break="shared")
    u.phase = OVER
    build(u, SA, RED, "hotel")
    build(u, KC, BLUE, "hotel")
    u.money = [10, 9, 0, 0]
    assert u.result().winners == (RED, BLUE)


def test_result_before_the_end_fails():
    s = blank()
    with pytest.raises(EngineError):
        s.result()


def test_game_ends_after_round_12():
    import random

    s = game().new_game(3, 7)
    rng = random.Random(1)
    rounds = set()
    while not s.is_over:
        rounds.add(s.round)
        acts = s.legal_actions()
        s.apply(acts[rng.randrange(len(acts))])
    assert rounds == set(range(1, 13)) and s.round == 12 and s.phase == OVER
