"""Pydantic models for each game's content, one module per game, plus the shared pieces.

Each game module (named by its descriptor's `schema`) defines `Content` (a subclass of
`common.GameContent`) and `check(content) -> list[tuple[tuple, str]]`: cross-file consistency checks
that name the path of the offending value (`common.SchemaModule`). `generator.content` loads YAML and
runs both.
"""
