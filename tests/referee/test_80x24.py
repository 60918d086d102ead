"""What playing each game at 80x24 changed in the referee: the last events repeated under a board
too tall for the screen, rules' grid pictures as lines, help without `fast` where nothing pauses,
a pair of bandits named in the plural, the pile picture keeping later face-down cards face down,
round lines that say what their event does, breakdowns as aligned grids, grouped choices that keep
long notations in the last column, and a resumed game's log naming seats as play did."""

from __future__ import annotations

import random

from rich.console import Console

from generator.games import load_game
from generator.referee import explain
from generator.referee.choices import Choices, show
from generator.referee.session import run_play
from generator.referee.tracking import Tracker
from generator.referee.views import View, get_view
from generator.words.text import Texts


class Script:
    def __init__(self, lines, then=None):
        self.lines = list(lines)
        self.then = then

    def __call__(self, prompt: str) -> str:
        if self.lines:
            return self.lines.pop(0)
        if self.then is None:
            raise EOFError
        return self.then


def plain(width: int = 120, height: int = 25, terminal: bool = False) -> Console:
    return Console(record=True, width=width, height=height, highlight=False, color_system=None, force_terminal=terminal)


def finished(game: str, players: int, seed: int):
    g = load_game(game)
    st = g.new_game(players, seed)
    rng = random.Random(seed)
    while not st.is_over:
        st.apply(rng.choice(st.legal_actions()))
    return g, st


# --- a short screen ---------------------------------------------------------------------------
def test_a_short_screen_repeats_what_just_happened_under_the_board(tmp_path):
    con = plain(80, 24, terminal=True)
    run_play("longhorn", "you,greedy", 1, save_dir=tmp_path, input_fn=Script(["1", "1", "1", "quit"]), console=con)
    out = con.export_text()
    assert "what just happened" in out
    recap = out.split("what just happened:")[1].splitlines()[1]
    assert recap.startswith("·") and "Eagle Perkins" in recap


def test_a_tall_screen_shows_the_events_once(tmp_path):
    con = plain(80, 200, terminal=True)
    run_play("longhorn", "you,greedy", 1, save_dir=tmp_path, input_fn=Script(["1", "1", "1", "quit"]), console=con)
    assert "what just happened" not in con.export_text()


# --- rules and help -----------------------------------------------------------------------------
def test_rules_show_a_grid_picture_without_a_header_as_one_line_a_row():
    text = "An example:\n\n| A (6) | B (5) |\n| C (4) | D (4) |\n\n## Next"
    assert explain.terminal_markdown(text) == "An example:\n\n- A (6) · B (5)\n- C (4) · D (4)\n\n## Next"


def test_rules_keep_a_table_with_a_header():
    text = "| bandit | power |\n|---|---|\n| Ghost | hides |"
    assert explain.terminal_markdown(text) == text


def test_help_offers_fast_only_in_a_game_that_pauses(tmp_path):
    needle = "stop (or start again) pausing"
    con = plain()
    run_play("longhorn", "you,greedy", 1, save_dir=tmp_path, input_fn=Script(["help", "quit"]), console=con)
    assert "hint" in con.export_text() and needle not in con.export_text()
    con = plain()
    run_play("colt_express", "you,random", 2, save_dir=tmp_path, input_fn=Script(["help", "quit"]), console=con)
    assert needle in con.export_text()
    for lang in ("en", "es", "ja"):  # the line dropped is found by its command in every language
        assert "[cyan]fast[/cyan]" in Texts(lang, "referee")("help", example="x")


# --- Colt Express narration ---------------------------------------------------------------------
def test_a_seat_with_two_bandits_is_named_in_the_plural():
    tracker = Tracker([], View(), ["Cheyenne & Django", "Belle"], 0)
    assert tracker.named("Seat 1 plays Django Rob face up on the pile.") == "Cheyenne & Django play Django Rob face up on the pile."
    assert tracker.named("Seat 1 secretly puts Cheyenne inside the caboose.") == "Cheyenne & Django secretly put Cheyenne inside the caboose."
    assert tracker.named("Seat 1 has no playable card.") == "Cheyenne & Django have no playable card."
    assert tracker.named("Seat 2 plays Belle Rob.") == "Belle plays Belle Rob."


def test_a_pair_hidden_play_is_told_in_the_plural():
    view = get_view("colt_express", load_game("colt_express").content)
    assert view.hidden_play("Belle & Tuco", {"phase": "place"}, {}, 0).startswith("Belle & Tuco secretly choose which")
    assert view.hidden_play("Belle", {"phase": "pick"}, {}, 0) == "Belle picks a card for this round's hand."


def test_the_pile_picture_keeps_a_later_face_down_card_face_down():
    """Card 1 resolves; card 2 lay face down and was turned up later in the same move: the picture
    drawn with card 1 still shows it face down (its own line comes next)."""
    view = get_view("colt_express", load_game("colt_express").content)
    before = {"pile": [{"bandit": "Tuco", "card": "Tuco Rob", "seat": 1}, {"bandit": None, "card": None, "seat": 1},
                       {"bandit": "Belle", "card": "Belle Move", "seat": 0}]}
    after = {"pile": [{"bandit": "Tuco", "card": "Tuco Rob", "seat": 1}, {"bandit": "Tuco", "card": "Tuco Move", "seat": 1},
                      {"bandit": "Belle", "card": "Belle Move", "seat": 0}]}
    entry = {"kind": "card", "card": 1, "cards": 3, "bandit": "Tuco", "action": "Tuco Rob"}
    picture = view.picture(entry, before, after, 0)
    assert "[1 Tuco Rob]" in picture and "2 ▒" in picture and "Tuco Move" not in picture and "3 Belle Move" in picture


def test_a_card_is_named_once_after_its_bandit():
    view = get_view("colt_express", load_game("colt_express").content)
    entry = {"kind": "card", "card": 5, "cards": 12, "bandit": "Belle", "action": "Belle Rob", "effect": "grabs a purse"}
    assert view.entry_line(entry) == "card 5/12 · Belle · Rob -> grabs a purse"


def test_the_round_line_tells_what_its_event_does():
    g = load_game("colt_express")
    st = g.new_game(3, 4)
    st.full_narration()
    rng = random.Random(4)
    while not any(e.get("kind") == "round" for e in st.log if isinstance(e, dict)):
        st.apply(rng.choice(st.legal_actions()))
    entry = next(e for e in st.log if isinstance(e, dict) and e.get("kind") == "round")
    card = next(r for r in g.content.round_cards if r.id == entry["card_id"])
    if card.event:
        assert str(g.content.event(card.event).text["en"]).rstrip(".") in entry["text"]
    assert entry["text"].startswith(f"Round 1/{st.cfg.rounds}: {card.name['en']}, turns {' '.join(card.turns)}")


def test_a_resumed_game_names_the_seats_in_its_log_as_play_did(tmp_path):
    first = run_play("colt_express", "you,random", 2, save_dir=tmp_path, input_fn=Script(["choose Belle", "1", "caboose Belle", "quit"]),
                     console=plain())
    con = plain()
    run_play(resume=first.save_path, input_fn=Script(["log", "quit"]), console=con)
    log = con.export_text().split(" have seen")[1]  # ("what Belle & Doc have seen": the seat's two bandits)
    assert "Seat 1 secretly" not in log and "Seat 1 plays" not in log


# --- choices ----------------------------------------------------------------------------------------
def test_a_one_action_group_keeps_its_long_notation_in_the_last_column():
    actions = [f"hire {i}" for i in range(20)] + ["fight kansas-city seize blue stagecoach"]
    groups = ["hire"] * 20 + ["gunfight"]
    notes = ["hires"] * 20 + ["starts a gunfight in Kansas City"]
    con = plain(80)
    show(con, Choices(actions, notes, groups, {"hire": "$1 each"}), Texts("en", "referee"))
    lines = con.export_text().splitlines()
    row = next(line for line in lines if "gunfight" in line.split()[:3])
    assert row.split()[:2] == ["21", "gunfight"] and "fight kansas-city seize blue stagecoach:" in row


# --- the end ----------------------------------------------------------------------------------------
def test_the_colt_express_breakdown_gives_each_bandit_and_the_gunslinger_a_line():
    g, st = finished("colt_express", 2, 3)
    view = get_view("colt_express", g.content)
    con = plain(80)
    con.print(view.score_table(st.score_sheet(), []))
    out = con.export_text()
    sheet = st.score_sheet()
    for row in sheet:
        assert f"${row['total']:,}" in out
        for b in row["bandits"]:
            assert any(line.strip().startswith(b["name"]) and line.rstrip().endswith(f"${b['value']:,}") for line in out.splitlines())
    assert out.count("Gunslinger") == len(sheet) and out.count("tie-break") == len(sheet)
    assert max(len(line.rstrip()) for line in out.splitlines()) <= 80


def test_the_longhorn_breakdown_gives_each_colour_a_line():
    g, st = finished("longhorn", 2, 7)
    view = get_view("longhorn", g.content)
    con = plain(80)
    con.print(view.score_table(st.score_sheet(), []))
    lines = con.export_text().splitlines()
    for row in st.score_sheet():
        for x in row["cattle"]:
            want = f"{x['cows']} × {x['left']} left × ${x['per_cow']}"
            assert any(line.strip().startswith(x["colour"]) and want in line and line.rstrip().endswith(f"${x['value']:,}")
                       for line in lines)


def test_one_cow_is_a_cow():
    g = load_game("longhorn")
    for seed in range(30):
        st = g.new_game(2, seed)
        st.apply(st.legal_actions()[0])
        for a in st.legal_actions():
            text = st.describe(a)
            if " 1 " in text and "steals" in text:
                assert text.endswith("cow at " + text.split(" cow at ")[1]) and "cattle" not in text
                return
    raise AssertionError("no steal of a single cow in 30 deals")


def test_way_out_west_players_fit_an_80_column_screen():
    g = load_game("way_out_west")
    st = g.new_game(3, 5)
    view = get_view("way_out_west", g.content)
    con = plain(80)
    con.print(view.draw(st.observation(0), 0))
    out = con.export_text()
    assert "(you)" in out and not any(line.strip() == "(you)" for line in out.splitlines())


def test_rules_name_a_printed_picture_instead_of_its_marker(tmp_path):
    con = plain()
    run_play("way_out_west", "you,random,random", 5, save_dir=tmp_path, input_fn=Script(["rules", "quit"]), console=con)
    out = con.export_text()
    assert "{figure:" not in out and "saloon build way_out_west prints it" in out
