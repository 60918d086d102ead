"""Rules engines: pure Python over typed content; no I/O, no YAML, no rendering."""

from .core import Action, EndReason, Game, Outcome, Record, State, game_class, registered_games

__all__ = ["Action", "EndReason", "Game", "Outcome", "Record", "State", "game_class", "registered_games"]
