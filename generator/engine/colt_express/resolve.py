"""Stealing: the pile resolves first-played first; the card's owner makes every choice as it
resolves. A card with no possible effect does nothing; a card with one possible effect resolves by
itself; otherwise its owner chooses among the legal actions. Marshal presence lives here too."""

from __future__ import annotations

from ..randomness import randbelow
from .actions import (
    BOX, BULLET, CLIMB, FIRE, FLOOR, JEWEL, MARSHAL, MOVE, NEUTRAL, PUNCH, PURSE, RESOLVE, ROB, ROBS,
    Climb, Fire, MarshalBy, MoveBy, Punch, Rob,
)


_CLIMB_ONLY = [CLIMB]  # a Change floor card's one option (shared: never changed)


class ResolveMixin:
    def begin_stealing(self) -> None:
        self.phase, self.res = RESOLVE, 0
        if self.narrate:
            self.log_stealing()
        self._advance_resolution()

    def _advance_resolution(self) -> None:
        """Resolve cards that need no decision; stop at the first real choice or run the event."""
        pile = self.pile
        owner = self.cfg.owner
        discard = self.discard
        while self.res < len(pile):
            opts = self._card_options()
            if len(opts) > 1:
                self.pending = opts
                if self.narrate:
                    self.log_reveal()
                return
            if self.narrate:
                self.log_card(opts[0] if opts else None)
            if opts:
                self._effect(opts[0])
            code, b, _hidden = pile[self.res]  # the card is done: to its owner's discard
            discard[owner[b]].append(code)
            self.res += 1
            if self.frames is not None:  # (the referee's: the board as this card leaves it)
                self.frames.append((self.res, self.clone()))
        self.pending = None
        self.run_event()

    def _finish_card(self) -> None:
        code, b, _hidden = self.pile[self.res]
        self.discard[self.cfg.owner[b]].append(code)
        self.res += 1
        if self.frames is not None:
            self.frames.append((self.res, self.clone()))

    def _apply_resolve(self, action) -> None:
        if self.narrate:
            self.log_card(action, decision=True)
        self._effect(action)
        self._finish_card()
        self._advance_resolution()

    # --- what the current card may do ----------------------------------------------------------
    def _card_options(self) -> list:
        code, b, _hidden = self.pile[self.res]
        kind = code % 6
        cfg = self.cfg
        if kind == MOVE:  # (the lists from the configuration are shared: pending lists are never changed)
            return cfg.move_options[self.roof[b]][self.car[b]]
        if kind == FLOOR:
            return _CLIMB_ONLY
        c, r = self.car[b], self.roof[b]
        if kind == ROB:
            spot = 2 * c + r
            out = []
            if self.spot_purses[spot]:
                out.append(ROBS[PURSE])
            if self.spot_jewels[spot]:
                out.append(ROBS[JEWEL])
            if self.spot_boxes[spot]:
                out.append(ROBS[BOX])
            return out
        if kind == FIRE:
            if not self.bullets_left[b]:
                return []
            fires = cfg.fire
            out = self.fire_targets(b)
            for i, t in enumerate(out):
                out[i] = fires[t]
            return out
        if kind == PUNCH:
            return self._punch_options(b)
        if kind == MARSHAL:
            return cfg.marshal_options[self.marshal]
        return []

    def _belle_filter(self, targets: list[int]) -> list[int]:
        belle = self.cfg.belle
        if belle >= 0 and len(targets) > 1 and belle in targets:
            targets.remove(belle)
        return targets

    def fire_targets(self, b: int) -> list[int]:
        """Who bandit b may shoot now (line of sight, Tuco's floor shot, Belle's protection)."""
        cfg = self.cfg
        car, roof = self.car, self.roof
        c, r = car[b], roof[b]
        nb = cfg.nb
        out = []  # (loops, not comprehensions: a comprehension is a call of its own before Python 3.12)
        if r == 0:
            for t in range(nb):
                if t != b and roof[t] == 0 and (car[t] == c - 1 or car[t] == c + 1):
                    out.append(t)
        else:
            lo, hi = -1, cfg.ncars
            for t in range(nb):
                if t != b and roof[t]:
                    ct = car[t]
                    if lo < ct < c:
                        lo = ct
                    elif c < ct < hi:
                        hi = ct
            for t in range(nb):
                if t != b and roof[t] and (car[t] == lo or car[t] == hi):
                    out.append(t)
        if b == cfg.tuco:
            for t in range(nb):
                if t != b and car[t] == c and roof[t] != r:
                    out.append(t)
        return self._belle_filter(out)

    def punch_targets(self, b: int) -> list[int]:
        car, roof = self.car, self.roof
        c, r = car[b], roof[b]
        out = []
        for t in range(self.cfg.nb):
            if t != b and car[t] == c and roof[t] == r:
                out.append(t)
        return self._belle_filter(out)

    def _punch_options(self, b: int) -> list:
        cfg = self.cfg
        cache = cfg.punch
        dirs = cfg.knock_directions[self.car[b]]
        cheyenne = b == cfg.cheyenne
        out = []
        for t in self.punch_targets(b):
            drops = []
            if self.b_purses[t]:
                drops.append(PURSE)
            if self.b_jewels[t]:
                drops.append(JEWEL)
            if self.b_boxes[t]:
                drops.append(BOX)
            if not drops:
                drops.append(-1)
            for drop in drops:
                takes = (False, True) if cheyenne and drop == PURSE else (False,)
                for d in dirs:
                    for take in takes:
                        key = (t, drop, d, take)
                        act = cache.get(key)
                        if act is None:
                            act = cache[key] = Punch(t, drop, d, take, cfg.names[t])
                        out.append(act)
        return out

    # --- effects ---------------------------------------------------------------------------------
    def _effect(self, action) -> None:
        code, b, _hidden = self.pile[self.res]
        kind = type(action)
        if kind is MoveBy:
            self.car[b] += action.delta
            if not self.roof[b] and self.car[b] == self.marshal:
                self.flee(b)
        elif kind is Climb:
            self.roof[b] ^= 1
            if not self.roof[b] and self.car[b] == self.marshal:
                self.flee(b)
        elif kind is Rob:
            self.rob(b, action.loot)
        elif kind is Fire:
            self.shoot(b, action.target)
        elif kind is Punch:
            self.punch(b, action)
        elif kind is MarshalBy:
            self.marshal += action.delta
            self.marshal_arrives()
        else:
            raise TypeError(f"{action!r} cannot resolve a card")

    def rob(self, b: int, loot: int) -> None:
        spot = 2 * self.car[b] + self.roof[b]
        if loot == PURSE:
            self.take_from_spot(b, spot)
            if self.narrate:
                self.log_purse(b)
        elif loot == JEWEL:
            self.spot_jewels[spot] -= 1
            self.b_jewels[b] += 1
        else:
            self.spot_boxes[spot] -= 1
            self.b_boxes[b] += 1

    def shoot(self, b: int, t: int) -> None:
        cfg = self.cfg
        self.bullets_left[b] -= 1
        victim = cfg.owner[t]
        self.deck[victim].append(BULLET + b)
        self.received[victim] += 1
        self.late[victim] += 1
        if not (cfg.two_player and victim == cfg.owner[b]):
            self.fired[b] += 1
        if b == cfg.django:
            step = (self.car[t] > self.car[b]) - (self.car[t] < self.car[b])
            if step and 0 <= self.car[t] + step < cfg.ncars:
                self.car[t] += step
                if self.narrate:
                    self.log_pushed(t)
                if not self.roof[t] and self.car[t] == self.marshal:
                    self.flee(t)

    def punch(self, b: int, action: Punch) -> None:
        t = action.target
        spot = 2 * self.car[t] + self.roof[t]
        drop = action.drop
        if drop == PURSE:
            self.drop_purse(t, randbelow(self._own_rng(), len(self.b_purses[t])), spot, b if action.take else -1)
            if action.take and self.narrate:
                self.log_purse(b)
        elif drop == JEWEL:
            self.b_jewels[t] -= 1
            self.spot_jewels[spot] += 1
        elif drop == BOX:
            self.b_boxes[t] -= 1
            self.spot_boxes[spot] += 1
        self.car[t] += action.direction
        if not self.roof[t] and self.car[t] == self.marshal:
            self.flee(t)

    # --- the marshal -----------------------------------------------------------------------------
    def neutral_bullet(self, b: int) -> None:
        if self.neutral_left:
            self.neutral_left -= 1
            s = self.cfg.owner[b]
            self.deck[s].append(NEUTRAL)
            self.received[s] += 1
            self.late[s] += 1

    def neutral_bullets(self, group: list[int]) -> None:
        """A neutral bullet for each bandit of a group, in seat order from the first player. When
        fewer are left than the group needs: handed out one by one until none are left, or none
        handed out at all (option `neutral_bullets_short`)."""
        if len(group) > self.neutral_left and self.cfg.options["neutral_bullets_short"] == "none_if_short":
            return
        for b in group:
            self.neutral_bullet(b)

    def flee(self, b: int) -> None:
        """Bandit b is inside with the marshal: up to the roof, with a neutral bullet if any are left."""
        self.roof[b] = 1
        left = self.neutral_left
        self.neutral_bullet(b)
        if self.narrate:
            self.log_flee([b], left - self.neutral_left, arriving=False)

    def marshal_arrives(self) -> None:
        """Every bandit inside the marshal's new wagon flees to its roof with a neutral bullet."""
        m = self.marshal
        car, roof = self.car, self.roof
        group = []
        for b in self.bandit_order():
            if car[b] == m and not roof[b]:
                roof[b] = 1
                group.append(b)
        left = self.neutral_left
        self.neutral_bullets(group)
        if self.narrate:
            self.log_flee(group, left - self.neutral_left, arriving=True)

    def bandit_order(self) -> list[int]:
        """Bandits in seat order from the first player (a seat's first bandit before its second); a
        list shared by the whole game: read it, never change it."""
        return self.cfg.bandits_from[self.first]
