"""Colt Express's decision-table vocabulary on constructed positions: each feature as its printed text
says, the printed tie-break (toward the locomotive, then the lower seat), the table bot following a
rule exactly, and hidden information (the table bot's choices never depend on what its seat cannot see)."""

from __future__ import annotations

import random
import textwrap

import pytest

from generator.bots.table import TableBot, decide
from generator.content import load_content, load_table_file
from generator.engine.colt_express import features as F
from generator.engine.colt_express.actions import BULLET, RESOLVE

from tests.support.colt_express import BELLE, CHEYENNE, DJANGO, GHOST, KIND, TUCO, clear_loot, place, position, scheme, steal
from tests.support.paths import REPO

C = load_content("colt_express")
C_DESIGNER = REPO / "content" / "colt_express" / "tables" / "start" / "designer.yaml"


def rows(st, wanted=None):
    """{action text: features} for the decision in hand."""
    names = set(F.VOCABULARY) if wanted is None else wanted
    return {str(a): f for a, f in zip(st.legal_actions(), F.evaluate(st, names))}


def table(tmp_path, body: str):
    tmp_path.mkdir(parents=True, exist_ok=True)
    path = tmp_path / "house.yaml"
    path.write_text("game: colt_express\nlevel: normal\nbot_seat: true\ndecisions:\n" + textwrap.indent(textwrap.dedent(body), "  "))
    return load_table_file(path, load_content("colt_express"))


def choose(tab, st, seed=0):
    bot = TableBot(seed, table=tab)
    return str(bot.choose(st)), bot.last


def test_content_features_match_the_engine_vocabulary():
    assert set(F.VOCABULARY) == set(C.features)
    for name, kinds in F.VOCABULARY.items():
        assert tuple(C.features[name].decisions) == kinds, name
    kinds = {k for ks in F.VOCABULARY.values() for k in ks}
    assert kinds <= set(C.decisions)
    assert F.HAND_KINDS <= set(C.decisions)


# --- decision kinds --------------------------------------------------------------------------------


def test_decision_kind_follows_the_card_resolving():
    st = position(4)
    clear_loot(st)
    place(st, GHOST, 2)
    st.spot_jewels[4] = 1
    st.spot_purses[4] = [300]
    steal(st, [("rob", GHOST)])
    assert st.phase == RESOLVE and F.decision_kind(st) == "rob"


# --- moving ----------------------------------------------------------------------------------------


def test_move_features_describe_the_spot_it_would_stop_on():
    st = position(4)
    clear_loot(st)
    place(st, GHOST, 2, roof=True)
    place(st, TUCO, 1, roof=True)
    st.b_jewels[TUCO] = 1  # Tuco holds $250 + a jewel: 2 + 5
    place(st, CHEYENNE, 4, roof=True)
    place(st, DJANGO, 4)
    st.spot_purses[3] = [400]  # the roof of car 1 (spot 2 * 1 + 1)
    st.spot_jewels[2] = 2  # inside car 1
    st.marshal = 1
    steal(st, [("move", GHOST)])
    r = rows(st)
    one = r["move -1"]
    assert one["dest_loot"] == 2  # a purse counts as the starting purse, rounded down to $100s
    assert one["dest_wagon_loot"] == 2 + 10
    assert one["dest_rivals"] == 1 and one["dest_rival_loot"] == 7
    assert one["dest_marshal"] == 0  # on the roof: the marshal is below
    assert one["toward_locomotive"] == 1 and one["wagons_moved"] == 1
    assert r["move +2"]["toward_locomotive"] == 0 and r["move +2"]["wagons_moved"] == 2
    assert r["move +1"]["dest_rivals"] == 0 and r["move +1"]["dest_rival_loot"] == 0
    # from car 3's roof the nearest roof bandits are Tuco (car 1) and Cheyenne (car 4)
    assert r["move +1"]["dest_in_sight"] == 2


def test_move_inside_into_the_marshals_wagon_is_flagged():
    st = position(4)
    clear_loot(st)
    place(st, GHOST, 2)
    st.marshal = 1
    steal(st, [("move", GHOST)])
    r = rows(st)
    assert r["move -1"]["dest_marshal"] == 1 and r["move +1"]["dest_marshal"] == 0


# --- robbing, shooting, punching, the marshal --------------------------------------------------------


def test_loot_worth_counts_printed_values_and_a_purse_at_the_starting_value():
    st = position(4)
    clear_loot(st)
    place(st, GHOST, 2)
    st.spot_purses[4] = [500]
    st.spot_jewels[4] = 1
    st.spot_boxes[4] = 1
    steal(st, [("rob", GHOST)])
    r = rows(st)
    assert (r["rob purse"]["loot_worth"], r["rob jewel"]["loot_worth"], r["rob strongbox"]["loot_worth"]) == (2, 5, 10)


def test_fire_features_name_the_target_its_loot_and_the_leader():
    st = position(4)
    clear_loot(st)
    place(st, TUCO, 2)
    place(st, GHOST, 1)
    place(st, CHEYENNE, 3, roof=True)  # Tuco shoots through the floor: not his own wagon's roof
    place(st, DJANGO, 3)
    st.b_boxes[DJANGO] = 1  # Django's player leads the rivals
    st.received[0] = 3
    steal(st, [("fire", TUCO)])
    r = rows(st)
    assert set(r) == {"fire Ghost", "fire Django"}
    assert r["fire Django"]["target_loot"] == 12 and r["fire Django"]["target_leads"] == 1
    assert r["fire Ghost"]["target_leads"] == 0 and r["fire Ghost"]["target_received"] == 3
    assert r["fire Ghost"]["target_toward_locomotive"] == 1 and r["fire Django"]["target_toward_locomotive"] == 0
    assert r["fire Ghost"]["target_on_roof"] == 0 and r["fire Ghost"]["own_bandit"] == 0


def test_own_bandit_is_flagged_in_the_two_player_game():
    st = position(2)  # seat 1: Ghost and Cheyenne; seat 2: Tuco and Django
    clear_loot(st)
    place(st, GHOST, 2)
    place(st, CHEYENNE, 2)
    place(st, TUCO, 2)
    steal(st, [("punch", GHOST)])
    r = rows(st)
    own = [f for a, f in r.items() if "Cheyenne" in a]
    rival = [f for a, f in r.items() if "Tuco" in a]
    assert own and all(f["own_bandit"] == 1 for f in own)
    assert rival and all(f["own_bandit"] == 0 for f in rival)


def test_punch_features_the_dropped_loot_the_knock_and_cheyennes_pocket():
    st = position(4)
    clear_loot(st)
    place(st, CHEYENNE, 2)
    place(st, TUCO, 2)
    st.b_jewels[TUCO] = 1
    st.marshal = 1
    steal(st, [("punch", CHEYENNE)])
    r = rows(st)
    assert r["punch Tuco drop jewel to -1"]["drop_worth"] == 5
    assert r["punch Tuco drop purse to -1"]["drop_worth"] == 2
    assert r["punch Tuco drop purse to +1 take"]["pockets_purse"] == 1
    assert r["punch Tuco drop purse to +1"]["pockets_purse"] == 0
    assert r["punch Tuco drop jewel to -1"]["knock_to_marshal"] == 1  # inside, into the marshal's wagon
    assert r["punch Tuco drop jewel to +1"]["knock_to_marshal"] == 0
    assert r["punch Tuco drop jewel to -1"]["knock_toward_locomotive"] == 1


def test_marshal_features_count_who_flees_where_he_enters():
    st = position(4)
    clear_loot(st)
    st.marshal = 2
    place(st, GHOST, 1)
    place(st, TUCO, 3)
    place(st, CHEYENNE, 3)
    place(st, DJANGO, 1, roof=True)  # on the roof: the marshal does not reach him
    st.spot_jewels[6] = 1
    steal(st, [("marshal", GHOST)])
    r = rows(st)
    assert r["marshal -1"]["marshal_hits_rivals"] == 0 and r["marshal -1"]["marshal_hits_own"] == 1
    assert r["marshal +1"]["marshal_hits_rivals"] == 2 and r["marshal +1"]["marshal_wagon_loot"] == 5
    assert r["marshal -1"]["toward_locomotive"] == 1


def test_bot_leads_compares_counted_loot_with_every_rival_player():
    st = position(4)
    clear_loot(st)
    place(st, GHOST, 2)
    st.spot_jewels[4] = 1
    st.spot_purses[4] = [300]
    steal(st, [("rob", GHOST)])
    assert st.phase == RESOLVE
    assert all(f["bot_leads"] == 0 for f in rows(st).values())  # everyone holds one purse
    st.b_jewels[GHOST] = 1
    assert all(f["bot_leads"] == 1 for f in rows(st).values())


# --- a seat with a hand: the cards -------------------------------------------------------------------


def test_scheme_features_name_the_card_and_where_its_bandit_stands():
    st = position(4)
    clear_loot(st)
    place(st, GHOST, 2)
    place(st, TUCO, 2)
    st.spot_jewels[4] = 1
    scheme(st, "braking_2_4", {0: ["rob", "fire", "fire"]})
    r = rows(st)
    assert set(r) == {"play Rob", "play Fire", "play Rob hidden", "play Fire hidden", "draw"}  # Ghost's first card
    assert r["play Rob"]["card_rob"] == 1 and r["play Rob"]["card_fire"] == 0
    assert r["play Rob"]["loot_here"] == 5 and r["play Rob"]["rivals_here"] == 1
    assert r["play Rob hidden"]["face_down"] == 1 and r["play Rob"]["face_down"] == 0
    assert r["draw"]["is_draw"] == 1 and r["draw"]["playable_cards"] == 3


def test_loot_next_counts_the_richer_neighbouring_wagon_on_the_bandits_level():
    st = position(4)
    clear_loot(st)
    place(st, GHOST, 2)
    st.spot_jewels[2] = 1  # wagon 1, inside: a jewel ($500)
    st.spot_boxes[6] = 1  # wagon 3, inside: a strongbox ($1,000)
    st.spot_jewels[7] = 3  # wagon 3's roof: not Ghost's level
    scheme(st, "braking_2_4", {0: ["move", "rob"]})
    r = rows(st)
    assert r["play Move"]["loot_next"] == 10 and r["draw"]["loot_next"] == 10


def test_turns_left_and_bullets_in_hand_count_what_the_bot_holds_and_may_still_play():
    st = position(4)
    scheme(st, "braking_2_4", {0: ["move", "rob"]})  # N N N N: one turn a round each
    st.hand[0] += [BULLET, BULLET + 1]
    r = rows(st)
    assert r["draw"]["turns_left"] == 4 and r["draw"]["bullets_in_hand"] == 2 and r["draw"]["playable_cards"] == 2


def test_pile_moves_counts_the_cards_bandits_own_moves_already_on_the_pile():
    st = position(4)
    scheme(st, "braking_2_4", {0: ["move", "rob"]})
    st.pile = [(KIND["move"], GHOST, False), (KIND["floor"], GHOST, True), (KIND["rob"], GHOST, False),
               (KIND["move"], TUCO, False)]  # Tuco's move and Ghost's robbery do not count
    r = rows(st)
    assert r["play Rob"]["pile_moves"] == 2 and r["draw"]["pile_moves"] == 2


def test_bullets_left_and_shots_behind_count_the_bullet_supplies():
    st = position(4)
    scheme(st, "braking_2_4", {0: ["fire", "rob"]})
    st.bullets_left[GHOST] = 4  # Ghost has fired 2
    st.fired[GHOST], st.fired[TUCO], st.fired[CHEYENNE] = 2, 5, 1  # Tuco has fired most: 3 beyond Ghost
    r = rows(st)
    assert r["play Fire"]["bullets_left"] == 4 and r["play Fire"]["shots_behind"] == 3
    st.fired[GHOST] = 6
    assert rows(st)["play Fire"]["shots_behind"] == 0  # the bot fired most


def test_marshal_loot_and_marshal_next_look_at_the_marshals_wagon():
    st = position(4)
    clear_loot(st)
    place(st, GHOST, 2)
    st.marshal = 1
    st.spot_boxes[2] = 1  # inside the marshal's wagon: a strongbox ($1,000)
    st.spot_jewels[3] = 1  # its roof: not counted
    scheme(st, "braking_2_4", {0: ["marshal", "rob"]})
    r = rows(st)
    assert r["play Marshal"]["marshal_loot"] == 10 and r["play Marshal"]["marshal_next"] == 1
    st.marshal = 0
    assert rows(st)["play Marshal"]["marshal_next"] == 0



def test_glance_features_say_what_the_bots_bandit_has_at_hand_the_same_for_every_card():
    st = position(4)
    clear_loot(st)
    place(st, GHOST, 2)
    place(st, TUCO, 2)  # beside Ghost; nobody in sight
    for b in (CHEYENNE, DJANGO):
        place(st, b, 0, roof=True)
    st.spot_jewels[4] = 1
    scheme(st, "braking_2_4", {0: ["rob", "fire"]})
    r = rows(st)
    for f in r.values():  # one bandit: the glance is the card's own spot features, read once
        assert (f["loot_at_hand"], f["rival_beside"], f["rival_in_sight"]) == (1, 1, 0)
        assert f["loot_at_hand"] == int(f["loot_here"] > 0) and f["rival_beside"] == int(f["rivals_here"] > 0)
        assert f["rival_in_sight"] == int(f["rivals_in_sight"] > 0)
    place(st, TUCO, 3)  # the next wagon, inside: in sight, no longer beside
    st.spot_jewels[4] = 0
    f = rows(st)["draw"]
    assert (f["loot_at_hand"], f["rival_beside"], f["rival_in_sight"]) == (0, 0, 1)


def test_glance_features_look_at_both_bandits_of_a_two_player_bot():
    st = position(2)
    clear_loot(st)
    place(st, GHOST, 1)
    place(st, CHEYENNE, 3)
    place(st, TUCO, 0, roof=True)
    place(st, DJANGO, 0, roof=True)
    st.spot_jewels[6] = 1  # where Cheyenne stands, not Ghost
    scheme(st, "braking_2_4")
    r = rows(st)
    assert {f["loot_at_hand"] for f in r.values()} == {1}  # every card, Ghost's too
    assert any(f["loot_here"] == 0 for f in r.values())  # the card's own spot still tells the bandits apart


# --- the printed tie-break ---------------------------------------------------------------------------


def test_tie_break_fire_toward_the_locomotive_then_the_lower_seat():
    st = position(5)
    clear_loot(st)
    place(st, GHOST, 3, roof=True)
    place(st, BELLE, 1, roof=True)
    place(st, TUCO, 5, roof=True)
    place(st, DJANGO, 5, roof=True)
    steal(st, [("fire", GHOST)])
    acts = [str(a) for a in st.legal_actions()]
    order = F.tie_order(st, st.legal_actions())
    printed = [a for _, a in sorted(zip(order, acts))]
    # Belle is protected while another target exists; then Tuco (seat 2) before Django (seat 4)
    assert printed == ["fire Tuco", "fire Django"]


def test_tie_break_picks_the_bandit_nearest_the_locomotive_first(tmp_path):
    st = position(4)
    clear_loot(st)
    place(st, CHEYENNE, 2, roof=True)
    place(st, DJANGO, 4, roof=True)
    place(st, TUCO, 1, roof=True)
    steal(st, [("fire", CHEYENNE)])
    tab = table(tmp_path, "fire:\n  rules:\n    - prefer: [max target_loot]\n")
    text, why = choose(tab, st)
    assert text == "fire Tuco" and why.rule == 0 and why.tied == 2


def test_tie_break_punch_lower_seat_then_strongbox_jewel_purse_then_toward_the_locomotive(tmp_path):
    st = position(4)
    clear_loot(st)
    place(st, GHOST, 2)
    place(st, DJANGO, 2)
    place(st, TUCO, 2)
    st.b_jewels[TUCO] = 1
    steal(st, [("punch", GHOST)])
    tab = table(tmp_path, "punch:\n  rules: []\n")
    assert choose(tab, st)[0] == "punch Tuco drop jewel to -1"


def test_tie_break_rob_takes_the_strongbox_first(tmp_path):
    st = position(4)
    clear_loot(st)
    place(st, GHOST, 0)
    st.spot_boxes[0] = 1
    st.spot_jewels[0] = 1
    steal(st, [("rob", GHOST)])
    assert choose(table(tmp_path, "rob:\n  rules: []\n"), st)[0] == "rob strongbox"


def test_tie_break_move_to_the_wagon_nearest_the_locomotive(tmp_path):
    st = position(4)
    clear_loot(st)
    place(st, GHOST, 2, roof=True)
    steal(st, [("move", GHOST)])
    assert choose(table(tmp_path, "move:\n  rules: []\n"), st)[0] == "move -2"


def test_tie_break_marshal_goes_toward_the_locomotive(tmp_path):
    st = position(4)
    clear_loot(st)
    st.marshal = 2
    place(st, GHOST, 1, roof=True)
    steal(st, [("marshal", GHOST)])
    assert choose(table(tmp_path, "marshal:\n  rules: []\n"), st)[0] == "marshal -1"
    # a rule that cannot separate the two directions leaves the tie-break in charge (no bandit of the
    # bot's inside either wagon); one that can decides (two rivals in the wagon behind)
    assert choose(table(tmp_path / "own", "marshal:\n  rules:\n    - prefer: [max marshal_hits_own]\n"), st)[0] == "marshal -1"
    assert choose(table(tmp_path / "rivals", "marshal:\n  rules:\n    - prefer: [max marshal_hits_rivals]\n"), st)[0] == "marshal +1"


# --- the table bot's priorities ------------------------------------------------------------------------


def fire_along_the_roof(jewels: dict[int, int], **opts):
    """Cheyenne's Fire card resolving on the roof of wagon 2, Tuco (wagon 1) and Django (wagon 4) in
    sight on the roof, holding `jewels` besides their starting purses."""
    st = position(4, **opts)
    clear_loot(st)
    place(st, CHEYENNE, 2, roof=True)
    place(st, TUCO, 1, roof=True)
    place(st, DJANGO, 4, roof=True)
    for b, k in jewels.items():
        st.b_jewels[b] = k
    steal(st, [("fire", CHEYENNE)])
    return st


def test_priority_richest_bandit_in_line_of_sight(tmp_path):
    st = fire_along_the_roof({DJANGO: 2})
    tab = table(tmp_path, "fire:\n  rules:\n    - prefer: [max target_loot]\n")
    assert choose(tab, st)[0] == "fire Django"


def test_a_printed_head_start_counts_in_a_bandit_worth(tmp_path):
    """target_loot ("the richest rival"): Django's $1,000 head start (option head_start) outweighs
    Tuco's jewel."""
    tab = table(tmp_path, "fire:\n  rules:\n    - prefer: [max target_loot]\n")
    assert choose(tab, fire_along_the_roof({TUCO: 1}))[0] == "fire Tuco"
    assert choose(tab, fire_along_the_roof({TUCO: 1}, head_start="4:1000"))[0] == "fire Django"


def test_priority_loot_on_my_spot_and_the_first_rule_that_applies(tmp_path):
    st = position(4)
    clear_loot(st)
    place(st, GHOST, 2)
    st.spot_jewels[2] = 1  # inside car 1: toward the locomotive
    st.spot_purses[6] = [250, 300]  # inside car 3
    steal(st, [("move", GHOST)])
    tab = table(tmp_path, """\
        move:
          rules:
            - when: [dest_loot >= 5]
              prefer: [max dest_loot]
            - prefer: [max dest_wagon_loot]
        """)
    text, why = choose(tab, st)
    assert text == "move -1" and why.rule == 0
    st.spot_jewels[2] = 0
    text, why = choose(tab, st)
    assert text == "move +1" and why.rule == 1


def test_avoid_sets_aside_the_bots_own_bandit(tmp_path):
    st = position(2)
    clear_loot(st)
    place(st, GHOST, 2)
    place(st, CHEYENNE, 2)
    st.b_jewels[CHEYENNE] = 3
    place(st, TUCO, 2)
    steal(st, [("punch", GHOST)])
    tab = table(tmp_path, "punch:\n  avoid: [own_bandit = 1]\n  rules:\n    - prefer: [max target_loot]\n")
    assert choose(tab, st)[0].startswith("punch Tuco")


def test_table_bot_in_a_seat_with_a_hand_chooses_its_card_by_the_table(tmp_path):
    st = position(4)
    clear_loot(st)
    place(st, TUCO, 2)
    st.spot_jewels[4] = 1
    scheme(st, "braking_2_4", {0: ["move", "fire"], 1: ["move", "rob", "fire"]})
    st.apply(st.legal_actions()[0])  # seat 1 plays
    tab = table(tmp_path, """\
        scheme:
          rules:
            - when: [card_rob = 1, loot_here >= 1]
            - prefer: [min is_draw]
        """)
    assert choose(tab, st)[0] == "play Rob"


# --- hidden information ----------------------------------------------------------------------------------


def _positions(opts: dict, players: int, n: int):
    """Positions of random play where the table seat (seat 1) decides with a real choice."""
    from generator.games import load_game

    g = load_game("colt_express", **opts)
    out = []
    for seed in range(n):
        st = g.new_game(players, seed)
        rng = random.Random(seed)
        while not st.is_over:
            acts = st.legal_actions()
            if st.current_player == 0 and len(acts) > 1 and st.round_no >= 2 and rng.random() < 0.3:
                out.append(st.clone())
            st.apply(acts[rng.randrange(len(acts))])
    return out


@pytest.mark.parametrize("opts,players", [
    ({"bot_seats": "1,2,3"}, 3), ({"bot_seats": "1"}, 5), ({}, 3), ({"bot_seats": "1,2"}, 2),
    ({"bot_open_seats": "1,2"}, 3), ({"bot_open_seats": "1", "bot_seats": "2"}, 4), ({"bot_open_seats": "1"}, 2),
])
def test_hidden_information_never_changes_the_table_bots_choice(opts, players):
    """Every hidden part of the state replaced (other hands and decks, face-down pile cards, unseen
    purse values, future round cards: `determinize` for the table's seat) leaves every choice as it was."""
    tab = load_table_file(C_DESIGNER, load_content("colt_express"))
    checked = 0
    for st in _positions(opts, players, 12):
        world = st.determinize(0, random.Random(checked))
        a = decide(tab, st, random.Random(7))
        b = decide(tab, world, random.Random(7))
        assert str(a.action) == str(b.action) and a.rule == b.rule, (opts, st.phase_name())
        # and every feature value of the decision, not only the choice
        names = set(F.VOCABULARY)
        assert F.evaluate(st, names) == F.evaluate(world, names)
        checked += 1
    assert checked >= 10


def test_features_read_no_purse_value():
    st = position(4)
    clear_loot(st)
    place(st, GHOST, 2)
    place(st, TUCO, 2)
    st.spot_purses[4] = [250]
    steal(st, [("punch", GHOST)])
    before = rows(st)
    st.b_purses[TUCO] = [500]
    st.spot_purses[4] = [450]
    assert rows(st) == before




def test_asking_for_some_features_gives_the_same_values_as_asking_for_all():
    """The vocabulary counts only what a table asks for (the costly counts lazily): every feature asked
    for has the value it has when every feature is asked for, at every decision of seeded games with a
    hand and in bot seats."""
    from generator.bots.table import seated_game
    from generator.games import load_game

    game = load_game("colt_express")
    everything = set(F.VOCABULARY)
    subsets = [{"loot_here"}, {"rivals_in_sight", "card_fire"}, {"pile_moves", "turns_left"},
               {"loot_next", "rivals_here", "shots_behind", "marshal_next"}, {"is_draw"}]
    checked = 0
    for seed, players in ((1, 3), (2, 4), (3, 5)):
        bots = [TableBot(seed * 8 + i, level=("normal", "hard", "easy")[i % 3]) for i in range(players)]
        st = seated_game(game, bots, players).new_game(players, seed=seed)
        st.narrate = False
        while not st.is_over:
            full = F.evaluate(st, everything)
            for wanted in subsets:
                some = F.evaluate(st, wanted)
                assert len(some) == len(full)
                for a, b in zip(some, full):
                    for name in wanted & b.keys():
                        assert a[name] == b[name], (name, st.phase)
                        checked += 1
            st.apply(bots[st.current_player].choose(st))
    assert checked > 500
