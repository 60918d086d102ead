"""Save files for referee games: the record (header + actions) and which seats are people.

A save holds the game's record, never an observation of any seat, so it carries nothing beyond what
replaying the moves gives. In games with hidden information the move list is stored compressed and
base64-encoded (`actions_z`) so that opening the file does not show another seat's face-down plays.
Files are written atomically: a temporary file in the same folder, flushed, then `os.replace`, so a
crash mid-write leaves the previous save intact.
"""

from __future__ import annotations

import base64
import hashlib
import json
import math
import os
import stat
import zlib
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from .. import registry
from ..engine.core import ENGINE_VERSION, Record
from ..errors import RecordError, SaloonError, UsageError, quote, shorten
from ..files import write_atomic
from ..player_data import saves_dir
from ..schema.common import MAX_PLAYERS
from ..sim.simulate import SEED_LIMIT, check_bots

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
    saved_at: str | None = None  # when the file was written (read back from it; a new save stamps its own)

    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if is_human(s)]


HUMAN_NAMES = ("you", "human", "me")


def fallback_dir() -> Path:
    """Where a game is kept when the save it asked for cannot be written: the user's data folder
    (platformdirs: ~/.local/share/saloon/saves on Linux), whatever the current folder or --data."""
    return saves_dir()


def short_id(path: Path) -> str:
    """Five letters and digits that name a save in `saloon saves` and `--resume` (from its file name)."""
    return hashlib.sha1(Path(path).name.encode("utf-8", "surrogateescape")).hexdigest()[:SHORT_ID]


def find_save(ref: Path, save_dir: Path) -> Path:
    """`--resume REF`: a save file's path, or the short id `saloon saves` shows for a file in `save_dir`."""
    text = str(ref)
    if Path(ref).exists() or len(text) != SHORT_ID or not folder_has(save_dir):
        return Path(ref)
    found = [p for p in Path(save_dir).glob("*.json") if short_id(p) == text.lower()]
    if len(found) > 1:
        raise UsageError(f"--resume {text}: {len(found)} saves in {str(save_dir)!r} have that id; give the file instead")
    return found[0] if found else Path(ref)


def folder_has(save_dir: Path) -> bool:
    try:
        return Path(save_dir).is_dir()
    except OSError:
        return False


def is_human(spec: str) -> bool:
    return spec.strip().lower() in HUMAN_NAMES


def encode_actions(actions: list[str]) -> str:
    raw = json.dumps(actions, separators=(",", ":")).encode()
    return base64.b64encode(zlib.compress(raw, 9)).decode("ascii")


# --- reading: every field checked strictly, in bounded time and memory ---------------------------

MAX_FILE_BYTES = 8 * 1024 * 1024  # a long game's save is a few KiB
MAX_DECODED_BYTES = 4 * 1024 * 1024  # what the compressed move list may expand to
MAX_MOVES = 20_000  # far beyond any game's length (Way Out West, the longest, takes a few hundred)
MAX_MOVE_CHARS = 200
SHORT_ID = 5  # characters of a save's short id
MAX_REASON_CHARS = 2_000  # a bot's rule note: one sentence of its sheet, a tie roll
MAX_SEATS = MAX_PLAYERS
MAX_SEAT_CHARS = 40
MAX_DIGITS = 20  # of any integer in a save (a seed is below 2**63: 19 digits)
MAX_DEPTH = 12  # of nested lists and objects anywhere in a save


class _Bad(Exception):
    """A problem found while reading a save; becomes a RecordError naming the file."""


def _kind(value: Any) -> str:
    return {bool: "true/false", int: "a whole number", float: "a number", str: "text", list: "a list",
            dict: "an object", type(None): "null"}.get(type(value), type(value).__name__)


def _shown(value: Any) -> str:
    try:
        text = json.dumps(value)
    except (TypeError, ValueError, RecursionError):
        text = repr(value)
    return shorten(text, 40)


def _wrong(field: str, expected: str, value: Any) -> _Bad:
    return _Bad(f"{field}: expected {expected}, found {_kind(value)} {_shown(value)}")


def _int_field(obj: dict, key: str, field: str, lo: int, hi: int, default: Any = ...) -> int:
    if key not in obj:
        if default is ...:
            raise _Bad(f"{field} is missing")
        return default
    value = obj[key]
    if type(value) is not int:  # bool is an int to Python, not to a save
        raise _wrong(field, "a whole number", value)
    if not lo <= value <= hi:
        raise _Bad(f"{field}: {_shown(value)} is outside {lo}..{hi}")
    return value


def _str_list(value: Any, field: str, most: int, chars: int) -> list[str]:
    if not isinstance(value, list):
        raise _wrong(field, "a list of text", value)
    if len(value) > most:
        raise _Bad(f"{field}: {len(value):,} entries; at most {most:,} expected")
    for i, item in enumerate(value):
        if not isinstance(item, str):
            raise _wrong(f"{field}[{i}]", "text", item)
        if len(item) > chars:
            raise _Bad(f"{field}[{i}]: {len(item):,} characters; at most {chars} expected")
    return value


def _json_int(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_DIGITS:
        raise _Bad(f"a number with {digits:,} digits; at most {MAX_DIGITS} expected")
    return int(text)


def _json_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _Bad(f"number {shorten(text, 20)} is out of range")
    return value


def _json_constant(text: str) -> float:
    raise _Bad(f"{text} is not a number a save can hold")


def _json_object(pairs: list[tuple[str, Any]]) -> dict:
    out: dict = {}
    for key, value in pairs:
        if key in out:
            raise _Bad(f"key {quote(key, 40)} appears twice in one object")
        out[key] = value
    return out


def _depth_ok(data: Any) -> None:
    """Refuse lists and objects nested deeper than MAX_DEPTH (checked without recursion)."""
    stack = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, (list, dict)):
            if depth > MAX_DEPTH:
                raise _Bad(f"lists or objects nested more than {MAX_DEPTH} deep")
            stack.extend((v, depth + 1) for v in (value.values() if isinstance(value, dict) else value))


def _loads(text: str) -> Any:
    """Strict JSON: no NaN/Infinity, no huge or out-of-range numbers, no repeated keys, bounded depth."""
    try:
        data = json.loads(
            text, parse_int=_json_int, parse_float=_json_float, parse_constant=_json_constant,
            object_pairs_hook=_json_object,
        )
    except json.JSONDecodeError as exc:
        raise _Bad(f"not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})") from None
    except RecursionError:
        raise _Bad(f"lists or objects nested more than {MAX_DEPTH} deep") from None
    _depth_ok(data)
    return data


def decode_actions(text: str) -> list[str]:
    """The move list from its compressed form, refusing anything that expands past MAX_DECODED_BYTES."""
    try:
        raw = base64.b64decode(text.encode("ascii"), validate=True)
        inflater = zlib.decompressobj()
        plain = inflater.decompress(raw, MAX_DECODED_BYTES + 1)
    except (ValueError, zlib.error) as exc:
        raise RecordError(f"save file: the encoded move list cannot be read ({shorten(exc, 80)})") from None
    if len(plain) > MAX_DECODED_BYTES or inflater.unconsumed_tail:
        raise RecordError(f"save file: the encoded move list expands past {MAX_DECODED_BYTES // 1024 // 1024} MiB")
    if not inflater.eof:
        raise RecordError("save file: the encoded move list cannot be read (it is cut short)")
    try:
        data = _loads(plain.decode("utf-8"))
        return _str_list(data, "moves", MAX_MOVES, MAX_MOVE_CHARS)
    except UnicodeDecodeError:
        raise RecordError("save file: the encoded move list cannot be read (not UTF-8 text)") from None
    except _Bad as exc:
        raise RecordError(f"save file: the encoded move list is not a list of moves ({exc})") from None


def _record(rec: dict, field: str) -> Record:
    """A Record from a record object, every field checked (no coercion)."""

    p = f"{field}." if field else ""
    game = rec.get("game", None)
    if "game" not in rec:
        raise _Bad(f"{p}game is missing")
    if not isinstance(game, str):
        raise _wrong(f"{p}game", "a game name", game)
    if game not in registry.names():
        raise _Bad(f"{p}game: unknown game {quote(game, 40)}; expected one of: {', '.join(registry.names())}")
    version = _int_field(rec, "version", f"{p}version", -(10**9), 10**9, ENGINE_VERSION)
    if version != ENGINE_VERSION:
        raise _Bad(f"{p}version: engine version {version}; this Saloon plays version {ENGINE_VERSION}")
    options = rec.get("options", {})
    if not isinstance(options, dict):
        raise _wrong(f"{p}options", "an object of option values", options)
    for name, value in options.items():
        if len(name) > MAX_SEAT_CHARS or not (value is None or isinstance(value, (str, int, float, bool))):
            raise _wrong(f"{p}options.{shorten(name, 40)}", "an option value (text, number or true/false)", value)
        if isinstance(value, str) and len(value) > MAX_MOVE_CHARS:
            raise _Bad(f"{p}options.{shorten(name, 40)}: {len(value):,} characters; at most {MAX_MOVE_CHARS} expected")
    players = _int_field(rec, "players", f"{p}players", 1, MAX_SEATS)
    seed = _int_field(rec, "seed", f"{p}seed", -SEED_LIMIT + 1, SEED_LIMIT - 1)
    if "actions" in rec and "actions_z" in rec:
        raise _Bad(f"{p}has both actions and actions_z; expected one move list")
    if "actions_z" in rec:
        encoded = rec["actions_z"]
        if not isinstance(encoded, str):
            raise _wrong(f"{p}actions_z", "text (the encoded move list)", encoded)
        actions = decode_actions(encoded)
    elif "actions" in rec:
        actions = _str_list(rec["actions"], f"{p}actions", MAX_MOVES, MAX_MOVE_CHARS)
    else:
        raise _Bad(f"{p}actions is missing")
    return Record(game=game, players=players, seed=seed, options=dict(options), version=version, actions=list(actions))


def _seats(data: dict, record: Record) -> list[str]:
    if "seats" not in data:
        raise _Bad("seats is missing; expected a list of seat names such as [\"you\", \"mcts\"]")
    seats = _str_list(data["seats"], "seats", MAX_SEATS, MAX_SEAT_CHARS)
    if len(seats) != record.players:
        raise _Bad(f"{len(seats)} seats listed for a {record.players}-player game")
    try:
        check_bots(record.game, [s for s in seats if not is_human(s)])
    except SaloonError as exc:
        raise _Bad(f"seats: {exc}") from None
    return seats


def _save(data: Any) -> Save:
    if not isinstance(data, dict):
        raise _Bad(f"expected a JSON object, found {_kind(data)}")
    if "format" in data:
        if data["format"] != FORMAT:
            raise _Bad(f"format: expected {FORMAT!r}, found {_shown(data['format'])}")
        version = data.get("format_version")
        if type(version) is not int or version != FORMAT_VERSION:
            raise _Bad(f"save format version {_shown(version)}; this Saloon reads {FORMAT_VERSION}")
        rec = data.get("record")
        if not isinstance(rec, dict):
            raise _Bad("'record' is missing or not an object")
        record = _record(rec, "record")
        seats = _seats(data, record)
        finished = data.get("finished", False)
        if not isinstance(finished, bool):
            raise _wrong("finished", "true or false", finished)
        for key, expected, ok in (
            ("saved_at", "text", lambda v: isinstance(v, str)),
            ("humans", "a list of seat numbers", lambda v: isinstance(v, list) and all(type(i) is int for i in v)),
            ("outcome", "an object or null", lambda v: v is None or isinstance(v, dict)),
            ("extra", "an object", lambda v: isinstance(v, dict)),
        ):
            if key in data and not ok(data[key]):
                raise _wrong(key, expected, data[key])
        extra = dict(data.get("extra", {}))
        if "reasons" in extra:
            extra["reasons"] = _reasons(extra["reasons"], len(record.actions))
        return Save(record, seats, finished, data.get("outcome"), extra, data.get("saved_at"))
    if "actions" in data or "actions_z" in data:  # a bare record, e.g. written by another tool
        if "game" not in data:
            raise _Bad("a record needs a 'game' field")
        record = _record(data, "")
        return Save(record, ["mcts"] * record.players)
    raise _Bad("not a Saloon save or record (no 'format' or 'actions' field)")


def _reasons(value: Any, moves: int) -> dict[str, str]:
    """`extra.reasons`: move number (from 0, as text) -> the bot's rule note told under that move."""
    if not isinstance(value, dict):
        raise _wrong("extra.reasons", "an object of move numbers and texts", value)
    for key, text in value.items():
        if not (len(key) <= 6 and key.isascii() and key.isdigit() and int(key) < moves):
            raise _wrong("extra.reasons", f"move numbers below {moves} as keys", key)
        if not isinstance(text, str) or len(text) > MAX_REASON_CHARS:
            raise _wrong(f"extra.reasons.{key}", f"a text of at most {MAX_REASON_CHARS:,} characters", text)
    return dict(value)


def reasons_of(save: Save) -> dict[int, str]:
    """The bots' reasons kept in a save, by position in the history (`Step.index`)."""
    return {int(k): v for k, v in (save.extra.get("reasons") or {}).items()}


def from_json(data: Any, where: str = "save file") -> Save:
    """A Save from a save file's JSON, or from a bare record (every seat then counts as a bot)."""
    try:
        _depth_ok(data)
        return _save(data)
    except _Bad as exc:
        raise RecordError(f"{where}: {exc}") from None
    except RecordError as exc:
        raise RecordError(f"{where}: {str(exc).removeprefix('save file: ')}") from None


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


def write_save(path: Path, save: Save, hide_moves: bool) -> Path:
    """Write `save` to `path` atomically; returns the path."""
    text = json.dumps(to_json(save, hide_moves), indent=2) + "\n"
    return write_atomic(path, text)


def read_text(path: Path, what: str = "save file") -> str:
    """The UTF-8 text of a regular file of at most MAX_FILE_BYTES, or one RecordError line naming it."""
    path = Path(path)
    name = f"{what} {quote(str(path), 200)}"
    try:
        info = os.stat(path)
        if not stat.S_ISREG(info.st_mode):
            kind = "a folder" if stat.S_ISDIR(info.st_mode) else "not a regular file"
            raise RecordError(f"{name} is {kind}")
        with open(path, "rb") as fh:
            raw = fh.read(MAX_FILE_BYTES + 1)
    except FileNotFoundError:
        raise RecordError(f"{name} does not exist") from None
    except (OSError, ValueError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise RecordError(f"{name} cannot be read: {reason}") from None
    if len(raw) > MAX_FILE_BYTES:
        raise RecordError(f"{name} is larger than {MAX_FILE_BYTES // 1024 // 1024} MiB; a save is a few KiB")
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise RecordError(f"{name} is UTF-16 text; expected UTF-8 JSON")
    try:
        return raw.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as exc:
        raise RecordError(f"{name} is not UTF-8 text (byte 0x{raw[exc.start]:02x} at offset {exc.start}); expected a JSON save") from None


def read_save(path: Path) -> Save:
    path = Path(path)
    where = f"save file {quote(str(path), 200)}"
    text = read_text(path)
    try:
        data = _loads(text)
    except _Bad as exc:
        raise RecordError(f"{where} is not a Saloon save: {exc}") from None
    return from_json(data, where=where)


def default_save_path(save_dir: Path, game: str, seed: int) -> Path:
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    path = Path(save_dir) / f"{game}-seed{seed}-{stamp}.json"
    k = 2
    while path.exists():
        path = Path(save_dir) / f"{game}-seed{seed}-{stamp}-{k}.json"
        k += 1
    return path


@dataclass
class Listed:
    """One file of a save folder, as `saloon saves` lists it."""

    path: Path
    save: Save | None
    problem: str | None = None


def list_saves(save_dir: Path) -> list[Listed]:
    """Every *.json file in `save_dir`, newest first; a file that is not a readable save says why."""
    folder = Path(save_dir)
    if not folder.is_dir():
        return []
    out = []
    for path in folder.glob("*.json"):
        try:
            out.append(Listed(path, read_save(path)))
        except RecordError as exc:
            out.append(Listed(path, None, str(exc).replace(f"save file {quote(str(path), 200)}", "").strip(" :") or str(exc)))

    def when(item: Listed) -> str:
        if item.save is not None and item.save.saved_at:
            return item.save.saved_at
        try:
            return datetime.fromtimestamp(item.path.stat().st_mtime).isoformat(timespec="seconds")
        except OSError:
            return ""

    return sorted(out, key=when, reverse=True)
