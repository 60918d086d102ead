"""What every command reads the same way: `--option NAME=VALUE` pairs, `--data DIR`, and the content
folder the root command was given (`saloon --content DIR ...`), kept in the command line's context and passed down as
a value."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer

from ..errors import UsageError
from ..player_data import ENV

DATA_HELP = (f"Folder for your saves and scenario progress (default: your user data folder, the same from any "
             f"folder; or set {ENV}). Use it for a portable copy.")


def data_option() -> Any:
    """`--data DIR` (or the SALOON_DATA environment variable): where the player's own files live."""
    return typer.Option(None, "--data", envvar=ENV, help=DATA_HELP, show_envvar=False)


def content_root(ctx: typer.Context) -> Path | None:
    """The folder `saloon --content DIR` named (None: the built-in content)."""
    root = ctx.find_root().obj
    return root if isinstance(root, Path) else None


def parse_option_pairs(pairs: list[str] | None) -> dict[str, Any]:
    """`["movement=loop_allowed", "x=3"]` -> {"movement": "loop_allowed", "x": 3} (for --option)."""
    options: dict[str, Any] = {}
    for pair in pairs or []:
        name, eq, value = pair.partition("=")
        if not eq or not name.strip():
            raise UsageError(f"--option {pair!r}: expected NAME=VALUE, e.g. --option movement=loop_allowed")
        options[name.strip()] = _coerce(value.strip())
    return options


def _coerce(value: str) -> Any:
    low = value.lower()
    if low in ("true", "yes", "on"):
        return True
    if low in ("false", "no", "off"):
        return False
    try:
        return int(value)
    except ValueError:
        return value
