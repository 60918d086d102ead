"""The log of a Colt Express game: one entry per event, in the order it happened (narration data only).

Rules call these helpers only when `self.narrate` is on (never in playouts or sampled worlds). An
entry is a JSON-ready dict: `kind`, an English sentence `text`, and the data a referee lays out
(`card`, `cards`, `bandit`, `action`, ...). Entries are public, except those with `to`: a seat's
own news (its new hand, the value of a purse it picked up), which `observation` shows only to that
seat and `determinize` drops.

Kinds: `places` (the opening), `round` (a round card turned up), `hand` (to a seat: its new hand),
`stealing` (the pile starts to resolve),
`draw` (to a seat: the cards it drew), `card` (a pile card resolving: by itself, or as its owner
chose, then `decision` is true), `reveal` (a face-down card turned up while its owner decides),
`marshal` (bandits fleeing the marshal), `pushed` (Django's shot), `purse` (to a seat: a purse's
value), `event` (the round card's event and its effect), `gunslinger` (the end of the game).

A bot-seat rule set that flips its own deck (a card no seat chose) may log `{"kind": "flip", "seat",
"bandit", "action", "text"}` through `log_entry`; the referee tells any kind by its `text`.
"""

from __future__ import annotations

from .actions import FIRE, LOOT_KINDS, PUNCH, ROB, Climb, Fire, MarshalBy, MoveBy, Punch, Rob


def and_list(names: list[str]) -> str:
    """"A", "A and B", "A, B and C"."""
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


class NarrationMixin:
    # --- places ------------------------------------------------------------------------------------
    def wagon_words(self, car: int) -> str:
        """"the locomotive" or "wagon 2 (Mail car)": a car as the board names it."""
        if car == 0:
            return "the locomotive"
        content = self.game.content
        wagon = content.wagons[self.cfg.wagon_order[car - 1]]
        return f"wagon {car} ({wagon.name['en']})"

    def spot_words(self, car: int, roof: int) -> str:
        """"the roof of wagon 2 (Mail car)" / "inside the locomotive"."""
        return f"the roof of {self.wagon_words(car)}" if roof else f"inside {self.wagon_words(car)}"

    # --- entries -------------------------------------------------------------------------------------
    def log_entry(self, kind: str, text: str, **data) -> None:
        self.log.append({"kind": kind, "text": text, **data})

    def log_card(self, action, decision: bool = False) -> None:
        """The pile card now resolving, with its effect (`action`, or None: it does nothing); logged
        before the effect is applied (the sentence reads the position before it)."""
        code, b, hidden = self.pile[self.res]
        cfg = self.cfg
        name = cfg.names[b]
        word = self.card_word(cfg.owner[b], code)
        effect = self.resolution_effect(action) if action is not None else self._no_effect(code, b)
        text = f"{name} {effect}." if action is not None else f"{name}'s {word} {effect}."
        self.log_entry(
            "card", text, card=self.res + 1, cards=len(self.pile), seat=cfg.owner[b], bandit=name,
            action=word, face_down=bool(hidden), effect=effect, decision=decision,
        )

    def log_stealing(self) -> None:
        n = len(self.pile)
        self.log_entry("stealing", f"Stealing: the pile of {n} card{'s' if n != 1 else ''} resolves, first played first.", cards=n)

    def log_reveal(self) -> None:
        """A face-down card turned up because its owner must now choose how it resolves."""
        code, b, hidden = self.pile[self.res]
        if not hidden:
            return
        cfg = self.cfg
        word = self.card_word(cfg.owner[b], code)
        self.log_entry(
            "reveal", f"Card {self.res + 1}/{len(self.pile)} is turned up: {cfg.names[b]}'s {word}.", card=self.res + 1,
            cards=len(self.pile), seat=cfg.owner[b], bandit=cfg.names[b], action=word,
        )

    def _no_effect(self, code: int, b: int) -> str:
        kind = code % 6
        why = ""
        if kind == ROB:
            why = ": no loot where the bandit stands"
        elif kind == FIRE:
            why = ": no bullets left" if not self.bullets_left[b] else ": nobody in sight"
        elif kind == PUNCH:
            why = ": nobody to punch"
        return f"has no effect{why}"

    def resolution_effect(self, action) -> str:
        """What the current pile card does, as a verb phrase ("grabs a purse"), before it is applied."""
        cfg = self.cfg
        kind = type(action)
        b = self.pile[self.res][1]
        if kind is MoveBy:
            car = self.car[b] + action.delta
            n = abs(action.delta)
            way = "back" if action.delta > 0 else "forward"
            return f"moves {n} wagon{'s' if n > 1 else ''} {way}, to {self.spot_words(car, self.roof[b])}"
        if kind is Climb:
            if self.roof[b]:
                return f"climbs down {self.spot_words(self.car[b], 0)}"
            return f"climbs onto {self.spot_words(self.car[b], 1)}"
        if kind is Rob:
            loot = LOOT_KINDS[action.loot]
            value = {1: cfg.jewel_value, 2: cfg.box_value}.get(action.loot)
            return f"grabs a {loot}" + (f" (${value})" if value else "")
        if kind is Fire:
            return f"fires at {action.text}, who takes a bullet card"
        if kind is Punch:
            t = action.target
            drop = f", who drops a {LOOT_KINDS[action.drop]}" if action.drop >= 0 else ""
            take = " (Cheyenne pockets it)" if action.take else ""
            to = self.wagon_words(self.car[t] + action.direction)
            return f"punches {action.text}{drop}{take}, knocking them to {to}"
        if kind is MarshalBy:
            return f"sends the marshal to {self.wagon_words(self.marshal + action.delta)}"
        return str(action)

    def log_flee(self, group: list[int], given: int, arriving: bool) -> None:
        """Bandits inside the marshal's wagon go up to its roof; the first `given` took a neutral bullet."""
        if not group:
            return
        names = [self.cfg.names[b] for b in group]
        if given == len(group):
            bullets = " with a neutral bullet" if len(group) == 1 else ", each with a neutral bullet"
        elif given == 0:
            bullets = " (no neutral bullet left for them)" if len(group) > 1 else " (no neutral bullet left)"
        else:
            bullets = f" ({and_list(names[:given])} take{'s' if given == 1 else ''} a neutral bullet; none left for the others)"
        where = self.wagon_words(self.marshal)
        if arriving:
            text = f"The marshal arrives in {where}: {and_list(names)} flee{'s' if len(group) == 1 else ''} to the roof{bullets}."
        else:
            text = f"{names[0]} meets the marshal inside {where} and flees to the roof{bullets}."
        self.log_entry("marshal", text, bandits=names, bullets=given)

    def log_pushed(self, t: int) -> None:
        self.log_entry("pushed", f"Django's shot knocks {self.cfg.names[t]} to {self.wagon_words(self.car[t])}.", bandit=self.cfg.names[t])

    def log_purse(self, b: int) -> None:
        """To bandit b's seat: the value of the purse it has just taken (the last of its purses)."""
        cfg = self.cfg
        self.log_entry("purse", f"{cfg.names[b]}'s new purse holds ${self.b_purses[b][-1]}.", to=cfg.owner[b], bandit=cfg.names[b])

    def log_cards(self, s: int, cards: list[int], new_hand: bool) -> None:
        """To seat s: the cards it drew (or its whole new hand); to everyone for an open hand."""
        words = ", ".join(sorted(self.card_word(s, c) for c in cards)) or "nothing"
        if self.cfg.open[s]:  # an open-hand bot seat: everyone sees its cards
            who = " & ".join(self.cfg.names[b] for b in self.cfg.seat_bandits[s])  # its bandits are chosen by now
            if new_hand:
                self.log_entry("hand", f"{who}'s open hand for round {self.round_no}: {words}.", seat=s)
            else:
                self.log_entry("draw", f"{who} draw{'s' if ' & ' not in who else ''}, face up: {words}.", seat=s)
            return
        if new_hand:
            self.log_entry("hand", f"Your hand for round {self.round_no}: {words}.", to=s)
        else:
            self.log_entry("draw", f"You draw: {words}.", to=s)

    def log_round(self) -> None:
        cfg = self.cfg
        card = cfg.round_cards[self.card_idx]
        event = self.game.content.event(card.event) if card.event else None
        bandits = cfg.seat_bandits[self.first]
        first = and_list([cfg.names[b] for b in bandits])
        text = f"Round {self.round_no}/{cfg.rounds}: {card.name['en']}, turns {' '.join(card.turns)}"
        if event is not None:  # the event named (unless the card is named after it) and what it does
            if event.name["en"] != card.name["en"]:
                text += f", event {event.name['en']}"
            text += f" — {str(event.text['en']).rstrip('.')}"
        self.log_entry(
            "round", f"{text}; {first} {'play' if len(bandits) > 1 else 'plays'} first.",
            round=self.round_no, rounds=cfg.rounds, card_id=card.id, turns=card.turns, event=card.event,
        )

    def log_event(self, effect: str, **data) -> None:
        event_id = self.cfg.round_cards[self.card_idx].event
        name = self.game.content.event(event_id).name["en"]
        self.log_entry("event", f"{name}: {effect}", event=event_id, **data)

    def log_gunslinger(self) -> None:
        cfg = self.cfg
        winners = self.gunslingers()
        if not winners:
            self.log_entry("gunslinger", "Nobody fired a bullet: no Gunslinger award.", seats=[], bonus=0)
            return
        names = and_list([" & ".join(cfg.names[b] for b in cfg.seat_bandits[s]) for s in winners])
        shots = self.seat_fired(winners[0])
        each = " each" if len(winners) > 1 else ""
        self.log_entry(
            "gunslinger",
            f"Gunslinger: {names} fired the most bullets ({shots}) and {'gain' if len(winners) > 1 else 'gains'} ${cfg.gunslinger_bonus}{each}.",
            seats=winners, shots=shots, bonus=cfg.gunslinger_bonus,
        )

    def score_sheet(self) -> list[dict]:
        """Each seat's money at the end, bandit by bandit (every purse's value: shown once the game is
        over), the Gunslinger award, and the tie-breaks (bullets received, loot tokens)."""
        cfg = self.cfg
        guns = self.gunslingers()
        scores = self.scores()
        out = []
        for s in range(cfg.players):
            bandits = [
                {"name": cfg.names[b], "purses": sorted(self.b_purses[b]), "jewels": self.b_jewels[b], "jewel_value": cfg.jewel_value,
                 "strongboxes": self.b_boxes[b], "box_value": cfg.box_value, "ransom": self.bonus[b], "head_start": cfg.head[b], "value": self.loot_value(b)}
                for b in cfg.seat_bandits[s]
            ]
            tokens = sum(len(x["purses"]) + x["jewels"] + x["strongboxes"] for x in bandits)
            out.append({"seat": s, "name": " & ".join(x["name"] for x in bandits), "bandits": bandits, "shots": self.seat_fired(s),
                        "gunslinger": cfg.gunslinger_bonus if s in guns else 0, "bullets_received": self.received[s],
                        "loot_tokens": tokens, "total": scores[s]})
        return out

    def visible_log(self, player: int) -> list:
        """The log as `player` may read it: public entries and its own news."""
        out = []
        for e in self.log:
            if type(e) is not dict or e.get("to", player) == player:
                out.append(e)
        return out


__all__ = ["NarrationMixin", "and_list"]
