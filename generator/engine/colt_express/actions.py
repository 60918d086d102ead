"""Colt Express actions: every decision of scheming, stealing and the round's end is one of these.

Cards are small integers inside the engine: an action card is `kind + 6 * slot` (slot 0, or 1 for
a two-player seat's second bandit), a bullet card fired by bandit b is `BULLET + b`, a neutral
bullet is `NEUTRAL`. Only codes below `BULLET_MIN` can be played. Actions keep the notation text
beside the data it describes; equality and hashing use the data only.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..core import Action

MOVE, FLOOR, ROB, FIRE, PUNCH, MARSHAL = range(6)
KINDS = ("move", "floor", "rob", "fire", "punch", "marshal")
KIND_WORDS = ("Move", "Floor", "Rob", "Fire", "Punch", "Marshal")
NEUTRAL = 99
BULLET = 100
BULLET_MIN = 99
LOOT_KINDS = ("purse", "jewel", "strongbox")
PURSE, JEWEL, BOX = range(3)


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Scheming: put a hand card on the pile (face down in a tunnel, or Ghost's hidden first card)."""

    code: int
    hidden: bool = False
    text: str = field(default="", compare=False)

    def __str__(self) -> str:
        return f"play {self.text}" + (" hidden" if self.hidden else "")


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Scheming: draw up to 3 cards from your deck instead of playing."""

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class Flip(Action):
    """Scheming in a bot seat (option `bot_seats`): the seat holds no hand; it plays the top card of
    its own shuffled bot deck, face down on a tunnel turn (see botseat.py)."""

    def __str__(self) -> str:
        return "flip"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Scheming with no playable card and an empty deck: the turn does nothing."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Cover(Action):
    """Two-player variant: right after a face-up Fire, play a card of your other bandit."""

    code: int
    text: str = field(default="", compare=False)

    def __str__(self) -> str:
        return f"cover {self.text}"


@dataclass(frozen=True, slots=True)
class NoCover(Action):
    def __str__(self) -> str:
        return "no cover"


@dataclass(frozen=True, slots=True)
class Pick(Action):
    """Two-player variant: the card chosen from your deck before drawing at a round's start."""

    code: int
    text: str = field(default="", compare=False)

    def __str__(self) -> str:
        return f"pick {self.text}"


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Expert variant: discard one hand card at the end of a round."""

    code: int
    text: str = field(default="", compare=False)

    def __str__(self) -> str:
        return f"discard {self.text}"


@dataclass(frozen=True, slots=True)
class Keep(Action):
    """Expert variant: keep the rest of the hand for next round."""

    def __str__(self) -> str:
        return "keep rest"


@dataclass(frozen=True, slots=True)
class MoveBy(Action):
    """Stealing, Move card: signed number of wagons (+ toward the caboose, - toward the locomotive)."""

    delta: int

    def __str__(self) -> str:
        return f"move {signed(self.delta)}"


@dataclass(frozen=True, slots=True)
class Rob(Action):
    loot: int  # PURSE, JEWEL or BOX

    def __str__(self) -> str:
        return f"rob {LOOT_KINDS[self.loot]}"


@dataclass(frozen=True, slots=True)
class Fire(Action):
    target: int  # bandit index
    text: str = field(default="", compare=False)

    def __str__(self) -> str:
        return f"fire {self.text}"


@dataclass(frozen=True, slots=True)
class Punch(Action):
    """Target, the loot it drops (-1: it holds none), knock direction, Cheyenne's take."""

    target: int
    drop: int
    direction: int
    take: bool = False
    text: str = field(default="", compare=False)

    def __str__(self) -> str:
        out = f"punch {self.text}"
        if self.drop >= 0:
            out += f" drop {LOOT_KINDS[self.drop]}"
        out += f" to {signed(self.direction)}"
        return out + (" take" if self.take else "")


@dataclass(frozen=True, slots=True)
class MarshalBy(Action):
    delta: int

    def __str__(self) -> str:
        return f"marshal {signed(self.delta)}"


@dataclass(frozen=True, slots=True)
class Pickpocket(Action):
    """Pickpocketing event: take a purse lying in your spot (or not)."""

    take: bool

    def __str__(self) -> str:
        return "pickpocket" if self.take else "no pickpocket"


@dataclass(frozen=True, slots=True)
class PickNothing(Action):
    """Two-player game: the deck holds no action card to pick (only bullets), so the pick is skipped."""

    def __str__(self) -> str:
        return "pick nothing"


DRAW = Draw()
FLIP = Flip()
PICK_NOTHING = PickNothing()
PASS = Pass()
NO_COVER = NoCover()
KEEP = Keep()
TAKE_PURSE = Pickpocket(True)
LEAVE_PURSE = Pickpocket(False)
ROBS = (Rob(PURSE), Rob(JEWEL), Rob(BOX))


@dataclass(frozen=True, slots=True)
class Choose(Action):
    """Setup: take one of the characters still free (content index) for your next bandit."""

    char: int
    text: str = field(default="", compare=False)

    def __str__(self) -> str:
        return f"choose {self.text}"


@dataclass(frozen=True, slots=True)
class Place(Action):
    """Setup, two bandits a seat: which of your bandits starts inside the caboose (the other starts
    inside the wagon next to it); chosen secretly, revealed when every seat has chosen."""

    bandit: int
    text: str = field(default="", compare=False)

    def __str__(self) -> str:
        return f"caboose {self.text}"


@dataclass(frozen=True, slots=True)
class Climb(Action):
    """Stealing, Change floor card (always exactly one way to do it, so it resolves by itself)."""

    def __str__(self) -> str:
        return "floor"


CLIMB = Climb()

# phases of play (the setup phases come last so that older snapshots keep their numbers)
PICK, SCHEME, COVER, RESOLVE, PICKPOCKET, DISCARD, OVER, CHOOSE, PLACE = range(9)
PHASE_NAMES = ("pick", "scheme", "cover", "resolve", "pickpocket", "discard", "over", "choose", "place")


# --- search keys: one small int per action (equal actions, equal keys; see State.legal_keys) --------
K_DRAW, K_PASS, K_NO_COVER, K_KEEP, K_PICK_NOTHING, K_TAKE, K_LEAVE, K_CLIMB, K_FLIP = range(200, 209)
K_COVER, K_PICK, K_DISCARD = 300, 400, 1000  # + card code
K_MOVE, K_ROB, K_FIRE, K_MARSHAL = 2000, 2100, 2200, 2300  # + delta, loot, target, delta
K_PUNCH, K_CHOOSE, K_PLACE = 3000, 6000, 7000


def action_key(a: Action) -> int:
    """The search key of an action: a Play is code * 2 + hidden; the rest offset by kind."""
    kind = type(a)
    if kind is Play:
        return a.code * 2 + a.hidden
    if kind is MoveBy:
        return K_MOVE + a.delta
    if kind is Fire:
        return K_FIRE + a.target
    if kind is Rob:
        return K_ROB + a.loot
    if kind is Punch:
        return K_PUNCH + a.target * 64 + (a.drop + 1) * 8 + (a.direction + 1) * 2 + a.take
    if kind is MarshalBy:
        return K_MARSHAL + a.delta
    if kind is Climb:
        return K_CLIMB
    if kind is Draw:
        return K_DRAW
    if kind is Flip:
        return K_FLIP
    if kind is Pass:
        return K_PASS
    if kind is Cover:
        return K_COVER + a.code
    if kind is NoCover:
        return K_NO_COVER
    if kind is Pick:
        return K_PICK + a.code
    if kind is PickNothing:
        return K_PICK_NOTHING
    if kind is Discard:
        return K_DISCARD + a.code
    if kind is Keep:
        return K_KEEP
    if kind is Pickpocket:
        return K_TAKE if a.take else K_LEAVE
    if kind is Choose:
        return K_CHOOSE + a.char
    if kind is Place:
        return K_PLACE + a.bandit
    raise TypeError(f"not a Colt Express action: {a!r}")
