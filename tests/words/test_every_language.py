"""Issue 20: every printed text exists in every language. The same text files and the same text keys in
templates/en, es and ja (one template per sheet, templates/sheets, takes its words from sheets.yaml); every
content text has an English, Spanish and Japanese entry; every content name a kit prints has a name (or
null: the content's own) in every language."""

from __future__ import annotations


import pytest

from generator.content import load_content, templates_dir
from tests.support.games import GAMES
from generator.errors import RenderError, UsageError
from generator.words.text import LANGUAGES, Texts, named, say
from tests.support.paths import REPO
from tests.support import yamls

ROOT = templates_dir()
CONTENT = REPO / "content"


def _keys(node, prefix=()) -> set[tuple]:
    if not isinstance(node, dict):
        return {prefix}
    out = set()
    for k, v in node.items():
        out |= _keys(v, prefix + (str(k),))
    return out


def _files(lang: str) -> set[str]:
    """Every text file of a language, with its folder."""
    return {p.relative_to(ROOT / lang).as_posix() for p in (ROOT / lang).rglob("*") if p.is_file()}


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_every_template_and_text_file_exists_in_every_language(lang):
    assert _files(lang) == _files("en")


@pytest.mark.parametrize("name", sorted(p.relative_to(ROOT / "en").as_posix() for p in (ROOT / "en").rglob("*.yaml")))
def test_text_files_have_the_same_keys_in_every_language(name):
    keys = {lang: _keys(yamls.safe_load((ROOT / lang / name).read_text(encoding="utf-8"))) for lang in LANGUAGES}
    for lang in LANGUAGES:
        assert keys[lang] == keys["en"], (lang, sorted(keys[lang] ^ keys["en"])[:10])


def _texts(node, path=()):
    """Every {en: ...} text of a content file, with where it is."""
    if isinstance(node, dict):
        if "en" in node and all(isinstance(v, str) for v in node.values()):
            yield path, node
            return
        for k, v in node.items():
            yield from _texts(v, path + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _texts(v, path + (i,))


@pytest.mark.parametrize("path", sorted(CONTENT.glob("*/*.yaml")), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_content_text_is_in_every_language(path):
    data = yamls.safe_load(path.read_text(encoding="utf-8"))
    missing = [(where, lang) for where, text in _texts(data) for lang in LANGUAGES if not str(text.get(lang, "")).strip()]
    assert not missing, missing[:10]


NAMED = {
    "longhorn": lambda c: {"locations": [x.id for x in c.locations], "outlaws": [o.id for o in c.outlaws],
                           "outlaws_short": [o.id for o in c.outlaws], "options": list(c.options)},
    "colt_express": lambda c: {"bandits": [x.id for x in c.characters], "colours": [x.id for x in c.characters]},
    "way_out_west": lambda c: {"towns": [t.id for t in c.towns], "buildings": [b.id for b in c.buildings],
                               "boxes": [b.id for b in c.action_boxes]},
}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_every_content_name_has_a_name_in_every_language(game, lang):
    T = Texts(lang, game)
    for table, ids in NAMED[game](load_content(game)).items():
        for key in ids:
            assert named(T, table, key, "content's") .strip()


@pytest.mark.parametrize("game", GAMES)
def test_every_component_kind_has_a_printed_name_in_every_language(game):
    from generator.render import kit as kitmod

    for lang in LANGUAGES:
        kit = kitmod.game_kit(game, lang)
        for kind, _ in kit.counts + kit.extras:
            assert kit.names.get(kind, "").strip(), (lang, kind)


def test_a_missing_text_is_an_error_naming_the_key_and_file():
    with pytest.raises(RenderError, match=r"'cover\.nothing' missing from es/kit\.yaml"):
        say("es", "kit", "cover.nothing")


def test_the_scenario_book_has_its_templates_and_texts_in_every_language():
    pages = {"cover", "howto", "scenario", "puzzle", "solutions"}
    assert {p.name for p in (ROOT / "sheets" / "book").glob("*.md.j2")} >= {f"{page}.md.j2" for page in pages}
    for lang in LANGUAGES:
        assert {"book.yaml", "scenarios.yaml", "sheets.yaml"} <= _files(lang)
        assert set(Texts(lang, "sheets").raw("book")) >= pages


def test_one_template_per_sheet_for_every_language_and_its_words_in_each():
    """The templates are shared (none in a language's folder); each section of sheets.yaml is the words
    of a sheet that exists (`book.cover`: templates/sheets/book/cover.md.j2)."""
    for lang in LANGUAGES:
        assert not list((ROOT / lang).rglob("*.md.j2")), lang
    sheets = {p.relative_to(ROOT / "sheets").as_posix().removesuffix(".md.j2").replace("/", ".")
              for p in (ROOT / "sheets").rglob("*.md.j2")}
    words = yamls.safe_load((ROOT / "en" / "sheets.yaml").read_text(encoding="utf-8"))
    sections = {f"book.{page}" for page in words.pop("book")} | set(words)
    assert sections <= sheets, sorted(sections - sheets)


def test_a_sheet_missing_a_text_or_a_template_is_an_error_naming_it():
    from generator.words.templates import render_template

    with pytest.raises(RenderError, match=r"'book\.puzzle\.line' in ja/sheets\.yaml: 'stars_note' is undefined"):
        render_template("book/puzzle.md.j2", "ja", to_play="x", lines=[])
    with pytest.raises(RenderError, match=r"template sheets/nothing\.md\.j2 not found"):
        render_template("nothing.md.j2", "es")


def test_an_unknown_language_is_refused_in_one_line():
    with pytest.raises(UsageError, match="unknown language 'fr'; choose one of en, es, ja"):
        Texts("fr", "kit")


def test_english_names_fall_back_to_the_content():
    c = load_content("way_out_west")
    assert named(Texts("en", "way_out_west"), "towns", "abilene", c.towns[2].name) == "Abilene"
    assert named(Texts("ja", "way_out_west"), "towns", "abilene", c.towns[2].name) == "アビリーン"
