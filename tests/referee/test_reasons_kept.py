"""A table bot's reason (which sheet, which rule, the tie roll) is part of the game's record: told under
its move at the table, kept in the save, shown again by `log` after a resume and by `saloon replay`."""

from __future__ import annotations

import json

import pytest

from generator.errors import RecordError
from generator.referee import saves
from generator.referee.session import run_play, run_replay
from tests.referee.test_loop import Script
from tests.referee.test_narration_help_replay import plain


def _flat(text: str) -> str:
    return " ".join(text.split())  # the table wraps a long reason under its move


def _played(tmp_path, moves: int):
    """Longhorn against the Normal sheet: `moves` decisions of the person, then quit."""
    con = plain()
    result = run_play("longhorn", "you,table:normal", 4, save_dir=tmp_path, input_fn=Script(["1"] * moves + ["quit"]),
                      console=con)
    return result, _flat(con.export_text())


def test_the_bots_reasons_are_kept_in_the_save_by_move(tmp_path):
    result, told = _played(tmp_path, 6)
    kept = json.loads(result.save_path.read_text())["extra"]["reasons"]
    assert kept, "the table bot gave no reason in six turns"
    for index, why in kept.items():
        assert _flat(why) in told  # each kept reason is the one told under its move at the table
        assert result.state.history[int(index)] is not None
    assert saves.reasons_of(saves.read_save(result.save_path)) == {int(k): v for k, v in kept.items()}


def test_log_after_a_resume_shows_the_reasons_told_before_it(tmp_path):
    result, _ = _played(tmp_path, 6)
    kept = saves.reasons_of(saves.read_save(result.save_path))
    con = plain(200)
    run_play("longhorn", resume=result.save_path, input_fn=Script(["log", "quit"], then=None), console=con)
    out = _flat(con.export_text())
    for why in kept.values():
        assert _flat(why) in out


def test_replay_shows_each_reason_under_its_move(tmp_path):
    result, _ = _played(tmp_path, 6)
    kept = saves.reasons_of(saves.read_save(result.save_path))
    first = min(kept)
    con = plain(200)
    run_replay(result.save_path, input_fn=Script([str(first + 1), "q"], then=None), console=con)
    assert _flat(kept[first]) in _flat(con.export_text())


@pytest.mark.parametrize("reasons", [[], {"x": "why"}, {"99999": "why"}, {"1" * 5000: "why"}, {"0": 3}, {"0": "w" * 3000}])
def test_a_damaged_reasons_field_is_one_error_naming_it(tmp_path, reasons):
    result, _ = _played(tmp_path, 2)
    data = json.loads(result.save_path.read_text())
    data.setdefault("extra", {})["reasons"] = reasons
    result.save_path.write_text(json.dumps(data))
    with pytest.raises(RecordError, match="extra.reasons"):
        saves.read_save(result.save_path)
