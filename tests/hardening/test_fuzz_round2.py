"""Fuzzing round 2's inputs (bounded, a slice in CI): bot specs, content texts, scenario files and
progress files. Every case ends cleanly: exit 0, or exit 1 with one-line errors; never a traceback,
a hang, runaway memory or the internal-error exit 70. The long soak: `python -m tests.hardening.fuzz_soak`."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import os

from hypothesis import HealthCheck, settings

from tests.cli.test_fuzz import mutated_text
from tests.hardening.fuzz_cases import (PROGRESS, PROGRESS_SNIPPETS, bot_spec, bot_spec_case, content_copy, outcome,
                                        scenario_file, text_case, with_text)
from tests.cli.test_fuzz import YAML_SNIPPETS

pytestmark = pytest.mark.slow  # fuzzed content texts and inputs, many cases each

# a slice in the suite (each case runs the CLI, some play a game): SALOON_FUZZ_EXAMPLES=N for more,
# and `python -m tests.hardening.fuzz_soak` for the long run that counts every outcome
_N = os.environ.get("SALOON_FUZZ_EXAMPLES")


def _slice(n: int) -> settings:
    return settings(max_examples=int(_N) if _N else n, derandomize=not os.environ.get("SALOON_FUZZ_RANDOM"),
                    deadline=None, suppress_health_check=list(HealthCheck), database=None)


def _clean(args, input=None):
    got, out = outcome(args, input)
    assert got == "clean", f"{got} for saloon {args!r}:\n{out}"


@_slice(25)
@given(spec=bot_spec())
def test_fuzzed_bot_specs_play_or_fail_with_one_line(spec):
    _clean(*bot_spec_case(spec))


@_slice(12)
@given(case=text_case())
def test_fuzzed_content_texts_validate_or_fail_with_located_lines(case):
    game, name, snippet = case
    with tempfile.TemporaryDirectory() as tmp:
        root = content_copy(tmp, game)
        with_text(root, game, name, snippet)
        _clean(["--content", str(root), "validate"])
        _clean(["--content", str(root), "games", game])


@pytest.mark.parametrize("game", ["longhorn", "colt_express"])
@_slice(6)
@given(data=st.data())
def test_fuzzed_scenario_files_list_and_play_or_fail_with_one_line(game, data):
    name, text = scenario_file(game)
    raw = data.draw(mutated_text(text, True, YAML_SNIPPETS))
    with tempfile.TemporaryDirectory() as tmp:
        root = content_copy(tmp, game)
        (root / game / "scenarios" / name).write_bytes(raw)
        _clean(["--content", str(root), "scenarios", "list", game, "--progress", str(Path(tmp) / "p.json")])
        first = "l01" if game == "longhorn" else "c01"
        _clean(["--content", str(root), "play", game, "--scenario", first], input="quit\n")


@_slice(10)
@given(data=st.data())
def test_fuzzed_progress_files_never_stop_the_list(data):
    """10 cases in the suite (20 before): the long soak's "progress files" kind runs
    this very command on as many cases as it is asked for; the other kinds here keep their slices."""
    raw = data.draw(mutated_text(PROGRESS, True, PROGRESS_SNIPPETS))
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "progress.json"
        path.write_bytes(raw)
        _clean(["scenarios", "list", "longhorn", "--progress", str(path)])
