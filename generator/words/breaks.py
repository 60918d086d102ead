"""Where a line of text may break, in every language: the one set of rules the printed pages
(render/text.py, measured in millimetres) and the terminal (referee/flow.py, measured in cells) share.

Latin text breaks at spaces. Japanese has no spaces: a line may break between any two characters
where one is Japanese, except before closing punctuation, small kana and the prolonged-sound mark,
or after an opening bracket (kinsoku shori, JIS X 4051 in its simple form).

The terminal keeps a number with what it counts or pays for (`in_terminal`): no break beside a
digit or a "$" ("牛3頭", "$3で"), no break at the space between Japanese and an amount after it
("…を獲得 $300": the amount never starts a line of its own), and a katakana word (a name, a loanword)
whole, broken only after its middle dot ("ジェシー・" "バード").
"""

from __future__ import annotations

_CJK_RANGES = (
    (0x3000, 0x303F),  # CJK symbols and punctuation
    (0x3040, 0x30FF),  # hiragana, katakana
    (0x31F0, 0x31FF),  # katakana phonetic extensions
    (0x3400, 0x4DBF),  # CJK extension A
    (0x4E00, 0x9FFF),  # CJK unified ideographs
    (0xF900, 0xFAFF),  # compatibility ideographs
    (0xFF00, 0xFFEF),  # full-width forms
)
NO_LINE_START = frozenset(
    "、。，．・：；？！ー―‐〜～）」』】〕〉》〙〗｝］〟’”々〻ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶ"
    ")]}.,:;!?%"
)
NO_LINE_END = frozenset("（「『【〔〈《〘〖｛［〝‘“([{$")
AMOUNT = frozenset("$0123456789")  # an amount's characters: in the terminal, glued to what is beside them

_CJK_FROM = min(lo for lo, _ in _CJK_RANGES)  # every character below it is not Japanese (Latin text: all of it)


def is_cjk(ch: str) -> bool:
    o = ord(ch)
    return o >= _CJK_FROM and any(lo <= o <= hi for lo, hi in _CJK_RANGES)


def is_katakana(ch: str) -> bool:
    """A katakana letter, the prolonged-sound mark or the middle dot: a name or a loanword ("ジェシー・バード")."""
    return 0x30A0 <= ord(ch) <= 0x30FF


def has_cjk(text: str) -> bool:
    return any(is_cjk(ch) for ch in text)


def can_break(before: str, after: str) -> bool:
    """May a line break between these two characters (no space between them)?"""
    if not (is_cjk(before) or is_cjk(after)):
        return False
    return after not in NO_LINE_START and before not in NO_LINE_END


def in_terminal(text: str) -> list[tuple[int, int]]:
    """The pieces of one line of text (no newline) a terminal line may break between, as (start, end)
    offsets: each piece keeps the spaces after it, as rich's words do. Breaks come at spaces and at the
    Japanese break opportunities (`can_break`), never beside a digit or "$", nor at a space between
    Japanese and an amount after it, nor inside a katakana word but after its middle dot."""
    pieces: list[tuple[int, int]] = []
    start, i, n = 0, 0, len(text)
    while i < n:
        ch = text[i]
        if ch == " ":
            j = i
            while j < n and text[j] == " ":
                j += 1
            before = text[i - 1] if i else ""
            glued = j < n and text[j] in AMOUNT and before and is_cjk(before)
            if j < n and not glued and start < i:
                pieces.append((start, j))
                start = j
            i = j
            continue
        if i > start and text[i - 1] != " ":
            before = text[i - 1]
            if can_break(before, ch) and before not in AMOUNT and ch not in AMOUNT and not (is_katakana(before) and is_katakana(ch) and before != "・"):
                pieces.append((start, i))
                start = i
        i += 1
    if start < n or not pieces:
        pieces.append((start, n))
    return pieces
