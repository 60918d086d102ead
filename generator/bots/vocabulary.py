"""What a game's decision-table vocabulary provides (its descriptor's `features` module).

Features are pure functions of what the bot's seat may see (engine/<game>/features.py); their printed
texts are content. The table bot (bots/table.py), tuning (tables/tune.py) and the bot sheets read a
vocabulary only through this Protocol.
"""

from __future__ import annotations

from typing import Any, Callable, Protocol, Sequence

from .. import registry
from ..engine.core import State
from ..errors import UsageError


class FeatureVocabulary(Protocol):
    """A game's decision-table vocabulary.

    - `VOCABULARY`: feature name -> the decision kinds it may be asked at;
    - `DEEP`: the look-ahead features (counted only when a table asks for them);
    - `HAND_KINDS`: decision kinds only a seat with a hand meets (a flipping bot seat never does);
    - `SCORE_NAME`: what `tables eval` prints the mean of beside the win rates (None: no mean);
    - `LEVEL_TARGETS`: per level, the (random, greedy) rewards `tables tune` aims at, where not the default;
    - `LEVEL_OPPONENTS`: per level, the opponents it is tuned against, where not the default;
    - `TUNE_REQUIREMENTS`: what every tuned table must do (tables/tune.py `Requirement` fields);
    - `decision_kind(state)`, `evaluate(state, wanted, ...)` (one dict of feature values per candidate,
      in `legal_actions()` order) and `tie_order(state, actions)` (each candidate's printed place);
    - `groups(state, actions)`: for a decision in two steps, the groups of candidates (each group's
      kind and its actions' indices), None for one step; None: every decision is in one step;
    - `columns(state, actions)`: lazy feature columns of the decision in hand (None: rows serve);
    - `decision(state)`: legal actions, kind, lazy columns and tie order in one call (None: four calls);
    - `step_columns(state, kind, groups=, subset=)`: for a decision in two steps, lazy columns of one step
      (None: cut from `columns`).
    """

    VOCABULARY: dict[str, tuple[str, ...]]
    DEEP: set[str]
    HAND_KINDS: frozenset[str]
    SCORE_NAME: str | None
    LEVEL_TARGETS: dict[str, tuple[float, float]]
    LEVEL_OPPONENTS: dict[str, tuple[str, ...]]
    TUNE_REQUIREMENTS: tuple[dict[str, Any], ...]
    evaluate: Callable[..., list[dict[str, int]]]
    groups: Callable[[Any, list], tuple[list[str], list[list[int]]] | None] | None
    columns: Callable[[Any, list], Any] | None
    decision: Callable[[Any], tuple] | None
    step_columns: Callable[..., Any] | None

    def decision_kind(self, state: State) -> str: ...

    def tie_order(self, state: State, actions: list) -> Sequence[int]: ...


def vocabulary(game: str) -> FeatureVocabulary:
    """The decision-table vocabulary of `game` (a UsageError when it has none: no table bot plays it)."""
    if not registry.has(game, "features"):
        raise UsageError(f"{game} has no decision-table vocabulary yet; the table bot cannot play it")
    vocab: FeatureVocabulary = registry.plugin(game, "features")
    return vocab
