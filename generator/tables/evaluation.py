"""`saloon tables eval` as a plain function: every level of a game against reference bots (and reference
rows of their own), on the same seeded deals with seats swapped; with `write`, the figures go into each
table's header with the command that measures them again."""

from __future__ import annotations

from pathlib import Path
from typing import Callable

from .. import registry
from ..bots.vocabulary import vocabulary
from ..bots import make_bot
from ..content import game_tables, load_content, load_table, tables_dir
from ..errors import MAX_EVAL_GAMES, MAX_HEAD_START, MAX_SOLVER_DEALS, UsageError, at_least
from ..games import game_of
from ..schema.tables import Effort, Measured, SolverAgreement, Tally as TallyHeader
from ..sim.dispatch import Runner
from .effort import measure_table
from .measure import matrix, solver_agreement
from .store import table_title, write_table
from .tuning import player_counts


EFFORT_GAMES = 20  # games (seats rotated) each level's effort is measured over, against the first opponent


def is_search(spec: str) -> bool:
    """Whether a bot spec names a search bot (mcts, mcts-guided ...: slow, measured on fewer games)."""
    return spec.split(":", 1)[0].startswith("mcts")


def cell_games(games: int, search_games: int | None, *specs: str) -> int:
    """Games of one cell: `search_games` when a search bot plays in it (and the count is given)."""
    return search_games if search_games is not None and any(is_search(s) for s in specs) else games


def run_eval(game: str, levels: list[str], opponents: list[str], games: int, seed: int, jobs: int,
             solver_deals: int, write: bool, references: list[str] = (), players: str | None = None,
             progress: Callable[[int], None] | None = None, backend: str = "local",
             ray_address: str | None = None, search_games: int | None = None, head_start: int | None = None,
             root: Path | None = None, effort_games: int = EFFORT_GAMES) -> dict:
    """Every level against every opponent; each reference bot (e.g. mcts:1000) gets a row of its own
    against the same opponents and deals, for comparison. `search_games`: games of every cell where a
    search bot plays (an opponent or the reference row's bot), when fewer than `games` must do.
    `head_start`: the levels' head start (`Table.head_start`), measured and written with the figures;
    None keeps each table's own. Content from `root` (or the built-in). Each level's effort (a person's
    seconds a decision, tables/effort.py) is measured over `effort_games` games against the first
    opponent (0: not measured)."""
    at_least("--games", games, 1, MAX_EVAL_GAMES)
    at_least("--jobs", jobs)
    at_least("--solver-deals", solver_deals, 0, MAX_SOLVER_DEALS)
    at_least("--effort-games", effort_games, 0, MAX_EVAL_GAMES)
    if search_games is not None:
        at_least("--search-games", search_games, 1, MAX_EVAL_GAMES)
    content = load_content(game, root)
    counts = player_counts(content, players)
    tables = {lv: load_table(content, lv, counts[0]) for lv in levels}
    for lv, t in tables.items():  # one table measured at every count: a family's table is not another's
        if not all(t.fits(n) for n in counts):
            lo, hi = t.players
            span = f"{lo}" if lo == hi else f"{lo}-{hi}"
            raise UsageError(f"--players {players}: the {lv} table ({t.file_name()}) is for {span} players; "
                             f"measure each player-count family on its own (--players {span})")
    g = game_of(content)
    if head_start is not None:
        at_least("--head-start", head_start, 0, MAX_HEAD_START)
        if head_start and "head_start" not in g.content.options:
            raise UsageError(f"--head-start {head_start}: {game} has no head starts (no option head_start)")
        tables = {lv: t.replaced(head_start=head_start) for lv, t in tables.items()}
    with Runner(game, content_root=root, jobs=jobs, backend=backend, ray_address=ray_address) as runner:
        results: dict = {lv: {} for lv in tables}
        for opp in opponents:
            part = matrix(runner, tables, [opp], counts, seed, cell_games(games, search_games, opp), progress)
            for lv in tables:
                results[lv][opp] = part[lv][opp]
        for ref in references:
            results[ref] = {}
            for opp in opponents:
                if opp != ref:
                    n = cell_games(games, search_games, ref, opp)
                    results[ref][opp] = matrix(runner, {ref: ref}, [opp], counts, seed, n, progress)[ref][opp]
    score = score_name(game) is not None
    agreement = {}
    exact = registry.descriptor(game).capabilities.exact_solver  # the solver agreement of each level
    if exact and solver_deals:
        for lv, t in tables.items():
            agreement[lv] = solver_agreement(g, t, "greedy", seed, solver_deals, progress=progress)
    measured_play = {lv: measure_table(g, t, opponents[0], counts, seed, effort_games) for lv, t in tables.items()} \
        if effort_games and opponents else {}
    effort = {lv: e for lv, (e, _f) in measured_play.items()}
    figures = {lv: f for lv, (_e, f) in measured_play.items()}
    if write:
        command = (f"saloon tables eval {game} --games {games} --seed {seed} --opponents {','.join(opponents)}"
                   + (f" --solver-deals {solver_deals}" if exact else "")
                   + (f" --players {players}" if players is not None else "")
                   + (f" --search-games {search_games}" if search_games is not None else "")
                   + (f" --effort-games {effort_games}" if effort_games != EFFORT_GAMES else ""))
        for lv, t in tables.items():
            # the one command that measures this table again (reference rows are not kept in a header)
            measured = Measured(
                command=f"{command} --level {lv}" + (f" --head-start {t.head_start}" if t.head_start else "") + " --reference ''",
                seed=seed, games=games, players=players,
                against={opp: TallyHeader(**tally.to_header(score)) for opp, tally in results[lv].items()},
                solver=SolverAgreement(**agreement[lv].to_header()) if lv in agreement else None,
                effort={k: Effort(**f.to_header()) for k, f in effort[lv].items()} if lv in effort else None,
                effort_against=opponents[0] if lv in effort else None,
                figures={k: round(v, 3) for k, v in figures[lv].items()} if lv in figures else None,
            )
            updated = t.replaced(measured=measured)
            write_table(tables_dir(content) / updated.file_name(), updated, table_title(game, lv))
    return {"results": results, "agreement": agreement, "effort": effort, "figures": figures}


def score_name(game: str) -> str | None:
    """What a game's final score is called when eval prints its mean (the vocabulary's SCORE_NAME:
    Colt Express's loot); None: eval prints win rates only (Longhorn)."""
    return vocabulary(game).SCORE_NAME




def run_effort(game: str, levels: list[str] | None, opponent: str, games: int, seed: int, write: bool,
               root: Path | None = None, progress: Callable[[int], None] | None = None) -> tuple[dict[str, dict], dict[str, dict]]:
    """A person's seconds a decision for each of the game's tables (of `levels`, or all), each measured
    at the player counts its header's figures were measured at (its family's, or the fewest), over
    about `games` games against `opponent`, with the content's sensible-play figures on the same games;
    with `write`, recorded in each table's header beside its win rates (nothing else of the header
    changes). Returns ({table label: {kind: EffortFigure}}, {table label: {figure: value}})."""
    at_least("--games", games, 1, MAX_EVAL_GAMES)
    make_bot(opponent, 0)  # an unknown bot: one clear line before any work
    content = load_content(game, root)
    g = game_of(content)
    out: dict[str, dict] = {}
    figs: dict[str, dict] = {}
    for t in game_tables(content):
        if levels and t.level not in levels:
            continue
        if t.players is not None:
            counts = tuple(range(t.players[0], t.players[1] + 1))
        else:
            counts = player_counts(content, t.measured.players if t.measured is not None else None)
        figures, played = measure_table(g, t, opponent, counts, seed, games, progress)
        out[t.file_name().removesuffix(".yaml")] = figures
        figs[t.file_name().removesuffix(".yaml")] = played
        if write and t.measured is not None:
            measured = t.measured.model_copy(update={
                "effort": {k: Effort(**f.to_header()) for k, f in figures.items()}, "effort_against": opponent,
                "figures": {k: round(v, 3) for k, v in played.items()}})
            write_table(tables_dir(content) / t.file_name(), t.replaced(measured=measured), table_title(game, t.level))
    if not out:
        raise UsageError(f"{game} has no {'/'.join(levels or [])} decision table to measure")
    return out, figs
