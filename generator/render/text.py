"""Fitting text in boxes: word wrap measured with the real font metrics, shrink to a floor, and a
RenderError naming the component when even the floor does not fit. Never silently clipped.

Inline markup: **bold** and *italic*. The layout is plain data (lines of runs with x offsets), drawn
by any Painter, so PDF and PNG wrap identically.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from ..errors import RenderError
from ..words.breaks import NO_LINE_END, NO_LINE_START, can_break, is_cjk  # noqa: F401 (sheets.py and tests read them here)
from .painter import PT, Color, Fonts, Painter

MIN_SIZE = 6.0  # points: smallest text we print
LEADING = 1.18

_INLINE = re.compile(r"(\*\*[^*]+\*\*|\*[^*]+\*)")


@dataclass(frozen=True)
class Run:
    text: str
    bold: bool = False
    italic: bool = False


@dataclass(frozen=True)
class Line:
    runs: tuple[tuple[float, Run], ...]  # (x offset mm, run)
    width: float


@dataclass(frozen=True)
class Block:
    lines: tuple[Line, ...]
    size: float  # points
    leading: float = LEADING

    @property
    def line_height(self) -> float:
        return self.size * self.leading * PT

    @property
    def height(self) -> float:
        return len(self.lines) * self.line_height

    @property
    def text(self) -> str:
        return "\n".join("".join(r.text for _, r in ln.runs) for ln in self.lines)


def parse_inline(text: str, bold: bool = False) -> list[Run]:
    runs = []
    for part in _INLINE.split(text):
        if not part:
            continue
        if part.startswith("**") and part.endswith("**") and len(part) > 4:
            runs.append(Run(part[2:-2], True, False))
        elif part.startswith("*") and part.endswith("*") and len(part) > 2:
            runs.append(Run(part[1:-1], bold, True))
        else:
            runs.append(Run(part, bold, False))
    return runs


# --- where a line may break: words/breaks.py (the rules the terminal shares) -----------------------

@dataclass(frozen=True)
class Token:
    """An unbreakable piece of text: its runs, whether a space sets it off from the piece before,
    and whether a hard line break comes before it."""

    runs: tuple[Run, ...]
    space_before: bool = True
    hard_break: bool = False


def tokens(runs: list[Run]) -> list[Token]:
    """Split styled runs into the pieces a line may break between (spaces, newlines, and the
    break opportunities of Japanese text), each piece keeping the styles of its characters."""
    return list(_tokens(tuple(runs)))


@lru_cache(maxsize=4096)
def _tokens(runs: tuple[Run, ...]) -> tuple[Token, ...]:
    """`tokens`, kept: fitting a text tries it at size after size, and a kit sets the same texts on many
    pieces (Runs and Tokens are frozen, so the pieces can be shared)."""
    out: list[Token] = []
    chars: list[tuple[str, bool, bool]] = []
    space, hard = True, False

    def end(next_space: bool, next_hard: bool = False) -> None:
        nonlocal chars, space, hard
        if chars or hard:
            pieces: list[Run] = []
            for ch, b, i in chars:
                if pieces and (pieces[-1].bold, pieces[-1].italic) == (b, i):
                    pieces[-1] = Run(pieces[-1].text + ch, b, i)
                else:
                    pieces.append(Run(ch, b, i))
            out.append(Token(tuple(pieces), space, hard))
        chars = []
        space, hard = next_space, next_hard

    for run in runs:
        for ch in run.text:
            if ch == "\n":
                end(False, True)
            elif ch == " ":
                if chars:
                    end(True)
                else:
                    space = True
            else:
                if chars and can_break(chars[-1][0], ch):
                    end(False)
                chars.append((ch, run.bold, run.italic))
    end(True)
    return tuple(out)


def widest_piece(fonts: Fonts, text: str, size: float, bold: bool = False) -> float:
    """The width of the widest piece of `text` no line break can split (mm)."""
    return max((sum(fonts.width(r.text, size, r.bold, r.italic) for r in t.runs) for t in tokens(parse_inline(text, bold))),
               default=0.0)


def wrap(fonts: Fonts, runs: list[Run], width: float, size: float) -> list[Line] | None:
    """Greedy line breaking; None when a single unbreakable piece is wider than `width`. Explicit
    newlines break; Japanese text breaks between characters (see `tokens`)."""
    lines: list[Line] = []
    cur: list[tuple[float, Run, bool]] = []  # (x, run, a space comes before it)
    x = 0.0

    def flush():
        nonlocal cur, x
        lines.append(Line(tuple(_merge(cur)), x))
        cur, x = [], 0.0

    for idx, tok in enumerate(_tokens(tuple(runs))):
        if tok.hard_break and (cur or idx > 0):
            flush()
        if not tok.runs:
            continue
        ww = sum(fonts.width(r.text, size, r.bold, r.italic) for r in tok.runs)
        if ww > width + 1e-6:
            return None
        # the space before a word is set in the style of the run before it, as the merged string draws it
        space = fonts.width(" ", size, cur[-1][1].bold, cur[-1][1].italic) if cur and tok.space_before else 0.0
        start = x + space
        if cur and start + ww > width + 1e-6:
            flush()
            start = 0.0
        xx = start
        for k, r in enumerate(tok.runs):
            cur.append((xx, r, k == 0 and xx > 0 and tok.space_before))
            xx += fonts.width(r.text, size, r.bold, r.italic)
        x = xx
    if cur or not lines:
        flush()
    return lines


def _merge(runs: list[tuple[float, Run, bool]]) -> list[tuple[float, Run]]:
    """Join neighbouring pieces of one style into one run (one string per style change); a space
    between two words always stays in the text (it is set at the width the layout used); pieces of
    Japanese text join with no space."""
    out: list[tuple[float, Run]] = []
    for x, r, new_word in runs:
        if out:
            x0, prev = out[-1]
            if (prev.bold, prev.italic) == (r.bold, r.italic):
                out[-1] = (x0, Run(prev.text + (" " if new_word else "") + r.text, r.bold, r.italic))
                continue
            if new_word:
                out[-1] = (x0, Run(prev.text + " ", prev.bold, prev.italic))
        out.append((x, r))
    return out


def fit(
    fonts: Fonts,
    name: str,
    text: str,
    width: float,
    height: float,
    size: float,
    min_size: float = MIN_SIZE,
    bold: bool = False,
    leading: float = LEADING,
) -> Block:
    """The largest size <= `size` (down to `min_size`, in 0.25 pt steps) at which `text` fits.

    Raises RenderError naming `name` when it does not fit even at `min_size`.
    """
    runs = parse_inline(text, bold)
    s = size
    while s >= min_size - 1e-9:
        lines = wrap(fonts, runs, width, s)
        if lines is not None and len(lines) * s * leading * PT <= height + 1e-6:
            return Block(tuple(lines), s, leading)
        s -= 0.25
    shown = text if len(text) <= 60 else text[:57] + "..."
    raise RenderError(
        f"{name}: text does not fit its {width:.1f}x{height:.1f} mm box even at {min_size:g} pt: {shown!r}"
    )


def draw(p: Painter, block: Block, x: float, y_top: float, width: float, color: Color = (0, 0, 0), align: str = "l"):
    """Draw a fitted block with its first line's top at y_top."""
    y = y_top
    for ln in block.lines:
        y -= block.line_height
        base = y + block.line_height - block.size * PT * 0.95  # ascent ~ 0.95 em below the line top
        dx = 0.0 if align == "l" else (width - ln.width) / (2 if align == "c" else 1)
        for off, r in ln.runs:
            p.text(x + dx + off, base, r.text, block.size, color, r.bold, r.italic)


def fit_and_draw(
    p: Painter, name: str, text: str, x: float, y: float, w: float, h: float, size: float,
    color: Color = (0, 0, 0), align: str = "l", bold: bool = False, valign: str = "t", min_size: float = MIN_SIZE,
) -> Block:
    """Fit `text` into the box (x, y, w, h) and draw it; valign t/c/b."""
    block = fit(p.fonts, name, text, w, h, size, min_size=min_size, bold=bold)
    top = y + h
    if valign == "c":
        top = y + h - (h - block.height) / 2
    elif valign == "b":
        top = y + block.height
    draw(p, block, x, top, w, color, align)
    return block


def one_line(fonts: Fonts, name: str, text: str, width: float, size: float, bold: bool = False,
             min_size: float = MIN_SIZE) -> float:
    """The size (<= size) at which `text` fits on one line of `width`; RenderError otherwise."""
    s = size
    while s >= min_size - 1e-9:
        if fonts.width(text, s, bold) <= width + 1e-6:
            return s
        s -= 0.25
    raise RenderError(f"{name}: {text!r} does not fit on one line of {width:.1f} mm even at {min_size:g} pt")
