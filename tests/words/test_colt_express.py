"""Colt Express texts that follow the options: the printed reference sheet (from the content's
defaults, so a house rule is a content edit) and the referee's help line (from the game played)."""

from __future__ import annotations

from generator.content import load_content
from generator.games import load_game
from generator.referee.views.colt_express import ColtExpressView


def sheet(**defaults) -> str:
    from generator.words import colt_express as ce

    c = load_content("colt_express")
    opts = dict(c.options)
    for name, value in defaults.items():
        opts[name] = opts[name].model_copy(update={"default": value})
    return " ".join(ce.reference_markup(c.model_copy(update={"options": opts})).split())


def test_reference_sheet_default_rules():
    text = sheet()
    assert "each player, in a random order, chooses one of the characters still free" in text
    assert "Odd-numbered players start inside the caboose" in text
    assert "Each player runs 2 bandits" in text and "secretly chooses which bandit starts inside the caboose" in text
    assert "## Expert variant (optional)" in text
    assert "once every card of the round is played, before any card resolves" in text
    assert "bullet cards held when scheming began stay in hand" in text
    assert "from the first player on, until none are left" in text
    assert "(not from an empty deck; with nothing to play or draw, pass)" in text
    assert "if nobody fired, nobody gains it" in text and "still tied: a shared win" in text
    assert "each card is turned face up as it resolves" in text


def test_reference_sheet_follows_each_option():
    cases = {
        "character_assignment": ("random", "Characters: dealt at random"),
        "first_player": ("seat_1", "First player: seat 1"),
        "wagon_choice": ("in_order", "the first ones in the order of the wagon list"),
        "two_player_game": ("one_bandit", "One bandit each"),
        "second_pick_order": ("reversed", "in the reverse order"),
        "expert_discard_at": ("after_stealing", "after the round card's event"),
        "expert_bullets_in_hand": ("discardable", "discards any hand cards, bullet cards too"),
        "neutral_bullets_short": ("none_if_short", "if there are not enough for all of them, nobody takes one"),
        "empty_deck_draw": ("pass", "from an empty deck the draw does nothing"),
        "gunslinger_if_nobody_fired": ("everyone", "if nobody fired, everyone gains it"),
        "final_tie": ("most_loot_tokens", "still tied: most loot tokens"),
    }
    base = sheet()
    for name, (value, phrase) in cases.items():
        assert phrase not in base, name
        assert phrase in sheet(**{name: value}), name
    expert = sheet(expert_variant=True, expert_bullets_in_hand="all_stay")
    assert "**Discard** (expert, not in the last round)" in expert and "## Expert variant" not in expert
    assert "bullet cards stay in hand" in expert and "take every card left in your deck" in expert


def _status(phase: str, **opts) -> str:
    game = load_game("colt_express", **opts)
    view = ColtExpressView(game.content)
    return view.status({"phase": phase, "options": dict(game.options)}, 0)


def test_referee_help_follows_the_options():
    assert "when scheming began stay" in _status("discard", expert_variant=True)
    assert "Every card of this round is played" in _status("discard", expert_variant=True)
    assert "The round is over" in _status("discard", expert_variant=True, expert_discard_at="after_stealing")
    assert "Bullet cards stay in your hand" in _status("discard", expert_variant=True, expert_bullets_in_hand="all_stay")
    assert "stay" not in _status("discard", expert_variant=True, expert_bullets_in_hand="discardable")
    assert "(not from an empty deck)" in _status("scheme")
    assert "(not from an empty deck)" not in _status("scheme", empty_deck_draw="pass")
    assert "random order" in _status("choose") and "caboose" in _status("place")


def test_referee_view_draws_the_opening():
    from rich.console import Console

    st = load_game("colt_express").new_game(2, 4)
    view = ColtExpressView(st.game.content)
    con = Console(record=True, width=140, color_system=None)
    obs = st.observation(st.current_player)
    con.print(view.draw(obs, st.current_player))
    out = con.export_text()
    assert "characters still free" in out and "Belle" in out and "another target" in out  # names and powers
    assert "not placed" in out  # the bandits before the secret placement
    assert view.seat_names(obs) == ["Seat 1", "Seat 2"]
