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

from ..errors import RenderError
from ..schema.common import pick_text
from ..schema.texts import render_text
from ..content import templates_dir
from ..errors import UsageError


@lru_cache(maxsize=1)
def _env() -> SandboxedEnvironment:
    return SandboxedEnvironment(undefined=jinja2.StrictUndefined, autoescape=False)


@lru_cache(maxsize=512)
def _template(source: str) -> jinja2.Template:
    return _env().from_string(source)


def printed(text: Any, content: Any, options: dict[str, Any] | None = None, lang: str = "en", **values: Any) -> str | None:
    """The text in `lang` under these options (content defaults when None); None when the reading
    prints nothing. `{{ }}` values come from the content (`c`, `opt`) and `values`."""
    opts = content.option_defaults() if options is None else {**content.option_defaults(), **options}
    chosen = pick_text(text, opts)
    if chosen is None:
        return None
    source = chosen.get(lang, chosen["en"])
    if "{" not in source:
        return source
    try:
        return render_text(source, c=content, opt=opts, **values)
    except jinja2.TemplateError as exc:
        raise RenderError(f"text {source[:60]!r}: {exc}") from None


def text_in(value: Any, lang: str) -> str:
    """A content text {en, es, ...} in `lang` (English where it has no such language), or a plain name."""
    if isinstance(value, dict):
        return str(value.get(lang) or value.get("en", ""))
    return str(value)


def printed_lines(texts: list, content: Any, options: dict[str, Any] | None = None, lang: str = "en") -> list[str]:
    """`printed` over a list, leaving out the lines a reading does not print."""
    out = []
    for t in texts:
        line = printed(t, content, options, lang)
        if line is not None:
            out.append(line)
    return out


# --- fixed texts by language: templates/<lang>/<group>.yaml --------------------------------------
# Every word a player reads that is not content (labels on cards and boards, the cover's lists, the
# referee's fixed lines, the running text of the sheets: sheets.yaml, read by words/templates.py) lives
# in one YAML file per language and group, with the same keys in every language
# (tests/words/test_every_language.py). A text may use jinja (`{{ n }}`, `{% if %}`) over the values the
# caller passes, so plurals and word order stay the translator's.

LANGUAGES = ("en", "es", "ja")


def check_language(lang: str) -> str:
    if lang not in LANGUAGES:
        raise UsageError(f"unknown language {lang!r}; choose one of {', '.join(LANGUAGES)}")
    return lang


@lru_cache(maxsize=None)
def strings(lang: str, group: str) -> dict[str, Any]:
    """The parsed templates/<lang>/<group>.yaml (a RenderError when it is missing or broken)."""
    import yaml

    path = templates_dir() / lang / f"{group}.yaml"
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except OSError:
        raise RenderError(f"text file {lang}/{group}.yaml not found in {templates_dir()}") from None
    except yaml.YAMLError as exc:
        raise RenderError(f"text file {lang}/{group}.yaml: {exc}") from None
    if not isinstance(data, dict):
        raise RenderError(f"text file {lang}/{group}.yaml: expected a mapping of keys to texts")
    return data


def lookup(lang: str, group: str, key: str) -> Any:
    """The raw entry `key` (dotted path) of a text file."""
    node: Any = strings(lang, group)
    for part in key.split("."):
        if not isinstance(node, dict) or part not in node:
            raise RenderError(f"text {key!r} missing from {lang}/{group}.yaml")
        node = node[part]
    return node


def say(lang: str, group: str, key: str, **values: Any) -> str:
    """The text `key` of a group in `lang`, with `{{ }}` filled from `values`."""
    source = lookup(lang, group, key)
    if not isinstance(source, str):
        raise RenderError(f"text {key!r} in {lang}/{group}.yaml is not a single text")
    if "{" not in source:
        return source
    try:
        return _template(source).render(**values)
    except jinja2.TemplateError as exc:
        raise RenderError(f"text {key!r} in {lang}/{group}.yaml: {exc}") from None


class Texts:
    """`say` bound to one language and group: `T = Texts("es", "kit"); T("cover.glue")`."""

    def __init__(self, lang: str, group: str):
        self.lang = check_language(lang)
        self.group = group

    def __call__(self, key: str, **values: Any) -> str:
        return say(self.lang, self.group, key, **values)

    def raw(self, key: str) -> Any:
        return lookup(self.lang, self.group, key)

    def name(self, table: str, key: Any) -> str:
        """An entry of a name table (`components`, `turns`, ...): a RenderError naming the key when
        the table lacks it."""
        names = self.raw(table)
        if not isinstance(names, dict) or str(key) not in names:
            raise RenderError(f"no text for {key!r} under {table!r} in {self.lang}/{self.group}.yaml")
        return str(names[str(key)])


def named(T: "Texts", table: str, key: Any, default: str) -> str:
    """A content name in T's language: `names.<table>.<key>` of the game's text file; null there
    (as in English) means the content's own name, `default`."""
    names = T.raw(f"names.{table}")
    if not isinstance(names, dict) or str(key) not in names:
        raise RenderError(f"no name for {key!r} under names.{table} in {T.lang}/{T.group}.yaml")
    value = names[str(key)]
    return default if value is None else str(value)
