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
    """The hash of what `saloon LINE` writes and prints (`run_many` of that one line)."""
    return run_many([line])[line]


def run_many(lines: list[str]) -> dict[str, str]:
    """The hash of what each `saloon LINE` writes and prints, each run in a fresh folder, all by one fresh
    interpreter (so the terminal width, 100 columns, and every cache start the same whatever ran before
    in the caller; the lines themselves give the same bytes in any order)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SALOON_", "COLUMNS", "LINES"))}
    env.update(COLUMNS="100", LINES="40", PYTHONPATH=str(REPO), PYTHONHASHSEED="0", TERM="dumb")
    with tempfile.TemporaryDirectory() as data:  # no player's saves or stars: `scenarios list` shows a fresh player's
        env["XDG_DATA_HOME"] = data
        done = subprocess.run([sys.executable, "-m", "tests.support.golden_outputs", "--serve", json.dumps(lines)], cwd=REPO,
                              env=env, capture_output=True, text=True, stdin=subprocess.DEVNULL)
    if done.returncode != 0:
        raise AssertionError(f"saloon {lines}: exit {done.returncode}\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}")
    return json.loads(done.stdout.splitlines()[-1])


def _serve(lines: list[str]) -> dict[str, str]:
    """In the fresh interpreter: run each line through the CLI in a fresh folder and hash what it wrote
    (files by name, then what it printed on stdout, without the lines that tell times)."""
    from typer.testing import CliRunner

    from generator.cli import app

    out = {}
    here = os.getcwd()
    for line in lines:
        with tempfile.TemporaryDirectory() as tmp:
            os.chdir(tmp)
            try:
                result = CliRunner().invoke(app, line.split(), catch_exceptions=False)
            finally:
                os.chdir(here)
            if result.exit_code != 0:
                raise SystemExit(f"saloon {line}: exit {result.exit_code}\n{result.output[-3000:]}")
            digest = hashlib.sha256()
            for path in sorted(Path(tmp).rglob("*")):
                if path.is_file() and "saves" not in path.parts:
                    digest.update(str(path.relative_to(tmp)).encode())
                    digest.update(path.read_bytes())
            printed = "\n".join(ln for ln in result.stdout.splitlines() if " s" not in ln and "seconds" not in ln)
            digest.update(printed.encode())
            out[line] = digest.hexdigest()
    return out


def main(argv: list[str]) -> int:
    if argv[:1] == ["--serve"]:
        print(json.dumps(_serve(json.loads(argv[1]))))
        return 0
    lines = FULL
    if "--record" in argv:
        GOLDEN.write_text(json.dumps({ln: run(ln) for ln in lines}, indent=1) + "\n")
        print(f"recorded {len(lines)} outputs in {GOLDEN}")
        return 0
    want = json.loads(GOLDEN.read_text())
    got_all = run_many(lines)
    bad = 0
    for ln in lines:
        got = got_all[ln]
        ok = want.get(ln) == got
        bad += not ok
        print(("ok      " if ok else "CHANGED ") + ln, flush=True)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
