"""Colt Express's printed components, all from `generator.schema.colt_express.Content`:
the locomotive and 6 wagons (inside and roof spaces, printed loot), 60 action cards and 36 bullet
cards in the bandits' colours, 13 neutral bullets, 6 character cards, 17 round cards with their turn
patterns and events as icons, 18 purses (value on the back: they lie face down), 6 jewels,
2 strongboxes, the marshal, 6 bandit standees, and a reference sheet (templates/sheets/, its words in templates/<lang>/sheets.yaml); every fixed
word from templates/<lang>/colt_express.yaml."""

from __future__ import annotations

import math
from typing import Any

from ..schema.colt_express import Content
from ..words import colt_express as words
from ..words.text import Texts, named, printed
from . import art, keys, setup_diagrams
from . import text as tx
from .art import GOLD, GREY, INK, LEATHER, LIGHT, OKABE_ITO, PAPER, SAND, WHITE
from .book_diagrams import fit_text
from .cards import Face, Piece, back, card, text_card, token
from .geometry import CARD, SAFE, Box
from .parts import GameKit, PieceRun, SheetPart
from .painter import Painter

WAGON = (190.0, 66.0)  # four to a page; inside and roof each hold loot and every bandit's base
LOOT = (20.0, 20.0)
ROOF_H = 22.0
BOX = LOOT  # strongboxes share the loot sheet
STANDEE = (25.0, 50.0)

ACTION_ICON = {"move": "move", "floor": "change_floor", "rob": "robbery", "fire": "fire", "punch": "punch", "marshal": "marshal"}
TURN_ICON = {"N": "normal", "T": "tunnel", "S": "speed_up", "R": "switch"}
EVENT_ICON = {
    "braking": "move", "take_it_all": "strongbox", "hostage": "purse", "marshals_revenge": "marshal",
    "rebellion": "bullet", "pickpocketing": "purse", "swivel_arm": "switch", "angry_marshal": "marshal",
}
ROUND_COLOUR = {"2-4": OKABE_ITO["sky_blue"], "5-6": OKABE_ITO["orange"], "station": OKABE_ITO["reddish_purple"]}
NEUTRAL = (0.62, 0.62, 0.62)
DIAGRAM_PLAYERS = words.DIAGRAM_PLAYERS  # the rules' setup diagram shows the train for this many players


def _wagon_face(title: str, purses: int, jewels: int, strongboxes: int, locomotive: bool, T: Texts) -> Face:
    start = T("wagon.start", purses=purses, jewels=jewels, strongboxes=strongboxes)

    def draw(p, w, h):
        roof_h = ROOF_H
        # roof space
        p.rect(SAFE, h - SAFE - roof_h, w - 2 * SAFE, roof_h, (0.78, 0.72, 0.62), INK, 0.4, r=2)
        p.text(SAFE + 3, h - SAFE - 6, T("wagon.roof"), 7, INK, bold=True)
        # inside space
        ih = h - 2 * SAFE - roof_h - 9
        p.rect(SAFE, SAFE + 9, w - 2 * SAFE, ih, PAPER, INK, 0.4, r=2)
        p.text(SAFE + 3, SAFE + 9 + ih - 6, T("wagon.inside"), 7, INK, bold=True)
        size = tx.one_line(p.fonts, title, title, w / 2, 12, bold=True)
        p.text(w / 2, SAFE + 9 + ih - 7, title, size, INK, bold=True, anchor="c")
        # wheels
        for x in (SAFE + 25, SAFE + 45, w - SAFE - 45, w - SAFE - 25):
            p.circle(x, SAFE + 5, 4.5, GREY, INK, 0.3)
        # printed loot
        items = ["purse"] * purses + ["jewel"] * jewels + ["strongbox"] * strongboxes
        x = SAFE + 12
        for it in items:
            art.icon(p, it, x, SAFE + 9 + ih / 2 - 3, 11, SAND)
            x += 14
        p.text(w - SAFE - 4, SAFE + 12, start, 7, INK, anchor="r")
        if locomotive:
            art.icon(p, "locomotive", w - SAFE - 22, SAFE + 9 + ih - 10, 18, OKABE_ITO["vermillion"])  # clear of the lines below
            p.text(w - SAFE - 4, SAFE + 16, T("wagon.marshal"), 7, INK, anchor="r")

    return Face(draw, (0.55, 0.35, 0.2))


def _round_extra(c: Content, rc, name, T: Texts):
    lang = T.lang
    turn_name = T.raw("turns")

    def extra(p, x, y, w, h):
        turns = rc.turns
        n = len(turns)
        cell = min(10.5, w / n)
        x0 = x + (w - cell * n) / 2
        top = y + h
        # one size for every label on the card, the largest that fits a cell (RenderError below MIN_SIZE)
        # labels too wide for one cell at MIN_SIZE alternate between two rows, two cells wide each
        fits = all(p.fonts.width(turn_name[t], tx.MIN_SIZE) <= cell - 0.8 for t in turns)
        span = cell - 0.8 if fits else 2 * cell - 0.8
        label = min(tx.one_line(p.fonts, name, turn_name[t], span, 6.5) for t in turns)
        for i, t in enumerate(turns):
            cx = x0 + cell * (i + 0.5)
            art.icon(p, TURN_ICON[t], cx, top - 5, cell * 0.78, WHITE)
            p.text(cx, top - 12.5 - (0 if fits or i % 2 == 0 else 2.8), turn_name[t], label, INK, anchor="c")
        ey = top - 15 - (0 if fits else 2.8)
        if rc.event:
            ev = c.event(rc.event)
            art.icon(p, EVENT_ICON[ev.id], x + 5, ey - 5.5, 9, SAND)
            tx.fit_and_draw(p, name, f"**{printed(ev.name, c, lang=lang)}**", x + 11, ey - 10, w - 11, 9, 7.5, INK, valign="c")
            tx.fit_and_draw(p, name, printed(ev.text, c, lang=lang), x, y, w, ey - 12 - y, 7.5, INK, align="c", valign="c")
        else:
            tx.fit_and_draw(p, name, T("round.no_event"), x, y, w, ey - y, 8, INK, align="c", valign="c")

    return extra


def _standee(name: str, colour, sym: str, label: str, icon: str = "hat") -> Face:
    def draw(p, w, h):
        ink = art.contrast(colour)
        p.rect(1.2, 8, w - 2.4, h - 9.2, WHITE, INK, 0.3, r=1.5)
        art.icon(p, icon, w / 2, h * 0.62, w * 0.7, colour)
        size = tx.one_line(p.fonts, name, label, w - 4, 7, bold=True)
        p.text(w / 2, 11, label, size, INK, bold=True, anchor="c")
        p.line([(0.5, 7.5), (w - 0.5, 7.5)], ink, 0.2, dash=(1, 1))
        art.symbol(p, sym, w / 2, SAFE + 2.0, 1.8, colour, ink, 0.25)  # inside the 3 mm safe zone

    return Face(draw, colour)


def kit(c: Content, lang: str = "en") -> GameKit:
    T = Texts(lang, "colt_express")
    pt = lambda text: printed(text, c, lang=lang)  # noqa: E731
    title = c.game.title
    round_back = back(title, T("back.rounds"), (0.25, 0.25, 0.3), icon="locomotive",
                      motif=_rail_motif(lambda p, x, y, s: art.icon(p, "locomotive", x, y, s, OKABE_ITO["vermillion"])))
    bandit = {ch.id: named(T, "bandits", ch.id, ch.name) for ch in c.characters}
    # each bandit's deck (action and bullet cards) has a back of its colour and symbol: whose deck a card is
    # shows from behind; the neutral bullets the marshal deals have their own
    bandit_back = {ch.id: back(title, bandit[ch.id], art.hex_color(ch.colour.hex), ch.symbol, motif=_rail_motif(
        lambda p, x, y, s, sym=ch.symbol, col=art.hex_color(ch.colour.hex): art.symbol(p, sym, x, y, s / 2, col, INK, 0.4)))
        for ch in c.characters}
    neutral_back = back(title, T("neutral"), NEUTRAL, "ring", motif=_rail_motif(
        lambda p, x, y, s: art.icon(p, "bullet", x, y, s, NEUTRAL)))
    # action and bullet cards, per bandit colour
    deck = sum(a.count for a in c.action_cards)
    actions, bullets = [], []
    for ch in c.characters:
        colour = art.hex_color(ch.colour.hex)
        i = 0
        for a in c.action_cards:
            for _ in range(a.count):
                i += 1
                nm = f"action card {ch.name} {a.name['en']} {i}/{deck}"
                face = card(nm, pt(a.name), colour, ch.symbol, ACTION_ICON[a.id], pt(a.text), f"{i}/{deck}", bandit[ch.id],
                            icon_fill=SAND, index=True)
                actions.append(Piece("action card", nm, CARD, face, bandit_back[ch.id], number=f"{i}/{deck}", deck=f"actions {ch.name}",
                                     texts=(pt(a.name), bandit[ch.id], f"{i}/{deck}")))
        nb = c.bullets.per_bandit
        for b in range(1, nb + 1):  # numbered 1..N: the card on top tells how many shots are left
            nm = f"bullet card {ch.name} {b}"
            bullets.append(Piece("bullet card", nm, CARD,
                                 _bullet_face(nm, b, colour, ch.symbol, pt(c.bullets.text), bandit[ch.id], f"{b}/{nb}", T),
                                 bandit_back[ch.id], number=f"{b}/{nb}", deck=f"bullets {ch.name}", texts=(T("bullet", n=b), bandit[ch.id])))
    neutral = []
    for k in range(1, c.bullets.neutral + 1):
        nm = f"neutral bullet card {k}/{c.bullets.neutral}"
        face = card(nm, T("neutral"), NEUTRAL, "ring", "bullet", pt(c.bullets.neutral_text), f"{k}/{c.bullets.neutral}",
                    T("neutral_owner"))
        neutral.append(Piece("neutral bullet card", nm, CARD, face, neutral_back, number=f"{k}/{c.bullets.neutral}", texts=(T("neutral"),)))
    # each player's character card carries the player aid (the round in short) on its back: one aid per
    # player, on a card they hold anyway; every action card prints its own effect
    aid_md = words.aid_markup(c, lang)
    aid = text_card("player aid", T("aid.front"), aid_md, LEATHER, "", title)
    chars = []
    for k, ch in enumerate(c.characters, 1):
        colour = art.hex_color(ch.colour.hex)
        nm = f"character card {ch.name}"
        face = card(nm, bandit[ch.id], colour, ch.symbol, "hat", pt(ch.text), f"{k}/{len(c.characters)}",
                    named(T, "colours", ch.id, ch.colour.name), icon_fill=colour)
        chars.append(Piece("character card", nm, CARD, face, aid, informative_back=True, texts=(bandit[ch.id], T("aid.front"))))
    rounds = []
    for k, rc in enumerate(c.round_cards, 1):
        kind = "station card" if rc.deck == "station" else "round card"
        label = T("round.station") if rc.deck == "station" else T("round.players", deck=rc.deck)
        nm = f"{kind} {rc.name['en']} ({'train station' if rc.deck == 'station' else rc.deck + ' players'})"
        face = card(nm, pt(rc.name), ROUND_COLOUR[rc.deck], None, None, "", f"{k}/{len(c.round_cards)}", label,
                    extra=_round_extra(c, rc, nm, T))
        rounds.append(Piece(kind, nm, CARD, face, round_back, deck="round cards", texts=(pt(rc.name), label)))
    pieces_cards = chars + actions + bullets + neutral + rounds
    # train boards
    boards = [Piece("locomotive", "locomotive", WAGON,
                    _wagon_face(pt(c.locomotive.name), 0, 0, c.locomotive.strongboxes, True, T), texts=(pt(c.locomotive.name),))]
    for wg in c.wagons:
        boards.append(Piece("wagon", f"wagon {wg.name['en']}", WAGON, _wagon_face(pt(wg.name), wg.purses, wg.jewels, 0, False, T),
                            texts=(pt(wg.name),)))
    # loot: purses face down (a plain bag), value on the back
    loot = []
    plain = token("purse back", SAND, None, "purse", "")
    for k, value in enumerate(c.loot.purses.all_values(), 1):
        nm = f"purse token ${value} ({k})"
        loot.append(Piece("purse token", nm, LOOT, plain, token(nm, SAND, None, "purse", f"${value}"), informative_back=True))
    for k in range(c.loot.jewels.count):
        nm = f"jewel token {k + 1}"
        loot.append(Piece("jewel token", nm, LOOT, token(nm, OKABE_ITO["sky_blue"], None, "jewel", f"${c.loot.jewels.value}")))
    big = []
    for k in range(c.loot.strongboxes.count):
        nm = f"strongbox token {k + 1}"
        big.append(Piece("strongbox token", nm, BOX, token(nm, art.GOLD, None, "strongbox", f"${c.loot.strongboxes.value}")))
    # standees: both sides show the figure
    standees = []
    for ch in c.characters:
        colour = art.hex_color(ch.colour.hex)
        face = _standee(f"bandit pawn {ch.name}", colour, ch.symbol, bandit[ch.id])
        standees.append(Piece("bandit pawn", f"bandit pawn {ch.name}", STANDEE, face, face, texts=(bandit[ch.id],)))
    marshal_face = _standee("marshal pawn", art.GOLD, "ring", pt(c.loot.marshal.name), "marshal")
    standees.append(Piece("marshal pawn", "marshal pawn", STANDEE, marshal_face, marshal_face))
    return GameKit(
        game="colt_express",
        title=title,
        summary=pt(c.game.summary),
        parts=[
            SheetPart(T("part.rules"), words.rules_markup(c, lang, with_summary=False),
                      figures={"setup": setup_diagrams.colt_express(c, lang, DIAGRAM_PLAYERS), "key": _key(c, T)}),
            PieceRun("cards", pieces_cards),
            PieceRun("train", boards),
            PieceRun("loot and pawns", loot + big + standees),
        ],
        counts=c.components(),
        assembly=[T("assembly.train"), T("assembly.pawns"), T("assembly.purses"), T("assembly.aid")],
        names={kind: T.name("components", kind) for kind, _ in c.components()},
    )


def _rail_motif(emblem):
    """Half of Colt Express's deck emblem (cards.back draws it again turned): a stretch of track across
    the medallion, and above it the deck's own sign, `emblem(painter, cx, cy, size)`: a bandit's symbol
    in its colour, the locomotive, a neutral bullet."""

    def motif(p: Painter, cx: float, cy: float, r: float, colour) -> None:
        rail = r * 0.17
        half = math.sqrt(r * r - rail * rail) - 0.8
        for k in range(-3, 4):  # the ties, placed alike on both sides of the centre
            x = cx + k * r * 0.27
            p.line([(x, cy), (x, cy + rail + 1.3)], LEATHER, 0.9)
        p.line([(cx - half, cy + rail), (cx + half, cy + rail)], INK, 0.6)
        emblem(p, cx, cy + r * 0.6, r * 0.6)

    return motif


def _key(c: Content, T: Texts):
    """The rules' key: each bandit's colour and symbol (its cards, bullets and pawn), the loot and the
    marshal, and every action card's icon, as the pieces draw them."""
    lang = T.lang
    K = Texts(lang, "kit")
    bandits = [keys.Mark(K("key.named", name=named(T, "bandits", ch.id, ch.name), colour=named(T, "colours", ch.id, ch.colour.name)),
                         art.hex_color(ch.colour.hex), ch.symbol) for ch in c.characters]
    pieces = [keys.Mark(T.name("components", kind), icon=icon, fill=fill) for kind, icon, fill in (
        ("purse token", "purse", SAND), ("jewel token", "jewel", OKABE_ITO["sky_blue"]), ("strongbox token", "strongbox", art.GOLD),
        ("marshal pawn", "marshal", art.GOLD), ("bullet card", "bullet", SAND))]
    actions = [keys.Mark(printed(a.name, c, lang=lang), icon=ACTION_ICON[a.id]) for a in c.action_cards]
    # (the round cards name their turns' icons themselves: a key of them would cost Letter a sheet)
    return keys.key_figure("Colt Express", [(K("key.bandits"), bandits), (K("key.pieces"), pieces),
                                             (K("key.actions"), actions)])


def _bullet_face(name, n, colour, sym, body, owner, number, T: Texts) -> Face:
    def extra(p, x, y, w, h):
        per_row = 3
        rows = (n + per_row - 1) // per_row
        size = min(9.0, (h - 14) / max(rows, 1))
        for i in range(n):
            r, col = divmod(i, per_row)
            in_row = min(per_row, n - r * per_row)
            cx = x + w / 2 + (col - (in_row - 1) / 2) * (size + 2)
            art.icon(p, "bullet", cx, y + h - size / 2 - r * (size + 1), size, SAND)
        tx.fit_and_draw(p, name, body, x, y, w, 12, 7, INK, align="c", valign="c")

    return card(name, T("bullet", n=n), colour, sym, None, "", number, owner, extra=extra)


# --- the scenario book's setup diagram ----------------------------------------------------------


def book_diagram(p: Painter, box: Box, data: dict, g: Any, names: list[str], you: int | None, W: Any) -> None:
    """The train, locomotive first: each car's roof and inside with its loot, the marshal, the bandits."""
    D = "diagram.colt_express."
    content = g.content
    wagons = [W.text(content.locomotive.name)] + [W.text(content.wagons[i].name) for i in data["wagons"]]
    n = len(wagons)
    players = len(data["hand"])
    gap = 3.0
    cw = (box.w - gap * (n - 1)) / n
    # a puzzle set low (book_puzzle_height): lower cars, their insides closer, the seats side by side
    tight = box.h < book_diagram_height(players, data) - 0.5
    ch = CAR_HEIGHT_TIGHT if tight else CAR_HEIGHT
    loot_y, count_y, inside_y = (11.0, 3.5, 21.0) if tight else (17.0, 9.5, 31.0)
    top = box.y1 - 4
    car_of = data["car"]
    roof_of = data["roof"]
    chosen = data.get("chosen", [])
    bandit_names = [words.bandit_name(content, i, W.lang) if i is not None and i >= 0 else W(D + "bandit", n=b + 1) for b, i in enumerate(chosen)]
    caboose, next_car = n - 1, max(n - 2, 1)
    for car in range(n):
        x = box.x + car * (cw + gap)
        y = top - ch
        p.rect(x, y, cw, ch, PAPER, INK, 0.5, r=2)
        p.rect(x, y + ch - 12, cw, 12, (0.78, 0.72, 0.62), INK, 0.3, r=2)
        fit_text(p, x + 2, y + ch - 4.2, W(D + "roof"), 6, cw / 2 - 2, bold=True)
        fit_text(p, x + cw / 2, y - 4.5, W(D + "car", n=car, name=wagons[car]), 7, cw, bold=True, anchor="c")
        inside = 2 * car
        items = [("purse", len(data["spot_purses"][inside])), ("jewel", data["spot_jewels"][inside]),
                 ("strongbox", data["spot_boxes"][inside])]
        k = 0
        for kind, count in items:
            if count:
                cx = x + 6 + k * 11
                art.icon(p, kind, cx, y + loot_y, 8, SAND)
                p.text(cx, y + count_y, W(D + "count", n=count), 7, INK, bold=True, anchor="c")
                k += 1
        roof = 2 * car + 1
        if data["spot_purses"][roof] or data["spot_jewels"][roof] or data["spot_boxes"][roof]:
            fit_text(p, x + cw - 2, y + ch - 4.2, W(D + "loot"), 6, cw / 2 - 2, anchor="r")
        if data["marshal"] == car:
            art.icon(p, "marshal", x + cw - 7, y + loot_y, 9, GOLD)
            fit_text(p, x + cw - 7, y + count_y, W(D + "marshal"), 6, 13, anchor="c")
        # bandits on the train
        here = [b for b, c in enumerate(car_of) if c == car]
        for j, b in enumerate(here):
            _book_standee(p, content, chosen, b, x + 5 + j * 10, y + (ch - 7 if roof_of[b] else inside_y), bandit_names[b])
        if car in (caboose, next_car) and all(c < 0 for c in car_of):
            fit_text(p, x + cw / 2, y + inside_y - 5, W(D + "start_here"), 6, cw - 4, anchor="c", color=GREY)
    # the seats: a line each, or side by side under a puzzle's low cars
    seats = []
    for s in range(players):
        own = [b for b in range(len(chosen)) if b % players == s]
        who = W(D + "you") if s == you else W(D + "seat", n=s + 1)
        purse = sum(sum(data["b_purses"][b]) for b in own)
        bullets = data["deck"][s].count(99) + data["hand"][s].count(99)
        seats.append((own, W(D + "seat_line", who=who, bandits=W("and").join(bandit_names[b] for b in own), two=len(own) > 1,
                                purse=W.money(purse), bullets=bullets)))
    y = top - ch - (SEAT_DROP_TIGHT if tight else 12)
    for s, (own, line) in enumerate(seats):
        if tight:  # a column a seat, the line wrapped to SEAT_ROW_TIGHT mm (smaller where need be)
            x = box.x + s * box.w / players
            room = box.w / players - 6 - len(own) * 7
            for k, b in enumerate(own):
                _book_standee(p, content, chosen, b, x + 3 + k * 7, y + 1.2, None)
            block = tx.fit(p.fonts, "scenario book diagram", line, room, SEAT_ROW_TIGHT, 7.0, min_size=6.0, bold=s == you)
            tx.draw(p, block, x + 1.5 + len(own) * 7, y + SEAT_TOP_TIGHT, room, INK)
            continue
        for k, b in enumerate(own):
            _book_standee(p, content, chosen, b, box.x + 3 + k * 8, y + 1.2, None)
        fit_text(p, box.x + 4 + len(own) * 8, y, line, 8, box.w - 8 - len(own) * 8, bold=s == you)
        y -= 7
    if not tight and any(c < 0 for c in car_of):
        two = len(chosen) > players
        fit_text(p, box.x, y, W(D + ("start_two" if two else "start_one")), 7, box.w)


def _book_standee(p: Painter, content: Any, chosen: list, b: int, cx: float, cy: float, label: str | None) -> None:
    i = chosen[b] if b < len(chosen) else -1
    if i is None or i < 0:
        p.circle(cx, cy, 2.6, LIGHT, INK, 0.3)
        return
    ch = content.characters[i]
    col = art.hex_color(ch.colour.hex)
    art.colour_swatch(p, col, ch.symbol, cx, cy, 2.8)
    if label:
        p.text(cx, cy - 5.4, label, 6, INK, anchor="c")


PUZZLE_DIAGRAM_HEIGHT = 4 + 44 + 12 + 7 * 3 + 6  # a puzzle's train and its three seats (its cards are listed under it)
CAR_HEIGHT, CAR_HEIGHT_TIGHT = 44.0, 36.0  # mm: a car; a puzzle's set low
SEAT_ROW_TIGHT = 8.5  # mm: a low puzzle's seats side by side, each in up to three lines (smaller where need be)
SEAT_DROP_TIGHT = 9.2  # mm: from a low car's floor to its seats' first line (the car's name between)
SEAT_TOP_TIGHT = 3.2  # mm: the top of a low puzzle's seat lines over the seats' standees' baseline


def book_puzzle_height(data: dict) -> float:
    """The lowest a puzzle's diagram is drawn (the book sets it so where two puzzles then share a page): lower
    cars, and the seats side by side under them instead of a line each."""
    return 4 + CAR_HEIGHT_TIGHT + SEAT_DROP_TIGHT + SEAT_ROW_TIGHT - SEAT_TOP_TIGHT + 0.3


def book_diagram_height(players: int, data: dict | None = None) -> float:
    """The scenario book's setup diagram's height in mm: the train, then a line per seat."""
    return 4 + 44 + 12 + 7 * players + 6


def book_words_area(box: Box, data: dict) -> Box | None:
    """None: the diagram fills its box; a scenario's words go under it."""
    return None
