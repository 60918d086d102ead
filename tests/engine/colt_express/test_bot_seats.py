"""Colt Express bot-seat rules (option bot_seats, engine/colt_express/botseat.py) on constructed
positions: a bot seat holds no hand and flips the top card of its bot deck, face down in a tunnel;
a flipped bullet loses the turn (or flips again); the bot deck's make-up comes from content; the
normal hand rules stay with every other seat."""

from __future__ import annotations

import random

import pytest

from generator.bots.table import TableBot, seated_game
from generator.content import load_content, load_table_file
from generator.engine.colt_express.actions import BULLET, FIRE, K_FLIP, KINDS, MOVE, ROB, SCHEME, Flip
from generator.errors import OptionError

from tests.support.colt_express import GHOST, first_scheming, game, to_seat, to_tunnel_turn
from tests.support.paths import REPO

C = load_content("colt_express")


def bot_position(players: int = 3, bot_seats: str = "2", card: str = "braking_2_4", **opts):
    """A fresh game at its first scheming turn under round card `card`, seat 1 first."""
    return first_scheming(players, card, bot_seats=bot_seats, **opts)


def test_bot_seat_holds_no_hand_and_flips_the_top_card_face_up():
    st = bot_position()
    assert st.hand[1] == [] and len(st.hand[0]) == C.setup.hand_size
    to_seat(st, 1)
    assert st.legal_actions() == [Flip()]
    st.deck[1][-1] = ROB
    pile = len(st.pile)
    st.apply(st.parse("flip"))
    assert st.pile[pile] == (ROB, 1, False)


def test_bot_seat_flips_face_down_in_a_tunnel():
    st = bot_position(card="tunnel_2_4")  # N T N T N
    to_tunnel_turn(st, 1)
    st.deck[1][-1] = FIRE
    st.apply(st.parse("flip"))
    assert st.pile[-1] == (FIRE, 1, True)
    # nobody else sees it; the bot's own seat does
    assert st.observation(0)["pile"][-1]["card"] is None
    assert st.observation(1)["pile"][-1]["card"] == "Fire"


def test_bot_seat_flipping_a_bullet_loses_the_turn():
    st = bot_position()
    to_seat(st, 1)
    st.deck[1] += [MOVE, BULLET + 0]  # a bullet on top, a Move under it
    pile, step = len(st.pile), st.step
    st.apply(st.parse("flip"))
    assert len(st.pile) == pile and st.step == step + 1
    assert st.discard[1][-1] == BULLET + 0 and st.deck[1][-1] == MOVE


def test_bot_seat_flips_again_past_a_bullet_with_flip_again():
    st = bot_position(bot_bullet_flip="flip_again")
    to_seat(st, 1)
    st.deck[1] += [MOVE, BULLET + 0, BULLET + 2]
    st.apply(st.parse("flip"))
    assert st.pile[-1] == (MOVE, 1, False)
    assert st.discard[1][-2:] == [BULLET + 2, BULLET + 0]


def test_bot_seat_with_an_empty_bot_deck_passes():
    st = bot_position()
    to_seat(st, 1)
    st.deck[1] = []
    pile, step = len(st.pile), st.step
    st.apply(st.parse("flip"))
    assert len(st.pile) == pile and st.step == step + 1


def test_bot_deck_make_up_comes_from_content():
    st = game(bot_seats="2", character_assignment="in_order").new_game(3, 4)
    want = sorted(KINDS.index(k) for k in C.bot_deck.cards())
    assert st.hand[1] == [] and sorted(st.deck[1]) == want
    assert len(st.hand[0]) + len(st.deck[0]) == C.deck_size()


def test_person_seats_keep_the_hand_rules():
    st = bot_position(players=4, bot_seats="2,4")
    assert [len(h) for h in st.hand] == [C.setup.hand_size, 0, C.setup.hand_size, 0]
    acts = [str(a) for a in st.legal_actions()]
    assert "draw" in acts and "flip" not in acts


def test_two_bandit_bot_seat_never_picks_or_covers():
    st = game(bot_seats="2").new_game(2, 3)
    while st.phase != SCHEME:
        assert st.current_player != 1 or st.phase_name() in ("choose", "place")
        st.apply(st.legal_actions()[0])
    assert st.hand[1] == [] and len(st.deck[1]) == 11
    rng = random.Random(1)
    while not st.is_over:
        if st.current_player == 1:
            assert st.phase_name() not in ("pick", "cover", "discard")
        acts = st.legal_actions()
        st.apply(acts[rng.randrange(len(acts))])


def test_ghost_bot_seat_plays_its_first_card_face_down():
    st = game(bot_seats="1", character_assignment="in_order", first_player="seat_1").new_game(3, 2)
    while st.phase != SCHEME:
        st.apply(st.legal_actions()[0])
    assert st.cfg.names[0] == "Ghost" and st.current_player == 0 and not st.steps[st.step][1]
    st.apply(st.parse("flip"))
    assert st.pile[-1][1] == GHOST and st.pile[-1][2] is True


def test_bot_seats_option_rejects_bad_seats_in_one_line():
    with pytest.raises(OptionError, match="bot_seats"):
        game(bot_seats="two")
    with pytest.raises(OptionError, match="seat 5, but a 3-player game has seats 1-3"):
        game(bot_seats="5").new_game(3, 1)


def test_flip_has_a_search_key_and_round_trips():
    st = bot_position()
    to_seat(st, 1)
    assert st.legal_keys() == [K_FLIP]
    a = st.legal_actions()[0]
    assert st.parse(str(a)) == a and str(a) == "flip"
    copy = st.clone()
    st.apply(a)
    copy.apply_key(K_FLIP)
    assert copy.pile == st.pile and copy.step == st.step


def test_bot_seat_games_replay_from_their_record():
    g = game(bot_seats="1,3")
    st = g.new_game(4, 9)
    st.random_playout(random.Random(3))
    st2 = g.new_game(4, 9)
    rng = random.Random(3)
    while not st2.is_over:
        acts = st2.legal_actions()
        st2.apply(acts[rng.randrange(len(acts))])
    assert st2.result() == st.result()
    again = g.replay(st2.record())
    assert again.result() == st2.result()
    assert st2.record().options["bot_seats"] == "1,3"


def test_a_table_for_bot_seats_gets_the_bot_seat_rules_at_its_seat():
    from generator.games import load_game

    g = load_game("colt_express")
    designer = load_table_file(REPO / "content/colt_express/tables/start/designer.yaml", load_content("colt_express"))
    bots = [TableBot(0, table=designer), TableBot(1, table=designer), "greedy"]
    seated = seated_game(g, bots, 3)
    assert seated.bot_seats == frozenset({0, 1}) and seated is seated_game(g, bots, 3)
    st = seated.new_game(3, 5)
    assert st.observation(2)["bot_seats"] == [0, 1]


def test_the_referee_seats_a_table_by_the_bot_seat_rules_it_is_printed_with(tmp_path):
    """On screen the table bot is the printed one: the easy table flips its own deck (and the save
    keeps the rule; the open hands of normal and hard: tests/engine/colt_express/test_open_hand_seats.py)."""
    from rich.console import Console

    from generator.referee import saves
    from generator.referee.session import run_play

    con = Console(record=True, width=140, highlight=False, color_system=None)
    result = run_play("colt_express", "greedy,table:easy", seed=3, save_dir=tmp_path, input_fn=lambda p: "", console=con, fast=True)
    out = con.export_text()
    assert result.state.game.bot_seats == frozenset({1})
    assert "flips the top card of its bot deck" in out
    assert result.state.record().options["bot_seats"] == "2"
    assert not saves.is_human("table:easy")


def test_a_scenario_seats_its_tables_by_the_bot_seat_rules():
    """A scenario's table seat is dealt, graded and played as the printed bot, in its sheet's mode: an
    easy table flips its own deck, a normal or hard one plays an open hand."""
    from generator.content import load_table
    from generator.scenarios.setup import scenario_start
    from generator.scenarios.store import find

    for sid in ("c01", "c02"):
        _, _, sc = find(sid, "colt_express")
        n = len(sc.seats)
        modes = {i: load_table(load_content("colt_express"), seat.split(":")[1], players=n).bot_hand
                 for i, seat in enumerate(sc.seats) if seat.startswith("table")}
        g, state = scenario_start(load_content("colt_express"), sc)
        assert modes and g.bot_seats == frozenset(i for i, m in modes.items() if m == "flip")
        assert g.open_seats == frozenset(i for i, m in modes.items() if m == "open")
        opts = state.record().options
        assert opts["bot_seats"] == ",".join(str(i + 1) for i in sorted(g.bot_seats))
        assert opts["bot_open_seats"] == ",".join(str(i + 1) for i in sorted(g.open_seats))
