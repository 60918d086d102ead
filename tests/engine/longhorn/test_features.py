"""Longhorn's decision-table vocabulary, feature by feature, on constructed positions: each value is
what a person counts at the table, as content/longhorn/features.yaml words it."""

from __future__ import annotations

from generator.engine.longhorn.features import VOCABULARY, decision_kind, evaluate

from tests.support.longhorn import build, game

ALL = set(VOCABULARY)


def _by_action(state):
    values = evaluate(state, ALL)
    return {str(a): v for a, v in zip(state.legal_actions(), values)}


def test_steal_counts_cows_taken_owned_after_rival_owns_and_left_on_range():
    s = build(cells={"B2": {"white": 3, "black": 1}, "A1": {"white": 2}, "C3": {"white": 1}}, pawn="B2",
              herds=[{"white": 1}, {"white": 2}])
    f = _by_action(s)["steal white"]
    assert (f["cows_taken"], f["owned_after"], f["rival_owns"], f["left_on_range"]) == (3, 4, 2, 3)
    assert f["majority_after"] == 1 and f["completes_herd"] == 0 and f["empties_ranch"] == 0
    assert decision_kind(s) == "steal"


def test_raises_lead_is_the_sign_of_the_money_change():
    # white: 3 stolen, 3 left, the bot's lead in white before is 1 - 2 = -1 < 3: the lead rises
    s = build(cells={"B2": {"white": 3, "black": 1}, "A1": {"white": 3, "black": 1}}, pawn="B2",
              herds=[{"white": 1, "black": 6}, {"white": 2}])
    f = _by_action(s)
    assert f["steal white"]["raises_lead"] == 1
    # black: 1 stolen, 1 left, the bot's lead in black is 6: taking a cow off the range costs it money
    assert f["steal black"]["raises_lead"] == 0
    before = s._scores()
    t = s.clone()
    t.play("steal black")
    after = t._scores()
    assert after[0] - after[1] < before[0] - before[1]


def test_completes_herd_and_the_tokens_a_steal_takes():
    s = build(cells={"B2": {"white": 3}, "A1": {"green": 1}}, tokens={"B2": "nugget:400"}, pawn="B2",
              herds=[{"white": 6}, {}])
    f = _by_action(s)["steal white"]
    assert f["completes_herd"] == 1 and f["empties_ranch"] == 1 and f["nugget_taken"] == 4
    for token, feature in (("sheriff", "takes_sheriff"), ("snake_oil", "takes_helper"), ("rattlesnake", "takes_rattlesnake")):
        s = build(cells={"B2": {"white": 3}, "A1": {"green": 1}}, tokens={"B2": token}, pawn="B2")
        f = _by_action(s)["steal white"]
        assert f[feature] == 1 and f["nugget_taken"] == 0


def test_ends_game_ahead_or_behind_counts_the_final_money():
    # stealing 2 white leaves nothing two steps away: the game ends. Bot: 2 white x 1 left = $200 + 0
    s = build(cells={"B2": {"white": 2}, "B1": {"white": 1}}, pawn="B2", herds=[{}, {"white": 1}])
    f = _by_action(s)["steal white"]
    assert f["ends_game"] == 1 and f["ends_ahead"] == 1 and f["ends_behind"] == 0
    s = build(cells={"B2": {"white": 2}, "B1": {"white": 1}}, pawn="B2", herds=[{}, {"white": 3}])
    f = _by_action(s)["steal white"]
    assert f["ends_game"] == 1 and f["ends_ahead"] == 0 and f["ends_behind"] == 1


def test_rides_and_the_poorest_ranch_the_rival_is_sent_to():
    cells = {"B2": {"white": 1, "black": 1}, "B1": {"green": 3}, "A2": {"orange": 1, "green": 1}, "C3": {"black": 2}}
    s = build(cells=cells, pawn="B2")
    f = _by_action(s)["steal white"]
    assert f["rides"] == 2 and f["rival_best_min"] == 1  # B1 offers 3 green, A2 at most 1


def test_can_force_sheriff_and_safe_ride():
    cells = {"B2": {"white": 1, "black": 1}, "B1": {"green": 1}, "A2": {"orange": 2, "green": 1}}
    s = build(cells=cells, tokens={"B1": "sheriff"}, pawn="B2")
    f = _by_action(s)["steal white"]
    assert f["can_force_sheriff"] == 1  # B1 holds one colour and the sheriff
    assert f["safe_ride"] == 1


def test_next_thief_features_at_a_ranch():
    # the rival could take all 9 green at A2 (owns 7): it can win at once there; at B1 either steal ends
    # the game (nothing one step away) with the bot ahead (6 black x 3 or 4 left)
    cells = {"B2": {"white": 1}, "B1": {"black": 1, "orange": 1}, "A2": {"green": 2, "white": 1}, "C3": {"black": 3}}
    s = build(cells=cells, pawn="B2", herds=[{"black": 6}, {"green": 7}])
    s.play("steal white")
    assert decision_kind(s) == "move"
    f = _by_action(s)
    assert f["move A2"]["next_can_win"] == 1 and f["move B1"]["next_can_win"] == 0
    assert f["move A2"]["ranch_biggest_group"] == 2 and f["move B1"]["ranch_colours"] == 2
    assert f["move B1"]["next_is_bot"] == 0


def test_forces_sheriff_and_ranch_tokens():
    cells = {"B2": {"white": 1}, "B1": {"black": 2}, "A2": {"green": 1, "orange": 1}, "C2": {"white": 1}}
    s = build(cells=cells, tokens={"B1": "sheriff", "A2": "nugget:300", "C2": "ambush"}, pawn="B2")
    s.play("steal white")
    f = _by_action(s)
    assert f["move B1"]["forces_sheriff"] == 1 and f["move B1"]["ranch_sheriff"] == 1
    assert f["move A2"]["forces_sheriff"] == 0 and f["move A2"]["ranch_nugget"] == 3
    assert f["move C2"]["ranch_helper"] == 1


def test_next_is_bot_after_snake_oil():
    cells = {"B2": {"white": 1}, "B1": {"black": 2}, "C3": {"green": 1}}
    s = build(cells=cells, tokens={"B2": "snake_oil"}, pawn="B2")
    s.play("steal white")
    f = _by_action(s)["move B1"]
    assert f["next_is_bot"] == 1


def test_next_raise_max_counts_the_biggest_group_that_raises_the_thief_lead():
    # at B1 the rival (seat 1) could steal 3 black (1 left; their lead in black is 0) or 2 green (their
    # lead in green is 5 > 0 left): only black raises their lead
    cells = {"B2": {"white": 1}, "B1": {"black": 3, "green": 2}, "A1": {"black": 1}}
    s = build(cells=cells, pawn="B2", herds=[{}, {"green": 5}])
    s.play("steal white")
    assert _by_action(s)["move B1"]["next_raise_max"] == 3


def test_epidemic_features():
    s = build(cells={"B2": {"black": 1}, "A1": {"white": 2}, "C3": {"green": 1}, "B1": {"orange": 1}},
              tokens={"B2": "epidemic"}, pawn="B2", herds=[{"white": 1}, {"white": 4}])
    s.play("steal black")
    assert decision_kind(s) == "epidemic"
    f = _by_action(s)["epidemic white"]
    assert (f["colour_on_range"], f["owned"], f["rival_owns"], f["rival_owns_more"], f["rival_edge"]) == (2, 1, 4, 1, 3)


def test_brand_and_ambush_features():
    s = build(cells={"B2": {"black": 1}, "B1": {"black": 2}, "C3": {"white": 1}}, tokens={"B2": "branding_iron", "B1": "nugget:500"},
              pawn="B2", herds=[{"black": 2}, {}])
    s.play("steal black")
    f = _by_action(s)["brand B1"]
    assert f["cows_taken"] == 2 and f["owned_after"] == 5 and f["empties_ranch"] == 1 and f["nugget_taken"] == 5
    s = build(cells={"B2": {"black": 1}, "B1": {"white": 1}}, tokens={"B2": "ambush"}, pawn="B2",
              herds=[{"green": 7}, {"green": 2}], nuggets=[[], [300]])
    s.play("steal black")
    f = _by_action(s)
    assert f["ambush cattle green"]["completes_herd"] == 1 and f["ambush cattle green"]["cows_taken"] == 2
    assert f["ambush nugget"]["is_nugget"] == 1 and f["ambush nugget"]["cows_taken"] == 0
    assert f["ambush nugget"]["rival_nuggets"] == 1


def test_rattle_features_describe_the_ranch_before_the_cow_arrives():
    s = build(cells={"B2": {"black": 1}, "C2": {"white": 2, "green": 1}, "B1": {"orange": 1}},
              tokens={"B2": "rattlesnake"}, pawn="B2", herds=[{"white": 1}, {}])
    s.play("steal black")
    f = _by_action(s)
    assert f["rattle black C2"]["ranch_cattle"] == 3 and f["rattle black C2"]["group_after"] == 1
    s.play("rattle black B1")
    f = _by_action(s)
    assert f["rattle white C2"]["group_after"] == 3


def test_position_features_bot_ahead_and_ranches_left():
    s = build(cells={"B2": {"white": 1}, "A1": {"white": 1}}, pawn="B2", herds=[{"white": 2}, {}])
    f = _by_action(s)["steal white"]
    assert f["bot_ahead"] == 1 and f["ranches_left"] == 2


def test_every_feature_is_computed_at_every_decision_kind_it_is_defined_at():
    """Random play through many games: each decision's candidates carry every feature of its kind."""
    import random

    g = game()
    for seed in range(25):
        s = g.new_game(2, seed)
        rng = random.Random(seed)
        while not s.is_over:
            acts = s.legal_actions()
            kind = decision_kind(s)
            want = {n for n, kinds in VOCABULARY.items() if kind in kinds}
            for v in evaluate(s, ALL):
                assert want <= set(v), (kind, want - set(v))
                assert all(isinstance(x, int) and x >= 0 for x in v.values())
            s.apply(acts[rng.randrange(len(acts))])


def test_sheriff_single_after_warns_of_a_sheriff_ranch_left_with_one_colour():
    s = build(cells={"B2": {"white": 2, "black": 1, "green": 1}, "A1": {"green": 1}}, tokens={"B2": "sheriff"}, pawn="B2")
    f = _by_action(s)
    assert f["steal white"]["sheriff_single_after"] == 0  # black and green stay
    s = build(cells={"B2": {"white": 2, "black": 1}, "A1": {"green": 1}}, tokens={"B2": "sheriff"}, pawn="B2")
    f = _by_action(s)
    assert f["steal white"]["sheriff_single_after"] == 1 and f["steal black"]["sheriff_single_after"] == 1


def test_ahead_after_compares_the_final_count_right_after_the_steal():
    # the bot steals 2 white (1 left on the range): 2 x 1 = $200 against the rival's 0; the ride goes on
    s = build(cells={"B2": {"white": 2, "black": 1}, "A1": {"white": 1}}, pawn="B2")
    f = _by_action(s)
    assert f["steal white"]["ahead_after"] == 1 and f["steal white"]["ends_game"] == 0
    # when the rival's herd is worth more, one black cow does not put the bot ahead
    s = build(cells={"B2": {"white": 2, "black": 1}, "A1": {"white": 1}, "C3": {"black": 1}}, pawn="B2",
              herds=[{}, {"white": 3}])
    f = _by_action(s)
    assert f["steal black"]["ahead_after"] == 0  # rival: 3 white x 3 left = $900; bot: 1 black x 1 = $100


def test_sheriff_alone_says_the_sheriffs_ranch_holds_one_colour_only():
    """A glance read once for the whole range: the same for every choice, at the steal and the ride."""
    s = build(cells={"B2": {"white": 2, "black": 1}, "B1": {"black": 2}, "C3": {"green": 1}}, tokens={"B1": "sheriff"})
    assert {f["sheriff_alone"] for f in _by_action(s).values()} == {1}
    s.play("steal white")  # (the ride's choices: the sheriff's ranch is as it was)
    assert {f["sheriff_alone"] for f in _by_action(s).values()} == {1}
    s = build(cells={"B2": {"white": 2}, "B1": {"black": 2, "green": 1}, "C3": {"green": 1}}, tokens={"B1": "sheriff"})
    assert {f["sheriff_alone"] for f in _by_action(s).values()} == {0}  # two colours there
    s = build(cells={"B2": {"white": 2}, "B1": {"black": 2}}, pawn="B2")
    assert {f["sheriff_alone"] for f in _by_action(s).values()} == {0}  # no sheriff on the range


def test_rival_herd_max_counts_the_rivals_biggest_one_colour_herd():
    s = build(cells={"B2": {"white": 2, "black": 1}, "A1": {"white": 1}}, herds=[{"white": 7}, {"black": 2, "green": 5}])
    assert {f["rival_herd_max"] for f in _by_action(s).values()} == {5}  # the bot's own 7 white do not count
    s = build(cells={"B2": {"white": 2, "black": 1}, "A1": {"white": 1}}, herds=[{"white": 7}, {}])
    assert {f["rival_herd_max"] for f in _by_action(s).values()} == {0}
