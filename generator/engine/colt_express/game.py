"""The Colt Express Game: options, per-game caches, and the setup of a new game (the configuration and
its helpers are setup.py's; the position is state.py's)."""

from __future__ import annotations

import random
from typing import Any

from ...errors import OptionError
from ..core import Game
from ..randomness import randbelow, sample, shuffle
from .actions import CHOOSE, Choose
from .setup import (
    Config, bandit_count, build_config, choose_wagons, dealt_characters, parse_bot_seats, pick_order,
)
from .state import ColtState


class ColtExpressGame(Game):
    name = "colt_express"

    def __init__(self, content: Any, **options: Any):
        super().__init__(content, **options)
        self.casts: dict[tuple, Config] = {}  # (players, character ids) -> the configuration without its train
        self.card_tables: dict[tuple, tuple] = {}  # see `_card_tables`
        self.target_tables: dict[tuple, tuple] = {}  # bandit names -> (fire actions, punch actions)
        self.round_steps: dict[tuple, tuple] = {}  # (players, round card, first player) -> scheming turns
        self.train_moves: dict[tuple, tuple] = {}  # (cars, roof move) -> see `_train_moves`
        self.choose_actions = [Choose(i, c.name) for i, c in enumerate(content.characters)]
        self.seatings: dict[tuple, Config] = {}  # (players, bandits) -> see `_build_seating`
        self.character_by_id = {c.id: c for c in content.characters}
        self.character_index = {c.id: i for i, c in enumerate(content.characters)}
        self.purse_values = tuple(content.loot.purses.all_values())
        self._round_cards: dict[int, tuple[list[int], list[int]]] = {}
        self.bot_seats = parse_bot_seats(self.options["bot_seats"])
        self.open_seats = parse_bot_seats(self.options["bot_open_seats"], "bot_open_seats")
        both = self.bot_seats & self.open_seats
        if both:
            raise OptionError(f"colt_express: seat {min(both) + 1} is named by both bot_seats and bot_open_seats: "
                              "a bot seat either flips its bot deck or plays an open hand")
        self._seated: dict[tuple, "ColtExpressGame"] = {}

    def with_bot_seats(self, seats: Any, open_seats: Any = ()) -> "ColtExpressGame":
        """This game with the flipping bot-seat rules at `seats` (0-based), the open-hand rules at
        `open_seats` and the normal rules elsewhere: the same content and other options (options
        `bot_seats`, `bot_open_seats`); kept, so its caches serve every game."""
        key = (frozenset(seats), frozenset(open_seats))
        if key == (self.bot_seats, self.open_seats):
            return self
        game = self._seated.get(key)
        if game is None:
            flip, opened = (",".join(str(s + 1) for s in sorted(k)) for k in key)
            game = self._seated[key] = ColtExpressGame(self.content, **{**self.options, "bot_seats": flip, "bot_open_seats": opened})
        return game

    def round_card_choices(self, players: int) -> tuple[list[int], list[int]]:
        """The regular round cards for this player count and the station cards (content indices)."""
        got = self._round_cards.get(players)
        if got is None:
            cards = self.content.round_cards
            regular = [i for i, r in enumerate(cards) if r.deck != "station" and r.players_fit(players)]
            station = [i for i, r in enumerate(cards) if r.deck == "station"]
            got = self._round_cards[players] = (regular, station)
        return got

    def _new_state(self, players: int, rng: random.Random):
        content = self.content
        nb = bandit_count(self, players)
        order = choose_wagons(self, players, rng)
        choosing = self.options["character_assignment"] == "choose"
        # while the seats choose, the configuration holds stand-in characters (content order)
        char_ids = [c.id for c in content.characters][:nb] if choosing else dealt_characters(self, nb, rng)
        cfg = build_config(self, players, char_ids, order)
        st = ColtState.blank(self, cfg, rng)
        # loot: one starting purse per bandit, the rest face down at random into the wagons
        purses = list(self.purse_values)
        for _ in range(cfg.nb):
            purses.remove(cfg.start_purse)
        shuffle(rng, purses)
        for car, w in enumerate(order, start=1):
            wagon = content.wagons[w]
            st.spot_purses[2 * car] = [purses.pop() for _ in range(wagon.purses)]
            st.spot_seen[2 * car] = [0] * wagon.purses  # face down: nobody has seen them
            st.spot_jewels[2 * car] = wagon.jewels
        st.spare_purses = purses
        st.spare_seen = [0] * len(purses)
        st.spot_boxes[0] = content.locomotive.strongboxes  # with the marshal, in the locomotive
        st.spare_boxes = content.loot.strongboxes.count - content.locomotive.strongboxes
        st.b_purses = [[cfg.start_purse] for _ in range(cfg.nb)]
        everyone = (1 << players) - 1  # every bandit's starting purse is public knowledge
        st.b_seen = [[everyone] for _ in range(cfg.nb)]
        st.car, st.roof = [-1] * cfg.nb, [0] * cfg.nb  # off the train until the bandits take their places
        st.marshal = 0
        st.first = randbelow(rng, players) if self.options["first_player"] == "random" else 0
        # round deck: regular cards of this player count at random, then one station card
        regular, station = self.round_card_choices(players)
        deck = sample(rng, regular, content.setup.regular_rounds) + [station[randbelow(rng, len(station))]]
        st.round_deck = deck[::-1]  # popped from the end
        for s in range(players):
            st.deck[s] = list(cfg.bot_deck if cfg.bot[s] else cfg.start_deck)
            amount = cfg.head[cfg.seat_bandits[s][0]]
            if amount:
                st.log_entry("head_start", f"Seat {s + 1} has a ${amount:,} head start: it counts with that seat's loot at the end.",
                             seat=s, amount=amount)
        if choosing:
            st.chosen = [-1] * cfg.nb
            st.queue = pick_order(self, players, cfg.nb, rng)
            st.phase = CHOOSE
        else:
            st.chosen = list(cfg.char_index)
            st.begin_placement()
        return st

    def state_from_json(self, data: dict):
        return ColtState.from_json_data(self, data)
