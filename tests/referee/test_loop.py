"""The referee's play loop driven by scripted input: numbers, notation, bad entries, commands,
undo (allowed and refused), save, resume, narration of hidden plays, and all-bot games."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from rich.console import Console

from generator.engine.core import Record
from generator.errors import RecordError, UsageError
from generator.games import load_game
from generator.referee import saves
from generator.referee.session import run_play, run_replay
from generator.referee.loop import Referee


class Script:
    """Input that answers with the given lines, then `then` forever (or EOF when `then` is None)."""

    def __init__(self, lines, then="1", limit=3000):
        self.lines = list(lines)
        self.then = then
        self.limit = limit
        self.asked = 0
        self.prompts: list[str] = []

    def __call__(self, prompt: str) -> str:
        self.asked += 1
        self.prompts.append(prompt)
        if self.asked > self.limit:
            raise AssertionError("the game asked for too many inputs")
        if self.lines:
            return self.lines.pop(0)
        if self.then is None:
            raise EOFError
        return self.then


def console() -> Console:
    return Console(record=True, width=120, highlight=False, color_system=None)


def text_of(con: Console) -> str:
    return con.export_text(clear=False)


def test_longhorn_full_game_with_numbers_notation_bad_entries_and_commands(tmp_path):
    con = console()
    script = Script(["wrong", "99", "", "help", "log", "hint", "steal black", "1", "board"])
    result = run_play("longhorn", "you,greedy", 1, save_dir=tmp_path, input_fn=script, console=con, hint_iterations=30)
    out = text_of(con)
    assert result.status == "finished" and result.state.is_over
    assert "'wrong' is not a legal action here" in out
    assert "99 is not on the list" in out
    assert "type a number from 1 to" in out
    assert "undo" in out and "save [FILE]" in out  # help
    assert "win chance" in out and "expected score" in out  # hint
    assert "Eagle Perkins steals 1 black cow" in out  # notation accepted
    assert "final scores" in out and "the game ended:" in out and "record saved to" in out
    saved = saves.read_save(result.save_path)
    assert saved.finished and saved.humans == [0]
    replayed = load_game("longhorn", **saved.record.options).replay(saved.record)
    assert replayed.result() == result.state.result()


def test_longhorn_undo_takes_back_to_the_previous_decision(tmp_path):
    con = console()
    script = Script(["1", "1", "1", "undo", "quit"], then=None)
    result = run_play("longhorn", "greedy,you", 4, save_dir=tmp_path, input_fn=script, console=con)
    out = text_of(con)
    assert result.status == "quit"
    assert "undone:" in out
    # the history ends at the person's previous decision: a move of the person is next
    assert result.state.current_player == 1
    saved = saves.read_save(result.save_path)
    assert len(saved.record.actions) == len(result.state.history)


def test_first_decision_cannot_be_undone(tmp_path):
    con = console()
    script = Script(["undo", "quit"], then=None)
    run_play("longhorn", "you,greedy", 2, save_dir=tmp_path, input_fn=script, console=con)
    assert "nothing to undo" in text_of(con)


def test_undo_refused_after_cards_were_drawn(tmp_path):
    """Colt Express: the person draws cards (hidden until then), so undo must refuse."""
    con = console()
    script = Script(["1", "draw", "undo", "quit"], then=None)
    result = run_play("colt_express", "you,random,random", 3, save_dir=tmp_path, input_fn=script, console=con)
    out = text_of(con)
    assert "cannot undo" in out
    assert "draw" in result.state.record().actions


def test_undo_refused_after_a_random_nugget(tmp_path):
    """Longhorn ambush: the nugget taken is drawn at random with the state's generator."""
    game = load_game("longhorn")
    state = game.from_json(_ambush_position(game))
    con = console()
    ref = Referee(game, ["you", "greedy"], 0, input_fn=Script(["ambush nugget"], then=None), console=con, state=state)
    ref._note_decision_point()  # the person's decision before the ambush
    step = ref.tracker.apply(ref.state, ref.state.parse("ambush nugget"))
    assert step.taint is not None and "chance" in step.taint
    assert re.search(r"The nugget drawn from Jessie Artist Byrd is worth \$(200|500)", ref.tracker.told(step, 0))
    # at the person's next decision, undo back over the draw is refused
    while ref.state.current_player != 0 and not ref.state.is_over:
        ref.tracker.apply(ref.state, ref.bots[1].choose(ref.state))
    if not ref.state.is_over:
        ref._note_decision_point()
        assert ref._undo() is False
        out = text_of(con)
        assert "cannot undo" in out and "chance" in out


def _ambush_position(game) -> dict:
    """Eagle Perkins (seat 0) has just emptied a location holding an ambush; Byrd owns two nuggets."""
    state = game.new_game(2, 0)
    data = state.to_json()
    s = data["state"]
    s["players"][1]["nuggets"] = [200, 500]
    s["phase"] = "ambush"
    s["to_move"] = 0
    s["pawn"] = "B2"
    s["steps"] = 1
    return data


def test_colt_express_face_down_plays_of_other_seats_are_never_named(tmp_path):
    con = console()
    result = run_play("colt_express", "you,random,random", 3, save_dir=tmp_path, input_fn=Script([]), console=con)
    assert result.status == "finished"
    out = text_of(con)
    assert "plays a card face down" in out
    mine, *others = result.state.cfg.names  # the bandits the seats chose
    for name in others:
        assert not re.search(rf"{name} plays \w+ face down", out)
    # the person's own face-down plays are told in full
    assert re.search(rf"{mine} plays \w+ face down", out)


def test_save_file_holds_the_record_not_other_seats_secrets(tmp_path):
    con = console()
    script = Script(["1", "1", "save " + str(tmp_path / "mine.json"), "quit"], then=None)
    result = run_play("colt_express", "you,random,random", 5, save_dir=tmp_path, input_fn=script, console=con)
    for path in (tmp_path / "mine.json", result.save_path):
        text = Path(path).read_text()
        data = json.loads(text)
        assert "actions_z" in data["record"] and "actions" not in data["record"]
        assert "play " not in text  # no move, own or other, in readable form
        # only the record header, the encoded moves and the seats: no observation of any seat
        assert set(data) <= {"format", "format_version", "saved_at", "record", "seats", "humans", "finished", "outcome"}
        assert set(data["record"]) == {"game", "version", "options", "players", "seed", "actions_z"}
        loaded = saves.read_save(path)
        assert loaded.record.actions == result.state.record().actions
        assert loaded.seats == ["you", "random", "random"]


def test_perfect_information_saves_are_readable(tmp_path):
    con = console()
    result = run_play("longhorn", "you,greedy", 1, save_dir=tmp_path, input_fn=Script(["1"], then=None), console=con)
    data = json.loads(Path(result.save_path).read_text())
    assert data["record"]["actions"][:2] == [str(a) for a in result.state.history[:2]]
    assert data["humans"] == [0]


@pytest.mark.fast_case(game='longhorn')
@pytest.mark.parametrize("game,seats", [("longhorn", "you,greedy"), ("colt_express", "you,random,random"), ("way_out_west", "you,random,random")])
def test_interrupted_game_resumes_and_finishes(tmp_path, game, seats):
    con = console()
    first = run_play(game, seats, 7, save_dir=tmp_path, input_fn=Script(["1", "2", "1"], then=None), console=con)
    assert first.status == "interrupted" and "resume with: saloon play --resume" in text_of(con)
    saved_moves = saves.read_save(first.save_path).record.actions
    assert saved_moves == [str(a) for a in first.state.history]
    con2 = console()
    second = run_play(resume=first.save_path, input_fn=Script([]), console=con2)
    assert second.status == "finished" and second.save_path == first.save_path
    assert [str(a) for a in second.state.history][: len(saved_moves)] == saved_moves
    assert f"resumed {first.save_path} after {len(saved_moves)} moves" in text_of(con2)
    assert saves.read_save(first.save_path).finished


def test_keyboard_interrupt_saves_once_a_decision_was_made(tmp_path):
    answers = iter(["1"])

    def ctrl_c(prompt):
        for a in answers:
            return a
        raise KeyboardInterrupt

    con = console()
    result = run_play("longhorn", "you,greedy", 1, save_dir=tmp_path, input_fn=ctrl_c, console=con)
    assert result.status == "interrupted" and Path(result.save_path).exists()


def test_an_aborted_start_leaves_no_save_file(tmp_path):
    def ctrl_c(prompt):
        raise KeyboardInterrupt

    con = console()
    result = run_play("longhorn", "you,greedy", 1, save_dir=tmp_path, input_fn=ctrl_c, console=con)
    assert result.status == "interrupted" and result.save_path is None
    assert list(tmp_path.iterdir()) == [] and "nothing saved" in text_of(con)
    quit_at_once = run_play("colt_express", "you,random,random", 2, save_dir=tmp_path, input_fn=Script(["quit"]), console=console())
    assert quit_at_once.status == "quit" and list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("game,seats", [("longhorn", "random,greedy"), ("colt_express", "random,greedy,random"), ("way_out_west", "random,random,greedy")])
def test_all_bot_games_through_the_same_loop(tmp_path, game, seats):
    con = console()
    result = run_play(game, seats, 11, save_dir=tmp_path, input_fn=Script([], then=None), console=con)
    out = text_of(con)
    assert result.status == "finished" and result.state.is_over
    assert "final scores" in out and "winner" in out
    assert result.save_path is None  # nobody at the table: nothing to save
    # every move was narrated, one line each
    assert out.count("\n* ") >= len(result.state.history) - 1


def test_bad_seats_and_resume_files_are_clear_errors(tmp_path):
    with pytest.raises(UsageError, match="unknown bot 'wizard'"):
        run_play("longhorn", "you,wizard", 1, save_dir=tmp_path, input_fn=Script([]), console=console())
    with pytest.raises(UsageError, match="3 seats given"):
        run_play("longhorn", "you,mcts,mcts", 1, players=2, save_dir=tmp_path, input_fn=Script([]), console=console())
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(RecordError, match="not valid JSON"):
        run_play(resume=bad, input_fn=Script([]), console=console())
    with pytest.raises(RecordError, match="does not exist"):
        run_play(resume=tmp_path / "missing.json", input_fn=Script([]), console=console())


def test_replay_steps_through_a_finished_game_and_quits_on_q(tmp_path):
    result = run_play("longhorn", "you,greedy", 1, save_dir=tmp_path, input_fn=Script([]), console=console())
    con = console()
    shown = run_replay(result.save_path, input_fn=Script([], then=""), console=con)
    assert shown == len(result.state.history)
    assert "game over" in text_of(con)
    con = console()
    assert run_replay(result.save_path, input_fn=Script(["", "", "q"]), console=con) == 2


def test_replay_of_a_bare_record(tmp_path):
    game = load_game("longhorn")
    state = game.new_game(2, 3)
    for _ in range(4):
        state.apply(state.legal_actions()[0])
    path = tmp_path / "rec.json"
    path.write_text(json.dumps(state.record().to_json()))
    assert run_replay(path, input_fn=Script([], then=""), console=console()) == 4
    assert Record.from_json(json.loads(path.read_text())).actions == [str(a) for a in state.history]
