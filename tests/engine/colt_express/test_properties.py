"""Colt Express properties over random games for every player count: conservation, hidden
information, determinization, clone independence, JSON and record round-trips, golden records."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st_

from generator.engine.colt_express.actions import BULLET, BULLET_MIN, NEUTRAL
from generator.engine.core import Record
from generator.games import load_game
from tests.support.paths import GOLDEN

VARIANTS = [
    (p, {}) for p in range(2, 7)
] + [
    (2, {"two_player_game": "one_bandit"}), (4, {"expert_variant": True}), (2, {"expert_variant": True}),
    (3, {"expert_variant": True, "expert_discard_at": "after_stealing", "expert_bullets_in_hand": "all_stay"}),
    (5, {"character_assignment": "random", "neutral_bullets_short": "none_if_short"}),
    (2, {"second_pick_order": "reversed", "expert_variant": True, "expert_bullets_in_hand": "discardable"}),
]


def cards_of(st, s):
    return st.hand[s] + st.deck[s] + st.discard[s] + [c for c, b, _h in st.pile[st.res:] if st.cfg.owner[b] == s]


def check_invariants(st):
    cfg = st.cfg
    # loot value is conserved: train, bandits and the box hold every purse, jewel and strongbox
    purses = sum(map(sum, st.spot_purses)) + sum(map(sum, st.b_purses)) + sum(st.spare_purses)
    assert purses == cfg.purse_total
    assert sum(st.spot_jewels) + sum(st.b_jewels) == st.start_jewels
    assert sum(st.spot_boxes) + sum(st.b_boxes) + st.spare_boxes == 2
    # bullets are conserved: each bandit's 6 and the 13 neutral ones are in a hand, deck or discard
    all_cards = [c for s in range(cfg.players) for c in cards_of(st, s)]
    for b in range(cfg.nb):
        assert st.bullets_left[b] + all_cards.count(BULLET + b) == cfg.bullets_each
    assert st.neutral_left + all_cards.count(NEUTRAL) == cfg.neutral_total
    for s in range(cfg.players):
        assert st.received[s] == sum(1 for c in cards_of(st, s) if c >= BULLET_MIN)
        assert sum(1 for c in cards_of(st, s) if c < BULLET_MIN) == (11 if cfg.two_player else 10)
    if st.phase_name() not in ("choose", "place"):  # bandits take their places in the opening
        assert all(0 <= c < cfg.ncars for c in st.car)
    assert 0 <= st.marshal < cfg.ncars
    assert not any(st.car[b] == st.marshal and not st.roof[b] for b in range(cfg.nb))


def run(players, opts, seed, visit):
    game = load_game("colt_express", **opts)
    st = game.new_game(players, seed)
    st.start_jewels = sum(st.spot_jewels)
    rng = random.Random(seed)
    while not st.is_over:
        visit(st)
        acts = st.legal_actions()
        st.apply(acts[rng.randrange(len(acts))])
    visit(st)
    return st


@settings(max_examples=24, deadline=None)
@given(st_.integers(0, len(VARIANTS) - 1), st_.integers(0, 2**31))
def test_random_games_conserve_loot_and_bullets(which, seed):
    players, opts = VARIANTS[which]
    st = run(players, opts, seed, check_invariants)
    out = st.result()
    assert len(out.scores) == players and out.winners


@settings(max_examples=16, deadline=None)
@given(st_.integers(2, 6), st_.integers(0, 2**31))
def test_observation_hides_other_seats_purse_values_and_cards(players, seed):
    def visit(st):
        cfg = st.cfg
        for p in range(players):
            obs = st.observation(p)
            text = json.dumps(obs)
            bit = 1 << p  # purses this seat has held (and so seen) may be told to it, as its own news
            held = [(v, seen) for b in range(cfg.nb) for v, seen in zip(st.b_purses[b], st.bandit_purse_seen(b))]
            held += [(v, seen) for sp in range(len(st.spot_purses)) for v, seen in zip(st.spot_purses[sp], st.spot_purse_seen(sp))]
            mine = [v for v, seen in held if seen & bit]
            others = [v for v, seen in held if not seen & bit]
            for v in set(others) - set(mine) - {250, 500}:  # 250/500 also appear as ransom amounts
                assert str(v) not in text, (p, v)
            assert "purse_values" not in json.dumps([x for x in obs["bandits"] if x["seat"] != p])
            for i, entry in enumerate(obs["pile"]):
                if st.pile[i][2] and i >= st.shown_upto() and entry["seat"] != p:
                    assert entry["card"] is None and entry["bandit"] is None
            assert len(obs["hand"]) == len(st.hand[p])

    run(players, {}, seed, visit)


@settings(max_examples=10, deadline=None)
@given(st_.integers(0, len(VARIANTS) - 1), st_.integers(0, 2**31))
def test_determinize_matches_the_observation(which, seed):
    players, opts = VARIANTS[which]
    rng = random.Random(seed)

    def visit(st):
        if st.is_over:
            return
        p = st.current_player
        world = st.determinize(p, rng)
        assert world.observation(p) == st.observation(p)
        assert sorted(map(str, world.legal_actions())) == sorted(map(str, st.legal_actions()))
        world.random_playout(rng)
        assert world.is_over

    run(players, opts, seed, visit)


@settings(max_examples=10, deadline=None)
@given(st_.integers(0, len(VARIANTS) - 1), st_.integers(0, 2**31))
def test_clone_is_independent_and_json_round_trips(which, seed):
    players, opts = VARIANTS[which]
    game = load_game("colt_express", **opts)
    st = game.new_game(players, seed)
    rng = random.Random(seed)
    for _ in range(rng.randrange(120)):
        if st.is_over:
            break
        acts = st.legal_actions()
        st.apply(acts[rng.randrange(len(acts))])
    before = json.dumps(st.to_json(), sort_keys=True)
    twin = st.clone()
    twin.random_playout(random.Random(1))
    assert json.dumps(st.to_json(), sort_keys=True) == before
    copy = game.from_json(json.loads(before))
    assert json.dumps(copy.to_json(), sort_keys=True) == before
    # both continue identically, chance included
    r1, r2 = random.Random(5), random.Random(5)
    while not st.is_over:
        a1, a2 = st.legal_actions(), copy.legal_actions()
        assert [str(a) for a in a1] == [str(a) for a in a2]
        st.apply(a1[r1.randrange(len(a1))])
        copy.apply(a2[r2.randrange(len(a2))])
    assert st.result() == copy.result()


@settings(max_examples=10, deadline=None)
@given(st_.integers(0, len(VARIANTS) - 1), st_.integers(0, 2**31))
def test_record_replays_exactly_and_notation_parses(which, seed):
    players, opts = VARIANTS[which]
    game = load_game("colt_express", **opts)

    def visit(st):
        for a in st.legal_actions():
            assert st.parse(str(a)) == a
            assert st.describe(a).endswith(".")
        h = st.heuristic(0)
        assert 0.0 <= h <= 1.0

    st = run(players, opts, seed, visit)
    rec = Record.from_json(json.loads(json.dumps(st.record().to_json())))
    again = game.replay(rec)
    assert again.result() == st.result()
    assert again.state_to_json() == st.state_to_json()


def test_golden_playthroughs_replay():
    files = sorted(GOLDEN.glob("colt_*.json"))
    assert files
    for path in files:
        data = json.loads(path.read_text())
        rec = Record.from_json(data["record"])
        game = load_game("colt_express", **rec.options)
        st = game.replay(rec)
        assert st.is_over
        assert st.result().to_json() == data["outcome"], path.name
