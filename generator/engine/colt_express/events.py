"""The round card's event, applied after stealing, then the end of the round. With narration on,
each event logs one line saying what it did (who moved, who lost or gained what)."""

from __future__ import annotations

from .actions import LEAVE_PURSE, PICKPOCKET, TAKE_PURSE, Pickpocket
from .narration import and_list


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

    def _names(self, bandits: list[int]) -> str:
        return and_list([self.cfg.names[b] for b in bandits])

    def _event_braking(self) -> None:
        moved = []
        for b in self._roof_bandits():
            if self.car[b] > 0:
                self.car[b] -= 1
                moved.append(b)
        if self.narrate:
            self.log_event(
                f"{self._names(moved)} slide{'s' if len(moved) == 1 else ''} one wagon toward the locomotive." if moved
                else "nobody on a roof slides forward.", bandits=[self.cfg.names[b] for b in moved])

    def _event_swivel_arm(self) -> None:
        last = self.cfg.ncars - 1
        moved = []
        for b in self._roof_bandits():
            if self.car[b] != last:
                moved.append(b)
            self.car[b] = last
        if self.narrate:
            where = self.spot_words(last, 1)
            self.log_event(
                f"{self._names(moved)} {'is' if len(moved) == 1 else 'are'} swept back to {where}." if moved
                else "nobody on a roof is swept back.", bandits=[self.cfg.names[b] for b in moved])

    def _event_take_it_all(self) -> None:
        if self.spare_boxes:
            self.spare_boxes -= 1
            self.spot_boxes[2 * self.marshal] += 1
            if self.narrate:
                self.log_event(f"a strongbox drops {self.spot_words(self.marshal, 0)}.")
        elif self.narrate:
            self.log_event("no strongbox is left to drop.")

    def _event_hostage(self) -> None:
        paid = []
        for b in self.bandit_order():
            if self.car[b] == 0:
                self.bonus[b] += self.cfg.hostage_bonus
                paid.append(b)
        if self.narrate:
            each = " each" if len(paid) > 1 else ""
            self.log_event(
                f"{self._names(paid)} collect{'s' if len(paid) == 1 else ''} a ${self.cfg.hostage_bonus} ransom{each}." if paid
                else "nobody is at the locomotive: no ransom is paid.", bandits=[self.cfg.names[b] for b in paid],
                amount=self.cfg.hostage_bonus)

    def _event_marshals_revenge(self) -> None:
        m = self.marshal
        lost = []
        for b in self._roof_bandits():
            purses = self.b_purses[b]
            if self.car[b] == m and purses:
                self.drop_purse(b, purses.index(min(purses)), 2 * m + 1)
                lost.append(b)
        if self.narrate:
            where = self.spot_words(m, 1)
            self.log_event(
                f"{self._names(lost)} drop{'s' if len(lost) == 1 else ''} {'their' if len(lost) > 1 else 'a'} cheapest purse on {where}."
                if lost else f"nobody with a purse stands on {where}.", bandits=[self.cfg.names[b] for b in lost])

    def _event_rebellion(self) -> None:
        group = [b for b in self.bandit_order() if not self.roof[b]]
        left = self.neutral_left
        self.neutral_bullets(group)
        if self.narrate:
            self.log_event(self._bullets_text(group, left - self.neutral_left, "inside the train"),
                           bandits=[self.cfg.names[b] for b in group])

    def _bullets_text(self, group: list[int], given: int, where: str) -> str:
        if not group:
            return f"nobody is {where}."
        if given == len(group):
            return f"{self._names(group)} take{'s' if len(group) == 1 else ''} a neutral bullet{' each' if len(group) > 1 else ''}."
        if given == 0:
            return f"{self._names(group)} would take a neutral bullet, but too few are left: nobody takes one."
        return f"{self._names(group[:given])} take{'s' if given == 1 else ''} a neutral bullet; none is left for {self._names(group[given:])}."

    def _event_angry_marshal(self) -> None:
        m = self.marshal
        group = [b for b in self._roof_bandits() if self.car[b] == m]
        left = self.neutral_left
        self.neutral_bullets(group)
        if self.narrate:
            shot = self._bullets_text(group, left - self.neutral_left, "on the roof of the marshal's wagon")
            moves = (f" The marshal moves to {self.wagon_words(m + 1)}." if m < self.cfg.ncars - 1
                     else " The marshal is already in the last wagon and stays.")
            self.log_event(shot + moves, bandits=[self.cfg.names[b] for b in group])
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
        if self.narrate:
            self.log_event(
                f"{self._names(queue)} {'is' if len(queue) == 1 else 'are'} alone beside a purse and may take it." if queue
                else "nobody is alone beside a purse.", bandits=[self.cfg.names[b] for b in queue])

    def _pickpocket_actions(self) -> list:
        return [TAKE_PURSE, LEAVE_PURSE]

    def _apply_pickpocket(self, action) -> None:
        if not isinstance(action, Pickpocket):
            raise TypeError(f"{action!r} is not a pickpocketing choice")
        b = self.queue.pop(0)
        if action.take:
            self.take_from_spot(b, 2 * self.car[b] + self.roof[b])
            if self.narrate:
                self.log_purse(b)
        if not self.queue:
            self.end_round()
