"""Way Out West actions: one frozen dataclass per kind of decision, `str()` is its notation.

Internally the rules work on small tuples ("raw moves": kind code first, then integers); each action
converts to and from its raw move through the Game's tables (town ids, colour ids, building ids).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core import Action

# game phases
SETUP, BID, ACT, OVER = 0, 1, 2, 3

# raw move kinds
K_PLACE, K_BID, K_DROP, K_PASS = 0, 1, 2, 3
K_BUY, K_HIRE, K_MOVEC, K_MOVEK, K_BUILD, K_FARMER, K_FIGHT = 4, 5, 6, 7, 8, 9, 10
K_SHERIFF, K_SHOOT, K_RETREAT, K_CAS, K_RTO, K_POSTER = 11, 12, 13, 14, 15, 16

# gunfight target kinds (raw move K_FIGHT, town, target kind, owner, argument)
T_SEIZE, T_STEAL, T_ROB, T_FARMER, T_JAIL = 0, 1, 2, 3, 4
TARGET_WORDS = {T_SEIZE: "seize", T_STEAL: "steal", T_ROB: "rob", T_FARMER: "remove", T_JAIL: "remove"}

# casualty kinds (the lone defence is the one die an undefended target rolls: option undefended_target)
C_COWBOY, C_SHERIFF, C_GUARD, C_FARMER, C_LONE = 0, 1, 2, 3, 4
CASUALTY_WORDS = ("cowboy", "sheriff", "guard", "farmer", "defence")

NOBODY = -1  # the owner of a farmer (farmers belong to nobody)


@dataclass(frozen=True, slots=True)
class Place(Action):
    """Setup: place one cowboy from your supply in a town."""

    town: str

    def __str__(self) -> str:
        return f"place {self.town}"


@dataclass(frozen=True, slots=True)
class Bid(Action):
    """Raise your turn-order bid to `amount` dollars (your total bid, not the increase)."""

    amount: int

    def __str__(self) -> str:
        return f"bid {self.amount}"


@dataclass(frozen=True, slots=True)
class Drop(Action):
    def __str__(self) -> str:
        return "drop"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class BuyCattle(Action):
    count: int
    town: str

    def __str__(self) -> str:
        return f"buy-cattle {self.count} {self.town}"


@dataclass(frozen=True, slots=True)
class Hire(Action):
    count: int
    town: str

    def __str__(self) -> str:
        return f"hire {self.count} {self.town}"


@dataclass(frozen=True, slots=True)
class MoveCowboys(Action):
    count: int
    source: str
    dest: str

    def __str__(self) -> str:
        return f"move-cowboys {self.count} {self.source} {self.dest}"


@dataclass(frozen=True, slots=True)
class MoveCattle(Action):
    count: int
    source: str
    dest: str

    def __str__(self) -> str:
        return f"move-cattle {self.count} {self.source} {self.dest}"


@dataclass(frozen=True, slots=True)
class Build(Action):
    building: str
    town: str

    def __str__(self) -> str:
        return f"build {self.building} {self.town}"


@dataclass(frozen=True, slots=True)
class PlaceFarmer(Action):
    town: str

    def __str__(self) -> str:
        return f"farmer {self.town}"


@dataclass(frozen=True, slots=True)
class Fight(Action):
    """Start a gunfight. kind: seize | steal | rob | remove; what: building id, cattle count, or farmer/jail.

    A farmer belongs to nobody: its owner is "" and the notation is "fight TOWN remove farmer"."""

    town: str
    kind: str
    owner: str
    what: str

    def __str__(self) -> str:
        if not self.owner:
            return f"fight {self.town} {self.kind} {self.what}"
        return f"fight {self.town} {self.kind} {self.owner} {self.what}"


@dataclass(frozen=True, slots=True)
class Sheriff(Action):
    join: bool

    def __str__(self) -> str:
        return "sheriff join" if self.join else "sheriff stay"


@dataclass(frozen=True, slots=True)
class Shoot(Action):
    def __str__(self) -> str:
        return "shoot"


@dataclass(frozen=True, slots=True)
class Retreat(Action):
    def __str__(self) -> str:
        return "retreat"


@dataclass(frozen=True, slots=True)
class Casualty(Action):
    kind: str

    def __str__(self) -> str:
        return f"casualty {self.kind}"


@dataclass(frozen=True, slots=True)
class RetreatTo(Action):
    town: str

    def __str__(self) -> str:
        return f"retreat {self.town}"


@dataclass(frozen=True, slots=True)
class Poster(Action):
    """Take a wanted poster from this player (when the supply is empty)."""

    victim: str

    def __str__(self) -> str:
        return f"poster {self.victim}"


class Codec:
    """Converts raw moves to actions and back, with caches (actions are immutable and hashable)."""

    def __init__(self, towns: list[str], colours: list[str], buildings: list[str]):
        self.towns = towns
        self.colours = colours
        self.buildings = buildings
        self.town_index = {t: i for i, t in enumerate(towns)}
        self.colour_index = {c: i for i, c in enumerate(colours)}
        self.building_index = {b: i for i, b in enumerate(buildings)}
        self._to_action: dict[tuple, Action] = {}
        self._to_raw: dict[Action, tuple] = {}
        # the raw move of each action this codec made, by the object's id: the cache keeps those
        # objects alive, so no other object shares their ids (a lookup without hashing a dataclass)
        self._made: dict[int, tuple] = {}
        # the last list `actions` made (a copy of it) and the raw moves it was made from: the table bot
        # hands that list back to the vocabulary (`raws`), which then needs no look-up at all
        self._last_actions: list[Action] = []
        self._last_raws: list[tuple] = []

    def actions(self, raws: list[tuple]) -> list[Action]:
        """The actions of the raw moves `raws`, in order (a new list)."""
        table = self._to_action
        try:
            out = [table[r] for r in raws]
        except KeyError:
            action = self.action
            out = [action(r) for r in raws]
        self._last_actions, self._last_raws = out[:], raws
        return out

    def raws(self, actions: list[Action]) -> list[tuple]:
        """The raw moves of `actions`, in order. Not to be changed: it may be the list the last
        `actions(raws)` was made from, when `actions` holds the very actions it gave, in its order."""
        if actions == self._last_actions:  # (the same objects: compared by identity, without __eq__)
            return self._last_raws
        try:
            return list(map(self._made.__getitem__, map(id, actions)))
        except KeyError:  # an action this codec did not make (parsed, or unpickled)
            made, raw = self._made, self.raw
            return [made.get(id(a)) or raw(a) for a in actions]

    def action(self, raw: tuple) -> Action:
        a = self._to_action.get(raw)
        if a is None:
            a = self._make(raw)
            self._to_action[raw] = a
            self._to_raw[a] = raw
            self._made[id(a)] = raw
        return a

    def raw(self, action: Action) -> tuple:
        r = self._made.get(id(action))
        if r is not None:
            return r
        r = self._to_raw.get(action)
        if r is None:
            r = self._unmake(action)
            self._to_raw[action] = r
        return r

    def _make(self, raw: tuple) -> Action:
        k = raw[0]
        T = self.towns
        if k == K_PLACE:
            return Place(T[raw[1]])
        if k == K_BID:
            return Bid(raw[1])
        if k == K_DROP:
            return Drop()
        if k == K_PASS:
            return Pass()
        if k == K_BUY:
            return BuyCattle(raw[1], T[raw[2]])
        if k == K_HIRE:
            return Hire(raw[1], T[raw[2]])
        if k == K_MOVEC:
            return MoveCowboys(raw[1], T[raw[2]], T[raw[3]])
        if k == K_MOVEK:
            return MoveCattle(raw[1], T[raw[2]], T[raw[3]])
        if k == K_BUILD:
            return Build(self.buildings[raw[1]], T[raw[2]])
        if k == K_FARMER:
            return PlaceFarmer(T[raw[1]])
        if k == K_FIGHT:
            _, t, fk, owner, arg = raw
            if fk == T_SEIZE or fk == T_ROB:
                what = self.buildings[arg]
            elif fk == T_STEAL:
                what = str(arg)
            elif fk == T_FARMER:
                what = "farmer"
            else:
                what = "jail"
            return Fight(T[t], TARGET_WORDS[fk], self.colours[owner] if owner >= 0 else "", what)
        if k == K_SHERIFF:
            return Sheriff(bool(raw[1]))
        if k == K_SHOOT:
            return Shoot()
        if k == K_RETREAT:
            return Retreat()
        if k == K_CAS:
            return Casualty(CASUALTY_WORDS[raw[1]])
        if k == K_RTO:
            return RetreatTo(T[raw[1]])
        if k == K_POSTER:
            return Poster(self.colours[raw[1]])
        raise ValueError(f"unknown raw move {raw!r}")

    def _unmake(self, a: Action) -> tuple:
        ti = self.town_index
        if isinstance(a, Place):
            return (K_PLACE, ti[a.town])
        if isinstance(a, Bid):
            return (K_BID, a.amount)
        if isinstance(a, Drop):
            return (K_DROP,)
        if isinstance(a, Pass):
            return (K_PASS,)
        if isinstance(a, BuyCattle):
            return (K_BUY, a.count, ti[a.town])
        if isinstance(a, Hire):
            return (K_HIRE, a.count, ti[a.town])
        if isinstance(a, MoveCowboys):
            return (K_MOVEC, a.count, ti[a.source], ti[a.dest])
        if isinstance(a, MoveCattle):
            return (K_MOVEK, a.count, ti[a.source], ti[a.dest])
        if isinstance(a, Build):
            return (K_BUILD, self.building_index[a.building], ti[a.town])
        if isinstance(a, PlaceFarmer):
            return (K_FARMER, ti[a.town])
        if isinstance(a, Fight):
            if a.what == "farmer":
                return (K_FIGHT, ti[a.town], T_FARMER, NOBODY, 0)
            owner = self.colour_index[a.owner]
            if a.kind == "seize":
                return (K_FIGHT, ti[a.town], T_SEIZE, owner, self.building_index[a.what])
            if a.kind == "rob":
                return (K_FIGHT, ti[a.town], T_ROB, owner, self.building_index[a.what])
            if a.kind == "steal":
                return (K_FIGHT, ti[a.town], T_STEAL, owner, int(a.what))
            return (K_FIGHT, ti[a.town], T_JAIL, owner, self.building_index["jail"])
        if isinstance(a, Sheriff):
            return (K_SHERIFF, 1 if a.join else 0)
        if isinstance(a, Shoot):
            return (K_SHOOT,)
        if isinstance(a, Retreat):
            return (K_RETREAT,)
        if isinstance(a, Casualty):
            return (K_CAS, CASUALTY_WORDS.index(a.kind))
        if isinstance(a, RetreatTo):
            return (K_RTO, ti[a.town])
        if isinstance(a, Poster):
            return (K_POSTER, self.colour_index[a.victim])
        raise ValueError(f"not a Way Out West action: {a!r}")
