"""Property tests over random seeded Longhorn games, and the golden playthrough records."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings, strategies as st

from generator.engine.core import Record
from generator.engine.longhorn import OVER

from tests.support.longhorn import build, conserved, game
from tests.support.paths import GOLDEN

G = game()
OPTION_SETS = [
    {},
    {"movement": "loop_allowed", "full_herd_check": "end_of_turn", "epidemic_scope": "everywhere",
     "emptied_neighbour_token": "stay", "branding_iron": "all_neighbours", "rattlesnake_targets": "any_adjacent",
     "draw_result": "most_cattle", "nugget_values": "pairs_200_300", "start_chooser": "second",
     "dangerous_locations": "avoid"},
    {"movement": "distance", "emptied_neighbour_token": "discard", "branding_iron": "any_colour",
     "dangerous_locations": "avoid"},
]
GAMES = [G] + [game(**opts) for opts in OPTION_SETS[1:]]


def _random_game(g, seed: int, play_seed: int):
    s = g.new_game(2, seed)
    rng = random.Random(play_seed)
    states = []
    while not s.is_over:
        acts = s.legal_actions()
        assert acts, "a legal action exists until the end"
        s.apply(acts[rng.randrange(len(acts))])
        states.append(s)
        assert conserved(s) == 36
        assert min(s.cattle) >= 0 and min(s.herd) >= 0
        assert s.tot == [sum(s.cattle[c * 4 : c * 4 + 4]) for c in range(9)]
        assert len(states) < 500
    return s


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), play_seed=st.integers(0, 2**16), variant=st.integers(0, len(OPTION_SETS) - 1))
def test_random_games_end_with_cattle_conserved(seed, play_seed, variant):
    s = _random_game(GAMES[variant], seed, play_seed)
    out = s.result()
    assert s.current_player is None and s.legal_actions() == []
    assert out.winners in ((0,), (1,), (0, 1))
    assert s.phase == OVER


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), play_seed=st.integers(0, 2**16), cut=st.floats(0, 1))
def test_clone_is_independent(seed, play_seed, cut):
    s = G.new_game(2, seed)
    rng = random.Random(play_seed)
    full = _random_game(G, seed, play_seed)
    stop = int(len(full.history) * cut)
    for text in [str(a) for a in full.history[:stop]]:
        s.play(text)
    before = json.dumps(s.to_json(), sort_keys=True)
    c = s.clone()
    while not c.is_over:
        acts = c.legal_actions()
        c.apply(acts[rng.randrange(len(acts))])
    c2 = s.clone()
    c2.random_playout(random.Random(play_seed))
    assert json.dumps(s.to_json(), sort_keys=True) == before
    assert c2.is_over and conserved(c2) == 36


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), play_seed=st.integers(0, 2**16), variant=st.integers(0, len(OPTION_SETS) - 1))
def test_record_replay_and_json_round_trip_give_equal_states(seed, play_seed, variant):
    g = GAMES[variant]
    s = _random_game(g, seed, play_seed)
    rec = Record.from_json(json.loads(json.dumps(s.record().to_json())))
    replayed = g.replay(rec)
    assert replayed.to_json() == s.to_json()
    assert replayed.result() == s.result()
    again = g.from_json(json.loads(json.dumps(s.to_json())))
    assert again.to_json() == s.to_json()
    # mid-game snapshots continue identically (the generator is saved too)
    mid = g.new_game(2, seed)
    for text in rec.actions[: len(rec.actions) // 2]:
        mid.play(text)
    restored = g.from_json(json.loads(json.dumps(mid.to_json())))
    for text in rec.actions[len(rec.actions) // 2 :]:
        mid.play(text)
        restored.play(text)
    assert restored.to_json() == mid.to_json()


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), play_seed=st.integers(0, 2**16))
def test_fast_playout_ends_properly(seed, play_seed):
    s = G.new_game(2, seed)
    s.random_playout(random.Random(play_seed))
    assert s.is_over and conserved(s) == 36
    assert s.result().winners in ((0,), (1,), (0, 1))


def test_fast_playout_matches_uniform_random_play_in_distribution():
    """Win shares of the int fast path and of plain legal_actions play agree on many games."""
    base = G.new_game(2, 11)
    slow = fast = 0
    n = 600
    for i in range(n):
        a = base.clone()
        rng = random.Random(i)
        while not a.is_over:
            acts = a.legal_actions()
            a.apply(acts[rng.randrange(len(acts))])
        slow += a.result().reward(0)
        b = base.clone()
        b.random_playout(random.Random(10_000 + i))
        fast += b.result().reward(0)
    assert abs(slow - fast) / n < 0.09  # ~4 standard errors


def _golden_files():
    return sorted(GOLDEN.glob("longhorn_seed*.json"))


def test_golden_playthroughs_replay_exactly():
    files = _golden_files()
    assert files, "golden records are missing"
    for path in files:
        data = json.loads(path.read_text())
        g = game(**data["record"]["options"])
        s = g.replay(Record.from_json(data["record"]))
        assert s.is_over
        assert s.result().to_json() == data["outcome"], path.name
        assert s.state_to_json() == data["final_state"], path.name


def test_clone_copies_the_generator_so_both_draw_the_same_nugget():
    from tests.support.longhorn import build

    for seed in range(10):
        s = build(cells={"B2": {"black": 1}, "B1": {"white": 1}}, tokens={"B2": "ambush"}, pawn="B2",
                  nuggets=[[], [200, 300, 400, 500]])
        s.rng = random.Random(seed)
        s.play("steal black")
        c = s.clone()
        d = c.clone()
        s.play("ambush nugget")  # the original draws first
        d.rng.random()  # a grandchild drawing must not disturb the child
        c.play("ambush nugget")
        assert s.nuggets == c.nuggets


# --- clone independence of the generator (the clone shares it copy-on-write) -----------------------


def _ambush_position(seed):
    from tests.support.longhorn import build

    s = build(cells={"B2": {"black": 1}, "B1": {"white": 1}}, tokens={"B2": "ambush"}, pawn="B2",
              nuggets=[[], [200, 300, 400, 500]])
    s.rng = random.Random(seed)
    s.play("steal black")
    return s


def _draw_after(s, n):
    return [s.rng.random() for _ in range(n)]


@pytest.mark.parametrize("seed", range(8))
def test_clone_rng_draws_of_the_clone_never_change_the_original(seed):
    want = _draw_after(_ambush_position(seed), 5)
    s = _ambush_position(seed)
    c = s.clone()
    c.play("ambush nugget")
    _draw_after(c, 50)
    c.clone_light().rng.random()
    assert _draw_after(s, 5) == want


@pytest.mark.parametrize("seed", range(8))
def test_clone_rng_draws_of_the_original_never_change_the_clone(seed):
    want = _draw_after(_ambush_position(seed), 5)
    s = _ambush_position(seed)
    c = s.clone()
    light = s.clone_light()
    s.play("ambush nugget")
    _draw_after(s, 50)
    assert _draw_after(c, 5) == want
    assert _draw_after(light, 5) == want


@pytest.mark.parametrize("seed", range(8))
def test_clone_rng_draws_through_a_held_generator_never_change_the_clone(seed):
    """`r = s.rng` (or `s.rng = r`) hands the generator out: drawing from it later is the original's
    draw and must not reach a clone made in between."""
    want = _draw_after(_ambush_position(seed), 5)
    s = _ambush_position(seed)
    held = s.rng
    c = s.clone()
    light = s.clone_light()
    held.random()
    held.random()
    assert _draw_after(c, 5) == want
    assert _draw_after(light, 5) == want
    assert s.rng is held  # the original keeps its own generator
    # the setter hands the generator out too
    s = _ambush_position(seed)
    mine = random.Random(seed)
    s.rng = mine
    c = s.clone()
    mine.random()
    fresh = random.Random(seed)
    assert _draw_after(c, 3) == [fresh.random() for _ in range(3)]


@pytest.mark.parametrize("seed", range(12))
def test_clone_rng_interleaved_games_match_uncloned_copies(seed):
    """Clone mid-game, finish both in either order with draws (ambush nuggets): each ends exactly as an
    independent copy made through JSON (which copies the generator eagerly)."""
    g = G
    s = g.new_game(2, seed)
    rng = random.Random(seed)
    for _ in range(rng.randrange(1, 12)):
        if s.is_over:
            break
        acts = s.legal_actions()
        s.apply(acts[rng.randrange(len(acts))])

    def finish(state, policy_seed):
        pick = random.Random(policy_seed)
        while not state.is_over:
            acts = state.legal_actions()
            state.apply(acts[pick.randrange(len(acts))])
            state.rng.random()  # extra draws on this state's own generator
        return state.state_to_json(), state.rng.random()

    ref_s = g.from_json(s.to_json())
    ref_c = g.from_json(s.to_json())
    c = s.clone()
    if seed % 2:
        got_c, got_s = finish(c, 1), finish(s, 2)
    else:
        got_s, got_c = finish(s, 2), finish(c, 1)
    assert got_s == finish(ref_s, 2)
    assert got_c == finish(ref_c, 1)


def test_build_round_trips_through_json():
    s = build(cells={"A1": {"black": 2}, "C3": {"green": 1}}, tokens={"A1": "nugget:300"}, pawn="A1",
              herds=[{"white": 3}, {}], nuggets=[[], [400]])
    again = s.game.state_from_json(s.state_to_json())
    assert again.state_to_json() == s.state_to_json()
    assert again.cattle == s.cattle and again.tok[0] == (0, 300) and again.nuggets == [[], [400]]
