"""The end of a game at the referee: the final scores broken down per player, then the winner and why.

The breakdown comes from the engine's `score_sheet()` (each game's own scoring, part by part), laid
out by the game's view; the winner line names the margin over the runner-up, or the tie and how it
was broken (the engine's outcome detail).
"""

from __future__ import annotations

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from ..engine.core import State
from ..words.scenarios import bot_words
from .views import View


def fmt_score(score: float) -> str:
    return f"{int(score):,}" if float(score).is_integer() else f"{score:g}"


def seat_label(name: str, spec: str, human: bool, T, lang: str) -> str:
    """A seat as the end table and the intro name it: 'Eagle Perkins (you)', 'Jessie (hard table)' (the
    bot in a player's words, never its spec)."""
    return T("seat_label", name=name, who=T("you") if human else bot_words(spec, lang, short=True))


def show_ending(console: Console, state: State, view: View, T, label, names: list[str]) -> None:
    """Scores, their breakdown, the winner and the reason (label(seat) names a seat with who sits there)."""
    outcome = state.result()
    fmt = view.score_text
    table = Table(title=T("final_scores"))
    table.add_column(T("col_seat"), justify="right")
    table.add_column(T("col_player"))
    table.add_column(T("col_score"), justify="right")
    table.add_column("")
    for i, score in enumerate(outcome.scores):
        won = i in outcome.winners
        table.add_row(str(i + 1), escape(label(i)), fmt(score), f"[bold green]{T('winner_mark')}[/bold green]" if won else "")
    console.print(table)
    sheet = state.score_sheet()
    if sheet is not None:
        breakdown = view.score_table(sheet, names)
        if breakdown is not None:
            console.print(breakdown)
    console.print(winner_line(state, T, label, fmt, view.outcome_detail))
    reason = view.end_reason(outcome.reason.value)
    console.print(T("ended", reason=escape(reason), detail=escape(view.outcome_detail(outcome.detail)) if outcome.detail else ""))


def winner_line(state: State, T, label, fmt=fmt_score, say_detail=lambda detail: detail) -> str:
    """Who won and why (`say_detail`: the outcome's detail in the table's language)."""
    outcome = state.result()
    detail = say_detail(outcome.detail)
    scores = outcome.scores
    winners = list(outcome.winners)
    if not winners:
        return T("nobody_wins")
    who = T("and").join(label(i) for i in winners)
    best = max(scores[i] for i in winners)
    top = [i for i, s in enumerate(scores) if s == max(scores)]
    others = [s for i, s in enumerate(scores) if i not in winners]
    if len(winners) > 1:
        return T("shared_win_why", who=escape(who), score=fmt(best), detail=escape(detail))
    if len(top) > 1:  # tied on the score, broken by the rules' tie-break
        tied = T("and").join(label(i) for i in top)
        return T("winner_tie_broken", who=escape(who), tied=escape(tied), score=fmt(best), detail=escape(detail))
    if others and best > max(others):
        runner = max((i for i in range(len(scores)) if i not in winners), key=lambda i: scores[i])
        return T("winner_by", who=escape(who), score=fmt(best), margin=fmt(best - scores[runner]),
                 runner=escape(label(runner)), runner_score=fmt(scores[runner]))
    return T("winner_why", who=escape(who), detail=escape(detail))  # won by the rules (arrest, full herd)
