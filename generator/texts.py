"""Printed texts from content, as the rule options in effect make them.

A content text is a plain text (`{en: ...}`) or an `OptionText` (one text per value of an option).
Texts may quote content numbers with `{{ ... }}` (`c` is the game's content, `opt` the options), so a
sheet or the referee never prints a number the engine does not use. One function serves the printed
sheets and the terminal referee.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import jinja2
from jinja2.sandbox import SandboxedEnvironment

from .errors import RenderError
from .schema.common import pick_text


@lru_cache(maxsize=1)
def _env() -> SandboxedEnvironment:
    return SandboxedEnvironment(undefined=jinja2.StrictUndefined, autoescape=False)


@lru_cache(maxsize=512)
def _template(source: str) -> jinja2.Template:
    return _env().from_string(source)


def printed(text: Any, content: Any, options: dict[str, Any] | None = None, lang: str = "en") -> str | None:
    """The text in `lang` under these options (content defaults when None); None when the reading
    prints nothing. `{{ }}` values come from the content."""
    opts = content.option_defaults() if options is None else {**content.option_defaults(), **options}
    chosen = pick_text(text, opts)
    if chosen is None:
        return None
    source = chosen.get(lang, chosen["en"])
    if "{" not in source:
        return source
    try:
        return _template(source).render(c=content, opt=opts)
    except jinja2.TemplateError as exc:
        raise RenderError(f"text {source[:60]!r}: {exc}") from None


def printed_lines(texts: list, content: Any, options: dict[str, Any] | None = None, lang: str = "en") -> list[str]:
    """`printed` over a list, leaving out the lines a reading does not print."""
    out = []
    for t in texts:
        line = printed(t, content, options, lang)
        if line is not None:
            out.append(line)
    return out
