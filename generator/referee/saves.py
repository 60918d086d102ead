"""Save files for referee games: the record (header + actions) and which seats are people.

A save holds the game's record, never an observation of any seat, so it carries nothing beyond what
replaying the moves gives. In games with hidden information the move list is stored compressed and
base64-encoded (`actions_z`) so that opening the file does not show another seat's face-down plays.
Files are written atomically: a temporary file in the same folder, flushed, then `os.replace`, so a
crash mid-write leaves the previous save intact.
"""

from __future__ import annotations

import base64
import json
import zlib
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from ..engine.core import Record
from ..errors import RecordError
from ..files import write_atomic

FORMAT = "saloon-save"
FORMAT_VERSION = 1


@dataclass
class Save:
    """What a save file holds."""

    record: Record
    seats: list[str]  # "you" or a bot spec, per seat
    finished: bool = False
    outcome: dict | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if is_human(s)]


HUMAN_NAMES = ("you", "human", "me")


def is_human(spec: str) -> bool:
    return spec.strip().lower() in HUMAN_NAMES


def encode_actions(actions: list[str]) -> str:
    raw = json.dumps(actions, separators=(",", ":")).encode()
    return base64.b64encode(zlib.compress(raw, 9)).decode("ascii")


def decode_actions(text: str) -> list[str]:
    try:
        data = json.loads(zlib.decompress(base64.b64decode(text.encode("ascii"), validate=True)))
    except (ValueError, zlib.error) as exc:
        raise RecordError(f"save file: the encoded move list cannot be read ({exc})") from exc
    if not isinstance(data, list) or not all(isinstance(a, str) for a in data):
        raise RecordError("save file: the encoded move list is not a list of moves")
    return data


def to_json(save: Save, hide_moves: bool) -> dict:
    rec = save.record.to_json()
    if hide_moves:
        rec["actions_z"] = encode_actions(rec.pop("actions"))
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "saved_at": datetime.now().isoformat(timespec="seconds"),
        "record": rec,
        "seats": list(save.seats),
        "humans": save.humans,
        "finished": save.finished,
        "outcome": save.outcome,
        **({"extra": save.extra} if save.extra else {}),
    }


def from_json(data: Any, where: str = "save file") -> Save:
    """A Save from a save file's JSON, or from a bare record (every seat then counts as a bot)."""
    if not isinstance(data, dict):
        raise RecordError(f"{where}: expected a JSON object, found {type(data).__name__}")
    if data.get("format") == FORMAT:
        if data.get("format_version") != FORMAT_VERSION:
            raise RecordError(f"{where}: save format version {data.get('format_version')!r}; this Saloon reads {FORMAT_VERSION}")
        rec = data.get("record")
        if not isinstance(rec, dict):
            raise RecordError(f"{where}: 'record' is missing or not an object")
        rec = dict(rec)
        if "actions_z" in rec:
            rec["actions"] = decode_actions(str(rec.pop("actions_z")))
        try:
            record = Record.from_json(rec)
        except RecordError as exc:
            raise RecordError(f"{where}: {exc}") from exc
        seats = data.get("seats")
        if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
            raise RecordError(f"{where}: 'seats' must be a list of seat names such as [\"you\", \"mcts\"]")
        if len(seats) != record.players:
            raise RecordError(f"{where}: {len(seats)} seats listed for a {record.players}-player game")
        return Save(record, seats, bool(data.get("finished", False)), data.get("outcome"), dict(data.get("extra", {})))
    if "actions" in data and "game" in data:  # a bare record, e.g. written by another tool
        try:
            record = Record.from_json(data)
        except RecordError as exc:
            raise RecordError(f"{where}: {exc}") from exc
        return Save(record, ["mcts"] * record.players)
    raise RecordError(f"{where}: not a Saloon save or record (no 'format' or 'actions' field)")


def write_save(path: Path, save: Save, hide_moves: bool) -> Path:
    """Write `save` to `path` atomically; returns the path."""
    text = json.dumps(to_json(save, hide_moves), indent=2) + "\n"
    return write_atomic(path, text)


def read_save(path: Path) -> Save:
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise RecordError(f"save file {str(path)!r} does not exist") from None
    except OSError as exc:
        raise RecordError(f"save file {str(path)!r} cannot be read: {exc.strerror}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(f"save file {str(path)!r} is not valid JSON (line {exc.lineno}: {exc.msg})") from None
    return from_json(data, where=f"save file {str(path)!r}")


def default_save_path(save_dir: Path, game: str, seed: int) -> Path:
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    path = Path(save_dir) / f"{game}-seed{seed}-{stamp}.json"
    k = 2
    while path.exists():
        path = Path(save_dir) / f"{game}-seed{seed}-{stamp}-{k}.json"
        k += 1
    return path
