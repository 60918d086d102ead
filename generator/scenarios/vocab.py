"""The shape of a game's scenario vocabulary: its twists (each a check, a printed line and a change
of the starting snapshot), the objective conditions it allows, and the menu the generator draws
candidates from. Each game's scenario module (its descriptor's `scenarios`) builds one `Vocabulary`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Callable

from .. import registry
from ..engine.core import Game, State
from ..schema.scenarios import Twist
from ..words.scenarios import say, thousands


@dataclass
class Ctx:
    """What a twist sees: the game (options applied), the seats, and a seeded generator for any
    choice the twist leaves to chance (which token is swapped in, say)."""

    game: Game
    players: int
    seat: int
    rng: random.Random = field(default_factory=lambda: random.Random(0))
    twists: tuple = ()  # every twist of the scenario (some read the others, e.g. tokens banned)
    lang: str = "en"  # the language of the printed lines (templates/<lang>/scenarios.yaml)

    @property
    def rivals(self) -> list[int]:
        return [p for p in range(self.players) if p != self.seat]

    def of_kind(self, kind: str) -> list[Twist]:
        return [t for t in self.twists if t.kind == kind]


@dataclass(frozen=True)
class TwistSpec:
    """One word of the vocabulary.

    check(twist, ctx) -> a problem or None (values, before any position exists);
    text(twist, ctx) -> the one printed line; title(twist, ctx) -> a few words for a scenario's title;
    apply(data, twist, ctx): changes the snapshot's state part (`State.to_json()["state"]`) in place,
    raising ValueError with a readable message when it cannot (e.g. no space left in that town).
    """

    kind: str
    check: Callable[[Twist, Ctx], str | None]
    text: Callable[[Twist, Ctx], str]
    title: Callable[[Twist, Ctx], str]
    apply: Callable[[dict, Twist, Ctx], None]


@dataclass(frozen=True)
class TurningSpec:
    """What a game calls a moment to start a turning-point scenario at, and how it says the situation.

    moment(state, seat) -> whether `seat` is at the first decision of one of its turns (Longhorn) or of a
    round (Colt Express, Way Out West): where a person can take over from a bot game;
    progress(state) -> how far the game is, 0 to 1 (turning points are looked for in the middle of a game);
    standing(state, seat) -> (the seat's score now, the best other score now), in the game's units;
    facts(state, seat, ctx) -> the values the words quote (templates/<lang>/scenarios.yaml `turning`):
    the turn or round, the scores, a contested town..., already in the context's language.
    """

    moment: Callable[[State, int], bool]
    progress: Callable[[State], float]
    standing: Callable[[State, int], tuple[float, float]]
    facts: Callable[[State, int, "Ctx"], dict[str, Any]]


@dataclass(frozen=True)
class Vocabulary:
    game: str
    id_prefix: str  # generated scenarios are named <prefix>01, <prefix>02 ...
    proxy: str  # the reference player's proxy that grades this game's scenarios
    twists: dict[str, TwistSpec]
    objective_fields: frozenset  # conditions beyond the result: min_score, margin, control, max_bullets
    seat_names: Callable[[Ctx], list[str]]
    propose: Callable[[random.Random, Game, list[str]], dict]  # a candidate's fields (generator)
    lineup_menu: tuple  # bot specs the generator seats (filtered by what exists, e.g. tables)
    players: int  # the player count generated scenarios use
    grading_games: int = 40  # default games per kept scenario
    screening_games: int = 12  # default games per candidate before the spread is chosen
    control: Callable[[State, int, str], bool] | None = None
    town_name: Callable[[Game, str], str] | None = None
    bullets: Callable[[State, int], int] | None = None
    turning: TurningSpec | None = None  # turning-point scenarios (generator/scenarios/turning.py)

    def spec(self, kind: str) -> TwistSpec | None:
        return self.twists.get(kind)

    def score(self, n: float, lang: str = "en") -> str:
        """'$1,500' or '12 VP' in `lang`."""
        return say(lang, f"score.{self.game}", n=thousands(n, lang))


def vocabulary(game: str) -> Vocabulary:
    """The scenario vocabulary of `game` (the `VOCABULARY` of the module its descriptor names)."""
    vocab: Vocabulary = registry.plugin(game, "scenarios").VOCABULARY
    return vocab


def twist_say(ctx: Ctx, kind: str, part: str, **values: Any) -> str:
    """A twist's printed line (`part` text) or title words (`title`) in the context's language."""
    return say(ctx.lang, f"twists.{ctx.game.name}.{kind}.{part}", **values)


def need(value: Any, kind: type, what: str) -> str | None:
    """A problem when `value` is not of `kind` (bools are not ints here)."""
    if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
        return f"expected {what} (a whole number), got {value!r}"
    if kind is str and not isinstance(value, str):
        return f"expected {what}, got {value!r}"
    if kind is bool and value is not True:
        return f"expected 'true' (this twist takes no value), got {value!r}"
    return None


def random_opening(game: Game, players: int, seed: int, rng: random.Random, phase: int) -> list[str]:
    """Opening moves drawn at random while the dealt game is in `phase` (characters chosen, first
    cowboys placed): the opening of a generated scenario, as notation."""
    state: Any = game.new_game(players, seed)  # (a game's own State: its `phase`)
    moves = []
    while state.phase == phase:
        action = rng.choice(state.legal_actions())
        moves.append(str(action))
        state.apply(action)
    return moves


def draft(rng: random.Random, game: Game, bots: list[str], players: int, twist: Callable, objective: Callable,
          opening_phase: int) -> dict:
    """A candidate's fields: your seat and the bots at the others, a seeded deal and its random
    opening, up to two twists (`twist(rng, game, taken)`) and an objective (`objective(rng, game)`)."""
    seat = rng.randrange(players)
    seats = [rng.choice(bots) for _ in range(players)]
    seats[seat] = "you"
    seed = rng.randrange(1_000_000)
    twists: list[dict] = []
    taken: set[str] = set()
    for _ in range(rng.choice((0, 1, 1, 2))):
        t = twist(rng, game, taken)
        twists.append(t)
        taken.add(next(iter(t)))
    moves = random_opening(game, players, seed, rng, opening_phase)
    return {"players": players, "seats": seats, "setup": {"seed": seed, "moves": moves},
            "objective": objective(rng, game), "twists": twists}


def flag_check(t: Twist, ctx: Ctx) -> str | None:
    """The check of a twist that takes no value (`strongbox: true`)."""
    return None if t.value is None or t.value is True else f"this twist takes no value: write '{t.kind}: true', not {t.value!r}"
