"""Content texts are small templates a person edits (`{{ c.setup.hand_size }}`), so they are read like
the YAML around them: checked when content is validated, rendered in a bounded sandbox.

What a text may hold: `{{ }}` expressions and `{% if %}` over the content (`c`), the options in force
(`opt`) and the values a sheet passes (`amount`: a head start; `n`, `v`, `op`: a count a condition tests); attribute and item lookups, method
calls on the content (`c.token('ambush')`), arithmetic except powers, comparisons, and a short list of
filters (join, map, length, ...). No loops, macros, includes, imports or assignments: nothing in a text
can repeat, recurse, read a file or grow without bound. A product of a string or list is capped, and
so is what a text renders to. `text_problem` says what is wrong with a text (None: nothing); content.py
also renders every text of a validated folder once, so a name the content does not have is a problem
with its file and line, found by `saloon validate` before any sheet is printed.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import jinja2
from jinja2 import nodes
from jinja2.sandbox import ImmutableSandboxedEnvironment

NAMES = frozenset({"c", "opt", "amount", "n", "v", "op"})  # what a text may name (the values printed() passes;
# n, v and op: a feature's count as a sheet's condition tests it, `FeatureSpec.says`)
FILTERS = frozenset({
    "join", "map", "length", "count", "first", "last", "upper", "lower", "title", "capitalize", "int",
    "round", "abs", "default", "string", "trim", "list", "sort", "sum", "min", "max", "select", "reject",
    "selectattr", "rejectattr", "unique",
})
SOURCE_LIMIT = 2_000  # characters of one text's source
PRODUCT_LIMIT = 1_000  # items (characters) a string or list times a number may make
OUTPUT_LIMIT = 10_000  # characters one text may render to
_STATEMENTS = (nodes.Template, nodes.Output, nodes.TemplateData, nodes.If)
_EXPRESSIONS = (
    nodes.Name, nodes.Const, nodes.Getattr, nodes.Getitem, nodes.Call, nodes.Keyword, nodes.Filter, nodes.Test,
    nodes.Add, nodes.Sub, nodes.Mul, nodes.Div, nodes.FloorDiv, nodes.Mod, nodes.Neg, nodes.Pos, nodes.Not,
    nodes.And, nodes.Or, nodes.Compare, nodes.Operand, nodes.CondExpr, nodes.List, nodes.Tuple, nodes.Concat,
)


class TextSandbox(ImmutableSandboxedEnvironment):
    """Jinja's immutable sandbox (no private attributes, no unsafe calls, nothing changed in place) with
    products and powers bounded."""

    intercepted_binops = frozenset({"*", "**"})

    def call_binop(self, context: Any, operator: str, left: Any, right: Any) -> Any:
        if operator == "**":
            raise jinja2.exceptions.SecurityError("powers are not allowed in a content text")
        for seq, times in ((left, right), (right, left)):
            if isinstance(seq, (str, list, tuple)) and isinstance(times, int) and len(seq) * times > PRODUCT_LIMIT:
                raise jinja2.exceptions.SecurityError(f"a product of more than {PRODUCT_LIMIT:,} items")
        return left * right


@lru_cache(maxsize=1)
def text_environment() -> TextSandbox:
    """The one environment content texts are parsed and rendered in."""
    return TextSandbox(undefined=jinja2.StrictUndefined, autoescape=False)


def text_problem(source: str) -> str | None:
    """What makes `source` unfit to be a content text (None when it is fit): too long, broken jinja, or
    a statement, name, filter or operator outside what a text may use."""
    if "{" not in source:
        return None
    if len(source) > SOURCE_LIMIT:
        return f"a text of {len(source):,} characters; at most {SOURCE_LIMIT:,}"
    try:
        tree = text_environment().parse(source)
    except jinja2.TemplateSyntaxError as exc:
        return f"template error on its line {exc.lineno}: {exc.message}"
    for node in tree.find_all(nodes.Node):
        if isinstance(node, nodes.Pow):
            return "a power (**) in a text; use a number"
        if not isinstance(node, _STATEMENTS + _EXPRESSIONS):
            return (f"{type(node).__name__.lower()} in a text: a text may only print values ({{{{ }}}}) and "
                    "choose with {% if %}")
        if isinstance(node, nodes.Name) and node.name not in NAMES:
            return f"unknown name {node.name!r} in a text; a text may name {', '.join(sorted(NAMES))}"
        if isinstance(node, nodes.Filter) and node.name not in FILTERS:
            return f"filter {node.name!r} in a text; a text may use {', '.join(sorted(FILTERS))}"
    return None


@lru_cache(maxsize=1024)  # a kit prints the same few hundred texts many times: each is checked and parsed once
def _compiled(source: str) -> jinja2.Template:
    """`source` checked (`text_problem`; a SecurityError naming the problem) and compiled."""
    problem = text_problem(source)
    if problem is not None:
        raise jinja2.exceptions.SecurityError(problem)
    return text_environment().from_string(source)


def render_text(source: str, **values: Any) -> str:
    """`source` rendered with `values` in the text sandbox; anything wrong is a jinja TemplateError (its
    own errors, SecurityError, or what the text's expression raised, such as a division by zero), which
    the callers turn into their own one-line errors."""
    try:
        out = _compiled(source).render(**values)
    except jinja2.TemplateError:
        raise
    except (ArithmeticError, TypeError, ValueError, LookupError, AttributeError, RecursionError) as exc:
        # what a text's own expression raises ({{ 1/0 }}, {{ c.game.title - 1 }}) is the text's error
        raise jinja2.TemplateRuntimeError(f"{type(exc).__name__}: {exc}") from None
    if len(out) > OUTPUT_LIMIT:
        raise jinja2.exceptions.SecurityError(f"a text that renders to {len(out):,} characters; at most {OUTPUT_LIMIT:,}")
    return out
