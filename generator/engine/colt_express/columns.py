"""Colt Express feature columns for the table bot at play: each feature counted only when a rule asks.

`features.evaluate` counts, for every candidate, every feature a table reads, before any rule is
looked at. Most scheming decisions are settled by a table's first rules (a Rob card where there is
loot, a Punch card beside a rival), so the bot in simulation spent most of its time counting what no
rule then read. `columns(state, actions)` gives instead a mapping `name -> values` (one value per
candidate, in `legal_actions()` order) that counts a feature for all candidates when it is first
looked up: once per bandit for the spot and pile features (a card's bandit; a hand of three or more
players is about one bandit), once per candidate list for the cards' own features (kept by the
actions' ids). A feature the same for every candidate (of the position, or of the seat's one bandit)
is one int, not a list (the compiled rules take either: `bots/table_code.py`).

The values are exactly `evaluate`'s, with 0 for a feature it leaves out (as the table bot reads its
rows), from the same helpers (`features.AT_SPOT`, `ON_PILE`, `AT_SEAT`, `BY_CARD`, `candidate`); a
test holds the two equal at every decision of seeded games (tests/bots/test_table_fast_paths.py).

The card decisions (scheme, cover, pick, discard: most of a game's decisions) and the choices a card
leaves open while the pile resolves have lazy columns; the opening and the pickpocket event return
None, and the table bot cuts columns from `evaluate`'s rows. `decision(state)` gives the table bot at
play the legal actions, the decision kind, the columns and the tie order in one call.
"""

from __future__ import annotations

from typing import Any

from .actions import COVER, DISCARD, PICK, RESOLVE, SCHEME, Flip
from .features import (
    LISTED, AT_SEAT, AT_SPOT, BY_CARD, KIND_OF_CARD, ON_PILE, OWN_FEATURES, SeatView, candidate, card_bandit, decision_kind,
    tie_order,
)

_CARD_PHASES = frozenset((SCHEME, COVER, PICK, DISCARD))

# the candidates' own features as columns, by the candidate list (the actions' ids: the engine makes
# its card actions once per game configuration, and the cached actions keep their ids in use)
_OWN_COLUMNS: dict[tuple[int, ...], tuple[tuple, dict[str, tuple[int, ...]]]] = {}


# the same by the engine's shared scheming lists (`_scheme_choices`: tuples, kept while listed here)
_OWN_BY_LIST: dict[int, tuple[tuple, dict[str, tuple[int, ...]]]] = {}


def _own_columns(actions: list | tuple) -> dict[str, tuple[int, ...]]:
    if type(actions) is tuple:  # a shared scheming list: by the tuple itself (one id, not one per action)
        hit = _OWN_BY_LIST.get(id(actions))
        if hit is None or hit[0] is not actions:
            if len(_OWN_BY_LIST) >= 4096:
                _OWN_BY_LIST.clear()
            hit = _OWN_BY_LIST[id(actions)] = (actions, _own_columns(list(actions)))
        return hit[1]
    key = tuple(map(id, actions))
    hit = _OWN_COLUMNS.get(key)
    if hit is None:
        if len(_OWN_COLUMNS) >= 4096:
            _OWN_COLUMNS.clear()
        cols = dict(zip(OWN_FEATURES, zip(*[candidate(a)[2] for a in actions])))
        hit = _OWN_COLUMNS[key] = (tuple(actions), cols)
    return hit[1]


_SPOT_KIND, _PILE_KIND, _SEAT_KIND = range(3)
# feature -> (what it is about, how it is counted); the cards' own features are there from the start
_WHERE: dict[str, tuple[int, Any]] = {
    **{name: (_SPOT_KIND, f) for name, f in AT_SPOT.items()},
    **{name: (_PILE_KIND, f) for name, f in ON_PILE.items()},
    **{name: (_SEAT_KIND, f) for name, f in AT_SEAT.items()},
}


class CardColumns(dict):
    """Lazy columns of a scheme, cover, pick or discard decision (see the module's docstring): a dict
    of the columns counted so far, counting a missing one when it is first looked up. Made by
    `card_columns` (no `__init__` of its own: the cards' own columns are copied in by dict's own)."""

    __slots__ = ("st", "seat", "actions", "view", "bandit", "scheming")

    def __missing__(self, name: str) -> tuple[int, ...] | list[int] | int:
        where, f = _WHERE.get(name, (None, None))
        if self.view is None:
            self.view = SeatView(self.st, self.seat)
        if where == _SPOT_KIND or (where == _PILE_KIND and self.scheming):
            b = self.bandit
            if b >= 0:
                col = f(self.view, self.st, b) if self.st.car[b] >= 0 else 0
            else:
                col = self._per_bandit(f)
        elif where == _SEAT_KIND and self.scheming:
            col = f(self.view, self.st, self.seat)
        else:  # not a feature of this decision (its rows leave it out)
            col = 0
        self[name] = col
        return col

    def _per_bandit(self, f: Any) -> list[int]:
        """`f` counted once per bandit the candidates are about (0 for a bandit not yet in the train)."""
        st = self.st
        seat_bandits = st.cfg.seat_bandits[self.seat]
        per: dict[int, int] = {}
        out = []
        for a in self.actions:
            b = card_bandit(seat_bandits, candidate(a)[0])
            x = per.get(b)
            if x is None:
                x = per[b] = f(self.view, st, b) if st.car[b] >= 0 else 0
            out.append(x)
        return out


def card_columns(state: Any, actions: list, seat: int, scheming: bool) -> CardColumns:
    """The lazy columns of a card decision of `seat` (scheming or not), the cards' own features in."""
    cols = CardColumns(_own_columns(actions))  # the cards' own features: every table reads some
    cols.st, cols.actions, cols.seat, cols.scheming = state, actions, seat, scheming
    cols.view = None  # made when a feature first needs it
    bandits = state.cfg.seat_bandits[seat]
    cols.bandit = bandits[0] if len(bandits) == 1 else -1  # every candidate is about this bandit (-1: not so)
    return cols


class StealColumns(dict):
    """Lazy columns of a choice a card leaves open while the pile resolves (move, rob, fire, punch,
    marshal): each feature counted for every candidate when first looked up (`features.BY_CARD`), the
    position's round and lead as one int."""

    __slots__ = ("st", "actions", "view", "bandit", "feats")

    def __init__(self, state: Any, actions: list):
        code, self.bandit, _down = state.pile[state.res]
        self.st, self.actions, self.feats = state, actions, BY_CARD[code % 6]
        self.view = SeatView(state, state.cfg.owner[self.bandit])  # (the card's owner decides: the seat to move)

    def __missing__(self, name: str) -> list[int] | int:
        f = self.feats.get(name)
        if f is not None:
            v, st, b = self.view, self.st, self.bandit
            col = [f(v, st, b, a) for a in self.actions]
        elif name in _POSITION:
            col = AT_SEAT[name](self.view, self.st, self.view.seat)
        else:
            col = 0
        self[name] = col
        return col


_POSITION = ("round", "bot_leads")  # `features._common`


def columns(state: Any, actions: list) -> CardColumns | StealColumns | None:
    """Lazy feature columns of the decision in hand (its `actions`, as `legal_actions()` gives them),
    or None for a decision without them (its rows serve: `features.evaluate`)."""
    ph = state.phase
    if ph == SCHEME:  # (the commonest decision: its seat read straight from the scheming turn)
        return card_columns(state, actions, state.steps[state.step][0], True) if type(actions[0]) is not Flip else None
    if ph == RESOLVE:
        return StealColumns(state, actions)
    if ph not in _CARD_PHASES:
        return None
    return card_columns(state, actions, state.current_player, False)


def decision(state: Any) -> tuple[list, str, Any, Any]:
    """The decision in hand for the table bot at play, in one call: (`legal_actions()`,
    `decision_kind`, `columns` or None, `tie_order`); with one action only, no columns and no order
    (None, None): nothing is to be picked.

    It is what the four give (a test holds them equal at every decision of seeded games), with the
    phase and the seat to move read once instead of four times: the bot in simulation makes about 115
    decisions a game, and at that rate the calls themselves cost as much as a feature or two. Scheming,
    the actions are the engine's shared tuple (`_scheme_choices`), by which the cards' own columns are
    kept."""
    ph = state.phase
    if ph == SCHEME:
        actions = state._scheme_choices()
        n = len(actions)
        if n == 1 or type(actions[0]) is Flip:
            return actions, "scheme", None, None
        cols = card_columns(state, actions, state.steps[state.step][0], True)
        return actions, "scheme", cols, LISTED[n] if n < len(LISTED) else tuple(range(n))
    if ph == RESOLVE:
        actions = list(state.pending)
        kind = KIND_OF_CARD[state.pile[state.res][0] % 6]
        if len(actions) == 1:
            return actions, kind, None, None
        return actions, kind, StealColumns(state, actions), tie_order(state, actions)
    actions = state.legal_actions()
    kind = decision_kind(state)
    if len(actions) == 1:
        return actions, kind, None, None
    return actions, kind, columns(state, actions), tie_order(state, actions)
