"""Where a player's own files live: saved games and scenario progress.

By default the user's data folder (platformdirs: ~/.local/share/saloon on Linux, the Application
Support folder on macOS, AppData on Windows), so `saloon saves`, `--resume` and the stars earned are
the same from whatever folder Saloon is run. `saloon play --data DIR` (or the SALOON_DATA environment
variable, read by the command line) keeps everything in DIR instead: a portable copy on a USB stick.
"""

from __future__ import annotations

from pathlib import Path

import platformdirs

ENV = "SALOON_DATA"  # the command line's --data options read it (typer's envvar); nothing below does


def data_dir(chosen: Path | None = None) -> Path:
    """The folder the player chose, else the user's data folder."""
    return Path(chosen) if chosen is not None else platformdirs.user_data_path("saloon", appauthor=False)


def saves_dir(chosen: Path | None = None) -> Path:
    return data_dir(chosen) / "saves"


def progress_file(chosen: Path | None = None) -> Path:
    return data_dir(chosen) / "progress.json"
