"""At the prompt, any text re-prompts with a reason (never a traceback), and a save that cannot be
written is reported while the game goes on."""

from __future__ import annotations

from rich.console import Console

from generator.referee import saves
from generator.referee.session import UNREADABLE_INPUT, run_play
from generator.referee.loop import MAX_INPUT_CHARS, input_problem


class Script:
    """Answers with the given lines, then raises EOFError (the referee saves and stops)."""

    def __init__(self, lines):
        self.lines = list(lines)

    def __call__(self, prompt: str) -> str:
        if not self.lines:
            raise EOFError
        return self.lines.pop(0)


def play(tmp_path, lines):
    con = Console(record=True, width=200, highlight=False, color_system=None)
    result = run_play("longhorn", "you,random", 4, save_dir=tmp_path, input_fn=Script(lines), console=con)
    return result, con.export_text()


def moves_before_the_first_prompt(tmp_path) -> int:
    """How many moves (bots' setup choices) come before the person's first decision."""
    result, _ = play(tmp_path / "baseline", [])
    return len(result.state.history)


def test_a_superscript_digit_is_not_a_move_number(tmp_path):
    result, out = play(tmp_path, ["²", "٣"])
    assert "'²' is not a legal action here" in out
    assert "'٣' is not a legal action here" in out
    assert result.status == "interrupted" and len(result.state.history) == moves_before_the_first_prompt(tmp_path)


def test_a_very_long_line_is_refused_with_its_length(tmp_path):
    result, out = play(tmp_path, ["1" * 5000, "x" * 100_000, "steal " + "b" * 150])
    assert "that line has 5,000 characters (at most 200)" in out
    assert "that line has 100,000 characters" in out
    assert "x" * 300 not in out  # the input is not echoed back in full
    assert "is not a legal action here" in out
    assert len(result.state.history) == moves_before_the_first_prompt(tmp_path)


def test_control_characters_and_undecodable_input_re_prompt(tmp_path):
    result, out = play(tmp_path, ["\x1b[31m1", "\x00", "steal\x07black", "\udcff", UNREADABLE_INPUT])
    assert out.count("that line holds control characters") == 5
    assert "\x1b" not in out and "\x07" not in out
    assert len(result.state.history) == moves_before_the_first_prompt(tmp_path)


def test_rich_markup_typed_at_the_prompt_is_shown_as_typed(tmp_path):
    result, out = play(tmp_path, ["[bold]steal[/red]"])
    assert "'[bold]steal[/red]' is not a legal action here" in out


def test_a_save_to_an_unwritable_path_reports_and_the_game_goes_on(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    target = blocker / "game.json"
    result, out = play(tmp_path, [f"save {target}", f"save {tmp_path}", "1", f"save {tmp_path / 'mine.json'}"])
    assert "not saved: cannot write" in out
    assert out.count("not saved:") == 2  # a path under a file, and a folder
    assert len(result.state.history) > moves_before_the_first_prompt(tmp_path)  # the game went on
    assert result.status == "interrupted" and result.save_path is not None
    assert saves.read_save(result.save_path).record.actions == [str(a) for a in result.state.history]


def test_a_failed_autosave_warns_and_keeps_the_game(tmp_path, monkeypatch):
    calls = []
    real = saves.write_save

    def flaky(path, save, hide_moves):
        calls.append(path)
        if len(calls) == 1:
            from generator.errors import UsageError

            raise UsageError(f"cannot write {str(path)!r}: No space left on device")
        return real(path, save, hide_moves)

    monkeypatch.setattr(saves, "write_save", flaky)
    result, out = play(tmp_path, ["1"])
    assert "could not save: cannot write" in out and "No space left on device" in out
    assert len(result.state.history) > moves_before_the_first_prompt(tmp_path) and result.save_path is not None


def test_input_problem_accepts_ordinary_text():
    assert input_problem("steal black") is None
    assert input_problem("  move\tA1  ") is None
    assert input_problem("é ñ 漢字") is None
    assert input_problem("x" * MAX_INPUT_CHARS) is None
    assert input_problem("x" * (MAX_INPUT_CHARS + 1))
