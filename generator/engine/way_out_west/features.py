"""Way Out West's decision-table vocabulary: what a person running the bot counts or checks at the table.

Each feature is a small int for one candidate of the decision in hand, computed from the position as
every seat sees it (Way Out West hides nothing but future dice: the bot's observation is the whole
position). The printed text of each feature lives in content (`content/way_out_west/features.yaml`);
a test keeps the two in step. Every definition is something a person checks by looking and counting:

- "the bot's fighters" in a town: its cowboys there, and the sheriff if the bot's jail stands there;
- "the defenders" of a target: its owner's cowboys there, the built-in guard of a bank or a train, the
  sheriff if the owner's jail stands there; a farmer defends as 1; a target with nobody rolls 1 die of
  defence (counted as 1); a third player's sheriff, who may join, is not counted;
- "outgunned" in a town: the bot has cattle or buildings there, and some rival has a cowboy there and
  at least as many cowboys there as the bot;
- "cattle may be bought there": the corrals have room and the trail is open to that town (every
  earlier town holds cattle, under the default trail rule), and the bot has cattle in its supply.

Decision kinds: place (setup), bid, action (which action box: a decision in two steps, see `groups`),
then where and how: buy, hire, move_cowboys, move_cattle, build, farmer, fight; move_on (option
move_cowboys_to: several); and in a gunfight: sheriff, shoot (shoot or retreat), casualty, retreat
(where a cowboy goes), poster.
"""

from __future__ import annotations

from bisect import bisect_right
from operator import itemgetter
from typing import Any

from . import gunfight
from .columns import BOXES, BUILDING_FLAG, Boxes, GROUP_FLAG, TARGET_FLAG, Columns, mode_of
from .counts import Counts
from .notation import (
    ACT, BID, K_BUILD, K_BUY, K_DROP, K_FARMER, K_FIGHT, K_HIRE, K_MOVEC, K_MOVEK, K_PASS, K_SHERIFF, SETUP,
    T_FARMER, T_JAIL, T_ROB, T_SEIZE, T_STEAL,
)

# the action boxes in printed order: each is one candidate of the "action" decision, then a decision
# of its own (a box with one legal use needs none)
GROUP_KINDS = {
    K_BUY: "buy", K_HIRE: "hire", K_MOVEC: "move_cowboys", K_MOVEK: "move_cattle", K_BUILD: "build",
    K_FARMER: "farmer", K_FIGHT: "fight", K_PASS: "action",
}
GROUP_ORDER = (K_BUY, K_HIRE, K_MOVEC, K_MOVEK, K_BUILD, K_FARMER, K_FIGHT, K_PASS)
FIGHT_STAGE_KIND = {
    gunfight.S_SHERIFF: "sheriff", gunfight.S_ATT: "shoot", gunfight.S_DEF: "shoot", gunfight.S_CAS: "casualty",
    gunfight.S_RETREAT: "retreat", gunfight.S_POSTER: "poster",
}

MAIN = ("bid", "action", "buy", "hire", "move_cowboys", "move_cattle", "build", "farmer", "fight")
PLACES = ("buy", "hire", "move_cowboys", "move_on", "build", "farmer", "retreat", "place")
VOCABULARY: dict[str, tuple[str, ...]] = {
    # the position (the same for every candidate)
    "round": MAIN,
    "rounds_to_income": MAIN,
    "bot_money": MAIN,
    "bot_cattle": MAIN,
    "bot_buildings": MAIN,
    "second_action": ("action", "buy", "hire", "move_cowboys", "move_cattle", "build", "farmer", "fight"),
    "towns_outgunned": ("action", "hire", "move_cowboys", "build"),
    # bidding
    "drops": ("bid",),
    "bid_total": ("bid",),
    "raise_by": ("bid",),
    "money_left": ("bid", "build"),
    "bidders": ("bid",),
    "high_bid": ("bid",),
    "bot_has_bid": ("bid",),
    "rival_can_raise": ("bid",),
    # which action box
    **{name: ("action",) for name in GROUP_FLAG.values() if name != "passes"},
    "passes": ("action", "move_on"),
    "most_cattle": ("action",),
    "build_town_most": ("action",),
    "fight_edge_most": ("action",),
    "best_fight_edge": ("action",),  # glances: read once for the whole decision
    "biggest_build_town": ("action",),
    # counts of the move
    "cattle": ("buy", "move_cattle"),
    "cowboys": ("hire", "move_cowboys", "move_on"),
    "moves_all": ("move_cowboys",),
    "leaves_exposed": ("move_cowboys", "move_on"),
    # the town (the town reached, for a move)
    "town_number": PLACES,
    "train_there": ("buy", "move_cattle"),
    "farmer_there": ("buy", "move_cattle", "farmer"),
    "leaves_train": ("move_cattle",),
    "leaves_farmer": ("move_cattle",),
    "bot_cattle_there": ("buy", "build", "farmer", "fight"),
    "rival_cattle_there": ("build", "farmer"),
    "bot_cowboys_there": ("hire", "move_cowboys", "place"),
    "rival_cowboys_there": ("hire", "move_cowboys", "move_on", "build", "retreat", "place"),
    "bot_assets_there": ("hire", "move_cowboys", "move_on", "retreat"),
    "outgunned_there": ("buy", "hire", "move_cowboys", "move_on", "build", "retreat"),
    "can_buy_there": ("hire", "move_cowboys", "move_on", "place"),
    "rival_hotel_there": ("hire", "move_cowboys"),
    # building
    **{name: ("build",) for name in BUILDING_FLAG},
    "town_buildings": ("build", "fight"),
    "bot_buildings_there": ("build",),
    "takes_majority": ("build",),
    # gunfights
    **{name: ("fight",) for name in TARGET_FLAG.values()},
    "edge": ("fight", "shoot"),
    "behind": ("fight", "shoot"),
    "cattle_taken": ("fight",),
    "victim_money": ("fight",),
    "joins": ("sheriff",),
    "bot_attacks": ("sheriff", "shoot"),
    "bot_defends": ("sheriff",),
    "retreats": ("shoot",),
    "is_cowboy": ("casualty",),
    "victim_posters": ("poster",),
}
DEEP: set[str] = set()  # no look-ahead features: every feature is a count of the board as it is
HAND_KINDS: frozenset[str] = frozenset()  # no hands: every seat meets every decision
SCORE_NAME: str | None = None  # `saloon tables eval` prints win rates only
LEVEL_TARGETS: dict[str, tuple[float, float]] = {}  # the default targets of every level
decision = None  # (the table bot asks a vocabulary with `groups` in several calls: `groups`, `columns`)

# What every tuned table must do (generator/tables/tune.py, Requirement): raise a bid in at least a third
# of the rounds. Against the tuning opponents a token bid is worth about what it costs (measured: bids of
# $1-2 neither win nor lose games against greedy), so the search drops bidding rules as often as it keeps
# them; but a bot that always drops out hands a person first place for $0 every round, which a person
# notices and exploits at once.
# The opponents each level is tuned against (generator/tables/tuning.py, level_spec): the random bot is
# left out (every level beats it in every game: it tells the search nothing); hard meets the normal table
# too, so it learns to beat a table that bids and fights as the normal one does.
LEVEL_OPPONENTS = {"normal": ("greedy",), "hard": ("greedy", "table:normal")}

TUNE_REQUIREMENTS = (
    {"kind": "bid", "feature": "drops", "value": 0, "share": 1 / 3, "per": "round",
     "why": "raises a bid in at least a third of the rounds"},
)


def decision_kind(state: Any) -> str:
    ph = state.phase
    if ph == ACT:
        if state.fight is not None:
            return FIGHT_STAGE_KIND[state.fight.stage]
        return "move_on" if state.mc_from >= 0 else "action"
    if ph == BID:
        return "bid"
    if ph == SETUP:
        return "place"
    raise ValueError("way_out_west: the game is over; there is no decision")


class _Split:
    """The action decision `groups` last split into boxes, kept for the rows of its two steps.

    The table bot asks `evaluate` for the boxes' rows and then one box's rows right after `groups`,
    passing the very lists `groups` returned; both steps then read one `Counts` (the per-town counts,
    each counted once) and the raw moves found here. Kept: the position (the object, and its round and
    step, one of which every action-phase move changes), the lists handed out (held, so no other list
    takes their ids), the raw moves and the counts. Any other call counts afresh."""

    __slots__ = ("state", "at", "groups", "ids", "raws", "counts")

    def __init__(self, state: Any, groups_: list[list[int]], raws: list[tuple]):
        self.state, self.at, self.groups, self.raws = state, (state.round, state.step), groups_, raws
        self.ids = {id(g) for g in groups_}
        self.counts = Counts(state, state.current_player)

    def serves(self, state: Any, asked: list | None) -> bool:
        """Whether `asked` (the groups, or one of them) is this split's, in its unchanged position."""
        return (asked is not None and state is self.state and (asked is self.groups or id(asked) in self.ids)
                and (state.round, state.step) == self.at)


_split: _Split | None = None
_first = itemgetter(0)  # a raw move's kind
_KIND_CODES = sorted(GROUP_ORDER)


def groups(state: Any, actions: list) -> tuple[list[str], list[list[int]]] | None:
    """The action decision in two steps: the action boxes (in printed order) with their legal uses."""
    global _split
    if state.phase != ACT or state.fight is not None or state.mc_from >= 0:
        return None
    raws = state.rules.codec.raws(actions)
    kinds = list(map(_first, raws))
    by: dict[int, list[int]] = {}
    start = 0
    if kinds == sorted(kinds):  # (as `actions.legal` lists them: pass, then each box's moves in turn)
        for k in _KIND_CODES:
            end = bisect_right(kinds, k, start)
            if end > start:
                by[k] = list(range(start, end))
                start = end
    if start < len(kinds):  # in another order
        by = {}
        for i, k in enumerate(kinds):
            by.setdefault(k, []).append(i)
    boxes = [k for k in GROUP_ORDER if k in by]
    out = [by[k] for k in boxes]
    _split = _Split(state, out, raws)
    return [GROUP_KINDS[k] for k in boxes], out


def columns(state: Any, actions: list) -> Columns:
    """The feature columns of the decision in hand over `actions` (its legal actions): each feature
    counted when the table first looks it up (columns.py). The table bot asks them of every decision
    in one step; the values are `evaluate`'s rows, column by column."""
    return Columns(Counts(state, state.current_player), mode_of(state), state.rules.codec.raws(actions))


def step_columns(state: Any, kind: str | None = None, groups: list[list[int]] | None = None,
                 subset: list[int] | None = None) -> Columns:
    """The lazy feature columns of one step of the decision in hand (as `evaluate`'s arguments say):
    the table bot at play reads these instead of `evaluate`'s rows, so only the features its rules
    reach are counted, and no row is built only to be cut into columns again."""
    split = _split
    if split is not None and split.serves(state, groups if groups is not None else subset):
        raws, counts = split.raws, split.counts
    else:
        raws, counts = state.legal_raw(), Counts(state, state.current_player)
    if groups is not None:
        return Columns(counts, BOXES, Boxes(groups, raws))
    return Columns(counts, mode_of(state), raws if subset is None else [raws[i] for i in subset])


def evaluate(state: Any, wanted: set[str], kind: str | None = None, groups: list[list[int]] | None = None,
             subset: list[int] | None = None) -> list[dict[str, int]]:
    """Feature values of every candidate of the decision in hand: every legal action in order, or
    (a decision in two steps) one row per group of `groups`, or the actions at `subset`. A row holds
    every feature of `wanted` (of the vocabulary) the candidate's decision kind has; the values are
    those of `columns`."""
    cols = step_columns(state, kind, groups, subset)
    names = _NAMES.get(wanted) if isinstance(wanted, frozenset) else None
    if names is None:
        names = [n for n in wanted if n in VOCABULARY]
        if isinstance(wanted, frozenset):
            if len(_NAMES) >= 1024:
                _NAMES.clear()
            _NAMES[wanted] = names
    if not names:
        return [{} for _ in range(cols.n)]
    n = cols.n
    values = []
    for name in names:
        col = cols[name]
        values.append([col] * n if type(col) is int else col)
    return [dict(zip(names, row)) for row in zip(*values)]


_NAMES: dict[frozenset, list[str]] = {}  # the vocabulary's names among a table's wanted features (a few sets)


def tie_order(state: Any, actions: list) -> list[int]:
    """Each candidate's place in the printed order of its decision kind:
    towns in trail order (San Antonio first); bids: dropping out, then the least bid first; moves: the
    town reached, then the town left, then the most cattle or cowboys first; buildings in content
    order (stagecoach, train, bank, store, hotel, jail), then trail order; gunfight targets: trail
    order, then buildings in content order, then cattle (the most first), then the farmer; the sheriff
    joins before it stays, shoot before retreat; casualties cowboy, sheriff, guard, farmer, defence;
    wanted posters in colour order."""
    raws = state.rules.codec.raws(actions)
    try:
        keys = list(map(_TIE_KEYS.__getitem__, raws))
    except KeyError:
        known = _TIE_KEYS.get
        keys = [known(r) or _tie_key(r) for r in raws]
    ranked = sorted(range(len(keys)), key=keys.__getitem__)
    order = [0] * len(keys)
    for place, i in enumerate(ranked):  # the place of each: ranked, inverted (a loop: half a second sort's time)
        order[i] = place
    return order


_TIE_KEYS: dict[tuple, tuple] = {}  # each raw move's sort key, once worked out (a few thousand moves)
_TARGET_GROUP = {T_SEIZE: 0, T_ROB: 0, T_JAIL: 0, T_STEAL: 1, T_FARMER: 2}


def _tie_key(r: tuple) -> tuple:
    """The sort key of the raw move `r` in its decision's printed order (kept in `_TIE_KEYS`)."""
    k = r[0]
    if k == K_DROP:
        key: tuple = (0,)
    elif k == K_BUY or k == K_HIRE:
        key = (r[2], -r[1])
    elif k == K_MOVEC or k == K_MOVEK:
        key = (r[3], r[2], -r[1])
    elif k == K_BUILD:
        key = (r[1], r[2])
    elif k == K_FIGHT:
        _, t, kind, owner, arg = r
        group = _TARGET_GROUP[kind]
        key = (t, group, arg if group == 0 else -arg, owner)
    elif k == K_SHERIFF:
        key = (-r[1],)
    elif k == K_PASS:
        key = (-1,)  # stopping a cowboy move comes first
    else:
        key = tuple(r)  # bids (least first), shoot before retreat, casualties, towns, posters by colour
    if len(_TIE_KEYS) >= 1 << 16:
        _TIE_KEYS.clear()
    _TIE_KEYS[r] = key
    return key
