"""Setup diagrams for the scenario book, drawn from a position's snapshot (`State.to_json()["state"]`)
with the kit's palette, symbols and icons: the Longhorn range (cattle per colour, tokens, the pawn,
both herds), the Colt Express train (loot, the marshal, where the bandits start) and the Way Out West
trail (buildings, cowboys, cattle and farmers per town, each player's money and supply).

Only what the seats may know at the table is drawn: Colt Express purses show as purses, never values.
Every colour carries its symbol; no text is smaller than the kit's minimum.
"""

from __future__ import annotations

from typing import Any

from . import art
from .art import GOLD, GREY, INK, LEATHER, LIGHT, PAPER, SAND, WHITE
from .geometry import Box
from .painter import Painter, text_width
from .text import MIN_SIZE

SMALL = max(MIN_SIZE, 6.0)


def fit_text(p: Painter, x: float, y: float, s: str, size: float, width: float, bold: bool = False, anchor: str = "l",
             color=INK) -> None:
    """Text shrunk to `width` (never below the minimum; then shortened with an ellipsis)."""
    while size > SMALL and text_width(s, size, bold) > width:
        size -= 0.25
    if text_width(s, size, bold) > width:
        while len(s) > 2 and text_width(s + "...", size, bold) > width:
            s = s[:-1]
        s += "..."
    p.text(x, y, s, size, color, bold=bold, anchor=anchor)


def _count(p: Painter, cx: float, cy: float, n: int, r: float = 2.4) -> None:
    p.text(cx + r + 0.6, cy - 1.1, str(n), 7.5, INK, bold=True)


# --- Longhorn ----------------------------------------------------------------------------------


def longhorn(p: Painter, box: Box, data: dict, content: Any, names: list[str], you: int | None) -> None:
    """The 3x3 range: each ranch with its name, cattle per colour and token; the pawn; both herds."""
    colours = {c.id: (art.hex_color(c.hex), c.symbol) for c in content.cattle}
    loc_names = {loc.id: loc.name for loc in content.locations}
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
        fit_text(p, x + 2, y + cell - 4.5, loc_names[info["location"]], 7, cell - 4, bold=True)
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
            label = f"${tok['value']}" if tok["kind"] == "nugget" else tok["kind"].replace("_", " ")
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
        who = names[seat] + (" (you)" if seat == you else "")
        if data.get("outcome") is None and seat == mover:
            who += " - to play"
        fit_text(p, px, y, who, 8.5, width, bold=True)
        y -= 6
        herd = [(c, n) for c, n in info["herd"].items() if n]
        if not herd and not info.get("nuggets"):
            p.text(px, y, "no cattle, no nuggets", 7, GREY)
            y -= 6
        for k, (colour, n) in enumerate(herd):
            col, sym = colours[colour]
            cx = px + 3 + k * 12
            art.colour_swatch(p, col, sym, cx, y + 1, 2.4)
            _count(p, cx, y + 1, n)
        if herd:
            y -= 7
        if info.get("nuggets"):
            fit_text(p, px, y, "nuggets: " + ", ".join(f"${v}" for v in info["nuggets"]), 7, width)
            y -= 6
        y -= 4
    if data.get("phase") == "start":
        fit_text(p, px, y, f"{names[mover]} places the pawn on a ranch", 7, width)
        fit_text(p, px, y - 4.5, f"with {content.setup.start_cattle} cattle.", 7, width)
        y -= 10
    key = [(c.name["en"], art.hex_color(c.hex), c.symbol) for c in content.cattle]
    for k, (name, col, sym) in enumerate(key):
        cx = px + 3 + (k % 2) * (width / 2)
        cy = box.y + 4 + (1 - k // 2) * 6
        art.colour_swatch(p, col, sym, cx, cy, 2.2)
        p.text(cx + 3.5, cy - 1.1, name, 7, INK)


# --- Colt Express ------------------------------------------------------------------------------


def colt_express(p: Painter, box: Box, data: dict, content: Any, you: int) -> None:
    """The train, locomotive first: each car's roof and inside with its loot, the marshal, the bandits."""
    chars = {i: c for i, c in enumerate(content.characters)}
    wagons = [_name(content.locomotive.name)] + [_name(content.wagons[i].name) for i in data["wagons"]]
    n = len(wagons)
    players = len(data["hand"])
    gap = 3.0
    cw = (box.w - gap * (n - 1)) / n
    ch = 44.0
    top = box.y1 - 4
    car_of = data["car"]
    roof_of = data["roof"]
    chosen = data.get("chosen", [])
    bandit_names = [chars[i].name if i is not None and i >= 0 else f"bandit {b + 1}" for b, i in enumerate(chosen)]
    caboose, next_car = n - 1, max(n - 2, 1)
    for car in range(n):
        x = box.x + car * (cw + gap)
        y = top - ch
        p.rect(x, y, cw, ch, PAPER, INK, 0.5, r=2)
        p.rect(x, y + ch - 12, cw, 12, (0.78, 0.72, 0.62), INK, 0.3, r=2)
        p.text(x + 2, y + ch - 4.2, "roof", 6, INK, bold=True)
        fit_text(p, x + cw / 2, y - 4.5, f"{car}: {wagons[car]}", 7, cw, bold=True, anchor="c")
        inside = 2 * car
        items = [("purse", len(data["spot_purses"][inside])), ("jewel", data["spot_jewels"][inside]),
                 ("strongbox", data["spot_boxes"][inside])]
        k = 0
        for kind, count in items:
            if count:
                cx = x + 6 + k * 11
                art.icon(p, kind, cx, y + 17, 8, SAND)
                p.text(cx, y + 9.5, f"x{count}", 7, INK, bold=True, anchor="c")
                k += 1
        roof = 2 * car + 1
        if data["spot_purses"][roof] or data["spot_jewels"][roof] or data["spot_boxes"][roof]:
            p.text(x + cw - 2, y + ch - 4.2, "loot", 6, INK, anchor="r")
        if data["marshal"] == car:
            art.icon(p, "marshal", x + cw - 7, y + 17, 9, GOLD)
            p.text(x + cw - 7, y + 9.5, "marshal", 6, INK, anchor="c")
        # bandits on the train
        here = [b for b, c in enumerate(car_of) if c == car]
        for j, b in enumerate(here):
            _standee(p, content, chosen, b, x + 5 + j * 10, y + (ch - 7 if roof_of[b] else 31), bandit_names[b])
        if car in (caboose, next_car) and all(c < 0 for c in car_of):
            p.text(x + cw / 2, y + 26, "bandits start here", 6, GREY, anchor="c")
    # the seats
    y = top - ch - 12
    for s in range(players):
        own = [b for b in range(len(chosen)) if b % players == s]
        who = "you" if s == you else f"seat {s + 1}"
        line = f"{who}: " + " and ".join(bandit_names[b] for b in own)
        purse = sum(sum(data["b_purses"][b]) for b in own)
        line += f"; start purse{'s' if len(own) > 1 else ''} ${purse:,}"
        bullets = data["deck"][s].count(99) + data["hand"][s].count(99)
        if bullets:
            line += f"; {bullets} bullet card{'s' if bullets > 1 else ''} in the deck"
        for k, b in enumerate(own):
            _standee(p, content, chosen, b, box.x + 3 + k * 8, y + 1.2, None)
        fit_text(p, box.x + 4 + len(own) * 8, y, line, 8, box.w - 8 - len(own) * 8, bold=s == you)
        y -= 7
    if any(c < 0 for c in car_of):
        two = len(chosen) > players
        note = ("each seat secretly puts one of its bandits inside the caboose, the other inside the next wagon"
                if two else "odd-numbered players start inside the caboose, even-numbered inside the next wagon")
        fit_text(p, box.x, y, "Start: " + note + ".", 7, box.w)


def _name(text: Any) -> str:
    return text["en"] if isinstance(text, dict) else str(text)


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


def way_out_west(p: Painter, box: Box, data: dict, content: Any, you: int) -> None:
    """The trail of towns: buildings (owner's colour and symbol), cowboys, cattle, farmers; the players."""
    towns = content.towns
    n = len(towns)
    players = data["players"]
    colours = [(art.hex_color(c.hex), c.symbol, c.name) for c in content.colours[:players]]
    index = {c.id: i for i, c in enumerate(content.colours)}
    gap = 2.5
    tw = (box.w - gap * (n - 1)) / n
    th = 62.0
    top = box.y1 - 2
    for t, town in enumerate(towns):
        x = box.x + t * (tw + gap)
        y = top - th
        p.rect(x, y, tw, th, SAND, INK, 0.5, r=2)
        fit_text(p, x + 2, top - 5, f"{town.number} {town.name}", 8, tw - 4, bold=True)
        p.text(x + 2, top - 10, f"{town.spaces} spaces, {town.corrals} corrals", 6, INK)
        built = [(b, owner) for b, owner in data["buildings"][town.id].items() if owner is not None]
        for k, (b, owner) in enumerate(built):
            bx, by = x + 5 + (k % 3) * 11, top - 19 - (k // 3) * 11
            col, sym, _ = colours[index[owner]]
            art.icon(p, b, bx, by, 8, col)
            art.symbol(p, sym, bx + 4, by - 3.5, 1.4, col, INK, 0.2)
        if not built:
            p.text(x + 2, top - 19, "no buildings", 6, GREY)
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
                p.text(x + 9, ry - 1.1, "-", 7, GREY)
        farmers = data["farmers"][town.id]
        if farmers:
            art.icon(p, "farmer", x + tw - 5, y + 26, 7, WHITE)
            p.text(x + tw - 5, y + 20, f"x{farmers}", 6, INK, anchor="c")
    # the players, in turn order
    y = top - th - 7
    order = data["order"]
    for k, colour_id in enumerate(order):
        seat = index[colour_id]
        col, sym, name = colours[seat]
        art.colour_swatch(p, col, sym, box.x + 3, y + 1.2, 2.4)
        who = f"{k + 1}. {name}" + (" (you)" if seat == you else "")
        line = (f"{who}: ${data['money'][seat]}, {data['cowboy_supply'][seat]} cowboys and "
                f"{data['cattle_supply'][seat]} cattle in supply")
        if data["posters"][seat]:
            line += f", {data['posters'][seat]} wanted poster{'s' if data['posters'][seat] > 1 else ''}"
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
