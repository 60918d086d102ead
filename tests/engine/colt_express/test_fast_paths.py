"""Colt Express engine fast paths give exactly what the plain paths give.

The scheming turn's action lists are kept by hand in the configuration's card tables
(`SchemeMixin._scheme_choices`, shared by every game of that configuration); these tests hold each
list given to the one made afresh from the hand at every scheming turn of seeded games (both player
counts' rules, the expert variant, Ghost's first card, an empty deck's draw or pass).
"""

from __future__ import annotations

import random

import pytest

from generator.engine.colt_express.actions import SCHEME
from generator.games import load_game


def _made_afresh(st) -> list:
    s, hidden = st.steps[st.step]
    cfg = st.cfg
    ghost = st.ghost_pending and s == cfg.ghost_seat and not hidden
    return st._scheme_list(s, hidden, sorted(set(st.hand[s])), ghost)


@pytest.mark.parametrize("players,options", [
    (4, {}),
    (2, {}),
    (3, {"expert_variant": True}),
    (5, {"empty_deck_draw": "pass"}),
    (6, {"bot_open_seats": "2,4"}),
])
def test_scheming_actions_from_the_shared_lists_are_the_lists_made_afresh(players, options):
    game = load_game("colt_express", **options)
    rng = random.Random(players)
    checked = 0
    for seed in range(12):
        st = game.new_game(players, seed=seed)
        st.narrate = False
        while not st.is_over:
            acts = st.legal_actions()
            if st.phase == SCHEME and not st.cfg.bot[st.steps[st.step][0]]:
                want = _made_afresh(st)
                assert acts == want and [type(a) for a in acts] == [type(a) for a in want]
                assert list(st._scheme_choices()) == want
                checked += 1
            st.apply(acts[rng.randrange(len(acts))])
    assert checked > 200
