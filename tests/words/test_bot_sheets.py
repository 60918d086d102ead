"""Bot sheets in every language, worded once (words/tables.py) for the printed sheet and the referee:
how a condition, a rule, a skip line and a tie-break read (said positively: tests/tables/test_sheet_words.py
scans every printed sheet)."""

from __future__ import annotations

import pytest

from generator.content import load_content, load_table
from generator.render.solo import table_markup
from generator.schema.tables import Condition, Decision, Key, Rule
from generator.words.tables import avoid_text, condition_text, rule_text, strength_line, tie_text

C = load_content("longhorn")
TABLE = load_table(load_content("longhorn"), "normal")


@pytest.mark.parametrize("op,value,words", [
    ("=", 3, "it takes 3 cows"), ("!=", 1, "it takes other than 1 cow"), ("<", 3, "it takes under 3 cows"),
    ("<=", 0, "it takes at most 0 cows"), (">", 1, "it takes more than 1 cow"), (">=", 3, "it takes at least 3 cows"),
])
def test_a_count_condition_reads_as_the_features_clause_with_its_number(op, value, words):
    assert condition_text(C, Condition(feature="cows_taken", op=op, value=value)) == words


@pytest.mark.parametrize("op,value,words", [
    ("=", 1, "it takes the sheriff"), (">=", 1, "it takes the sheriff"), ("!=", 0, "it takes the sheriff"),
    (">", 0, "it takes the sheriff"), ("=", 0, "it leaves the sheriff where he is"), ("!=", 1, "it leaves the sheriff where he is"),
    ("<", 1, "it leaves the sheriff where he is"), ("<=", 0, "it leaves the sheriff where he is"),
    ("<=", 1, "it takes the sheriff: <= 1"), (">", 3, "it takes the sheriff: > 3"),
])
def test_a_flag_condition_reads_yes_or_its_negated_words_and_anything_else_as_written(op, value, words):
    assert condition_text(C, Condition(feature="takes_sheriff", op=op, value=value)) == words


def test_a_rule_reads_if_there_are_choices_where_its_conditions_then_its_keys():
    rule = Rule(when=[Condition(feature="cows_taken", op=">=", value=3)],
                prefer=[Key(feature="cows_taken", sense="max"), Key(feature="takes_sheriff", sense="min")])
    assert rule_text(C, rule) == ("If there are choices where it takes at least 3 cows: among them, prefer the most "
                                  "cows it takes, then choices where it leaves the sheriff where he is.")
    assert rule_text(C, Rule(when=[], prefer=[Key(feature="cows_taken", sense="min")])) == \
        "Prefer the fewest cows it takes."
    assert rule_text(C, Rule(when=[Condition(feature="takes_sheriff", op="=", value=1)])) == \
        "If there are choices where it takes the sheriff: take any of them."


def test_skip_and_tie_break_lines():
    brand = Decision(avoid=[Condition(feature="left_on_range", op=">=", value=4)])  # a skip line of its own, not the shipped table's
    assert avoid_text(C, brand) == ("First skip choices where at least 4 cows of that colour stay on "
                                    "the range after it (unless that skips them all).")
    assert avoid_text(C, TABLE.decisions["start"]) is None
    assert tie_text(C, "steal", "first") == "Tie: the first in this order: black, white, orange, green."
    assert tie_text(C, "steal", "d6").startswith("Tie: roll a die and count along the tied choices in this order: "
                                                 "black, white, orange, green (roll again")


@pytest.mark.parametrize("lang,words", [("es", ["Si hay opciones donde", "Empate"]), ("ja", ["選択肢があれば", "同点"])])
def test_translated_bot_sheets_name_every_rule(lang, words):
    markup = table_markup("longhorn", C, "normal", TABLE, lang)
    for w in words:
        assert w in markup
    for kind, d in TABLE.decisions.items():
        for rule in d.rules:
            assert rule_text(C, rule, lang) in markup


def test_strength_line_in_every_language():
    assert strength_line(TABLE, lang="en").startswith(("Wins ", "Strength not measured"))
    assert strength_line(TABLE, lang="es").startswith(("Gana el ", "Fuerza aún"))
    assert "ボット" in strength_line(TABLE, lang="ja") or "未測定" in strength_line(TABLE, lang="ja")
