"""Way Out West drawn from a seat's observation: the five towns on the trail (cowboys, cattle,
buildings, farmers), the action boxes, money, posters and supplies, turn order and bids, the round,
any gunfight under way and the latest entries of the public log."""

from __future__ import annotations

from typing import Any

from rich import box
from rich.cells import cell_len
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from . import Fit, Roomiest, View, nice
from ...words.way_out_west import cost_text, option_lines
from ...words.way_out_west_talk import TableWords

FALLBACK_HEX = {"red": "#D55E00", "blue": "#0072B2", "green": "#009E73", "yellow": "#F0E442", "purple": "#CC79A7"}


class WayOutWestView(View):
    title = "Way Out West"

    def __init__(self, content: Any = None, lang: str = "en"):
        super().__init__(content, lang)
        self.colours: list[str] = list(FALLBACK_HEX)
        self.hex = dict(FALLBACK_HEX)
        self.towns: dict[str, Any] = {}
        self.boxes: list[Any] = []
        self.income_rounds: list[int] = []
        self.words: TableWords | None = None
        if content is not None:
            self.words = TableWords(content, lang)
            self.colours = [c.id for c in content.colours]
            self.hex = {c.id: c.hex for c in content.colours}
            self.towns = {t.id: t for t in content.towns}
            self.boxes = list(content.action_boxes)
            self.income_rounds = list(content.income_rounds)

    def W(self, key: str, **values: Any) -> str:
        """A Way Out West phrase of the referee's text file (`way_out_west.<key>`)."""
        return self.T(f"way_out_west.{key}", **values)

    def name_of(self, colour: str) -> str:
        """A player colour ("red") named in this language, as the kit prints it ("Orange", "Naranja")."""
        return self.words.colour(colour) if self.words is not None else colour.title()

    def initial(self, colour: str) -> str:
        """The letter that names a colour on the board (R, B, G, Y, P)."""
        letters = self.T.raw("way_out_west.initials")
        return str(letters.get(colour, colour[:1].upper())) if isinstance(letters, dict) else colour[:1].upper()

    def town_name(self, tid: str, town: Any) -> str:
        return self.words.town_of.get(tid, town.name) if self.words is not None and town is not None else (town.name if town else nice(tid))

    def short_building(self, kind: str) -> str:
        names = self.T.raw("way_out_west.building_short")
        return str(names[kind]) if isinstance(names, dict) and kind in names else nice(kind)

    def move_line(self, state: Any, action: Any, names: list[str]) -> str:
        """In the kit's colour names (Orange, not the notation's red) in every language, English too."""
        return state.describe(action) if self.words is None else self.words.move(state, action)

    def entry_line(self, entry: Any) -> str:
        if self.words is None or not isinstance(entry, str):
            return super().entry_line(entry)
        return self.words.log(entry)

    def seat_names(self, obs: dict) -> list[str] | None:
        n = obs.get("players", 0)
        return [self.name_of(c) for c in self.colours[:n]]

    def _who(self, seat: int, text: str | None = None) -> Text:
        colour = self.colours[seat] if seat < len(self.colours) else "white"
        return Text(text or self.name_of(colour), style=f"bold {self.hex.get(colour, 'white')}")

    def _per_seat(self, counts: list[int], symbol: str) -> Text:
        out = Text()
        for seat, n in enumerate(counts):
            if n:
                if out:
                    out.append(" ")
                initial = self.initial(self.colours[seat]) if seat < len(self.colours) else str(seat + 1)
                out.append_text(self._who(seat, f"{initial}{symbol}{n}"))
        return out if out else Text("-", style="dim")

    def draw(self, obs: dict, seat: int) -> RenderableType:
        n = obs["players"]
        seat_of = {c: i for i, c in enumerate(self.colours[:n])}
        parts: list[RenderableType] = []
        rnd = obs.get("round", 0)
        income = self.W("income_after", rounds=self.T("list_sep").join(map(str, self.income_rounds))) if self.income_rounds else ""
        parts.append(Text(self.W("round_head", n=rnd, of=obs.get("round_of", 12), phase=self.phase(obs), income=income), style="bold"))
        towns = Table(box=box.ROUNDED, show_lines=True, title=self.W("trail"), padding=(0, 1))
        for col in ("#", "town", "cowboys", "cattle", "buildings", "farmers"):
            towns.add_column(self.W(f"col.{col}"))
        farmers = obs.get("farmers", {})
        for i, (tid, cowboys) in enumerate(obs["cowboys"].items()):
            town = self.towns.get(tid)
            name = self.town_name(tid, town)
            number = str(town.number) if town else str(i + 1)
            cattle = obs["cattle"][tid]
            corrals = f"/{town.corrals}" if town else ""
            blds = Text()
            for kind, owner in obs["buildings"][tid].items():
                if owner:
                    if blds:
                        blds.append(" ")
                    initial = self.initial(owner)
                    blds.append_text(self._who(seat_of.get(owner, 0), f"{self.short_building(kind)}({initial})"))
            spaces = f" ({sum(1 for o in obs['buildings'][tid].values() if o)}/{town.spaces})" if town else ""
            if not blds:
                blds = Text("-", style="dim")
            blds.append(spaces, style="dim")
            k = farmers.get(tid, 0) if isinstance(farmers, dict) else 0
            here = Text(self.W("farmers", n=k) if k else "")
            cattle_text = self._per_seat(cattle, "▲")
            cattle_text.append(f"  ({sum(cattle)}{corrals})", style="dim")
            towns.add_row(number, name, self._per_seat(cowboys, "☻"), cattle_text, blds, here if here else Text("-", style="dim"))
        parts.append(towns)
        parts.append(self._players(obs, seat))
        parts.append(self._boxes(obs))
        fight = obs.get("fight")
        if fight:
            parts.append(self._fight(fight))
        parts.append(Text(self.W("legend"), style="dim"))
        return Group(*parts)

    # --- the compact board (the full-screen table at 80x24) -------------------------------------
    def compact(self, obs: dict, seat: int) -> RenderableType:
        """At most about 13 lines at 80 columns for 3-5 players: the round, one line per town, the
        players two or three to a line, the free action boxes, a gunfight under way."""
        n = obs["players"]
        seat_of = {c: i for i, c in enumerate(self.colours[:n])}
        rnd = obs.get("round", 0)
        income = self.W("income_after_short", rounds=self.T("list_sep").join(map(str, self.income_rounds))) if self.income_rounds else ""
        parts: list[RenderableType] = [Text(self.W("round_head", n=rnd, of=obs.get("round_of", 12), phase=self.phase(obs), income=income),
                                            style="bold", no_wrap=True, overflow="ellipsis")]
        towns = Table(box=None, padding=(0, 1), pad_edge=False, header_style="bold underline")
        for col in ("#", "town", "cowboys", "cattle", "buildings", "farmers"):
            towns.add_column(self.W(f"col.{col}"), no_wrap=col in ("#", "town", "farmers"))
        farmers = obs.get("farmers", {})
        for i, (tid, cowboys) in enumerate(obs["cowboys"].items()):
            town = self.towns.get(tid)
            cattle = self._letters(obs["cattle"][tid])
            cattle.append(f" {sum(obs['cattle'][tid])}/{town.corrals}" if town else "", style="dim")
            blds = Text()
            for kind, owner in obs["buildings"][tid].items():
                if owner:
                    blds.append_text(self._who(seat_of.get(owner, 0), f"{self.short_building(kind)[:2]}:{self.initial(owner)}"))
                    blds.append(" ")
            if town:
                blds.append(f"{sum(1 for o in obs['buildings'][tid].values() if o)}/{town.spaces}", style="dim")
            k = farmers.get(tid, 0) if isinstance(farmers, dict) else 0
            towns.add_row(str(town.number) if town else str(i + 1), self.town_name(tid, town), self._letters(cowboys),
                          cattle, blds, str(k) if k else Text("-", style="dim"))
        parts.append(towns)
        parts.append(self._players_compact(obs, seat))
        parts.append(self._boxes_compact(obs))
        if obs.get("fight"):
            parts.append(self._fight(obs["fight"]))
        return Group(*parts)

    def _letters(self, counts: list[int]) -> Text:
        """Per seat with any: its colour's initial and the count ("R2 B1"), in its colour."""
        out = Text()
        for s, k in enumerate(counts):
            if k:
                initial = self.initial(self.colours[s]) if s < len(self.colours) else str(s + 1)
                out.append_text(self._who(s, f"{initial}{k}"))
                out.append(" ")
        return out if out else Text("-", style="dim")

    def _players_compact(self, obs: dict, seat: int) -> Roomiest:
        """The players two to a line, in the order they act, and what the signs count: said the roomiest
        way that fits (Roomiest): with the colours' names, else their first words ("Verde" for "Verde
        oscuro"), the signs' legend beside the last player or on its own line; else one player a line."""
        bidding = obs.get("phase") == "bidding"
        order = obs.get("order", [])
        cur = (obs.get("current_player") or "").lower()
        supply = obs.get("farmer_supply", [])

        def cell(pos: int, colour: str, short: bool) -> Text:
            s = self.colours.index(colour) if colour in self.colours else pos
            out = Text(f"{pos + 1}{'▶' if cur == colour else ' '}")
            name = self.name_of(colour) if s < len(self.colours) else str(s + 1)
            out.append_text(self._who(s, name.split(" ")[0] if short else name))
            if self.is_you(s, seat):
                out.append(self.W("you_short"), style="bold")
            out.append(f" ${obs['money'][s]}", style="bold")
            if bidding:
                out.append(self.W("bid_short", bid=obs["bids"][s]), style="bold cyan")
            out.append(f" ☻{obs['cowboy_supply'][s]} ▲{obs['cattle_supply'][s]} ✪{obs['posters'][s]}"
                       + (f" F{supply[s]}" if s < len(supply) else ""), style="dim")
            return out

        legend = Text(self.W("supply_short"), style="dim")  # what the signs count (the full board has its columns)

        def two_a_line(short: bool, legend_beside: bool) -> Group:
            cells = [cell(pos, colour, short) for pos, colour in enumerate(order)]
            width = max((c.cell_len for c in cells[0::2]), default=0)
            if legend_beside:
                cells.append(legend)
            lines = []
            for i in range(0, len(cells), 2):
                line = cells[i].copy()
                if i + 1 < len(cells):
                    line.append(" " * (width - cells[i].cell_len + 2))
                    line.append_text(cells[i + 1])
                lines.append(line)
            return Group(*lines) if legend_beside else Group(*lines, legend)

        one_a_line = Group(*(cell(pos, colour, True) for pos, colour in enumerate(order)),
                           Fit([legend], [Text(w, style="dim") for w in legend.plain.split(" ")], sep=" ", label=False))
        return Roomiest(two_a_line(False, True), two_a_line(False, False), two_a_line(True, True), two_a_line(True, False), one_a_line)

    def _boxes_compact(self, obs: dict) -> Fit:
        """The action boxes still free, said the roomiest way that fits the width (Fit): each box's name
        and how many are free; else short words, the build boxes as one ("build Coach Bank"); else that,
        wrapped between boxes over two lines. Never cut (the choices list each box too)."""
        used = obs.get("boxes_used", {})
        open_ = obs.get("boxes_open", {})
        boxes = {b.id: b for b in self.boxes}
        free = [(bid, open_[bid] - k) for bid, k in used.items() if bid in open_ and open_[bid] - k > 0]
        if not free:
            return Fit([Text(self.W("free_boxes"), style="bold") + Text(self.W("none"), style="dim")])
        long = Text(self.W("free_boxes"), style="bold")
        for i, (bid, k) in enumerate(free):
            box = boxes.get(bid)
            long.append(f"{self.box_name(box) if box else nice(bid)} {k}")
            if i < len(free) - 1:
                long.append(" · ", style="dim")
        short_words = self.T.raw("way_out_west.box_short")
        pieces, built = [Text(self.W("free_short"), style="bold")], Text()
        for bid, k in free:
            kind = getattr(boxes.get(bid), "building", None)
            if kind:
                built.append(" " if built else "")
                built.append(self.short_building(kind) + (f" {k}" if k > 1 else ""))
                if len(pieces) == 1 or pieces[-1] is not built:
                    pieces.append(built)
            else:
                word = short_words.get(bid) if isinstance(short_words, dict) else None
                pieces.append(Text(f"{word or nice(bid)} {k}"))
        if built.plain:
            built.plain = f"{self.W('build_short')} {built.plain}"
        short = Text()
        for i, piece in enumerate(pieces):
            short.append(" · " if i > 1 else "", style="dim")
            short.append_text(piece)
        return Fit([long, short], pieces)

    def scores_now(self, obs: dict, seat: int, names: list[str]) -> list[str] | None:
        """Each seat's VP if the game ended now (the final scoring over the board as it stands)."""
        vp = obs.get("vp_now")
        return [self.W("vp_now", vp=v) for v in vp] if vp else None

    def _players(self, obs: dict, seat: int) -> Group:
        table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False)
        bidding = obs.get("phase") == "bidding"
        for col in ("turn", "player", "vp", "money", "bid", "cowboys", "cattle", "posters", "farmers"):
            if col != "bid" or bidding:  # numbers and headers whole at 80 columns; a long name wraps between words
                head = self.W(f"col.{col}")
                table.add_column(head, justify="left" if col == "player" else "right", no_wrap=col != "player", overflow="fold",
                                 min_width=max(cell_len(w) for w in head.split()))
        order = obs.get("order", [])
        cur = obs.get("current_player")
        vp = obs.get("vp_now") or [0] * len(order)
        for pos, colour in enumerate(order):
            s = self.colours.index(colour) if colour in self.colours else pos
            who = self._who(s)
            if self.is_you(s, seat):
                who.append(self.W("you"))
            if cur and cur.lower() == colour:
                who = Text("▶ ") + who
            supply = obs.get("farmer_supply", [])
            farmer_text = str(supply[s]) if s < len(supply) else "-"
            bid = str(obs["bids"][s]) if bidding else ""
            cells = [str(pos + 1), who, str(vp[s]), f"${obs['money'][s]}", bid, str(obs["cowboy_supply"][s]),
                     str(obs["cattle_supply"][s]), str(obs["posters"][s]), farmer_text]
            table.add_row(*(c for i, c in enumerate(cells) if i != 4 or bidding))
        note = self.W("supply_note", posters=obs.get("poster_supply"), high=obs.get("high_bid") if bidding else None)
        return Group(table, Text(note, style="dim"))

    def _boxes(self, obs: dict) -> Text:
        used = obs.get("boxes_used", {})
        out = Text(self.W("action_boxes"), style="bold")
        open_ = obs.get("boxes_open", {})
        specs = {b.id: b for b in self.boxes}
        for i, (bid, k) in enumerate(used.items()):
            spec = specs.get(bid)
            total = open_.get(bid)
            name = self.box_name(spec) if spec else nice(bid)
            cost = ""
            if spec and spec.cost:
                cost = self.W("box_cost", cost=spec.cost, each=spec.cost_per == "unit")
            free = None if total is None else total - k
            style = "dim strike" if free == 0 else ""
            label = self.W("box_free", name=name, cost=cost, free=free, total=total) if total is not None else self.W("box_used", name=name, k=k)
            out.append(label, style=style)
            if i < len(used) - 1:
                out.append(" · ", style="dim")
        return out

    def _fight(self, f: dict) -> Text:
        names = [self.name_of(c) for c in self.colours]

        def name(seat: int) -> str:
            return self.W("the_farmer") if seat < 0 else names[seat]

        towns = list(self.towns.items())
        town = self.town_name(*towns[f["town"]]) if self.towns else self.W("town_n", n=f["town"] + 1)
        att = f["a_cow"] + f["a_sher"]
        dfn = f["d_cow"] + f["d_sher"] + f["d_guard"] + f["d_farm"] + f.get("d_lone", 0)
        stage = self.T.raw("way_out_west.stages").get(f["stage"], f["stage"]) if isinstance(self.T.raw("way_out_west.stages"), dict) else f["stage"]
        return Text(self.W("fight", town=town, att=name(f["att"]), na=att, dfn=name(f["dfn"]), nd=dfn, lone=bool(f.get("d_lone")),
                           stage=stage, decider=name(f["decider"])), style="bold red")

    def status(self, obs: dict, seat: int) -> str:
        phase = obs.get("phase")
        if obs.get("fight"):
            return self.W("status.fight")
        if obs.get("moving_cowboys"):
            return self.W("status.moving")
        if phase in ("setup", "bidding", "actions"):
            return self.W(f"status.{phase}", high=obs.get("high_bid", 0))
        return ""

    def phase(self, obs: dict) -> str:
        phases = self.T.raw("way_out_west.phases")
        phase = obs.get("phase")
        return str(phases.get(phase, phase)) if isinstance(phases, dict) else str(phase)

    def box_name(self, box: Any) -> str:
        return self.words.boxes.get(box.id, box.name) if self.words is not None else box.name

    def rules_help(self, obs: dict) -> str:
        """The rules in force (from the game's options in the observation), for the referee's help."""
        if self.content is None or "options" not in obs:
            return ""
        return "\n".join(f"  - {line}" for line in option_lines(self.content, obs["options"], self.lang))

    # --- the choices, grouped by action box -----------------------------------------------------
    def choice_group(self, obs: dict, notation: str) -> str:
        words = notation.split()
        if words[0] == "build" and len(words) > 1:
            return f"build-{words[1]}"
        return {"fight": "gunfight"}.get(words[0], words[0])

    def group_labels(self, obs: dict) -> dict[str, str]:
        used = obs.get("boxes_used", {})
        open_ = obs.get("boxes_open", {})
        out = {}
        for b in self.boxes:
            free = open_.get(b.id, 0) - used.get(b.id, 0)
            cost = self.W("no_cost") if b.cost == 0 else cost_text(b, self.lang)
            out[b.id] = self.W("group_label", cost=cost, free=free, total=open_.get(b.id, 0))  # the word names the box
        out["bid"] = self.W("group_bid")
        out["place"] = self.W("group_place")
        return out

    def score_text(self, value: float) -> str:
        return self.W("vp", n=f"{value:,.0f}" if float(value).is_integer() else f"{value:,.1f}")

    # --- the end ------------------------------------------------------------------------------
    def score_table(self, sheet: list[dict], names: list[str]) -> Group:
        """Per player: the total, then one line per source of victory points (town by town where it
        has towns), the most-wanted and most-money bonuses, a head start."""
        lines: list[RenderableType] = [Text(self.W("end.title"), style="bold")]
        table = Table.grid(padding=(0, 1))
        table.add_column(no_wrap=True)
        table.add_column()
        table.add_column(justify="right", no_wrap=True)
        town_names = [self.town_name(tid, t) for tid, t in self.towns.items()]
        for row in sheet:
            vp = row["vp"]
            parts = {"buildings": [], "cattle": [], "majority": []}
            for x in row["towns"]:
                town = town_names[x["town"]] if x["town"] < len(town_names) else str(x["town"] + 1)
                if x["part"] == "buildings":
                    owned = "+".join(self.words.buildings.get(n.lower(), n) if self.words is not None else n for n in x["names"])
                    parts["buildings"].append(self.W("end.buildings_in", names=owned, town=town, count=x["count"], size=x["size"]))
                elif x["part"] == "cattle":
                    parts["cattle"].append(self.W("end.cattle_in", count=x["count"], town=town, per=x["per"]))
                else:
                    parts["majority"].append(self.W("end.majority_in", town=town, shared=bool(x.get("shared")), vp=x["vp"]))
            sep = self.W("end.sep")
            table.add_row(self._who(row["seat"]), "", Text(self.W("vp", n=row["total"]), style="bold"))
            table.add_row(f"  {self.W('end.buildings')}", sep.join(parts["buildings"]) or "-", str(vp["buildings"]))
            table.add_row(f"  {self.W('end.cattle')}", sep.join(parts["cattle"]) or "-", str(vp["cattle"]))
            table.add_row(f"  {self.W('end.majorities')}", sep.join(parts["majority"]) or "-", str(vp["majority"]))
            table.add_row(f"  {self.W('end.most_wanted')}", self.W("end.posters", n=row["posters"]), str(vp["wanted"]))
            table.add_row(f"  {self.W('end.most_money')}", f"${row['money']}", str(vp["money"]))
            if vp.get("head_start"):
                table.add_row(f"  {self.W('end.head_start')}", self.W("end.head_start_why"), str(vp["head_start"]))
        return Group(*lines, table)

    def skip_entry(self, entry) -> bool:
        # the engine logs the declaration of a gunfight, which the move's own sentence already tells
        return isinstance(entry, str) and " starts a gunfight in " in entry


VIEW_CLASS = WayOutWestView
