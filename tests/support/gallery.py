"""One small PNG of every kind of page Saloon prints, per game: the kit's (cover, calibration, rules,
pieces front and back, fold sheet, board tile, solo pages) and the book's (cover, a scenario, the grades, a puzzle,
the campaign sheet, the appendix), rendered from the PDFs a player builds.

    python -m tests.support.gallery                 # docs/gallery/<game>-<kind>.png, 50 dpi
    python -m tests.support.gallery --dpi 80 --out /tmp/pages --lang ja --paper letter

Needs poppler's `pdftoppm` (apt install poppler-utils). The PNGs are kept small (a palette of 64
colours) so they can be checked in; `docs/gallery/README.md` lists them with the command.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

from PIL import Image

from generator.content import load_content
from generator.render import kit as kitmod
from generator.scenarios.campaign import campaigns
from generator.scenarios.store import entries
from generator.schema.scenarios import Puzzle, Scenario
from generator.words.text import Texts, text_in
from tests.support import builds
from tests.support.paths import REPO

GAMES = ("longhorn", "colt_express", "way_out_west")


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def kit_pages(game: str, paper: str, lang: str) -> list[tuple[str, bytes, int]]:
    """(kind, the kit's PDF, its page number) for the first page of each kind of page in the kit (long-edge
    duplex), named by the page's kind and the section the page map gives it; then the first page of
    the fold-mode kit (glue-and-fold, for printers without duplex)."""
    kp = kitmod.plan(game, paper, "long", lang=lang)
    data = builds.kit_pdf(game, paper, "long", lang)  # render(plan(...)), built once for the tests (builds.py)
    kinds: dict[str, int] = {}
    for i, pg in enumerate(kp.pages, 1):
        if pg.kind == "blank":  # (the back of a one-sided page: nothing on it)
            continue
        name = pg.kind if pg.kind in ("cover", "calibration", "board", "back") else f"{pg.kind}-{slug(pg.section)}"
        kinds.setdefault(name, i)
    found = [(kind, data, n) for kind, n in kinds.items()]
    folded = kitmod.plan(game, paper, "fold", lang=lang)
    n = next((i for i, pg in enumerate(folded.pages, 1) if pg.kind == "fold"), None)
    if n is not None:
        found.append(("fold", kitmod.render(folded), n))
    return found


def book_pages(game: str, paper: str, lang: str) -> tuple[bytes, dict[str, int]]:
    """The book's PDF and its first page of each kind, found by what the page says."""
    data, _ = builds.book_pdf(game, paper, lang)  # render_book(...), built once for the tests (builds.py)
    texts = ["".join(t.split()) for t in builds.page_texts(data)]
    content = load_content(game)
    found = {"book-first-page": 1}
    scenario = next((e for _, e in entries(content) if isinstance(e, Scenario)), None)
    puzzle = next((e for _, e in entries(content) if isinstance(e, Puzzle)), None)
    camp = next((c for _, c in campaigns(content)), None)
    marks = {
        "book-scenario": "".join(scenario.title.split())[:20] if scenario else None,
        "book-puzzle": "".join(puzzle.title.split())[:20] if puzzle else None,
        "book-campaign": "".join(text_in(camp.title, lang).split()) if camp else None,
        "book-grades": "".join(Texts(lang, "book")("grades.title").split()) if scenario else None,
    }
    for kind, mark in marks.items():
        n = next((i for i, t in enumerate(texts, 1) if mark and mark in t and i > 1), None)
        if n is not None:
            found[kind] = n
    found["book-appendix"] = len(texts)  # how the book was made: commands for readers who use a terminal
    return data, found


def rasterise(pdf: bytes, page: int, dpi: int, out: Path) -> Path:
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "in.pdf"
        src.write_bytes(pdf)
        subprocess.run(["pdftoppm", "-png", "-r", str(dpi), "-f", str(page), "-l", str(page), "-singlefile", str(src),
                        str(Path(tmp) / "page")], check=True)
        image = Image.open(Path(tmp) / "page.png").convert("RGB").quantize(64)
        image.save(out, optimize=True)
    return out


def gallery(out: Path, dpi: int = 50, paper: str = "a4", lang: str = "en", games=GAMES) -> list[Path]:
    if shutil.which("pdftoppm") is None:
        raise SystemExit("the gallery needs poppler's pdftoppm (apt install poppler-utils)")
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for game in games:
        for kind, data, n in kit_pages(game, paper, lang):
            written.append(rasterise(data, n, dpi, out / f"{game}-kit-{kind}.png"))
        book, pages = book_pages(game, paper, lang)
        for kind, n in pages.items():
            written.append(rasterise(book, n, dpi, out / f"{game}-{kind}.png"))
    return written


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=Path, default=REPO / "docs" / "gallery")
    parser.add_argument("--dpi", type=int, default=50)
    parser.add_argument("--paper", default="a4")
    parser.add_argument("--lang", default="en")
    args = parser.parse_args()
    for path in gallery(args.out, args.dpi, args.paper, args.lang):
        print(f"{path.relative_to(args.out.parent) if path.is_relative_to(args.out.parent) else path}  "
              f"{path.stat().st_size // 1024} KiB")


if __name__ == "__main__":
    main()
