"""kill -9 of `saloon play` at a random moment, for the long soak (`python -m tests.hardening.fuzz_soak`,
its "kills" kind): whatever moment the kill lands on (mid-save included), every save left in the folder
loads, and the next run there leaves no temporary behind."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from generator.errors import SaloonError
from generator.referee import saves

GAMES = [("longhorn", "you,random"), ("colt_express", "you,random,random"), ("way_out_west", "you,random,random")]
PLAY = [sys.executable, "-c", "from generator.cli import main; main()"]


def _temporaries(folder: Path) -> list[Path]:
    return sorted(folder.glob(".*.tmp")) if folder.is_dir() else []


def killed_play(game: str, seats: str, seed: int, delay: float, tmp: Path) -> tuple[str, str, int]:
    """Play `game` answering 1 at every question, kill it with SIGKILL after `delay` seconds, then
    check the saves folder: ("clean", ...), ("lost save", the file that does not load) or ("left temp",
    the temporaries a next run there did not take away); last, how many temporaries the kill left."""
    env = dict(os.environ, SALOON_DATA=str(tmp / "data"))
    folder = tmp / "data" / "saves"
    proc = subprocess.Popen([*PLAY, "play", game, "--seats", seats, "--seed", str(seed), "--plain", "--fast"],
                            stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env,
                            cwd=tmp)
    assert proc.stdin is not None
    try:
        proc.stdin.write(b"1\n" * 600)
        proc.stdin.flush()
    except BrokenPipeError:
        pass
    time.sleep(delay)
    killed = proc.poll() is None
    if killed:
        os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    orphans = len(_temporaries(folder))
    files = sorted(folder.glob("*.json")) if folder.is_dir() else []
    for path in files:
        try:
            saves.read_save(path)
        except SaloonError as exc:
            return "lost save", f"{path.name}: {exc}", orphans
    # the next run in that folder: resume the save (or start the same game) and quit
    then = ["play", "--resume", str(files[0])] if files else ["play", game, "--seats", seats, "--seed", str(seed)]
    subprocess.run([*PLAY, *then, "--plain"], input=b"1\nquit\n", stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, env=env, cwd=tmp, timeout=300)
    left = _temporaries(folder)
    if left:
        return "left temp", ", ".join(p.name for p in left), orphans
    return "clean", ("killed" if killed else "ended before the kill") + f" after {delay:.2f} s", orphans
