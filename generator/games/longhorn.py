"""Longhorn: a two-player cattle-rustling duel on a 3x3 range of ranches."""

from ..registry import Bench, Capabilities, GameDescriptor

GAME = GameDescriptor(
    name="longhorn",
    order=1,
    engine="generator.engine.longhorn:LonghornGame",
    schema="generator.schema.longhorn",
    capabilities=Capabilities(exact_solver=True, puzzles=True),
    bench=Bench(players=2, playouts_target=20_000, table_target=2_500),
    features="generator.engine.longhorn.features",
    solver="generator.engine.longhorn.solver",
    drawing="generator.render.longhorn",
    views="generator.referee.views.longhorn",
    words="generator.words.longhorn",
    scenarios="generator.scenarios.longhorn",
    puzzles="generator.scenarios.longhorn_puzzles",
)
