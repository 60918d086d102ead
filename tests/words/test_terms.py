"""Sheets in words a person reads: every word the bot sheets use with a meaning of their own is defined
on the how-to page (content `terms`), and each sheet says how long it takes to run, as measured."""

from __future__ import annotations

import shutil

import pytest
from typer.testing import CliRunner

from generator.cli import app
from generator.content import game_tables, load_content
from generator.render.solo import howto_markup, table_markup
from generator.words.tables import feature_text, sheet_terms
from generator.words.text import printed
from tests.support.paths import REPO

GAMES = ("longhorn", "colt_express", "way_out_west")


@pytest.mark.parametrize("lang", ["en", "es", "ja"])
@pytest.mark.parametrize("game", GAMES)
def test_every_term_a_printed_tables_features_use_is_defined_on_the_how_to_page(game, lang):
    c = load_content(game)
    tables = game_tables(c)
    howto = howto_markup(game, c, {t.file_name(): t for t in tables}, lang)
    for t in tables:
        used = {cond.feature for d in t.decisions.values() for cond in d.avoid}
        used |= {x.feature for d in t.decisions.values() for r in d.rules for x in [*r.when, *r.prefer]}
        for name in used:
            text = feature_text(c, name, lang)
            for term in c.terms.values():
                if term.matched(lang) in text:
                    assert term.word.get(lang, term.word["en"]) in howto, (t.file_name(), name, term.word)
                    assert printed(term.definition, c, lang=lang) in howto


def test_way_out_west_defines_outgunned_and_longhorn_the_next_thief():
    wow = load_content("way_out_west")
    words = dict(sheet_terms(wow, game_tables(wow)))
    assert words["outgunned"].startswith("the bot is outgunned in a town when it has cattle or buildings there")
    assert "room for a building" in words  # the build decision's choices: "each town with room for it"
    lh = load_content("longhorn")
    assert "next thief" in dict(sheet_terms(lh, game_tables(lh)))


def test_a_term_no_sheet_text_uses_is_a_content_error(tmp_path):
    shutil.copytree(REPO / "content", tmp_path / "c")
    path = tmp_path / "c" / "way_out_west" / "features.yaml"
    path.write_text(path.read_text().replace('match: {en: "room for it"', 'match: {en: "room for them"'))
    result = CliRunner().invoke(app, ["--content", str(tmp_path / "c"), "validate"])
    assert result.exit_code == 1
    assert "terms.room.word.en: no feature or decision text uses 'room for them'" in result.output


@pytest.mark.parametrize("game", GAMES)
def test_each_bot_sheet_says_how_long_a_decision_takes_as_measured(game):
    c = load_content(game)
    for t in game_tables(c):
        e = t.measured.effort["all"]
        markup = table_markup(game, c, t.level, t)
        assert f"Running it takes about {e.median:.0f} s a decision (95% of decisions within {e.p95:.0f} s)" in markup


@pytest.mark.parametrize("lang", ["en", "es", "ja"])
def test_way_out_west_defines_the_open_trail_and_that_town(lang):
    """Found running Way Out West's sheets by hand (issue 35): hiring and moving cowboys ask whether
    "cattle may be bought in that town (corral room, the trail open to it, ...)", and neither "the trail
    open to it" (every earlier town holds cattle: the board does not show it) nor "that town" for a
    move (the town reached, not the town left) was defined on the sheet or its how-to page."""
    wow = load_content("way_out_west")
    words = dict(sheet_terms(wow, game_tables(wow), lang))
    trail, town = wow.terms["trail_open"], wow.terms["that_town"]
    assert words[trail.word[lang]] == printed(trail.definition, wow, lang=lang)
    assert words[town.word[lang]] == printed(town.definition, wow, lang=lang)
    assert "every town before it on the trail" in printed(trail.definition, wow, lang="en")
    assert "the town reached" in printed(town.definition, wow, lang="en")
