"""Draws from a `random.Random` that give exactly what its own methods give, with less overhead, and
a State's generator shared copy-on-write with its clones (`SharedGenerator`).

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
    k = _BITS[n] if n < 1025 else n.bit_length()
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
        b = _BITS[m] if m < 1025 else m.bit_length()
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


# --- chance events drawn whole --------------------------------------------------------------------
# A generator with a `chance(weights)` method (the exact search's scripted one: scenarios/exact.py)
# is asked for a handful of dice as one event: which of the outcomes listed, each with its exact
# chance. A `random.Random` has no such method: it rolls the dice face by face, the same draws as
# `dice`, so seeded games stay what they were.


def binomial(k: int, good: int, sides: int = 6) -> tuple[float, ...]:
    """The chance that exactly h of k dice show one of `good` faces (of `sides`), for h = 0..k."""
    bad = sides - good
    whole = sides ** k
    return tuple(math.comb(k, h) * good ** h * bad ** (k - h) / whole for h in range(k + 1))


def sums(k: int, sides: int = 6) -> tuple[float, ...]:
    """The chance that k dice add up to k + i, for i = 0..k * (sides - 1)."""
    ways = [1]
    for _ in range(k):
        new = [0] * (len(ways) + sides - 1)
        for i, w in enumerate(ways):
            for f in range(sides):
                new[i + f] += w
        ways = new
    whole = sides ** k
    return tuple(w / whole for w in ways)


def hits(rng: Any, k: int, hit_on: Any, sides: int = 6) -> tuple[list[int] | None, int]:
    """How many of k dice show a face in `hit_on`: (the faces, the count) rolled face by face, or
    (None, the count) drawn as one event from a generator that draws chance events whole."""
    whole = getattr(rng, "chance", None)
    if whole is None:
        rolls = dice(rng, k, sides)
        return rolls, sum(map(hit_on.__contains__, rolls))
    return None, whole(binomial(k, sum(1 for f in range(1, sides + 1) if f in hit_on), sides))


def total(rng: Any, k: int, sides: int = 6) -> tuple[list[int] | None, int]:
    """What k dice add up to: (the faces, the sum) rolled face by face, or (None, the sum) drawn as
    one event from a generator that draws chance events whole."""
    whole = getattr(rng, "chance", None)
    if whole is None:
        rolls = dice(rng, k, sides)
        return rolls, sum(rolls)
    return None, k + whole(sums(k, sides))


class SharedGenerator:
    """Mixin of a State: its generator (`rng`) shared copy-on-write with its clones.

    `clone()` hands the same generator object to both states (`_share_rng`) and marks neither as its
    owner; the first to draw copies it (`_own_rng`). That is only sound while no one outside holds
    the object: once the generator has been handed out (read through `rng` or set from outside,
    `_rng_out`), a draw through that outside reference would reach every state still sharing it, so
    a clone then gets its own copy at once instead. A reseeded state (`reseed`: a sampled world of
    `determinize`) holds only the seed (an int in `_rng`) and makes the generator at its first draw:
    most sampled worlds of a search never draw, and copying or seeding a generator costs microseconds.
    Rules draw through `_own_rng()`, never through `rng`.
    """

    __slots__ = ()

    def _own_rng(self) -> random.Random:
        """The state's generator for its own draws, copied first if it is still shared with a clone."""
        r = self._rng
        if type(r) is int:  # a seed: make the generator now
            r = self._rng = _Random(r)
            self._rng_owned = True
        elif not self._rng_owned:
            own = _Random.__new__(_Random)
            own.setstate(r.getstate())
            r = self._rng = own
            self._rng_owned = True
        return r

    @property
    def rng(self) -> random.Random:
        """The state's own generator (handed out: later clones copy it rather than share it)."""
        r = self._own_rng()
        self._rng_out = True
        return r

    @rng.setter
    def rng(self, value: random.Random) -> None:
        self._rng = value
        self._rng_owned = True
        self._rng_out = True  # the caller may keep drawing from it

    def _share_rng(self, s: "SharedGenerator") -> None:
        """Give the clone `s` this state's generator: shared copy-on-write, or a copy if handed out."""
        if self._rng_out:
            own = _Random.__new__(_Random)
            own.setstate(self._rng.getstate())
            s._rng = own
            s._rng_owned = True
        else:
            s._rng = self._rng  # a seed (an int) is shared as it is: each side makes its own generator
            s._rng_owned = self._rng_owned = False
        s._rng_out = False

    def reseed(self, seed: int) -> None:
        """A fresh generator from `seed`, made only if this state ever draws."""
        self._rng = seed
        self._rng_owned = True
        self._rng_out = False
