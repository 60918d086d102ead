"""`rules` and `help NAME` at the prompt, from the game's content: the same texts the printed sheets
use, under the option values of the game being played, in the referee's language.

- `rules_markup`: the printed reference sheet's text (Markdown), rendered with the options in play.
- `glossary`: one entry per token, event, building, action, character, card, town and option; each
  entry knows the names a person may type for it (any language, id, or a unique start of a name).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from .. import registry
from ..words.game import GameWords
from ..words.text import Texts


@dataclass
class Entry:
    kind: str  # "token", "event", "building", ... (a key of the referee's `kinds` names)
    title: str
    text: str
    names: set[str] = field(default_factory=set)


def _key(text: str) -> str:
    return "".join(ch for ch in str(text).lower() if ch.isalnum())


def with_options(content: Any, options: dict[str, Any]) -> Any:
    """The content with each option's default set to the value in play (sheets print the defaults)."""
    specs = {k: spec.model_copy(update={"default": options.get(k, spec.default)}) for k, spec in content.options.items()}
    return content.model_copy(update={"options": specs})


def rules_markup(game: str, content: Any, options: dict[str, Any], lang: str) -> str:
    """The printed rules of `game` (Markdown) under the options in play; empty for a game without words."""
    if not registry.has(game, "words"):
        return ""
    words: GameWords = registry.plugin(game, "words")
    return words.rules_markup(with_options(content, options), lang)


def terminal_markdown(text: str, figure: str = "(a picture on the printed rules sheet)") -> str:
    """The sheet's Markdown as a terminal shows it well: a pipe table without a header row (a grid
    picture) becomes one list line per row, cells joined by " · "; a `{figure:NAME}` line (a
    drawing on the printed sheet) becomes the words `figure`."""
    out: list[str] = []
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if re.fullmatch(r"\s*\{figure:[^}]*\}\s*", line):
            out.append(f"*{figure}*")
            continue
        if line.lstrip().startswith("|"):
            block_start = i == 0 or not lines[i - 1].lstrip().startswith("|")
            start = i
            while start > 0 and lines[start - 1].lstrip().startswith("|"):
                start -= 1
            headed = start + 1 < len(lines) and set(lines[start + 1].replace("|", "").strip()) <= set("-: ") \
                and lines[start + 1].strip().startswith("|")
            if not headed:
                cells = [c.strip() for c in line.strip().strip("|").split("|")]
                if block_start and out and out[-1].strip():
                    out.append("")
                out.append("- " + " · ".join(c for c in cells if c))
                continue
        out.append(line)
    return "\n".join(out)


def glossary(game: str, content: Any, options: dict[str, Any], lang: str, players: int | None = None) -> list[Entry]:
    """Every name `help NAME` explains in this game (its words module's glossary: round cards of this
    player count, say), then every rule option."""
    c = with_options(content, options)
    out: list[Entry] = []

    def add(kind: str, title: str, text: str, *names: Any) -> None:
        if text:
            out.append(Entry(kind, title, text, {_key(n) for n in (title, *names) if n}))

    if registry.has(game, "words"):
        words: GameWords = registry.plugin(game, "words")
        for kind, title, text, names in words.glossary(c, options, lang, players):
            add(kind, title, text, *names)
    T = Texts(lang, "referee")
    for name, spec in c.options.items():
        values = " | ".join(str(v) for v in spec.choices) if spec.choices else ""
        add("option", name, T("option_help", value=options.get(name, spec.default), values=values, help=spec.help))
    return out


def lookup(entries: list[Entry], name: str) -> list[Entry]:
    """The entries `name` names: exactly, or as the start (or a part) of one name only; several
    entries come back together when they share their title (an event and its round card), and
    the candidates when the name is ambiguous (then `found` is False)."""
    found, _ = _lookup(entries, name)
    return found


def _lookup(entries: list[Entry], name: str) -> tuple[list[Entry], bool]:
    key = _key(name)
    if not key:
        return [], False
    for test in (lambda n: n == key, lambda n: n.startswith(key), lambda n: key in n):
        hits = [e for e in entries if any(test(n) for n in e.names)]
        if hits:
            return hits, True
    return [], False


def one_thing(hits: list[Entry]) -> bool:
    """Whether the hits all name the same thing (one title), so all of them are told."""
    return len({_key(e.title) for e in hits}) == 1


__all__ = ["Entry", "glossary", "lookup", "one_thing", "rules_markup", "terminal_markdown", "with_options"]
