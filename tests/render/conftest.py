"""Fixtures the render tests share."""

from __future__ import annotations

import functools

import pytest

from generator.render import kit as kitmod


@pytest.fixture(scope="module")
def planned():
    """kitmod.plan(game, paper, duplex, lang=lang), each made once in a test file (the fixture lives as
    long as the file): checks that only read a plan share it. A test that patches the planner, or
    changes a plan, calls kitmod.plan itself."""
    made = functools.lru_cache(maxsize=None)(lambda game, paper, duplex, lang: kitmod.plan(game, paper, duplex, lang=lang))
    return lambda game, paper, duplex, lang="en": made(game, paper, duplex, lang)
