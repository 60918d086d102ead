"""A scenario's objective: its printed line and its check on a finished game.

Every condition given must hold: the result (win alone, win or share, or none asked), a final score,
a lead over every other player, control of a town (Way Out West) and a cap on bullet cards received
(Colt Express). The check reads only the finished position and its outcome.
"""

from __future__ import annotations

from typing import Any

from ..engine.core import Game, State
from ..schema.scenarios import Objective
from .vocab import Vocabulary, count_words, vocabulary


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


def text(objective: Objective, vocab: Vocabulary, game: Game) -> str:
    """One printed line, e.g. 'Win with at least $1,500.' or 'Control Dodge City at the end.'"""
    score = vocab.score
    won = objective.result != "any"
    parts = []
    if objective.min_score is not None:
        parts.append(f"with at least {score(objective.min_score)}" if won else f"finish with at least {score(objective.min_score)}")
    if objective.margin is not None:
        parts.append(f"by at least {score(objective.margin)}" if won else f"finish at least {score(objective.margin)} ahead of everyone")
    if objective.control is not None:
        town = vocab.town_name(game, objective.control)
        parts.append(f"control {town} at the end (lead its buildings alone)")
    if objective.max_bullets is not None:
        cap = "no bullet card" if objective.max_bullets == 0 else f"at most {count_words(objective.max_bullets, 'bullet card')}"
        parts.append(f"receiving {cap}" if won else f"receive {cap}")
    head = {"win": "Win", "share": "Win or share the win", "any": ""}[objective.result]
    if not parts:
        return head + "."
    joined = " and ".join(parts)
    if not head:
        return joined[0].upper() + joined[1:] + "."
    sep = " and " if objective.control is not None and len(parts) == 1 else " "
    return f"{head}{sep}{joined}."


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
