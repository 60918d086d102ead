"""The player's progress file is the player's data, not trusted input: only a regular file of sane size
is read, a damaged one is set aside with a note and play goes on, and a place that is not a regular file
is never read from or written over."""

from __future__ import annotations

import json
import os

from generator.scenarios import progress


def test_a_damaged_progress_file_is_set_aside_and_play_goes_on(tmp_path):
    path = tmp_path / "progress.json"
    path.write_text("{ not json")
    notes: list[str] = []
    assert progress.read(path, notes.append) == {}
    assert (tmp_path / "progress.damaged-1.json").read_text() == "{ not json" and not path.exists()
    assert len(notes) == 1 and "set aside as" in notes[0] and "progress.damaged-1.json" in notes[0]
    entry = progress.record("longhorn", "s1", True, 3, path, notes.append)
    assert (entry.attempts, entry.stars) == (1, 3)
    assert json.loads(path.read_text())["games"]["longhorn"]["s1"]["wins"] == 1


def test_a_progress_file_with_impossible_counts_is_damaged(tmp_path):
    path = tmp_path / "progress.json"
    for bad in (True, -1, 1.5, 10**12, "3"):
        path.write_text(json.dumps({"format": "saloon-progress", "version": 1,
                                    "games": {"longhorn": {"s1": {"attempts": bad, "wins": 0, "stars": 0}}}}))
        notes: list[str] = []
        assert progress.read(path, notes.append) == {}
        assert "a bad entry" in notes[0]


def test_a_pipe_or_a_device_in_the_progress_files_place_is_neither_read_nor_replaced(tmp_path):
    fifo = tmp_path / "progress.json"
    os.mkfifo(fifo)
    notes: list[str] = []
    assert progress.read(fifo, notes.append) == {}  # returns at once: a pipe is never opened
    assert "is not a regular file" in notes[0]
    entry = progress.record("longhorn", "s1", False, 1, fifo, notes.append)
    assert entry.attempts == 1 and fifo.is_fifo()
    assert "this attempt is not recorded" in notes[-1]
    assert progress.read("/dev/zero", notes.append) == {}


def test_an_oversized_progress_file_is_not_read(tmp_path):
    path = tmp_path / "progress.json"
    path.write_bytes(b" " * (progress.MAX_BYTES + 1))
    notes: list[str] = []
    assert progress.read(path, notes.append) == {}
    assert "at most 1,048,576 bytes" in notes[0] and path.exists()


def test_a_progress_file_with_a_lone_surrogate_is_set_aside_in_one_line(tmp_path):
    # found by the round-2 soak: the note quoting the bad value could not be printed (exit 70)
    from typer.testing import CliRunner

    from generator.cli import app

    path = tmp_path / "progress.json"
    path.write_text('{"format": "saloon-progress", "version": 1, "games": {"longhorn": {"l01": '
                    '{"attempts": "\\ud800", "wins": 0, "stars": 0}}}}')
    result = CliRunner().invoke(app, ["scenarios", "list", "longhorn", "--progress", str(path)])
    assert result.exit_code == 0, result.output
    assert "set aside as" in result.output and "internal error" not in result.output


def test_a_progress_file_with_a_number_of_thousands_of_digits_is_set_aside(tmp_path):
    # found by the long soak: Python will not read a whole number of more than 4,300 digits (a ValueError
    # of its own, not a JSON error), and the list stopped with the internal-error line
    path = tmp_path / "progress.json"
    path.write_text('{"format": "saloon-progress", "version": 1, "games": {"longhorn": {"s1": '
                    '{"attempts": ' + "9" * 5000 + ', "wins": 0, "stars": 0}}}}')
    notes: list[str] = []
    assert progress.read(path, notes.append) == {}
    assert len(notes) == 1 and "set aside as" in notes[0] and "5,000 digits" in notes[0]
