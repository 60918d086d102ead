"""Round 2's hostile inputs, shared by the suite's bounded fuzz tests (test_fuzz_round2.py) and the long
soak (`python -m tests.hardening.fuzz_soak`): bot specs, content texts, scenario files and progress
files, each run through the CLI as a person would, each case bounded in time and memory.

`outcome(args, input)` sorts a case into clean (exit 0, or exit 1 with error lines only), traceback,
hang, memory, exit 70 (Saloon's internal-error line) or message (exit 1 without an error line, or
another exit code)."""

from __future__ import annotations

import json
import shutil
import tempfile
from pathlib import Path

import yaml
from hypothesis import strategies as st
from typer.testing import CliRunner

from generator.bots import BOT_NAMES
from generator.cli import app
from tests.cli.test_fuzz import HOSTILE_VALUES, CaseTooLong, bounded
from tests.support.paths import REPO
from tests.support import yamls

runner = CliRunner()
OUTCOMES = ("clean", "traceback", "hang", "memory", "exit 70", "message")


def outcome(args: list[str], input: str | None = None, seconds: float = 30.0) -> tuple[str, str]:
    """(the case's outcome, the output's last lines) for `saloon ARGS`."""
    try:
        with bounded(seconds):
            result = runner.invoke(app, args, input=input)
    except CaseTooLong:
        return "hang", ""
    except MemoryError:
        return "memory", ""
    out = result.output[-2000:]
    if isinstance(result.exception, MemoryError):
        return "memory", out
    if "Traceback" in result.output:
        return "traceback", out
    if result.exit_code == 70:
        return "exit 70", out
    if result.exit_code == 0:
        return "clean", out
    errors = [line for line in result.output.splitlines() if "error: " in line]
    if result.exit_code == 1 and errors and all(len(line) < 1200 for line in errors):
        return "clean", out
    return "message", out


# --- bot specs -------------------------------------------------------------------------------------

BUDGETS = st.one_of(
    st.integers(-(10**30), 10**30).map(str),
    st.sampled_from(["", "0", "1", "100000", "100001", "9" * 5000, "1e9", "1_000", " 5", "+5", "٥", "²", "0x10"]),
    st.text(max_size=12),
)
PATHS = st.sampled_from(["/Some/Path/File.yaml", "missing.yaml", "/dev/zero.yaml", "../../etc/passwd.yaml",
                         "a" * 300 + ".yaml", "tables/normal.YAML", "\x00.yaml", "/proc/self/mem.yml"])


@st.composite
def bot_spec(draw) -> str:
    kind = draw(st.sampled_from(["budget", "budget", "table", "path", "junk"]))
    name = draw(st.sampled_from(BOT_NAMES + ("MCTS", "Table", "you", "")))
    if kind == "budget":
        return f"{name}:{draw(BUDGETS)}"
    if kind == "table":
        return f"table:{draw(st.sampled_from(['easy', 'NORMAL', 'hard', 'expert', '', 'normal:3']))}"
    if kind == "path":
        return f"table:{draw(PATHS)}"
    return draw(st.text(max_size=30))


PLAYED_BUDGET = 2_000  # a seat asking for more search is seated, not played, in a case (below)


def bot_spec_case(spec: str) -> tuple[list[str], str | None]:
    """(args, input): a simulated game with the spec in the second seat (commas would split it into more
    seats). A search budget over PLAYED_BUDGET is within the stated bound (100,000 iterations a move)
    but a whole game at it takes minutes by request (one Longhorn move about 50 s), so such a seat is
    only taken to the table: the person, in the second seat (who places the pawn first), quits at once."""
    spec = spec.replace(",", " ")
    budget = spec.partition(":")[2].strip()
    if budget.isdecimal() and len(budget) <= 12 and int(budget) > PLAYED_BUDGET:
        return ["play", "longhorn", "--seats", f"{spec},you", "--seed", "2", "--plain"], "quit\n"
    return ["simulate", "longhorn", "-n", "1", "--seats", f"random,{spec}", "--seed", "2"], None


# --- content texts ---------------------------------------------------------------------------------

TEXT_SNIPPETS = [
    "{% for i in range(100000) %}{% for j in range(100000) %}x{% endfor %}{% endfor %}",
    "{{ 'x' * 10**9 }}", "{{ 'x' * 100000000 }}", "{{ ('x' * 1000) * 1000 }}", "{{ c.nope }}", "{{ nope }}",
    "{% include 'game.yaml' %}", "{% extends 'x' %}", "{% macro m() %}{{ m() }}{% endmacro %}{{ m() }}",
    "{{ c.__class__.__mro__ }}", "{{ opt.update(opt) }}", "{{ c.game.title | center(100000000) }}",
    "{{ c.game.title", "{% if %}", "{{ amount }}", "{{ c.game.title | upper }}", "{% set x = 1 %}{{ x }}",
    "{{ lipsum(100000) }}", "{{ c.model_dump_json() * 1000 }}", "{% raw %}{{{% endraw %}", "{{ 1/0 }}",
    "{{ [c] * 2000 }}", "{{ c.game.title ~ c.game.title }}", "{# comment",
]


@st.composite
def text_case(draw) -> tuple[str, str, str]:
    """(game, file, a content text with a hostile snippet in it) for a text field of that file."""
    game = draw(st.sampled_from(["longhorn", "colt_express", "way_out_west"]))
    snippet = draw(st.one_of(st.sampled_from(TEXT_SNIPPETS), st.text(alphabet="{}%#~|.()*'x c", max_size=30)))
    return game, "game.yaml", snippet


def with_text(root: Path, game: str, name: str, snippet: str) -> None:
    """Put `snippet` at the front of the game's English summary (a text every kit prints)."""
    path = root / game / name
    data = yamls.safe_load(path.read_text())
    data["game"]["summary"]["en"] = f"{snippet} {data['game']['summary']['en']}"
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True))


# --- scenario files and progress files --------------------------------------------------------------


def scenario_file(game: str) -> tuple[str, str]:
    path = sorted((REPO / "content" / game / "scenarios").glob("*.yaml"))[0]
    return path.name, path.read_text()


PROGRESS = json.dumps({"format": "saloon-progress", "version": 1,
                       "games": {"longhorn": {"l01": {"attempts": 2, "wins": 1, "stars": 1, "last": "won"}}}}, indent=1)
PROGRESS_SNIPPETS = ['"attempts": 1e400', '"wins": ' + "9" * 5000, "NaN", "[" * 5000, '"\\ud800"', "\x00", "{}"]


def content_copy(tmp: str, game: str) -> Path:
    root = Path(tmp) / "content"
    shutil.copytree(REPO / "content" / game, root / game)
    return root


__all__ = ["OUTCOMES", "PROGRESS", "PROGRESS_SNIPPETS", "TEXT_SNIPPETS", "HOSTILE_VALUES", "bot_spec", "bot_spec_case", "PLAYED_BUDGET",
           "content_copy", "outcome", "scenario_file", "tempfile", "text_case", "with_text"]
