"""The house's rules, read from the code itself: floors import only downwards (import-linter's contract in
pyproject.toml), a game is named only by its own modules and its descriptor, a module keeps its
imports at the top unless it says why, and no private name crosses a module."""

from __future__ import annotations

import ast
import subprocess
import sys
from functools import lru_cache
from pathlib import Path

from generator import registry
from tests.support.paths import REPO

PACKAGE = REPO / "generator"
GAMES = set(registry.names())
LOCAL_IMPORTS_ALLOWED = 10  # outside the CLI module, each for an optional heavy dependency, each saying why


def _modules() -> dict[str, Path]:
    out = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(REPO).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = path
    return out


MODULES = _modules()


@lru_cache(maxsize=1)
def _trees() -> dict[str, ast.AST]:
    """Every module parsed, once, when a test first reads them (not at collection, which every worker does)."""
    return {name: ast.parse(path.read_text(), str(path)) for name, path in MODULES.items()}


def _game_modules() -> set[str]:
    """The modules that belong to one game: those its descriptor names, its engine package, its descriptor."""
    own = set()
    for d in registry.descriptors():
        paths = [d.engine.partition(":")[0], d.schema, d.features, d.solver, d.drawing, d.views, d.words, d.scenarios]
        own.update(p for p in paths if p)
        own.add(f"generator.games.{d.name}")
        own.add(f"generator.engine.{d.name}")
    return own


def _belongs_to_a_game(module: str, own: set[str]) -> bool:
    return any(module == m or module.startswith(m + ".") for m in own)


def _inside_function(tree: ast.AST) -> set[ast.AST]:
    inside = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            inside.update(n for n in ast.walk(node) if n is not node)
    return inside


def _project_import(node: ast.AST) -> bool:
    if isinstance(node, ast.ImportFrom):
        return node.level > 0 or (node.module or "").startswith("generator")
    if isinstance(node, ast.Import):
        return any(a.name.startswith("generator") for a in node.names)
    return False


def test_the_floors_of_the_house_hold():
    """`lint-imports`: every contract in pyproject.toml is kept (cli -> commands -> render | referee ->
    scenarios | tables | bench -> sim -> words -> bots -> games -> engine -> content -> schema -> ...)."""
    lint = Path(sys.executable).parent / "lint-imports"
    done = subprocess.run([str(lint), "--no-cache", str(REPO / "pyproject.toml")], cwd=REPO,
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]


def test_no_module_branches_on_a_games_name_outside_that_game():
    """A floor asks the registry what a game can do; only the game's own modules name it."""
    own = _game_modules()
    found = []
    for name, tree in _trees().items():
        if _belongs_to_a_game(name, own) or name in ("generator.registry",):
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Compare):
                values = [node.left, *node.comparators]
                named = [v.value for v in values if isinstance(v, ast.Constant) and v.value in GAMES]
                for v in values:
                    if isinstance(v, (ast.Tuple, ast.List, ast.Set)):
                        named += [e.value for e in v.elts if isinstance(e, ast.Constant) and e.value in GAMES]
                if named:
                    found.append(f"{name}:{node.lineno} compares with {named[0]!r}")
            if isinstance(node, ast.Dict):
                keys = {k.value for k in node.keys if isinstance(k, ast.Constant) and k.value in GAMES}
                if len(keys) > 1:
                    found.append(f"{name}:{node.lineno} keeps a table by game name {sorted(keys)}")
    assert not found, "\n".join(found)


def test_imports_sit_at_the_top_unless_a_comment_says_why():
    """At most a handful of function-local project imports outside the CLI (which loads its commands
    lazily to keep `saloon --help` fast), each with a comment on its line."""
    local, silent = [], []
    for name, tree in _trees().items():
        if name == "generator.cli":
            continue
        lines = MODULES[name].read_text().splitlines()
        for node in _inside_function(tree):
            if _project_import(node):
                local.append(f"{name}:{node.lineno}")
                if "#" not in lines[node.end_lineno - 1]:
                    silent.append(f"{name}:{node.lineno}")
    assert len(local) <= LOCAL_IMPORTS_ALLOWED, "\n".join(local)
    assert not silent, "a function-local import without a comment saying why:\n" + "\n".join(silent)


def test_no_private_name_is_imported_across_modules():
    found = []
    for name, tree in _trees().items():
        modules = set()  # names bound to project modules in this file
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and _project_import(node):
                for a in node.names:
                    if a.name.startswith("_") and not a.name.startswith("__"):
                        found.append(f"{name}:{node.lineno} imports {a.name}")
                    modules.add(a.asname or a.name)
            elif isinstance(node, ast.Import) and _project_import(node):
                modules.update(a.asname or a.name.split(".")[0] for a in node.names)
        for node in ast.walk(tree):
            if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in modules
                    and node.attr.startswith("_") and not node.attr.startswith("__")):
                found.append(f"{name}:{node.lineno} reads {node.value.id}.{node.attr}")
    assert not found, "\n".join(found)
