"""The engine contract and the shared bots, on a tiny constructed game (Nim with a random start pile).

Nim: players alternately take 1-3 stones; whoever takes the last stone wins. The start pile is drawn
from the state's seeded generator, so records, snapshots and bots all meet randomness.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from types import SimpleNamespace

import pytest

from generator.bots import make_bot
from generator.engine.core import Action, EndReason, Game, Outcome, Record, State, resolve_options
from generator.errors import IllegalAction, OptionError, RecordError, UsageError


@dataclass(frozen=True, slots=True)
class Take(Action):
    n: int

    def __str__(self) -> str:
        return f"take {self.n}"


class NimState(State):
    def __init__(self, game: "NimGame", pile: int, rng: random.Random):
        self.game, self.pile, self.rng, self.to_move = game, pile, rng, 0
        self.history = []

    @property
    def num_players(self) -> int:
        return 2

    @property
    def current_player(self):
        return None if self.pile == 0 else self.to_move

    def legal_actions(self):
        return [Take(n) for n in range(1, min(self.game.options["max_take"], self.pile) + 1)]

    def _apply(self, action: Take) -> None:
        self.pile -= action.n
        if self.pile:
            self.to_move = 1 - self.to_move

    def result(self) -> Outcome:
        winner = self.to_move
        scores = tuple(1.0 if p == winner else 0.0 for p in range(2))
        return Outcome(scores, (winner,), EndReason.NO_LEGAL_MOVE)

    def observation(self, player: int) -> dict:
        return {"pile": self.pile, "to_move": self.to_move}

    def state_to_json(self) -> dict:
        return {"pile": self.pile, "to_move": self.to_move}


class NimGame(Game):
    name = "nim"

    def _new_state(self, players, rng):
        return NimState(self, rng.randint(10, 20), rng)

    def state_from_json(self, data):
        st = NimState(self, data["pile"], random.Random())
        st.to_move = data["to_move"]
        return st


def _content():
    spec = SimpleNamespace(default=3, choices=[3, 4])
    return SimpleNamespace(
        options={"max_take": spec},
        game=SimpleNamespace(players=SimpleNamespace(min=2, max=2)),
    )


@pytest.fixture
def nim() -> NimGame:
    return NimGame(_content())


def test_options_default_from_content(nim):
    assert nim.options == {"max_take": 3}


def test_unknown_option_is_refused():
    with pytest.raises(OptionError, match="unknown option 'max'"):
        NimGame(_content(), max=3)


def test_option_outside_choices_is_refused():
    with pytest.raises(OptionError, match="max_take=5"):
        NimGame(_content(), max_take=5)


def test_option_given_as_text_matches_its_choice():
    assert resolve_options(_content().options, {"max_take": "4"}, "nim") == {"max_take": 4}


def test_player_count_outside_range_is_refused(nim):
    with pytest.raises(OptionError, match="3 players"):
        nim.new_game(3)


def test_same_seed_same_game(nim):
    assert nim.new_game(2, 5).pile == nim.new_game(2, 5).pile


def test_notation_round_trips(nim):
    state = nim.new_game(2, 1)
    for action in state.legal_actions():
        assert state.parse(str(action)) == action


def test_illegal_text_names_input_and_legal_moves(nim):
    state = nim.new_game(2, 1)
    with pytest.raises(IllegalAction, match=r"'take 9' is not legal here; legal: take 1, take 2, take 3"):
        state.play("take 9")


def test_record_replays_exactly(nim):
    state = nim.new_game(2, 3)
    state.random_playout(random.Random(0))
    record = Record.from_json(state.record().to_json())
    again = nim.replay(record)
    assert again.state_to_json() == state.state_to_json()
    assert again.result() == state.result()


def test_record_with_bad_move_names_it(nim):
    rec = Record(game="nim", players=2, seed=3, actions=["take 1", "take 7"])
    with pytest.raises(RecordError, match="move 2 'take 7'"):
        nim.replay(rec)


def test_record_played_with_other_options_is_refused(nim):
    rec = Record(game="nim", players=2, seed=3, options={"max_take": 4}, actions=["take 1"])
    with pytest.raises(RecordError, match="record was played with max_take=4"):
        nim.replay(rec)


def test_record_missing_field_is_a_record_error():
    with pytest.raises(RecordError, match="missing or bad field"):
        Record.from_json({"game": "nim"})


def test_snapshot_round_trip_keeps_the_generator(nim):
    state = nim.new_game(2, 9)
    state.play("take 2")
    copy = nim.from_json(state.to_json())
    assert copy.state_to_json() == state.state_to_json()
    assert copy.rng.random() == state.rng.random()
    assert [str(a) for a in copy.history] == ["take 2"]


def test_clone_is_independent(nim):
    state = nim.new_game(2, 2)
    other = state.clone()
    other.play("take 1")
    assert state.pile == other.pile + 1


def test_outcome_reward_shares_a_tied_win():
    out = Outcome((5, 5, 1), (0, 1), EndReason.ROUNDS_COMPLETE)
    assert (out.reward(0), out.reward(1), out.reward(2)) == (0.5, 0.5, 0.0)


def test_unknown_bot_is_a_usage_error():
    with pytest.raises(UsageError, match="unknown bot 'wizard'"):
        make_bot("wizard")


def test_bad_bot_budget_is_a_usage_error():
    with pytest.raises(UsageError, match="whole number"):
        make_bot("mcts:lots")


def test_bots_are_deterministic_for_a_seed(nim):
    for spec in ("random", "greedy", "mcts:50"):
        state = nim.new_game(2, 4)
        picks = {str(make_bot(spec, 11).choose(state)) for _ in range(3)}
        assert len(picks) == 1, spec


def test_mcts_finds_the_winning_nim_move(nim):
    # 7 stones, take up to 3: taking 3 leaves 4, a lost position for the opponent.
    state = nim.from_json({**nim.new_game(2, 0).to_json(), "state": {"pile": 7, "to_move": 0}})
    assert str(make_bot("mcts:2000", 1).choose(state)) == "take 3"


def test_greedy_takes_an_immediate_win(nim):
    state = nim.from_json({**nim.new_game(2, 0).to_json(), "state": {"pile": 2, "to_move": 1}})
    assert str(make_bot("greedy", 1).choose(state)) == "take 2"
