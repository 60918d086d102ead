"""`saloon tables tune` as a plain function: a level's table tuned for a player-count family by the search
(tune.py) against the level's opponents, from a start table, and written to the game's content with the
command that reproduces it."""

from __future__ import annotations

import math
from dataclasses import replace
from pathlib import Path
from typing import Any, Callable

from .. import registry
from ..bots import make_bot
from ..bots.vocabulary import FeatureVocabulary, vocabulary
from ..content import folder_of, game_tables, load_content, load_table, load_table_file, tables_dir
from ..errors import MAX_BUDGET, MAX_DEALS, UsageError, at_least, shorten
from ..games import game_of
from ..schema.common import GameContent
from ..schema.tables import LEVELS, Table, Tuned, table_file_name
from ..sim.dispatch import Runner
from ..sim.simulate import parse_seats
from .store import table_title, write_table
from .tune import LEVEL_SPECS, Requirement, decision_weights, family, tune


def _start_table(content: GameContent, start: str | None, players: int | None = None) -> Table | None:
    """A level's table (of the family holding `players`), a file in the game's content folder
    (tables/start/designer.yaml), or any file."""
    if start is None:
        return None
    if start in LEVELS:
        return load_table(content, start, players)
    in_content = folder_of(content) / start
    return load_table_file(in_content if in_content.is_file() else Path(start), content)


def player_counts(c: GameContent, text: str | None) -> tuple[int, ...]:
    """`--players`: one count (`3`) or a family (`2-3`), within the game's range; default the fewest."""
    game = c.game_name
    lo, hi = c.game.players.min, c.game.players.max
    if text is None:
        return (lo,)
    a, _, b = text.partition("-")
    try:
        first, last = int(a), int(b or a)
    except ValueError:
        raise UsageError(f"--players {text!r}: expected a count like 3 or a family like 2-3") from None
    if not lo <= first <= last <= hi:
        raise UsageError(f"--players {text!r}: {game} takes {lo}-{hi} players")
    return tuple(range(first, last + 1))


def run_tune(game: str, level: str, budget: int, seed: int, jobs: int, start: str | None, deals: int,
             out: Path | None, players: str | None = None,
             progress: Callable[[int], None] | None = None, backend: str = "local",
             ray_address: str | None = None, bot_hand: str | None = None,
             opponents: str | None = None, root: Path | None = None,
             effort_budget: float | None = None) -> tuple[Table, Path, Any]:
    """Compute the `level` table of `game` (content from `root`, or the built-in) and write it (to the
    content's tables folder by default); `bot_hand`: a bot seat's mode, flip or open (default: the start
    table's); `opponents`: the bots the search plays against, comma-separated (default: the level's);
    `effort_budget`: the median seconds a person may spend on a decision of each kind (tables/effort.py)."""
    if level not in LEVELS:
        raise UsageError(f"--level {level!r}: expected one of {', '.join(LEVELS)}")
    at_least("--budget", budget, 100, MAX_BUDGET)
    at_least("--jobs", jobs)
    at_least("--deals", deals, 10, MAX_DEALS)
    if effort_budget is not None and not (math.isfinite(effort_budget) and 1 <= effort_budget <= 600):
        raise UsageError(f"--effort-budget {shorten(effort_budget, 30)}: expected 1 to 600 seconds")
    content = load_content(game, root)
    g = game_of(content)
    vocab = vocabulary(game)
    counts = player_counts(content, players)
    if out is None:
        _check_family_free(game, level, content, counts)
    first = _start_table(content, start, counts[0])
    weights = decision_weights(g, vocab, counts, seed)
    bot_seat = registry.descriptor(game).capabilities.bot_seats  # the game's tables play by its bot-seat rules
    if bot_hand is None:  # the start table's mode (a flipping bot seat when it names none)
        bot_hand = first.bot_hand if first is not None else "flip"
    if bot_hand not in ("flip", "open"):
        raise UsageError(f"--bot-hand {bot_hand!r}: expected flip or open")
    if bot_hand == "open" and not (bot_seat and "bot_open_seats" in g.options):
        raise UsageError(f"--bot-hand open: {game} has no open-hand bot seats")
    # a flipping bot seat never meets the hand's decisions: they stay as the start table gives them
    keep = vocab.HAND_KINDS if bot_seat and bot_hand == "flip" else frozenset()
    weights = {k: w for k, w in weights.items() if k not in keep}
    spec = level_spec(vocab, level)
    if opponents is not None:
        spec = replace(spec, opponents=tuple(_tune_opponents(opponents)))
    requirements = tuple(Requirement(**r) for r in vocab.TUNE_REQUIREMENTS)
    with Runner(game, content_root=root, jobs=jobs, backend=backend, ray_address=ray_address) as runner:
        res = tune(runner, content, game, level, counts, budget, seed, set(vocab.DEEP), weights, start=first,
                   deals=deals, progress=progress, bot_seat=bot_seat, keep=keep, spec=spec, requirements=requirements,
                   bot_hand=bot_hand, effort_budget=effort_budget)
    command = f"saloon tables tune {game} --level {level} --budget {budget} --seed {seed} --deals {deals}"
    if players is not None:
        command += f" --players {players}"
    if start is not None:
        command += f" --start {start}"
    if bot_seat and (first is None or bot_hand != first.bot_hand):
        command += f" --bot-hand {bot_hand}"
    if opponents is not None:
        command += f" --opponents {','.join(spec.opponents)}"
    if effort_budget is not None:
        command += f" --effort-budget {effort_budget:g}"
    table = res.table.replaced(
        tuned=Tuned(command=command, seed=seed, budget=budget,
                    method=f"(1+4) evolution strategy with racing, common random numbers, {deals} deals; then pruning"
                    + (f"; aimed at rewards {', '.join(f'{t:g}' for t in spec.targets)} (two players; scaled to the fair share)"
                       if spec.objective == "target" else "")
                    + "".join(f"; every kept table {r.why}" for r in requirements if r.why)
                    + (f"; under an effort budget of {effort_budget:g} s a decision (median, each kind)"
                       if effort_budget is not None else ""),
                    opponents=list(spec.opponents), objective=round(res.objective, 4)),
    )
    path = out or (tables_dir(content) / table.file_name())
    write_table(path, table, table_title(game, level))
    return table, path, res


def _check_family_free(game: str, level: str, content: GameContent, counts: tuple[int, ...]) -> None:
    """Tuning into the content folder writes <level>.yaml or <level>_<family>.yaml: another table of the
    level for some of the same player counts would leave one of the two never played."""
    name = table_file_name(level, family(content, counts))
    for t in game_tables(content):
        if t.level == level and t.file_name() != name and any(t.fits(n) for n in counts):
            raise UsageError(f"tables tune {game} --level {level}: it would write {name}, but {t.file_name()} is "
                             f"also a {level} table for some of these players; remove it, tune another family, or use --out")


def _tune_opponents(text: str) -> list[str]:
    """`tables tune --opponents`: bot specs the search plays against (a table as table:LEVEL or a file)."""
    opps = parse_seats(text)
    if not opps:
        raise UsageError("--opponents: expected at least one bot, e.g. greedy,mcts:10,table:normal")
    for spec in opps:
        make_bot(spec, 0)  # an unknown bot: one clear error line
    return opps


def level_spec(vocab: FeatureVocabulary, level: str) -> Any:
    """The level's search settings, with the game's own targets and opponents where its vocabulary
    gives them (`LEVEL_TARGETS`: Colt Express's easy bot is aimed lower than Longhorn's;
    `LEVEL_OPPONENTS`: Way Out West's normal and hard levels leave out the random bot, which every
    level beats in every game)."""
    spec = LEVEL_SPECS[level]
    targets = vocab.LEVEL_TARGETS.get(level)
    if targets is not None:
        spec = replace(spec, targets=tuple(targets))
    opponents = vocab.LEVEL_OPPONENTS.get(level)
    return replace(spec, opponents=tuple(opponents)) if opponents is not None else spec


