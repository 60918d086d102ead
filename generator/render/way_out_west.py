"""Way Out West's printed components, all from `generator.schema.way_out_west.Content`:
the board (towns with building spaces and corrals along the trail, action-box chart with player-count
marks and costs, round track with income rounds, turn-order track) tiled over several pages;
cowboys, cattle, the six buildings per colour, farmers, turn-order and action markers, wanted
posters, money notes; and a reference sheet (templates/en). Dice are not printed."""

from __future__ import annotations

from ..engine.way_out_west import rules_text
from ..schema.way_out_west import Content
from . import art, sheets
from . import text as tx
from .art import GREY, INK, LEATHER, PAPER, SAND, WHITE
from .boards import Board
from .cards import Face, Piece, token
from .kit import BoardPart, GameKit, PieceRun, SheetPart
from .painter import text_width

BOARD = (400.0, 270.0)
CHART_W = 268.0  # action chart width on the board; the round and turn-order tracks take the rest
SMALL = (15.0, 15.0)
BUILDING = (22.0, 22.0)
POSTER = (25.0, 34.0)
NOTE = (50.0, 25.0)
BOX_ICON = {
    "buy-cattle": "cattle", "hire": "cowboy", "move-cowboys": "move", "move-cattle": "move", "farmer": "farmer",
    "gunfight": "gunfight",
}


def _board(c: Content, opts: dict | None = None) -> Board:
    W, H = BOARD
    opts = dict(c.option_defaults(), **(opts or {}))
    by_players = opts["box_counts"] == "by_players"
    pmin = c.game.players.min
    shown = {b.id: (b.most_boxes() if by_players else b.box_count(pmin, False)) for b in c.action_boxes}
    effects = {b.id: rules_text.box_effect(c, opts, b) for b in c.action_boxes}
    # the round each player count ends on (option rounds: by_players), for the "end" marks
    ends: dict[int, list[int]] = {}
    final = next(sp.round for sp in c.round_track if sp.final)
    for n in range(pmin, c.game.players.max + 1):
        last = c.rounds_by_players[n] if opts["rounds"] == "by_players" else final
        ends.setdefault(last, []).append(n)
    name = "Way Out West board"

    def draw(p):
        p.rect(0, 0, W, H, SAND, INK, 0.6)
        p.rect(4, 4, W - 8, H - 8, None, LEATHER, 0.8, r=4)
        p.text(W / 2, H - 16, c.game.title.upper(), 22, LEATHER, bold=True, anchor="c")
        # the trail: towns left to right along the top half
        n = len(c.towns)
        tw, th = 70.0, 92.0
        gap = (W - 20 - n * tw) / (n - 1)
        ty = H - 24 - th
        centres = []
        for i, t in enumerate(c.towns):
            x = 10 + i * (tw + gap)
            centres.append((x + tw / 2, ty + th / 2))
        p.line([(x, ty + th / 2) for x, _ in centres], LEATHER, 3.0, dash=(5, 3))
        for i, t in enumerate(c.towns):
            x = 10 + i * (tw + gap)
            p.rect(x, ty, tw, th, PAPER, INK, 0.5, r=3)
            p.circle(x + 7, ty + th - 7, 4.5, LEATHER, INK, 0.3)
            p.text(x + 7, ty + th - 8.6, str(t.number), 11, WHITE, bold=True, anchor="c")
            size = tx.one_line(f"{name}: {t.name}", t.name, tw - 18, 11, bold=True)
            p.text(x + 14, ty + th - 9, t.name, size, INK, bold=True)
            p.text(x + 3, ty + th - 19, f"buildings ({t.spaces})", 6.5, INK, bold=True)
            s = 19.5
            for k in range(t.spaces):
                bx = x + 3 + (k % 3) * (s + 2.5)
                by = ty + th - 22 - s - (k // 3) * (s + 2.5)
                p.rect(bx, by, s, s, WHITE, INK, 0.3, r=1)
                p.text(bx + s / 2, by + s / 2 - 1.2, str(k + 1), 9, (0.8, 0.8, 0.8), anchor="c")
            cy0 = ty + 24
            p.text(x + 3, cy0 + 4, f"corrals ({t.corrals})", 6.5, INK, bold=True)
            r = 4.4
            for k in range(t.corrals):
                cx = x + 3 + r + (k % 7) * (2 * r + 0.9)
                cy = cy0 - r - 1 - (k // 7) * (2 * r + 1)
                p.circle(cx, cy, r, WHITE, LEATHER, 0.4)
            p.text(x + 3, ty + 4, "cowboys and farmer:", 6, INK)
            p.rect(x + 3, ty + 1.5, tw - 6, 10.5, None, GREY, 0.25, r=1)
        # the action-box chart: name, cost, boxes (a diagonal marks a box open only with more players),
        # effect. Columns are sized to the content so the effect gets every spare millimetre and
        # reads at body size; an effect that still does not fit is a RenderError (never < MIN_SIZE).
        chart_x, chart_y, chart_w = 10.0, 10.0, CHART_W
        rows = c.action_boxes
        rh = (ty - 18 - chart_y) / len(rows)
        bs = min(rh - 3, 8.0)
        costs = [rules_text.cost_text(b) for b in rows]
        name_x = chart_x + rh * 0.75 + 3
        cost_x = name_x + max(text_width(b.name, 8, True) for b in rows) + 3
        box_x = cost_x + max(text_width(t, 8) for t in costs) + 3
        eff_x = box_x + max(shown.values()) * (bs + 2) + 1
        p.text(chart_x, ty - 8, "ACTIONS", 10, LEATHER, bold=True)
        if any(by_players and b.opens_at(k) for b in rows for k in range(shown[b.id])):
            p.text(chart_x + 24, ty - 8, "a box with a diagonal opens only with the player count written in it", 7, INK)
        for i, b in enumerate(rows):
            y = ty - 12 - (i + 1) * rh
            p.rect(chart_x, y, chart_w, rh - 1, PAPER, INK, 0.25, r=1)
            icon = BOX_ICON.get(b.id) or (b.building or "marker")
            art.icon(p, icon, chart_x + 1.5 + rh * 0.375, y + rh / 2 - 0.5, rh * 0.75, SAND)
            p.text(name_x, y + rh / 2 - 1.8, b.name, 8, INK, bold=True)
            p.text(cost_x, y + rh / 2 - 1.8, costs[i], 8, INK)
            by = y + (rh - 1 - bs) / 2
            for k in range(shown[b.id]):
                bx = box_x + k * (bs + 2)
                p.rect(bx, by, bs, bs, WHITE, INK, 0.3)
                opens = b.opens_at(k) if by_players else None
                if opens is not None:
                    p.line([(bx, by), (bx + bs, by + bs)], INK, 0.3)
                    label = f"{opens}" if opens == c.game.players.max else f"{opens}+"
                    p.text(bx + bs * 0.7, by + 0.8, label, tx.MIN_SIZE, INK, anchor="c")
            tx.fit_and_draw(p, f"{name}: action {b.name}", effects[b.id], eff_x, y, chart_x + chart_w - eff_x - 2,
                            rh - 1, 7.0, INK, valign="c")
        # round track
        rx = chart_x + chart_w + 8
        rw = W - 10 - rx
        p.text(rx, ty - 8, "ROUNDS", 10, LEATHER, bold=True)
        cols = 6
        cs = (rw - (cols - 1) * 2) / cols
        for k, sp in enumerate(c.round_track):
            bx = rx + (k % cols) * (cs + 2)
            by = ty - 14 - cs - (k // cols) * (cs + 2)
            fill = art.GOLD if sp.income else WHITE
            p.rect(bx, by, cs, cs, fill, INK, 0.4, r=1.5)
            p.text(bx + cs / 2, by + cs / 2 - 1, str(sp.round), 12, INK, bold=True, anchor="c")
            if sp.income:
                p.text(bx + cs / 2, by + 2, "income", 6, INK, anchor="c")
            if sp.round in ends:
                who = ends[sp.round]
                label = "end" if len(ends) == 1 else (f"end {who[0]}-{who[-1]}p" if len(who) > 1 else f"end {who[0]}p")
                p.text(bx + cs / 2, by + cs - 4, label, 6, INK, bold=True, anchor="c")
        yy = ty - 14 - 2 * (cs + 2) - 6
        p.text(rx, yy, f"Income after rounds {', '.join(str(r) for r in c.income_rounds)} (gold spaces).", 7, INK)
        # turn order track
        yy -= 12
        p.text(rx, yy, "TURN ORDER", 10, LEATHER, bold=True)
        k_max = c.game.players.max
        ts = min(16.0, (rw - (k_max - 1) * 2) / k_max)
        for k in range(k_max):
            bx = rx + k * (ts + 2)
            p.rect(bx, yy - 4 - ts, ts, ts, WHITE, INK, 0.4, r=1.5)
            p.text(bx + ts / 2, yy - 4 - ts / 2 - 1.5, str(k + 1), 11, INK, bold=True, anchor="c")
        yy -= ts + 14
        p.text(rx, yy, "WANTED POSTERS", 10, LEATHER, bold=True)
        p.rect(rx, yy - 4 - 36, 28, 36, WHITE, INK, 0.3, r=1)
        art.icon(p, "wanted", rx + 14, yy - 22, 22, SAND)
        p.text(rx + 32, yy - 14, f"{c.wanted_posters} posters; the winner", 7, INK)
        p.text(rx + 32, yy - 20, "of a gunfight takes one.", 7, INK)

    return Board(name, W, H, draw)


def reference_markup(c: Content, options: dict | None = None) -> str:
    """The reference sheet under `options` (the content defaults unless given)."""
    opts = dict(c.option_defaults(), **(options or {}))
    return sheets.render_template("way_out_west_reference.md.j2", c=c, t=rules_text.sheet_texts(c, opts))


def kit(c: Content) -> GameKit:
    title = c.game.title
    opts = c.option_defaults()
    pp = c.per_player
    people, cattle, buildings, markers, posters, notes = [], [], [], [], [], []
    for col in c.colours:
        colour = art.hex_color(col.hex)
        sym = col.symbol
        for k in range(pp.cowboys):
            nm = f"cowboy {col.name} {k + 1}"
            people.append(Piece("cowboy", nm, SMALL, token(nm, colour, sym, "cowboy", "", icon_fill=colour)))
        for k in range(pp.farmers):
            nm = f"farmer {col.name} {k + 1}"
            people.append(Piece("farmer", nm, SMALL, token(nm, colour, sym, "farmer", "")))
        for k in range(pp.turn_order_markers):
            nm = f"turn-order marker {col.name}"
            markers.append(Piece("turn-order marker", nm, SMALL, token(nm, colour, sym, "marker", "", icon_fill=colour)))
        for k in range(pp.cattle):
            nm = f"cattle counter {col.name} {k + 1}"
            cattle.append(Piece("cattle counter", nm, SMALL, token(nm, colour, sym, "cattle", "", icon_fill=colour)))
        for b in c.buildings:
            for k in range(pp.each_building):
                nm = f"{b.name.lower()} token {col.name} {k + 1}"
                buildings.append(Piece(f"{b.name.lower()} token", nm, BUILDING,
                                       token(nm, colour, sym, b.id, b.name, round_=False, icon_fill=colour), texts=(b.name,)))
    black = art.OKABE_ITO["black"]
    for col in c.colours:
        for k in range(pp.action_markers):
            nm = f"black action marker {k + 1} ({col.name})"
            markers.append(Piece("black action marker", nm, SMALL, token(nm, black, None, "marker", "", icon_fill=WHITE)))
    for k in range(c.wanted_posters):
        nm = f"wanted poster {k + 1}"
        posters.append(Piece("wanted poster", nm, POSTER, _poster(nm), texts=("WANTED",)))
    for d in c.money:
        for k in range(d.count):
            nm = f"${d.value} note {k + 1}"
            notes.append(Piece(f"${d.value} note", nm, NOTE, _note(nm, d.value)))
    return GameKit(
        game="way_out_west",
        title=title,
        summary=c.game.summary["en"],
        parts=[
            SheetPart("reference", reference_markup(c)),
            BoardPart(_board(c, opts)),
            PieceRun("buildings", buildings),
            PieceRun("cowboys, farmers and markers", people + markers),
            PieceRun("cattle", cattle),
            PieceRun("wanted posters", posters),
            PieceRun("money", notes),
        ],
        counts=c.components(),
        on_board={
            "board (5 towns on one trail)": "board tiles", "town": "board", "action box": "board",
            "round track space": "board",
        },
        not_printed={"die": "not printed: use ordinary six-sided dice"},
    )


def _poster(name: str) -> Face:
    """A wanted poster: the word at a readable size, a hat in a frame, DEAD OR ALIVE."""

    def draw(p, w, h):
        p.rect(1.2, 1.2, w - 2.4, h - 2.4, PAPER, INK, 0.3, r=0.8)
        size = tx.one_line(name, "WANTED", w - 5, 9, bold=True)
        p.text(w / 2, h - 7, "WANTED", size, INK, bold=True, anchor="c")
        p.circle(w / 2, h / 2 - 0.5, 6.0, WHITE, INK, 0.3)
        art.icon(p, "hat", w / 2, h / 2 + 2.5, 9, LEATHER)
        p.text(w / 2, 4.5, "DEAD OR ALIVE", tx.one_line(name, "DEAD OR ALIVE", w - 5, 6, bold=True), INK, bold=True, anchor="c")

    return Face(draw, SAND)


def _note(name: str, value: int) -> Face:
    green = (0.55, 0.75, 0.55)

    def draw(p, w, h):
        p.rect(1.5, 1.5, w - 3, h - 3, (0.93, 0.97, 0.90), INK, 0.3, r=1.5)
        p.rect(2.8, 2.8, w - 5.6, h - 5.6, None, LEATHER, 0.2, r=1)
        art.icon(p, "money", 10, h / 2, 11, green)
        label = f"${value}"
        size = tx.one_line(name, label, w - 24, 18, bold=True)
        p.text(w / 2 + 6, h / 2 - 2.5, label, size, INK, bold=True, anchor="c")
        for x, y in ((4.5, h - 6), (w - 4.5, 3.5)):
            p.text(x, y, str(value), 6, INK, bold=True, anchor="c")

    return Face(draw, green)
