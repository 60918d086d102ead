"""Referee round 2 (issue 12), driven through the referee with scripted input: narration per seat
(one line per engine event, in the log's order, nothing of another seat's hand or face-down cards),
forced choices, help NAME, rules, hint's top three, grouped lists and filters, pauses and --fast,
replay forward/back/jump/--reveal, and the saves listing."""

from __future__ import annotations

import re

import pytest
from rich.console import Console

from generator.errors import UsageError
from generator.referee.session import run_play, run_replay, run_saves
from generator.referee.choices import show
from generator.referee.loop import Referee
from generator.games import load_game
from tests.referee.test_loop import Script  # lines, then a default answer forever; keeps the prompts


def plain(width: int = 120) -> Console:
    return Console(record=True, width=width, highlight=False, color_system=None)


def play_through(game: str, seats: list[str], seed: int, **kw) -> Referee:
    g = load_game(game)
    ref = Referee(g, seats, seed, input_fn=Script([]), console=plain(), save_path=None if "you" not in seats else kw.pop("save"),
                  **kw)
    result = ref.run()
    assert result.status == "finished"
    return ref



GAMES = [
    ("longhorn", ["you", "random"], 3),
    ("colt_express", ["you", "random", "random"], 5),
    ("colt_express", ["random", "random", "you"], 6),
    ("way_out_west", ["random", "you", "random"], 2),
]


# --- narration per seat -----------------------------------------------------------------------
@pytest.mark.fast_case(game='longhorn')
@pytest.mark.parametrize("game,seats,seed", GAMES)
def test_each_event_is_told_once_to_its_seat_in_the_order_it_happened(tmp_path, game, seats, seed):
    ref = play_through(game, seats, seed, fast=True, save=tmp_path / "g.json")
    me = seats.index("you")
    told = [line for step in ref.tracker.steps for line in step.told[me] if line.kind not in ("move", "hidden", "seen")]
    log = ref.state.observation(me)["log"]
    assert told, "the engine's events are told"

    def same(entry, line) -> bool:  # a data entry is told with it; a plain sentence as the view words it (colours as printed)
        return entry is line.entry or entry == line.entry if line.entry is not None else \
            ref.tracker.named(ref.view.entry_line(entry)).rstrip(".") == line.text.rstrip(".")

    positions: list[int] = []
    for line in told:  # each told event is one of the seat's log entries, found after the previous one
        start = positions[-1] + 1 if positions else 0
        found = next((i for i in range(start, len(log)) if same(log[i], line)), None)
        assert found is not None, f"{line.text!r} told out of order or twice"
        positions.append(found)
    assert all((line.entry or {}).get("to", me) == me for line in told)  # another seat's news never reaches this seat


@pytest.mark.fast_case(seed=5)
@pytest.mark.parametrize("game,seats,seed", GAMES[1:3])
def test_colt_express_tells_every_pile_card_and_never_names_another_seats_face_down_card(tmp_path, game, seats, seed):
    ref = play_through(game, seats, seed, fast=True, save=tmp_path / "g.json")
    me = seats.index("you")
    cards = [e for e in ref.state.observation(me)["log"] if isinstance(e, dict) and e.get("kind") == "card"]
    told_cards = [line.entry for step in ref.tracker.steps for line in step.told[me] if line.kind == "card"]
    assert cards and len(told_cards) == len(cards)  # every pile card, one line each
    hidden_by_others = [step for step in ref.tracker.steps if step.seat != me and step.notation.endswith(" hidden")]
    assert hidden_by_others, "the seeds should give another seat a face-down play"
    for step in hidden_by_others:
        first = step.told[me][0]
        card = step.notation.removeprefix("play ").removesuffix(" hidden")
        assert first.kind == "hidden" and card not in first.text


def test_a_reveal_is_told_before_the_card_it_reveals(tmp_path):
    ref = play_through("colt_express", ["you", "random", "random"], 5, fast=True, save=tmp_path / "g.json")
    kinds = [(line.kind, (line.entry or {}).get("card")) for step in ref.tracker.steps for line in step.told[0]]
    reveals = [i for i, (k, _) in enumerate(kinds) if k == "reveal"]
    for i in reveals:
        card = kinds[i][1]
        later = [j for j, (k, c) in enumerate(kinds) if k == "card" and c == card and j > i]
        assert later, "the card a reveal turns up resolves after it"


# --- pauses, forced choices -------------------------------------------------------------------------
def test_the_pile_waits_for_enter_card_by_card_unless_fast(tmp_path):
    slow = Script([], limit=6000)
    run_play("colt_express", "you,random,random", 5, save_dir=tmp_path / "a", input_fn=slow, console=plain())
    fast = Script([], limit=6000)
    run_play("colt_express", "you,random,random", 5, save_dir=tmp_path / "b", input_fn=fast, console=plain(), fast=True)
    pauses = [p for p in slow.prompts if p.startswith("Enter: next card")]
    assert pauses and not any(p.startswith("Enter: next card") for p in fast.prompts)


def test_a_forced_single_choice_is_played_and_told_unless_confirmation_is_asked(tmp_path):
    con, script = plain(), Script([])
    first = run_play("longhorn", "you,random", 3, save_dir=tmp_path / "a", input_fn=script, console=con)
    forced = con.export_text().count("has one legal action, played for you")
    assert forced >= 1
    con2, script2 = plain(), Script([])
    second = run_play("longhorn", "you,random", 3, save_dir=tmp_path / "b", input_fn=script2, console=con2, confirm_forced=True)
    assert "played for you" not in con2.export_text()
    assert second.state.history == first.state.history  # the same game, with each forced move asked
    assert len(script2.prompts) == len(script.prompts) + forced


# --- explanations at the prompt -----------------------------------------------------------------------
def test_help_name_explains_a_token_an_event_and_a_building(tmp_path):
    con = plain()
    run_play("longhorn", "you,random", 3, save_dir=tmp_path, input_fn=Script(["help snake oil", "help zzz", "quit"]), console=con)
    out = con.export_text()
    assert "Snake Oil (tokens): After you ride, keep the pawn" in out
    assert "nothing called zzz in this game" in out
    con = plain()
    run_play("way_out_west", "you,random,random", 5, save_dir=tmp_path, input_fn=Script(["help store", "help stage", "quit"]),
             console=con)
    out = con.export_text()
    assert "Store (buildings): $5." in out and "stage could be: Stagecoach" in out
    con = plain()
    run_play("colt_express", "you,random", 2, save_dir=tmp_path, input_fn=Script(["help braking", "quit"]), console=con)
    assert "every bandit on a roof slides one wagon toward the locomotive" in con.export_text()


def test_rules_follow_the_option_values_in_play(tmp_path):
    outs = []
    for value in ("pairs_300_400", "pairs_200_300"):
        con = plain()
        run_play("longhorn", "you,random", 3, options={"nugget_values": value}, save_dir=tmp_path,
                 input_fn=Script(["rules", "quit"]), console=con)
        outs.append(con.export_text().split("Longhorn: rules")[1])
    assert outs[0] != outs[1]


def test_hint_names_three_moves_with_win_chance_and_expected_score(tmp_path):
    con = plain()
    run_play("longhorn", "you,random", 3, save_dir=tmp_path, input_fn=Script(["1", "hint", "quit"]), console=con, hint_iterations=60)
    lines = [line for line in con.export_text().splitlines() if "win chance" in line]
    assert [line.strip()[:2] for line in lines] == ["1.", "2.", "3."]
    assert all("expected score $" in line for line in lines)


def test_a_long_list_is_grouped_by_action_box_and_a_word_filters_it(tmp_path):
    g = load_game("way_out_west")
    con = plain(80)
    ref = Referee(g, ["you", "random", "random"], 5, input_fn=Script([], then=None), console=con, save_path=tmp_path / "s.json")
    st = ref.state
    while st.observation(0).get("phase") != "actions" or st.current_player != 0:  # first choices up to Red's action
        st.apply(st.legal_actions()[0])
    choices = ref.choices(0, st.legal_actions())
    show(con, choices, ref.T)
    out = con.export_text()
    assert len(choices) > 14 and "type a group's word" in out
    assert re.search(r"\d+-\d+\s+hire\s+\$1 each, \d of \d boxes open", out)
    hires = choices.matching("hire")
    assert hires and all(c.notation.startswith("hire") for c in hires)
    assert [c.number for c in hires] == [c.number for c in choices.items if c.group == "hire"]  # numbers stay the same


# --- replay and saves -------------------------------------------------------------------------------
def test_replay_goes_forward_back_and_jumps(tmp_path):
    result = run_play("longhorn", "you,random", 3, save_dir=tmp_path, input_fn=Script([]), console=plain())
    assert result.status == "finished"
    con = plain()
    run_replay(result.save_path, input_fn=Script(["", "", "b", "5", "r 2", "s", "e", "q"], then=None), console=con)
    out = con.export_text()
    shown = re.findall(r"─ move (\d+) ─", out)
    assert shown[:4] == ["1", "2", "1", "5"]  # next, next, back, jump to after move 5
    assert shown[-1] == str(len(result.state.history))  # e: the end, then the final breakdown
    assert "how the money adds up" in out


def test_replay_reveal_shows_every_seats_hidden_cards_of_a_finished_game_only(tmp_path):
    run = run_play("colt_express", "you,random,random", 5, save_dir=tmp_path, input_fn=Script([]), console=plain(), fast=True)
    con = plain()
    run_replay(run.save_path, input_fn=Script(["e", "q"], then=None), console=con, reveal=True)
    out = con.export_text()
    for name in run.state.cfg.names:  # three players, one bandit each: every seat's hand is shown
        assert f"{name} — hand:" in out and f"{name} — purses:" in out
    unfinished = run_play("colt_express", "you,random,random", 5, save_dir=tmp_path / "u", input_fn=Script(["1", "quit"]),
                          console=plain())
    with pytest.raises(UsageError, match="finished games only"):
        run_replay(unfinished.save_path, input_fn=Script([], then=None), console=plain(), reveal=True)


def test_saves_lists_game_seats_moves_and_date(tmp_path):
    run_play("longhorn", "you,random", 3, save_dir=tmp_path, input_fn=Script(["1", "quit"]), console=plain())
    con = plain(160)
    assert run_saves(tmp_path, console=con) == 1
    out = con.export_text()
    assert "longhorn" in out and "1:you 2:random" in out and "moves" in out and re.search(r"\d{4}-\d{2}-\d{2}", out)


def test_help_explains_the_way_out_west_bot_sheets_words(tmp_path):
    """The referee's reason for a table bot's choice quotes its sheet ("rule 1: If the bot is outgunned in
    at least 1 town ..."); `help outgunned` said there was nothing called that (found running the sheets
    by hand, issue 35). Every word the sheets define is explained, in each language."""
    con = plain()
    run_play("way_out_west", "you,table:normal,table:hard", 5, save_dir=tmp_path, console=con,
             input_fn=Script(["help outgunned", "help fighters", "help room for a building", "quit"]))
    out = " ".join(con.export_text().split())
    assert "nothing called" not in out
    assert "outgunned (sheet words): the bot is outgunned in a town when it has cattle or buildings there" in out
    assert "fighters (sheet words): a side's fighters in a town" in out
    assert "room for a building (sheet words): a town has room for a building" in out
    from generator.content import load_content
    from generator.referee.explain import glossary
    c = load_content("way_out_west")
    for lang in ("es", "ja"):
        words = {e.title: e.text for e in glossary("way_out_west", c, c.option_defaults(), lang) if e.kind == "word"}
        assert words[c.terms["outgunned"].word[lang]].startswith(c.terms["outgunned"].definition[lang][:12]), lang
