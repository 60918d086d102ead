"""Seeded fast playouts are pinned: MCTS rollouts run through them, so a faster playout must play the
same games from the same generator (not only the same distribution).

`golden/playouts.json` holds, per game and player count, the outcome and a digest of the final
position (log left out) of `random_playout` from seeded openings and from seeded mid-game positions. Written before
the issue-17 speed-up; regenerate only with a note: `python -m tests.engine.test_playout_golden`.
"""

from __future__ import annotations

import hashlib
import json
import random

import pytest

from generator.games import load_game
from tests.support.paths import GOLDEN as GOLDEN_DIR

GOLDEN = GOLDEN_DIR / "playouts.json"
CASES = [  # game, options, players
    ("longhorn", {}, 2),
    ("longhorn", {"branding_iron": "any_colour", "emptied_neighbour_token": "take", "dangerous_locations": "avoid"}, 2),
    ("colt_express", {}, 4),
    ("colt_express", {}, 2),
    ("colt_express", {"expert_variant": True, "character_assignment": "random"}, 5),
    ("way_out_west", {}, 4),
    ("way_out_west", {"move_cowboys_to": "several", "move_cattle_to": "any"}, 3),
]
SEEDS = range(12)


def _digest(state) -> str:
    """The final position without its log (a playout nobody reads need not narrate)."""
    data = {k: v for k, v in state.state_to_json().items() if k not in ("log", "narrate")}
    data = json.dumps(data, sort_keys=True, default=str)
    return hashlib.sha1(data.encode()).hexdigest()[:16]


def _games(name: str, options: dict, players: int) -> list:
    game = load_game(name, **options)
    out = []
    for seed in SEEDS:
        s = game.new_game(players, seed)
        if seed % 2:  # a mid-game start: some random legal moves first
            rng = random.Random(seed)
            for _ in range(seed * 7):
                if s.is_over:
                    break
                acts = s.legal_actions()
                s.apply(acts[rng.randrange(len(acts))])
        s.random_playout(random.Random(1000 + seed))
        out.append({"seed": seed, "outcome": s.result().to_json(), "digest": _digest(s)})
    return out


@pytest.mark.parametrize("index", range(len(CASES)))
def test_seeded_fast_playouts_play_the_recorded_games(index):
    want = json.loads(GOLDEN.read_text())["cases"][index]
    name, options, players = CASES[index]
    assert want["case"] == [name, options, players]
    assert _games(name, options, players) == want["games"]


if __name__ == "__main__":
    data = {
        "note": "seeded random_playout results before the issue-17 speed-up (engines after issue 10)",
        "cases": [{"case": [n, o, p], "games": _games(n, o, p)} for n, o, p in CASES],
    }
    GOLDEN.write_text(json.dumps(data, indent=1) + "\n")
