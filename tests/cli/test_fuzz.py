"""Fuzzing the edges (bounded): hypothesis mutates game content and save files, and every case must
end with exit code 0 or 1, never a traceback (nor the catch-all's exit 70 for a bug), within a time
and memory bound per case.

The bounds are guards against hangs and runaway memory, not speed measurements: a case gets 30 s
(SIGALRM) and 1 GiB of address space beyond what the test process already has (RLIMIT_AS, so a
runaway allocation fails inside the case instead of exhausting the machine).
"""

from __future__ import annotations

import contextlib
import json
import os
import resource
import shutil
import signal
import sys
import tempfile
from functools import lru_cache
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from generator import content as content_module
from generator.cli import app
from generator.games import load_game
from generator.referee import saves
from tests.support.paths import REPO
from tests.support import yamls

pytestmark = pytest.mark.slow  # fuzzed content for every game, each case validated and played

REPO = REPO
GAMES = ("longhorn", "colt_express", "way_out_west")
runner = CliRunner()
# 72 cases of content and 120 of saves in the suite, in a slice per game (so parallel workers share them):
# a valid content case validates every scenario file again, re-proving the chance puzzles when the rules
# changed (about 1 s a case), so content takes 24 a game, saves 40 (the long soak below covers many more);
# SALOON_FUZZ_EXAMPLES=5000 SALOON_FUZZ_RANDOM=1 for a longer soak (that many per slice)
_EXAMPLES = os.environ.get("SALOON_FUZZ_EXAMPLES")


def _fuzz(n: int) -> settings:
    return settings(max_examples=int(_EXAMPLES) if _EXAMPLES else n, derandomize=not os.environ.get("SALOON_FUZZ_RANDOM"),
                    deadline=None, suppress_health_check=list(HealthCheck), database=None)


FUZZ = _fuzz(40)
FUZZ_CONTENT = _fuzz(24)


class CaseTooLong(BaseException):
    """Raised by the alarm: a BaseException, so no `except Exception` in Saloon can swallow it."""


@contextlib.contextmanager
def bounded(seconds: float = 30.0, extra_bytes: int = 1 << 30):
    def alarm(signum, frame):
        raise CaseTooLong(f"a fuzz case ran longer than {seconds} s")

    previous = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    limits = None
    if sys.platform.startswith("linux"):
        soft, hard = resource.getrlimit(resource.RLIMIT_AS)
        with open("/proc/self/statm") as fh:
            used = int(fh.read().split()[0]) * resource.getpagesize()
        cap = used + extra_bytes
        if hard != resource.RLIM_INFINITY:
            cap = min(cap, hard)
        resource.setrlimit(resource.RLIMIT_AS, (cap, hard))
        limits = (soft, hard)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        if limits:
            resource.setrlimit(resource.RLIMIT_AS, limits)


def run(args: list[str], input: str | None = None, env: dict | None = None):
    with bounded():
        result = runner.invoke(app, args, input=input, env=env)
    assert result.exit_code in (0, 1), f"exit {result.exit_code} for {args}:\n{result.output[-3000:]}"
    assert "Traceback" not in result.output, result.output[-3000:]
    if result.exit_code == 1:
        errors = [line for line in result.output.splitlines() if "error: " in line]
        assert errors, f"exit 1 without an error line for {args}:\n{result.output[-3000:]}"
        assert all(len(line) < 1200 for line in errors)
    return result


# --- values a hostile file may hold ----------------------------------------------------------------

HOSTILE_SCALARS = st.one_of(
    st.integers(-(10**30), 10**30),
    st.sampled_from([0, -1, 1, 2, 10**6, 10**9, 10**18, 2**63, -(2**63)]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=40),
    st.sampled_from(["", "x" * 5000, "you", "random", "mcts:5", "greedy", "solver", "longhorn", "²", "\x00"]),
    st.none(),
    st.booleans(),
)
HOSTILE_VALUES = st.recursive(
    HOSTILE_SCALARS,
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=3)),
    max_leaves=8,
)

YAML_SNIPPETS = [
    "x: &r [*r]",
    "loop: &m {a: *m}",
    "deep: " + "[" * 3000 + "]" * 3000,
    "a0: &a0 [l, l, l, l, l, l, l, l, l, l]\n" + "\n".join(
        f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]" for i in range(1, 9)
    ),
    "n: " + "9" * 5000,
    "f: 1.0e+400",
    "bad: \x00",
    "\ttab: 1",
    "key: [",
    "*undefined",
    "obj: !!python/object/apply:os.system [echo hi]",
    "merge: {<<: *nope}",
    "? [a, b]\n: 1",
    "long: " + "y" * 100_000,
    "\ufeff",
    "---\nsecond: document",
    "%YAML 9.9",
]


def all_paths(data, prefix=()):
    """Every (path, value) in a plain YAML/JSON document, parents before children."""
    yield prefix, data
    if isinstance(data, dict):
        for k, v in data.items():
            yield from all_paths(v, (*prefix, k))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield from all_paths(v, (*prefix, i))


def set_path(data, path, value, delete=False):
    node = data
    for part in path[:-1]:
        node = node[part]
    if delete:
        del node[path[-1]]
    else:
        node[path[-1]] = value


@st.composite
def mutated_text(draw, text: str, structured: bool, snippets: list[str]) -> bytes:
    """One mutation of a document: a value replaced or removed, a hostile snippet, or damaged bytes."""
    kind = draw(st.sampled_from(["value", "value", "number", "number", "delete", "snippet", "text", "bytes", "truncate"]))
    if kind in ("value", "number", "delete") and structured:
        data = yamls.safe_load(text) if snippets is YAML_SNIPPETS else json.loads(text)
        paths = [p for p, v in all_paths(data) if p and (kind != "number" or type(v) is int)]
        if paths:
            path = paths[draw(st.integers(0, len(paths) - 1))]
            # "number": a whole number still in range (often valid), to drive the engines to extremes
            value = draw(st.sampled_from([0, 1, 2, 3, 5, 10, 30, 100, 10_000]) if kind == "number" else HOSTILE_VALUES)
            set_path(data, path, value, delete=kind == "delete")
            if snippets is YAML_SNIPPETS:
                return yaml.safe_dump(data, sort_keys=False, allow_unicode=True).encode("utf-8")
            return json.dumps(data).encode("utf-8")
    raw = text.encode("utf-8")
    at = draw(st.integers(0, len(raw)))
    if kind == "snippet":
        lines = text.splitlines(keepends=True)
        k = draw(st.integers(0, len(lines)))
        return ("".join(lines[:k]) + draw(st.sampled_from(snippets)) + "\n" + "".join(lines[k:])).encode("utf-8")
    if kind == "text":
        return raw[:at] + draw(st.text(max_size=20)).encode("utf-8", "surrogatepass") + raw[at:]
    if kind == "bytes":
        return raw[:at] + draw(st.binary(min_size=1, max_size=8)) + raw[at + draw(st.integers(0, 8)):]
    return raw[:at]


# --- content ---------------------------------------------------------------------------------------


@st.composite
def content_case(draw, game):
    files = sorted(p.name for p in (REPO / "content" / game).glob("*.yaml"))
    name = draw(st.sampled_from(files))
    text = (REPO / "content" / game / name).read_text()
    return game, name, draw(mutated_text(text, True, YAML_SNIPPETS))


@pytest.mark.parametrize("game", GAMES)
@FUZZ_CONTENT
@given(data=st.data())
def test_fuzzed_content_validates_or_fails_with_located_lines_and_plays_if_valid(game, data):
    game, name, raw = data.draw(content_case(game))
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "content"
        shutil.copytree(REPO / "content" / game, root / game)
        (root / game / name).write_bytes(raw)
        content_module._load_cached.cache_clear()
        result = run(["validate", str(root / game)])
        if result.exit_code == 1:
            for line in result.output.splitlines():
                if line.startswith("error: "):
                    assert line.startswith(f"error: {root / game}/") or line.startswith("error: content/"), line
            return
        # valid content: a game between random bots must also end cleanly (exit 0, or 1 with a reason)
        model = content_module.load_content(game, root)
        players = model.game.players.min
        run(["--content", str(root), "simulate", game, "-n", "1", "--seats", "random", "--players", str(players), "--seed", "3"])
        content_module._load_cached.cache_clear()


# --- saves -----------------------------------------------------------------------------------------

SAVE_SNIPPETS = ['"seed": 1e400', '"players": ' + "9" * 5000, "NaN", "[" * 5000, '"x": -Infinity', '"\\ud800"', "\x00"]


@lru_cache(maxsize=1)
def base_saves() -> dict[str, str]:
    """A save of each game four moves in (made when a test first asks, not at collection)."""
    out = {}
    for game, players, hide in (("longhorn", 2, False), ("colt_express", 3, True), ("way_out_west", 3, True)):
        state = load_game(game).new_game(players, 11)
        for _ in range(4):
            state.apply(state.legal_actions()[-1])
        save = saves.Save(state.record(), ["you"] + ["random"] * (players - 1))
        out[game] = json.dumps(saves.to_json(save, hide_moves=hide), indent=1)
    return out


@pytest.mark.parametrize("game", GAMES)
@FUZZ
@given(data=st.data())
def test_fuzzed_saves_resume_and_replay_or_fail_with_one_line(game, data):
    raw = data.draw(mutated_text(base_saves()[game], True, SAVE_SNIPPETS))
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "fuzzed.json"
        path.write_bytes(raw)
        run(["replay", str(path)], input="\n" * 30)
        path.write_bytes(raw)
        run(["play", "--resume", str(path)], input="1\nquit\n")


def test_the_fuzz_bounds_catch_a_runaway_case():
    """The guards work: an allocation past the memory bound fails inside the case, and so does a hang."""
    if sys.platform.startswith("linux"):
        with pytest.raises(MemoryError):
            with bounded(extra_bytes=64 << 20):
                bytearray(512 << 20)
    with pytest.raises(CaseTooLong):
        with bounded(seconds=0.2):
            while True:
                pass
