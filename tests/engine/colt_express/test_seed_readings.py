"""Colt Express rules fidelity, round 2: the seed's explicit rules are the defaults, every other
reading is an option. One test per rule, each from a constructed position."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st_

from generator.engine.colt_express.actions import (
    BULLET, CHOOSE, DISCARD, NEUTRAL, PICK, PLACE, RESOLVE, SCHEME,
)
from generator.engine.colt_express.game import ColtExpressGame
from generator.content import load_content

from tests.support.colt_express import (
    CHEYENNE, DJANGO, GHOST, KIND, TUCO, game, place, position, round_card, scheme, steal,
)
from tests.engine.colt_express.test_properties import VARIANTS, run


def legal(st):
    return sorted(str(a) for a in st.legal_actions())


def first_player_game(players: int, first: int, **opts):
    """A game whose random first player is `first` (the first seed that gives it)."""
    g = game(first_player="random", **opts)
    for seed in range(200):
        st = g.new_game(players, seed)
        if st.first == first:
            while st.phase == PLACE:
                st.apply(st.legal_actions()[0])
            return st
    raise AssertionError("no seed gives that first player")


# --- starting places ---------------------------------------------------------------------------


def test_starting_places_count_from_the_first_player():
    # seat 3 (index 2) is the first player: players 1..4 are seats 3, 4, 1, 2
    st = first_player_game(4, 2)
    caboose, next_wagon = 4, 3
    assert [st.car[b] for b in range(4)] == [caboose, next_wagon, caboose, next_wagon]
    st = first_player_game(3, 1)  # players 1, 2, 3 are seats 2, 3, 1
    assert [st.car[b] for b in range(3)] == [3, 3, 2]
    assert not any(st.roof)


def test_starting_places_at_two_players_with_one_bandit_each():
    st = first_player_game(2, 1, two_player_game="one_bandit")
    assert st.cfg.nb == 2 and [st.car[b] for b in range(2)] == [2, 3]  # seat 2 is player 1: the caboose


# --- two players -------------------------------------------------------------------------------


def test_two_players_run_two_bandits_each_by_default():
    st = position(2)
    assert st.cfg.nb == 4 and st.cfg.seat_bandits == [[GHOST, CHEYENNE], [TUCO, DJANGO]]
    assert len(st.deck[0]) + len(st.hand[0]) == 11
    one = position(2, two_player_game="one_bandit")
    assert one.cfg.nb == 2 and len(one.hand[0]) == 6 and len(one.hand[0]) + len(one.deck[0]) == 10


def test_two_bandit_game_each_seat_secretly_chooses_which_bandit_starts_in_the_caboose():
    st = game().new_game(2, 5)
    assert st.phase == PLACE and st.current_player == 0 and all(c < 0 for c in st.car)
    assert legal(st) == ["caboose Cheyenne", "caboose Ghost"]
    st.play("caboose Cheyenne")
    # not revealed yet: seat 2 does not know it, and its sampled worlds try both
    assert st.observation(1)["your_caboose_bandit"] is None
    assert st.observation(0)["your_caboose_bandit"] == "Cheyenne"
    assert all(c < 0 for c in st.car)
    rng = random.Random(3)
    assert {st.determinize(1, rng).placing[0] for _ in range(30)} == {GHOST, CHEYENNE}
    assert st.determinize(0, rng).placing[0] == CHEYENNE
    assert st.current_player == 1 and legal(st) == ["caboose Django", "caboose Tuco"]
    st.play("caboose Django")
    # revealed together: one bandit of each seat in each wagon, then round 1 begins
    assert (st.car[CHEYENNE], st.car[DJANGO], st.car[GHOST], st.car[TUCO]) == (3, 3, 2, 2)
    assert any("Cheyenne and Django inside the caboose" in e["text"] for e in st.log if e["kind"] == "places")
    assert st.phase == PICK and st.round_no == 1


# --- characters --------------------------------------------------------------------------------


def test_characters_are_chosen_by_the_seats_in_a_random_order():
    g = game(character_assignment="choose")
    orders = set()
    for seed in range(8):
        st = g.new_game(4, seed)
        assert st.phase == CHOOSE and not st.hand[0]
        order = []
        while st.phase == CHOOSE:
            order.append(st.current_player)
            acts = legal(st)
            assert len(acts) == 6 - len(order) + 1 and all(a.startswith("choose ") for a in acts)
            st.play(acts[-1])
        assert sorted(order) == [0, 1, 2, 3]
        orders.add(tuple(order))
    assert len(orders) > 1  # the order is random


def test_a_chosen_character_is_the_seats_bandit_and_is_no_longer_free():
    st = game(character_assignment="choose").new_game(3, 2)
    first = st.current_player
    st.play("choose Doc")
    assert "choose Doc" not in legal(st)
    assert st.observation(0)["bandits"][first]["name"] == "Doc"
    while st.phase == CHOOSE:
        st.apply(st.legal_actions()[0])
    assert st.cfg.names[first] == "Doc" and st.phase == SCHEME
    assert len(st.hand[first]) == 7  # Doc's power applies from round 1


def test_character_assignment_random_and_in_order_deal_without_choosing():
    dealt = {tuple(game(character_assignment="random").new_game(3, s).cfg.names) for s in range(6)}
    assert len(dealt) > 1
    st = game(character_assignment="in_order").new_game(3, 0)
    assert st.phase == SCHEME and st.cfg.names == ["Ghost", "Tuco", "Cheyenne"]


def test_two_bandit_game_second_picks_in_the_same_or_reversed_order():
    for rule, pattern in (("same", "abab"), ("reversed", "abba")):
        st = game(character_assignment="choose", second_pick_order=rule).new_game(2, 4)
        seats = []
        while st.phase == CHOOSE:
            seats.append(st.current_player)
            st.apply(st.legal_actions()[0])
        a = seats[0]
        assert "".join("a" if s == a else "b" for s in seats) == pattern
        assert st.phase == PLACE  # then the secret starting places


# --- the card being resolved is public ---------------------------------------------------------


def test_the_card_being_resolved_is_face_up_for_every_seat():
    st = position(4)
    place(st, TUCO, 2)
    st.card_idx = round_card(st, "tunnel_2_4")
    st.pile = [(KIND["move"], TUCO, True)]  # Tuco's face-down Move, played in a tunnel
    st.begin_stealing()
    assert st.phase == RESOLVE and st.current_player == 1
    for seat in range(4):
        entry = st.observation(seat)["pile"][0]
        assert entry["card"] == "Move" and entry["bandit"] == "Tuco" and not entry["face_down"]
    rng = random.Random(7)
    for _ in range(30):
        world = st.determinize(0, rng)
        assert world.pile[0] == st.pile[0] and legal(world) == ["move +1", "move -1"]


@settings(max_examples=12, deadline=None)
@given(st_.integers(0, len(VARIANTS) - 1), st_.integers(0, 2**31))
def test_determinize_of_every_seat_has_legal_actions_unless_over(which, seed):
    players, opts = VARIANTS[which]
    rng = random.Random(seed)

    def visit(st):
        for seat in range(players):
            world = st.determinize(seat, rng)
            assert world.is_over == st.is_over
            assert st.is_over or world.legal_actions(), (st.phase_name(), seat)

    run(players, opts, seed, visit)


# --- expert variant ----------------------------------------------------------------------------


def _play_out_scheming(st):
    while st.phase == SCHEME:
        st.play("draw" if "draw" in legal(st) else legal(st)[0])


def test_expert_discards_are_chosen_when_every_card_is_played_before_any_resolves():
    st = position(3, expert_variant=True)
    scheme(st, "bridge_2_4", {0: ["move", "fire"], 1: ["rob", "punch"], 2: ["floor", "marshal"]})  # N S N
    for _ in range(3):
        st.play(legal(st)[-1])  # each plays its last-listed card
    _play_out_scheming(st)
    assert st.phase == DISCARD and st.res == 0 and st.pile  # nothing has resolved yet
    assert st.round_no == 1 and st.current_player == st.first
    while st.phase == DISCARD:
        st.play("keep rest")
    assert st.phase in (RESOLVE, SCHEME) and (st.res > 0 or st.round_no == 2)


def test_expert_discards_after_stealing_is_an_option():
    st = position(3, expert_variant=True, expert_discard_at="after_stealing")
    scheme(st, "bridge_2_4", {0: ["move", "fire"], 1: ["rob", "punch"], 2: ["floor", "marshal"]})
    for _ in range(3):
        st.play(legal(st)[-1])
    _play_out_scheming(st)
    assert st.phase != DISCARD  # stealing comes first
    while st.phase == RESOLVE:
        st.apply(st.legal_actions()[0])
    assert st.phase == DISCARD and st.res == len(st.pile)


def test_expert_bullets_in_hand_when_scheming_starts_stay_in_hand():
    for rule, discardable in (("dealt_stay", ["discard bullet Tuco"]), ("all_stay", []),
                              ("discardable", ["discard bullet Tuco", "discard bullet neutral"])):
        st = position(3, expert_variant=True, expert_bullets_in_hand=rule)
        scheme(st, "bridge_2_4", {})
        st.hand[0] = [KIND["move"]] * 4 + [NEUTRAL]
        st.stuck[0] = [NEUTRAL]  # the neutral bullet was in hand when scheming began
        st.deck[0] = [BULLET + TUCO, BULLET + TUCO, BULLET + TUCO]
        st.play("draw")  # seat 1 draws Tuco's bullets during scheming
        _play_out_scheming(st)
        assert st.phase == DISCARD and st.current_player == 0
        bullets = [a for a in legal(st) if "bullet" in a]
        assert bullets == discardable, rule
        assert ("bullet neutral" in " ".join(st.observation(0)["hand_must_keep"])) == (rule != "discardable")


# --- neutral bullets running short -------------------------------------------------------------


def test_neutral_bullets_short_for_a_group_go_one_by_one_by_default():
    st = position(4)
    st.neutral_left = 2
    place(st, GHOST, 2, roof=True)
    steal(st, [], "rebellion_2_4")  # Tuco, Cheyenne, Django are inside: 3 bullets needed
    assert st.received == [0, 1, 1, 0] and st.neutral_left == 0


def test_neutral_bullets_short_for_a_group_none_if_short_option():
    st = position(4, neutral_bullets_short="none_if_short")
    st.neutral_left = 2
    place(st, GHOST, 2, roof=True)
    steal(st, [], "rebellion_2_4")
    assert st.received == [0, 0, 0, 0] and st.neutral_left == 2
    # the marshal arriving in a wagon with two bandits inside: both flee, neither takes a bullet
    st2 = position(4, neutral_bullets_short="none_if_short")
    st2.neutral_left = 1
    st2.marshal = 2
    place(st2, TUCO, 3)
    place(st2, CHEYENNE, 3)
    place(st2, DJANGO, 4)
    place(st2, GHOST, 1)
    steal(st2, [("marshal", GHOST)])
    st2.play("marshal +1")
    assert st2.roof[TUCO] == 1 and st2.roof[CHEYENNE] == 1 and st2.received == [0, 0, 0, 0]
    # a single bandit still takes the last one
    st3 = position(4, neutral_bullets_short="none_if_short")
    st3.neutral_left = 1
    st3.marshal = 3
    place(st3, GHOST, 4)
    place(st3, TUCO, 1)
    place(st3, DJANGO, 1)
    steal(st3, [("move", GHOST)])
    assert st3.received[0] == 1 and st3.neutral_left == 0


# --- two-player pick with a deck of bullets only -----------------------------------------------


def test_two_player_pick_with_only_bullets_in_the_deck_picks_nothing():
    st = position(2, expert_variant=True)
    st.phase, st.queue = PICK, [0]
    st.hand[0] = [KIND["move"]]
    st.deck[0] = [NEUTRAL, BULLET + TUCO]
    assert legal(st) == ["pick nothing"]
    st.play("pick nothing")
    assert sorted(st.hand[0]) == sorted([KIND["move"], NEUTRAL, BULLET + TUCO]) and st.phase == SCHEME


# --- content the engine reads ------------------------------------------------------------------


def test_content_locomotive_strongboxes_and_bullet_count_are_read():
    c = load_content("colt_express")
    edited = c.model_copy(update={
        "locomotive": c.locomotive.model_copy(update={"strongboxes": 2}),
        "bullets": c.bullets.model_copy(update={"per_bandit": 4}),
    })
    st = ColtExpressGame(edited, character_assignment="in_order").new_game(3, 1)
    assert st.spot_boxes[0] == 2 and st.spare_boxes == 0
    assert st.bullets_left == [4, 4, 4]
    assert dict(edited.components())["bullet card"] == 6 * 4


# --- the setup options left from round 1, each value shown to change play -----------------------


def test_wagon_choice_random_or_in_order():
    in_order = {tuple(game(wagon_choice="in_order").new_game(4, s).cfg.wagon_ids) for s in range(5)}
    assert in_order == {("locomotive", "baggage", "second_class", "first_class", "dining")}
    chosen = {tuple(game(wagon_choice="random").new_game(4, s).cfg.wagon_ids) for s in range(5)}
    assert len(chosen) > 1


def test_first_player_random_or_seat_1():
    assert {game(first_player="seat_1").new_game(4, s).first for s in range(6)} == {0}
    assert len({game(first_player="random").new_game(4, s).first for s in range(12)}) > 1
