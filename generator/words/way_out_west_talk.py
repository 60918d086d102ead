"""Way Out West at the referee's table, in any language: the sentence told for a move (from the move's
data, as engine/way_out_west/describe.py tells it in English) and for each line of the engine's log.

The engine's log is English sentences without data (dice, income, gunfight events): each form is
matched here (`PATTERNS`, the forms of engine/way_out_west/{gunfight,income,bidding,setup,state}.py)
and told again by the referee's text file (referee.yaml `way_out_west.log.*`), its names (colours,
towns, buildings) as the kit prints them. A line of a form not listed is marked, never told as it is."""

from __future__ import annotations

import re
from typing import Any

from ..engine.way_out_west.actions import price
from ..engine.way_out_west.notation import (
    CASUALTY_WORDS, K_BID, K_BUILD, K_BUY, K_CAS, K_DROP, K_FARMER, K_FIGHT, K_HIRE, K_MOVEC, K_MOVEK,
    K_PASS, K_PLACE, K_POSTER, K_RETREAT, K_RTO, K_SHERIFF, K_SHOOT, T_FARMER, T_ROB, T_SEIZE, T_STEAL,
)
from .text import Texts, named

C = r"(?P<{}>[A-Z][a-z]+)"  # a player colour as the engine names it ("Red")
PATTERNS: list[tuple[str, str]] = [  # (the engine's English form, the key under way_out_west.log)
    (r"Game over after round (?P<n>\d+)", "game_over"),
    (C.format("c") + r" adds its head start of (?P<vp>\d+) VP to its score\.", "head_start_added"),
    (r"Round (?P<n>\d+) turn order: (?P<bids>.+)", "turn_order"),
    (r"No one defends: the target rolls (?P<dice>one die|\d+ dice) of defence", "lone_die"),
    (r"No one defends: " + C.format("c") + r" wins without a shot", "no_defence"),
    (r"The sheriff rides with " + C.format("c"), "sheriff_rides"),
    (r"The sheriff stands with " + C.format("c"), "sheriff_stands"),
    (C.format("c") + r" takes a wanted poster from " + C.format("c2"), "poster_from"),
    (C.format("c") + r" takes a wanted poster", "poster"),
    (r"(?P<c>[A-Z][a-z]+) (?P<side>attack|defence) rolls (?P<rolls>[\d, ]+): (?P<hits>\d+) hits?", "rolls"),
    (r"The target's lone defence die is beaten", "lone_beaten"),
    (r"(?P<side>Attacking|Defending) (?P<kind>\w+) falls", "falls"),
    (C.format("c") + r" retreats from (?P<t>.+)", "retreats"),
    (r"(?P<n>\d+) " + C.format("c") + r" cowboys? find no town and go home", "go_home"),
    (C.format("c") + r" seizes the (?P<b>\w+) in (?P<t>.+)", "seizes"),
    (r"The (?P<b>\w+) in (?P<t>.+) keeps its colour: " + C.format("c") + r" already has (?P<n>\d+) buildings there", "keeps_limit"),
    (r"The (?P<b>\w+) in (?P<t>.+) keeps its colour: " + C.format("c") + r" has no (?P<b2>\w+) left", "keeps_none"),
    (C.format("c") + r" steals (?P<n>\d+) cattle from " + C.format("c2"), "steals"),
    (C.format("c") + r" robs the bank: rolls (?P<rolls>[\d, ]+) = \$(?P<due>\d+); " + C.format("c2") + r" pays \$(?P<paid>\d+)", "robs"),
    (C.format("c") + r" cannot pay in full: the bank in (?P<t>.+) leaves the game", "bank_leaves"),
    (C.format("c") + r" cannot pay in full: the bank in (?P<t>.+) closes and goes back to its owner", "bank_returns"),
    (r"A farmer in (?P<t>.+) leaves the game", "farmer_leaves"),
    (C.format("c") + r"'s jail in (?P<t>.+) is torn down", "jail_down"),
    (r"The farmer holds (?P<t>.+); nobody takes a wanted poster", "farmer_holds"),
    (C.format("c") + r" holds (?P<t>.+)", "holds"),
    (r"Income after round (?P<n>\d+): " + C.format("c") + r" \$(?P<g>\d+)(?: \((?P<parts>.+)\))?", "income"),
    (r"Income after round (?P<n>\d+): (?P<all>.+)", "income_all"),
    (r"Start player roll: (?P<rolls>.+)", "start_roll"),
    (C.format("c") + r" starts", "starts"),
    (C.format("c") + r" has a head start of (?P<vp>\d+) VP: added to its score at the end\.", "head_start"),
    (C.format("c") + r"'s stagecoach in (?P<t>.+) earns \$(?P<g>\d+) \((?P<n>\d+) cowboys?\)\.", "coach_earns"),
]
COMPILED = [(re.compile(p), key) for p, key in PATTERNS]



def capital(text: str) -> str:
    """`text` with its first letter a capital (the rest as it is)."""
    return text[:1].upper() + text[1:]


def colour_word(colour: Any, lang: str) -> str:
    """A player colour as a name in `lang`: the hue its pieces print, as the kit's colour key names it
    (content colours[].printed), capitalised ('Orange' for the pieces the rules' notation calls red)."""
    return capital(str(colour.printed[lang]))

class TableWords:
    """Way Out West's names and sentences at the table in one language."""

    def __init__(self, content: Any, lang: str):
        self.lang = lang
        self.T = Texts(lang, "referee")
        G = Texts(lang, "way_out_west")
        self.colours = {c.id.capitalize(): colour_word(c, lang) for c in content.colours}
        self.colour_of = {c.id: self.colours[c.id.capitalize()] for c in content.colours}
        self.towns = {t.name: named(G, "towns", t.id, t.name) for t in content.towns}
        self.town_of = {t.id: self.towns[t.name] for t in content.towns}
        self.buildings = {b.name.lower(): named(G, "buildings", b.id, b.name) for b in content.buildings}
        self.building_of = {b.id: self.buildings[b.name.lower()] for b in content.buildings}
        self.boxes = {b.id: named(G, "boxes", b.id, b.name) for b in content.action_boxes}

    def W(self, key: str, **values: Any) -> str:
        return self.T(f"way_out_west.{key}", **values)

    def colour(self, name: str | None) -> str:
        """A colour as the engine names it ("Red", "red", "Farmer") in this language."""
        if not name:
            return ""
        if name == "Farmer":
            return self.W("farmer_side")
        return self.colours.get(name, self.colours.get(name.capitalize(), name))

    # --- moves --------------------------------------------------------------------------------
    def move(self, s: Any, action: Any) -> str:
        """What `action` does in state `s` (the same facts as the engine's `describe`)."""
        R = s.rules
        raw = R.codec.raw(action)
        p = s.current_player
        who = self.colour(s.colour(p)) if p is not None else self.W("nobody")
        k = raw[0]
        town = [self.towns[t] for t in R.town_names]
        M = "move."
        if k == K_PLACE:
            return self.W(M + "place", who=who, town=town[raw[1]])
        if k == K_BID:
            return self.W(M + "bid", who=who, bid=raw[1])
        if k == K_DROP:
            return self.W(M + "drop", who=who, paid=s.bids[p])
        if k == K_PASS:
            return self.W(M + ("stop_moving" if s.mc_from >= 0 else "pass"), who=who)
        if k == K_BUY:
            return self.W(M + "buy", who=who, n=raw[1], cost=price(R, R.B_BUY, raw[1]), town=town[raw[2]])
        if k == K_HIRE:
            return self.W(M + "hire", who=who, n=raw[1], cost=price(R, R.B_HIRE, raw[1]), town=town[raw[2]])
        if k == K_MOVEC:
            more = s.mc_from >= 0
            cost = price(R, R.B_MOVEC, raw[1]) if R.box_per_unit[R.B_MOVEC] or not more else 0
            return self.W(M + "move_cowboys", who=who, n=raw[1], more=more, cost=cost, src=town[raw[2]], dst=town[raw[3]])
        if k == K_MOVEK:
            return self.W(M + "drive", who=who, n=raw[1], cost=price(R, R.B_MOVEK, raw[1]), src=town[raw[2]], dst=town[raw[3]])
        if k == K_BUILD:
            return self.W(M + "build", who=who, building=self.buildings[R.building_names[raw[1]].lower()], town=town[raw[2]],
                          cost=R.cost[raw[1]])
        if k == K_FARMER:
            return self.W(M + "farmer", who=who, cost=price(R, R.B_FARMER), town=town[raw[1]])
        if k == K_FIGHT:
            return self.W(M + "fight", who=who, cost=price(R, R.B_FIGHT), town=town[raw[1]], target=self.target(s, raw[2], raw[3], raw[4]))
        if k == K_SHERIFF:
            return self.W(M + ("sheriff_in" if raw[1] else "sheriff_out"), who=who)
        if k == K_SHOOT:
            return self.W(M + "shoot", who=who)
        if k == K_RETREAT:
            return self.W(M + "retreat", who=who)
        if k == K_CAS:
            return self.W(M + "casualty", who=who, kind=self.W(f"casualty.{CASUALTY_WORDS[raw[1]]}"))
        if k == K_RTO:
            return self.W(M + "retreat_to", who=who, town=town[raw[1]])
        if k == K_POSTER:
            return self.W(M + "poster", who=who, other=self.colour(s.colour(raw[1])))
        return str(R.codec.action(raw))  # (every kind of move is told above)

    def target(self, s: Any, kind: int, owner: int, arg: int) -> str:
        if kind == T_FARMER:
            return self.W("target.farmer")
        who = self.colour(s.colour(owner))
        if kind == T_SEIZE:
            return self.W("target.seize", who=who, building=self.buildings[s.rules.building_names[arg].lower()])
        if kind == T_STEAL:
            return self.W("target.steal", who=who, n=arg)
        if kind == T_ROB:
            return self.W("target.rob", who=who)
        return self.W("target.jail", who=who)

    # --- the log --------------------------------------------------------------------------------
    def log(self, text: str) -> str:
        """One line of the engine's log in this language."""
        line = text.strip()
        for pattern, key in COMPILED:
            m = pattern.fullmatch(line) or pattern.fullmatch(line.rstrip("."))
            if m:
                return self.W(f"log.{key}", **self._values(key, m.groupdict()))
        return self.W("log.unknown", text=text)

    def _values(self, key: str, found: dict[str, str | None]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for name, value in found.items():
            if value is None:
                out[name] = ""
            elif name in ("c", "c2"):
                out[name] = self.colour(value)
            elif name == "t":
                out[name] = self.towns.get(value, value)
            elif name in ("b", "b2"):
                out[name] = self.buildings.get(value, value)
            elif name in ("n", "vp", "g", "hits", "due", "paid"):
                out[name] = int(value)
            else:
                out[name] = value
        if key == "lone_die":
            out["dice"] = 1 if found["dice"] == "one die" else int(str(found["dice"]).split()[0])
        if key in ("rolls", "falls"):
            out["side"] = "attack" if str(found["side"]).lower().startswith("attack") else "defence"
        if key == "falls":
            out["kind"] = self.W(f"casualty.{found['kind']}") if found["kind"] in CASUALTY_WORDS else found["kind"]
        if key == "turn_order":
            bids = re.findall(r"([A-Z][a-z]+) \(\$(\d+)\)", str(found["bids"]))
            out["bids"] = self.W("list_sep").join(self.W("log.bid_of", who=self.colour(c), bid=int(b)) for c, b in bids)
        if key == "income":
            parts = re.findall(r"(\w+) \$(\d+)", str(found["parts"] or ""))
            out["parts"] = self.W("list_sep").join(self.W("log.income_part", source=self.W(f"income_source.{k}"), g=int(v))
                                                   for k, v in parts)
        if key == "income_all":
            each = re.findall(r"([A-Z][a-z]+) \$(\d+)", str(found["all"]))
            out["all"] = self.W("list_sep").join(self.W("log.income_each", who=self.colour(c), g=int(v)) for c, v in each)
        if key == "start_roll":
            each = re.findall(r"([A-Z][a-z]+) (\d+)", str(found["rolls"]))
            out["rolls"] = self.W("list_sep").join(self.W("log.roll_of", who=self.colour(c), roll=int(r)) for c, r in each)
        return out
