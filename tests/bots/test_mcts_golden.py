"""Seeded MCTS decisions are part of the product: tables are tuned and scenario books graded against
`mcts:N` seats, so a speed-up must not change which move a seeded MCTS plays.

`golden/mcts_choices.json` holds, for positions reached by seeded random play in each game, the
move a seeded MCTS bot chooses and the visit count of every root move. It was written by the engines
and bot before the search-key speed-up (issue 17); regenerate only with a note saying why the
choices changed: `python -m tests.bots.test_mcts_golden`.
"""

from __future__ import annotations

import json
import random

import pytest

from generator.bots.mcts import MCTSBot
from generator.games import load_game
from tests.support.paths import GOLDEN as GOLDEN_DIR

GOLDEN = GOLDEN_DIR / "mcts_choices.json"
CASES = [  # game, players, game seed, random moves played first, bot seed, iterations
    ("longhorn", 2, 3, 0, 1, 300),
    ("longhorn", 2, 8, 9, 2, 300),
    ("longhorn", 2, 21, 25, 3, 300),
    ("colt_express", 4, 4, 12, 1, 150),
    ("colt_express", 4, 9, 40, 2, 150),
    ("colt_express", 2, 5, 30, 3, 150),
    ("way_out_west", 4, 2, 14, 1, 100),
    ("way_out_west", 3, 6, 60, 2, 100),
    ("way_out_west", 5, 1, 120, 3, 100),
]


def _position(name: str, players: int, seed: int, moves: int):
    state = load_game(name).new_game(players, seed)
    rng = random.Random(seed)
    played = 0
    while played < moves or len(state.legal_actions()) < 2:
        actions = state.legal_actions()
        state.apply(actions[rng.randrange(len(actions))])
        played += 1
    return state


def _decide(case) -> dict:
    name, players, seed, moves, bot_seed, iterations = case
    state = _position(name, players, seed, moves)
    action, value, stats = MCTSBot(bot_seed, iterations=iterations).analyse(state)
    return {
        "case": list(case),
        "choice": str(action),
        "value": round(value, 9),
        "visits": {str(a): n for a, (n, _mean) in sorted(stats.items(), key=lambda e: str(e[0]))},
    }


@pytest.mark.parametrize("index", range(len(CASES)))
def test_seeded_mcts_plays_the_recorded_move(index):
    want = json.loads(GOLDEN.read_text())["decisions"][index]
    assert want["case"] == list(CASES[index])
    assert _decide(CASES[index]) == want


if __name__ == "__main__":
    data = {
        "note": "seeded MCTS decisions before the issue-17 search-key speed-up (engines after issue 10)",
        "decisions": [_decide(case) for case in CASES],
    }
    GOLDEN.write_text(json.dumps(data, indent=1) + "\n")
