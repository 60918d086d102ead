"""Exact Longhorn solver: negamax alpha-beta with a transposition table, Star1 at chance nodes.

The only chance event after setup is the ambush's random nugget; its outcomes (distinct nugget
values, weighted by how many of each the victim holds) are averaged. Values are for the player to
move: +1 win, 0 draw, -1 loss (expected values in between when an ambush draw lies ahead).
Consecutive decisions by the same seat (token sub-choices, snake oil) keep the sign and window.

Search:
- the root runs two null-window probes first ("a sure win?", "a sure loss?"): most values are +-1,
  and such a proof never asks how good a line short of it is; only when both fail is the exact value
  searched (with the probes' bounds in the table); the win probe gives the root's choices node
  budgets in rounds (16k, 32k, 64k, then none), so a win cheap to prove is not kept behind a costly
  refutation of an earlier choice (also down a line of the player's own forced-ahead decisions);
- chance nodes are searched with Star1 windows (Ballard 1983) from the known bounds [-1, +1], so a
  draw whose first outcomes already decide the parent's window is cut short;
- choices that lead to the same position (e.g. two moves ending alike, or a branding iron with nothing
  left to take) are searched once (children deduplicated by position key);
- the table key is one `bytes` of the position's small ints, leaving out what no longer matters (the
  last steal's size and colour once the pawn has moved; the token layout and each purse of nuggets as
  a 3-byte code; with no ambush or rattlesnake left, the nuggets as one lead and the herds of colours
  gone from the board: nuggets are the only money no rule reads again once no ambush is left, while
  cows are no money before the count, since the full herd, the ambush and the rattlesnake read the
  herds and a herd's worth is set by the board at the end); the table is bounded: two generations of at most `max_entries` each, the
  older dropped when the newer fills, so memory stays capped;
- moves are tabled too: a move's key and its destinations' steal keys are built from one board (the
  same two parts, only the turn bytes between them differ), so a move looks up every destination
  (enhanced transposition cutoff) before copying any, copies a child only to search it, and a move
  searched again (another probe, another window) starts from its bounds and best destination;
- search copies are the solver's own (`_fast_child`): a move shares its parent's lists, other steps copy
  only what rules mutate; a game they end by the count records only who won;
- ordering: the table's best choice first, then immediate wins, then the money lead after the choice
  plus a history bonus (choices that caused cutoffs before, per phase).

It steps positions only through the engine's public search interface (`LonghornState.choice_codes`,
`choice_of`, `apply_choice`, `steal_colour`, `destinations`, `finish_scored`, `clone_light`).

API (the descriptor's `solver`, used by the solver bot, `tables eval`/`bound`, the puzzles and `saloon
bench`; bots/solver.py types it): `solve(state, time_limit=None, node_limit=None) -> (value, action)`
raising `SolverTimeout` when a limit passes without a proof; `choice_values(state, node_limit)`;
`groups_left(state)`; `position_with_groups(game, seed, groups)`; `outcome_value(state, player)`;
`expectiminimax(state)`, the plain reference search (no pruning, no table) that the tests check the
solver against.
"""

from __future__ import annotations

import random
import time
from typing import Any

from ...errors import EngineError, SolverTimeout
from ..core import Action, EndReason, Outcome
from .constants import AMBUSH, AMBUSH_CHOICE, MOVE, OVER, RATTLE, RATTLE_PLACE, STEAL
from .state import LonghornState

LO, HI = -1.0, 1.0  # every value lies in [LO, HI]
EPS = 1e-9  # null-window width: far below any gap between distinct values (draw odds are small fractions)
CHECK_EVERY = 4096  # nodes between two looks at the clock
WIDEN_DEPTH = 4  # own decisions in a row (steal, token step, move) the win probe widens at
ROUND_BUDGETS = (4 * CHECK_EVERY, 8 * CHECK_EVERY, 16 * CHECK_EVERY)  # nodes per root choice in the win probe's rounds
RACE_BUDGETS = (8 * CHECK_EVERY, 32 * CHECK_EVERY)  # nodes per probe in the rounds racing the two probes


class _RoundOver(Exception):
    """A root choice's node budget for this round of the win probe ran out (searched again later)."""


class _RaceOver(Exception):
    """A probe's node budget for this round of the race between the two probes ran out."""


def groups_left(state: LonghornState) -> int:
    """The number of (location, colour) pairs with at least one cow on the board."""
    return sum(1 for n in state.cattle if n)


def position_with_groups(game: Any, seed: int, groups: int, max_attempts: int = 1000) -> LonghornState:
    """A position with exactly `groups` groups left, the player to move about to steal.

    Random legal play from the seeded opening `game.new_game(2, seed)`, driven by
    `random.Random(seed)`; an attempt that ends or never stops on exactly `groups` groups at a steal is
    followed by the next attempt with the same generator, so the result depends on the seed only.
    """
    rng = random.Random(seed)
    for _ in range(max_attempts):
        s = game.new_game(2, seed)
        while not s.is_over:
            if s.phase == STEAL and groups_left(s) == groups:
                return s
            acts = s.legal_actions()
            s.apply(acts[rng.randrange(len(acts))])
    raise EngineError(f"longhorn: no position with exactly {groups} groups left found from seed {seed}")


def outcome_value(state: LonghornState, player: int) -> float:
    winners = state.outcome.winners
    if len(winners) != 1:
        return 0.0
    return 1.0 if winners[0] == player else -1.0


def _nugget_draws(state: LonghornState) -> list[tuple[float, int]]:
    """The ambush's random nugget: (probability, index of one nugget of that value) per distinct value."""
    pool = state.nuggets[1 - state.player]
    first: dict[int, int] = {}
    for k, v in enumerate(pool):
        first.setdefault(v, k)
    return [(pool.count(v) / len(pool), k) for v, k in first.items()]


def _children(state: LonghornState, choice: Any) -> list[tuple[float, LonghornState]]:
    """(probability, next state) for one int choice of the current phase."""
    ph = state.phase
    if ph == AMBUSH_CHOICE and choice == -1:
        out = []
        for p, k in _nugget_draws(state):
            child = state.clone_light()
            child.apply_choice(ph, -1, k)
            out.append((p, child))
        return out
    child = state.clone_light()
    child.apply_choice(ph, choice)
    return [(1.0, child)]


class _Sink(list):
    """A list that forgets what is appended: the record-only lists (tokens used, tokens discarded) of
    search copies, which no rule reads."""

    __slots__ = ()

    def append(self, item: Any) -> None:
        pass


_SINK = _Sink()
_SINKS = [_SINK, _SINK]


class _SearchState(LonghornState):
    """A search copy (`_fast_child`): a game ended by the count records only who won, the one thing
    the search reads (no scores, no text)."""

    __slots__ = ()

    def finish_scored(self) -> None:
        lead = _money_lead(self, 0)
        g = self.game
        if lead == 0 and g.tiebreak_cattle:  # equal money: more cattle wins under that option
            ncol = g.ncol
            lead = sum(self.herd[:ncol]) - sum(self.herd[ncol:])
        self.outcome = _COUNTED[(lead > 0) - (lead < 0)]
        self.phase = OVER


_COUNTED = {  # a search copy's end by the count: 1 seat 0 ahead, -1 seat 1 ahead, 0 a draw
    1: Outcome((), (0,), EndReason.NO_LEGAL_MOVE),
    -1: Outcome((), (1,), EndReason.NO_LEGAL_MOVE),
    0: Outcome((), (0, 1), EndReason.NO_LEGAL_MOVE),
}


def _fast_child(state: LonghornState, ph: int, choice: Any, nugget_index: int | None = None) -> LonghornState:
    """`state` after one int choice, copied for search only (write it in the solver: the engine's
    `clone_light` copies record lists no rule reads). The copy has only the fields the rules and the
    search read (no generator, seed, history or tile layout).

    A move changes only scalars, so its copy shares every list with its parent (no rule step mutates a
    position in place except on the fresh copy it was just made for, and a move's copy makes none).
    Other steps get fresh copies of the lists rules mutate; the record-only lists (`used`, `discarded`)
    are sinks and `removed` (a record of the epidemic) a private scratch list.
    """
    s = _SearchState.__new__(_SearchState)
    # only what rules read or write: no generator (the ambush's nugget comes as `nugget_index`), no
    # seed, history or tile layout (a search copy is never replayed, saved or shown)
    s.game = state.game
    s.used = _SINKS
    s.discarded = _SINK
    s.pawn = state.pawn
    s.player = state.player
    s.first = state.first
    s.steps = state.steps
    s.stolen = state.stolen
    s.extra = state.extra
    s.turn = state.turn
    s.outcome = state.outcome
    s.at = state.at
    s.pending = state.pending  # a tuple, replaced by rules, never changed in place
    if ph == MOVE:
        s.cattle = state.cattle
        s.tot = state.tot
        s.tok = state.tok
        s.herd = state.herd
        s.nuggets = state.nuggets
        s.removed = state.removed
        s.rattle = state.rattle
        s.pawn = choice
        if not s.extra:
            s.player = 1 - s.player
        s.extra = False
        s.phase = STEAL
        return s
    s.cattle = state.cattle[:]
    s.tot = state.tot[:]
    s.tok = state.tok[:]
    s.herd = state.herd[:]
    s.nuggets = [state.nuggets[0][:], state.nuggets[1][:]]
    s.removed = state.removed[:]
    s.rattle = state.rattle[:] if state.rattle else state.rattle  # an empty one is only ever replaced
    s.phase = ph
    if ph == STEAL:
        s.steal_colour(choice)
    else:
        s.apply_choice(ph, choice, nugget_index)
    return s


def _money_lead(state: LonghornState, me: int) -> int:
    """`me`'s money minus the other's (as `_scores` counts it, written flat for the search's ordering)."""
    g = state.game
    ncol = g.ncol
    cattle, herd = state.cattle, state.herd
    lead = 0
    for c in range(ncol):
        d = herd[c] - herd[ncol + c]
        if d:
            lead += d * sum(cattle[c::ncol])
    lead *= g.per_cow
    lead += sum(state.nuggets[0]) - sum(state.nuggets[1])
    return lead if me == 0 else -lead


def _widens(child: LonghornState, me: int, depth: int) -> bool:
    """Whether the win probe widens again at `child`: our own next decision, with a choice to make."""
    return depth < WIDEN_DEPTH and child.outcome is None and child.player == me and len(child.choice_codes()) > 1


def _search_children(state: LonghornState, choice: Any) -> list[tuple[float, LonghornState]]:
    """`_children` with the search's cheap copies."""
    ph = state.phase
    if ph == AMBUSH_CHOICE and choice == -1:
        return [(p, _fast_child(state, ph, -1, k)) for p, k in _nugget_draws(state)]
    return [(1.0, _fast_child(state, ph, choice))]


class _Codes:
    """Small-int codes for the token layout and the nugget multisets, so a position packs into one
    `bytes` (a whole layout, e.g. `tuple(state.tok)`, is looked up at once: faster than per cell).

    A layout is "calm" when no ambush and no rattlesnake lies on the board: then a colour gone from the
    board never comes back and no cow or nugget changes hands between the players."""

    def __init__(self) -> None:
        self.layouts: dict[tuple, tuple[bytes, bool]] = {}
        self.purses: dict[tuple, bytes] = {}

    def layout(self, toks: tuple) -> tuple[bytes, bool]:
        code = self.layouts.get(toks)
        if code is None:
            calm = all(t is None or t[0] not in (AMBUSH, RATTLE) for t in toks)
            code = self.layouts[toks] = (len(self.layouts).to_bytes(3, "little"), calm)
        return code

    def purse(self, values: tuple) -> bytes:
        code = self.purses.get(values)
        if code is None:
            code = self.purses[values] = len(self.purses).to_bytes(3, "little")
        return code


def _steal_key_parts(state: LonghornState, codes: _Codes) -> tuple[bytes, bytes]:
    """The key of a steal on `state`'s board, less the turn bytes (phase, pawn, player) between its two
    parts: every cell a move may reach shares them, so a move expands its children's keys at once."""
    lay = tuple(state.tok)
    cl, calm = codes.layouts.get(lay) or codes.layout(lay)
    n0, n1 = state.nuggets
    purses = codes.purses
    herd = state.herd
    g = state.game
    if calm and not g.tiebreak_cattle:
        t = ("lead", sum(n0) - sum(n1))
        pc = purses.get(t) or codes.purse(t)
        cattle = state.cattle
        ncol = g.ncol
        count = g.colour_count
        herd = herd[:]
        for c in range(ncol):
            if (herd[c] or herd[ncol + c]) and herd[c] < count[c] and herd[ncol + c] < count[c] and not any(cattle[c::ncol]):
                herd[c] = herd[ncol + c] = 0
        return bytes(state.cattle + herd), cl + pc + pc
    t0 = tuple(sorted(n0)) if len(n0) > 1 else tuple(n0)
    t1 = tuple(sorted(n1)) if len(n1) > 1 else tuple(n1)
    c0 = purses.get(t0) or codes.purse(t0)
    c1 = purses.get(t1) or codes.purse(t1)
    return bytes(state.cattle + herd), cl + c0 + c1


def position_key(state: LonghornState, codes: _Codes) -> bytes:
    """What decides the rest of the game, packed: board, herds, turn state, tokens, nuggets.

    At a steal the last steal's size and colour no longer matter (and snake oil is spent), so they are
    left out and positions reached by different last moves share an entry. Every part before the codes
    has a fixed length for a game, and the codes are 3 bytes each, so the packing is unambiguous.

    At a steal with a calm layout (no ambush, no rattlesnake left), only the difference of the nugget
    totals matters (nuggets only score), and a colour gone from the board scores nothing and never
    changes hands again, so its herds are left out while neither is full (a full one still wins at its
    owner's next token step); not under the most-cattle tie-break, which counts every cow.
    """
    ph = state.phase
    if ph == STEAL:  # (`first` matters only before the start)
        head, rest = _steal_key_parts(state, codes)
        key = head + bytes((ph, state.pawn + 1, state.player)) + rest
        if state.pending:  # (only a position loaded so: rules empty it before any move)
            key += codes.purse(("pending", state.pending))
        return key
    lay = tuple(state.tok)
    cl = (codes.layouts.get(lay) or codes.layout(lay))[0]
    n0, n1 = state.nuggets
    purses = codes.purses
    if ph == MOVE:
        tail = [ph, state.pawn + 1, state.player, state.steps, state.extra]
    else:
        tail = [ph, state.pawn + 1, state.player, state.first, state.steps, state.stolen + 1, state.extra, state.at + 1]
        if ph == RATTLE_PLACE:
            tail.extend(state.rattle)
    t0 = tuple(sorted(n0)) if len(n0) > 1 else tuple(n0)
    t1 = tuple(sorted(n1)) if len(n1) > 1 else tuple(n1)
    c0 = purses.get(t0) or codes.purse(t0)
    c1 = purses.get(t1) or codes.purse(t1)
    key = bytes(state.cattle + state.herd + tail) + cl + c0 + c1
    if state.pending:  # tokens taken from emptied neighbours, still to apply (token steps only)
        key += codes.purse(("pending", state.pending))
    return key


class Solver:
    """One search with its own bounded transposition table (reuse it across calls on the same game).

    `max_entries`: the size of one table generation; memory holds at most two generations.
    """

    def __init__(self, max_entries: int = 2_000_000) -> None:
        self.table: dict[bytes, tuple[float, float, Any]] = {}
        self.old: dict[bytes, tuple[float, float, Any]] = {}
        self.max_entries = max_entries
        self.codes = _Codes()
        self.history: dict[tuple[int, Any], int] = {}  # cutoffs per (phase, choice), for ordering
        self.nodes = 0
        self.peak_entries = 0
        self.deadline: float | None = None
        self.node_limit: int | None = None
        self.stop_at: int | None = None  # the node count ending a root round (`_root_win_probe`)
        self.race_at: int | None = None  # the node count ending a probe's round of the race (`_root`)

    def solve(
        self, state: LonghornState, time_limit: float | None = None, node_limit: int | None = None
    ) -> tuple[float, Action | None]:
        """Prove the value of `state`; SolverTimeout after `time_limit` seconds or about `node_limit`
        nodes (checked every CHECK_EVERY nodes, so a node budget gives the same answer on any machine)."""
        if not isinstance(state, LonghornState):
            raise EngineError("the exact solver plays Longhorn only")
        if state.is_over:
            raise EngineError("longhorn solver: the game is over")
        self.deadline = None if time_limit is None else time.perf_counter() + time_limit
        self.node_limit = node_limit
        try:
            value, best = self._root(state)
        finally:
            self.deadline = None
            self.node_limit = None
        for action in state.legal_actions():
            if state.choice_of(action) == best:
                return value, action
        raise EngineError("longhorn solver: best move not found among legal actions")  # pragma: no cover

    def _root(self, state: LonghornState) -> tuple[float, Any]:
        """The exact value and a choice achieving it.

        Values are mostly a sure win or a sure loss, so two null-window probes come first: "can the
        player to move surely win?" (window (1 - EPS, 1)), then "surely lose?" (window (-1, -1 + EPS)).
        Such a proof never asks how good a line short of a sure win is, so the opponent's first reply
        that spoils the win refutes a move. Only when both fail is the exact value searched, with the
        table holding the probes' bounds.

        The root is searched here, not looked up: every choice is valued with the window (best so far,
        +1), so the choice that raises the best is valued exactly, and a table entry (whose best choice
        may only be a bound's) never names the move.
        """
        me = state.player
        expanded = [(choice, _search_children(state, choice)) for choice in state.choice_codes()]
        # a finished game first (an immediate win is played as such), the rest in the engine's order
        expanded.sort(key=lambda e: -(outcome_value(e[1][0][1], me) + 3.0 if e[1][0][1].outcome is not None else 0.0))
        key = position_key(state, self.codes)
        # The two probes race: each gets RACE_BUDGETS nodes in turn (a sure loss behind a costly
        # "no sure win" proof is not kept waiting); a probe cut short keeps its finished table entries.
        win_open, loss_open = True, True
        for budget in RACE_BUDGETS + (None,):
            if win_open:  # probe 1: a sure win? (values never exceed HI, so v >= HI is exact)
                found = self._race(budget, lambda: self._root_win_probe(expanded, me))
                if found is not None:
                    best, best_choice = found
                    if best >= HI or HI - EPS < best:
                        self._store(key, (best, best, best_choice))
                        return best, best_choice
                    win_open = False
            if loss_open:  # probe 2: a sure loss? (every choice at or below LO: each one achieves LO)
                found = self._race(budget, lambda: self._root_window(expanded, me, LO, LO + EPS))
                if found is not None:
                    best, best_choice = found
                    if best <= LO or best < LO + EPS:
                        self._store(key, (best, best, best_choice))
                        return best, best_choice
                    loss_open = False
            if not (win_open or loss_open):
                break
        best, best_choice = self._root_window(expanded, me, LO, HI)
        self._store(key, (best, best, best_choice))
        return best, best_choice

    def _race(self, budget: int | None, probe: Any) -> tuple[float, Any] | None:
        """`probe()` within `budget` nodes (None: no limit), or None when the budget ran out."""
        self.race_at = None if budget is None else self.nodes + budget
        try:
            return probe()
        except _RaceOver:
            return None
        finally:
            self.race_at = None

    def _root_win_probe(self, expanded: list, me: int, depth: int = 0) -> tuple[float, Any]:
        """Probe 1 by widening budgets: every root choice gets `ROUND_BUDGETS` nodes in turn, so a win
        that is cheap to prove is not kept waiting behind a costly refutation of an earlier choice.

        A search cut short stores nothing unfinished (each table entry is written when its node is
        done), so the rounds only reuse finished work; the last round has no budget. Budgets are
        counted in nodes: the same position gives the same search on any machine."""
        alpha, beta = HI - EPS, HI
        pending = expanded
        best, best_choice = -2.0, None
        for budget in ROUND_BUDGETS + (None,):
            if len(pending) == 1:
                budget = None
            left = []
            for choice, kids in pending:
                self.stop_at = None if budget is None else self.nodes + budget
                try:
                    if budget is None and len(kids) == 1 and _widens(kids[0][1], me, depth):
                        # the one choice left leads to another decision of ours: widen there too
                        ex = [(c, _search_children(kids[0][1], c)) for c in kids[0][1].choice_codes()]
                        v = self._root_win_probe(ex, me, depth + 1)[0]
                    elif len(kids) == 1:
                        v = self._value(kids[0][1], me, alpha, beta)
                    else:
                        v = self._chance(kids, me, alpha, beta)
                except _RoundOver:
                    left.append((choice, kids))
                    continue
                finally:
                    self.stop_at = None
                if v > best:
                    best, best_choice = v, choice
                    if v >= beta:
                        return best, best_choice
            pending = left
            if not pending:
                break
        return best, best_choice

    def _root_window(self, expanded: list, me: int, alpha: float, beta: float) -> tuple[float, Any]:
        """Fail-soft search of the root's expanded choices within (alpha, beta): the best value and
        its choice (exact when strictly inside the window; the first choice reaching beta on a cut)."""
        best, best_choice = -2.0, None
        for choice, kids in expanded:
            if len(kids) == 1:
                v = self._value(kids[0][1], me, alpha, beta)
            else:
                v = self._chance(kids, me, alpha, beta)
            if v > best:
                best, best_choice = v, choice
                if v > alpha:
                    alpha = v
                if v >= beta:
                    break
        return best, best_choice

    # --- the search ------------------------------------------------------------------------------
    def _store(self, key: bytes, entry: tuple[float, float, Any]) -> None:
        table = self.table
        if len(table) >= self.max_entries and key not in table:
            self.peak_entries = max(self.peak_entries, len(table) + len(self.old))
            self.old = table
            self.table = table = {}
        table[key] = entry

    def _tick(self) -> None:
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise SolverTimeout(
                f"longhorn solver: no proof within the time limit ({self.nodes} nodes searched)"
            )
        if self.node_limit is not None and self.nodes >= self.node_limit:
            raise SolverTimeout(f"longhorn solver: no proof within {self.node_limit} nodes")
        if self.race_at is not None and self.nodes >= self.race_at:
            raise _RaceOver
        if self.stop_at is not None and self.nodes >= self.stop_at:
            raise _RoundOver

    def _value(self, child: LonghornState, me: int, alpha: float, beta: float, key: bytes | None = None) -> float:
        """The value of `child` for `me` within the window (fail-soft)."""
        if child.outcome is not None:
            return outcome_value(child, me)
        if child.player == me:
            return self._search(child, alpha, beta, key)
        return -self._search(child, -beta, -alpha, key)

    def _chance(self, kids: list[tuple[float, LonghornState]], me: int, alpha: float, beta: float) -> float:
        """Star1: the expected value over the draw, cut as soon as the window is decided."""
        done = 0.0  # sum of p * value over searched outcomes
        rest = 1.0  # probability not yet searched
        for p, child in kids:
            rest -= p
            lo = (alpha - done - HI * rest) / p
            hi = (beta - done - LO * rest) / p
            a = lo if lo > LO else LO
            b = hi if hi < HI else HI
            v = self._value(child, me, a, b)
            if v <= lo:  # even the best for the rest keeps the draw at or below alpha
                return done + p * v + HI * rest
            if v >= hi:  # even the worst for the rest keeps the draw at or above beta
                return done + p * v + LO * rest
            done += p * v
        return done

    def _search(self, state: LonghornState, alpha: float, beta: float, key: bytes | None = None) -> float:
        """Fail-soft alpha-beta: the value if inside (alpha, beta), else a bound on the wrong side."""
        self.nodes += 1
        if self.nodes % CHECK_EVERY == 0:
            self._tick()
        codes = self.codes
        ph = state.phase
        parts = None
        if ph == MOVE and not state.pending:  # (tokens still pending at a move: only a loaded position)
            parts = self._move_keys(state)
            key = parts[2]
        elif key is None:
            key = position_key(state, codes)
        hit = self.table.get(key)
        if hit is None:
            hit = self.old.get(key)
        lb, ub, best_choice = LO, HI, None
        if hit is not None:
            lb, ub, best_choice = hit
            if lb >= beta or lb == ub:
                return lb
            if ub <= alpha:
                return ub
            if lb > alpha:
                alpha = lb
            if ub < beta:
                beta = ub
        alpha0, beta0 = alpha, beta
        me = state.player
        history = self.history
        choices = None if parts is not None else state.choice_codes()
        if parts is not None:
            best = self._expand_move(state, alpha, beta, parts, ub, best_choice)
            if type(best) is tuple:  # (value, choice) once searched; a bare float decided early (stored)
                best, best_choice = best
            else:
                return best
        elif len(choices) == 1 and not (ph == AMBUSH_CHOICE and choices[0] == -1):
            # a forced step (most are: one colour to steal, one cell to reach): no ordering
            choice = choices[0]
            child = _fast_child(state, ph, choice)
            if child.outcome is not None:
                v = outcome_value(child, me)
                if v >= beta:  # an immediate result already decides this node
                    return self._cut(key, v, ub, choice)
            else:
                ckey = None
                if child.phase != MOVE:
                    ckey = position_key(child, codes)
                    clb = self._known(child, ckey, me)
                    if clb is not None and clb >= beta:  # enhanced transposition cutoff
                        return self._cut(key, clb, ub, choice)
                if child.player == me:
                    v = self._search(child, alpha, beta, ckey)
                else:
                    v = -self._search(child, -beta, -alpha, ckey)
            best, best_choice = v, choice
            if v > alpha and v >= beta:
                hk = (ph, choice)
                history[hk] = history.get(hk, 0) + 1
        else:
            best = self._expand_and_search(state, ph, choices, me, alpha, beta, key, lb, ub, best_choice)
            if type(best) is tuple:  # (value, choice) once searched; a bare float decided early (stored)
                best, best_choice = best
            else:
                return best
        if best <= alpha0:  # an upper bound
            ub = best if best > lb else lb
        elif best >= beta0:  # a lower bound
            lb = best if best < ub else ub
        else:
            lb = ub = best
        if key is not None:
            self._store(key, (lb, ub, best_choice))
        return best

    def _move_keys(self, state: LonghornState) -> tuple[bytes, bytes, bytes]:
        """At a move: the two parts of its destinations' steal keys (`_steal_key_parts`) and its own key
        (the same parts around the move's own turn bytes: phase, pawn, player, steps, snake oil)."""
        head, rest = _steal_key_parts(state, self.codes)
        return head, rest, head + bytes((MOVE, state.pawn + 1, state.player, state.steps, state.extra)) + rest

    def _expand_move(self, state: LonghornState, alpha: float, beta: float, parts: tuple, ub: float,
                     best_choice: Any) -> Any:
        """`_search` at a move, after the table: every destination's steal key comes from the same board
        parts as the move's own key, so the children are looked up (enhanced transposition cutoff)
        before any of them is copied, and a child is copied only when it is searched. Returns (best
        value, its destination), or a bare value when a known child decided the move (already stored)."""
        me = state.player
        nxt = me if state.extra else 1 - me
        head, rest, key = parts
        table, old = self.table, self.old
        history = self.history
        expanded = []
        for d in state.destinations():
            ckey = head + bytes((STEAL, d + 1, nxt)) + rest
            entry = table.get(ckey) or old.get(ckey)
            if entry is not None:
                clb = entry[0] if nxt == me else -entry[1]
                if clb >= beta:  # enhanced transposition cutoff
                    return self._cut(key, clb, ub, d)
            expanded.append((1 << 30 if d == best_choice else history.get((MOVE, d), 0), d, None, ckey))
        if len(expanded) > 1:  # a move changes no money: the table's choice, then cutoffs before (history)
            expanded.sort(key=lambda e: -e[0])
        return self._search_in_order(state, MOVE, expanded, me, alpha, beta)

    def _cut(self, key: bytes | None, v: float, ub: float, choice: Any) -> float:
        """`v`, a child's value already at or above beta, stored as this node's lower bound."""
        if key is not None:
            self._store(key, (v, ub if v < ub else v, choice))
        return v

    def _known(self, child: LonghornState, ckey: bytes, me: int) -> float | None:
        """The table's lower bound on `child`'s value for `me`, or None when it has no entry."""
        entry = self.table.get(ckey) or self.old.get(ckey)
        if entry is None:
            return None
        return entry[0] if child.player == me else -entry[1]

    def _expand_and_search(
        self, state: LonghornState, ph: int, choices: list, me: int, alpha: float, beta: float,
        key: bytes | None, lb: float, ub: float, best_choice: Any,
    ) -> Any:
        """`_search` at a step with a choice: expand every choice once (choices ending in the same
        position are searched once), order them, search. Returns (best value, its choice), or a bare
        value when an immediate result or a known child decided the node (already stored)."""
        codes = self.codes
        history = self.history
        # expand every choice once; choices ending in the same position are searched once
        seen: set[bytes] = set()
        expanded = []
        draw = ph == AMBUSH_CHOICE  # (only the ambush's nugget draws: several children for a choice)
        for choice in choices:
            if draw and choice == -1:
                kids = _search_children(state, choice)
            else:
                kids = None  # one child, `child`
                child = _fast_child(state, ph, choice)
            ckey = None
            if kids is None or len(kids) == 1:
                if kids is not None:
                    child = kids[0][1]
                if child.outcome is not None:
                    v = outcome_value(child, me)
                    if v >= beta:  # an immediate result already decides this node
                        return self._cut(key, v, ub, choice)
                    order = 3.0 + v
                elif child.phase == MOVE:  # a steal: every colour leaves a different herd
                    order = _money_lead(child, me) / 100000.0
                else:
                    ckey = position_key(child, codes)
                    if ckey in seen:
                        continue
                    seen.add(ckey)
                    clb = self._known(child, ckey, me)
                    if clb is not None and clb >= beta:  # enhanced transposition cutoff
                        return self._cut(key, clb, ub, choice)
                    if ph == MOVE:  # a move changes no money
                        order = 0.0
                    else:
                        order = _money_lead(child, me) / 100000.0
                kids = child
            else:
                order = 0.0
            if choice == best_choice:
                order += 10.0
            else:
                order += history.get((ph, choice), 0) * 1e-4  # cutoffs weigh like $10 of money lead each
            expanded.append((order, choice, kids, ckey))
        if len(expanded) > 1:
            expanded.sort(key=lambda e: -e[0])
        return self._search_in_order(state, ph, expanded, me, alpha, beta)

    def _search_in_order(self, state: LonghornState, ph: int, expanded: list, me: int, alpha: float,
                         beta: float) -> tuple[float, Any]:
        """Search the ordered (order, choice, kids, child key) entries until one reaches beta: (best
        value, its choice). kids: the one child, a draw's (probability, child) list, or None for a
        move's destination, copied only now."""
        history = self.history
        best, best_choice = -2.0, None
        for _, choice, kids, ckey in expanded:
            if kids is None:
                kids = _fast_child(state, MOVE, choice)
            if type(kids) is list:
                v = self._chance(kids, me, alpha, beta)
            elif kids.outcome is not None:
                v = outcome_value(kids, me)
            elif kids.player == me:
                v = self._search(kids, alpha, beta, ckey)
            else:
                v = -self._search(kids, -beta, -alpha, ckey)
            if v > best:
                best, best_choice = v, choice
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        hk = (ph, choice)
                        history[hk] = history.get(hk, 0) + 1
                        break
        return best, best_choice


def solve(state: LonghornState, time_limit: float | None = None, node_limit: int | None = None) -> tuple[float, Action | None]:
    """The exact value of `state` for the player to move and an action that achieves it.

    Raises `SolverTimeout` when `time_limit` seconds or `node_limit` nodes pass without a proof (None: no
    limit).
    """
    return Solver().solve(state, time_limit, node_limit=node_limit)


def choice_values(state: LonghornState, node_limit: int) -> list[float] | None:
    """The exact value of each legal action for the player to move, or None if one is not proven within
    `node_limit` nodes."""
    me = state.player
    values = []
    try:
        for action in state.legal_actions():
            v = 0.0
            for p, child in state.chance_outcomes(action):
                if child.outcome is not None:
                    cv = outcome_value(child, me)
                else:
                    cv = Solver(max_entries=200_000).solve(child, node_limit=node_limit)[0]
                    if child.player != me:
                        cv = -cv
                v += p * cv
            values.append(v)
    except SolverTimeout:
        return None
    return values


def expectiminimax(state: LonghornState) -> float:
    """Plain expectiminimax (no pruning, no table): the reference the solver is tested against."""
    me = state.player
    best = -2.0
    for choice in state.choice_codes():
        v = 0.0
        for p, child in _children(state, choice):
            if child.outcome is not None:
                cv = outcome_value(child, me)
            elif child.player == me:
                cv = expectiminimax(child)
            else:
                cv = -expectiminimax(child)
            v += p * cv
        best = max(best, v)
    return best
