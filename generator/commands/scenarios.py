"""`saloon scenarios generate|puzzles|list` and `saloon book`: thin Typer commands over this package."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Optional

import typer
from rich.console import Console
from rich.table import Table

from .. import registry
from ..content import load_content
from .. import player_data
from ..referee.session import run_campaign_session
from ..scenarios.campaign import campaigns, find_campaign, ways
from ..scenarios.campaign import grade as grade_campaign
from .options import content_root, data_option
from .play import on_a_terminal
from ..games import titles, with_capability
from ..scenarios.generate import generate, objective_key, retitled
from ..scenarios.setup import load_scenario_game
from ..scenarios.twist_check import check_twists, games_needed
from ..scenarios.turning import FILE as TURNING_FILE
from ..scenarios.turning import find as find_turning
from ..scenarios.vocab import vocabulary
from ..scenarios.grading import regrade_scenarios as grade_scenarios
from ..words.scenarios import bot_words, say
from ..scenarios.puzzles import PuzzleFinder
from ..sim.dispatch import BACKEND_HELP, RAY_ADDRESS_HELP, check_backend
from ..errors import MAX_CANDIDATES, MAX_GRADING_GAMES, MAX_NODE_LIMIT, MAX_PUZZLE_GAMES, MAX_SCENARIOS, UsageError, at_least
from ..progress import progress_bar
from ..schema.scenarios import Puzzle
from ..scenarios import progress as progress_file
from ..scenarios import store
from ..render.book import write_book


def _console() -> Console:
    return Console(highlight=False)


def _check_game(game: str) -> None:
    registry.check(game)  # an unknown game: one clear line


def generate_header(game: str, made_command: str) -> list[str]:
    return [
        f"{game} solo scenarios, generated and graded by simulation (see `saloon scenarios list {game}`).",
        f"Made by: {made_command}",
        "Each scenario: a seeded setup, the seats (you and the bots), an objective and twists; `graded` is how",
        "often the reference player's proxy met the objective in seeded games (95% Wilson interval) and the",
        "stars that follow (1: met in 75% or more, 5: under 25%). Play one: saloon play " + game + " --scenario ID",
    ]


def generate_cmd(
    ctx: typer.Context,
    game: str = typer.Argument(..., help="Game id."),
    count: int = typer.Option(20, "--count", "-n", help="Scenarios to keep."),
    seed: int = typer.Option(1, "--seed", help="Run seed: same seed, same scenarios and grades."),
    jobs: int = typer.Option(1, "--jobs", "-j", help="Processes (results do not depend on it)."),
    games: Optional[int] = typer.Option(None, "--games", help="Graded games per kept scenario (default per game)."),
    screen: Optional[int] = typer.Option(None, "--screen", help="Games per candidate before choosing the spread (default per game)."),
    candidates: Optional[int] = typer.Option(None, "--candidates", help="Candidates proposed (default: the count and 60% more, at least 8 more)."),
    out: Optional[Path] = typer.Option(None, "--out", help="Write here instead of content/<game>/scenarios/generated.yaml."),
    backend: str = typer.Option("local", "--backend", help=BACKEND_HELP),
    ray_address: Optional[str] = typer.Option(None, "--ray-address", help=RAY_ADDRESS_HELP),
) -> None:
    """Propose solo scenarios, grade each by seeded simulation and keep a spread of difficulties."""
    _check_game(game)
    check_backend(backend, ray_address)
    at_least("--count", count, 1, MAX_SCENARIOS)
    at_least("--jobs", jobs, 1)
    for name, value, high in (("--games", games, MAX_GRADING_GAMES), ("--screen", screen, MAX_GRADING_GAMES),
                              ("--candidates", candidates, MAX_CANDIDATES)):
        if value is not None:
            at_least(name, value, 1, high)
    t0 = time.perf_counter()
    with progress_bar() as bar:
        task = bar.add_task(f"grading {game} scenarios", total=None)
        res = generate(game, count, seed, jobs, games, screen, candidates,
                       progress=lambda k: bar.advance(task, k), total=lambda n: bar.update(task, total=n),
                       backend=backend, ray_address=ray_address, root=content_root(ctx))
    seconds = time.perf_counter() - t0
    path = out or (store.scenarios_dir(load_content(game, content_root(ctx))) / "generated.yaml")
    assert res.file.made is not None  # (a generated file says how it was made)
    store.write_file(path, res.file, generate_header(game, res.file.made.command))
    con = _console()
    _table(con, game, res.file.scenarios, {}, f"{game}: {len(res.file.scenarios)} scenarios written to {path}")
    con.print(f"{res.candidates} candidates, {res.screened_out} dropped at screening (trivially won or lost), "
              f"{res.games} games in {seconds:.0f} s with {jobs} process{'es' if jobs > 1 else ''}")
    for note in res.notes:
        con.print(f"[yellow]note:[/yellow] {note}")


def puzzles_cmd(
    ctx: typer.Context,
    game: Optional[str] = typer.Argument(None, help="Game id (a game with puzzles; the one there is by default)."),
    count: int = typer.Option(40, "--count", "-n", help="Puzzles to keep."),
    seed: int = typer.Option(1, "--seed", help="Seed of the bot games the positions come from."),
    jobs: int = typer.Option(1, "--jobs", "-j", help="Processes (results do not depend on it)."),
    node_limit: Optional[int] = typer.Option(None, "--node-limit", help="The node budget of each proof (default: the game's own: Longhorn's solver 200,000, Colt Express's search 20,000)."),
    max_games: int = typer.Option(400, "--max-games", help="Bot games to look through at most."),
    out: Optional[Path] = typer.Option(None, "--out", help="Write here instead of content/<game>/scenarios/puzzles.yaml "
                                       "(another kind: its own file, e.g. puzzles_hard.yaml)."),
    kind: str = typer.Option("win", "--kind", help="Longhorn: win (the first kind), hard (3+ turns, decoys, 4-5 stars) or "
                                                   "not_lose (the only defence); Way Out West: win or more (other games, ids numbered on); "
                                                   "new kinds keep clear of the puzzles already there."),
    backend: str = typer.Option("local", "--backend", help=BACKEND_HELP),
    ray_address: Optional[str] = typer.Option(None, "--ray-address", help=RAY_ADDRESS_HELP),
) -> None:
    """Find puzzles in bot games: a forced win with one winning first choice, each proved exactly (Longhorn: the
    exact solver; Colt Express: every choice of yours and every die of the printed bots in the last round)."""
    with_puzzles = with_capability("puzzles")
    game = game or (with_puzzles[0] if len(with_puzzles) == 1 else None)
    if game is None:
        raise UsageError(f"name the game: puzzles are {titles(with_puzzles)} positions")
    if game not in with_puzzles:
        _check_game(game)
        raise UsageError(f"puzzles are {titles(with_puzzles)} positions, not {game}")
    at_least("--count", count, 1, MAX_SCENARIOS)
    at_least("--jobs", jobs, 1)
    check_backend(backend, ray_address)
    if node_limit is not None:
        at_least("--node-limit", node_limit, 1000, MAX_NODE_LIMIT)
    at_least("--max-games", max_games, 1, MAX_PUZZLE_GAMES)
    finder: PuzzleFinder = registry.plugin(game, "puzzles")
    kinds = getattr(finder, "KINDS", {"win": None})
    if kind not in kinds:
        raise UsageError(f"--kind {kind!r}: {game}'s puzzle kinds are {', '.join(kinds)}")
    t0 = time.perf_counter()
    with progress_bar() as bar:
        task = bar.add_task("searching bot games for puzzles", total=max_games)
        budget: dict = {} if node_limit is None else {"node_limit": node_limit}
        if kind != "win":
            budget["kind"] = kind
        sf, played = finder.find_puzzles(count, seed, jobs, max_games=max_games, **budget,
                                         progress=lambda k: bar.advance(task, k), backend=backend, ray_address=ray_address,
                                         root=content_root(ctx))
    seconds = time.perf_counter() - t0
    name = kinds[kind][2] if kind != "win" else "puzzles.yaml"
    path = out or (store.scenarios_dir(load_content(game, content_root(ctx))) / name)
    store.write_file(path, sf, finder.file_header(sf))
    con = _console()
    _table(con, game, sf.puzzles, {}, f"{len(sf.puzzles)} puzzles written to {path}")
    con.print(f"{played} bot games looked through in {seconds:.0f} s")
    if len(sf.puzzles) < count:
        con.print(f"[yellow]note:[/yellow] only {len(sf.puzzles)} of {count} found; raise --max-games or try another --seed")


def _legend(con: Console, entries: list) -> None:
    """What the list's words mean: each objective phrase its titles use, the measured column, the puzzles'."""
    scenarios = [e for e in entries if not isinstance(e, Puzzle)]
    keys = list(dict.fromkeys(objective_key(e) for e in scenarios))
    for key in keys:
        con.print(f"[bold]{say('en', f'title.objective.{key}', amount='').strip()}[/bold]: {say('en', f'title.meaning.{key}')}")
    proxies = sorted({e.graded.proxy for e in scenarios if e.graded is not None})
    if proxies:
        con.print(f"[bold]measured[/bold]: how often the reference player ({', '.join(bot_words(p) for p in proxies)} in "
                  "your seat) met the objective in that many seeded games, with its 95% interval; the stars follow it.")
    if any(isinstance(e, Puzzle) for e in entries):
        con.print("[bold]turns, wrong[/bold] (puzzles): your turns in the proved solution, and the other first "
                  "choices that fail; the stars follow both.")


def _table(con: Console, game: str, entries: list, done: dict, title: str) -> None:
    t = Table(title=title)
    for col in ("id", "title", "stars", "measured", "you"):
        t.add_column(col, justify="left" if col in ("id", "title", "you") else "right")
    for e in entries:
        stars = e.stars or 0
        if isinstance(e, Puzzle):
            measured = f"{e.turns} turns, {e.wrong} wrong"
        elif e.graded is not None:
            g = e.graded
            measured = f"{g.win_rate:.0%} ({g.low:.0%}-{g.high:.0%}) of {g.games}"
        else:
            measured = "not graded"
        mine = done.get(e.id)
        you = "-" if mine is None else (f"won {'*' * mine.stars}" if mine.stars else
                                        "won with hints" if mine.wins else f"tried {mine.attempts}x")
        t.add_row(e.id, e.title, "*" * stars, measured, you)
    con.print(t)


def grade_cmd(
    ctx: typer.Context,
    game: str = typer.Argument(..., help="Game id."),
    games: Optional[int] = typer.Option(None, "--games", help="Seeded games per scenario (default: as many as each was graded with)."),
    jobs: int = typer.Option(1, "--jobs", "-j", help="Processes (results do not depend on it)."),
    backend: str = typer.Option("local", "--backend", help=BACKEND_HELP),
    ray_address: Optional[str] = typer.Option(None, "--ray-address", help=RAY_ADDRESS_HELP),
) -> None:
    """Grade the game's generated scenarios again (after a bot's table changed): each with its own grading
    seed and proxy, written back into its file."""
    _check_game(game)
    if games is not None:
        at_least("--games", games, 1, MAX_GRADING_GAMES)
    at_least("--jobs", jobs, 1)
    check_backend(backend)
    root = content_root(ctx)
    content = load_content(game, root)
    t0 = time.perf_counter()
    con = _console()
    t = Table(title=f"{game}: scenarios graded again")
    for col in ("id", "before", "now", "stars"):
        t.add_column(col)
    for path in store.scenario_files(content):
        sf = store.load_file(path, game, root)
        graded = [sc for sc in sf.scenarios if sc.graded is not None]
        if not graded:
            continue
        total = sum(games or sc.graded.games for sc in graded if sc.graded is not None)
        with progress_bar() as bar:
            task = bar.add_task(f"grading {path.name}: {len(graded)} scenarios", total=total)
            again = grade_scenarios(content, list(sf.scenarios), games, jobs, root, lambda k: bar.advance(task, k),
                                    backend, ray_address)
        store.write_file(path, sf.model_copy(update={"scenarios": again}), store.header_of(path))
        for old, new in zip(sf.scenarios, again):
            if old.graded is not None and new.graded is not None:
                t.add_row(new.id, f"{old.graded.win_rate:.0%} ({old.graded.games})",
                          f"{new.graded.win_rate:.0%} ({new.graded.low:.0%}-{new.graded.high:.0%}, {new.graded.games})",
                          "*" * new.graded.stars)
    con.print(t)
    con.print(f"graded in {time.perf_counter() - t0:.0f} s")


def turning_header(game: str, made_command: str) -> list[str]:
    return [
        f"{game} turning-point scenarios: each starts in the middle of a seeded game between the printed bots,",
        "at a moment where your seat is behind or level and the outcome is still open (see `saloon scenarios list " + game + "`).",
        f"Made by: {made_command}",
        "setup: the bot game's seed and its moves up to that moment; turning_point: the bots that played it (each",
        "seeded from the game's seed and its seat) and, from that moment, how often the normal table bot and the",
        "searching proxy in your seat won; graded: the proxy's seeded games (95% Wilson interval) and the stars.",
        "Play one: saloon play " + game + " --scenario ID",
    ]


def turning_cmd(
    ctx: typer.Context,
    game: str = typer.Argument(..., help="Game id."),
    count: int = typer.Option(6, "--count", "-n", help="Turning points to keep."),
    seed: int = typer.Option(1, "--seed", help="Run seed: same seed, same bot games, same scenarios and grades."),
    bot_games: Optional[int] = typer.Option(None, "--bot-games", help="Seeded bot games to look through (default: eight times the count)."),
    probe: int = typer.Option(8, "--probe", help="Games of the table bot and of the proxy from each moment (is it open?)."),
    games: Optional[int] = typer.Option(None, "--games", help="Graded games per kept scenario (default per game)."),
    jobs: int = typer.Option(1, "--jobs", "-j", help="Processes (results do not depend on it)."),
    out: Optional[Path] = typer.Option(None, "--out", help="Write here instead of content/<game>/scenarios/turning_points.yaml."),
) -> None:
    """Find turning points in seeded bot games (your seat behind or level, the outcome open, the decisions
    mattering) and write each as a scenario that starts there, graded by simulation."""
    _check_game(game)
    at_least("--count", count, 1, MAX_SCENARIOS)
    at_least("--jobs", jobs, 1)
    at_least("--probe", probe, 2, MAX_GRADING_GAMES)
    for name, value, high in (("--games", games, MAX_GRADING_GAMES), ("--bot-games", bot_games, MAX_PUZZLE_GAMES)):
        if value is not None:
            at_least(name, value, 1, high)
    if games is not None and games <= probe:
        raise UsageError(f"--games {games} must be more than --probe {probe} (the probe's games are the grading's first)")
    t0 = time.perf_counter()
    with progress_bar() as bar:
        task = bar.add_task(f"looking for {game} turning points", total=None)
        res = find_turning(game, count, seed, jobs, bot_games, probe, games, progress=lambda k: bar.advance(task, k),
                           root=content_root(ctx))
    seconds = time.perf_counter() - t0
    path = out or (store.scenarios_dir(load_content(game, content_root(ctx))) / TURNING_FILE)
    assert res.file.made is not None
    store.write_file(path, res.file, turning_header(game, res.file.made.command))
    con = _console()
    _table(con, game, res.file.scenarios, {}, f"{game}: {len(res.file.scenarios)} turning points written to {path}")
    con.print(f"{res.bot_games} bot games, {res.moments} moments probed, {res.open} open; {res.games} games in "
              f"{seconds:.0f} s with {jobs} process{'es' if jobs > 1 else ''}")
    if len(res.file.scenarios) < count:
        con.print(f"[yellow]note:[/yellow] only {len(res.file.scenarios)} of {count} kept; raise --bot-games or try another --seed")


def twists_cmd(
    ctx: typer.Context,
    game: str = typer.Argument(..., help="Game id."),
    jobs: int = typer.Option(1, "--jobs", "-j", help="Processes (results do not depend on it)."),
    backend: str = typer.Option("local", "--backend", help=BACKEND_HELP),
    ray_address: Optional[str] = typer.Option(None, "--ray-address", help=RAY_ADDRESS_HELP),
) -> None:
    """Measure whether each generated scenario's twists change how it is played (the searching proxy's gain over
    the normal table bot, with and without them); twists that change nothing are dropped from the scenario,
    which is graded again without them. Everything is written back into its file."""
    _check_game(game)
    at_least("--jobs", jobs, 1)
    check_backend(backend, ray_address)
    root = content_root(ctx)
    content = load_content(game, root)
    vocab = vocabulary(game)
    t0 = time.perf_counter()
    con = _console()
    t = Table(title=f"{game}: do the twists change play? (gain of searching over the normal table bot)")
    for col in ("id", "twists", "with", "without", "effect (95%)", "verdict"):
        t.add_column(col)
    for path in store.scenario_files(content):
        sf = store.load_file(path, game, root)
        if not any(sc.twists and sc.graded is not None for sc in sf.scenarios):
            continue
        with progress_bar() as bar:
            task = bar.add_task(f"measuring the twists of {path.name}", total=games_needed(sf.scenarios))
            checked = {c.scenario.id: c for c in check_twists(game, content, list(sf.scenarios), jobs, root,
                                                               lambda k: bar.advance(task, k), backend, ray_address)}
        g = load_scenario_game(content, {})
        out = []
        for sc in sf.scenarios:
            c = checked.get(sc.id)
            if c is None:
                out.append(sc)
                continue
            out.append(c.scenario)
            k = c.check
            t.add_row(sc.id, ", ".join(str(x.to_yaml()) for x in k.twists),
                      f"{k.search.rate:.0%} - {k.table.rate:.0%}", f"{k.plain_search.rate:.0%} - {k.plain_table.rate:.0%}",
                      f"{k.effect:+.0%} ({k.low:+.0%} to {k.high:+.0%})", "changes play" if k.changes else "dropped, graded again")
        store.write_file(path, sf.model_copy(update={"scenarios": retitled(out, vocab, g)}), store.header_of(path))
    con.print(t)
    con.print(f"measured in {time.perf_counter() - t0:.0f} s with {jobs} process{'es' if jobs > 1 else ''}")


def list_cmd(
    ctx: typer.Context,
    game: str = typer.Argument(..., help="Game id."),
    progress: Optional[Path] = typer.Option(None, "--progress", help="The progress file to read (default: the one in the --data folder)."),
    data: Optional[Path] = data_option(),
) -> None:
    """The game's scenarios and puzzles with their stars, and the stars you have earned."""
    _check_game(game)
    found = store.entries(load_content(game, content_root(ctx)))
    con = _console()
    if not found:
        con.print(f"{game} has no scenarios yet; make some with: saloon scenarios generate {game}")
        return
    done = progress_file.read(progress or player_data.progress_file(data)).get(game, {})
    by_file: dict[Path, list] = {}
    for path, e in found:
        by_file.setdefault(path, []).append(e)
    for path, items in by_file.items():
        _table(con, game, items, done, f"{game}: {path.name}")
    _legend(con, [e for _, e in found])
    earned = sum(e.stars for e in done.values())
    possible = sum((e.stars or 0) for _, e in found)
    con.print(f"stars earned: {earned} of {possible}. Play one: saloon play {game} --scenario ID")


def book_cmd(
    ctx: typer.Context,
    game: str = typer.Argument(..., help="Game id."),
    paper: str = typer.Option("a4", "--paper", help="Paper size: a4|letter."),
    out: Path = typer.Option(Path("output"), "--out", help="Folder for the book PDF."),
    lang: str = typer.Option("en", "--lang", help="Language of every printed text: en|es|ja (ja needs the 'ja' extra)."),
) -> None:
    """Write the game's scenario book (PDF): how to play solo, one page per scenario, puzzles, solutions."""
    _check_game(game)
    t0 = time.perf_counter()
    path, pages = write_book(game, out, paper.lower(), lang.lower(), content_root(ctx))
    _console().print(f"wrote {path}: {pages} pages in {time.perf_counter() - t0:.1f} s")


def campaign_cmd(
    ctx: typer.Context,
    game: str = typer.Argument(..., help="Game id."),
    campaign: Optional[str] = typer.Option(None, "--campaign", help="Which campaign (the game's only one by default)."),
    new: bool = typer.Option(False, "--new", help="Start the campaign again from its first chapter."),
    status: bool = typer.Option(False, "--status", help="Say where you stand, without playing."),
    data: Optional[Path] = data_option(),
    lang: str = typer.Option("en", "--lang", help="Language of the table and the chapters' texts: en|es|ja."),
    fast: bool = typer.Option(False, "--fast", help="Do not wait for Enter while Colt Express's pile resolves."),
    plain: bool = typer.Option(False, "--plain", help="Line mode (the default when input or output is not a terminal)."),
    grade: bool = typer.Option(False, "--grade", help="Grade every way into every chapter by simulation and write the grades into the campaign's file."),
    games: int = typer.Option(24, "--games", help="With --grade: seeded games of the reference player per way in."),
    jobs: int = typer.Option(1, "--jobs", "-j", help="With --grade: processes (results do not depend on it)."),
) -> None:
    """Play a game's campaign: the chapter you are at, set up by how the last one ended; --status shows where you stand."""
    _check_game(game)
    if grade:
        at_least("--games", games, 1, MAX_GRADING_GAMES)
        at_least("--jobs", jobs, 1)
        _grade_campaign(game, campaign, games, jobs, content_root(ctx))
        return
    run_campaign_session(game, campaign, new=new, status=status, save_dir=player_data.saves_dir(data),
                         progress_path=player_data.progress_file(data), lang=lang.lower(), fast=fast,
                         root=content_root(ctx), screen=not plain and on_a_terminal())


def _grade_campaign(game: str, ident: str | None, games: int, jobs: int, root: Path | None) -> None:
    content = load_content(game, root)
    camp = find_campaign(content, ident)
    path = next(p for p, c in campaigns(content) if c.id == camp.id)
    t0 = time.perf_counter()
    with progress_bar() as bar:
        task = bar.add_task(f"grading {camp.id}: every way into every chapter", total=ways(camp))
        graded = grade_campaign(content, camp, games, jobs, root, lambda k: bar.advance(task, k))
    sf = store.load_file(path, game, root)
    sf = sf.model_copy(update={"campaigns": [graded if c.id == camp.id else c for c in sf.campaigns]})
    store.write_file(path, sf, store.header_of(path))
    con = _console()
    t = Table(title=f"{camp.id}: {games} games of the reference player per way in, written to {path.name}")
    for col in ("chapter", "way in", "met", "stars"):
        t.add_column(col)
    for c in graded.chapters:
        for way, g in c.graded.items():
            t.add_row(c.id, way, f"{g.win_rate:.0%} ({g.low:.0%}-{g.high:.0%})", "*" * g.stars)
    con.print(t)
    con.print(f"graded in {time.perf_counter() - t0:.0f} s")
