"""The sheets' and books' running text: jinja2 templates (templates/<lang>/*.md.j2) rendered into the small
markup that render/sheets.py lays out. `{{ }}` values come from the caller (the content model, the
words of this floor), so a printed sheet can never say what the content does not."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import jinja2

from ..content import templates_dir
from ..errors import RenderError


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


def render_template(name: str, lang: str = "en", **values: Any) -> str:
    """Render templates/<lang>/<name> with `values`; a missing template or value is a RenderError."""
    try:
        tpl = _env(str(templates_dir())).get_template(f"{lang}/{name}")
        return tpl.render(**values)
    except jinja2.TemplateNotFound:
        raise RenderError(f"template {lang}/{name} not found in {templates_dir()}") from None
    except jinja2.UndefinedError as exc:
        raise RenderError(f"template {lang}/{name}: {exc}") from None
