"""Writing files so that nothing already written is ever lost: a temp file beside it, then rename."""

from __future__ import annotations

import os
import stat
import tempfile
import time
from pathlib import Path

from .errors import UsageError

STALE_SECONDS = 30.0  # a temporary file this old beside its target is left over from a killed write


def _temp_prefix(path: Path) -> str:
    return f".{path.name}."


def _writer_gone(stamp: str) -> bool:
    """Whether the writer whose pid is `stamp` no longer runs (on this machine: a pid that is not alive;
    an unstamped name, from an older Saloon, is not known)."""
    if not stamp.isdigit():
        return False
    try:
        os.kill(int(stamp), 0)
    except ProcessLookupError:
        return True
    except (PermissionError, OverflowError, ValueError, OSError):
        return False
    return False


def _stamp(name: str) -> str | None:
    """The writer's pid in a temporary's name (`.NAME.<pid>-<random>.tmp`, as `write_atomic` names them),
    or None for any other name."""
    if not (name.startswith(".") and name.endswith(".tmp")):
        return None
    target, _, tail = name[:-len(".tmp")].rpartition(".")
    stamp, dash, rest = tail.partition("-")
    if not (target and dash and stamp.isdigit() and rest and all(c.isalnum() or c == "_" for c in rest)):
        return None
    return stamp


def remove_stale_temporaries(path: Path, older_than: float = STALE_SECONDS) -> list[Path]:
    """Delete the temporaries in `path`'s folder left by writes that were killed (kill -9, power cut).

    A temporary goes when the process that wrote it is gone (its name carries the writer's pid), for
    any target in the folder (a save killed mid-write is cleaned by the next write there, even of
    another file); one beside `path` itself also goes when it is older than `older_than` seconds. A
    write running right now in another process keeps its temporary file. Returns what was removed;
    errors are ignored (it is housekeeping).
    """
    path = Path(path)
    prefix = _temp_prefix(path)
    removed: list[Path] = []
    now = time.time()
    try:
        entries = list(os.scandir(path.parent))
    except OSError:
        return removed
    for entry in entries:
        stamp = _stamp(entry.name)
        beside = entry.name.startswith(prefix) and entry.name.endswith(".tmp")
        if stamp is None and not beside:
            continue
        try:
            if entry.is_file(follow_symlinks=False) and (
                    (stamp is not None and _writer_gone(stamp))
                    or (beside and now - entry.stat(follow_symlinks=False).st_mtime > older_than)):
                os.unlink(entry.path)
                removed.append(Path(entry.path))
        except OSError:
            continue
    return removed


def _cannot_write(path: Path, exc: BaseException) -> UsageError:
    reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
    return UsageError(f"cannot write {str(path)!r}: {reason}")


def writable_target(path: Path) -> Path:
    """The file a write to `path` replaces: `path` itself when it is a regular file or missing; through a
    link, the regular file it names in the same folder (the link stays). Anything else (a device such
    as /dev/null, a pipe, a folder, a link out of its folder) is refused with one clear line: a write
    never replaces what is not a person's file."""
    path = Path(path)
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return path
    except (OSError, ValueError) as exc:
        raise _cannot_write(path, exc) from None
    if stat.S_ISLNK(st.st_mode):
        real = path.resolve()
        if real.parent != path.parent.resolve() or real.is_symlink():
            raise UsageError(f"cannot write {str(path)!r}: it is a link to {str(real)!r}, outside its folder; "
                             "name the file itself")
        try:
            st = os.stat(real)
        except FileNotFoundError:
            return real
        except OSError as exc:
            raise _cannot_write(path, exc) from None
        path = real
    if not stat.S_ISREG(st.st_mode):
        kind = "a folder" if stat.S_ISDIR(st.st_mode) else "a device, pipe or socket"
        raise UsageError(f"cannot write {str(path)!r}: it is {kind}, not a regular file; name a file")
    return path


def write_atomic(path: Path, data: bytes | str) -> Path:
    """Write `data` to `path` via a flushed temporary file in the same folder and `os.replace`.

    A crash or error mid-write leaves the previous file (if any) intact and no temporary file behind;
    temporaries left by an earlier killed write are removed on the next write. Only a regular file (or
    a missing one) is ever replaced (`writable_target`). An OS error (or a path the OS cannot take,
    such as one with a NUL byte) becomes one clear UsageError line.
    """
    path = writable_target(Path(path))
    payload = data.encode("utf-8") if isinstance(data, str) else data
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        remove_stale_temporaries(path)
        fd, tmp = tempfile.mkstemp(prefix=f"{_temp_prefix(path)}{os.getpid()}-", suffix=".tmp", dir=path.parent)
    except (OSError, ValueError) as exc:
        raise _cannot_write(path, exc) from None
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(payload)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException as exc:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        if isinstance(exc, (OSError, ValueError)):
            raise _cannot_write(path, exc) from None
        raise
    return path
