"""Issue 20: the Way Out West sentences a kit prints are worded by templates/<lang>/way_out_west.yaml;
in English they are exactly the engine's rules_text sentences (which the referee's help speaks) under
every option value, so the printed sheet and the referee never drift apart."""

from __future__ import annotations

import pytest

from generator.content import load_content
from generator.words import way_out_west_rules as engine_words
from generator.words import way_out_west as words
from generator.render.way_out_west import reference_markup

C = load_content("way_out_west")
VALUES = [(None, None)] + [(n, v) for n, spec in C.options.items() for v in spec.choices or () if v != spec.default]


@pytest.mark.parametrize("name,value", VALUES, ids=[f"{n}={v}" for n, v in VALUES])
def test_english_sheet_sentences_are_the_engines_under_every_option(name, value):
    opts = dict(C.option_defaults(), **({name: value} if name else {}))
    ours, theirs = words.sheet_texts(C, opts, "en"), engine_words.sheet_texts(C, opts)
    for key, text in theirs.items():
        assert ours[key] == text, key


@pytest.mark.parametrize("lang", ["es", "ja"])
@pytest.mark.parametrize("name,value", VALUES, ids=[f"{n}={v}" for n, v in VALUES])
def test_translated_sheets_follow_every_option(lang, name, value):
    if name is None:
        pytest.skip("the defaults themselves")
    assert reference_markup(C, {name: value}, lang) != reference_markup(C, None, lang)


def test_spanish_sheet_names_the_seeds_terms():
    sheet = reference_markup(C, None, "es")
    assert "| Comprar ganado | $1 c/u | 3 (4 con 5 jugadores) |" in sheet
    assert "## Tiroteo" in sheet and "Diligencia" in sheet


def test_japanese_sheet_prints_content_numbers():
    sheet = reference_markup(C, None, "ja")
    assert "| 牛を買う | 1つ$1 | 3（5人では4） |" in sheet
    assert f"手配書が最多：+{C.scoring.most_wanted_bonus} VP" in sheet
