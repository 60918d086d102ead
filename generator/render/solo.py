"""The solo pages of a kit: "how to play solo" (with the measured strength as a chart) and one sheet
per bot level, printed from the very decision tables the engine's table bot executes.

Tables live in content/<game>/tables/<level>.yaml (or <level>_<min>-<max>.yaml for a player-count
family); a game without tables gets no solo pages. A sheet's sentences are the words floor's
(words/tables.py), the very sentences the referee speaks.
"""

from __future__ import annotations

from typing import Any

from ..content import game_tables
from ..words.tables import (avoid_text, effort_line, head_start_line, mode_line, printed_kinds, rule_text,
                            sheet_terms, strength_line, table_label, tie_text)
from ..words.templates import render_template
from ..words.text import Texts, printed, printed_lines
from . import sheets
from .chart import cells_from_tables, draw_chart
from .geometry import Box
from .parts import PagePart, SheetPart


def _tables(content: Any, lang: str = "en") -> dict[str, Any]:
    return {table_label(t, lang): t for t in game_tables(content)}


def table_markup(game: str, content: Any, level: str, table: Any, lang: str = "en") -> str:
    decisions = []
    for kind in printed_kinds(content, table):
        spec = content.decisions[kind]
        d = table.decisions.get(kind)
        decisions.append({
            "name": printed(spec.name, content, lang=lang),
            "icon": spec.icon,
            "choices": printed(spec.choices, content, lang=lang),
            "avoid": avoid_text(content, d, lang) if d is not None else None,
            "rules": [rule_text(content, r, lang) for r in d.rules] if d is not None else [],
            "tie": tie_text(content, kind, d.tie_break if d is not None else "first", lang),
        })
    return render_template("bot_table.md.j2", lang, title=content.game.title, level=level,
                                  strength=strength_line(table, lang=lang), mode=mode_line(content, table, lang),
                                  head_start=head_start_line(content, table, lang), effort=effort_line(table, lang),
                                  decisions=decisions)


def howto_markup(game: str, content: Any, tables: dict[str, Any], lang: str = "en") -> str:
    S = Texts(lang, "kit")
    steps = printed_lines(content.solo.steps, content, lang=lang) if content.solo is not None else []
    strength = [S("solo.level_line", level=lv[:1].upper() + lv[1:], line=strength_line(t, lang=lang),
                  head=head_start_line(content, t, lang)) for lv, t in tables.items()]
    return render_template("solo_howto.md.j2", lang, title=content.game.title, game=game, steps=steps,
                                  strength=strength, terms=sheet_terms(content, list(tables.values()), lang))


def solo_parts(game: str, content: Any, lang: str = "en") -> list:
    tables = _tables(content, lang)
    if not tables:
        return []
    S = Texts(lang, "kit")
    markup = howto_markup(game, content, tables, lang)
    cells = cells_from_tables(tables)
    opponents = list(dict.fromkeys(o for per in cells.values() for o in per))

    def draw(p: Any, box: Box) -> None:
        chart_h = 75.0 if cells else 0.0
        text_box = Box(box.x, box.y + chart_h + 4, box.w, box.h - chart_h - 4)
        sheets.fit_in_box(p, f"{content.game.title} solo how-to", markup, text_box, 9.0, min_size=6.5)
        if cells:
            draw_chart(p, Box(box.x, box.y, box.w, chart_h), cells, opponents, S("solo.chart"))

    parts: list = [PagePart(S("solo.howto"), draw)]
    for lv, t in tables.items():
        parts.append(SheetPart(S("solo.bot", level=lv), table_markup(game, content, lv, t, lang),
                               columns=2, solo=True))
    return parts
