"""The house may be rebuilt, never what it makes: kits, books and the texts of the commands a player reads
hash as they were recorded (tests/golden/outputs.json; the whole list: python -m tests.support.golden_outputs)."""

import json

import pytest

from tests.support.golden_outputs import GOLDEN, QUICK, run_many

pytestmark = pytest.mark.slow  # every listed command (kits, books, games) run afresh in fresh interpreters

RECORDED = json.loads(GOLDEN.read_text())
SLICES = 3  # each slice's commands run in one fresh interpreter; parallel workers share the slices


@pytest.mark.parametrize("part", range(SLICES))
def test_every_output_is_what_it_was_before_the_redesign(part):
    lines = QUICK[part::SLICES]
    got = run_many(lines)
    changed = [line for line in lines if got[line] != RECORDED[line]]
    assert not changed, f"no longer writes or prints what it did: saloon {'; saloon '.join(changed)}"
