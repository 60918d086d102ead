"""Issue 20: the terminal referee speaks English, Spanish or Japanese for its fixed texts (`--lang`);
the commands and the game notation stay the same in every language."""

from __future__ import annotations

import pytest
from rich.console import Console
from typer.testing import CliRunner

from generator.cli import app
from generator.errors import UsageError
from generator.referee.session import run_play, run_replay

from tests.referee.test_loop import Script


def _console() -> Console:
    return Console(record=True, width=160, highlight=False, color_system=None)


@pytest.mark.parametrize("lang,words", [
    ("en", ["At the prompt", "type a number from 1 to", "game over", "final scores"]),
    ("es", ["En el indicador", "escribe un número del 1 al", "fin de la partida", "puntuación final"]),
    ("ja", ["プロンプトで使えるもの", "の番号、一覧どおりのアクション", "ゲーム終了", "最終得点"]),
])
def test_the_referee_speaks_the_language_and_keeps_the_notation(tmp_path, lang, words):
    con = _console()
    script = Script(["", "help", "steal black", "1"])
    result = run_play("longhorn", "you,greedy", 1, save_dir=tmp_path, input_fn=script, console=con, lang=lang)
    out = con.export_text()
    assert result.status == "finished"
    for w in words:
        assert w in out, w
    assert "steal black" in out  # notation is the same in every language


def test_replay_speaks_the_language(tmp_path):
    con = _console()
    result = run_play("longhorn", "you,greedy", 2, save_dir=tmp_path, input_fn=Script(["1", "quit"], then=None), console=con)
    con2 = _console()
    run_replay(result.save_path, input_fn=Script([], then=None), console=con2, lang="es")
    out = con2.export_text()
    assert "repetición" in out and "Intro: siguiente jugada" in out


def test_an_unknown_referee_language_is_refused(tmp_path):
    with pytest.raises(UsageError, match="unknown language 'de'"):
        run_play("longhorn", "you,greedy", 1, save_dir=tmp_path, input_fn=Script([]), console=_console(), lang="de")
    result = CliRunner().invoke(app, ["play", "longhorn", "--lang", "de", "--save-dir", str(tmp_path)])
    assert result.exit_code == 1 and "unknown language 'de'" in result.output


@pytest.mark.parametrize("lang", ["es", "ja"])
def test_the_end_line_says_its_reason_once(tmp_path, lang):
    con = _console()
    result = run_play("longhorn", "greedy,greedy", 2, save_dir=tmp_path, input_fn=Script([]), console=con, lang=lang)
    assert result.status == "finished"
    reason = {"es": "sin movimiento posible", "ja": "動ける場所なし"}[lang]
    detail = {"es": "más dinero", "ja": "お金が多い"}[lang]
    assert f"{reason} — {detail}" in con.export_text()  # the reason, then what decided: never the reason twice
