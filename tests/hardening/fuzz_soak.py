"""The long fuzz soak of round 2, outside CI: `python -m tests.hardening.fuzz_soak --cases 2000` draws
that many cases over bot specs, content texts, scenario files, progress files and saves, runs each
through the CLI bounded in time and memory, and prints the count of each outcome per kind (clean,
traceback, hang, memory, exit 70, message) and the first few cases of every outcome but clean.

Two more kinds, counted apart (`--table-cases`, `--kills`): typing at the full-screen table's prompt
(fuzzed lines and keys, then quit: the game must end quit or finished, its save loadable), and kill -9
of `saloon play` at a random moment (every save left must load — "lost save" — and the next run there
must leave no temporary — "left temp")."""

from __future__ import annotations

import argparse
import collections
import random
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.cli.test_fuzz import SAVE_SNIPPETS, YAML_SNIPPETS, base_saves, mutated_text
from tests.cli.test_fuzz import CaseTooLong, bounded
from tests.hardening.fuzz_cases import (OUTCOMES, PROGRESS, PROGRESS_SNIPPETS, bot_spec, bot_spec_case, content_copy,
                                        outcome, scenario_file, text_case, with_text)
from tests.hardening.save_kills import GAMES as KILL_GAMES
from tests.hardening.save_kills import killed_play
from tests.hardening.table_fuzz import GAMES, KEYS, TYPED, prompt_session, session_problem

KINDS = ("bot specs", "content texts", "scenario files", "progress files", "saves")
MORE_KINDS = ("table prompts", "kills")
ALL_OUTCOMES = OUTCOMES + ("lost save", "left temp")


def soak(cases: int, seconds: float, table_cases: int = 0, kills: int = 0,
         ) -> tuple[dict[str, collections.Counter], dict[str, list[str]]]:
    counts = {kind: collections.Counter() for kind in KINDS + MORE_KINDS}
    shown: dict[str, list[str]] = collections.defaultdict(list)
    each = settings(max_examples=max(1, cases // len(KINDS)), deadline=None, database=None,
                    suppress_health_check=list(HealthCheck))

    def tell(kind: str, got: str, case: str, out: str) -> None:
        counts[kind][got] += 1
        if got != "clean" and len(shown[got]) < 5:
            shown[got].append(f"{kind}: {case[:300]}\n    {out[-400:]!r}")

    def note(kind: str, args: list[str], input: str | None = None) -> None:
        got, out = outcome(args, input, seconds)
        tell(kind, got, f"saloon {' '.join(args)}", out)

    @each
    @given(spec=bot_spec())
    def specs(spec: str) -> None:
        note("bot specs", *bot_spec_case(spec))

    @each
    @given(case=text_case())
    def texts(case: tuple[str, str, str]) -> None:
        game, name, snippet = case
        with tempfile.TemporaryDirectory() as tmp:
            root = content_copy(tmp, game)
            with_text(root, game, name, snippet)
            note("content texts", ["--content", str(root), "validate"])
            note("content texts", ["--content", str(root), "tables", "show", game])

    @each
    @given(game=st.sampled_from(["longhorn", "colt_express", "way_out_west"]), data=st.data())
    def scenarios(game: str, data: st.DataObject) -> None:
        name, text = scenario_file(game)
        raw = data.draw(mutated_text(text, True, YAML_SNIPPETS))
        with tempfile.TemporaryDirectory() as tmp:
            root = content_copy(tmp, game)
            (root / game / "scenarios" / name).write_bytes(raw)
            note("scenario files", ["--content", str(root), "scenarios", "list", game, "--progress", str(Path(tmp) / "p.json")])
            first = {"longhorn": "l01", "colt_express": "c01", "way_out_west": "w01"}[game]
            note("scenario files", ["--content", str(root), "play", game, "--scenario", first], "1\nquit\n")

    @each
    @given(data=st.data())
    def progress(data: st.DataObject) -> None:
        raw = data.draw(mutated_text(PROGRESS, True, PROGRESS_SNIPPETS))
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "progress.json"
            path.write_bytes(raw)
            note("progress files", ["scenarios", "list", "longhorn", "--progress", str(path)])

    @each
    @given(game=st.sampled_from(sorted(base_saves())), data=st.data())
    def saves(game: str, data: st.DataObject) -> None:
        raw = data.draw(mutated_text(base_saves()[game], True, SAVE_SNIPPETS))
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "fuzzed.json"
            path.write_bytes(raw)
            note("saves", ["play", "--resume", str(path)], "1\nquit\n")

    @settings(max_examples=max(1, table_cases), deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(game=GAMES, lines=TYPED, keys=KEYS)
    def prompts(game: tuple[str, str], lines: list[str], keys: list[str]) -> None:
        case = f"{game} typed {lines!r} keys {keys!r}"
        with tempfile.TemporaryDirectory() as tmp:
            try:
                with bounded(seconds):
                    problem = session_problem(game[0], prompt_session(game, lines, keys, Path(tmp)))
            except CaseTooLong:
                return tell("table prompts", "hang", case, "")
            except MemoryError:
                return tell("table prompts", "memory", case, "")
            except Exception as exc:  # noqa: BLE001 - the soak counts whatever escapes the table
                return tell("table prompts", "traceback", case, repr(exc))
            tell("table prompts", "message" if problem else "clean", case, problem or "")

    def killing() -> None:
        draw = random.Random(2026)
        for n in range(kills):
            game, seats = KILL_GAMES[n % len(KILL_GAMES)]
            delay = draw.uniform(0.8, 6.0)
            with tempfile.TemporaryDirectory() as tmp:
                got, out, orphans = killed_play(game, seats, n, delay, Path(tmp))
            counts["kills"]["temporaries left by the kill"] += orphans
            tell("kills", got, f"kill -9 of saloon play {game} --seed {n} after {delay:.2f} s", out)

    for run in (specs, texts, scenarios, progress, saves):
        run()
    if table_cases:
        prompts()
    killing()
    return counts, shown


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--cases", type=int, default=2000, help="cases in all, shared evenly by the kinds")
    parser.add_argument("--seconds", type=float, default=60.0, help="time bound of one case")
    parser.add_argument("--table-cases", type=int, default=0, help="fuzzed sessions at the full-screen table")
    parser.add_argument("--kills", type=int, default=0, help="games of `saloon play` killed with kill -9")
    args = parser.parse_args()
    counts, shown = soak(args.cases, args.seconds, args.table_cases, args.kills)
    print(f"{'kind':16}" + "".join(f"{o:>11}" for o in ALL_OUTCOMES) + f"{'runs':>8}")
    total: collections.Counter = collections.Counter()
    for kind, c in counts.items():
        runs = sum(c[o] for o in ALL_OUTCOMES)
        total.update({o: c[o] for o in ALL_OUTCOMES})
        print(f"{kind:16}" + "".join(f"{c[o]:>11}" for o in ALL_OUTCOMES) + f"{runs:>8}")
    print(f"{'all':16}" + "".join(f"{total[o]:>11}" for o in ALL_OUTCOMES) + f"{sum(total.values()):>8}")
    if args.kills:
        print(f"\nkills that left a temporary (each taken away by the next run): "
              f"{counts['kills']['temporaries left by the kill']}")
    for got, cases in shown.items():
        print(f"\n{got}:")
        for case in cases:
            print("  " + case)


if __name__ == "__main__":
    main()
