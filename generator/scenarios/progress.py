"""The local record of scenarios and puzzles played (output/progress.json): attempts, wins and the
stars earned (a scenario's stars, once won). Written atomically; a damaged file is one clear error."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from ..errors import RecordError
from ..files import write_atomic

DEFAULT_PATH = Path("output/progress.json")
FORMAT = "saloon-progress"
VERSION = 1


@dataclass
class Entry:
    attempts: int = 0
    wins: int = 0
    stars: int = 0  # earned: the scenario's stars once it has been won
    last: str = ""  # "won" or "lost"

    def to_json(self) -> dict:
        return {"attempts": self.attempts, "wins": self.wins, "stars": self.stars, "last": self.last}


def read(path: Path = DEFAULT_PATH) -> dict[str, dict[str, Entry]]:
    """game -> scenario id -> Entry (empty when the file does not exist yet)."""
    path = Path(path)
    if not path.exists():
        return {}
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise RecordError(f"progress file {str(path)!r} cannot be read ({exc}); move it aside to start afresh") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT or not isinstance(data.get("games"), dict):
        raise RecordError(f"progress file {str(path)!r} is not a Saloon progress file")
    out: dict[str, dict[str, Entry]] = {}
    try:
        for game, per in data["games"].items():
            out[game] = {sid: Entry(int(e["attempts"]), int(e["wins"]), int(e["stars"]), str(e.get("last", "")))
                         for sid, e in per.items()}
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise RecordError(f"progress file {str(path)!r}: a bad entry ({type(exc).__name__}: {exc})") from None
    return out


def record(game: str, scenario_id: str, won: bool, stars: int, path: Path = DEFAULT_PATH) -> Entry:
    """Count one finished attempt; returns the scenario's entry after it."""
    data = read(path)
    entry = data.setdefault(game, {}).setdefault(scenario_id, Entry())
    entry.attempts += 1
    entry.last = "won" if won else "lost"
    if won:
        entry.wins += 1
        entry.stars = max(entry.stars, stars)
    payload = {"format": FORMAT, "version": VERSION,
               "games": {g: {sid: e.to_json() for sid, e in sorted(per.items())} for g, per in sorted(data.items())}}
    write_atomic(Path(path), json.dumps(payload, indent=2) + "\n")
    return entry
