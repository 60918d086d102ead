"""Rules engines: pure Python over typed content; no I/O, no YAML, no rendering."""

from .core import Action, EndReason, Game, Outcome, Record, State

__all__ = ["Action", "EndReason", "Game", "Outcome", "Record", "State"]
