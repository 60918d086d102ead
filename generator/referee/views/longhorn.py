"""Longhorn drawn from a seat's observation: the 3x3 grid (cattle per colour, tokens, the pawn),
both herds with their nuggets and tokens, the running scores and what the seat to move must do."""

from __future__ import annotations

from typing import Any

from rich import box
from rich.cells import cell_len
from rich.console import Group, RenderableType
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from . import View, nice
from ...words.longhorn_talk import LogWords, move_sentence
from ...words.text import text_in

SYMBOLS = {"circle": "●", "square": "■", "triangle": "▲", "diamond": "◆"}
FALLBACK = {"black": ("●", "#000000"), "white": ("■", "#FFFFFF"), "orange": ("▲", "#E69F00"), "green": ("◆", "#009E73")}
TOKEN_STYLE = {
    "nugget": "bold yellow",
    "sheriff": "bold red",
    "ambush": "magenta",
    "branding_iron": "cyan",
    "snake_oil": "green",
    "rattlesnake": "bright_red",
    "epidemic": "red",
}


def _ink(hex_colour: str) -> str:
    """Black or white text, whichever reads on the colour."""
    h = hex_colour.lstrip("#")
    r, g, b = (int(h[i:i + 2], 16) for i in (0, 2, 4))
    return "black" if (0.299 * r + 0.587 * g + 0.114 * b) > 140 else "white"


class LonghornView(View):
    title = "Longhorn"

    def __init__(self, content: Any = None, lang: str = "en"):
        super().__init__(content, lang)
        self.location_names: dict[str, str] = {}
        self.token_names: dict[str, str] = {}
        self.colours: dict[str, tuple[str, str]] = dict(FALLBACK)
        self.colour_names: dict[str, str] = {c: c for c in FALLBACK}
        self.log_words: LogWords | None = None
        if content is not None:
            self.log_words = LogWords(content, lang)
            self.location_names = {loc.id: self.log_words.places[loc.name] for loc in content.locations}
            self.token_names = {t.kind: text_in(t.name, lang) for t in content.tokens}
            self.colours = {c.id: (SYMBOLS.get(c.symbol, c.id[:1].upper()), c.hex) for c in content.cattle}
            self.colour_names = {c.id: text_in(c.name, lang) if lang != "en" else c.id for c in content.cattle}

    def L(self, key: str, **values: Any) -> str:
        """A Longhorn phrase of the referee's text file (`longhorn.<key>`)."""
        return self.T(f"longhorn.{key}", **values)

    def colour(self, colour: str | None) -> str:
        return self.colour_names.get(colour or "", colour or "")

    # --- narration in the view's language -----------------------------------------------------
    def move_line(self, state: Any, action: Any, names: list[str]) -> str:
        return state.describe(action) if self.lang == "en" else move_sentence(state, action, self.lang)

    def outcome_detail(self, detail: str) -> str:
        """The detail beside the end's reason: the book's words for it, without the reason they open with
        ("sin movimiento posible, más dinero" -> "más dinero": the end line says the reason already)."""
        if self.lang == "en" or self.log_words is None:
            return detail
        text = self.log_words.detail(detail)
        lead = self.end_reason("no_legal_move")
        for sep in (", ", "、", "，"):
            if text.startswith(lead + sep):
                return text[len(lead) + len(sep):]
        return text

    def entry_line(self, entry: Any) -> str:
        if self.lang == "en" or self.log_words is None or not isinstance(entry, dict):
            return super().entry_line(entry)
        return self.log_words.sentence(entry)

    # --- pieces -------------------------------------------------------------------------------
    def place(self, loc_id: str) -> str:
        return self.location_names.get(loc_id, nice(loc_id))

    def cow(self, colour: str, n: int, show_zero: bool = True) -> Text:
        symbol, hex_colour = self.colours.get(colour, (colour[:1].upper(), "#808080"))
        if n == 0:
            return Text(f" {symbol}0 ", style="dim") if show_zero else Text("")
        return Text(f" {symbol}{n} ", style=f"bold {_ink(hex_colour)} on {hex_colour}")

    def token(self, tok: dict | None) -> Text:
        if tok is None:
            return Text(self.L("no_token"), style="dim")
        kind = tok["kind"]
        name = self.token_names.get(kind, nice(kind))
        if kind == "nugget":
            name = f"{name} ${tok.get('value', '?')}"
        return Text(name, style=TOKEN_STYLE.get(kind, "bold"))

    # --- the picture --------------------------------------------------------------------------
    def draw(self, obs: dict, seat: int) -> RenderableType:
        cells: dict = obs["cells"]
        names = list(cells)
        cols = sorted({n[0] for n in names})
        rows = sorted({int(n[1:]) for n in names})
        grid = Table(box=box.HEAVY, show_lines=True, show_header=True, header_style="bold dim", padding=(0, 1))
        grid.add_column("", style="bold dim", justify="center", vertical="middle")
        for c in cols:
            grid.add_column(c, justify="center", min_width=22)
        pawn = obs.get("pawn")
        for r in rows:
            row: list[RenderableType] = [str(r)]
            for c in cols:
                name = f"{c}{r}"
                info = cells[name]
                title = Text(f"{name} {self.place(info['location'])}", style="bold")
                if name == pawn:
                    title = Text(f"★{name} {self.place(info['location'])}", style="bold black on yellow")
                counts = Text()
                total = 0
                for colour, n in info["cattle"].items():
                    counts.append_text(self.cow(colour, n))
                    total += n
                if total == 0:
                    counts = Text(self.L("empty"), style="dim italic")
                row.append(Group(title, counts, self.token(info.get("token"))))
            grid.add_row(*row)
        return Group(grid, self._players(obs, seat), self._footer(obs))

    def compact(self, obs: dict, seat: int) -> RenderableType:
        """The grid in two lines a location (name; cattle and token), one line per outlaw, then which sign is
        which colour: 11 lines."""
        cells: dict = obs["cells"]
        cols = sorted({n[0] for n in cells})
        rows = sorted({int(n[1:]) for n in cells})
        grid = Table(box=None, show_header=False, padding=(0, 1), pad_edge=False, expand=True)
        grid.add_column(width=1, style="bold dim")
        for _ in cols:
            grid.add_column(ratio=1, no_wrap=True, overflow="ellipsis")
        pawn = obs.get("pawn")
        for r in rows:
            names: list[RenderableType] = [str(r)]
            stock: list[RenderableType] = [""]
            for c in cols:
                name = f"{c}{r}"
                info = cells[name]
                style = "bold black on yellow" if name == pawn else "bold"
                names.append(Text(f"{'★' if name == pawn else ''}{name} {self.place(info['location'])}", style=style))
                line = Text()
                for colour, n in info["cattle"].items():
                    if n:
                        line.append_text(self.cow(colour, n)[1:-1])  # " ●2 " -> "●2": four colours in 12 columns
                        line.append(" ")
                if not line:
                    line = Text(self.L("empty") + " ", style="dim italic")
                tok = info.get("token")
                if tok is not None:
                    line.append_text(self.short_token(tok))
                stock.append(line)
            grid.add_row(*names)
            grid.add_row(*stock)
        return Group(grid, self._players_compact(obs, seat), self._legend())

    def _legend(self) -> Text:
        """Which sign is which colour: "● black  ■ white  ▲ orange  ◆ green"."""
        legend = Text(style="dim")
        for colour in self.colours:
            legend.append(f"{self.colours[colour][0]} {self.colour(colour)}  ")
        legend.rstrip()
        return legend

    def short_token(self, tok: dict) -> Text:
        """A token in a few columns: a nugget by its value ("$200"), others by the first word of their name."""
        if tok["kind"] == "nugget":
            return Text(f"${tok.get('value', '?')}", style=TOKEN_STYLE["nugget"])
        name = self.token_names.get(tok["kind"], nice(tok["kind"]))
        return Text(name if cell_len(name) <= 11 else name.split()[0], style=TOKEN_STYLE.get(tok["kind"], "bold"))

    def _players_compact(self, obs: dict, seat: int) -> Table:
        table = Table(box=None, show_header=False, padding=(0, 1), pad_edge=False)
        table.add_column(no_wrap=True)
        table.add_column(no_wrap=True)
        table.add_column(overflow="fold")  # wraps as English does at its spaces: Japanese by display width
        scores = obs.get("scores") or [None] * len(obs["players"])
        colours = list(obs["players"][0]["herd"])
        for i, p in enumerate(obs["players"]):
            mark = "▶ " if i == obs.get("to_move") and obs.get("outcome") is None else "  "
            who = Text(mark + self.outlaw(p["outlaw"]) + (self.L("you") if self.is_you(i, seat) else ""), style="bold")
            herd = Text()
            for colour in colours:
                herd.append_text(self.cow(colour, p["herd"][colour])[1:-1])
                herd.append(" ")
            extra = []
            if scores[i] is not None:
                extra.append(self.L("now", score=f"${scores[i]:,}"))
            if p["nuggets"]:
                extra.append(self.L("nuggets_now", values=self.T("list_sep").join(f"${v:,}" for v in p["nuggets"])))
            if p.get("tokens"):
                extra.append(self.T("list_sep").join(self.token_names.get(k, nice(k)) for k in p["tokens"]))
            table.add_row(who, herd, Text(" · ".join(extra), style="dim"))
        return table

    def scores_now(self, obs: dict, seat: int, names: list[str]) -> list[str] | None:
        scores = obs.get("scores")
        return [f"${s:,}" for s in scores] if scores else None

    def _players(self, obs: dict, seat: int) -> Table:
        table = Table(box=box.SIMPLE_HEAD, padding=(0, 1))
        table.add_column(self.L("col.outlaw"), overflow="fold")  # a name without spaces (Japanese) wraps, never cut
        colours = list(obs["players"][0]["herd"])
        table.add_column(self.L("col.herd"))
        table.add_column(self.L("col.nuggets"))
        table.add_column(self.L("col.tokens"), overflow="fold")
        table.add_column(self.L("col.score"), justify="right")
        scores = obs.get("scores") or [None] * len(obs["players"])
        for i, p in enumerate(obs["players"]):
            who = self.outlaw(p["outlaw"]) + (self.L("you") if self.is_you(i, seat) else "")
            if i == obs.get("to_move") and obs.get("outcome") is None:
                who = "▶ " + who
            herd = Text()
            for colour in colours:
                herd.append_text(self.cow(colour, p["herd"][colour]))
            nuggets = self.T("list_sep").join(f"${v:,}" for v in p["nuggets"]) or "-"
            used = self.T("list_sep").join(self.token_names.get(k, nice(k)) for k in p.get("tokens", [])) or "-"
            score = "" if scores[i] is None else f"${scores[i]:,}"
            table.add_row(escape(who), herd, nuggets, escape(used), score)
        return table

    def _footer(self, obs: dict) -> Text:
        sheriff = next((name for name, info in obs["cells"].items() if (info.get("token") or {}).get("kind") == "sheriff"), None)
        parts = [self.L("sheriff_at", where=f"{sheriff} {self.place(obs['cells'][sheriff]['location'])}") if sheriff
                 else self.L("sheriff_none")]  # where it stands, or that it is not out: rules a bot sheet reads ask it
        removed = {c: n for c, n in obs.get("removed", {}).items() if n}
        if removed:
            parts.append(self.L("removed", cattle=self.T("list_sep").join(f"{n} {self.colour(c)}" for c, n in removed.items())))
        discarded = obs.get("discarded") or []
        if discarded:
            parts.append(self.L("discarded", tokens=self.T("list_sep").join(self.token(t).plain for t in discarded)))
        legend = self._legend()
        legend.style = ""
        parts.append(self.L("each_cow"))
        return Text.assemble(legend, "  ", Text(self.L("sep").join(parts), style="dim"))

    def outlaw(self, name: str) -> str:
        """An outlaw's name as the kit prints it in this language."""
        return self.log_words.who(name) if self.log_words is not None else name

    def seat_names(self, obs: dict) -> list[str] | None:
        return [self.outlaw(p["outlaw"]) for p in obs.get("players", [])] or None

    def status(self, obs: dict, seat: int) -> str:
        if obs.get("outcome") is not None:
            return ""
        who = self.outlaw(obs["players"][obs["to_move"]]["outlaw"])
        pawn = obs.get("pawn")
        where = f"{pawn} {self.place(obs['cells'][pawn]['location'])}" if pawn else ""
        phase = obs.get("phase")
        values: dict[str, Any] = {"who": who, "where": where}
        if phase == "steal":
            values["extra"] = bool(obs.get("extra_turn"))
        elif phase == "move":
            values["n"] = obs.get("steps", 0)
        elif phase == "brand":
            values["colour"] = self.colour(obs.get("stolen"))
        elif phase == "rattle":
            values["pending"] = self.T("list_sep").join(self.colour(c) for c in obs.get("rattle_pending", []))
        elif phase not in ("start", "epidemic", "ambush"):
            return ""
        return self.L(f"status.{phase}", **values)

    def choice_notes(self, obs: dict, seat: int, notations: list[str]) -> list[str | None]:
        """A steal says how far the pawn then rides and whether it empties the ranch (and takes its
        token); other choices keep the engine's sentence (None)."""
        out: list[str | None] = []
        pawn = obs.get("pawn")
        for text in notations:
            words = text.split()
            if words[0] == "steal" and pawn and obs.get("phase") == "steal":
                cell = obs["cells"][pawn]
                n = cell["cattle"].get(words[1], 0)
                empties = n == sum(cell["cattle"].values())
                note = self.L("note.steal", n=n, colour=self.colour(words[1]))
                if empties:
                    tok = cell.get("token")
                    note += self.L("note.empties_token", token=self.token(tok).plain) if tok else self.L("note.empties")
                out.append(note)
            else:
                out.append(None)
        return out

    def score_text(self, value: float) -> str:
        return f"${value:,.0f}"

    round_word = "turn"

    def round_of(self, obs: dict) -> int | None:
        return obs.get("turn")

    # --- the end ------------------------------------------------------------------------------
    def score_table(self, sheet: list[dict], names: list[str]) -> Group:
        """Per outlaw: the total, then one line per colour owned (cows owned × cows of that colour
        left on the range × $ per cow) and the nuggets, each on its own line so nothing wraps."""
        table = Table.grid(padding=(0, 1))
        table.add_column(no_wrap=True)
        table.add_column(no_wrap=True)
        table.add_column(justify="right", no_wrap=True)
        for row in sheet:
            table.add_row(Text(self.outlaw(row["name"]), style="bold"), self.L("end.owned", n=row["herd"]),
                          Text(f"${row['total']:,}", style="bold"))
            for x in row["cattle"]:
                table.add_row(f"  {self.colour(x['colour'])}", self.L("end.line", cows=x["cows"], left=x["left"], per=x["per_cow"]),
                              f"${x['value']:,}")
            if row["nuggets"]:
                table.add_row(f"  {self.L('end.nuggets')}", " + ".join(f"${v:,}" for v in row["nuggets"]), f"${sum(row['nuggets']):,}")
        title = Text(self.L("end.title"), style="bold")
        return Group(title, table)

VIEW_CLASS = LonghornView
