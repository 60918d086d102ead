"""Saloon: print-and-play kits, solo bots and a terminal referee for western board games."""

__version__ = "0.1.0"
