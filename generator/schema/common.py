"""Shared content models: strict base, game metadata, options and localised text."""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal, Protocol

from pathlib import Path

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, PrivateAttr, field_validator, model_validator

from .texts import text_problem


# Upper bounds for every number and list in content. Generous beside the real games (each is several
# times the largest value they print), small enough that no kit, game or simulation grows without end:
# a million posters or $10**9 is a content error, not an out-of-memory crash.
MAX_PLAYERS = 16  # seats at one table (no game here takes more than 6)
MAX_COUNT = 100  # pieces of one kind in a kit: cards, tokens, cattle, notes, posters (real: at most 30)
MAX_SIZE = 30  # sizes that set a game's length or the width of its choices: towns, wagons, rounds, hands, moves
MAX_AMOUNT = 10_000  # money, values, points and bonuses (real: at most $1000)
MAX_ITEMS = 100  # entries in one list of components
MAX_OPTION_CHOICES = 20
MAX_OPTION_NUMBER = 1_000_000
MAX_SEED = 2**63 - 1  # a seed a save can hold (saves keep whole numbers of at most 63 bits)

Count = Annotated[int, Field(ge=0, le=MAX_COUNT)]
Amount = Annotated[int, Field(ge=0, le=MAX_AMOUNT)]
PlayerCount = Annotated[int, Field(ge=1, le=MAX_PLAYERS)]


class Strict(BaseModel):
    """Base of every content model: unknown keys are errors, values are immutable."""

    model_config = ConfigDict(extra="forbid", frozen=True)


def _needs_english(value: dict[str, str]) -> dict[str, str]:
    if len(value) > 20:
        raise ValueError(f"text in {len(value)} languages; at most 20")
    if "en" not in value:
        raise ValueError("text needs an 'en' entry (English first; other languages may follow)")
    for lang, text in value.items():
        if not text.strip():
            raise ValueError(f"text for language {lang!r} is empty")
        problem = text_problem(text)
        if problem is not None:
            raise ValueError(f"text for language {lang!r}: {problem}")
    return value


Text = Annotated[dict[str, str], AfterValidator(_needs_english)]
"""Short text in our own words, keyed by language code: {en: "...", es: "..."}."""


class PlayerRange(Strict):
    min: int = Field(ge=2, le=MAX_PLAYERS, description="Every game here needs an opponent: a person or a bot.")
    max: int = Field(ge=1, le=MAX_PLAYERS)

    @model_validator(mode="after")
    def _ordered(self) -> "PlayerRange":
        if self.max < self.min:
            raise ValueError(f"max ({self.max}) is below min ({self.min})")
        return self


class GameMeta(Strict):
    id: str
    title: str
    designer: str
    year: int = Field(ge=0, le=9999)
    players: PlayerRange
    summary: Text


def _option_value(value: Any) -> None:
    """Option values are plain: text, a bounded number or true/false (never null, lists or maps)."""
    if isinstance(value, bool):
        return
    if isinstance(value, (int, float)):
        if not (value == value and abs(value) <= MAX_OPTION_NUMBER):
            raise ValueError(f"option value {value!r} is outside -{MAX_OPTION_NUMBER:,}..{MAX_OPTION_NUMBER:,}")
        return
    if isinstance(value, str):
        if len(value) > 100:
            raise ValueError(f"option value has {len(value)} characters (at most 100)")
        return
    raise ValueError(f"option values are text, numbers or true/false, not {'null' if value is None else type(value).__name__}")


class OptionSpec(Strict):
    """A rule the digest leaves open (tagged [default]) or a variant: a named choice with a default."""

    default: Any
    choices: list[Any] | None = Field(default=None, max_length=MAX_OPTION_CHOICES)
    help: str = Field(min_length=1, description="One line: what the default does and what the alternative is.")
    tag: str = Field(default="default", pattern="^(default|variant|seed|sourced)$")

    @model_validator(mode="after")
    def _default_is_a_choice(self) -> "OptionSpec":
        for value in [self.default, *(self.choices or [])]:
            _option_value(value)
        if self.choices is not None and self.default not in self.choices:
            raise ValueError(f"default {self.default!r} is not one of the choices {self.choices!r}")
        return self


OPS = ("=", "!=", "<", "<=", ">", ">=")
_COND = re.compile(r"^\s*([a-z][a-z0-9_]*)\s*(!=|<=|>=|=|<|>)\s*(\d{1,3})\s*$")


class Condition(Strict):
    feature: str
    op: str
    value: int

    def holds(self, x: int) -> bool:
        op, v = self.op, self.value
        if op == "=":
            return x == v
        if op == "!=":
            return x != v
        if op == "<":
            return x < v
        if op == "<=":
            return x <= v
        if op == ">":
            return x > v
        return x >= v

    def __str__(self) -> str:
        return f"{self.feature} {self.op} {self.value}"


def parse_condition(text: Any) -> Condition:
    if isinstance(text, Condition):
        return text
    if isinstance(text, dict):  # a dumped Condition read back
        return Condition.model_validate(text)
    m = _COND.match(str(text)) if isinstance(text, str) else None
    if not m:
        raise ValueError(f"condition {text!r}: expected 'feature op number' with op one of {' '.join(OPS)}")
    return Condition(feature=m.group(1), op=m.group(2), value=int(m.group(3)))


class FeatureSpec(Strict):
    """One word of a game's decision-table vocabulary: what a person counts or checks at the table.

    The engine computes it (engine/<game>/features.py) from the bot seat's own observation; this is
    its printed text. A `count` reads as a number ("cattle of that colour here"), a `flag` as a
    yes/no clause ("it takes the sheriff").
    """

    text: Text
    kind: str = Field(pattern="^(count|flag)$")
    decisions: list[str] = Field(min_length=1, max_length=MAX_ITEMS, description="The decision kinds it can be asked at.")
    icon: str | None = None
    effort: Literal["spot", "row", "board", "lookahead"] = Field(description=(
        "What a person does to read it for one choice: look at one spot, count a row or a few places, scan "
        "the whole board, or play the choice out in their head and then look (the seconds: `EffortSeconds`)."))
    per: Literal["candidate", "position"] = Field(default="candidate", description=(
        "candidate: read for each choice; position: one reading serves every choice (a fact of the position)."))
    negated: Text | None = Field(default=None, description=(
        "A flag's clause when it does not hold, said positively where the words allow ('the sheriff is elsewhere', "
        "'it is the sheriff or a guard' for 'it is a cowboy'): what a sheet says for `= 0` and for a key that "
        "prefers the flag off."))
    says: Text | None = Field(default=None, description=(
        "A count as a clause where a sheet tests it: {{ n }} is the number with its comparison ('at least 3'), "
        "{{ v }} the number and {{ op }} the comparison apart ('the bot has {{ op }}${{ v }}'), so a text may choose "
        "with {% if v == 1 %} (without it: 'there are {{ n }} <text>', in the language's words)."))


class TermSpec(Strict):
    """A word the bot sheets use with a meaning of their own ("outgunned"): the how-to page prints the
    `word` and its `definition`; `match`, where a language's texts inflect the word (ja 即座に勝て for
    即座に勝つ), is what they contain instead (content checks that some feature or decision text does)."""

    word: Text
    definition: Text
    match: dict[str, str] = Field(default={}, max_length=20)

    def matched(self, lang: str) -> str:
        """What a text in `lang` contains where it uses the term."""
        return self.match.get(lang) or self.word.get(lang, self.word["en"])


class FigureSpec(Strict):
    """A sensible-play figure `tables eval` and `tables effort` measure of a table's choices, from the
    features of the choice it made at each decision of `kind`: `count` (a game) of the choices meeting
    every condition of `when`; their `share` of the kind's decisions; the `mean` of `feature` over the
    kind's decisions; or `feature` at the `last` such decision of a game (averaged over games)."""

    text: Text
    kind: str
    how: Literal["count", "share", "mean", "last"]
    when: list[Condition] = Field(default_factory=list, max_length=3)
    feature: str | None = None

    @field_validator("when", mode="before")
    @classmethod
    def _conditions(cls, v: Any) -> Any:
        return [parse_condition(x) for x in v] if isinstance(v, list) else v

    @model_validator(mode="after")
    def _needs(self) -> "FigureSpec":
        if self.how in ("mean", "last") and self.feature is None:
            raise ValueError(f"a {self.how} figure names the feature it takes")
        if self.how in ("count", "share") and not self.when:
            raise ValueError(f"a {self.how} figure gives the conditions (when) of the choices it counts")
        return self


class EffortSeconds(Strict):
    """How many seconds a person spends, by what they do, running a printed table: the scale on which a
    table's effort is measured (`tables eval`) and printed. Set from the new user's timed decisions
    (issue 35: Colt Express 10-20 s a decision, Longhorn's "where to ride" 1-3 minutes, Way Out West's
    "which action box" 30-90 s) over the features those sheets asked."""

    spot: float = Field(ge=0, le=600)
    row: float = Field(ge=0, le=600)
    board: float = Field(ge=0, le=600)
    lookahead: float = Field(ge=0, le=600)
    rule: float = Field(ge=0, le=600, description="reading one rule of the sheet")
    tie_first: float = Field(ge=0, le=600, description="a tie broken by the printed order")
    tie_d6: float = Field(ge=0, le=600, description="a tie broken by a die")


class DecisionSpec(Strict):
    """A kind of decision a bot table makes (Longhorn: steal, move, ...), with its printed wording."""

    name: Text
    choices: Text = Field(description="What the candidates are, e.g. 'each colour on the pawn's ranch'.")
    order: Text = Field(description="The printed order a tie-break counts along, e.g. 'reading order A1, B1, C1, A2 ...'.")
    icon: str | None = None


class SoloSpec(Strict):
    """Game-specific lines of the printed "how to play solo" page (the general steps are a template)."""

    steps: list[Text] = Field(min_length=1, max_length=MAX_ITEMS)
    modes: dict[str, Text] = Field(default={}, max_length=MAX_ITEMS,
                                   description="A line per bot-seat mode (a table's bot_hand: flip, open), printed on each bot sheet of that mode.")
    head_start: Text | None = Field(default=None, description=(
        "The line printed on the sheet of a level with a head start (a table's head_start, the option head_start): "
        "{{ amount }} is the amount as printed."))


class GameContent(Strict):
    """What every game's content has; each game's `Content` extends it.

    Loaded content is a value that knows where it came from: the game it was loaded for and the content
    root it was read from (None: the game's own folder, built in), so a game's decision tables and
    scenarios are read from beside it whatever folder (`--content DIR`) it came from, on whatever
    machine the value is sent to (content.folder_of finds the folder there)."""

    game: GameMeta
    options: dict[str, OptionSpec] = Field(default={}, max_length=MAX_ITEMS)
    features: dict[str, FeatureSpec] = Field(default={}, max_length=MAX_ITEMS)
    effort: EffortSeconds | None = Field(default=None, description="the seconds of each kind of reading (a game with tables)")
    terms: dict[str, TermSpec] = Field(default={}, max_length=MAX_ITEMS, description="words the bot sheets define")
    figures: dict[str, FigureSpec] = Field(default={}, max_length=MAX_ITEMS, description="sensible-play figures of a table's games")
    decisions: dict[str, DecisionSpec] = Field(default={}, max_length=MAX_ITEMS)
    solo: SoloSpec | None = None
    _source: tuple[str, Path | None] | None = PrivateAttr(default=None)  # (the registered game, its content root)

    def came_from(self, game: str, root: Path | None) -> None:
        """Record where this content was loaded from (the loader calls it once)."""
        self._source = (game, root)

    @property
    def game_name(self) -> str:
        """The registered game this content was loaded for."""
        if self._source is None:
            raise ValueError(f"{self.game.title}: content built in memory, not loaded from a folder")
        return self._source[0]

    @property
    def root(self) -> Path | None:
        """The content root this content was read from (`--content DIR`); None: the game's own folder."""
        if self._source is None:
            raise ValueError(f"{self.game.title}: content built in memory, not loaded from a folder")
        return self._source[1]

    def components(self) -> list[tuple[str, int]]:
        """(component kind, count) pairs, for `saloon games` and the kit cover page."""
        raise NotImplementedError(f"{type(self).__name__} must list its components")

    def option_defaults(self) -> dict[str, Any]:
        return {name: spec.default for name, spec in self.options.items()}


class OptionText(Strict):
    """A printed text that depends on a rule option: one text per value of `option`.

    `texts[value]` is null where that reading needs no text at all (the line is then left out).
    """

    option: str
    texts: dict[str, Text | None]

    def pick(self, options: dict[str, Any]) -> dict[str, str] | None:
        return self.texts.get(options[self.option])


def pick_text(text: "dict[str, str] | OptionText", options: dict[str, Any]) -> dict[str, str] | None:
    """The text printed under these option values (a plain text is the same under all)."""
    return text.pick(options) if isinstance(text, OptionText) else text


def check_option_text(text: Any, options: dict[str, OptionSpec], where: tuple) -> list[tuple[tuple, str]]:
    """An OptionText must name an option and give a text for exactly its values."""
    if not isinstance(text, OptionText):
        return []
    spec = options.get(text.option)
    if spec is None:
        return [(where + ("option",), f"no option {text.option!r}; options are {', '.join(sorted(options))}")]
    want = [str(v) for v in spec.choices or []]
    problems = []
    for value in want:
        if value not in text.texts:
            problems.append((where + ("texts",), f"no text for {text.option}={value}"))
    for value in text.texts:
        if value not in want:
            problems.append((where + ("texts", value), f"{value!r} is not a value of option {text.option} ({', '.join(want)})"))
    return problems


def check_vocabulary(content: GameContent) -> list[tuple[tuple, str]]:
    """Every feature names decision kinds the game has."""
    problems = []
    for name, spec in content.features.items():
        for i, kind in enumerate(spec.decisions):
            if kind not in content.decisions:
                problems.append((("features", name, "decisions", i), f"no decision kind {kind!r}; kinds are {', '.join(content.decisions)}"))
    return problems


class SchemaModule(Protocol):
    """A game's content schema module (its descriptor's `schema`): the model and its cross-checks."""

    Content: type[GameContent]

    def check(self, content: Any) -> list[tuple[tuple, str]]:
        """Cross-file consistency problems, each with the path of the offending value."""
