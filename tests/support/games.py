"""The built-in games, as the registry lists them (tests parametrize over them)."""

from generator import registry

GAMES = tuple(registry.names())
