"""Colt Express: rules and hidden-information points found in review, one test per rule."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st_

from generator.engine.colt_express.actions import DISCARD, RESOLVE, SCHEME

from tests.support.colt_express import CHEYENNE, DJANGO, GHOST, KIND, TUCO, clear_loot, place, position, scheme, steal
from tests.engine.colt_express.test_properties import VARIANTS, run


def legal(st):
    return sorted(str(a) for a in st.legal_actions())


# --- Ghost's face-down first card belongs to Ghost ----------------------------------------------


def test_ghost_hidden_first_card_is_ghosts_own_card_in_two_player_game():
    st = position(2)
    scheme(st, "braking_2_4", {})
    # seat 0 runs Ghost (slot 0) and Cheyenne (slot 1)
    st.hand[0] = [KIND["move"], KIND["move"] + 6]
    acts = legal(st)
    assert "play Ghost Move hidden" in acts
    assert "play Cheyenne Move hidden" not in acts  # Cheyenne has no such power


# --- determinize keeps what the seat has seen ----------------------------------------------------


def test_determinize_keeps_every_bandits_public_starting_purse():
    # every bandit starts with one $250 purse: public, so no sampled world may change it
    rng = random.Random(5)
    for players in (3, 6):
        st = position(players, seed=4)
        for _ in range(20):
            world = st.determinize(0, rng)
            assert world.b_purses == [[250]] * players


def test_determinize_keeps_a_purse_the_seat_dropped():
    # Tuco (seat 1) is punched by Ghost and drops his only purse, worth $500: Tuco saw its value
    st = position(3, seed=2)
    clear_loot(st)
    place(st, GHOST, 2)
    place(st, TUCO, 2)
    place(st, CHEYENNE, 3)
    st.b_purses[TUCO] = [500]
    st.spot_purses[2 * 3] = [300, 450]  # unseen purses elsewhere
    st.spare_purses = [350, 400]
    steal(st, [("punch", GHOST)])
    if st.phase == RESOLVE:
        st.play("punch Tuco drop purse to +1")
    assert st.spot_purses[2 * 2] == [500]
    rng = random.Random(1)
    for _ in range(30):
        world = st.determinize(1, rng)
        assert world.spot_purses[2 * 2] == [500]


def test_determinize_keeps_a_robbed_purse_with_its_robber_only():
    # Ghost robs the lone $450 purse of his wagon: Ghost knows it, Tuco does not
    st = position(3, seed=2)
    clear_loot(st)
    place(st, GHOST, 2)
    st.spot_purses[2 * 2] = [450]
    st.spot_purses[2 * 3] = [300]
    st.spare_purses = []
    steal(st, [("rob", GHOST)])
    assert st.b_purses[GHOST] == [250, 450]
    rng = random.Random(3)
    seen = set()
    for _ in range(40):
        seen.add(tuple(sorted(st.determinize(1, rng).b_purses[GHOST])))
    # the $250 starting purse is public; the robbed one may be any purse Tuco has not seen
    assert seen == {(250, 450), (250, 300)}
    # and the robber's own view keeps it
    assert sorted(st.determinize(0, rng).b_purses[GHOST]) == [250, 450]


def test_determinize_expert_keeps_other_seats_resolved_cards_in_their_discard():
    # expert variant: the discard pile holds the round's resolved (face-up) cards until the discards
    st = position(3, expert_variant=True)
    scheme(st, "braking_2_4", {})
    st.card_idx = next(i for i, r in enumerate(st.cfg.round_cards) if r.id == "tunnel_2_4")
    place(st, TUCO, 1)
    st.hand[1] = [KIND["move"], KIND["rob"], KIND["marshal"]]
    st.pile = [(KIND["floor"], TUCO, False), (KIND["move"], TUCO, False)]
    st.begin_stealing()
    assert st.phase == RESOLVE and st.res == 1 and st.discard[1] == [KIND["floor"]]
    rng = random.Random(0)
    for _ in range(30):
        world = st.determinize(0, rng)
        assert world.discard[1] == [KIND["floor"]]
        assert sorted(world.hand[1] + world.deck[1]) == sorted(st.hand[1] + st.deck[1])


def test_determinize_expert_pools_only_hidden_discards():
    st = position(3, expert_variant=True, expert_discard_at="after_stealing")
    st.hand[1] = [KIND["fire"], KIND["rob"]]
    steal(st, [])
    while st.phase == DISCARD and st.current_player != 1:
        st.play("keep rest")
    assert st.phase == DISCARD and st.current_player == 1
    st.play("discard Fire")  # a hidden choice
    rng = random.Random(2)
    pools = set()
    for _ in range(40):
        world = st.determinize(0, rng)
        assert len(world.discard[1]) == 1 and len(world.hand[1]) == 1
        pools.add(tuple(world.discard[1]))
    assert len(pools) > 1  # which card was discarded is not known to seat 0


# --- over random games ---------------------------------------------------------------------------


@settings(max_examples=10, deadline=None)
@given(st_.integers(0, len(VARIANTS) - 1), st_.integers(0, 2**31))
def test_determinize_keeps_every_purse_value_the_seat_has_seen(which, seed):
    players, opts = VARIANTS[which]
    rng = random.Random(seed)

    def visit(st):
        cfg = st.cfg
        for b in range(cfg.nb):
            seen = st.bandit_purse_seen(b)
            assert all(m >> cfg.owner[b] & 1 for m in seen)  # a holder knows its own purses
        if st.is_over:
            return
        p = st.current_player
        bit = 1 << p
        world = st.determinize(p, rng)
        for sp in range(len(st.spot_purses)):
            for v, m, w in zip(st.spot_purses[sp], st.spot_purse_seen(sp), world.spot_purses[sp]):
                if m & bit:
                    assert w == v
        for b in range(cfg.nb):
            for v, m, w in zip(st.b_purses[b], st.bandit_purse_seen(b), world.b_purses[b]):
                if m & bit:
                    assert w == v
        assert sorted(v for h in world.spot_purses + world.b_purses + [world.spare_purses] for v in h) == sorted(
            v for h in st.spot_purses + st.b_purses + [st.spare_purses] for v in h
        )

    run(players, opts, seed, visit)


def test_determinize_gives_ghosts_face_down_first_card_to_ghost_in_two_player_game():
    st = position(2)
    scheme(st, "braking_2_4", {})
    # seat 0 runs Ghost (slot 0) and Cheyenne (slot 1); seat 1 sees a face-down card on a face-up turn
    st.hand[0] = [KIND["move"], KIND["move"] + 6, KIND["rob"] + 6, KIND["marshal"]]
    st.play("play Ghost Move hidden")
    rng = random.Random(4)
    for _ in range(40):
        world = st.determinize(1, rng)
        code, b, hidden = world.pile[0]
        assert hidden and b == GHOST and code % 6 != KIND["marshal"]


# --- rules the review checked that had no test of their own --------------------------------------


def test_each_round_reshuffles_every_card_including_bullets_received():
    from generator.engine.colt_express.actions import BULLET

    st = position(4)
    place(st, GHOST, 2)
    place(st, TUCO, 3)
    steal(st, [("fire", GHOST)])
    st.play("fire Tuco")  # Tuco (seat 2) takes Ghost's bullet; the round ends
    assert st.round_no == 2 and st.phase == SCHEME
    assert len(st.hand[1]) == 6 and len(st.hand[1]) + len(st.deck[1]) == 11
    assert (st.hand[1] + st.deck[1]).count(BULLET + GHOST) == 1 and not st.discard[1]


def test_speed_up_each_of_the_two_plays_may_be_a_draw():
    st = position(3)
    scheme(st, "take_it_all_2_4", {0: ["move", "rob"], 1: ["fire"], 2: ["punch"]})  # N T S N
    for _ in range(6):
        st.play("draw")
    st.deck[0] = [KIND["fire"]] * 4
    assert st.current_player == 0 and "draw" in legal(st)
    st.play("draw")
    assert st.current_player == 0  # the second of seat 1's two speed-up turns
    st.play("play Move")
    assert st.current_player == 1


def test_fire_on_roof_never_targets_own_spot_and_sees_past_it():
    st = position(4)
    place(st, GHOST, 2, roof=True)
    place(st, TUCO, 2, roof=True)  # same roof: never a target
    place(st, CHEYENNE, 4, roof=True)
    place(st, DJANGO, 1)  # inside: not on a roof
    steal(st, [("fire", GHOST)])
    assert st.received == [0, 0, 1, 0]  # the only target resolves by itself


def test_two_player_game_no_cover_after_face_down_fire():
    from generator.engine.colt_express.actions import COVER

    st = position(2)
    scheme(st, "swivel_arm_2_4", {})  # N T N N
    st.ghost_pending = False
    st.play("draw")
    st.play("draw")
    st.hand[0] = [KIND["fire"], KIND["move"] + 6]
    st.play("play Ghost Fire hidden")  # tunnel turn
    assert st.phase != COVER and st.current_player == 1


def test_event_angry_marshal_in_the_caboose_stays_there():
    st = position(4)
    st.marshal = 4
    place(st, GHOST, 4, roof=True)
    steal(st, [], "angry_marshal_2_4")
    assert st.marshal == 4 and st.received[0] == 1


def test_determinize_keeps_bullets_received_while_stealing_in_the_deck():
    # a bullet goes into the victim's deck; nobody draws after scheming, so every seat knows it is
    # still there (in the expert variant the deck's leftovers are next round's hand)
    from generator.engine.colt_express.actions import BULLET

    st = position(4, expert_variant=True, expert_discard_at="after_stealing")
    place(st, GHOST, 2)
    place(st, TUCO, 3)
    place(st, DJANGO, 4)
    st.hand[1] = [KIND["rob"], KIND["fire"]]
    steal(st, [("fire", GHOST)])  # Tuco is the only target
    assert st.phase == DISCARD and BULLET + GHOST in st.deck[1]
    rng = random.Random(6)
    for _ in range(30):
        world = st.determinize(0, rng)
        assert BULLET + GHOST in world.deck[1] and BULLET + GHOST not in world.hand[1]
