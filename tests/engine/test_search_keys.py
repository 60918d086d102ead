"""The search interface (`legal_keys`, `apply_key`, `key_action`) names exactly the legal actions, and
the fast playouts play exactly the games the generic loop plays from the same draws.

A key stands for one action in every state of a game (search trees keep children by key across
sampled worlds), so keys and actions must correspond one to one and applying either must give the
same position.
"""

from __future__ import annotations

import json
import random

import pytest

from generator.engine.core import State
from generator.games import load_game

GAMES = [  # game, options, players
    ("longhorn", {}, 2),
    ("longhorn", {"branding_iron": "any_colour", "emptied_neighbour_token": "take"}, 2),
    ("colt_express", {}, 4),
    ("colt_express", {}, 2),
    ("colt_express", {"expert_variant": True}, 3),
    ("way_out_west", {}, 4),
    ("way_out_west", {"move_cowboys_to": "several"}, 3),
]


def _position(state) -> str:
    """The position as JSON, without the log (playouts do not narrate) and the narration switch."""
    data = {k: v for k, v in state.state_to_json().items() if k not in ("log", "narrate")}
    return json.dumps(data, sort_keys=True, default=str)


def _states(name: str, options: dict, players: int, games: int = 4, every: int = 3):
    game = load_game(name, **options)
    for seed in range(games):
        state = game.new_game(players, seed)
        rng = random.Random(seed)
        n = 0
        while not state.is_over:
            if n % every == 0:
                yield state
            actions = state.legal_actions()
            state.apply(actions[rng.randrange(len(actions))])
            n += 1


@pytest.mark.parametrize("name,options,players", GAMES)
def test_keys_name_the_legal_actions_one_to_one_in_their_order(name, options, players):
    for state in _states(name, options, players):
        keys, actions = state.legal_keys(), state.legal_actions()
        assert [state.key_action(k) for k in keys] == actions
        assert len(set(keys)) == len(keys) == len(actions)


@pytest.mark.parametrize("name,options,players", GAMES)
def test_applying_a_key_gives_the_position_the_action_gives(name, options, players):
    rng = random.Random(3)
    for state in _states(name, options, players, games=3, every=5):
        keys, actions = state.legal_keys(), state.legal_actions()
        i = rng.randrange(len(keys))
        by_action, by_key = state.clone(), state.clone()
        by_action.apply(actions[i])
        by_key.apply_key(keys[i])
        assert _position(by_key) == _position(by_action)


@pytest.mark.parametrize("name,options,players", GAMES)
def test_equal_actions_have_equal_keys_in_every_sampled_world(name, options, players):
    rng = random.Random(5)
    for state in _states(name, options, players, games=2, every=7):
        seat = state.current_player
        world = state.determinize(seat, rng)
        here = dict(zip(state.legal_actions(), state.legal_keys()))
        there = dict(zip(world.legal_actions(), world.legal_keys()))
        for action in here.keys() & there.keys():
            assert here[action] == there[action]


def _generic_playout(state, pick) -> None:
    """`State.random_playout`'s loop over `legal_actions()`, with the fast path's draw `pick(n)`."""
    while not state.is_over:
        actions = state.legal_actions()
        state.apply(actions[pick(len(actions))])


@pytest.mark.parametrize("name,options,players", [g for g in GAMES if g[0] != "longhorn"])
def test_fast_playout_plays_the_generic_loops_game_from_the_same_draws(name, options, players):
    """Colt Express draws like rng.randrange(n), Way Out West like int(rng.random() * n); the fast
    paths pick scheming turns, bids and placements without their lists, and must still choose the same
    move every time (so the distribution is uniform over legal_actions(), as the generic loop's)."""
    game = load_game(name, **options)
    for seed in range(8):
        start = game.new_game(players, seed)
        fast, slow = start.clone(), start.clone()
        fast.random_playout(random.Random(seed))
        rng = random.Random(seed)
        if name == "colt_express":
            _generic_playout(slow, rng.randrange)
        else:
            _generic_playout(slow, lambda n: int(rng.random() * n))
        assert _position(fast) == _position(slow)
        assert fast.result() == slow.result()


def test_default_keys_are_the_actions_themselves():
    """A game that does not override the search interface still works with it (Nim in test_core)."""
    assert State.legal_keys.__doc__ and State.apply_key.__doc__
    from tests.engine.test_contract import NimGame, _content

    state = NimGame(_content()).new_game(2, 4)
    keys = state.legal_keys()
    assert keys == state.legal_actions()
    state.apply_key(keys[0])
    assert len(state.history) == 1 and state.key_action(keys[0]) == keys[0]
