"""Longhorn rules, one test per rule of shared/rules/longhorn.md, from constructed positions.

Cells: letters are columns, digits rows; A1 is the top-left corner, B2 the centre.
"""

from __future__ import annotations

from collections import Counter

import pytest

from generator.engine.core import EndReason
from generator.engine.longhorn import AmbushCattle, AmbushNugget, Move, Steal
from generator.errors import IllegalAction

from tests.support.longhorn import build, conserved, game, legal


# --- setup --------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def g():
    return game()


def test_setup_lays_all_nine_tiles_as_a_3x3_grid(g):
    layouts = set()
    for seed in range(20):
        s = g.new_game(2, seed)
        assert sorted(s.loc) == list(range(9))
        layouts.add(s.loc)
    assert len(layouts) > 10  # shuffled


def test_setup_draws_nine_of_nineteen_tokens_one_per_location(g):
    pool = Counter(g.token_pool)
    assert sum(pool.values()) == 19
    for seed in range(30):
        s = g.new_game(2, seed)
        drawn = Counter(s.tok)
        assert None not in drawn and sum(drawn.values()) == 9
        assert all(drawn[t] <= pool[t] for t in drawn)


def test_setup_sheriff_goes_on_nugget_hill(g):
    hill = g.location_of["nugget_hill"]
    seen = 0
    for seed in range(200):
        s = g.new_game(2, seed)
        for cell, t in enumerate(s.tok):
            if t[0] == 6:  # sheriff
                seen += 1
                assert s.loc[cell] == hill
    assert seen > 20  # the sheriff is drawn in about 9/19 of games


def test_setup_cattle_shuffled_onto_tiles_by_printed_number(g):
    for seed in range(10):
        s = g.new_game(2, seed)
        for cell in range(9):
            assert s.tot[cell] == g.location_cattle[s.loc[cell]]
            assert sum(s.cattle[cell * 4 : cell * 4 + 4]) == s.tot[cell]
        for c in range(4):
            assert sum(s.cattle[cell * 4 + c] for cell in range(9)) == 9
        assert sum(s.herd) == 0 and sum(s.removed) == 0


def test_setup_first_player_is_random(g):
    assert {g.new_game(2, seed).first for seed in range(20)} == {0, 1}


def test_start_player_places_the_pawn_on_a_four_cattle_location(g):
    # seed: "The start player then chooses a location with 4 cattle and places the player piece in it"
    s = g.new_game(2, 4)
    assert s.phase == 0 and s.current_player == s.first
    fours = sorted(g.cell_names[c] for c in range(9) if s.tot[c] == 4)
    assert len(fours) == 5
    assert legal(s) == sorted(f"start {c}" for c in fours)
    s.play(f"start {fours[0]}")
    assert s.pawn == g.cell_of[fours[0]]
    assert s.current_player == s.first and s.phase == 1


def test_start_chooser_second_option_lets_the_other_player_place_the_pawn():
    g1 = game(start_chooser="second")
    s = g1.new_game(2, 4)
    assert s.current_player == 1 - s.first
    s.play(legal(s)[0])
    assert s.current_player == s.first


# --- a turn -------------------------------------------------------------------------------------


def test_steal_takes_all_cattle_of_the_chosen_colour():
    s = build(cells={"B2": {"black": 3, "white": 1}, "A1": {"green": 1}}, pawn="B2")
    assert legal(s) == ["steal black", "steal white"]
    s.play("steal black")
    assert s.herd[0] == 3 and s.cattle[4 * 4 + 0] == 0 and s.tot[4] == 1
    assert s.steps == 3


def test_steal_only_a_colour_present_on_the_pawn_location():
    s = build(cells={"B2": {"white": 1}, "A1": {"black": 1}}, pawn="B2")
    with pytest.raises(IllegalAction, match="steal black.*legal: steal white"):
        s.play("steal black")


def test_token_taken_and_applied_when_location_emptied():
    s = build(cells={"B2": {"black": 1}, "A2": {"white": 1}}, tokens={"B2": "nugget:400"}, pawn="B2")
    s.play("steal black")
    assert s.nuggets[0] == [400] and s.tok[4] is None


def test_token_stays_while_cattle_remain():
    s = build(cells={"B2": {"black": 1, "white": 1}, "A2": {"white": 1}}, tokens={"B2": "nugget:400"}, pawn="B2")
    s.play("steal black")
    assert s.nuggets[0] == [] and s.tok[4] == (0, 400)


def test_move_exactly_n_orthogonal_steps():
    cells = {name: {"black": 1} for name in ("A1", "B1", "C1", "A2", "C2", "A3", "B3", "C3")}
    cells["B2"] = {"white": 2}
    s = build(cells=cells, pawn="B2")
    s.play("steal white")
    # two steps from the centre, never straight back, never ending on the start: the corners
    assert legal(s) == ["move A1", "move A3", "move C1", "move C3"]


def test_move_no_doubling_back():
    g = game()
    a1 = g.cell_of["A1"]
    got = sorted(g.cell_names[c] for c in range(9) if g.reach[a1][2] >> c & 1)
    assert got == ["A3", "B2", "C1"]  # A1->B1->A1 and A1->A2->A1 are doubling back
    got3 = sorted(g.cell_names[c] for c in range(9) if g.reach[a1][3] >> c & 1)
    assert got3 == ["A2", "B1", "B3", "C2"]


def _walks(g, start, n, movement):
    """Every exact-n walk's end by brute force (no step straight back), or the cells at distance n."""
    if movement == "distance":
        r0, q0 = divmod(start, 3)
        return {c for c in range(9) if abs(c // 3 - r0) + abs(c % 3 - q0) == n}
    out = set()
    walks = [(start,)]
    for _ in range(n):  # every walk of one more step to a neighbour, never straight back
        walks = [(*w, b) for w in walks for b in g.neighbours[w[-1]] if len(w) < 2 or b != w[-2]]
    for full in walks:
        if full[-1] != start or movement == "loop_allowed":
            out.add(full[-1])
    return out


@pytest.mark.parametrize("movement", ["no_return_to_start", "loop_allowed", "distance"])
def test_move_reach_matches_every_walk(movement):
    g = game(movement=movement)
    for start in range(9):
        for n in range(1, 7):
            want = _walks(g, start, n, movement)
            got = {c for c in range(9) if g.reach[start][n] >> c & 1}
            assert got == want, (start, n)


def test_move_never_ends_on_its_start_by_default():
    # four steps round the 2x2 square A1-B1-B2-A2 come back to A1; by default that is no destination
    s = build(cells={"A1": {"black": 4, "white": 1}, "C3": {"green": 1}}, pawn="A1")
    s.play("steal black")
    assert legal(s) == ["move C3"]


def test_move_loop_allowed_option_may_end_on_the_start_if_it_has_cattle():
    cells = {"A1": {"black": 4, "white": 1}, "C3": {"green": 1}}
    s = build(game(movement="loop_allowed"), cells=cells, pawn="A1")
    s.play("steal black")
    assert legal(s) == ["move A1", "move C3"]
    # without cattle left on the start, the loop has nowhere to stop there
    t = build(game(movement="loop_allowed"), cells={"A1": {"black": 4}, "C3": {"green": 1}}, pawn="A1")
    t.play("steal black")
    assert legal(t) == ["move C3"]


def test_move_distance_option_ends_exactly_n_steps_away_by_the_shortest_path():
    cells = {"A1": {"black": 4}, "B2": {"white": 1}, "C3": {"green": 1}}
    walk = build(cells=cells, pawn="A1")
    walk.play("steal black")
    assert legal(walk) == ["move B2", "move C3"]  # A1-B1-C1-C2-B2 reaches the centre in four steps
    far = build(game(movement="distance"), cells=cells, pawn="A1")
    far.play("steal black")
    assert legal(far) == ["move C3"]  # B2 is only 2 away by the shortest path
    # five or more cows stolen: nothing lies that far on a 3x3 grid, the game ends
    end = build(game(movement="distance"), cells={"A1": {"black": 5}, "C3": {"white": 1}}, pawn="A1")
    end.play("steal black")
    assert end.is_over and end.result().reason == EndReason.NO_LEGAL_MOVE


def test_move_passes_through_empty_locations_but_never_ends_there():
    # B2 is empty: the only two-step destinations holding cattle lie through it or around it
    s = build(cells={"A2": {"black": 2}, "C2": {"white": 1}, "A1": {"green": 1}}, pawn="A2")
    s.play("steal black")
    assert legal(s) == ["move C2"]  # A2->B2->C2 passes the empty centre; A1 is one step away, B2 empty


def test_flip_after_move_gives_the_opponent_the_pawn():
    s = build(cells={"B2": {"black": 1, "white": 1}, "B1": {"green": 1}}, pawn="B2", to_move=0)
    s.play("steal black")
    s.play("move B1")
    assert s.current_player == 1 and s.pawn == 1 and s.phase == 1


def test_token_gains_do_not_count_for_steps():
    s = build(cells={"B2": {"black": 1}, "B1": {"black": 3}, "C3": {"white": 1}, "A2": {"white": 1}},
              tokens={"B2": "branding_iron"}, pawn="B2")
    s.play("steal black")
    s.play("brand B1")
    assert s.herd[0] == 4 and s.steps == 1
    assert legal(s) == ["move A2"]


def test_no_legal_move_ends_the_game_after_that_turn_and_scores():
    # stealing white (2) leaves nowhere to stop two steps away; stealing black (1) can reach B1
    s = build(cells={"B2": {"black": 1, "white": 2}, "B1": {"green": 1}}, pawn="B2")
    assert legal(s) == ["steal black", "steal white"]  # both colours are legal choices
    s.play("steal white")
    assert s.is_over
    out = s.result()
    assert out.reason == EndReason.NO_LEGAL_MOVE
    # Perkins: 2 white x 0 white left = 0; nobody has anything: a draw
    assert out.scores == (0, 0) and out.winners == (0, 1)


# --- tokens -------------------------------------------------------------------------------------


def test_gold_nugget_kept_and_scored_at_face_value():
    s = build(cells={"B2": {"black": 1}, "C3": {"white": 1}}, tokens={"B2": "nugget:500"}, pawn="B2",
              nuggets=[[200], []])
    s.play("steal black")  # one step: nothing with cattle adjacent to B2 -> game ends
    assert s.is_over and s.result().scores == (700, 0) and s.result().winners == (0,)


def test_sheriff_taken_loses_at_once():
    s = build(cells={"B2": {"black": 1}, "B1": {"white": 1}}, tokens={"B2": "sheriff"}, pawn="B2", to_move=1,
              herds=[{}, {"white": 5}])
    s.play("steal black")
    out = s.result()
    assert out.reason == EndReason.ARRESTED and out.winners == (0,)


def test_epidemic_removes_the_colour_from_the_board_only():
    s = build(cells={"B2": {"black": 1}, "A1": {"white": 2, "green": 1}, "C3": {"white": 1}, "B1": {"green": 1}},
              tokens={"B2": "epidemic"}, pawn="B2", herds=[{"white": 3}, {"white": 1}])
    s.play("steal black")
    # any colour may be named (digest: "choose a colour"), also black and orange, gone from the board
    assert legal(s) == ["epidemic black", "epidemic green", "epidemic orange", "epidemic white"]
    s.play("epidemic white")
    assert s.removed[1] == 3 and s.herd[1] == 3 and s.herd[5] == 1
    assert conserved(s) == 1 + 2 + 1 + 1 + 1 + 3 + 1


def test_epidemic_any_colour_may_be_named_even_one_gone_from_the_board():
    # naming a colour with no cow left on the board is legal and kills nothing: a player is never
    # forced to wipe out a colour that scores for them
    s = build(cells={"B2": {"black": 1}, "A1": {"white": 2}, "C2": {"green": 1}},
              tokens={"B2": "epidemic"}, pawn="B2", herds=[{"white": 3, "green": 2}, {}])
    s.play("steal black")
    assert "epidemic orange" in legal(s) and "epidemic black" in legal(s)
    s.play("epidemic orange")
    assert s.removed == [0, 0, 0, 0] and s.cattle[0 * 4 + 1] == 2 and s.cattle[5 * 4 + 3] == 1
    assert legal(s) == ["move C2"]


def test_epidemic_with_no_cattle_left_anywhere_has_no_choice_to_make():
    s = build(cells={"B2": {"black": 1}}, tokens={"B2": "epidemic"}, pawn="B2", herds=[{"white": 3}, {}])
    s.play("steal black")  # the board is now empty: no colour would change anything
    assert s.is_over and s.result().reason == EndReason.NO_LEGAL_MOVE


def test_epidemic_scope_everywhere_option():
    s = build(game(epidemic_scope="everywhere"), cells={"B2": {"black": 1}, "C3": {"white": 1}, "B1": {"green": 1}},
              tokens={"B2": "epidemic"}, pawn="B2", herds=[{"white": 3}, {"white": 1}])
    s.play("steal black")
    s.play("epidemic white")
    assert s.herd[1] == 0 and s.herd[5] == 0 and s.removed[1] == 5


def test_epidemic_discards_tokens_on_locations_it_empties():
    s = build(cells={"B2": {"black": 1}, "C3": {"white": 1}, "B1": {"green": 1}},
              tokens={"B2": "epidemic", "C3": "nugget:500"}, pawn="B2")
    s.play("steal black")
    s.play("epidemic white")
    assert s.tok[8] is None and s.discarded == [(0, 500)] and s.nuggets == [[], []]


def test_emptied_neighbour_token_stay_option_keeps_it_on_the_location():
    s = build(game(emptied_neighbour_token="stay"), cells={"B2": {"black": 1}, "C3": {"white": 1}, "B1": {"green": 1}},
              tokens={"B2": "epidemic", "C3": "nugget:500"}, pawn="B2")
    s.play("steal black")
    s.play("epidemic white")
    assert s.tok[8] == (0, 500) and s.discarded == []


def test_branding_iron_takes_the_stolen_colour_from_one_adjacent_location():
    s = build(cells={"B2": {"black": 2}, "B1": {"black": 2, "white": 1}, "A2": {"black": 1}, "C3": {"black": 4},
                     "A1": {"green": 1}},
              tokens={"B2": "branding_iron"}, pawn="B2")
    s.play("steal black")
    assert legal(s) == ["brand A2", "brand B1"]  # adjacent with black; C3 is not adjacent
    s.play("brand B1")
    assert s.herd[0] == 4 and s.cattle[1 * 4 + 0] == 0 and s.cattle[1 * 4 + 1] == 1 and s.cattle[3 * 4] == 1


def test_branding_iron_discard_option_discards_token_of_neighbour_it_empties():
    s = build(game(emptied_neighbour_token="discard"), cells={"B2": {"black": 1}, "B1": {"black": 2}, "A2": {"white": 1}},
              tokens={"B2": "branding_iron", "B1": "snake_oil"}, pawn="B2")
    s.play("steal black")
    s.play("brand B1")
    assert s.tok[1] is None and s.discarded == [(3, 0)] and not s.extra


def test_branding_iron_all_neighbours_option():
    s = build(game(branding_iron="all_neighbours"),
              cells={"B2": {"black": 1}, "B1": {"black": 2}, "A2": {"black": 1, "white": 1}, "C3": {"black": 1}},
              tokens={"B2": "branding_iron"}, pawn="B2")
    s.play("steal black")
    assert s.herd[0] == 4 and s.cattle[8 * 4] == 1  # C3 is not adjacent
    assert legal(s) == ["move A2"]


def test_snake_oil_gives_another_turn_from_the_new_location():
    s = build(cells={"B2": {"black": 1}, "B1": {"white": 2}, "A1": {"green": 1}}, tokens={"B2": "snake_oil"},
              pawn="B2", to_move=0)
    s.play("steal black")
    s.play("move B1")
    assert s.current_player == 0 and s.pawn == 1 and s.phase == 1
    s.play("steal white")  # no token: the next move flips as usual
    assert legal(s) == ["move A1"] or s.is_over


def test_ambush_takes_a_random_nugget_from_the_opponent():
    s = build(cells={"B2": {"black": 1}, "B1": {"white": 1}}, tokens={"B2": "ambush"}, pawn="B2",
              nuggets=[[], [200, 500, 500]], herds=[{}, {"green": 3}])
    s.play("steal black")
    assert legal(s) == ["ambush cattle green", "ambush nugget"]
    outcomes = s.chance_outcomes(AmbushNugget())
    assert sorted((round(p, 6), child.nuggets[0][0]) for p, child in outcomes) == [(0.333333, 200), (0.666667, 500)]
    s.play("ambush nugget")
    assert len(s.nuggets[0]) == 1 and sorted(s.nuggets[0] + s.nuggets[1]) == [200, 500, 500]


def test_ambush_nugget_draw_uses_the_state_generator():
    import random

    picks = set()
    for seed in range(30):
        s = build(cells={"B2": {"black": 1}, "B1": {"white": 1}}, tokens={"B2": "ambush"}, pawn="B2",
                  nuggets=[[], [200, 500]])
        s.rng = random.Random(seed)
        s.play("steal black")
        s.play("ambush nugget")
        picks.add(s.nuggets[0][0])
    assert picks == {200, 500}


def test_ambush_takes_two_cows_of_one_colour_or_fewer():
    s = build(cells={"B2": {"black": 1}, "B1": {"white": 1}}, tokens={"B2": "ambush"}, pawn="B2",
              herds=[{}, {"green": 3, "orange": 1}])
    s.play("steal black")
    assert legal(s) == ["ambush cattle green", "ambush cattle orange"]  # no nuggets to take
    t = s.clone()
    s.apply(AmbushCattle("green"))
    assert s.herd[3] == 2 and s.herd[4 + 3] == 1
    t.apply(AmbushCattle("orange"))
    assert t.herd[2] == 1 and t.herd[4 + 2] == 0


def test_ambush_with_nothing_to_take_does_nothing():
    s = build(cells={"B2": {"black": 1}, "B1": {"white": 1}}, tokens={"B2": "ambush"}, pawn="B2")
    s.play("steal black")
    assert legal(s) == ["move B1"]


def test_rattlesnake_any_adjacent_option_returns_cows_to_empty_locations_too():
    s = build(game(rattlesnake_targets="any_adjacent"), cells={"B2": {"black": 1}, "C3": {"white": 1}},
              tokens={"B2": "rattlesnake"}, pawn="B2",
              herds=[{"white": 2, "green": 1}, {"orange": 4}])
    s.play("steal black")  # now owns black 1, white 2, green 1
    assert legal(s) == ["rattle black A2", "rattle black B1", "rattle black B3", "rattle black C2"]
    s.play("rattle black B1")  # an empty location may receive a cow and becomes reachable
    s.play("rattle white B1")
    assert legal(s)[0] == "rattle green A2"
    s.play("rattle green C2")
    assert s.herd[:4] == [0, 1, 0, 0] and s.herd[4:] == [0, 0, 4, 0]
    assert s.cattle[1 * 4: 1 * 4 + 4] == [1, 1, 0, 0] and s.tot[5] == 1
    assert legal(s) == ["move B1", "move C2"]


def test_rattlesnake_returns_cows_only_to_adjacent_locations_that_still_have_cattle():
    # seed: "Once a space is cleared, it can not be moved to in a future turn": a cleared ranch never
    # receives cattle again
    s = build(cells={"B2": {"black": 1}, "C2": {"white": 1}, "A1": {"green": 1}},
              tokens={"B2": "rattlesnake"}, pawn="B2", herds=[{"white": 2}, {}])
    s.play("steal black")
    assert legal(s) == ["rattle black C2"]
    s.play("rattle black C2")
    assert legal(s) == ["rattle white C2"]
    s.play("rattle white C2")
    assert s.herd[:4] == [0, 1, 0, 0] and s.cattle[5 * 4: 5 * 4 + 4] == [1, 2, 0, 0]


def test_rattlesnake_with_no_occupied_neighbour_has_no_effect():
    s = build(cells={"B2": {"black": 1}, "A1": {"white": 1}}, tokens={"B2": "rattlesnake"}, pawn="B2",
              herds=[{"white": 2}, {}])
    s.play("steal black")
    assert s.is_over and s.herd[:4] == [1, 2, 0, 0]  # nothing one step away either: scored


# --- end and scoring ----------------------------------------------------------------------------


def test_nine_of_a_colour_wins_at_once():
    s = build(cells={"B2": {"orange": 2}, "B1": {"white": 5}}, pawn="B2", to_move=1,
              herds=[{"white": 4}, {"orange": 7}], nuggets=[[500, 500], []])
    s.play("steal orange")
    out = s.result()
    assert out.reason == EndReason.FULL_HERD and out.winners == (1,)


def test_nine_of_a_colour_and_sheriff_same_turn_loses():
    s = build(cells={"B2": {"orange": 2}, "B1": {"white": 5}}, tokens={"B2": "sheriff"}, pawn="B2", to_move=1,
              herds=[{}, {"orange": 7}])
    s.play("steal orange")
    out = s.result()
    assert out.reason == EndReason.ARRESTED and out.winners == (0,)


def test_nine_of_a_colour_by_ambush_wins():
    s = build(cells={"B2": {"black": 1}, "B1": {"white": 1}}, tokens={"B2": "ambush"}, pawn="B2",
              herds=[{"green": 7}, {"green": 2}])
    s.play("steal black")
    s.play("ambush cattle green")
    assert s.result().reason == EndReason.FULL_HERD and s.result().winners == (0,)


def test_scoring_worked_example_from_the_seed():
    # Perkins owns 4 black and 5 black remain on the board: 4 x $500 = $2000
    s = build(cells={"B2": {"white": 1}, "A1": {"black": 5}}, pawn="B2", herds=[{"black": 4}, {"white": 2}])
    assert s._scores() == (2000, 200)  # Byrd: 2 white x 1 white left
    s.play("steal white")  # one step, nothing adjacent with cattle: the game ends and is scored
    out = s.result()
    assert out.scores == (2000, 0) and out.winners == (0,) and out.reason == EndReason.NO_LEGAL_MOVE  # no white left


def test_scoring_colour_gone_from_board_is_worth_nothing():
    s = build(cells={"B2": {"white": 1}, "A1": {"green": 1}}, pawn="B2", herds=[{"black": 8}, {"green": 1}])
    s.play("steal white")
    out = s.result()
    assert out.scores == (0, 100) and out.winners == (1,)


def test_equal_totals_are_a_draw():
    s = build(cells={"B2": {"white": 1}, "A1": {"green": 1}}, pawn="B2", nuggets=[[300], [300]],
              herds=[{"black": 3}, {}])
    s.play("steal white")
    assert s.result().winners == (0, 1) and s.result().reward(0) == 0.5


def test_draw_result_most_cattle_option_breaks_ties():
    s = build(game(draw_result="most_cattle"), cells={"B2": {"white": 1}, "A1": {"green": 1}}, pawn="B2",
              nuggets=[[300], [300]], herds=[{"black": 3}, {}])
    s.play("steal white")
    assert s.result().winners == (0,)


def test_nugget_values_option_picks_the_reading():
    default = sorted(v for k, v in game().token_pool if k == 0)
    other = sorted(v for k, v in game(nugget_values="pairs_200_300").token_pool if k == 0)
    assert default == [200, 300, 300, 400, 400, 500]
    assert other == [200, 200, 300, 300, 400, 500]


# --- notation and errors ------------------------------------------------------------------------


def test_notation_round_trips_for_every_legal_action(g):
    import random

    rng = random.Random(5)
    for seed in range(5):
        s = g.new_game(2, seed)
        while not s.is_over:
            acts = s.legal_actions()
            for a in acts:
                assert s.parse(str(a)) == a
            s.apply(acts[rng.randrange(len(acts))])


def test_illegal_action_names_the_input_and_the_legal_moves():
    s = build(cells={"B2": {"black": 1}, "B1": {"white": 1}}, pawn="B2")
    with pytest.raises(IllegalAction, match=r"'move C3'.*steal black"):
        s.play("move C3")
    with pytest.raises(IllegalAction):
        s.apply(Move("B1"))
    s.apply(Steal("black"))
    assert legal(s) == ["move B1"]


def test_describe_narrates_actions():
    s = build(cells={"B2": {"orange": 3}, "B1": {"white": 1}}, pawn="B2")
    s.loc = tuple(range(9))
    assert s.describe(Steal("orange")) == f"Eagle Perkins steals 3 orange cattle at {s.game.location_names[4]}."


def test_observation_is_the_full_position():
    s = game().new_game(2, 3)
    obs = s.observation(1)
    assert obs["you"] == 1 and len(obs["cells"]) == 9
    assert all(cell["token"] is not None for cell in obs["cells"].values())


def test_observation_is_perfect_information_and_leaks_no_generator():
    import json

    g = game()
    for seed in range(6):
        s = g.new_game(2, seed)
        rng = __import__("random").Random(seed)
        for _ in range(rng.randrange(0, 8)):
            if s.is_over:
                break
            acts = s.legal_actions()
            s.apply(acts[rng.randrange(len(acts))])
        o0, o1 = s.observation(0), s.observation(1)
        json.dumps(o0)  # JSON-ready
        assert o0["you"] == 0 and o1["you"] == 1
        o0.pop("you"), o1.pop("you")
        assert o0 == o1  # both seats see the same thing: nothing is hidden from either
        text = json.dumps(o0)
        assert "rng" not in o0 and "seed" not in o0  # the future ambush draw cannot be read off it
        assert str(s.rng.getstate()[1][:3])[1:-1] not in text
        # the observation alone rebuilds the whole position
        assert g.state_from_json(o0).state_to_json() == s.state_to_json()


def test_determinize_world_cannot_foresee_the_ambush_draw():
    import random

    s = build(cells={"B2": {"black": 1}, "B1": {"white": 1}}, tokens={"B2": "ambush"}, pawn="B2",
              nuggets=[[], [200, 300, 400, 500]])
    s.rng = random.Random(3)
    s.play("steal black")
    before = s.rng.getstate()
    worlds = [s.determinize(0, random.Random(i)) for i in range(20)]
    assert all(w.rng.getstate() != before for w in worlds)
    assert s.rng.getstate() == before
    picks = set()
    for w in worlds:
        w.play("ambush nugget")
        picks.add(w.nuggets[0][0])
    assert len(picks) > 1


def test_notation_round_trips_for_every_kind_of_action():
    seen = set()
    positions = [
        game().new_game(2, 4),
        build(cells={"B2": {"black": 1}, "A1": {"white": 2}}, tokens={"B2": "epidemic"}, pawn="B2"),
        build(cells={"B2": {"black": 1}, "B1": {"black": 2}}, tokens={"B2": "branding_iron"}, pawn="B2"),
        build(cells={"B2": {"black": 1}, "B1": {"white": 1}}, tokens={"B2": "ambush"}, pawn="B2",
              nuggets=[[], [300]], herds=[{}, {"orange": 2}]),
        build(cells={"B2": {"black": 1}, "C3": {"white": 1}}, tokens={"B2": "rattlesnake"}, pawn="B2"),
    ]
    for s in positions:
        while not s.is_over and s.legal_actions():
            for a in s.legal_actions():
                assert s.parse(str(a)) == a and str(s.parse(str(a).upper())) == str(a)
                seen.add(str(a).split()[0] + (" cattle" if str(a).startswith("ambush cattle") else ""))
            a = sorted(s.legal_actions(), key=str)[0]
            s.apply(a)
    assert {"start", "steal", "move", "epidemic", "brand", "ambush", "ambush cattle", "rattle"} <= seen


def test_setup_sheriff_swaps_with_the_token_drawn_for_nugget_hill():
    """Only two tokens change place: the sheriff goes to Nugget Hill, the token drawn there takes
    the sheriff's place; every other location keeps the token drawn for it."""
    import random

    g = game()
    swapped = 0
    for seed in range(150):
        rng = random.Random(seed)
        order = list(range(9))
        rng.shuffle(order)
        drawn = rng.sample(g.token_pool, 9)
        s = g.new_game(2, seed)
        assert list(s.loc) == order
        hill = order.index(g.location_of["nugget_hill"])
        sheriff = [i for i, t in enumerate(drawn) if t[0] == 6]
        if not sheriff or sheriff[0] == hill:
            assert s.tok == drawn
            continue
        swapped += 1
        want = list(drawn)
        want[hill], want[sheriff[0]] = drawn[sheriff[0]], drawn[hill]
        assert s.tok == want
    assert swapped > 20


def test_token_applied_before_moving_epidemic_can_remove_the_only_destination():
    s = build(cells={"B2": {"black": 1}, "B1": {"white": 2}, "C3": {"green": 1}}, tokens={"B2": "epidemic"},
              pawn="B2")
    s.play("steal black")
    s.play("epidemic white")  # B1 was the only ranch one step away
    assert s.is_over and s.result().reason == EndReason.NO_LEGAL_MOVE


def test_snake_oil_extra_turn_then_the_pawn_flips_as_usual():
    s = build(cells={"B2": {"black": 1}, "B1": {"white": 1, "green": 1}, "A1": {"orange": 1, "green": 1}},
              tokens={"B2": "snake_oil"}, pawn="B2", to_move=0)
    s.play("steal black")
    s.play("move B1")
    assert s.current_player == 0 and s.pawn == 1
    s.play("steal white")
    s.play("move A1")
    assert s.current_player == 1 and s.pawn == 0


# --- round 2 of rules fidelity: the seed's readings as defaults, the others as options -------------


def test_nine_of_a_colour_wins_immediately_before_a_rattlesnake_can_give_one_back():
    # seed: "If a player takes all 9 cattle of any one colour, they win immediately"
    s = build(cells={"B2": {"orange": 2}, "B1": {"white": 1}}, tokens={"B2": "rattlesnake"}, pawn="B2",
              herds=[{"orange": 7}, {}])
    s.play("steal orange")
    assert s.result().reason == EndReason.FULL_HERD and s.result().winners == (0,)
    assert s.herd[2] == 9 and s.tok[4] == (4, 0)  # the rattlesnake was never applied


def test_full_herd_check_end_of_turn_option_lets_a_rattlesnake_give_one_back_first():
    s = build(game(full_herd_check="end_of_turn"), cells={"B2": {"orange": 2}, "B1": {"white": 1}, "A1": {"green": 1}},
              tokens={"B2": "rattlesnake"}, pawn="B2", herds=[{"orange": 7}, {}])
    s.play("steal orange")
    assert legal(s) == ["rattle orange B1"]
    s.play("rattle orange B1")
    assert not s.is_over and s.herd[2] == 8 and legal(s) == ["move A1"]


def test_nine_of_a_colour_by_branding_iron_wins_before_the_next_token():
    s = build(cells={"B2": {"orange": 1}, "B1": {"orange": 2}, "C3": {"white": 1}},
              tokens={"B2": "branding_iron", "B1": "snake_oil"}, pawn="B2", herds=[{"orange": 6}, {}])
    s.play("steal orange")
    s.play("brand B1")
    assert s.result().reason == EndReason.FULL_HERD and s.result().winners == (0,)
    assert not s.extra and s.pending == ((1, (3, 0)),)  # the neighbour's snake oil never came into play


def test_emptied_neighbour_token_is_taken_and_applied_right_after_the_branding_iron():
    # seed: "the player who took the last longhorn must take the token present and activate it"
    s = build(cells={"B2": {"black": 1}, "B1": {"black": 2}, "A2": {"white": 1}},
              tokens={"B2": "branding_iron", "B1": "snake_oil"}, pawn="B2", to_move=0)
    s.play("steal black")
    s.play("brand B1")
    assert s.tok[1] is None and s.discarded == [] and s.extra and s.used[0] == [2, 3]
    s.play("move A2")
    assert s.current_player == 0  # the snake oil's extra turn


def test_emptied_neighbour_token_acts_from_its_own_location():
    # the nugget-free chain: a second branding iron, taken at B1, brands B1's neighbours (A1, C1), not B2's
    s = build(cells={"B2": {"black": 1}, "B1": {"black": 2}, "A1": {"black": 3}, "A2": {"black": 1},
                     "C3": {"white": 1}},
              tokens={"B2": "branding_iron", "B1": "branding_iron"}, pawn="B2")
    s.play("steal black")
    assert legal(s) == ["brand A2", "brand B1"]
    s.play("brand B1")
    assert legal(s) == ["brand A1"]  # A2 is no neighbour of B1
    s.play("brand A1")
    assert s.herd[0] == 6 and s.cattle[3 * 4] == 1


def test_emptied_neighbour_sheriff_taken_by_branding_arrests_at_once():
    s = build(cells={"B2": {"black": 1}, "B1": {"black": 2}, "A2": {"white": 1}},
              tokens={"B2": "branding_iron", "B1": "sheriff"}, pawn="B2", to_move=1, herds=[{}, {"black": 6}])
    s.play("steal black")
    s.play("brand B1")  # also the 9th black cow: the sheriff taken with the same gain still loses
    assert s.result().reason == EndReason.ARRESTED and s.result().winners == (0,)


def test_emptied_neighbour_tokens_of_all_neighbours_come_in_reading_order():
    s = build(game(branding_iron="all_neighbours"),
              cells={"B2": {"black": 1}, "B1": {"black": 1}, "A2": {"black": 1}, "C3": {"white": 1}},
              tokens={"B2": "branding_iron", "B1": "nugget:300", "A2": "nugget:500"}, pawn="B2")
    s.play("steal black")
    assert s.nuggets[0] == [300, 500] and s.tok[1] is None and s.tok[3] is None


def test_epidemic_emptied_tokens_are_discarded_under_take():
    # nobody took the last cow of a ranch an epidemic empties: its token is discarded unused
    s = build(cells={"B2": {"black": 1}, "C3": {"white": 1}, "B1": {"green": 1}},
              tokens={"B2": "epidemic", "C3": "nugget:500"}, pawn="B2")
    s.play("steal black")
    s.play("epidemic white")
    assert s.tok[8] is None and s.discarded == [(0, 500)] and s.nuggets == [[], []]


def test_branding_iron_any_colour_option_takes_every_cow_of_one_colour_from_one_neighbour():
    s = build(game(branding_iron="any_colour"),
              cells={"B2": {"black": 1}, "B1": {"white": 2, "green": 1}, "C2": {"orange": 1}, "A1": {"black": 1}},
              tokens={"B2": "branding_iron"}, pawn="B2")
    s.play("steal black")
    assert legal(s) == ["brand B1 green", "brand B1 white", "brand C2 orange"]
    a = s.parse("brand B1 white")
    assert str(a) == "brand B1 white" and s.parse(str(a)) == a
    s.play("brand B1 white")
    assert s.herd[:4] == [1, 2, 0, 0] and s.cattle[1 * 4: 1 * 4 + 4] == [0, 0, 0, 1]
    assert s.steps == 1  # steps still count the steal only


def test_dangerous_locations_avoid_option_keeps_the_pawn_off_sheriff_and_rattlesnake():
    cells = {"B2": {"black": 1}, "B1": {"white": 1}, "A2": {"white": 1}, "C2": {"green": 1}}
    tokens = {"B1": "sheriff", "A2": "rattlesnake", "C2": "nugget:300"}
    free = build(cells=cells, tokens=tokens, pawn="B2")
    free.play("steal black")
    assert legal(free) == ["move A2", "move B1", "move C2"]
    safe = build(game(dangerous_locations="avoid"), cells=cells, tokens=tokens, pawn="B2")
    safe.play("steal black")
    assert legal(safe) == ["move C2"]
    # when every destination is dangerous, they stay legal
    only = build(game(dangerous_locations="avoid"), cells={"B2": {"black": 1}, "B1": {"white": 1}},
                 tokens={"B1": "sheriff"}, pawn="B2")
    only.play("steal black")
    assert legal(only) == ["move B1"]
