"""Way Out West content: towns, colours, pieces, action boxes, buildings, income and scoring.

Loaded from `content/way_out_west/*.yaml`; `check()` cross-checks the numbers (town numbers 1..N
unique, box counts positive, income rounds inside the round track, every building with a box, ...).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from .common import (
    MAX_AMOUNT, MAX_COUNT, MAX_ITEMS, MAX_SIZE, Amount, GameContent, PlayerCount, Strict, Text, check_vocabulary,
)

BuildingId = Literal["stagecoach", "train", "bank", "store", "hotel", "jail"]
BUILDING_IDS: tuple[str, ...] = ("stagecoach", "train", "bank", "store", "hotel", "jail")


class Town(Strict):
    id: str = Field(pattern=r"^[a-z][a-z0-9-]*$", description="Short id used in action notation.")
    name: str
    number: int = Field(ge=1, le=MAX_SIZE)
    spaces: int = Field(ge=1, le=MAX_SIZE, description="Building spaces.")
    corrals: int = Field(ge=1, le=MAX_COUNT, description="Cattle corrals.")


class RoundSpace(Strict):
    round: int = Field(ge=1, le=MAX_SIZE)
    income: bool = False
    final: bool = False


class Colour(Strict):
    id: str = Field(pattern=r"^[a-z]+$")
    name: str
    printed: Text = Field(description="The colour's name as the kit prints it (its key, the tie-breaks), for the hue printed.")
    hex: str = Field(pattern=r"^#[0-9A-Fa-f]{6}$")
    symbol: str = Field(min_length=1)


class PerPlayer(Strict):
    cowboys: int = Field(ge=1, le=MAX_COUNT)
    cattle: int = Field(ge=1, le=MAX_COUNT)
    each_building: int = Field(ge=1, le=MAX_COUNT)
    turn_order_markers: int = Field(ge=1, le=MAX_COUNT)
    action_markers: int = Field(ge=1, le=MAX_SIZE)
    farmers: int = Field(ge=0, le=MAX_COUNT)


class Denomination(Strict):
    value: int = Field(ge=1, le=MAX_AMOUNT)
    count: int = Field(ge=1, le=MAX_COUNT)


class Building(Strict):
    id: BuildingId
    name: str
    cost: int = Field(ge=0, le=MAX_AMOUNT)
    defenders: int = Field(ge=0, le=MAX_COUNT)
    attack: Literal["seize", "rob", "remove"]
    effect: Text


class BuildingLimits(Strict):
    per_type_per_town: int = Field(ge=1, le=MAX_SIZE)
    per_player_per_town: int = Field(ge=1, le=MAX_SIZE)


class Units(Strict):
    min: int = Field(ge=1, le=MAX_COUNT)
    max: int = Field(ge=0, le=MAX_COUNT, description="0 means any number.")


UNIT_BOXES: tuple[str, ...] = ("buy-cattle", "hire", "move-cowboys", "move-cattle")


class ActionBox(Strict):
    id: Literal[
        "buy-cattle", "hire", "move-cowboys", "move-cattle",
        "build-stagecoach", "build-train", "build-bank", "build-store", "build-hotel", "build-jail",
        "farmer", "gunfight",
    ]
    name: str
    boxes: Annotated[int, Field(le=MAX_SIZE)] | dict[PlayerCount, Annotated[int, Field(le=MAX_SIZE)]] = Field(
        description="Boxes of this action: one number for every player count, or a number per player count."
    )
    cost: int = Field(ge=0, le=MAX_AMOUNT, description="Dollars, per unit (cattle or cowboy) or per action: see cost_per.")
    cost_per: Literal["unit", "action"]
    units: Units | None = None
    building: BuildingId | None = None
    effect: Text

    def box_count(self, players: int, by_players: bool = True) -> int:
        """Boxes open with `players` players; with by_players False, those printed for the fewest players."""
        if isinstance(self.boxes, int):
            return self.boxes
        if not by_players:
            return self.boxes[min(self.boxes)]
        return self.boxes[players]

    def most_boxes(self) -> int:
        """The boxes printed on the board (the most any player count opens)."""
        return self.boxes if isinstance(self.boxes, int) else max(self.boxes.values())

    def opens_at(self, k: int) -> int | None:
        """The fewest players with which box number k (0-based) is open; None when it always is."""
        if isinstance(self.boxes, int):
            return None
        counts = sorted(self.boxes.items())
        if k < counts[0][1]:
            return None
        return next(n for n, c in counts if c > k)

    def price(self, units: int = 1) -> int:
        return self.cost * units if self.cost_per == "unit" else self.cost


class Income(Strict):
    cattle: int = Field(ge=0, le=MAX_AMOUNT)
    cattle_with_farmer: int = Field(ge=0, le=MAX_AMOUNT)
    train_multiplier: int = Field(ge=1, le=MAX_SIZE)
    bank_per_building: int = Field(ge=0, le=MAX_AMOUNT)
    store_per_other_cattle: int = Field(ge=0, le=MAX_AMOUNT)
    store_per_farmer: int = Field(ge=0, le=MAX_AMOUNT)
    hotel_per_other_cowboy: int = Field(ge=0, le=MAX_AMOUNT)
    stagecoach_per_cowboy: int = Field(ge=0, le=MAX_AMOUNT)


class Gunfight(Strict):
    hit_on: list[int] = Field(min_length=1, max_length=6)
    farmer_fighters: int = Field(ge=1, le=MAX_SIZE)
    undefended_fighters: int = Field(ge=1, le=MAX_SIZE)
    sheriff_fighters: int = Field(ge=1, le=MAX_SIZE)
    steal_max: int = Field(ge=1, le=MAX_COUNT)
    rob_dice: int = Field(ge=1, le=MAX_SIZE)


class Scoring(Strict):
    building_vp_per_building_in_town: int = Field(ge=0, le=MAX_AMOUNT)
    cattle_vp: int = Field(ge=0, le=MAX_AMOUNT)
    cattle_vp_with_train: int = Field(ge=0, le=MAX_AMOUNT)
    farmer_cattle_penalty: int = Field(ge=0, le=MAX_AMOUNT)
    most_wanted_bonus: int = Field(ge=0, le=MAX_AMOUNT)
    most_money_bonus: int = Field(ge=0, le=MAX_AMOUNT)


class Content(GameContent):
    towns: list[Town] = Field(min_length=2, max_length=MAX_SIZE)
    rounds: int = Field(ge=1, le=MAX_SIZE)
    rounds_by_players: dict[PlayerCount, Annotated[int, Field(ge=1, le=MAX_SIZE)]] = Field(
        max_length=MAX_ITEMS, description="Rounds per player count under option rounds: by_players."
    )
    income_rounds: list[int] = Field(max_length=MAX_SIZE)
    round_track: list[RoundSpace] = Field(max_length=MAX_SIZE)
    colours: list[Colour] = Field(min_length=1, max_length=MAX_ITEMS)
    per_player: PerPlayer
    wanted_posters: int = Field(ge=1, le=MAX_COUNT)
    dice: int = Field(ge=1, le=MAX_SIZE)
    money: list[Denomination] = Field(min_length=1, max_length=MAX_ITEMS)
    start_money: dict[PlayerCount, Amount] = Field(max_length=MAX_ITEMS)
    buildings: list[Building] = Field(max_length=MAX_ITEMS)
    building_limits: BuildingLimits
    action_boxes: list[ActionBox] = Field(max_length=MAX_ITEMS)
    income: Income
    gunfight: Gunfight
    scoring: Scoring

    # --- lookups -------------------------------------------------------------------------------
    def town(self, town_id: str) -> Town:
        for t in self.towns:
            if t.id == town_id:
                return t
        raise KeyError(town_id)

    def building(self, building_id: str) -> Building:
        for b in self.buildings:
            if b.id == building_id:
                return b
        raise KeyError(building_id)

    def box(self, box_id: str) -> ActionBox:
        for b in self.action_boxes:
            if b.id == box_id:
                return b
        raise KeyError(box_id)

    def components(self) -> list[tuple[str, int]]:
        colours = len(self.colours)
        pp = self.per_player
        out: list[tuple[str, int]] = [("board (5 towns on one trail)", 1)]
        out.append(("town", len(self.towns)))
        out.append(("cowboy", pp.cowboys * colours))
        out.append(("cattle counter", pp.cattle * colours))
        for b in self.buildings:
            out.append((f"{b.name.lower()} token", pp.each_building * colours))
        out.append(("turn-order marker", pp.turn_order_markers * colours))
        out.append(("black action marker", pp.action_markers * colours))
        out.append(("farmer", pp.farmers * colours))
        out.append(("wanted poster", self.wanted_posters))
        out.append(("die", self.dice))
        for d in self.money:
            out.append((f"${d.value} note", d.count))
        out.append(("action box", sum(b.most_boxes() for b in self.action_boxes)))
        out.append(("round track space", len(self.round_track)))
        return out


def check(content: Content) -> list[tuple[tuple, str]]:
    problems: list[tuple[tuple, str]] = []
    # towns: numbers 1..N, unique ids
    numbers = [t.number for t in content.towns]
    if sorted(numbers) != list(range(1, len(content.towns) + 1)):
        problems.append((("towns",), f"town numbers {numbers} must be 1..{len(content.towns)}, each once"))
    for i, t in enumerate(content.towns):
        if t.number != i + 1:
            problems.append((("towns", i, "number"), f"towns must be listed in trail order; {t.name} is number {t.number} at position {i + 1}"))
    seen: set[str] = set()
    for i, t in enumerate(content.towns):
        if t.id in seen:
            problems.append((("towns", i, "id"), f"town id {t.id!r} repeated"))
        seen.add(t.id)
    # round track
    for i, r in enumerate(content.income_rounds):
        if not 1 <= r <= content.rounds:
            problems.append((("income_rounds", i), f"income round {r} is outside rounds 1..{content.rounds}"))
    if content.income_rounds != sorted(set(content.income_rounds)):
        problems.append((("income_rounds",), "income rounds must be increasing and distinct"))
    if [s.round for s in content.round_track] != list(range(1, content.rounds + 1)):
        problems.append((("round_track",), f"round track must list rounds 1..{content.rounds} in order"))
    else:
        for i, s in enumerate(content.round_track):
            if s.income != (s.round in content.income_rounds):
                problems.append((("round_track", i, "income"), f"round {s.round}: income mark disagrees with income_rounds {content.income_rounds}"))
            if s.final != (s.round == content.rounds):
                problems.append((("round_track", i, "final"), f"round {s.round}: only the last round ({content.rounds}) is final"))
    # rounds by player count (option rounds: by_players)
    pmin, pmax = content.game.players.min, content.game.players.max
    if sorted(content.rounds_by_players) != list(range(pmin, pmax + 1)):
        problems.append((("rounds_by_players",), f"rounds_by_players must name each player count {pmin}-{pmax} once"))
    for n, r in content.rounds_by_players.items():
        if not 1 <= r <= content.rounds:
            problems.append((("rounds_by_players", n), f"{n} players: {r} rounds is outside the round track 1..{content.rounds}"))
        elif r not in content.income_rounds:
            problems.append((("rounds_by_players", n), f"{n} players: the last round {r} must be an income round {content.income_rounds}"))
    opt = content.options.get("rounds")
    if opt is not None:
        for value in opt.choices or []:
            if value != "by_players" and value != content.rounds:
                problems.append((("options", "rounds"), f"choice {value!r}: the round track has {content.rounds} rounds (or by_players)"))
    # colours and players
    if len(content.colours) < pmax:
        problems.append((("colours",), f"{len(content.colours)} colours for up to {pmax} players"))
    for field in ("id", "hex", "symbol"):
        values = [getattr(c, field).lower() for c in content.colours]
        for i, v in enumerate(values):
            if values.index(v) != i:
                problems.append((("colours", i, field), f"colour {field} {v!r} repeated"))
    for n in range(content.game.players.min, pmax + 1):
        if n not in content.start_money:
            problems.append((("start_money",), f"no start money for {n} players"))
    for n in content.start_money:
        if not content.game.players.min <= n <= pmax:
            problems.append((("start_money", n), f"{n} players is outside {content.game.players.min}-{pmax}"))
    # buildings and boxes
    ids = [b.id for b in content.buildings]
    for i, b in enumerate(ids):
        if ids.index(b) != i:
            problems.append((("buildings", i, "id"), f"building {b!r} repeated"))
    box_ids = [b.id for b in content.action_boxes]
    for i, b in enumerate(box_ids):
        if box_ids.index(b) != i:
            problems.append((("action_boxes", i, "id"), f"action box {b!r} repeated"))
    for i, box in enumerate(content.action_boxes):
        problems.extend(_check_box_counts(content, i, box))
        if box.id.startswith("build-"):
            want = box.id[len("build-"):]
            if box.building != want:
                problems.append((("action_boxes", i, "building"), f"{box.id} must name building {want!r}"))
            elif want in ids and box.cost != content.building(want).cost:
                problems.append((("action_boxes", i, "cost"), f"{box.id} costs {box.cost} but building {want} costs {content.building(want).cost}"))
        elif box.building is not None:
            problems.append((("action_boxes", i, "building"), f"{box.id} is not a build box"))
        if box.id in UNIT_BOXES and box.units is None:
            problems.append((("action_boxes", i, "units"), f"{box.id} needs units (min-max)"))
        if box.id not in UNIT_BOXES and box.units is not None:
            problems.append((("action_boxes", i, "units"), f"{box.id} takes no units (only {', '.join(UNIT_BOXES)} do)"))
        if box.id not in UNIT_BOXES and box.cost_per == "unit":
            problems.append((("action_boxes", i, "cost_per"), f"{box.id} has no units: its cost is per action"))
        if box.units is not None and box.units.max and box.units.max < box.units.min:
            problems.append((("action_boxes", i, "units"), f"{box.id}: units max {box.units.max} below min {box.units.min}"))
    for need in BUILDING_IDS:
        if need not in ids:
            problems.append((("buildings",), f"building {need!r} missing"))
        if f"build-{need}" not in box_ids:
            problems.append((("action_boxes",), f"building {need!r} has no build box"))
    for need in ("buy-cattle", "hire", "move-cowboys", "move-cattle", "farmer", "gunfight"):
        if need not in box_ids:
            problems.append((("action_boxes",), f"action box {need!r} missing"))
    for i, b in enumerate(content.buildings):
        want = {"bank": "rob", "jail": "remove"}.get(b.id, "seize")
        if b.attack != want:
            problems.append((("buildings", i, "attack"), f"{b.id}: a won gunfight must {want} it, not {b.attack}"))
    limits = content.building_limits
    if limits.per_type_per_town != 1:
        problems.append((("building_limits", "per_type_per_town"), f"the engine holds one building of each type per town, not {limits.per_type_per_town}"))
    for i, t in enumerate(content.towns):
        if t.spaces > limits.per_type_per_town * len(content.buildings):
            problems.append((("towns", i, "spaces"), f"{t.name}: {t.spaces} spaces but only {limits.per_type_per_town * len(content.buildings)} buildings fit by type"))
    # gunfight dice faces
    for i, f in enumerate(content.gunfight.hit_on):
        if not 1 <= f <= 6:
            problems.append((("gunfight", "hit_on", i), f"die face {f} is not 1-6"))
    # options that duplicate a printed value
    opt = content.options.get("most_money_bonus")
    if opt is not None and opt.default != content.scoring.most_money_bonus:
        problems.append((("scoring", "most_money_bonus"), f"printed bonus {content.scoring.most_money_bonus} differs from option default {opt.default}"))
    for name in OPTIONS:
        if name not in content.options:
            problems.append((("options",), f"option {name!r} missing (the engine reads it)"))
    problems.extend(check_vocabulary(content))
    return problems


# Every option the engine reads.
OPTIONS: tuple[str, ...] = (
    "town_spaces", "corral_limit", "box_counts", "rounds", "bid_increment", "cattle_trail", "build_town",
    "move_cattle_to", "move_cattle_cowboy", "move_cowboys_to", "bank_counts_itself", "stagecoach_moves_in",
    "stagecoach_own_cowboys", "seize_over_limit", "undefended_target", "retreat_guards_only", "retreat_overflow",
    "robbed_bank", "town_majority", "majority_ties", "most_money_bonus", "bonus_ties", "tie_break", "head_start",
)


def _check_box_counts(content: Content, i: int, box: ActionBox) -> list[tuple[tuple, str]]:
    """One number (at least 1), or a number per player count: every count named, never fewer boxes
    with more players (some boxes open only at the full count), at least one box at the full count."""
    where = ("action_boxes", i, "boxes")
    if isinstance(box.boxes, int):
        if box.boxes < 1:
            return [(where, f"{box.id}: box count must be positive, got {box.boxes}")]
        return []
    pmin, pmax = content.game.players.min, content.game.players.max
    if sorted(box.boxes) != list(range(pmin, pmax + 1)):
        return [(where, f"{box.id}: boxes per player count must name each count {pmin}-{pmax} once, got {sorted(box.boxes)}")]
    out = []
    counts = [box.boxes[n] for n in range(pmin, pmax + 1)]
    if min(counts) < 0 or counts[-1] < 1:
        out.append((where, f"{box.id}: box counts must be 0 or more, and at least 1 with {pmax} players, got {counts}"))
    if counts != sorted(counts):
        out.append((where, f"{box.id}: more players never have fewer boxes, got {dict(zip(range(pmin, pmax + 1), counts))}"))
    return out
