"""The table bot's fast paths pick exactly what the printed procedure picks.

At play the table bot runs each decision kind's rules as compiled Python (`bots/table_code.py`) over
feature columns, which Colt Express counts lazily (`engine/colt_express/columns.py`). These tests
hold them to the procedure as printed (`reference_pick` below, a plain reading of it over candidate
rows) and to `features.evaluate`: the compiled rules on random tables and candidates, and the lazy columns at every
decision of seeded games (two-player pick and cover, the expert variant's discards, open hands).
"""

from __future__ import annotations

import operator
import random

import pytest

from generator.bots.table import TableBot, kind_features, seated_game
from generator.bots.table_code import compile_picker, d6_pick
from generator.content import load_content
from generator.engine.colt_express import features as F
from generator.games import load_game
from generator.schema.tables import OPS, Condition, Decision, Key, Rule

NAMES = ("a", "b", "c", "d")

COMPARE = {"=": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge}


def reference_pick(dec, names, rows, order, rng):
    """The printed procedure read plainly over candidate rows: set aside what `avoid` names (unless that
    leaves none); the first rule some candidate meets keeps the best by its keys, one after the other;
    a tie goes to the printed tie-break (the first in the printed order, or a d6 counted along them)."""
    at = {n: i for i, n in enumerate(names)}

    def meets(row, conds):
        return all(COMPARE[c.op](row[at[c.feature]], c.value) for c in conds)

    cands = list(range(len(rows)))
    if dec is not None and dec.avoid:
        cands = [i for i in cands if not any(meets(rows[i], [c]) for c in dec.avoid)] or cands
    picked, chosen_rule = cands, None
    for r, rule in enumerate(dec.rules if dec is not None else ()):
        s = [i for i in cands if meets(rows[i], rule.when)]
        if not s:
            continue
        for key in rule.prefer:
            vals = [rows[i][at[key.feature]] for i in s]
            best = max(vals) if key.sense == "max" else min(vals)
            s = [i for i, v in zip(s, vals) if v == best]
            if len(s) == 1:
                break
        picked, chosen_rule = s, r
        break
    picked = sorted(picked, key=lambda i: order[i])
    if len(picked) == 1 or dec is None or dec.tie_break == "first":
        return picked[0], chosen_rule, len(picked), None
    k, roll = d6_pick(len(picked), rng)
    return picked[k], chosen_rule, len(picked), roll



def _random_decision(rng: random.Random) -> Decision:
    def cond() -> Condition:
        return Condition(feature=rng.choice(NAMES), op=rng.choice(OPS), value=rng.randint(0, 3))

    rules = [Rule(when=[cond() for _ in range(rng.randint(0, 3))],
                  prefer=[Key(sense=rng.choice(("max", "min")), feature=rng.choice(NAMES)) for _ in range(rng.randint(0, 3))])
             for _ in range(rng.randint(0, 5))]
    return Decision(avoid=[cond() for _ in range(rng.choice((0, 0, 1, 2)))], rules=rules,
                    tie_break=rng.choice(("first", "d6")))


@pytest.mark.slow  # (3,000 random tables; the pinned seeded table games of tests/bots/test_table_golden.py keep the picks in the fast tier)
def test_compiled_rules_pick_what_the_printed_procedure_picks():
    """Same candidate, rule, tie count and d6 roll as the printed procedure, and the same dice used, on random tables
    (avoid lists, rules with up to three conditions and keys, both tie-breaks) and random candidates,
    a feature the same for every candidate given as a list or as one int."""
    rng = random.Random(5)
    for case in range(3000):
        dec = _random_decision(rng)
        n = rng.randint(2, 9)
        same = [rng.random() < 0.3 for _ in NAMES]  # a feature the same for every candidate ...
        first = [rng.randint(0, 3) for _ in NAMES]
        rows = [tuple(first[j] if same[j] else rng.randint(0, 3) for j in range(len(NAMES))) for _ in range(n)]
        order = list(range(n))
        rng.shuffle(order)
        columns = {name: first[j] if same[j] and rng.random() < 0.7 else [row[j] for row in rows]  # ... may come as one int
                   for j, name in enumerate(NAMES)}
        want_rng, got_rng = random.Random(case), random.Random(case)
        want = reference_pick(dec, NAMES, rows, order, want_rng)
        got = compile_picker(dec)(columns, n, order, got_rng)
        assert got == want, (dec, rows, order)
        assert got_rng.random() == want_rng.random()


def test_no_rules_pick_the_first_in_the_printed_order():
    assert compile_picker(None)({}, 3, [2, 0, 1], random.Random(0)) == (1, None, 3, None)


# seeded Colt Express games: player count, options, each seat's table level
GAMES = [
    (4, {}, ("normal", "hard", "easy", "normal")),
    (3, {"expert_variant": True}, ("hard", "normal", "hard")),
    (2, {}, ("normal", "hard")),
    (2, {"expert_variant": True, "expert_bullets_in_hand": "discardable"}, ("hard", "normal")),
    (5, {"expert_variant": True, "expert_discard_at": "after_stealing"}, ("normal", "easy", "hard", "normal", "hard")),
]


@pytest.mark.parametrize("players,options,levels", GAMES)
def test_colt_lazy_columns_equal_the_rows_at_every_decision(players, options, levels):
    """Every feature of the decision's kind, looked up in the lazy columns, has the value the table
    bot reads from `evaluate`'s rows (0 where a row leaves it out), at every decision that has them."""
    names = _kind_names()
    checked = 0
    for st in _table_decisions(players, options, levels):
        actions = st.legal_actions()
        cols = F.columns(st, actions)
        if cols is not None:
            rows = F.evaluate(st, set(F.VOCABULARY))
            kind_names = list(names[F.decision_kind(st)])
            random.Random(checked).shuffle(kind_names)  # any order of asking gives the same values
            for name in kind_names:
                col = cols[name]  # a list, or one int for every candidate
                got = [col] * len(rows) if isinstance(col, int) else list(col)
                assert got == [row.get(name, 0) for row in rows], (name, st.phase_name())
            checked += 1
    assert checked > 100


def _kind_names() -> dict:
    content = load_content("colt_express")
    return {kind: kind_features(content, kind) for kind in content.decisions}


def _table_decisions(players: int, options: dict, levels: tuple):
    """Every position of three seeded games of table bots at `levels` where a seat decides (each
    yielded before the bot's choice is applied)."""
    game = load_game("colt_express", **options)
    for seed in range(3):
        bots = [TableBot(seed * 8 + i, level=levels[i]) for i in range(players)]
        st = seated_game(game, bots, players).new_game(players, seed=seed)
        st.narrate = False
        while not st.is_over:
            yield st
            st.apply(bots[st.current_player].choose(st))


@pytest.mark.parametrize("players,options,levels", GAMES)
def test_colt_decision_in_one_call_is_the_four_calls_at_every_decision(players, options, levels):
    """`features.decision` gives what `legal_actions`, `decision_kind`, `columns` and `tie_order` give
    (every feature of the kind, asked in any order), at every decision of seeded games, the opening,
    bot-deck flips, covers, picks and discards included; no columns and no order for one action."""
    names = _kind_names()
    checked = 0
    for st in _table_decisions(players, options, levels):
        actions, kind, cols, order = F.decision(st)
        want = st.legal_actions()
        assert list(actions) == want and [type(a) for a in actions] == [type(a) for a in want]
        assert kind == F.decision_kind(st)
        if len(want) == 1:
            assert (cols, order) == (None, None)
        else:
            assert list(order) == list(F.tie_order(st, want))
            plain = F.columns(st, want)
            assert (cols is None) == (plain is None)
            if cols is not None:
                kind_names = list(names[kind])
                random.Random(checked).shuffle(kind_names)
                assert {n: cols[n] for n in kind_names} == {n: plain[n] for n in names[kind]}
                checked += 1
    assert checked > 100
