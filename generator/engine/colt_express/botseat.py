"""Bot-seat rules: the asymmetric rule set of a seat a person runs as a bot bandit (option
`bot_seats`, selected per seat; every other seat plays by the normal hand rules).

A bot seat holds no hand. At each round's start its whole deck (its bot deck, `bot_deck` in
content/colt_express/bot.yaml, plus the bullets it received) is shuffled face down, as any deck is.
On each of its scheming turns the person flips the top card of the bot deck without choosing
(`flip`): an action card goes on the pile, face down on a tunnel turn (its colour tells whose it
is) and face down as Ghost's first card of the round; a bullet card goes to the discard and the turn
is lost, or the seat flips again (option `bot_bullet_flip`); an empty bot deck passes. A bot seat
never draws, covers, picks or discards, and Doc's extra card has no effect on it (it holds no hand).
While the pile resolves, the bot decides every choice its card leaves open like any seat (from its
table: generator/bots/table.py over engine/colt_express/features.py).

Open-hand bot seats (option `bot_open_seats`, selected per seat) play by the normal hand rules: the
hand is dealt (6 cards, 7 for Doc), each scheming turn plays a card or draws 3, and the two-player
pick, cover play and expert discards are theirs as for any seat. Only what is known differs: the
hand lies face up, so it is public to every seat (`observation` shows it, `determinize` never
samples it again), and so are the cards it draws, picks and discards. A card it plays on a tunnel
turn still goes face down on the pile, but everyone saw it leave the open hand: it is public too.
What stays hidden is the order of its deck. The bot's card (its decision table) picks which card to
play, or to draw, from public features only (features.py).
"""

from __future__ import annotations

from ..randomness import randbelow
from .actions import BULLET_MIN, FLIP


class BotSeatMixin:
    def _is_bot(self, s: int) -> bool:
        return self.cfg.bot[s]

    def open_hand(self, s: int) -> bool:
        """Whether seat s holds its hand face up (an open-hand bot seat, option `bot_open_seats`)."""
        return self.cfg.open[s]

    def _flip_actions(self) -> list:
        return [FLIP]

    def _flip(self) -> None:
        """The seat to scheme flips the top card of its bot deck (see the module's docstring)."""
        s, hidden = self.steps[self.step]
        cfg = self.cfg
        ghost = self.ghost_pending and s == cfg.ghost_seat
        if s == cfg.ghost_seat:
            self.ghost_pending = False
        deck = self.deck[s]
        while deck:
            code = deck.pop()
            if code < BULLET_MIN:
                down = hidden or (ghost and self._ghosts_card(s, code))
                self.pile.append((code, cfg.seat_bandits[s][code // 6], down))
                break
            self.discard[s].append(code)  # a bullet: the turn is lost, or flip again
            if not cfg.flip_again:
                break
        self._next_step()

    def _flip_random(self, rng) -> None:
        """A random playout's bot-seat turn: one legal action, drawn for as `rng.randrange(1)` would."""
        randbelow(rng, 1)
        self._flip()

    def bot_deck_top(self, s: int) -> int | None:
        """The code of the card a bot seat would flip now (None: an empty bot deck). For narration
        of a face-up turn only: the card is public once flipped, and face-down turns never show it."""
        deck = self.deck[s]
        return deck[-1] if deck else None
