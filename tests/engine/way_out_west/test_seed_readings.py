"""Way Out West rules fidelity, round 2 (issue 10): the seed where it is explicit, every other reading
an option. One test per rule, each from a constructed position; dice are loaded (LoadedDice)."""

from __future__ import annotations

import pytest

from generator.engine.way_out_west import scoring
from generator.engine.way_out_west.gunfight import ATT, DEF
from generator.engine.way_out_west.notation import C_LONE, C_SHERIFF
from generator.engine.way_out_west.state import BID, OVER
from generator.schema.way_out_west import Content, check

from tests.support.way_out_west import (
    AB, B, BLUE, DC, DW, GREEN, KC, RED, SA, LoadedDice, blank, build, cattle, conserved, cowboys, farmer, legal,
    with_content,
)


def fights(s) -> set[str]:
    return {a for a in legal(s) if a.startswith("fight")}


def moves(s, word: str) -> set[str]:
    return {a for a in legal(s) if a.startswith(word)}


# --- farmers belong to nobody [seed: "Los granjeros que son atacados se defienden como un solo vaquero"]


def test_attacked_farmer_defends_alone_as_one_cowboy():
    s = blank()
    farmer(s, AB, BLUE)
    cowboys(s, AB, BLUE, 3)  # the player who placed it: their cowboys do not join
    cowboys(s, AB, RED, 1)
    s.play("fight abilene remove farmer")
    f = s.fight
    assert f.total(DEF) == 1 and f.d_cow == 0 and f.d_farm == 1 and f.total(ATT) == 1
    assert s.current_player == RED and legal(s) == {"shoot", "retreat"}
    s.rng = LoadedDice([5, 2])  # one against one: at once; red hits, the farmer misses
    s.play("shoot")  # nobody decides for the farmer: the exchange follows at once
    assert s.fight is None and s.farm[AB] == 0 and s.farmgone == 1
    assert s.cow[AB][BLUE] == 3 and s.cow[AB][RED] == 1
    assert "Farmer defence rolls 2: 0 hits" in s.log
    conserved(s)


def _farmer_fight(dice: list[int]):
    """Red's one cowboy against a farmer green placed in Abilene: one exchange with these dice."""
    s = blank()
    farmer(s, AB, GREEN)
    cowboys(s, AB, RED, 1)
    s.rng = LoadedDice(dice)
    s.play("fight abilene remove farmer")
    s.play("shoot")
    return s


def test_win_over_a_farmer_gives_the_attacker_a_poster():
    s = _farmer_fight([6, 4])
    assert s.posters == [1, 0, 0, 0] and s.poster_sup == 12


def test_farmer_that_wins_gives_no_poster_and_stays():
    s = _farmer_fight([1, 6])  # red misses, the farmer hits
    assert s.fight is None and s.farm[AB] == 1 and s.cow[AB][RED] == 0 and s.cowsup[RED] == 9
    assert s.posters == [0, 0, 0, 0] and s.poster_sup == 13
    assert "The farmer holds Abilene; nobody takes a wanted poster" in s.log
    conserved(s)


def test_farmer_killed_in_the_same_volley_holds():
    s = _farmer_fight([6, 6])
    assert s.farm[AB] == 1 and s.posters == [0, 0, 0, 0]  # the defence holds


def test_anyone_may_attack_any_farmer_even_the_one_they_placed():
    s = blank()
    farmer(s, AB, RED)
    cowboys(s, AB, RED, 1)
    assert fights(s) == {"fight abilene remove farmer"}
    assert s.describe(s.parse("fight abilene remove farmer")) == "Red starts a gunfight in Abilene to remove a farmer."


def test_attacker_retreat_from_a_farmer_leaves_it_standing():
    s = blank()
    farmer(s, AB, GREEN)
    cowboys(s, AB, RED, 1)
    s.play("fight abilene remove farmer")
    s.play("retreat")
    s.play("retreat deadwood")
    assert s.fight is None and s.farm[AB] == 1 and s.cow[DW][RED] == 1 and s.posters == [0, 0, 0, 0]


def test_sheriff_never_stands_with_a_farmer_but_rides_with_its_owner():
    s = blank()
    farmer(s, AB, BLUE)
    build(s, AB, GREEN, "jail")
    cowboys(s, AB, RED, 1)
    s.play("fight abilene remove farmer")
    assert s.current_player == RED and legal(s) == {"shoot", "retreat"}  # green is not asked
    t = blank()
    farmer(t, AB, BLUE)
    build(t, AB, RED, "jail")
    cowboys(t, AB, RED, 1)
    t.play("fight abilene remove farmer")
    assert legal(t) == {"sheriff join", "sheriff stay"}
    t.play("sheriff join")
    assert t.fight.total(ATT) == 2 and t.fight.total(DEF) == 1


# --- an unprotected target defends with one die [sourced: a published clarification] -------------


def test_undefended_cattle_roll_one_die_of_defence():
    s = blank()
    cattle(s, AB, BLUE, 2)
    cowboys(s, AB, RED, 2)
    s.play("fight abilene steal blue 2")
    assert s.fight.kinds(DEF) == [C_LONE] and s.fight.total(DEF) == 1
    assert "No one defends: the target rolls one die of defence" in s.log
    s.rng = LoadedDice([6, 5])  # the lone die (fewer) shoots first and hits; red's last cowboy answers
    s.play("shoot")
    s.play("shoot")  # blue decides for the lone die (it may give the cattle up instead)
    assert s.fight is None and s.cow[AB][RED] == 1 and s.cowsup[RED] == 8
    assert s.cat[AB] == [2, 0, 0, 0] and s.posters[RED] == 1
    conserved(s)


def test_lone_die_that_wins_holds_the_target_for_its_owner():
    s = blank()
    build(s, AB, BLUE, "hotel")
    cowboys(s, AB, RED, 1)
    s.rng = LoadedDice([2, 5])
    s.play("fight abilene seize blue hotel")
    s.play("shoot")
    s.play("shoot")
    assert s.bld[AB][B["hotel"]] == BLUE and s.cow[AB][RED] == 0 and s.posters == [0, 1, 0, 0]


def test_lone_die_not_used_when_the_owner_sheriff_joins():
    def defence(sheriff: str) -> list[int]:
        s = blank()
        build(s, AB, BLUE, "jail")
        build(s, AB, BLUE, "store")
        cowboys(s, AB, RED, 1)
        s.play("fight abilene seize blue store")
        s.play(sheriff)
        return s.fight.kinds(DEF)

    assert defence("sheriff join") == [C_SHERIFF]
    assert defence("sheriff stay") == [C_LONE]


# --- a retreat with only built-in guards left (option retreat_guards_only) ------------------------


def test_retreat_with_only_guards_left_the_target_falls():
    s = blank()
    build(s, AB, BLUE, "bank")
    cowboys(s, AB, RED, 2)
    s.play("fight abilene rob blue bank")
    s.play("shoot")
    assert s.current_player == BLUE and legal(s) == {"shoot", "retreat"}
    s.rng = LoadedDice([3, 3, 3])  # only the robbery dice
    s.play("retreat")
    assert s.fight is None and s.money == [29, 11, 20, 20] and s.posters[RED] == 1


def test_retreat_with_only_guards_left_option_fight_on():
    s = blank(retreat_guards_only="fight_on")
    build(s, AB, BLUE, "bank")
    cowboys(s, AB, RED, 2)
    s.play("fight abilene rob blue bank")
    s.rng = LoadedDice([1, 5, 1, 1, 1, 1])  # the guard misses, red hits it; robbery 1+1+1
    s.play("shoot")  # blue has no cowboy in the fight: the guard fights on without being asked
    assert s.fight is None and s.money == [23, 17, 20, 20]
    u = blank(retreat_guards_only="fight_on")
    build(u, AB, BLUE, "bank")
    cowboys(u, AB, RED, 1)
    cowboys(u, AB, BLUE, 1)
    u.play("fight abilene rob blue bank")
    u.rng = LoadedDice([1, 1, 5])  # red first (fewer): misses; blue's cowboy and guard: one hit
    u.play("shoot")
    assert u.current_player == BLUE  # with a cowboy in the fight blue is asked
    u.play("shoot")
    assert u.fight is None and u.posters[BLUE] == 1


# --- a bank closed by an unpaid robbery (option robbed_bank) --------------------------------------


def test_unpaid_robbery_bank_option_leaves_the_game():
    s = blank(robbed_bank="leaves")
    build(s, AB, BLUE, "bank")
    cowboys(s, AB, RED, 2)
    s.money[BLUE] = 2
    s.rng = LoadedDice([1, 5, 1, 6, 6, 6])
    s.play("fight abilene rob blue bank")
    s.play("shoot")
    s.play("shoot")
    assert s.bld[AB][B["bank"]] == -1 and s.bgone[BLUE][B["bank"]] == 1 and s.bsup[BLUE][B["bank"]] == 2
    assert s.money[BLUE] == 0 and s.money[RED] == 22
    conserved(s)


# --- moving cattle: to a neighbour or any town; where the cowboy must be --------------------------


def test_move_cattle_option_any_town():
    s = blank(cattle_trail="free")
    cattle(s, SA, RED, 2)
    cowboys(s, DC, RED, 1)
    assert not moves(s, "move-cattle")  # Dodge City is not next to San Antonio
    a = blank(cattle_trail="free", move_cattle_to="any")
    cattle(a, SA, RED, 2)
    cowboys(a, DC, RED, 1)
    assert moves(a, "move-cattle") == {"move-cattle 1 san-antonio dodge-city", "move-cattle 2 san-antonio dodge-city"}


def test_move_cattle_cowboy_options_either_and_none():
    def with_cowboy_at_source(**opt):
        s = blank(**opt)
        cattle(s, SA, RED, 1)
        cowboys(s, SA, RED, 1)
        return moves(s, "move-cattle")

    assert with_cowboy_at_source() == set()  # destination (default): Kansas City has no red cowboy
    assert with_cowboy_at_source(move_cattle_cowboy="either") == {"move-cattle 1 san-antonio kansas-city"}
    n = blank(move_cattle_cowboy="none")
    cattle(n, SA, RED, 1)
    assert moves(n, "move-cattle") == {"move-cattle 1 san-antonio kansas-city"}


# --- moving cowboys: to one town or several (option move_cowboys_to) ------------------------------


def test_move_cowboys_option_several_towns():
    s = blank(move_cowboys_to="several")
    cowboys(s, AB, RED, 4)
    build(s, AB, GREEN, "stagecoach")
    s.play("move-cowboys 2 abilene deadwood")
    assert s.current_player == RED and s.step == 0
    more = legal(s)
    assert "pass" in more and "move-cowboys 2 abilene san-antonio" in more
    assert not any(m.endswith("deadwood") for m in more)  # each town once
    assert all(m == "pass" or m.startswith("move-cowboys") and " abilene " in m for m in more)
    s.play("move-cowboys 1 abilene san-antonio")
    s.play("pass")
    assert s.current_player == BLUE and s.boxes_used[s.rules.B_MOVEC] == 1
    assert [s.cow[t][RED] for t in range(5)] == [1, 0, 1, 0, 2] and s.money[GREEN] == 23
    one = blank()
    cowboys(one, AB, RED, 4)
    one.play("move-cowboys 2 abilene deadwood")
    assert one.current_player == BLUE  # the default: one town per move


def test_move_cowboys_several_ends_when_the_town_is_empty():
    s = blank(move_cowboys_to="several")
    cowboys(s, AB, RED, 2)
    s.play("move-cowboys 1 abilene deadwood")
    s.play("move-cowboys 1 abilene kansas-city")
    assert s.current_player == BLUE and s.mc_from == -1


# --- rounds: 12 [seed], or by player count (option rounds) ----------------------------------------


@pytest.mark.parametrize("players,opt,ends", [(4, 12, False), (4, "by_players", True), (5, "by_players", True),
                                              (3, "by_players", False)])
def test_rounds_option_by_players(players, opt, ends):
    s = blank(players, rounds=opt)
    s.round = 9
    s.step = players * 2 - 1
    s.play("pass")
    assert any(e.startswith("Income after round 9") for e in s.log)
    assert (s.phase == OVER) == ends and (s.phase == BID) != ends
    assert s.observation(0)["round_of"] == (9 if ends else 12)


# --- town majority: buildings, or buildings and cattle (option town_majority) ---------------------


def test_town_majority_option_buildings_and_cattle():
    def majority(**opt):
        s = blank(**opt)
        build(s, AB, RED, "hotel")
        build(s, AB, BLUE, "store")
        cattle(s, AB, BLUE, 2)
        return [row["majority"] for row in scoring.breakdown(s)]

    assert majority() == [0, 0, 0, 0]  # one building each: a tie scores nothing
    assert majority(town_majority="buildings_and_cattle") == [0, 2, 0, 0]  # blue: 1 building + 2 cattle


# --- every content number is read: box costs (per unit or per action), units.min ------------------


def test_move_cowboys_may_cost_money_per_cowboy():
    c = with_content(boxes={"move-cowboys": {"cost": 1, "cost_per": "unit"}})
    s = blank(money=2, content=c)
    cowboys(s, AB, RED, 3)
    assert moves(s, "move-cowboys 3") == set()  # $3 is more than red has
    s.play("move-cowboys 2 abilene deadwood")
    assert s.money[RED] == 0


def test_move_cattle_may_cost_money_per_counter():
    c = with_content(boxes={"move-cattle": {"cost": 2, "cost_per": "unit"}})
    s = blank(money=3, content=c)
    cattle(s, SA, RED, 2)
    cowboys(s, KC, RED, 1)
    assert moves(s, "move-cattle") == {"move-cattle 1 san-antonio kansas-city"}
    s.play("move-cattle 1 san-antonio kansas-city")
    assert s.money[RED] == 1


def test_buy_cattle_cost_per_action():
    c = with_content(boxes={"buy-cattle": {"cost": 3, "cost_per": "action"}})
    s = blank(content=c)
    cowboys(s, SA, RED, 1)
    assert moves(s, "buy-cattle") == {"buy-cattle 1 san-antonio", "buy-cattle 2 san-antonio"}
    s.play("buy-cattle 2 san-antonio")
    assert s.money[RED] == 17 and s.cat[SA][RED] == 2


def test_farmer_and_gunfight_may_cost_money():
    c = with_content(boxes={"farmer": {"cost": 2}, "gunfight": {"cost": 3}})
    s = blank(money=2, content=c)
    cowboys(s, AB, RED, 1)
    cattle(s, AB, BLUE, 1)
    assert fights(s) == set() and "farmer abilene" in legal(s)
    s.money[RED] = 3
    s.play("fight abilene steal blue 1")
    assert s.money[RED] == 0 and s.fight is not None
    t = blank(money=5, content=c)
    t.play("farmer abilene")
    assert t.money[RED] == 3


def test_units_min_is_read():
    c = with_content(boxes={"hire": {"units": {"min": 2, "max": 2}}})
    s = blank(content=c)
    assert moves(s, "hire") == {f"hire 2 {t}" for t in ("san-antonio", "kansas-city", "abilene", "dodge-city", "deadwood")}


def test_move_cowboys_several_pays_an_action_cost_once():
    c = with_content(boxes={"move-cowboys": {"cost": 2}})
    s = blank(content=c, move_cowboys_to="several")
    cowboys(s, AB, RED, 3)
    s.play("move-cowboys 1 abilene deadwood")
    s.play("move-cowboys 1 abilene kansas-city")
    assert s.money[RED] == 18


# --- the schema accepts only what the engine reads ------------------------------------------------


def _problems(**edit) -> list[str]:
    from generator.content import load_content

    data = load_content("way_out_west").model_dump()
    for box in data["action_boxes"]:
        box.update(edit.get("boxes", {}).get(box["id"], {}))
    if "rounds_by_players" in edit:
        data["rounds_by_players"] = edit["rounds_by_players"]
    return [msg for _, msg in check(Content.model_validate(data))]


def test_schema_rejects_fields_the_engine_would_ignore():
    assert any("gunfight takes no units" in m for m in _problems(boxes={"gunfight": {"units": {"min": 1, "max": 2}}}))
    assert any("farmer has no units" in m for m in _problems(boxes={"farmer": {"cost_per": "unit"}}))


def test_schema_box_counts_per_player_count():
    assert any("more players never have fewer boxes" in m for m in _problems(boxes={"hire": {"boxes": {3: 3, 4: 3, 5: 2}}}))
    assert any("each count 3-5" in m for m in _problems(boxes={"hire": {"boxes": {3: 3, 4: 3}}}))
    assert _problems(boxes={"hire": {"boxes": {3: 0, 4: 2, 5: 4}}}) == []  # a box may open only with more players


def test_schema_rounds_by_players_end_on_income():
    assert any("must be an income round" in m for m in _problems(rounds_by_players={3: 12, 4: 10, 5: 9}))
