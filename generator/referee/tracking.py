"""What each move means for the people at the table: its narration, and whether it can be undone.

Every move applied by the referee goes through `Tracker.apply`, which records a `Step`:

- the sentence told to each person (`state.describe(action)` before the move, followed by the
  chance outcomes and draws they saw happen). In games with hidden information a move by another
  seat is told only when it is public: when no other move, in the real position or in worlds
  sampled from what that person knows (`determinize`), would have left them seeing the same thing.
  Otherwise the view's `hidden_play` sentence is told instead (e.g. "plays a card face down").
- a `taint`: why taking this move back would be cheating — the state's random generator was used
  (a roll or a shuffle was made), or the person now sees something they could not have predicted
  (a card drawn or revealed). Undo refuses to go back over a tainted step.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field

from ..engine.core import Action, State
from ..errors import IllegalAction
from .views import View

WORLD_SAMPLES = 6  # sampled worlds per check; more samples, fewer missed ambiguities
MAX_ALTERNATIVES = 400  # skip the ambiguity search over very wide move lists (then the move is hidden)


def has_hidden_information(state: State) -> bool:
    """A game hides something when its State overrides `determinize`."""
    return type(state).determinize is not State.determinize


@dataclass
class Step:
    index: int  # position in the history
    seat: int
    notation: str
    told: dict[int, str] = field(default_factory=dict)  # viewer seat -> what they were told
    omniscient: str = ""  # the full narration (used when no person sits at the table)
    taint: str | None = None


class Tracker:
    """Applies moves to a state and remembers, per move, what each viewer saw."""

    def __init__(self, viewers: list[int], view: View, names: list[str], check_seed: int = 0):
        self.viewers = list(viewers)
        self.view = view
        self.names = names
        self.rng = random.Random(f"saloon-referee/{check_seed}")
        self.steps: list[Step] = []

    def apply(self, state: State, action: Action) -> Step:
        seat = state.current_player
        hidden = has_hidden_information(state)
        sentence = self._named(state.describe(action))
        before = {v: state.observation(v) for v in self.viewers}
        obs0_before = state.observation(0) if not self.viewers else None
        after_real: dict[int, dict] = {}
        if hidden:
            # what each viewer would see after the move, computed on a copy (before the real move)
            probe = state.clone()
            probe.apply(action)
            after_real = {v: probe.observation(v) for v in self.viewers}
        public = {v: (not hidden or v == seat or self._is_public(state, action, v, after_real[v])) for v in self.viewers}
        predictable = {v: (not hidden or self._is_predictable(state, action, v, after_real[v])) for v in self.viewers}
        rng_before = state.rng.getstate()
        state.apply(action)
        used_chance = state.rng.getstate() != rng_before
        step = Step(len(state.history) - 1, seat if seat is not None else -1, str(action), omniscient=sentence)
        actor = self.names[seat] if seat is not None and seat < len(self.names) else "Someone"
        for v in self.viewers:
            after = state.observation(v)
            told = sentence if public[v] else self.view.hidden_play(actor, before[v], after, v)
            extra = self.view.events(before[v], after, v)
            step.told[v] = _join(told, extra)
        if not self.viewers and seat is not None:
            # nobody at the table: tell everything, with what seat 1 saw happen by chance
            extra = self.view.events(obs0_before, state.observation(0), 0)
            if extra:
                step.omniscient = _join(sentence, extra)
        if used_chance:
            step.taint = f"'{step.notation}' used chance (a roll, a shuffle or a random pick) whose result you have seen"
        elif not all(predictable.values()):
            step.taint = f"'{step.notation}' showed you something that was hidden before"
        self.steps.append(step)
        return step

    def _named(self, sentence: str) -> str:
        """Engines that say "Seat 2" get the seat's name (a bandit, an outlaw) instead."""
        for i, name in enumerate(self.names):
            if name != f"Seat {i + 1}":
                sentence = re.sub(rf"\bSeat {i + 1}\b", name, sentence)
        return sentence

    def truncate(self, length: int) -> None:
        del self.steps[length:]

    def told(self, step: Step, viewer: int | None) -> str:
        if viewer is None or viewer not in step.told:
            return step.omniscient
        return step.told[viewer]

    # --- the two checks (hidden-information games only) ----------------------------------------
    def _worlds(self, state: State, viewer: int) -> list[State]:
        return [state.determinize(viewer, self.rng) for _ in range(WORLD_SAMPLES)]

    def _is_public(self, state: State, action: Action, viewer: int, after: dict) -> bool:
        """No other move (real position or a sampled world) would have shown `viewer` the same thing."""
        notation = str(action)
        positions = [state, *self._worlds(state, viewer)]
        for pos in positions:
            legal = pos.legal_actions()
            if len(legal) > MAX_ALTERNATIVES:
                return False
            for other in legal:
                if str(other) == notation:
                    continue
                probe = pos.clone()
                probe.apply(other)
                if probe.observation(viewer) == after:
                    return False
        return True

    def _is_predictable(self, state: State, action: Action, viewer: int, after: dict) -> bool:
        """Every world consistent with what `viewer` knew shows them the same thing after the move."""
        notation = str(action)
        for world in self._worlds(state, viewer):
            try:
                move = world.parse(notation)
            except IllegalAction:
                return False  # the move itself tells the viewer something about hidden cards
            world.apply(move)
            if world.observation(viewer) != after:
                return False
        return True


def _join(sentence: str, extra: list[str]) -> str:
    """One line: the move's sentence, then what was seen to happen, each ending in a full stop."""
    parts = [sentence, *extra]
    return " ".join(p if p.endswith((".", "!", "?")) else p + "." for p in parts if p)
