"""The inline draws give exactly what `random.Random`'s own methods give (seeded setups depend on it)."""

from __future__ import annotations

import random

from generator.engine import randomness


def test_shuffle_matches_random_shuffle():
    for seed in range(200):
        for n in (0, 1, 2, 3, 9, 16, 45, 70):
            a, b = random.Random(seed), random.Random(seed)
            x, y = list(range(n)), list(range(n))
            a.shuffle(x)
            randomness.shuffle(b, y)
            assert x == y and a.getstate() == b.getstate()


def test_sample_matches_random_sample():
    for seed in range(200):
        for n, k in ((5, 0), (5, 5), (20, 9), (30, 6), (100, 5), (400, 30)):
            a, b = random.Random(seed), random.Random(seed)
            pop = list(range(n))
            assert a.sample(pop, k) == randomness.sample(b, pop, k)
            assert a.getstate() == b.getstate()


def test_randbelow_matches_randrange():
    for seed in range(100):
        a, b = random.Random(seed), random.Random(seed)
        for n in (1, 2, 3, 7, 8, 100, 1000, 2**40 + 3):
            assert a.randrange(n) == randomness.randbelow(b, n)
        assert a.getstate() == b.getstate()


def test_dice_match_randint():
    for seed in range(100):
        a, b = random.Random(seed), random.Random(seed)
        for k in (0, 1, 3, 8):
            assert [a.randint(1, 6) for _ in range(k)] == randomness.dice(b, k)
        assert a.getstate() == b.getstate()


def test_other_generator_classes_use_their_own_methods():
    class Loaded(random.Random):
        def random(self):
            return 0.0

    a, b = Loaded(1), Loaded(1)
    x, y = list(range(10)), list(range(10))
    a.shuffle(x)
    randomness.shuffle(b, y)
    assert x == y
    assert randomness.dice(Loaded(3), 4) == [1, 1, 1, 1]  # its random() always gives the lowest face
