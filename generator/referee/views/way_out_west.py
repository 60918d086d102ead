"""Way Out West drawn from a seat's observation: the five towns on the trail (cowboys, cattle,
buildings, farmers), the action boxes, money, posters and supplies, turn order and bids, the round,
any gunfight under way and the latest entries of the public log."""

from __future__ import annotations

from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from . import View, nice
from ...words.way_out_west import cost_text, option_lines

FALLBACK_HEX = {"red": "#D55E00", "blue": "#0072B2", "green": "#009E73", "yellow": "#F0E442", "purple": "#CC79A7"}
BUILDING_SHORT = {"stagecoach": "Coach", "train": "Train", "bank": "Bank", "store": "Store", "hotel": "Hotel", "jail": "Jail"}


class WayOutWestView(View):
    title = "Way Out West"

    def __init__(self, content: Any = None, lang: str = "en"):
        super().__init__(content, lang)
        self.colours: list[str] = list(FALLBACK_HEX)
        self.hex = dict(FALLBACK_HEX)
        self.towns: dict[str, Any] = {}
        self.boxes: list[Any] = []
        self.income_rounds: list[int] = []
        if content is not None:
            self.colours = [c.id for c in content.colours]
            self.hex = {c.id: c.hex for c in content.colours}
            self.towns = {t.id: t for t in content.towns}
            self.boxes = list(content.action_boxes)
            self.income_rounds = list(content.income_rounds)

    def seat_names(self, obs: dict) -> list[str] | None:
        n = obs.get("players", 0)
        return [c.title() for c in self.colours[:n]]

    def _who(self, seat: int, text: str | None = None) -> Text:
        colour = self.colours[seat] if seat < len(self.colours) else "white"
        return Text(text or colour.title(), style=f"bold {self.hex.get(colour, 'white')}")

    def _per_seat(self, counts: list[int], symbol: str) -> Text:
        out = Text()
        for seat, n in enumerate(counts):
            if n:
                if out:
                    out.append(" ")
                initial = self.colours[seat][:1].upper() if seat < len(self.colours) else str(seat + 1)
                out.append_text(self._who(seat, f"{initial}{symbol}{n}"))
        return out if out else Text("-", style="dim")

    def draw(self, obs: dict, seat: int) -> RenderableType:
        n = obs["players"]
        seat_of = {c: i for i, c in enumerate(self.colours[:n])}
        parts: list[RenderableType] = []
        rnd = obs.get("round", 0)
        income = f" (income after rounds {', '.join(map(str, self.income_rounds))})" if self.income_rounds else ""
        parts.append(Text(f"round {rnd}/{obs.get('round_of', 12)} — {obs.get('phase')}{income}", style="bold"))
        towns = Table(box=box.ROUNDED, show_lines=True, title="the trail", padding=(0, 1))
        for col in ("#", "town", "cowboys", "cattle", "buildings", "farmers"):
            towns.add_column(col)
        farmers = obs.get("farmers", {})
        for i, (tid, cowboys) in enumerate(obs["cowboys"].items()):
            town = self.towns.get(tid)
            name = town.name if town else nice(tid)
            number = str(town.number) if town else str(i + 1)
            cattle = obs["cattle"][tid]
            corrals = f"/{town.corrals}" if town else ""
            blds = Text()
            for kind, owner in obs["buildings"][tid].items():
                if owner:
                    if blds:
                        blds.append(" ")
                    initial = owner[:1].upper()
                    blds.append_text(self._who(seat_of.get(owner, 0), f"{BUILDING_SHORT.get(kind, nice(kind))}({initial})"))
            spaces = f" ({sum(1 for o in obs['buildings'][tid].values() if o)}/{town.spaces})" if town else ""
            if not blds:
                blds = Text("-", style="dim")
            blds.append(spaces, style="dim")
            k = farmers.get(tid, 0) if isinstance(farmers, dict) else 0
            here = Text(f"{k} farmer{'s' if k != 1 else ''}" if k else "")
            cattle_text = self._per_seat(cattle, "▲")
            cattle_text.append(f"  ({sum(cattle)}{corrals})", style="dim")
            towns.add_row(number, name, self._per_seat(cowboys, "☻"), cattle_text, blds, here if here else Text("-", style="dim"))
        parts.append(towns)
        parts.append(self._players(obs, seat))
        parts.append(self._boxes(obs))
        fight = obs.get("fight")
        if fight:
            parts.append(self._fight(fight))
        parts.append(Text("☻ cowboys, ▲ cattle; a letter names the owner's colour (R red, B blue, G green, Y yellow, "
                          "P purple): Store(R) is Red's store", style="dim"))
        return Group(*parts)

    # --- the compact board (the full-screen table at 80x24) -------------------------------------
    def compact(self, obs: dict, seat: int) -> RenderableType:
        """At most about 13 lines at 80 columns for 3-5 players: the round, one line per town, the
        players two or three to a line, the free action boxes, a gunfight under way."""
        n = obs["players"]
        seat_of = {c: i for i, c in enumerate(self.colours[:n])}
        rnd = obs.get("round", 0)
        income = f" · income after {', '.join(map(str, self.income_rounds))}" if self.income_rounds else ""
        parts: list[RenderableType] = [Text(f"round {rnd}/{obs.get('round_of', 12)} — {obs.get('phase')}{income}", style="bold",
                                            no_wrap=True, overflow="ellipsis")]
        towns = Table(box=None, padding=(0, 1), pad_edge=False, header_style="bold underline")
        for col in ("#", "town", "cowboys", "cattle", "buildings", "farmers"):
            towns.add_column(col, no_wrap=col in ("#", "town", "farmers"))
        farmers = obs.get("farmers", {})
        for i, (tid, cowboys) in enumerate(obs["cowboys"].items()):
            town = self.towns.get(tid)
            cattle = self._letters(obs["cattle"][tid])
            cattle.append(f" {sum(obs['cattle'][tid])}/{town.corrals}" if town else "", style="dim")
            blds = Text()
            for kind, owner in obs["buildings"][tid].items():
                if owner:
                    blds.append_text(self._who(seat_of.get(owner, 0), f"{BUILDING_SHORT.get(kind, nice(kind))[:2]}:{owner[:1].upper()}"))
                    blds.append(" ")
            if town:
                blds.append(f"{sum(1 for o in obs['buildings'][tid].values() if o)}/{town.spaces}", style="dim")
            k = farmers.get(tid, 0) if isinstance(farmers, dict) else 0
            towns.add_row(str(town.number) if town else str(i + 1), town.name if town else nice(tid), self._letters(cowboys),
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
                initial = self.colours[s][:1].upper() if s < len(self.colours) else str(s + 1)
                out.append_text(self._who(s, f"{initial}{k}"))
                out.append(" ")
        return out if out else Text("-", style="dim")

    def _players_compact(self, obs: dict, seat: int) -> Table:
        bidding = obs.get("phase") == "bidding"
        order = obs.get("order", [])
        cur = (obs.get("current_player") or "").lower()
        per_line = 2
        table = Table(box=None, show_header=False, padding=(0, 2), pad_edge=False)
        for _ in range(per_line):
            table.add_column(no_wrap=True)
        cells: list[Text] = []
        for pos, colour in enumerate(order):
            s = self.colours.index(colour) if colour in self.colours else pos
            cell = Text(f"{pos + 1}{'▶' if cur == colour else ' '}")
            cell.append_text(self._who(s))
            if self.is_you(s, seat):
                cell.append(" you", style="bold")
            supply = obs.get("farmer_supply", [])
            cell.append(f" ${obs['money'][s]}", style="bold")
            if bidding:
                cell.append(f" bid {obs['bids'][s]}", style="bold cyan")
            cell.append(f" ☻{obs['cowboy_supply'][s]} ▲{obs['cattle_supply'][s]} ✪{obs['posters'][s]}"
                        + (f" F{supply[s]}" if s < len(supply) else ""), style="dim")
            cells.append(cell)
        for i in range(0, len(cells), per_line):
            row = cells[i:i + per_line]
            table.add_row(*row, *([""] * (per_line - len(row))))
        return table

    def _boxes_compact(self, obs: dict) -> Text:
        used = obs.get("boxes_used", {})
        open_ = obs.get("boxes_open", {})
        names = {b.id: b.name for b in self.boxes}
        out = Text("free boxes: ", style="bold", no_wrap=True, overflow="ellipsis")  # the choices list each box too
        free = [(bid, open_[bid] - k) for bid, k in used.items() if bid in open_ and open_[bid] - k > 0]
        for i, (bid, k) in enumerate(free):
            out.append(f"{names.get(bid, nice(bid))} {k}")
            if i < len(free) - 1:
                out.append(" · ", style="dim")
        if not free:
            out.append("none", style="dim")
        return out

    def scores_now(self, obs: dict, seat: int, names: list[str]) -> list[str] | None:
        money = obs.get("money")
        return [f"${m}" for m in money] if money else None

    def _players(self, obs: dict, seat: int) -> Group:
        table = Table(box=box.SIMPLE_HEAD, padding=(0, 1))
        bidding = obs.get("phase") == "bidding"
        for col in ("turn", "player", "money", "bid", "cowboys", "cattle", "posters", "farmers"):
            if col != "bid" or bidding:
                table.add_column(col, justify="left" if col == "player" else "right", no_wrap=True)
        order = obs.get("order", [])
        cur = obs.get("current_player")
        for pos, colour in enumerate(order):
            s = self.colours.index(colour) if colour in self.colours else pos
            who = self._who(s)
            if self.is_you(s, seat):
                who.append(" (you)")
            if cur and cur.lower() == colour:
                who = Text("▶ ") + who
            supply = obs.get("farmer_supply", [])
            farmer_text = str(supply[s]) if s < len(supply) else "-"
            bid = str(obs["bids"][s]) if bidding else ""
            cells = [str(pos + 1), who, f"${obs['money'][s]}", bid, str(obs["cowboy_supply"][s]),
                     str(obs["cattle_supply"][s]), str(obs["posters"][s]), farmer_text]
            table.add_row(*(c for i, c in enumerate(cells) if i != 3 or bidding))
        note = (f"cowboys, cattle, farmers: still in each supply; wanted posters left: {obs.get('poster_supply')}"
                + (f"; high bid ${obs.get('high_bid')}" if bidding else ""))
        return Group(table, Text(note, style="dim"))

    def _boxes(self, obs: dict) -> Text:
        used = obs.get("boxes_used", {})
        out = Text("action boxes: ", style="bold")
        open_ = obs.get("boxes_open", {})
        specs = {b.id: b for b in self.boxes}
        for i, (bid, k) in enumerate(used.items()):
            spec = specs.get(bid)
            total = open_.get(bid)
            name = spec.name if spec else nice(bid)
            cost = ""
            if spec and spec.cost:
                cost = f" ${spec.cost}" + (" each" if spec.cost_per == "unit" else "")
            free = None if total is None else total - k
            style = "dim strike" if free == 0 else ""
            label = f"{name}{cost} [{free}/{total} free]" if total is not None else f"{name} [{k} used]"
            out.append(label, style=style)
            if i < len(used) - 1:
                out.append(" · ", style="dim")
        return out

    def _fight(self, f: dict) -> Text:
        names = [c.title() for c in self.colours]

        def name(seat: int) -> str:
            return "the farmer" if seat < 0 else names[seat]

        town = list(self.towns.values())[f["town"]].name if self.towns else f"town {f['town'] + 1}"
        att = f["a_cow"] + f["a_sher"]
        dfn = f["d_cow"] + f["d_sher"] + f["d_guard"] + f["d_farm"] + f.get("d_lone", 0)
        lone = " (the lone defence die)" if f.get("d_lone") else ""
        return Text(
            f"GUNFIGHT in {town}: {name(f['att'])} ({att} fighter{'s' if att != 1 else ''}) against "
            f"{name(f['dfn'])} ({dfn} fighter{'s' if dfn != 1 else ''}{lone}); now: {f['stage']}, {name(f['decider'])} decides",
            style="bold red",
        )

    def status(self, obs: dict, seat: int) -> str:
        phase = obs.get("phase")
        if obs.get("fight"):
            return "A gunfight is under way: shoot, retreat or choose casualties."
        if obs.get("moving_cowboys"):
            return "Moving cowboys: send more from the same town to another town, or pass to stop."
        return {
            "setup": "Setup: place a cowboy in any town.",
            "bidding": f"Bidding for turn order: raise above ${obs.get('high_bid', 0)} or drop out.",
            "actions": "Actions: take a free action box (or pass).",
        }.get(phase, "")

    def rules_help(self, obs: dict) -> str:
        """The rules in force (from the game's options in the observation), for the referee's help."""
        if self.content is None or "options" not in obs:
            return ""
        return "\n".join(f"  - {line}" for line in option_lines(self.content, obs["options"], "en"))

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
            cost = cost_text(b, "en")
            out[b.id] = f"{'no cost' if cost == 'free' else cost}, {free} of {open_.get(b.id, 0)} boxes open"  # the word names the box
        out["bid"] = "raise your bid for turn order"
        out["place"] = "put a cowboy in a town"
        return out

    def score_text(self, value: float) -> str:
        return f"{value:,.0f} VP" if float(value).is_integer() else f"{value:,.1f} VP"

    # --- the end ------------------------------------------------------------------------------
    def score_table(self, sheet: list[dict], names: list[str]) -> Group:
        """Per player: the total, then one line per source of victory points (town by town where it
        has towns), the most-wanted and most-money bonuses, a head start."""
        lines: list[RenderableType] = [Text("how the victory points add up", style="bold")]
        table = Table.grid(padding=(0, 1))
        table.add_column(no_wrap=True)
        table.add_column()
        table.add_column(justify="right", no_wrap=True)
        town_names = [t.name for t in self.towns.values()]
        for row in sheet:
            vp = row["vp"]
            parts = {"buildings": [], "cattle": [], "majority": []}
            for x in row["towns"]:
                town = town_names[x["town"]] if x["town"] < len(town_names) else str(x["town"] + 1)
                if x["part"] == "buildings":
                    parts["buildings"].append(f"{'+'.join(x['names'])} in {town} {x['count']}×{x['size']}")
                elif x["part"] == "cattle":
                    parts["cattle"].append(f"{x['count']} in {town} ×{x['per']}")
                else:
                    parts["majority"].append(f"{town}{' (shared)' if x.get('shared') else ''} {x['vp']}")
            table.add_row(self._who(row["seat"]), "", Text(f"{row['total']} VP", style="bold"))
            table.add_row("  buildings", "; ".join(parts["buildings"]) or "-", str(vp["buildings"]))
            table.add_row("  cattle", "; ".join(parts["cattle"]) or "-", str(vp["cattle"]))
            table.add_row("  majorities", "; ".join(parts["majority"]) or "-", str(vp["majority"]))
            table.add_row("  most wanted", f"{row['posters']} poster{'s' if row['posters'] != 1 else ''}", str(vp["wanted"]))
            table.add_row("  most money", f"${row['money']}", str(vp["money"]))
            if vp.get("head_start"):
                table.add_row("  head start", "the bot's printed head start", str(vp["head_start"]))
        return Group(*lines, table)

    def skip_entry(self, entry) -> bool:
        # the engine logs the declaration of a gunfight, which the move's own sentence already tells
        return isinstance(entry, str) and " starts a gunfight in " in entry


VIEW_CLASS = WayOutWestView
