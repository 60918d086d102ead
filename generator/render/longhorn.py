"""Longhorn's printed components, all from `generator.schema.longhorn.Content`:
9 location tiles, 19 action tokens, 36 cattle, the double-faced outlaw pawn, 2 outlaw cards and the
reference card (from templates/en/longhorn_reference.md.j2)."""

from __future__ import annotations

from ..schema.longhorn import Content
from ..texts import printed, printed_lines
from . import art, sheets
from . import text as tx
from .art import INK, OKABE_ITO, PAPER, SAND, WHITE
from .cards import Face, Piece, back, card, token
from .geometry import CARD, SAFE, Box
from .kit import GameKit, PieceRun

TILE = (60.0, 60.0)
ACTION_TOKEN = (25.0, 25.0)
CATTLE = (16.0, 16.0)
PAWN = ACTION_TOKEN  # shares the token sheet

# The content gives outlaws no colours; these are palette colours no cattle colour uses.
OUTLAW_COLOURS = [(OKABE_ITO["blue"], "star"), (OKABE_ITO["reddish_purple"], "heart")]
TOKEN_COLOURS = {
    "nugget": art.GOLD, "ambush": OKABE_ITO["vermillion"], "branding_iron": art.LEATHER, "snake_oil": OKABE_ITO["sky_blue"],
    "rattlesnake": OKABE_ITO["bluish_green"], "epidemic": (0.6, 0.6, 0.6), "sheriff": OKABE_ITO["yellow"],
}


def _tile(c: Content, loc) -> Face:
    name = f"location tile {loc.name}"
    sheriff_here = loc.id == c.setup.sheriff_location

    def draw(p, w, h):
        p.rect(1.5, 1.5, w - 3, h - 3, None, INK, 0.4, r=2)
        size = tx.one_line(name, loc.name, w - 2 * SAFE - 2, 10, bold=True)
        p.text(w / 2, h - SAFE - 5, loc.name, size, INK, bold=True, anchor="c")
        # cattle count: a row of cow heads and the number
        art.icon(p, "cow", w * 0.3, h * 0.5, 15, WHITE)
        p.text(w * 0.3, h * 0.5 - 13.5, f"{loc.cattle} cattle", 8, INK, bold=True, anchor="c")
        p.circle(w * 0.3 + 9, h * 0.5 + 7, 4.2, WHITE, INK, 0.3)
        p.text(w * 0.3 + 9, h * 0.5 + 5.6, str(loc.cattle), 11, INK, bold=True, anchor="c")
        # the token slot
        r = ACTION_TOKEN[0] / 2 + 0.5
        p.circle(w * 0.72, h * 0.45, r, PAPER, INK, 0.3)
        p.line([(w * 0.72 - r, h * 0.45), (w * 0.72 + r, h * 0.45)], (0.8, 0.8, 0.8), 0.2, dash=(1, 1))
        p.text(w * 0.72, h * 0.45 - 1.2, "token", 7, (0.5, 0.5, 0.5), anchor="c")
        if sheriff_here:
            p.text(w / 2, SAFE + 1.2, "the sheriff starts here", 6.5, INK, anchor="c")

    return Face(draw, SAND)


def _cattle_face(col) -> Face:
    colour = art.hex_color(col.hex)

    def draw(p, w, h):
        ink = art.contrast(colour)
        art.icon(p, "cow", w / 2, h / 2 + 1.5, 9.5, colour, ink)
        art.symbol(p, col.symbol, w / 2, 3.4, 1.9, colour, ink, 0.25)

    return Face(draw, colour)


def _outlaw_face(outlaw, colour, sym) -> Face:
    def draw(p, w, h):
        ink = art.contrast(colour)
        p.circle(w / 2, h / 2, w / 2 - 1, WHITE, INK, 0.3)
        art.icon(p, "hat", w / 2, h / 2 + 3, 14, colour)
        name = outlaw.name.split()[-1] if len(outlaw.name) > 12 else outlaw.name
        size = tx.one_line(f"outlaw pawn {outlaw.name}", name, w - 8, 7.5, bold=True)
        p.text(w / 2, h / 2 - 7, name, size, INK, bold=True, anchor="c")
        art.symbol(p, sym, 3.5, h - 3.5, 1.6, colour, ink, 0.2)
        art.symbol(p, sym, w - 3.5, 3.5, 1.6, colour, ink, 0.2)

    return Face(draw, colour)


def reference_markup(c: Content) -> str:
    return sheets.render_template("longhorn_reference.md.j2", c=c, lines=printed_lines(c.reference_card.lines, c))


def tokens_markup(c: Content) -> str:
    effects = [(t.name["en"], t.count, printed(t.text, c)) for t in c.tokens]
    return sheets.render_template("longhorn_tokens.md.j2", c=c, effects=effects)


def kit(c: Content) -> GameKit:
    title = c.game.title
    deck_back = back(title, "Longhorn", art.LEATHER, icon="cow")
    # location tiles
    tiles = [
        Piece("location tiles", f"location tile {loc.name}", TILE, _tile(c, loc), texts=(loc.name,))
        for loc in c.locations
    ]
    # action tokens (nuggets carry the values of the default reading)
    nugget_set = c.options["nugget_values"].default
    tokens = []
    for t in c.tokens:
        values = t.values[nugget_set] if t.values else None
        for i in range(t.count):
            label = f"${values[i]}" if values else t.name["en"]
            nm = f"action token {t.name['en']} {i + 1}" + (f" ${values[i]}" if values else "")
            face = token(nm, TOKEN_COLOURS.get(t.kind, SAND), None, t.kind, label)
            tokens.append(Piece("action tokens", nm, ACTION_TOKEN, face, texts=(label,)))
    # cattle
    cattle = []
    for col in c.cattle:
        for i in range(col.count):
            cattle.append(Piece("cattle", f"cattle {col.name['en']} {i + 1}", CATTLE, _cattle_face(col)))
    # the pawn: one outlaw per face
    o0, o1 = sorted(c.outlaws, key=lambda o: o.seat)
    pawn = Piece(
        "outlaw pawn", f"outlaw pawn {o0.name} / {o1.name}", PAWN,
        _outlaw_face(o0, *OUTLAW_COLOURS[0]), _outlaw_face(o1, *OUTLAW_COLOURS[1]), informative_back=True,
    )
    # cards
    seats = {o.id: o.seat for o in c.outlaws}
    cards = []
    n_cards = len(c.outlaw_cards)
    for i, oc in enumerate(c.outlaw_cards, 1):
        colour, sym = OUTLAW_COLOURS[seats[oc.outlaw] % 2]
        nm = f"outlaw card {oc.title['en']}"
        cards.append(Piece(
            "outlaw cards", nm, CARD,
            card(nm, oc.title["en"], colour, sym, "hat", oc.text["en"], f"{i}/{n_cards}", title),
            deck_back, texts=(oc.title["en"], f"{i}/{n_cards}"),
        ))
    refs = []
    for k, (ref_title, markup) in enumerate(
        ((c.reference_card.title["en"], reference_markup(c)), (c.reference_card.tokens_title["en"], tokens_markup(c))), 1
    ):
        ref_name = f"reference card {ref_title}"

        def ref_body(p, x, y, w, h, ref_name=ref_name, markup=markup):
            sheets.fit_in_box(p, ref_name, markup, Box(x, y, w, h), 7.0)

        refs.append(Piece(
            "reference cards", ref_name, CARD,
            card(ref_name, ref_title, art.LEATHER, None, None, "", f"{k}/2", title, extra=ref_body),
            deck_back, texts=(ref_title,),
        ))
    return GameKit(
        game="longhorn",
        title=title,
        summary=c.game.summary["en"],
        parts=[
            PieceRun("cards", cards + refs),
            PieceRun("location tiles", tiles),
            PieceRun("tokens", [pawn] + tokens),
            PieceRun("cattle", cattle),
        ],
        counts=c.components(),
    )
