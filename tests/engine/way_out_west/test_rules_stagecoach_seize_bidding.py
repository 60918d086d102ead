"""Way Out West review: rules where the engine deviated from the digest, one test per rule."""

from __future__ import annotations

import random
import zlib

import pytest

from generator.content import load_content
from generator.engine.way_out_west.gunfight import DEF

from tests.support.way_out_west import (
    AB, B, BLUE, DW, GREEN, KC, RED, SA, LoadedDice, bidding_position, blank, build, conserved, cowboys, game, legal,
    turn,
)


def fights(s) -> set[str]:
    return {a for a in legal(s) if a.startswith("fight")}


# --- stagecoach: "$1 for each cowboy placed into, or moved out of, its town" ----------------------


def test_stagecoach_pays_for_cowboys_placed_into_or_moved_out_not_moved_in():
    s = blank()
    build(s, AB, BLUE, "stagecoach")
    build(s, DW, GREEN, "stagecoach")
    cowboys(s, KC, RED, 2)
    s.play("move-cowboys 2 kansas-city abilene")  # moved INTO abilene: not placed, not moved out
    assert s.money[BLUE] == 20
    turn(s, RED)
    s.play("move-cowboys 2 abilene deadwood")  # moved out of abilene: blue +2; into deadwood: nothing
    assert s.money[BLUE] == 22 and s.money[GREEN] == 20
    turn(s, RED)
    s.play("hire 1 deadwood")  # placed into deadwood: green +1
    assert s.money[GREEN] == 21
    opt = blank(stagecoach_moves_in=True)
    build(opt, AB, BLUE, "stagecoach")
    cowboys(opt, KC, RED, 2)
    opt.play("move-cowboys 2 kansas-city abilene")
    assert opt.money[BLUE] == 22


def test_stagecoach_pays_for_retreat_out_of_its_town_not_into():
    s = blank()
    cowboys(s, AB, RED, 1)
    cowboys(s, AB, BLUE, 1)
    build(s, AB, BLUE, "hotel")
    build(s, AB, GREEN, "stagecoach")
    build(s, DW, GREEN, "train")
    s.play("fight abilene seize blue hotel")
    s.play("retreat")
    s.play("retreat deadwood")
    assert s.money[GREEN] == 21  # one red cowboy moved out of abilene
    t = blank()
    cowboys(t, AB, RED, 1)
    cowboys(t, AB, BLUE, 1)
    build(t, AB, BLUE, "hotel")
    build(t, SA, GREEN, "stagecoach")
    t.play("fight abilene seize blue hotel")
    t.play("retreat")
    t.play("retreat san-antonio")
    assert t.money[GREEN] == 20  # moved into san antonio: no fare
    conserved(t)


# --- seize: "a building changes to the attacker's colour (not allowed if it would break the
#     2-per-player limit)": the change is what is not allowed, not the fight --------------------


def test_seize_over_two_per_player_limit_fight_allowed_building_keeps_colour():
    s = blank()
    cowboys(s, DW, RED, 1)
    build(s, DW, BLUE, "hotel")
    build(s, DW, RED, "bank")
    build(s, DW, RED, "jail")
    assert "fight deadwood seize blue hotel" in fights(s)
    s.play("fight deadwood seize blue hotel")
    s.play("sheriff stay")  # red's own jail: red keeps the sheriff home; the hotel has no defender
    s.rng = LoadedDice([5, 2])  # red against the lone defence die, at once: red hits, the die misses
    s.play("shoot")
    s.play("shoot")
    assert s.fight is None
    assert s.bld[DW][B["hotel"]] == BLUE  # red already has 2 buildings in Deadwood
    assert s.posters[RED] == 1  # but red won the gunfight
    conserved(s)


def test_seize_without_a_token_in_supply_building_keeps_colour():
    s = blank()
    cowboys(s, DW, RED, 1)
    build(s, DW, BLUE, "hotel")
    s.bsup[RED][B["hotel"]] = 0
    s.bgone[RED][B["hotel"]] = 3
    s.play("fight deadwood seize blue hotel")
    s.rng = LoadedDice([6, 1])
    s.play("shoot")
    s.play("shoot")
    assert s.bld[DW][B["hotel"]] == BLUE and s.posters[RED] == 1
    conserved(s)


def test_seize_over_limit_option_forbidden():
    s = blank(seize_over_limit="forbidden")
    cowboys(s, DW, RED, 1)
    build(s, DW, BLUE, "hotel")
    build(s, DW, RED, "bank")
    build(s, DW, RED, "jail")
    assert "fight deadwood seize blue hotel" not in fights(s)


# --- property: every option choice, every seat count: never stuck, notation round-trips ----------




_SPECS = load_content("way_out_west").options
_CHOICES = [(name, value) for name, spec in sorted(_SPECS.items()) for value in spec.choices or ()]


@pytest.mark.slow
@pytest.mark.parametrize("name,value", _CHOICES, ids=[f"{n}={v}" for n, v in _CHOICES])
def test_every_option_choice_plays_to_the_end_with_round_tripping_notation(name, value):
    g = game(**{name: value})
    base = zlib.crc32(f"{name}={value}".encode()) & 0xFFFF
    for i, players in enumerate((3, 4, 5) * 2):  # every seat count twice (three times took half as long again)
        seed = base * 16 + i
        s = g.new_game(players, seed)
        rng = random.Random(seed)
        moves = 0
        while not s.is_over:
            acts = s.legal_actions()
            assert acts, f"{name}={value}: no legal action at move {moves}"
            texts = [str(a) for a in acts]
            assert len(set(texts)) == len(texts), "two legal actions share a notation"
            for a, text in zip(acts, texts):
                assert s.parse(text) == a
                assert s.rules.codec.action(s.rules.codec.raw(a)) == a
            s.apply(acts[rng.randrange(len(acts))])
            conserved(s)
            moves += 1
            assert moves < 5000
        assert s.legal_actions() == [] and s.current_player is None
        s.result()


# --- gunfight details the brief names -----------------------------------------------------------


def test_sheriff_joins_defending_jail_owner_and_defender_picks_casualty():
    s = blank()
    cowboys(s, AB, RED, 3)
    cowboys(s, AB, BLUE, 1)
    build(s, AB, BLUE, "jail")
    build(s, AB, BLUE, "hotel")
    s.play("fight abilene seize blue hotel")
    assert s.current_player == BLUE and legal(s) == {"sheriff join", "sheriff stay"}
    s.play("sheriff join")
    assert s.fight.total(DEF) == 2
    s.rng = LoadedDice([1, 1, 5, 1, 1])  # blue (2, fewer) first: misses; red 3 dice: one hit
    s.play("shoot")
    s.play("shoot")
    assert s.current_player == BLUE and legal(s) == {"casualty cowboy", "casualty sheriff"}
    s.play("casualty sheriff")
    assert s.cow[AB][BLUE] == 1 and s.fight.total(DEF) == 1
    assert s.bld[AB][B["jail"]] == BLUE  # a killed sheriff only leaves the fight


def test_retreat_moves_only_cowboys_and_the_side_loses():
    s = blank()
    cowboys(s, AB, RED, 3)
    cowboys(s, AB, BLUE, 1)
    build(s, AB, BLUE, "bank")
    s.money[BLUE] = 30
    s.play("fight abilene rob blue bank")
    s.play("shoot")
    s.rng = LoadedDice([2, 3, 4])  # the robbery: $9
    s.play("retreat")  # blue: one cowboy leaves, the guard stays behind and does not fight on
    s.play("retreat kansas-city")
    assert s.fight is None and s.cow[KC][BLUE] == 1 and s.cow[AB][BLUE] == 0
    assert s.money[BLUE] == 21 and s.money[RED] == 29 and s.posters[RED] == 1
    conserved(s)


def test_bidding_all_players_broke_last_one_starts_free():
    s = bidding_position(money=0)
    for _ in range(3):
        assert legal(s) == {"drop"}
        s.play("drop")
    assert s.order[0] == 3 and s.money == [0, 0, 0, 0]
