"""`saloon campaign GAME`: a game's campaign at the table, chapter after chapter.

Where the person stands (the chapter to play, the way into it, the results so far) is kept in the
progress file of the player's data folder (scenarios/progress.py `Journey`), so a campaign goes on from
any folder and any session: `saloon campaign GAME` plays the chapter it is at, says how it ended, what
is carried into the next chapter and which that is; `--status` says where you stand; `--new` starts
again. A chapter left unfinished is saved like any game; `saloon play --resume` finishes it and the
campaign moves on.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable

from rich.console import Console
from rich.markup import escape

from ..content import load_content
from ..errors import UsageError
from ..scenarios import progress
from ..scenarios.campaign import advance, branch_of, chapter_scenario, find_campaign
from ..schema.scenarios import START, Campaign
from ..words.scenarios import say
from ..words.text import text_in
from .loop import RunResult
from .scenario import play_entry

InputFn = Callable[[str], str]


def run_campaign(game: str, ident: str | None = None, *, input_fn: InputFn, console: Console, new: bool = False,
                 status: bool = False, save_dir: Path | None = None, progress_path: Path | None = None,
                 lang: str = "en", fast: bool = False, root: Path | None = None, screen: bool = False,
                 hint_iterations: int = 400) -> RunResult | None:
    """Play the chapter the person is at (the first with `new` or before any), or only say where they
    stand (`status`); returns the chapter's game (None with `status`)."""
    content = load_content(game, root)
    camp = find_campaign(content, ident)
    journey = progress.read_campaigns(progress_path).get(content.game_name, {}).get(camp.id)
    if status:
        show_status(console, camp, journey, lang)
        return None
    if new or journey is None:
        journey = progress.Journey(at=camp.chapters[0].id)
    if journey.at is None:
        show_status(console, camp, journey, lang)
        raise UsageError(f"the campaign {camp.id!r} is over; start it again with --new")
    chapter = camp.chapter(journey.at)
    lead = [say(lang, "campaign.heading", title=escape(text_in(camp.title, lang)),
                n=[c.id for c in camp.chapters].index(chapter.id) + 1, of=len(camp.chapters),
                chapter=escape(text_in(chapter.title, lang)))]
    if journey.way == START and not journey.history:
        lead.append(escape(text_in(camp.intro, lang)))
    branch = branch_of(camp, journey.way)
    if branch is not None and branch.note:
        lead.append(say(lang, "campaign.carried", text=escape(text_in(branch.note, lang))))
    lead.append(say(lang, "campaign.stakes", text=escape(text_in(chapter.text, lang))))
    progress.record_journey(content.game_name, camp.id, journey, progress_path)  # (a new campaign is kept at once)
    entry = chapter_scenario(content, camp, chapter.id, journey.way)
    where = {"game": content.game_name, "file": None, "id": chapter.id, "campaign": {"id": camp.id, "way": journey.way}}
    result, won = play_entry(content, entry, where, save_dir, input_fn=input_fn, console=console, lang=lang, fast=fast,
                             progress_path=progress_path, screen=screen, hint_iterations=hint_iterations, record=False,
                             lead=lead)
    if won is not None:
        after_chapter(console, content.game_name, camp, journey, won, progress_path, lang)
    return result


def after_chapter(console: Console, game: str, camp: Campaign, journey: progress.Journey, won: bool,
                  progress_path: Path | None, lang: str) -> progress.Journey:
    """Move the campaign on after a finished chapter, keep it, and say what comes next."""
    chapter = camp.chapter(str(journey.at))
    journey = advance(journey, camp, won)
    progress.record_journey(game, camp.id, journey, progress_path)
    branch = getattr(chapter, "won" if won else "lost")
    if branch.note:
        console.print(say(lang, "campaign.carries", text=escape(text_in(branch.note, lang))), soft_wrap=True)
    if journey.at is None:
        wins = sum(r == "won" for _, r in journey.history)
        console.print(say(lang, "campaign.over", title=escape(text_in(camp.title, lang)), wins=wins, n=len(journey.history)),
                      soft_wrap=True)
    else:
        nxt = camp.chapter(journey.at)
        console.print(say(lang, "campaign.next", chapter=escape(text_in(nxt.title, lang)), game=game), soft_wrap=True)
    return journey


def resume_chapter(result: RunResult, game: str, campaign_id: str, chapter: str, way: str, console: Console,
                   progress_path: Path | None, lang: str, root: Path | None = None) -> None:
    """A campaign's chapter finished through `saloon play --resume`: move the campaign on (when the
    journey still stands at that chapter, entered that way)."""
    if result.won is None:
        return
    camp = find_campaign(load_content(game, root), campaign_id)
    journey = progress.read_campaigns(progress_path).get(game, {}).get(camp.id)
    if journey is not None and journey.at == chapter and journey.way == way:
        after_chapter(console, game, camp, journey, result.won, progress_path, lang)


def show_status(console: Console, camp: Campaign, journey: progress.Journey | None, lang: str) -> None:
    """Where the person stands: each chapter played with its result, the one to play next."""
    console.print(say(lang, "campaign.status_head", title=escape(text_in(camp.title, lang))), soft_wrap=True)
    played = dict(journey.history) if journey else {}
    for i, c in enumerate(camp.chapters, 1):
        if journey is not None and c.id == journey.at:
            mark = say(lang, "campaign.mark_next")
        elif c.id in played:
            mark = say(lang, f"campaign.mark_{played[c.id]}")
        else:
            mark = say(lang, "campaign.mark_ahead")
        console.print(say(lang, "campaign.status_line", n=i, chapter=escape(text_in(c.title, lang)), mark=mark), soft_wrap=True)
    if journey is None:
        console.print(say(lang, "campaign.not_started"), soft_wrap=True)
