"""Take Away's decision-table vocabulary: what a person running the bot counts."""

from __future__ import annotations

from typing import Any

VOCABULARY: dict[str, tuple[str, ...]] = {"takes": ("take",), "leaves_a_multiple": ("take",)}
DEEP: set[str] = set()
HAND_KINDS: frozenset[str] = frozenset()
SCORE_NAME: str | None = None
LEVEL_TARGETS: dict[str, tuple[float, float]] = {}
LEVEL_OPPONENTS: dict[str, tuple[str, ...]] = {}
TUNE_REQUIREMENTS: tuple[dict[str, Any], ...] = ()
groups = None
columns = None
decision = None


def decision_kind(state: Any) -> str:
    return "take"


def evaluate(state: Any, wanted: set[str]) -> list[dict[str, int]]:
    step = state.game.options["max_take"] + 1
    return [{"takes": a.n, "leaves_a_multiple": int((state.left - a.n) % step == 0)} for a in state.legal_actions()]


def tie_order(state: Any, actions: list) -> list[int]:
    return list(range(len(actions)))
