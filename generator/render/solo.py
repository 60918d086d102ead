"""The solo pages of a kit: "how to play solo" (with the measured strength as a chart) and one sheet
per bot level, printed from the very decision tables the engine's table bot executes.

Tables live in content/<game>/tables/<level>.yaml (or <level>_<min>-<max>.yaml for a player-count
family); a game without tables gets no solo pages.
"""

from __future__ import annotations

from typing import Any

from ..content import game_tables
from ..tables.chart import cells_from_tables, draw_chart
from ..tables.text import avoid_text, rule_text, tie_text
from ..texts import printed, printed_lines
from . import sheets
from .geometry import Box
from .kit import PagePart, SheetPart

STRENGTH_OPPONENT = "greedy"  # the opponent named in each sheet's one-line strength


def table_label(table: Any) -> str:
    """'normal', or 'normal, 2-3 players' for a table of a player-count family."""
    if table.players is None:
        return table.level
    return f"{table.level}, {table.players[0]}-{table.players[1]} players"


def _tables(game: str) -> dict[str, Any]:
    return {table_label(t): t for t in game_tables(game)}


def strength_line(table: Any, opponent: str = STRENGTH_OPPONENT) -> str:
    """'wins 58% (54-62%) against the greedy bot over 2,000 games' from the table's measured header."""
    m = table.measured
    if m is None or opponent not in m.against:
        return "Strength not measured yet (saloon tables eval)."
    t = m.against[opponent]
    others = [f"{o}: {x.win_rate:.0%}" for o, x in m.against.items() if o != opponent]
    line = (f"Wins {t.win_rate:.0%} ({t.low:.0%}-{t.high:.0%}) against the {opponent} bot over {t.games:,} games "
            f"(seats swapped, 95% interval)")
    if others:
        line += "; against " + ", ".join(others)
    if m.solver is not None and m.solver.positions:
        line += f"; its choice is the exact solver's best in {m.solver.share:.0%} of {m.solver.positions} proven positions"
    return line + "."


def table_markup(game: str, content: Any, level: str, table: Any) -> str:
    decisions = []
    for kind, spec in content.decisions.items():
        d = table.decisions.get(kind)
        decisions.append({
            "name": printed(spec.name, content),
            "choices": printed(spec.choices, content),
            "avoid": avoid_text(content, d) if d is not None else None,
            "rules": [rule_text(content, r) for r in d.rules] if d is not None else [],
            "tie": tie_text(content, kind, d.tie_break if d is not None else "first"),
        })
    return sheets.render_template("bot_table.md.j2", title=content.game.title, level=level,
                                  strength=strength_line(table), decisions=decisions)


def howto_markup(game: str, content: Any, tables: dict[str, Any]) -> str:
    steps = printed_lines(content.solo.steps, content) if content.solo is not None else []
    strength = [f"**{lv.capitalize()}**: {strength_line(t)}" for lv, t in tables.items()]
    return sheets.render_template("solo_howto.md.j2", title=content.game.title, game=game, steps=steps, strength=strength)


def solo_parts(game: str, content: Any) -> list:
    tables = _tables(game)
    if not tables:
        return []
    markup = howto_markup(game, content, tables)
    cells = cells_from_tables(tables)
    opponents = list(dict.fromkeys(o for per in cells.values() for o in per))

    def draw(p: Any, box: Box) -> None:
        chart_h = 75.0 if cells else 0.0
        text_box = Box(box.x, box.y + chart_h + 4, box.w, box.h - chart_h - 4)
        sheets.fit_in_box(p, f"{content.game.title} solo how-to", markup, text_box, 9.0, min_size=6.5)
        if cells:
            draw_chart(p, Box(box.x, box.y, box.w, chart_h), cells, opponents, "Measured win rate of each level (95% interval)")

    parts: list = [PagePart("solo: how to play", draw)]
    for lv, t in tables.items():
        parts.append(SheetPart(f"bot {lv}", table_markup(game, content, lv, t), columns=2, solo=True))
    return parts
