"""`--option NAME=VALUE` pairs, as the commands that play take them."""

from __future__ import annotations

from typing import Any

from ..errors import UsageError


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
