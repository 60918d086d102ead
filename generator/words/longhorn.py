"""Longhorn in words, in any language: the reference card, the token card and the complete rules (the
kit prints them, the referee's `rules` shows them), from content: templates/sheets/longhorn_*.md.j2
with the words of templates/<lang>/sheets.yaml and longhorn.yaml.
"""

from __future__ import annotations

from typing import Any

from ..engine.longhorn.moves import cell_names
from ..schema.longhorn import Content
from .book import BookWords
from .templates import render_template
from .text import Texts, named, printed, printed_lines, text_in
from .text import say as text_say


def reference_markup(c: Content, lang: str = "en") -> str:
    return render_template("longhorn_reference.md.j2", lang, c=c,
                                  lines=printed_lines(c.reference_card.lines, c, lang=lang))


def token_effects(c: Content, lang: str) -> list[tuple[str | None, int, str | None]]:
    return [(printed(t.name, c, lang=lang), t.count, printed(t.text, c, lang=lang)) for t in c.tokens]


def tokens_markup(c: Content, lang: str = "en") -> str:
    return render_template("longhorn_tokens.md.j2", lang, c=c, effects=token_effects(c, lang))


RIDE_STEPS = 3  # the rules' example ride: this many cows stolen (an example, like the worked score) ...
RIDE_START = 0  # ... at this cell (A1); the kit draws it from the engine's reach table (render/longhorn.py)


def rules_markup(c: Content, lang: str = "en", with_summary: bool = True) -> str:
    """The complete rules: setup with an example grid (drawn: {figure:setup}), the turn, every token, end and scoring with a
    worked example, and each rule option's value in force (content defaults). The kit prints them after its cover,
    which says the game's summary already (`with_summary=False`)."""
    T = Texts(lang, "longhorn")
    sheriff = next(named(T, "locations", loc.id, loc.name) for loc in c.locations if loc.id == c.setup.sheriff_location)
    return render_template(
        "longhorn_rules.md.j2", lang, c=c, effects=token_effects(c, lang), sheriff=sheriff,
        turn=printed_lines(c.reference_card.lines, c, lang=lang), tokens_total=sum(t.count for t in c.tokens),
        aids=2, pt=lambda text: printed(text, c, lang=lang),
        short={o.id: named(T, "outlaws_short", o.id, o.name.split()[-1]) for o in c.outlaws},
        help={k: named(T, "options", k, o.help) for k, o in c.options.items()}, with_summary=with_summary,
        ride_steps=RIDE_STEPS, ride_start=cell_names(c.grid.rows, c.grid.columns)[RIDE_START],
    )


def glossary(c: Content, options: dict, lang: str, players: int | None = None) -> list[tuple[str, str, str, tuple]]:
    """What `help NAME` explains at the table: every token, outlaw card and cattle colour, as (kind,
    title, text, other names a person may type for it)."""
    out: list[tuple[str, str, str, tuple]] = []
    for t in c.tokens:
        out.append(("token", text_in(t.name, lang), printed(t.text, c, options, lang) or "", (t.kind, t.name.get("en"))))
    for o in c.outlaw_cards:
        out.append(("outlaw", text_in(o.title, lang), text_in(o.text, lang), (o.outlaw, o.title.get("en"))))
    for col in c.cattle:
        out.append(("cattle", text_in(col.name, lang), f"{col.count} × {text_in(col.name, lang)} ({col.symbol})", (col.id,)))
    return out


# --- names in the book's and the referee's language -----------------------------------------------


def outlaw_names(g: Any, lang: str) -> list[str]:
    """The outlaws by seat, named as the kit prints them."""
    T = Texts(lang, "longhorn")
    return [named(T, "outlaws", o.id, o.name) for o in sorted(g.content.outlaws, key=lambda o: o.seat)]


def outlaw_short(g: Any, seat: int, lang: str) -> str:
    o = sorted(g.content.outlaws, key=lambda o: o.seat)[seat]
    return named(Texts(lang, "longhorn"), "outlaws_short", o.id, o.name.split()[-1])


def location_name(g: Any, lid: str, lang: str) -> str:
    return named(Texts(lang, "longhorn"), "locations", lid, g.location_names[g.location_of[lid]])


def cattle_name(content: Content, colour: str, lang: str) -> str:
    return next(text_in(c.name, lang) for c in content.cattle if c.id == colour)


# --- the scenario book --------------------------------------------------------------------------


def book_seat_names(g: Any, sc: Any, data: dict, W: BookWords, default: list[str]) -> list[str]:
    """How a scenario page names the seats: the outlaws."""
    return outlaw_names(g, W.lang)


def book_setup_lines(g: Any, sc: Any, data: dict, names: list[str], W: BookWords) -> list[str]:
    """The scenario page's setup lines of this game: who starts, and who places the pawn."""
    first = names[data["first"]]
    if data["phase"] == "start":
        return [W("scenario.first_places", first=first, placer=names[data["to_move"]], cattle=g.start_cattle)]
    return [W("scenario.first_placed", first=first)]


# --- puzzles ------------------------------------------------------------------------------------


def puzzle_title(g: Any, state: Any, lang: str, chance: bool = False) -> str:
    """A puzzle's title: whose turn it is to find the win (no best-chance puzzles: `chance` is never set)."""
    return text_say(lang, "book", "puzzle.title", name=outlaw_short(g, state.current_player, lang))


def puzzle_seat_names(g: Any, lang: str, state: Any = None) -> list[str]:
    """How a puzzle names the seats: the outlaws (the same in every position)."""
    return outlaw_names(g, lang)


def puzzle_short_name(g: Any, seat: int, lang: str, state: Any = None) -> str:
    """A seat's name in a puzzle's running text: the outlaw's short name."""
    return outlaw_short(g, seat, lang)


DETAILS = {"more money": "more_money", "equal money, more cattle": "more_cattle", "equal money: a draw": "draw"}


def solution_sentence(s: Any, action: Any, g: Any, W: BookWords) -> str:
    """One Longhorn action in the book's language, from the engine's facts about it."""
    kind, f = s.facts(action)
    if kind == "other":
        return f["text"]
    names = outlaw_names(g, W.lang)
    values = dict(f)
    values["who"] = names[f["who"]] if f["who"] is not None else "-"
    if "opp" in f:
        values["opp"] = names[f["opp"]]
    if "place" in f:
        values["place"] = location_name(g, f["place"], W.lang)
    if "colour" in f:
        values["colour"] = cattle_name(g.content, f["colour"], W.lang)
    return W(f"solution.{kind}", **values)


def solution_steps(pz: Any, g: Any, state: Any, W: BookWords) -> list[str]:
    """The solution told move by move, each turn on one line ('Perkins steals ...; rides ...')."""
    s = state.clone()
    steps: list[str] = []
    current: list[str] = []
    mover = s.current_player
    for text in pz.solution:
        if s.current_player != mover and current:
            steps.append(" ".join(current))
            current = []
        mover = s.current_player
        action = s.parse(text)
        current.append(W("solution.step", text=solution_sentence(s, action, g, W), notation=text))
        s.apply(action)
        if type(action).__name__ == "Move":
            steps.append(" ".join(current))
            current = []
    if current:
        steps.append(" ".join(current))
    steps.append(_game_over(s, g, W))
    return steps


def _game_over(s: Any, g: Any, W: BookWords) -> str:
    out = s.result()
    names = outlaw_names(g, W.lang)
    if len(out.winners) > 1:  # (the only defence of a "not lose" puzzle may hold a draw)
        return W("solution.game_drawn", reason=W(f"solution.reason.{DETAILS[out.detail]}"))
    winner = out.winners[0]
    reason = out.reason.value
    if reason == "arrested":
        why = W("solution.reason.arrested", loser=names[1 - winner])
    elif reason == "full_herd":
        herd = s.to_json()["state"]["players"][winner]["herd"]
        full = next(c for c in g.content.cattle if herd.get(c.id, 0) >= c.count)
        why = W("solution.reason.full_herd", winner=names[winner], n=full.count, colour=cattle_name(g.content, full.id, W.lang))
    else:
        why = W(f"solution.reason.{DETAILS[out.detail]}")
    return W("solution.game_over", winner=names[winner], reason=why)


def puzzle_lines(g: Any, state: Any, W: BookWords) -> list[str]:
    """What a puzzle page says beside its diagram: nothing more (the range and both herds are drawn)."""
    return []


def turning_lines(g: Any, state: Any, W: BookWords) -> list[str]:
    """A turning point's position beside its diagram: as a puzzle's, nothing more (the range and both herds are drawn)."""
    return puzzle_lines(g, state, W)


def puzzle_book(lang: str, game: str, count: int) -> dict[str, str]:
    """The book's puzzle texts: the cover's paragraph, how to set one up and what to find, the puzzles'
    opening page and the solutions' introduction."""
    return {
        "cover": text_say(lang, "sheets", "book.cover.puzzles.text", puzzles=[None] * count),
        "setup": text_say(lang, "sheets", "book.howto.puzzles.setup", game=game),
        "find": text_say(lang, "sheets", "book.howto.puzzles.find", game=game),
        "intro": text_say(lang, "book", "puzzles_intro"),
        "solutions": text_say(lang, "sheets", "book.solutions.intro"),
    }


def puzzle_made(lang: str, file: str, command: str) -> str:
    """How the puzzle file was made, for the book's cover."""
    return text_say(lang, "book", "cover.made_puzzles", file=file, command=command)


def puzzle_intro(lang: str, me: str, other: str, turns: int, chance: bool) -> str | None:
    """None: the referee tells a puzzle with its common line (whom you play, how many turns to win in)."""
    return None
