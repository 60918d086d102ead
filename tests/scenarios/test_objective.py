"""The objective: its printed line, and the referee's check on constructed end states."""

from __future__ import annotations

from generator.engine.colt_express.actions import OVER as COLT_OVER
from generator.games import load_game
from generator.schema.scenarios import Objective
from generator.scenarios import objective
from generator.scenarios.vocab import vocabulary

from tests.support.longhorn import build


def _obj(**kw) -> Objective:
    return Objective.model_validate(kw)


def _longhorn_end(scores, winners):
    """A finished Longhorn position with this outcome (scores for seats 0 and 1)."""
    return build(cells={"A1": {"black": 1}}, pawn="A1",
                 outcome={"scores": list(scores), "winners": list(winners), "reason": "no_legal_move"})


def test_win_means_winning_alone():
    assert objective.achieved(_longhorn_end((3000, 2000), (0,)), 0, _obj())
    assert not objective.achieved(_longhorn_end((3000, 2000), (0,)), 1, _obj())
    assert not objective.achieved(_longhorn_end((2500, 2500), (0, 1)), 0, _obj())


def test_share_accepts_a_shared_win():
    assert objective.achieved(_longhorn_end((2500, 2500), (0, 1)), 1, _obj(result="share"))
    assert not objective.achieved(_longhorn_end((3000, 2000), (0,)), 1, _obj(result="share"))


def test_min_score_needs_that_final_score():
    end = _longhorn_end((3000, 2000), (0,))
    assert objective.achieved(end, 0, _obj(min_score=3000))
    assert not objective.achieved(end, 0, _obj(min_score=3100))


def test_margin_needs_that_lead_over_every_other_player():
    end = _longhorn_end((3000, 2000), (0,))
    assert objective.achieved(end, 0, _obj(margin=1000))
    assert not objective.achieved(end, 0, _obj(margin=1100))


def test_any_result_with_a_score_needs_only_the_score():
    end = _longhorn_end((3000, 4000), (1,))
    assert objective.achieved(end, 0, _obj(result="any", min_score=2500))


def _colt_end(received, purses):
    g = load_game("colt_express", character_assignment="in_order", first_player="seat_1", two_player_game="one_bandit")
    data = g.new_game(2, 1).to_json()
    st = data["state"]
    st["phase"] = COLT_OVER
    st["received"] = list(received)
    st["b_purses"] = [list(p) for p in purses]
    st["b_seen"] = [[3] * len(p) for p in purses]
    st["fired"] = [0, 0]
    return g.from_json(data)


def test_colt_max_bullets_counts_the_bullet_cards_received():
    end = _colt_end(received=[2, 0], purses=[[250, 500, 500], [250]])
    assert end.result().winners == (0,)
    assert objective.achieved(end, 0, _obj(max_bullets=2))
    assert not objective.achieved(end, 0, _obj(max_bullets=1))
    assert objective.achieved(end, 0, _obj(min_score=1250)) and not objective.achieved(end, 0, _obj(min_score=1300))


def _wow_end(buildings):
    g = load_game("way_out_west")
    data = g.new_game(3, 1).to_json()
    st = data["state"]
    st["phase"] = "over"
    for town, owners in buildings.items():
        for b, owner in owners.items():
            st["buildings"][town][b] = owner
    return g.from_json(data)


def test_wow_control_means_leading_the_town_buildings_alone():
    end = _wow_end({"dodge-city": {"bank": "red", "store": "red", "hotel": "blue"}, "abilene": {"bank": "red", "jail": "blue"}})
    assert objective.achieved(end, 0, _obj(result="any", control="dodge-city"))
    assert not objective.achieved(end, 1, _obj(result="any", control="dodge-city"))
    assert not objective.achieved(end, 0, _obj(result="any", control="abilene"))  # a tie controls nothing
    assert not objective.achieved(end, 0, _obj(result="any", control="deadwood"))  # nobody built there


def test_objective_lines_are_one_printable_sentence():
    lh, wow, colt = (load_game(g) for g in ("longhorn", "way_out_west", "colt_express"))
    text = lambda game, g, **kw: objective.text(_obj(**kw), vocabulary(game), g)  # noqa: E731
    assert text("longhorn", lh) == "Win."
    assert text("longhorn", lh, result="share") == "Win or share the win."
    assert text("colt_express", colt, min_score=1500) == "Win with at least $1,500."
    assert text("colt_express", colt, margin=500) == "Win by at least $500."
    assert text("colt_express", colt, max_bullets=2) == "Win receiving at most two bullet cards."
    assert text("colt_express", colt, result="any", min_score=2000) == "Finish with at least $2,000."
    assert text("way_out_west", wow, control="dodge-city") == "Win and control Dodge City at the end (lead its buildings alone)."
    assert text("way_out_west", wow, result="any", control="dodge-city") == "Control Dodge City at the end (lead its buildings alone)."
    assert text("way_out_west", wow, min_score=20) == "Win with at least 20 VP."
