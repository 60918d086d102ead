"""Longhorn's decision-table vocabulary: what a person running the bot counts or checks at the table.

Each feature is a small int computed for one candidate of the decision in hand (a colour to steal, a
ranch to ride to, ...), from the position as everybody sees it (Longhorn hides nothing but the
ambush's random nugget, which no feature looks at). The printed text of each feature lives in content
(`content/longhorn/features.yaml`); a test keeps the two in step. Every definition below is written
so that a person can check it by looking and counting, and the text says exactly what is computed:

- "the next thief" is the player who steals next: the bot's rival, or the bot itself when a snake oil
  gives it another turn;
- "wins at once" means all 9 cows of a colour, a steal that leaves no ranch to ride to with the thief
  ahead at the final count (counting a nugget that steal takes; no other token is counted), or a steal
  whose ride may end on a ranch with the sheriff and one colour only (the other player must then take
  the sheriff); never a steal that takes the sheriff;
- counts of money compare the final count as the rules define it (cows x cows of their colour left on
  the range x $100, plus nuggets).

Decision kinds follow the engine's phases: start, steal, move, epidemic, brand, ambush, rattle.
"""

from __future__ import annotations

from typing import Any

from .columns import LISTED, Position, RowColumns, actions_of, lazy_columns
from .constants import (
    AMBUSH_CHOICE,
    BRAND_CELL,
    EPIDEMIC_COLOUR,
    HELPERS,
    MOVE,
    NUGGET,
    RATTLE,
    RATTLE_PLACE,
    SHERIFF,
    SNAKE,
    START,
    STEAL,
)

KIND_OF_PHASE = {
    START: "start", STEAL: "steal", MOVE: "move", EPIDEMIC_COLOUR: "epidemic",
    BRAND_CELL: "brand", AMBUSH_CHOICE: "ambush", RATTLE_PLACE: "rattle",
}

# feature id -> decision kinds it is defined at (texts in content/longhorn/features.yaml)
GAIN = ("steal", "brand", "ambush")
RANCH = ("start", "move", "rattle")
ALL = ("start", "steal", "move", "epidemic", "brand", "ambush", "rattle")
VOCABULARY: dict[str, tuple[str, ...]] = {
    # taking cows (steal, branding iron, ambush)
    "cows_taken": GAIN,
    "owned_after": GAIN,
    "rival_owns": GAIN + ("epidemic",),
    "left_on_range": GAIN,
    "completes_herd": GAIN,
    "raises_lead": GAIN,
    "majority_after": GAIN,
    "empties_ranch": ("steal", "brand"),
    "takes_sheriff": ("steal", "brand"),
    "nugget_taken": ("steal", "brand"),
    "takes_helper": ("steal", "brand"),
    "takes_rattlesnake": ("steal", "brand"),
    "sheriff_single_after": ("steal", "brand"),
    # what the ride then allows
    "ends_game": ("steal", "brand", "epidemic"),
    "ends_ahead": ("steal", "brand", "epidemic"),
    "ends_behind": ("steal", "brand", "epidemic"),
    "ahead_after": ("steal", "brand", "epidemic"),
    "rides": ("steal",),
    "can_force_sheriff": ("steal",),
    "safe_ride": ("steal",),
    "rival_best_min": ("steal",),
    "rival_raise_min": ("steal",),
    # a ranch the pawn may go to (or a rattlesnake's cow)
    "ranch_biggest_group": RANCH,
    "ranch_colours": RANCH,
    "ranch_cattle": RANCH,
    "ranch_sheriff": RANCH,
    "forces_sheriff": ("start", "move"),
    "ranch_nugget": RANCH,
    "ranch_helper": RANCH,
    "next_raise_max": ("start", "move"),
    "next_can_win": ("start", "move"),
    "next_can_end": ("start", "move"),
    "group_after": ("rattle",),
    # epidemic and ambush
    "owned": ("epidemic",),
    "colour_on_range": ("epidemic",),
    "rival_owns_more": ("epidemic",),
    "rival_edge": ("epidemic",),
    "is_nugget": ("ambush",),
    "rival_nuggets": ("ambush",),
    # the position (the same for every candidate)
    "bot_ahead": ALL,
    "next_is_bot": ("start", "move"),
    "ranches_left": ALL,
    # glances: read once for the whole position, before any choice is looked at
    "sheriff_alone": ("start", "steal", "move"),
    "rival_herd_max": ("start", "steal", "move"),
}
_AMBUSH_COW_FEATURES = tuple(n for n, kinds in VOCABULARY.items() if "ambush" in kinds and n not in ("is_nugget", "rival_nuggets"))
# the 2-ply features (looking at the next thief's answers): computed only when a table asks
DEEP = {"rides", "can_force_sheriff", "safe_ride", "rival_best_min", "rival_raise_min", "next_can_win", "next_can_end"}
HAND_KINDS: frozenset[str] = frozenset()  # no hands: every seat meets every decision
SCORE_NAME: str | None = None  # `saloon tables eval` prints win rates only
LEVEL_TARGETS: dict[str, tuple[float, float]] = {}  # the default targets of every level
LEVEL_OPPONENTS: dict[str, tuple[str, ...]] = {}  # the default opponents of every level
TUNE_REQUIREMENTS: tuple[dict[str, Any], ...] = ()
groups = None  # every decision is made in one step
step_columns = None  # (no decision in two steps)


def decision_kind(state: Any) -> str:
    return KIND_OF_PHASE[state.phase]


def tie_order(state: Any, actions: list) -> list[int]:
    """Printed tie-break order of the candidates: reading order of ranches (A1, B1, C1, A2 ...), then
    colours in content order; an ambush's nugget comes before its colours. `state.choice_codes()` lists
    them in that order already, so the order is the list's own."""
    return list(range(len(actions)))


class _Board:
    """The counts a person looks at: cattle per ranch and colour, herds, nuggets."""

    __slots__ = ("g", "cattle", "tot", "tok", "herd", "nuggets", "board")

    def __init__(self, state: Any):
        g = state.game
        self.g = g
        self.cattle = state.cattle
        self.tot = state.tot
        self.tok = state.tok
        self.herd = state.herd
        self.nuggets = state.nuggets
        ncol = g.ncol
        self.board = [sum(state.cattle[c::ncol]) for c in range(ncol)]

    def money(self, cattle_board: list[int], herd: list[int], nuggets: list[list[int]]) -> tuple[int, int]:
        g = self.g
        ncol = g.ncol
        out = []
        for seat in (0, 1):
            m = sum(nuggets[seat])
            for c in range(ncol):
                m += herd[seat * ncol + c] * cattle_board[c] * g.per_cow
            out.append(m)
        return out[0], out[1]


def _destinations(g: Any, tot: list[int], tok: list, cell: int, steps: int) -> list[int]:
    """Where a ride of `steps` from `cell` may stop on this board (the engine's rule, on plain lists)."""
    if steps > g.max_steps or steps < 1:
        return []
    out = [d for d in g.dest[cell][steps] if tot[d]]
    if g.avoid_danger and len(out) > 1:
        safe = [d for d in out if tok[d] is None or tok[d][0] not in (SHERIFF, RATTLE)]
        return safe or out
    return out


def _thief_at(b: _Board, cattle: list[int], tot: list[int], herd: list[int], nuggets: list[list[int]],
              cell: int, thief: int) -> tuple[bool, bool, bool]:
    """(can win at once, must take the sheriff, can end the game) for `thief` stealing at `cell`."""
    g = b.g
    ncol = g.ncol
    tok = b.tok[cell]
    colours = [c for c in range(ncol) if cattle[cell * ncol + c]]
    forced = len(colours) == 1 and tok is not None and tok[0] == SHERIFF
    win = end = False
    board = [sum(cattle[c::ncol]) for c in range(ncol)]
    for c in colours:
        m = cattle[cell * ncol + c]
        empties = m == tot[cell]
        if empties and tok is not None and tok[0] == SHERIFF:
            continue  # arrested: never a win, and the game ends by the arrest, not by the ride
        if herd[thief * ncol + c] + m >= g.colour_count[c]:
            win = True
        tot2 = tot[:]
        tot2[cell] -= m
        dests = _destinations(g, tot2, b.tok, cell, m)
        for d in dests:
            t = b.tok[d]
            if t is not None and t[0] == SHERIFF and sum(1 for k in range(ncol) if cattle[d * ncol + k]) == 1:
                win = True  # it can ride to a ranch that forces the sheriff on the other
        if not dests:
            end = True
            board2 = board[:]
            board2[c] -= m
            herd2 = herd[:]
            herd2[thief * ncol + c] += m
            nug = nuggets
            if empties and tok is not None and tok[0] == NUGGET:
                nug = [list(nuggets[0]), list(nuggets[1])]
                nug[thief].append(tok[1])
            s = b.money(board2, herd2, nug)
            if s[thief] > s[1 - thief]:
                win = True
    return win, forced, end


def _ranch(b: _Board, cattle: list[int], tot: list[int], cell: int) -> dict[str, int]:
    g = b.g
    ncol = g.ncol
    groups = cattle[cell * ncol : cell * ncol + ncol]
    tok = b.tok[cell]
    return {
        "ranch_biggest_group": max(groups),
        "ranch_colours": sum(1 for n in groups if n),
        "ranch_cattle": tot[cell],
        "ranch_sheriff": int(tok is not None and tok[0] == SHERIFF),
        "ranch_nugget": tok[1] // 100 if tok is not None and tok[0] == NUGGET else 0,
        "ranch_helper": int(tok is not None and tok[0] in HELPERS),
    }


def _raise_max(g: Any, cattle: list[int], herd: list[int], cell: int, thief: int) -> int:
    """The most cows `thief` could steal at `cell` in a colour whose steal raises their money lead:
    more cows of it would stay on the range than the thief's lead over the other in that colour."""
    ncol = g.ncol
    best = 0
    for c in range(ncol):
        n = cattle[cell * ncol + c]
        if n > best:
            left = sum(cattle[c::ncol]) - n
            edge = herd[thief * ncol + c] - herd[(1 - thief) * ncol + c]
            if left > edge:
                best = n
    return best


def _gain(b: _Board, me: int, c: int, taken: int, at: int | None, take_token: bool) -> dict[str, int]:
    """Features of taking `taken` cows of colour `c` (from ranch `at`, or from the rival if None)."""
    g = b.g
    ncol = g.ncol
    owned = b.herd[me * ncol + c] + taken
    rival = b.herd[(1 - me) * ncol + c]
    left = b.board[c] - (taken if at is not None else 0)
    out = {
        "cows_taken": taken,
        "owned_after": owned,
        "rival_owns": rival,
        "left_on_range": left,
        "completes_herd": int(owned >= g.colour_count[c]),
        # taking n cows changes the lead by n x (left after - lead in that colour before), in $100s
        "raises_lead": int(taken > 0 and left > b.herd[me * ncol + c] - rival),
        "majority_after": int(owned > rival),
    }
    if at is not None:
        out["sheriff_single_after"] = _sheriff_single_after(b, at, c)
        empties = taken > 0 and b.tot[at] == taken
        tok = b.tok[at] if empties and take_token else None
        kind = tok[0] if tok is not None else -1
        out["empties_ranch"] = int(empties)
        out["takes_sheriff"] = int(kind == SHERIFF)
        out["nugget_taken"] = tok[1] // 100 if kind == NUGGET else 0
        out["takes_helper"] = int(kind in HELPERS)
        out["takes_rattlesnake"] = int(kind == RATTLE)
    return out


def _sheriff_single_after(b: _Board, at: int, c: int) -> int:
    """1 when taking colour `c` at `at` leaves the sheriff's ranch holding one colour only (whoever
    stops there next must take the sheriff)."""
    tok = b.tok[at]
    if tok is None or tok[0] != SHERIFF:
        return 0
    ncol = b.g.ncol
    left = [k for k in range(ncol) if k != c and b.cattle[at * ncol + k]]
    return int(len(left) == 1)


def _ending(b: _Board, me: int, cattle: list[int], tot: list[int], herd: list[int], nuggets: list[list[int]],
            pawn: int, steps: int, final: bool) -> dict[str, int]:
    """ends_game / ends_ahead / ends_behind for a ride of `steps` from `pawn` on this board, and
    ahead_after: the bot would win the final count on this board (whether or not the game ends)."""
    g = b.g
    ncol = g.ncol
    board = [sum(cattle[c::ncol]) for c in range(ncol)]
    s = b.money(board, herd, nuggets)
    ahead = s[me] > s[1 - me]
    if final:  # the decision already ended the game (a full herd or the sheriff): no ride
        return {"ends_game": 0, "ends_ahead": 0, "ends_behind": 0, "ahead_after": int(ahead)}
    ends = not _destinations(g, tot, b.tok, pawn, steps)
    return {"ends_game": int(ends), "ends_ahead": int(ends and ahead), "ends_behind": int(ends and not ahead),
            "ahead_after": int(ahead)}


def _take(b: _Board, me: int, cell: int, c: int, n: int, take_token: bool, pawn: int, steps: int) -> tuple:
    """Features of taking the `n` cows of colour `c` at `cell` (a steal or a branding iron), with the
    board after it: (features, (cattle, tot, herd, nuggets), whether the game ends at once). The ride
    that follows goes `steps` from `pawn`."""
    g = b.g
    ncol = g.ncol
    f = _gain(b, me, c, n, cell, take_token)
    cattle = b.cattle[:]
    cattle[cell * ncol + c] = 0
    tot = b.tot[:]
    tot[cell] -= n
    herd = b.herd[:]
    herd[me * ncol + c] += n
    nug = b.nuggets
    if f["nugget_taken"]:
        nug = [list(b.nuggets[0]), list(b.nuggets[1])]
        nug[me].append(b.tok[cell][1])
    final = bool(f["takes_sheriff"] or (f["completes_herd"] and g.herd_at_once))
    f.update(_ending(b, me, cattle, tot, herd, nug, pawn, steps, final))
    return f, (cattle, tot, herd, nug), final


def evaluate(state: Any, wanted: set[str]) -> list[dict[str, int]]:
    """Feature values of every candidate of the decision in hand (in `state.choice_codes()` order).

    Only features in `wanted` are sure to be present (cheap ones may come along)."""
    g = state.game
    ncol = g.ncol
    me = state.player
    b = _Board(state)
    ph = state.phase
    choices = state.choice_codes()
    deep = bool(wanted & DEEP)
    s_now = b.money(b.board, b.herd, b.nuggets)
    sheriffs = [d for d, t in enumerate(b.tok) if t is not None and t[0] == SHERIFF]
    common = {"bot_ahead": int(s_now[me] > s_now[1 - me]), "ranches_left": sum(1 for t in b.tot if t),
              "sheriff_alone": int(any(sum(1 for k in range(ncol) if b.cattle[d * ncol + k]) == 1 for d in sheriffs)),
              "rival_herd_max": max(b.herd[(1 - me) * ncol : (2 - me) * ncol])}
    out: list[dict[str, int]] = []
    if ph == STEAL:
        cell = state.pawn
        for c in choices:
            n = state.cattle[cell * ncol + c]
            f, (cattle, tot, herd, nug), final = _take(b, me, cell, c, n, True, cell, n)
            if deep:
                dests = [] if final else _destinations(g, tot, b.tok, cell, n)
                tok = b.tok[cell]
                again = f["empties_ranch"] and tok is not None and tok[0] == SNAKE
                thief = me if again else 1 - me
                force = safe = False
                best_min = raise_min = None
                for d in dests:
                    win, forced, _ = _thief_at(b, cattle, tot, herd, nug, d, thief)
                    force = force or (forced and not again)
                    safe = safe or again or not win
                    big = max(cattle[d * ncol : d * ncol + ncol])
                    best_min = big if best_min is None else min(best_min, big)
                    rise = _raise_max(g, cattle, herd, d, thief)
                    raise_min = rise if raise_min is None else min(raise_min, rise)
                f["rides"] = len(dests)
                f["can_force_sheriff"] = int(force)
                f["safe_ride"] = int(safe)
                f["rival_best_min"] = best_min or 0
                f["rival_raise_min"] = raise_min or 0
            out.append(f)
    elif ph in (MOVE, START):
        if ph == START:
            thief = state.first
        else:
            thief = me if state.extra else 1 - me
        for d in choices:
            f = _ranch(b, b.cattle, b.tot, d)
            tok = b.tok[d]
            single = f["ranch_colours"] == 1
            f["forces_sheriff"] = int(single and tok is not None and tok[0] == SHERIFF)
            f["next_is_bot"] = int(thief == me)
            f["next_raise_max"] = _raise_max(g, b.cattle, b.herd, d, thief)
            if deep:
                win, _, end = _thief_at(b, b.cattle, b.tot, b.herd, b.nuggets, d, thief)
                f["next_can_win"] = int(win)
                f["next_can_end"] = int(end)
            out.append(f)
    elif ph == EPIDEMIC_COLOUR:
        for c in choices:
            cattle = b.cattle[:]
            tot = b.tot[:]
            for cell in range(g.ncell):
                k = cattle[cell * ncol + c]
                cattle[cell * ncol + c] = 0
                tot[cell] -= k
            herd = b.herd
            if g.epidemic_everywhere:
                herd = herd[:]
                herd[c] = herd[ncol + c] = 0
            f = {
                "colour_on_range": b.board[c],
                "owned": b.herd[me * ncol + c],
                "rival_owns": b.herd[(1 - me) * ncol + c],
                "rival_owns_more": int(b.herd[(1 - me) * ncol + c] > b.herd[me * ncol + c]),
                "rival_edge": max(0, b.herd[(1 - me) * ncol + c] - b.herd[me * ncol + c]),
            }
            f.update(_ending(b, me, cattle, tot, herd, b.nuggets, state.pawn, state.steps, False))
            out.append(f)
    elif ph == BRAND_CELL:
        take = g.neighbour_token == "take"
        for ch in choices:
            cell, c = ch if type(ch) is tuple else (ch, state.stolen)
            n = state.cattle[cell * ncol + c]
            f = _take(b, me, cell, c, n, take, state.pawn, state.steps)[0]
            out.append(f)
    elif ph == AMBUSH_CHOICE:
        for ch in choices:
            if ch < 0:  # the nugget takes no cows: every cow count is 0, every cow flag no
                f = dict.fromkeys(_AMBUSH_COW_FEATURES, 0)
                f["is_nugget"] = 1
            else:
                taken = min(g.ambush_cows, b.herd[(1 - me) * ncol + ch])
                f = _gain(b, me, ch, taken, None, False)
                f["is_nugget"] = 0
            f["rival_nuggets"] = len(b.nuggets[1 - me])
            out.append(f)
    elif ph == RATTLE_PLACE:
        for c, cell in choices:
            f = _ranch(b, b.cattle, b.tot, cell)  # the ranch as it is, before the cow goes there
            f["group_after"] = b.cattle[cell * ncol + c] + 1
            out.append(f)
    for f in out:
        f.update(common)
    return out


def columns(state: Any, actions: list) -> Position | RowColumns:
    """Lazy feature columns of the decision in hand, for the table bot at play (columns.py): each
    feature counted for every candidate when a rule first asks, exactly as `evaluate` counts it; a
    token decision's columns cut from its rows."""
    cols = lazy_columns(state, state.choice_codes())
    return RowColumns(evaluate(state, set())) if cols is None else cols


def decision(state: Any) -> tuple[list, str, Any, Any]:
    """The decision in hand for the table bot at play, in one call: (`legal_actions()`,
    `decision_kind`, `columns`, `tie_order`); with one action only, no columns and no order (None,
    None): nothing is to be picked. A test holds it equal to the four at every decision of seeded games."""
    ph = state.phase
    choices = state.choice_codes()
    actions = actions_of(state, ph, choices)
    n = len(actions)
    if n == 1:
        return actions, KIND_OF_PHASE[ph], None, None
    cols: Position | RowColumns | None = lazy_columns(state, choices)
    if cols is None:
        cols = RowColumns(evaluate(state, set()))
    return actions, KIND_OF_PHASE[ph], cols, LISTED[n] if n < len(LISTED) else tuple(range(n))
