"""Colt Express's printed components, all from `generator.schema.colt_express.Content`:
the locomotive and 6 wagons (inside and roof spaces, printed loot), 60 action cards and 36 bullet
cards in the bandits' colours, 13 neutral bullets, 6 character cards, 17 round cards with their turn
patterns and events as icons, 18 purses (value on the back: they lie face down), 6 jewels,
2 strongboxes, the marshal, 6 bandit standees, and a reference sheet (templates/en)."""

from __future__ import annotations

from ..schema.colt_express import Content
from . import art, sheets
from . import text as tx
from .art import GREY, INK, LEATHER, OKABE_ITO, PAPER, SAND, WHITE
from .cards import Face, Piece, back, card, token
from .geometry import CARD, SAFE
from .kit import GameKit, PieceRun, SheetPart

WAGON = (190.0, 80.0)
LOOT = (20.0, 20.0)
BOX = LOOT  # strongboxes share the loot sheet
STANDEE = (25.0, 50.0)

ACTION_ICON = {"move": "move", "floor": "change_floor", "rob": "robbery", "fire": "fire", "punch": "punch", "marshal": "marshal"}
TURN_ICON = {"N": "normal", "T": "tunnel", "S": "speed_up", "R": "switch"}
TURN_NAME = {"N": "normal", "T": "tunnel", "S": "speed-up", "R": "switching"}
EVENT_ICON = {
    "braking": "move", "take_it_all": "strongbox", "hostage": "purse", "marshals_revenge": "marshal",
    "rebellion": "bullet", "pickpocketing": "purse", "swivel_arm": "switch", "angry_marshal": "marshal",
}
ROUND_COLOUR = {"2-4": OKABE_ITO["sky_blue"], "5-6": OKABE_ITO["orange"], "station": OKABE_ITO["reddish_purple"]}
NEUTRAL = (0.62, 0.62, 0.62)


def _wagon_face(title: str, purses: int, jewels: int, strongboxes: int, locomotive: bool) -> Face:
    def draw(p, w, h):
        roof_h = 22.0
        # roof space
        p.rect(SAFE, h - SAFE - roof_h, w - 2 * SAFE, roof_h, (0.78, 0.72, 0.62), INK, 0.4, r=2)
        p.text(SAFE + 3, h - SAFE - 6, "ROOF", 7, INK, bold=True)
        # inside space
        ih = h - 2 * SAFE - roof_h - 9
        p.rect(SAFE, SAFE + 9, w - 2 * SAFE, ih, PAPER, INK, 0.4, r=2)
        p.text(SAFE + 3, SAFE + 9 + ih - 6, "INSIDE", 7, INK, bold=True)
        size = tx.one_line(title, title, w / 2, 12, bold=True)
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
        loot = []
        if purses:
            loot.append(f"{purses} purse{'s' if purses > 1 else ''}")
        if jewels:
            loot.append(f"{jewels} jewel{'s' if jewels > 1 else ''}")
        if strongboxes:
            loot.append(f"{strongboxes} strongbox" + ("es" if strongboxes > 1 else ""))
        p.text(w - SAFE - 4, SAFE + 12, "start: " + (", ".join(loot) or "no loot"), 7, INK, anchor="r")
        if locomotive:
            art.icon(p, "locomotive", w - SAFE - 22, SAFE + 9 + ih / 2 + 2, 24, OKABE_ITO["vermillion"])
            p.text(w - SAFE - 4, SAFE + 16, "the marshal starts inside", 7, INK, anchor="r")

    return Face(draw, (0.55, 0.35, 0.2))


def _round_extra(c: Content, rc, name):
    def extra(p, x, y, w, h):
        turns = rc.turns
        n = len(turns)
        cell = min(10.5, w / n)
        x0 = x + (w - cell * n) / 2
        top = y + h
        # one size for every label on the card, the largest that fits a cell (RenderError below MIN_SIZE)
        label = min(tx.one_line(name, TURN_NAME[t], cell - 0.8, 6.5) for t in turns)
        for i, t in enumerate(turns):
            cx = x0 + cell * (i + 0.5)
            art.icon(p, TURN_ICON[t], cx, top - 5, cell * 0.78, WHITE)
            p.text(cx, top - 12.5, TURN_NAME[t], label, INK, anchor="c")
        ey = top - 15
        if rc.event:
            ev = c.event(rc.event)
            art.icon(p, EVENT_ICON[ev.id], x + 5, ey - 5.5, 9, SAND)
            tx.fit_and_draw(p, name, f"**{ev.name['en']}**", x + 11, ey - 10, w - 11, 9, 7.5, INK, valign="c")
            tx.fit_and_draw(p, name, ev.text["en"], x, y, w, ey - 12 - y, 7.5, INK, align="c", valign="c")
        else:
            tx.fit_and_draw(p, name, "No event.", x, y, w, ey - y, 8, INK, align="c", valign="c")

    return extra


def _standee(name: str, colour, sym: str, label: str, icon: str = "hat") -> Face:
    def draw(p, w, h):
        ink = art.contrast(colour)
        p.rect(1.2, 8, w - 2.4, h - 9.2, WHITE, INK, 0.3, r=1.5)
        art.icon(p, icon, w / 2, h * 0.62, w * 0.7, colour)
        size = tx.one_line(name, label, w - 4, 7, bold=True)
        p.text(w / 2, 11, label, size, INK, bold=True, anchor="c")
        p.line([(0.5, 7.5), (w - 0.5, 7.5)], ink, 0.2, dash=(1, 1))
        art.symbol(p, sym, w / 2, 3.7, 2.2, colour, ink, 0.25)

    return Face(draw, colour)


def reference_markup(c: Content) -> str:
    card_names = {a.id: a.name["en"] for a in c.action_cards}
    return sheets.render_template("colt_express_reference.md.j2", c=c, turn_names=TURN_NAME, card_names=card_names)


def kit(c: Content) -> GameKit:
    title = c.game.title
    common_back = back(title, "bandit deck", LEATHER, icon="pistol")
    round_back = back(title, "round cards", (0.25, 0.25, 0.3), icon="locomotive")
    char_back = back(title, "character", (0.35, 0.2, 0.1), icon="hat")
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
                face = card(nm, a.name["en"], colour, ch.symbol, ACTION_ICON[a.id], a.text["en"], f"{i}/{deck}", ch.name, icon_fill=SAND)
                actions.append(Piece("action card", nm, CARD, face, common_back, number=f"{i}/{deck}", deck=f"actions {ch.name}",
                                     texts=(a.name["en"], ch.name, f"{i}/{deck}")))
        nb = c.bullets.per_bandit
        for b in range(1, nb + 1):  # numbered 1..N: the card on top tells how many shots are left
            nm = f"bullet card {ch.name} {b}"
            bullets.append(Piece("bullet card", nm, CARD, _bullet_face(nm, b, colour, ch.symbol, c.bullets.text["en"], ch.name, f"{b}/{nb}"),
                                 common_back, number=f"{b}/{nb}", deck=f"bullets {ch.name}", texts=(f"Bullet {b}", ch.name)))
    neutral = []
    for k in range(1, c.bullets.neutral + 1):
        nm = f"neutral bullet card {k}/{c.bullets.neutral}"
        face = card(nm, "Neutral bullet", NEUTRAL, "ring", "bullet", c.bullets.neutral_text["en"], f"{k}/{c.bullets.neutral}", "marshal")
        neutral.append(Piece("neutral bullet card", nm, CARD, face, common_back, number=f"{k}/{c.bullets.neutral}", texts=("Neutral bullet",)))
    chars = []
    for k, ch in enumerate(c.characters, 1):
        colour = art.hex_color(ch.colour.hex)
        nm = f"character card {ch.name}"
        face = card(nm, ch.name, colour, ch.symbol, "hat", ch.text["en"], f"{k}/{len(c.characters)}", ch.colour.name, icon_fill=colour)
        chars.append(Piece("character card", nm, CARD, face, char_back, texts=(ch.name,)))
    rounds = []
    for k, rc in enumerate(c.round_cards, 1):
        kind = "station card" if rc.deck == "station" else "round card"
        label = "train station" if rc.deck == "station" else f"{rc.deck} players"
        nm = f"{kind} {rc.name['en']} ({label})"
        face = card(nm, rc.name["en"], ROUND_COLOUR[rc.deck], None, None, "", f"{k}/{len(c.round_cards)}", label,
                    extra=_round_extra(c, rc, nm))
        rounds.append(Piece(kind, nm, CARD, face, round_back, deck="round cards", texts=(rc.name["en"], label)))
    pieces_cards = chars + actions + bullets + neutral + rounds
    # train boards
    boards = [Piece("locomotive", "locomotive", WAGON,
                    _wagon_face(c.locomotive.name["en"], 0, 0, c.locomotive.strongboxes, True), texts=(c.locomotive.name["en"],))]
    for wg in c.wagons:
        boards.append(Piece("wagon", f"wagon {wg.name['en']}", WAGON, _wagon_face(wg.name["en"], wg.purses, wg.jewels, 0, False),
                            texts=(wg.name["en"],)))
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
        face = _standee(f"bandit pawn {ch.name}", colour, ch.symbol, ch.name)
        standees.append(Piece("bandit pawn", f"bandit pawn {ch.name}", STANDEE, face, face, texts=(ch.name,)))
    marshal_face = _standee("marshal pawn", art.GOLD, "ring", c.loot.marshal.name["en"], "marshal")
    standees.append(Piece("marshal pawn", "marshal pawn", STANDEE, marshal_face, marshal_face))
    return GameKit(
        game="colt_express",
        title=title,
        summary=c.game.summary["en"],
        parts=[
            SheetPart("reference", reference_markup(c)),
            PieceRun("cards", pieces_cards),
            PieceRun("train", boards),
            PieceRun("loot and pawns", loot + big + standees),
        ],
        counts=c.components(),
    )


def _bullet_face(name, n, colour, sym, body, owner, number) -> Face:
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

    return card(name, f"Bullet {n}", colour, sym, None, "", number, owner, extra=extra)
