"""The list of legal actions at the prompt: each with what it does, grouped when long, and filtered
by words the person types.

A list that fits (`FIT` rows, so prompt, status and list stay on an 80x24 screen) is shown whole,
one action a line: number, notation and what it does. A longer one is shown one line per group
(the view groups actions: Way Out West by action box, with its cost), and the person types a
group's word, or any words, to list the actions that match; numbers stay the same throughout.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from ..engine.core import Action
from .flow import Flow

FIT = 14  # rows a whole list may take


@dataclass
class Choice:
    number: int
    action: Action
    notation: str
    note: str  # what it does ("" when the notation says it all)
    group: str


class Choices:
    """The legal actions in display order (grouped), numbered from 1."""

    def __init__(self, actions: list[Action], notes: list[str], groups: list[str], labels: dict[str, str]):
        order: list[str] = []
        for g in groups:
            if g not in order:
                order.append(g)
        rows = sorted(zip(actions, notes, groups), key=lambda r: order.index(r[2]))
        self.items = [Choice(i, a, str(a), n or "", g) for i, (a, n, g) in enumerate(rows, 1)]
        self.groups = order
        self.labels = labels

    def __len__(self) -> int:
        return len(self.items)

    @property
    def actions(self) -> list[Action]:
        return [c.action for c in self.items]

    def matching(self, text: str) -> list[Choice]:
        """Actions whose notation, what it does or group holds every word typed (case ignored)."""
        words = text.lower().split()
        if not words:
            return []
        out = []
        for c in self.items:
            hay = f"{c.notation} {c.note} {c.group} {self.labels.get(c.group, '')}".lower()
            if all(w in hay for w in words):
                out.append(c)
        return out


def show(console: Console, choices: Choices, T, items: list[Choice] | None = None, whole: bool = False) -> None:
    """The list, or `items` of it; long lists one line per group unless `whole`."""
    items = choices.items if items is None else items
    width = len(str(len(choices)))
    if len(items) <= FIT or whole or len(choices.groups) < 2:
        _rows(console, items, width)
        return
    table = Table(show_header=False, box=None, padding=(0, 1), pad_edge=False)
    table.add_column(justify="right", style="bold cyan", no_wrap=True)
    table.add_column(style="bold", no_wrap=True)
    table.add_column(overflow="fold")  # (a note without spaces, in Japanese, wraps by display width)
    for g in choices.groups:
        members = [c for c in items if c.group == g]
        if not members:
            continue
        span = f"{members[0].number}" if len(members) == 1 else f"{members[0].number}-{members[-1].number}"
        if len(members) == 1:  # the group's word, then the one action (so long notations wrap in the last column)
            c = members[0]
            rest = "" if c.notation == g else f"{escape(c.notation)}: "
            table.add_row(span, escape(g), Flow.of(f"{rest}[dim]{escape(c.note)}[/dim]"))
        else:
            label = choices.labels.get(g, "")
            table.add_row(span, escape(g), Flow.of(f"{escape(label)} [dim]{T('choices_in_group', n=len(members))}[/dim]"))
    console.print(table)
    console.print(f"[dim]{T('choices_grouped', example=escape(choices.groups[0]))}[/dim]")


def _rows(console: Console, items: list[Choice], width: int) -> None:
    table = Table(show_header=False, box=None, padding=(0, 1), pad_edge=False)
    table.add_column(justify="right", style="bold cyan", no_wrap=True)
    table.add_column(style="bold", no_wrap=True)
    table.add_column(style="dim", overflow="fold")
    for c in items:
        table.add_row(f"{c.number:>{width}}", escape(c.notation), Flow(c.note))
    console.print(table)
