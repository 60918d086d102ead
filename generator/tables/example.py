"""A bot sheet's worked example: one decision of a seeded game, told as a person follows the sheet.

The table plays a seeded game (its seat first, the random bot in the others; the table's own player
count); at each of its decisions in one step with two choices or more, the effort walk
(`effort.walk_step`, the very walk that measures a person's seconds) follows the sheet over the traced
features. The first decision where the sheet reads two rules or more and a rule (not the tie-break)
decides is the example (else the richest one met): the choices, what the skip line sets aside, each rule
read and the choices it keeps, the tie-break, and the pick, which is the bot's own (a test holds it)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..bots import make_bot
from ..bots.table import TableBot, Trace, kind_features, seated_game
from ..games import game_of
from ..schema.common import GameContent
from ..schema.tables import Table
from ..sim.seeds import bot_seed
from ..words.tables import avoid_text, key_text
from ..words.text import Texts, printed
from .effort import Walked, seconds_of, walk_step

SEED = 1  # the seeded game every sheet's example comes from
MOVES = 600  # moves looked through at most


@dataclass
class Example:
    kind: str
    labels: list[str]  # each choice as the game writes it
    trace: Trace
    walked: Walked
    bot_choice: int  # the choice the table bot made (the trace's)
    move: int  # the decision's move number in the game


def _players(content: GameContent, table: Table) -> int:
    return table.players[0] if table.players else content.game.players.min


def _richness(w: Walked) -> tuple[int, int]:
    decided = bool(w.rules) and bool(w.rules[-1][2]) and len(w.tied) == 1
    return (int(decided) * (len(w.rules) + bool(w.skipped)), len(w.rules))


def find_example(content: GameContent, table: Table, seed: int = SEED) -> Example | None:
    """The example decision of `table` in the seeded game (None when it meets no decision to tell); found
    once per table and content (a kit asks for it in every language)."""
    key = (id(content), id(table), seed)
    hit = _FOUND.get(key)
    if hit is None or hit[0] is not content or hit[1] is not table:
        if len(_FOUND) > 64:
            _FOUND.clear()
        hit = _FOUND[key] = (content, table, _find(content, table, seed))
    return hit[2]


_FOUND: dict[tuple[int, int, int], tuple[Any, Any, Example | None]] = {}


def _find(content: GameContent, table: Table, seed: int) -> Example | None:
    game = game_of(content)
    n = _players(content, table)
    trace: list[Trace] = []
    bots: list[Any] = [TableBot(bot_seed(seed, 0), table=table, trace=trace)]
    bots += [make_bot("random", bot_seed(seed, j)) for j in range(1, n)]
    state = seated_game(game, bots, n).new_game(n, seed)
    state.narrate = False
    secs = seconds_of(content)
    best: Example | None = None
    for move in range(MOVES):
        if state.is_over:
            break
        seat = state.current_player
        actions = state.legal_actions() if seat == 0 else []
        before = len(trace)
        action = bots[seat].choose(state)
        if seat == 0 and len(trace) == before + 1 and len(trace[-1].rows) == len(actions) >= 2:
            t = trace[-1]
            w = walk_step(table.decisions.get(t.kind), t, content, secs)
            ex = Example(t.kind, [str(a) for a in actions], t, w, t.chosen, move + 1)
            if best is None or _richness(w) > _richness(best.walked):
                best = ex
            if _richness(w)[0] >= 2:
                return ex
        state.apply(action)
    return best if best is not None and _richness(best.walked)[0] else None


def _value(content: GameContent, name: str, v: int, lang: str) -> str:
    if content.features[name].kind == "flag":
        return Texts(lang, "solo")("ex_yes" if v else "ex_no")
    return str(v)


def example_lines(content: GameContent, table: Table, ex: Example, lang: str = "en") -> list[str]:
    """The example told step by step, in `lang`."""
    S = Texts(lang, "solo")
    sep = S("ex_sep")
    names = kind_features(content, ex.kind)
    at = {n: i for i, n in enumerate(names)}
    rows, labels, w = ex.trace.rows, ex.labels, ex.walked
    decision = table.decisions.get(ex.kind)

    def listed(idx: list[int]) -> str:
        return sep.join(labels[i] for i in idx)

    spec = content.decisions[ex.kind]
    lines = [S("ex_intro", move=ex.move, name=printed(spec.name, content, lang=lang), choices=listed(list(range(len(rows)))))]
    if decision is not None and decision.avoid:
        lines.append(S("ex_skip", rule=avoid_text(content, decision, lang), which=listed(w.skipped)) if w.skipped
                     else S("ex_skip_none"))
    for n, meeting, kept in w.rules:
        rule = decision.rules[n] if decision is not None else None
        if rule is None:
            continue
        if not meeting:
            lines.append(S("ex_rule_none", n=n + 1))
            continue
        line = S("ex_rule_meets", n=n + 1, which=listed(meeting), all=len(meeting) == len(rows) - len(w.skipped))
        s = meeting
        for k in rule.prefer:
            if len(s) <= 1:
                break
            vals = sep.join(f"{labels[i]} {_value(content, k.feature, rows[i][at[k.feature]], lang)}" for i in s)
            best = (max if k.sense == "max" else min)(rows[i][at[k.feature]] for i in s)
            s = [i for i in s if rows[i][at[k.feature]] == best]
            line += S("ex_key", what=key_text(content, k, lang), values=vals, kept=listed(s))
        lines.append(line + S("ex_end"))
    if len(w.tied) > 1:
        key = "ex_tie_roll" if ex.trace.rolled else "ex_tie_first"
        lines.append(S(key, which=listed(w.tied), pick=labels[w.chosen]))
    lines.append(S("ex_pick", pick=labels[w.chosen]))
    return lines
