"""`saloon tables tune|eval|bound|show`: thin Typer commands over tables/tuning.py, tables/evaluation.py,
tables/bound.py and the table's printed words."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Optional

import typer
from rich.console import Console
from rich.table import Table as RichTable

from .. import registry
from .options import content_root
from ..content import load_content, load_table, table_levels, tables_dir
from ..errors import MAX_EVAL_GAMES, UsageError, at_least
from ..games import load_game
from ..progress import progress_bar
from ..render.chart import write_chart, write_ladder_chart
from ..schema.tables import LEVELS, ladder_file_name
from ..sim.dispatch import BACKEND_HELP, RAY_ADDRESS_HELP, check_backend
from ..sim.simulate import parse_seats
from ..tables.bound import endgame_bound
from ..tables.effort import ALL
from ..tables.ladder import DEFAULT_BOTS, recorded, run_ladder
from ..tables.store import write_ladder
from ..tables.evaluation import EFFORT_GAMES, cell_games, run_effort, run_eval, score_name
from ..tables.measure import REFERENCE_OPPONENTS, deal_players, deals_for
from ..tables.tuning import player_counts, run_tune
from ..render.solo import howto_markup, strength_in_words
from ..tables.example import example_lines, find_example
from ..words.tables import table_label, table_lines
from ..words.text import Texts
from ..words.text import printed


def _plain(markup: str) -> list[str]:
    """A sheet's markup as terminal lines: headings and bullets kept, emphasis and icons dropped."""
    out = []
    for line in markup.splitlines():
        line = re.sub(r"\{icon:[a-z_]+\} ", "", line).replace("**", "")
        line = re.sub(r"^#+ ", "", line)
        line = line[1:-1] if len(line) > 1 and line.startswith("*") and line.endswith("*") else line
        out.append(line)
    while out and not out[-1].strip():
        out.pop()
    return out


def show_text(game: str, level: str, players: int | None = None, root: Path | None = None) -> list[str]:
    """The table as the kit prints it (`saloon tables show`): the sheet's strength line (opponents in words),
    its rules and its worked example, then the how-to page's text (running the bot, its words, the strength
    line)."""
    content = load_content(game, root)
    table = load_table(content, level, players)
    lines = table_lines(content, table)
    if "Words:" in lines:
        lines = lines[:lines.index("Words:") - 1]  # the how-to page below defines them
    lines[1] = strength_in_words(table)
    ex = find_example(content, table)
    if ex is not None:
        lines += ["", Texts("en", "solo")("ex_head") + ":"] + [f"  {line}" for line in example_lines(content, table, ex)]
    howto = howto_markup(game, content, {table_label(table): table})
    return lines + ["", ""] + _plain(howto)


# --- Typer commands --------------------------------------------------------------------------------


def _console() -> Console:
    return Console(highlight=False)


def tune_cmd(
    ctx: typer.Context,
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
    effort_budget: Optional[float] = typer.Option(None, "--effort-budget", help="The median seconds a person may spend on a decision of each kind (see tables effort); a table over it scores lower by how far."),
) -> None:
    """Compute a decision table by simulation and write it."""
    check_backend(backend, ray_address)
    con = _console()
    with progress_bar() as bar:
        task = bar.add_task(f"tuning {game} {level}", total=budget)
        table, path, res = run_tune(game, level, budget, seed, jobs, start, deals, out, players, root=content_root(ctx),
                                    progress=lambda k: bar.advance(task, k), backend=backend, ray_address=ray_address,
                                    bot_hand=bot_hand, opponents=opponents, effort_budget=effort_budget)
    assert table.tuned is not None  # (a tuned table says how it was tuned)
    con.print(f"wrote {path}: objective {table.tuned.objective:.3f} on the search's deals "
              f"({res.games} games, {res.generations} generations, {res.accepted} accepted)")
    con.print("measure it with: saloon tables eval " + game)


def eval_cmd(
    ctx: typer.Context,
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
    effort_games: int = typer.Option(EFFORT_GAMES, "--effort-games", help="Games (seats rotated) against the first opponent over which a person's seconds a decision are measured (0: not measured)."),
    backend: str = typer.Option("local", "--backend", help=BACKEND_HELP),
    ray_address: Optional[str] = typer.Option(None, "--ray-address", help=RAY_ADDRESS_HELP),
) -> None:
    """Win-rate matrix of every level against reference bots, with 95% intervals, and the seconds a person
    spends running each level per decision (median and 95th percentile)."""
    check_backend(backend, ray_address)
    at_least("--games", games, 1, MAX_EVAL_GAMES)  # before the progress bar's total is counted from it
    if search_games is not None:
        at_least("--search-games", search_games, 1, MAX_EVAL_GAMES)
    root = content_root(ctx)
    content = load_content(game, root)
    levels = level or table_levels(content)
    if not levels:
        raise UsageError(f"{game} has no decision tables yet; compute one with saloon tables tune {game}")
    for lv in levels:
        if lv not in LEVELS:
            raise UsageError(f"--level {lv!r}: expected one of {', '.join(LEVELS)}")
    opps = parse_seats(opponents)
    refs = parse_seats(reference) if reference.strip() else []
    if plot is not None and plot.suffix.lower() not in (".pdf", ".png"):
        raise UsageError(f"--plot {plot}: expected a .pdf or .png file name")
    counts = player_counts(content, players)

    def per_cell(*specs: str) -> int:
        n = cell_games(games, search_games, *specs)
        return sum(deal_players(counts, i) for i in range(deals_for(n, counts)))

    total = len(levels) * sum(per_cell(o) for o in opps) + sum(per_cell(r, o) for r in refs for o in opps if o != r)
    if registry.descriptor(game).capabilities.exact_solver:
        total += len(levels) * solver_deals * 2
    with progress_bar() as bar:
        task = bar.add_task(f"measuring {game}", total=total)
        out = run_eval(game, levels, opps, games, seed, jobs, solver_deals, write, refs, players, root=root,
                       progress=lambda k: bar.advance(task, k), backend=backend, ray_address=ray_address,
                       search_games=search_games, head_start=head_start, effort_games=effort_games)
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
    if out["effort"]:
        con.print(effort_table(game, out["effort"], opps[0], effort_games))
        con.print(figures_table(game, content, out["figures"]))
    if plot is not None:
        write_chart(plot, game, out["results"], opps, levels + refs)
        con.print(f"chart written to {plot}")


def effort_table(game: str, effort: dict, opponent: str, games: int) -> RichTable:
    """A person's seconds a decision: a row per decision kind (and whole decisions), a column per level,
    each cell the median / 95th percentile."""
    kinds = list(dict.fromkeys(k for per in effort.values() for k in per if k != ALL)) + [ALL]
    t = RichTable(title=f"{game}: a person's seconds a decision, median / 95th percentile "
                        f"({games} games against {opponent}; decisions with one choice left out)")
    t.add_column("decision")
    for lv in effort:
        t.add_column(lv, justify="right")
    for k in kinds:
        t.add_row("whole decision" if k == ALL else k,
                  *[f"{per[k].median:.0f} / {per[k].p95:.0f}" if k in per else "-" for per in effort.values()])
    return t


def figures_table(game: str, content: Any, figures: dict[str, dict[str, float]]) -> RichTable:
    """The content's sensible-play figures: a row per figure, a column per table."""
    t = RichTable(title=f"{game}: how the bots' choices look (same games)")
    t.add_column("figure")
    for label in figures:
        t.add_column(label, justify="right")
    for name, spec in content.figures.items():
        t.add_row(printed(spec.text, content) or name,
                  *[f"{per[name]:.2f}" if name in per else "-" for per in figures.values()])
    return t


def effort_cmd(
    ctx: typer.Context,
    game: str = typer.Argument(..., help="Game id."),
    level: Optional[list[str]] = typer.Option(None, "--level", help="Levels to measure (all by default)."),
    opponent: str = typer.Option("greedy", "--opponent", help="The bot in the other seats."),
    games: int = typer.Option(EFFORT_GAMES, "--games", "-n", help="Games, the table in every seat in turn."),
    seed: int = typer.Option(2, "--seed", help="Deal seed."),
    write: bool = typer.Option(True, "--write/--no-write", help="Record the seconds in each table's header."),
) -> None:
    """The seconds a person spends running each table, per decision (median and 95th percentile), as
    measured on seeded games; recorded in each table's header beside its win rates."""
    for lv in level or []:
        if lv not in LEVELS:
            raise UsageError(f"--level {lv!r}: expected one of {', '.join(LEVELS)}")
    with progress_bar() as bar:
        task = bar.add_task(f"timing {game}'s tables", total=None)
        out, figures = run_effort(game, level, opponent, games, seed, write, content_root(ctx),
                                  progress=lambda k: bar.advance(task, k))
    con = _console()
    con.print(effort_table(game, out, opponent, games))
    con.print(figures_table(game, load_content(game, content_root(ctx)), figures))


def _step(lad: Any, i: int, below: int) -> str:
    """A bot's share of the wins against the one below it, with its 95% interval: '64% (55-72%)'."""
    share = lad.head_to_head[(i, below)]
    if (i, below) not in lad.step_interval:
        return f"{share:.0%}"
    low, high = lad.step_interval[(i, below)]
    return f"{share:.0%} ({low * 100:.0f}-{high:.0%})"


def ladder_cmd(
    ctx: typer.Context,
    game: str = typer.Argument(..., help="Game id."),
    bots: str = typer.Option(",".join(DEFAULT_BOTS), "--bots", help="The bots on the ladder, comma-separated (e.g. mcts-guided:200 for Way Out West)."),
    games: int = typer.Option(40, "--games", "-n", help="Games for each pair of bots (whole deals, each bot alone in every seat in turn)."),
    players: Optional[str] = typer.Option(None, "--players", "-p", help="Player count (3) or family (2-3); default the fewest."),
    seed: int = typer.Option(3, "--seed", help="Deal seed."),
    jobs: int = typer.Option(1, "--jobs", "-j", help="Processes."),
    plot: Optional[Path] = typer.Option(None, "--plot", help="Also draw the ladder (.pdf or .png)."),
    record: bool = typer.Option(False, "--record", help="Also record it in the game's content (tables/ladder/ladder.yaml, or ladder_2-3.yaml for a player-count family): the how-to page draws it from there."),
    backend: str = typer.Option("local", "--backend", help=BACKEND_HELP),
    ray_address: Optional[str] = typer.Option(None, "--ray-address", help=RAY_ADDRESS_HELP),
) -> None:
    """A difficulty ladder: one rating per bot on a common scale (Bradley-Terry from seeded games among
    them, random at 0) with 95% intervals, and how often each beats the one below it."""
    check_backend(backend, ray_address)
    at_least("--games", games, 2, MAX_EVAL_GAMES)
    at_least("--jobs", jobs)
    if plot is not None and plot.suffix.lower() not in (".pdf", ".png"):
        raise UsageError(f"--plot {plot}: expected a .pdf or .png file name")
    root = content_root(ctx)
    counts = player_counts(load_content(game, root), players)
    specs = parse_seats(bots)
    with progress_bar() as bar:
        task = bar.add_task(f"{game} ladder", total=None)
        lad = run_ladder(game, specs, games, seed, jobs, counts, root, progress=lambda k: bar.advance(task, k),
                         backend=backend, ray_address=ray_address)
    span = "-".join(str(n) for n in sorted({counts[0], counts[-1]}))
    t = RichTable(title=f"{game}: ladder, {span} players, about {games} games a pair, seed {seed}")
    for col in ("bot", "rating", "95% interval", "beats the one below"):
        t.add_column(col, justify="left" if col == "bot" else "right")
    order = lad.order()[::-1]
    for k, i in enumerate(order):
        below = order[k + 1] if k + 1 < len(order) else None
        t.add_row(lad.bots[i], f"{lad.ratings[i]:+.0f}", f"{lad.low[i]:+.0f} to {lad.high[i]:+.0f}",
                  _step(lad, i, below) if below is not None else "")
    con = _console()
    con.print(t)
    con.print(f"{lad.games} games; a share of the wins the two bots made against each other (50%: even; 95% interval)")
    if plot is not None:
        write_ladder_chart(plot, f"{game}: difficulty ladder (95% interval)", lad.bots, lad.ratings, lad.low, lad.high)
        con.print(f"chart written to {plot}")
    if record:
        command = " ".join(["saloon tables ladder", game, "--bots", ",".join(specs), "--games", str(games),
                            "--seed", str(seed)] + (["--players", players] if players else []) + ["--record"])
        content = load_content(game, root)
        where = ladder_file_name(span, content.game.players.min, content.game.players.max)
        path = write_ladder(tables_dir(content) / where, recorded(lad, command, seed, games, span), game)
        con.print(f"ladder recorded in {path}")


def bound_cmd(
    ctx: typer.Context,
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
    at_least("--games", games, 2, MAX_EVAL_GAMES)
    opps = parse_seats(opponents)
    g = load_game(game, content_root(ctx))
    table = load_table(g.content, level)
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
    ctx: typer.Context,
    game: str = typer.Argument(..., help="Game id."),
    level: str = typer.Option("normal", "--level", help=f"Level: {'|'.join(LEVELS)}."),
    players: Optional[int] = typer.Option(None, "--players", "-p", help="Player count (for games with a table per family)."),
) -> None:
    """Print a table as the bot card says it."""
    con = _console()
    for line in show_text(game, level, players, content_root(ctx)):
        con.print(line, soft_wrap=True)
