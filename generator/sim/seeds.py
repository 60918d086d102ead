"""The seeds of a run: game i of a run with seed S is dealt with `game_seed(S, i)`, and each bot's
generator is seeded from that game seed and its seat (`bot_seed`), so a run gives the same results
whether it uses one process or many."""

import random


def game_seed(seed: int, index: int) -> int:
    return random.Random(f"saloon/{seed}/{index}").getrandbits(48)


def bot_seed(seed: int, seat: int) -> int:
    return random.Random(f"saloon-bot/{seed}/{seat}").getrandbits(48)
