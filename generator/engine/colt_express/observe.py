"""What a seat may know (`observation`), worlds consistent with it (`determinize`), a quick
evaluation (`heuristic`) and sentences for the log (`describe`)."""

from __future__ import annotations

import math
import random

from ..randomness import randbelow, sample, shuffle

from .actions import (
    BULLET, BULLET_MIN, CHOOSE, KIND_WORDS, NEUTRAL, PHASE_NAMES, PLACE, RESOLVE, Choose, Cover, Discard, Draw,
    Flip,
    Keep, NoCover, Pass, Pick, PickNothing, Pickpocket, Place, Play,
)


class ObserveMixin:
    def card_word(self, seat: int, code: int) -> str:
        cfg = self.cfg
        if code < BULLET_MIN:
            return cfg.card_text[seat][code]
        return "bullet " + ("neutral" if code == NEUTRAL else cfg.names[code - BULLET])

    def shown_upto(self) -> int:
        """Pile cards below this index are face up for everyone: the resolved ones and, while its
        owner decides how it resolves, the card being resolved."""
        return self.res + 1 if self.phase == RESOLVE else self.res

    # --- observation -----------------------------------------------------------------------------
    def observation(self, player: int) -> dict:
        cfg = self.cfg
        n = cfg.ncars
        spots = []
        for c in range(n):
            for lvl in (0, 1):
                sp = 2 * c + lvl
                spots.append({
                    "car": c, "level": ("inside", "roof")[lvl], "purses": len(self.spot_purses[sp]),
                    "jewels": self.spot_jewels[sp], "strongboxes": self.spot_boxes[sp],
                })
        bandits = []
        for b in range(cfg.nb):
            mine = cfg.owner[b] == player
            name = self.bandit_name(b)
            on_train = self.car[b] >= 0
            entry = {
                "name": name, "character": cfg.char_ids[b] if name else None, "seat": cfg.owner[b],
                "car": self.car[b] if on_train else None,
                "level": ("inside", "roof")[self.roof[b]] if on_train else None, "purses": len(self.b_purses[b]),
                "jewels": self.b_jewels[b], "strongboxes": self.b_boxes[b], "ransom": self.bonus[b], "head_start": cfg.head[b],
                "bullets_left": self.bullets_left[b], "shots_counted": self.fired[b],
            }
            if mine:
                entry["purse_values"] = sorted(self.b_purses[b])
            bandits.append(entry)
        pile = []
        up = self.shown_upto()
        for i, (code, b, hidden) in enumerate(self.pile):
            seat = cfg.owner[b]
            shown = not hidden or i < up or seat == player or cfg.open[seat]  # an open hand's card was seen
            pile.append({
                "seat": seat, "bandit": cfg.names[b] if shown else None,
                "card": self.card_word(seat, code) if shown else None, "face_down": bool(hidden) and i >= up,
            })
        seats = [
            {"hand_size": len(self.hand[s]), "deck_size": len(self.deck[s]), "discard_size": len(self.discard[s]),
             "bullets_received": self.received[s]}
            for s in range(cfg.players)
        ]
        for s in range(cfg.players):
            if cfg.open[s]:  # an open-hand bot seat: its hand lies face up for everyone
                seats[s]["open_hand"] = sorted(self.card_word(s, c) for c in self.hand[s])
        current = self.current_player
        opening = {}
        if self.phase == CHOOSE:
            opening["characters_left"] = [a.text for a in self._choose_actions()]
            opening["choosing_order"] = [cfg.owner[b] for b in self.queue]
        elif self.phase == PLACE:
            opening["placing_order"] = list(self.queue)
            mine = self.placing[player]
            opening["your_caboose_bandit"] = cfg.names[mine] if mine >= 0 else None
        return {
            "game": "colt_express", "you": player, "players": cfg.players, "phase": PHASE_NAMES[self.phase],
            "current_player": current, "first_player": self.first, "round": self.round_no, "rounds": cfg.rounds,
            "round_card": cfg.round_cards[self.card_idx].id if self.card_idx >= 0 else None,
            "round_cards_played": [cfg.round_cards[i].id for i in self.revealed],
            "turns": [[s, bool(h)] for s, h in self.steps], "turn": self.step,
            "train": list(cfg.wagon_ids), "marshal": self.marshal, "spots": spots, "bandits": bandits,
            "seats": seats, "pile": pile, "resolved": self.res,
            "hand": sorted(self.card_word(player, c) for c in self.hand[player]),
            # while characters are chosen a two-bandit deck's cards have no bandit names yet
            "deck_cards": [] if self.phase == CHOOSE else sorted(self.card_word(player, c) for c in self.deck[player]),
            "strongboxes_waiting": self.spare_boxes, "neutral_bullets_left": self.neutral_left,
            "hand_must_keep": sorted(self.card_word(player, c) for c in self._kept_bullets(player)),
            "options": dict(self.game.options), "log": self.visible_log(player), **opening,
            "bot_seats": [s for s in range(cfg.players) if cfg.bot[s]],
            "bot_open_seats": [s for s in range(cfg.players) if cfg.open[s]],
        }

    def _kept_bullets(self, s: int) -> list[int]:
        """Expert variant: the bullet cards seat s may not discard this round."""
        if not self.cfg.expert:
            return []
        rule = self.cfg.options["expert_bullets_in_hand"]
        if rule == "all_stay":
            return [c for c in self.hand[s] if c >= BULLET_MIN]
        return list(self.stuck[s]) if rule == "dealt_stay" else []

    # --- determinization -------------------------------------------------------------------------
    def determinize(self, player: int, rng: random.Random):
        """A world `player` cannot tell from this one: other hands, decks, face-down cards, purse
        values, own deck order and the future round cards are sampled again; fresh generator. An
        open-hand seat's hand and cards stay as they are (they are public); its deck order is sampled."""
        st = self.clone()
        st.reseed(rng.getrandbits(64))
        st.narrate = False  # a bot's sampled world: nobody reads its log
        st.log = self.visible_log(player)  # without other seats' own news (their hands, their purses' values)
        cfg = st.cfg
        # purse values: every purse the player has not seen (its own bandits' purses, the public
        # starting purses, purses it held and lost) takes a value from a shuffled pool
        mine = set(cfg.seat_bandits[player])
        bit = 1 << player
        holders = [(st.spot_purses[sp], st.spot_purse_seen(sp)) for sp in range(len(st.spot_purses))]
        holders += [(st.b_purses[b], st.bandit_purse_seen(b)) for b in range(cfg.nb) if b not in mine]
        holders.append((st.spare_purses, st._synced(st.spare_purses, st.spare_seen, 0)))
        slots = [(h, i) for h, seen in holders for i in range(len(h)) if not seen[i] & bit]
        pool = [h[i] for h, i in slots]
        shuffle(rng, pool)  # (the inline draws give what rng.shuffle gives: see randomness.py)
        for (h, i), v in zip(slots, pool):
            h[i] = v
        # future round cards: which regular cards and which station card are still face down
        if st.round_deck:
            seen = set(st.revealed)
            regular, station = self.game.round_card_choices(cfg.players)
            regular = [j for j in regular if j not in seen]
            station_seen = any(cfg.round_cards[j].deck == "station" for j in seen)
            k = len(st.round_deck) - (0 if station_seen else 1)
            new = sample(rng, regular, k)
            if not station_seen:
                new.append(station[randbelow(rng, len(station))])
            st.round_deck = new[::-1]
        # cards: the player's own deck order, and everything other seats hold unseen
        shuffle(rng, st.deck[player])
        up = st.shown_upto()
        for q in range(cfg.players):
            if q == player:
                continue
            if st.phase == PLACE and st.placing[q] >= 0:  # a secret choice not revealed yet
                st.placing[q] = cfg.seat_bandits[q][randbelow(rng, len(cfg.seat_bandits[q]))]
            if cfg.open[q]:
                # an open hand: its hand, its pile cards and its discards were all seen; only the
                # order of its deck (below the bullets put on top since scheming ended) is unknown
                nlate = min(st.late[q], len(st.deck[q]))
                rest = st.deck[q][:len(st.deck[q]) - nlate]
                shuffle(rng, rest)
                st.deck[q][:len(rest)] = rest
                continue
            hidden_slots = [i for i in range(up, len(st.pile)) if st.pile[i][2] and cfg.owner[st.pile[i][1]] == q]
            # bullets received since scheming ended lie on top of the deck, as everyone saw
            nlate = min(st.late[q], len(st.deck[q]))
            late = st.deck[q][len(st.deck[q]) - nlate:]
            pool = st.hand[q] + st.deck[q][:len(st.deck[q]) - nlate] + [st.pile[i][0] for i in hidden_slots]
            public_discard: list[int] = []
            if cfg.expert:
                # the discard holds this round's resolved cards (seen by all) and, after the
                # round, the seat's own hidden discard choices: only the latter are unknown
                hidden_discard = st.discard[q][:]
                for code, b, _h in st.pile[:st.res]:
                    if cfg.owner[b] == q and code in hidden_discard:
                        hidden_discard.remove(code)
                        public_discard.append(code)
                pool += hidden_discard
            shuffle(rng, pool)
            ghost_slot = -1
            if cfg.two_player and q == cfg.ghost_seat:
                # a face-down card on a face-up turn is Ghost's first card: one of his own cards
                first_step = next((h for seat, h in st.steps if seat == q), True)
                i0 = next((i for i, e in enumerate(st.pile) if cfg.owner[e[1]] == q), -1)
                if not first_step and i0 in hidden_slots:
                    ghost_slot = i0
            for i in sorted(hidden_slots, key=lambda i: i != ghost_slot):
                if i == ghost_slot:
                    j = next(j for j, c in enumerate(pool) if c < BULLET_MIN and st._ghosts_card(q, c))
                else:
                    j = next(j for j, c in enumerate(pool) if c < BULLET_MIN)
                code = pool.pop(j)
                _c, _b, hid = st.pile[i]
                st.pile[i] = (code, cfg.seat_bandits[q][code // 6], hid)
            nh, nd = len(st.hand[q]), len(st.deck[q]) - nlate
            st.hand[q] = pool[:nh]
            st.deck[q] = pool[nh:nh + nd] + late
            if cfg.expert:
                st.discard[q] = public_discard + pool[nh + nd:]
                # which bullets were in hand when scheming began is not known: in this world, all of them
                st.stuck[q] = [c for c in st.hand[q] if c >= BULLET_MIN]
        if st.phase == RESOLVE:
            st.pending = st._card_options()
        return st

    # --- evaluation ------------------------------------------------------------------------------
    def heuristic(self, player: int) -> float:
        """Money lead over the best rival (Gunslinger counted as it stands), squashed into [0, 1]."""
        cfg = self.cfg
        values = [sum(self.loot_value(b) for b in cfg.seat_bandits[s]) - 25 * self.received[s] for s in range(cfg.players)]
        for s in self.gunslingers():
            values[s] += cfg.gunslinger_bonus
        mine = values[player]
        best_other = max(v for s, v in enumerate(values) if s != player)
        return 1.0 / (1.0 + math.exp(-(mine - best_other) / 800.0))

    # --- narration -------------------------------------------------------------------------------
    def describe(self, action) -> str:
        cfg = self.cfg
        seat = self.current_player
        if seat is None:
            return str(action)
        who = f"Seat {seat + 1}"
        kind = type(action)
        if kind is Play:
            how = "face down" if action.hidden else "face up"
            return f"{who} plays {action.text} {how} on the pile."
        if kind is Draw:
            return f"{who} draws up to {cfg.draw_count} cards instead of playing."
        if kind is Flip:
            return self._flip_sentence(seat)
        if kind is Pass:
            return f"{who} has no playable card and an empty deck, and passes."
        if kind is Cover:
            return f"{who} covers the shot by playing {action.text} at once."
        if kind is NoCover:
            return f"{who} plays no cover card."
        if kind is Pick:
            return f"{who} picks a card for this round's hand."
        if kind is PickNothing:
            return f"{who} has no action card left in the deck to pick."
        if kind is Choose:
            return f"{who} chooses {action.text}."
        if kind is Place:
            others = [cfg.names[b] for b in cfg.seat_bandits[seat] if b != action.bandit]
            return f"{who} secretly puts {action.text} inside the caboose and {' and '.join(others)} inside the wagon next to it."
        if kind is Discard:
            return f"{who} discards a card for next round."
        if kind is Keep:
            return f"{who} keeps the rest of the hand for next round."
        if kind is Pickpocket:
            b = self.queue[0]
            return f"{cfg.names[b]} {'picks up' if action.take else 'leaves'} a purse lying nearby."
        return self.resolution_sentence(action)

    def _flip_sentence(self, seat: int) -> str:
        """A bot seat's flip, before it happens: the card is named only on a face-up turn."""
        who = f"Seat {seat + 1}"
        code = self.bot_deck_top(seat)
        if code is None:
            return f"{who} has an empty bot deck, and passes."
        hidden = self.steps[self.step][1]
        if code >= BULLET_MIN:
            again = " and flips again" if self.cfg.flip_again else ", and the turn is lost"
            return f"{who} flips a bullet card from its bot deck{again}."
        if hidden or (self.ghost_pending and seat == self.cfg.ghost_seat and self._ghosts_card(seat, code)):
            return f"{who} plays the top card of its bot deck face down on the pile."
        return f"{who} flips the top card of its bot deck: {self.card_word(seat, code)}, face up on the pile."

    def resolution_sentence(self, action) -> str:
        """A sentence for the effect of the pile card now resolving (before it is applied)."""
        return f"{self.cfg.names[self.pile[self.res][1]]} {self.resolution_effect(action)}."


__all__ = ["ObserveMixin", "KIND_WORDS"]
