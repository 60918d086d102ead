"""Take Away: a fourth game that plugs into Saloon through its descriptor alone (test only).

Two players share a deck of steer cards. On your turn take 1 to 3 cards (option max_take); whoever takes
the last card takes the sheriff's star too and wins. Who starts is drawn from the game's seed.

Everything the game is lives in this package: the engine (engine.py), the content schema (schema.py),
the decision-table vocabulary (features.py), the print kit (drawing.py) and the content (content/).
`GAME` below is its descriptor; tests/house/test_fourth_game.py registers it and takes it out again.
"""

from pathlib import Path

from generator.registry import Bench, Capabilities, GameDescriptor

GAME = GameDescriptor(
    name="takeaway",
    order=99,
    engine="tests.house.takeaway.engine:TakeawayGame",
    schema="tests.house.takeaway.schema",
    capabilities=Capabilities(),
    bench=Bench(players=2),
    features="tests.house.takeaway.features",
    drawing="tests.house.takeaway.drawing",
    content=Path(__file__).resolve().parent / "content",
)
