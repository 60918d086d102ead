"""The opening: seats choose their characters, bandits take their starting places, round 1 begins.

Characters [seed]: with `character_assignment: choose` each seat, in a random order, picks one of
the characters still free (in the two-bandit game each seat picks twice). Starting places
[sourced]: players are numbered from the first player, clockwise; odd-numbered players start
inside the caboose, even-numbered inside the wagon next to it. In the two-bandit game every seat
puts one bandit in each, choosing secretly which goes where; the choices are revealed together.
"""

from __future__ import annotations

from .actions import CHOOSE, PLACE, Choose, Place
from .setup import build_config


class OpeningMixin:
    # --- characters ------------------------------------------------------------------------------
    def _choose_actions(self) -> list:
        taken = self.chosen
        out = []
        for a in self.cfg.choose:
            if a.char not in taken:
                out.append(a)
        return out

    def _apply_choose(self, action) -> None:
        if type(action) is not Choose:
            raise TypeError(f"{action!r} is not a character choice")
        b = self.queue.pop(0)
        self.chosen[b] = action.char
        if self.queue:
            return
        cfg = self.cfg
        ids = [c.id for c in self.game.content.characters]
        self.cfg = build_config(self.game, cfg.players, [ids[i] for i in self.chosen], cfg.wagon_order)
        self.begin_placement()

    def bandit_name(self, b: int) -> str | None:
        """Bandit b's character name, or None while its seat has not chosen it yet."""
        if self.phase == CHOOSE:
            i = self.chosen[b]
            return self.game.content.characters[i].name if i >= 0 else None
        return self.cfg.names[b]

    # --- starting places -------------------------------------------------------------------------
    def player_number(self, seat: int) -> int:
        """1 for the first player, then clockwise."""
        return (seat - self.first) % self.cfg.players + 1

    def begin_placement(self) -> None:
        cfg = self.cfg
        P = cfg.players
        self.placing = [-1] * P
        if cfg.two_player:
            self.car = [-1] * cfg.nb  # off the train until every seat has chosen
            self.queue = [(self.first + i) % P for i in range(P)]
            self.phase = PLACE
            return
        caboose, next_wagon = self.start_cars()
        self.car = [caboose if self.player_number(cfg.owner[b]) % 2 else next_wagon for b in range(cfg.nb)]
        self.queue = []
        if self.narrate:
            self._log_places(caboose)
        self.start_round()

    def start_cars(self) -> tuple[int, int]:
        last = self.cfg.ncars - 1
        return last, max(last - 1, 1)

    def _place_actions(self) -> list:
        cfg = self.cfg
        return [Place(b, cfg.names[b]) for b in cfg.seat_bandits[self.queue[0]]]

    def _apply_place(self, action) -> None:
        if type(action) is not Place:
            raise TypeError(f"{action!r} is not a starting place")
        s = self.queue.pop(0)
        self.placing[s] = action.bandit
        if self.queue:
            return
        cfg = self.cfg
        caboose, next_wagon = self.start_cars()
        self.car = [caboose if self.placing[cfg.owner[b]] == b else next_wagon for b in range(cfg.nb)]
        if self.narrate:
            self._log_places(caboose)
        self.start_round()

    def _log_places(self, caboose: int) -> None:
        names = self.cfg.names
        back = [names[b] for b in self.bandit_order() if self.car[b] == caboose]
        front = [names[b] for b in self.bandit_order() if self.car[b] != caboose]
        where = f", {self.wagon_words(caboose)}" if caboose else ""
        text = f"The bandits take their places: {' and '.join(back)} inside the caboose{where}"
        if front:
            text += f"; {' and '.join(front)} inside the wagon next to it"
        self.log_entry("places", text + ".")
