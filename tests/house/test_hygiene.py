"""The checked-in texts carry no leftovers of a merge: a conflict marker in the README once shipped."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path
from tests.support.paths import REPO

ROOT = REPO
MARKER = re.compile(r"^(<{7}|>{7})( |$)|^={7}$", re.MULTILINE)
TEXT = {".md", ".py", ".yaml", ".yml", ".toml", ".j2", ".txt", ".cfg", ".json"}


def _tracked() -> list[Path]:
    try:
        out = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
        names = out.splitlines()
    except (OSError, subprocess.CalledProcessError):  # not a git checkout (an unpacked sdist): walk the tree
        names = [str(p.relative_to(ROOT)) for p in ROOT.rglob("*") if ".venv" not in p.parts and ".git" not in p.parts]
    return [ROOT / n for n in names if Path(n).suffix in TEXT and (ROOT / n).is_file()]


def test_no_merge_conflict_markers_in_checked_in_texts():
    files = _tracked()
    assert any(p.name == "README.md" for p in files)
    bad = [f"{p.relative_to(ROOT)}:{s.count(chr(10), 0, m.start()) + 1}"
           for p in files for s in [p.read_text(encoding="utf-8", errors="replace")] for m in MARKER.finditer(s)]
    assert not bad, f"merge conflict markers at {', '.join(bad)}"


def test_the_marker_pattern_finds_a_conflict():
    text = "a\n<<<<<<< HEAD\nours\n=======\ntheirs\n>>>>>>> main\n"
    assert len(MARKER.findall(text)) == 3
