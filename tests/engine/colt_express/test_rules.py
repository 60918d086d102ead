"""Colt Express rules, one test per rule, each from a constructed position."""

from __future__ import annotations

import pytest

from generator.engine.colt_express.actions import (
    BULLET, COVER, DISCARD, NEUTRAL, OVER, PICK, PICKPOCKET, SCHEME, Play,
)
from generator.errors import IllegalAction

from tests.support.colt_express import (
    BELLE, CHEYENNE, DJANGO, GHOST, KIND, TUCO, clear_loot, game, place, position, scheme, steal,
)


def legal(st):
    return sorted(str(a) for a in st.legal_actions())


# --- setup -------------------------------------------------------------------------------------


@pytest.mark.parametrize("players,wagons", [(2, 3), (3, 3), (4, 4), (5, 5), (6, 6)])
def test_setup_one_wagon_per_player_three_for_two(players, wagons):
    st = position(players)
    assert st.cfg.ncars == wagons + 1 and st.cfg.wagon_ids[0] == "locomotive"


def test_setup_loot_marshal_and_strongbox():
    st = game().new_game(6, 3)
    # in content order: baggage 1/0, second 1/1, first 0/3, dining 3/0, mail 4/1, saloon 3/1
    assert [len(st.spot_purses[2 * c]) for c in range(1, 7)] == [1, 1, 0, 3, 4, 3]
    assert [st.spot_jewels[2 * c] for c in range(1, 7)] == [0, 1, 3, 0, 1, 1]
    assert st.spot_boxes[0] == 1 and st.spare_boxes == 1 and st.marshal == 0
    assert all(p == [250] for p in st.b_purses) and all(n == 6 for n in st.bullets_left)
    train = sorted(v for sp in st.spot_purses for v in sp)
    assert train == sorted([250, 250, 300, 300, 350, 350, 400, 400, 450, 450, 500, 500])


def test_setup_odd_seats_in_caboose_even_seats_next_wagon():
    st = position(5)
    assert [st.car[b] for b in range(5)] == [5, 4, 5, 4, 5] and not any(st.roof)


def test_round_deck_four_of_player_count_set_then_station():
    for players, deck in ((4, "2-4"), (5, "5-6")):
        st = position(players, seed=9)
        cards = [st.cfg.round_cards[i] for i in st.revealed + st.round_deck[::-1]]
        assert [c.deck for c in cards] == [deck] * 4 + ["station"]


def test_each_round_deals_six_cards_doc_seven():
    st = position(6)
    assert [len(h) for h in st.hand] == [6, 6, 6, 6, 6, 7]
    assert [len(h) + len(d) for h, d in zip(st.hand, st.deck)] == [10] * 6


# --- scheming ----------------------------------------------------------------------------------


def test_normal_turn_plays_face_up_in_seat_order():
    st = position(3)
    scheme(st, "braking_2_4", {0: ["move"], 1: ["rob"], 2: ["fire"]})
    assert [s for s, _ in st.steps] == [0, 1, 2] * 4
    st.play("play Move")
    st.play("play Rob")
    st.play("play Fire")
    assert [(c, h) for c, _b, h in st.pile] == [(KIND["move"], False), (KIND["rob"], False), (KIND["fire"], False)]


def test_tunnel_turn_plays_face_down():
    st = position(3)
    scheme(st, "swivel_arm_2_4", {})  # N T N N
    for _ in range(3):
        st.play("draw")
    assert st.steps[st.step][1] is True
    act = st.legal_actions()[0]
    assert isinstance(act, Play) and act.hidden
    st.apply(act)
    assert st.pile[-1][2] is True


def test_speed_up_turn_plays_twice_in_a_row():
    st = position(3)
    scheme(st, "take_it_all_2_4", {})  # N T S N
    assert [s for s, _ in st.steps] == [0, 1, 2, 0, 1, 2, 0, 0, 1, 1, 2, 2, 0, 1, 2]


def test_switching_turn_runs_counter_clockwise_from_first_player():
    st = position(4)
    st.first = 1
    scheme(st, "angry_marshal_2_4", {})  # N N T R
    assert [s for s, _ in st.steps][-4:] == [1, 0, 3, 2]
    assert [s for s, _ in st.steps][:4] == [1, 2, 3, 0]


def test_draw_takes_three_cards():
    st = position(3)
    scheme(st, "braking_2_4", {})
    before = len(st.hand[0])
    st.play("draw")
    assert len(st.hand[0]) == before + 3 and len(st.deck[0]) == 1


def test_drawing_from_a_short_deck_takes_what_is_left():
    st = position(3)
    scheme(st, "braking_2_4", {})
    st.deck[0] = st.deck[0][:2]
    st.play("draw")
    assert len(st.hand[0]) == 8 and st.deck[0] == []


def test_empty_deck_cannot_be_drawn_and_bullets_cannot_be_played():
    st = position(3)
    scheme(st, "braking_2_4", {})
    st.hand[0] = [BULLET + 1, NEUTRAL]
    st.deck[0] = []
    assert legal(st) == ["pass"]
    with pytest.raises(IllegalAction):
        st.play("draw")
    st2 = position(3, empty_deck_draw="pass")
    scheme(st2, "braking_2_4", {})
    st2.hand[0], st2.deck[0] = [NEUTRAL], []
    assert legal(st2) == ["draw"]


def test_ghost_may_play_first_card_face_down():
    st = position(3)
    scheme(st, "braking_2_4", {0: ["move", "rob"]})
    assert "play Move hidden" in legal(st)
    st.play("play Move hidden")
    assert st.pile[-1][2] is True
    for _ in range(2):
        st.play("draw")
    assert not any(a.endswith("hidden") for a in legal(st))  # only the first card of the round


def test_ghost_draw_on_first_play_forfeits_hidden_card():
    st = position(3)
    scheme(st, "braking_2_4", {0: ["move"]})
    st.play("draw")
    st.play("draw")
    st.play("draw")
    assert not any(a.endswith("hidden") for a in legal(st))


def test_other_bandits_cannot_play_hidden_on_face_up_turn():
    st = position(3)
    scheme(st, "braking_2_4", {1: ["move"]})
    st.play("draw")
    assert legal(st) == ["draw", "play Move"]


# --- stealing: actions -------------------------------------------------------------------------


def test_move_inside_goes_to_an_adjacent_wagon():
    st = position(4)
    place(st, GHOST, 2)
    steal(st, [("move", GHOST)])
    assert legal(st) == ["move +1", "move -1"]
    st.play("move -1")
    assert st.car[GHOST] == 1 and st.roof[GHOST] == 0


def test_move_on_roof_goes_one_to_three_wagons():
    st = position(4)
    place(st, GHOST, 4, roof=True)
    steal(st, [("move", GHOST)])
    assert legal(st) == ["move -1", "move -2", "move -3"]
    st.play("move -3")
    assert st.car[GHOST] == 1 and st.roof[GHOST] == 1


def test_change_floor_climbs_and_descends():
    st = position(4)
    place(st, GHOST, 3)
    steal(st, [("floor", GHOST)])
    assert st.roof[GHOST] == 1
    st2 = position(4)
    place(st2, GHOST, 3, roof=True)
    steal(st2, [("floor", GHOST)])
    assert st2.roof[GHOST] == 0


def test_robbery_inside_and_on_roof_takes_from_own_spot():
    st = position(4)
    clear_loot(st)
    place(st, GHOST, 2)
    place(st, TUCO, 3, roof=True)
    st.spot_purses[4] = [300, 450]
    st.spot_jewels[4] = 1
    st.spot_jewels[7] = 1
    steal(st, [("rob", GHOST), ("rob", TUCO)])
    assert legal(st) == ["rob jewel", "rob purse"]
    st.play("rob purse")
    assert len(st.b_purses[GHOST]) == 2 and st.b_purses[GHOST][1] in (300, 450) and len(st.spot_purses[4]) == 1
    assert st.b_jewels[TUCO] == 1 and st.spot_jewels[7] == 0  # one choice: resolved by itself


def test_impossible_action_does_nothing():
    st = position(2, two_player_game="one_bandit")
    clear_loot(st)
    place(st, GHOST, 1)
    place(st, TUCO, 3, roof=True)
    steal(st, [("rob", GHOST), ("punch", TUCO), ("fire", GHOST)])
    assert st.b_purses[GHOST] == [250] and st.car[TUCO] == 3 and st.bullets_left[GHOST] == 6
    assert st.phase == SCHEME and st.round_no == 2  # all three cards did nothing; next round


def test_fire_inside_reaches_adjacent_wagons_not_own():
    st = position(5)
    place(st, GHOST, 2)
    place(st, TUCO, 2)
    place(st, CHEYENNE, 1)
    place(st, DJANGO, 3)
    place(st, BELLE, 4)
    steal(st, [("fire", GHOST)])
    assert legal(st) == ["fire Cheyenne", "fire Django"]
    st.play("fire Django")
    assert st.bullets_left[GHOST] == 5 and st.fired[GHOST] == 1 and st.received[3] == 1
    assert BULLET + GHOST in st.deck[3] + st.hand[3]


def test_fire_on_roof_needs_line_of_sight():
    st = position(5)
    place(st, GHOST, 3, roof=True)
    place(st, TUCO, 2, roof=True)
    place(st, CHEYENNE, 1, roof=True)  # hidden behind Tuco
    place(st, DJANGO, 5, roof=True)
    place(st, BELLE, 3)  # inside, below Ghost
    steal(st, [("fire", GHOST)])
    assert legal(st) == ["fire Django", "fire Tuco"]


def test_fire_with_no_bullets_left_does_nothing():
    st = position(4)
    place(st, GHOST, 2)
    place(st, TUCO, 3)
    st.bullets_left[GHOST] = 0
    steal(st, [("fire", GHOST)])
    assert st.received[1] == 0


def test_punch_drops_chosen_loot_and_knocks_victim_on_same_level():
    st = position(4)
    clear_loot(st)
    place(st, GHOST, 2, roof=True)
    place(st, TUCO, 2, roof=True)
    st.b_jewels[TUCO] = 1
    steal(st, [("punch", GHOST)])
    assert legal(st) == sorted([
        "punch Tuco drop purse to +1", "punch Tuco drop purse to -1",
        "punch Tuco drop jewel to +1", "punch Tuco drop jewel to -1",
    ])
    st.play("punch Tuco drop jewel to -1")
    assert st.b_jewels[TUCO] == 0 and st.spot_jewels[5] == 1 and st.car[TUCO] == 1 and st.roof[TUCO] == 1


def test_punch_inside_with_nothing_to_drop_only_knocks():
    st = position(2, two_player_game="one_bandit")
    place(st, GHOST, 3)
    place(st, TUCO, 3)
    st.b_purses[TUCO] = []
    steal(st, [("punch", GHOST)])
    assert st.car[TUCO] == 2 and st.roof[TUCO] == 0  # caboose: only one way


def test_marshal_card_moves_marshal_and_bandits_flee():
    st = position(2, two_player_game="one_bandit")
    st.marshal = 2
    place(st, GHOST, 1)
    place(st, TUCO, 3)
    steal(st, [("marshal", GHOST)])
    assert legal(st) == ["marshal +1", "marshal -1"]
    st.play("marshal +1")
    assert st.marshal == 3 and st.roof[TUCO] == 1 and NEUTRAL in st.deck[1] and st.neutral_left == 12


def test_marshal_presence_entering_his_wagon():
    st = position(4)
    st.marshal = 3
    place(st, GHOST, 4)
    steal(st, [("move", GHOST)])
    assert st.car[GHOST] == 3 and st.roof[GHOST] == 1 and st.received[0] == 1


def test_marshal_presence_without_neutral_bullets_still_flees():
    st = position(4)
    st.marshal = 3
    st.neutral_left = 0
    place(st, GHOST, 3, roof=True)
    steal(st, [("floor", GHOST)])
    assert st.roof[GHOST] == 1 and st.received[0] == 0


def test_stealing_resolves_in_pile_order():
    st = position(4)
    clear_loot(st)
    place(st, GHOST, 3)
    place(st, TUCO, 3)
    st.spot_jewels[6] = 1
    steal(st, [("rob", TUCO), ("rob", GHOST)])
    assert st.b_jewels[TUCO] == 1 and st.b_jewels[GHOST] == 0


# --- characters --------------------------------------------------------------------------------


def test_tuco_fires_through_the_roof():
    st = position(2, two_player_game="one_bandit")
    place(st, TUCO, 3, roof=True)
    place(st, GHOST, 3)
    steal(st, [("fire", TUCO)])
    assert st.received[0] == 1
    st2 = position(4)
    place(st2, CHEYENNE, 3, roof=True)
    place(st2, GHOST, 3)
    steal(st2, [("fire", CHEYENNE)])
    assert st2.received[0] == 0


def test_cheyenne_may_pocket_the_purse_she_punches_loose():
    st = position(4)
    clear_loot(st)
    place(st, CHEYENNE, 2)
    place(st, TUCO, 2)
    st.b_purses[TUCO] = [450]
    steal(st, [("punch", CHEYENNE)])
    assert "punch Tuco drop purse to +1 take" in legal(st)
    st.play("punch Tuco drop purse to +1 take")
    assert sorted(st.b_purses[CHEYENNE]) == [250, 450] and st.b_purses[TUCO] == [] and st.spot_purses[4] == []


def test_django_push_into_marshal_wagon():
    st = position(4)
    st.marshal = 3
    place(st, DJANGO, 1)
    place(st, GHOST, 2)
    steal(st, [("fire", DJANGO)])
    assert st.car[GHOST] == 3 and st.roof[GHOST] == 1
    assert st.received[0] == 2  # Django's bullet and the marshal's


def test_django_push_stops_at_the_end_of_the_train():
    st = position(4)
    place(st, DJANGO, 3, roof=True)
    place(st, GHOST, 4, roof=True)
    steal(st, [("fire", DJANGO)])
    assert st.car[GHOST] == 4


def test_belle_protected_when_another_target_exists():
    st = position(5)
    place(st, GHOST, 2)
    place(st, BELLE, 3)
    place(st, TUCO, 1)
    steal(st, [("fire", GHOST)])
    assert st.received[1] == 1 and st.received[4] == 0  # only Tuco was a legal target
    st2 = position(5)
    place(st2, GHOST, 2)
    place(st2, BELLE, 2)
    place(st2, TUCO, 2)
    st2.b_purses[TUCO] = []
    steal(st2, [("punch", GHOST)])
    assert all("Belle" not in a for a in legal(st2))


def test_belle_targeted_when_she_is_the_only_target():
    st = position(5)
    place(st, GHOST, 2)
    place(st, BELLE, 3)
    steal(st, [("fire", GHOST)])
    assert st.received[4] == 1


def test_doc_draws_seven():
    st = position(6, seed=4)
    assert len(st.hand[5]) == 7 and st.cfg.names[5] == "Doc"


# --- events ------------------------------------------------------------------------------------


def test_event_braking_roofs_slide_toward_locomotive():
    st = position(4)
    place(st, GHOST, 3, roof=True)
    place(st, TUCO, 3)
    place(st, CHEYENNE, 0, roof=True)
    steal(st, [], "braking_2_4")
    assert (st.car[GHOST], st.car[TUCO], st.car[CHEYENNE]) == (2, 3, 0)


def test_event_swivel_arm_roofs_to_caboose():
    st = position(4)
    place(st, GHOST, 1, roof=True)
    place(st, TUCO, 1)
    steal(st, [], "swivel_arm_2_4")
    assert st.car[GHOST] == 4 and st.roof[GHOST] == 1 and st.car[TUCO] == 1


def test_event_take_it_all_second_strongbox_to_marshal():
    st = position(4)
    st.marshal = 2
    steal(st, [], "take_it_all_2_4")
    assert st.spot_boxes[4] == 1 and st.spare_boxes == 0


def test_event_hostage_pays_locomotive_bandits():
    st = position(4)
    place(st, GHOST, 0, roof=True)
    place(st, TUCO, 0)
    st.marshal = 2
    place(st, CHEYENNE, 1)
    steal(st, [], "station_hostage")
    assert st.bonus[:3] == [250, 250, 0]


def test_event_marshals_revenge_drops_cheapest_purse():
    st = position(4)
    clear_loot(st)
    st.marshal = 2
    place(st, GHOST, 2, roof=True)
    st.b_purses[GHOST] = [450, 250, 300]
    place(st, TUCO, 2)
    steal(st, [], "station_revenge")
    assert sorted(st.b_purses[GHOST]) == [300, 450] and st.spot_purses[5] == [250] and st.b_purses[TUCO] == [250]


def test_event_passengers_rebellion_bullets_everyone_inside():
    st = position(4)
    place(st, GHOST, 2, roof=True)
    steal(st, [], "rebellion_2_4")
    assert st.received == [0, 1, 1, 1] and st.neutral_left == 10


def test_event_pickpocketing_alone_may_take_a_purse():
    st = position(4)
    clear_loot(st)
    place(st, GHOST, 1)
    place(st, TUCO, 2)
    place(st, CHEYENNE, 2)
    place(st, DJANGO, 3)
    st.spot_purses[2] = [400]
    st.spot_purses[4] = [300]
    steal(st, [], "station_pickpocketing")
    assert st.phase == PICKPOCKET and st.current_player == 0 and st.queue == [GHOST]
    st.play("pickpocket")
    assert sorted(st.b_purses[GHOST]) == [250, 400]


def test_event_angry_marshal_shoots_roof_then_moves_to_caboose():
    st = position(4)
    st.marshal = 2
    place(st, GHOST, 2, roof=True)
    place(st, TUCO, 3)
    steal(st, [], "angry_marshal_2_4")
    assert st.received[0] == 1 and st.marshal == 3 and st.roof[TUCO] == 1 and st.received[1] == 1


def test_round_end_first_player_passes_clockwise():
    st = position(4)
    first = st.first
    steal(st, [])
    assert st.first == (first + 1) % 4 and st.round_no == 2 and st.phase == SCHEME


# --- the end -----------------------------------------------------------------------------------


def _finish(st):
    st.round_no = st.cfg.rounds
    st.round_deck = []
    steal(st, [])
    assert st.phase == OVER


def test_gunslinger_bonus_to_every_top_shooter():
    st = position(3)
    st.fired = [2, 2, 1]
    _finish(st)
    assert st.result().scores == (1250.0, 1250.0, 250.0)


def test_gunslinger_nobody_fired_rule():
    st = position(3)
    _finish(st)
    assert st.result().scores == (250.0, 250.0, 250.0)
    st2 = position(3, gunslinger_if_nobody_fired="everyone")
    _finish(st2)
    assert st2.result().scores == (1250.0, 1250.0, 1250.0)


def test_richest_wins_tie_broken_by_fewest_bullets_received():
    st = position(3)
    st.b_jewels[0] = 1
    st.b_jewels[1] = 1
    st.received = [3, 2, 0]
    _finish(st)
    out = st.result()
    assert out.winners == (1,) and "fewest bullets" in out.detail


def test_final_tie_shared_or_most_tokens():
    st = position(3)
    st.b_jewels[0] = 1
    st.b_purses[1] = [250, 250, 250]
    _finish(st)
    assert st.result().winners == (0, 1)
    st2 = position(3, final_tie="most_loot_tokens")
    st2.b_jewels[0] = 1
    st2.b_purses[1] = [250, 250, 250]
    _finish(st2)
    assert st2.result().winners == (1,)


# --- variants ----------------------------------------------------------------------------------


def test_two_player_game_two_bandits_eleven_cards_pick_then_draw():
    st = position(2)
    assert st.cfg.nb == 4 and st.phase == PICK
    assert len(st.deck[0]) == 11
    picks = legal(st)
    assert "pick Ghost Move" in picks and "pick Marshal" in picks and len(picks) == 11
    st.play("pick Ghost Move")
    assert KIND["move"] in st.hand[0] and len(st.hand[0]) == 7 and len(st.deck[0]) == 4
    assert game(two_player_game="two_bandits").new_game(3, 1).cfg.nb == 3  # no effect at 3 players


def test_two_player_game_cover_play_after_face_up_fire():
    st = position(2)
    st.play(str(st.legal_actions()[0]))
    st.play(str(st.legal_actions()[0]))
    scheme(st, "braking_2_4", {})
    # seat 0 runs Ghost (slot 0) and Cheyenne (slot 1)
    st.hand[0] = [KIND["fire"], KIND["move"] + 6, KIND["marshal"] + 6]
    st.ghost_pending = False
    st.play("play Ghost Fire")
    assert st.phase == COVER and legal(st) == ["cover Cheyenne Move", "no cover"]
    st.play("cover Cheyenne Move")
    assert [(c, b) for c, b, _h in st.pile] == [(KIND["fire"], GHOST), (KIND["move"] + 6, CHEYENNE)]
    assert st.phase == SCHEME and st.current_player == 1


def test_two_player_game_shots_at_own_bandit_do_not_count():
    st = position(2)
    place(st, GHOST, 2)
    place(st, CHEYENNE, 3)  # Ghost's team mate
    place(st, TUCO, 1, roof=True)
    place(st, DJANGO, 1, roof=True)
    steal(st, [("fire", GHOST)])
    assert st.received[0] == 1 and st.fired[GHOST] == 0 and st.bullets_left[GHOST] == 5


def test_expert_variant_discard_choice_and_leftovers_stay():
    st = position(3, expert_variant=True, expert_discard_at="after_stealing")
    deck_left = list(st.deck[0])
    st.hand[0] = [KIND["fire"], KIND["rob"]]
    steal(st, [])
    assert st.phase == DISCARD and st.current_player == 0
    assert legal(st) == ["discard Fire", "discard Rob", "keep rest"]
    st.play("discard Fire")
    st.play("keep rest")
    while st.phase == DISCARD:
        st.play("keep rest")
    assert st.phase == SCHEME and st.round_no == 2
    hand = sorted(st.hand[0])
    for code in deck_left + [KIND["rob"]]:
        assert code in hand
        hand.remove(code)
