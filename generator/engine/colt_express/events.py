"""The round card's event, applied after stealing, then the end of the round."""

from __future__ import annotations

from .actions import LEAVE_PURSE, PICKPOCKET, TAKE_PURSE, Pickpocket


class EventMixin:
    def run_event(self) -> None:
        cfg = self.cfg
        event = cfg.round_cards[self.card_idx].event
        self.phase, self.queue = PICKPOCKET, []
        if event is not None and not self.event_done:
            self.event_done = True
            getattr(self, "_event_" + event)()
            if self.queue:
                return  # pickpocketing decisions
        self.end_round()

    def _roof_bandits(self) -> list[int]:
        return [b for b in self.bandit_order() if self.roof[b]]

    def _event_braking(self) -> None:
        for b in self._roof_bandits():
            if self.car[b] > 0:
                self.car[b] -= 1

    def _event_swivel_arm(self) -> None:
        last = self.cfg.ncars - 1
        for b in self._roof_bandits():
            self.car[b] = last

    def _event_take_it_all(self) -> None:
        if self.spare_boxes:
            self.spare_boxes -= 1
            self.spot_boxes[2 * self.marshal] += 1

    def _event_hostage(self) -> None:
        for b in self.bandit_order():
            if self.car[b] == 0:
                self.bonus[b] += self.cfg.hostage_bonus

    def _event_marshals_revenge(self) -> None:
        m = self.marshal
        for b in self._roof_bandits():
            purses = self.b_purses[b]
            if self.car[b] == m and purses:
                self.drop_purse(b, purses.index(min(purses)), 2 * m + 1)

    def _event_rebellion(self) -> None:
        self.neutral_bullets([b for b in self.bandit_order() if not self.roof[b]])

    def _event_angry_marshal(self) -> None:
        m = self.marshal
        self.neutral_bullets([b for b in self._roof_bandits() if self.car[b] == m])
        if m < self.cfg.ncars - 1:
            self.marshal = m + 1
            self.marshal_arrives()

    def _event_pickpocketing(self) -> None:
        car, roof = self.car, self.roof
        queue = []
        for b in self.bandit_order():
            spot = 2 * car[b] + roof[b]
            alone = all(not (car[o] == car[b] and roof[o] == roof[b]) for o in range(self.cfg.nb) if o != b)
            if alone and self.spot_purses[spot]:
                queue.append(b)
        self.queue = queue

    def _pickpocket_actions(self) -> list:
        return [TAKE_PURSE, LEAVE_PURSE]

    def _apply_pickpocket(self, action) -> None:
        if not isinstance(action, Pickpocket):
            raise TypeError(f"{action!r} is not a pickpocketing choice")
        b = self.queue.pop(0)
        if action.take:
            self.take_from_spot(b, 2 * self.car[b] + self.roof[b])
        if not self.queue:
            self.end_round()
