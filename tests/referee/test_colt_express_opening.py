"""Colt Express at the referee: a person makes the opening decisions (character, secret placement)."""

from __future__ import annotations

from rich.console import Console

from generator.content import game_tables, load_content
from generator.referee.session import run_play


class Script:
    def __init__(self, lines):
        self.lines = list(lines)
        self.prompts: list[str] = []

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        if self.lines:
            return self.lines.pop(0)
        raise EOFError


def test_a_person_chooses_a_character_and_secretly_places_two_bandits(tmp_path):
    con = Console(record=True, width=140, highlight=False, color_system=None)
    # seed 2: the bot chooses first; the person takes Belle, later a second character, then places Belle
    script = Script(["choose Belle", "1", "caboose Belle", "quit"])
    result = run_play("colt_express", "you,random", 2, save_dir=tmp_path, input_fn=script, console=con)
    out = con.export_text()
    assert result.status == "quit"
    assert "Choose your bandit" in out and "characters still free" in out
    assert "Choose which of your bandits starts inside the caboose" in out
    assert "secretly chooses which bandit starts inside the caboose" in out or "Seat 2" in out
    st = result.state
    assert "Belle" in st.cfg.names and st.cfg.owner[st.cfg.names.index("Belle")] == 0
    assert st.car[st.cfg.names.index("Belle")] == st.cfg.ncars - 1  # revealed: Belle inside the caboose
    assert "inside the caboose" in out and "The bandits take their places" in out
    assert any(p.startswith("Belle") for p in script.prompts[2:])  # the seat is named after its bandits


def test_the_referee_tells_a_hard_bot_head_start_at_the_start_and_in_the_tally(tmp_path):
    con = Console(record=True, width=140, highlight=False, color_system=None)
    result = run_play("colt_express", "you,table:hard,table:normal", 7, save_dir=tmp_path, input_fn=Script(["quit"]), console=con)
    out = con.export_text()
    assert result.status == "quit"
    hard = next(t for t in game_tables(load_content("colt_express")) if t.level == "hard" and t.fits(3))
    assert hard.head_start > 0  # the printed Hard sheet for 2-3 players gives one
    amount = f"${hard.head_start:,}"
    assert f"Seat 2 has a {amount} head start: it counts with that seat's loot at the end." in out
    assert f"head start {amount}" in out  # in the bandits' table, with the seat's loot
