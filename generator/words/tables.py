"""A decision table in words, in every language: the sentences printed on the bot sheet and said by
the referee, built from the very table the bot executes with the phrases of templates/<lang>/solo.yaml
(the referee explains a choice with the same sentence: "rule 3: ...")."""

from __future__ import annotations

from typing import Any

from ..bots.vocabulary import vocabulary
from ..schema.common import GameContent
from ..schema.tables import Condition, Decision, Key, Rule, Table
from .text import Texts, printed

STRENGTH_OPPONENT = "greedy"  # the opponent named in each sheet's one-line strength


def table_label(table: Table, lang: str = "en") -> str:
    """'normal', or 'normal, 2-3 players' for a table of a player-count family (in `lang`)."""
    T = Texts(lang, "kit")
    return T("solo.label", level=T.name("solo.level", table.level), players=table.players)


def _pct(x: float) -> str:
    return f"{x:.0%}"


def strength_line(table: Table, opponent: str = STRENGTH_OPPONENT, lang: str = "en") -> str:
    """'wins 58% (54-62%) against the greedy bot over 2,000 games' from the table's measured header."""
    T = Texts(lang, "kit")
    m = table.measured
    if m is None or opponent not in m.against:
        return T("solo.not_measured")
    t = m.against[opponent]
    line = T("solo.wins", rate=_pct(t.win_rate), low=_pct(t.low), high=_pct(t.high), opponent=opponent,
             games=f"{t.games:,}".replace(",", T("thousands")), players=m.players)
    if t.mean_score is not None:
        line += T("solo.score", value=f"{t.mean_score:,.0f}".replace(",", T("thousands")))
    others = [f"{o}: {_pct(x.win_rate)}" for o, x in m.against.items() if o != opponent]
    if others:
        line += T("solo.others", others=", ".join(others))
    if m.solver is not None and m.solver.positions:
        line += T("solo.solver", share=_pct(m.solver.share), positions=m.solver.positions)
    return line + T("solo.end")


def mode_line(content: GameContent, table: Table, lang: str = "en") -> str | None:
    """How a bot seat's table schemes (flipping its bot deck, or an open hand: `Table.bot_hand`), as
    the game's content words it (`solo.modes`); None for a table not for a bot seat."""
    modes = content.solo.modes if content.solo is not None and table.bot_seat else {}
    return printed(modes[table.bot_hand], content, lang=lang) if table.bot_hand in modes else None


def head_start_line(content: GameContent, table: Table, lang: str = "en") -> str | None:
    """The sheet's line for a level with a head start (`Table.head_start`, worded by the game's
    content: `solo.head_start`); None without one."""
    if not table.head_start or content.solo is None or content.solo.head_start is None:
        return None
    amount = f"{table.head_start:,}".replace(",", Texts(lang, "kit")("thousands"))
    return printed(content.solo.head_start, content, lang=lang, amount=amount)


def effort_line(table: Table, lang: str = "en") -> str | None:
    """'Running it takes about 24 s a decision (95% of decisions within 54 s), as measured.' from the
    table's header (`tables effort`, `tables eval`); None before it is measured."""
    m = table.measured
    if m is None or m.effort is None or "all" not in m.effort:
        return None
    e = m.effort["all"]
    return Texts(lang, "kit")("solo.effort", median=f"{e.median:.0f}", p95=f"{e.p95:.0f}")


def sheet_terms(content: GameContent, tables: list[Table], lang: str = "en") -> list[tuple[str, str]]:
    """(word, definition) of every term (content `terms`) that the sheets of `tables` print: in a feature
    their rules read, or in the name, choices or order of a decision they print; in content order."""
    texts = []
    for table in tables:
        kinds = printed_kinds(content, table)
        for kind in kinds:
            spec = content.decisions[kind]
            texts += [printed(t, content, lang=lang) or "" for t in (spec.name, spec.choices, spec.order)]
            d = table.decisions.get(kind)
            if d is not None:
                names = {c.feature for c in d.avoid}
                names |= {c.feature for r in d.rules for c in r.when} | {k.feature for r in d.rules for k in r.prefer}
                texts += [feature_text(content, n, lang) for n in sorted(names)]
    out = []
    for term in content.terms.values():
        if any(term.matched(lang) in t for t in texts):
            out.append((term.word.get(lang, term.word["en"]), printed(term.definition, content, lang=lang) or ""))
    return out


def printed_kinds(content: GameContent, table: Table) -> list[str]:
    """The decision kinds a table's sheet prints: all of them, but for a bot seat's table not those a
    flipping bot seat never meets (the game's HAND_KINDS: it holds no hand; an open hand meets them)."""
    flips = table.bot_seat and table.bot_hand == "flip"
    skip = vocabulary(content.game_name).HAND_KINDS if flips else frozenset()
    return [kind for kind in content.decisions if kind not in skip]


# --- a table's rules in words ------------------------------------------------------------------------


def feature_text(content: GameContent, name: str, lang: str = "en") -> str:
    return printed(content.features[name].text, content, lang=lang) or name


def _flag_off(content: GameContent, name: str, lang: str) -> str:
    """A flag's clause when it does not hold: the feature's own words (`negated`), else 'not (...)' (a sheet
    the words check refuses: every flag a printed table tests for no gives its `negated` words)."""
    spec = content.features[name]
    off = printed(spec.negated, content, lang=lang) if spec.negated is not None else None
    return off or Texts(lang, "solo")("flag_no", text=feature_text(content, name, lang))


def _count_clause(content: GameContent, name: str, op: str, value: int, lang: str) -> str:
    """A count tested against a number, as a clause: the feature's own words (`says`, given the number with
    its comparison), else the language's 'there are at least 3 <text>'."""
    S = Texts(lang, "solo")
    spec = content.features[name]
    comparison = S.name("ops", op)
    n = S("number", op=comparison, value=value)
    if spec.says is not None:
        said = printed(spec.says, content, lang=lang, n=n, v=value, op=comparison)
        if said:
            return said
    return S("count", text=feature_text(content, name, lang), n=n, value=value, op=comparison)


def condition_text(content: GameContent, cond: Condition, lang: str = "en") -> str:
    """A condition as a clause said positively: a flag as its own words yes or no ('the sheriff is at
    that ranch' / 'the sheriff is elsewhere'), a count as a clause with its number ('it takes under 3
    cows')."""
    S = Texts(lang, "solo")
    spec = content.features[cond.feature]
    op, v = cond.op, cond.value
    if spec.kind == "flag":
        yes = (op in ("=", ">=") and v >= 1) or (op in ("!=", "<") and v == 0) or (op == ">" and v == 0)
        no = (op in ("=", "<=") and v == 0) or (op == "!=" and v >= 1) or (op == "<" and v == 1)
        if yes and not no:
            return feature_text(content, cond.feature, lang)
        if no and not yes:
            return _flag_off(content, cond.feature, lang)
        return S("flag_raw", text=feature_text(content, cond.feature, lang), op=op, value=v)
    return _count_clause(content, cond.feature, op, v, lang)


def _link(clause: str, lang: str) -> str:
    """What joins a clause to the word 'choices' where a language needs it: `link` of solo.yaml (Japanese の
    after a number or a noun: 6頭未満の選択肢; nothing after a verb or an adjective, which end in kana:
    保安官を取る選択肢)."""
    link = Texts(lang, "solo")("link")
    return "" if not link or not clause or "\u3041" <= clause[-1] <= "\u309f" else link


def key_text(content: GameContent, key: Key, lang: str = "en") -> str:
    """A ranking key: 'the most cows it takes', 'choices where it seizes a building' (a flag first where it
    holds, or, for `min`, where it does not: its `negated` words)."""
    S = Texts(lang, "solo")
    spec = content.features[key.feature]
    if spec.kind == "flag":
        clause = feature_text(content, key.feature, lang) if key.sense == "max" else _flag_off(content, key.feature, lang)
        return S("flag_key", clause=clause)
    return S(f"count_{key.sense}", text=feature_text(content, key.feature, lang))


def rule_text(content: GameContent, rule: Rule, lang: str = "en") -> str:
    """A rule as a sentence: 'If there are choices where ...: among them, prefer the most ...'. A condition
    on the whole position (a feature read once for it, `per: position`) holds for every choice or none, so it
    is said once, as such: 'If no ranch has the sheriff ...: prefer ...', or 'If ... and there are choices
    where ...: among them, ...'."""
    S = Texts(lang, "solo")
    whole = [c for c in rule.when if content.features[c.feature].per == "position"]
    each = [c for c in rule.when if content.features[c.feature].per != "position"]
    head = S("and").join(condition_text(content, c, lang) for c in each)
    keys = S("then").join(key_text(content, k, lang) for k in rule.prefer)
    body = S("body_keys", keys=keys) if keys else S("body_any")  # among the choices the conditions keep
    if whole:
        pos = S("pos_join").join(condition_text(content, c, lang) for c in whole)
        if head:
            return S("rule_if_when", pos=pos, head=head, link=_link(head, lang), body=body)
        return S("rule_if", pos=pos, body=S("body_all_keys", keys=keys) if keys else S("body_all_any"))
    if head:
        return S("rule_when", head=head, link=_link(head, lang), body=body)
    return S("rule_all", keys=keys) if keys else S("rule_all_any")


def avoid_text(content: GameContent, decision: Decision, lang: str = "en") -> str | None:
    """'First skip choices where ..., and choices where ... (unless that skips them all).'"""
    if not decision.avoid:
        return None
    S = Texts(lang, "solo")
    clauses = [condition_text(content, c, lang) for c in decision.avoid]
    what = S("avoid_join").join(S("avoid_item", clause=c, link=_link(c, lang)) for c in clauses)
    return S("avoid", what=what)


def tie_text(content: GameContent, kind: str, tie_break: str, lang: str = "en") -> str:
    order = printed(content.decisions[kind].order, content, lang=lang)
    return Texts(lang, "solo")("tie_d6" if tie_break == "d6" else "tie_first", order=order)


def table_lines(content: GameContent, table: Table) -> list[str]:
    """A table as printed, in English lines for the terminal: its title, its measured strength and effort,
    each decision kind, its numbered rules, its tie-break; then the words it uses, as the how-to page
    defines them."""
    lines = [f"{content.game.title}: bot, level {table_label(table)}"]  # the printed sheet's title
    for line in (strength_line(table), mode_line(content, table), head_start_line(content, table), effort_line(table)):
        if line:
            lines.append(line)
    for kind in printed_kinds(content, table):
        spec = content.decisions[kind]
        d = table.decisions.get(kind)
        lines.append("")
        lines.append(f"{printed(spec.name, content)} ({printed(spec.choices, content)}):")
        if d is not None:
            avoid = avoid_text(content, d)
            if avoid:
                lines.append(f"  {avoid}")
            for i, rule in enumerate(d.rules, 1):
                lines.append(f"  {i}. {rule_text(content, rule)}")
        lines.append(f"  {tie_text(content, kind, d.tie_break if d else 'first')}")
    terms = sheet_terms(content, [table])
    if terms:
        lines += ["", "Words:"] + [f"  {word}: {definition}" for word, definition in terms]
    return lines


def explain(content: GameContent, table: Table, choice: Any, lang: str = "en") -> str:
    """Why the table bot chose: 'rule 3: Choices where ...' (or the tie-break / the only choice); a
    decision in two steps says the first step's reason, then the second's. Worded by the referee's
    text file (`reason.*`), in `lang`."""
    R = Texts(lang, "referee")
    why = _reason(content, table, choice, lang)
    if choice.first is not None:
        name = (printed(content.decisions[choice.first.kind].name, content, lang=lang) or "").lower()
        why = R("reason.two_steps", name=name, first=_reason(content, table, choice.first, lang), then=why)
    return why


def _reason(content: GameContent, table: Table, choice: Any, lang: str) -> str:
    R = Texts(lang, "referee")
    if choice.rule is None:
        if choice.tied == 1:
            return R("reason.only")
        why = R("reason.no_rule", n=choice.tied)
        why += R("reason.no_rule_roll", roll=choice.roll) if choice.roll is not None else R("reason.no_rule_first")
        return why
    rule = table.decisions[choice.kind].rules[choice.rule]
    why = R("reason.rule", n=choice.rule + 1, text=rule_text(content, rule, lang))
    if choice.roll is not None:
        why += R("reason.tie_roll", n=choice.tied, roll=choice.roll)
    elif choice.tied > 1:
        why += R("reason.tie_first", n=choice.tied)
    return why
