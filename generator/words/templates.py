"""The sheets' and books' running text: one jinja2 template per sheet (templates/sheets/*.md.j2,
templates/sheets/book/*.md.j2), rendered into the small markup that render/sheets.py lays out.

A template holds a sheet's logic once for every language: its loops, its conditions on options and
values, and its markup (headings, bullets, tables). Every word it prints comes from the language's
templates/<lang>/sheets.yaml, under the sheet's name (`colt_express_reference`, `book.cover`), through
`T`: `{{ T("setup.purse") }}`. A text sees the sheet's values and its top-level `{% set %}`s (`{{ c.setup
.start_purse }}`); a loop's values are passed by name (`T("actions.card", name=..., count=...)`). Where
languages order or punctuate a line differently, the whole line is one text with named places, and the
template fills the places (a list it joins with the language's `sep`, a clause it picks by a condition).
`{{ }}` values come from the caller (the content model, the words of this floor), so a printed sheet can
never say what the content does not."""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Callable

import jinja2

from ..content import templates_dir
from ..errors import RenderError
from .text import say, strings

SHEETS = "sheets"  # the folder of the templates, and the text group of their words (templates/<lang>/sheets.yaml)


@lru_cache(maxsize=None)
def _env(root: str) -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(root),
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        autoescape=False,
    )


def _words(name: str, lang: str) -> Callable[..., str]:
    """`T` for the template `name` in `lang`: the text `key` of the sheet's section of sheets.yaml,
    filled from the template's values and `values`."""
    section = name.removesuffix(".md.j2").replace("/", ".")

    @jinja2.pass_context
    def T(context: jinja2.runtime.Context, key: str, **values: Any) -> str:
        return say(lang, SHEETS, f"{section}.{key}", **{**context.get_all(), **values})

    return T


def render_template(name: str, lang: str = "en", **values: Any) -> str:
    """Render templates/sheets/<name> in `lang` with `values`; a missing template, value or text is a
    RenderError naming it."""
    strings(lang, SHEETS)  # the language's words exist (a RenderError naming the file when not)
    try:
        tpl = _env(str(templates_dir())).get_template(f"{SHEETS}/{name}")
        return tpl.render(**values, T=_words(name, lang))
    except jinja2.TemplateNotFound:
        raise RenderError(f"template {SHEETS}/{name} not found in {templates_dir()}") from None
    except jinja2.UndefinedError as exc:
        raise RenderError(f"template {SHEETS}/{name}: {exc}") from None
