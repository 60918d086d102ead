"""Playing a scenario or a puzzle on screen: the referee from the scenario's start, the objective
checked at the end ("scenario won" / "scenario lost"), the result recorded in the progress file.

A scenario's save file carries where the scenario came from (`extra.scenario`) and how many of the
record's moves are the setup's opening moves, so `saloon play --resume` and `saloon replay` start
from the scenario's position rather than a fresh deal.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from rich.console import Console
from rich.markup import escape

from .. import registry
from ..content import load_content
from ..errors import RecordError
from ..scenarios.campaign import chapter_scenario, find_campaign
from ..schema.common import GameContent
from ..engine.core import Game, State
from ..player_data import saves_dir
from . import saves
from .loop import Referee, RunResult
from .table import run_table
from ..schema.scenarios import Puzzle, Scenario
from ..scenarios import objective, progress, store
from ..scenarios.generate import deal_numbers, title_of
from ..words.book import BookWords
from ..words.game import PuzzleWords, puzzle_heading
from ..scenarios.setup import context, puzzle_game, puzzle_state, start_of, turning_facts
from ..scenarios.vocab import vocabulary
from ..words.scenarios import bot_words, say

InputFn = Callable[[str], str]


class ScenarioReferee(Referee):
    """The referee, saving where its scenario came from with every save, and the hints asked so far; its
    hints estimate the scenario's objective (`goal`), not only the win."""

    def __init__(self, *args: Any, extra: dict, goal: Callable[[State], bool] | None = None, **kwargs: Any):
        self.extra = dict(extra)
        self._goal = goal
        super().__init__(*args, **kwargs)
        hints = self.extra.get("hints", 0)
        self.hints = hints if type(hints) is int and 0 <= hints <= 10**6 else 0

    def goal(self) -> Callable[[State], bool] | None:
        return self._goal

    def current_save(self) -> saves.Save:
        save = super().current_save()
        save.extra = {**{k: v for k, v in self.extra.items() if k != "reasons"}, **save.extra, "hints": self.hints}
        return save


def objective_goal(game: str, entry: Scenario | Puzzle, seat: int) -> Callable[[State], bool] | None:
    """What a scenario's hints aim at: whether a finished game meets its objective (a puzzle: None, the win)."""
    if isinstance(entry, Puzzle):
        return None
    vocab = vocabulary(game)
    return lambda state: objective.achieved(state, seat, entry.objective, vocab)


def entry_title(game: str, g: Game, entry: Scenario | Puzzle, state: State, lang: str = "en") -> str:
    """The title in `lang`: the stored one in English, else composed from the entry's data (a
    scenario's twists, objective and bots; the puzzle's outlaw to play)."""
    if lang == "en":
        return entry.title
    if isinstance(entry, Puzzle):
        words: PuzzleWords = registry.plugin(game, "words")
        return puzzle_heading(words, entry, g, state, lang)
    siblings = [e for _, e in store.entries(g.content)]
    return title_of(entry, vocabulary(game), g, lang, limit=None, deal=deal_numbers(siblings, vocabulary(game), g).get(entry.id, 0))


def describe(game: str, g: Game, entry: Scenario | Puzzle, state: State, lang: str = "en") -> list[str]:
    """The lines told before play: title, objective, twists, seats, measured difficulty."""
    def pct(x: float) -> str:
        return say(lang, "play.percent", n=f"{x:.0%}"[:-1])  # as Python rounds a percentage

    stars = "*" * entry.stars if entry.stars else ""
    heading = say(lang, "play.heading", id=escape(entry.id), title=escape(entry_title(game, g, entry, state, lang)), stars=stars)
    if isinstance(entry, Puzzle):
        puzzle_words: PuzzleWords = registry.plugin(game, "words")
        names = puzzle_words.puzzle_seat_names(g, lang, state)
        me = state.current_player
        others = [escape(n) for i, n in enumerate(names) if i != me]
        if entry.seats:  # the printed bots defend; everything on the table is told, as the book prints it
            table = [escape(line) for line in puzzle_words.puzzle_lines(g, state, BookWords(game, lang))]
            other = say(lang, "title.bots_and").join(others)
            own = puzzle_words.puzzle_intro(lang, names[me], other, entry.turns, entry.chance is not None)
            if own is not None:  # the game's own words for its puzzles
                return [heading, escape(own), *table]
            ask = [say(lang, "play.puzzle_chance")] if entry.chance is not None else []
            return [heading, say(lang, "play.puzzle_bots", me=escape(names[me]), other=other, turns=entry.turns), *ask, *table]
        ask = "play.puzzle_hold" if entry.goal == "not_lose" else "play.puzzle"
        return [heading, say(lang, ask, me=escape(names[me]), other=others[0], turns=entry.turns)]
    vocab = vocabulary(game)
    ctx = context(g, entry, lang)
    names = vocab.seat_names(ctx)
    lines = [heading]
    if entry.turning_point is not None:  # in the middle of a game: the situation, and the whole position as the book prints it
        lines.append(say(lang, "play.turning", text=escape(say(lang, f"turning.briefing.{game}", **turning_facts(g, entry, lang)))))
        words: PuzzleWords = registry.plugin(game, "words")
        lines += [escape(line) for line in words.turning_lines(g, state, BookWords(game, lang))]
    lines.append(say(lang, "play.objective", text=escape(objective.text(entry.objective, vocab, g, lang))))
    lines += [say(lang, "play.twist", text=escape(vocab.spec(t.kind).text(t, ctx))) for t in entry.twists]
    seats = ", ".join(say(lang, "play.seat", name=names[i], label=bot_words(s, lang)) for i, s in enumerate(entry.seats))
    lines.append(say(lang, "play.seats", seats=escape(seats)))
    if entry.graded is not None:
        gr = entry.graded
        lines.append(say(lang, "play.measured", proxy=escape(bot_words(gr.proxy, lang)), wins=gr.wins, games=gr.games,
                         rate=pct(gr.win_rate), low=pct(gr.low), high=pct(gr.high)))
    return lines


def say_solution(game: str, entry: Puzzle, state: State, console: Console, lang: str) -> None:
    """The puzzle's solution told move by move as the book tells it (each move in words with its notation,
    what the dice did, the final score), from the puzzle's position."""
    g = puzzle_game(state.game.content, entry)
    words: PuzzleWords = registry.plugin(game, "words")
    console.print(say(lang, "play.solution_steps"), soft_wrap=True)
    for step in words.solution_steps(entry, g, puzzle_state(g, entry), BookWords(game, lang)):
        console.print("  " + escape(step), soft_wrap=True)


def _percent(x: float) -> str:
    """A chance as a whole percentage (0.7214: '72')."""
    return f"{x:.0%}"[:-1]


def judge(game: str, entry: Scenario | Puzzle, state: State, seat: int, console: Console, progress_path: Path | None,
          lang: str = "en", hints: int = 0, record: bool = True) -> bool:
    """Say whether the finished game met the objective (or solved the puzzle) and record it (a win with
    hints is recorded as such: it earns no stars)."""
    if isinstance(entry, Puzzle):
        first = state.history[0] if state.history else None  # (the puzzle's position starts the record)
        right_first = first is not None and str(first) == entry.solution[0]
        won = right_first and tuple(state.result().winners) == (seat,)
        if entry.goal == "not_lose":  # the only defence: a draw or a win after the one first turn that holds
            won = right_first and seat in state.result().winners
        if entry.chance is not None:  # a best-chance puzzle: the first choice is what is asked; the dice do the rest
            won = right_first
            game_won = tuple(state.result().winners) == (seat,)  # the dice's part after the right choice; the choice's after another
            told = ("play.chance_won" if game_won else "play.chance_lost") if won else \
                ("play.chance_won_anyway" if game_won else "play.chance_lost_anyway")
            ahead = dict(best=_percent(entry.chance.best), next=_percent(entry.chance.next), game=say(lang, told))
            console.print(say(lang, "play.chance_solved" if won else "play.chance_failed", **ahead), soft_wrap=True)
            if not won:
                say_solution(game, entry, state, console, lang)
        elif won:
            console.print(say(lang, "play.puzzle_held" if entry.goal == "not_lose" else "play.puzzle_solved"))
        else:  # a lucky die can give a win after another first card: the puzzle asks for the sure one
            if entry.goal == "not_lose":
                console.print(say(lang, "play.puzzle_not_held"))
            else:
                console.print(say(lang, "play.puzzle_failed" if right_first or tuple(state.result().winners) != (seat,)
                                  else "play.puzzle_first"))
            say_solution(game, entry, state, console, lang)
        stars = entry.stars
    else:
        vocab = vocabulary(game)
        line = objective.text(entry.objective, vocab, state.game, lang)
        won = objective.achieved(state, seat, entry.objective, vocab)
        console.print(say(lang, "play.won" if won else "play.lost", text=escape(line)))
        stars = entry.stars or 1
    if won and hints:
        console.print(say(lang, "play.hinted", n=hints))
    if not record:
        return won
    after = progress.record(game, entry.id, won, stars, progress_path, hinted=hints > 0)
    console.print(say(lang, "play.record", id=escape(entry.id), wins=after.wins, played=after.attempts, stars=after.stars,
                      game=game), soft_wrap=True)
    return won


def run_scenario(game: str | None, ref: str, save_dir: Path | None = None, *, input_fn: InputFn,
                 console: Console, hint_iterations: int = 400, progress_path: Path | None = None,
                 lang: str = "en", fast: bool = False, confirm_forced: bool = False, root: Path | None = None,
                 screen: bool = False) -> RunResult:
    content, path, entry = store.find(ref, game, root)
    return play_entry(content, entry, {"game": content.game_name, "file": str(path), "id": entry.id}, save_dir,
                      input_fn=input_fn, console=console, hint_iterations=hint_iterations, progress_path=progress_path,
                      lang=lang, fast=fast, confirm_forced=confirm_forced, screen=screen)[0]


def play_entry(content: GameContent, entry: Scenario | Puzzle, where: dict, save_dir: Path | None = None, *,
               input_fn: InputFn, console: Console, hint_iterations: int = 400, progress_path: Path | None = None,
               lang: str = "en", fast: bool = False, confirm_forced: bool = False, screen: bool = False,
               record: bool = True, lead: list[str] | None = None) -> tuple[RunResult, bool | None]:
    """Set up a scenario or puzzle, play it, judge it: (the game's end, whether it was won; None if
    not finished). `where` is what its saves remember to find it again (extra.scenario); `record`: count
    it in the scenario progress (a campaign's chapter keeps its own); `lead`: lines told before the
    scenario's own (a campaign's chapter: what is at stake), at the full-screen table too."""
    game = content.game_name
    g, state, seats, seed = start_of(content, entry)
    preface = list(lead or []) + describe(game, g, entry, state, lang)
    for line in preface:
        console.print(line, soft_wrap=True)
    seat = seats.index("you")
    extra = {"scenario": where, "setup_moves": len(state.history)}
    save_path = saves.default_save_path(saves_dir() if save_dir is None else Path(save_dir), game, seed)
    kwargs = dict(state=state, save_path=save_path, hint_iterations=hint_iterations, extra=extra, lang=lang, fast=fast,
                  confirm_forced=confirm_forced, goal=objective_goal(game, entry, seat))
    if screen:  # at the full-screen table, the scenario's objective heads what just happened
        result = run_table(ScenarioReferee, console, game=g, seats=seats, seed=seed, preface=preface, **kwargs)
    else:
        result = ScenarioReferee(g, seats, seed, input_fn=input_fn, console=console, **kwargs).run()
    if result.status == "finished":
        result.won = judge(game, entry, result.state, seat, console, progress_path, lang, result.hints, record=record)
    return result, result.won


def saved_start(save: saves.Save, root: Path | None = None) -> tuple[str, Scenario | Puzzle, Game, State, list[str]] | None:
    """For a scenario's save: (game, entry, game object, starting position, the moves played after
    the setup); None for an ordinary save. A scenario found by its game is read from `root`'s content."""
    info = save.extra.get("scenario") if save.extra else None
    if not isinstance(info, dict):
        return None
    game, file, ident = info.get("game"), info.get("file"), info.get("id")
    chapter = info.get("campaign")
    if isinstance(chapter, dict):  # a campaign's chapter: its scenario as the way into it made it
        content = load_content(str(game), root)
        camp = find_campaign(content, str(chapter.get("id")))
        try:
            entry: Scenario | Puzzle = chapter_scenario(content, camp, str(ident), str(chapter.get("way")))
        except (StopIteration, AttributeError, ValueError):
            raise RecordError(f"save: campaign {camp.id!r} has no chapter {ident!r} entered by {chapter.get('way')!r}") from None
    else:
        ref = f"{file}#{ident}" if file and Path(file).is_file() else f"{game}#{ident}"
        content, _, entry = store.find(ref, game, root)
    g, state, _, _ = start_of(content, entry)
    game = content.game_name
    skip = int(save.extra.get("setup_moves", len(state.history)))
    return game, entry, g, state, list(save.record.actions[skip:])


def resume_scenario(save: saves.Save, path: Path, *, input_fn: InputFn, console: Console, hint_iterations: int = 400,
                    progress_path: Path | None = None, lang: str = "en", fast: bool = False,
                    confirm_forced: bool = False, root: Path | None = None, screen: bool = False) -> RunResult:
    started = saved_start(save, root)
    assert started is not None  # (only a scenario's save comes here)
    game, entry, g, state, moves = started
    seat = save.seats.index("you") if "you" in save.seats else save.humans[0]
    kwargs = dict(state=state, save_path=path, record_actions=moves, hint_iterations=hint_iterations, extra=save.extra,
                  lang=lang, fast=fast, confirm_forced=confirm_forced, reasons=saves.reasons_of(save),
                  goal=objective_goal(game, entry, seat))
    resumed = say(lang, "play.resumed", path=escape(str(path)), id=escape(entry.id), n=len(moves))
    if screen:
        result = run_table(ScenarioReferee, console, game=g, seats=list(save.seats), seed=save.record.seed, preface=[resumed],
                           **kwargs)
    else:
        referee = ScenarioReferee(g, list(save.seats), save.record.seed, input_fn=input_fn, console=console, **kwargs)
        console.print(resumed, soft_wrap=True)
        result = referee.run()
    if result.status == "finished":  # (a campaign's chapter: its journey is kept by referee/campaign.py)
        result.won = judge(game, entry, result.state, seat, console, progress_path, lang, result.hints,
                           record="campaign" not in save.extra.get("scenario", {}))
    return result
