"""Longhorn's small-int codes: token kinds and turn phases, with their text ids (used in JSON)."""

from __future__ import annotations

# token kinds
NUGGET, AMBUSH, BRAND, SNAKE, RATTLE, EPIDEMIC, SHERIFF = range(7)
KIND_IDS = ("nugget", "ambush", "branding_iron", "snake_oil", "rattlesnake", "epidemic", "sheriff")
KIND_OF = {k: i for i, k in enumerate(KIND_IDS)}
HELPERS = (SNAKE, BRAND, AMBUSH)  # tokens that only ever help their taker

# phases (who decides what)
START, STEAL, EPIDEMIC_COLOUR, BRAND_CELL, AMBUSH_CHOICE, RATTLE_PLACE, MOVE, OVER = range(8)
PHASE_IDS = ("start", "steal", "epidemic", "brand", "ambush", "rattle", "move", "over")
PHASE_OF = {p: i for i, p in enumerate(PHASE_IDS)}
