"""The Way Out West rules in words, in any language, under given option values: the option-dependent
sentences of the reference sheet, the board's action chart, the player aid and the referee's help,
so no printed sentence is one an option changes.

Worded by templates/<lang>/way_out_west.yaml under `rules:`, so that a translation is a text file
(tests/words/test_way_out_west.py pins the English sentences under every option value). Pure
functions of content and an options dict.
"""

from __future__ import annotations

from typing import Any

from ..engine.way_out_west import WayOutWestGame
from ..schema.way_out_west import Content
from .book import BookWords
from .templates import render_template
from .text import Texts, named, printed
from .way_out_west_talk import TableWords, capital, colour_word

DIAGRAM_PLAYERS = 3  # the rules' setup diagram shows an opening for this many players (render/way_out_west.py draws it)


def _t(lang: str) -> Texts:
    return Texts(lang, "way_out_west")


def _say(lang: str, key: str, c: Any, opts: dict[str, Any], **values: Any) -> str:
    return _t(lang)(f"rules.{key}", c=c, opt=opts, g=c.gunfight, **values)


def box_count_text(box: Any, players: range, by_players: bool, lang: str = "en") -> str:
    T = _t(lang)
    counts = [box.box_count(n, by_players) for n in players]
    extra = []
    for i, n in enumerate(players):
        if i and counts[i] != counts[i - 1]:
            if n == players[-1]:
                extra.append(T("rules.box_count_with", count=counts[i], span=T("rules.span", n=n)))
            else:
                extra.append(T("rules.box_count_with_plus", count=counts[i], n=n))
    return T("rules.box_count", first=counts[0], extra=extra)


def cost_text(box: Any, lang: str = "en") -> str:
    T = _t(lang)
    if box.cost == 0:
        return T("rules.cost_free")
    return T("rules.cost_each" if box.cost_per == "unit" else "rules.cost", cost=box.cost)


def _units(box: Any, noun: str, lang: str) -> str:
    T = _t(lang)
    text = T("rules.units", u=box.units, noun=T(f"rules.noun.{noun}"), nouns=T(f"rules.noun.{noun}_plural"))
    return capital(text)


def box_effect(c: Any, options: dict[str, Any], box: Any, lang: str = "en") -> str:
    """The effect of an action box as printed: content's text plus what the options say."""
    text = printed(box.effect, c, options, lang)
    noun = {"buy-cattle": "cattle", "move-cattle": "cattle", "hire": "cowboy", "move-cowboys": "cowboy"}.get(box.id)
    if noun is not None:
        return _say(lang, f"effect.{box.id}", c, options, text=text, units=_units(box, noun, lang))
    return _say(lang, "effect.building" if box.building is not None else "effect.other", c, options, text=text)


def rounds_text(c: Any, options: dict[str, Any], lang: str = "en") -> str:
    T = _t(lang)
    if options["rounds"] == "by_players":
        by: dict[int, list[int]] = {}
        for n, r in sorted(c.rounds_by_players.items()):
            by.setdefault(r, []).append(n)
        parts = []
        for r, ns in sorted(by.items(), key=lambda kv: kv[1][0]):
            who = f"{ns[0]}-{ns[-1]}" if len(ns) > 1 else str(ns[0])
            parts.append(T("rules.rounds_by", r=r, who=who))
        return ", ".join(parts)
    return T("rules.rounds", n=c.rounds)


def gunfight_lines(c: Any, options: dict[str, Any], lang: str = "en") -> list[str]:
    keys = ["target", "fighters", "farmers", f"undefended.{options['undefended_target']}", "shoot", "retreat", "winner"]
    return [_say(lang, f"gunfight.{k}", c, options) for k in keys]


def option_lines(c: Any, options: dict[str, Any], lang: str = "en") -> list[str]:
    """Short reminders of the rules in force, for the referee's help."""
    T = _t(lang)
    players = range(c.game.players.min, c.game.players.max + 1)
    by_players = options["box_counts"] == "by_players"
    boxes = {b.id: named(T, "boxes", b.id, b.name) for b in c.action_boxes}

    def say(key: str, **values: Any) -> str:
        return _say(lang, f"help.{key}", c, options, **values)

    lines = [say("length", rounds=rounds_text(c, options, lang), income=c.income_rounds),
             f"{T('rules.bid_head')}: {_say(lang, 'bid', c, options)}",
             say("boxes", boxes=[say("box", name=boxes[b.id], count=box_count_text(b, players, by_players, lang),
                                     cost=cost_text(b, lang)) for b in c.action_boxes])]
    lines += [say("effect", name=boxes[b.id], effect=box_effect(c, options, b, lang))
              for b in c.action_boxes if b.id in ("buy-cattle", "move-cowboys", "move-cattle")]
    lines.append(say("build", limits=_say(lang, "limits", c, options)))
    lines.append(say("income", bank=_say(lang, "bank", c, options), stagecoach=_say(lang, "stagecoach", c, options)))
    lines.extend(gunfight_lines(c, options, lang))
    lines.extend(_say(lang, key, c, options) for key in ("majority", "bonus", "tie"))
    return lines


def sheet_texts(c: Any, options: dict[str, Any], lang: str = "en") -> dict[str, Any]:
    """Everything the reference sheet template prints that an option or a content number decides."""
    T = _t(lang)
    players = range(c.game.players.min, c.game.players.max + 1)
    by_players = options["box_counts"] == "by_players"
    return {
        "options": dict(options),
        "rounds": rounds_text(c, options, lang),
        "last_round": T("rules.last_round_by") if options["rounds"] == "by_players" else T("rules.last_round", n=c.rounds),
        "costs": {b.id: cost_text(b, lang) for b in c.action_boxes},
        "boxes": {b.id: box_count_text(b, players, by_players, lang) for b in c.action_boxes},
        "effects": {b.id: box_effect(c, options, b, lang) for b in c.action_boxes},
        "buildings": {b.id: printed(b.effect, c, options, lang) for b in c.buildings},
        "bank": capital(_say(lang, "bank", c, options)),
        "stagecoach": _say(lang, "stagecoach", c, options),
        "gunfight": gunfight_lines(c, options, lang),
        "majority": _say(lang, "majority", c, options),
        "bid": f"{T('rules.bid_head')}: {_say(lang, 'bid', c, options)}",
        "bid_head": T("rules.bid_head"),
        "bid_body": _say(lang, "bid", c, options),
        "limits": _say(lang, "limits", c, options),
        "bonus": _say(lang, "bonus", c, options),
        "tie": _say(lang, "tie", c, options),
        "towns": {t.id: named(T, "towns", t.id, t.name) for t in c.towns},
        "buildings_named": {b.id: named(T, "buildings", b.id, b.name) for b in c.buildings},
        "boxes_named": {b.id: named(T, "boxes", b.id, b.name) for b in c.action_boxes},
        "summary": printed(c.game.summary, c, options, lang),
    }


def setup_cowboys(c: Content) -> int:
    """Cowboys each player places before the first round: the engine's number (it is not in content)."""
    return WayOutWestGame(c).rules.setup_cowboys


def reference_markup(c: Content, options: dict | None = None, lang: str = "en", with_summary: bool = True) -> str:
    """The complete rules under `options` (the content defaults unless given): setup with its diagram,
    a round, every action and building, income and scoring with worked examples, the options in force;
    the kit leaves out the summary its cover already says."""
    opts = dict(c.option_defaults(), **(options or {}))
    example = next((t.id for t in c.towns if t.spaces >= 4), c.towns[-1].id)  # a town with room for 4 buildings
    return render_template(
        "way_out_west_reference.md.j2", lang, c=c, t=sheet_texts(c, opts, lang), setup_cowboys=setup_cowboys(c),
        ex_town=example, diagram_players=DIAGRAM_PLAYERS, with_summary=with_summary)


def rules_markup(c: Content, lang: str = "en", with_summary: bool = True) -> str:
    """The complete rules under the content's option defaults (`reference_markup` with no options)."""
    return reference_markup(c, None, lang, with_summary)


def aid_markup(c: Content, lang: str = "en") -> str:
    """The player aid (one per player), under the content's default options."""
    return render_template("way_out_west_aid.md.j2", lang, c=c, t=sheet_texts(c, c.option_defaults(), lang))


def glossary(c: Content, options: dict, lang: str, players: int | None = None) -> list[tuple[str, str, str, tuple]]:
    """What `help NAME` explains at the table: every building, action box and town, and the words the bot
    sheets define (outgunned, fighters ...: the referee's reason for a table's choice says them), as
    (kind, title, text, other names a person may type for it)."""
    t = sheet_texts(c, options, lang)
    out: list[tuple[str, str, str, tuple]] = []
    T = _t(lang)  # titles as the kit names them in `lang`; the English names may be typed too
    for b in c.buildings:
        out.append(("building", named(T, "buildings", b.id, b.name), f"${b.cost}. {t['buildings'][b.id]}", (b.id, b.name)))
    for box in c.action_boxes:
        out.append(("action", named(T, "boxes", box.id, box.name), f"{t['costs'][box.id]}; {t['boxes'][box.id]}. {t['effects'][box.id]}",
                    (box.id, box.name)))
    for town in c.towns:
        out.append(("town", town_label(c, town, lang), Texts(lang, "referee")("town_help", number=town.number, spaces=town.spaces,
                                                                              corrals=town.corrals), (town.id, town.name)))
    for term in c.terms.values():  # the bot sheets' own words, which the referee's reasons for a table's choice also use
        word = term.word.get(lang, term.word["en"])
        out.append(("word", word, printed(term.definition, c, lang=lang) or "", (term.word["en"], term.matched(lang))))
    return out


# --- names, and the scenario book ---------------------------------------------------------------


def colour_name(game: Any, seat: int, lang: str = "en") -> str:
    """A player colour's name in `lang`: the hue its pieces print, as the kit's key names it (content
    colours[].printed), capitalised as a name ('Orange' for the pieces the rules call red)."""
    return colour_word(game.content.colours[seat], lang)


def town_label(content: Content, town: Any, lang: str) -> str:
    """A town as the kit names it in `lang`."""
    return named(_t(lang), "towns", town.id, town.name)


def book_seat_names(g: Any, sc: Any, data: dict, W: BookWords, default: list[str]) -> list[str]:
    """How a scenario page names the seats: as the scenario's seats are named (their colours)."""
    return default


def book_setup_lines(g: Any, sc: Any, data: dict, names: list[str], W: BookWords) -> list[str]:
    """The scenario page's setup line of this game: the turn order."""
    ids = [c.id for c in g.content.colours]
    return [W("scenario.order", order=W("list_sep").join(colour_name(g, ids.index(cid), W.lang) for cid in data["order"]))]


# --- puzzles (scenarios/way_out_west_puzzles.py) ---------------------------------------------------


def _pz(lang: str, key: str, **values: Any) -> str:
    return _t(lang)(f"puzzle.{key}", **values)


def puzzle_seat_names(g: Any, lang: str, state: Any = None) -> list[str]:
    """How a puzzle names the seats: by their colours."""
    n = state.num_players if state is not None else len(g.content.colours)
    return [colour_name(g, seat, lang) for seat in range(n)]


def puzzle_intro(lang: str, me: str, other: str, turns: int, chance: bool) -> str:
    """What the referee tells before a puzzle: whom you play against, and what to find (the sure action, or
    the one with the best chance)."""
    return _pz(lang, "intro_chance" if chance else "intro", me=me, other=other, turns=turns)


def puzzle_title(g: Any, state: Any, lang: str, chance: bool = False) -> str:
    """A puzzle's title: the last round, whose game to win (or, `chance`, whose best chance to find)."""
    return _pz(lang, "title_chance" if chance else "title", name=colour_name(g, state.current_player, lang))


def puzzle_short_name(g: Any, seat: int, lang: str, state: Any = None) -> str:
    return colour_name(g, seat, lang)


def solution_steps(pz: Any, g: Any, state: Any, W: BookWords) -> list[str]:
    """The solution move by move, in the referee's words for each move (with its notation), what the dice
    did on the way (as the referee tells the engine's log), and the final score."""
    talk = TableWords(g.content, W.lang)
    s = state.clone()
    steps = []
    if getattr(pz, "chance", None) is not None:  # a best-chance puzzle: the chances first
        steps.append(_pz(W.lang, "chance", best=f"{pz.chance.best:.0%}"[:-1], next=f"{pz.chance.next:.0%}"[:-1]))
    for text in pz.solution:
        before = len(s.log)
        said = talk.move(s, s.parse(text))
        s.play(text)
        steps.append(_pz(W.lang, "step", text=said, notation=text))
        steps += [_pz(W.lang, "told", text=talk.log(line)) for line in s.log[before:] if _dice_line(line)]
    names = puzzle_seat_names(g, W.lang, s)
    scores = s.result().scores
    steps.append(_pz(W.lang, "end", scores=W("list_sep").join(_pz(W.lang, "score_of", who=names[i], vp=int(v))
                                                               for i, v in enumerate(scores))))
    return steps


def _dice_line(line: str) -> bool:
    """A log line worth printing under a solution's move: what a gunfight's dice and a robbery did."""
    return " rolls " in line or " falls" in line or " robs " in line or " holds " in line or " seizes " in line \
        or " steals " in line or "torn down" in line or "leaves the game" in line


def puzzle_lines(g: Any, state: Any, W: BookWords) -> list[str]:
    """What a puzzle page shows beside the towns: the round, the markers still to place in order, the
    action boxes already taken, every player's buildings and farmer left, the wanted posters left."""
    lang, R, c = W.lang, state.rules, g.content
    sep = W("list_sep")
    names = puzzle_seat_names(g, lang, state)
    me = state.current_player
    n = state.num_players
    lines = [_pz(lang, "round", n=state.round, rounds=R.rounds_for[n])]  # the title says "last round"; its income and the count follow by the rules
    left = [state.order[k % n] for k in range(state.step, 2 * n)]
    lines.append(_pz(lang, "markers", who=sep.join(_pz(lang, "you", name=names[p]) if p == me else names[p] for p in left)))
    caps = R.box_caps[n]
    taken = [_pz(lang, "box_taken", box=W.name("boxes", box.id, box.name), used=used, cap=caps[i])
             for i, (box, used) in enumerate(zip(c.action_boxes, state.boxes_used)) if used]
    lines.append(_pz(lang, "taken", boxes=sep.join(taken)) if taken else _pz(lang, "none_taken"))
    return lines + _supplies(g, state, W)


def turning_lines(g: Any, state: Any, W: BookWords) -> list[str]:
    """What a turning-point scenario's page tells beside the towns (which show the money, cowboys, cattle and
    posters held): the round about to be bid for, every player's VP if the game ended now by source, their
    buildings and farmer left, the wanted posters left (no marker is placed yet)."""
    R, n = state.rules, state.num_players
    names = puzzle_seat_names(g, W.lang, state)
    sep = W("list_sep")
    standing = []
    for row in state.score_sheet():  # each player's VP if the game ended now, source by source
        parts = [_pz(W.lang, "vp_part", what=_pz(W.lang, f"vp_source.{k}"), n=v) for k, v in row["vp"].items() if v]
        standing.append(_pz(W.lang, "vp_now", who=names[row["seat"]], vp=row["total"], parts=sep.join(parts)))
    return [_pz(W.lang, "turning_round", n=state.round, rounds=R.rounds_for[n], income=state.round in R.income_rounds),
            *standing, *_supplies(g, state, W)]


def _supplies(g: Any, state: Any, W: BookWords) -> list[str]:
    """Every player's buildings and farmer left in supply, and the wanted posters left."""
    lang, c = W.lang, g.content
    sep = W("list_sep")
    names = puzzle_seat_names(g, lang, state)
    me = state.current_player
    lines = []
    for p in range(state.num_players):
        kinds = [_pz(lang, "building_left", building=W.name("buildings", b.id, b.name), n=state.bsup[p][i])
                 for i, b in enumerate(c.buildings) if state.bsup[p][i]]
        lines.append(_pz(lang, "supply", who=names[p], buildings=sep.join(kinds) if kinds else _pz(lang, "no_buildings"),
                         farmer=state.farmsup[p], you=p == me))
    lines.append(_pz(lang, "posters", n=state.poster_sup))
    return lines


def puzzle_book(lang: str, game: str, count: int) -> dict[str, str]:
    """The book's puzzle texts: the cover's paragraph, how to set one up and what to find, the puzzles'
    opening page and the solutions' introduction."""
    return {key: _pz(lang, f"book.{key}", count=count, game=game) for key in ("cover", "setup", "find", "intro", "solutions")}


def puzzle_made(lang: str, file: str, command: str) -> str:
    """How the puzzle file was made, for the book's cover."""
    return _pz(lang, "book.made", file=file, command=command)
