"""The engine contract every game implements: Game (fixed rules and options) makes States.

Modelled on OpenSpiel's Game/State split. Rules never touch I/O: a Game is built from typed
content models (never YAML), a State owns its seeded `random.Random`, every decision is an Action
whose `str()` is a short notation that `State.parse` reads back, and the end of a game is an
`Outcome` with scores, winners and a reason.

A game's engine subclasses `Game` and `State`; its descriptor (generator/games/<game>.py) names the Game class.
"""

from __future__ import annotations

import copy
import random
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from enum import Enum
from collections.abc import Hashable
from typing import Any, ClassVar, Iterable

from ..errors import IllegalAction, OptionError, RecordError

ENGINE_VERSION = 1


class Action:
    """Base of every game's actions: immutable, hashable, `str()` is its notation.

    Games define frozen dataclasses (slots) that subclass this and implement `__str__`.
    """

    __slots__ = ()

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self}>"


class EndReason(str, Enum):
    """Why a game ended; one enum for all games so tables and records can compare them."""

    ARRESTED = "arrested"  # Longhorn: took the sheriff
    FULL_HERD = "full_herd"  # Longhorn: owns all 9 cattle of one colour
    NO_LEGAL_MOVE = "no_legal_move"  # Longhorn: the pawn cannot move
    ROUNDS_COMPLETE = "rounds_complete"  # Colt Express, Way Out West: last round played
    RESIGNED = "resigned"


@dataclass(frozen=True)
class Outcome:
    scores: tuple[float, ...]
    winners: tuple[int, ...]
    reason: EndReason
    detail: str = ""

    def reward(self, player: int) -> float:
        """1 for a sole win, 1/k for a win shared by k players, 0 otherwise (what bots maximise)."""
        return 1.0 / len(self.winners) if player in self.winners else 0.0

    def to_json(self) -> dict:
        return {
            "scores": list(self.scores),
            "winners": list(self.winners),
            "reason": self.reason.value,
            "detail": self.detail,
        }


def resolve_options(specs: dict[str, Any], given: dict[str, Any], game: str) -> dict[str, Any]:
    """Defaults from content, overridden by `given`; unknown names and values outside choices fail.

    `specs` maps option name to an object with `.default` and `.choices` (content's OptionSpec).
    """
    out = {name: spec.default for name, spec in specs.items()}
    for name, value in given.items():
        if name not in specs:
            known = ", ".join(sorted(specs)) or "none"
            raise OptionError(f"{game}: unknown option {name!r}; options are: {known}")
        choices = specs[name].choices
        if choices is not None and value not in choices:
            # values given on the command line arrive as text
            match = [c for c in choices if str(c).lower() == str(value).lower()]
            if not match:
                raise OptionError(f"{game}: option {name}={value!r} is not one of {choices!r}")
            value = match[0]
        out[name] = value
    return out


def parse_head_start(value: Any, game: str) -> dict[int, int]:
    """Option `head_start` ("2:1500,3:1500": seat numbers from 1, each with its amount; "" for none)
    as {0-based seat: amount}; one clear error otherwise."""
    text = str(value).strip()
    out: dict[int, int] = {}
    if not text or text.lower() == "none":
        return out
    for part in text.replace(" ", "").split(","):
        if not part:
            continue
        seat, _, amount = part.partition(":")
        if not (seat.isdigit() and amount.isdigit() and int(seat) >= 1):
            raise OptionError(f"{game}: option head_start={value!r}: expected seat:amount pairs, seats from 1, "
                              "comma-separated (e.g. 2:1500,3:1500)")
        out[int(seat) - 1] = int(amount)
    return out


class Game(ABC):
    """Fixed rules and options for one game; makes States."""

    name: ClassVar[str]
    min_players: int
    max_players: int

    def __init__(self, content: Any, **options: Any):
        self.content = content
        self.options = resolve_options(content.options, options, self.name)
        self.min_players = content.game.players.min
        self.max_players = content.game.players.max
        # option head_start, read once (a bad text fails here, before any game): {0-based seat: amount}
        self.head_starts = parse_head_start(self.options["head_start"], self.name) if "head_start" in self.options else {}
        self._head_started: dict[str, "Game"] = {}  # option head_start's text -> that game (with_head_start)

    def with_head_start(self, starts: dict[int, int]) -> "Game":
        """This game with option `head_start` giving each seat in `starts` (0-based seat -> amount) its
        head start, on top of any the game's options already give; kept, so its caches serve every
        game. What a head start is (dollars of loot, money, points) is the game's, named in the
        option's help; a game without the option has none."""
        if not starts:
            return self
        if "head_start" not in self.content.options:
            raise OptionError(f"{self.name} has no head starts (no option head_start)")
        merged = {**self.head_starts, **starts}
        text = ",".join(f"{s + 1}:{merged[s]}" for s in sorted(merged) if merged[s])
        if text == self.options["head_start"]:
            return self
        game = self._head_started.get(text)
        if game is None:
            game = self._head_started[text] = type(self)(self.content, **{**self.options, "head_start": text})
        return game

    bot_seats: frozenset[int] = frozenset()  # seats playing by the game's bot-seat rules, flipping a bot deck
    open_seats: frozenset[int] = frozenset()  # bot seats scheming from an open hand

    def with_bot_seats(self, seats: Iterable[int], open_seats: Iterable[int] = ()) -> "Game":
        """This game with bot-seat rules at `seats` (flipping) and `open_seats` (open hand); a game
        without bot-seat rules (its descriptor's capabilities.bot_seats) has none to give."""
        if not seats and not open_seats:
            return self
        raise OptionError(f"{self.name} has no bot-seat rules")

    def head_starts_for(self, players: int) -> dict[int, int]:
        """`head_starts` for a `players`-player game; one clear error for a seat past them."""
        far = [s for s in self.head_starts if s >= players]
        if far:
            raise OptionError(f"{self.name}: option head_start names seat {min(far) + 1}, but a {players}-player game "
                              f"has seats 1-{players}")
        return self.head_starts

    def check_players(self, players: int | None) -> int:
        if players is None:
            players = self.min_players
        if not self.min_players <= players <= self.max_players:
            raise OptionError(
                f"{self.name}: {players} players asked; this game takes "
                f"{self.min_players}-{self.max_players}"
            )
        return players

    def new_game(self, players: int | None = None, seed: int = 0) -> "State":
        players = self.check_players(players)
        self.head_starts_for(players)  # every seat given a head start sits at this table
        state = self._new_state(players, random.Random(seed))
        state.seed = seed
        state.history = []
        return state

    @abstractmethod
    def _new_state(self, players: int, rng: random.Random) -> "State":
        """Set up a fresh game using `rng` for every random choice of setup."""

    @abstractmethod
    def state_from_json(self, data: dict) -> "State":
        """Rebuild a State from `State.to_json()` output (without header checks)."""

    def from_json(self, data: dict) -> "State":
        if data.get("game") != self.name:
            raise RecordError(f"snapshot is for game {data.get('game')!r}, not {self.name!r}")
        try:
            state = self.state_from_json(data["state"])
            state.rng.setstate(_rng_state_from_json(data["rng"]))
            state.seed = data.get("seed", 0)
            state.history = list(data.get("history", []))
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise RecordError(f"{self.name} snapshot cannot be read: {type(exc).__name__}: {exc}") from exc
        return state

    def replay(self, record: "Record") -> "State":
        """Reproduce a game from its record, move by move; raises RecordError on a bad move."""
        if record.game != self.name:
            raise RecordError(f"record is for game {record.game!r}, not {self.name!r}")
        differ = {k: v for k, v in record.options.items() if self.options.get(k, v) != v}
        if differ:
            shown = ", ".join(f"{k}={v!r}" for k, v in differ.items())
            raise RecordError(f"record was played with {shown}; load the game with those options to replay it")
        state = self.new_game(record.players, record.seed)
        for i, text in enumerate(record.actions):
            try:
                state.play(text)
            except IllegalAction as exc:
                raise RecordError(f"record move {i + 1} {text!r}: {exc}") from exc
        return state


def _rng_state_to_json(st: tuple) -> list:
    version, internal, gauss = st
    return [version, list(internal), gauss]


def _rng_state_from_json(data: list) -> tuple:
    version, internal, gauss = data
    return (version, tuple(internal), gauss)


class State(ABC):
    """A position. Owns its random generator and the list of actions played to reach it."""

    game: Game
    rng: random.Random
    seed: int = 0
    history: list  # Actions played (or their notation, when rebuilt from a snapshot)

    # --- the contract ------------------------------------------------------------------------
    @property
    @abstractmethod
    def num_players(self) -> int: ...

    @property
    @abstractmethod
    def current_player(self) -> int | None:
        """The seat to decide now; None when the game is over."""

    @property
    def is_over(self) -> bool:
        return self.current_player is None

    @abstractmethod
    def legal_actions(self) -> list[Action]: ...

    @abstractmethod
    def _apply(self, action: Action) -> None:
        """Apply a legal action (no legality check; `play` checks)."""

    @abstractmethod
    def result(self) -> Outcome:
        """The outcome; raises EngineError before the game is over."""

    @abstractmethod
    def observation(self, player: int) -> dict:
        """What `player` may know, JSON-ready: nothing of another seat's hidden cards or values."""

    @abstractmethod
    def state_to_json(self) -> dict:
        """Everything needed to rebuild this exact position (the rng is saved separately)."""

    def determinize(self, player: int, rng: random.Random) -> "State":
        """A state consistent with `player`'s observation, hidden parts resampled with `rng`.

        Also reseeds the copy's generator from `rng`, so a bot never sees future chance outcomes.
        Perfect-information games keep the default (a clone with a fresh generator).
        """
        state = self.clone()
        state.reseed(rng.getrandbits(64))
        return state

    def reseed(self, seed: int) -> None:
        """Give this state a fresh generator seeded with `seed` (a game may make it only when it first
        draws; the draws are the same)."""
        self.rng = random.Random(seed)

    def heuristic(self, player: int) -> float:
        """A quick estimate in [0, 1] of how well `player` stands (for greedy bots and rollouts)."""
        return 0.5

    def search_guide(self) -> Any:
        """The playing policy and evaluation that guide the `mcts-guided` bot; None: the plain search."""
        return None

    def score_sheet(self) -> list[dict] | None:
        """The final score of each player broken down by source (the referee's end table); None: no breakdown."""
        return None

    def describe(self, action: Action) -> str:
        """A sentence narrating `action` in this position (before it is applied)."""
        return str(action)

    def full_narration(self) -> None:
        """Log every event a person at the table is told (the referee calls this); a game whose
        default log is shorter (kept short for its recorded playthroughs) logs more from now on."""

    def keep_frames(self) -> None:
        """From now on keep a copy of the position after each event one move resolves by itself (Colt
        Express: each card of the pile), for `take_frames`; the referee calls this to show the board as
        each event is told. A game whose moves resolve one event each keeps none."""

    def take_frames(self) -> list[tuple[int, "State"]]:
        """The positions kept since the last call, each with the event it follows (Colt Express: the card's
        number in the pile, as its log entry counts it), oldest first; the list starts again empty."""
        return []

    # --- shared machinery ------------------------------------------------------------------------
    def apply(self, action: Action) -> None:
        self._apply(action)
        self.history.append(action)

    def parse(self, text: str) -> Action:
        """The legal action whose notation is `text` (case and surrounding spaces ignored)."""
        want = " ".join(text.split()).lower()
        legal = self.legal_actions()
        for action in legal:
            if str(action).lower() == want:
                return action
        if self.is_over:
            raise IllegalAction(f"{text!r}: the game is over")
        shown = ", ".join(str(a) for a in legal[:12]) + (", ..." if len(legal) > 12 else "")
        raise IllegalAction(f"{text!r} is not legal here; legal: {shown}")

    def play(self, text: str) -> Action:
        action = self.parse(text)
        self.apply(action)
        return action

    def clone(self) -> "State":
        return copy.deepcopy(self)

    def position_key(self) -> Hashable | None:
        """The position as one hashable value, for a transposition table (equal keys, equal positions), where
        the game builds one faster than its JSON form; None: the JSON form serves (scenarios/exact.py)."""
        return None

    def to_json(self) -> dict:
        return {
            "game": self.game.name,
            "version": ENGINE_VERSION,
            "options": dict(self.game.options),
            "players": self.num_players,
            "seed": self.seed,
            "history": [str(a) for a in self.history],
            "rng": _rng_state_to_json(self.rng.getstate()),
            "state": self.state_to_json(),
        }

    def record(self) -> "Record":
        return Record(
            game=self.game.name,
            version=ENGINE_VERSION,
            options=dict(self.game.options),
            players=self.num_players,
            seed=self.seed,
            actions=[str(a) for a in self.history],
        )

    # --- the search interface: moves as small keys -------------------------------------------------
    def legal_keys(self) -> list:
        """The legal actions as small keys (ints, or tuples of ints), in `legal_actions()` order.

        Equal actions have equal keys in every state of the same game, so a search tree keeps its
        children by key across sampled worlds without building or hashing Action objects. The default
        key is the action itself; games override this with ints.
        """
        return self.legal_actions()

    def apply_key(self, key: Any) -> None:
        """Apply the legal action whose key is `key`, for search copies: no legality check, and the
        history may be left incomplete (games that override it do not record search moves)."""
        self.apply(key)

    def key_action(self, key: Any) -> Action:
        """The action a key stands for in this position (for search results)."""
        return key

    def random_playout(self, rng: random.Random, max_moves: int = 100_000) -> None:
        """Play uniformly random legal actions until the end (used by bots and benchmarks).

        Games may override this with a faster path that gives the same distribution of play; the
        history it leaves need not be complete (a playout's state is thrown away).
        """
        for _ in range(max_moves):
            if self.is_over:
                return
            actions = self.legal_actions()
            self.apply(actions[rng.randrange(len(actions))])
        raise RuntimeError(f"{self.game.name}: playout did not end within {max_moves} moves")


@dataclass
class Record:
    """Header + action strings: replaying it reproduces the game exactly."""

    game: str
    players: int
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    version: int = ENGINE_VERSION
    actions: list[str] = field(default_factory=list)

    def to_json(self) -> dict:
        return {
            "game": self.game,
            "version": self.version,
            "options": self.options,
            "players": self.players,
            "seed": self.seed,
            "actions": list(self.actions),
        }

    @classmethod
    def from_json(cls, data: Any) -> "Record":
        try:
            rec = cls(
                game=str(data["game"]),
                version=int(data.get("version", ENGINE_VERSION)),
                options=dict(data.get("options", {})),
                players=int(data["players"]),
                seed=int(data["seed"]),
                actions=[str(a) for a in data["actions"]],
            )
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise RecordError(f"record cannot be read: missing or bad field ({type(exc).__name__}: {exc})") from exc
        if rec.version != ENGINE_VERSION:
            raise RecordError(f"record has engine version {rec.version}; this Saloon plays version {ENGINE_VERSION}")
        return rec


def seat_rewards(outcome: Outcome, players: Iterable[int]) -> list[float]:
    return [outcome.reward(p) for p in players]
