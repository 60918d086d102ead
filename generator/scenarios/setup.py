"""A scenario's starting position: the seeded deal (or a fixed position), the opening moves played
from it through the engine, then the twists applied to the engine's snapshot (`to_json`/`from_json`).
The same scenario always gives the same position, generator state included."""

from __future__ import annotations

import json
import random
from typing import Any

from ..bots import seated_for
from ..engine.core import Game, State
from ..errors import IllegalAction, OptionError, RecordError
from ..games import game_of
from ..schema.common import GameContent
from ..schema.scenarios import Puzzle, Scenario
from . import ScenarioError
from .vocab import Ctx, vocabulary


def load_scenario_game(content: GameContent, options: dict[str, Any]) -> Game:
    """The game a scenario is played on: its content with the scenario's options."""
    return game_of(content, **options)


def twist_rng(scenario: Scenario) -> random.Random:
    return random.Random(f"saloon-twists/{scenario.setup.seed}")


def context(game: Game, scenario: Scenario, lang: str = "en") -> Ctx:
    return Ctx(game, scenario.players, scenario.seat, twist_rng(scenario), tuple(scenario.twists), lang)


def from_position(game: Game, position: dict, seed: int, where: str = "position") -> State:
    """A fixed position (the engine's `state_to_json()`), its generator seeded with `seed`."""
    try:
        state = game.state_from_json(position)
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise ScenarioError(f"{where} cannot be read: {type(exc).__name__}: {exc}") from None
    state.rng = random.Random(seed)
    state.seed = seed
    state.history = []
    return state


def dealt(game: Game, scenario: Scenario) -> State:
    """The position before the twists: the deal (or the fixed position) and the opening moves."""
    setup = scenario.setup
    if setup.position is not None:
        state = from_position(game, setup.position, setup.seed, "setup.position")
    else:
        state = game.new_game(scenario.players, setup.seed)
    for i, text in enumerate(setup.moves):
        try:
            state.play(text)
        except IllegalAction as exc:
            raise ScenarioError(f"setup.moves[{i}] {text!r}: {exc}") from None
    return state


def apply_twists(game: Game, scenario: Scenario, state: State) -> State:
    if not scenario.twists:
        return state
    vocab = vocabulary(game.name)
    ctx = context(game, scenario)
    data = state.to_json()
    for i, twist in enumerate(scenario.twists):
        spec = vocab.spec(twist.kind)
        if spec is None:
            raise ScenarioError(f"twists[{i}]: {game.name} has no twist {twist.kind!r}")
        try:
            spec.apply(data["state"], twist, ctx)
        except ValueError as exc:
            raise ScenarioError(f"twists[{i}] {twist.kind}: {exc}") from None
    try:
        return game.from_json(data)
    except RecordError as exc:
        raise ScenarioError(f"twists: the changed position cannot be read back ({exc})") from None


def start_state(game: Game, scenario: Scenario) -> State:
    """The scenario's starting position on `game` (loaded with the scenario's options)."""
    return apply_twists(game, scenario, dealt(game, scenario))


def seated(game: Game, scenario: Scenario) -> Game:
    """`game` with the bot-seat rules at each seat whose decision table is measured and printed with
    them (Colt Express: a bot bandit flips its own deck, or plays an open hand, as its sheet says), so
    the deal, the grading and the game on screen all play the bot the book prints."""
    return seated_for(game, [None if seat == "you" else seat for seat in scenario.seats])


def turning_facts(game: Game, scenario: Scenario, lang: str = "en") -> dict:
    """The situation at a turning-point scenario's start, in `lang`: the values the game's words quote
    (templates/<lang>/scenarios.yaml `turning`: the turn or round, the scores, a contested town...)."""
    spec = vocabulary(game.name).turning
    if spec is None:
        raise ScenarioError(f"{game.name} has no turning points")
    own, state = scenario_start(game.content, scenario)  # its own seats' rules (a bot seat may play its hand open)
    return spec.facts(state, scenario.seat, Ctx(own, scenario.players, scenario.seat, lang=lang))


def scenario_start(content: GameContent, scenario: Scenario) -> tuple[Game, State]:
    try:
        game = seated(load_scenario_game(content, scenario.options), scenario)
    except OptionError as exc:
        raise ScenarioError(f"options: {exc}") from None
    return game, start_state(game, scenario)


def start_json(state: State) -> str:
    """The snapshot a grading job starts from (JSON text: plain data, pickles and caches well)."""
    return json.dumps(state.to_json(), sort_keys=True, separators=(",", ":"))


def puzzle_state(game: Game, puzzle: Puzzle) -> State:
    """The puzzle's position, its generator seeded with the puzzle's seed."""
    return from_position(game, puzzle.position, puzzle.seed)


def puzzle_game(content: GameContent, puzzle: Puzzle) -> Game:
    """The game a puzzle is proved and played on: its options, and the bot-seat rules of its printed bots."""
    game = load_scenario_game(content, puzzle.options)
    return seated_for(game, [None if s == "you" else s for s in puzzle.seats]) if puzzle.seats else game


def puzzle_seats(puzzle: Puzzle, state: State) -> list[str]:
    """Who sits where: the puzzle's seats, or the person to move against the exact solver."""
    me = state.current_player
    return list(puzzle.seats) if puzzle.seats else ["you" if i == me else "solver" for i in range(state.num_players)]


def start_of(content: GameContent, entry: Scenario | Puzzle) -> tuple[Game, State, list[str], int]:
    """The game, starting position, seats and seed of a scenario or puzzle."""
    if isinstance(entry, Puzzle):
        g = puzzle_game(content, entry)
        state = puzzle_state(g, entry)
        return g, state, puzzle_seats(entry, state), entry.seed
    g, state = scenario_start(content, entry)
    return g, state, list(entry.seats), entry.setup.seed
