"""Fuzzing the full-screen table's prompt (bounded, a slice in the suite): any typed line, control
characters, a long paste or a key the table does not use leaves the game going; then quit saves it.
The long run: `python -m tests.hardening.fuzz_soak` (its "table prompts" kind)."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, given, settings

from tests.hardening.table_fuzz import GAMES, KEYS, TYPED, prompt_session, session_problem

pytestmark = pytest.mark.slow  # anything typed at the table: many cases of whole turns

# a table session takes about a second: 10 cases in the suite (SALOON_FUZZ_TABLE=500 for a long run)
TABLE_FUZZ = settings(max_examples=int(os.environ.get("SALOON_FUZZ_TABLE", "10")), deadline=None, database=None,
                      derandomize=not os.environ.get("SALOON_FUZZ_RANDOM"), suppress_health_check=list(HealthCheck))


@TABLE_FUZZ
@given(game=GAMES, lines=TYPED, keys=KEYS)
def test_anything_typed_at_the_table_leaves_the_game_going_and_quit_saves_it(tmp_path_factory, game, lines, keys):
    result = prompt_session(game, lines, keys, tmp_path_factory.mktemp("table"))
    assert session_problem(game[0], result) is None
