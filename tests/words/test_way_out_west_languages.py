"""The Way Out West sentences a kit prints and the referee's help speaks are worded by
templates/<lang>/way_out_west.yaml; in English they are the sentences pinned in
tests/golden/way_out_west_rules_en.json under every option value (recorded from the English-only twin
they replaced), and the translations follow every option too."""

from __future__ import annotations

import pytest

from tests.support.paths import GOLDEN

import json

from generator.content import load_content
from generator.words import way_out_west as words
from generator.words.way_out_west import reference_markup

C = load_content("way_out_west")
ENGLISH = json.loads((GOLDEN / "way_out_west_rules_en.json").read_text())
VALUES = [(None, None)] + [(n, v) for n, spec in C.options.items() for v in spec.choices or () if v != spec.default]


@pytest.mark.parametrize("name,value", VALUES, ids=[f"{n}={v}" for n, v in VALUES])
def test_english_sentences_are_the_pinned_ones_under_every_option(name, value):
    opts = dict(C.option_defaults(), **({name: value} if name else {}))
    pinned = ENGLISH["defaults" if name is None else f"{name}={value}"]
    ours = words.sheet_texts(C, opts, "en")
    for key, text in pinned["sheet"].items():
        assert ours[key] == text, key
    assert words.option_lines(C, opts, "en") == pinned["help"]
    assert {b.id: words.cost_text(b, "en") for b in C.action_boxes} == pinned["costs"]


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
