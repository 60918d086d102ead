"""Issue 37, item 4: with --lang es|ja everything the line-mode referee prints is in that language. A
seeded game of each title is walked in each language, between bots and with a person's seat scripted
(help, log, list, undo, hint, then the first choice each time, then the game replayed move by move),
and every line printed is checked: a word of the same walk in English that is neither notation (or a
group's word), a command, a bot's name, a proper name the kits keep nor a word of the language's own
text files marks an untranslated line, and an ellipsis that ends no list marks a line cut short.
Japanese, which has no spaces, must wrap by display width instead."""

from __future__ import annotations

import re
from functools import lru_cache

import pytest
from rich.cells import cell_len
from rich.console import Console
from rich.markup import escape

from generator.content import templates_dir
from generator.games import load_game
from generator.referee.choices import Choices, show
from generator.referee.loop import COMMANDS, hanging
from generator.referee.session import run_play, run_replay
from generator.referee.views import get_view
from generator.words.text import Texts
from tests.referee.test_loop import Script
from tests.support.paths import REPO
from tests.support import yamls

GAMES = {  # seats with a person, seats between bots, a seed
    "longhorn": ("you,table:normal", "table:normal,table:hard", 3),
    "colt_express": ("you,table:normal,table:hard", "table:normal,table:easy,table:hard", 4),
    "way_out_west": ("you,table:normal,table:hard", "table:normal,table:hard,greedy", 2),
}
LANGS = ("es", "ja")
CUT = re.compile(r"(?<![,、] )(?<![,、])…")  # "a, b, …" lists more; any other ellipsis cut a text
PATH = re.compile(r"\S*[/\\_]\S*")
WORD = re.compile(r"[A-Za-z][A-Za-z'’]*[A-Za-z]|[A-Za-z]")
BOTS = {"you", "table", "normal", "easy", "hard", "greedy", "random", "mcts", "saloon", "play", "resume", "replay", "build",
        "vp"}  # bot specs, commands quoted in the texts, the VP unit


def _console() -> Console:
    return Console(record=True, width=100, highlight=False, color_system=None)


def _walk(game: str, lang: str, person: bool, tmp_path) -> tuple[str, set[str]]:
    """Everything a walk printed, and the words of every notation the game listed."""
    with_person, bots, seed = GAMES[game]
    con = _console()
    notation: set[str] = set()
    script = Script(["help", "log", "list", "undo", "hint"] if person else [], then="1", limit=4000)

    def answer(prompt: str) -> str:
        return script(prompt)

    result = run_play(game, with_person if person else bots, seed, save_dir=tmp_path, input_fn=answer, console=con,
                      lang=lang, fast=True, hint_iterations=20)
    assert result.status == "finished"
    if person:  # then watch it again: every move, the secrets and the end, as the person saw them
        run_replay(result.save_path, input_fn=Script(["2", "b", "s"], then="", limit=4000), console=con, lang=lang)
    state = result.state.game.new_game(result.state.num_players, seed)
    view = get_view(game, state.game.content)
    for text in result.state.record().actions:
        obs = state.observation(state.current_player)
        for a in state.legal_actions():  # the notation, and the group words a person may type
            notation.update(w.lower() for w in WORD.findall(f"{a} {view.choice_group(obs, str(a))}"))
        state.apply(state.parse(text))
    return con.export_text(), notation


def _yaml_words(node, out: set[str]) -> None:
    if isinstance(node, dict):
        for v in node.values():
            _yaml_words(v, out)
    elif isinstance(node, list):
        for v in node:
            _yaml_words(v, out)
    elif isinstance(node, str):
        out.update(w.lower() for w in WORD.findall(node))


def _content_words(node, lang: str, kept: set[str], out: set[str]) -> None:
    """The words of every `lang` text in a content file, and of the names of the things whose id the
    language's text file keeps as the content names them (`names.<table>.<id>: null`: a proper name)."""
    if isinstance(node, dict):
        if lang in node and "en" in node:
            _yaml_words(node[lang], out)
            return
        if node.get("id") in kept and isinstance(node.get("name"), str):
            _yaml_words(node["name"], out)
        for v in node.values():
            _content_words(v, lang, kept, out)
    elif isinstance(node, list):
        for v in node:
            _content_words(v, lang, kept, out)


def _kept_names(node, out: set[str]) -> None:
    """The ids a `names:` table maps to null (the content's own name, untranslated)."""
    if isinstance(node, dict):
        for k, v in node.items():
            if v is None:
                out.add(k)
            else:
                _kept_names(v, out)


@lru_cache(maxsize=None)
def _allowed(lang: str, game: str) -> frozenset[str]:
    """Words the language itself uses: its text files, its content texts, the names the kits keep."""
    out: set[str] = set()
    for path in (templates_dir() / lang).glob("*.yaml"):
        _yaml_words(yamls.safe_load(path.read_text(encoding="utf-8")), out)
    kept: set[str] = set()
    _kept_names(yamls.safe_load((templates_dir() / lang / f"{game}.yaml").read_text(encoding="utf-8")).get("names"), kept)
    for path in (REPO / "content" / game).glob("*.yaml"):
        _content_words(yamls.safe_load(path.read_text(encoding="utf-8")), lang, kept, out)
    out.update(load_game(game).content.options)  # option ids (`help movement`, `-o movement=...`)
    return frozenset(out | BOTS | set(COMMANDS))


ENGLISH: dict[tuple[str, bool], frozenset[str]] = {}  # one English walk for both languages' cases


def _english(game: str, person: bool, tmp_path_factory) -> frozenset[str]:
    """The words of the same walk in English (walked once per game and seating, its save in a folder of its own)."""
    if (game, person) not in ENGLISH:
        text, _ = _walk(game, "en", person, tmp_path_factory.mktemp(f"en-{game}"))
        ENGLISH[game, person] = frozenset(w.lower() for w in WORD.findall(text))
    return ENGLISH[game, person]


def untranslated(text: str, english: frozenset[str], allowed: frozenset[str], notation: set[str]) -> list[str]:
    """The lines of `text` that hold a word of the English walk the language does not use, or that are cut
    short (an ellipsis that is not a list's "and more")."""
    bad = []
    for line in text.splitlines():
        if CUT.search(line):
            bad.append(f"{line.strip()}    <- cut")
        line = PATH.sub(" ", line)  # file paths and identifiers (option ids) are what a person types
        words = {w.lower() for w in WORD.findall(line)}
        left = sorted(w for w in words if w in english and w not in allowed and w not in notation)
        if left:
            bad.append(f"{line.strip()}    <- {', '.join(left)}")
    return bad


@pytest.mark.fast_case(game='longhorn')
@pytest.mark.parametrize("person", [True, False], ids=["person", "bots"])
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", list(GAMES))
def test_a_seeded_game_leaves_no_english_line(game, lang, person, tmp_path_factory):
    english = _english(game, person, tmp_path_factory)
    text, notation = _walk(game, lang, person, tmp_path_factory.mktemp(f"{lang}-{game}"))
    bad = untranslated(text, english, _allowed(lang, game), notation)
    assert not bad, f"{len(bad)} untranslated lines, e.g.:\n" + "\n".join(bad[:40])


def test_a_japanese_line_wraps_by_display_width_and_is_never_cut():
    """A sentence without spaces (Japanese) under a mark, in the choices and in the log: every character
    is printed, no line is wider than the screen in cells, none ends in an ellipsis."""
    text = "むずかしいシート、どこへ移動するか：ルール3：「次に盗む人がそこで即座に勝てる（ある色の9頭すべて）」でない選択肢：その牧場の色の数が最も多い。"
    mark = Console(record=True, width=40, highlight=False, color_system=None)
    mark.print(hanging("*", escape(text)))
    listed = Console(record=True, width=40, highlight=False, color_system=None)
    show(listed, Choices(["move C1"], [text], ["move"], {}), Texts("ja", "referee"))
    for con, head in ((mark, "*"), (listed, "1  move C1")):
        lines = con.export_text().splitlines()
        assert all(cell_len(line) <= 40 and "…" not in line for line in lines), lines
        assert "".join(line.strip() for line in lines).removeprefix(head).strip() == text
