"""Writing decision-table files (a comment header, then the table as YAML) and the recorded difficulty
ladder; written atomically."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from ..files import write_atomic


class _Dumper(yaml.SafeDumper):
    """Short lists of scalars on one line (`when: [a = 1, b >= 2]`), everything else in block style."""


def _list(dumper: yaml.SafeDumper, data: list) -> Any:
    flow = all(isinstance(x, (str, int, float)) for x in data)
    return dumper.represent_sequence("tag:yaml.org,2002:seq", data, flow_style=flow)


_Dumper.add_representer(list, _list)


def table_title(game: str, level: str) -> str:
    """The first line of a table file's header."""
    return f"{game} decision table, level {level}"


def table_yaml(table: Any, title: str) -> str:
    """The file text of a table: a comment naming it and how to reproduce it, then the YAML."""
    head = [f"# {title}", "# A decision table: the bot a person runs from the printed card (see `saloon tables show`)."]
    if table.tuned is not None:
        head.append(f"# Computed by: {table.tuned.command}")
        if table.tuned.note:
            head.append(f"# Note: {table.tuned.note}")
    if table.measured is not None:
        head.append(f"# Measured by: {table.measured.command}")
    head.append("# Rules are read in order; the first rule some choice meets picks among the choices meeting it.")
    body = yaml.dump(table.to_yaml(), Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=100)
    return "\n".join(head) + "\n" + body


def write_table(path: Path, table: Any, title: str) -> Path:
    return write_atomic(Path(path), table_yaml(table, title))


def ladder_yaml(ladder: Any, game: str) -> str:
    """The file text of a recorded ladder (schema.tables.RecordedLadder): a comment naming how it was
    measured, then the YAML."""
    head = [f"# {game} difficulty ladder: one rating per bot on a common scale (random at 0), 95% intervals,",
            "# each bot's share of the wins against the one below. The how-to page draws it from this file.",
            f"# Measured by: {ladder.command}"]
    data = ladder.model_dump(mode="json", exclude_none=True)
    body = yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=100)
    return "\n".join(head) + "\n" + body


def write_ladder(path: Path, ladder: Any, game: str) -> Path:
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    return write_atomic(Path(path), ladder_yaml(ladder, game))
