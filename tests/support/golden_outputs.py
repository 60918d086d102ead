"""What Saloon writes, as hashes: kits, books, card PNGs and the text of the commands a player reads.

`tests/golden/outputs.json` holds the hashes recorded before a redesign of the house; the test
(tests/house/test_golden_outputs.py) builds the quick part again and compares, and the whole list is
checked with:

    python -m tests.support.golden_outputs            # compare every output with the recorded hashes
    python -m tests.support.golden_outputs --record   # write them anew (only when an output is meant to change)

Each entry is a `saloon` command line run through the CLI in a fresh folder; its hash covers the
files it writes (by name) and what it prints.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from tests.support.paths import GOLDEN as GOLDEN_DIR, REPO

GOLDEN = GOLDEN_DIR / "outputs.json"

GAMES = ("longhorn", "colt_express", "way_out_west")

# the quick set: run by the test suite on every run
QUICK = [
    *(f"build {g} --paper a4 --duplex long" for g in GAMES),
    *(f"book {g} --paper a4" for g in GAMES),
    "games",
    *(f"games {g}" for g in GAMES),
    *(f"tables show {g} --level {lv}" for g in GAMES for lv in ("easy", "normal", "hard")),
    "scenarios list longhorn",
    "simulate longhorn -n 6 --seats table:normal,greedy --seed 3",
    "simulate colt_express -n 4 --seats table:hard,table:normal,random --seed 2",
    "simulate way_out_west -n 2 --seats table:normal,greedy,random --seed 1",
    "play longhorn --seats table:normal,table:hard --seed 5",
    "play colt_express --seats table:normal,table:easy,table:hard --seed 4 --fast",
    "play way_out_west --seats table:normal,table:hard,greedy --seed 2",
]

# the whole set: every language, both papers, every duplex mode
FULL = QUICK + [
    *(f"build {g} --paper letter --duplex short --lang es" for g in GAMES),
    *(f"build {g} --paper a4 --duplex fold --lang ja --low-ink" for g in GAMES),
    *(f"build {g} --paper letter --duplex none" for g in GAMES),
    "build longhorn --png png",
    *(f"book {g} --paper letter --lang es" for g in GAMES),
    *(f"book {g} --paper a4 --lang ja" for g in GAMES),
    "scenarios list colt_express",
    "scenarios list way_out_west",
    "play longhorn --seats table:normal,table:hard --seed 5 --lang es",
    "play way_out_west --seats table:normal,table:hard,greedy --seed 2 --lang ja",
]


def run(line: str) -> str:
    """The hash of what `saloon LINE` writes and prints, run in a fresh folder by a fresh interpreter (so
    the terminal width, 100 columns, and every cache start the same whatever ran before)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SALOON_", "COLUMNS", "LINES"))}
    env.update(COLUMNS="100", LINES="40", PYTHONPATH=str(REPO), PYTHONHASHSEED="0", TERM="dumb")
    with tempfile.TemporaryDirectory() as tmp:
        done = subprocess.run([sys.executable, "-m", "generator.cli", *line.split()], cwd=tmp, env=env,
                              capture_output=True, text=True, stdin=subprocess.DEVNULL)
        if done.returncode != 0:
            raise AssertionError(f"saloon {line}: exit {done.returncode}\n{done.stdout}\n{done.stderr}")
        digest = hashlib.sha256()
        for path in sorted(Path(tmp).rglob("*")):
            if path.is_file() and "saves" not in path.parts:
                digest.update(str(path.relative_to(tmp)).encode())
                digest.update(path.read_bytes())
        # timings differ between runs: keep only what does not depend on the clock
        printed = "\n".join(ln for ln in done.stdout.splitlines() if " s" not in ln and "seconds" not in ln)
        digest.update(printed.encode())
        return digest.hexdigest()


def main(argv: list[str]) -> int:
    lines = FULL
    if "--record" in argv:
        GOLDEN.write_text(json.dumps({ln: run(ln) for ln in lines}, indent=1) + "\n")
        print(f"recorded {len(lines)} outputs in {GOLDEN}")
        return 0
    want = json.loads(GOLDEN.read_text())
    bad = 0
    for ln in lines:
        got = run(ln)
        ok = want.get(ln) == got
        bad += not ok
        print(("ok      " if ok else "CHANGED ") + ln, flush=True)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.path.insert(0, str(REPO))
    sys.exit(main(sys.argv[1:]))
