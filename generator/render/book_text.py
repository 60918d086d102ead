"""The scenario book's words in one language (issue 20): `Words` binds templates/<lang>/book.yaml, the
scenario vocabulary's texts and the content names the kit prints in that language; from them the
titles of scenarios and puzzles, the puzzle solutions told move by move (from the engine's facts about
each action, `State.facts`) and how each scenario file was made.
"""

from __future__ import annotations

from typing import Any

from ..scenarios.generate import title_of
from ..scenarios.vocab import bot_words, money, vocabulary
from ..scenarios.way_out_west import colour_name
from ..schema.scenarios import Puzzle, Scenario
from ..words.text import Texts, named


class Words:
    """The book's texts in one language: its fixed texts (templates/<lang>/book.yaml), the scenario
    vocabulary's, and the content names the kit prints in that language."""

    def __init__(self, game: str, lang: str):
        self.game, self.lang = game, lang
        self.T = Texts(lang, "book")
        self.G = Texts(lang, game)

    def __call__(self, key: str, **values: Any) -> str:
        return self.T(key, **values)

    def pct(self, x: float) -> str:
        return self.T("percent", n=f"{x:.0%}"[:-1])  # as Python rounds a percentage

    def money(self, n: float) -> str:
        return money(n, self.lang)

    def text(self, name: Any) -> str:
        """A content text {en, es, ja} (or a plain name) in this language."""
        return name.get(self.lang, name["en"]) if isinstance(name, dict) else str(name)

    def outlaws(self, g: Any) -> list[str]:
        return [named(self.G, "outlaws", o.id, o.name) for o in sorted(g.content.outlaws, key=lambda o: o.seat)]

    def outlaw_short(self, g: Any, seat: int) -> str:
        o = sorted(g.content.outlaws, key=lambda o: o.seat)[seat]
        return named(self.G, "outlaws_short", o.id, o.name.split()[-1])

    def location(self, g: Any, lid: str) -> str:
        return named(self.G, "locations", lid, g.location_names[g.location_of[lid]])

    def cattle(self, content: Any, colour: str) -> str:
        return next(self.text(c.name) for c in content.cattle if c.id == colour)

    def bandit(self, content: Any, i: int) -> str:
        ch = content.characters[i]
        return named(self.G, "bandits", ch.id, ch.name)

    def town(self, content: Any, town: Any) -> str:
        return named(self.G, "towns", town.id, town.name)

    def colour(self, g: Any, seat: int) -> str:
        return colour_name(g, seat, self.lang)

    def bot(self, spec: str) -> str:
        """How a seat is named on a page: 'decision table, normal level', 'MCTS, 200 iterations'."""
        return bot_words(spec, self.lang)


# --- titles ------------------------------------------------------------------------------------


def scenario_title(game: str, sc: Scenario, g: Any, lang: str) -> str:
    """The scenario's title composed in `lang` from its data (twists, objective, bots), whole."""
    return title_of(sc, vocabulary(game), g, lang, limit=None)


def puzzle_title(pz: Puzzle, g: Any, state: Any, W: Words) -> str:
    return W("puzzle.title", name=W.outlaw_short(g, state.to_json()["state"]["to_move"]))


# --- puzzle solutions and the cover's lines ------------------------------------------------------


DETAILS = {"more money": "more_money", "equal money, more cattle": "more_cattle", "equal money: a draw": "draw"}


def _sentence(s: Any, action: Any, g: Any, W: Words) -> str:
    """One Longhorn action in the book's language, from the engine's facts about it."""
    kind, f = s.facts(action)
    if kind == "other":
        return f["text"]
    names = W.outlaws(g)
    values = dict(f)
    values["who"] = names[f["who"]] if f["who"] is not None else "-"
    if "opp" in f:
        values["opp"] = names[f["opp"]]
    if "place" in f:
        values["place"] = W.location(g, f["place"])
    if "colour" in f:
        values["colour"] = W.cattle(g.content, f["colour"])
    return W(f"solution.{kind}", **values)


def solution_steps(pz: Puzzle, g: Any, state: Any, W: Words) -> list[str]:
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
        current.append(W("solution.step", text=_sentence(s, action, g, W), notation=text))
        s.apply(action)
        if type(action).__name__ == "Move":
            steps.append(" ".join(current))
            current = []
    if current:
        steps.append(" ".join(current))
    steps.append(_game_over(s, g, W))
    return steps


def _game_over(s: Any, g: Any, W: Words) -> str:
    out = s.result()
    names = W.outlaws(g)
    winner = out.winners[0]
    reason = out.reason.value
    if reason == "arrested":
        why = W("solution.reason.arrested", loser=names[1 - winner])
    elif reason == "full_herd":
        herd = s.to_json()["state"]["players"][winner]["herd"]
        full = next(c for c in g.content.cattle if herd.get(c.id, 0) >= c.count)
        why = W("solution.reason.full_herd", winner=names[winner], n=full.count, colour=W.cattle(g.content, full.id))
    else:
        why = W(f"solution.reason.{DETAILS[out.detail]}")
    return W("solution.game_over", winner=names[winner], reason=why)


def made_line(made: dict, W: Words) -> str:
    """How a scenario file was made, in the book's language: composed for the files Saloon makes (the
    generator's proxy, the puzzle search), the file's own note otherwise."""
    if made["kind"] == "generated":
        return W("cover.made_generated", file=made["file"], command=made["command"], proxy=made["proxy"],
                 label=W.bot(made["proxy"]))
    if made["kind"] == "puzzles":
        return W("cover.made_puzzles", file=made["file"], command=made["command"])
    return W("cover.made", file=made["file"], command=made["command"], note=made["note"])
