"""Scenario files (content/<game>/scenarios/*.yaml): read and validated like all content (every problem
as file:line: path: message), written atomically with a comment header, and found by reference
(`FILE#ID`, `GAME#ID`, or an id within a game)."""

from __future__ import annotations

import hashlib
import json
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable

import yaml

from .. import registry
from ..content import Source, display_path, fmt_loc, folder_of, game_dir, load_content, read_yaml_file, validate_model
from ..schema.common import GameContent
from ..games import titles, with_capability
from ..errors import ContentError, OptionError, Problem, UsageError
from ..files import write_atomic
from ..schema.scenarios import Puzzle, Scenario, ScenarioFile
from . import ScenarioError
from ..bots import make_bot
from ..content import game_tables
from .grading import stars_for
from .objective import problems as objective_problems
from .setup import apply_twists, context, dealt, load_scenario_game, seated
from .vocab import vocabulary
from .puzzles import puzzle_stars
from .setup import puzzle_game, puzzle_state

FOLDER = "scenarios"


def scenarios_dir(content: GameContent) -> Path:
    """The folder of a game's scenario files: scenarios/ beside its content."""
    return folder_of(content) / FOLDER


def scenario_files(content: GameContent) -> list[Path]:
    return _files_in(scenarios_dir(content))


def _files_in(folder: Path) -> list[Path]:
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.iterdir() if p.suffix in (".yaml", ".yml") and p.is_file())


# --- checks -------------------------------------------------------------------------------------


def _bot_problem(content: GameContent, spec: str, players: int) -> str | None:
    game = content.game_name
    name, _, arg = spec.partition(":")
    if name == "solver" and not registry.descriptor(game).capabilities.exact_solver:
        return f"the solver bot plays {titles(with_capability('exact_solver'))} only, not {game}"
    if name == "table" and not arg.endswith((".yaml", ".yml")):
        level = arg or "normal"
        if not any(t.level == level and t.fits(players) for t in game_tables(content)):
            return f"{game} has no {level} decision table for {players} players (yet); seat a search bot such as mcts:200"
    try:
        make_bot(spec, 0)
    except UsageError as exc:
        return str(exc)
    return None


def check_scenario(sc: Scenario, content: GameContent) -> list[tuple[tuple, str]]:
    game = content.game_name
    out: list[tuple[tuple, str]] = []
    lo, hi = content.game.players.min, content.game.players.max
    if not lo <= sc.players <= hi:
        out.append((("players",), f"{game} takes {lo}-{hi} players, not {sc.players}"))
    if len(sc.seats) != sc.players:
        out.append((("seats",), f"{len(sc.seats)} seats for {sc.players} players"))
    if sc.seats.count("you") != 1:
        out.append((("seats",), "exactly one seat must be 'you' (the person)"))
    for i, spec in enumerate(sc.seats):
        if spec != "you":
            bad = _bot_problem(content, spec, sc.players)
            if bad:
                out.append((("seats", i), bad))
    if sc.graded is not None:
        bad = _bot_problem(content, sc.graded.proxy, sc.players)
        if bad:
            out.append((("graded", "proxy"), bad))
        if sc.graded.stars != stars_for(sc.graded.win_rate):
            out.append((("graded", "stars"), f"{sc.graded.stars} stars, but a win rate of {sc.graded.win_rate:.0%} gives {stars_for(sc.graded.win_rate)}"))
    if out:
        return out
    try:
        g = load_scenario_game(content, sc.options)
    except OptionError as exc:
        return [(("options",), str(exc))]
    vocab = vocabulary(game)
    ctx = context(g, sc)
    for j, t in enumerate(sc.twists):
        spec = vocab.spec(t.kind)
        if spec is None:
            out.append((("twists", j), f"{game} has no twist {t.kind!r}; twists are {', '.join(vocab.twists)}"))
            continue
        bad = spec.check(t, ctx)
        if bad:
            out.append((("twists", j, t.kind), bad))
    kinds = [t.kind for t in sc.twists]
    for kind in set(kinds):
        if kinds.count(kind) > 1:
            out.append((("twists",), f"twist {kind!r} is given twice"))
    out += [(("objective",) + loc, msg) for loc, msg in objective_problems(sc.objective, vocab, g)]
    if out:
        return out
    g = seated(g, sc)  # dealt as it is played: a table seat may play by bot-seat rules
    try:
        state = dealt(g, sc)
    except ScenarioError as exc:
        return [(("setup",), str(exc))]
    try:
        apply_twists(g, sc, state)
    except ScenarioError as exc:
        return [(("twists",), str(exc))]
    return out


def check_puzzle(pz: Puzzle, content: GameContent, proofs: bool = False) -> list[tuple[tuple, str]]:
    """A puzzle's problems: its grade, seats, position and line (always); with `proofs` (saloon validate) a
    best-chance puzzle's chances are also worked out again, an exact search of seconds a puzzle, so reading a
    file to play it or print it does not pay for it."""
    game = content.game_name
    if not registry.descriptor(game).capabilities.puzzles:
        return [((), f"puzzles are {titles(with_capability('puzzles'))} positions; this file is for {game}")]
    out: list[tuple[tuple, str]] = []
    if pz.stars != puzzle_stars(pz.turns, pz.wrong):
        out.append((("stars",), f"{pz.stars} stars, but {pz.turns} turns and {pz.wrong} wrong choices give {puzzle_stars(pz.turns, pz.wrong)}"))
    if pz.seats is not None:
        if pz.seats.count("you") != 1:
            out.append((("seats",), "exactly one seat must be 'you' (the person)"))
        for i, spec in enumerate(pz.seats):
            bad = None if spec == "you" else _bot_problem(content, spec, len(pz.seats))
            if bad:
                out.append((("seats", i), bad))
        if out:
            return out
    try:
        g = puzzle_game(content, pz)
        state = puzzle_state(g, pz)
    except (OptionError, ScenarioError) as exc:
        return out + [(("position",), str(exc))]
    if state.is_over:
        return out + [(("position",), "the game is already over in this position")]
    me = state.current_player
    if pz.seats is not None and (me is None or me >= len(pz.seats) or pz.seats[me] != "you"):
        return out + [(("seats",), "the seat marked 'you' is not the one to move in the position")]
    for i, text in enumerate(pz.solution):
        try:
            state.play(text)
        except Exception as exc:  # IllegalAction: a line that is not legal
            return out + [(("solution", i), str(exc))]
        if state.is_over and i != len(pz.solution) - 1:
            return out + [(("solution", i), "the game is over before the line ends")]
    if not state.is_over:
        out.append((("solution",), "the line does not reach the end of the game"))
    elif pz.goal == "not_lose" and me not in state.result().winners:
        out.append((("solution",), "the line does not end in a draw or a win for the player to move"))
    elif pz.goal == "win" and tuple(state.result().winners) != (me,):
        out.append((("solution",), "the line does not end in a win for the player to move"))
    if proofs and pz.chance is not None and not out:
        out += _check_chance(pz, content)
    return out


# a best-chance proof's verdict by (the rules and bots it read, the puzzle): the same content and puzzle
# prove the same (the proof is exact and seeded by nothing), so one process proves each once
_CHANCE_VERDICTS: dict[tuple[str, str], list[tuple[tuple, str]]] = {}


def _rules_digest(content: GameContent) -> str:
    """A hash of what a proof reads besides the puzzle: every YAML file of the game's folder (rules,
    board, options, features, the bots' tables), the scenario files left out."""
    h = hashlib.sha256(content.game_name.encode())
    folder = folder_of(content)
    for path in sorted(folder.rglob("*.yaml")):
        rel = path.relative_to(folder)
        if rel.parts[0] != "scenarios":
            h.update(str(rel).encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()


def _check_chance(pz: Puzzle, content: GameContent) -> list[tuple[tuple, str]]:
    """A best-chance puzzle's chances worked out again by its game's proof (exact, over every die): the same
    answer, the same chances as printed (to the 4 places stored). Proved once a process for the same rules,
    bots and puzzle (`saloon validate` of a folder whose rules did not change)."""
    try:
        key = (_rules_digest(content), pz.model_dump_json())
    except OSError:  # (a folder that cannot be read again: prove without keeping the verdict)
        return _prove_chance(pz, content)
    if key not in _CHANCE_VERDICTS:
        _CHANCE_VERDICTS[key] = _prove_chance(pz, content)
    return list(_CHANCE_VERDICTS[key])


def _prove_chance(pz: Puzzle, content: GameContent) -> list[tuple[tuple, str]]:
    assert pz.chance is not None
    if pz.seats is None:
        return [(("chance",), "a best-chance puzzle is played against printed bots: it needs its seats")]
    finder = registry.plugin(content.game_name, "puzzles")
    try:
        again = finder.reprove(pz, load_scenario_game(content, pz.options))
    except Exception as exc:  # (a proof that cannot run: over its node limit, a position it cannot read)
        return [(("chance",), f"the chances cannot be worked out again: {type(exc).__name__}: {exc}")]
    got = getattr(again, "chance", None)
    if again is None or got is None or again.solution[:1] != pz.solution[:1]:
        return [(("chance",), "worked out again, the first action with the best chance is not the puzzle's answer "
                              "(or some action now wins whatever the dice)")]
    best, nxt = round(got[0], 4), round(got[1], 4)
    if (best, nxt) != (pz.chance.best, pz.chance.next):
        return [(("chance",), f"the chances are {best:.4f} against {nxt:.4f} when worked out again, "
                              f"not {pz.chance.best:.4f} against {pz.chance.next:.4f}")]
    return []


def check_file(sf: ScenarioFile, content: GameContent, proofs: bool = False) -> list[tuple[tuple, str]]:
    game = content.game_name
    out: list[tuple[tuple, str]] = []
    if sf.game != game:
        out.append((("game",), f"this file is for {sf.game!r}, but it sits in the {game} content"))
        return out
    seen: dict[str, tuple] = {}
    for key, entries in (("scenarios", sf.scenarios), ("puzzles", sf.puzzles)):
        for i, entry in enumerate(entries):
            if entry.id in seen:
                out.append(((key, i, "id"), f"id {entry.id!r} is used twice in this file"))
            seen[entry.id] = (key, i)
    for i, sc in enumerate(sf.scenarios):
        out += [(("scenarios", i) + loc, msg) for loc, msg in check_scenario(sc, content)]
    for i, pz in enumerate(sf.puzzles):
        out += [(("puzzles", i) + loc, msg) for loc, msg in check_puzzle(pz, content, proofs)]
    return out


# --- reading ------------------------------------------------------------------------------------


def _game_of(path: Path) -> str | None:
    path = Path(path).resolve()
    if path.parent.name == FOLDER and path.parent.parent.name in registry.names():
        return path.parent.parent.name
    return None


def _shown(path: Path) -> str:
    """How a scenario file is named in a problem: from its content folder's parent, else from its own folder."""
    path = Path(path).resolve()
    return display_path(path, path.parent.parent.parent if _game_of(path) else path.parent)


def read_file(path: Path, game: str | None = None, root: Path | None = None,
              proofs: bool = False) -> tuple[ScenarioFile | None, list[Problem]]:
    """One scenario file, validated against the schema, the game's vocabulary and its engine: the
    content beside it when it sits in a game's content folder, else the game's from `root`; `proofs`
    also works out again what only an exact search can check (`saloon validate`)."""
    path = Path(path).resolve()
    in_content = _game_of(path)
    game = game or in_content
    where = path.parent.parent.parent if in_content else path.parent  # what file names are shown from
    src = Source()
    read_yaml_file(path, where, src)
    if game is None:
        declared = src.data.get("game")
        game = declared if declared in registry.names() else None
    if game is None:
        return None, src.problems or [Problem(str(path), 1, "game", f"name the game: one of {', '.join(registry.names())}")]
    content = content_for(path, game, root)
    return validate_model(src, ScenarioFile, lambda sf: check_file(sf, content, proofs), display_path(path, where))


def content_for(path: Path, game: str, root: Path | None = None) -> GameContent:
    """The content a scenario file is checked and played against: the content beside it when it sits in a
    game's content folder, else the game's from `root` (the built-in without)."""
    path = Path(path).resolve()
    return load_content(game, path.parent.parent.parent) if _game_of(path) else load_content(game, root)


@lru_cache(maxsize=64)
def _load_cached(path: str, mtime: float, game: str | None, root: Path | None) -> ScenarioFile:
    sf, problems = read_file(Path(path), game, root)
    if problems:
        raise ContentError(problems)
    assert sf is not None
    return sf


def load_file(path: Path, game: str | None = None, root: Path | None = None) -> ScenarioFile:
    path = Path(path)
    if not path.is_file():
        raise UsageError(f"scenario file {str(path)!r} not found")
    return _load_cached(str(path.resolve()), path.stat().st_mtime, game, root)


def entries(content: GameContent) -> list[tuple[Path, Scenario | Puzzle]]:
    """Every scenario and puzzle of a game's content, file by file."""
    out = []
    for path in scenario_files(content):
        sf = load_file(path, content.game_name)
        out += [(path, e) for e in sf.entries()]
    return out


def find(ref: str, game: str | None = None, root: Path | None = None) -> tuple[GameContent, Path, Scenario | Puzzle]:
    """A scenario or puzzle by reference: FILE#ID, GAME#ID, or ID (within `game`); with the content it is
    played on (a file's game's content from `root`, or the built-in)."""
    ref = ref.strip()
    where, hash_, ident = ref.rpartition("#")
    if not hash_:
        where, ident = "", ref
    if where and where in registry.names():
        game, where = where, ""
    if where:
        path = Path(where)
        sf = load_file(path, root=root)
        if game and sf.game != game:
            raise UsageError(f"{where} holds {sf.game} scenarios, not {game}")
        for e in sf.entries():
            if e.id == ident:
                return content_for(path, sf.game, root), path, e
        known = ", ".join(e.id for e in sf.entries())
        raise UsageError(f"no scenario {ident!r} in {where}; it has: {known}")
    if not game:
        raise UsageError(f"--scenario {ref!r}: name the game (saloon play GAME --scenario ID) or give FILE#ID")
    content = load_content(game, root)
    found = entries(content)
    for path, e in found:
        if e.id == ident:
            return content, path, e
    known = ", ".join(e.id for _, e in found) or "none yet (saloon scenarios generate " + game + ")"
    raise UsageError(f"{game} has no scenario {ident!r}; scenarios: {known}")


CampaignCheck = Callable[[GameContent, Any], list[tuple[tuple, str]]]


def scenario_problems(paths: list[Path] | None, root: Path | None = None,
                      campaign_check: CampaignCheck | None = None) -> tuple[list[Path], list[Problem]]:
    """For `saloon validate`: the problems of the scenario files among (or inside) `paths`, and the
    paths left for the content validator (scenario files and folders are ours alone). `campaign_check`
    (scenarios/campaign.py `problems`) checks each campaign once every file reads."""
    games = registry.names()
    if not paths:
        files = [(p, g) for g in games for p in _files_in(game_dir(g, root) / FOLDER)]
        rest: list[Path] = []
    else:
        files, rest = [], []
        for p in map(Path, paths):
            if p.is_file() and _game_of(p):
                files.append((p, _game_of(p)))
            elif p.is_dir() and p.name == FOLDER and p.parent.name in games:
                files += [(f, p.parent.name) for f in sorted(p.glob("*.y*ml"))]
            else:
                rest.append(p)
                if p.is_dir() and p.name in games:
                    files += [(f, p.name) for f in sorted((p / FOLDER).glob("*.y*ml"))]
                elif p.is_dir():
                    files += [(f, g) for g in games for f in sorted((p / g / FOLDER).glob("*.y*ml"))]
    problems: list[Problem] = []
    first: dict[tuple[str, str], str] = {}  # (game, id) -> the file that holds it: `--scenario ID` finds one
    read: list[tuple[Path, str, ScenarioFile]] = []
    for path, game in files:
        sf, found = read_file(path, game, root, proofs=True)
        problems += found
        if sf is not None:
            read.append((path, game, sf))
        for key, entries in (("scenarios", sf.scenarios if sf else []), ("puzzles", sf.puzzles if sf else [])):
            for i, e in enumerate(entries):
                held = first.setdefault((game, e.id), path.name)
                if held != path.name:
                    problems.append(Problem(_shown(path), 0, f"{key}[{i}].id",
                                            f"{e.id!r} is also an id in {held}: ids must differ across a game's files"))
    if not problems and campaign_check is not None:  # every file reads: each campaign's chapters, every way in
        for path, game, sf in read:
            content = content_for(path, game, root)
            for i, camp in enumerate(sf.campaigns):
                problems += [Problem(_shown(path), 0, fmt_loc(("campaigns", i) + loc), msg)
                             for loc, msg in campaign_check(content, camp)]
    return rest, problems


# --- writing ------------------------------------------------------------------------------------


class _Dumper(yaml.SafeDumper):
    """Lists of scalars, and mappings short enough, on one line; everything else in block style."""


def _short(data: Any) -> bool:
    return len(json.dumps(data)) <= 140


def _list(dumper: yaml.SafeDumper, data: list) -> Any:
    flow = all(isinstance(x, (str, int, float, bool)) or x is None for x in data) or _short(data)
    return dumper.represent_sequence("tag:yaml.org,2002:seq", data, flow_style=flow)


def _dict(dumper: yaml.SafeDumper, data: dict) -> Any:
    return dumper.represent_mapping("tag:yaml.org,2002:map", data.items(), flow_style=_short(data))


_Dumper.add_representer(list, _list)
_Dumper.add_representer(dict, _dict)


def file_yaml(sf: ScenarioFile, header: list[str]) -> str:
    data: dict[str, Any] = {"game": sf.game}
    if sf.made is not None:
        data["made"] = sf.made.model_dump(exclude_none=True)
    if sf.scenarios:
        data["scenarios"] = [s.to_yaml() for s in sf.scenarios]
    if sf.puzzles:
        data["puzzles"] = [p.to_yaml() for p in sf.puzzles]
    if sf.campaigns:
        data["campaigns"] = [c.to_yaml() for c in sf.campaigns]
    body = yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=150)
    return "".join(f"# {line}\n" if line else "#\n" for line in header) + body


def header_of(path: Path) -> list[str]:
    """The comment lines of a scenario file, as `file_yaml` takes them (to write the file again with its header)."""
    return [line[2:] if line.startswith("# ") else line[1:] for line in Path(path).read_text(encoding="utf-8").splitlines()
            if line.startswith("#")]


def write_file(path: Path, sf: ScenarioFile, header: list[str]) -> Path:
    return write_atomic(Path(path), file_yaml(sf, header))
