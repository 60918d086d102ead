"""Seeded table-bot games are pinned: tuning, grading and the referee's bots run on them, so a faster
table bot must play the same games move for move.

`golden/table_games.json` holds, per game, player count and seating of levels, a digest of every move
the tables chose and the final scores, over a few seeded deals. Written from the code before the
table-speed changes of that stop (the moves hashed the same after them); regenerate only with a note:
`python -m tests.bots.test_table_golden`. Regenerated once, from the code just before the compiled rules
and lazy Colt Express columns (bots/table_code.py, engine/colt_express/columns.py), when Colt Express
Hard got its head start: its seats' scores grew by it, and one 5-player game changed, as Hard's worth
features count it. The compiled code then played these games move for move. Since then only for a
changed table (Colt Express Easy 2-3 tuned again; Way Out West Hard's head start; Way Out West Hard's
own 3-player table; Colt Express's six tables of issue 35, a few seconds a decision and Hard's head start cut
to $450; Longhorn's three tables of issue 35, a few seconds a decision, its case alone), each from the code
of its own commit.
"""

from __future__ import annotations

import hashlib
import json

import pytest

from generator.bots.table import TableBot, seated_game
from generator.games import load_game
from tests.support.paths import GOLDEN as GOLDEN_DIR

GOLDEN = GOLDEN_DIR / "table_games.json"
CASES = [  # game, players, the level at each seat, deals
    ("longhorn", 2, ("easy", "hard"), 6),
    ("colt_express", 3, ("hard", "normal", "easy"), 4),
    ("colt_express", 5, ("normal", "hard", "easy", "hard", "normal"), 2),
    ("way_out_west", 3, ("hard", "normal", "easy"), 2),
    ("way_out_west", 4, ("normal", "hard", "normal", "easy"), 1),
]


def _games(name: str, players: int, levels: tuple, deals: int) -> list:
    game = load_game(name)
    out = []
    for deal in range(deals):
        bots = [TableBot(100 * deal + i, level=levels[i]) for i in range(players)]
        state = seated_game(game, bots, players).new_game(players, seed=deal)
        state.narrate = False
        moves = hashlib.sha1()
        while not state.is_over:
            action = bots[state.current_player].choose(state)
            moves.update(str(action).encode() + b"\n")
            state.apply(action)
        out.append({"deal": deal, "scores": list(state.result().scores), "moves": moves.hexdigest()[:16]})
    return out


@pytest.mark.parametrize("index", range(len(CASES)))
def test_seeded_table_games_play_the_recorded_moves(index):
    want = json.loads(GOLDEN.read_text())["cases"][index]
    name, players, levels, deals = CASES[index]
    assert (want["game"], want["players"], tuple(want["levels"])) == (name, players, levels)
    assert _games(name, players, levels, deals) == want["games"]


if __name__ == "__main__":  # regenerate (only with a note saying why the games changed)
    cases = [{"game": n, "players": p, "levels": list(lv), "games": _games(n, p, lv, d)} for n, p, lv, d in CASES]
    GOLDEN.write_text(json.dumps({"cases": cases}, indent=1) + "\n")
