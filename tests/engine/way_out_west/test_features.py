"""The Way Out West decision-table vocabulary (engine/way_out_west/features.py): every feature on a
constructed position, the decision kinds, the action decision's two steps and the printed orders."""

from __future__ import annotations

import pytest

from generator.content import load_content
from generator.engine.way_out_west import bidding, features
from generator.engine.way_out_west.features import VOCABULARY, decision_kind, evaluate, groups, tie_order

from tests.support.way_out_west import (
    AB, BLUE, DC, DW, GREEN, KC, RED, SA, LoadedDice, blank, build, cattle, cowboys, farmer,
)

C = load_content("way_out_west")
ALL = set(VOCABULARY)


def rows(s) -> dict[str, dict[str, int]]:
    """Every legal action's features (a decision in one step), by notation."""
    acts = s.legal_actions()
    return {str(a): f for a, f in zip(acts, evaluate(s, ALL))}


def step_rows(s, kind: str) -> dict[str, dict[str, int]]:
    """The features of the actions of one action box (the second step), by notation."""
    acts = s.legal_actions()
    kinds, gs = groups(s, acts)
    sub = gs[kinds.index(kind)]
    return {str(acts[i]): f for i, f in zip(sub, evaluate(s, ALL, kind=kind, subset=sub))}


def box_rows(s) -> dict[str, dict[str, int]]:
    """The first step's features, one row per action box, by the box's decision kind."""
    acts = s.legal_actions()
    kinds, gs = groups(s, acts)
    return dict(zip(kinds, evaluate(s, ALL, kind="action", groups=gs)))


def test_content_features_match_the_engine_vocabulary():
    assert set(C.features) == set(VOCABULARY)
    for name, kinds in VOCABULARY.items():
        assert sorted(C.features[name].decisions) == sorted(kinds), name


def test_every_feature_is_computed_where_it_is_defined():
    """Each decision kind's rows carry every feature the content says it may ask."""
    s = blank(3, 20)
    cowboys(s, AB, RED, 2)
    cowboys(s, AB, BLUE, 1)
    cowboys(s, SA, RED, 1)
    cattle(s, SA, RED, 1)
    cattle(s, AB, BLUE, 1)
    build(s, AB, BLUE, "store")
    acts = s.legal_actions()
    kinds, gs = groups(s, acts)
    want = {kind: {n for n, ks in VOCABULARY.items() if kind in ks} for kind in C.decisions}
    for f in evaluate(s, ALL, kind="action", groups=gs):
        assert want["action"] <= set(f)
    for kind, g in zip(kinds, gs):
        if kind != "action":
            for f in evaluate(s, ALL, kind=kind, subset=g):
                assert want[kind] <= set(f), (kind, want[kind] - set(f))


# --- decision kinds and the two steps ------------------------------------------------------------------


def test_decision_kinds_follow_the_phase_and_the_gunfight_stage():
    s = blank(3, 20)
    assert decision_kind(s) == "action"
    bidding.start(s)
    assert decision_kind(s) == "bid"
    s = blank(3, 20)
    cowboys(s, AB, RED, 1)
    cowboys(s, AB, BLUE, 1)
    build(s, AB, BLUE, "hotel")
    s.play("fight abilene seize blue hotel")
    assert decision_kind(s) == "shoot"
    g = blank(3, 20).game.new_game(3, 1)
    assert decision_kind(g) == "place"


def test_the_action_decision_groups_moves_by_action_box_in_printed_order():
    s = blank(3, 20)
    cowboys(s, SA, RED, 1)
    cattle(s, SA, BLUE, 1)
    cowboys(s, SA, BLUE, 1)
    acts = s.legal_actions()
    kinds, gs = groups(s, acts)
    assert kinds == ["buy", "hire", "move_cowboys", "build", "farmer", "fight", "action"]
    assert [str(acts[i]) for i in gs[-1]] == ["pass"]
    assert {str(acts[i]).split()[0] for i in gs[0]} == {"buy-cattle"}
    assert sorted(i for g in gs for i in g) == list(range(len(acts)))
    bidding.start(s)
    assert groups(s, s.legal_actions()) is None


# --- the position --------------------------------------------------------------------------------------


def test_position_features_round_income_money_cattle_buildings():
    s = blank(3, 13)
    s.round = 3
    cattle(s, SA, RED, 2)
    cattle(s, KC, RED, 1)
    build(s, DW, RED, "jail")
    f = box_rows(s)["action"]
    assert (f["round"], f["rounds_to_income"], f["bot_money"], f["bot_cattle"], f["bot_buildings"]) == (3, 0, 13, 3, 1)
    s.round = 4
    assert box_rows(s)["action"]["rounds_to_income"] == 2
    assert box_rows(s)["action"]["second_action"] == 0
    s.step = 3
    turn_player = s.current_player
    assert turn_player == RED and box_rows(s)["action"]["second_action"] == 1


def test_towns_outgunned_counts_towns_where_a_rival_has_at_least_as_many_cowboys_as_the_bot_and_it_owns_something():
    s = blank(3, 20)
    cattle(s, SA, RED, 1)
    cowboys(s, SA, RED, 1)
    cowboys(s, SA, BLUE, 1)  # as many: outgunned
    build(s, AB, RED, "hotel")
    cowboys(s, AB, RED, 2)
    cowboys(s, AB, GREEN, 1)  # fewer: not
    build(s, DC, RED, "store")  # nobody there: not
    cowboys(s, DW, BLUE, 3)  # the bot owns nothing there: not
    assert box_rows(s)["action"]["towns_outgunned"] == 1


# --- bidding ---------------------------------------------------------------------------------------------


def test_bid_features_total_raise_money_left_and_dropping_out():
    s = blank(3, 10)
    bidding.start(s)
    s.play("bid 2")  # red
    s.play("bid 3")  # blue
    s.play("drop")  # green
    r = rows(s)  # red again: it has bid 2, the high bid is 3
    assert r["drop"] | {} == r["drop"]
    assert (r["drop"]["drops"], r["drop"]["bid_total"], r["drop"]["raise_by"], r["drop"]["money_left"]) == (1, 2, 0, 8)
    assert (r["bid 5"]["drops"], r["bid 5"]["bid_total"], r["bid 5"]["raise_by"], r["bid 5"]["money_left"]) == (0, 5, 2, 5)
    assert r["bid 5"]["bidders"] == 2


def test_bid_features_high_bid_and_whether_the_bot_has_bid():
    s = blank(3, 10)
    bidding.start(s)
    first = rows(s)  # red opens: nobody has bid
    assert (first["bid 1"]["high_bid"], first["bid 1"]["bot_has_bid"]) == (0, 0)
    s.play("bid 2")  # red
    s.play("bid 3")  # blue
    s.play("drop")  # green
    r = rows(s)  # red again: it has bid 2, the high bid is 3
    assert (r["bid 4"]["high_bid"], r["bid 4"]["bot_has_bid"]) == (3, 1)
    assert (r["drop"]["high_bid"], r["drop"]["bot_has_bid"]) == (3, 1)


def test_bid_feature_a_rival_still_bidding_can_raise_past_the_bid():
    s = blank(3, 10)
    s.money[BLUE] = 6
    s.money[GREEN] = 20  # green drops out below: its money no longer counts
    bidding.start(s)
    s.play("bid 1")  # red
    s.play("bid 2")  # blue
    s.play("drop")  # green
    r = rows(s)  # red: blue, still bidding, has $6
    assert r["bid 5"]["rival_can_raise"] == 1
    assert r["bid 6"]["rival_can_raise"] == 0  # blue cannot bid more than $6
    assert r["drop"]["rival_can_raise"] == 0


# --- which action box ------------------------------------------------------------------------------------


def test_action_box_features_flags_most_cattle_biggest_town_and_best_edge():
    s = blank(3, 7)
    cowboys(s, SA, RED, 3)
    build(s, SA, BLUE, "hotel")  # defended by nobody: the lone die, 1
    cowboys(s, KC, RED, 1)
    cattle(s, SA, GREEN, 1)
    build(s, KC, GREEN, "store")
    build(s, KC, BLUE, "jail")
    b = box_rows(s)
    assert b["buy"]["buys_cattle"] == 1 and b["buy"]["builds"] == 0
    assert b["buy"]["most_cattle"] == 2 and b["hire"]["most_cattle"] == 0
    assert b["build"]["build_town_most"] == 2  # Kansas City holds 2 buildings
    assert b["fight"]["fight_edge_most"] == 2  # 3 cowboys against the hotel's lone die
    assert b["action"]["passes"] == 1


def test_best_fight_edge_glance_is_the_gunfight_boxs_best_edge_on_every_box():
    """Read once for the whole decision: every box's row carries the gunfight box's best edge."""
    s = blank(3, 7)
    cowboys(s, SA, RED, 3)
    build(s, SA, BLUE, "hotel")  # defended by nobody: the lone die, 1
    cowboys(s, KC, RED, 1)
    build(s, KC, GREEN, "store")  # 1 against the lone die: no edge
    b = box_rows(s)
    assert "fight" in b and {f["best_fight_edge"] for f in b.values()} == {2}
    s = blank(3, 7)
    cowboys(s, SA, RED, 1)
    build(s, KC, BLUE, "hotel")  # no cowboy of the bot there: no gunfight box
    b = box_rows(s)
    assert "fight" not in b and {f["best_fight_edge"] for f in b.values()} == {0}


def test_biggest_build_town_glance_is_the_biggest_town_the_bot_may_build_in_on_every_box():
    s = blank(3, 7)
    cowboys(s, SA, RED, 1)
    build(s, KC, GREEN, "store")
    build(s, KC, BLUE, "jail")
    build(s, AB, BLUE, "hotel")
    b = box_rows(s)
    assert "build" in b and {f["biggest_build_town"] for f in b.values()} == {2}  # Kansas City holds 2
    s = blank(3, 2)  # $2: the cheapest building costs $3
    build(s, KC, GREEN, "store")
    b = box_rows(s)
    assert "build" not in b and {f["biggest_build_town"] for f in b.values()} == {0}


def test_towns_outgunned_glance_is_read_where_the_bot_hires_moves_cowboys_and_builds():
    s = blank(3, 20)
    cattle(s, SA, RED, 1)
    cowboys(s, SA, RED, 1)
    cowboys(s, SA, BLUE, 1)  # as many: outgunned in San Antonio
    for kind in ("hire", "move_cowboys", "build"):
        assert {f["towns_outgunned"] for f in step_rows(s, kind).values()} == {1}, kind


# --- towns and moves ---------------------------------------------------------------------------------------


def test_buy_features_count_town_train_farmer_cattle_there_outgunned():
    s = blank(3, 20, cattle_trail="free")
    cowboys(s, DC, RED, 1)
    cowboys(s, DC, BLUE, 2)
    build(s, DC, GREEN, "train")
    cattle(s, DC, RED, 1)
    cowboys(s, SA, RED, 1)
    farmer(s, SA)
    r = step_rows(s, "buy")
    f = r["buy-cattle 2 dodge-city"]
    assert (f["cattle"], f["town_number"], f["train_there"], f["farmer_there"], f["bot_cattle_there"], f["outgunned_there"]) == (2, 4, 1, 0, 1, 1)
    f = r["buy-cattle 1 san-antonio"]
    assert (f["cattle"], f["town_number"], f["train_there"], f["farmer_there"], f["outgunned_there"]) == (1, 1, 0, 1, 0)


def test_hire_features_cowboys_assets_rivals_hotel_and_where_cattle_may_be_bought():
    s = blank(3, 20)
    cattle(s, SA, BLUE, 1)  # the trail is open to Kansas City
    cowboys(s, KC, BLUE, 2)
    cowboys(s, KC, GREEN, 1)
    build(s, KC, BLUE, "hotel")
    build(s, KC, RED, "store")
    cowboys(s, KC, RED, 1)
    r = step_rows(s, "hire")
    f = r["hire 2 kansas-city"]
    assert (f["cowboys"], f["bot_cowboys_there"], f["rival_cowboys_there"], f["bot_assets_there"]) == (2, 1, 3, 1)
    assert (f["outgunned_there"], f["rival_hotel_there"], f["can_buy_there"]) == (1, 1, 1)
    f = r["hire 1 abilene"]
    assert (f["can_buy_there"], f["rival_hotel_there"], f["bot_assets_there"]) == (0, 0, 0)  # the trail stops at Kansas City


def test_move_cowboys_features_all_of_them_and_leaving_the_bot_outgunned():
    s = blank(3, 20)
    cowboys(s, AB, RED, 2)
    cattle(s, AB, RED, 1)
    cowboys(s, AB, BLUE, 1)
    r = step_rows(s, "move_cowboys")
    assert r["move-cowboys 2 abilene deadwood"]["moves_all"] == 1
    assert r["move-cowboys 1 abilene deadwood"]["moves_all"] == 0
    assert r["move-cowboys 1 abilene deadwood"]["leaves_exposed"] == 1  # 1 left against blue's 1
    cowboys(s, AB, RED, 1)
    assert step_rows(s, "move_cowboys")["move-cowboys 1 abilene deadwood"]["leaves_exposed"] == 0


def test_move_cattle_features_trains_and_farmers_at_both_ends():
    s = blank(3, 20)
    cattle(s, SA, RED, 2)
    cattle(s, KC, BLUE, 1)
    cowboys(s, KC, RED, 1)
    build(s, KC, BLUE, "train")
    farmer(s, SA)
    f = step_rows(s, "move_cattle")["move-cattle 2 san-antonio kansas-city"]
    assert (f["cattle"], f["train_there"], f["farmer_there"], f["leaves_train"], f["leaves_farmer"]) == (2, 1, 0, 0, 1)


def test_build_features_kind_town_majority_and_money_left():
    s = blank(3, 12)
    build(s, AB, BLUE, "hotel")
    build(s, AB, RED, "jail")
    cattle(s, AB, GREEN, 2)
    r = step_rows(s, "build")
    f = r["build bank abilene"]
    assert (f["is_bank"], f["is_store"], f["town_buildings"], f["bot_buildings_there"]) == (1, 0, 2, 1)
    assert (f["takes_majority"], f["money_left"], f["rival_cattle_there"]) == (1, 2, 2)
    f = r["build store kansas-city"]
    assert (f["is_store"], f["town_buildings"], f["takes_majority"], f["money_left"]) == (1, 0, 1, 7)
    build(s, DC, BLUE, "hotel")
    build(s, DC, BLUE, "store")
    assert step_rows(s, "build")["build bank dodge-city"]["takes_majority"] == 0


def test_farmer_features_cattle_of_rivals_and_bot():
    s = blank(3, 20)
    cattle(s, SA, RED, 1)
    cattle(s, SA, BLUE, 2)
    cattle(s, SA, GREEN, 1)
    f = step_rows(s, "farmer")["farmer san-antonio"]
    assert (f["rival_cattle_there"], f["bot_cattle_there"], f["farmer_there"], f["town_number"]) == (3, 1, 0, 1)


# --- gunfights -------------------------------------------------------------------------------------------


def test_fight_features_targets_edges_guards_sheriffs_and_loot():
    s = blank(3, 20)
    cowboys(s, DC, RED, 3)
    build(s, DC, RED, "jail")  # the bot's sheriff rides along: 4 fighters
    build(s, DC, BLUE, "bank")  # its guard and 1 cowboy: 2 defenders
    cowboys(s, DC, BLUE, 1)
    cattle(s, DC, GREEN, 2)  # green: nobody there, 1 die of defence
    build(s, DC, GREEN, "hotel")
    farmer(s, DC)
    s.money[BLUE] = 9
    r = step_rows(s, "fight")
    f = r["fight dodge-city rob blue bank"]
    assert (f["robs"], f["edge"], f["behind"], f["victim_money"], f["cattle_taken"]) == (1, 2, 0, 9, 0)
    f = r["fight dodge-city steal green 2"]
    assert (f["steals"], f["edge"], f["cattle_taken"], f["town_buildings"]) == (1, 3, 2, 3)
    assert r["fight dodge-city seize green hotel"]["seizes"] == 1
    f = r["fight dodge-city remove farmer"]
    assert (f["removes_farmer"], f["edge"], f["victim_money"]) == (1, 3, 0)
    s = blank(3, 20)
    cowboys(s, KC, RED, 1)
    cowboys(s, KC, BLUE, 2)
    build(s, KC, BLUE, "jail")
    f = step_rows(s, "fight")["fight kansas-city remove blue jail"]
    assert (f["removes_jail"], f["edge"], f["behind"]) == (1, 0, 2)  # 2 cowboys and blue's own sheriff


def test_shoot_features_edge_behind_and_retreating():
    s = blank(3, 20)
    cowboys(s, AB, RED, 1)
    cowboys(s, AB, BLUE, 3)
    build(s, AB, BLUE, "store")
    s.play("fight abilene seize blue store")
    r = rows(s)
    assert r["retreat"]["retreats"] == 1 and r["shoot"]["retreats"] == 0
    assert (r["shoot"]["edge"], r["shoot"]["behind"], r["shoot"]["bot_attacks"]) == (0, 2, 1)


def test_sheriff_features_join_and_whose_side():
    s = blank(3, 20)
    cowboys(s, AB, RED, 2)
    cowboys(s, AB, BLUE, 1)
    build(s, AB, BLUE, "store")
    build(s, AB, GREEN, "jail")
    s.play("fight abilene seize blue store")
    assert decision_kind(s) == "sheriff" and s.current_player == GREEN
    r = rows(s)
    assert (r["sheriff join"]["joins"], r["sheriff stay"]["joins"]) == (1, 0)
    assert (r["sheriff join"]["bot_attacks"], r["sheriff join"]["bot_defends"]) == (0, 0)


def test_casualty_and_poster_features():
    s = blank(3, 20)
    s.rng = LoadedDice([5, 6, 1])  # the attacker (fewer) shoots first: 2 hits on guard and cowboy
    cowboys(s, DC, RED, 2)
    cowboys(s, DC, BLUE, 2)
    build(s, DC, BLUE, "bank")
    s.play("fight dodge-city rob blue bank")
    s.play("shoot")
    s.play("shoot")
    assert decision_kind(s) == "casualty" and s.current_player == BLUE
    r = rows(s)
    assert r["casualty cowboy"]["is_cowboy"] == 1 and r["casualty guard"]["is_cowboy"] == 0
    s = blank(3, 20)
    s.poster_sup = 0
    s.posters = [0, 3, 1]
    s.rng = LoadedDice([6, 1])  # one against the lone die, at once: red hits, the die misses
    cowboys(s, AB, RED, 1)
    build(s, AB, BLUE, "store")
    s.play("fight abilene seize blue store")
    s.play("shoot")
    s.play("shoot")  # blue may still retreat the lone die; it shoots
    assert decision_kind(s) == "poster"
    r = rows(s)
    assert (r["poster blue"]["victim_posters"], r["poster green"]["victim_posters"]) == (3, 1)


def test_retreat_and_place_features_read_the_town():
    s = blank(3, 20)
    cowboys(s, AB, RED, 2)
    cowboys(s, AB, BLUE, 3)
    build(s, AB, BLUE, "store")
    cattle(s, SA, RED, 1)
    cowboys(s, SA, GREEN, 2)
    s.play("fight abilene seize blue store")
    s.play("retreat")
    assert decision_kind(s) == "retreat"
    f = rows(s)["retreat san-antonio"]
    assert (f["town_number"], f["bot_assets_there"], f["rival_cowboys_there"], f["outgunned_there"]) == (1, 1, 2, 1)
    g = blank(3, 20).game.new_game(3, 4)
    first = g.current_player
    g.play("place abilene")
    g.play("place abilene")
    g.play("place deadwood")
    assert g.current_player == first
    f = rows(g)["place abilene"]
    assert (f["town_number"], f["bot_cowboys_there"], f["rival_cowboys_there"], f["can_buy_there"]) == (3, 1, 1, 0)
    assert rows(g)["place san-antonio"]["can_buy_there"] == 1


def test_move_on_features_with_several_destinations():
    s = blank(3, 20, move_cowboys_to="several")
    cowboys(s, AB, RED, 3)
    s.play("move-cowboys 1 abilene deadwood")
    assert decision_kind(s) == "move_on"
    r = rows(s)
    assert r["pass"]["passes"] == 1 and r["move-cowboys 2 abilene kansas-city"]["passes"] == 0
    assert r["move-cowboys 2 abilene kansas-city"]["cowboys"] == 2


# --- printed orders ---------------------------------------------------------------------------------------


def _order(s, acts=None) -> list[str]:
    acts = acts if acts is not None else s.legal_actions()
    place = tie_order(s, acts)
    return [str(a) for _, a in sorted(zip(place, acts), key=lambda e: e[0])]


def test_printed_order_of_bids_drop_first_then_the_least():
    s = blank(3, 3)
    bidding.start(s)
    assert _order(s) == ["drop", "bid 1", "bid 2", "bid 3"]


def test_printed_order_of_moves_and_buildings():
    s = blank(3, 20)
    cowboys(s, SA, RED, 1)
    acts = s.legal_actions()
    kinds, gs = groups(s, acts)
    buy = [acts[i] for i in gs[kinds.index("buy")]]
    assert _order(s, buy) == ["buy-cattle 2 san-antonio", "buy-cattle 1 san-antonio"]
    build_ = [acts[i] for i in gs[kinds.index("build")]]
    names = _order(s, build_)
    assert names[:2] == ["build stagecoach san-antonio", "build stagecoach kansas-city"]
    assert names.index("build bank deadwood") < names.index("build store san-antonio")


def test_printed_order_of_gunfight_targets_buildings_then_cattle_most_first_then_farmer():
    s = blank(3, 20)
    cowboys(s, AB, RED, 2)
    build(s, AB, BLUE, "hotel")
    build(s, AB, GREEN, "store")
    cattle(s, AB, BLUE, 2)
    farmer(s, AB)
    acts = s.legal_actions()
    kinds, gs = groups(s, acts)
    fights = [acts[i] for i in gs[kinds.index("fight")]]
    assert _order(s, fights) == [
        "fight abilene seize green store", "fight abilene seize blue hotel", "fight abilene steal blue 2",
        "fight abilene steal blue 1", "fight abilene remove farmer",
    ]


@pytest.mark.parametrize("players", [3, 4, 5])
def test_features_are_computed_at_every_decision_of_a_game(players):
    """A table with no rules (the printed orders decide) plays whole games, features traced."""
    from generator.bots import make_bot
    from generator.bots.table import TableBot
    from generator.schema.tables import Table

    g = blank(3, 20).game
    s = g.new_game(players, 9)
    trace: list = []
    bots = [TableBot(1, table=Table(game="way_out_west", level="normal", decisions={}), trace=trace)]
    bots += [make_bot("greedy", i) for i in range(1, players)]
    while not s.is_over:
        s.apply(bots[s.current_player].choose(s))
    assert {t.kind for t in trace} >= {"place", "bid", "action"}
    names = {kind: [n for n, ks in VOCABULARY.items() if kind in ks] for kind in C.decisions}
    assert all(len(t.rows[0]) == len(names[t.kind]) for t in trace)


def test_the_vocabulary_has_no_look_ahead_features():
    assert features.DEEP == set()
