"""Colt Express feature columns for the table bot at play: each feature counted only when a rule asks.

`features.evaluate` counts, for every candidate, every feature a table reads, before any rule is
looked at. Most scheming decisions are settled by a table's first rules (a Rob card where there is
loot, a Punch card beside a rival), so the bot in simulation spent most of its time counting what no
rule then read. `columns(state, actions)` gives instead a mapping `name -> values` (one value per candidate, in
`legal_actions()` order), counting a feature for all candidates when first looked up, once
per bandit for the spot and pile features (a card's bandit; a four-player hand has one). The values
are exactly `evaluate`'s, with 0 for a feature it leaves out (as the table bot reads its rows), from
the same helpers (`features.AT_SPOT`, `ON_PILE`, `AT_SEAT`, `candidate`); a test holds the two equal at
every decision of seeded games.

Only the card decisions (scheme, cover, pick, discard: most of a game's decisions) have lazy
columns; the other kinds return None and the table bot cuts columns from `evaluate`'s rows.
"""

from __future__ import annotations

from typing import Any

from .actions import COVER, DISCARD, DRAW, PICK, SCHEME, Flip
from .features import AT_SEAT, AT_SPOT, ON_PILE, _View, candidate, card_bandit

_CARD_PHASES = frozenset((SCHEME, COVER, PICK, DISCARD))


_OWN = tuple(candidate(DRAW)[1])  # the card's own features (every candidate has them all)


class CardColumns(dict):
    """Lazy columns of a scheme, cover, pick or discard decision (see the module's docstring): a dict
    of the columns counted so far, counting a missing one when it is first looked up."""

    __slots__ = ("st", "seat", "actions", "n", "_view")

    def __init__(self, state: Any, actions: list):
        self.st, self.actions, self.n = state, actions, len(actions)
        self.seat = state.current_player
        self._view: _View | None = None

    def __missing__(self, name: str) -> list[int]:
        st = self.st
        if name in _OWN:  # the cards' own features, all at once (each a lookup in a shared dict)
            cards = [candidate(a)[1] for a in self.actions]
            for own in _OWN:
                self[own] = [f[own] for f in cards]
            return self[name]
        f = AT_SPOT.get(name)
        if f is None and st.phase == SCHEME:
            f = ON_PILE.get(name)
        if f is not None:
            col = self._per_bandit(f)
        else:
            f = AT_SEAT.get(name)
            col = [f(self.view(), st, self.seat)] * self.n if f is not None and st.phase == SCHEME else [0] * self.n
        self[name] = col
        return col

    def view(self) -> _View:
        if self._view is None:
            self._view = _View(self.st, self.seat)
        return self._view

    def _per_bandit(self, f: Any) -> list[int]:
        """`f` counted once per bandit the candidates are about (0 for a bandit not yet in the train)."""
        st = self.st
        car = st.car
        seat_bandits = st.cfg.seat_bandits[self.seat]
        if len(seat_bandits) == 1:  # every candidate is about the seat's one bandit
            b = seat_bandits[0]
            return [f(self.view(), st, b) if car[b] >= 0 else 0] * self.n
        per: dict[int, int] = {}
        out = []
        for a in self.actions:
            b = card_bandit(seat_bandits, candidate(a)[0])
            x = per.get(b)
            if x is None:
                x = per[b] = f(self.view(), st, b) if car[b] >= 0 else 0
            out.append(x)
        return out


def columns(state: Any, actions: list) -> CardColumns | None:
    """Lazy feature columns of the decision in hand (its `actions`, as `legal_actions()` gives them),
    or None for a decision without them (its rows serve: `features.evaluate`)."""
    if state.phase not in _CARD_PHASES or type(actions[0]) is Flip:
        return None
    return CardColumns(state, actions)
