"""A scenario's objective: its printed line and its check on a finished game.

Every condition given must hold: the result (win alone, win or share, or none asked), a final score,
a lead over every other player, control of a town (Way Out West) and a cap on bullet cards received
(Colt Express). The check reads only the finished position and its outcome.
"""

from __future__ import annotations

from typing import Any

from ..engine.core import Game, State
from ..schema.scenarios import Objective
from .vocab import Vocabulary, vocabulary
from ..words.scenarios import number_words, say


def problems(objective: Objective, vocab: Vocabulary, game: Game) -> list[tuple[tuple, str]]:
    """Conditions the game's vocabulary does not have, or a town that does not exist."""
    out = []
    for name in ("min_score", "margin", "control", "max_bullets"):
        if getattr(objective, name) is not None and name not in vocab.objective_fields:
            allowed = ", ".join(sorted(vocab.objective_fields)) or "none"
            out.append(((name,), f"{vocab.game} objectives have no {name!r}; conditions are: result, {allowed}"))
    if objective.control is not None and "control" in vocab.objective_fields:
        try:
            vocab.town_name(game, objective.control)
        except KeyError:
            out.append((("control",), f"no town {objective.control!r}"))
    return out


def text(objective: Objective, vocab: Vocabulary, game: Game, lang: str = "en") -> str:
    """One printed line in `lang`, e.g. 'Win with at least $1,500.' or 'Control Dodge City at the end.'
    (the sentence is the language's: templates/<lang>/scenarios.yaml `objective`)."""
    score = vocab.score
    bullets = objective.max_bullets
    return say(
        lang, "objective", result=objective.result,
        min_score=None if objective.min_score is None else score(objective.min_score, lang),
        margin=None if objective.margin is None else score(objective.margin, lang),
        control=None if objective.control is None else vocab.town_name(game, objective.control, lang),
        bullets=bullets, bullets_words=None if bullets is None else number_words(bullets, lang),
    )


def achieved(state: State, seat: int, objective: Objective, vocab: Vocabulary | None = None) -> bool:
    """Whether the finished game in `state` meets the objective for the person at `seat`."""
    vocab = vocab or vocabulary(state.game.name)
    out = state.result()
    if objective.result == "win" and tuple(out.winners) != (seat,):
        return False
    if objective.result == "share" and seat not in out.winners:
        return False
    mine = out.scores[seat]
    if objective.min_score is not None and mine < objective.min_score:
        return False
    if objective.margin is not None:
        others = [s for p, s in enumerate(out.scores) if p != seat]
        if others and mine - max(others) < objective.margin:
            return False
    if objective.control is not None and not vocab.control(state, seat, objective.control):
        return False
    if objective.max_bullets is not None and vocab.bullets(state, seat) > objective.max_bullets:
        return False
    return True


def probe(state: State, seat: int, objective: dict[str, Any]) -> bool:
    """`achieved` for a grading job's final position (module-level, plain arguments: it pickles)."""
    return achieved(state, seat, Objective.model_validate(objective))
