"""Turning-point scenarios: a start in the middle of a seeded bot game, where the first decisions matter.

1. Seeded bot games: for game k of a run, the person's seat and the bots at the other seats are drawn
   (the printed tables), the game is dealt with a drawn seed and played by those bots with the normal
   table bot (`TABLE_BOT`) in the person's seat, each bot seeded by `bot_seed(seed, seat)`.
2. Moments: the person's seat at the first decision of one of its turns or rounds (the game's
   `TurningSpec.moment`), in the middle of the game (progress between `EARLIEST` and `LATEST`), and
   behind or level (its score now no better than the best other's). Up to `PER_GAME` are drawn per game.
3. Open: from that moment, `probe` seeded games with the normal table bot in the person's seat and as
   many with the searching proxy. A turning point is a moment whose outcome is still open (the proxy
   wins between `OPEN_LOW` and `OPEN_HIGH` of them) and where the decisions matter (the proxy wins at
   least `GAIN` more often than the table bot, which plays as if nothing were at stake).
4. The open moments with the largest gain are graded like every generated scenario (the proxy's
   seeded games, `grading.play`), the trivially won or lost dropped, a spread of stars kept.

The scenario's setup is the bot game's seed and its moves up to the moment (`setup.moves`): the same
position in the book, in the referee and in grading; `turning_point` names the bots that played it, so
a test can play that game again and find the same moves. Everything depends on the seed and counts.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from ..bots import make_bot
from ..content import load_content
from ..errors import UsageError
from ..schema.scenarios import Made, Rate, Scenario, ScenarioFile, TurningPoint
from ..sim.seeds import bot_seed
from .generate import available_bots, title_of
from .grading import Item, grade_of, play, stars_for, trivial
from .grading import spread as spread_by_stars
from .setup import load_scenario_game, seated, start_json, start_state
from .vocab import Vocabulary, vocabulary
from ..words.scenarios import bot_words

TABLE_BOT = "table:normal"  # the printed bot a person would be if they played as in a normal game
EARLIEST, LATEST = 0.25, 0.8  # the part of the game a turning point is looked for in
OPEN_LOW, OPEN_HIGH = 0.15, 0.85  # the proxy's rate from there: the outcome still open
GAIN = 0.15  # the proxy's rate over the table bot's, at least: the decisions from there matter
PER_GAME = 2  # moments of one bot game probed at most (drawn among its moments)
FILE = "turning_points.yaml"


@dataclass
class Found:
    file: ScenarioFile
    bot_games: int
    moments: int  # moments probed
    open: int  # of them open
    games: int  # games played in all (bot games, probes, grading)


def _spec(vocab: Vocabulary):
    if vocab.turning is None:
        raise UsageError(f"{vocab.game} has no turning points (its scenario vocabulary names no moments)")
    return vocab.turning


def played_by(scenario: Scenario) -> list[str]:
    """The bot at every seat of the game a turning point was found in."""
    assert scenario.turning_point is not None
    return list(scenario.turning_point.played_by)


def bot_game(game, seats: list[str], players: int, seed: int, stop: Callable | None = None, limit: int = 100_000) -> list[str]:
    """The moves of the seeded bot game (`seats`: a bot spec at every seat), to the end or to the first
    position where `stop(state, index)` says so."""
    bots = [make_bot(spec, bot_seed(seed, i)) for i, spec in enumerate(seats)]
    state = game.new_game(players, seed)
    state.narrate = False
    moves: list[str] = []
    while not state.is_over and len(moves) < limit:
        if stop is not None and stop(state, len(moves)):
            break
        action = bots[state.current_player].choose(state)
        moves.append(str(action))
        state.apply(action)
    return moves


def moments(game, vocab: Vocabulary, seats: list[str], players: int, seed: int, seat: int) -> tuple[list[tuple[int, float]], list[str]]:
    """(move index, progress) of every turning-point moment of the bot game (the seat's first decision of a
    turn or round, in the middle of the game, behind or level), and the game's moves."""
    spec = _spec(vocab)
    found: list[tuple[int, float]] = []
    seen: set[float] = set()

    def look(state, index: int) -> bool:
        if spec.moment(state, seat):
            progress = round(spec.progress(state), 4)
            if progress not in seen:
                seen.add(progress)
                mine, best = spec.standing(state, seat)
                if EARLIEST <= progress <= LATEST and mine <= best:
                    found.append((index, progress))
        return False

    moves = bot_game(game, seats, players, seed, look)
    return found, moves


def find(game_name: str, count: int, seed: int, jobs: int = 1, bot_games: int | None = None, probe: int = 8,
         games: int | None = None, progress: Callable[[int], None] | None = None, root: Path | None = None) -> Found:
    content = load_content(game_name, root)
    vocab = vocabulary(game_name)
    _spec(vocab)
    games = games or vocab.grading_games
    bot_games = bot_games or 8 * count
    rng = random.Random(f"saloon-turning/{game_name}/{seed}")
    bots = available_bots(content, vocab)
    base = load_scenario_game(content, {})
    players = vocab.players
    items: list[Item] = []
    seen: set[str] = set()
    for k in range(bot_games):
        seat = rng.randrange(players)
        seats = [rng.choice(bots) for _ in range(players)]
        seats[seat] = "you"
        deal = rng.randrange(1_000_000)
        by = [TABLE_BOT if s == "you" else s for s in seats]
        sc = Scenario.model_validate({"id": f"t{k}", "title": "candidate", "players": players, "seats": seats,
                                      "setup": {"seed": deal}, "objective": {"result": "win"}})
        g = seated(base, sc)
        found, moves = moments(g, vocab, by, players, deal, seat)
        for m, (index, _) in enumerate(sorted(rng.sample(found, min(PER_GAME, len(found))))):
            at = sc.model_copy(update={"setup": sc.setup.model_copy(update={"moves": moves[:index]}), "turning_point": TurningPoint(
                played_by=by, table=Rate(bot=TABLE_BOT, games=1, wins=0), search=Rate(bot=vocab.proxy, games=1, wins=0))})
            start = start_json(start_state(g, at))
            if start in seen:
                continue
            seen.add(start)
            items.append(Item(at, start, random.Random(f"saloon-turning-grade/{game_name}/{seed}/{k}/{m}").getrandbits(31)))
    if progress:
        progress(bot_games)
    played = bot_games
    # open? the table bot and the proxy from each moment (the proxy's games are the grading's first games)
    tables = [Item(it.scenario, it.start, it.seed) for it in items]
    play(game_name, tables, TABLE_BOT, 0, probe, jobs, progress, root=root)
    play(game_name, items, vocab.proxy, 0, probe, jobs, progress, root=root)
    played += 2 * probe * len(items)
    measured = []
    for it, tb in zip(items, tables):
        gain = it.rate - tb.rate
        tp = TurningPoint(played_by=played_by(it.scenario), table=Rate(bot=TABLE_BOT, games=probe, wins=tb.wins),
                          search=Rate(bot=vocab.proxy, games=probe, wins=it.wins))
        it.scenario = it.scenario.model_copy(update={"turning_point": tp})
        if OPEN_LOW <= it.rate <= OPEN_HIGH and gain >= GAIN:
            measured.append((gain, it))
    measured.sort(key=lambda t: -t[0])
    chosen = spread_by_stars([it for _, it in measured], count + max(2, count // 3), lambda it: stars_for(it.rate))
    play(game_name, chosen, vocab.proxy, probe, games, jobs, progress, root=root)
    played += len(chosen) * (games - probe)
    kept = spread_by_stars([it for it in chosen if not trivial(it.wins, games)], count, lambda it: stars_for(it.rate))
    if not kept:
        raise UsageError(f"no turning point found in {bot_games} bot games ({len(items)} moments, {len(measured)} open); "
                         "try more --bot-games or another --seed")
    kept.sort(key=lambda it: (stars_for(it.rate), -it.rate, items.index(it)))
    scenarios = []
    for n, it in enumerate(kept, 1):
        sc = it.scenario.model_copy(update={"id": f"{vocab.id_prefix}t{n:02d}", "graded": grade_of(it, vocab.proxy)})
        g = seated(base, sc)
        scenarios.append(sc.model_copy(update={"title": title_of(sc, vocab, g)}))
    command = f"saloon scenarios turning {game_name} --count {count} --seed {seed} --bot-games {bot_games} --probe {probe} --games {games}"
    made = Made(command=command, proxy=vocab.proxy,
                note=f"the person's seat played by {vocab.proxy} ({bot_words(vocab.proxy)}) in every graded game")
    return Found(ScenarioFile(game=game_name, made=made, scenarios=scenarios), bot_games, len(items), len(measured), played)
