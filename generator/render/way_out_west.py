"""Way Out West's printed components, all from `generator.schema.way_out_west.Content`:
the board (towns with building spaces and corrals along the trail, action-box chart with player-count
marks and costs, round track with income rounds, turn-order track) tiled over several pages;
cowboys, cattle, the six buildings per colour, farmers, turn-order and action markers, wanted
posters, money notes; and a reference sheet (templates/sheets/, its words in templates/<lang>/sheets.yaml). Dice are not printed. Every fixed
word comes from templates/<lang>/way_out_west.yaml, the option-dependent rules from
way_out_west_text (the same sentences as the engine's rules_text, in the print language)."""

from __future__ import annotations

from typing import Any

from ..schema.way_out_west import Content
from ..words.text import Texts
from ..words import way_out_west as rules_text
from . import art, keys, setup_diagrams
from .book_diagrams import fit_text
from . import text as tx
from .art import GREY, INK, LEATHER, PAPER, SAND, WHITE
from .boards import Board, Space
from .geometry import Box
from ..errors import RenderError
from .cards import Face, Piece, text_card, token
from .parts import BoardPart, GameKit, PieceRun, SheetPart
from .painter import Painter, fonts_for

# One source of sizes: the pieces, and every board space sized from the piece that sits on it.
SMALL = (14.0, 14.0)  # cowboys, farmers, cattle counters, markers
BUILDING = (21.0, 21.0)
POSTER = (25.0, 34.0)
NOTE = (40.0, 20.0)
AID = (96.0, 92.0)  # one side: the whole round and scoring on one card, so the kit needs no backs
ROOM = 1.5  # a space is this much wider than its piece
BOARD = (560.0, 258.0)  # three portrait tiles on A4 or Letter
DIAGRAM_PLAYERS = rules_text.DIAGRAM_PLAYERS  # the rules' setup diagram shows an opening for this many players
BOX_ICON = {
    "buy-cattle": "cattle", "hire": "cowboy", "move-cowboys": "move_cowboys", "move-cattle": "move_cattle", "farmer": "farmer",
    "gunfight": "gunfight",
}


def _space(size: tuple[float, float]) -> float:
    return max(size) + ROOM


def _board(c: Content, opts: dict | None = None, lang: str = "en") -> Board:
    W, H = BOARD
    T = Texts(lang, "way_out_west")
    fonts = fonts_for(lang)
    opts = dict(c.option_defaults(), **(opts or {}))
    words = rules_text.sheet_texts(c, opts, lang)
    town_name, box_name = words["towns"], words["boxes_named"]
    by_players = opts["box_counts"] == "by_players"
    pmin = c.game.players.min
    shown = {b.id: (b.most_boxes() if by_players else b.box_count(pmin, False)) for b in c.action_boxes}
    effects = words["effects"]
    ends: dict[int, list[int]] = {}
    final = next(sp.round for sp in c.round_track if sp.final)
    for n in range(pmin, c.game.players.max + 1):
        last = c.rounds_by_players[n] if opts["rounds"] == "by_players" else final
        ends.setdefault(last, []).append(n)
    name = T("board.name")
    spaces: list[Space] = []
    labels: list[tuple[str, Box]] = []

    def label(text: str, x: float, y: float, size: float, bold: bool = False, anchor: str = "l") -> tuple:
        """A printed word on the board, registered so that tests can check it lies over no space."""
        w = fonts.width(text, size, bold)
        x0 = {"l": x, "c": x - w / 2, "r": x - w}[anchor]
        labels.append((text, Box(x0, y - 0.6, w, size * 0.3528 * 1.1)))
        return (x, y, text, size, bold, anchor)

    # --- layout: towns along the top ------------------------------------------------------------
    n = len(c.towns)
    gap = 5.0
    tw = (W - 20 - (n - 1) * gap) / n
    sb, sc = _space(BUILDING), _space(SMALL)
    inner = tw - 6
    most = max(t.spaces for t in c.towns)
    per_b = max(1, -(-most // 2))  # two rows of buildings; cowboys and farmer gather beside them
    per_c = max(1, int((inner + 1.0) // (sc + 1.0)))
    rows_b = max((t.spaces + per_b - 1) // per_b for t in c.towns)
    rows_c = max((t.corrals + per_c - 1) // per_c for t in c.towns)
    area_w = inner - per_b * (sb + 1.5) - 1.5
    if area_w < sc + 1.0:
        raise RenderError(f"{name}: no room beside the building spaces for cowboys")
    th = 11 + (4 + rows_b * (sb + 1.5)) + (4 + rows_c * (sc + 1.0)) + 3
    ty = H - 20 - th
    towns = []
    texts: list[tuple] = []
    for i, t in enumerate(c.towns):
        x = 10 + i * (tw + gap)
        box = Box(x, ty, tw, th)
        towns.append(box)
        y = ty + th - 11
        y -= 4
        texts.append(label(T("board.buildings", n=t.spaces), x + 3, y + 0.8, 6.5, True))
        ax = x + 3 + per_b * (sb + 1.5) + 1.5
        texts.append(label(T("board.cowboys"), ax, y + 0.8, 6.5, True))
        spaces.append(Space(f"{t.name} cowboys and farmer", Box(ax, y - rows_b * (sb + 1.5) + 1.5, area_w, rows_b * (sb + 1.5) - 1.5),
                            SMALL, box))
        for k in range(t.spaces):
            bx = x + 3 + (k % per_b) * (sb + 1.5)
            by = y - sb - (k // per_b) * (sb + 1.5)
            spaces.append(Space(f"{t.name} building space {k + 1}", Box(bx, by, sb, sb), BUILDING, box))
        y -= rows_b * (sb + 1.5) + 4
        texts.append(label(T("board.corrals", n=t.corrals), x + 3, y + 0.8, 6.5, True))
        for k in range(t.corrals):
            cx = x + 3 + (k % per_c) * (sc + 1.0)
            cy = y - sc - (k // per_c) * (sc + 1.0)
            spaces.append(Space(f"{t.name} corral {k + 1}", Box(cx, cy, sc, sc), SMALL, box))
    # --- the action chart: two columns of rows under the towns -----------------------------------
    rows = c.action_boxes
    chart_top = ty - 5
    pw, ph = POSTER[0] + ROOM, POSTER[1] + ROOM
    panel_w = 6 * (sc + 1.5) + 4 + pw + 2
    chart_x, chart_w = 10.0, W - 20 - panel_w - 6
    ncol = 2
    per = (len(rows) + ncol - 1) // ncol
    rh = (chart_top - 8 - 10) / per
    if rh < sc + 1.5:
        raise RenderError(f"{name}: action rows of {rh:.1f} mm cannot hold a {SMALL[0]:g} mm marker")
    cw = (chart_w - (ncol - 1) * 4) / ncol
    costs = words["costs"]
    name_w = max(fonts.width(box_name[b.id], 8, True) for b in rows) + 3
    cost_w = max(fonts.width(t, 8) for t in costs.values()) + 3
    tags = [f"{n}" if n == c.game.players.max else f"{n}+" for b in rows for k in range(shown[b.id])
            if by_players and (n := b.opens_at(k)) is not None]
    tag_w = max((fonts.width(t, 6, True) for t in tags), default=0.0)  # a box's player-count tag: right of it
    box_w = max(shown.values()) * (sc + 1.5) + (tag_w + 0.5 if tags else 0.0)
    chart = []
    tag_labels: list[tuple] = []  # drawn over the chart rows
    for i, b in enumerate(rows):
        col, r = divmod(i, per)
        x = chart_x + col * (cw + 4)
        y = chart_top - 10 - (r + 1) * rh
        boxes = []
        for k in range(shown[b.id]):
            bx = x + rh * 0.6 + 3 + name_w + cost_w + k * (sc + 1.5)
            bb = Box(bx, y + (rh - sc) / 2, sc, sc)
            spaces.append(Space(f"action {b.name} box {k + 1}", bb, SMALL))
            boxes.append(bb)
            opens = b.opens_at(k) if by_players else None
            if opens is not None:  # a box that opens only with more players: its count right beside it
                tag = f"{opens}" if opens == c.game.players.max else f"{opens}+"
                tag_labels.append(label(tag, bb.x1 + 0.5, bb.y + bb.h / 2 - 1.0, 6, True))
        eff_x = x + rh * 0.6 + 3 + name_w + cost_w + box_w + 2
        chart.append((b, Box(x, y, cw, rh - 1.0), boxes, eff_x))
    head = T("board.actions")
    texts.append(label(head, chart_x, chart_top - 6, 10, True))
    note = ""
    if any(by_players and b.opens_at(k) for b in rows for k in range(shown[b.id])):
        note = T("board.diagonal")
        texts.append(label(note, chart_x + max(24.0, fonts.width(head, 10, True) + 4), chart_top - 6, 7))
    # --- the panel: round track, turn order, wanted posters ---------------------------------------
    rx = W - 10 - panel_w + 2
    yy = chart_top - 6
    texts.append(label(T("board.rounds"), rx, yy, 10, True))
    rs = sc
    round_boxes = []
    pitch = rs + 8.5  # a row of round spaces: its numbers above, its end tags below, off the spaces
    for k, sp in enumerate(c.round_track):
        bx = rx + (k % 6) * (rs + 1.5)
        by = yy - 7 - rs - (k // 6) * pitch
        bb = Box(bx, by, rs, rs)
        spaces.append(Space(f"round space {sp.round}", bb, SMALL))
        round_boxes.append((sp, bb))
        texts.append(label(str(sp.round), bb.x + bb.w / 2, bb.y1 + 0.9, 7, True, "c"))
        if sp.round in ends:
            who = ends[sp.round]
            tag = T("board.end") if len(ends) == 1 else (
                T("board.end_range", first=who[0], last=who[-1]) if len(who) > 1 else T("board.end_one", n=who[0]))
            texts.append(label(tag, bb.x + bb.w / 2, bb.y - 2.6, 6, True, "c"))
    yy -= 7 + ((len(c.round_track) + 5) // 6) * pitch
    texts.append(label(T("board.income", rounds=c.income_rounds), rx, yy, 7))
    yy -= 9
    texts.append(label(T("board.turn_order"), rx, yy, 10, True))
    order = []
    for k in range(c.game.players.max):
        bb = Box(rx + k * (rs + 1.5), yy - 7 - rs, rs, rs)
        spaces.append(Space(f"turn order space {k + 1}", bb, SMALL))
        order.append(bb)
        texts.append(label(str(k + 1), bb.x + bb.w / 2, bb.y1 + 0.9, 7, True, "c"))
    yy -= 7 + rs + 8
    px = rx + 6 * (sc + 1.5) + 4
    py = chart_top - 6
    texts.append(label(T("board.wanted"), px, py, 10, True))
    poster = Box(px, py - 4 - ph, pw, ph)
    spaces.append(Space("wanted poster pile", poster, POSTER))
    texts.append(label(T("board.posters", n=c.wanted_posters), px, poster.y - 4, 7))
    texts.append(label(T("board.posters2"), px, poster.y - 8, 7))
    texts.append(label(T("board.posters3"), px, poster.y - 12, 7))

    def draw(p):
        p.rect(0, 0, W, H, SAND, INK, 0.6)
        p.rect(4, 4, W - 8, H - 8, None, LEATHER, 0.8, r=4)
        p.text(W / 2, H - 15, c.game.title.upper(), 22, LEATHER, bold=True, anchor="c", display=True)
        p.line([(b.x + b.w / 2, b.y + b.h / 2) for b in towns], LEATHER, 3.0, dash=(5, 3))
        for t, box in zip(c.towns, towns):
            p.rect(box.x, box.y, box.w, box.h, PAPER, INK, 0.5, r=3)
            p.circle(box.x + 7, box.y1 - 6.5, 4.5, LEATHER, INK, 0.3)
            p.text(box.x + 7, box.y1 - 8.1, str(t.number), 11, WHITE, bold=True, anchor="c")
            size = tx.one_line(p.fonts, f"{name}: {t.name}", town_name[t.id], box.w - 18, 11, bold=True)
            p.text(box.x + 14, box.y1 - 8.5, town_name[t.id], size, INK, bold=True, display=True)
        for sp in spaces:
            b = sp.box
            if " corral " in sp.name:
                p.rect(b.x, b.y, b.w, b.h, WHITE, LEATHER, 0.4, r=b.w * 0.3)
            elif sp.name.endswith("cowboys and farmer"):
                p.rect(b.x, b.y, b.w, b.h, None, GREY, 0.3, r=1)
            elif sp.name == "wanted poster pile":  # the posters lie here: a frame and nothing printed inside
                p.rect(b.x, b.y, b.w, b.h, WHITE, INK, 0.3, r=1)
                inner = [(b.x + 2, b.y + 2), (b.x1 - 2, b.y + 2), (b.x1 - 2, b.y1 - 2), (b.x + 2, b.y1 - 2), (b.x + 2, b.y + 2)]
                p.line(inner, GREY, 0.25, dash=(1.5, 1.2))
            elif "building space" in sp.name:
                p.rect(b.x, b.y, b.w, b.h, WHITE, INK, 0.3, r=1)
        for x, y, text, size, bold, anchor in texts:
            p.text(x, y, text, size, LEATHER if size >= 10 else INK, bold=bold, anchor=anchor)
        for b, row, boxes, eff_x in chart:
            p.rect(row.x, row.y, row.w, row.h, PAPER, INK, 0.25, r=1)
            icon = BOX_ICON.get(b.id) or (b.building or "marker")
            art.icon(p, icon, row.x + 1.5 + row.h * 0.3, row.y + row.h / 2, row.h * 0.55, SAND)
            nx = row.x + row.h * 0.6 + 3
            p.text(nx, row.y + row.h / 2 - 1.2, box_name[b.id], 8, INK, bold=True)
            p.text(nx + name_w, row.y + row.h / 2 - 1.2, costs[b.id], 8, INK)
            for k, bb in enumerate(boxes):
                p.rect(bb.x, bb.y, bb.w, bb.h, WHITE, INK, 0.3)
                if by_players and b.opens_at(k) is not None:
                    p.line([(bb.x, bb.y), (bb.x1, bb.y1)], INK, 0.3)
            tx.fit_and_draw(p, f"{name}: action {b.name}", effects[b.id], eff_x, row.y + 0.5, row.x1 - eff_x - 1.5,
                            row.h - 1.0, 7.0, INK, valign="c")
        for x, y, text, size, bold, anchor in tag_labels:
            p.text(x, y, text, size, INK, bold=bold, anchor=anchor)
        for sp, bb in round_boxes:  # income rounds in gold; the numbers are printed above the spaces
            p.rect(bb.x, bb.y, bb.w, bb.h, art.GOLD if sp.income else WHITE, INK, 0.4, r=1.5)
        for bb in order:
            p.rect(bb.x, bb.y, bb.w, bb.h, WHITE, INK, 0.4, r=1.5)

    return Board(name, W, H, draw, tuple(spaces), tuple(labels))


def _key(c: Content, T: Texts, building_name: dict[str, str], box_name: dict[str, str]):
    """The rules' key: each player's colour by the name of the hue printed (content's `printed`) with its
    symbol, the pieces every colour has and the round marker, each building's icon, as the tokens draw
    them, and the icon of each action box the board prints (its builds take the buildings' icons)."""
    K = Texts(T.lang, "kit")
    colours = [keys.Mark(col.printed[T.lang], art.hex_color(col.hex), col.symbol) for col in c.colours]
    pieces = [keys.Mark(T.name("components", kind), icon=icon, fill=fill) for kind, icon, fill in (
        ("cowboy", "cowboy", SAND), ("cattle counter", "cattle", SAND), ("farmer", "farmer", SAND),
        ("turn-order marker", "marker", SAND), ("wanted poster", "wanted", SAND), ("round marker", "hat", art.GOLD))]
    pieces.insert(4, keys.Mark(T.name("components", "black action marker"), art.OKABE_ITO["black"], "circle"))
    buildings = [keys.Mark(building_name[b.id], icon=b.id) for b in c.buildings]
    actions = [keys.Mark(box_name[b.id], icon=BOX_ICON[b.id]) for b in c.action_boxes if b.id in BOX_ICON]
    return keys.key_figure("Way Out West", [(K("key.players"), colours), (K("key.pieces"), pieces),
                                             (K("key.buildings"), buildings), (K("key.board_actions"), actions)])


def kit(c: Content, lang: str = "en") -> GameKit:
    T = Texts(lang, "way_out_west")
    title = c.game.title
    opts = c.option_defaults()
    t = rules_text.sheet_texts(c, opts, lang)
    building_name = t["buildings_named"]
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
                                       token(nm, colour, sym, b.id, building_name[b.id], round_=False, icon_fill=colour),
                                       texts=(building_name[b.id],)))
    black = art.OKABE_ITO["black"]
    for k in range(pp.action_markers * len(c.colours)):  # black discs: per player, in no player's colour
        nm = f"black action marker {k + 1}"
        markers.append(Piece("black action marker", nm, SMALL, token(nm, black, None, "marker", "", icon_fill=WHITE)))
    markers.append(Piece("round marker", "round marker", SMALL, token("round marker", art.GOLD, None, "hat", "")))
    for k in range(c.wanted_posters):
        nm = f"wanted poster {k + 1}"
        posters.append(Piece("wanted poster", nm, POSTER, _poster(nm, T), texts=(T("poster.wanted"),)))
    for d in c.money:
        for k in range(d.count):
            nm = f"${d.value} note {k + 1}"
            notes.append(Piece(f"${d.value} note", nm, NOTE, _note(nm, d.value)))
    aids = []
    n_aids = c.game.players.max
    aid_markup = rules_text.aid_markup(c, lang)
    for k in range(1, n_aids + 1):
        nm = f"player aid {k}"
        aids.append(Piece("player aid", nm, AID, text_card(nm, T("aid"), aid_markup, LEATHER, f"{k}/{n_aids}", title),
                          texts=(T("aid"),)))
    names = {kind: T.name("components", kind) for kind in
             ("board (5 towns on one trail)", "town", "cowboy", "cattle counter", "turn-order marker", "black action marker",
              "farmer", "wanted poster", "die", "action box", "round track space", "player aid", "round marker")}
    names.update({f"{b.name.lower()} token": T("components.building token", building=building_name[b.id]) for b in c.buildings})
    names.update({f"${d.value} note": T("components.note", value=d.value) for d in c.money})
    return GameKit(
        game="way_out_west",
        title=title,
        summary=t["summary"],
        parts=[
            SheetPart(T("part.rules"), rules_text.reference_markup(c, None, lang, with_summary=False),
                      figures={"setup": setup_diagrams.way_out_west(c, t, lang, DIAGRAM_PLAYERS, rules_text.setup_cowboys(c)),
                               "key": _key(c, T, building_name, t["boxes_named"])}),
            BoardPart(_board(c, opts, lang)),
            PieceRun("player aids", aids),
            PieceRun("buildings", buildings),
            PieceRun("cowboys, farmers and markers", people + markers),
            PieceRun("cattle", cattle),
            PieceRun("wanted posters", posters),
            PieceRun("money", notes),
        ],
        extras=[("player aid", n_aids), ("round marker", 1)],
        needs=[T("needs.dice", n=c.dice)],
        assembly=[T("assembly.board"), T("assembly.tokens")],
        counts=c.components(),
        on_board={
            "board (5 towns on one trail)": T("on_board.board"), "town": T("on_board.town"), "action box": T("on_board.town"),
            "round track space": T("on_board.town"),
        },
        not_printed={"die": T("not_printed.die")},
        names=names,
    )


def _poster(name: str, T: Texts) -> Face:
    """A wanted poster: the word at a readable size, a hat in a frame, DEAD OR ALIVE."""
    wanted, dead = T("poster.wanted"), T("poster.dead")

    def draw(p, w, h):
        p.rect(1.2, 1.2, w - 2.4, h - 2.4, PAPER, INK, 0.3, r=0.8)
        size = tx.one_line(p.fonts, name, wanted, w - 5, 9, bold=True)
        p.text(w / 2, h - 7, wanted, size, INK, bold=True, anchor="c")
        p.circle(w / 2, h / 2 - 0.5, 6.0, WHITE, INK, 0.3)
        art.icon(p, "hat", w / 2, h / 2 + 2.5, 9, LEATHER)
        p.text(w / 2, 4.5, dead, tx.one_line(p.fonts, name, dead, w - 5, 6, bold=True), INK, bold=True, anchor="c")

    return Face(draw, SAND)


def _note(name: str, value: int) -> Face:
    green = (0.55, 0.75, 0.55)

    def draw(p, w, h):
        p.rect(1.5, 1.5, w - 3, h - 3, (0.93, 0.97, 0.90), INK, 0.3, r=1.5)
        p.rect(2.8, 2.8, w - 5.6, h - 5.6, None, LEATHER, 0.2, r=1)
        art.icon(p, "money", 10.5, h / 2, 14, green)
        label = f"${value}"
        size = tx.one_line(p.fonts, name, label, w - 24, 18, bold=True)
        p.text(w / 2 + 6, h / 2 - 2.5, label, size, INK, bold=True, anchor="c")
        for x, y in ((4.5, h - 6), (w - 4.5, 3.5)):
            p.text(x, y, str(value), 6, INK, bold=True, anchor="c")

    return Face(draw, green)


# --- the scenario book's setup diagram ----------------------------------------------------------


def book_diagram(p: Painter, box: Box, data: dict, g: Any, names: list[str], you: int | None, W: Any) -> None:
    """The trail of towns: buildings (owner's colour and symbol), cowboys, cattle, farmers; the players."""
    D = "diagram.way_out_west."
    content = g.content
    towns = content.towns
    n = len(towns)
    players = data["players"]
    colours = [(art.hex_color(c.hex), c.symbol, rules_text.colour_name(g, i, W.lang)) for i, c in enumerate(content.colours[:players])]
    index = {c.id: i for i, c in enumerate(content.colours)}
    gap = 2.5
    tw = (box.w - gap * (n - 1)) / n
    # a puzzle set lower than a scenario's diagram of its position (book_puzzle_height): rows closer together
    tight = box.h < book_diagram_height(len(data["order"]), data) - 0.5
    player_line = TIGHT_PLAYER_LINE if tight else PLAYER_LINE
    th = box.h - _players_height(len(data["order"]), player_line)  # the towns take what the players' lines leave
    row_y, row_step, built_y = (14.5, 8.5, 16.0) if tight else (17.0, 9.0, 19.0)
    top = box.y1 - 2
    for t, town in enumerate(towns):
        x = box.x + t * (tw + gap)
        y = top - th
        p.rect(x, y, tw, th, SAND, INK, 0.5, r=2)
        fit_text(p, x + 2, top - 5, W(D + "town", number=town.number, name=rules_text.town_label(content, town, W.lang)), 8, tw - 4, bold=True)
        fit_text(p, x + 2, top - 10, W(D + "spaces", spaces=town.spaces, corrals=town.corrals), 6, tw - 4)
        built = [(b, owner) for b, owner in data["buildings"][town.id].items() if owner is not None]
        for k, (b, owner) in enumerate(built):
            bx, by = x + 5 + (k % 3) * 11, top - built_y - (k // 3) * 11
            col, sym, _ = colours[index[owner]]
            art.icon(p, b, bx, by, 8, col)
            art.symbol(p, sym, bx + 4, by - 3.5, 1.4, col, INK, 0.2)
        if not built:
            fit_text(p, x + 2, top - built_y, W(D + "no_buildings"), 6, tw - 4, color=GREY)
        rows = [("cowboy", data["cowboys"][town.id]), ("cattle", data["cattle"][town.id])]
        for r, (kind, counts) in enumerate(rows):
            ry = y + row_y - r * row_step
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
        if farmers and tight:  # under the one row of buildings, its count to its left
            art.icon(p, "farmer", x + tw - 5, top - 26, 7, WHITE)
            p.text(x + tw - 9.5, top - 27.1, W(D + "count", n=farmers), 6, INK, anchor="r")
        elif farmers:
            art.icon(p, "farmer", x + tw - 5, y + 26, 7, WHITE)
            p.text(x + tw - 5, y + 20, W(D + "count", n=farmers), 6, INK, anchor="c")
    # the players, in turn order
    y = top - th - 6
    order = data["order"]
    for k, colour_id in enumerate(order):
        seat = index[colour_id]
        col, sym, name = colours[seat]
        art.colour_swatch(p, col, sym, box.x + 3, y + 1.2, 2.4)
        line = W(D + "player", k=k + 1, name=name, you=W("diagram.you") if seat == you else "", money=W.money(data["money"][seat]),
                 cowboys=data["cowboy_supply"][seat], cattle=data["cattle_supply"][seat], posters=data["posters"][seat])
        fit_text(p, box.x + 7, y, line, 8, box.w - 8, bold=seat == you)
        y -= player_line


# mm: a town card's height: two rows of buildings; one row beside a farmer (drawn at the card's right,
# above the cowboys); one row and no farmer anywhere (a scenario's start: two scenarios share a page)
TOWN_HEIGHT, TOWN_HEIGHT_ONE_ROW, TOWN_HEIGHT_LOW = 62.0, 52.0, 46.0
# a puzzle's town cards set low, so that two puzzles share a page: one row of buildings; one row and a farmer
# (drawn under the buildings); two rows (no farmer). Their players' lines are closer too.
TOWN_TIGHT, TOWN_TIGHT_FARMER, TOWN_TIGHT_TWO_ROWS = 40.0, 48.0, 51.0
PLAYER_LINE, TIGHT_PLAYER_LINE = 6.0, 5.0  # mm: a player's line under the towns


def _players_height(players: int, line: float = PLAYER_LINE) -> float:
    """What the diagram keeps besides its town cards: the margins and a line per player."""
    return 2 + 6 + line * players + 2


def _most_built(data: dict) -> int:
    """The most buildings standing in one town (three to a row on a town card)."""
    return max(sum(owner is not None for owner in built.values()) for built in data["buildings"].values())


def book_diagram_height(players: int, data: dict | None = None) -> float:
    """The scenario book's setup diagram's height in mm: the towns, then a line per player. A position
    whose towns hold 3 buildings or fewer each (one row) has lower town cards, lowest with no farmer out."""
    if data is None or _most_built(data) > 3:
        return TOWN_HEIGHT + _players_height(players)
    farmers = any(data["farmers"].values())
    return (TOWN_HEIGHT_ONE_ROW if farmers else TOWN_HEIGHT_LOW) + _players_height(players)


def book_words_area(box: Box, data: dict) -> Box | None:
    """None: the diagram fills its box; a scenario's words go under it."""
    return None


PUZZLE_DIAGRAM_HEIGHT = book_diagram_height(3)  # a puzzle's towns and its three players (the rest is listed under it)


def book_puzzle_height(data: dict) -> float:
    """The lowest a puzzle's diagram is drawn (the book sets it so where two puzzles then share a page): its
    town cards as low as their rows of buildings and farmers allow (TOWN_TIGHT*), the players' lines closer;
    two rows of buildings beside a farmer (or more rows) as a scenario's diagram of that position."""
    rows = -(-_most_built(data) // 3)
    farmers = any(data["farmers"].values())
    town = (TOWN_TIGHT_FARMER if farmers else TOWN_TIGHT) if rows <= 1 else (TOWN_TIGHT_TWO_ROWS if rows == 2 and not farmers else None)
    if town is None:
        return book_diagram_height(len(data["order"]), data)
    return town + _players_height(len(data["order"]), TIGHT_PLAYER_LINE)
