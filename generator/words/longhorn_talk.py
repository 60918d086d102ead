"""Longhorn at the referee's table, in any language: the sentence told for a move and for each entry
of the engine's log, from their data (the engine's own sentences are English: an English table tells
them as they are). Moves are worded as the scenario book words a puzzle's solution (book.yaml
`solution.*`); the log's events by the referee's text file (referee.yaml `longhorn.log.*`).

The log entries carry the facts a sentence needs (`token`, `value`, `cell`, `outlaw`, `cows`); what
one leaves out (which way a token's effect went, the cells a branding iron took from) is read from the
entry's own sentence, whose forms are fixed by engine/longhorn/narration.py."""

from __future__ import annotations

import re
from typing import Any

from .book import BookWords
from .longhorn import DETAILS, cattle_name, solution_sentence
from .text import Texts, named, text_in


def move_sentence(state: Any, action: Any, lang: str) -> str:
    """What `action` does in `state`, in `lang` (as the scenario book tells a solution's moves)."""
    return solution_sentence(state, action, state.game, BookWords("longhorn", lang))


class LogWords:
    """The log entries of a Longhorn game in one language, from the game's content."""

    def __init__(self, content: Any, lang: str):
        self.content = content
        self.lang = lang
        self.T = Texts(lang, "referee")
        G = Texts(lang, "longhorn")
        self.places = {loc.name: named(G, "locations", loc.id, loc.name) for loc in content.locations}
        self.outlaws = {o.name: named(G, "outlaws", o.id, o.name) for o in content.outlaws}
        self.tokens = {t.kind: text_in(t.name, lang) for t in content.tokens}
        self.tokens_en = {text_in(t.name, "en"): t.kind for t in content.tokens}

    def colour(self, colour: str) -> str:
        return cattle_name(self.content, colour, self.lang)

    def where(self, text: str) -> str:
        """"Nugget Hill (A2)" in this language."""
        m = re.fullmatch(r"(.+) \((\w\d)\)", text.strip())
        return self.T("longhorn.log.where", place=self.places.get(m[1], m[1]), cell=m[2]) if m else text

    def who(self, name: str) -> str:
        return self.outlaws.get(name, name)

    def sentence(self, entry: dict) -> str:
        kind, text = entry.get("kind"), str(entry.get("text", ""))
        L = "longhorn.log."
        if kind == "token":
            return self._token(entry, text)
        if kind == "discarded":
            m = re.fullmatch(r"The (?:\$(\d+) )?(.+) at (.+) leaves the game with its last cow\.", text)
            if m:
                return self.T(L + "discarded", value=m[1], token=self.tokens.get(entry.get("token", ""), m[2]), where=self.where(m[3]))
        if kind == "branded":
            m = re.fullmatch(r"No neighbouring ranch has (\w+) cattle to brand\.", text)
            if m:
                return self.T(L + "branded_none", colour=self.colour(m[1]))
            m = re.fullmatch(r"(.+) brands (\d+) more (\w+) (?:cow|cattle): (.+)\.", text)
            if m:
                parts = [re.fullmatch(r"(\d+) at (.+)", p) for p in m[4].split(", ")]
                at = self.T(L + "list_sep").join(self.T(L + "branded_at", n=int(p[1]), where=self.where(p[2])) for p in parts if p)
                return self.T(L + "branded", who=self.who(m[1]), n=int(m[2]), colour=self.colour(m[3]), at=at)
        if kind == "nugget_drawn":
            m = re.fullmatch(r"The nugget drawn from (.+) is worth \$(\d+)\.", text)
            if m:
                return self.T(L + "nugget_drawn", opp=self.who(m[1]), value=int(m[2]))
        if kind == "end":
            if entry.get("reason") == "no_legal_move" and text.startswith("The pawn has no ranch"):
                return self.T(L + "end_stuck")
            detail = text.removeprefix("The game ends: ").rstrip(".")
            return self.T(L + "end", detail=self.detail(detail))
        return self.T(L + "unknown", text=text)  # a kind this table does not know: never silently English

    def detail(self, detail: str) -> str:
        """The outcome's detail ("more money") in this language."""
        if detail in DETAILS:
            return Texts(self.lang, "book")(f"solution.reason.{DETAILS[detail]}")
        m = re.fullmatch(r"(.+) owns all (\d+) (\w+) cattle", detail)
        if m:
            return self.T("longhorn.log.full_herd", who=self.who(m[1]), n=int(m[2]), colour=self.colour(m[3]))
        m = re.fullmatch(r"(.+) took the sheriff", detail)
        if m:
            return self.T("longhorn.log.arrested", who=self.who(m[1]))
        return self.T("longhorn.log.detail", detail=detail)

    def _token(self, entry: dict, text: str) -> str:
        L = "longhorn.log.token."
        m = re.match(r"(.+?) (?:picks up a \$\d+ gold nugget|takes the .+?) at (.+? \(\w\d\))", text)
        who = self.who(str(entry.get("outlaw", "")))
        where = self.where(m[2]) if m else str(entry.get("cell", ""))
        token = entry.get("token", "")
        values: dict[str, Any] = {"who": who, "where": where, "name": self.tokens.get(token, token), "value": entry.get("value")}
        tail = text.partition(f"{m[2]}" if m else "")[2]
        if token == "nugget":
            return self.T(L + "nugget", **values)
        if token == "sheriff":
            opp = re.search(r"arrested: (.+) wins\.", tail)
            return self.T(L + "sheriff", opp=self.who(opp[1]) if opp else "", **values)
        if token == "snake_oil":
            return self.T(L + "snake_oil", **values)
        if token == "epidemic":
            return self.T(L + ("epidemic" if "names a colour" in tail else "epidemic_none"), **values)
        if token == "branding_iron":
            colour = re.search(r"(?:its|the|has) (\w+) cattle", tail)
            c = self.colour(colour[1]) if colour else ""
            if "every neighbouring ranch" in tail:
                return self.T(L + "brand_all", colour=c, **values)
            if "cattle of one colour of one" in tail:
                return self.T(L + "brand_any", **values)
            if "now brands" in tail:
                return self.T(L + "brand_one", colour=c, **values)
            return self.T(L + "brand_none", colour=c, **values)
        if token == "ambush":
            opp = re.search(r"(?:now robs (.+)\.|(.+) has nothing to take\.)$", tail)
            name = self.who((opp[1] or opp[2]) if opp else "")
            return self.T(L + ("ambush" if "now robs" in tail else "ambush_none"), opp=name, **values)
        if token == "rattlesnake":
            return self.T(L + ("rattle" if "goes back next door" in tail else "rattle_none"), **values)
        return self.T(L + "other", **values)
