"""The printed bot sheets read as sentences a person says aloud (issue 35, point 3): every printed table of
every game, level and player-count family, in every language, is scanned for the machine-like phrasing
the sheets used to print ("set aside choices where not (...)", "'not it is a cowboy' first", "Choices
where hundreds of dollars on the nugget at that ranch (0 if none): 2: any of them"). A table that tests a
flag for no needs the feature's `negated` words, one that tests a count its `says` words."""

from __future__ import annotations

import re

import pytest

from generator.content import game_tables, load_content
from generator.render.solo import table_markup
from generator.schema.tables import Condition, Key, Rule
from generator.words.tables import condition_text, key_text, rule_text

GAMES = ("longhorn", "colt_express", "way_out_west")

NESTED = re.compile(r"[(（][^()（）]*[(（]")  # a parenthesis opened inside another
MACHINE = {
    "en": [r"\bwhere not\b", r"\bnot \(", r"'not ", r"\bnot it\b", r"' first", r"\(0 [^)]*\)\s*:", r"^- \*\*\d+\.\*\* Choices where",
           r"\w: (at least |at most |under |more than |over |other than )?\d", r"\bwhere there (is|are)\b", r"set aside"],
    "es": [r"\bno \(", r"«no ", r"primero «", r"\(0 [^)]*\)\s*:", r"\w: (al menos |como mucho |menos de |más de |distinto de )?\d",
           r"Opciones donde", r"donde hay (al menos |como mucho |menos de |más de )?\d"],
    "ja": [r"」ではない", r"「[^」]*」を優先", r"[^\d]：\d", r"の数：", r"の選択肢："],
}


def _sheets() -> list[tuple[str, str, str]]:
    """(game, table label, language) of every printed sheet: its markup is made when its test runs (_markup),
    not at collection, which every xdist worker does."""
    out = []
    for game in GAMES:
        for table in game_tables(load_content(game)):
            label = f"{table.level}{table.players or ''}"
            out += [(game, label, lang) for lang in MACHINE]
    return out


def _markup(game: str, label: str, lang: str) -> str:
    content = load_content(game)
    (table,) = [t for t in game_tables(content) if f"{t.level}{t.players or ''}" == label]
    return table_markup(game, content, label, table, lang)


SHEETS = _sheets()


def _rule_lines(markup: str) -> list[str]:
    """The lines of a sheet that its rules print (the avoid line, the numbered rules)."""
    return [line for line in markup.splitlines() if line.startswith("- ") and not line.startswith("- " + "Tie")]


@pytest.mark.parametrize("game,label,lang", SHEETS, ids=[f"{g}-{lv}-{lang}" for g, lv, lang in SHEETS])
def test_every_printed_sheet_reads_as_sentences(game: str, label: str, lang: str) -> None:
    markup = _markup(game, label, lang)
    bad = []
    for line in _rule_lines(markup):
        for pattern in MACHINE[lang]:
            if re.search(pattern, line):
                bad.append(f"{pattern!r}: {line}")
        if NESTED.search(line):
            bad.append(f"nested parentheses: {line}")
    assert not bad, f"{game} {label} ({lang}) prints machine-like phrasing:\n" + "\n".join(bad)


def test_every_game_level_and_language_is_scanned() -> None:
    assert {(g, lang) for g, _, lang in SHEETS} == {(g, lang) for g in GAMES for lang in MACHINE}
    assert len(SHEETS) >= 3 * 9  # each game's tables (3 levels at least) in three languages


def test_the_scan_catches_the_old_phrasing() -> None:
    """The patterns find what the sheets used to print, so a table using a flag or count without its words
    fails the scan above."""
    old = [
        "- First set aside choices where not (the sheriff is at that ranch) (unless every choice is such).",
        "- **1.** All choices: 'not it is a cowboy' first.",
        "- **3.** Choices where hundreds of dollars on the nugget at that ranch (0 if none): 2: any of them.",
    ]
    for line in old:
        assert any(re.search(p, line) for p in MACHINE["en"]), line
    assert NESTED.search("not (the next thief could win (all 9 of a colour))")


def test_flags_and_counts_said_positively() -> None:
    """The brief's examples, as the sheet now says them."""
    lh = load_content("longhorn")
    assert condition_text(lh, Condition(feature="ranch_sheriff", op="=", value=0)) == "the sheriff is elsewhere"
    assert condition_text(lh, Condition(feature="ranch_nugget", op="=", value=2)) == "the nugget at that ranch is worth $200"
    assert condition_text(lh, Condition(feature="ranch_nugget", op="=", value=0)) == "that ranch has no nugget"
    assert condition_text(lh, Condition(feature="cows_taken", op="<", value=3)) == "it takes under 3 cows"
    assert condition_text(lh, Condition(feature="rival_owns", op="=", value=1)) == "the rival owns 1 cow of that colour"
    assert rule_text(lh, Rule(when=[Condition(feature="ranch_nugget", op="=", value=2)])) == (
        "If there are choices where the nugget at that ranch is worth $200: take any of them.")
    wow = load_content("way_out_west")
    assert key_text(wow, Key(sense="min", feature="is_cowboy")) == "choices where it is the sheriff or a guard"
    assert rule_text(wow, Rule(prefer=[Key(sense="min", feature="is_cowboy")])) == "Prefer choices where it is the sheriff or a guard."
    assert condition_text(wow, Condition(feature="bot_money", op=">=", value=8)) == "the bot has at least $8"
    assert condition_text(wow, Condition(feature="bot_money", op=">=", value=8), "ja") == "ボットの所持金が8ドル以上"
    assert condition_text(wow, Condition(feature="bot_cowboys_there", op="=", value=0), "es") == "el bot no tiene vaqueros en ese pueblo"


def test_a_count_without_its_words_reads_in_the_languages_words() -> None:
    """A count with no `says` still reads as a clause ('there are at least 8 ranches with cattle'), a number
    as numerals; Japanese joins a number to 'choices' with の, a verb without."""
    lh = load_content("longhorn")
    assert condition_text(lh, Condition(feature="ranch_colours", op=">=", value=2)) == "there are at least 2 colours at that ranch"
    assert condition_text(lh, Condition(feature="ranch_colours", op=">=", value=2), "ja") == "その牧場の色の数が2以上"
    assert rule_text(lh, Rule(when=[Condition(feature="ranch_colours", op=">=", value=2)]), "ja").startswith("その牧場の色の数が2以上の選択肢があれば")
    assert rule_text(lh, Rule(when=[Condition(feature="takes_sheriff", op="=", value=1)]), "ja").startswith("保安官を取る選択肢があれば")
