"""Setup diagrams for the scenario book, drawn from a position's snapshot (`State.to_json()["state"]`)
with the kit's palette, symbols and icons: the Longhorn range (cattle per colour, tokens, the pawn,
both herds), the Colt Express train (loot, the marshal, where the bandits start) and the Way Out West
trail (buildings, cowboys, cattle and farmers per town, each player's money and supply).

Only what the seats may know at the table is drawn: Colt Express purses show as purses, never values.
Every colour carries its symbol; no text is smaller than the kit's minimum. Every word comes from
templates/<lang>/book.yaml (`diagram.*`) and the content's names in the book's language (`W`, a
`book.Words`); a label too long for its room even at the minimum size is the kit's RenderError.
"""

from __future__ import annotations

from typing import Any

from . import art
from .art import GOLD, GREY, INK, LEATHER, LIGHT, PAPER, SAND, WHITE
from .geometry import Box
from .painter import Painter
from .text import MIN_SIZE, fit_and_draw, one_line

SMALL = max(MIN_SIZE, 6.0)


def fit_text(p: Painter, x: float, y: float, s: str, size: float, width: float, bold: bool = False, anchor: str = "l",
             color=INK) -> None:
    """Text shrunk to `width`, never below the minimum size: the kit's overflow check (a RenderError
    naming the text) when even that does not fit."""
    size = one_line("scenario book diagram", s, width, size, bold, min_size=SMALL)
    p.text(x, y, s, size, color, bold=bold, anchor=anchor)


def _count(p: Painter, cx: float, cy: float, n: int, r: float = 2.4) -> None:
    p.text(cx + r + 0.6, cy - 1.1, str(n), 7.5, INK, bold=True)


# --- Longhorn ----------------------------------------------------------------------------------


def longhorn(p: Painter, box: Box, data: dict, g: Any, names: list[str], you: int | None, W: Any) -> None:
    """The 3x3 range: each ranch with its name, cattle per colour and token; the pawn; both herds."""
    content = g.content
    colours = {c.id: (art.hex_color(c.hex), c.symbol) for c in content.cattle}
    loc_names = {loc.id: W.location(g, loc.id) for loc in content.locations}
    token_names = {t.kind: W.text(t.name) for t in content.tokens}
    rows, cols = content.grid.rows, content.grid.columns
    side = min(box.h - 8, box.w * 0.62)
    cell = side / max(rows, cols)
    gx, gy = box.x + 6, box.y + box.h - side - 2
    letters = [chr(ord("A") + q) for q in range(cols)]
    for q in range(cols):
        p.text(gx + q * cell + cell / 2, gy + side + 0.5, letters[q], 7, GREY, bold=True, anchor="c")
    for r in range(rows):
        p.text(gx - 3, gy + side - r * cell - cell / 2, str(r + 1), 7, GREY, bold=True, anchor="c")
    for name, info in data["cells"].items():
        q, r = letters.index(name[0]), int(name[1:]) - 1
        x, y = gx + q * cell, gy + side - (r + 1) * cell
        empty = not any(info["cattle"].values())
        p.rect(x + 0.6, y + 0.6, cell - 1.2, cell - 1.2, LIGHT if empty else SAND, INK, 0.4, r=1.5)
        fit_and_draw(p, "scenario book diagram", loc_names[info["location"]], x + 2, y + cell - 8.5, cell - 4, 7.0, 7,
                     INK, bold=True, min_size=SMALL)
        k = 0
        for colour, n in info["cattle"].items():
            if n:
                col, sym = colours[colour]
                cx, cy = x + 5 + (k % 2) * (cell / 2 - 2), y + cell - 11 - (k // 2) * 6.5
                art.colour_swatch(p, col, sym, cx, cy, 2.4)
                _count(p, cx, cy, n)
                k += 1
        tok = info.get("token")
        if tok is not None:
            tx, ty = x + cell - 8, y + 8
            art.icon(p, tok["kind"], tx, ty, 9, art.SAND if tok["kind"] != "nugget" else GOLD)
            label = (W("diagram.longhorn.nugget", value=tok["value"]) if tok["kind"] == "nugget"
                     else W("diagram.longhorn.token", name=token_names[tok["kind"]]))
            fit_text(p, tx, y + 1.6, label, 6, cell / 2 + 2, anchor="c")
        if data.get("pawn") == name:
            p.circle(x + 7, y + 7, 4.6, WHITE, INK, 0.5)
            art.icon(p, "hat", x + 7, y + 7.5, 7, LEATHER)
    # the players
    px = gx + side + 8
    width = box.x1 - px
    y = box.y1 - 5
    mover = data.get("to_move")
    for seat, info in enumerate(data["players"]):
        who = names[seat] + (W("diagram.you") if seat == you else "")
        if data.get("outcome") is None and seat == mover:
            who += W("diagram.to_play")
        fit_text(p, px, y, who, 8.5, width, bold=True)
        y -= 6
        herd = [(c, n) for c, n in info["herd"].items() if n]
        if not herd and not info.get("nuggets"):
            fit_text(p, px, y, W("diagram.longhorn.empty"), 7, width, color=GREY)
            y -= 6
        for k, (colour, n) in enumerate(herd):
            col, sym = colours[colour]
            cx = px + 3 + k * 12
            art.colour_swatch(p, col, sym, cx, y + 1, 2.4)
            _count(p, cx, y + 1, n)
        if herd:
            y -= 7
        if info.get("nuggets"):
            values = W("list_sep").join(W("diagram.longhorn.nugget", value=v) for v in info["nuggets"])
            fit_text(p, px, y, W("diagram.longhorn.nuggets", values=values), 7, width)
            y -= 6
        y -= 4
    if data.get("phase") == "start":
        fit_text(p, px, y, W("diagram.longhorn.places", name=names[mover]), 7, width)
        fit_text(p, px, y - 4.5, W("diagram.longhorn.places_cattle", n=content.setup.start_cattle), 7, width)
        y -= 10
    key = [(W.text(c.name), art.hex_color(c.hex), c.symbol) for c in content.cattle]
    for k, (name, col, sym) in enumerate(key):
        cx = px + 3 + (k % 2) * (width / 2)
        cy = box.y + 4 + (1 - k // 2) * 6
        art.colour_swatch(p, col, sym, cx, cy, 2.2)
        fit_text(p, cx + 3.5, cy - 1.1, name, 7, width / 2 - 4)


# --- Colt Express ------------------------------------------------------------------------------


def colt_express(p: Painter, box: Box, data: dict, content: Any, you: int, W: Any) -> None:
    """The train, locomotive first: each car's roof and inside with its loot, the marshal, the bandits."""
    D = "diagram.colt_express."
    wagons = [W.text(content.locomotive.name)] + [W.text(content.wagons[i].name) for i in data["wagons"]]
    n = len(wagons)
    players = len(data["hand"])
    gap = 3.0
    cw = (box.w - gap * (n - 1)) / n
    ch = 44.0
    top = box.y1 - 4
    car_of = data["car"]
    roof_of = data["roof"]
    chosen = data.get("chosen", [])
    bandit_names = [W.bandit(content, i) if i is not None and i >= 0 else W(D + "bandit", n=b + 1) for b, i in enumerate(chosen)]
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
                art.icon(p, kind, cx, y + 17, 8, SAND)
                p.text(cx, y + 9.5, W(D + "count", n=count), 7, INK, bold=True, anchor="c")
                k += 1
        roof = 2 * car + 1
        if data["spot_purses"][roof] or data["spot_jewels"][roof] or data["spot_boxes"][roof]:
            fit_text(p, x + cw - 2, y + ch - 4.2, W(D + "loot"), 6, cw / 2 - 2, anchor="r")
        if data["marshal"] == car:
            art.icon(p, "marshal", x + cw - 7, y + 17, 9, GOLD)
            fit_text(p, x + cw - 7, y + 9.5, W(D + "marshal"), 6, 13, anchor="c")
        # bandits on the train
        here = [b for b, c in enumerate(car_of) if c == car]
        for j, b in enumerate(here):
            _standee(p, content, chosen, b, x + 5 + j * 10, y + (ch - 7 if roof_of[b] else 31), bandit_names[b])
        if car in (caboose, next_car) and all(c < 0 for c in car_of):
            fit_text(p, x + cw / 2, y + 26, W(D + "start_here"), 6, cw - 4, anchor="c", color=GREY)
    # the seats
    y = top - ch - 12
    for s in range(players):
        own = [b for b in range(len(chosen)) if b % players == s]
        who = W(D + "you") if s == you else W(D + "seat", n=s + 1)
        purse = sum(sum(data["b_purses"][b]) for b in own)
        bullets = data["deck"][s].count(99) + data["hand"][s].count(99)
        line = W(D + "seat_line", who=who, bandits=W("and").join(bandit_names[b] for b in own), two=len(own) > 1,
                 purse=W.money(purse), bullets=bullets)
        for k, b in enumerate(own):
            _standee(p, content, chosen, b, box.x + 3 + k * 8, y + 1.2, None)
        fit_text(p, box.x + 4 + len(own) * 8, y, line, 8, box.w - 8 - len(own) * 8, bold=s == you)
        y -= 7
    if any(c < 0 for c in car_of):
        two = len(chosen) > players
        fit_text(p, box.x, y, W(D + ("start_two" if two else "start_one")), 7, box.w)


def _standee(p: Painter, content: Any, chosen: list, b: int, cx: float, cy: float, label: str | None) -> None:
    i = chosen[b] if b < len(chosen) else -1
    if i is None or i < 0:
        p.circle(cx, cy, 2.6, LIGHT, INK, 0.3)
        return
    ch = content.characters[i]
    col = art.hex_color(ch.colour.hex)
    art.colour_swatch(p, col, ch.symbol, cx, cy, 2.8)
    if label:
        p.text(cx, cy - 5.4, label, 6, INK, anchor="c")


# --- Way Out West ------------------------------------------------------------------------------


def way_out_west(p: Painter, box: Box, data: dict, g: Any, you: int, W: Any) -> None:
    """The trail of towns: buildings (owner's colour and symbol), cowboys, cattle, farmers; the players."""
    D = "diagram.way_out_west."
    content = g.content
    towns = content.towns
    n = len(towns)
    players = data["players"]
    colours = [(art.hex_color(c.hex), c.symbol, W.colour(g, i)) for i, c in enumerate(content.colours[:players])]
    index = {c.id: i for i, c in enumerate(content.colours)}
    gap = 2.5
    tw = (box.w - gap * (n - 1)) / n
    th = 62.0
    top = box.y1 - 2
    for t, town in enumerate(towns):
        x = box.x + t * (tw + gap)
        y = top - th
        p.rect(x, y, tw, th, SAND, INK, 0.5, r=2)
        fit_text(p, x + 2, top - 5, W(D + "town", number=town.number, name=W.town(content, town)), 8, tw - 4, bold=True)
        fit_text(p, x + 2, top - 10, W(D + "spaces", spaces=town.spaces, corrals=town.corrals), 6, tw - 4)
        built = [(b, owner) for b, owner in data["buildings"][town.id].items() if owner is not None]
        for k, (b, owner) in enumerate(built):
            bx, by = x + 5 + (k % 3) * 11, top - 19 - (k // 3) * 11
            col, sym, _ = colours[index[owner]]
            art.icon(p, b, bx, by, 8, col)
            art.symbol(p, sym, bx + 4, by - 3.5, 1.4, col, INK, 0.2)
        if not built:
            fit_text(p, x + 2, top - 19, W(D + "no_buildings"), 6, tw - 4, color=GREY)
        rows = [("cowboy", data["cowboys"][town.id]), ("cattle", data["cattle"][town.id])]
        for r, (kind, counts) in enumerate(rows):
            ry = y + 17 - r * 9
            art.icon(p, kind, x + 4, ry, 6, WHITE)
            k = 0
            for seat, count in enumerate(counts):
                if count:
                    col, sym, _ = colours[seat]
                    cx = x + 11 + k * 9
                    art.colour_swatch(p, col, sym, cx, ry, 2.1)
                    p.text(cx + 2.6, ry - 1.1, str(count), 7, INK, bold=True)
                    k += 1
            if not k:
                p.text(x + 9, ry - 1.1, W(D + "none"), 7, GREY)
        farmers = data["farmers"][town.id]
        if farmers:
            art.icon(p, "farmer", x + tw - 5, y + 26, 7, WHITE)
            p.text(x + tw - 5, y + 20, W(D + "count", n=farmers), 6, INK, anchor="c")
    # the players, in turn order
    y = top - th - 7
    order = data["order"]
    for k, colour_id in enumerate(order):
        seat = index[colour_id]
        col, sym, name = colours[seat]
        art.colour_swatch(p, col, sym, box.x + 3, y + 1.2, 2.4)
        line = W(D + "player", k=k + 1, name=name, you=W("diagram.you") if seat == you else "", money=W.money(data["money"][seat]),
                 cowboys=data["cowboy_supply"][seat], cattle=data["cattle_supply"][seat], posters=data["posters"][seat])
        fit_text(p, box.x + 7, y, line, 8, box.w - 8, bold=seat == you)
        y -= 6.5


PUZZLE_HEIGHT = 88.0  # a Longhorn puzzle's range: two puzzles to a page, on Letter too


def height(game: str, players: int) -> float:
    """The diagram's height in mm for a game and player count."""
    if game == "longhorn":
        return 112.0
    if game == "colt_express":
        return 4 + 44 + 12 + 7 * players + 6
    return 2 + 62 + 7 + 6.5 * players + 2
