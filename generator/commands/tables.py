"""`saloon tables tune|eval|bound|show`: thin Typer commands over the plain functions of this package."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any, Callable, Optional

import typer
from rich.console import Console
from rich.table import Table as RichTable

from .. import registry
from ..bots import make_bot
from ..bots.vocabulary import FeatureVocabulary, vocabulary
from ..games import load_game
from ..sim.simulate import parse_seats
from ..content import game_dir, game_tables, load_content, load_table, load_table_file, table_levels, tables_dir
from ..sim.dispatch import BACKEND_HELP, RAY_ADDRESS_HELP, Runner, check_backend
from ..errors import UsageError
from ..progress import progress_bar
from ..schema.tables import LEVELS, Measured, SolverAgreement, Table, Tally as TallyHeader, Tuned, table_file_name
from ..tables.measure import REFERENCE_OPPONENTS, deal_players, deals_for, matrix, solver_agreement
from ..tables.bound import endgame_bound
from ..tables.store import write_table
from ..render.chart import write_chart
from ..render.solo import head_start_line, mode_line, printed_kinds, table_label
from ..words.text import printed
from ..words.tables import avoid_text, rule_text, tie_text
from ..tables.tune import LEVEL_SPECS, Requirement, decision_weights, family, tune

def _title(game: str, level: str) -> str:
    return f"{game} decision table, level {level}"


def _check_count(name: str, value: int, low: int = 1) -> None:
    if value < low:
        raise UsageError(f"{name} {value}: expected at least {low}")


def _start_table(game: str, start: str | None, players: int | None = None) -> Table | None:
    """A level's table (of the family holding `players`), a file in the game's content folder
    (tables/start/designer.yaml), or any file."""
    if start is None:
        return None
    if start in LEVELS:
        return load_table(game, start, players=players)
    in_content = game_dir(game) / start
    return load_table_file(in_content if in_content.is_file() else Path(start), game)


def player_counts(game: str, text: str | None) -> tuple[int, ...]:
    """`--players`: one count (`3`) or a family (`2-3`), within the game's range; default the fewest."""
    c = load_content(game)
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
             opponents: str | None = None) -> tuple[Table, Path, Any]:
    """Compute the `level` table of `game` and write it (to the content's tables folder by default);
    `bot_hand`: a bot seat's mode, flip or open (default: the start table's); `opponents`: the bots
    the search plays against, comma-separated (default: the level's)."""
    if level not in LEVELS:
        raise UsageError(f"--level {level!r}: expected one of {', '.join(LEVELS)}")
    _check_count("--budget", budget, 100)
    _check_count("--jobs", jobs)
    _check_count("--deals", deals, 10)
    g = load_game(game)
    vocab = vocabulary(game)
    content = load_content(game)
    counts = player_counts(game, players)
    if out is None:
        _check_family_free(game, level, content, counts)
    first = _start_table(game, start, counts[0])
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
    with Runner(game, jobs=jobs, backend=backend, ray_address=ray_address) as runner:
        res = tune(runner, content, game, level, counts, budget, seed, set(vocab.DEEP), weights, start=first,
                   deals=deals, progress=progress, bot_seat=bot_seat, keep=keep, spec=spec, requirements=requirements,
                   bot_hand=bot_hand)
    command = f"saloon tables tune {game} --level {level} --budget {budget} --seed {seed} --deals {deals}"
    if players is not None:
        command += f" --players {players}"
    if start is not None:
        command += f" --start {start}"
    if bot_seat and (first is None or bot_hand != first.bot_hand):
        command += f" --bot-hand {bot_hand}"
    if opponents is not None:
        command += f" --opponents {','.join(spec.opponents)}"
    table = res.table.replaced(
        tuned=Tuned(command=command, seed=seed, budget=budget,
                    method=f"(1+4) evolution strategy with racing, common random numbers, {deals} deals; then pruning"
                    + (f"; aimed at rewards {', '.join(f'{t:g}' for t in spec.targets)} (two players; scaled to the fair share)"
                       if spec.objective == "target" else "")
                    + "".join(f"; every kept table {r.why}" for r in requirements if r.why),
                    opponents=list(spec.opponents), objective=round(res.objective, 4)),
    )
    path = out or (tables_dir(game) / table.file_name())
    write_table(path, table, _title(game, level))
    return table, path, res


def _check_family_free(game: str, level: str, content: Any, counts: tuple[int, ...]) -> None:
    """Tuning into the content folder writes <level>.yaml or <level>_<family>.yaml: another table of the
    level for some of the same player counts would leave one of the two never played."""
    name = table_file_name(level, family(content, counts))
    for t in game_tables(game):
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


def is_search(spec: str) -> bool:
    """Whether a bot spec names a search bot (mcts, mcts-guided ...: slow, measured on fewer games)."""
    return spec.split(":", 1)[0].startswith("mcts")


def cell_games(games: int, search_games: int | None, *specs: str) -> int:
    """Games of one cell: `search_games` when a search bot plays in it (and the count is given)."""
    return search_games if search_games is not None and any(is_search(s) for s in specs) else games


def run_eval(game: str, levels: list[str], opponents: list[str], games: int, seed: int, jobs: int,
             solver_deals: int, write: bool, references: list[str] = (), players: str | None = None,
             progress: Callable[[int], None] | None = None, backend: str = "local",
             ray_address: str | None = None, search_games: int | None = None, head_start: int | None = None) -> dict:
    """Every level against every opponent; each reference bot (e.g. mcts:1000) gets a row of its own
    against the same opponents and deals, for comparison. `search_games`: games of every cell where a
    search bot plays (an opponent or the reference row's bot), when fewer than `games` must do.
    `head_start`: the levels' head start (`Table.head_start`), measured and written with the figures;
    None keeps each table's own."""
    _check_count("--games", games)
    _check_count("--jobs", jobs)
    _check_count("--solver-deals", solver_deals, 0)
    if search_games is not None:
        _check_count("--search-games", search_games)
    counts = player_counts(game, players)
    tables = {lv: load_table(game, lv, players=counts[0]) for lv in levels}
    for lv, t in tables.items():  # one table measured at every count: a family's table is not another's
        if not all(t.fits(n) for n in counts):
            lo, hi = t.players
            span = f"{lo}" if lo == hi else f"{lo}-{hi}"
            raise UsageError(f"--players {players}: the {lv} table ({t.file_name()}) is for {span} players; "
                             f"measure each player-count family on its own (--players {span})")
    g = load_game(game)
    if head_start is not None:
        _check_count("--head-start", head_start, 0)
        if head_start and "head_start" not in g.content.options:
            raise UsageError(f"--head-start {head_start}: {game} has no head starts (no option head_start)")
        tables = {lv: t.replaced(head_start=head_start) for lv, t in tables.items()}
    with Runner(game, jobs=jobs, backend=backend, ray_address=ray_address) as runner:
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
    if write:
        command = (f"saloon tables eval {game} --games {games} --seed {seed} --opponents {','.join(opponents)}"
                   + (f" --solver-deals {solver_deals}" if exact else "")
                   + (f" --players {players}" if players is not None else "")
                   + (f" --search-games {search_games}" if search_games is not None else ""))
        for lv, t in tables.items():
            # the one command that measures this table again (reference rows are not kept in a header)
            measured = Measured(
                command=f"{command} --level {lv}" + (f" --head-start {t.head_start}" if t.head_start else "") + " --reference ''",
                seed=seed, games=games, players=players,
                against={opp: TallyHeader(**tally.to_header(score)) for opp, tally in results[lv].items()},
                solver=SolverAgreement(**agreement[lv].to_header()) if lv in agreement else None,
            )
            updated = t.replaced(measured=measured)
            write_table(tables_dir(game) / updated.file_name(), updated, _title(game, lv))
    return {"results": results, "agreement": agreement}


def score_name(game: str) -> str | None:
    """What a game's final score is called when eval prints its mean (the vocabulary's SCORE_NAME:
    Colt Express's loot); None: eval prints win rates only (Longhorn)."""
    return vocabulary(game).SCORE_NAME


def show_text(game: str, level: str, players: int | None = None) -> list[str]:
    """The table as printed: each decision kind, its numbered rules, its tie-break."""
    content = load_content(game)
    table = load_table(game, level, players=players)
    lines = [f"{content.game.title}: bot, level {table_label(table)}"]  # the printed sheet's title
    for line in (mode_line(content, table), head_start_line(content, table)):
        if line:
            lines.append(line)
    for kind in printed_kinds(game, content, table):
        spec = content.decisions[kind]
        d = table.decisions.get(kind)
        lines.append("")
        lines.append(f"{printed(spec.name, content)} ({printed(spec.choices, content)}):")
        if d is not None:
            avoid = avoid_text(content, d)
            if avoid:
                lines.append(f"  {avoid}")
            for i, rule in enumerate(d.rules, 1):
                lines.append(f"  {i}. {rule_text(content, rule)}")
        lines.append(f"  {tie_text(content, kind, d.tie_break if d else 'first')}")
    return lines


# --- Typer commands --------------------------------------------------------------------------------


def _console() -> Console:
    return Console(highlight=False)


def tune_cmd(
    game: str = typer.Argument(..., help="Game id."),
    level: str = typer.Option("normal", "--level", help=f"Level: {'|'.join(LEVELS)}."),
    budget: int = typer.Option(200_000, "--budget", help="Games the search may play."),
    seed: int = typer.Option(1, "--seed", help="Search seed: same seed, same table."),
    jobs: int = typer.Option(1, "--jobs", "-j", help="Processes (the table does not depend on it)."),
    start: Optional[str] = typer.Option(None, "--start", help="Start from a level's table, a file in the game's content folder (tables/start/designer.yaml) or any table file (default: an empty table)."),
    deals: int = typer.Option(500, "--deals", help="Seeded deals every candidate plays (each in every seat, against every opponent)."),
    out: Optional[Path] = typer.Option(None, "--out", help="Write here instead of content/<game>/tables/<level>.yaml."),
    players: Optional[str] = typer.Option(None, "--players", "-p", help="Player count (3) or family (2-3) the table is for; default the fewest."),
    backend: str = typer.Option("local", "--backend", help=BACKEND_HELP),
    ray_address: Optional[str] = typer.Option(None, "--ray-address", help=RAY_ADDRESS_HELP),
    bot_hand: Optional[str] = typer.Option(None, "--bot-hand", help="A bot seat's mode for games with bot seats (Colt Express): flip its bot deck or play an open hand (default: the start table's)."),
    opponents: Optional[str] = typer.Option(None, "--opponents", help="Bots the search plays against, comma-separated, e.g. greedy,mcts:10,table:normal (default: the level's; search bots are slow)."),
) -> None:
    """Compute a decision table by simulation and write it."""
    check_backend(backend, ray_address)
    con = _console()
    with progress_bar() as bar:
        task = bar.add_task(f"tuning {game} {level}", total=budget)
        table, path, res = run_tune(game, level, budget, seed, jobs, start, deals, out, players,
                                    progress=lambda k: bar.advance(task, k), backend=backend, ray_address=ray_address,
                                    bot_hand=bot_hand, opponents=opponents)
    con.print(f"wrote {path}: objective {table.tuned.objective:.3f} on the search's deals "
              f"({res.games} games, {res.generations} generations, {res.accepted} accepted)")
    con.print("measure it with: saloon tables eval " + game)


def eval_cmd(
    game: str = typer.Argument(..., help="Game id."),
    level: Optional[list[str]] = typer.Option(None, "--level", help="Levels to measure (all by default)."),
    opponents: str = typer.Option(",".join(REFERENCE_OPPONENTS), "--opponents", help="Reference bots, comma-separated."),
    games: int = typer.Option(200, "--games", "-n", help="Games per level and opponent (seats swapped)."),
    seed: int = typer.Option(2, "--seed", help="Deal seed (keep it apart from the tuning seed)."),
    jobs: int = typer.Option(1, "--jobs", "-j", help="Processes."),
    solver_deals: int = typer.Option(20, "--solver-deals", help="Longhorn: deals (both seats) checked against the exact solver."),
    write: bool = typer.Option(True, "--write/--no-write", help="Record the figures in each table's header."),
    plot: Optional[Path] = typer.Option(None, "--plot", help="Also draw the matrix as a chart (.pdf or .png)."),
    reference: str = typer.Option("mcts:1000", "--reference", help="Bots measured as rows of their own for comparison ('' for none)."),
    players: Optional[str] = typer.Option(None, "--players", "-p", help="Player count (3) or family (2-3) to measure at; default the fewest."),
    search_games: Optional[int] = typer.Option(None, "--search-games", help="Games per cell where a search bot (mcts...) plays, as an opponent or as the reference row (default: --games; search bots are slow)."),
    head_start: Optional[int] = typer.Option(None, "--head-start", help="Give the levels this head start (the game's option head_start; Colt Express: dollars) and record it in their files with the figures; 0 removes it (default: each table's own)."),
    backend: str = typer.Option("local", "--backend", help=BACKEND_HELP),
    ray_address: Optional[str] = typer.Option(None, "--ray-address", help=RAY_ADDRESS_HELP),
) -> None:
    """Win-rate matrix of every level against reference bots, with 95% intervals."""
    check_backend(backend, ray_address)
    levels = level or table_levels(game)
    if not levels:
        raise UsageError(f"{game} has no decision tables yet; compute one with saloon tables tune {game}")
    for lv in levels:
        if lv not in LEVELS:
            raise UsageError(f"--level {lv!r}: expected one of {', '.join(LEVELS)}")
    opps = parse_seats(opponents)
    refs = parse_seats(reference) if reference.strip() else []
    if plot is not None and plot.suffix.lower() not in (".pdf", ".png"):
        raise UsageError(f"--plot {plot}: expected a .pdf or .png file name")
    counts = player_counts(game, players)

    def per_cell(*specs: str) -> int:
        n = cell_games(games, search_games, *specs)
        return sum(deal_players(counts, i) for i in range(deals_for(n, counts)))

    total = len(levels) * sum(per_cell(o) for o in opps) + sum(per_cell(r, o) for r in refs for o in opps if o != r)
    if registry.descriptor(game).capabilities.exact_solver:
        total += len(levels) * solver_deals * 2
    with progress_bar() as bar:
        task = bar.add_task(f"measuring {game}", total=total)
        out = run_eval(game, levels, opps, games, seed, jobs, solver_deals, write, refs, players,
                       progress=lambda k: bar.advance(task, k), backend=backend, ray_address=ray_address,
                       search_games=search_games, head_start=head_start)
    con = _console()
    per = f"{games} games per cell" + (f" ({search_games} where a search bot plays)" if search_games is not None else "")
    t = RichTable(title=f"{game}: win rate (95% interval), {per}, seats swapped, seed {seed}")
    t.add_column("level")
    for opp in opps:
        t.add_column(opp, justify="right")
    if out["agreement"]:
        t.add_column("solver-optimal", justify="right")
    for lv in levels + refs:
        row = [lv]
        for opp in opps:
            tally = out["results"][lv].get(opp)
            if tally is None:
                row.append("-")
                continue
            lo, hi = tally.interval()
            row.append(f"{tally.win_rate:.1%} ({lo:.0%}-{hi:.0%})")
        if out["agreement"]:
            a = out["agreement"].get(lv)
            row.append(f"{a.share:.0%} of {a.positions}" if a else "-")
        t.add_row(*row)
    con.print(t)
    name = score_name(game)
    if name is not None:
        m = RichTable(title=f"{game}: mean {name} of the measured seat, same games")
        m.add_column("level")
        for opp in opps:
            m.add_column(opp, justify="right")
        for lv in levels + refs:
            m.add_row(lv, *[f"{out['results'][lv][opp].mean_score:,.0f}" if opp in out["results"][lv] else "-"
                            for opp in opps])
        con.print(m)
    if plot is not None:
        write_chart(plot, game, out["results"], opps, levels + refs)
        con.print(f"chart written to {plot}")


def bound_cmd(
    game: str = typer.Argument(..., help="Game id (longhorn: the game with an exact solver)."),
    level: str = typer.Option("hard", "--level", help=f"Level: {'|'.join(LEVELS)}."),
    opponents: str = typer.Option("random,greedy,mcts:200", "--opponents", help="Bots, comma-separated."),
    games: int = typer.Option(200, "--games", "-n", help="Games per opponent (each deal played in both seats)."),
    groups: int = typer.Option(12, "--groups", help="The solver takes over once at most this many (ranch, colour) groups are left."),
    seed: int = typer.Option(7, "--seed", help="Deal seed."),
    losses: bool = typer.Option(False, "--losses", help="Also judge the printed table's endgame decisions with the solver, per decision kind (slower)."),
) -> None:
    """How much a perfect endgame would add: the table as printed, and the same table playing the exact
    solver's choice from --groups on (same deals, seats swapped), with 95% intervals."""
    _check_count("--games", games, 2)
    opps = parse_seats(opponents)
    g = load_game(game)
    table = load_table(game, level)
    deals = games // 2
    with progress_bar() as bar:
        task = bar.add_task(f"{game} {level}: endgame bound", total=deals * 2 * len(opps))
        out = endgame_bound(g, table, opps, seed, deals, groups, progress=lambda k: bar.advance(task, k), losses=losses)
    t = RichTable(title=f"{game} {level}: win rate (95% interval), {deals * 2} games per opponent, seed {seed}")
    for col in ("opponent", "as printed", f"exact from {groups} groups", "gain (paired)"):
        t.add_column(col, justify="left" if col == "opponent" else "right")
    for opp, b in out.items():
        cells = []
        for tally in (b.as_is, b.exact):
            lo, hi = tally.interval()
            cells.append(f"{tally.win_rate:.1%} ({lo:.0%}-{hi:.0%})")
        gain, lo, hi = b.gain_interval()
        t.add_row(opp, *cells, f"{gain:+.1%} ({lo:+.0%} to {hi:+.0%})")
    con = _console()
    con.print(t)
    if losses:
        k = RichTable(title=f"the printed table's decisions with at most {groups} groups left, judged by the solver")
        for col in ("opponent", "decision", "proven", "best choice", "wins let go per 100 games"):
            k.add_column(col, justify="left" if col in ("opponent", "decision") else "right")
        for opp, b in out.items():
            for kind, kl in sorted(b.kinds.items(), key=lambda kv: (-kv[1].let_go, kv[0])):
                k.add_row(opp, kind, str(kl.positions), f"{kl.optimal / kl.positions:.0%}",
                          f"{100 * kl.let_go / b.as_is.games:.1f}")
        con.print(k)


def show_cmd(
    game: str = typer.Argument(..., help="Game id."),
    level: str = typer.Option("normal", "--level", help=f"Level: {'|'.join(LEVELS)}."),
    players: Optional[int] = typer.Option(None, "--players", "-p", help="Player count (for games with a table per family)."),
) -> None:
    """Print a table as the bot card says it."""
    con = _console()
    for line in show_text(game, level, players):
        con.print(line, soft_wrap=True)
