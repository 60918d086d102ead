"""Pydantic models for each game's content, one module per game, plus the shared pieces.

Each game module defines `Content` (a subclass of `common.GameContent`) and may define
`check(content) -> list[tuple[tuple, str]]`: cross-file consistency checks that name the path of
the offending value. `generator.content` loads YAML and runs both.
"""

SCHEMAS = {
    "longhorn": "generator.schema.longhorn",
    "colt_express": "generator.schema.colt_express",
    "way_out_west": "generator.schema.way_out_west",
}
