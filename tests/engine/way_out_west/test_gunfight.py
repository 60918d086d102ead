"""Way Out West gunfights: every target and outcome, the sheriff, guards, retreat and wanted posters.

Dice are loaded (LoadedDice) so every volley is known in advance.
"""

from __future__ import annotations

from generator.engine.way_out_west.gunfight import ATT, DEF
from generator.engine.way_out_west.notation import C_LONE

from tests.support.way_out_west import (
    AB, B, BLUE, DC, DW, GREEN, KC, RED, SA, YELLOW, LoadedDice, blank, build, cattle, conserved, cowboys, farmer, legal,
)


def fights(s) -> set[str]:
    return {a for a in legal(s) if a.startswith("fight")}


def test_fight_needs_cowboy_in_town():
    s = blank()
    build(s, AB, BLUE, "hotel")
    cowboys(s, KC, RED, 2)
    assert fights(s) == set()
    cowboys(s, AB, RED, 1)
    assert fights(s) == {"fight abilene seize blue hotel"}


def test_targets_other_players_only():
    s = blank()
    cowboys(s, AB, RED, 1)
    build(s, AB, RED, "hotel")
    cattle(s, AB, RED, 2)
    assert fights(s) == set()


def test_undefended_target_falls_without_a_fight_option_falls():
    s = blank(undefended_target="falls")
    s.rng = LoadedDice([])  # no die is rolled
    cowboys(s, AB, RED, 1)
    build(s, AB, BLUE, "hotel")
    s.play("fight abilene seize blue hotel")
    assert s.bld[AB][B["hotel"]] == RED
    assert s.bsup[RED][B["hotel"]] == 2 and s.bsup[BLUE][B["hotel"]] == 3
    assert s.posters[RED] == 1 and s.poster_sup == 12
    assert s.fight is None and s.current_player == BLUE
    conserved(s)
    n = blank(undefended_target="not_allowed")
    cowboys(n, AB, RED, 1)
    build(n, AB, BLUE, "hotel")
    assert fights(n) == set()
    cowboys(n, AB, BLUE, 1)
    assert fights(n) == {"fight abilene seize blue hotel"}


def test_seize_building_changes_colour():
    s = blank()
    cowboys(s, AB, RED, 2)
    cowboys(s, AB, BLUE, 1)
    build(s, AB, BLUE, "store")
    s.rng = LoadedDice([3, 5, 1])  # blue (fewer) shoots first: 3 misses; red: 5 hits, 1 misses
    s.play("fight abilene seize blue store")
    assert s.current_player == RED and legal(s) == {"shoot", "retreat"}
    s.play("shoot")
    assert s.current_player == BLUE
    s.play("shoot")
    assert s.bld[AB][B["store"]] == RED
    assert s.cow[AB][BLUE] == 0 and s.cowsup[BLUE] == 9  # the killed cowboy goes home
    assert s.cow[AB][RED] == 2 and s.posters[RED] == 1
    assert "Blue defence rolls 3: 0 hits" in s.log and "Red attack rolls 5, 1: 1 hit" in s.log
    conserved(s)


def test_seize_blocked_by_two_per_player_limit():
    # option seize_over_limit=forbidden; by default the fight is legal and the building keeps its
    # colour (test_wow_review.test_seize_over_two_per_player_limit_fight_allowed_building_keeps_colour)
    s = blank(seize_over_limit="forbidden")
    cowboys(s, DW, RED, 1)
    build(s, DW, BLUE, "hotel")
    build(s, DW, RED, "bank")
    build(s, DW, RED, "jail")
    assert "fight deadwood seize blue hotel" not in fights(s)
    t = blank(seize_over_limit="forbidden")
    cowboys(t, DW, RED, 1)
    build(t, DW, BLUE, "hotel")
    t.bsup[RED][B["hotel"]] = 0  # every red hotel is on the board: nothing to replace it with
    t.bgone[RED][B["hotel"]] = 3
    assert "fight deadwood seize blue hotel" not in fights(t)


def test_banks_jails_and_farmers_are_not_seized():
    s = blank()
    cowboys(s, AB, RED, 1)
    build(s, AB, BLUE, "bank")
    build(s, AB, GREEN, "jail")
    farmer(s, AB, YELLOW)
    assert fights(s) == {"fight abilene rob blue bank", "fight abilene remove green jail", "fight abilene remove farmer"}


def test_steal_up_to_two_cattle_replaced_by_attacker_colour():
    s = blank(undefended_target="falls")
    cowboys(s, AB, RED, 1)
    cattle(s, AB, BLUE, 3)
    cattle(s, AB, GREEN, 1)
    assert fights(s) == {"fight abilene steal blue 1", "fight abilene steal blue 2", "fight abilene steal green 1"}
    s.play("fight abilene steal blue 2")
    assert s.cat[AB] == [2, 1, 1, 0]
    assert s.catsup[RED] == 13 and s.catsup[BLUE] == 14
    conserved(s)


def test_steal_limited_by_attacker_supply():
    s = blank()
    cowboys(s, AB, RED, 1)
    cattle(s, AB, BLUE, 3)
    cattle(s, DW, RED, 14)
    assert fights(s) == {"fight abilene steal blue 1"}


def test_rob_bank_owner_pays_three_dice():
    s = blank()
    cowboys(s, AB, RED, 2)
    build(s, AB, BLUE, "bank")
    # the guard (1 fighter, fewer) shoots first: 2 misses; red 6, 6: the guard falls; robbery 3+4+5
    s.rng = LoadedDice([2, 6, 6, 3, 4, 5])
    s.play("fight abilene rob blue bank")
    s.play("shoot")
    s.play("shoot")
    assert s.money[BLUE] == 8 and s.money[RED] == 32
    assert s.bld[AB][B["bank"]] == BLUE  # the bank stays with its owner
    assert s.posters[RED] == 1
    conserved(s)


def test_rob_bank_owner_cannot_pay_bank_removed():
    s = blank()
    cowboys(s, AB, RED, 2)
    build(s, AB, BLUE, "bank")
    s.money[BLUE] = 5
    s.rng = LoadedDice([1, 5, 1, 6, 6, 6])
    s.play("fight abilene rob blue bank")
    s.play("shoot")
    s.play("shoot")
    assert s.money[BLUE] == 0 and s.money[RED] == 25
    assert s.bld[AB][B["bank"]] == -1 and s.bsup[BLUE][B["bank"]] == 3
    conserved(s)


def test_rob_bank_owner_pays_exactly_keeps_bank():
    s = blank()
    cowboys(s, AB, RED, 2)
    build(s, AB, BLUE, "bank")
    s.money[BLUE] = 6
    s.rng = LoadedDice([1, 5, 1, 1, 2, 3])
    s.play("fight abilene rob blue bank")
    s.play("shoot")
    s.play("shoot")
    assert s.money[BLUE] == 0 and s.bld[AB][B["bank"]] == BLUE


def test_remove_farmer_leaves_game():
    s = blank()
    cowboys(s, AB, RED, 2)
    farmer(s, AB, BLUE)
    s.rng = LoadedDice([1, 5, 2])  # the farmer defends as one cowboy and shoots first
    s.play("fight abilene remove farmer")
    assert s.fight.total(DEF) == 1
    s.play("shoot")  # nobody answers for the farmer: the exchange follows at once
    assert s.farm[AB] == 0 and s.farmgone == 1 and s.posters[RED] == 1
    s.order = [BLUE, RED, GREEN, YELLOW]
    s.step = 0
    s.boxes_used = [0] * len(s.boxes_used)
    assert not any(a.startswith("farmer") for a in legal(s))  # blue's one farmer is gone for good
    conserved(s)


def test_remove_jail_leaves_game():
    s = blank()
    cowboys(s, AB, RED, 1)
    build(s, AB, BLUE, "jail")
    s.rng = LoadedDice([5, 2])  # 1 against 1 (the sheriff): simultaneous; red hits, sheriff misses
    s.play("fight abilene remove blue jail")
    assert s.current_player == BLUE and legal(s) == {"sheriff join", "sheriff stay"}
    s.play("sheriff join")
    s.play("shoot")
    s.play("shoot")
    assert s.bld[AB][B["jail"]] == -1 and s.bgone[BLUE][B["jail"]] == 1
    conserved(s)


def test_only_attacker_and_owner_cowboys_involved():
    s = blank()
    cowboys(s, AB, RED, 1)
    cowboys(s, AB, BLUE, 1)
    cowboys(s, AB, GREEN, 5)
    build(s, AB, BLUE, "hotel")
    s.play("fight abilene seize blue hotel")
    assert s.fight.total(ATT) == 1 and s.fight.total(DEF) == 1
    s.rng = LoadedDice([6, 6])
    s.play("shoot")
    s.play("shoot")
    assert s.cow[AB] == [0, 0, 5, 0]  # both fall at once; green untouched


def test_both_sides_fall_defence_holds():
    s = blank()
    cowboys(s, AB, RED, 1)
    cowboys(s, AB, BLUE, 1)
    build(s, AB, BLUE, "hotel")
    s.rng = LoadedDice([6, 6])
    s.play("fight abilene seize blue hotel")
    s.play("shoot")
    s.play("shoot")
    assert s.bld[AB][B["hotel"]] == BLUE and s.posters[BLUE] == 1 and s.posters[RED] == 0


def test_sheriff_joins_attacking_jail_owner():
    s = blank()
    cowboys(s, AB, RED, 1)
    cowboys(s, AB, BLUE, 1)
    build(s, AB, RED, "jail")
    build(s, AB, BLUE, "hotel")
    s.play("fight abilene seize blue hotel")
    assert s.current_player == RED and legal(s) == {"sheriff join", "sheriff stay"}
    s.play("sheriff join")
    assert s.fight.total(ATT) == 2 and s.fight.total(DEF) == 1
    # blue (fewer) shoots first and hits: red chooses the casualty
    s.rng = LoadedDice([5, 1])
    s.play("shoot")
    s.play("shoot")
    assert s.current_player == RED and legal(s) == {"casualty cowboy", "casualty sheriff"}
    s.play("casualty sheriff")
    assert s.fight.total(ATT) == 1 and s.cow[AB][RED] == 1
    assert s.bld[AB][B["jail"]] == RED  # the jail keeps its sheriff


def test_sheriff_joins_defender_third_party():
    s = blank()
    cowboys(s, AB, RED, 1)
    build(s, AB, GREEN, "jail")
    build(s, AB, BLUE, "hotel")
    s.play("fight abilene seize blue hotel")
    assert s.current_player == GREEN
    s.play("sheriff join")
    assert s.fight.total(DEF) == 1  # the undefended hotel now has the sheriff
    s.rng = LoadedDice([2, 6])
    s.play("shoot")
    s.play("shoot")  # blue leads the defence
    assert s.cow[AB][RED] == 0 and s.bld[AB][B["hotel"]] == BLUE
    assert s.posters[BLUE] == 1 and s.posters[GREEN] == 0


def test_sheriff_stay():
    s = blank(undefended_target="falls")
    cowboys(s, AB, RED, 1)
    build(s, AB, GREEN, "jail")
    build(s, AB, BLUE, "hotel")
    s.play("fight abilene seize blue hotel")
    s.play("sheriff stay")
    assert s.fight is None and s.bld[AB][B["hotel"]] == RED  # nobody defended: it falls


def test_bank_and_train_have_builtin_guard():
    s = blank()
    cowboys(s, DC, RED, 3)
    cowboys(s, DC, BLUE, 1)
    build(s, DC, BLUE, "train")
    s.play("fight dodge-city seize blue train")
    assert s.fight.total(DEF) == 2 and s.fight.kinds(DEF) == [0, 2]
    t = blank()
    cowboys(t, DC, RED, 3)
    build(t, DC, BLUE, "store")
    t.play("fight dodge-city seize blue store")
    assert t.fight.d_guard == 0 and t.fight.kinds(DEF) == [C_LONE]  # no guard: only the lone defence die


def test_fewer_fighters_shoot_first():
    s = blank()
    cowboys(s, AB, RED, 1)
    cowboys(s, AB, BLUE, 3)
    build(s, AB, BLUE, "hotel")
    s.rng = LoadedDice([6, 1, 2])  # red (1 fighter) first: 1 hit; blue answers with only 2 dice
    s.play("fight abilene seize blue hotel")
    s.play("shoot")
    s.play("shoot")
    assert s.rng.rolls == []
    assert s.log.index("Red attack rolls 6: 1 hit") < s.log.index("Defending cowboy falls")
    assert "Blue defence rolls 1, 2: 0 hits" in s.log
    assert s.fight.total(DEF) == 2 and s.current_player == RED  # next exchange


def test_equal_sides_shoot_simultaneously():
    s = blank()
    cowboys(s, AB, RED, 2)
    cowboys(s, AB, BLUE, 2)
    build(s, AB, BLUE, "hotel")
    s.rng = LoadedDice([5, 6, 6, 1])  # both sides roll 2 dice at once
    s.play("fight abilene seize blue hotel")
    s.play("shoot")
    s.play("shoot")
    assert s.cow[AB][RED] == 1 and s.cow[AB][BLUE] == 0
    assert s.bld[AB][B["hotel"]] == RED


def test_five_and_six_kill():
    s = blank()
    cowboys(s, AB, RED, 4)
    cowboys(s, AB, BLUE, 4)
    build(s, AB, BLUE, "hotel")
    s.rng = LoadedDice([1, 2, 3, 4, 5, 6, 6, 5])
    s.play("fight abilene seize blue hotel")
    s.play("shoot")
    s.play("shoot")
    assert s.cow[AB][BLUE] == 4 and s.cow[AB][RED] == 0  # 1-4 miss, 5-6 kill
    assert s.bld[AB][B["hotel"]] == BLUE and s.cowsup[RED] == 9


def test_casualty_choice_by_controller():
    s = blank()
    cowboys(s, AB, RED, 3)
    cowboys(s, AB, BLUE, 1)
    build(s, AB, BLUE, "bank")
    s.rng = LoadedDice([1, 1, 5, 1, 1])
    s.play("fight abilene rob blue bank")
    s.play("shoot")
    s.play("shoot")
    assert s.current_player == BLUE and legal(s) == {"casualty cowboy", "casualty guard"}
    s.play("casualty guard")
    assert s.cow[AB][BLUE] == 1 and s.fight.total(DEF) == 1
    assert s.current_player == RED and legal(s) == {"shoot", "retreat"}


def test_retreat_one_cowboy_per_town_and_loses():
    s = blank()
    cowboys(s, AB, RED, 2)
    cowboys(s, AB, BLUE, 1)
    build(s, AB, BLUE, "hotel")
    s.play("fight abilene seize blue hotel")
    s.play("shoot")
    s.play("retreat")  # blue retreats: 1 cowboy, 4 towns to choose from
    assert s.current_player == BLUE
    assert legal(s) == {"retreat san-antonio", "retreat kansas-city", "retreat dodge-city", "retreat deadwood"}
    s.play("retreat deadwood")
    assert s.cow[DW][BLUE] == 1 and s.cow[AB][BLUE] == 0
    assert s.bld[AB][B["hotel"]] == RED and s.posters[RED] == 1
    # the attacker may retreat too
    t = blank()
    cowboys(t, AB, RED, 2)
    cowboys(t, AB, BLUE, 1)
    build(t, AB, BLUE, "hotel")
    build(t, SA, GREEN, "stagecoach")
    t.play("fight abilene seize blue hotel")
    t.play("retreat")
    t.play("retreat san-antonio")
    assert legal(t) == {"retreat kansas-city", "retreat dodge-city", "retreat deadwood"}
    t.play("retreat kansas-city")
    assert t.cow[SA][RED] == 1 and t.cow[KC][RED] == 1 and t.cow[AB][RED] == 0
    assert t.money[GREEN] == 20  # moved (not placed) into a stagecoach town: no fare (digest)
    assert t.bld[AB][B["hotel"]] == BLUE and t.posters[BLUE] == 1
    conserved(t)


def test_retreat_with_fewer_towns_than_cowboys():
    s = blank()
    cowboys(s, AB, RED, 2)
    cowboys(s, AB, BLUE, 6)
    build(s, AB, BLUE, "hotel")
    s.play("fight abilene seize blue hotel")
    s.play("retreat")  # red's 2 cowboys: 4 towns, red chooses
    assert s.current_player == RED
    u = blank()
    cowboys(u, AB, RED, 7)
    cowboys(u, AB, BLUE, 6)
    build(u, AB, BLUE, "hotel")
    u.play("fight abilene seize blue hotel")
    u.play("shoot")
    u.play("retreat")  # 6 cowboys, 4 other towns: one each, 2 go home
    assert [u.cow[t][BLUE] for t in range(5)] == [1, 1, 0, 1, 1]
    assert u.cowsup[BLUE] == 9 - 4
    assert u.bld[AB][B["hotel"]] == RED
    conserved(u)
    f = blank(retreat_overflow="forbidden")
    cowboys(f, AB, RED, 7)
    cowboys(f, AB, BLUE, 3)
    build(f, AB, BLUE, "hotel")
    f.play("fight abilene seize blue hotel")
    # red has 7 cowboys and only 4 towns to flee to: red is not asked, blue (3) may still retreat
    assert f.current_player == BLUE and legal(f) == {"shoot", "retreat"}


def test_winner_takes_wanted_poster():
    s = blank(undefended_target="falls")
    cowboys(s, AB, RED, 1)
    cattle(s, AB, BLUE, 1)
    s.play("fight abilene steal blue 1")
    assert s.posters == [1, 0, 0, 0] and s.poster_sup == 12


def test_poster_from_other_player_when_none_left():
    s = blank(undefended_target="falls")
    cowboys(s, AB, RED, 1)
    cattle(s, AB, BLUE, 1)
    s.poster_sup = 0
    s.posters = [4, 3, 6, 0]
    s.play("fight abilene steal blue 1")
    assert s.current_player == RED and legal(s) == {"poster blue", "poster green"}
    s.play("poster green")
    assert s.posters == [5, 3, 5, 0] and s.fight is None
    t = blank(undefended_target="falls")
    cowboys(t, AB, RED, 1)
    cattle(t, AB, BLUE, 1)
    t.poster_sup = 0
    t.posters = [12, 0, 0, 1]
    t.play("fight abilene steal blue 1")
    assert t.posters == [13, 0, 0, 0] and t.fight is None  # only one to take from
    conserved(t)


def test_defender_wins_takes_poster():
    s = blank()
    cowboys(s, AB, RED, 1)
    cowboys(s, AB, BLUE, 1)
    cattle(s, AB, BLUE, 2)
    s.rng = LoadedDice([1, 6])
    s.play("fight abilene steal blue 2")
    s.play("shoot")
    s.play("shoot")
    assert s.posters == [0, 1, 0, 0] and s.cat[AB][BLUE] == 2 and s.cowsup[RED] == 9
    assert s.fight is None and s.current_player == BLUE


def test_several_exchanges_until_one_side_is_empty():
    s = blank()
    cowboys(s, AB, RED, 2)
    cowboys(s, AB, BLUE, 2)
    build(s, AB, BLUE, "hotel")
    s.rng = LoadedDice([1, 1, 1, 1, 5, 2, 3, 4, 6])
    s.rng.rolls.append(5)
    s.play("fight abilene seize blue hotel")
    s.play("shoot")
    s.play("shoot")  # exchange 1: 2 v 2, all miss
    s.play("shoot")
    s.play("shoot")  # exchange 2: red 5, 2 (1 hit), blue 3, 4 (simultaneous)
    assert s.fight.total(DEF) == 1
    s.play("shoot")
    s.play("shoot")  # exchange 3: blue (1) shoots first: 6 kills a red cowboy; red's last cowboy: 5
    assert s.cow[AB][RED] == 1 and s.cow[AB][BLUE] == 0
    assert s.bld[AB][B["hotel"]] == RED and s.rng.rolls == []


def test_gunfight_boxes_limit_fights_per_round():
    s = blank(undefended_target="falls")
    for p in (RED, BLUE, GREEN):
        cowboys(s, AB, p, 1)
    cattle(s, AB, YELLOW, 3)
    s.play("fight abilene steal yellow 1")  # red: undefended, falls
    s.play("fight abilene steal yellow 1")  # blue
    assert fights(s) == set()  # green: both gunfight boxes are taken (4 players)
    assert s.boxes_used[s.rules.B_FIGHT] == 2


def test_fight_in_progress_survives_json_and_clone():
    import json

    s = blank()
    cowboys(s, AB, RED, 3)
    cowboys(s, AB, BLUE, 1)
    build(s, AB, BLUE, "bank")
    s.rng = LoadedDice([1, 1, 5, 1, 1])
    s.play("fight abilene rob blue bank")
    s.play("shoot")
    s.play("shoot")
    assert legal(s) == {"casualty cowboy", "casualty guard"}
    s.rng = __import__("random").Random(5)
    back = s.game.from_json(json.loads(json.dumps(s.to_json())))
    assert legal(back) == legal(s) and back.current_player == BLUE
    c = s.clone()
    c.play("casualty cowboy")
    assert s.fight.total(DEF) == 2 and c.fight.total(DEF) == 1
    back.play("casualty guard")
    assert back.fight.kinds(DEF) == [0]
