"""Constructed Colt Express positions for the rule tests (bandits dealt in content order)."""

from __future__ import annotations

from generator.engine.colt_express.actions import FIRE, FLOOR, MARSHAL, MOVE, PICK, PLACE, PUNCH, ROB, SCHEME
from generator.games import load_game

GHOST, TUCO, CHEYENNE, DJANGO, BELLE, DOC = range(6)
KIND = {"move": MOVE, "floor": FLOOR, "rob": ROB, "fire": FIRE, "punch": PUNCH, "marshal": MARSHAL}


def game(**opts):
    base = dict(character_assignment="in_order", first_player="seat_1", wagon_choice="in_order")
    base.update(opts)
    return load_game("colt_express", **base)


def position(players: int = 4, seed: int = 1, **opts):
    """A fresh game, seats 1.. playing Ghost, Tuco, Cheyenne, Django, Belle, Doc; nothing on the roofs.
    Two bandits a seat (the 2-player default): seat 1 runs Ghost and Cheyenne, seat 2 Tuco and Django,
    and each seat's first bandit starts inside the caboose."""
    st = game(**opts).new_game(players, seed)
    while st.phase == PLACE:
        st.apply(st.legal_actions()[0])
    return st


def clear_loot(st) -> None:
    for sp in range(len(st.spot_purses)):
        st.spot_purses[sp] = []
        st.spot_jewels[sp] = 0
        st.spot_boxes[sp] = 0


def place(st, b: int, car: int, roof: bool = False) -> None:
    st.car[b] = car
    st.roof[b] = int(roof)


def round_card(st, card_id: str) -> int:
    return next(i for i, r in enumerate(st.cfg.round_cards) if r.id == card_id)


def steal(st, cards, card_id: str = "tunnel_2_4") -> None:
    """Resolve a pile of (kind word, bandit) cards under the given round card (default: no event)."""
    st.card_idx = round_card(st, card_id)
    st.pile = [(KIND[k] + 6 * st.cfg.slot[b], b, False) for k, b in cards]
    st.event_done = False
    st.begin_stealing()


def scheme(st, card_id: str, hands: dict[int, list[str]] | None = None) -> None:
    """Restart the current round's scheming under `card_id` with the given hands."""
    st.round_deck.append(round_card(st, card_id))
    st.round_no -= 1
    st.revealed.pop()
    st.start_round()
    while st.phase == PICK:
        st.apply(st.legal_actions()[0])
    for seat, words in (hands or {}).items():
        st.hand[seat] = [KIND[w] for w in words]
    assert st.phase == SCHEME


def first_scheming(players: int = 3, card: str = "braking_2_4", seed: int = 1, **opts):
    """A fresh game at its first scheming turn under round card `card`, seat 1 first."""
    st = game(**opts).new_game(players, seed)
    while st.phase != SCHEME:
        st.apply(st.legal_actions()[0])
    st.round_deck.append(round_card(st, card))
    st.round_no -= 1
    st.revealed.pop()
    st.start_round()
    while st.phase != SCHEME:
        st.apply(st.legal_actions()[0])
    return st


def to_seat(st, seat: int) -> None:
    """Play (the first legal action) until `seat` schemes."""
    while st.current_player != seat:
        st.apply(st.legal_actions()[0])


def to_tunnel_turn(st, seat: int) -> None:
    """On a 'tunnel_2_4' round (N T N T N): play on (first legal actions, `seat`'s normal turn 1
    included) until `seat` schemes on turn 2, a tunnel turn."""
    to_seat(st, seat)
    st.apply(st.legal_actions()[0])  # turn 1 (normal)
    to_seat(st, seat)
    assert st.steps[st.step][1]  # a tunnel turn
