"""The house may be rebuilt, never what it makes: kits, books and the texts of the commands a player reads
hash as they were recorded (tests/golden/outputs.json; the whole list: python -m tests.support.golden_outputs)."""

import json

import pytest

from tests.support.golden_outputs import GOLDEN, QUICK, run

RECORDED = json.loads(GOLDEN.read_text())


@pytest.mark.parametrize("line", QUICK)
def test_every_output_is_what_it_was_before_the_redesign(line):
    assert run(line) == RECORDED[line], f"saloon {line} no longer writes or prints what it did"
