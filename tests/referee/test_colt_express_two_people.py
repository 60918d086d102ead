"""Colt Express's two-player game (two bandits a seat) at the table, found in a hotseat playtest (issue 35:
`saloon play colt_express --seats you,you --seed 41`): the header and the bandits' rows mark the same seat
as "you"; a seat is named as the header names it, never after its first bandit alone; the secret placement
is never shown to the other seat; the bandits' column of shots says what it counts (the Gunslinger's); a seat
of two bandits takes a plural verb (English and Spanish); Spanish contracts "a el" and "de el"."""

from __future__ import annotations

import random
import re

import pytest
from rich.console import Console

from generator.games import load_game
from generator.referee.table.bridge import first_names
from generator.referee.tracking import Tracker
from generator.referee.views import get_view
from generator.words.text import Texts

from .table_pilot import seated

LANGS = ["en", "es", "ja"]


def _play(state, tracker, names, view, until, pick=lambda legal: legal[0]):
    """Moves through the tracker (the first legal one, or `pick`'s) until `until(state)`, naming the seats
    as the referee does after each move; the steps taken."""
    steps = []
    while not state.is_over and not until(state):
        steps.append(tracker.apply(state, pick(state.legal_actions())))
        names[:] = view.seat_names(state.observation(0))
    return steps


def _phase(state) -> str:
    return state.observation(0)["phase"]


def _rows_marked_you(view, obs, seat, lang) -> set[int]:
    """The seats of the bandits' rows that carry "(you)", as the board draws them."""
    you = Texts(lang, "referee")("colt_express.you")
    table = view._bandits(obs, seat, view.seat_names(obs))
    return {int(str(s)) - 1 for who, s in zip(table.columns[0]._cells, table.columns[1]._cells) if you in str(who)}


@pytest.mark.parametrize("seats", ["you,you", "you,table:normal"])
def test_the_header_marks_you_on_the_seat_the_rows_mark_you(seats, tmp_path):
    """Two people at one screen: the board is drawn for one seat (its hand, its purses, "(you)" in its rows);
    the header names the seat whose turn it is with "(you)" only when it is that seat, so that during the
    pile, when the next card is the other person's, header and rows do not both claim "you"."""
    referee, app = seated("colt_express", seats, 41, tmp_path)
    state, view = referee.state, referee.view
    you = referee.T("you")
    checked = set()
    for _ in range(60):  # the opening and round 1's scheming and stealing, each seat's turn seen from each seat
        cp = state.current_player
        for seat in referee.humans:
            obs = state.observation(seat)
            head = referee.status_text(obs, seat, state).forms[0].plain
            turn = head.split(" · ")[0] if head.startswith("▶") else head.split(" · ")[1]
            assert turn.startswith(f"▶ {referee.names[cp]}"), head
            assert (you in turn) == (cp == seat), (head, seat)
            rows = _rows_marked_you(view, obs, seat, "en")
            assert rows == {seat}, (rows, seat)
            checked.add((cp, seat))
        referee.tracker.apply(state, state.legal_actions()[0])
        referee._refresh_names()
    if seats == "you,you":
        assert checked == {(0, 0), (0, 1), (1, 0), (1, 1)}  # the other person's turn seen from each seat too
    else:
        assert (1, 0) in checked  # the bot's turn: "▶ <name> (<the bot in words>)", never "(you)"


def test_the_status_line_names_a_seat_of_two_bandits_by_both_as_the_turn_does():
    assert first_names("Tuco & Belle") == "Tuco & Belle"
    assert first_names("Tuco & Belle", 3) == "Tuc&Bel"
    assert first_names("Eagle Perkins") == "Eagle" and first_names("Eagle Perkins", 3) == "Eag"


@pytest.mark.parametrize("lang", LANGS)
def test_a_two_bandit_seat_is_named_by_its_number_until_both_its_bandits_are_chosen(lang):
    """While the seats choose their characters, a seat that has one of its two bandits is still named by its
    number ("Seat 1 chooses Belle", never "Tuco chooses Belle"); once both are chosen, by both, as the
    header names it ("Tuco & Belle secretly choose ...")."""
    g = load_game("colt_express")
    state = g.new_game(2, seed=41)
    state.full_narration()
    view = get_view("colt_express", g.content, lang)
    names = view.seat_names(state.observation(0))
    seat_words = [Texts(lang, "referee")("seat", n=n) for n in (1, 2)]
    assert names == seat_words
    tracker = Tracker([0, 1], view, names, 41)
    chosen = _play(state, tracker, names, view, lambda st: _phase(st) != "choose")
    assert len(chosen) == 4  # two bandits a seat
    for step in chosen:
        said = step.told[1 - step.seat][0].text
        assert said.startswith(seat_words[step.seat]) or seat_words[step.seat] in said, said
        characters = [b["name"] for b in state.observation(0)["bandits"]]
        assert not any(said.startswith(c) for c in characters), said  # never a seat named after one bandit
    assert all(" & " in n for n in names) and names != seat_words


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("seed", [41, 6])  # seat 1 places last at seed 41, seat 2 at seed 6
def test_a_secret_placement_is_never_shown_to_the_other_seat(lang, seed):
    """The rules: each player chooses secretly which bandit starts inside the caboose, and the choices are
    revealed together. The other seat is told that the seat chose, never the choice, even for the last seat
    to choose, whose move reveals every choice at once: the reveal is told by its own line."""
    g = load_game("colt_express")
    state = g.new_game(2, seed=seed)
    state.full_narration()
    view = get_view("colt_express", g.content, lang)
    names = view.seat_names(state.observation(0))
    tracker = Tracker([0, 1], view, names, seed)
    _play(state, tracker, names, view, lambda st: _phase(st) == "place")
    placed = _play(state, tracker, names, view, lambda st: _phase(st) != "place", pick=lambda legal: legal[-1])
    assert len(placed) == 2
    T = Texts(lang, "referee")
    for step in placed:
        actor = names[step.seat]
        other = step.told[1 - step.seat]
        assert other[0].kind == "hidden"
        assert other[0].text == T("colt_express.hidden.place", actor=actor, pair=True)
        assert step.told[step.seat][0].kind == "move"  # the seat itself is told its own choice
    last = placed[-1]
    for v in (0, 1):  # the last choice reveals every seat's: both are told where each bandit starts
        reveal = [line for line in last.told[v] if line.entry and line.entry.get("kind") != "round"]
        assert reveal and any(b["name"] in reveal[0].text for b in state.observation(0)["bandits"]), last.told[v]
    first = placed[0].told[1 - placed[0].seat]
    assert len(first) == 1  # nothing revealed yet after the first seat's choice


@pytest.mark.parametrize("lang", LANGS)
def test_the_gunslinger_column_counts_the_shots_that_count_for_the_gunslinger(lang):
    """A shot at the seat's own other bandit does not count for the Gunslinger (two-player game): the
    column of shots is headed by the award it counts toward and shows those shots (every bullet fired shows
    in the bullets left); a seat's shots in it add up to what the Gunslinger award compares."""
    g = load_game("colt_express")
    state, rng = g.new_game(2, seed=1), random.Random(1)
    while not any(state.fired[b] < 6 - state.bullets_left[b] for b in range(len(state.fired))):
        state.apply(rng.choice(state.legal_actions()))  # seed 1: a bandit shoots its own seat's other bandit
    view = get_view("colt_express", g.content, lang)
    obs = state.observation(0)
    table = view._bandits(obs, 0, view.seat_names(obs))
    heads = [str(c.header) for c in table.columns]
    T = Texts(lang, "referee")
    assert T("colt_express.col.gunslinger") in heads
    shots = table.columns[heads.index(T("colt_express.col.gunslinger"))]._cells
    left = table.columns[heads.index(T("colt_express.col.bullets"))]._cells
    for b, (counted, bullets) in enumerate(zip(shots, left)):
        assert int(str(counted)) == state.fired[b] and int(str(bullets)) == state.bullets_left[b]
    assert any(int(str(c)) < 6 - int(str(l)) for c, l in zip(shots, left))  # a shot not counted, yet fired
    for s in range(2):
        assert sum(int(str(shots[b])) for b in state.cfg.seat_bandits[s]) == state.seat_fired(s)
    console = Console(record=True, width=160, color_system=None)
    console.print(view.draw(obs, 0))
    assert T("colt_express.col.gunslinger") in console.export_text()


class _Script:
    def __init__(self, lines):
        self.lines = list(lines)

    def __call__(self, prompt: str) -> str:
        if self.lines:
            return self.lines.pop(0)
        raise EOFError


@pytest.mark.parametrize("lang,said", [("en", "what {} have seen"), ("es", "lo que han visto {}"), ("ja", "{}が見たこと")])
def test_a_seat_of_two_bandits_is_spoken_of_in_the_plural(lang, said, tmp_path):
    """A seat named after both its bandits takes a plural verb wherever the table speaks of it by name: the
    log's heading ("what Tuco & Belle have seen"), a bot's "are thinking", a forced move, a replay's "as ... see it"."""
    from generator.referee.session import run_play

    con = Console(record=True, width=140, highlight=False, color_system=None)
    result = run_play("colt_express", "you,random", 2, save_dir=tmp_path, input_fn=_Script(["1", "1", "1", "log", "quit"]),
                      console=con, lang=lang)
    view = get_view("colt_express", load_game("colt_express").content, lang)
    mine = view.seat_names(result.state.observation(0))[0]
    assert " & " in mine
    assert said.format(mine) in con.export_text()
    T = Texts(lang, "referee")
    if lang != "ja":  # (Japanese verbs have no number)
        for key, values in (("thinking", {}), ("forced", {"action": "pick Marshal"}), ("replay_seen", {})):
            assert T(key, name=mine, pair=True, **values) != T(key, name=mine, pair=False, **values)


@pytest.mark.parametrize("lang,plural", [("en", " play first."), ("es", "; empiezan ")])
def test_the_round_line_says_a_seat_of_two_bandits_plays_first_in_the_plural(lang, plural):
    """The round card's line names the bandits who play first: a two-bandit seat's two, with a plural verb
    ("Django and Belle play first", "empiezan Django y Belle"; the engine writes "Django and Belle")."""
    g = load_game("colt_express")
    state = g.new_game(2, seed=41)
    state.full_narration()
    view = get_view("colt_express", g.content, lang)
    names = view.seat_names(state.observation(0))
    tracker = Tracker([0, 1], view, names, 41)
    steps = _play(state, tracker, names, view, lambda st: _phase(st) not in ("choose", "place"))
    rounds = [line.text for line in steps[-1].told[0] if line.entry and line.entry.get("kind") == "round"]
    assert len(rounds) == 1 and plural in rounds[0], rounds


def test_in_spanish_a_seat_of_two_bandits_takes_a_plural_verb_in_every_move_told():
    """The engine names a seat "Seat 2" in its sentences; told in Spanish, the seat is named after its two
    bandits and its verb follows ("Django & Belle juegan Django Disparo", "cubren el disparo"; was "juega")."""
    g = load_game("colt_express")
    state, rng = g.new_game(2, seed=41), random.Random(41)
    state.full_narration()
    view = get_view("colt_express", g.content, "es")
    names = view.seat_names(state.observation(0))
    tracker = Tracker([0, 1], view, names, 41)
    steps = _play(state, tracker, names, view, lambda st: st.round_no > 2, pick=rng.choice)
    told = [line.text for step in steps for v in (0, 1) for line in step.told[v]]
    pairs = [n for n in names if " & " in n]
    said = [text.removeprefix(n).split() for text in told for n in pairs if text.startswith(n + " ")]
    assert len(said) > 20
    for words in said:
        verb = next(w for w in words if w not in ("no", "se"))
        assert verb.endswith("n"), " ".join(words)


@pytest.mark.parametrize("players", [2, 4])
def test_in_spanish_a_wagon_after_a_or_de_is_contracted(players):
    """Spanish joins "a el" and "de el" ("al vagón 2", "dentro del vagón 1"): the moves told and the choices'
    notes never say "a el vagón" (seen at the table: "move -1  a el vagón 1 (Vagón restaurante)")."""
    g = load_game("colt_express")
    state, rng = g.new_game(players, seed=3), random.Random(3)
    state.full_narration()
    view = get_view("colt_express", g.content, "es")
    names = view.seat_names(state.observation(0))
    tracker = Tracker(list(range(players)), view, names, 3)
    said: list[str] = []
    while not state.is_over:
        seat = state.current_player
        said += [n or "" for n in view.choice_notes(state.observation(seat), seat, [str(a) for a in state.legal_actions()]) or []]
        step = tracker.apply(state, rng.choice(state.legal_actions()))
        names[:] = view.seat_names(state.observation(0))
        said += [line.text for line in step.told[0]]
    assert not [text for text in said if re.search(r"\b(a|de) el\b", text)]
    assert sum(bool(re.search(r"\b(al|del) vagón", text)) for text in said) > 10
