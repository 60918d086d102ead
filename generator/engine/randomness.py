"""Draws from a `random.Random` that give exactly what its own methods give, with less overhead.

`random.Random.shuffle`, `sample` and `randrange` spend most of their time in Python-level calls
(`_randbelow` per element). The functions here make the same calls to `getrandbits` in the same
order, inline, so a seeded game sets up exactly as before (golden records depend on it); a generator
of another class (which may draw differently) falls back to its own methods. Tests check every
function against the method it replaces over many seeds and sizes.
"""

from __future__ import annotations

import math
import random
from typing import Any, Sequence

_Random = random.Random
_BITS = tuple(n.bit_length() for n in range(1025))  # _BITS[n]: the bits random draws below n with


def randbelow(rng: random.Random, n: int) -> int:
    """`rng.randrange(n)` for n >= 1."""
    if type(rng) is not _Random:
        return rng.randrange(n)
    getrandbits = rng.getrandbits
    k = n.bit_length()
    r = getrandbits(k)
    while r >= n:
        r = getrandbits(k)
    return r


def shuffle(rng: random.Random, x: list) -> None:
    """`rng.shuffle(x)`, in place."""
    n = len(x)
    if type(rng) is not _Random or n >= len(_BITS):
        rng.shuffle(x)
        return
    getrandbits = rng.getrandbits
    for i, k in zip(range(n - 1, 0, -1), _BITS[n:1:-1]):  # swap x[i] with x[j], j drawn below i + 1
        j = getrandbits(k)
        while j > i:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]


def sample(rng: random.Random, population: Sequence[Any], k: int) -> list:
    """`rng.sample(population, k)` (the small-population method; larger ones use `rng.sample`)."""
    n = len(population)
    setsize = 21
    if k > 5:
        setsize += 4 ** math.ceil(math.log(k * 3, 4))  # as random.sample sizes it
    if type(rng) is not _Random or not 0 <= k <= n or n > setsize:
        return rng.sample(population, k)
    getrandbits = rng.getrandbits
    pool = list(population)
    result = [None] * k
    for i in range(k):
        m = n - i
        b = m.bit_length()
        j = getrandbits(b)
        while j >= m:
            j = getrandbits(b)
        result[i] = pool[j]
        pool[j] = pool[m - 1]
    return result


def dice(rng: random.Random, k: int, sides: int = 6) -> list[int]:
    """`[rng.randint(1, sides) for _ in range(k)]`."""
    if type(rng) is not _Random:
        return [rng.randint(1, sides) for _ in range(k)]
    getrandbits = rng.getrandbits
    b = sides.bit_length()
    out = []
    for _ in range(k):
        r = getrandbits(b)
        while r >= sides:
            r = getrandbits(b)
        out.append(r + 1)
    return out
