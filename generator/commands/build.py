"""`saloon build`: a Typer-ready command over `generator.render.kit.build_with_summary`.

The lead wires it into the app: `app.command("build")(guarded(command.build))`. Bad input raises
SaloonError subclasses (UsageError, UnknownGame, RenderError), which the CLI's error boundary turns
into one red line and exit code 1.
"""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer
from rich.console import Console
from rich.table import Table

from .. import registry
from .options import content_root
from ..progress import progress_bar
from ..render.geometry import DUPLEX_MODES, PAPERS, parse_offset
from ..render.kit import build_with_summary


def build(
    ctx: typer.Context,
    game: Optional[str] = typer.Argument(None, help="One game (see saloon games); all when omitted."),
    paper: str = typer.Option("a4", "--paper", help=f"Paper size: {'|'.join(PAPERS)}."),
    duplex: str = typer.Option("long", "--duplex", help=f"Card backs: {'|'.join(DUPLEX_MODES)} (long-edge mirrored by default)."),
    back_offset: str = typer.Option("0,0", "--back-offset", help="Shift back pages by X,Y mm to correct printer drift."),
    low_ink: bool = typer.Option(False, "--low-ink", help="Pale fills, for printers short of ink."),
    png: Optional[Path] = typer.Option(None, "--png", help="Also write every face as 300 dpi PNG and TTS deck sheets here."),
    out: Path = typer.Option(Path("output"), "--out", help="Folder for the kit PDFs."),
    timings: bool = typer.Option(False, "--timings", help="Show seconds and size per kit."),
    lang: str = typer.Option("en", "--lang", help="Language of every printed text: en|es|ja (ja needs the 'ja' extra)."),
) -> None:
    """Render print-and-play kit PDFs (cover, duplex calibration, every component)."""
    offset = parse_offset(back_offset)
    console = Console(highlight=False)
    names = [game] if game else registry.names()
    with progress_bar() as bar:
        task = bar.add_task("building", total=len(names))

        def step(name: str) -> None:
            bar.update(task, description=f"building {name}", completed=names.index(name) if name in names else 0)

        results = build_with_summary(
            names if game else None, out, paper=paper.lower(), duplex=duplex.lower(), back_offset=offset,
            low_ink=low_ink, png_dir=png, progress=step, lang=lang.lower(), root=content_root(ctx),
        )
    table = Table(title="Kits written")
    table.add_column("game")
    table.add_column("file")
    table.add_column("pages", justify="right")
    table.add_column("pieces", justify="right")
    if timings:
        table.add_column("seconds", justify="right")
        table.add_column("size", justify="right")
    if png is not None:
        table.add_column("png files", justify="right")
    for r in results:
        row = [r.game, str(r.path), str(r.pages), str(r.pieces)]
        if timings:
            row += [f"{r.seconds:.2f}", f"{r.bytes / 1024:.0f} KiB"]
        if png is not None:
            row.append(str(r.png_files))
        table.add_row(*row)
    console.print(table)
    if timings:
        console.print(f"total {sum(r.seconds for r in results):.2f} s, {sum(r.bytes for r in results) / 1024:.0f} KiB")
