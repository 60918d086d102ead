"""Longhorn content model: location tiles, cattle colours, action tokens, outlaws and cards."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from .common import (
    MAX_AMOUNT, MAX_COUNT, MAX_ITEMS, MAX_SIZE, Amount, GameContent, OptionText, Strict, Text, check_option_text,
    check_vocabulary,
)

TokenKind = Literal["nugget", "ambush", "branding_iron", "snake_oil", "rattlesnake", "epidemic", "sheriff"]


class Grid(Strict):
    rows: int = Field(ge=1, le=10)
    columns: int = Field(ge=1, le=10)


class Location(Strict):
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    name: str = Field(min_length=1)
    cattle: int = Field(ge=0, le=MAX_COUNT, description="Cattle printed on the tile (placed at setup).")


class CattleColour(Strict):
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    name: Text
    count: int = Field(ge=1, le=MAX_COUNT)
    hex: str = Field(pattern=r"^#[0-9A-Fa-f]{6}$")
    symbol: Literal["circle", "square", "triangle", "diamond", "star", "cross", "hexagon"]


class Token(Strict):
    kind: TokenKind
    name: Text
    count: int = Field(ge=0, le=MAX_COUNT)
    text: Text | OptionText
    values: dict[str, list[Amount]] | None = Field(
        default=None, max_length=MAX_ITEMS, description="Nugget face values, one list (one value per nugget) per reading."
    )
    cows: int | None = Field(default=None, ge=1, le=MAX_COUNT, description="Ambush: how many cows of one colour it takes.")


class Setup(Strict):
    tokens_drawn: int = Field(ge=1, le=MAX_COUNT)
    sheriff_location: str
    start_cattle: int = Field(ge=1, le=MAX_COUNT)


class Scoring(Strict):
    per_cow_on_board: int = Field(ge=0, le=MAX_AMOUNT)


class Outlaw(Strict):
    id: str
    name: str
    seat: int = Field(ge=0, le=MAX_SIZE)


class OutlawCard(Strict):
    outlaw: str
    title: Text
    text: Text


class ReferenceCard(Strict):
    title: Text
    tokens_title: Text
    lines: list[Text | OptionText] = Field(min_length=1, max_length=MAX_ITEMS)


class Content(GameContent):
    grid: Grid
    locations: list[Location] = Field(max_length=MAX_ITEMS)
    cattle: list[CattleColour] = Field(max_length=MAX_ITEMS)
    tokens: list[Token] = Field(max_length=MAX_ITEMS)
    setup: Setup
    scoring: Scoring
    outlaws: list[Outlaw] = Field(max_length=MAX_ITEMS)
    outlaw_cards: list[OutlawCard] = Field(max_length=MAX_ITEMS)
    reference_card: ReferenceCard

    def token(self, kind: str) -> Token | None:
        for t in self.tokens:
            if t.kind == kind:
                return t
        return None

    @property
    def cattle_total(self) -> int:
        return sum(c.count for c in self.cattle)

    def components(self) -> list[tuple[str, int]]:
        return [
            ("location tiles", len(self.locations)),
            ("action tokens", sum(t.count for t in self.tokens)),
            ("cattle", self.cattle_total),
            ("outlaw pawn", 1),
            ("outlaw cards", len(self.outlaw_cards)),
            ("reference cards", 2),
        ]


# The values of each option the engine implements (a choice outside these would be silently ignored).
ENGINE_CHOICES = {
    "start_chooser": ("first", "second"),
    "movement": ("no_return_to_start", "loop_allowed", "distance"),
    "full_herd_check": ("immediately", "end_of_turn"),
    "epidemic_scope": ("board_only", "everywhere"),
    "emptied_neighbour_token": ("take", "discard", "stay"),
    "branding_iron": ("one_neighbour", "all_neighbours", "any_colour"),
    "rattlesnake_targets": ("occupied_only", "any_adjacent"),
    "dangerous_locations": ("allowed", "avoid"),
    "draw_result": ("draw", "most_cattle"),
}


def _dupes(items: list[str]) -> list[int]:
    seen: set[str] = set()
    out = []
    for i, x in enumerate(items):
        if x in seen:
            out.append(i)
        seen.add(x)
    return out


def check(c: Content) -> list[tuple[tuple, str]]:
    """Cross-checks: counts that must agree between tiles, cattle, tokens, setup and options."""
    problems: list[tuple[tuple, str]] = []
    cells = c.grid.rows * c.grid.columns
    if len(c.locations) != cells:
        problems.append((("locations",), f"{len(c.locations)} locations for a {c.grid.rows}x{c.grid.columns} grid of {cells}"))
    on_tiles = sum(loc.cattle for loc in c.locations)
    if on_tiles != c.cattle_total:
        problems.append(
            (("locations",), f"cattle on the tiles sum to {on_tiles}, but the cattle colours hold {c.cattle_total}")
        )
    for i in _dupes([loc.id for loc in c.locations]):
        problems.append((("locations", i, "id"), f"duplicate location id {c.locations[i].id!r}"))
    for i in _dupes([col.id for col in c.cattle]):
        problems.append((("cattle", i, "id"), f"duplicate cattle colour {c.cattle[i].id!r}"))
    for i in _dupes([col.symbol for col in c.cattle]):
        problems.append((("cattle", i, "symbol"), f"symbol {c.cattle[i].symbol!r} already used by another colour"))
    for i in _dupes([col.hex.lower() for col in c.cattle]):
        problems.append((("cattle", i, "hex"), f"colour {c.cattle[i].hex!r} already used by another colour"))
    for i in _dupes([t.kind for t in c.tokens]):
        problems.append((("tokens", i, "kind"), f"token kind {c.tokens[i].kind!r} listed twice"))
    total_tokens = sum(t.count for t in c.tokens)
    if total_tokens != 19:
        problems.append((("tokens",), f"token counts sum to {total_tokens}; Longhorn has 19 action tokens"))
    if c.setup.tokens_drawn != len(c.locations):
        problems.append(
            (("setup", "tokens_drawn"), f"{c.setup.tokens_drawn} tokens drawn but there are {len(c.locations)} locations (one each)")
        )
    if c.setup.tokens_drawn > total_tokens:
        problems.append((("setup", "tokens_drawn"), f"{c.setup.tokens_drawn} tokens drawn from only {total_tokens}"))
    sheriff = c.token("sheriff")
    if sheriff is None or sheriff.count != 1:
        problems.append((("tokens",), "there must be exactly one sheriff token"))
    ids = [loc.id for loc in c.locations]
    if c.setup.sheriff_location not in ids:
        problems.append((("setup", "sheriff_location"), f"no location {c.setup.sheriff_location!r}; locations are {', '.join(ids)}"))
    if "nugget_hill" not in ids:
        problems.append((("locations",), "Nugget Hill (id nugget_hill) is missing"))
    if not any(loc.cattle == c.setup.start_cattle for loc in c.locations):
        problems.append((("setup", "start_cattle"), f"no location holds exactly {c.setup.start_cattle} cattle to start on"))
    for i, t in enumerate(c.tokens):
        if t.kind == "nugget":
            if not t.values:
                problems.append((("tokens", i, "values"), "nugget tokens need their face values"))
                continue
            for name, vals in t.values.items():
                if len(vals) != t.count:
                    problems.append(
                        (("tokens", i, "values", name), f"{len(vals)} values for {t.count} nuggets")
                    )
            spec = c.options.get("nugget_values")
            if spec is None:
                problems.append((("options",), "option nugget_values is missing"))
            elif sorted(map(str, spec.choices or [])) != sorted(t.values):
                problems.append(
                    (("options", "nugget_values", "choices"), f"choices {spec.choices} must name the value sets {sorted(t.values)}")
                )
        elif t.values is not None:
            problems.append((("tokens", i, "values"), f"only nuggets carry values, not {t.kind}"))
        if t.kind == "ambush" and t.cows is None:
            problems.append((("tokens", i, "cows"), "the ambush needs the number of cows it takes"))
        if t.kind != "ambush" and t.cows is not None:
            problems.append((("tokens", i, "cows"), f"only the ambush takes cows, not {t.kind}"))
    if (c.game.players.min, c.game.players.max) != (2, 2):
        problems.append((("game", "players"), "Longhorn is a game for exactly 2 players (min: 2, max: 2)"))
    if len(c.outlaws) != 2 or sorted(o.seat for o in c.outlaws) != [0, 1]:
        problems.append((("outlaws",), "two outlaws are needed, on seats 0 and 1"))
    outlaw_ids = {o.id for o in c.outlaws}
    for i, card in enumerate(c.outlaw_cards):
        if card.outlaw not in outlaw_ids:
            problems.append((("outlaw_cards", i, "outlaw"), f"unknown outlaw {card.outlaw!r}; outlaws are {', '.join(sorted(outlaw_ids))}"))
    needed = {"nugget_values", *ENGINE_CHOICES}
    for name in sorted(needed - set(c.options)):
        problems.append((("options",), f"option {name} is missing (the engine reads it)"))
    problems.extend(check_vocabulary(c))
    for i, t in enumerate(c.tokens):
        problems.extend(check_option_text(t.text, c.options, ("tokens", i, "text")))
    for i, line in enumerate(c.reference_card.lines):
        problems.extend(check_option_text(line, c.options, ("reference_card", "lines", i)))
    for name, known in ENGINE_CHOICES.items():
        spec = c.options.get(name)
        if spec is None:
            continue
        for i, choice in enumerate(spec.choices or []):
            if choice not in known:
                problems.append(
                    (("options", name, "choices", i), f"the engine knows no {name} {choice!r}; it knows {', '.join(known)}")
                )
    return problems
