"""A decision table in words: the sentences printed on the bot card and said by the referee.

One source: the card renders these sentences from the very table the bot executes, and the referee
explains a choice with the same sentence ("rule 3: ...").
"""

from __future__ import annotations

from typing import Any

from .text import printed

_OPS = {"=": "", "!=": "not ", "<": "under ", "<=": "at most ", ">": "over ", ">=": "at least "}


def feature_text(content: Any, name: str, lang: str = "en") -> str:
    return printed(content.features[name].text, content, lang=lang) or name


def condition_text(content: Any, cond: Any, lang: str = "en") -> str:
    spec = content.features[cond.feature]
    text = feature_text(content, cond.feature, lang)
    if spec.kind == "flag":
        yes = (cond.op in ("=", ">=") and cond.value >= 1) or (cond.op in ("!=", "<") and cond.value == 0) or (
            cond.op == ">" and cond.value == 0
        )
        no = (cond.op in ("=", "<=") and cond.value == 0) or (cond.op == "!=" and cond.value >= 1) or (
            cond.op == "<" and cond.value == 1
        )
        if yes and not no:
            return text
        if no and not yes:
            return f"not ({text})"
        return f"{text}: {cond.op} {cond.value}"
    return f"{text}: {_OPS[cond.op]}{cond.value}"


def key_text(content: Any, key: Any, lang: str = "en") -> str:
    spec = content.features[key.feature]
    text = feature_text(content, key.feature, lang)
    if spec.kind == "flag":
        return f"'{text}' first" if key.sense == "max" else f"'not {text}' first"
    return f"the most {text}" if key.sense == "max" else f"the fewest {text}"


def rule_text(content: Any, rule: Any, lang: str = "en") -> str:
    """One rule as a sentence: 'If <conditions>: <keys>.' ('Any of them' when it ranks nothing)."""
    head = "; ".join(condition_text(content, c, lang) for c in rule.when)
    body = ", then ".join(key_text(content, k, lang) for k in rule.prefer) or "any of them"
    if head:
        return f"Choices where {head}: {body}."
    return f"All choices: {body}."


def avoid_text(content: Any, decision: Any, lang: str = "en") -> str | None:
    """'Set aside choices where ...' for a decision's `avoid` list (None when it has none)."""
    if not decision.avoid:
        return None
    what = "; or where ".join(condition_text(content, c, lang) for c in decision.avoid)
    return f"First set aside choices where {what} (unless every choice is such)."


def tie_text(content: Any, kind: str, tie_break: str, lang: str = "en") -> str:
    order = printed(content.decisions[kind].order, content, lang=lang)
    if tie_break == "d6":
        return (f"Tie: roll a die and count along the tied choices in this order: {order} (roll again if "
                f"higher than their number; with more than 6, only the first 6 count).")
    return f"Tie: the first in this order: {order}."


def explain(content: Any, table: Any, choice: Any, lang: str = "en") -> str:
    """Why the table bot chose: 'rule 3: Choices where ...' (or the tie-break / the only choice); a
    decision in two steps says the first step's reason, then the second's."""
    why = _reason(content, table, choice, lang)
    if choice.first is not None:
        name = (printed(content.decisions[choice.first.kind].name, content, lang=lang) or "").lower()
        why = f"first, {name}: {_reason(content, table, choice.first, lang)} Then {why}"
    return why


def _reason(content: Any, table: Any, choice: Any, lang: str) -> str:
    if choice.rule is None:
        if choice.tied == 1:
            return "its only choice."
        why = f"no rule applies, so the tie-break chose among {choice.tied} choices"
        why += f": rolled {choice.roll}." if choice.roll is not None else ": the first in its order."
        return why
    rule = table.decisions[choice.kind].rules[choice.rule]
    why = f"rule {choice.rule + 1}: {rule_text(content, rule, lang)}"
    if choice.roll is not None:
        why += f" Tie of {choice.tied}: rolled {choice.roll}."
    elif choice.tied > 1:
        why += f" Tie of {choice.tied}: the first in the tie-break's order."
    return why
