"""Types at the seams: mypy runs clean on the files pyproject.toml lists under [tool.mypy] (the registry
and descriptors, the plugin protocols, content, the engine core, bots, sim, words and commands)."""

import subprocess
import sys

import pytest

from tests.support.paths import REPO


@pytest.mark.slow
def test_the_seams_type_check():
    done = subprocess.run([sys.executable, "-m", "mypy", "--no-incremental", "--cache-dir", "/dev/null"],
                          cwd=REPO, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert "Success" in done.stdout


def test_the_descriptor_and_protocol_modules_are_in_the_checked_list():
    """A plugin seam cannot drop out of the check unnoticed."""
    import tomllib

    listed = tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["mypy"]["files"]
    for seam in ("generator/registry.py", "generator/games", "generator/bots/vocabulary.py",
                 "generator/bots/solver.py", "generator/words", "generator/render/drawing.py",
                 "generator/referee/views/__init__.py", "generator/scenarios/vocab.py", "generator/content.py",
                 "generator/engine/core.py"):
        assert seam in listed, seam
