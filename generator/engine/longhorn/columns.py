"""Longhorn feature columns for the table bot at play: each feature counted only when a rule asks.

`features.evaluate` counts every feature a table reads for every candidate before any rule is looked
at, each look-ahead on fresh copies of the board that it sums again. Most steals and rides are settled
by a table's first rules, so the bot spent most of its time counting what no rule then read. The
vocabulary's `decision(state)` (features.py) gives the table bot instead the columns made here: a
mapping `name -> values` (one value per candidate, in `legal_actions()` order) that counts a feature
for every candidate when it is first looked up. A feature the same for every candidate (`bot_ahead`,
`ranches_left`, `next_is_bot`) is one int, not a list (the compiled rules take either:
`bots/table_code.py`).

What a mapping keeps, counted once per decision and shared by the features that need it:

- the position's counts (`Position`): cows of each colour on the range, the bot's money lead (an int:
  the final count's difference, so "ahead" is `lead > 0`), the sheriff's cells and which of them hold
  one colour;
- a steal's takes (`StealColumns.after`): for each candidate, whether it ends the game at once, the
  bot's lead after it, the ride's stops, the next thief. The look-aheads past the ride make each take
  on one copy of the board and take it back (`StealColumns._look`), instead of copying the board
  per candidate.

A money lead after a take is worked out from the lead before it: taking m cows of a colour with B on
the range and an edge e (own herd minus the other's) in it changes the lead by
per_cow x ((e + m)(B - m) - e B) = per_cow x m (B - e - m), plus a nugget taken with it. The counts are
ints, so this is exactly the difference of the two money totals `features.evaluate` compares.

The steal, move and start decisions (nearly all of a game's decisions) have lazy columns; the token
decisions (epidemic, brand, ambush, rattle: a few a game) cut theirs from `evaluate`'s rows
(`RowColumns`), which count nothing deep there. The values are exactly `evaluate`'s, with 0 for a
feature its rows leave out (as the table bot reads rows): a test holds the two equal at every decision
of seeded games under every option (tests/engine/longhorn/test_columns.py). This module builds on the
constants only (features.py builds on it).
"""

from __future__ import annotations

from operator import mul, sub
from typing import Any

from .constants import HELPERS, MOVE, NUGGET, RATTLE, SHERIFF, SNAKE, START, STEAL
from .lookahead import raise_max, rides, singles, thief_ends, thief_wins

# the printed tie order of n candidates is their listed order (`features.tie_order`), one tuple per n
LISTED = tuple(tuple(range(n)) for n in range(64))


class Position(dict):
    """Lazy columns over one position (a dict of the columns counted so far), with the counts every
    candidate shares, each counted when first needed: `board` (cows of each colour on the range) and
    `lead` (the bot's money lead) by `count`, `sheriffs` (the sheriff's cells) and `single` (those
    holding one colour) by `singles_now`. A feature a decision's rows leave out is 0."""

    __slots__ = ("st", "g", "me", "choices", "board", "lead", "sheriffs", "single")

    def __init__(self, state: Any, choices: list):
        self.st, self.g, self.me, self.choices = state, state.game, state.player, choices
        self.board: list[int] | None = None
        self.lead = 0
        self.sheriffs: list[int] = []
        self.single: list[int] | None = None

    def count(self) -> list[int]:
        """Fills `board` and `lead`; gives `board`."""
        st, g = self.st, self.g
        ncol = g.ncol
        cattle, herd = st.cattle, st.herd
        board = self.board = [sum(cattle[c::ncol]) for c in range(ncol)]
        me, o = self.me * ncol, (1 - self.me) * ncol
        nuggets = st.nuggets
        # per_cow x sum of (own - other's herd) x cows on the range, colour by colour: ints, so the
        # products summed in C (map) are exactly the Python loop's
        self.lead = sum(nuggets[self.me]) - sum(nuggets[1 - self.me]) + g.per_cow * sum(
            map(mul, map(sub, herd[me : me + ncol], herd[o : o + ncol]), board))
        return board

    def singles_now(self) -> list[int]:
        """The sheriff's cells holding one colour only on the board as it is (kept in `single`)."""
        if self.single is None:
            tok = self.st.tok
            self.sheriffs = [d for d, t in enumerate(tok) if t is not None and t[0] == SHERIFF]
            self.single = singles(self.g.ncol, self.st.cattle, self.sheriffs)
        return self.single

    def bot_ahead(self) -> int:
        if self.board is None:
            self.count()
        return int(self.lead > 0)

    def ranches_left(self) -> int:
        return sum(1 for t in self.st.tot if t)

    def sheriff_alone(self) -> int:
        """A glance: the sheriff's ranch holds one colour only (whoever stops there must take him)."""
        return int(bool(self.singles_now()))

    def rival_herd_max(self) -> int:
        """A glance: the most cows of one colour the rival owns."""
        ncol = self.g.ncol
        o = (1 - self.me) * ncol
        return max(self.st.herd[o : o + ncol])


class StealColumns(Position):
    """Lazy columns of a steal: the candidates are the colours at the pawn's ranch (`cell`), taking
    `taken` cows each. `after` keeps, once a feature needs the ride, each take's (whether it ends the
    game at once, the bot's lead after it, the ride's destinations, the next thief, whether the bot
    steals again)."""

    __slots__ = ("cell", "taken", "after")
    cell: int
    taken: list[int]
    after: list[tuple] | None

    def __missing__(self, name: str) -> Any:
        f = _STEAL.get(name)
        col = self[name] = f(self) if f is not None else 0
        return col

    def cows_taken(self) -> list[int]:
        return self.taken

    def owned_after(self) -> list[int]:
        herd, me = self.st.herd, self.me * self.g.ncol
        return [herd[me + c] + n for c, n in zip(self.choices, self.taken)]

    def rival_owns(self) -> list[int]:
        herd, o = self.st.herd, (1 - self.me) * self.g.ncol
        return [herd[o + c] for c in self.choices]

    def left_on_range(self) -> list[int]:
        board = self.board or self.count()
        return [board[c] - n for c, n in zip(self.choices, self.taken)]

    def completes_herd(self) -> list[int]:
        herd, me, count = self.st.herd, self.me * self.g.ncol, self.g.colour_count
        return [int(herd[me + c] + n >= count[c]) for c, n in zip(self.choices, self.taken)]

    def raises_lead(self) -> list[int]:
        board = self.board or self.count()
        herd, ncol = self.st.herd, self.g.ncol
        me, o = self.me * ncol, (1 - self.me) * ncol
        return [int(n > 0 and board[c] - n > herd[me + c] - herd[o + c]) for c, n in zip(self.choices, self.taken)]

    def majority_after(self) -> list[int]:
        herd, ncol = self.st.herd, self.g.ncol
        me, o = self.me * ncol, (1 - self.me) * ncol
        return [int(herd[me + c] + n > herd[o + c]) for c, n in zip(self.choices, self.taken)]

    def sheriff_single_after(self) -> list[int]:
        tk = self.st.tok[self.cell]
        if tk is None or tk[0] != SHERIFF:
            return [0] * len(self.choices)
        # the sheriff's ranch left with one colour: the others there, this one gone
        here = len(self.taken) - self.taken.count(0)
        return [int(here - (1 if n else 0) == 1) for n in self.taken]

    def _taken_token(self, kind: int) -> list[int]:
        """1 where the take empties the ranch and takes its token, of kind `kind`."""
        tk = self.st.tok[self.cell]
        if tk is None or tk[0] != kind:
            return [0] * len(self.choices)
        tot = self.st.tot[self.cell]
        return [int(n > 0 and n == tot) for n in self.taken]

    def empties_ranch(self) -> list[int]:
        tot = self.st.tot[self.cell]
        return [int(n > 0 and n == tot) for n in self.taken]

    def takes_sheriff(self) -> list[int]:
        return self._taken_token(SHERIFF)

    def takes_rattlesnake(self) -> list[int]:
        return self._taken_token(RATTLE)

    def nugget_taken(self) -> list[int]:
        tk = self.st.tok[self.cell]
        return [v * (tk[1] // 100) for v in self._taken_token(NUGGET)] if tk is not None else [0] * len(self.choices)

    def takes_helper(self) -> list[int]:
        tk = self.st.tok[self.cell]
        return self._taken_token(tk[0]) if tk is not None and tk[0] in HELPERS else [0] * len(self.choices)

    def takes(self) -> list[tuple]:
        """`after`, worked out when first asked. Without `dangerous_locations: avoid` the ride's stops
        are the ranches `n` away holding cattle, the pawn's own (a loop) only if the take leaves some."""
        if self.after is not None:
            return self.after
        st, g = self.st, self.g
        ncol = g.ncol
        board = self.board or self.count()
        herd, tot, tok = st.herd, st.tot, st.tok
        avoid, reach, far = g.avoid_danger, g.dest[self.cell], g.max_steps
        cell = self.cell
        me = self.me
        mi, oi = me * ncol, (1 - me) * ncol
        tk = tok[cell]
        kind0 = tk[0] if tk is not None else -1
        per_cow, count, at_once, lead0 = g.per_cow, g.colour_count, g.herd_at_once, self.lead
        out = []
        for c, n in zip(self.choices, self.taken):
            empties = n > 0 and tot[cell] == n
            kind = kind0 if empties else -1
            final = kind == SHERIFF or (herd[mi + c] + n >= count[c] and at_once)
            lead = lead0 + per_cow * n * (board[c] - herd[mi + c] + herd[oi + c] - n)
            if kind == NUGGET and tk[1] // 100:
                lead += tk[1]
            if final:
                dests = []
            elif avoid:
                tot2 = tot[:]
                tot2[cell] -= n
                dests = rides(g, tot2, tok, cell, n)
            else:
                dests = [d for d in reach[n] if tot[d] and (d != cell or not empties)] if 0 < n <= far else []
            again = kind == SNAKE
            out.append((final, lead, dests, me if again else 1 - me, again))
        self.after = out
        return out

    def _ending(self, which: int) -> list[int]:
        """ends_game (0), ends_ahead (1), ends_behind (2), ahead_after (3): `features._ending` after the take."""
        out = []
        for final, lead, dests, _thief, _again in self.takes():
            ends = not final and not dests
            out.append(int(ends if which == 0 else ends and lead > 0 if which == 1 else ends and lead <= 0 if which == 2
                           else lead > 0))
        return out

    def ends_game(self) -> list[int]:
        return self._ending(0)

    def ends_ahead(self) -> list[int]:
        return self._ending(1)

    def ends_behind(self) -> list[int]:
        return self._ending(2)

    def ahead_after(self) -> list[int]:
        return self._ending(3)

    def rides(self) -> list[int]:
        return [len(a[2]) for a in self.takes()]

    def can_force_sheriff(self) -> list[int]:
        """The ride may end on the sheriff's ranch holding one colour (the next thief must take him),
        unless the bot steals again. The take changes only its own ranch: the sheriff's ranch is
        counted again after it only when it is that one."""
        after = self.takes()
        single = self.singles_now()
        st = self.st
        tk = st.tok[self.cell]
        here = tk is not None and tk[0] == SHERIFF
        if not here and not single:  # no sheriff's ranch holds one colour, and no take here makes one
            return [0] * len(after)
        out = []
        for (_f, _lead, dests, _thief, again), col in zip(after, self.sheriff_single_after() if here else self.choices):
            force = False
            if not again and dests:
                if here:  # the take leaves the sheriff's ranch with one colour or not
                    force = bool(col) and self.cell in dests or any(s in dests for s in single if s != self.cell)
                else:
                    force = any(s in dests for s in single)
            out.append(int(force))
        return out

    def _look(self, each: Any) -> list:
        """`each(cattle, tot, herd, board, lead, single, dests, thief, again)` for every candidate, on
        its board after the take: one copy of the board for all, the take made on it and taken back."""
        st, g = self.st, self.g
        ncol = g.ncol
        board = (self.board or self.count())[:]
        cattle, tot, herd = st.cattle[:], st.tot[:], st.herd[:]
        cell = self.cell
        mi = self.me * ncol
        tk = st.tok[cell]
        here = tk is not None and tk[0] == SHERIFF
        single = self.singles_now()
        out: list[Any] = []
        for c, n, (_f, lead, dests, thief, again) in zip(self.choices, self.taken, self.takes()):
            if not dests:
                out.append(None)
                continue
            i = cell * ncol + c
            cattle[i] = 0
            tot[cell] -= n
            herd[mi + c] += n
            board[c] -= n
            s = singles(ncol, cattle, self.sheriffs) if here else single  # (only its own ranch changed)
            out.append(each(cattle, tot, herd, board, lead, s, dests, thief, again))
            cattle[i] = n
            tot[cell] += n
            herd[mi + c] -= n
            board[c] += n
        return out

    def safe_ride(self) -> list[int]:
        """The bot steals again, or some ranch the ride may end on gives the next thief no win at once."""
        g, tok, me = self.g, self.st.tok, self.me

        def safe(cattle: list[int], tot: list[int], herd: list[int], board: list[int], lead: int, single: list[int],
                 dests: list[int], thief: int, again: bool) -> int:
            if again:
                return 1
            lead_t = lead if thief == me else -lead
            for d in dests:
                if not thief_wins(g, cattle, tot, tok, herd, board, lead_t, single, d, thief):
                    return 1
            return 0

        return [v or 0 for v in self._look(safe)]

    def rival_best_min(self) -> list[int]:
        """Over the ranches the ride may end on, the fewest cows of the biggest group."""
        ncol = self.g.ncol

        def best(cattle: list[int], tot: list[int], herd: list[int], board: list[int], lead: int, single: list[int],
                 dests: list[int], thief: int, again: bool) -> int:
            return min([max(cattle[d * ncol : d * ncol + ncol]) for d in dests])

        return [v or 0 for v in self._look(best)]

    def rival_raise_min(self) -> list[int]:
        """Over the ranches the ride may end on, the least `raise_max` of the next thief."""
        ncol = self.g.ncol

        def least(cattle: list[int], tot: list[int], herd: list[int], board: list[int], lead: int, single: list[int],
                  dests: list[int], thief: int, again: bool) -> int:
            return min([raise_max(ncol, cattle, herd, board, d, thief) for d in dests])

        return [v or 0 for v in self._look(least)]


_STEAL: dict[str, Any] = {
    name: getattr(StealColumns, name)
    for name in ("cows_taken", "owned_after", "rival_owns", "left_on_range", "completes_herd", "raises_lead",
                 "majority_after", "sheriff_single_after", "empties_ranch", "takes_sheriff", "nugget_taken",
                 "takes_helper", "takes_rattlesnake", "ends_game", "ends_ahead", "ends_behind", "ahead_after",
                 "rides", "can_force_sheriff", "safe_ride", "rival_best_min", "rival_raise_min",
                 "bot_ahead", "ranches_left", "sheriff_alone", "rival_herd_max")
}


class RideColumns(Position):
    """Lazy columns of a ride's end or the pawn's start: the candidates are ranches; `thief` steals
    there next."""

    __slots__ = ("thief",)
    thief: int

    def __missing__(self, name: str) -> Any:
        f = _RIDE.get(name)
        col = self[name] = f(self) if f is not None else 0
        return col

    def ranch_biggest_group(self) -> list[int]:
        cattle, ncol = self.st.cattle, self.g.ncol
        return [max(cattle[d * ncol : d * ncol + ncol]) for d in self.choices]

    def ranch_colours(self) -> list[int]:
        cattle, ncol = self.st.cattle, self.g.ncol
        return [ncol - cattle[d * ncol : d * ncol + ncol].count(0) for d in self.choices]  # (count runs in C)

    def ranch_cattle(self) -> list[int]:
        tot = self.st.tot
        return [tot[d] for d in self.choices]

    def _token(self, kinds: tuple) -> list[int]:
        tok = self.st.tok
        return [int(tok[d] is not None and tok[d][0] in kinds) for d in self.choices]

    def ranch_sheriff(self) -> list[int]:
        return self._token((SHERIFF,))

    def ranch_helper(self) -> list[int]:
        return self._token(HELPERS)

    def ranch_nugget(self) -> list[int]:
        tok = self.st.tok
        return [tok[d][1] // 100 if tok[d] is not None and tok[d][0] == NUGGET else 0 for d in self.choices]

    def forces_sheriff(self) -> list[int]:
        single = self.singles_now()
        return [int(d in single) for d in self.choices]

    def next_is_bot(self) -> int:
        return int(self.thief == self.me)

    def next_raise_max(self) -> list[int]:
        board = self.board or self.count()
        st, thief = self.st, self.thief
        ncol, cattle, herd = self.g.ncol, st.cattle, st.herd
        return [raise_max(ncol, cattle, herd, board, d, thief) for d in self.choices]

    def next_can_win(self) -> list[int]:
        st, g = self.st, self.g
        board = self.board or self.count()
        cattle, herd, tok, thief = st.cattle, st.herd, st.tok, self.thief
        tot = st.tot[:] if g.avoid_danger else st.tot  # (a copy where `thief_wins` changes it while it looks)
        lead = self.lead if thief == self.me else -self.lead
        single = self.singles_now()
        return [int(thief_wins(g, cattle, tot, tok, herd, board, lead, single, d, thief)) for d in self.choices]

    def next_can_end(self) -> list[int]:
        st, g = self.st, self.g
        cattle, tot, tok = st.cattle, st.tot, st.tok
        return [int(thief_ends(g, cattle, tot, tok, d)) for d in self.choices]


_RIDE: dict[str, Any] = {
    name: getattr(RideColumns, name)
    for name in ("ranch_biggest_group", "ranch_colours", "ranch_cattle", "ranch_sheriff", "ranch_nugget",
                 "ranch_helper", "forces_sheriff", "next_is_bot", "next_raise_max", "next_can_win", "next_can_end",
                 "bot_ahead", "ranches_left", "sheriff_alone", "rival_herd_max")
}


class RowColumns(dict):
    """Columns cut from `features.evaluate`'s rows (`rows`) when first looked up (0 where a row leaves
    a feature out): the token decisions, whose rows count nothing deep."""

    __slots__ = ("rows",)

    def __init__(self, rows: list[dict]):
        self.rows = rows

    def __missing__(self, name: str) -> list[int]:
        col = self[name] = [v.get(name, 0) for v in self.rows]
        return col


def lazy_columns(state: Any, choices: list) -> Position | None:
    """The lazy columns of a steal, a ride or the start (`choices`: `state.choice_codes()`); None for a
    token decision (its rows serve)."""
    ph = state.phase
    if ph == STEAL:
        cols = StealColumns(state, choices)
        cell = cols.cell = state.pawn
        base, cattle = cell * state.game.ncol, state.cattle
        cols.taken = [cattle[base + c] for c in choices]
        cols.after = None
        return cols
    if ph == MOVE or ph == START:
        ride = RideColumns(state, choices)
        me = state.player
        ride.thief = state.first if ph == START else (me if state.extra else 1 - me)
        return ride
    return None


# the actions of each game, by phase and choice: the engine makes new ones at every `legal_actions()`,
# the table bot at play reuses these (actions are frozen values: equal whoever made them)
_ACTIONS: dict[int, tuple[Any, list[dict]]] = {}


def actions_of(state: Any, ph: int, choices: list) -> list:
    """`state.legal_actions()`, given its phase `ph` and `choices` (`state.choice_codes()`): the same
    actions, made once per game and kept."""
    g = state.game
    hit = _ACTIONS.get(id(g))
    if hit is None or hit[0] is not g:
        if len(_ACTIONS) >= 256:
            _ACTIONS.clear()
        hit = _ACTIONS[id(g)] = (g, [{} for _ in range(8)])
    made = hit[1][ph]
    try:
        return [made[c] for c in choices]
    except KeyError:
        made.update(zip(choices, state.legal_actions()))
        return [made[c] for c in choices]
