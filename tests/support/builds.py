"""Built kits and books shared by the render tests: the same default kit or book (and the text of its
pages) is built once and read by every test file that checks it, in every xdist worker.

Builds are deterministic (tests/render/test_kits.py and test_book.py build again and compare bytes), so a
build is stored under a key made of a hash of every file under generator/, content/ and templates/, the
Python and library versions, and the build's arguments: a change to any source is a new key, never a stale
file. Files are written atomically (a temporary file, then os.replace), so two workers building the same
thing at once each write a whole file. The tests that prove a build is reproducible still build afresh.

SALOON_TEST_BUILDS names the folder (default: saloon-test-builds in the system's temporary folder);
SALOON_TEST_BUILDS=off builds everything afresh (nothing read, nothing stored)."""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import os
import shutil
import sys
import tempfile
import time
from functools import lru_cache
from importlib import metadata
from pathlib import Path
from typing import Callable

from tests.support.paths import REPO

SOURCES = ("generator", "content", "templates")
LIBRARIES = ("reportlab", "pypdf", "matplotlib-fontja", "pyyaml", "jinja2", "uharfbuzz", "fonttools")


@lru_cache(maxsize=1)
def source_key() -> str:
    """A hash of every source file the builds read, and the versions of what reads them."""
    h = hashlib.sha256()
    h.update(sys.version.encode())
    for lib in LIBRARIES:
        try:
            h.update(f"{lib}={metadata.version(lib)}".encode())
        except metadata.PackageNotFoundError:
            h.update(f"{lib}=-".encode())
    for top in SOURCES:
        for path in sorted((REPO / top).rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                h.update(str(path.relative_to(REPO)).encode())
                h.update(b"\0")
                h.update(path.read_bytes())
                h.update(b"\0")
    return h.hexdigest()[:24]


def _folder() -> Path | None:
    where = os.environ.get("SALOON_TEST_BUILDS", "")
    if where.lower() in ("off", "0", "no"):
        return None
    base = Path(where) if where else Path(tempfile.gettempdir()) / "saloon-test-builds"
    folder = base / source_key()
    if not folder.is_dir():
        folder.mkdir(parents=True, exist_ok=True)
        for old in base.iterdir():  # the builds of sources left more than a day ago
            with contextlib.suppress(OSError):
                if old.is_dir() and old != folder and time.time() - old.stat().st_mtime > 86400:
                    shutil.rmtree(old, ignore_errors=True)
    return folder


def _stored(name: str, make: Callable[[], bytes]) -> bytes:
    folder = _folder()
    if folder is None:
        return make()
    path = folder / name
    try:
        return path.read_bytes()
    except FileNotFoundError:
        pass
    data = make()
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{name}.", suffix=".part")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return data


def _name(kind: str, **args) -> str:
    return kind + "-" + hashlib.sha256(json.dumps(args, sort_keys=True).encode()).hexdigest()[:20]


@lru_cache(maxsize=None)
def kit_pdf(game: str, paper: str = "a4", duplex: str = "long", lang: str = "en") -> bytes:
    """The bytes `saloon build GAME --paper P --duplex D --lang L` writes (kit.build: plan, then render)."""
    from generator.render import kit as kitmod  # noqa: PLC0415 - only when a kit is asked for

    return _stored(_name("kit", game=game, paper=paper, duplex=duplex, lang=lang) + ".pdf",
                   lambda: kitmod.render(kitmod.plan(game, paper, duplex, lang=lang)))


@lru_cache(maxsize=None)
def book_pdf(game: str, paper: str = "a4", lang: str = "en") -> tuple[bytes, int]:
    """render_book(game, paper, lang): the book's bytes and its page count."""
    from generator.render.book import render_book  # noqa: PLC0415 - only when a book is asked for

    def make() -> bytes:
        data, pages = render_book(game, paper, lang)
        return json.dumps({"pages": pages}).encode() + b"\n" + data

    head, _, data = _stored(_name("book", game=game, paper=paper, lang=lang) + ".bin", make).partition(b"\n")
    return data, json.loads(head)["pages"]


PDFTOTEXT = shutil.which("pdftotext")


def _pdftotext_pages(data: bytes) -> list[str]:
    """poppler's pdftotext (reading order, UTF-8) of every page: about 20 times faster than pypdf's
    extract_text() on a scenario book (0.2 s against 4-9 s), and one form feed after each page."""
    import subprocess  # noqa: PLC0415

    out = subprocess.run([PDFTOTEXT, "-enc", "UTF-8", "-", "-"], input=data, capture_output=True, check=True).stdout
    return out.decode("utf-8").split("\f")[:-1]


def _pypdf_pages(data: bytes) -> list[str]:
    from pypdf import PdfReader  # noqa: PLC0415

    return [page.extract_text() or "" for page in PdfReader(io.BytesIO(data)).pages]


@lru_cache(maxsize=64)
def page_texts(data: bytes) -> tuple[str, ...]:
    """The text of every page of a PDF ('' for a page without text), stored by the bytes' hash: poppler's
    pdftotext where it is installed (as pdftoppm is for the page images), else pypdf's extract_text()."""
    extract = _pdftotext_pages if PDFTOTEXT else _pypdf_pages

    def make() -> bytes:
        return json.dumps(extract(data), ensure_ascii=False).encode()

    name = f"text-{extract.__name__.strip('_')}-" + hashlib.sha256(data).hexdigest()[:24] + ".json"
    return tuple(json.loads(_stored(name, make)))


class Lazy(dict):
    """{key: value} over a fixed list of keys, each value made by make(*key) the first time it is read: a
    module fixture over the build matrix (every game, paper, language) of which the fast tier's cases
    read one corner (pyproject.toml's markers: `fast_case`)."""

    def __init__(self, keys, make: Callable):
        super().__init__()
        self._keys = tuple(keys)
        self._make = make

    def __missing__(self, key):
        if key not in self._keys:
            raise KeyError(key)
        value = self[key] = self._make(*key)
        return value

    def __contains__(self, key) -> bool:
        return key in self._keys

    def __iter__(self):
        return iter(self._keys)

    def __len__(self) -> int:
        return len(self._keys)

    def keys(self):
        return list(self._keys)

    def items(self):
        return [(key, self[key]) for key in self._keys]

    def values(self):
        return [self[key] for key in self._keys]


def write(data: bytes, path: Path) -> Path:
    """The built bytes as a file where a test reads one (e.g. fonts, metadata)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return path
