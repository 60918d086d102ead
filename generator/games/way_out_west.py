"""Way Out West: 3-5 players bid for turn order, buy cattle, build towns and fight for them."""

from ..registry import Bench, Capabilities, GameDescriptor

GAME = GameDescriptor(
    name="way_out_west",
    order=3,
    engine="generator.engine.way_out_west:WayOutWestGame",
    schema="generator.schema.way_out_west",
    capabilities=Capabilities(puzzles=True),
    bench=Bench(players=4, playouts_target=1_500, table_target=300),
    features="generator.engine.way_out_west.features",
    drawing="generator.render.way_out_west",
    views="generator.referee.views.way_out_west",
    words="generator.words.way_out_west",
    scenarios="generator.scenarios.way_out_west",
    puzzles="generator.scenarios.way_out_west_puzzles",
)
