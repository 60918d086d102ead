"""The solo pages of a kit: "how to play solo" (with the measured strength as a chart) and one sheet
per bot level, printed from the very decision tables the engine's table bot executes.

Tables live in content/<game>/tables/<level>.yaml (or <level>_<min>-<max>.yaml for a player-count
family); a game without tables gets no solo pages. The
sentences of a bot sheet are built here from the table's data with the phrases of
templates/<lang>/solo.yaml, so every language words the same rules; in English they are exactly the
sentences of generator/tables/text.py, which the referee speaks (tests/words/test_bot_sheets.py).
"""

from __future__ import annotations

from typing import Any

from ..bots.vocabulary import vocabulary
from ..content import game_tables
from .chart import cells_from_tables, draw_chart
from ..words.text import Texts, printed, printed_lines
from . import sheets
from .geometry import Box
from .parts import PagePart, SheetPart
from ..words.templates import render_template

STRENGTH_OPPONENT = "greedy"  # the opponent named in each sheet's one-line strength


def table_label(table: Any, lang: str = "en") -> str:
    """'normal', or 'normal, 2-3 players' for a table of a player-count family (in `lang`)."""
    T = Texts(lang, "kit")
    return T("solo.label", level=T.name("solo.level", table.level), players=table.players)


def _tables(content: Any, lang: str = "en") -> dict[str, Any]:
    return {table_label(t, lang): t for t in game_tables(content)}


def _pct(x: float) -> str:
    return f"{x:.0%}"


def strength_line(table: Any, opponent: str = STRENGTH_OPPONENT, lang: str = "en") -> str:
    """'wins 58% (54-62%) against the greedy bot over 2,000 games' from the table's measured header."""
    T = Texts(lang, "kit")
    m = table.measured
    if m is None or opponent not in m.against:
        return T("solo.not_measured")
    t = m.against[opponent]
    line = T("solo.wins", rate=_pct(t.win_rate), low=_pct(t.low), high=_pct(t.high), opponent=opponent,
             games=f"{t.games:,}".replace(",", T("thousands")), players=m.players)
    if t.mean_score is not None:
        line += T("solo.score", value=f"{t.mean_score:,.0f}".replace(",", T("thousands")))
    others = [f"{o}: {_pct(x.win_rate)}" for o, x in m.against.items() if o != opponent]
    if others:
        line += T("solo.others", others=", ".join(others))
    if m.solver is not None and m.solver.positions:
        line += T("solo.solver", share=_pct(m.solver.share), positions=m.solver.positions)
    return line + T("solo.end")


# --- a table's rules in words ------------------------------------------------------------------------


def _feature(content: Any, name: str, lang: str) -> str:
    return printed(content.features[name].text, content, lang=lang) or name


def condition_words(content: Any, cond: Any, lang: str = "en") -> str:
    """A condition as a clause: a flag reads yes/no ('it takes the sheriff' / 'not (...)'), a count
    with its comparison ('cows taken: at least 3')."""
    S = Texts(lang, "solo")
    spec = content.features[cond.feature]
    text = _feature(content, cond.feature, lang)
    op, v = cond.op, cond.value
    if spec.kind == "flag":
        yes = (op in ("=", ">=") and v >= 1) or (op in ("!=", "<") and v == 0) or (op == ">" and v == 0)
        no = (op in ("=", "<=") and v == 0) or (op == "!=" and v >= 1) or (op == "<" and v == 1)
        if yes and not no:
            return S("flag_yes", text=text)
        if no and not yes:
            return S("flag_no", text=text)
        return S("flag_raw", text=text, op=op, value=v)
    return S("count", text=text, op=S.name("ops", op), value=v)


def key_words(content: Any, key: Any, lang: str = "en") -> str:
    S = Texts(lang, "solo")
    spec = content.features[key.feature]
    text = _feature(content, key.feature, lang)
    return S(f"{'flag' if spec.kind == 'flag' else 'count'}_{key.sense}", text=text)


def rule_words(content: Any, rule: Any, lang: str = "en") -> str:
    S = Texts(lang, "solo")
    head = S("and").join(condition_words(content, c, lang) for c in rule.when)
    body = S("then").join(key_words(content, k, lang) for k in rule.prefer) or S("any")
    return S("rule_when", head=head, body=body) if head else S("rule_all", body=body)


def avoid_words(content: Any, decision: Any, lang: str = "en") -> str | None:
    if not decision.avoid:
        return None
    S = Texts(lang, "solo")
    what = S("or_where").join(condition_words(content, c, lang) for c in decision.avoid)
    return S("avoid", what=what)


def tie_words(content: Any, kind: str, tie_break: str, lang: str = "en") -> str:
    order = printed(content.decisions[kind].order, content, lang=lang)
    return Texts(lang, "solo")("tie_d6" if tie_break == "d6" else "tie_first", order=order)


def printed_kinds(game: str, content: Any, table: Any) -> list[str]:
    """The decision kinds a table's sheet prints: all of them, but for a bot seat's table not those a
    flipping bot seat never meets (the game's HAND_KINDS: it holds no hand; an open hand meets them)."""
    flips = table.bot_seat and table.bot_hand == "flip"
    skip = vocabulary(game).HAND_KINDS if flips else frozenset()
    return [kind for kind in content.decisions if kind not in skip]


def table_markup(game: str, content: Any, level: str, table: Any, lang: str = "en") -> str:
    decisions = []
    for kind in printed_kinds(game, content, table):
        spec = content.decisions[kind]
        d = table.decisions.get(kind)
        decisions.append({
            "name": printed(spec.name, content, lang=lang),
            "icon": spec.icon,
            "choices": printed(spec.choices, content, lang=lang),
            "avoid": avoid_words(content, d, lang) if d is not None else None,
            "rules": [rule_words(content, r, lang) for r in d.rules] if d is not None else [],
            "tie": tie_words(content, kind, d.tie_break if d is not None else "first", lang),
        })
    return render_template("bot_table.md.j2", lang, title=content.game.title, level=level,
                                  strength=strength_line(table, lang=lang), mode=mode_line(content, table, lang),
                                  head_start=head_start_line(content, table, lang), decisions=decisions)


def mode_line(content: Any, table: Any, lang: str = "en") -> str | None:
    """How a bot seat's table schemes (flipping its bot deck, or an open hand: `Table.bot_hand`), as
    the game's content words it (`solo.modes`); None for a table not for a bot seat."""
    modes = content.solo.modes if content.solo is not None and table.bot_seat else {}
    return printed(modes[table.bot_hand], content, lang=lang) if table.bot_hand in modes else None


def head_start_line(content: Any, table: Any, lang: str = "en") -> str | None:
    """The sheet's line for a level with a head start (`Table.head_start`, worded by the game's
    content: `solo.head_start`); None without one."""
    if not table.head_start or content.solo is None or content.solo.head_start is None:
        return None
    amount = f"{table.head_start:,}".replace(",", Texts(lang, "kit")("thousands"))
    return printed(content.solo.head_start, content, lang=lang, amount=amount)


def howto_markup(game: str, content: Any, tables: dict[str, Any], lang: str = "en") -> str:
    S = Texts(lang, "kit")
    steps = printed_lines(content.solo.steps, content, lang=lang) if content.solo is not None else []
    strength = [S("solo.level_line", level=lv[:1].upper() + lv[1:], line=strength_line(t, lang=lang),
                  head=head_start_line(content, t, lang)) for lv, t in tables.items()]
    return render_template("solo_howto.md.j2", lang, title=content.game.title, game=game, steps=steps,
                                  strength=strength)


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
