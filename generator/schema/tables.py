"""Decision tables: a bot a person runs from a printed card (content/<game>/tables/<level>.yaml).

A table holds, for each kind of decision of a game, an ordered list of rules. A rule is `when` (a
conjunction of conditions `feature op number`) and `prefer` (ranking keys `max feature` or
`min feature`). The bot looks at the rules in order; the first rule some candidate satisfies picks,
among the candidates satisfying it, the best by its keys (one after the other); a tie is broken by the
decision's printed tie-break. When no rule applies, the tie-break picks among all candidates.

Features are the game's closed vocabulary (`features:` in the game's content, computed by
`engine/<game>/features.py`). The header (`tuned`, `measured`) records how the table was made and how
strong it measured, so the card can print it and anyone can reproduce it.
"""

from __future__ import annotations

import re
from typing import Any, Literal

from pydantic import Field, field_validator

from .common import OPS, Condition, Strict, parse_condition

LEVELS = ("easy", "normal", "hard")
MAX_RULES = 8  # per decision kind: a table must stay small enough to run at a table
MAX_CONDITIONS = 3  # per rule: printable on one or two lines
MAX_KEYS = 3
_KEY = re.compile(r"^\s*(max|min)\s+([a-z][a-z0-9_]*)\s*$")


class Key(Strict):
    sense: Literal["max", "min"]
    feature: str

    def __str__(self) -> str:
        return f"{self.sense} {self.feature}"


def parse_key(text: Any) -> Key:
    if isinstance(text, Key):
        return text
    m = _KEY.match(str(text)) if isinstance(text, str) else None
    if not m:
        raise ValueError(f"ranking key {text!r}: expected 'max feature' or 'min feature'")
    return Key(sense=m.group(1), feature=m.group(2))


class Rule(Strict):
    when: list[Condition] = Field(default_factory=list, max_length=MAX_CONDITIONS)
    prefer: list[Key] = Field(default_factory=list, max_length=MAX_KEYS)

    @field_validator("when", mode="before")
    @classmethod
    def _conditions(cls, v: Any) -> Any:
        return [parse_condition(x) for x in v] if isinstance(v, list) else v

    @field_validator("prefer", mode="before")
    @classmethod
    def _keys(cls, v: Any) -> Any:
        return [parse_key(x) for x in v] if isinstance(v, list) else v

    def to_yaml(self) -> dict:
        out: dict[str, Any] = {}
        if self.when:
            out["when"] = [str(c) for c in self.when]
        if self.prefer:
            out["prefer"] = [str(k) for k in self.prefer]
        return out


class Decision(Strict):
    """Rules of one decision kind. `avoid`: candidates meeting any of these conditions are set aside
    before the rules are read, unless every candidate meets one ("never take the sheriff if you can
    help it")."""

    avoid: list[Condition] = Field(default_factory=list, max_length=MAX_CONDITIONS)
    rules: list[Rule] = Field(default_factory=list, max_length=MAX_RULES)
    tie_break: Literal["first", "d6"] = "first"

    @field_validator("avoid", mode="before")
    @classmethod
    def _conditions(cls, v: Any) -> Any:
        return [parse_condition(x) for x in v] if isinstance(v, list) else v

    def to_yaml(self) -> dict:
        out: dict[str, Any] = {"tie_break": self.tie_break}
        if self.avoid:
            out["avoid"] = [str(c) for c in self.avoid]
        out["rules"] = [r.to_yaml() for r in self.rules]
        return out


class Tally(Strict):
    """Measured results of a table against one opponent (every seat in turn)."""

    games: int = Field(ge=0, le=10**9)
    wins: int = Field(ge=0, le=10**9)
    draws: int = Field(ge=0, le=10**9)
    losses: int = Field(ge=0, le=10**9)
    win_rate: float = Field(ge=0, le=1)
    low: float = Field(ge=0, le=1)
    high: float = Field(ge=0, le=1)
    mean_score: float | None = Field(default=None, ge=-1e9, le=1e9, description="The table seat's mean final score (Colt Express: loot in dollars).")


class SolverAgreement(Strict):
    positions: int = Field(ge=0, le=10**9)
    optimal: int = Field(ge=0, le=10**9)
    share: float = Field(ge=0, le=1)


class Effort(Strict):
    """A person's seconds on one kind of decision over `decisions` real choices: median and 95th percentile."""

    decisions: int = Field(ge=0, le=10**9)
    median: float = Field(ge=0, le=10**6)
    p95: float = Field(ge=0, le=10**6)


class Measured(Strict):
    command: str
    seed: int
    games: int = Field(ge=1, le=10**9, description="Games per opponent (every seat in turn); cells where a search bot plays may have fewer (--search-games): each tally gives its own.")
    players: str | None = Field(
        default=None, pattern=r"^[1-9][0-9]?(-[1-9][0-9]?)?$",
        description="The player counts the games were played at ('3', '3-5'), as `--players` gave them; none: the fewest the game takes.")
    against: dict[str, Tally] = Field(max_length=100)
    solver: SolverAgreement | None = None
    effort: dict[str, Effort] | None = Field(default=None, max_length=100, description=(
        "Seconds a person spends running the table, per decision kind and over whole decisions ('all'), "
        "measured on the games against `effort_against` (tables/effort.py)."))
    effort_against: str | None = None
    figures: dict[str, float] | None = Field(default=None, max_length=100, description=(
        "The content's sensible-play figures (features.yaml `figures`) on the same games as `effort`."))


class Tuned(Strict):
    command: str
    seed: int
    budget: int = Field(ge=1, le=10**12, description="Games played by the search.")
    method: str
    opponents: list[str]
    objective: float = Field(description="The level's objective for the kept table on the search's own deals (higher is better).")
    note: str | None = Field(default=None, max_length=400,
                             description="What reproducing the search needs beyond the command (printed in the file's header).")


class LadderRung(Strict):
    """One bot of a recorded ladder: its rating (random at 0) with its 95% interval, and its share of the wins
    against the bot one rung below (None for the lowest)."""

    bot: str = Field(max_length=100)
    rating: int = Field(ge=-100_000, le=100_000)
    low: int = Field(ge=-100_000, le=100_000)
    high: int = Field(ge=-100_000, le=100_000)
    beats_below: float | None = Field(default=None, ge=0, le=1)
    beats_below_low: float | None = Field(default=None, ge=0, le=1, description="95% interval of beats_below (bootstrap over deals).")
    beats_below_high: float | None = Field(default=None, ge=0, le=1)


class RecordedLadder(Strict):
    """A difficulty ladder as `saloon tables ladder GAME --record` measured it (tables/ladder/ladder.yaml):
    what the how-to page draws, never measured at print time."""

    command: str = Field(max_length=400)
    seed: int
    games: int = Field(ge=1, le=10**9, description="Games for each pair of bots (about; whole deals, seats rotated).")
    players: str = Field(pattern=r"^[1-9][0-9]?(-[1-9][0-9]?)?$")
    played: int = Field(ge=1, le=10**9, description="Games played in all.")
    rungs: list[LadderRung] = Field(min_length=2, max_length=30, description="From the strongest down.")


LADDER_FILE = "ladder/ladder.yaml"  # under a game's tables folder: the ladder of every count the game plays


def ladder_span(players: str) -> tuple[int, int]:
    """A recorded ladder's player counts as (fewest, most): '2' -> (2, 2), '2-3' -> (2, 3)."""
    first, _, last = players.partition("-")
    return int(first), int(last or first)


def ladder_file_name(players: str, fewest: int, most: int) -> str:
    """Where a ladder measured at `players` ('3', '2-3') lives under its game's tables folder, for a game
    of `fewest` to `most` players: ladder/ladder.yaml when it spans them all, else one file per
    player-count family, as the tables are (ladder/ladder_2-3.yaml, ladder/ladder_3-3.yaml)."""
    lo, hi = ladder_span(players)
    return LADDER_FILE if (lo, hi) == (fewest, most) else f"ladder/ladder_{lo}-{hi}.yaml"


def table_file_name(level: str, players: list[int] | None) -> str:
    """A table's file in its game's tables folder: `normal.yaml`, or `normal_2-3.yaml` for a family."""
    return f"{level}.yaml" if players is None else f"{level}_{players[0]}-{players[1]}.yaml"


class Table(Strict):
    game: str
    level: Literal["easy", "normal", "hard"]
    players: list[int] | None = Field(
        default=None, min_length=2, max_length=2,
        description="The player counts [min, max] the table is for (a family, e.g. [2, 3]); none: every count.",
    )
    bot_seat: bool = Field(default=False, description="The table's seat plays by the game's bot-seat rules (option bot_seats): tuned, measured and printed so.")
    bot_hand: Literal["flip", "open"] = Field(
        default="flip", description="With bot_seat: the seat flips its bot deck (option bot_seats) or plays an open hand, "
                                    "face up, choosing its card from the table (option bot_open_seats).")
    head_start: int = Field(default=0, ge=0, le=1_000_000, description=(
        "What the game's option head_start gives the table's seat (Colt Express: dollars added to its loot at the "
        "end); set by `saloon tables eval --head-start`, measured with it and printed on the sheet. 0: none."))
    tuned: Tuned | None = None
    measured: Measured | None = None
    decisions: dict[str, Decision] = Field(max_length=100)

    @field_validator("players")
    @classmethod
    def _span(cls, v: Any) -> Any:
        if v is not None and not 1 <= v[0] <= v[1] <= 64:
            raise ValueError(f"players {v}: expected [min, max] with 1 <= min <= max")
        return v

    def file_name(self) -> str:
        """`normal.yaml`, or `normal_2-3.yaml` for a table of a player-count family."""
        return table_file_name(self.level, self.players)

    def fits(self, players: int | None) -> bool:
        return self.players is None or players is None or self.players[0] <= players <= self.players[1]

    def replaced(self, **changes: Any) -> "Table":
        """This table with some fields changed (new decisions, a header), validated again; every other
        field (the game, level, players, bot-seat mode) kept as it is."""
        return Table(**{**{name: getattr(self, name) for name in type(self).model_fields}, **changes})

    def to_yaml(self) -> dict:
        out: dict[str, Any] = {"game": self.game, "level": self.level}
        if self.players is not None:
            out["players"] = list(self.players)
        if self.bot_seat:
            out["bot_seat"] = True
            if self.bot_hand != "flip":
                out["bot_hand"] = self.bot_hand
        if self.head_start:
            out["head_start"] = self.head_start
        if self.tuned is not None:
            out["tuned"] = self.tuned.model_dump(exclude_none=True)
        if self.measured is not None:
            out["measured"] = self.measured.model_dump(exclude_none=True)
        out["decisions"] = {kind: d.to_yaml() for kind, d in self.decisions.items()}
        return out


def check(table: Table, content: Any, game: str) -> list[tuple[tuple, str]]:
    """Cross-checks against the game's vocabulary: decision kinds, features and flag values."""
    problems: list[tuple[tuple, str]] = []
    if table.game != game:
        problems.append((("game",), f"table is for {table.game!r}, but it sits in the {game} content"))
    if table.bot_seat and "bot_seats" not in content.options:
        problems.append((("bot_seat",), f"{game} has no bot-seat rules (no option bot_seats)"))
    if table.bot_hand == "open" and not (table.bot_seat and "bot_open_seats" in content.options):
        problems.append((("bot_hand",), f"bot_hand: open needs bot_seat: true and a game with open-hand bot seats (option bot_open_seats); {game} has "
                         + ("it" if "bot_open_seats" in content.options else "none")))
    if table.head_start and "head_start" not in content.options:
        problems.append((("head_start",), f"{game} has no head starts (no option head_start)"))
    kinds = content.decisions
    feats = content.features
    for kind, d in table.decisions.items():
        if kind not in kinds:
            problems.append((("decisions", kind), f"no decision kind {kind!r}; {game} has {', '.join(kinds)}"))
            continue
        for j, c in enumerate(d.avoid):
            spec = feats.get(c.feature)
            loc = ("decisions", kind, "avoid", j)
            if spec is None:
                problems.append((loc, f"no feature {c.feature!r} in the {game} vocabulary"))
            elif kind not in spec.decisions:
                problems.append((loc, f"feature {c.feature!r} is not defined at a {kind} decision"))
            elif spec.kind == "flag" and c.value > 1:
                problems.append((loc, f"{c.feature} is yes/no: compare it with 0 or 1"))
        for i, rule in enumerate(d.rules):
            used = [(("when", j), c.feature) for j, c in enumerate(rule.when)]
            used += [(("prefer", j), k.feature) for j, k in enumerate(rule.prefer)]
            for where, name in used:
                loc = ("decisions", kind, "rules", i) + where
                spec = feats.get(name)
                if spec is None:
                    problems.append((loc, f"no feature {name!r} in the {game} vocabulary"))
                elif kind not in spec.decisions:
                    problems.append((loc, f"feature {name!r} is not defined at a {kind} decision"))
            for j, c in enumerate(rule.when):
                spec = feats.get(c.feature)
                if spec is not None and spec.kind == "flag" and c.value > 1:
                    problems.append((("decisions", kind, "rules", i, "when", j), f"{c.feature} is yes/no: compare it with 0 or 1"))
    return problems
