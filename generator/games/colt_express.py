"""Colt Express: 2-6 bandits rob a train, scheming cards face up and face down."""

from ..registry import Bench, Capabilities, GameDescriptor

GAME = GameDescriptor(
    name="colt_express",
    order=2,
    engine="generator.engine.colt_express:ColtExpressGame",
    schema="generator.schema.colt_express",
    capabilities=Capabilities(hidden_information=True, bot_seats=True, puzzles=True),
    bench=Bench(players=4, playouts_target=2_600, table_target=1_000),
    features="generator.engine.colt_express.features",
    drawing="generator.render.colt_express",
    views="generator.referee.views.colt_express",
    words="generator.words.colt_express",
    scenarios="generator.scenarios.colt_express",
    puzzles="generator.scenarios.colt_express_puzzles",
)
