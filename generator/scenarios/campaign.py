"""Campaigns at play: each chapter's scenario as the way into it makes it, the checks `saloon validate`
runs on a campaign, and the step from one chapter to the next.

A chapter's scenario is the scenario it names (any of the game's scenario files) with what the branch
that led to it carries: its twists added to the scenario's, and its seats instead of the scenario's
where it gives them. So every way into a chapter is an ordinary scenario: set up, played, judged and
graded by the same code as any other (scenarios/setup.py, referee/scenario.py, scenarios/grading.py).
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable

from ..errors import UsageError
from ..schema.common import GameContent
from ..schema.scenarios import START, Branch, Campaign, Scenario
from . import store
from .grading import regrade, stars_for
from .progress import Journey


def campaigns(content: GameContent) -> list[tuple[Path, Campaign]]:
    """Every campaign of a game's content, file by file."""
    return [(path, c) for path in store.scenario_files(content) for c in store.load_file(path, content.game_name).campaigns]


def find_campaign(content: GameContent, ident: str | None = None) -> Campaign:
    """A campaign by id; without one, the game's only campaign."""
    found = [c for _, c in campaigns(content)]
    if not found:
        raise UsageError(f"{content.game_name} has no campaign yet")
    if ident is None:
        if len(found) > 1:
            raise UsageError(f"{content.game_name} has {len(found)} campaigns; name one with --campaign: "
                             f"{', '.join(c.id for c in found)}")
        return found[0]
    for c in found:
        if c.id == ident:
            return c
    raise UsageError(f"no campaign {ident!r} in {content.game_name}; it has: {', '.join(c.id for c in found)}")


def branch_of(campaign: Campaign, way: str) -> Branch | None:
    """The branch a way into a chapter took ('start': none)."""
    if way == START:
        return None
    chapter, _, result = way.partition(":")
    return getattr(campaign.chapter(chapter), result)


def chapter_scenario(content: GameContent, campaign: Campaign, chapter_id: str, way: str = START) -> Scenario:
    """The scenario a chapter is played as, entered by `way`."""
    chapter = campaign.chapter(chapter_id)
    base = _scenario(content, chapter.scenario)
    branch = branch_of(campaign, way)
    twists = list(base.twists) + (list(branch.twists) if branch else [])
    seats = list(branch.seats) if branch and branch.seats else list(base.seats)
    graded = chapter.graded.get(way)
    return Scenario.model_validate({
        **base.model_dump(), "id": chapter.id, "title": chapter.title["en"][:60], "seats": seats,
        "twists": [t.model_dump() for t in twists], "graded": graded.model_dump() if graded else None,
    })  # (validated: a chapter entered by a branch is a scenario like any other, at most 3 twists)


def _scenario(content: GameContent, ident: str) -> Scenario:
    for _, e in store.entries(content):
        if e.id == ident and isinstance(e, Scenario):
            return e
    raise UsageError(f"no scenario {ident!r} in {content.game_name}'s scenario files")


def advance(journey: Journey, campaign: Campaign, won: bool) -> Journey:
    """The journey after the chapter it stands at ended (won or lost)."""
    chapter = str(journey.at)
    nxt, way = next_step(campaign, chapter, won)
    return Journey(at=nxt, way=way, history=[*journey.history, (chapter, "won" if won else "lost")])


def next_step(campaign: Campaign, chapter_id: str, won: bool) -> tuple[str | None, str]:
    """After a chapter: the next chapter (None: the campaign is over) and the way into it."""
    result = "won" if won else "lost"
    return getattr(campaign.chapter(chapter_id), result).next, f"{chapter_id}:{result}"


def problems(content: GameContent, campaign: Campaign) -> list[tuple[tuple, str]]:
    """What is wrong with a campaign (located under its fields): chapters named twice, a branch to no
    chapter, a chapter no way leads to, a scenario that does not exist, a way in whose scenario does not
    set up (its twists clash or do not fit), a branch's seats that do not fit its chapter."""
    out: list[tuple[tuple, str]] = []
    ids = [c.id for c in campaign.chapters]
    for i, ident in enumerate(ids):
        if ids.index(ident) != i:
            out.append((("chapters", i, "id"), f"chapter {ident!r} is named twice"))
    for i, c in enumerate(campaign.chapters):
        for result in ("won", "lost"):
            nxt = getattr(c, result).next
            if nxt is not None and nxt not in ids:
                out.append((("chapters", i, result, "next"), f"no chapter {nxt!r} in this campaign"))
            if nxt == c.id:
                out.append((("chapters", i, result, "next"), "a chapter cannot lead to itself"))
        if i and not campaign.ways_in(c.id):
            out.append((("chapters", i, "id"), f"no branch leads to chapter {c.id!r}"))
        for way, g in c.graded.items():
            if way not in campaign.ways_in(c.id):
                out.append((("chapters", i, "graded", way), f"no way into {c.id!r} called {way!r}"))
            elif g.stars != stars_for(g.win_rate):
                out.append((("chapters", i, "graded", way, "stars"),
                            f"{g.stars} stars, but a rate of {g.win_rate:.0%} gives {stars_for(g.win_rate)}"))
    if out:
        return out
    for i, c in enumerate(campaign.chapters):
        try:
            _scenario(content, c.scenario)
        except UsageError as exc:
            out.append((("chapters", i, "scenario"), str(exc)))
            continue
        for way in campaign.ways_in(c.id):
            try:
                sc = chapter_scenario(content, campaign, c.id, way)
            except ValueError as exc:
                out.append((("chapters", i), f"entered by {way}: {exc}"))
                continue
            out += [(("chapters", i) + loc, f"entered by {way}: {msg}") for loc, msg in store.check_scenario(sc, content)]
    return out


def grade(content: GameContent, campaign: Campaign, games: int, jobs: int = 1, root: Path | None = None,
          progress: Callable[[int], None] | None = None) -> Campaign:
    """The campaign with every way into every chapter graded: `games` seeded games of the game's
    reference player in your seat (scenarios/grading.py `regrade`), the rate and stars kept per way."""
    chapters = []
    for chapter in campaign.chapters:
        graded = {}
        for way in campaign.ways_in(chapter.id):
            sc = chapter_scenario(content, campaign, chapter.id, way).model_copy(update={"graded": None})
            graded[way] = regrade(content, sc, games, jobs, root=root)
            if progress is not None:
                progress(1)
        chapters.append(chapter.model_copy(update={"graded": graded}))
    return campaign.model_copy(update={"chapters": chapters})


def ways(campaign: Campaign) -> int:
    """How many ways into chapters the campaign has (what `grade` plays, each its games)."""
    return sum(len(campaign.ways_in(c.id)) for c in campaign.chapters)
