"""Round start and scheming: dealing, play-or-draw turns, Ghost's hidden card, the cover play,
the two-player pick and the expert variant's discards (when every card of the round is played, or
after stealing: option `expert_discard_at`)."""

from __future__ import annotations

from bisect import bisect_left

from ..randomness import shuffle
from .actions import (
    BULLET, BULLET_MIN, COVER, DISCARD, DRAW, FIRE, FLIP, KEEP, MARSHAL, NEUTRAL, NO_COVER, OVER, PASS, PICK, PICK_NOTHING,
    SCHEME, Cover, Discard, Draw, Flip, Pick, Play,
)


class SchemeMixin:
    # --- round start -----------------------------------------------------------------------------
    def start_round(self) -> None:
        cfg = self.cfg
        P = cfg.players
        self.round_no += 1
        self.card_idx = self.round_deck.pop()
        self.revealed.append(self.card_idx)
        self.pile, self.res, self.pending, self.event_done = [], 0, None, False
        key = (P, self.card_idx, self.first)
        steps = self.game.round_steps.get(key)
        if steps is None:
            steps = self.game.round_steps[key] = self._round_steps()
        self.steps, self.step = steps, 0
        self.ghost_pending = cfg.ghost_seat >= 0
        self.late = [0] * P
        rng = self._own_rng()
        expert_carry = cfg.expert and self.round_no > 1
        bot = cfg.bot
        for s in range(P):
            if expert_carry and not bot[s]:
                # kept hand cards and the deck's leftovers start the hand; the rest is reshuffled
                self.hand[s] += self.deck[s]
                self.deck[s] = self.discard[s]
            else:
                self.deck[s] = self.hand[s] + self.deck[s] + self.discard[s]
                self.hand[s] = []
            self.discard[s] = []
            shuffle(rng, self.deck[s])
        if self.narrate:
            self.log_round()
        if cfg.two_player and cfg.picked_cards:
            order = [(self.first + i) % P for i in range(P)]
            self.queue = [s for s in order if len(self.hand[s]) < cfg.hand_target[s] and not bot[s]]
            if self.queue:
                self.phase = PICK
                return
        for s in range(P):
            self._fill_hand(s)
            if self.narrate:
                self.log_cards(s, self.hand[s], new_hand=True)
        self._begin_scheming()

    def _round_steps(self) -> tuple:
        """The round card's scheming turns from the first player: (seat, face down) per play."""
        P = self.cfg.players
        steps = []
        for t in self.cfg.round_cards[self.card_idx].turns:
            order = [(self.first - i) % P for i in range(P)] if t == "R" else [(self.first + i) % P for i in range(P)]
            reps = 2 if t == "S" else 1
            hidden = t == "T"
            for seat in order:
                steps.extend([(seat, hidden)] * reps)
        return tuple(steps)

    def _begin_scheming(self) -> None:
        stuck = []
        for hand in self.hand:
            bullets = []
            for c in hand:
                if c >= BULLET_MIN:
                    bullets.append(c)
            stuck.append(bullets)
        self.stuck = stuck
        self.phase = SCHEME

    def _fill_hand(self, s: int) -> None:
        need = self.cfg.hand_target[s] - len(self.hand[s])
        if need > 0 and not self.cfg.bot[s]:  # a bot seat holds no hand (botseat.py)
            deck = self.deck[s]
            take = deck[-need:] if need < len(deck) else deck[:]
            del deck[len(deck) - len(take):]
            self.hand[s] += take

    # --- two-player pick -------------------------------------------------------------------------
    def _pick_actions(self) -> list:
        s = self.queue[0]
        picks = self.cfg.pick[s]
        out = [picks[c] for c in sorted(set(self.deck[s])) if c < BULLET_MIN]
        return out or [PICK_NOTHING]  # a deck of bullets only: nothing to pick

    def _apply_pick(self, action) -> None:
        s = self.queue.pop(0)
        if isinstance(action, Pick):
            self.deck[s].remove(action.code)
            self.hand[s].append(action.code)
        elif action is not PICK_NOTHING:
            raise TypeError(f"{action!r} is not a pick")
        self._fill_hand(s)
        if self.narrate:
            self.log_cards(s, self.hand[s], new_hand=True)
        if not self.queue:
            self._begin_scheming()

    # --- scheming --------------------------------------------------------------------------------
    def _scheme_actions(self) -> list:
        return list(self._scheme_choices())

    def _scheme_choices(self) -> tuple | list:
        """The scheming turn's actions: the hand's playable cards (each card once, in code order; face
        down on a tunnel turn, and also face down for Ghost's first card), then draw (or pass).

        They depend only on the seat, the turn being face down, the hand's playable cards and whether
        the seat may draw (Ghost's first card aside), so each such list is made once, kept by those in
        the seat's `cfg.scheme_lists` (shared by every game of the configuration's card tables) and
        given as that shared tuple, never to be changed: the table bot keeps its cards' own features
        by the tuple (features.decision). `_scheme_actions` copies it into a list."""
        s, hidden = self.steps[self.step]
        cfg = self.cfg
        if cfg.bot[s]:
            return [FLIP]
        hand = self.hand[s]
        if self.ghost_pending and s == cfg.ghost_seat and not hidden:
            return self._scheme_list(s, hidden, sorted(set(hand)), True)
        draw = bool(self.deck[s]) or cfg.draw_empty
        # the playable cards as a bit set (one bit per card code): the same key for the same cards
        # whatever their order and copies, made in a plain loop at about half the cost of sorting
        # the hand (this runs at every scheming turn of every game, bots' and playouts' alike)
        cards = 0
        for code in hand:
            if code < BULLET_MIN:
                cards |= 1 << code
        key = (hidden, draw, cards)
        lists = cfg.scheme_lists[s]
        got = lists.get(key)
        if got is None:
            if len(lists) >= 4096:
                lists.clear()
            got = lists[key] = tuple(self._scheme_list(s, hidden, sorted(set(hand)), False))
        return got

    def _scheme_list(self, s: int, hidden: bool, codes: list[int], ghost: bool) -> list:
        """The scheming actions of seat s from its sorted distinct hand `codes` (see `_scheme_choices`);
        `ghost`: Ghost's first card of the round, which he may also play face down."""
        cfg = self.cfg
        plays = cfg.play[s]
        out = []
        for code in codes:
            if code < BULLET_MIN:
                pair = plays[code]
                if hidden:
                    out.append(pair[1])
                else:
                    out.append(pair[0])
                    if ghost and self._ghosts_card(s, code):
                        out.append(pair[1])
        if self.deck[s] or cfg.draw_empty:
            out.append(DRAW)
        if not out:
            out.append(PASS)
        return out

    def _ghosts_card(self, s: int, code: int) -> bool:
        """Ghost's power covers his own cards: in the two-player variant not his partner's cards
        nor the shared Marshal card."""
        cfg = self.cfg
        if not cfg.two_player:
            return True
        return code % 6 != MARSHAL and cfg.power[cfg.seat_bandits[s][code // 6]] == "hidden_first_card"

    def _apply_scheme(self, action) -> None:
        kind = type(action)
        if kind is Play:
            self._scheme_play(action.code, action.hidden)
        elif kind is Flip:
            self._flip()
        else:
            self._scheme_draw(kind is Draw)

    def _scheme_play(self, code: int, hidden: bool) -> None:
        """The seat to scheme puts hand card `code` on the pile (face down when `hidden`)."""
        s = self.steps[self.step][0]
        cfg = self.cfg
        if s == cfg.ghost_seat:
            self.ghost_pending = False
        self.hand[s].remove(code)
        self.pile.append((code, cfg.seat_bandits[s][code // 6], hidden))
        if cfg.two_player and code % 6 == FIRE and not hidden and self._cover_cards(s, code):
            self.phase, self.cover_seat = COVER, s
            return
        self.step += 1
        if self.step >= len(self.steps):
            self._end_scheming()

    def _scheme_draw(self, draw: bool) -> None:
        """The seat to scheme draws (`draw`) or passes."""
        s = self.steps[self.step][0]
        cfg = self.cfg
        if s == cfg.ghost_seat:
            self.ghost_pending = False
        if draw:
            deck = self.deck[s]
            n = min(cfg.draw_count, len(deck))
            if n:
                self.hand[s] += deck[-n:]
                if self.narrate:
                    self.log_cards(s, deck[-n:], new_hand=False)
                del deck[-n:]
        self.step += 1
        if self.step >= len(self.steps):
            self._end_scheming()

    def _scheme_random(self, rng) -> None:
        """One scheming turn chosen as `rng.randrange(len(acts))` would choose among
        `acts = _scheme_actions()`, with the same draws, but without building the list (`rng` is a
        plain `random.Random`: its draw below n is made inline)."""
        s, hidden = self.steps[self.step]
        cfg = self.cfg
        if cfg.bot[s]:
            self._flip_random(rng)
            return
        if self.ghost_pending and s == cfg.ghost_seat and not hidden:  # Ghost's first card: the list
            acts = self._scheme_actions()
            self._apply_scheme(acts[rng.randrange(len(acts))])
            return
        codes = sorted(set(self.hand[s]))
        k = bisect_left(codes, BULLET_MIN)  # the playable cards, in the list's order
        n = k + 1 if self.deck[s] or cfg.draw_empty else k
        if not n:
            self._scheme_draw(False)  # pass
            return
        bits = n.bit_length()  # rng.randrange(n), inline
        i = rng.getrandbits(bits)
        while i >= n:
            i = rng.getrandbits(bits)
        if i < k:
            self._scheme_play(codes[i], hidden)
        else:
            self._scheme_draw(True)

    def _next_step(self) -> None:
        self.step += 1
        if self.step >= len(self.steps):
            self._end_scheming()

    def _end_scheming(self) -> None:
        if not (self._discards_at("end_of_scheming") and self._begin_discards()):
            self.begin_stealing()

    # --- two-player cover play -------------------------------------------------------------------
    def _cover_cards(self, s: int, fire_code: int) -> list[int]:
        other = 1 - fire_code // 6
        return sorted({c for c in self.hand[s] if c < BULLET_MIN and c // 6 == other and c % 6 != MARSHAL})

    def _cover_actions(self) -> list:
        s = self.cover_seat
        fire_code = self.pile[-1][0]
        covers = self.cfg.cover[s]
        return [covers[c] for c in self._cover_cards(s, fire_code)] + [NO_COVER]

    def _apply_cover(self, action) -> None:
        s = self.cover_seat
        if type(action) is Cover:
            self.hand[s].remove(action.code)
            self.pile.append((action.code, self.cfg.seat_bandits[s][action.code // 6], False))
        self.phase, self.cover_seat = SCHEME, -1
        self._next_step()

    # --- round end -------------------------------------------------------------------------------
    def end_round(self) -> None:
        """After the event: the expert variant's discards (if after stealing), then the first player passes on."""
        if not (self._discards_at("after_stealing") and self._begin_discards()):
            self._next_round()

    def _next_round(self) -> None:
        cfg = self.cfg
        if not cfg.expert:
            for s in range(cfg.players):
                self.discard[s] += self.hand[s]
                self.hand[s] = []
        self.first = (self.first + 1) % cfg.players
        self.queue = []
        if self.round_no >= cfg.rounds:
            self.phase = OVER
            if self.narrate:
                self.log_gunslinger()
            return
        self.start_round()

    # --- expert variant: discards ----------------------------------------------------------------
    def _discards_at(self, moment: str) -> bool:
        """Expert variant, not in the last round (its hands are never played again)."""
        cfg = self.cfg
        return cfg.expert and self.round_no < cfg.rounds and cfg.options["expert_discard_at"] == moment

    def _begin_discards(self) -> bool:
        """Queue the seats, from the first player on, that have a card they may discard."""
        P = self.cfg.players
        self.queue = [s for s in ((self.first + i) % P for i in range(P)) if self._discardable(s)]
        if self.queue:
            self.phase = DISCARD
            return True
        return False

    def _discardable(self, s: int) -> list[int]:
        """Hand cards seat s may discard; bullet cards may have to stay (option `expert_bullets_in_hand`)."""
        rule = self.cfg.options["expert_bullets_in_hand"]
        hand = self.hand[s]
        if rule == "all_stay":
            return [c for c in hand if c < BULLET_MIN]
        if rule == "discardable":
            return list(hand)
        stay = list(self.stuck[s])  # dealt_stay: the bullets held when scheming began
        out = []
        for c in hand:
            if c in stay:
                stay.remove(c)
            else:
                out.append(c)
        return out

    def _discard_actions(self) -> list:
        s = self.queue[0]
        discards = self.cfg.discard[s]
        names = self.cfg.names
        return [
            discards[c] if c < BULLET_MIN else Discard(c, "bullet " + ("neutral" if c == NEUTRAL else names[c - BULLET]))
            for c in sorted(set(self._discardable(s)))
        ] + [KEEP]

    def _apply_discard(self, action) -> None:
        s = self.queue[0]
        if type(action) is Discard:
            self.hand[s].remove(action.code)
            self.discard[s].append(action.code)
            if self._discardable(s):
                return
        self.queue.pop(0)
        if not self.queue:
            if self.cfg.options["expert_discard_at"] == "end_of_scheming":
                self.begin_stealing()
            else:
                self._next_round()
