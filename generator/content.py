"""Game content: YAML files in `content/<game>/` turned into validated, typed models.

A game's folder holds several YAML files; each file's top-level keys are merged into one document
(a key in two files is an error). The merged document is validated by the game's pydantic model
(the `Content` of the schema module its descriptor names, unknown keys forbidden), then by the game's
cross-checks (that module's `check`). Every
problem is reported at once as `file:line: path: message`. Nothing downstream reads raw dicts.
"""

from __future__ import annotations

import copy
import os
import re
import stat
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterator

import jinja2
import yaml
from pydantic import BaseModel, ValidationError

from . import registry
from .errors import ContentError, Problem, UsageError, shorten
from .schema.common import GameContent, SchemaModule
from .schema import tables
from .schema.tables import LEVELS
from .schema.texts import render_text

@lru_cache(maxsize=None)
def _data_dir(name: str) -> Path:
    """`content/` or `templates/`: inside the installed wheel, or beside the package in a checkout
    (kept: where the package lies does not change while it runs)."""
    packaged = Path(__file__).resolve().parent / "_data" / name
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parent.parent / name


def default_content_root() -> Path:
    """The built-in content (`saloon --content DIR` reads DIR instead: callers pass it as `root`)."""
    return _data_dir("content")


def templates_dir() -> Path:
    return _data_dir("templates")


# --- YAML with line numbers -------------------------------------------------------------------


@dataclass
class Source:
    """The merged document of one game folder, with where each path came from."""

    data: dict[str, Any] = field(default_factory=dict)
    lines: dict[tuple, tuple[str, int]] = field(default_factory=dict)  # path -> (file, line)
    top_file: dict[str, str] = field(default_factory=dict)  # top-level key -> file
    problems: list[Problem] = field(default_factory=list)
    unreadable: bool = False  # a file could not be parsed: the merged document is incomplete


def display_path(path: Path, root: Path) -> str:
    try:
        return str(path.relative_to(root.parent))
    except ValueError:
        return str(path)


# Limits that keep hostile content (alias bombs, self-referencing aliases, deep nesting, huge files)
# from costing more than a moment: real content files are a few KiB, a few levels deep.
MAX_FILE_BYTES = 1024 * 1024
MAX_DEPTH = 32  # nested lists and mappings
MAX_VALUES = 100_000  # values in one file once every alias is expanded
MAX_DIGITS = 30  # of a whole number


class _Refused(yaml.composer.ComposerError):
    """Well-formed YAML that Saloon will not expand (too deep, a loop, too many values)."""


class _Bounds:
    """Composer hooks that refuse, with the line of the offending node, before any work grows:
    nesting deeper than MAX_DEPTH, an alias used inside its own anchor (a cycle), more than
    MAX_VALUES values once aliases are expanded (alias bombs), and integers of more than MAX_DIGITS."""

    def _start_bounds(self) -> None:
        self._depth = 0
        self._open: set[str] = set()  # anchors whose node is being composed
        self._sizes: dict[int, int] = {}  # id(node) -> values in it, aliases expanded

    def _refuse(self, message: str, mark) -> yaml.YAMLError:
        return _Refused(None, None, message, mark)

    def compose_node(self, parent, index):
        event = self.peek_event()
        if isinstance(event, yaml.AliasEvent):
            if event.anchor in self._open:
                raise self._refuse(f"alias *{shorten(event.anchor, 40)} is used inside its own anchor (a loop)", event.start_mark)
            return super().compose_node(parent, index)
        if self._depth >= MAX_DEPTH:
            raise self._refuse(f"lists and mappings nested more than {MAX_DEPTH} deep", event.start_mark)
        anchor = getattr(event, "anchor", None)
        self._depth += 1
        if anchor is not None:
            self._open.add(anchor)
        try:
            node = super().compose_node(parent, index)
        finally:
            self._depth -= 1
            self._open.discard(anchor)
        if isinstance(node, yaml.SequenceNode):
            size = 1 + sum(self._sizes.get(id(item), 1) for item in node.value)
        elif isinstance(node, yaml.MappingNode):
            size = 1 + sum(self._sizes.get(id(k), 1) + self._sizes.get(id(v), 1) for k, v in node.value)
        else:
            size = 1
        if size > MAX_VALUES:
            raise self._refuse(f"more than {MAX_VALUES:,} values once aliases are expanded (an alias bomb?)", node.start_mark)
        self._sizes[id(node)] = size
        return node

    def construct_yaml_int(self, node):
        text = str(node.value)
        digits = sum(ch.isdigit() for ch in text)
        if digits > MAX_DIGITS:
            raise _Refused(
                None, None, f"a whole number with {digits:,} digits (at most {MAX_DIGITS})", node.start_mark
            )
        return super().construct_yaml_int(node)


class _BoundedLoader(_Bounds, yaml.SafeLoader):
    """The pure-Python SafeLoader with the bounds: it words every error Saloon shows."""

    def __init__(self, stream: str):
        super().__init__(stream)
        self._start_bounds()


_BoundedLoader.add_constructor("tag:yaml.org,2002:int", _BoundedLoader.construct_yaml_int)

if getattr(yaml, "__with_libyaml__", False):
    from yaml._yaml import CParser as _CParser

    class _FastBoundedLoader(_Bounds, _CParser, yaml.composer.Composer, yaml.constructor.SafeConstructor,
                             yaml.resolver.Resolver):
        """The same bounds over libyaml's parser (about ten times faster): libyaml reads the events, the
        Python composer above builds the nodes one by one, so every bound holds before work grows. Any
        YAML error makes the caller read the file again with _BoundedLoader, whose messages Saloon
        shows, so what a user reads never depends on whether libyaml is installed."""

        get_single_node = yaml.composer.Composer.get_single_node  # not libyaml's: it composes in C, unbounded
        get_node = yaml.composer.Composer.get_node
        check_node = yaml.composer.Composer.check_node

        def __init__(self, stream: str):
            _CParser.__init__(self, stream)
            yaml.composer.Composer.__init__(self)
            yaml.constructor.SafeConstructor.__init__(self)
            yaml.resolver.Resolver.__init__(self)
            self._start_bounds()

    _FastBoundedLoader.add_constructor("tag:yaml.org,2002:int", _FastBoundedLoader.construct_yaml_int)
    _FAST: type | None = _FastBoundedLoader
else:  # PyYAML built without libyaml
    _FAST = None
# Where libyaml accepts what the pure-Python reader refuses (found by mutating the content files, see
# tests/content/test_yaml_loaders.py): tabs, a `?` inside a flow collection, `#` right after a block
# scalar's `|` or `>`, characters the reader does not allow. Such text takes the slow path.
_PYTHON_ONLY = re.compile(r"[\t?]|[|>][-+0-9]*#|" + yaml.reader.Reader.NON_PRINTABLE.pattern)


def _compose(make: type, text: str) -> tuple[Any, Any]:
    loader = make(text)
    try:
        node = loader.get_single_node()
        return (loader.construct_document(node) if node is not None else None), node
    finally:
        loader.dispose()


def _load_yaml(text: str) -> tuple[Any, Any]:
    """(data, root node) of one YAML document under the bounds; a YAMLError is always _BoundedLoader's.
    A text read before in this process is not parsed again (the data is a fresh copy, the nodes, which
    are only read, are shared): content copied to another folder, or loaded again with other options,
    costs nothing (a scenario file is about 0.3 s to parse)."""
    data, node = _parsed(text)
    return copy.deepcopy(data), node


@lru_cache(maxsize=32)
def _parsed(text: str) -> tuple[Any, Any]:
    if _FAST is not None and not _PYTHON_ONLY.search(text):
        try:
            return _compose(_FAST, text)
        except yaml.YAMLError:
            pass  # read again below, for the message Saloon has always shown
    return _compose(_BoundedLoader, text)


def _walk(node: yaml.Node, loc: tuple, shown: str, out: Source, constructor: yaml.SafeLoader) -> None:
    out.lines[loc] = (shown, node.start_mark.line + 1)
    if isinstance(node, yaml.MappingNode):
        seen: set = set()
        for key_node, value_node in node.value:
            key = constructor.construct_object(key_node, deep=True)
            if key in seen:
                out.problems.append(
                    Problem(shown, key_node.start_mark.line + 1, _fmt((*loc, key)), "duplicate key")
                )
            seen.add(key)
            out.lines[(*loc, key)] = (shown, key_node.start_mark.line + 1)
            _walk(value_node, (*loc, key), shown, out, constructor)
            # the key's own line is more useful than its value's for a whole mapping or list
            out.lines[(*loc, key)] = (shown, key_node.start_mark.line + 1)
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            _walk(item, (*loc, i), shown, out, constructor)


def _read_text(path: Path, shown: str, out: Source) -> str | None:
    """A content file's UTF-8 text (at most MAX_FILE_BYTES), or None with the problem recorded."""
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):  # a FIFO or device would block or never end
            out.problems.append(Problem(shown, 0, "", "not a regular file"))
            return None
        with open(path, "rb") as fh:
            raw = fh.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        out.problems.append(Problem(shown, 0, "", f"cannot read file: {exc.strerror or exc}"))
        return None
    if len(raw) > MAX_FILE_BYTES:
        out.problems.append(Problem(shown, 0, "", f"file is larger than {MAX_FILE_BYTES // 1024} KiB; content files are a few KiB"))
        return None
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        out.problems.append(Problem(shown, 1, "", "file is UTF-16 text; expected UTF-8"))
        return None
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        out.problems.append(Problem(shown, line, "", f"not UTF-8 text (byte 0x{raw[exc.start]:02x}); expected UTF-8"))
        return None


def read_yaml_file(path: Path, root: Path, out: Source) -> None:
    shown = display_path(path, root)
    text = _read_text(path, shown, out)
    if text is None:
        out.unreadable = True
        return
    try:
        data, node = _load_yaml(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
        line = mark.line + 1 if mark else 0
        if isinstance(exc, yaml.reader.ReaderError):  # a character YAML does not allow
            line = text[: exc.position].count("\n") + 1
        what = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        kind = "YAML refused" if isinstance(exc, _Refused) else "YAML syntax error"
        out.problems.append(Problem(shown, line, "", f"{kind}: {what}"))
        out.unreadable = True
        return
    if data is None:
        out.problems.append(Problem(shown, 1, "", "file is empty; expected a mapping of top-level keys"))
        return
    if not isinstance(data, dict):
        out.problems.append(Problem(shown, 1, "", f"expected a mapping of top-level keys, got {type(data).__name__}"))
        return
    here = Source()  # this file's lines, kept only for keys no earlier file defined
    _walk(node, (), shown, here, yaml.SafeLoader(""))
    out.problems.extend(here.problems)
    taken: set = set()
    for key, value in data.items():
        if key in out.data:
            line = here.lines.get((key,), (shown, 1))[1]
            out.problems.append(
                Problem(shown, line, str(key), f"top-level key already defined in {out.top_file[key]}")
            )
            continue
        out.data[key] = value
        out.top_file[key] = shown
        taken.add(key)
    for loc, where in here.lines.items():
        if loc and loc[0] in taken:
            out.lines[loc] = where


def _fmt(loc: tuple) -> str:
    text = ""
    for part in loc:
        if isinstance(part, int):
            text += f"[{part}]"
        else:
            text += ("." if text else "") + str(part)
    return text


def fmt_loc(loc: tuple) -> str:
    """A location in a content file as problems name it: `chapters[2].won.next`."""
    return _fmt(loc)


def _where(src: Source, loc: tuple, fallback: str) -> tuple[str, int]:
    for end in range(len(loc), 0, -1):
        hit = src.lines.get(tuple(loc[:end]))
        if hit:
            return hit
    return (fallback, 0)


def _clean_loc(loc: tuple) -> tuple:
    """Drop pydantic's internal markers (union branch names, validator names) from an error path."""
    return tuple(p for p in loc if isinstance(p, int) or not str(p).startswith(("function-", "tagged-union")))


# --- loading ----------------------------------------------------------------------------------


def game_dir(game: str, root: Path | None = None) -> Path:
    """Game `game`'s content folder: `root/<game>`; without a root, the folder its descriptor names, or
    the built-in content's."""
    own = registry.descriptor(game).content
    if root is None and own is not None:
        return own
    return (root or default_content_root()) / game


def _schema(game: str) -> SchemaModule:
    module: SchemaModule = registry.plugin(game, "schema")
    return module


def _stamp(folder: Path) -> tuple:
    """What a folder's validation depends on: each content and table file's name, size and time."""
    out = []
    for where in (folder, folder / "tables", folder / "tables" / "start"):
        try:
            entries = sorted(os.scandir(where), key=lambda e: e.name)
        except OSError:
            continue
        for e in entries:
            if e.name.endswith((".yaml", ".yml")):
                try:
                    st = e.stat()
                except OSError:
                    continue
                out.append((str(Path(where) / e.name), st.st_size, st.st_mtime_ns, st.st_ino))
    return tuple(out)


_VALIDATED: dict[tuple, tuple[GameContent | None, list[Problem]]] = {}


def validate_dir(folder: Path, game: str | None = None) -> tuple[GameContent | None, list[Problem]]:
    """Validate one game folder; returns the model (if it validated) and every problem found. A folder
    whose files have not changed since it was last validated is not read again."""
    folder = Path(folder)
    game = registry.check(game or folder.name)
    key = (str(folder.resolve()), game, _stamp(folder))
    hit = _VALIDATED.get(key)
    if hit is None:
        if len(_VALIDATED) > 64:
            _VALIDATED.clear()
        hit = _VALIDATED[key] = _validate_dir(folder, game)
    return hit[0], list(hit[1])


def _validate_dir(folder: Path, game: str) -> tuple[GameContent | None, list[Problem]]:
    root = folder.parent
    shown_dir = display_path(folder, root)
    if not folder.is_dir():
        return None, [Problem(shown_dir, 0, "", "content folder not found")]
    files = sorted(p for p in folder.iterdir() if p.suffix in (".yaml", ".yml"))
    if not files:
        return None, [Problem(shown_dir, 0, "", "no .yaml files in the content folder")]
    src = Source()
    for path in files:
        read_yaml_file(path, root, src)
    module = _schema(game)
    model, problems = validate_model(src, module.Content, module.check, display_path(files[0], root))
    if model is not None:
        problems.extend(_text_problems(src, model, display_path(files[0], root)))
    if model is not None and not problems:
        problems.extend(_tables_problems(folder, game, model))
    return (None if problems else model), problems


def _texts(value: Any, loc: tuple) -> Iterator[tuple[tuple, str, str]]:
    """Every content text in a validated model: (its path, its language, its source) for each language
    of each {en: ..., es: ...} text that holds a template."""
    if isinstance(value, BaseModel):
        for name in type(value).model_fields:
            yield from _texts(getattr(value, name), loc + (name,))
    elif isinstance(value, dict):
        if "en" in value and all(isinstance(v, str) for v in value.values()):
            for lang, text in value.items():
                if "{" in text:
                    yield loc + (lang,), lang, text
        else:
            for key, item in value.items():
                yield from _texts(item, loc + (key,))
    elif isinstance(value, (list, tuple)):
        for i, item in enumerate(value):
            yield from _texts(item, loc + (i,))


def _term_problems(src: Source, model: GameContent, fallback: str) -> list[Problem]:
    """A term whose word no feature or decision text uses, in a language it is given in, is defined for
    nothing (a word the sheets changed, or a term left over)."""
    texts = [f.text for f in model.features.values()]
    texts += [t for d in model.decisions.values() for t in (d.name, d.choices, d.order)]
    problems = []
    for name, term in model.terms.items():
        for lang in term.word:
            word = term.matched(lang)
            if not any(word in t.get(lang, "") for t in texts):
                loc = ("terms", name, "word", lang)
                file, line = _where(src, loc[:-1], fallback)
                problems.append(Problem(file, line, _fmt(loc), f"no feature or decision text uses {word!r}"))
    return problems


def _figure_problems(src: Source, model: GameContent, fallback: str) -> list[Problem]:
    """A figure about a decision kind the game has not, or reading a feature not asked at that kind."""
    problems = []
    for name, fig in model.figures.items():
        names = [c.feature for c in fig.when] + ([fig.feature] if fig.feature else [])
        if fig.kind not in model.decisions:
            message = f"no decision kind {fig.kind!r}; kinds are {', '.join(model.decisions)}"
        else:
            missing = [n for n in names if n not in model.features or fig.kind not in model.features[n].decisions]
            message = f"{', '.join(missing)}: not a feature of {fig.kind} decisions" if missing else ""
        if message:
            file, line = _where(src, ("figures", name), fallback)
            problems.append(Problem(file, line, f"figures.{name}", message))
    return problems


def _text_problems(src: Source, model: GameContent, fallback: str) -> list[Problem]:
    """Each text rendered once with the content and its default options (a head start's `amount` as 0, a tested count as 0):
    a name the content does not have, or a text that would render too much, is a problem with its file
    and line, not an error when a sheet is printed."""
    problems = _term_problems(src, model, fallback) + _figure_problems(src, model, fallback)
    opts = model.option_defaults()
    for loc, lang, text in _texts(model, ()):
        try:
            render_text(text, c=model, opt=opts, amount=0, n="", v=0, op="")
        except jinja2.TemplateError as exc:
            file, line = _where(src, loc[:-1], fallback)
            problems.append(Problem(file, line, _fmt(loc), f"text for language {lang!r}: {exc}"))
    return problems


def validate_model(src: Source, cls: Any, check: Any, fallback: str) -> tuple[Any, list[Problem]]:
    """Validate a read document against the model `cls`, then `check(model)`; problems with file:line."""
    problems = list(src.problems)
    if src.unreadable:
        return None, problems  # validating half a document would only echo the syntax error
    try:
        model = cls.model_validate(src.data)
    except ValidationError as exc:
        for err in exc.errors(include_url=False):
            loc = _clean_loc(err["loc"])
            file, line = _where(src, loc, src.top_file.get(loc[0], fallback) if loc else fallback)
            if not loc or (err["type"] == "missing" and len(loc) == 1):
                file = src.top_file.get(loc[0], fallback) if loc and loc[0] in src.top_file else fallback
            problems.append(Problem(file, line, _fmt(loc), err["msg"]))
        return None, problems
    for loc, message in (check(model) if check else []):
        file, line = _where(src, tuple(loc), fallback)
        problems.append(Problem(file, line, _fmt(tuple(loc)), message))
    return (None if problems else model), problems


# --- decision tables (content/<game>/tables/<level>.yaml) ----------------------------------------


def folder_of(content: GameContent) -> Path:
    """The folder loaded content came from (its tables/ and scenarios/ sit in it), on this machine."""
    return game_dir(content.game_name, content.root)


def tables_dir(content: GameContent) -> Path:
    """The folder of a game's decision tables: tables/ beside its content."""
    return folder_of(content) / "tables"


def read_table(path: Path, game: str, content: GameContent) -> tuple[Any, list[Problem]]:
    """One decision-table file, validated against the table schema and the game's vocabulary."""
    path = Path(path)
    root = path
    while root.name != "tables" and root.parent != root:
        root = root.parent
    root = root.parent.parent if root.name == "tables" else path.parent
    src = Source()
    read_yaml_file(path, root, src)
    return validate_model(src, tables.Table, lambda t: tables.check(t, content, game), display_path(path, root))


def _tables_problems(folder: Path, game: str, content: GameContent) -> list[Problem]:
    """Every table file of a game: its levels (tables/*.yaml), the designers' start tables that
    tuning may begin from (tables/start/*.yaml) and the recorded ladder (tables/ladder/ladder.yaml)."""
    problems: list[Problem] = []
    for tdir in (folder / "tables", folder / "tables" / "start"):
        if tdir.is_dir():
            for path in sorted(p for p in tdir.iterdir() if p.suffix in (".yaml", ".yml") and p.is_file()):
                table, found = read_table(path, game, content)
                problems.extend(found)
                if table is not None and tdir.name == "tables" and path.name != table.file_name():
                    problems.append(Problem(display_path(path, folder.parent), 1, "level",
                                            f"a {table.level} table for players {table.players or 'all'} belongs in {table.file_name()}"))
    for ladder in _ladder_files(folder / "tables"):  # the recorded difficulty ladders the how-to page draws
        src = Source()
        read_yaml_file(ladder, folder.parent, src)
        model, found = validate_model(src, tables.RecordedLadder, None, display_path(ladder, folder.parent))
        problems.extend(found)
        if model is not None:
            want = tables.ladder_file_name(model.players, content.game.players.min, content.game.players.max)
            if ladder.relative_to(folder / "tables").as_posix() != want:
                problems.append(Problem(display_path(ladder, folder.parent), 1, "players",
                                        f"a ladder of {model.players} players belongs in tables/{want}"))
    return problems


def _ladder_files(tables_folder: Path) -> list[Path]:
    """The recorded ladder files of a game (tables/ladder/ladder.yaml, ladder_2-3.yaml ...), by name."""
    where = tables_folder / Path(tables.LADDER_FILE).parent
    if not where.is_dir():
        return []
    return sorted(p for p in where.iterdir() if p.is_file() and p.suffix == ".yaml" and p.stem.startswith("ladder"))


class _Keyed:
    """Loaded content as a cache key: the same game from the same folder and root is the same key."""

    __slots__ = ("value", "game_name", "key")

    def __init__(self, content: GameContent):
        self.value, self.game_name = content, content.game_name
        self.key = (content.game_name, str(folder_of(content).resolve()), content.root)

    def __hash__(self) -> int:
        return hash(self.key)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Keyed) and other.key == self.key


# each content value's cache key and tables folder, worked out once per value (and working folder: a
# content root may be relative): finding them takes path resolving, far longer than the lookup itself
_LOCATED: dict[int, tuple[GameContent, str, _Keyed, str]] = {}


def _located(content: GameContent) -> tuple[_Keyed, str]:
    """(`content` as a cache key, its tables folder)."""
    try:
        cwd = os.getcwd()
    except OSError:
        return _Keyed(content), str(tables_dir(content))
    hit = _LOCATED.get(id(content))
    if hit is not None and hit[0] is content and hit[1] == cwd:
        return hit[2], hit[3]
    if len(_LOCATED) > 256:
        _LOCATED.clear()
    keyed, where = _Keyed(content), str(tables_dir(content))
    _LOCATED[id(content)] = (content, cwd, keyed, where)
    return keyed, where


# load_table's answers (the file that holds the table), by content, level, player count and the tables
# folder's modification time (a bot made per game, e.g. `simulate --seats table:normal,...`, need not
# search the folder every game); the table itself always comes from _load_table_cached, so a table is
# one object however it was found
_TABLE_FOUND: dict[tuple, str] = {}


def load_table(content: GameContent, level: str, players: int | None = None) -> Any:
    """The validated decision table of a game at `level` for `players` (tables/<level>.yaml, or the
    <level>_<min>-<max>.yaml whose player-count family holds `players`)."""
    keyed, where = _located(content)
    tdir = Path(where)
    try:  # a file added, removed or renamed (atomic writes) changes the folder's time: a new search
        key = (keyed.key, where, level, players, os.stat(where).st_mtime_ns)
    except OSError:
        key = None
    found = _TABLE_FOUND.get(key) if key is not None else None
    if found is not None:  # (only a known level was ever kept)
        return _load_table_cached(found, keyed)
    if level not in LEVELS:
        raise UsageError(f"unknown table level {level!r}; levels are {', '.join(LEVELS)}")
    game = content.game_name
    shown = f"{level}.yaml" if players is None else f"{level}.yaml or {level}_<family>.yaml for {players} players"
    paths = [tdir / f"{level}.yaml"] + (sorted(tdir.glob(f"{level}_*.yaml")) if tdir.is_dir() else [])
    for path in paths:
        if path.is_file():
            table = _load_table_cached(str(path), keyed)
            if table.fits(players):
                if key is not None:
                    if len(_TABLE_FOUND) > 256:
                        _TABLE_FOUND.clear()
                    _TABLE_FOUND[key] = str(path)
                return table
    raise UsageError(f"{game} has no {level} decision table ({shown} not found in {tdir})")


def table_levels(content: GameContent) -> list[str]:
    """The levels a game has tables for (any player-count family), in level order."""
    return list(dict.fromkeys(t.level for t in game_tables(content)))


def game_tables(content: GameContent) -> list[Any]:
    """Every decision table of a game, by level (easy, normal, hard) then player-count family."""
    tdir = tables_dir(content)
    if not tdir.is_dir():
        return []
    tables = [_load_table_cached(str(p), _Keyed(content)) for p in sorted(tdir.glob("*.yaml"))]
    return sorted(tables, key=lambda t: (LEVELS.index(t.level), t.players or [0, 0]))


def load_ladders(content: GameContent) -> list[Any]:
    """The game's recorded difficulty ladders (`saloon tables ladder --record`: tables/ladder/ladder.yaml
    for every player count, ladder_2-3.yaml ... for a player-count family), validated, from the fewest
    players up; [] when it has none."""
    found = []
    for path in _ladder_files(tables_dir(content)):
        src = Source()
        read_yaml_file(path, folder_of(content).parent, src)
        model, problems = validate_model(src, tables.RecordedLadder, None, display_path(path, folder_of(content).parent))
        if problems:
            raise ContentError(problems)
        found.append(model)
    return sorted(found, key=lambda lad: tables.ladder_span(lad.players))


def load_table_file(path: Path, content: GameContent) -> Any:
    """A decision table from any file (a house table), checked against the game's vocabulary."""
    path = Path(path)
    try:
        found = path.is_file()
        where = str(path.resolve())
    except (OSError, ValueError) as exc:  # a name too long for the system, a NUL byte, a loop of links
        raise UsageError(f"decision table {shorten(str(path), 80)!r} cannot be read: "
                         f"{exc.strerror if isinstance(exc, OSError) and exc.strerror else exc}") from None
    if not found:
        raise UsageError(f"decision table {shorten(str(path), 80)} not found")
    return _load_table_cached(where, _Keyed(content))


def _load_table_cached(path: str, content: _Keyed) -> Any:
    """The table in `path`, one object while the file is unchanged (a table rewritten by `tables eval`
    or `tables tune` in the same run is read again)."""
    try:
        st = os.stat(path)
        stamp = (st.st_mtime_ns, st.st_size)
    except OSError:
        stamp = None
    return _load_table_stamped(path, stamp, content)


@lru_cache(maxsize=512)  # a few KiB a table: every table of every content folder a run meets stays one object
def _load_table_stamped(path: str, stamp: tuple[int, int] | None, content: _Keyed) -> Any:
    table, problems = read_table(Path(path), content.game_name, content.value)
    if problems:
        raise ContentError(problems)
    return table


@lru_cache(maxsize=None)
def _load_cached(game: str, folder: str, root: Path | None = None) -> GameContent:
    model, problems = validate_dir(Path(folder), game)
    if problems:
        raise ContentError(problems)
    assert model is not None
    model = model.model_copy()  # this load's own value (a folder's validated model may serve other loads)
    model.came_from(game, root)
    return model


def load_content(game: str, root: Path | None = None) -> GameContent:
    """The validated content of one game (from `root/<game>`, or its own folder without a root); raises
    ContentError listing every problem."""
    folder = game_dir(game, root)
    return _load_cached(game, str(folder.resolve()), Path(root).resolve() if root is not None else None)


def validate_paths(paths: list[Path] | None = None, root: Path | None = None) -> list[Problem]:
    """Validate every game (no paths) or the game folders named (a folder, or a file inside one)."""
    if not paths:
        folders = [game_dir(g, root) for g in registry.names()]
    else:
        folders = []
        for p in paths:
            p = Path(p)
            if not p.exists():
                return [Problem(str(p), 0, "", "no such file or folder")]
            folder = p if p.is_dir() else p.parent
            games = registry.names()
            if folder.name not in games and p.is_dir():
                sub = [folder / g for g in games if (folder / g).is_dir()]
                if sub:
                    folders.extend(sub)
                    continue
            if folder.name not in games:
                return [
                    Problem(str(p), 0, "", f"not in a game content folder; expected a folder named one of: {', '.join(games)}")
                ]
            folders.append(folder)
    problems: list[Problem] = []
    for folder in dict.fromkeys(folders):
        problems.extend(validate_dir(folder)[1])
    return problems
