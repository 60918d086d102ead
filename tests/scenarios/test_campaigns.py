"""Campaigns: chapters whose setup depends on how the last one ended, played chapter after chapter with
`saloon campaign GAME`, the journey kept in the player's progress file."""

from __future__ import annotations

import io
import json

import pytest
from rich.console import Console
from typer.testing import CliRunner

from generator.cli import app
from generator.content import load_content
from generator.player_data import progress_file
from generator.referee import saves
from generator.scenarios import progress
from generator.referee.campaign import run_campaign
from generator.scenarios.campaign import advance, branch_of, campaigns, chapter_scenario, find_campaign, next_step
from generator.words.text import text_in

from tests.support.paths import REPO
from tests.support.scenarios import content_copy, write

GAMES = ("longhorn", "colt_express", "way_out_west")
runner = CliRunner()


def _ways(game: str):
    content = load_content(game)
    for _, camp in campaigns(content):
        for chapter in camp.chapters:
            for way in camp.ways_in(chapter.id):
                yield content, camp, chapter, way


@pytest.mark.parametrize("game", GAMES)
def test_each_game_has_a_campaign_of_five_to_eight_chapters_in_three_languages(game):
    (_, camp), = campaigns(load_content(game))
    assert 5 <= len(camp.chapters) <= 8
    for text in [camp.title, camp.intro] + [c.title for c in camp.chapters] + [c.text for c in camp.chapters]:
        assert set(text) >= {"en", "es", "ja"}


class Told(Console):
    """A console that keeps the lines told as text and draws nothing (boards and tables are drawn by the
    referee's own tests; here only the campaign's lines are read)."""

    def __init__(self) -> None:
        super().__init__(file=io.StringIO(), width=200)
        self.lines: list[str] = []

    def print(self, *objects, **kwargs) -> None:  # type: ignore[override]
        self.lines.extend(o for o in objects if isinstance(o, str))


@pytest.mark.fast_case(game='longhorn')
@pytest.mark.parametrize("game", GAMES)
def test_every_branch_of_the_campaign_plays_through_the_referee_and_moves_the_journey_on(game, tmp_path):
    # every way into every chapter (each branch a chapter can be entered by), played at the referee as
    # `saloon campaign GAME` plays it: a person who takes the first choice every time, the journey put
    # where that branch leads; the chapter tells what was carried, ends, and moves the campaign on
    content = load_content(game)
    (_, camp), = campaigns(content)
    path = tmp_path / "progress.json"
    played = 0
    for chapter in camp.chapters:
        for way in camp.ways_in(chapter.id):
            came = [] if way == "start" else [tuple(way.split(":"))]
            before = progress.Journey(at=chapter.id, way=way, history=came)
            progress.record_journey(game, camp.id, before, path)
            console = Told()
            result = run_campaign(game, input_fn=lambda prompt: "1", console=console, fast=True,
                                  save_dir=tmp_path / "saves", progress_path=path)
            told = "\n".join(console.lines)
            assert result is not None and result.status == "finished", (chapter.id, way, told[-500:])
            assert f"chapter {[c.id for c in camp.chapters].index(chapter.id) + 1} of {len(camp.chapters)}" in told
            branch = branch_of(camp, way)
            if branch is not None and branch.note:
                assert text_in(branch.note, "en") in told, (way, "the carry-over is told")
            won = result.won
            after = progress.read_campaigns(path)[game][camp.id]
            assert after.history == [*before.history, (chapter.id, "won" if won else "lost")]
            assert (after.at, after.way) == next_step(camp, chapter.id, bool(won))
            if branch is not None and branch.twists:  # the chapter was played with what the branch carries
                kinds = [t.kind for t in chapter_scenario(content, camp, chapter.id, way).twists]
                assert kinds[-len(branch.twists):] == [t.kind for t in branch.twists]
            played += 1
    assert played == sum(len(camp.ways_in(c.id)) for c in camp.chapters) >= 9  # five chapters, most entered two ways


def test_a_won_chapter_carries_its_branch_into_the_next():
    content = load_content("longhorn")
    camp = find_campaign(content)
    start = progress.Journey(at=camp.chapters[0].id)
    won = advance(start, camp, True)
    lost = advance(start, camp, False)
    first = camp.chapters[0]
    assert (won.at, won.way, won.history) == (first.won.next, f"{first.id}:won", [(first.id, "won")])
    assert (lost.at, lost.way) == (first.lost.next, f"{first.id}:lost")
    kinds = lambda way: [t.kind for t in chapter_scenario(content, camp, won.at, way).twists]  # noqa: E731
    assert kinds(won.way)[-1] == first.won.twists[0].kind and kinds(lost.way)[-1] == first.lost.twists[0].kind
    hard = camp.chapters[2]  # a win there puts the hard sheet in the next chapter's rival seat
    assert chapter_scenario(content, camp, hard.won.next, f"{hard.id}:won").seats == list(hard.won.seats)


def test_the_campaign_command_plays_a_chapter_and_keeps_the_journey(tmp_path):
    data = tmp_path / "data"
    result = runner.invoke(app, ["campaign", "longhorn", "--plain", "--data", str(data)], input="1\n" * 200,
                           env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "Range War, chapter 1 of 5: First night" in result.output and "At stake:" in result.output
    journey = progress.read_campaigns(progress_file(data))["longhorn"]["range_war"]
    (chapter, outcome), = journey.history
    assert chapter == "ch1" and ("scenario won" if outcome == "won" else "scenario lost") in result.output
    assert journey.at == "ch2" and journey.way == f"ch1:{outcome}"
    status = runner.invoke(app, ["campaign", "longhorn", "--status", "--data", str(data)], env={"COLUMNS": "200"})
    assert f"1. First night — {outcome}" in status.output and "2. The hard hand — to play next" in status.output
    assert not progress.read(progress_file(data))  # a chapter is not counted as a scenario of the list


def test_a_chapter_left_unfinished_resumes_and_moves_the_campaign_on(tmp_path):
    data = tmp_path / "data"
    first = runner.invoke(app, ["campaign", "colt_express", "--plain", "--fast", "--data", str(data)],
                          input="1\n1\n1\nquit\n", env={"COLUMNS": "200"})
    assert first.exit_code == 0, first.output
    (save_path,) = (data / "saves").glob("*.json")
    assert saves.read_save(save_path).extra["scenario"]["campaign"]["id"] == "last_train_west"
    again = runner.invoke(app, ["play", "--resume", str(save_path), "--plain", "--fast", "--data", str(data)],
                          input="1\n" * 400, env={"COLUMNS": "200"})
    assert again.exit_code == 0, again.output
    journey = progress.read_campaigns(progress_file(data))["colt_express"]["last_train_west"]
    assert journey.history and journey.history[0][0] == "ch1" and journey.at == "ch2"
    assert "Next chapter:" in again.output


def test_a_finished_campaign_says_so_and_starts_again_with_new(tmp_path):
    data = tmp_path / "data"
    content = load_content("longhorn")
    camp = find_campaign(content)
    journey = progress.Journey(at=None, way="ch5:won", history=[(c.id, "won") for c in camp.chapters])
    progress.record_journey("longhorn", camp.id, journey, progress_file(data))
    over = runner.invoke(app, ["campaign", "longhorn", "--plain", "--data", str(data)])
    assert over.exit_code == 1 and "is over; start it again with --new" in over.output
    again = runner.invoke(app, ["campaign", "longhorn", "--new", "--plain", "--data", str(data)], input="quit\n")
    assert again.exit_code == 0 and "chapter 1 of 5" in again.output


def test_a_damaged_journey_sets_the_progress_file_aside(tmp_path):
    path = tmp_path / "progress.json"
    path.write_text(json.dumps({"format": "saloon-progress", "version": 1, "games": {},
                                "campaigns": {"longhorn": {"range_war": {"at": 3, "way": "start", "history": []}}}}))
    notes: list[str] = []
    assert progress.read_campaigns(path, notes.append) == {}
    assert notes and "set aside" in notes[0]


def test_validate_names_a_broken_campaign(tmp_path):
    content = content_copy(tmp_path)
    for name in ("generated.yaml", "campaign.yaml"):
        src = (REPO / "content" / "longhorn" / "scenarios" / name).read_text()
        if name == "campaign.yaml":
            src = src.replace("next: ch5\n", "next: ch9\n", 1).replace("your_nugget: 300", "your_nugget: 350")
        write(content / "longhorn" / "scenarios", name, src)
    result = runner.invoke(app, ["--content", str(content), "validate"])
    assert result.exit_code == 1
    assert "campaigns[0].chapters[3].won.next: no chapter 'ch9' in this campaign" in result.output


@pytest.mark.slow
def test_grading_plays_every_way_in_and_keeps_its_grade_in_the_file(tmp_path):
    content = content_copy(tmp_path)
    for name in ("generated.yaml", "campaign.yaml"):
        write(content / "longhorn" / "scenarios", name, (REPO / "content" / "longhorn" / "scenarios" / name).read_text())
    result = runner.invoke(app, ["--content", str(content), "campaign", "longhorn", "--grade", "--games", "2"],
                           env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    camp = find_campaign(load_content("longhorn", content))
    for chapter in camp.chapters:
        assert set(chapter.graded) == set(camp.ways_in(chapter.id))
        assert all(g.games == 2 and g.proxy for g in chapter.graded.values())
    assert runner.invoke(app, ["--content", str(content), "validate"]).exit_code == 0
    text = (content / "longhorn" / "scenarios" / "campaign.yaml").read_text()
    assert text.startswith("# Longhorn's campaign")  # the file's own comments are kept
    # the chapter on screen says how hard it measured, entered the way it was
    sc = chapter_scenario(load_content("longhorn", content), camp, "ch2", "ch1:won")
    assert sc.graded == camp.chapter("ch2").graded["ch1:won"]


@pytest.mark.fast_case(lang='en')
@pytest.mark.parametrize("lang", ["en", "es", "ja"])
def test_the_book_prints_the_campaign_sheet_with_every_chapter_and_where_it_leads(lang):
    from generator.words.text import text_in
    from tests.support import builds

    # render_book("colt_express", "a4", lang) and its pages' text, built once for every test reading that book
    pages = list(builds.page_texts(builds.book_pdf("colt_express", "a4", lang)[0]))
    camp = find_campaign(load_content("colt_express"))
    (sheet,) = [p for p in pages if text_in(camp.title, lang) in p and text_in(camp.intro, lang)[:12] in p]
    flat = "".join(sheet.split())
    for chapter in camp.chapters:
        assert "".join(text_in(chapter.title, lang).split()) in flat
    assert flat.count("[]") == 2 * len(camp.chapters)  # a box for won and one for lost, a chapter
