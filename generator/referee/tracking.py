"""What each move means for the people at the table: its narration, and whether it can be undone.

Every move applied by the referee goes through `Tracker.apply`, which records a `Step`:

- the lines told to each person, one event a line, in the order they happened: the move itself
  (`state.describe(action)` before the move), then each entry the engine logged while the move was
  applied, as that person's observation shows them (its `log`: public events and the person's own
  news, never another seat's). In games with hidden information a move by another seat is told only
  when it is public: when no other move, in the real position or in worlds sampled from what that
  person knows (`determinize`), would have left them seeing the same thing, and when the rules do not
  make the choice secret (`View.secret_choice`). Otherwise the view's `hidden_play` sentence is told
  instead (e.g. "plays a card face down").
- a `taint`: why taking this move back would be cheating — the state's random generator was used
  (a roll or a shuffle was made), or the person now sees something they could not have predicted
  (a card drawn or revealed). Undo refuses to go back over a tainted step.
"""

from __future__ import annotations

import random
import re
from typing import Any
from dataclasses import dataclass, field

from .. import registry
from ..engine.core import Action, State
from ..errors import IllegalAction
from .views import View, new_entries

WORLD_SAMPLES = 6  # sampled worlds per check; more samples, fewer missed ambiguities
MAX_ALTERNATIVES = 400  # skip the ambiguity search over very wide move lists (then the move is hidden)


def has_hidden_information(state: State) -> bool:
    """Whether the game hides something from a seat (its descriptor's capabilities.hidden_information)."""
    return registry.descriptor(state.game.name).capabilities.hidden_information


@dataclass
class Line:
    """One line of narration: one event."""

    text: str
    kind: str = "move"  # "move" (the decision), "hidden" (another seat's unseen move), or the log entry's kind
    entry: dict | None = None  # the engine's log entry (data) the line tells, if any
    picture: str | None = None  # shown with the line when play pauses on it (Colt Express: the pile)
    frame: Any = None  # the position as this event leaves it (a State), shown while play pauses on the line


@dataclass
class Step:
    index: int  # position in the history
    seat: int
    notation: str
    told: dict[int, list[Line]] = field(default_factory=dict)  # viewer seat -> what they were told
    omniscient: list[Line] = field(default_factory=list)  # what anybody watching saw (no person at the table)
    taint: str | None = None
    why: str | None = None  # a bot's reason for the move, as its printed sheet words it (kept in the save)


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
        sentence = self.named(self.view.move_line(state, action, self.names))
        before = {v: state.observation(v) for v in self.viewers}
        public_before = None if self.viewers else state.observation(0)
        after_real: dict[int, dict] = {}
        if hidden:
            # what each viewer would see after the move, computed on a copy (before the real move)
            probe = state.clone()
            probe.apply(action)
            after_real = {v: probe.observation(v) for v in self.viewers}
        # a choice the rules make secret is told to the other seats as unseen, even when what follows reveals it
        # (the last seat's placement reveals every seat's: the reveal is told, not the choice beside "secretly")
        public = {v: (not hidden or v == seat or (not self.view.secret_choice(before[v])
                                                  and self._is_public(state, action, v, after_real[v]))) for v in self.viewers}
        predictable = {v: (not hidden or self._is_predictable(state, action, v, after_real[v])) for v in self.viewers}
        rng_before = state.rng.getstate()
        state.keep_frames()
        state.apply(action)
        frames = dict(state.take_frames())
        used_chance = state.rng.getstate() != rng_before
        step = Step(len(state.history) - 1, seat if seat is not None else -1, str(action))
        actor = self.names[seat] if seat is not None and seat < len(self.names) else self.view.T("view.someone")
        for v in self.viewers:
            after = state.observation(v)
            first = Line(sentence) if public[v] else Line(self.view.hidden_play(actor, before[v], after, v), "hidden")
            step.told[v] = self._lines(first, before[v], after, v, frames)
        if public_before is not None:
            # nobody at the table: the move and the public events (no seat's own news)
            after = state.observation(0)
            step.omniscient = self._lines(Line(sentence), public_before, after, None, frames)
        if used_chance:
            step.taint = self.view.T("view.taint_chance", notation=step.notation)
        elif not all(predictable.values()):
            step.taint = self.view.T("view.taint_hidden", notation=step.notation)
        self.steps.append(step)
        return step

    def _lines(self, first: Line, before: dict, after: dict, seat: int | None, frames: dict[int, Any] | None = None) -> list[Line]:
        """The move's line, then one line per logged event, then what the view finds beyond the log."""
        entries = new_entries(before, after)
        if seat is None:
            entries = [e for e in entries if not (isinstance(e, dict) and "to" in e)]
        out = [] if entries and isinstance(entries[0], dict) and entries[0].get("decision") else [first]
        said = _bare(first.text)
        for e in entries:
            text = self.named(self.view.entry_line(e))
            if not text or _bare(text) == said or self.view.skip_entry(e):
                continue  # the move's own sentence already tells it
            if not isinstance(e, dict):  # a plain sentence
                out.append(Line(_stop(text), "event"))
                continue
            key = self.view.frame_of(e)
            frame = frames.get(key) if frames and key is not None else None
            out.append(Line(text, e.get("kind", "event"), e, self.view.picture(e, before, after, seat), frame))
        out += [Line(_stop(self.named(t)), "seen") for t in self.view.events(before, after, seat if seat is not None else 0)]
        return out

    def named(self, sentence: str) -> str:
        """Engines that say "Seat 2" get the seat's name (a bandit, an outlaw) instead."""
        for i, name in enumerate(self.names):
            if name != f"Seat {i + 1}":
                plural = " & " in name  # a seat with two bandits: "Belle & Tuco play", not "plays"
                sentence = re.sub(rf"\bSeat {i + 1}\b( (?:secretly )?)?(\w+)?",
                                  lambda m: name + (m.group(1) or "") + (_plural(m.group(2)) if plural else (m.group(2) or "")),
                                  sentence)
        return sentence

    def truncate(self, length: int) -> None:
        del self.steps[length:]

    def lines(self, step: Step, viewer: int | None) -> list[Line]:
        if viewer is None or viewer not in step.told:
            return step.omniscient
        return step.told[viewer]

    def told(self, step: Step, viewer: int | None) -> str:
        """Everything a step told `viewer`, as one text (lines joined by spaces)."""
        return " ".join(line.text for line in self.lines(step, viewer))

    # --- the two checks (hidden-information games only) ----------------------------------------
    def _worlds(self, state: State, viewer: int) -> list[State]:
        worlds = []
        for _ in range(WORLD_SAMPLES):
            world = state.determinize(viewer, self.rng)
            if hasattr(world, "narrate"):
                world.narrate = True  # sampled worlds keep no log by default: the viewer's log is compared too
            worlds.append(world)
        return worlds

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


def _bare(text: str) -> str:
    return text.strip().rstrip(".!").lower()


def _stop(text: str) -> str:
    text = text.strip()
    return text if text.endswith((".", "!", "?", ")")) else text + "."


_VERBS = {"has": "have", "is": "are", "does": "do"}


def _plural(word: str | None) -> str:
    """The verb after a pair's name in the plural ("plays" -> "play"); other words unchanged."""
    if not word:
        return ""
    if word in _VERBS:
        return _VERBS[word]
    if word.endswith(("plays", "draws", "covers", "picks", "chooses", "puts", "discards", "keeps", "passes")):
        return word[:-2] if word.endswith("passes") else word[:-1]
    return word
