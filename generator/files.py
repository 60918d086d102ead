"""Writing files so that nothing already written is ever lost: a temp file beside it, then rename."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from .errors import UsageError


def write_atomic(path: Path, data: bytes | str) -> Path:
    """Write `data` to `path` via a flushed temporary file in the same folder and `os.replace`.

    A crash or error mid-write leaves the previous file (if any) intact and no temporary file behind;
    an OS error becomes one clear UsageError line.
    """
    path = Path(path)
    payload = data.encode("utf-8") if isinstance(data, str) else data
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    except OSError as exc:
        raise UsageError(f"cannot write {str(path)!r}: {exc.strerror or exc}") from None
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
        if isinstance(exc, OSError):
            raise UsageError(f"cannot write {str(path)!r}: {exc.strerror or exc}") from None
        raise
    return path
