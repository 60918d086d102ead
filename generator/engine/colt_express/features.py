"""Colt Express's decision-table vocabulary: what a person running a bot bandit counts or checks.

Each feature is a small int computed for one candidate of the decision in hand (a wagon to move to,
a bandit to shoot, ...) from what the bot's seat may see: where the bandits and the marshal stand,
the loot tokens lying in the train and held by each bandit (counted, never a purse's value: purses
lie and travel face down), the bullets each player received, the round card's turns, and, in a
seat with a hand (an open-hand bot seat, or a table bot on screen; not a flipping bot seat), the
bot's own hand. Never another seat's hand or deck, and never a face-down card
on the pile. The printed text of each feature lives in content (`content/colt_express/features.yaml`);
a test keeps the two in step.

Loot is counted in hundreds of dollars as a person counts it at the table: a jewel and a strongbox
by their printed values, a purse as its least value, the starting purse's (`setup.start_purse`),
rounded down, since its own value is hidden; a bandit's hostage ransom and its seat's printed head
start (option head_start) by their values.
"Rivals" are the bandits of the other players (in the two-player game, not the bot's other bandit).

Decision kinds follow the engine's phases and, while the pile resolves, the card's kind: character
and place (the opening), scheme, cover, pick and discard (seats with a hand only: a flipping bot
seat flips its bot deck instead, botseat.py), move, rob, fire, punch, marshal (the choices a card leaves open),
pickpocket (the event). Printed tie-break: toward the locomotive, then the lower seat.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from .actions import (
    BOX, BULLET_MIN, CHOOSE, COVER, DISCARD, FIRE, FLOOR, JEWEL, MARSHAL, MOVE, PICK, PICKPOCKET, PLACE, PUNCH, PURSE,
    RESOLVE, ROB, SCHEME, Cover, Discard, Flip, Keep, Pick, Play, Punch,
)

CARD_FLAGS = ("card_move", "card_floor", "card_rob", "card_fire", "card_punch", "card_marshal")
KIND_OF_CARD = {MOVE: "move", ROB: "rob", FIRE: "fire", PUNCH: "punch", MARSHAL: "marshal"}
KIND_OF_PHASE = {CHOOSE: "character", PLACE: "place", SCHEME: "scheme", COVER: "cover", PICK: "pick",
                 PICKPOCKET: "pickpocket", DISCARD: "discard"}

STEAL = ("move", "rob", "fire", "punch", "marshal")
CARDS = ("scheme", "cover", "pick", "discard")
SPOT = ("scheme", "cover", "pick")
# feature id -> decision kinds it is defined at (texts in content/colt_express/features.yaml)
VOCABULARY: dict[str, tuple[str, ...]] = {
    # moving: the spot the bandit would stop on
    "dest_loot": ("move",),
    "dest_wagon_loot": ("move",),
    "dest_marshal": ("move",),
    "dest_rivals": ("move",),
    "dest_rival_loot": ("move",),
    "dest_in_sight": ("move",),
    "wagons_moved": ("move",),
    "toward_locomotive": ("move", "marshal"),
    # robbing
    "loot_worth": ("rob",),
    # a bandit to shoot or punch
    "target_loot": ("fire", "punch"),
    "target_leads": ("fire", "punch"),
    "own_bandit": ("fire", "punch"),
    "target_on_roof": ("fire",),
    "target_received": ("fire",),
    "target_toward_locomotive": ("fire",),
    "drop_worth": ("punch",),
    "knock_toward_locomotive": ("punch",),
    "knock_to_marshal": ("punch",),
    "pockets_purse": ("punch",),
    # the marshal
    "marshal_hits_rivals": ("marshal",),
    "marshal_hits_own": ("marshal",),
    "marshal_wagon_loot": ("marshal",),
    # the event
    "takes": ("pickpocket",),
    # a card from the hand (seats with a hand only)
    "card_move": CARDS,
    "card_floor": CARDS,
    "card_rob": CARDS,
    "card_fire": CARDS,
    "card_punch": CARDS,
    "card_marshal": CARDS,
    "card_bullet": ("discard",),
    "keeps_rest": ("discard",),
    "is_draw": ("scheme",),
    "face_down": ("scheme",),
    "loot_here": SPOT,
    "rivals_here": SPOT,
    "rivals_in_sight": SPOT,
    "on_roof": SPOT,
    "marshal_here": SPOT,
    "playable_cards": ("scheme",),
    "loot_next": SPOT,
    "turns_left": ("scheme",),
    "bullets_in_hand": ("scheme",),
    # what the pile and the table top say about when the card resolves (scheming)
    "pile_moves": ("scheme",),
    "bullets_left": ("scheme",),
    "shots_behind": ("scheme",),
    "marshal_loot": ("scheme",),
    "marshal_next": ("scheme",),
    # the bot's bandits at a glance (the same for every candidate: read once, before its cards)
    "loot_at_hand": ("scheme",),
    "rival_beside": ("scheme",),
    "rival_in_sight": ("scheme",),
    # the position (the same for every candidate)
    "bot_leads": STEAL + ("scheme",),
    "round": STEAL + ("scheme",),
}
DEEP: set[str] = set()  # no look-ahead features: every feature is counted on the table as it stands
# decisions only a seat with a hand meets (a flipping bot seat flips its bot deck): tuning for
# flipping bot seats leaves their rules as the start table gives them (tables/start/designer.yaml);
# an open-hand bot seat meets them, and tuning for it searches them too
HAND_KINDS = frozenset(CARDS)
# (tables are tuned, measured and printed for bot seats, flipping (option bot_seats) or with an open
# hand (option bot_open_seats), as each table's bot_hand says: the descriptor's capabilities.bot_seats)
SCORE_NAME: str | None = "loot"  # what `saloon tables eval` prints the mean of beside the win rates
# `saloon tables tune --level easy` aims here (rewards against random and greedy, two-player terms,
# scaled to the fair share at more players): about even with random, below greedy. Longhorn's easy
# targets (75% / 35%) are out of reach of a bot that flips its cards.
LEVEL_TARGETS = {"easy": (0.55, 0.35)}
LEVEL_OPPONENTS: dict[str, tuple[str, ...]] = {}  # the default opponents of every level
TUNE_REQUIREMENTS: tuple[dict[str, Any], ...] = ()
groups = None  # every decision is made in one step (columns and decision: from columns.py, below)
step_columns = None  # (no decision in two steps)


def decision_kind(state: Any) -> str:
    ph = state.phase
    if ph == RESOLVE:
        return KIND_OF_CARD[state.pile[state.res][0] % 6]
    return KIND_OF_PHASE[ph]


class SeatView:
    """The public counts a person looks at: loot worth per spot and per bandit, seats' worth."""

    __slots__ = ("st", "cfg", "purse", "jewel", "box", "seat", "_bandit", "_leaders")

    def __init__(self, state: Any, seat: int):
        cfg = state.cfg
        self.st, self.cfg, self.seat = state, cfg, seat
        self.purse = cfg.start_purse // 100
        self.jewel = cfg.jewel_value // 100
        self.box = cfg.box_value // 100
        self._bandit: list[int] | None = None
        self._leaders: set[int] | None = None

    @property
    def bandit(self) -> list[int]:
        """Loot worth each bandit holds (counted when first asked)."""
        if self._bandit is None:
            st, purse, jewel, box = self.st, self.purse, self.jewel, self.box
            self._bandit = [len(p) * purse + j * jewel + x * box + (r + h) // 100
                            for p, j, x, r, h in zip(st.b_purses, st.b_jewels, st.b_boxes, st.bonus, self.cfg.head)]
        return self._bandit

    @property
    def leaders(self) -> set[int]:
        """`leader_seats()`, counted when first asked."""
        if self._leaders is None:
            self._leaders = self.leader_seats()
        return self._leaders

    def worth(self, loot: int) -> int:
        """A loot token's worth by its kind (-1: no token, 0)."""
        if loot == PURSE:
            return self.purse
        if loot == JEWEL:
            return self.jewel
        return self.box if loot == BOX else 0

    def spot(self, sp: int) -> int:
        st = self.st
        return len(st.spot_purses[sp]) * self.purse + st.spot_jewels[sp] * self.jewel + st.spot_boxes[sp] * self.box

    def seats(self) -> list[int]:
        out = [0] * self.cfg.players
        for b, s in enumerate(self.cfg.owner):
            out[s] += self.bandit[b]
        return out

    def leads(self) -> int:
        w = self.seats()
        mine = w[self.seat]
        return int(all(mine > x for s, x in enumerate(w) if s != self.seat))

    def leader_seats(self) -> set[int]:
        """The other players holding the most loot (all of them on a tie)."""
        w = self.seats()
        others = [x for s, x in enumerate(w) if s != self.seat]
        top = max(others) if others else 0
        return {s for s, x in enumerate(w) if s != self.seat and x == top}


def _rivals_at(state: Any, seat: int, car: int, roof: int, skip: int) -> list[int]:
    owner, cars, roofs = state.cfg.owner, state.car, state.roof
    out = []  # (a plain loop over local lists: the table bot counts this at most of its turns)
    for t in range(state.cfg.nb):
        if cars[t] == car and roofs[t] == roof and t != skip and owner[t] != seat:
            out.append(t)
    return out


def _in_sight(state: Any, b: int, car: int) -> int:
    """Rivals bandit b could shoot from wagon `car` on its own level (the engine's line of sight)."""
    cars = state.car
    was = cars[b]
    if was == car:
        targets = state.fire_targets(b)
    else:
        cars[b] = car  # looked at, then put back at once: the position is not changed
        try:
            targets = state.fire_targets(b)
        finally:
            cars[b] = was
    owner = state.cfg.owner
    me = owner[b]
    n = 0
    for t in targets:
        if owner[t] != me:
            n += 1
    return n


def _card(code: int) -> dict[str, int]:
    """The card's kind as flags (all 0 for a bullet card or no card)."""
    f = dict.fromkeys(CARD_FLAGS, 0)
    if 0 <= code < BULLET_MIN:
        f[CARD_FLAGS[code % 6]] = 1
    return f


def _loot_next(v: SeatView, state: Any, b: int) -> int:
    car, roof = state.car[b], state.roof[b]
    return max(v.spot(2 * c + roof) for c in (car - 1, car + 1) if 0 <= c < state.cfg.ncars)


# where bandit b stands now: loot, roof and marshal (cheap: always counted with the spot), rivals
# beside it and in sight, the best neighbouring spot (costly: counted only when wanted)
AT_SPOT: dict[str, Callable[[SeatView, Any, int], int]] = {
    "loot_here": lambda v, st, b: v.spot(2 * st.car[b] + st.roof[b]),
    "on_roof": lambda v, st, b: st.roof[b],
    "marshal_here": lambda v, st, b: int(st.marshal == st.car[b]),
    "loot_next": _loot_next,
    "rivals_here": lambda v, st, b: len(_rivals_at(st, v.seat, st.car[b], st.roof[b], b)),
    "rivals_in_sight": lambda v, st, b: _in_sight(st, b, st.car[b]),
}
_CHEAP_SPOT = ("loot_here", "on_roof", "marshal_here")
_COSTLY_SPOT = ("loot_next", "rivals_here", "rivals_in_sight")
# scheming, for the card's bandit b: its own Move and Change floor cards already on this round's pile
# (they move it before the card resolves; the bot knows its own cards, face down or not), the bullets
# it has left to fire, and the marshal's wagon seen from it
ON_PILE: dict[str, Callable[[SeatView, Any, int], int]] = {
    "pile_moves": lambda v, st, b: sum(1 for code, pb, _down in st.pile if pb == b and code % 6 in (MOVE, FLOOR)),
    "bullets_left": lambda v, st, b: st.bullets_left[b],
    "marshal_loot": lambda v, st, b: v.spot(2 * st.marshal),
    "marshal_next": lambda v, st, b: int(abs(st.car[b] - st.marshal) == 1),
}
SPOT_FEATURES, PILE_FEATURES = frozenset(AT_SPOT), frozenset(ON_PILE)


def _spot_features(v: SeatView, state: Any, b: int, wanted: Any) -> dict[str, int]:
    """`AT_SPOT` for bandit b (the costly counts only when `wanted`)."""
    out = {name: AT_SPOT[name](v, state, b) for name in _CHEAP_SPOT}
    for name in _COSTLY_SPOT:
        if name in wanted:
            out[name] = AT_SPOT[name](v, state, b)
    return out


def _pile_features(v: SeatView, state: Any, b: int) -> dict[str, int]:
    """`ON_PILE` for bandit b."""
    return {name: f(v, state, b) for name, f in ON_PILE.items()}


def _shots_behind(state: Any, seat: int) -> int:
    """Bullets the rival player who fired most has fired beyond the bot (0 when the bot has the most)."""
    mine = state.seat_fired(seat)
    best = max((state.seat_fired(s) for s in range(state.cfg.players) if s != seat), default=0)
    return max(0, best - mine)


def _playable(v: SeatView, state: Any, seat: int) -> int:
    return sum(map(BULLET_MIN.__gt__, state.hand[seat]))  # (cards below BULLET_MIN, counted in C)


def _on_train(state: Any, seat: int) -> list[int]:
    return [b for b in state.cfg.seat_bandits[seat] if state.car[b] >= 0]


def _loot_at_hand(v: SeatView, state: Any, seat: int) -> int:
    """Whether loot lies where a bandit of the seat stands (a glance at its bandits' spots)."""
    return int(any(v.spot(2 * state.car[b] + state.roof[b]) for b in _on_train(state, seat)))


def _rival_beside(v: SeatView, state: Any, seat: int) -> int:
    """Whether a rival stands beside a bandit of the seat (same wagon, same floor)."""
    return int(any(_rivals_at(state, seat, state.car[b], state.roof[b], b) for b in _on_train(state, seat)))


def _rival_in_sight(v: SeatView, state: Any, seat: int) -> int:
    """Whether a bandit of the seat could shoot a rival now."""
    return int(any(_in_sight(state, b, state.car[b]) for b in _on_train(state, seat)))


# scheming: the position seen from the seat, the same for every candidate (the first two are counted
# at every scheming decision, the others only when wanted)
AT_SEAT: dict[str, Callable[[SeatView, Any, int], int]] = {
    "playable_cards": _playable,
    "bullets_in_hand": lambda v, st, seat: len(st.hand[seat]) - _playable(v, st, seat),
    "turns_left": lambda v, st, seat: sum(1 for s, _h in st.steps[st.step:] if s == seat),
    "shots_behind": lambda v, st, seat: _shots_behind(st, seat),
    "round": lambda v, st, seat: st.round_no,
    "bot_leads": lambda v, st, seat: v.leads(),
    "loot_at_hand": _loot_at_hand,
    "rival_beside": _rival_beside,
    "rival_in_sight": _rival_in_sight,
}
GLANCE = ("loot_at_hand", "rival_beside", "rival_in_sight")  # AT_SEAT's glances at the bot's bandits


OWN_FEATURES = CARD_FLAGS + ("card_bullet", "is_draw", "keeps_rest", "face_down")  # a card candidate's own
# (action class, card code, face down) -> code, the card's own features as a dict and as values in
# OWN_FEATURES order
_CANDIDATE: dict[tuple, tuple[int, dict[str, int], tuple[int, ...]]] = {}
_CODED = (Play, Cover, Pick, Discard)


def candidate(a: Any) -> tuple[int, dict[str, int], tuple[int, ...]]:
    """A scheme, cover, pick or discard candidate's card code (-1: no card) and its own features (the
    card's kind, bullet, draw, keep, face down): shared, never to be changed."""
    kind = type(a)
    code = a.code if kind in _CODED else -1
    down = kind is Play and a.hidden
    hit = _CANDIDATE.get((kind, code, down))
    if hit is None:
        f = _card(code)
        f["card_bullet"] = int(code >= BULLET_MIN)
        f["is_draw"] = int(code < 0)
        f["keeps_rest"] = int(kind is Keep)
        f["face_down"] = int(down)
        hit = _CANDIDATE[(kind, code, down)] = (code, f, tuple(f[n] for n in OWN_FEATURES))
    return hit


def card_bandit(bandits: tuple, code: int) -> int:
    """The bandit a card candidate is about: the card's own, or the seat's first (no card, a bullet)."""
    return bandits[code // 6] if 0 <= code < BULLET_MIN else bandits[0]


def _card_rows(v: SeatView, state: Any, seat: int, actions: list, wanted: Any) -> list[dict[str, int]]:
    """Scheme, cover, pick and discard candidates: the card's kind and where its bandit stands (the
    spot and pile features counted once per bandit, and only when `wanted` names one)."""
    cfg = state.cfg
    out = []
    spots: dict[int, dict[str, int]] = {}
    at_spot = not SPOT_FEATURES.isdisjoint(wanted)
    on_pile = state.phase == SCHEME and not PILE_FEATURES.isdisjoint(wanted)
    bandits = cfg.seat_bandits[seat]
    for a in actions:
        code, f, _ = candidate(a)
        f = f.copy()
        if at_spot or on_pile:
            b = card_bandit(bandits, code)
            spot = spots.get(b)
            if spot is None:
                spot = spots[b] = {}
                if state.car[b] >= 0:
                    if at_spot:
                        spot.update(_spot_features(v, state, b, wanted))
                    if on_pile:
                        spot.update(_pile_features(v, state, b))
            f.update(spot)
        out.append(f)
    return out


def evaluate(state: Any, wanted: set[str]) -> list[dict[str, int]]:
    """Feature values of every candidate of the decision in hand (in `legal_actions()` order).

    Only features in `wanted` are sure to be present (the cheap ones come along)."""
    ph = state.phase
    actions = state.legal_actions()
    if ph in (CHOOSE, PLACE) or (ph == SCHEME and type(actions[0]) is Flip):
        return [{} for _ in actions]
    seat = state.current_player
    v = SeatView(state, seat)
    if ph in (SCHEME, COVER, PICK, DISCARD):
        rows = _card_rows(v, state, seat, actions, wanted)
        if ph == SCHEME:
            hand = _playable(v, state, seat)
            common = _common(v, state, wanted)
            common["playable_cards"] = hand
            common["bullets_in_hand"] = len(state.hand[seat]) - hand
            for name in ("turns_left", "shots_behind") + GLANCE:
                if name in wanted:
                    common[name] = AT_SEAT[name](v, state, seat)
            for f in rows:
                f.update(common)
        return rows
    if ph == PICKPOCKET:
        return [{"takes": int(a.take)} for a in actions]
    b = state.pile[state.res][1]
    common = _common(v, state, wanted)
    feats = [(name, f) for name, f in BY_CARD[state.pile[state.res][0] % 6].items() if name not in _COSTLY or name in wanted]
    rows = [{name: f(v, state, b, a) for name, f in feats} for a in actions]
    for f in rows:
        f.update(common)
        for name in _COSTLY:
            f.setdefault(name, 0)
    return rows


def _common(v: SeatView, state: Any, wanted: set[str]) -> dict[str, int]:
    """The position's features, the same for every candidate (bot_leads counted only when asked)."""
    out = {"round": state.round_no}
    if "bot_leads" in wanted:
        out["bot_leads"] = v.leads()
    return out


# the choices a card leaves open while the pile resolves: each feature of candidate action `a` of the
# card of bandit b, as f(view, state, b, a)
def _dest(st: Any, b: int, a: Any) -> int:
    return st.car[b] + a.delta


def _dest_rivals(v: SeatView, st: Any, b: int, a: Any) -> list[int]:
    return _rivals_at(st, v.seat, _dest(st, b, a), st.roof[b], b)


def _marshal_inside(st: Any, a: Any) -> list[int]:
    m = st.marshal + a.delta
    return [t for t in range(st.cfg.nb) if st.car[t] == m and not st.roof[t]]


Steal = Callable[[SeatView, Any, int, Any], int]
_TARGET: dict[str, Steal] = {
    "target_loot": lambda v, st, b, a: v.bandit[a.target],
    "target_leads": lambda v, st, b, a: int(st.cfg.owner[a.target] in v.leaders),
    "own_bandit": lambda v, st, b, a: int(st.cfg.owner[a.target] == st.cfg.owner[b]),
}
BY_CARD: dict[int, dict[str, Steal]] = {
    MOVE: {
        "dest_loot": lambda v, st, b, a: v.spot(2 * _dest(st, b, a) + st.roof[b]),
        "dest_wagon_loot": lambda v, st, b, a: v.spot(2 * _dest(st, b, a)) + v.spot(2 * _dest(st, b, a) + 1),
        "dest_marshal": lambda v, st, b, a: int(not st.roof[b] and _dest(st, b, a) == st.marshal),
        "dest_rivals": lambda v, st, b, a: len(_dest_rivals(v, st, b, a)),
        "dest_rival_loot": lambda v, st, b, a: max((v.bandit[t] for t in _dest_rivals(v, st, b, a)), default=0),
        "dest_in_sight": lambda v, st, b, a: _in_sight(st, b, _dest(st, b, a)),
        "wagons_moved": lambda v, st, b, a: abs(a.delta),
        "toward_locomotive": lambda v, st, b, a: int(a.delta < 0),
    },
    ROB: {"loot_worth": lambda v, st, b, a: v.worth(a.loot)},
    FIRE: {
        **_TARGET,
        "target_on_roof": lambda v, st, b, a: st.roof[a.target],
        "target_received": lambda v, st, b, a: st.received[st.cfg.owner[a.target]],
        "target_toward_locomotive": lambda v, st, b, a: int(st.car[a.target] < st.car[b]),
    },
    PUNCH: {
        **_TARGET,
        "drop_worth": lambda v, st, b, a: v.worth(a.drop),
        "knock_toward_locomotive": lambda v, st, b, a: int(a.direction < 0),
        "knock_to_marshal": lambda v, st, b, a: int(not st.roof[a.target] and st.car[a.target] + a.direction == st.marshal),
        "pockets_purse": lambda v, st, b, a: int(a.take),
    },
    MARSHAL: {
        "marshal_hits_rivals": lambda v, st, b, a: sum(1 for t in _marshal_inside(st, a) if st.cfg.owner[t] != v.seat),
        "marshal_hits_own": lambda v, st, b, a: sum(1 for t in _marshal_inside(st, a) if st.cfg.owner[t] == v.seat),
        "marshal_wagon_loot": lambda v, st, b, a: v.spot(2 * (st.marshal + a.delta)),
        "toward_locomotive": lambda v, st, b, a: int(a.delta < 0),
    },
}
_COSTLY = ("dest_in_sight",)  # counted for evaluate's rows only when wanted (0 otherwise)


_DROP_ORDER = {BOX: 0, JEWEL: 1, PURSE: 2, -1: 3}
# the order of candidates the engine lists in their printed order already, by their number: shared
# tuples (made once, never changed), since most decisions are such
LISTED = tuple(tuple(range(n)) for n in range(65))


def tie_order(state: Any, actions: list) -> Sequence[int]:
    """Each candidate's place in the printed tie-break order: toward the locomotive, then the lower
    seat (a seat's first bandit first); loot strongbox, jewel, purse. Moves, marshal moves, cards,
    characters and the pickpocket choice are listed by the engine in their printed order already."""
    ph = state.phase
    n = len(actions)
    if ph != RESOLVE:
        return LISTED[n] if n < len(LISTED) else tuple(range(n))
    kind = state.pile[state.res][0] % 6
    if kind == ROB:
        keys = [_DROP_ORDER[a.loot] for a in actions]
    elif kind == FIRE:
        cfg = state.cfg
        keys = [(state.car[a.target], cfg.owner[a.target], cfg.slot[a.target]) for a in actions]
    elif kind == PUNCH:
        cfg = state.cfg
        keys = [(cfg.owner[a.target], cfg.slot[a.target], _DROP_ORDER[a.drop], a.direction, not a.take)
                for a in actions if type(a) is Punch]
    else:
        return LISTED[n] if n < len(LISTED) else tuple(range(n))
    ranked = sorted(range(n), key=keys.__getitem__)
    out = [0] * len(actions)
    for place, i in enumerate(ranked):
        out[i] = place
    return out


# the table bot's lazy columns (columns.py builds on the helpers above, so it is imported last)
from .columns import columns, decision  # noqa: E402,F401
