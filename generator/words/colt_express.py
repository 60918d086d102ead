"""Colt Express in words, in any language: the complete rules and the player aid (the kit prints them,
the referee's `rules` shows them), from content: templates/sheets/colt_express_*.md.j2 with the words of
templates/<lang>/sheets.yaml and colt_express.yaml.
"""

from __future__ import annotations

from typing import Any

from ..schema.colt_express import Content
from .book import BookWords
from .templates import render_template
from .text import Texts, named, printed, text_in
from .text import say as text_say

DIAGRAM_PLAYERS = 4  # the rules' setup diagram shows the train for this many players (render/colt_express.py draws it)


def sheet_values(c: Content, lang: str) -> dict:
    """What the rules and aid templates print besides content: names in the language."""
    T = Texts(lang, "colt_express")
    return dict(
        c=c, turn_names=T.raw("turns"), card_names={a.id: printed(a.name, c, lang=lang) for a in c.action_cards},
        pt=lambda text: printed(text, c, lang=lang),
        bandits={ch.id: named(T, "bandits", ch.id, ch.name) for ch in c.characters},
        colours={ch.id: named(T, "colours", ch.id, ch.colour.name) for ch in c.characters},
        symbols=T.raw("symbols"),
    )


def round_values(c: Content, lang: str) -> dict:
    """The round cards as the rules list them: one row per card name with its turns for 2-4 and 5-6
    players and its event; the train-station cards' turns and events."""
    T = Texts(lang, "colt_express")
    rows: dict[str, dict] = {}
    for rc in c.round_cards:
        if rc.deck == "station":
            continue
        row = rows.setdefault(rc.name["en"], {"name": printed(rc.name, c, lang=lang), "event": T("round.no_event")})
        row[rc.deck] = "\u00a0".join(rc.turns)  # a card's turns stay on one line
        if rc.event:
            row["event"] = printed(c.event(rc.event).name, c, lang=lang)
    stations = [rc for rc in c.round_cards if rc.deck == "station"]
    return dict(
        round_rows=[(r["name"], r.get("2-4", "-"), r.get("5-6", "-"), r["event"]) for r in rows.values()],
        rounds_24=sum(1 for rc in c.round_cards if rc.deck == "2-4"),
        rounds_56=sum(1 for rc in c.round_cards if rc.deck == "5-6"),
        stations=len(stations),
        station_turns=" ".join(dict.fromkeys(" ".join(rc.turns) for rc in stations)),
        station_events=[printed(c.event(rc.event).name, c, lang=lang) for rc in stations if rc.event],
    )


def reference_markup(c: Content, lang: str = "en", with_summary: bool = True) -> str:
    """The complete rules (setup with its diagram, a round, every card and event, the end with a worked
    example, the options in force), from content; the kit leaves out the summary its cover already says."""
    return render_template(
        "colt_express_reference.md.j2", lang, **sheet_values(c, lang), **round_values(c, lang),
        purses=sum(pv.count for pv in c.loot.purses.values), diagram_players=DIAGRAM_PLAYERS,
        with_summary=with_summary,
    )


rules_markup = reference_markup


def aid_markup(c: Content, lang: str = "en") -> str:
    """The player aid: a round in short (on the back of each character card)."""
    return render_template("colt_express_aid.md.j2", lang, **sheet_values(c, lang))


def glossary(c: Content, options: dict, lang: str, players: int | None = None) -> list[tuple[str, str, str, tuple]]:
    """What `help NAME` explains at the table: every character, event, card, round card (of this player
    count) and turn, as (kind, title, text, other names a person may type for it)."""
    out: list[tuple[str, str, str, tuple]] = []
    for ch in c.characters:
        out.append(("character", ch.name, text_in(ch.text, lang), (ch.id,)))
    for e in c.events:
        out.append(("event", text_in(e.name, lang), text_in(e.text, lang), (e.id, e.name.get("en"))))
    for a in c.action_cards:
        out.append(("card", text_in(a.name, lang), text_in(a.text, lang), (a.id, a.name.get("en"))))
    R = Texts(lang, "referee")  # the bullet cards named as the table names them; the English names may be typed too
    out.append(("card", R("colt_express.bullet_short"), text_in(c.bullets.text, lang), ("bullet", "bullet card", "bullets")))
    out.append(("card", R("colt_express.bullet_neutral"), text_in(c.bullets.neutral_text, lang), ("neutral", "neutral bullet")))
    for r in c.round_cards:
        if players is not None and not r.players_fit(players):
            continue
        event = text_in(c.event(r.event).name, lang) if r.event else "-"
        out.append(("round", text_in(r.name, lang), f"{' '.join(r.turns)} · {event} ({r.deck})", (r.id,)))
    T = Texts(lang, "colt_express")
    for letter in "NTSR":
        out.append(("turn", f"{letter}: {T.name('turns', letter)}", Texts(lang, "referee")(f"turn_help.{letter}"),
                    (letter, T.name("turns", letter))))
    return out


# --- names, and the scenario book ---------------------------------------------------------------


def bandit_name(content: Content, i: int, lang: str) -> str:
    """Character i's bandit as the kit names it in `lang`."""
    ch = content.characters[i]
    return named(Texts(lang, "colt_express"), "bandits", ch.id, ch.name)


def book_seat_names(g: Any, sc: Any, data: dict, W: BookWords, default: list[str]) -> list[str]:
    """How a scenario page names the seats: by the bandits each seat plays (chosen at setup), else as
    the scenario's seats are named."""
    chosen = data.get("chosen", [])
    out = []
    for s in range(sc.players):
        own = [bandit_name(g.content, i, W.lang) for b, i in enumerate(chosen) if b % sc.players == s and i is not None and i >= 0]
        out.append(W("and").join(own) if own else default[s])
    return out


def book_setup_lines(g: Any, sc: Any, data: dict, names: list[str], W: BookWords) -> list[str]:
    """The scenario page's setup line of this game: who plays first."""
    return [W("scenario.first_colt", first=names[data["first"]])]


# --- puzzles (scenarios/colt_express_puzzles.py) ---------------------------------------------------


def puzzle_seat_names(g: Any, lang: str, state: Any = None) -> list[str]:
    """How a puzzle names the seats: by the bandit each plays (one bandit a seat: puzzles seat 3)."""
    chosen = list(state.chosen) if state is not None else list(range(len(g.content.characters)))
    return [bandit_name(g.content, i, lang) for i in chosen]


def puzzle_title(g: Any, state: Any, lang: str, chance: bool = False) -> str:
    """A puzzle's title: the last round, whose money to make (no best-chance puzzles: `chance` is never set)."""
    me = state.current_player
    return text_say(lang, "colt_express", "puzzle.title", name=bandit_name(g.content, state.chosen[me], lang))


def puzzle_short_name(g: Any, seat: int, lang: str, state: Any = None) -> str:
    return puzzle_seat_names(g, lang, state)[seat]


def solution_steps(pz: Any, g: Any, state: Any, W: BookWords) -> list[str]:
    """The solution move by move: who does what, in notation (the referee's words for each move)."""
    s = state.clone()
    names = [bandit_name(g.content, i, W.lang) for i in s.chosen]
    steps = []
    for text in pz.solution:
        who = names[s.current_player]
        s.play(text)
        steps.append(text_say(W.lang, "colt_express", "puzzle.step", who=who, notation=text))
    scores = s.result().scores
    steps.append(text_say(W.lang, "colt_express", "puzzle.end", money=", ".join(
        f"{names[i]} {W.money(v)}" for i, v in enumerate(scores))))
    return steps


def turning_lines(g: Any, state: Any, W: BookWords) -> list[str]:
    """What a turning-point scenario's page shows beside the train: as a puzzle's, but each deck's cards
    without their order (the decks are shuffled again before they are drawn from)."""
    return puzzle_lines(g, state, W, shuffled=True)


def puzzle_lines(g: Any, state: Any, W: BookWords, shuffled: bool = False) -> list[str]:
    """What a puzzle page shows beside the train: everything on the table, the hidden cards included:
    the round and the turns left, the pile, your hand and deck, each bot's deck in order (`shuffled`: its
    cards only), the loot."""
    c, cfg, lang = g.content, state.cfg, W.lang

    def T(key: str, **values: Any) -> str:
        return text_say(lang, "colt_express", f"puzzle.{key}", **values)

    names = puzzle_seat_names(g, lang, state)
    me = state.current_player
    sep = text_say(lang, "book", "list_sep")

    def card(code: int) -> str:
        return (printed(c.action_cards[code % 6].name, c, lang=lang) or "") if code < 99 else T("bullet")

    def cards(codes: list[int]) -> str:
        return sep.join(card(x) for x in codes) if codes else T("none")

    rc = cfg.round_cards[state.card_idx]
    event = c.event(rc.event) if rc.event else None
    lines = [T("round", n=state.round_no, rounds=cfg.rounds, card=text_in(rc.name, lang),
               event=printed(event.text, c, lang=lang) if event else "")]
    left = [T("step_down", who=names[s]) if down else names[s] for s, down in state.steps[state.step:]]
    lines.append(T("steps", steps=sep.join(left)))
    pile = [T("pile_card", who=names[cfg.owner[b]], card=card(code), down=down) for code, b, down in state.pile]
    lines.append(T("pile", cards=sep.join(pile)) if pile else T("pile_empty"))
    for s in range(state.num_players):  # the bots play open hands: every hand is on the table
        lines.append(T("hand", who=names[s], cards=cards(list(state.hand[s])), you=s == me))
        if shuffled:
            lines.append(T("deck_shuffled", who=names[s], cards=cards(sorted(state.deck[s])), you=s == me))
        else:
            lines.append(T("deck", who=names[s], cards=cards(list(reversed(state.deck[s]))), you=s == me))
    for spot, purses in enumerate(state.spot_purses):
        if purses or state.spot_jewels[spot] or state.spot_boxes[spot]:
            lines.append(T("spot", car=spot // 2, roof=spot % 2 == 1, purses=sep.join(W.money(v) for v in purses),
                           jewels=state.spot_jewels[spot], boxes=state.spot_boxes[spot]))
    money = sep.join(T("money_of", who=names[b], money=W.money(state.loot_value(b))) for b in range(len(names)))
    lines.append(T("money", money=money, jewel=W.money(cfg.jewel_value), box=W.money(cfg.box_value),
                   bonus=W.money(cfg.gunslinger_bonus)))
    return lines


def puzzle_book(lang: str, game: str, count: int) -> dict[str, str]:
    """The book's puzzle texts: the cover's paragraph, how to set one up and what to find, the puzzles'
    opening page and the solutions' introduction."""
    return {key: text_say(lang, "colt_express", f"puzzle.book.{key}", count=count, game=game)
            for key in ("cover", "setup", "find", "intro", "solutions")}


def puzzle_made(lang: str, file: str, command: str) -> str:
    """How the puzzle file was made, for the book's cover."""
    return text_say(lang, "colt_express", "puzzle.book.made", file=file, command=command)


def puzzle_intro(lang: str, me: str, other: str, turns: int, chance: bool) -> str | None:
    """None: the referee tells a puzzle with its common line (whom you play, how many turns to win in)."""
    return None
