"""Views draw one seat's observation with rich; one module per game, a generic fallback for others.

A view only ever sees `state.observation(seat)` (a JSON-ready dict), never the state itself, so it
cannot show anything the seat may not know. Hooks beyond drawing have safe defaults:

- `seat_names(obs)`: names of the seats (outlaws, bandits, colours) or None for "Seat 1", ...
- `entry_line(entry)`: the line told for one entry of the engine's log (default: its `text`);
  `skip_entry(entry)`: true for entries the move's own sentence already tells;
  `picture(entry, before, after, seat)`: a picture shown with the line when play pauses on it.
- `events(before, after, seat)`: sentences for what the seat sees happen beyond the engine's log,
  found by comparing its observation before and after a move (none by default).
- `rules_help(obs)`: the rules in force (under the game's options), printed after the prompt help.
- `hidden_play(actor_name, before, after, seat)`: the sentence told to `seat` when another seat's
  move cannot be told apart from other moves (a face-down card): it must not name the move.
- `compact(obs, seat)`: the board in a form that fits an 80x24 screen beside the panes of the
  full-screen table (default: `draw`), `compact_forms(obs, seat)` tighter ones after it for when it
  is too tall; `scores_now(obs, seat, names)`: the scores a seat can know
  so far, one short text per seat (none by default), for the table's status line.
- `move_line(state, action, names)`: the sentence told for a move (default: the engine's English
  `describe`); a game's view says it in its language from the move's data (words/<game>_talk.py).

A view speaks one language (`lang`, given when it is made): its words are `self.T`, the referee's text
file templates/<lang>/referee.yaml, whose English reads as the views always did.
"""

from __future__ import annotations

from typing import Any

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.measure import Measurement
from rich.text import Text
from rich.pretty import Pretty
from rich.panel import Panel

from ... import registry
from ...words.text import Texts

LOG_KEYS = ("log", "events", "public_log")


class Fit:
    """One line said the roomiest way that fits the width it is laid out at (a pane, a status bar): the
    first of `forms` no wider than the width; when none is, the last one's pieces (`pieces`, joined by
    `sep`) wrapped between pieces and the later lines indented by `indent`, never cut. The first piece
    is a label with its own spacing (no `sep` after it) unless `label` is false."""

    def __init__(self, forms: list[Text], pieces: list[Text] | None = None, sep: str = " · ", indent: str = "  ",
                 label: bool = True):
        self.forms, self.pieces, self.sep, self.indent, self.label = forms, pieces, sep, indent, label

    def lines(self, width: int) -> list[Text]:
        for form in self.forms:
            if form.cell_len <= width:
                return [form]
        if not self.pieces:
            last = self.forms[-1].copy()
            last.truncate(width, overflow="ellipsis")
            return [last]
        lines: list[Text] = []
        for i, piece in enumerate(self.pieces):  # the first piece leads (a label): no separator after it
            gap = self.sep if i > 1 or not self.label else ""
            if not lines:
                lines.append(piece.copy())
            elif lines[-1].cell_len + cell_len(gap) + piece.cell_len > width:
                lines.append(Text(self.indent) + piece)
            else:
                lines[-1].append(gap, style="dim")
                lines[-1].append_text(piece)
        for line in lines:
            line.truncate(width, overflow="ellipsis")
        return lines

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for line in self.lines(options.max_width):
            line.no_wrap, line.end = True, "\n"
            yield line

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement(min(8, options.max_width), max(f.cell_len for f in self.forms))


class Roomiest:
    """The first of `forms` (any renderables: a table, a group) that fits the width it is laid out at, else
    the last one (the form that always fits): a block said the roomiest way it can, never cut by a table
    squeezing its columns. A form fits when its natural width does (lines that must not wrap), or with
    `least`, when its narrowest layout does (a table whose cells wrap between words, never cut)."""

    def __init__(self, *forms: RenderableType, least: bool = False):
        self.forms, self.least = forms, least

    def pick(self, console: Console, options: ConsoleOptions) -> RenderableType:
        roomy = options.update_width(4096)  # the natural width (a table measured at the width it is given says no more)
        for form in self.forms[:-1]:
            measured = Measurement.get(console, roomy, form)
            if (measured.minimum if self.least else measured.maximum) <= options.max_width:
                return form
        return self.forms[-1]

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield self.pick(console, options)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, self.pick(console, options))


def nice(name: Any) -> str:
    """`nugget_hill` -> `Nugget Hill` (ids from content shown as words)."""
    text = str(name).replace("_", " ").strip()
    return " ".join(w[:1].upper() + w[1:] for w in text.split())


class View:
    """Generic fallback: the observation as a pretty-printed tree.

    `content` is the game's content (public: it is what is printed on the components), so views
    may take names from it; it may be None.
    """

    title = "position"
    round_word = "round"  # what round_of counts (Longhorn counts turns)
    pauses = False  # whether play waits for Enter on some lines (`picture`), so `fast` means something

    def __init__(self, content: Any = None, lang: str = "en"):
        self.content = content
        self.lang = lang
        self.T = Texts(lang, "referee")
        self.round_word = self.T(f"view.round_words.{type(self).round_word}")  # in this view's language
        self.spectator = False  # an all-bot game: nobody is "you"

    def is_you(self, player: int, seat: int | None) -> bool:
        """Whether `player` is the person the picture is drawn for (marked "(you)")."""
        return not self.spectator and player == seat

    def draw(self, obs: dict, seat: int) -> RenderableType:
        return Panel(Pretty(obs, expand_all=False, max_length=30), title=self.T("view.what_seat_sees", title=self.title, n=seat + 1),
                     expand=False)

    def seat_names(self, obs: dict) -> list[str] | None:
        return None

    def events(self, before: dict, after: dict, seat: int) -> list[str]:
        return []

    def entry_line(self, entry: Any) -> str:
        return _entry_text(entry)

    def skip_entry(self, entry: Any) -> bool:
        return False

    def picture(self, entry: dict, before: dict, after: dict, seat: int | None) -> str | None:
        return None

    def frame_of(self, entry: dict) -> int | None:
        """Which of the positions the engine kept during a move (State.take_frames) follows this log entry:
        the board shown while play pauses on its line; None: the board after the whole move."""
        return None

    def hidden_play(self, actor: str, before: dict, after: dict, seat: int) -> str:
        return self.T("view.hidden_move", actor=actor)

    def secret_choice(self, before: dict) -> bool:
        """Whether the decision at hand (`before`: a seat's observation) is one the rules make secret from the
        other seats: they are told `hidden_play`, even when the move reveals it at once (a reveal of every
        seat's choice the move completes is told by its own line)."""
        return False

    def move_line(self, state: Any, action: Any, names: list[str]) -> str:
        """The sentence told for `action` about to be played in `state` (seats named by `names`)."""
        return state.describe(action)

    # --- the choices at the prompt ---------------------------------------------------------------
    def choice_notes(self, obs: dict, seat: int, notations: list[str]) -> list[str | None] | None:
        """What each legal action does, told from what the seat knows; None (for all, or for one):
        the referee uses the engine's sentence (in games without hidden information)."""
        return None

    def choice_group(self, obs: dict, notation: str) -> str:
        """The group an action is listed under when the list is long (default: its first word)."""
        return notation.split()[0] if notation.split() else notation

    def group_labels(self, obs: dict) -> dict[str, str]:
        """A short description per group (e.g. an action box with its cost)."""
        return {}

    # --- the end ------------------------------------------------------------------------------------
    def score_table(self, sheet: list[dict], names: list[str]) -> RenderableType | None:
        """The final scores broken down (from the engine's `score_sheet()`); None: no breakdown."""
        return None

    def secrets(self, obs: dict, seat: int) -> list[str]:
        """What only this seat knows (its hand, its purses' values), for a finished game's replay."""
        return []

    def end_reason(self, reason: str) -> str:
        """Why the game ended (an `EndReason` value) in words."""
        reasons = self.T.raw("view.end_reasons")
        return str(reasons[reason]) if isinstance(reasons, dict) and reason in reasons else reason.replace("_", " ")

    def outcome_detail(self, detail: str) -> str:
        """The engine's outcome detail ("highest VP, shared") in this view's language (as it is in English)."""
        details = self.T.raw("view.outcome_details")
        return str(details[detail]) if isinstance(details, dict) and details.get(detail) else detail

    def score_text(self, value: float) -> str:
        """A score as the game counts it ("$2,300", "14 VP")."""
        return f"{value:,.0f}"

    def round_of(self, obs: dict) -> int | None:
        """The round a position is in (for the replay's jump), if the game counts rounds."""
        value = obs.get("round")
        return value if isinstance(value, int) else None

    def rules_help(self, obs: dict) -> str:
        """Rules in force under the game's options, shown after the prompt help; empty by default."""
        return ""

    def status(self, obs: dict, seat: int) -> str:
        """One line under the picture (round, phase); empty by default."""
        return ""

    # --- the full-screen table ------------------------------------------------------------------
    def compact(self, obs: dict, seat: int) -> RenderableType:
        """The board in at most about 13 lines of 80 columns (the full-screen table's small form)."""
        return self.draw(obs, seat)

    def scores_now(self, obs: dict, seat: int, names: list[str]) -> list[str] | None:
        """What each seat's score is as far as `seat` knows ("$1,700", "3 purses + $1,000"); None: unknown."""
        return None

    def compact_forms(self, obs: dict, seat: int) -> list[RenderableType]:
        """The compact board's forms, roomiest first: the table shows the first that fits its rows (a game
        whose compact board can run long gives tighter ones after it, shorter but never cut)."""
        return [self.compact(obs, seat)]


def log_entries(obs: dict) -> list:
    """The public log of an observation as it stands (`log`, `events` or `public_log`)."""
    for key in LOG_KEYS:
        if isinstance(obs.get(key), list):
            return obs[key]
    return []


def new_entries(before: dict, after: dict) -> list:
    """The entries a move added to the public log of an observation (`log`, `events` or `public_log`)."""
    for key in LOG_KEYS:
        old, new = before.get(key), after.get(key)
        if isinstance(old, list) and isinstance(new, list) and len(new) > len(old) and new[: len(old)] == old:
            return new[len(old):]
    return []


def _entry_text(entry: Any) -> str:
    if isinstance(entry, str):
        return entry
    if isinstance(entry, dict):
        for key in ("text", "message", "event", "description"):
            if isinstance(entry.get(key), str):
                return entry[key]
        return ", ".join(f"{k}: {v}" for k, v in entry.items())
    return str(entry)


def get_view(game: str, content: Any = None, lang: str = "en") -> View:
    """The view the game's descriptor names (its module's `VIEW_CLASS`), speaking `lang`; the generic
    view for a game without one."""
    if not registry.has(game, "views"):
        return View(content, lang)
    view: View = registry.plugin(game, "views").VIEW_CLASS(content, lang)
    return view


def minus(a: list, b: list) -> list:
    """The items of `a` left after taking away one of each item of `b` (a multiset difference, in `a`'s order)."""
    rest = list(b)
    out = []
    for x in a:
        if x in rest:
            rest.remove(x)
        else:
            out.append(x)
    return out
