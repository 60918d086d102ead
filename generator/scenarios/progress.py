"""The record of scenarios and puzzles played (progress.json in the player's data folder, player_data.py): attempts, wins and the
stars earned (a scenario's stars, once won). Written atomically; only a regular file of sane size is
read, and a damaged one is set aside with a note so that play goes on."""

from __future__ import annotations

import json
import os
import stat
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from ..errors import RecordError, UsageError, shorten
from ..files import write_atomic
from ..player_data import progress_file

FORMAT = "saloon-progress"
VERSION = 1


@dataclass
class Entry:
    attempts: int = 0
    wins: int = 0
    stars: int = 0  # earned: the scenario's stars once it has been won without hints
    last: str = ""  # "won", "won with hints" or "lost"
    hinted: int = 0  # the wins among them where the person asked for hints

    def to_json(self) -> dict:
        return {"attempts": self.attempts, "wins": self.wins, "stars": self.stars, "last": self.last, "hinted": self.hinted}


@dataclass
class Journey:
    """Where a person stands in a campaign: the chapter to play next (none: the campaign is over), the
    way into it ('start' or 'CHAPTER:won|lost'), and the chapters played with their results."""

    at: str | None = None
    way: str = "start"
    history: list[tuple[str, str]] = field(default_factory=list)

    def to_json(self) -> dict:
        return {"at": self.at, "way": self.way, "history": [list(h) for h in self.history]}

    @classmethod
    def from_json(cls, data: dict) -> "Journey":
        at, way, history = data["at"], data["way"], data["history"]
        if at is not None and not isinstance(at, str) or not isinstance(way, str) or not isinstance(history, list):
            raise ValueError("a campaign's 'at', 'way' and 'history' are a chapter, a way in and a list")
        if len(history) > 100 or any(not (isinstance(h, list) and len(h) == 2 and all(isinstance(x, str) for x in h))
                                     for h in history):
            raise ValueError("a campaign's history is at most 100 [chapter, result] pairs")
        return cls(at[:40] if at else None, way[:80], [(str(c)[:40], str(r)[:10]) for c, r in history])


MAX_BYTES = 1 << 20  # a progress file of one person is a few KiB; more is not ours to read


def _note_to_stderr(line: str) -> None:
    # (a damaged file may hold a lone surrogate, "\ud800": shown escaped, never an encoding error)
    print(f"note: {line}".encode("utf-8", "backslashreplace").decode("utf-8"), file=sys.stderr)


def _set_aside(path: Path) -> Path:
    """Rename a damaged progress file out of the way (progress.json -> progress.damaged-1.json, ...)."""
    for n in range(1, 1000):
        aside = path.with_name(f"{path.stem}.damaged-{n}{path.suffix}")
        if not aside.exists():
            os.replace(path, aside)
            return aside
    raise OSError(f"too many set-aside copies beside {path}")


def _regular(path: Path) -> bool:
    """Whether `path` is a regular file (not a pipe, device or folder) of at most MAX_BYTES."""
    try:
        st = os.stat(path)
    except OSError:
        return False
    return stat.S_ISREG(st.st_mode) and st.st_size <= MAX_BYTES


def read(path: Path | None = None, note: Callable[[str], None] = _note_to_stderr) -> dict[str, dict[str, Entry]]:
    """game -> scenario id -> Entry (empty when the file does not exist yet). Only a regular file of at
    most 1 MiB is read; anything else there is left alone and read as empty, with a `note`. A damaged
    file is set aside (renamed beside it, with a `note` naming the copy) and play goes on afresh."""
    return _read_all(path, note)[0]


def read_campaigns(path: Path | None = None, note: Callable[[str], None] = _note_to_stderr) -> dict[str, dict[str, Journey]]:
    """game -> campaign id -> where the person stands in it (empty before any campaign)."""
    return _read_all(path, note)[1]


def _read_all(path: Path | None, note: Callable[[str], None]) -> tuple[dict[str, dict[str, Entry]], dict[str, dict[str, Journey]]]:
    path = Path(path) if path is not None else progress_file()
    if not path.exists() and not path.is_symlink():
        return {}, {}
    if not _regular(path):
        note(f"progress file {str(path)!r} is not a regular file of at most {MAX_BYTES:,} bytes; it is not read")
        return {}, {}
    try:
        return _parse(path)
    except RecordError as exc:
        try:
            aside = _set_aside(path)
        except OSError as move:
            note(f"{exc}; it could not be set aside ({move}), so nothing is recorded there")
            return {}, {}
        note(f"{exc}; set aside as {str(aside)!r}, starting a new one")
        return {}, {}


def _whole(text: str) -> int:
    """A whole number of the file, read only when it is short (a count fits in 10 digits; Python refuses
    to read one of more than 4,300 with a ValueError of its own)."""
    if len(text.lstrip("-")) > 30:
        raise ValueError(f"a number with {len(text.lstrip('-')):,} digits")
    return int(text)


def _parse(path: Path) -> tuple[dict[str, dict[str, Entry]], dict[str, dict[str, Journey]]]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"), parse_int=_whole)
    except (OSError, ValueError, RecursionError) as exc:  # (a JSONDecodeError is a ValueError)
        raise RecordError(f"progress file {str(path)!r} cannot be read ({shorten(exc, 80)})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT or not isinstance(data.get("games"), dict):
        raise RecordError(f"progress file {str(path)!r} is not a Saloon progress file")
    out: dict[str, dict[str, Entry]] = {}
    try:
        for game, per in data["games"].items():
            out[game] = {str(sid): Entry(_count(e["attempts"]), _count(e["wins"]), _count(e["stars"]), str(e.get("last", ""))[:20],
                                         _count(e.get("hinted", 0)))
                         for sid, e in per.items()}
        journeys = {str(game): {str(cid): Journey.from_json(j) for cid, j in per.items()}
                    for game, per in data.get("campaigns", {}).items()}
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise RecordError(f"progress file {str(path)!r}: a bad entry ({type(exc).__name__}: {shorten(exc, 80)})") from None
    return out, journeys


def _count(value: object) -> int:
    """A count kept in the file: a whole number from 0 to 10**9 (not a bool, not a float)."""
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 10**9:
        raise ValueError(f"expected a count from 0 to 10**9, got {shorten(value, 30)}")
    return value


def record(game: str, scenario_id: str, won: bool, stars: int, path: Path | None = None,
           note: Callable[[str], None] = _note_to_stderr, hinted: bool = False) -> Entry:
    """Count one finished attempt; returns the scenario's entry after it (not written, with a `note`,
    where the progress file's place holds something that is not a regular file). A win with hints
    (`hinted`) is counted as such and earns no stars."""
    path = Path(path) if path is not None else progress_file()
    data, journeys = _read_all(path, note)
    entry = data.setdefault(game, {}).setdefault(scenario_id, Entry())
    entry.attempts += 1
    entry.last = ("won with hints" if hinted else "won") if won else "lost"
    if won:
        entry.wins += 1
        entry.hinted += hinted
        if not hinted:
            entry.stars = max(entry.stars, stars)
    _write(path, data, journeys, note)
    return entry


def record_journey(game: str, campaign: str, journey: "Journey", path: Path | None = None,
                   note: Callable[[str], None] = _note_to_stderr) -> None:
    """Keep where the person stands in a campaign (the scenario entries stay as they are)."""
    path = Path(path) if path is not None else progress_file()
    data, journeys = _read_all(path, note)
    journeys.setdefault(game, {})[campaign] = journey
    _write(path, data, journeys, note)


def _write(path: Path, data: dict[str, dict[str, Entry]], journeys: dict[str, dict[str, "Journey"]],
           note: Callable[[str], None]) -> None:
    payload: dict = {"format": FORMAT, "version": VERSION,
                     "games": {g: {sid: e.to_json() for sid, e in sorted(per.items())} for g, per in sorted(data.items())}}
    if journeys:
        payload["campaigns"] = {g: {cid: j.to_json() for cid, j in sorted(per.items())} for g, per in sorted(journeys.items())}
    try:
        write_atomic(path, json.dumps(payload, indent=2) + "\n")
    except UsageError as exc:
        note(f"{exc}; this attempt is not recorded")
