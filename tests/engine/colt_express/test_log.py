"""The Colt Express log: one entry per event, in the order it happened; public, except a seat's own
news (its hand, a purse's value), which only that seat reads."""

from __future__ import annotations

import random

from tests.support.colt_express import CHEYENNE, DJANGO, GHOST, TUCO, clear_loot, place, position, steal


def _texts(st, seat=None):
    log = st.log if seat is None else st.observation(seat)["log"]
    return [e["text"] for e in log]


def test_a_card_with_one_possible_effect_is_logged_as_it_resolves_with_its_place_in_the_pile():
    st = position(4)
    place(st, GHOST, 3)
    steal(st, [("floor", GHOST)])
    entry = next(e for e in st.log if e["kind"] == "card")
    assert entry["text"] == "Ghost climbs onto the roof of wagon 3 (First class)."
    assert (entry["card"], entry["cards"], entry["bandit"], entry["action"]) == (1, 1, "Ghost", "Floor")
    assert all(entry in st.observation(seat)["log"] for seat in range(4))


def test_a_card_with_no_possible_effect_is_logged_with_the_reason():
    st = position(4)
    clear_loot(st)
    place(st, TUCO, 2)
    steal(st, [("rob", TUCO)])
    assert "Tuco's Rob has no effect: no loot where the bandit stands." in _texts(st)


def _ghost_robs(purses: list[int], jewels: int = 0):
    """Four players; Ghost (seat 0) alone inside wagon 2 with this loot, and his Rob card resolving."""
    st = position(4)
    clear_loot(st)
    place(st, GHOST, 2)
    st.spot_purses[4] = list(purses)
    st.spot_jewels[4] = jewels
    steal(st, [("rob", GHOST)])
    return st


def test_a_chosen_resolution_is_logged_once_as_its_owners_decision():
    st = _ghost_robs([300], jewels=1)
    cards = [e for e in st.log if e["kind"] == "card"]
    st.play("rob jewel")
    new = [e for e in st.log if e["kind"] == "card"][len(cards):]
    assert [e["text"] for e in new] == ["Ghost grabs a jewel ($500)."] and new[0]["decision"]


def test_the_pile_resolves_in_order_card_by_card():
    st = position(4)
    place(st, GHOST, 2)
    place(st, TUCO, 3)
    steal(st, [("floor", GHOST), ("floor", TUCO), ("floor", GHOST)])
    cards = [e for e in st.log if e["kind"] == "card"]
    assert [(e["card"], e["bandit"]) for e in cards] == [(1, "Ghost"), (2, "Tuco"), (3, "Ghost")]
    assert cards[2]["text"] == "Ghost climbs down inside wagon 2 (Second class)."




def test_a_purse_value_is_told_only_to_the_seat_that_picked_it_up():
    st = _ghost_robs([450])
    news = "Ghost's new purse holds $450."
    assert news in _texts(st, 0)
    assert all(news not in _texts(st, seat) for seat in (1, 2, 3))
    assert "Ghost grabs a purse." in _texts(st, 2)  # the grab itself is public


def test_cheyenne_pocketing_a_purse_tells_her_seat_its_value():
    st = position(4)
    clear_loot(st)
    place(st, CHEYENNE, 2)
    place(st, TUCO, 2)
    st.b_purses[TUCO] = [450]
    steal(st, [("punch", CHEYENNE)])
    st.play("punch Tuco drop purse to +1 take")
    assert "Cheyenne's new purse holds $450." in _texts(st, 2)
    assert "Cheyenne's new purse holds $450." not in _texts(st, 0)


def test_the_marshals_hit_is_logged_after_the_card_that_caused_it():
    st = position(4)
    st.marshal = 3
    place(st, DJANGO, 1)
    place(st, GHOST, 2)
    steal(st, [("fire", DJANGO)])
    texts = _texts(st)
    i = texts.index("Django fires at Ghost, who takes a bullet card.")
    assert texts[i + 1] == "Django's shot knocks Ghost to wagon 3 (First class)."
    assert texts[i + 2] == "Ghost meets the marshal inside wagon 3 (First class) and flees to the roof with a neutral bullet."


def test_a_face_down_card_is_turned_up_before_its_owner_chooses():
    st = _ghost_robs([300], jewels=1)
    st.pile[0] = (st.pile[0][0], st.pile[0][1], True)
    st.log.clear()
    st.begin_stealing()
    assert [e["kind"] for e in st.log] == ["stealing", "reveal"]
    assert st.log[1]["text"] == "Card 1/1 is turned up: Ghost's Rob."


def test_the_round_event_tells_who_it_moved():
    st = position(4)
    place(st, GHOST, 2, roof=True)
    place(st, TUCO, 3, roof=True)
    steal(st, [], card_id="braking_2_4")
    assert "Braking: Ghost and Tuco slide one wagon toward the locomotive." in _texts(st)


def test_the_hostage_ransom_names_who_collects_it():
    st = position(4)
    place(st, TUCO, 0, roof=True)
    steal(st, [], card_id="station_hostage")
    assert "Hostage-Taking of the Conductor: Tuco collects a $250 ransom." in _texts(st)


def test_the_end_of_the_game_tells_the_gunslinger_award():
    st = position(4)
    st.fired = [2, 3, 0, 0]
    st.round_no = st.cfg.rounds
    st._next_round()
    assert st.is_over
    assert _texts(st)[-1] == "Gunslinger: Tuco fired the most bullets (3) and gains $1000."


def test_playouts_keep_no_log_and_sampled_worlds_drop_other_seats_news():
    st = _ghost_robs([450])
    world = st.determinize(1, random.Random(1))
    assert world.log == st.observation(1)["log"]
    assert all(e.get("to", 1) == 1 for e in world.log)
    before = list(world.log)
    world.random_playout(random.Random(2))
    assert world.log == before


def test_log_survives_a_snapshot():
    st = position(4)
    place(st, GHOST, 3)
    steal(st, [("floor", GHOST)])
    again = st.game.from_json(st.to_json())
    assert again.log == st.log and again.narrate
