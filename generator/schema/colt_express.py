"""Colt Express content model: train and loot, bandit decks, characters, round cards and events.

`check(content)` cross-checks the numbers against the rules digest: 18 purses counting the
starting ones, 6 jewels, 10 action cards per bandit, every round card naming an existing event,
7 + 7 + 3 round cards, setup sizes for every player count.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, field_validator

from .common import MAX_AMOUNT, MAX_COUNT, MAX_ITEMS, MAX_SIZE, GameContent, PlayerCount, Strict, Text

Ident = str
_ID = r"^[a-z][a-z0-9_]*$"

ActionKind = Literal["move", "floor", "rob", "fire", "punch", "marshal"]
ACTION_KINDS: tuple[str, ...] = ("move", "floor", "rob", "fire", "punch", "marshal")
Power = Literal[
    "hidden_first_card", "fire_through_floor", "pocket_punched_purse", "knockback_shot", "last_target", "extra_card"
]
EventId = Literal[
    "braking", "take_it_all", "hostage", "marshals_revenge", "rebellion", "pickpocketing", "swivel_arm", "angry_marshal"
]
EVENT_IDS: tuple[str, ...] = (
    "braking", "take_it_all", "hostage", "marshals_revenge", "rebellion", "pickpocketing", "swivel_arm", "angry_marshal",
)
TEXT_LIMIT = 140  # characters: what fits a 63x88 mm card at a readable size


class TwoPlayerSetup(Strict):
    bandits_per_player: int = Field(ge=1, le=MAX_SIZE)
    picked_cards: int = Field(ge=0, le=MAX_SIZE)
    drawn_cards: int = Field(ge=1, le=MAX_SIZE)


class Setup(Strict):
    wagons_by_players: dict[PlayerCount, int] = Field(max_length=MAX_ITEMS)
    start_purse: int = Field(ge=0, le=MAX_AMOUNT)
    hand_size: int = Field(ge=1, le=MAX_SIZE)
    draw_count: int = Field(ge=1, le=MAX_SIZE)
    roof_move_max: int = Field(ge=1, le=MAX_SIZE)
    rounds: int = Field(ge=1, le=MAX_SIZE)
    regular_rounds: int = Field(ge=0, le=MAX_SIZE)
    gunslinger_bonus: int = Field(ge=0, le=MAX_AMOUNT)
    hostage_bonus: int = Field(ge=0, le=MAX_AMOUNT)
    two_player: TwoPlayerSetup


class Locomotive(Strict):
    id: str = Field(pattern=_ID)
    name: Text
    strongboxes: int = Field(ge=0, le=MAX_COUNT)


class Wagon(Strict):
    id: str = Field(pattern=_ID)
    name: Text
    purses: int = Field(ge=0, le=MAX_COUNT)
    jewels: int = Field(ge=0, le=MAX_COUNT)


class PurseValue(Strict):
    value: int = Field(gt=0, le=MAX_AMOUNT)
    count: int = Field(ge=1, le=MAX_COUNT)


class Purses(Strict):
    name: Text
    values: list[PurseValue] = Field(min_length=1, max_length=MAX_ITEMS)

    def all_values(self) -> list[int]:
        return [pv.value for pv in self.values for _ in range(pv.count)]


class LootKind(Strict):
    name: Text
    value: int = Field(gt=0, le=MAX_AMOUNT)
    count: int = Field(ge=0, le=MAX_COUNT)


class Pawn(Strict):
    name: Text
    count: int = Field(ge=1, le=MAX_COUNT)


class Loot(Strict):
    purses: Purses
    jewels: LootKind
    strongboxes: LootKind
    marshal: Pawn


class ActionCard(Strict):
    id: ActionKind
    name: Text
    count: int = Field(ge=1, le=MAX_COUNT)
    text: Text


class Bullets(Strict):
    per_bandit: int = Field(ge=1, le=MAX_SIZE, description="Bullet cards per bandit, numbered 1 to this on the cards.")
    neutral: int = Field(ge=0, le=MAX_COUNT)
    text: Text
    neutral_text: Text


class TwoPlayerDeck(Strict):
    per_bandit: list[ActionKind] = Field(max_length=MAX_COUNT)
    shared: list[ActionKind] = Field(max_length=MAX_COUNT)


class BotDeck(Strict):
    """A bot seat's deck (bot-seat rules): how many cards of each action kind, one bandit."""

    move: int = Field(ge=0, le=MAX_COUNT)
    floor: int = Field(ge=0, le=MAX_COUNT)
    rob: int = Field(ge=0, le=MAX_COUNT)
    fire: int = Field(ge=0, le=MAX_COUNT)
    punch: int = Field(ge=0, le=MAX_COUNT)
    marshal: int = Field(ge=0, le=MAX_COUNT)

    def cards(self) -> list[str]:
        return [k for k in ACTION_KINDS for _ in range(getattr(self, k))]


class Colour(Strict):
    name: str
    hex: str = Field(pattern=r"^#[0-9A-Fa-f]{6}$")


class Character(Strict):
    id: str = Field(pattern=_ID)
    name: str = Field(pattern=r"^[A-Z][A-Za-z]*$", description="One word: used in move notation.")
    power: Power
    colour: Colour
    symbol: Literal["circle", "square", "triangle", "diamond", "star", "cross", "hexagon", "heart"]
    text: Text


class Event(Strict):
    id: EventId
    name: Text
    text: Text


class RoundCard(Strict):
    id: str = Field(pattern=_ID)
    deck: Literal["2-4", "5-6", "station"]
    name: Text
    turns: str = Field(pattern=r"^[NTSR]+$", max_length=MAX_SIZE, description="N normal, T tunnel, S speed-up, R switching.")
    event: str | None

    @field_validator("turns")
    @classmethod
    def _upper(cls, v: str) -> str:
        return v.upper()

    def players_fit(self, players: int) -> bool:
        if self.deck == "station":
            return True
        lo, hi = (int(x) for x in self.deck.split("-"))
        return lo <= players <= hi


class Content(GameContent):
    setup: Setup
    locomotive: Locomotive
    wagons: list[Wagon] = Field(min_length=1, max_length=MAX_SIZE)
    loot: Loot
    action_cards: list[ActionCard] = Field(max_length=MAX_ITEMS)
    bullets: Bullets
    two_player_deck: TwoPlayerDeck
    bot_deck: BotDeck
    characters: list[Character] = Field(max_length=MAX_ITEMS)
    events: list[Event] = Field(max_length=MAX_ITEMS)
    round_cards: list[RoundCard] = Field(max_length=MAX_ITEMS)

    # --- conveniences the engine and renderer share ---------------------------------------------
    def action_count(self, kind: str) -> int:
        return next((c.count for c in self.action_cards if c.id == kind), 0)

    def deck_size(self) -> int:
        return sum(c.count for c in self.action_cards)

    def event(self, event_id: str) -> Event:
        return next(e for e in self.events if e.id == event_id)

    def components(self) -> list[tuple[str, int]]:
        bandits = len(self.characters)
        regular = sum(1 for r in self.round_cards if r.deck != "station")
        return [
            ("locomotive", 1),
            ("wagon", len(self.wagons)),
            ("purse token", sum(pv.count for pv in self.loot.purses.values)),
            ("jewel token", self.loot.jewels.count),
            ("strongbox token", self.loot.strongboxes.count),
            ("marshal pawn", self.loot.marshal.count),
            ("bandit pawn", bandits),
            ("character card", bandits),
            ("action card", bandits * self.deck_size()),
            ("bullet card", bandits * self.bullets.per_bandit),
            ("neutral bullet card", self.bullets.neutral),
            ("round card", regular),
            ("station card", len(self.round_cards) - regular),
        ]


def _long_texts(content: Content) -> list[tuple[tuple, str]]:
    out = []

    def look(loc: tuple, text: dict[str, str]) -> None:
        for lang, value in text.items():
            if len(value) > TEXT_LIMIT:
                out.append(((*loc, lang), f"text has {len(value)} characters; a card holds at most {TEXT_LIMIT}"))

    for i, c in enumerate(content.action_cards):
        look(("action_cards", i, "text"), c.text)
    for i, c in enumerate(content.characters):
        look(("characters", i, "text"), c.text)
    for i, e in enumerate(content.events):
        look(("events", i, "text"), e.text)
    look(("bullets", "text"), content.bullets.text)
    look(("bullets", "neutral_text"), content.bullets.neutral_text)
    return out


def check(content: Content) -> list[tuple[tuple, str]]:
    """Cross-checks naming the offending path; empty when the content agrees with the digest."""
    problems: list[tuple[tuple, str]] = []
    setup = content.setup
    bandits = len(content.characters)
    # purses: the train's printed purses plus one starting purse per bandit
    purses = content.loot.purses.all_values()
    on_train = sum(w.purses for w in content.wagons)
    if on_train + bandits != len(purses):
        problems.append(
            (("loot", "purses", "values"),
             f"{len(purses)} purses, but the wagons print {on_train} and {bandits} bandits start with one each "
             f"({on_train + bandits} needed)")
        )
    if purses.count(setup.start_purse) < bandits:
        problems.append(
            (("setup", "start_purse"), f"only {purses.count(setup.start_purse)} purses of ${setup.start_purse} for {bandits} bandits")
        )
    jewels = sum(w.jewels for w in content.wagons)
    if jewels != content.loot.jewels.count:
        problems.append((("loot", "jewels", "count"), f"{content.loot.jewels.count} jewels, but the wagons print {jewels}"))
    if content.locomotive.strongboxes > content.loot.strongboxes.count:
        problems.append((("locomotive", "strongboxes"), f"more than the {content.loot.strongboxes.count} strongboxes"))
    # decks
    kinds = [c.id for c in content.action_cards]
    for i, kind in enumerate(kinds):
        if kind in kinds[:i]:
            problems.append((("action_cards", i, "id"), f"action card kind {kind!r} listed twice"))
    for kind in ACTION_KINDS:
        if kind not in kinds:
            problems.append((("action_cards",), f"no {kind!r} action card"))
    if content.deck_size() != 10:
        problems.append((("action_cards",), f"each bandit has {content.deck_size()} action cards; the rules give 10"))
    two = content.two_player_deck
    size2 = len(two.per_bandit) * setup.two_player.bandits_per_player + len(two.shared)
    if size2 != 11:
        problems.append((("two_player_deck",), f"the two-player deck has {size2} cards; the rules give 11"))
    if not content.bot_deck.cards():
        problems.append((("bot_deck",), "the bot deck has no card; a bot seat needs at least one action card"))
    if setup.two_player.picked_cards + setup.two_player.drawn_cards > size2:
        problems.append((("setup", "two_player"), "picks and draws more cards than the deck holds"))
    # characters
    ids = [c.id for c in content.characters]
    for i, c in enumerate(content.characters):
        if c.id in ids[:i]:
            problems.append((("characters", i, "id"), f"character {c.id!r} listed twice"))
        if any(o.colour.hex.lower() == c.colour.hex.lower() for o in content.characters[:i]):
            problems.append((("characters", i, "colour", "hex"), "colour already used by another bandit"))
        if any(o.symbol == c.symbol for o in content.characters[:i]):
            problems.append((("characters", i, "symbol"), "symbol already used by another bandit"))
        if any(o.power == c.power for o in content.characters[:i]):
            problems.append((("characters", i, "power"), "power already used by another bandit"))
    if bandits != 6:
        problems.append((("characters",), f"{bandits} bandits; the rules give 6"))
    # players and wagons
    lo, hi = content.game.players.min, content.game.players.max
    for n in range(lo, hi + 1):
        if n not in setup.wagons_by_players:
            problems.append((("setup", "wagons_by_players"), f"no wagon count for {n} players"))
    for n, w in setup.wagons_by_players.items():
        if not 1 <= w <= len(content.wagons):
            problems.append((("setup", "wagons_by_players", n), f"{w} wagons for {n} players; the train has {len(content.wagons)}"))
    if hi > bandits:
        problems.append((("game", "players", "max"), f"{hi} players but only {bandits} bandits"))
    if lo * setup.two_player.bandits_per_player > bandits:
        problems.append((("setup", "two_player", "bandits_per_player"), "not enough bandits for the two-player variant"))
    # events and round cards
    event_ids = [e.id for e in content.events]
    for i, e in enumerate(content.events):
        if e.id in event_ids[:i]:
            problems.append((("events", i, "id"), f"event {e.id!r} listed twice"))
    for eid in EVENT_IDS:
        if eid not in event_ids:
            problems.append((("events",), f"event {eid!r} is missing"))
    card_ids = [r.id for r in content.round_cards]
    for i, r in enumerate(content.round_cards):
        if r.id in card_ids[:i]:
            problems.append((("round_cards", i, "id"), f"round card {r.id!r} listed twice"))
        if r.event is not None and r.event not in event_ids:
            problems.append(
                (("round_cards", i, "event"), f"names event {r.event!r}, which does not exist; events are: {', '.join(event_ids)}")
            )
    for deck, want in (("2-4", 7), ("5-6", 7), ("station", 3)):
        have = sum(1 for r in content.round_cards if r.deck == deck)
        if have != want:
            problems.append((("round_cards",), f"{have} round cards for {deck}; the game has {want}"))
    for n in range(lo, hi + 1):
        fit = [r for r in content.round_cards if r.deck != "station" and r.players_fit(n)]
        if len(fit) < setup.regular_rounds:
            problems.append((("setup", "regular_rounds"), f"only {len(fit)} round cards for {n} players"))
    if setup.rounds != setup.regular_rounds + 1:
        problems.append((("setup", "rounds"), "rounds must be the regular rounds plus one station round"))
    problems.extend(_long_texts(content))
    for name in ("wagon_choice", "first_player", "character_assignment", "second_pick_order", "empty_deck_draw",
                 "neutral_bullets_short", "gunslinger_if_nobody_fired", "final_tie", "two_player_game",
                 "expert_variant", "expert_discard_at", "expert_bullets_in_hand", "bot_seats", "bot_bullet_flip",
                 "bot_open_seats"):
        if name not in content.options:
            problems.append((("options",), f"option {name!r} missing (the engine reads it)"))
    return problems
