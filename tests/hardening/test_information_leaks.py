"""Nothing shown to a seat depends on what that seat cannot see. For seeded games with every kind of bot
at the other seats, at every move the world is dealt again as the seat knows it (`determinize`: the
same observation, other hidden cards and a different future), and the same move told in both worlds
must read the same to that seat, word for word, whenever it leaves the seat seeing the same in both
(a roll, a draw or a card turned over shows what it shows); a table bot's reason for a move it makes
in both worlds must read the same too."""

from __future__ import annotations

import random

import pytest

from generator.bots import make_bot, seated_for
from generator.games import load_game
from generator.referee.loop import rule_note
from generator.referee.tracking import Tracker, has_hidden_information
from generator.referee.views import get_view
from generator.words.text import Texts

T = Texts("en", "referee")
LINEUPS = {
    "longhorn": [["random", "table:normal"], ["greedy", "table:hard"], ["random", "mcts:20"]],
    "colt_express": [["random", "table:normal", "table:easy"], ["greedy", "table:hard", "mcts:20", "random"]],
    "way_out_west": [["random", "table:normal", "table:hard"], ["random", "greedy", "mcts-guided:10"]],
}


def _told(state, action, view, names) -> tuple[dict, list[str]]:
    """What seat 0 sees after `action`, and what it is told of it."""
    probe = state.clone()
    step = Tracker([0], view, names).apply(probe, action)
    return probe.observation(0), [line.text for line in step.told[0]]


@pytest.mark.fast_case(game_name='colt_express')
@pytest.mark.parametrize("game_name", sorted(LINEUPS))
def test_what_a_seat_is_told_never_depends_on_what_it_cannot_see(game_name):
    _walk(game_name, LINEUPS[game_name])


def test_nor_what_a_table_with_a_hidden_hand_says_of_its_cards(tmp_path):
    import yaml

    from tests.support.paths import REPO

    table = yaml.safe_load((REPO / "content" / "colt_express" / "tables" / "normal_2-3.yaml").read_text())
    table["bot_seat"] = False  # a table whose rules read its own hand, seated where that hand is hidden
    table.pop("bot_hand", None)
    house = tmp_path / "hidden.yaml"
    house.write_text(yaml.safe_dump(table))
    _walk("colt_express", [["random", f"table:{house}", "greedy"], ["random", f"table:{house}"]])


def _walk(game_name: str, lineups: list[list[str]]) -> None:
    for k, lineup in enumerate(lineups):
        g = seated_for(load_game(game_name), [None, *lineup[1:]])  # seat 0 is the person's
        n = len(lineup)
        state = g.new_game(n, 100 + k)
        state.narrate = True
        bots = [make_bot(spec, 7 * i + k) for i, spec in enumerate(lineup)]
        view = get_view(game_name, g.content)
        names = [f"Seat {i + 1}" for i in range(n)]
        rng = random.Random(k)
        hidden = has_hidden_information(state)
        for move in range(400):
            if state.is_over:
                break
            seat = state.current_player
            twin = state.determinize(0, rng)
            assert twin.observation(0) == state.observation(0)
            action = bots[seat].choose(state)
            if action in twin.legal_actions():
                (seen, told), (other_seen, other_told) = _told(state, action, view, names), _told(twin, action, view, names)
                if seen == other_seen:  # (a roll, a draw, a card turned over: the move shows what it shows)
                    assert told == other_told, (game_name, move, str(action))
                if seat != 0 and getattr(bots[seat], "table", None) is not None:
                    real = rule_note(g, bots[seat], seat, hidden, T)
                    other = make_bot(lineup[seat], 0)
                    other.rng.setstate(bots[seat].rng.getstate())  # (the same dice for a tie)
                    if other.choose(twin) == action:
                        assert rule_note(g, other, seat, hidden, T) == real, (game_name, move, str(action))
            state.apply(action)
