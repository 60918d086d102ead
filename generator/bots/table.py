"""The table bot: plays exactly what a printed decision table says (the automa a person runs).

For the decision in hand it asks the game's feature vocabulary (bots/vocabulary.py) for
the features the table's rules use, then reads the rules in order: the first rule that some candidate
satisfies picks, among the candidates satisfying it, the best by the rule's keys, one key after the
other; a tie goes to the decision's printed tie-break (the first in the printed order, or a d6
counted along the tied choices). No rule applies: the tie-break picks among all candidates.

A vocabulary provides `decision_kind(state) -> str`, `evaluate(state, wanted) -> list[dict]`
(one dict of feature values per candidate, in `legal_actions()` order) and
`tie_order(state, actions) -> list[int]` (each candidate's place in the printed order). Features are
computed from what the bot's seat may see.

A decision may come in two steps (Way Out West: first which action box, then where and how): a
vocabulary whose `groups(state, actions)` is given returns, for such a decision, the groups of candidates
(each group's decision kind and its actions' indices), or None for a decision in one step. The table
then picks a group by the rules of the decision's own kind, over one row of features per group
(`evaluate(state, wanted, kind=kind, groups=...)`), and an action within it by the rules of the
group's kind (`evaluate(state, wanted, kind=group kind, subset=indices)`); a group of one action needs
no second step. Both steps are traced, in order.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

from ..content import load_table, load_table_file
from ..engine.core import Action, Game, State
from ..schema.common import GameContent
from ..schema.tables import Table
from .table_code import LazyOrder, RowColumns, compile_picker
from .vocabulary import FeatureVocabulary, vocabulary


@dataclass(slots=True)
class Choice:  # (made only when asked: `decide`, `TableBot.last`; at play a decision is a `Decided` tuple)
    action: Any  # the Action chosen (None for the first step of a decision in two steps: a group, not an action)
    kind: str  # the decision kind
    rule: int | None  # index of the rule that chose (None: only one choice, or no rule applied)
    tied: int  # candidates left for the tie-break
    roll: int | None = None  # the d6 rolled, when the tie-break rolled
    first: "Choice | None" = None  # a decision in two steps: the first step (which group; its action is None)


def _used(decision: Any) -> frozenset[str]:
    names = {c.feature for c in decision.avoid}
    for rule in decision.rules:
        names.update(c.feature for c in rule.when)
        names.update(k.feature for k in rule.prefer)
    return frozenset(names)


def kind_features(content: GameContent, kind: str) -> tuple[str, ...]:
    """The features a decision kind may ask, in content order (the columns of its feature rows)."""
    return tuple(name for name, spec in content.features.items() if kind in spec.decisions)


@dataclass(slots=True)
class Trace:
    """One table decision with every feature of its kind, as rows in the kind's feature order (for
    tuning: another table's choice here can be worked out without replaying the game)."""

    kind: str
    rows: list
    order: Sequence[int]
    chosen: int
    rolled: bool


class _Prepared:
    """A table ready to play one game: feature columns and compiled rules per decision kind."""

    def __init__(self, table: Table, content: GameContent):
        self.table = table
        self.names = {kind: kind_features(content, kind) for kind in content.decisions}
        self.at = {kind: {n: i for i, n in enumerate(names)} for kind, names in self.names.items()}
        self.used = {kind: _used(d) for kind, d in table.decisions.items()}
        # each kind's rules as one compiled function over feature columns, asking only for the features
        # the rules read, when they reach them (table_code.py; compiled when the kind is first met)
        self.pickers: dict[str, Any] = {}
        self.vocab: Any = None  # the vocabulary its optional hooks below were looked up in
        self.groups: Any = None
        self.columns: Any = None
        self.decision: Any = None
        self.step_columns: Any = None

    def picker(self, kind: str) -> Any:
        """The compiled rules of `kind`."""
        got = self.pickers.get(kind)
        if got is None:
            got = self.pickers[kind] = compile_picker(self.table.decisions.get(kind))
        return got

    def hooks(self, vocab: FeatureVocabulary) -> None:
        """Keeps `vocab`'s `groups`, `columns` and `decision` (None where it has none): looked up once, not at
        every decision."""
        self.groups, self.columns = vocab.groups, vocab.columns
        self.decision = vocab.decision if self.groups is None else None
        # lazy columns of each step of a decision in two steps (`step_columns`, below; None: cut from `columns`)
        self.step_columns = vocab.step_columns if self.groups is not None else None
        self.vocab = vocab


_PREPARED: dict[tuple[int, int], tuple[Any, Any, _Prepared]] = {}


def prepared(table: Table, content: GameContent) -> _Prepared:
    """The table made ready for `content`, made once per table object (many games reuse it)."""
    key = (id(table), id(content))
    hit = _PREPARED.get(key)
    if hit is None or hit[0] is not table or hit[1] is not content:
        if len(_PREPARED) > 256:
            _PREPARED.clear()
        hit = _PREPARED[key] = (table, content, _Prepared(table, content))
    return hit[2]


class _RowColumns(dict):
    """Feature columns cut from a vocabulary's rows (dicts, one per candidate) when first looked up,
    the rows counted on the first: for a vocabulary without lazy columns of its own."""

    __slots__ = ("rows_of", "wanted", "rows")

    def __init__(self, rows_of: Any, wanted: Any):
        self.rows_of, self.wanted = rows_of, wanted
        self.rows: list[dict] | None = None

    def __missing__(self, name: str) -> list:
        if self.rows is None:
            self.rows = self.rows_of(self.wanted)
        col = self[name] = [v.get(name, 0) for v in self.rows or ()]
        return col


def _step(prep: _Prepared, state: State, kind: str, where: dict | None, cands: list, n: int, order: Any,
          rng: random.Random, trace: list | None) -> tuple[int, int | None, int, int | None]:
    """One step of a decision: the table's pick among `n` candidates in the printed `order` (a list, a
    range, or a `LazyOrder`), by `kind`'s compiled rules over the candidates' feature columns.

    `where` says which candidates: None for a decision in one step (`cands`, the legal actions), else
    `evaluate`'s arguments of a step of a decision in two steps (`groups=`: one per group; `subset=`:
    those actions). Playing (no trace), the rules read the vocabulary's lazy columns where it has them
    (`columns`, `step_columns`), else columns cut from its rows of only the features the rules read;
    tracing, every feature of the kind is counted and the step appended to `trace`."""
    vocab = prep.vocab
    if trace is None:
        if where is None:
            cols = prep.columns(state, cands) if prep.columns is not None else None
        else:
            cols = prep.step_columns(state, kind, **where) if prep.step_columns is not None else None
        if cols is None:
            cols = _RowColumns(_rows_of(vocab, state, kind, where), prep.used.get(kind, ()))
        return (prep.pickers.get(kind) or prep.picker(kind))(cols, n, order, rng)
    names = prep.names[kind]
    rows = [tuple([v.get(m, 0) for m in names]) for v in _rows_of(vocab, state, kind, where)(set(names))]
    order = order.resolved() if type(order) is LazyOrder else list(order)
    i, rule, tied, roll = prep.picker(kind)(RowColumns(rows, prep.at[kind]), n, order, rng)
    trace.append(Trace(kind, rows, order, i, roll is not None))
    return i, rule, tied, roll


def _rows_of(vocab: Any, state: State, kind: str, where: dict | None) -> Any:
    """`wanted -> evaluate's rows` of one step (see `_step`)."""
    if where is None:
        return lambda wanted: vocab.evaluate(state, wanted)
    return lambda wanted: vocab.evaluate(state, wanted, kind=kind, **where)


# A decision as the bot makes it: (action, kind, rule, tied, roll, first), `first` being the first step
# of a decision in two steps in the same form (its action None), or None; `Choice` is its reading.
Decided = tuple


def _choice(d: Decided) -> Choice:
    return Choice(d[0], d[1], d[2], d[3], d[4], None if d[5] is None else _choice(d[5]))


def _decide(prep: _Prepared, state: State, rng: random.Random, trace: list | None) -> Decided:
    """`decide`, as a `Decided` tuple (no object made per decision at play)."""
    if trace is None and prep.decision is not None:  # playing, in one call
        actions, kind, cols, order = prep.decision(state)
        if cols is not None:
            i, rule, tied, roll = (prep.pickers.get(kind) or prep.picker(kind))(cols, len(actions), order, rng)
            return actions[i], kind, rule, tied, roll, None
    else:
        actions = state.legal_actions()
        kind = prep.vocab.decision_kind(state)
    if len(actions) == 1:
        return actions[0], kind, None, 1, None, None
    vocab = prep.vocab
    staged = prep.groups(state, actions) if prep.groups is not None else None
    if staged is None:
        i, rule, tied, roll = _step(prep, state, kind, None, actions, len(actions),
                                    LazyOrder(vocab.tie_order, state, actions), rng, trace)
        return actions[i], kind, rule, tied, roll, None
    kinds, groups = staged
    first = None
    g = 0
    if len(groups) > 1:
        g, rule, tied, roll = _step(prep, state, kind, {"groups": groups}, actions, len(groups), range(len(groups)), rng, trace)
        first = (None, kind, rule, tied, roll, None)
    sub = groups[g]
    if len(sub) == 1:  # the first step decided: it is the decision
        return (actions[sub[0]], kind, first[2], first[3], first[4], None) if first else (actions[sub[0]], kind, None, 1, None, None)
    acts = [actions[j] for j in sub]
    j, rule, tied, roll = _step(prep, state, kinds[g], {"subset": sub}, acts, len(acts),
                                LazyOrder(vocab.tie_order, state, acts), rng, trace)
    return acts[j], kinds[g], rule, tied, roll, first


def decide(table: Any, state: State, rng: random.Random, vocab: Any | None = None,
           trace: list | None = None, prepared: _Prepared | None = None) -> Choice:
    """What `table` plays in `state` for the seat to move, and why. With `trace`, the decision is
    appended to it with every feature of its kind (not only those the table uses).

    A vocabulary may give `columns(state, actions)`: lazy feature columns of the decision in hand
    (a mapping name -> values, one per candidate), or None where it has none (then its rows serve).
    A vocabulary of decisions in one step may also give `decision(state)`: the legal actions, the
    decision kind, the columns and the tie order in one call (None, None for the last two when there
    is one action), which the bot at play asks instead of the four (fewer calls per decision).
    A vocabulary of decisions in two steps may give `step_columns(state, kind, groups=, subset=)`: the
    lazy columns of either step (the arguments `evaluate` takes), which the bot at play reads instead
    of `evaluate`'s rows. At play the printed order is worked out only if a tie-break reads it."""
    vocab = vocab or vocabulary(state.game.name)
    prep = prepared or _Prepared(table, state.game.content)
    if prep.vocab is not vocab:
        prep.hooks(vocab)
    return _choice(_decide(prep, state, rng, trace))


class TableBot:
    """A seat played by a decision table (`table`, `table:hard`, or `table:path/to/file.yaml`).

    With `trace` (a list), every decision is recorded with all the features of its kind (tuning)."""

    name = "table"

    def __init__(self, seed: int = 0, level: str = "normal", table: Table | None = None, path: str | None = None,
                 trace: list | None = None):
        self.rng = random.Random(seed)
        self.level = level
        self.path = path
        self.table = table
        self.trace = trace
        self._last: Decided | None = None
        self._vocab: Any | None = None
        self._prep: _Prepared | None = None

    def _table(self, game: Game, players: int) -> Table:
        """The table this seat plays: given, a house table's file, or the level's table in the game's
        content (the family holding `players`)."""
        if self.table is None:
            content = game.content
            self.table = load_table_file(Path(self.path), content) if self.path else load_table(content, self.level, players)
        return self.table

    def wants_bot_seat(self, game: Game, players: int) -> bool:
        """Whether this seat's table plays by the game's bot-seat rules (`Table.bot_seat`)."""
        return self._table(game, players).bot_seat

    def bot_hand(self, game: Game, players: int) -> str:
        """How its bot seat schemes: "flip" (its bot deck) or "open" (an open hand; `Table.bot_hand`)."""
        return self._table(game, players).bot_hand

    def head_start(self, game: Game, players: int) -> int:
        """What the game's option head_start gives this seat (`Table.head_start`; 0: none)."""
        return self._table(game, players).head_start

    def _load(self, state: State) -> _Prepared:
        if self._prep is None:
            table = self._table(state.game, state.num_players)
            self._vocab = vocabulary(state.game.name)
            prep = prepared(table, state.game.content)
            if prep.vocab is not self._vocab:
                prep.hooks(self._vocab)
            self._prep = prep
        return self._prep

    def choose(self, state: State) -> Action:
        self._last = last = _decide(self._prep or self._load(state), state, self.rng, self.trace)
        return last[0]

    @property
    def last(self) -> Choice | None:
        """The last decision this seat made, and why (None before its first)."""
        return None if self._last is None else _choice(self._last)


def seated_game(game: Any, bots: list, players: int) -> Any:
    """`game` with the bot-seat rules at every seat whose table asks for them (`Table.bot_seat`, in the
    mode `Table.bot_hand` names: the game's options `bot_seats` and `bot_open_seats`), besides any the
    game's options already name (a seat they name keeps their mode); other seats keep the normal
    rules. A table's head start goes to its seat (`Table.head_start`: the game's option head_start).
    Make the bots first, then the state from the game this returns."""
    tables = [(i, b) for i, b in enumerate(bots) if isinstance(b, TableBot)]
    seats = [i for i, b in tables if b.wants_bot_seat(game, players)]
    if seats:
        flip, opened = set(game.bot_seats), set(game.open_seats)
        for i in seats:
            if i not in flip and i not in opened:
                (opened if bots[i].bot_hand(game, players) == "open" else flip).add(i)
        game = game.with_bot_seats(flip, opened)
    starts = {i: b.head_start(game, players) for i, b in tables}
    return game.with_head_start({i: v for i, v in starts.items() if v})
