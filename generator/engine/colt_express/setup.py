"""Colt Express setup: the per-game configuration (seats, bandits, train, prebuilt actions) and what a new
game deals (wagons, characters, decks); the Game itself is game.py's."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from ...errors import OptionError
from ...schema.common import MAX_PLAYERS
from ..randomness import sample
from .actions import KIND_WORDS, KINDS, MARSHAL, Cover, Discard, Fire, MarshalBy, MoveBy, Pick, Play

if TYPE_CHECKING:
    from .game import ColtExpressGame


class Config:
    """What stays fixed for one game once set up (shared by clones): seats, bandits, train, texts.
    While the seats choose their characters it holds stand-ins; the last choice builds the real one.

    Everything but the train comes from a cast (the same seats and characters) the Game keeps, so a
    new game copies prebuilt action tables instead of building them (`build_config`). Fields:
    players, nb, owner, slot, power, names, char_ids, char_index, name_of, seat_bandits, two_player,
    expert, hand_size, hand_target, picked_cards, draw_count, draw_empty, roof_max, jewel_value,
    box_value, gunslinger_bonus, hostage_bonus, start_purse, rounds, round_cards, neutral_total,
    bullets_each, purse_total, loot_total, head (each bandit's head start: option head_start), options,
    belle, cheyenne, django, tuco, ghost_seat,
    prebuilt actions (card_text, play, cover, pick, discard, fire, moves, marshals, punch, choose, and
    scheme_lists: each seat's scheming action lists by hand, made as they first occur),
    bandit orders by first player (bandits_from), start_deck, and the train: wagon_order, ncars,
    wagon_ids, a card's options by place (move_options, marshal_options, knock_directions).
    """

    def card_name(self, seat: int, code: int) -> str:
        return self.card_text[seat][code]


def _card_texts(cfg: Config, seat: int) -> dict[int, str]:
    out: dict[int, str] = {}
    bandits = cfg.seat_bandits[seat]
    for slot, b in enumerate(bandits):
        for kind in range(6):
            code = kind + 6 * slot
            if cfg.two_player and kind != MARSHAL:
                out[code] = f"{cfg.names[b]} {KIND_WORDS[kind]}"
            else:
                out[code] = KIND_WORDS[kind]
    return out


def _card_tables(cfg: Config) -> tuple:
    """Per seat: card names, the play (face up, face down), cover, pick and discard actions, and the
    scheming turns' action lists met so far (`SchemeMixin._scheme_choices`)."""
    texts = [_card_texts(cfg, s) for s in range(cfg.players)]
    play = [{code: (Play(code, False, t), Play(code, True, t)) for code, t in tx.items()} for tx in texts]
    cover = [{code: Cover(code, t) for code, t in tx.items()} for tx in texts]
    pick = [{code: Pick(code, t) for code, t in tx.items()} for tx in texts]
    discard = [{code: Discard(code, t) for code, t in tx.items()} for tx in texts]
    scheme_lists: list[dict[tuple, tuple]] = [{} for _ in texts]
    return texts, play, cover, pick, discard, scheme_lists


def is_two_bandit_game(game: "ColtExpressGame", players: int) -> bool:
    """The official two-player game (two bandits a seat) is the default at 2 players [sourced]."""
    return players == 2 and game.options["two_player_game"] == "two_bandits"


def bandit_count(game: "ColtExpressGame", players: int) -> int:
    per_seat = game.content.setup.two_player.bandits_per_player if is_two_bandit_game(game, players) else 1
    return players * per_seat


def choose_wagons(game: "ColtExpressGame", players: int, rng: random.Random) -> list[int]:
    """Which wagons join the train, in train order."""
    order = list(range(len(game.content.wagons)))
    n_wagons = game.content.setup.wagons_by_players[players]
    return sample(rng, order, n_wagons) if game.options["wagon_choice"] == "random" else order[:n_wagons]


def dealt_characters(game: "ColtExpressGame", nb: int, rng: random.Random) -> list[str]:
    """Characters dealt without choosing (`random` or `in_order`), bandit by bandit."""
    chars = [c.id for c in game.content.characters]
    return sample(rng, chars, nb) if game.options["character_assignment"] == "random" else chars[:nb]


def pick_order(game: "ColtExpressGame", players: int, nb: int, rng: random.Random) -> list[int]:
    """`choose`: the bandits in the order their seats pick a character. The seats pick in a random
    order [seed]; with two bandits a seat the second picks run in the same order or reversed."""
    seats = sample(rng, range(players), players)
    rounds = nb // players
    out = []
    for k in range(rounds):
        turn = seats[::-1] if k % 2 and game.options["second_pick_order"] == "reversed" else seats
        out += [k * players + s for s in turn]
    return out


def build_config(game: "ColtExpressGame", players: int, char_ids: list[str], order: list[int]) -> Config:
    """The fixed configuration of a game with these bandits and wagons (the cast's tables are shared)."""
    key = (players, tuple(char_ids))
    cast = game.casts.get(key)
    if cast is None:
        cast = game.casts[key] = _build_cast(game, players, char_ids)
    cfg = Config()
    cfg.__dict__.update(cast.__dict__)
    content = game.content
    cfg.wagon_order = list(order)
    cfg.ncars = n = len(order) + 1
    cfg.wagon_ids = [content.locomotive.id] + [content.wagons[i].id for i in order]
    moves = game.train_moves.get((n, cfg.roof_max))
    if moves is None:
        moves = game.train_moves[(n, cfg.roof_max)] = _train_moves(cfg)
    cfg.move_options, cfg.marshal_options, cfg.knock_directions = moves
    return cfg


def _train_moves(cfg: Config) -> tuple:
    """For a train of cfg.ncars: a Move card's options by level and car ([inside, roof][car]), a
    Marshal card's by the marshal's car, and the directions a punch may knock a bandit from a car."""
    n, m = cfg.ncars, cfg.roof_max
    moves = cfg.moves
    inside = [[moves[d] for d in (-1, 1) if 0 <= c + d < n] for c in range(n)]
    roof = [[moves[d] for d in range(-m, m + 1) if d and 0 <= c + d < n] for c in range(n)]
    marshal = [[cfg.marshals[d] for d in (-1, 1) if 0 <= c + d < n] for c in range(n)]
    knock = [[d for d in (-1, 1) if 0 <= c + d < n] for c in range(n)]
    return [inside, roof], marshal, knock


def _build_cast(game: "ColtExpressGame", players: int, char_ids: list[str]) -> Config:
    """Everything of a configuration that does not depend on the train: the seating's tables (one per
    player count) and what the characters change."""
    key = (players, len(char_ids))
    seating = game.seatings.get(key)
    if seating is None:
        seating = game.seatings[key] = _build_seating(game, players, len(char_ids))
    cfg = Config()
    cfg.__dict__.update(seating.__dict__)
    by_id = game.character_by_id
    chars = [by_id[c] for c in char_ids]
    cfg.power = [c.power for c in chars]
    cfg.names = [c.name for c in chars]
    cfg.char_ids = [c.id for c in chars]
    cfg.char_index = [game.character_index[c] for c in cfg.char_ids]
    cfg.name_of = {c.name.lower(): b for b, c in enumerate(chars)}
    power = cfg.power

    def holder(name: str) -> int:
        return power.index(name) if name in power else -1

    cfg.belle = holder("last_target")
    cfg.cheyenne = holder("pocket_punched_purse")
    cfg.django = holder("knockback_shot")
    cfg.tuco = holder("fire_through_floor")
    ghost = holder("hidden_first_card")
    cfg.ghost_seat = cfg.owner[ghost] if ghost >= 0 else -1
    doc = holder("extra_card")
    base = cfg.hand_size
    cfg.hand_target = [base + (1 if doc >= 0 and cfg.owner[doc] == s else 0) for s in range(players)]
    # prebuilt actions (no allocation in the hot paths), shared by every cast they fit: card names
    # depend on the characters only in the two-bandit game
    key = (players, tuple(cfg.names) if cfg.two_player else None)
    cards = game.card_tables.get(key)
    if cards is None:
        cards = game.card_tables[key] = _card_tables(cfg)
    cfg.card_text, cfg.play, cfg.cover, cfg.pick, cfg.discard, cfg.scheme_lists = cards
    targets = game.target_tables.get(tuple(cfg.names))
    if targets is None:
        targets = game.target_tables[tuple(cfg.names)] = ([Fire(b, cfg.names[b]) for b in range(cfg.nb)], {})
    cfg.fire, cfg.punch = targets  # punches are made as they first occur (`_punch_options`)
    return cfg


def _build_seating(game: "ColtExpressGame", players: int, nb: int) -> Config:
    """What depends on the seats only (players, nb bandits): seats and bandits, numbers from content,
    options."""
    content, opts = game.content, game.options
    cfg = Config()
    cfg.options = opts
    cfg.players = players
    cfg.two_player = is_two_bandit_game(game, players)
    cfg.expert = bool(opts["expert_variant"])
    cfg.nb = nb
    # bandit b belongs to seat b % players, as that seat's bandit number b // players
    cfg.owner = [b % players for b in range(nb)]
    cfg.slot = [b // players for b in range(nb)]
    cfg.seat_bandits = [[b for b in range(nb) if b % players == s] for s in range(players)]
    # bandits in seat order from each first player (a seat's first bandit before its second)
    cfg.bandits_from = [
        sorted(range(nb), key=lambda b: ((cfg.owner[b] - first) % players, cfg.slot[b])) for first in range(players)
    ]
    setup = content.setup
    cfg.hand_size = (setup.two_player.picked_cards + setup.two_player.drawn_cards) if cfg.two_player else setup.hand_size
    cfg.picked_cards = setup.two_player.picked_cards if cfg.two_player else 0
    cfg.draw_count = setup.draw_count
    cfg.draw_empty = opts["empty_deck_draw"] == "pass"  # "draw" stays legal with an empty deck
    cfg.roof_max = setup.roof_move_max
    cfg.jewel_value = content.loot.jewels.value
    cfg.box_value = content.loot.strongboxes.value
    cfg.gunslinger_bonus = setup.gunslinger_bonus
    cfg.hostage_bonus = setup.hostage_bonus
    cfg.start_purse = setup.start_purse
    cfg.rounds = setup.rounds
    cfg.round_cards = list(content.round_cards)
    cfg.neutral_total = content.bullets.neutral
    cfg.bullets_each = content.bullets.per_bandit
    cfg.purse_total = sum(content.loot.purses.all_values())
    cfg.loot_total = (
        cfg.purse_total + content.loot.jewels.count * cfg.jewel_value + content.loot.strongboxes.count * cfg.box_value
    )
    cfg.moves = {d: MoveBy(d) for d in range(-cfg.roof_max, cfg.roof_max + 1) if d}
    cfg.marshals = {-1: MarshalBy(-1), 1: MarshalBy(1)}
    cfg.choose = game.choose_actions
    cfg.start_deck = starting_deck(game, cfg)
    # bot-seat rules (botseat.py): which seats are bot seats, their decks, a flipped bullet
    for option, named in (("bot_seats", game.bot_seats), ("bot_open_seats", game.open_seats)):
        for seat in named:
            if seat >= players:
                raise OptionError(f"colt_express: option {option} names seat {seat + 1}, but a {players}-player game has seats 1-{players}")
    cfg.bot = tuple(s in game.bot_seats for s in range(players))
    # head starts (option head_start): a seat's dollars, counted with its first bandit's loot
    cfg.head = [0] * cfg.nb
    for seat, amount in game.head_starts_for(players).items():
        cfg.head[cfg.seat_bandits[seat][0]] = amount
    # open-hand bot seats (botseat.py): the normal hand rules, the hand face up for everyone
    cfg.open = tuple(s in game.open_seats for s in range(players))
    cfg.flip_again = opts["bot_bullet_flip"] == "flip_again"
    cfg.bot_deck = cfg.start_deck if cfg.two_player else [KINDS.index(k) for k in content.bot_deck.cards()]
    return cfg


def parse_bot_seats(value: Any, option: str = "bot_seats") -> frozenset[int]:
    """Option `bot_seats` or `bot_open_seats` ("2,3", a number, or "" for none) as 0-based seats; one
    clear error otherwise."""
    text = str(value).strip()
    if not text or text.lower() == "none":
        return frozenset()
    seats = set()
    for part in text.replace(" ", ",").split(","):
        if not part:
            continue
        if not part.isdigit() or not 1 <= int(part) <= MAX_PLAYERS:
            raise OptionError(f"colt_express: option {option}={value!r}: expected seat numbers 1-{MAX_PLAYERS}, comma-separated (e.g. 2,3)")
        seats.add(int(part) - 1)
    return frozenset(seats)


def starting_deck(game: "ColtExpressGame", cfg: Config) -> list[int]:
    """One seat's cards at the start: 10 action cards, or the two-player variant's 11-card deck."""
    content = game.content
    if not cfg.two_player:
        return [KINDS.index(c.id) for c in content.action_cards for _ in range(c.count)]
    deck = []
    for slot in range(content.setup.two_player.bandits_per_player):
        deck += [KINDS.index(k) + 6 * slot for k in content.two_player_deck.per_bandit]
    deck += [KINDS.index(k) for k in content.two_player_deck.shared]
    return deck
