"""Colt Express drawn from a seat's observation: the train (roof and inside of every wagon, loot,
the marshal, the bandits), the bandits' loot and bullets, the scheming order, the played pile with
face-down cards hidden, the seat's own hand and deck, and the hands of open-hand bot seats (face up
for everyone). In the opening: the characters still free (with their powers) and who chooses next.
The status line follows the game's options."""

from __future__ import annotations

from collections import Counter

from typing import Any

from rich import box
from rich.cells import cell_len
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from . import Fit, Roomiest, View, nice
from ...words.colt_express_talk import TableWords, contract, contractions
from ...words.text import Texts, text_in

CARD_KIND = {"move": "move", "floor": "floor", "change": "floor", "rob": "rob", "robbery": "rob", "fire": "fire",
             "punch": "punch", "marshal": "marshal"}


class ColtExpressView(View):
    title = "Colt Express"
    pauses = True  # the stealing phase waits for Enter card by card

    def __init__(self, content: Any = None, lang: str = "en"):
        super().__init__(content, lang)
        self.contractions = contractions(self.T)  # (C uses them)
        self.G = Texts(lang, "colt_express")
        self.words: TableWords | None = TableWords(content, lang) if content is not None else None
        self.wagon_names: dict[str, str] = {}
        self.round_cards: dict[str, Any] = {}
        self.event_names: dict[str, str] = {}
        self.bandit_style: dict[str, str] = {}
        self.powers: dict[str, str] = {}
        self.draw_count = 3
        self.loot_value: dict[str, int] = {}
        if content is not None:
            self.powers = {ch.name: text_in(ch.text, lang) for ch in content.characters}
            self.draw_count = content.setup.draw_count
            self.wagon_names = {w.id: text_in(w.name, lang) for w in content.wagons}
            self.wagon_names.setdefault("locomotive", "Locomotive" if lang == "en" else self.C("locomotive_name"))
            self.round_cards = {r.id: r for r in content.round_cards}
            self.event_names = {e.id: text_in(e.name, lang) for e in content.events}
            self.bandit_style = {ch.id: f"bold {ch.colour.hex}" for ch in content.characters}
            self.loot_value = {"jewel": content.loot.jewels.value, "strongbox": content.loot.strongboxes.value}
            self.turn_letters = {r.id: r.turns for r in content.round_cards}
        short = self.T.raw("colt_express.wagon_short")
        self.wagon_short: set[str] = set(short) if isinstance(short, dict) else set()

    def C(self, key: str, **values: Any) -> str:
        """A Colt Express phrase of the referee's text file (`colt_express.<key>`), contracted as the language
        joins words ("a el vagón" -> "al vagón")."""
        return contract(self.T(f"colt_express.{key}", **values), self.contractions)

    def card_text(self, word: str) -> str:
        """A card as the engine words it ("Fire", "bullet Doc"), named as the kit prints it."""
        return word if self.lang == "en" or self.words is None else self.words.card(word)

    def cards_text(self, words: list[str]) -> str:
        return self.C("list_sep").join(self.card_text(w) for w in words)

    def seat_word(self, s: int) -> str:
        return self.T("seat", n=s + 1)

    def _bandit(self, b: dict, nth: str = "") -> Text:
        if not b.get("name"):  # not chosen yet
            return Text(self.C("unchosen", seat=self.seat_word(b["seat"]), nth=nth), style="dim")
        return Text(b["name"], style=self.bandit_style.get(b.get("character", ""), "bold"))

    def seat_names(self, obs: dict) -> list[str] | None:
        """A seat named after its bandits once every one of them is chosen ("Tuco & Belle"), and by its number
        until then: a two-bandit seat is never named after its first bandit alone, in the log or the header."""
        names: dict[int, list[str]] = {}
        for b in obs.get("bandits", []):
            names.setdefault(b["seat"], []).append(b.get("name") or "")
        return [" & ".join(names[s]) if s in names and all(names[s]) else self.seat_word(s)
                for s in range(obs.get("players", len(names)))]

    def round_line(self, obs: dict) -> str:
        card_id = obs.get("round_card")
        card = self.round_cards.get(card_id) if card_id else None
        if card is None:
            if not obs.get("round"):
                return self.C("before_round", n=obs.get("rounds"))
            return self.C("round_n", n=obs.get("round"), of=obs.get("rounds"))
        turns = " ".join(card.turns)
        name = text_in(card.name, self.lang)
        event = self.event_names.get(card.event, nice(card.event)) if card.event else self.C("no_event")
        head = self.C("round_head", n=obs.get("round"), of=obs.get("rounds"), name=name, turns=turns)
        return head if event == name else self.C("round_event", head=head, event=event)  # help NAME tells what it does

    def turn_legend(self, obs: dict) -> str:
        """What the letters of this round's turns mean ("N normal: face up, ...")."""
        card = self.round_cards.get(obs.get("round_card") or "")
        if card is None:
            return ""
        return self.C("sep").join(self.C("turn_legend", letter=t, word=self.G.name("turns", t), meaning=self.C(f"turn_meaning.{t}"))
                                  for t in dict.fromkeys(card.turns))

    def wagon(self, obs: dict, car: int) -> str:
        """"wagon 2 (Mail car)" or "the locomotive", as the engine's log names cars."""
        train = obs.get("train") or []
        if car == 0:
            return self.C("locomotive")
        name = self.wagon_names.get(train[car], nice(train[car])) if car < len(train) else ""
        return self.C("wagon", n=car, name=name)

    def level(self, level: str, short: bool = False) -> str:
        """"roof" / "inside" ("in" when `short`)."""
        return self.C(f"level{'_short' if short else ''}.{level}")

    # --- narration in the view's language -----------------------------------------------------
    def move_line(self, state: Any, action: Any, names: list[str]) -> str:
        if self.lang == "en" or self.words is None:
            return state.describe(action)
        self.words.seat_names = list(names)
        return self.words.sentence(state.describe(action))

    # --- the picture --------------------------------------------------------------------------
    def draw(self, obs: dict, seat: int) -> RenderableType:
        names = self.seat_names(obs) or []
        parts: list[RenderableType] = [Text(self.round_line(obs), style="bold")]
        parts.append(Roomiest(self._train(obs), self._train_compact(obs), least=True))  # 6 bandits at 80 columns: the compact train, not cropped
        parts.append(self._bandits(obs, seat, names))
        parts.append(self._schedule(obs, names))
        if obs.get("phase") in ("scheme", "pick", "cover"):
            parts.append(Text(self.turn_legend(obs), style="dim"))
        parts.append(self._pile(obs, seat, names))
        if obs.get("phase") == "choose":
            parts.append(self._characters_left(obs, names))
        hand = self.cards_text(obs.get("hand", [])) or "-"
        deck = self.cards_text(obs.get("deck_cards", [])) or "-"
        mine = obs["seats"][seat]
        if obs.get("hand") or obs.get("deck_cards"):  # nothing to show before the bandits are chosen
            parts.append(Text.assemble((self.C("your_hand"), "bold"), (hand, "bold green"),
                                       (self.C("deck_cards", n=mine["deck_size"], cards=deck), "dim")))
        for s, info in enumerate(obs["seats"]):  # open-hand bot seats: their hands lie face up for all
            if s != seat and "open_hand" in info:
                who = names[s] if s < len(names) else self.seat_word(s)
                parts.append(Text.assemble((self.C("open_hand", who=who), "bold"), (self.cards_text(info["open_hand"]) or "-", "yellow"),
                                           (self.C("deck_size", n=info["deck_size"]), "dim")))
        if obs.get("hand_must_keep"):
            parts.append(Text(self.C("must_keep", cards=self.cards_text(obs["hand_must_keep"])), style="dim"))
        extra = self.C("waiting", boxes=obs.get("strongboxes_waiting", 0), bullets=obs.get("neutral_bullets_left", 0))
        parts.append(Text(extra, style="dim"))
        return Group(*parts)

    # --- the compact board (the full-screen table at 80x24) -------------------------------------
    def compact_forms(self, obs: dict, seat: int) -> list[RenderableType]:
        """Roomiest first; tighter when the shown hands wrap too often (Spanish, 5-6 bandits): without the
        bullets each bandit took (the tie-break, kept on the full board and at the end), then the shown
        hands counted instead of listed (the full board lists them: `board`)."""
        return [self.compact(obs, seat, tight) for tight in range(3)]

    def compact(self, obs: dict, seat: int, tight: int = 0) -> RenderableType:
        """At most 16 lines at 80 columns for 2-6 players: the round, the train with two-letter
        bandits, one line per bandit (where, loot, bullets, the hand it shows), the turns and the pile.
        Every line is said whole: the roomiest form that fits the width, else wrapped (views.Fit)."""
        names = self.seat_names(obs) or []
        parts: list[RenderableType] = [_words(Text(self.round_line(obs), style="bold"))]
        parts.append(self._train_compact(obs))
        if obs.get("phase") == "choose":
            order = obs.get("choosing_order") or []
            who = [names[s] if s < len(names) else self.seat_word(s) for s in order]
            line = Text(self.C("still_free", who=" › ".join(who)), style="bold")
            parts.append(_words(line))
            left = obs.get("characters_left", [])
            width = max((cell_len(name) for name in left), default=0) + 1
            for name in left:
                power = self.powers.get(name, "")
                aligned = Text.assemble((name + " " * (width - cell_len(name)), "bold"), power)
                plain = Text.assemble((name, "bold"), " ", power)
                parts.append(Fit([aligned, plain], [Text(name, style="bold")] + [Text(w) for w in power.split(" ")], sep=" ",
                                 indent=" " * width, label=False))
        else:
            parts.append(self._bandits_compact(obs, seat, tight))
        order = self._schedule_compact(obs, names)
        if order is not None:
            parts.append(order)
        if obs.get("pile"):
            parts.append(self._pile_compact(obs, names))
        return Group(*parts)

    def _seat_code(self, obs: dict, s: int) -> str:
        """A seat in few letters: its bandits' two-letter codes ("Gh&Ch"), or its number."""
        codes = [b["name"][:2] for b in obs.get("bandits", []) if b["seat"] == s and b.get("name")]
        return "&".join(codes) or str(s + 1)

    def _schedule_compact(self, obs: dict, names: list[str]) -> Fit | None:
        """The scheming order: with names when it fits, else the seats in two letters, a tunnel's turn
        marked ▒ (its card goes face down), wrapped between turns when even that is too long."""
        turns = obs.get("turns") or []
        if not turns or obs.get("phase") not in ("scheme", "pick", "cover"):
            return None
        full = self._schedule(obs, names)
        short = Text(self.C("scheming_short"), style="bold")
        pieces = [short.copy()]  # the label leads, its own space after it
        now = obs.get("turn", 0)
        for i, (s, hidden) in enumerate(turns):
            word = self._seat_code(obs, s) + ("▒" if hidden else "")
            piece = Text(f"▶{word}◀" if i == now else word, style="reverse" if i == now else ("dim" if i < now else ""))
            if i:
                short.append(" ")
            short.append_text(piece)
            pieces.append(piece)
        return Fit([full, short], pieces, sep=" ")

    def _pile_compact(self, obs: dict, names: list[str]) -> Fit:
        """The pile on one line: cards already resolved counted (✓1-4), the one resolving marked, the rest as
        they lie; while scheming, the latest cards (the first ones counted). Said the roomiest way that fits:
        the bandits named, else in two letters, else fewer cards told and the others counted (1-12, 20-24)."""
        pile = obs.get("pile") or []
        resolving = obs.get("phase") in ("resolve", "pickpocket")
        done = obs.get("resolved", 0) if resolving else 0
        label = self.C("pile_n", n=len(pile))

        def cell(i: int, short: bool) -> Text:
            card = pile[i]
            if card["card"] is None:
                owner = self._seat_code(obs, card["seat"]) if short else (
                    names[card["seat"]] if card["seat"] < len(names) else self.seat_word(card["seat"]))
                word = f"{owner} ▒"
            else:
                word = f"{card['bandit'][:2] if short else card['bandit']} {self.card_text(_card(card['bandit'], card['card']))}"
            return Text(f"{i + 1} {word}", style="reverse" if resolving and i == done else "")

        def span(a: int, b: int, tick: str = "") -> str:  # cards a+1..b counted, not told
            return f"{tick}{a + 1}-{b}" if b - a > 1 else f"{tick}{b}"

        def form(first: int, last: int, short: bool) -> Text:
            out = Text(label, style="bold")
            if first:
                out.append(span(0, first, "✓" if resolving else "") + "  ", style="dim")
            for i in range(first, last):
                out.append_text(cell(i, short))
                out.append("  ")
            if last < len(pile):
                out.append(span(last, len(pile)), style="dim")
            out.rstrip()
            return out

        start = done if resolving else max(0, len(pile) - 6)
        forms = [form(start, len(pile), False), form(start, len(pile), True)]
        for k in range(len(pile) - start - 1, 0, -1):  # fewer cards told: the next ones while resolving, else the latest
            forms.append(form(start, start + k, True) if resolving else form(len(pile) - k, len(pile), True))
        return Fit(forms)

    def _code(self, b: dict) -> Text:
        """A bandit in two letters, in its colour (Tu, Be, Ch, Dj, Do, Gh)."""
        return Text(b["name"][:2], style=self.bandit_style.get(b.get("character", ""), "bold")) if b.get("name") else Text("··")

    def _train_compact(self, obs: dict) -> Table:
        train = obs["train"]
        table = Table(box=None, padding=(0, 1), pad_edge=False, expand=True, header_style="bold underline")
        levels = [self.level(level, short=True) for level in ("roof", "inside")]
        table.add_column("", style="bold dim", no_wrap=True, width=max(cell_len(word) for word in levels))  # "techo", "dentro" whole
        for i, wagon in enumerate(train):
            name, short = self.wagon_names.get(wagon, nice(wagon)), self.C(f"wagon_short.{wagon}") if wagon in self.wagon_short else ""
            forms = [Text(f"{i} {word}", style="bold underline") for word in (name, short) if word] + [Text(str(i), style="bold underline")]
            table.add_column(Fit(forms), ratio=1, overflow="fold")  # its name, else a short one, else its number: never cut
        for level in ("roof", "inside"):
            row: list[RenderableType] = [self.level(level, short=True)]
            for car in range(len(train)):
                spot = next(s for s in obs["spots"] if s["car"] == car and s["level"] == level)
                line = Text()
                for b in obs["bandits"]:
                    if b["car"] == car and b["level"] == level:
                        line.append_text(self._code(b))
                        line.append(" ")
                if level == "inside" and obs.get("marshal") == car:
                    line.append("M★ ", style="bold red")
                loot = " ".join(x for x in (f"${spot['purses']}" if spot["purses"] else "", f"♦{spot['jewels']}" if spot["jewels"] else "",
                                            f"▣{spot['strongboxes']}" if spot["strongboxes"] else "") if x)
                line.append(loot, style="yellow")
                row.append(line if line else Text("·", style="dim"))
            table.add_row(*row)
        return table

    def _bandits_compact(self, obs: dict, seat: int, tight: int = 0) -> Group:
        """One line per bandit in columns as wide as their widest entry: who, where, loot, bullets left and
        taken, the hand it shows (wrapped onto a second line, between cards, when the line is too long)."""
        lines: list[RenderableType] = []
        shown: set[int] = set()
        room = 1 + max(cell_len(self.level(level, short=True)) for level in ("roof", "inside"))  # "2 roof" and a space
        rows = []
        for b in obs["bandits"]:
            who = self._bandit(b)
            who.append(self.C("you_short") if self.is_you(b["seat"], seat) else "", style="bold")
            if b.get("purse_values"):
                purses = "+".join(f"${v:,}" for v in b["purse_values"])
            else:
                purses = self.C("purses_short", n=b["purses"]) if b["purses"] else ""
            loot = " ".join(x for x in (purses, f"♦{b['jewels']}" if b["jewels"] else "", f"▣{b['strongboxes']}" if b["strongboxes"] else "",
                                        f"R${b['ransom']}" if b.get("ransom") else "",
                                        f"+${b['head_start']:,}" if b.get("head_start") else "") if x) or "-"
            rows.append((b, who, loot))
        who_w = max(who.cell_len for _, who, _ in rows)
        loot_w = max(cell_len(loot) for _, _, loot in rows)
        for b, who, loot in rows:
            line = Text("▶ " if obs.get("current_player") == b["seat"] and obs.get("phase") != "over" else "  ")
            line.append_text(who)
            line.append(" " * (who_w - who.cell_len))
            where = f"{b['car']} {self.level(b['level'], short=True)}" if b["car"] is not None else "-"
            line.append(" " + where + " " * max(1, room + 2 - cell_len(where)), style="dim")  # never "dentro$250"
            line.append(loot + " " * (loot_w - cell_len(loot)) + " ", style="yellow")
            hit = obs["seats"][b["seat"]]["bullets_received"]
            line.append((self.C("bullets_hit", left=b["bullets_left"], hit=hit) if not tight else f"●{b['bullets_left']}").rstrip())
            if b["seat"] not in shown and b["seat"] != seat and obs["seats"][b["seat"]].get("open_hand"):
                shown.add(b["seat"])
                hand = obs["seats"][b["seat"]]["open_hand"]
                if tight > 1:
                    line.append(" " + self.C("shows_n", n=len(hand)), style="dim")
                    lines.append(line)
                    continue
                cards = _counted(hand, self.card_text, self.C("bullet_short")).split(" ")
                pieces = [line.copy(), Text.assemble((self.C("shows"), "dim"), (cards[0], "yellow"))]
                pieces += [Text(card, style="yellow") for card in cards[1:]]  # (the line leads: "shows" follows a space)
                whole = line.copy()
                for piece in pieces[1:]:
                    whole.append(" ")
                    whole.append_text(piece)
                lines.append(Fit([whole], pieces, sep=" ", indent=" " * 4, label=False))
            else:
                lines.append(line)
        if obs.get("hand"):
            hand = Text(self.C("your_hand"), style="bold")
            hand.append(_counted(obs["hand"], self.card_text, self.C("bullet_short")), style="bold green")
            hand.append(self.C("deck_short", n=obs["seats"][seat]["deck_size"]), style="dim")
            lines.append(_words(hand))
        return Group(*lines)

    def scores_now(self, obs: dict, seat: int, names: list[str]) -> list[str] | None:
        """Loot in view: jewels and strongboxes at their value, the seat's own purses at theirs, others' purses counted."""
        if not obs.get("bandits") or not all(b.get("name") for b in obs["bandits"]):
            return None
        out = []
        for s in range(obs.get("players", 0)):
            mine = [b for b in obs["bandits"] if b["seat"] == s]
            money = sum(b["jewels"] * self.loot_value.get("jewel", 0) + b["strongboxes"] * self.loot_value.get("strongbox", 0)
                        + sum(b.get("purse_values") or []) + b.get("ransom", 0) for b in mine)
            unknown = sum(b["purses"] for b in mine if not b.get("purse_values"))
            out.append(f"${money:,}" + (f"+{unknown}p" if unknown else ""))
        return out

    def _characters_left(self, obs: dict, names: list[str]) -> Table:
        order = obs.get("choosing_order") or []
        who = " › ".join(names[s] if s < len(names) else self.seat_word(s) for s in order)
        table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), show_edge=False, title=self.C("still_free", who=who))
        table.add_column(self.C("col.character"))
        table.add_column(self.C("col.power"), overflow="fold")
        for name in obs.get("characters_left", []):
            table.add_row(Text(name, style="bold"), self.powers.get(name, ""))
        return table

    def _train(self, obs: dict) -> Table:
        train = obs["train"]
        table = Table(box=box.ROUNDED, show_lines=True, padding=(0, 1))
        table.add_column("", style="bold dim")
        for i, wagon in enumerate(train):
            table.add_column(f"{i} {self.wagon_names.get(wagon, nice(wagon))}", justify="center", min_width=12)
        rows = []
        for level in ("roof", "inside"):
            cells: list[RenderableType] = []
            for car in range(len(train)):
                spot = next(s for s in obs["spots"] if s["car"] == car and s["level"] == level)
                line = Text()
                for b in obs["bandits"]:
                    if b["car"] is not None and b["car"] == car and b["level"] == level:
                        if line:
                            line.append(" ")
                        line.append_text(self._bandit(b))
                if level == "inside" and obs.get("marshal") == car:
                    if line:
                        line.append(" ")
                    line.append(self.C("marshal_here"), style="bold red")
                loot = self._loot(spot["purses"], spot["jewels"], spot["strongboxes"])
                if loot:
                    if line:
                        line.append(" ")
                    line.append(loot, style="yellow")
                cells.append(line if line else Text("·", style="dim"))
            rows.append([self.level(level), *cells])
        for r in rows:
            table.add_row(*r)
        return table

    def _bandits(self, obs: dict, seat: int, names: list[str]) -> Table:
        table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False, show_edge=False)
        # "gunslinger": the shots that count for the Gunslinger award (a two-bandit seat's shots at its own other
        # bandit do not; every bullet fired shows in "bullets", the ones left of six)
        for col in ("bandit", "seat", "where", "loot", "bullets", "gunslinger", "hit"):
            head = self.C(f"col.{col}")  # numbers, places and headers whole; names and loot wrap between words
            table.add_column(head, justify="right" if col in ("bullets", "gunslinger", "hit") else "left",
                             no_wrap=col not in ("bandit", "loot"), overflow="fold",
                             min_width=9 if col == "loot" else max(cell_len(w) for w in head.split()))
        per_seat = Counter(b["seat"] for b in obs["bandits"])
        seen: Counter = Counter()
        for b in obs["bandits"]:
            seen[b["seat"]] += 1
            nth = self.C(f"nth.{min(seen[b['seat']], 3)}") if per_seat[b["seat"]] > 1 else ""
            who = self._bandit(b, nth)
            if self.is_you(b["seat"], seat):
                who.append(self.C("you"), style="bold")
            if obs.get("current_player") == b["seat"] and obs.get("phase") != "over":
                who = Text("▶ ") + who
            if b.get("purse_values"):
                values = b["purse_values"]
                purses = f"${values[0]:,}" if len(values) == 1 else self.C("purses_worth", n=len(values), value=f"${sum(values):,}")
            else:
                purses = self.C("loot_times", n=b["purses"], loot=self.C("loot.purse")) if b["purses"] else ""
            loot = self._loot(0, b["jewels"], b["strongboxes"])
            loot = " ".join(x for x in (purses, loot, self.C("ransom", value=f"${b['ransom']}") if b.get("ransom") else "",
                                        self.C("head_start", value=f"${b['head_start']:,}") if b.get("head_start") else "") if x) or "-"
            where = f"{b['car']} {self.level(b['level'])}" if b["car"] is not None else self.C("not_placed")
            taken = obs["seats"][b["seat"]]["bullets_received"] if seen[b["seat"]] == 1 else ""  # counted per seat
            table.add_row(who, str(b["seat"] + 1), where, loot, str(b["bullets_left"]), str(b["shots_counted"]), str(taken))
        return table

    def _schedule(self, obs: dict, names: list[str]) -> Text:
        turns = obs.get("turns") or []
        if not turns or obs.get("phase") not in ("scheme", "pick", "cover"):
            return Text("")
        out = Text(self.C("scheming_order"), style="bold")
        for i, (s, hidden) in enumerate(turns):
            label = names[s] if s < len(names) else self.seat_word(s)
            word = f"{label}{self.C('tunnel') if hidden else ''}"
            if i == obs.get("turn"):
                word = f"▶{word}◀"
            style = "reverse" if i == obs.get("turn") else ("dim" if i < obs.get("turn", 0) else "")
            out.append(word, style=style)
            if i < len(turns) - 1:
                out.append(" › ", style="dim")
        return out

    def _pile(self, obs: dict, seat: int, names: list[str]) -> Text:
        pile = obs.get("pile") or []
        out = Text(self.C("played_pile"), style="bold")
        if not pile:
            out.append(self.C("empty"), style="dim")
            return out
        done = obs.get("resolved", 0)
        for i, card in enumerate(pile):
            owner = names[card["seat"]] if card["seat"] < len(names) else self.seat_word(card["seat"])
            if card["card"] is None:
                word, style = self.C("face_down_card", owner=owner), "italic"
            else:
                face = self.C("face_down") if card.get("face_down") else ""
                word, style = f"{card['bandit']}: {self.card_text(_card(card['bandit'], card['card']))}{face}", "bold"
            if i < done:
                style = "dim strike"
            elif i == done and obs.get("phase") in ("resolve", "pickpocket"):
                style = "reverse"
            out.append(f"{i + 1}. {word}", style=style)
            if i < len(pile) - 1:
                out.append("  ")
        return out

    def status(self, obs: dict, seat: int) -> str:
        """One line of help for the decision at hand, following the game's options."""
        phase = obs.get("phase")
        opts = obs.get("options", {})
        if phase == "scheme":
            return self.C("status.scheme", n=self.draw_count, empty=opts.get("empty_deck_draw", "not_legal") == "not_legal")
        if phase == "discard":
            return self.C("status.discard", end=opts.get("expert_discard_at") == "end_of_scheming",
                          keep=opts.get("expert_bullets_in_hand", ""))
        if phase == "resolve" and obs.get("resolved", 0) < len(obs.get("pile") or ()):  # (a frame after the last card: none to tell)
            r = obs.get("resolved", 0)
            card = obs["pile"][r]
            return self.C("status.resolve_card", n=r + 1, of=len(obs["pile"]), bandit=card["bandit"], card=self.card_text(card["card"]))
        if phase in ("choose", "place", "pick", "cover", "resolve", "pickpocket"):
            return self.C(f"status.{phase}")
        return ""

    # --- what a seat sees happen --------------------------------------------------------------
    def hidden_play(self, actor: str, before: dict, after: dict, seat: int) -> str:
        pair = " & " in actor  # a seat with two bandits is named after both: "Belle & Tuco choose"
        if len(after.get("pile", [])) > len(before.get("pile", [])):
            return self.C("hidden.play", actor=actor, pair=pair)
        phase = before.get("phase")
        if phase in ("place", "pick", "discard"):
            return self.C(f"hidden.{phase}", actor=actor, pair=pair)
        return self.C("hidden.other", actor=actor, pair=pair)

    def secret_choice(self, before: dict) -> bool:
        """The two-bandit placement: each seat chooses secretly which bandit starts inside the caboose, and the
        choices are revealed together (told by the reveal's line, "The bandits take their places: ...")."""
        return before.get("phase") == "place"

    def _short_wagon(self, obs: dict, car: int) -> str:
        train = obs.get("train") or []
        return self.wagon_names.get(train[car], nice(train[car])) if car < len(train) else ""

    # --- narration: the engine's log laid out --------------------------------------------------
    def entry_line(self, entry) -> str:
        if isinstance(entry, dict) and entry.get("kind") == "card":
            effect = entry["effect"] if self.lang == "en" or self.words is None else self.words.effect(entry["effect"])
            return self.C("card_line", k=entry["card"], n=entry["cards"], bandit=entry["bandit"],
                          card=self.card_text(_card(entry["bandit"], entry["action"])), down=bool(entry.get("face_down")), effect=effect)
        if self.lang == "en" or self.words is None or not isinstance(entry, dict):
            return super().entry_line(entry)
        kind = entry.get("kind")
        if kind == "round":
            return self.words.round(entry)
        if kind == "event":
            return self.words.event(entry)
        if kind == "reveal":
            return self.C("say.reveal", k=entry.get("card"), n=entry.get("cards"), bandit=entry.get("bandit"),
                          card=self.card_text(_card(str(entry.get("bandit")), str(entry.get("action")))))
        if kind == "flip" and entry.get("bandit") and entry.get("action"):
            return self.C("say.flip", who=entry["bandit"], card=self.card_text(str(entry["action"])))
        return self.words.sentence(str(entry.get("text", "")))

    def frame_of(self, entry: dict) -> int | None:
        """A pile card's line shows the train as that card leaves it (the engine keeps a copy after each card)."""
        return entry.get("card") if entry.get("kind") == "card" else None

    def picture(self, entry: dict, before: dict, after: dict, seat: int | None) -> str | None:
        """The pile as this seat sees it while card `entry` resolves: done cards ticked, the card
        now resolving in brackets, the rest as they lie (face-down cards of others as ▒)."""
        if entry.get("kind") != "card":
            return None
        n, k = entry["cards"], entry["card"]
        # the cards still to come as they lay before this move (a face-down card turned up later in
        # the same move stays face down here); a card played by this very move from the pile after it
        pile = list(before.get("pile") or [])
        later = after.get("pile") or []
        if len(later) == n:
            pile += later[len(pile):]
        cells = [f"✓1-{k - 1}" if k > 2 else "✓1"] if k > 1 else []
        for i in range(k, n + 1):
            if i == k:
                cells.append(f"[{i} {entry['bandit']} {self.card_text(_card(entry['bandit'], entry['action']))}]")
            else:
                card = pile[i - 1] if i - 1 < len(pile) else None
                if card and card.get("card"):
                    cells.append(f"{i} {card['bandit']} {self.card_text(_card(card['bandit'], card['card']))}")
                else:
                    cells.append(f"{i} ▒")
        return self.C("pile") + "  ".join(cells)

    # --- what each choice does ------------------------------------------------------------------
    def choice_notes(self, obs: dict, seat: int, notations: list[str]) -> list[str] | None:
        phase = obs.get("phase")
        out = []
        bandits = {b["name"]: b for b in obs.get("bandits", []) if b.get("name")}
        current = None
        if phase == "resolve":
            card = (obs.get("pile") or [])[obs.get("resolved", 0)]
            current = bandits.get(card.get("bandit") or "")
        for text in notations:
            out.append(self._note(obs, text, current, bandits))
        return out

    def _note(self, obs: dict, text: str, me: dict | None, bandits: dict) -> str:
        words = text.split()
        verb = words[0]
        if verb in ("play", "cover", "pick", "discard") and len(words) > 1:
            hidden = words[-1] == "hidden"
            card = words[1:-1] if hidden else words[1:]
            kind = CARD_KIND.get(card[-1].lower(), "")
            what = self.C(f"card_note.{kind}") if kind else ""
            if verb == "play":
                return what  # the notation says "hidden" when it goes face down
            if verb == "cover":
                return self.C("note.cover", what=what)
            if verb == "pick":
                return what  # the line above the list says the card goes into this round's hand
            return self.C("note.discard") if kind else self.C("note.discard_bullet")
        if text == "draw":
            return self.C("note.draw", n=self.draw_count)
        if text == "pass":
            return self.C("note.pass")
        if text == "keep rest":
            return self.C("note.keep")
        if verb == "choose" and len(words) > 1:
            return ""  # the board lists each free character's power
        if verb == "caboose" and len(words) > 1:
            last = len(obs.get("train") or []) - 1
            if last < 1:
                return self.C("note.caboose_alone", x=words[1])
            return self.C("note.caboose", x=words[1], w=self.wagon(obs, last), w2=self.wagon(obs, last - 1))
        if text in ("pickpocket", "no pickpocket"):
            return self.C("note.pickpocket" if text == "pickpocket" else "note.leave")
        if me is None or me.get("car") is None:
            return ""
        car, roof = me["car"], me["level"] == "roof"
        if verb == "move":
            to = car + int(words[1])
            return self.C("note.move", w=self.wagon(obs, to), level=self.level("roof" if roof else "inside"))
        if verb == "floor":
            return self.C("note.floor_down" if roof else "note.floor_up", w=self.wagon(obs, car))
        if verb == "rob":
            loot = words[1]
            value = self.loot_value.get(loot)
            return f"${value}" if value else self.C("note.rob_purse")
        if verb == "marshal":
            return self.C("note.marshal", w=self.wagon(obs, obs.get("marshal", 0) + int(words[1])))
        if verb == "fire" and len(words) > 1:
            t = bandits.get(words[1])
            return self.C("note.fire", x=words[1], w=self.wagon(obs, t["car"]), level=self.level(t["level"])) if t else ""
        if verb == "punch" and len(words) > 1:
            t = bandits.get(words[1])
            drop = words[words.index("drop") + 1] if "drop" in words else ""
            to = int(words[words.index("to") + 1])
            return self.C("note.punch", x=words[1], drop=self.C(f"loot.{drop}") if drop else "", w=self.wagon(obs, t["car"] + to) if t else "",
                          take=words[-1] == "take") if t else ""
        return ""

    def score_text(self, value: float) -> str:
        return f"${value:,.0f}"

    # --- the end ------------------------------------------------------------------------------
    def score_table(self, sheet: list[dict], names: list[str]) -> Group:
        """Per seat: the total, then each bandit's loot with every purse turned over, the
        Gunslinger award and the tie-break (bullets received, loot tokens), each on its own line."""
        table = Table.grid(padding=(0, 1))
        table.add_column(no_wrap=True)
        table.add_column()
        table.add_column(justify="right", no_wrap=True)
        for row in sheet:
            who = " & ".join(b["name"] for b in row["bandits"])
            table.add_row(Text(who, style="bold"), "", Text(f"${row['total']:,}", style="bold"))
            for b in row["bandits"]:
                parts = []
                if b["purses"]:
                    parts.append(self.C("end.purses", n=len(b["purses"]), values=" + ".join(f"${v:,}" for v in b["purses"])))
                if b["jewels"]:
                    parts.append(self.C("end.jewels", n=b["jewels"], value=f"${b['jewel_value']:,}"))
                if b["strongboxes"]:
                    parts.append(self.C("end.strongboxes", n=b["strongboxes"], value=f"${b['box_value']:,}"))
                if b["ransom"]:
                    parts.append(self.C("ransom", value=f"${b['ransom']:,}"))
                if b["head_start"]:
                    parts.append(self.C("head_start", value=f"${b['head_start']:,}"))
                table.add_row(f"  {b['name']}" if len(row["bandits"]) > 1 else f"  {self.C('end.loot')}", self.C("sep").join(parts) or self.C("end.none"),
                              f"${b['value']:,}")
            table.add_row(f"  {self.C('end.gunslinger')}", self.C("end.shots", n=row["shots"], award=bool(row["gunslinger"])),
                          f"${row['gunslinger']:,}")
            table.add_row(Text(f"  {self.C('end.tie_break')}", style="dim"),
                          Text(self.C("end.tie", bullets=row["bullets_received"], tokens=row["loot_tokens"]), style="dim"), "")
        return Group(Text(self.C("end.title"), style="bold"), table)

    def secrets(self, obs: dict, seat: int) -> list[str]:
        """What only this seat knows: its hand, its deck, its purses' values (for a finished game's replay)."""
        mine = [b for b in obs.get("bandits", []) if b["seat"] == seat]
        purses = self.C("sep").join(f"{b['name']} " + (self.T("list_sep").join(f"${v}" for v in b.get("purse_values", [])) or self.C("no_purse"))
                                    for b in mine)
        return [
            self.C("secret.hand", cards=self.cards_text(obs.get("hand", [])) or "-"),
            self.C("secret.deck", cards=self.cards_text(obs.get("deck_cards", [])) or "-"),
            self.C("secret.purses", purses=purses),
        ]

    def _loot(self, purses: int, jewels: int, boxes: int) -> str:
        parts = [self.C("loot_times", n=n, loot=self.C(f"loot.{kind}")) if n else ""
                 for n, kind in ((purses, "purse"), (jewels, "jewel"), (boxes, "strongbox"))]
        return " ".join(p for p in parts if p)


def _words(text: Text) -> Fit:
    """A line said whole: as it is when it fits, else wrapped between its words."""
    pieces, at = [], 0
    for word in text.plain.split(" "):
        pieces.append(text[at:at + len(word)])
        at += len(word) + 1
    return Fit([text], pieces, sep=" ", label=False)


def _counted(cards: list[str], name=lambda word: word, bullet: str = "bullet") -> str:
    """"Fire, Fire, Rob" -> "Fire×2 Rob"; "Ghost Fire" -> "Gh.Fire"; "bullet Doc" -> "bullet" (a hand in few columns);
    `name` says a card's word in the table's language, `bullet` a bullet card."""
    def short(card: str) -> str:
        words = card.split()
        if words[0] == "bullet":
            return bullet
        return f"{words[0][:2]}.{name(' '.join(words[1:]))}" if len(words) > 1 else name(card)

    counts = Counter(short(c) for c in cards)
    return " ".join(f"{c}×{n}" if n > 1 else c for c, n in sorted(counts.items()))


VIEW_CLASS = ColtExpressView


def _card(bandit: str, card: str) -> str:
    """A card as said after its bandit's name: "Tuco Fire" -> "Fire" (two bandits a seat name their cards)."""
    return card[len(bandit) + 1:] if bandit and card.startswith(bandit + " ") else card
