"""Way Out West narration: the engine's public log is told once, without repeating the move's own sentence."""

from generator.content import load_content
from generator.referee.views import get_view, new_entries


def test_gunfight_declaration_is_not_told_twice_but_dice_are_told():
    view = get_view("way_out_west", load_content("way_out_west"))
    before = {"log": ["Red starts"]}
    after = {"log": ["Red starts", "Red starts a gunfight in Abilene: seize Blue's bank", "Red attack rolls 5, 2: 1 hit"]}
    assert [e for e in new_entries(before, after) if not view.skip_entry(e)] == ["Red attack rolls 5, 2: 1 hit"]


def test_the_board_and_status_line_tell_each_seats_vp_if_the_game_ended_now():
    """The running score: every seat's VP by the final scoring over the board as it stands (here, after a
    few random moves), in the players' table and in the status line's scores."""
    import random

    from generator.engine.way_out_west import scoring
    from generator.games import load_game
    from generator.referee.table.board import render_lines

    g = load_game("way_out_west")
    s, rng = g.new_game(3, seed=4), random.Random(4)
    for _ in range(60):
        s.apply(rng.choice(s.legal_actions()))
    view = get_view("way_out_west", g.content)
    obs = s.observation(0)
    assert obs["vp_now"] == scoring.scores(s)
    assert view.scores_now(obs, 0, []) == [f"{v} VP" for v in scoring.scores(s)]
    text = "\n".join("".join(seg.text for seg in line) for line in render_lines(view.draw(obs, 0), 100))
    assert "VP now" in text


def test_the_farmers_effect_says_by_how_much_cattle_earn_and_score_less():
    """`help farmer` and the kit print the content's numbers: income per cattle counter with and without
    a farmer, and the VP a farmer takes off each counter."""
    from generator.words.way_out_west import box_effect

    c = load_content("way_out_west")
    farmer = next(b for b in c.action_boxes if b.id == "farmer")
    text = box_effect(c, {}, farmer, "en")
    assert f"${c.income.cattle_with_farmer} instead of ${c.income.cattle}" in text
    assert f"{c.scoring.farmer_cattle_penalty} VP less" in text


def test_moves_are_told_with_the_colours_as_printed_in_english_too():
    from generator.games import load_game

    g = load_game("way_out_west")
    s = g.new_game(3, seed=1)
    while s.colour(s.current_player).lower() != "red":  # the notation's red prints orange
        s.apply(s.legal_actions()[0])
    view = get_view("way_out_west", g.content, "en")
    line = view.move_line(s, s.legal_actions()[0], [])
    assert line.startswith("Orange ") and "Red" not in line, line
