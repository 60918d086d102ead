"""Issue 20: bot sheets in every language; in English the printed sentences are exactly the ones the
decision-table code says (generator/tables/text.py), which the referee uses to explain a choice."""

from __future__ import annotations

import pytest

from generator.content import load_content, load_table
from generator.render.solo import avoid_words, rule_words, strength_line, table_markup, tie_words
from generator.schema.tables import Condition
from generator.words.tables import avoid_text, condition_text, rule_text, tie_text

C = load_content("longhorn")
TABLE = load_table(load_content("longhorn"), "normal")


def test_english_rule_sentences_are_the_tables_own():
    for kind, d in TABLE.decisions.items():
        for rule in d.rules:
            assert rule_words(C, rule, "en") == rule_text(C, rule)
        assert avoid_words(C, d, "en") == avoid_text(C, d)
        assert tie_words(C, kind, d.tie_break, "en") == tie_text(C, kind, d.tie_break)
        assert tie_words(C, kind, "d6", "en") == tie_text(C, kind, "d6")


@pytest.mark.parametrize("op", ["=", "!=", "<", "<=", ">", ">="])
@pytest.mark.parametrize("value", [0, 1, 3])
def test_english_conditions_read_as_the_tables_say_them(op, value):
    from generator.render.solo import condition_words

    for feature in ("cows_taken", "takes_sheriff"):
        cond = Condition(feature=feature, op=op, value=value)
        assert condition_words(C, cond, "en") == condition_text(C, cond)


@pytest.mark.parametrize("lang,words", [("es", ["Opciones donde", "Empate"]), ("ja", ["の選択肢", "同点"])])
def test_translated_bot_sheets_name_every_rule(lang, words):
    markup = table_markup("longhorn", C, "normal", TABLE, lang)
    for w in words:
        assert w in markup
    for kind, d in TABLE.decisions.items():
        for rule in d.rules:
            assert rule_words(C, rule, lang) in markup


def test_strength_line_in_every_language():
    assert strength_line(TABLE, lang="en").startswith(("Wins ", "Strength not measured"))
    assert strength_line(TABLE, lang="es").startswith(("Gana el ", "Fuerza aún"))
    assert "ボット" in strength_line(TABLE, lang="ja") or "未測定" in strength_line(TABLE, lang="ja")
