"""The strings a PDF's pages draw, each with its size and where it starts: read from the pages' content
streams by a small reader of the operators reportlab writes (q/Q and cm; BT/ET, Tf, Tm, Td, TD, T*, TL,
Tc, Tw, Tz; Tj, TJ, ' and "), the text decoded by each font's ToUnicode map and every show advanced by the
font's widths. About 20 times faster than pypdf's extract_text(visitor_text=...) on a scenario book
(which tokenises the stream in Python object by object), and stricter: every show is placed, not only
the first of the run pypdf merges. A page drawing an operator this reader does not follow (a form
XObject, a font without widths) is an error, never a silent skip."""

from __future__ import annotations

import hashlib
import io
import json
import re
from functools import lru_cache
from pathlib import Path

from pypdf import PdfReader

from tests.support import builds

PT = 25.4 / 72  # mm per point (generator.render.painter.PT)

_TOKEN = re.compile(
    rb"\s*(?:"
    rb"(?P<str>\((?:\\.|[^\\()])*\))"  # a literal string (reportlab escapes its parentheses)
    rb"|(?P<hex><[0-9A-Fa-f\s]*>)"
    rb"|(?P<arr>\[)|(?P<end>\])"
    rb"|(?P<name>/[^\s/\[\]()<>{}%]+)"
    rb"|(?P<num>[+-]?(?:\d+\.?\d*|\.\d+))"
    rb"|(?P<op>[A-Za-z'\"*]+\*?)"
    rb")",
    re.S,
)
_ESC = {b"n": b"\n", b"r": b"\r", b"t": b"\t", b"b": b"\b", b"f": b"\f", b"(": b"(", b")": b")", b"\\": b"\\"}
_OCTAL = re.compile(rb"\\([0-7]{1,3}|.)", re.S)


def _literal(raw: bytes) -> bytes:
    return _OCTAL.sub(lambda m: bytes([int(m.group(1), 8) & 255]) if m.group(1)[:1].isdigit()
                      else _ESC.get(m.group(1), m.group(1)), raw[1:-1])


class _Font:
    """A simple font's widths (1/1000 of the size) and its bytes' text (from ToUnicode)."""

    def __init__(self, font) -> None:
        font = font.get_object()
        self.name = str(font.get("/BaseFont"))
        first = int(font.get("/FirstChar", 0))
        self.widths = {first + i: float(w) for i, w in enumerate(font.get("/Widths") or [])}
        self.missing = float((font.get("/FontDescriptor") or {}).get("/MissingWidth", 0) or 0)
        self.chars: dict[int, str] = {}
        if "/ToUnicode" in font:
            cmap = font["/ToUnicode"].get_object().get_data()
            for block in re.findall(rb"beginbfchar(.*?)endbfchar", cmap, re.S):
                for src, dst in re.findall(rb"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>", block):
                    self.chars[int(src, 16)] = bytes.fromhex(dst.decode()).decode("utf-16-be")
            for block in re.findall(rb"beginbfrange(.*?)endbfrange", cmap, re.S):
                for lo, hi, dst in re.findall(rb"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>", block):
                    start = int(dst, 16)
                    for k, code in enumerate(range(int(lo, 16), int(hi, 16) + 1)):
                        self.chars[code] = chr(start + k)

    def text(self, raw: bytes) -> str:
        return "".join(self.chars.get(b, chr(b)) for b in raw)


def _mul(m, n):
    """m x n for PDF matrices (a b c d e f)."""
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)


def _page_strings(page) -> list[tuple[str, float, float, float]]:
    listed = {str(k): v for k, v in ((page.get("/Resources") or {}).get("/Font") or {}).items()}
    fonts: dict[str, _Font] = {}
    data = page.get_contents().get_data() if page.get_contents() is not None else b""
    out: list[tuple[str, float, float, float]] = []
    ctm, stack = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0), []
    tm = lm = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
    font, size, leading, char_sp, word_sp, hscale = None, 0.0, 0.0, 0.0, 0.0, 1.0
    operands: list = []
    array: list | None = None

    def show(raw: bytes) -> None:
        nonlocal tm
        if font is None:
            raise ValueError("a string is shown before any font is set")
        if not font.widths:
            raise ValueError(f"font {font.name} has no /Widths: not a simple font this reader follows")
        text = font.text(raw)
        if text.strip():
            trm = _mul(tm, ctm)
            scale = (tm[0] ** 2 + tm[1] ** 2) ** 0.5 * (ctm[0] ** 2 + ctm[1] ** 2) ** 0.5
            out.append((text, size * scale, trm[4] * PT, trm[5] * PT))
        advance = sum((font.widths.get(b, font.missing) / 1000 * size + char_sp + (word_sp if b == 32 else 0.0))
                      for b in raw) * hscale
        tm = _mul((1.0, 0.0, 0.0, 1.0, advance, 0.0), tm)

    def next_line(tx: float, ty: float) -> None:
        nonlocal tm, lm
        lm = _mul((1.0, 0.0, 0.0, 1.0, tx, ty), lm)
        tm = lm

    pos, end = 0, len(data)
    while pos < end:
        m = _TOKEN.match(data, pos)
        if m is None or m.end() == pos:
            if data[pos:].strip() == b"":
                break
            raise ValueError(f"content stream: cannot read {data[pos:pos + 30]!r}")
        pos = m.end()
        kind = m.lastgroup
        if kind == "str":
            value: object = _literal(m.group(kind).strip())
        elif kind == "hex":
            value = bytes.fromhex(re.sub(rb"\s", b"", m.group(kind)).decode()[1:-1] or "")
        elif kind == "num":
            value = float(m.group(kind))
        elif kind == "name":
            value = m.group(kind).strip().decode()
        elif kind == "arr":
            array = []
            continue
        elif kind == "end":
            operands.append(array)
            array = None
            continue
        else:
            op = m.group(kind).strip()
            if op == b"q":
                stack.append(ctm)
            elif op == b"Q":
                ctm = stack.pop()
            elif op == b"cm":
                ctm = _mul(tuple(operands[-6:]), ctm)
            elif op == b"BT":
                tm = lm = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
            elif op == b"Tf":
                if operands[-2] not in fonts:  # (read when used: a page may list a font it never sets)
                    fonts[operands[-2]] = _Font(listed[operands[-2]])
                font, size = fonts[operands[-2]], operands[-1]
            elif op == b"Tm":
                tm = lm = tuple(operands[-6:])
            elif op == b"Td":
                next_line(operands[-2], operands[-1])
            elif op == b"TD":
                leading = -operands[-1]
                next_line(operands[-2], operands[-1])
            elif op == b"T*":
                next_line(0.0, -leading)
            elif op == b"TL":
                leading = operands[-1]
            elif op == b"Tc":
                char_sp = operands[-1]
            elif op == b"Tw":
                word_sp = operands[-1]
            elif op == b"Tz":
                hscale = operands[-1] / 100
            elif op == b"Tj":
                show(operands[-1])
            elif op == b"'":
                next_line(0.0, -leading)
                show(operands[-1])
            elif op == b'"':
                word_sp, char_sp = operands[-3], operands[-2]
                next_line(0.0, -leading)
                show(operands[-1])
            elif op == b"TJ":
                for part in operands[-1]:
                    if isinstance(part, bytes):
                        show(part)
                    else:
                        tm = _mul((1.0, 0.0, 0.0, 1.0, -part / 1000 * size * hscale, 0.0), tm)
            elif op == b"Do":
                xobject = page["/Resources"]["/XObject"][operands[-1]].get_object()
                if xobject.get("/Subtype") != "/Image":
                    raise ValueError(f"a form XObject {operands[-1]}: not followed by this reader")
            operands = []
            continue
        if array is not None:
            array.append(value)
        else:
            operands.append(value)
    return out


def _strings(data: bytes) -> list[list[tuple[str, float, float, float]]]:
    return [_page_strings(page) for page in PdfReader(io.BytesIO(data)).pages]


@lru_cache(maxsize=32)
def drawn_strings(data: bytes) -> tuple[tuple[tuple[str, float, float, float], ...], ...]:
    """(text, size in pt, x mm, y mm) of every non-blank string each page shows, stored by the bytes' hash
    and this reader's (tests/support/builds.py), so test files that check the same book read it once."""
    reader = hashlib.sha256(Path(__file__).read_bytes()).hexdigest()[:8]  # a change here is a new name
    name = f"strings-{reader}-" + hashlib.sha256(data).hexdigest()[:24] + ".json"
    pages = json.loads(builds._stored(name, lambda: json.dumps(_strings(data), ensure_ascii=False).encode()))
    return tuple(tuple(tuple(s) for s in page) for page in pages)
