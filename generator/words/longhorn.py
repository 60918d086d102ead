"""Longhorn in words, in any language: the reference card, the token card and the complete rules (the
kit prints them, the referee's `rules` shows them), from content and templates/<lang>/longhorn*.
"""

from __future__ import annotations

from ..schema.longhorn import Content
from .templates import render_template
from .text import Texts, named, printed, text_in, printed_lines


def reference_markup(c: Content, lang: str = "en") -> str:
    return render_template("longhorn_reference.md.j2", lang, c=c,
                                  lines=printed_lines(c.reference_card.lines, c, lang=lang))


def token_effects(c: Content, lang: str) -> list[tuple[str, int, str | None]]:
    return [(printed(t.name, c, lang=lang), t.count, printed(t.text, c, lang=lang)) for t in c.tokens]


def tokens_markup(c: Content, lang: str = "en") -> str:
    return render_template("longhorn_tokens.md.j2", lang, c=c, effects=token_effects(c, lang))


def rules_markup(c: Content, lang: str = "en", with_summary: bool = True) -> str:
    """The complete rules: setup with an example grid (drawn: {figure:setup}), the turn, every token, end and scoring with a
    worked example, and each rule option's value in force (content defaults). The kit prints them after its cover,
    which says the game's summary already (`with_summary=False`)."""
    T = Texts(lang, "longhorn")
    sheriff = next(named(T, "locations", loc.id, loc.name) for loc in c.locations if loc.id == c.setup.sheriff_location)
    return render_template(
        "longhorn_rules.md.j2", lang, c=c, effects=token_effects(c, lang), sheriff=sheriff,
        turn=printed_lines(c.reference_card.lines, c, lang=lang), tokens_total=sum(t.count for t in c.tokens),
        aids=2, pt=lambda text: printed(text, c, lang=lang),
        short={o.id: named(T, "outlaws_short", o.id, o.name.split()[-1]) for o in c.outlaws},
        help={k: named(T, "options", k, o.help) for k, o in c.options.items()}, with_summary=with_summary,
    )


def glossary(c: Content, options: dict, lang: str, players: int | None = None) -> list[tuple[str, str, str, tuple]]:
    """What `help NAME` explains at the table: every token, outlaw card and cattle colour, as (kind,
    title, text, other names a person may type for it)."""
    out: list[tuple[str, str, str, tuple]] = []
    for t in c.tokens:
        out.append(("token", text_in(t.name, lang), printed(t.text, c, options, lang) or "", (t.kind, t.name.get("en"))))
    for o in c.outlaw_cards:
        out.append(("outlaw", text_in(o.title, lang), text_in(o.text, lang), (o.outlaw, o.title.get("en"))))
    for col in c.cattle:
        out.append(("cattle", text_in(col.name, lang), f"{col.count} × {text_in(col.name, lang)} ({col.symbol})", (col.id,)))
    return out
