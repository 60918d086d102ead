"""Solo scenarios, puzzles and campaigns (content/<game>/scenarios/*.yaml).

A scenario is data: the game's options, a setup (a seed, optionally opening moves played from that
seeded start, or a fixed position), who sits where (`you` at the person's seat, a bot spec at every
other seat), an objective, and twists from the game's closed vocabulary (generator/scenarios/<game>.py),
each written as a one-key mapping:

    twists:
      - rival_nugget: 500
      - no_token: snake_oil
      - rival_building: {building: bank, town: dodge-city}

`graded` records how hard it measured: how often the reference player's proxy (a search bot at a
stated budget) met the objective in seeded games, with the 95% interval, and the stars that follow.

A puzzle (Longhorn, Colt Express) is a position (the engine's `state_to_json()` snapshot) where the
person to move wins by force with exactly one winning first choice, and the solution line that was
proved, with its grade: the person's turns and the wrong first choices; `seats` names the printed bots
where they, not the exact solver, defend.

A campaign is a chain of chapters, each a scenario of the game by id, the next one and what is carried
into it picked by how a chapter ended (see the campaigns section below).
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, Field, model_validator

from .common import MAX_SEED, Strict, Text

ID = r"^[a-z0-9][a-z0-9_-]{0,31}$"
MAX_TWISTS = 3
STARS = (1, 2, 3, 4, 5)


class Twist(Strict):
    """One handicap or twist: a kind of the game's vocabulary and its parameter(s)."""

    kind: str
    value: int | str | bool | None = None
    building: str | None = None
    town: str | None = None

    def to_yaml(self) -> dict:
        if self.building is not None or self.town is not None:
            return {self.kind: {k: v for k, v in (("building", self.building), ("town", self.town)) if v is not None}}
        return {self.kind: True if self.value is None else self.value}


def parse_twist(item: Any) -> Any:
    """`{rival_nugget: 500}` or `{rival_building: {building: bank, town: abilene}}` -> Twist fields."""
    if isinstance(item, Twist) or not isinstance(item, dict) or "kind" in item:
        return item
    if len(item) != 1:
        raise ValueError(f"a twist is one 'kind: value' pair, got {len(item)} keys ({', '.join(map(str, item))})")
    (kind, value), = item.items()
    if isinstance(value, dict):
        return {"kind": kind, **value}
    return {"kind": kind, "value": value}


def _twist_list(v: Any) -> Any:
    return [parse_twist(x) for x in v] if isinstance(v, list) else v


def _seat_list(v: Any) -> Any:
    return [str(s).strip().lower() for s in v] if isinstance(v, list) else v


Twists = Annotated[list[Twist], BeforeValidator(_twist_list)]  # written as one-key mappings: {rival_nugget: 500}
Seats = Annotated[list[str], BeforeValidator(_seat_list)]  # 'you' or a bot spec, read in lower case


class Objective(Strict):
    """What the person must achieve; every condition given must hold at the end.

    result: win (alone), share (win or share the win) or any (no result needed: the other
    conditions say it all). min_score: your final score at least this. margin: at least this far
    ahead of every other player. control (Way Out West): a town whose buildings you lead alone.
    max_bullets (Colt Express): at most this many bullet cards received.
    """

    result: Literal["win", "share", "any"] = "win"
    min_score: int | None = Field(default=None, ge=1)
    margin: int | None = Field(default=None, ge=1)
    control: str | None = None
    max_bullets: int | None = Field(default=None, ge=0)

    @model_validator(mode="after")
    def _says_something(self) -> "Objective":
        if self.result == "any" and self.min_score is None and self.margin is None and self.control is None and self.max_bullets is None:
            raise ValueError("result 'any' needs another condition (min_score, margin, control or max_bullets)")
        return self

    def to_yaml(self) -> dict:
        return self.model_dump(exclude_none=True)


class Setup(Strict):
    """The start: `seed` deals the game (and seeds its generator); `moves` are played from that start
    (e.g. the characters chosen, the first cowboys placed); `position` replaces the dealt start by a
    fixed one (the game's state snapshot, as `state_to_json()` writes it)."""

    seed: int = Field(ge=0, le=MAX_SEED)
    moves: list[str] = Field(default_factory=list)
    position: dict[str, Any] | None = None


class Grade(Strict):
    """How hard a scenario measured: the proxy's games from the scenario's start, game i dealt by
    `game_seed(seed, i)` (bots seeded per seat), the objective met `wins` times."""

    proxy: str = Field(description="The bot playing the person's seat, e.g. mcts:200.")
    seed: int = Field(ge=0, le=MAX_SEED)
    games: int = Field(ge=1)
    wins: int = Field(ge=0)
    win_rate: float = Field(ge=0, le=1)
    low: float = Field(ge=0, le=1)
    high: float = Field(ge=0, le=1)
    stars: int = Field(ge=1, le=5)

    @model_validator(mode="after")
    def _consistent(self) -> "Grade":
        if self.wins > self.games:
            raise ValueError(f"wins ({self.wins}) exceed games ({self.games})")
        if abs(self.win_rate - self.wins / self.games) > 0.0006:
            raise ValueError(f"win_rate {self.win_rate} is not wins/games = {self.wins / self.games:.3f}")
        return self


class Rate(Strict):
    """One bot's seeded games at the person's seat from a scenario's start: how often it met the objective."""

    bot: str
    games: int = Field(ge=1)
    wins: int = Field(ge=0)

    @model_validator(mode="after")
    def _at_most_games(self) -> "Rate":
        if self.wins > self.games:
            raise ValueError(f"wins ({self.wins}) exceed games ({self.games})")
        return self

    @property
    def rate(self) -> float:
        return self.wins / self.games


class TwistCheck(Strict):
    """Whether a scenario's twists change how it is played (generator/scenarios/twist_check.py): the gain of
    the searching proxy over the normal game's table bot at the person's seat, with the twists and without
    them (the same deal, seats, objective and seeds), and the change in that gain with its 95% interval.
    `changes` is the verdict (the interval clear of zero); `twists` are the twists measured (when they
    changed nothing they were dropped from the scenario, which was graded again without them)."""

    twists: Twists = Field(min_length=1, max_length=MAX_TWISTS)
    seed: int = Field(ge=0, le=MAX_SEED)
    search: Rate = Field(description="The proxy with the twists.")
    table: Rate = Field(description="The normal table bot with the twists.")
    plain_search: Rate = Field(description="The proxy without them.")
    plain_table: Rate = Field(description="The normal table bot without them.")
    effect: float = Field(ge=-2, le=2)
    low: float = Field(ge=-2, le=2)
    high: float = Field(ge=-2, le=2)
    changes: bool

    def to_yaml(self) -> dict:
        out = self.model_dump()
        out["twists"] = [t.to_yaml() for t in self.twists]
        return out


class TurningPoint(Strict):
    """Where a turning-point scenario comes from: the seeded bot game (the setup's seed, these bots, each
    seeded by `bot_seed(seed, seat)`) whose first `len(setup.moves)` moves lead to its start, and why that
    moment is open: the normal table bot and the searching proxy at the person's seat, from there."""

    played_by: Seats = Field(min_length=1, description="The bot at every seat of the game it was found in.")
    table: Rate
    search: Rate


class Scenario(Strict):
    id: str = Field(pattern=ID)
    title: str = Field(min_length=1, max_length=60)
    players: int = Field(ge=1)
    seats: Seats = Field(min_length=1, description="'you' at the person's seat, a bot spec at every other.")
    options: dict[str, Any] = Field(default_factory=dict)
    setup: Setup
    objective: Objective = Field(default_factory=Objective)
    twists: Twists = Field(default_factory=list, max_length=MAX_TWISTS)
    graded: Grade | None = None
    turning_point: TurningPoint | None = Field(default=None, description="A start in the middle of a seeded bot game.")
    twist_check: TwistCheck | None = Field(default=None, description="Whether the twists change how it is played.")

    @property
    def seat(self) -> int:
        """The person's seat (the one marked `you`)."""
        return self.seats.index("you")

    @property
    def stars(self) -> int | None:
        return self.graded.stars if self.graded is not None else None

    def to_yaml(self) -> dict:
        out: dict[str, Any] = {"id": self.id, "title": self.title, "players": self.players, "seats": list(self.seats)}
        if self.options:
            out["options"] = dict(self.options)
        out["setup"] = self.setup.model_dump(exclude_none=True, exclude_defaults=False)
        if not self.setup.moves:
            out["setup"].pop("moves")
        out["objective"] = self.objective.to_yaml()
        if self.twists:
            out["twists"] = [t.to_yaml() for t in self.twists]
        if self.graded is not None:
            out["graded"] = self.graded.model_dump()
        if self.turning_point is not None:
            out["turning_point"] = self.turning_point.model_dump()
        if self.twist_check is not None:
            out["twist_check"] = self.twist_check.to_yaml()
        return out


class PuzzleChance(Strict):
    """A best-chance puzzle: no choice wins whatever the dice; the answer's exact chance of winning and the
    next best choice's (as printed: 0.72 and 0.41 read 72% against 41%)."""

    best: float = Field(gt=0, lt=1)
    next: float = Field(ge=0, lt=1)

    @model_validator(mode="after")
    def _best_first(self) -> "PuzzleChance":
        if self.next >= self.best:
            raise ValueError(f"the best chance ({self.best}) must be above the next best ({self.next})")
        return self


class Puzzle(Strict):
    id: str = Field(pattern=ID)
    title: str = Field(min_length=1, max_length=60)
    options: dict[str, Any] = Field(default_factory=dict)
    seed: int = Field(default=0, ge=0, le=MAX_SEED, description="Seeds the position's generator (an ambush's random nugget).")
    position: dict[str, Any]
    solution: list[str] = Field(min_length=1, description="The proved line, both sides, in action notation.")
    first_turn: int = Field(ge=1, description="How many of the solution's actions make the winner's first turn.")
    turns: int = Field(ge=1, description="The winner's turns in the solution.")
    wrong: int = Field(ge=0, description="Plausible wrong choices in the first turn (ones that do not lose at once).")
    stars: int = Field(ge=1, le=5)
    node_limit: int = Field(ge=1, description="The solver's node budget for each proof.")
    seats: Seats | None = Field(default=None, description="'you' at the person's seat, the printed bot at every "
                                    "other; none: the exact solver plays the other seat.")
    chance: PuzzleChance | None = Field(default=None, description="A best-chance puzzle (Way Out West): the first "
                                        "action asked for has the best chance, by this margin; none: it wins "
                                        "whatever the dice.")
    goal: Literal["win", "not_lose"] = Field(default="win", description="What the answer does: 'win' by force, or "
                                             "'not_lose' (every other first choice loses by force; the answer holds "
                                             "a draw or a win).")
    decoys: int = Field(default=0, ge=0, description="Wrong first choices that win against a weaker defence (the "
                                                     "defender taking the most money now), not against the best.")

    @model_validator(mode="after")
    def _turn_in_line(self) -> "Puzzle":
        if self.first_turn > len(self.solution):
            raise ValueError(f"first_turn ({self.first_turn}) is longer than the solution ({len(self.solution)} actions)")
        return self

    def to_yaml(self) -> dict:
        out = self.model_dump(exclude_defaults=False)
        if self.seats is None:
            del out["seats"]  # (a Longhorn puzzle: the solver defends)
        if self.chance is None:
            del out["chance"]  # (a puzzle won whatever the dice)
        for name in ("goal", "decoys"):  # (a puzzle to win, with no decoys counted: as the first 40 were written)
            if out[name] == type(self).model_fields[name].default:
                del out[name]
        return out


class Made(Strict):
    """How a generated file was made, so anyone can make it again."""

    command: str
    proxy: str | None = None
    note: str | None = None


# --- campaigns ------------------------------------------------------------------------------------
# A campaign: a chain of chapters, each a scenario of the game, whose setup depends on how the last one
# ended. A chapter's result is its scenario's objective met (won) or not (lost); the branch taken says
# which chapter comes next (none: the campaign ends) and what is carried into it: twists added to that
# chapter's scenario (money or loot carried over, a rival's grudge, a wounded bandit: the game's own twist
# vocabulary) and, where it says so, the seats it is played with (a harder bot after a win).

MIN_CHAPTERS, MAX_CHAPTERS = 5, 8
START = "start"  # the way into the first chapter


class Branch(Strict):
    """Where a result leads, and what it carries into the next chapter."""

    next: str | None = Field(default=None, pattern=ID, description="The next chapter's id; none: the campaign ends.")
    twists: Twists = Field(default_factory=list, max_length=MAX_TWISTS, description="Added to the next chapter's scenario.")
    seats: Seats | None = Field(default=None, description="The next chapter's seats instead of its scenario's.")
    note: Text | None = Field(default=None, description="What the result carries, told when it happens.")

    def to_yaml(self) -> dict:
        out: dict[str, Any] = {}
        if self.next is not None:
            out["next"] = self.next
        if self.twists:
            out["twists"] = [t.to_yaml() for t in self.twists]
        if self.seats is not None:
            out["seats"] = list(self.seats)
        if self.note is not None:
            out["note"] = dict(self.note)
        return out


class Chapter(Strict):
    id: str = Field(pattern=ID)
    title: Text
    text: Text = Field(description="What is at stake, in Saloon's own words.")
    scenario: str = Field(pattern=ID, description="The id of a scenario in this game's scenario files.")
    won: Branch
    lost: Branch
    graded: dict[str, Grade] = Field(default_factory=dict, description="Per way in ('start' or 'CHAPTER:won|lost').")


class Campaign(Strict):
    id: str = Field(pattern=ID)
    title: Text
    intro: Text
    chapters: list[Chapter] = Field(min_length=MIN_CHAPTERS, max_length=MAX_CHAPTERS)

    def to_yaml(self) -> dict:
        return {"id": self.id, "title": dict(self.title), "intro": dict(self.intro), "chapters": [
            {"id": c.id, "title": dict(c.title), "text": dict(c.text), "scenario": c.scenario, "won": c.won.to_yaml(),
             "lost": c.lost.to_yaml(), **({"graded": {w: g.model_dump() for w, g in c.graded.items()}} if c.graded else {})}
            for c in self.chapters]}

    def chapter(self, ident: str) -> Chapter:
        return next(c for c in self.chapters if c.id == ident)

    def ways_in(self, ident: str) -> list[str]:
        """The ways into a chapter: 'start' for the first, 'CHAPTER:won|lost' for each branch leading to it."""
        ways = [START] if self.chapters[0].id == ident else []
        for c in self.chapters:
            for result in ("won", "lost"):
                if getattr(c, result).next == ident:
                    ways.append(f"{c.id}:{result}")
        return ways


class ScenarioFile(Strict):
    game: str
    made: Made | None = None
    scenarios: list[Scenario] = Field(default_factory=list)
    puzzles: list[Puzzle] = Field(default_factory=list)
    campaigns: list[Campaign] = Field(default_factory=list)

    @model_validator(mode="after")
    def _not_empty(self) -> "ScenarioFile":
        if not self.scenarios and not self.puzzles and not self.campaigns:
            raise ValueError("a scenario file needs at least one entry under 'scenarios', 'puzzles' or 'campaigns'")
        return self

    def entries(self) -> list:
        return [*self.scenarios, *self.puzzles]


def slug_ok(text: str) -> bool:
    return re.match(ID, text) is not None
