"""What Saloon writes, as hashes: kits, books, card PNGs and the text of the commands a player reads.

`tests/golden/outputs.json` holds the hashes recorded before a redesign of the house; the test
(tests/cli/test_golden_outputs.py) builds the quick part again and compares, and the whole list is
checked with:

    python tests/golden_outputs.py            # compare every output with the recorded hashes
    python tests/golden_outputs.py --record   # write them anew (only when an output is meant to change)

Each entry is a `saloon` command line run through the CLI in a fresh folder; its hash covers the
files it writes (by name) and what it prints.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import tempfile
from pathlib import Path

GOLDEN = Path(__file__).parent / "golden" / "outputs.json"

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
    """The hash of what `saloon LINE` writes and prints, run in a fresh folder."""
    from typer.testing import CliRunner

    from generator.cli import app

    args = line.split()
    here = os.getcwd()
    with tempfile.TemporaryDirectory() as tmp:
        os.chdir(tmp)
        try:
            result = CliRunner().invoke(app, args, catch_exceptions=False, env={"COLUMNS": "100"})
        finally:
            os.chdir(here)
        if result.exit_code != 0:
            raise AssertionError(f"saloon {line}: exit {result.exit_code}\n{result.output}")
        digest = hashlib.sha256()
        for path in sorted(Path(tmp).rglob("*")):
            if path.is_file() and "saves" not in path.parts:
                digest.update(str(path.relative_to(tmp)).encode())
                digest.update(path.read_bytes())
        printed = result.output
        # timings differ between runs: keep only what does not depend on the clock
        printed = "\n".join(ln for ln in printed.splitlines() if " s" not in ln and "seconds" not in ln)
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
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    sys.exit(main(sys.argv[1:]))
