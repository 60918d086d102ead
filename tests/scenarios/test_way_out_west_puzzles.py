"""Way Out West puzzles: the last action markers of a game against two printed Normal bots, everything
shown; exactly one action now wins whatever the dice, proved by exhaustive search with a gunfight's dice
taken by their number of hits (each with its exact binomial chance) and a robbery's by their sum. Every
committed puzzle is proved again here and its solution line replayed through the engine."""

from __future__ import annotations

import json
import math
import random

import pytest

from generator.bots import make_bot, seated_for
from generator.content import load_content
from generator.engine.randomness import binomial, dice, hits, sums, total
from generator.engine.way_out_west.notation import K_SHOOT
from generator.games import load_game
from generator.scenarios import store
from generator.scenarios.exact import Proof, outcomes, position_key
from generator.scenarios.setup import puzzle_game, puzzle_state
from generator.scenarios.way_out_west_puzzles import (BOT, MARGIN, MIN_BEST, PLAYERS, Found, analyse, answer_kind, choice_group,
                                                      choose, in_last_round, lead_after, printed_bots, reprove, tempting)
from generator.sim.seeds import bot_seed
from generator.words import way_out_west as words
from generator.words.game import puzzle_heading


# --- the chance model --------------------------------------------------------------------------------


def test_in_play_the_dice_are_rolled_face_by_face_as_before():
    """A generator of the game (random.Random) rolls the same faces, in the same draws, as `dice` did."""
    for seed in range(50):
        for k in range(1, 7):
            a, b = random.Random(seed), random.Random(seed)
            rolls, n = hits(a, k, frozenset((5, 6)))
            assert rolls == dice(b, k) and n == sum(1 for f in rolls if f >= 5)
            assert a.getstate() == b.getstate()
            a, b = random.Random(seed), random.Random(seed)
            rolls, due = total(a, k)
            assert rolls == dice(b, k) and due == sum(rolls) and a.getstate() == b.getstate()


def test_the_hits_of_a_volley_and_the_sum_of_a_robbery_have_their_exact_chances():
    assert binomial(2, 2) == (4 / 9, 4 / 9, 1 / 9)  # two dice hitting on 5 or 6
    for k in range(1, 10):
        assert math.isclose(sum(binomial(k, 2)), 1.0)
        assert math.isclose(sum(sums(k)), 1.0) and len(sums(k)) == 5 * k + 1
    assert sums(3)[0] == 1 / 216 and sums(3)[7] == 27 / 216  # 3 and 10 on three dice

    class Whole:  # a generator that draws chance events whole, as the exact search's does
        def chance(self, weights):
            self.weights = weights
            return len(weights) - 1

    g = Whole()
    assert hits(g, 3, frozenset((5, 6))) == (None, 3) and g.weights == binomial(3, 2)
    assert total(g, 3) == (None, 18) and g.weights == sums(3)


def _fight(first: int = 6, limit: int = 60):
    """A seeded position of the last round's last markers where a player may shoot in a gunfight (seed 6
    has one: the search starts there)."""
    for seed in range(first, limit):
        game = load_game("way_out_west")
        state = game.new_game(PLAYERS, seed)
        bots = [make_bot("greedy", bot_seed(seed, s)) for s in range(PLAYERS)]
        while not state.is_over:
            if (state.fight is not None and state.round == state.rules.rounds_for[PLAYERS] and state.step >= PLAYERS + 1
                    and any(raw[0] == K_SHOOT for raw in state.legal_raw())):
                return state
            state.apply(bots[state.current_player].choose(state))
    raise AssertionError("no gunfight in the seeded games")


def test_a_shot_leads_to_each_number_of_hits_with_its_chance():
    state = _fight()
    shoot = next(a for a in state.legal_actions() if str(a) == "shoot")
    outs = outcomes(state, shoot)
    assert math.isclose(sum(p for p, _ in outs), 1.0)
    assert len(outs) <= 64  # a handful of hit counts, never 6**k faces
    # an exchange where nobody hits comes back to the same choice: the proof weighs it out and ends
    me = state.current_player
    bots = {s: make_bot(BOT, 0) for s in range(PLAYERS) if s != me}
    exact = Proof(me, bots, 200_000).value(state)
    sure = Proof(me, bots, 200_000, mode="sure").value(state)
    maybe = Proof(me, bots, 200_000, mode="possible").value(state)
    assert 0.0 <= exact <= 1.0
    assert sure <= exact + 1e-9 and (maybe >= 1.0 or exact <= 1e-9)


def test_the_transposition_table_changes_no_value_only_the_positions_searched():
    """With the table, a position reached again is valued once (a loop's positions below the one it returns
    to are searched again): the same exact chance, sure and possible values, in fewer positions."""
    state = _fight()
    me = state.current_player
    bots = {s: make_bot(BOT, 0) for s in range(PLAYERS) if s != me}
    for mode in ("exact", "sure", "possible"):
        plain, kept = Proof(me, bots, 200_000, mode=mode), Proof(me, bots, 200_000, mode=mode, table=True)
        for action in state.legal_actions():
            assert math.isclose(plain.after(state, action), kept.after(state, action), abs_tol=1e-12)
        assert kept.nodes <= plain.nodes


def test_the_transposition_key_tells_positions_apart_exactly_as_their_data_does():
    """`position_key()` (the tuple the exact search keys its table by) is equal for two states exactly when
    their JSON data, the log left out, is: over every position of seeded games, gunfights included."""
    by_data: dict[str, tuple] = {}
    by_key: dict[tuple, str] = {}
    fights = 0
    for seed in range(2):
        state = load_game("way_out_west").new_game(PLAYERS, seed)
        bots = [make_bot("greedy", bot_seed(seed, s)) for s in range(PLAYERS)]
        while not state.is_over:
            data = json.dumps(position_key(state), sort_keys=True)
            key = state.position_key()
            hash(key)
            assert by_data.setdefault(data, key) == key and by_key.setdefault(key, data) == data
            fights += state.fight is not None
            state.apply(bots[state.current_player].choose(state))
    assert len(by_key) > 200 and fights


# --- puzzles --------------------------------------------------------------------------------------


def test_a_position_before_the_last_markers_is_no_puzzle():
    g = seated_for(load_game("way_out_west"), [None, BOT, BOT])
    state = g.new_game(PLAYERS, 5)
    assert not in_last_round(state) and analyse(state) is None


def test_the_puzzles_chosen_spread_over_the_stars_and_no_answer_kind_takes_over():
    """`choose`: in turn from each star; an answer kind past a third of the count is passed over; within a
    star, positions with buildings first, then the cheaper proofs."""
    empty = {"buildings": {"deadwood": {"train": None}}}
    built = {"buildings": {"deadwood": {"train": "red"}}}

    def f(first, turns, wrong, position=empty, nodes=100):
        return Found(position, 1, 0, [first], turns, wrong, nodes)

    found = [f("build train deadwood", 1, 0) for _ in range(20)] + [f("hire 1 abilene", 1, 0, built)] \
        + [f("fight abilene steal blue 1", 1, 4), f("farmer abilene", 2, 3, built, 50), f("farmer deadwood", 2, 3, built, 10)]
    chosen = choose(found, 9)
    kinds = [x.kind for x in chosen]
    assert kinds.count("build train") == 3  # a third of 9
    assert chosen[0].kind == "hire"  # a building on the board first
    assert [x.solution[0] for x in chosen if x.stars == 3] == ["farmer deadwood", "farmer abilene"]  # cheaper first
    assert answer_kind("build hotel dodge-city") == "build hotel" and answer_kind("fight abilene steal blue 1") == "fight"


def test_a_file_of_more_puzzles_spreads_the_whole_set_and_keeps_its_answers_varied():
    """`choose(prior=...)`: the puzzles already printed count in the spread (the star with the fewest so far
    comes next) and in the share of an answer kind (a third of the whole set)."""
    def f(first, wrong, nodes=100):
        return Found({"buildings": {"deadwood": {"train": "red"}}}, 1, 0, [first], 1, wrong, nodes)

    prior = [(1, "build train")] * 2 + [(5, "fight")] * 4
    found = [f("build train deadwood", 0, n) for n in range(3)] + [f("farmer abilene", 3), f("hire 1 abilene", 5),
                                                                  f("build hotel abilene", 8)]
    chosen = choose(found, 4, prior=prior)
    assert [x.stars for x in chosen] == [2, 3, 4, 1]  # no 2, 3 or 4 star yet: those first, the fifth 1-star after
    assert sum(1 for x in chosen if x.kind == "build train") == 1  # a third of 10: 2 printed and 1 more at most
    assert [x.stars for x in choose(found, 4)] == [1, 2, 3, 4]  # (with nothing printed: in turn from 1 star)


def _puzzles():
    return [e for _, e in store.entries(load_content("way_out_west")) if hasattr(e, "solution")]


def _puzzle(pid: str):
    return next(p for p in _puzzles() if p.id == pid)


def test_a_choice_that_leaves_you_as_far_ahead_on_the_spot_as_the_answer_is_tempting():
    """P02: the train in Deadwood wins whatever the dice; a bank in Kansas City scores better on the spot
    (a larger lead, counted as the score stands right after it) and loses: a tempting choice. Amounts aside,
    a box in one place counts once."""
    pz = _puzzle("p02")
    state = puzzle_state(puzzle_game(load_content("way_out_west"), pz), pz)
    me = state.current_player
    answer, bank = state.parse(pz.solution[0]), state.parse("build bank kansas-city")
    assert str(answer) == "build train deadwood"
    assert lead_after(state, bank, me) >= lead_after(state, answer, me)  # (further ahead: -1 VP against -8)
    proof = Proof(me, printed_bots(me), pz.node_limit, mode="sure", table=True)
    assert proof.after(state, bank) < 1.0
    assert tempting(state, answer, [bank], me, lambda a: False) == 1
    behind = [a for a in state.legal_actions() if lead_after(state, a, me) < lead_after(state, answer, me)]
    assert behind and tempting(state, answer, behind, me, lambda a: False) == 0  # (no dice to win by either)
    assert choice_group("hire 2 abilene") == choice_group("hire 1 abilene") == "hire abilene"
    assert choice_group("move-cowboys 4 dodge-city abilene") == "move-cowboys dodge-city abilene"


def test_there_are_at_least_thirty_puzzles_over_the_stars_with_varied_answers():
    """Issue 36: at least 30 proved puzzles from easy to very hard. No kind of answer is above a third of
    the set (rounded up); most positions have buildings standing; the first file's 21 keep their ids (the
    book and the referee name them), the file of more numbers on after them."""
    puzzles = _puzzles()
    assert len(puzzles) >= 30
    ids = [p.id for p in puzzles]
    assert ids[:21] == [f"p{k:02d}" for k in range(1, 22)] and ids == [f"p{k:02d}" for k in range(1, len(ids) + 1)]
    stars = {p.stars for p in puzzles}
    assert {1, 5} <= stars and len(stars) >= 4
    assert all(p.seats is not None and p.seats.count("you") == 1 for p in puzzles)
    kinds = [answer_kind(p.solution[0]) for p in puzzles]
    assert max(kinds.count(k) for k in kinds) <= math.ceil(len(puzzles) / 3) and len(set(kinds)) >= 4
    built = [sum(1 for town in p.position["buildings"].values() for o in town.values() if o) for p in puzzles]
    assert sum(1 for b in built if b >= 2) >= len(puzzles) * 3 // 4


@pytest.mark.slow
@pytest.mark.parametrize("puzzle", _puzzles(), ids=lambda p: p.id)
def test_every_puzzle_is_proved_again_and_its_line_wins(puzzle):
    content = load_content("way_out_west")
    g = puzzle_game(content, puzzle)
    again = reprove(puzzle, load_game("way_out_west", **puzzle.options))
    assert again is not None, "the search no longer proves one sure (or one best-chance) first action"
    assert again.solution == puzzle.solution
    assert (again.turns, again.wrong, again.stars) == (puzzle.turns, puzzle.wrong, puzzle.stars)
    if puzzle.chance is not None:  # a best-chance puzzle: the chances as printed, the answer ahead by the margin
        assert again.chance is not None
        assert (round(again.chance[0], 4), round(again.chance[1], 4)) == (puzzle.chance.best, puzzle.chance.next)
        assert puzzle.chance.best - puzzle.chance.next >= MARGIN - 1e-4 and puzzle.chance.best >= MIN_BEST - 1e-4
    else:
        assert again.chance is None
    state = puzzle_state(g, puzzle)
    me = state.current_player
    assert puzzle.seats[me] == "you"
    for text in puzzle.solution:
        state.play(text)
    assert state.is_over and tuple(state.result().winners) == (me,)
    # and the first action wins whatever the dice (a best-chance puzzle: none does; its line won with the seed's)
    if puzzle.chance is None:
        first = puzzle_state(g, puzzle)
        proof = Proof(me, printed_bots(me), puzzle.node_limit, mode="sure", table=True)
        assert proof.after(first, first.parse(puzzle.solution[0])) >= 1.0 - 1e-9


def test_a_best_chance_puzzle_is_titled_as_one_in_the_book():
    """The book's heading says what to find: the sure win, or (a 'chance' entry) the best chance."""
    content = load_content("way_out_west")
    for pz in _puzzles():
        g = puzzle_game(content, pz)
        title = puzzle_heading(words, pz, g, puzzle_state(g, pz), "en")
        assert title.endswith("best chance") == (pz.chance is not None) and title.endswith("to win") == (pz.chance is None)


def test_a_wrong_first_action_in_a_best_chance_puzzle_is_not_blamed_on_the_dice(tmp_path, monkeypatch):
    """Played on screen with another first action than the answer: the puzzle is not solved, the game's end
    is told as the choice's, not the dice's ('this game was lost', never 'the dice went against you'), and
    the solution follows move by move."""
    from typer.testing import CliRunner

    from generator.cli import app

    monkeypatch.chdir(tmp_path)
    c = load_content("way_out_west")
    pz = next(e for _, e in store.entries(c) if getattr(e, "chance", None) is not None)
    state = puzzle_state(puzzle_game(c, pz), pz)
    wrong = next(i for i, a in enumerate(state.legal_actions(), 1) if str(a) != pz.solution[0])
    out = CliRunner().invoke(app, ["play", "way_out_west", "--scenario", pz.id, "--plain"], input=f"{wrong}\n" + "1\n" * 40).output
    assert "puzzle not solved" in out
    assert "dice went against you" not in out and "dice let you win" not in out
    assert "this game was lost" in out or "you won this game all the same" in out
    assert f"[{pz.solution[0]}]" in out  # the answer, in words with its notation
