"""Take Away's rules: players alternately take 1 to max_take cards; the last card wins the star."""

from __future__ import annotations

import random
from dataclasses import dataclass

from generator.engine.core import Action, EndReason, Game, Outcome, State


@dataclass(frozen=True, slots=True)
class Take(Action):
    n: int

    def __str__(self) -> str:
        return f"take {self.n}"


class TakeawayState(State):
    def __init__(self, game: "TakeawayGame", left: int, to_move: int, rng: random.Random):
        self.game, self.left, self.to_move, self.rng = game, left, to_move, rng
        self.taken = [0, 0]
        self.history: list = []
        self.log: list[str] = []

    @property
    def num_players(self) -> int:
        return 2

    @property
    def current_player(self) -> int | None:
        return None if self.left == 0 else self.to_move

    def legal_actions(self) -> list[Action]:
        if self.left == 0:
            return []
        return [Take(n) for n in range(1, min(self.game.options["max_take"], self.left) + 1)]

    def _apply(self, action: Action) -> None:
        assert isinstance(action, Take)
        self.left -= action.n
        self.taken[self.to_move] += action.n
        self.log.append(f"Player {self.to_move + 1} takes {action.n} (left: {self.left}).")
        if self.left:
            self.to_move = 1 - self.to_move

    def result(self) -> Outcome:
        winner = self.to_move
        return Outcome(tuple(1.0 if p == winner else 0.0 for p in range(2)), (winner,), EndReason.NO_LEGAL_MOVE,
                       "took the star")

    def observation(self, player: int) -> dict:
        return {"left": self.left, "to_move": self.to_move, "taken": list(self.taken), "log": list(self.log)}

    def state_to_json(self) -> dict:
        return {"left": self.left, "to_move": self.to_move, "taken": list(self.taken)}


class TakeawayGame(Game):
    name = "takeaway"

    def _new_state(self, players: int, rng: random.Random) -> State:
        return TakeawayState(self, self.content.deck.count, rng.randrange(2), rng)

    def state_from_json(self, data: dict) -> State:
        state = TakeawayState(self, int(data["left"]), int(data["to_move"]), random.Random())
        state.taken = list(data["taken"])
        return state
