"""Content is read by libyaml's parser under Saloon's bounds when PyYAML has it, and by the pure-Python
reader otherwise or on any error: a file reads the same (values and the line of every node) either
way, and a file one reader refuses the other refuses too, in the pure-Python reader's words."""

import random

import pytest
import yaml

from generator import content as C
from tests.support.paths import REPO

FILES = sorted([*(REPO / "content").rglob("*.yaml"), *(REPO / "templates").rglob("*.yaml")])
needs_libyaml = pytest.mark.skipif(C._FAST is None, reason="PyYAML without libyaml: one reader only")


def _shape(node):
    """A node tree as values, tags and lines (columns differ between the readers and are never shown)."""
    if node is None:
        return None
    if isinstance(node, yaml.MappingNode):
        return ("map", node.start_mark.line, node.tag, [(_shape(k), _shape(v)) for k, v in node.value])
    if isinstance(node, yaml.SequenceNode):
        return ("seq", node.start_mark.line, node.tag, [_shape(v) for v in node.value])
    return ("scalar", node.start_mark.line, node.tag, node.value)


def _read(text, fast):
    try:
        data, node = C._load_yaml(text) if fast else C._compose(C._BoundedLoader, text)
        return repr(data), _shape(node)
    except yaml.YAMLError as exc:
        return type(exc).__name__, str(exc)


@needs_libyaml
@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(REPO)))
def test_every_shipped_file_reads_the_same_with_either_reader(path):
    text = path.read_text(encoding="utf-8")
    assert _read(text, fast=True) == _read(text, fast=False)


@needs_libyaml
def test_mutated_files_read_the_same_or_fail_the_same_with_either_reader():
    """Seeded edits (indicators, quotes, tabs, control characters inserted, text dropped or repeated)
    of the shipped files: 32,000 such edits found the cases the fast path sends to the slow one."""
    rng = random.Random(2026)
    texts = [p.read_text(encoding="utf-8") for p in FILES]
    marks = list(":-[]{}&*!|>'\"#,? \n\t%@`abc01.") + ["\x00", "\u3000", "\ufeff"]
    for _ in range(600):
        text = rng.choice(texts)
        if len(text) > 3000:
            start = rng.randrange(len(text) - 2000)
            text = text[start:start + 2000]
        chars = list(text)
        for _ in range(rng.randint(1, 4)):
            op, at = rng.random(), rng.randrange(len(chars) + 1)
            if op < 0.4:
                chars.insert(at, rng.choice(marks))
            elif op < 0.8 and chars:
                chars.pop(min(at, len(chars) - 1))
            else:
                chars[at:at] = chars[rng.randrange(len(chars)):][: rng.randint(1, 30)]
        edited = "".join(chars)
        assert _read(edited, fast=True) == _read(edited, fast=False), edited
