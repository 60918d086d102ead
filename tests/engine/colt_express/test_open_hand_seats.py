"""Colt Express open-hand bot seats (option bot_open_seats, engine/colt_express/botseat.py) on
constructed positions: the seat plays by the normal hand rules, but its hand lies face up, so it is
public to every seat (observation shows it, determinize keeps it); a card it plays in a tunnel goes
face down yet stays known; every other seat's hidden hand stays hidden; the flipping bot seats and
the normal game are unchanged (their seeded records replay move for move)."""

from __future__ import annotations

import json
import random

import pytest

from generator.bots.table import TableBot, seated_game
from generator.content import load_content, load_table_file
from generator.engine.colt_express.actions import DRAW, FIRE, SCHEME, Draw, Play
from generator.engine.core import Record
from generator.errors import OptionError

from tests.support.colt_express import DOC, first_scheming, game, to_seat, to_tunnel_turn
from tests.support.paths import GOLDEN, REPO

C = load_content("colt_express")
DESIGNER = REPO / "content/colt_express/tables/start/designer.yaml"


def open_position(players: int = 3, seats: str = "2", card: str = "braking_2_4", seed: int = 1, **opts):
    """A fresh game at its first scheming turn under round card `card`, seat 1 first."""
    return first_scheming(players, card, seed, bot_open_seats=seats, **opts)


def test_open_hand_seat_is_dealt_a_hand_by_the_normal_rules():
    st = open_position()
    assert len(st.hand[1]) == C.setup.hand_size and st.cfg.open == (False, True, False)
    assert not st.cfg.bot[1]


def test_open_hand_seat_as_doc_is_dealt_his_extra_card():
    st = open_position(players=6, seats="6")  # seat 6 plays Doc (content order)
    assert st.cfg.seat_bandits[5] == [DOC]
    assert len(st.hand[5]) == C.setup.hand_size + 1


def test_open_hand_seat_plays_a_card_or_draws_three():
    st = open_position()
    to_seat(st, 1)
    acts = st.legal_actions()
    assert DRAW in acts and any(type(a) is Play for a in acts)
    before = len(st.hand[1])
    st.apply(Draw())
    assert len(st.hand[1]) == before + C.setup.draw_count


def test_open_hand_is_public_in_every_seats_observation():
    st = open_position()
    words = sorted(st.card_word(1, c) for c in st.hand[1])
    for seat in range(3):
        obs = st.observation(seat)
        assert obs["seats"][1]["open_hand"] == words
        assert obs["bot_open_seats"] == [1]
        assert "open_hand" not in obs["seats"][0] and "open_hand" not in obs["seats"][2]


def test_open_hand_card_played_in_a_tunnel_goes_face_down_but_stays_known():
    st = open_position(card="tunnel_2_4")  # N T N T N
    to_tunnel_turn(st, 1)
    st.hand[1][0] = FIRE
    st.apply(st.parse(str(next(a for a in st.legal_actions() if type(a) is Play and a.code == FIRE))))
    code, b, hidden = st.pile[-1]
    assert code == FIRE and hidden  # face down on the pile
    entry = st.observation(0)["pile"][-1]
    assert entry["face_down"] and entry["card"] == st.card_word(1, FIRE)


def test_determinize_keeps_the_open_hand_and_its_face_down_card():
    st = open_position(card="tunnel_2_4")
    to_tunnel_turn(st, 1)
    st.apply(next(a for a in st.legal_actions() if type(a) is Play))  # face down, from the open hand
    for k in range(8):
        w = st.determinize(0, random.Random(k))
        assert w.hand[1] == st.hand[1]
        assert [e for e in w.pile if w.cfg.owner[e[1]] == 1] == [e for e in st.pile if st.cfg.owner[e[1]] == 1]
        assert sorted(w.deck[1]) == sorted(st.deck[1])  # its deck's make-up is known, not its order


def test_determinize_samples_the_open_hand_seats_deck_order():
    st = open_position()
    orders = {tuple(st.determinize(0, random.Random(k)).deck[1]) for k in range(8)}
    assert len(orders) > 1


def test_another_seats_hidden_hand_stays_hidden_beside_an_open_hand():
    st = open_position()
    obs = st.observation(0)
    assert "open_hand" not in obs["seats"][2] and obs["hand"] == sorted(st.card_word(0, c) for c in st.hand[0])
    hands = {tuple(sorted(st.determinize(0, random.Random(k)).hand[2])) for k in range(12)}
    assert len(hands) > 1  # seat 3's hand is sampled again: seat 1 cannot see it
    log = st.observation(0)["log"]
    assert not any("Your hand" in e.get("text", "") for e in log if isinstance(e, dict) and e.get("to") == 2)


def test_open_hand_is_seen_by_its_own_seat_as_by_others_in_the_log():
    st = open_position()
    to_seat(st, 1)
    st.apply(Draw())
    name = " & ".join(st.cfg.names[b] for b in st.cfg.seat_bandits[1])  # named by its bandit, as the other lines are
    for seat in range(3):
        texts = [e["text"] for e in st.observation(seat)["log"] if isinstance(e, dict)]
        assert any(t.startswith(f"{name}'s open hand for round") for t in texts)
        assert any(t.startswith(f"{name} draws, face up:") for t in texts)


def test_open_hand_seat_picks_in_the_two_player_game():
    st = game(bot_open_seats="2").new_game(2, 3)
    while st.phase != SCHEME:
        if st.current_player == 1 and st.phase_name() == "pick":
            break
        st.apply(st.legal_actions()[0])
    assert st.phase_name() == "pick" and st.current_player == 1


def test_a_seat_is_a_flipping_bot_seat_or_an_open_hand_not_both():
    with pytest.raises(OptionError, match="both bot_seats and bot_open_seats"):
        game(bot_seats="2", bot_open_seats="2,3")
    with pytest.raises(OptionError, match="bot_open_seats"):
        game(bot_open_seats="x")
    with pytest.raises(OptionError, match="bot_open_seats"):
        game(bot_open_seats="4").new_game(3, 1)


def test_open_hand_games_replay_from_their_record():
    g = game(bot_open_seats="1,3")
    st = g.new_game(4, 9)
    rng = random.Random(3)
    while not st.is_over:
        acts = st.legal_actions()
        st.apply(acts[rng.randrange(len(acts))])
    again = g.replay(st.record())
    assert again.result() == st.result()
    assert st.record().options["bot_open_seats"] == "1,3"


def test_a_table_naming_the_open_hand_gets_it_at_its_seat():
    from generator.games import load_game

    g = load_game("colt_express")
    flip = load_table_file(DESIGNER, load_content("colt_express"))
    opened = flip.model_copy(update={"bot_hand": "open"})
    bots = [TableBot(0, table=opened), TableBot(1, table=flip), "greedy"]
    seated = seated_game(g, bots, 3)
    assert seated.open_seats == frozenset({0}) and seated.bot_seats == frozenset({1})
    st = seated.new_game(3, 5)
    assert st.observation(2)["bot_open_seats"] == [0]


def test_a_seat_the_options_name_keeps_its_mode_over_its_tables():
    from generator.games import load_game

    g = load_game("colt_express", bot_open_seats="1")
    flip = load_table_file(DESIGNER, load_content("colt_express"))
    seated = seated_game(g, [TableBot(0, table=flip), TableBot(1, table=flip), "greedy"], 3)
    assert seated.open_seats == frozenset({0}) and seated.bot_seats == frozenset({1})


@pytest.mark.parametrize("name", ["colt_3p_botseats_seed5.json", "colt_2p_botseat_seed6.json", "colt_4p_seed7.json"])
def test_seeded_playthroughs_of_the_existing_modes_are_unchanged(name):
    """Recorded before open hands existed: the same seed and random play give the same moves and result."""
    data = json.loads((GOLDEN / name).read_text())
    rec = Record.from_json(data["record"])
    from generator.games import load_game

    g = load_game("colt_express", **rec.options)
    st = g.new_game(rec.players, rec.seed)
    rng = random.Random(0)
    while not st.is_over:
        acts = st.legal_actions()
        st.apply(acts[rng.randrange(len(acts))])
    now = st.record().to_json()
    assert now["actions"] == data["record"]["actions"]
    assert st.result().to_json() == data["outcome"]
    # the options recorded then are recorded now, beside the new option at its default
    assert {k: v for k, v in now["options"].items() if k in data["record"]["options"]} == data["record"]["options"]
    assert now["options"]["bot_open_seats"] == ""


def test_the_referee_shows_an_open_hand_and_the_rule_that_chose_its_card(tmp_path):
    from rich.console import Console

    from generator.referee.session import run_play

    con = Console(record=True, width=160, highlight=False, color_system=None)
    spec = "table:" + str(DESIGNER.with_name("designer_open.yaml"))
    result = run_play("colt_express", f"greedy,{spec}", seed=3, save_dir=tmp_path, input_fn=lambda p: "", console=con, fast=True)
    out = con.export_text()
    assert result.state.game.open_seats == frozenset({1})
    assert result.state.record().options["bot_open_seats"] == "2"
    assert "'s open hand: " in out  # the board shows it
    assert "scheming: which card: rule" in out  # and the referee says which rule chose the card
