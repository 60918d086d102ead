"""The solo pages of a kit: "how to play solo" (with the measured strength as a chart) and one sheet
per bot level, printed from the very decision tables the engine's table bot executes.

Tables live in content/<game>/tables/<level>.yaml (or <level>_<min>-<max>.yaml for a player-count
family); a game without tables gets no solo pages. A sheet's sentences are the words floor's
(words/tables.py), the very sentences the referee speaks.
"""

from __future__ import annotations

from typing import Any

from ..content import game_tables, load_ladders
from ..bots import DEFAULT_MCTS_ITERATIONS
from ..errors import RenderError
from ..schema.tables import ladder_span
from ..words.tables import (STRENGTH_OPPONENT, avoid_text, effort_line, head_start_line, mode_line, printed_kinds,
                            rule_text, sheet_terms, strength_line, table_label, tie_text)
from ..tables.example import example_lines, find_example
from ..words.templates import render_template
from ..words.text import Texts, printed, printed_lines
from . import sheets
from .chart import LadderSeries, cells_from_tables, draw_chart, draw_ladders
from .geometry import Box
from .parts import PagePart, SheetPart


def _tables(content: Any, lang: str = "en") -> dict[str, Any]:
    return {table_label(t, lang): t for t in game_tables(content)}


def opponent_name(spec: str, lang: str = "en", short: bool = False) -> str:
    """A measured opponent as a player reads it ('the random bot', 'a search bot at 200 tries a move';
    `short` for a chart: 'search 200'), never its bot spec (`kit.yaml` solo.opponent)."""
    S = Texts(lang, "kit")
    group = "solo.opponent_short" if short else "solo.opponent"
    name, _, arg = spec.partition(":")
    key = name.replace("-", "_")
    if key not in S.raw(group):
        raise RenderError(f"no printed name for the bot {spec!r} in language {lang!r} (kit.yaml {group})")
    level = S.name("solo.level", arg or "normal") if key == "table" else ""
    return S(f"{group}.{key}", n=arg or str(DEFAULT_MCTS_ITERATIONS), level=level)


def in_words(table: Any, lang: str = "en") -> Any:
    """The table with its measured opponents named as a player reads them (the strength lines print
    the names of `measured.against`)."""
    m = table.measured
    if m is None:
        return table
    against = {opponent_name(o, lang): t for o, t in m.against.items()}
    return table.model_copy(update={"measured": m.model_copy(update={"against": against})})


def strength_in_words(table: Any, lang: str = "en") -> str:
    """The sheet's one-line strength, every opponent in words."""
    return strength_line(in_words(table, lang), opponent=opponent_name(STRENGTH_OPPONENT, lang), lang=lang)


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
    ex = find_example(content, table)
    return render_template("bot_table.md.j2", lang, title=content.game.title, level=level,
                                  strength=strength_in_words(table, lang), mode=mode_line(content, table, lang),
                                  head_start=head_start_line(content, table, lang), effort=effort_line(table, lang),
                                  decisions=decisions, example=example_lines(content, table, ex, lang) if ex else [],
                                  example_head=Texts(lang, "solo")("ex_head"))


def howto_markup(game: str, content: Any, tables: dict[str, Any], lang: str = "en") -> str:
    S = Texts(lang, "kit")
    steps = printed_lines(content.solo.steps, content, lang=lang) if content.solo is not None else []
    strength = [S("solo.level_line", level=lv[:1].upper() + lv[1:], line=strength_in_words(t, lang),
                  head=head_start_line(content, t, lang)) for lv, t in tables.items()]
    return render_template("solo_howto.md.j2", lang, title=content.game.title, game=game, steps=steps,
                                  strength=strength, terms=sheet_terms(content, list(tables.values()), lang))


def ladders_in_words(content: Any, lang: str = "en") -> list[LadderSeries]:
    """The game's recorded difficulty ladders (content tables/ladder/, never measured here) as the how-to
    page draws them: each bot named as a player reads it, its rating and 95% interval; a ladder of a
    player-count family (not every count the game plays) labelled with its counts ('2-3 players')."""
    ladders = load_ladders(content)
    S = Texts(lang, "kit")
    every = (content.game.players.min, content.game.players.max)
    out = []
    for lad in ladders:
        lo, hi = ladder_span(lad.players)
        label = S("solo.ladder_players", players=[lo, hi]) if (lo, hi) != every else ""
        out.append(LadderSeries([opponent_name(r.bot, lang, short=True) for r in lad.rungs], [float(r.rating) for r in lad.rungs],
                                [float(r.low) for r in lad.rungs], [float(r.high) for r in lad.rungs], label))
    return out


def solo_parts(game: str, content: Any, lang: str = "en") -> list:
    tables = _tables(content, lang)
    if not tables:
        return []
    S = Texts(lang, "kit")
    markup = howto_markup(game, content, tables, lang)
    cells = {row: {opponent_name(o, lang, short=True): v for o, v in per.items()}
             for row, per in cells_from_tables(tables).items()}
    opponents = list(dict.fromkeys(o for per in cells.values() for o in per))

    ladders = ladders_in_words(content, lang)

    def draw(p: Any, box: Box) -> None:
        chart_h = 75.0 if cells or ladders else 0.0
        text_box = Box(box.x, box.y + chart_h + 4, box.w, box.h - chart_h - 4)
        sheets.fit_in_box(p, f"{content.game.title} solo how-to", markup, text_box, 9.0, min_size=6.5)
        split = box.w * 0.55 if cells and ladders else (box.w if cells else 0.0)
        if cells:  # the win rates, and beside them the ladder
            draw_chart(p, Box(box.x, box.y, split, chart_h), cells, opponents, S("solo.chart"),
                       versus=lambda opp: S("solo.chart_versus", opponent=opp), wins=S("solo.chart_wins"))
        if ladders:
            draw_ladders(p, Box(box.x + split + 2, box.y, box.w - split - 2, chart_h), ladders, title=S("solo.ladder"),
                         size=6.0, axis=S("solo.ladder_axis"))

    parts: list = [PagePart(S("solo.howto"), draw)]
    for lv, t in tables.items():
        parts.append(SheetPart(S("solo.bot", level=lv), table_markup(game, content, lv, t, lang),
                               columns=2, solo=True))
    return parts
