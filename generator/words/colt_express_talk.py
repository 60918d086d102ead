"""Colt Express at the referee's table, in any language: the sentence told for a move and for each
entry of the engine's log.

The engine tells moves, pile cards and events in English sentences of fixed forms (engine/colt_express/
observe.py `describe`, narration.py, events.py, opening.py); the data beside them names the bandits and
cards but not every detail (where a punch knocks a bandit, who flees the marshal). Each form is matched
here (`FORMS`) and told again by the referee's text file (referee.yaml `colt_express.say.*`), with
cards, wagons, loot and events named as the kit prints them. A sentence of a form not listed is
marked, never told as it is."""

from __future__ import annotations

import re
from typing import Any

from .text import Texts, text_in

NAME = r"(?P<{}>[A-Z][\w&' ]*?)"  # a bandit, a pair of bandits, or "Seat 2"
NAMES = r"(?P<{}>[A-Z][\w&', ]*?)"  # a list of them ("Tuco, Belle and Doc")
FORMS: list[tuple[str, str]] = [  # (English form, without its full stop; key under colt_express.say)
    # moves (describe): a bot seat's flip first (its sentences would read as a play)
    (NAME.format("who") + r" has an empty bot deck, and passes", "flip_empty"),
    (NAME.format("who") + r" flips a bullet card from its bot deck and flips again", "flip_bullet_again"),
    (NAME.format("who") + r" flips a bullet card from its bot deck, and the turn is lost", "flip_bullet"),
    (NAME.format("who") + r" plays the top card of its bot deck face down on the pile", "flip_down"),
    (NAME.format("who") + r" flips the top card of its bot deck: (?P<card>.+), face up on the pile", "flip_up"),
    (NAME.format("who") + r" plays (?P<card>.+) face (?P<face>up|down) on the pile", "play"),
    (NAME.format("who") + r" draws up to (?P<n>\d+) cards instead of playing", "draw"),
    (NAME.format("who") + r" has no playable card and an empty deck, and passes", "pass"),
    (NAME.format("who") + r" covers the shot by playing (?P<card>.+) at once", "cover"),
    (NAME.format("who") + r" plays no cover card", "no_cover"),
    (NAME.format("who") + r" picks a card for this round's hand", "pick"),
    (NAME.format("who") + r" has no action card left in the deck to pick", "pick_nothing"),
    (NAME.format("who") + r" chooses (?P<x>\w+)", "choose"),
    (NAME.format("who") + r" secretly puts (?P<x>\w+) inside the caboose and " + NAMES.format("names") + r" inside the wagon next to it", "place"),
    (NAME.format("who") + r" discards a card for next round", "discard"),
    (NAME.format("who") + r" keeps the rest of the hand for next round", "keep"),
    (NAME.format("who") + r" (?P<take>picks up|leaves) a purse lying nearby", "pickpocket"),
    # the log
    (r"The bandits take their places: " + NAMES.format("names") + r" inside the caboose(?:, (?P<w>.+?))?"
     r"(?:; " + NAMES.format("names2") + r" inside the wagon next to it)?", "places"),
    (r"Your hand for round (?P<n>\d+): (?P<cards>.+)", "your_hand"),
    (NAME.format("who") + r"'s open hand for round (?P<n>\d+): (?P<cards>.+)", "open_hand"),
    (r"You draw: (?P<cards>.+)", "you_draw"),
    (NAME.format("who") + r" draws?, face up: (?P<cards>.+)", "open_draw"),
    (r"Stealing: the pile of (?P<n>\d+) cards? resolves, first played first", "stealing"),
    (r"The marshal arrives in (?P<w>.+?): " + NAMES.format("names") + r" flees? to the roof(?P<bullets>.*)", "marshal_arrives"),
    (NAME.format("who") + r" meets the marshal inside (?P<w>.+?) and flees to the roof(?P<bullets>.*)", "marshal_meets"),
    (r"Django's shot knocks " + NAME.format("x") + r" to (?P<w>.+)", "pushed"),
    (NAME.format("who") + r"'s new purse holds \$(?P<n>\d+)", "purse"),
    (r"Nobody fired a bullet: no Gunslinger award", "no_gunslinger"),
    (r"Gunslinger: " + NAMES.format("names") + r" fired the most bullets \((?P<n>\d+)\) and gains? \$(?P<bonus>\d+)(?P<each> each)?", "gunslinger"),
    (r"Seat (?P<seat>\d+) has a \$(?P<amount>[\d,]+) head start: it counts with that seat's loot at the end", "head_start"),
    # a pile card's effect, after its bandit's name (resolution_effect)
    (NAME.format("who") + r" (?P<effect>(?:moves|climbs|grabs|fires|punches|sends|has no effect).*)", "resolves"),
]
EFFECTS: list[tuple[str, str]] = [
    (r"moves (?P<n>\d+) wagons? (?P<way>back|forward), to (?P<spot>.+)", "move"),
    (r"climbs down (?P<spot>inside .+)", "climb_down"),
    (r"climbs onto (?P<spot>the roof of .+)", "climb_up"),
    (r"grabs a (?P<loot>purse|jewel|strongbox)(?: \(\$(?P<n>\d+)\))?", "grab"),
    (r"fires at " + NAME.format("x") + r", who takes a bullet card", "fire"),
    (r"punches " + NAME.format("x") + r"(?:, who drops a (?P<loot>purse|jewel|strongbox))?(?P<take> \(Cheyenne pockets it\))?, knocking them to (?P<w>.+)", "punch"),
    (r"sends the marshal to (?P<w>.+)", "marshal"),
    (r"has no effect: no loot where the bandit stands", "no_loot"),
    (r"has no effect: no bullets left", "no_bullets"),
    (r"has no effect: nobody in sight", "no_sight"),
    (r"has no effect: nobody to punch", "no_punch"),
    (r"has no effect", "no_effect"),
]
EVENTS: list[tuple[str, str]] = [  # an event's effect (events.py), after its name
    (NAMES.format("names") + r" slides? one wagon toward the locomotive", "braking"),
    (r"nobody on a roof slides forward", "braking_none"),
    (NAMES.format("names") + r" (?:is|are) swept back to (?P<spot>.+)", "swivel"),
    (r"nobody on a roof is swept back", "swivel_none"),
    (r"a strongbox drops (?P<spot>.+)", "strongbox"),
    (r"no strongbox is left to drop", "strongbox_none"),
    (NAMES.format("names") + r" collects? a \$(?P<n>\d+) ransom(?P<each> each)?", "ransom"),
    (r"nobody is at the locomotive: no ransom is paid", "ransom_none"),
    (NAMES.format("names") + r" drops? (?:their|a) cheapest purse on (?P<spot>.+)", "revenge"),
    (r"nobody with a purse stands on (?P<spot>.+)", "revenge_none"),
    (NAMES.format("names") + r" (?:is|are) alone beside a purse and may take it", "pickpocketing"),
    (r"nobody is alone beside a purse", "pickpocketing_none"),
    (r"nobody is (?P<where>inside the train|on the roof of the marshal's wagon)", "bullets_nobody"),
    (NAMES.format("names") + r" would take a neutral bullet, but too few are left: nobody takes one", "bullets_too_few"),
    (NAMES.format("names") + r" takes? a neutral bullet; none is left for " + NAMES.format("names2"), "bullets_some"),
    (NAMES.format("names") + r" takes? a neutral bullet(?P<each> each)?", "bullets_all"),
]
MARSHAL_MOVES = (r"(?P<shot>.+?\.) The marshal moves to (?P<w>.+?)\.", r"(?P<shot>.+?\.) The marshal is already in the last wagon and stays\.")


def _compile(forms: list[tuple[str, str]]) -> list[tuple[re.Pattern, str]]:
    return [(re.compile(p), key) for p, key in forms]


COMPILED, COMPILED_EFFECTS, COMPILED_EVENTS = _compile(FORMS), _compile(EFFECTS), _compile(EVENTS)


class TableWords:
    """Colt Express's names and sentences at the table in one language."""

    def __init__(self, content: Any, lang: str):
        self.lang = lang
        self.T = Texts(lang, "referee")
        self.cards = {a.id: text_in(a.name, lang) for a in content.action_cards}
        self.wagons = {text_in(w.name, "en"): text_in(w.name, lang) for w in content.wagons}
        self.loot = {"purse": text_in(content.loot.purses.name, lang), "jewel": text_in(content.loot.jewels.name, lang),
                     "strongbox": text_in(content.loot.strongboxes.name, lang)}
        self.events = {e.id: text_in(e.name, lang) for e in content.events}
        self.events_en = {text_in(e.name, "en"): e.id for e in content.events}
        self.round_cards = {r.id: text_in(r.name, lang) for r in content.round_cards}
        self.seat_names: list[str] = []  # how the table names the seats now ("Seat 2" in the engine's sentences)
        self.contractions = contractions(self.T)

    def S(self, key: str, **values: Any) -> str:
        return contract(self.T(f"colt_express.{key}", **values), self.contractions)

    # --- names ------------------------------------------------------------------------------------
    def card(self, word: str) -> str:
        """A card as the engine words it ("Fire", "Tuco Fire", "bullet Doc", "bullet neutral") in this language."""
        words = word.split()
        if not words:
            return word
        if words[0] == "bullet":
            return self.S("bullet_neutral") if words[1:] == ["neutral"] else self.S("bullet_of", who=" ".join(words[1:]))
        kind = CARD_IDS.get(words[-1].lower())
        if kind is None or kind not in self.cards:
            return word
        return " ".join([*words[:-1], self.cards[kind]])

    def card_list(self, text: str) -> str:
        if text.strip() in ("nothing", "-", ""):
            return self.S("nothing") if text.strip() == "nothing" else text
        return self.S("list_sep").join(self.card(c) for c in text.split(", "))

    def who(self, name: str) -> str:
        m = re.fullmatch(r"Seat (\d+)", name.strip())
        if m:
            i = int(m[1]) - 1
            return self.seat_names[i] if i < len(self.seat_names) else self.T("seat", n=i + 1)
        return name.replace(" & ", self.S("pair_sep"))

    def seat_name(self, name: str) -> str:
        """"Seat 2" as the table names that seat now ("Django & Belle"); another name as it is."""
        m = re.fullmatch(r"Seat (\d+)", name.strip())
        i = int(m[1]) - 1 if m else -1
        return self.seat_names[i] if 0 <= i < len(self.seat_names) else name

    def names(self, text: str) -> str:
        """"Tuco, Belle and Doc" in this language."""
        parts = re.split(r", | and ", text)
        return and_list([self.who(p) for p in parts], self)

    def wagon(self, text: str) -> str:
        """"the locomotive" / "wagon 2 (Mail car)" in this language."""
        text = text.strip()
        if text == "the locomotive":
            return self.S("locomotive")
        m = re.fullmatch(r"wagon (\d+)(?: \((.+)\))?", text)
        if m:
            return self.S("wagon", n=int(m[1]), name=self.wagons.get(m[2] or "", m[2] or ""))
        return text

    def spot(self, text: str) -> str:
        text = text.strip()
        if text.startswith("the roof of "):
            return self.S("roof_of", w=self.wagon(text.removeprefix("the roof of ")))
        if text.startswith("inside "):
            return self.S("inside", w=self.wagon(text.removeprefix("inside ")))
        return text

    # --- sentences ---------------------------------------------------------------------------------
    def sentence(self, text: str) -> str:
        """A sentence of the engine (a move, a log entry's text) in this language."""
        return self._told(text, COMPILED, "say") or self.S("say.unknown", text=text)

    def effect(self, text: str) -> str:
        """A pile card's effect ("grabs a purse") in this language."""
        return self._told(text, COMPILED_EFFECTS, "effect") or self.S("say.unknown", text=text)

    def _told(self, text: str, forms: list, group: str) -> str | None:
        """`text` (its final full stop aside) told by the first of `forms` it matches, from `group`'s words."""
        line = text.strip().removesuffix(".")
        for pattern, key in forms:
            m = pattern.fullmatch(line)
            if m:
                return self.S(f"{group}.{key}", **self._values(m.groupdict()))
        return None

    def event(self, entry: dict) -> str:
        """A round card's event and what it did."""
        name = self.events.get(str(entry.get("event", "")), "")
        text = str(entry.get("text", ""))
        effect = text.partition(": ")[2].strip()
        moved = ""
        for form, key in zip(MARSHAL_MOVES, ("event.marshal_moves", "event.marshal_stays")):
            m = re.fullmatch(form, effect)
            if m:
                effect = m["shot"]
                moved = self.S(key, w=self.wagon(m["w"])) if "w" in m.groupdict() else self.S(key)
                break
        told = self._told(effect, COMPILED_EVENTS, "event")
        return self.S("event.line", name=name, effect=told, moved=moved) if told else self.S("say.unknown", text=text)

    def round(self, entry: dict) -> str:
        """A round card turned up: its name, turns, event and who plays first."""
        found = re.search(r"; (.+?) plays? first\.$", str(entry.get("text", "")))
        first = found[1] if found else ""
        event = entry.get("event")
        return self.S("say.round", n=entry.get("round"), of=entry.get("rounds"), name=self.round_cards.get(str(entry.get("card_id")), ""),
                      turns=" ".join(entry.get("turns") or []), event=self.events.get(str(event), "") if event else "",
                      same=bool(event) and self.events.get(str(event)) == self.round_cards.get(str(entry.get("card_id"))),
                      first=self.names(first) if first else "", pair=bool(re.search(r" & | and |, ", first)))  # "Django and Belle play first"

    def _values(self, found: dict[str, str | None]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for name, value in found.items():
            if value is None:
                out[name] = ""
            elif name in ("who", "x"):
                out[name] = self.who(value)
                out[f"{name}_pair"] = " & " in value or " & " in self.seat_name(value)  # "Seat 2": the seat's two bandits
            elif name in ("names", "names2"):
                out[name] = self.names(value)
                out[f"{name}_many"] = bool(re.search(r", | and | & ", value))
            elif name == "card":
                out[name] = self.card(value)
            elif name == "cards":
                out[name] = self.card_list(value)
            elif name == "spot":
                out[name] = self.spot(value)
            elif name == "w":
                out[name] = self.wagon(value)
            elif name == "loot":
                out[name] = self.loot.get(value, value)
            elif name == "effect":
                out[name] = self.effect(value)
            elif name == "bullets":
                out[name] = self._bullets(value)
            elif name == "where":
                out[name] = self.S("event.inside_train" if value == "inside the train" else "event.marshal_roof")
            elif name in ("n", "seat", "bonus"):
                out[name] = int(value)
            else:
                out[name] = value
        if "seat" in out:
            out["who"] = self.T("seat", n=out["seat"])
        return out

    def _bullets(self, text: str) -> str:
        """How bandits fleeing the marshal fared for neutral bullets (log_flee's tail)."""
        if text in (" with a neutral bullet", ", each with a neutral bullet"):
            return self.S("flee.bullet")
        if text.startswith(" (no neutral bullet left"):
            return self.S("flee.none_left")
        m = re.fullmatch(r" \((.+?) takes? a neutral bullet; none left for the others\)", text)
        if m:
            return self.S("flee.some", names=self.names(m[1]))
        return text


def contractions(T: Texts) -> list[tuple[re.Pattern, str]]:
    """The language's contractions where a phrase meets a wagon or a place (`colt_express.contractions`:
    Spanish "a el" -> "al", "de el" -> "del"), as patterns of whole words."""
    pairs = T.raw("colt_express.contractions") or []  # [[words, joined], ...] (a list: the languages share keys)
    return [(re.compile(rf"\b{re.escape(str(a))}\b"), str(b)) for a, b in pairs]


def contract(text: str, pairs: list[tuple[re.Pattern, str]]) -> str:
    """`text` with the language's contractions made ("lo lanza a el vagón 2" -> "lo lanza al vagón 2")."""
    for pattern, joined in pairs:
        text = pattern.sub(joined, text)
    return text


CARD_IDS = {"move": "move", "floor": "floor", "change": "floor", "rob": "rob", "robbery": "rob", "fire": "fire",
            "punch": "punch", "marshal": "marshal"}  # the engine's card words -> content ids


def and_list(names: list[str], words: TableWords) -> str:
    """"A", "A and B", "A, B and C" in the table's language."""
    if len(names) <= 1:
        return "".join(names)
    return words.S("list_sep").join(names[:-1]) + words.S("and") + names[-1]
