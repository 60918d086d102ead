"""Colt Express decision tables: the shipped tables (levels per player-count family, bot seats),
tuning with a tiny budget (deterministic; hand-only decisions kept as the start table gives them),
eval's mean loot, and the printed sheets (bot-seat decisions only, within print standards)."""

from __future__ import annotations


import pytest

from generator.content import game_tables, load_content, load_table, load_table_file
from generator.sim.dispatch import Runner
from generator.sim.worker import Job, Result, table_seat
from generator.engine.colt_express import features as F
from generator.schema.tables import LEVELS, Table
from generator.tables.measure import Tally, versus
from tests.support.paths import REPO

C = load_content("colt_express")
DESIGNER = REPO / "content" / "colt_express" / "tables" / "start" / "designer.yaml"


def test_shipped_tables_cover_every_level_for_both_player_count_families():
    tables = game_tables(load_content("colt_express"))
    families = {tuple(t.players) for t in tables}
    assert families == {(2, 3), (4, 6)}
    for level in LEVELS:
        for players in range(2, 7):
            t = load_table(load_content("colt_express"), level, players=players)
            assert t.players[0] <= players <= t.players[1] and t.bot_seat
            assert t.tuned is not None and t.tuned.command.startswith("saloon tables tune colt_express")


def test_only_hard_gets_a_head_start_measured_with_it():
    """Difficulty from starting loot (the issue): each Hard table's head start is in its measured
    command, so its printed strength counts it; Easy and Normal start as players do."""
    for players in (3, 5):
        hard = load_table(load_content("colt_express"), "hard", players=players)
        assert hard.head_start > 0 and f"--head-start {hard.head_start} " in hard.measured.command
        for level in ("easy", "normal"):
            t = load_table(load_content("colt_express"), level, players=players)
            assert t.head_start == 0 and "--head-start" not in (t.measured.command if t.measured else "")


def test_shipped_tables_keep_rules_for_a_seat_with_a_hand():
    """A flipping bot seat never schemes from a hand, so tuning leaves the designer's scheme rules as
    written (the table bot still plays a seat without the bot-seat rules by its table); an open-hand
    table's scheme rules are its own, tuned."""
    designer = load_table_file(DESIGNER, load_content("colt_express"))
    modes = set()
    for t in game_tables(load_content("colt_express")):
        assert t.decisions["scheme"].rules, t.file_name()
        modes.add((t.level, t.bot_hand))
        if t.bot_hand == "flip":
            assert len(t.decisions["scheme"].rules) <= len(designer.decisions["scheme"].rules)
    # the product: Easy flips (a gentle bot), Normal and Hard play an open hand
    assert modes == {("easy", "flip"), ("normal", "open"), ("hard", "open")}


def _tiny_tune(jobs: int, level: str = "normal"):
    from generator.bots.table import vocabulary
    from generator.games import load_game
    from generator.tables.tune import decision_weights, tune

    vocab = vocabulary("colt_express")
    weights = {k: w for k, w in decision_weights(load_game("colt_express"), vocab, (3,), 1, games=6).items()
               if k not in F.HAND_KINDS}
    start = load_table_file(DESIGNER, load_content("colt_express"))
    with Runner("colt_express", jobs=jobs) as runner:
        return tune(runner, C, "colt_express", level, (3,), 260, 1, set(vocab.DEEP), weights, start=start,
                    deals=12, bot_seat=True, keep=F.HAND_KINDS)


@pytest.mark.slow
def test_tuning_with_a_tiny_budget_is_deterministic_and_keeps_hand_decisions():
    a = _tiny_tune(1)
    b = _tiny_tune(2)
    assert a.table == b.table and a.objective == b.objective
    assert a.table.bot_seat and a.table.players == [3, 3]
    designer = load_table_file(DESIGNER, load_content("colt_express"))
    for kind in F.HAND_KINDS:
        assert a.table.decisions[kind] == designer.decisions[kind]
    Table.model_validate(a.table.to_yaml())


def test_mutations_of_a_decision_without_features_switch_its_tie_break():
    import random

    from generator.tables.tune import mutate, vocab_of

    v = vocab_of(C, set(), True)
    t = Table(game="colt_express", level="easy", bot_seat=True, decisions={})
    t = mutate(t, v, 3, random.Random(1), {"character": 1.0})
    assert t.decisions["character"].tie_break == "d6" and not t.decisions["character"].rules
    assert t.bot_seat


def test_eval_counts_the_mean_loot_of_the_measured_seat():
    tally = Tally()
    tally.add(Result((1200.0, 800.0, 300.0), (0,), "rounds_complete", 90), 0)
    tally.add(Result((500.0, 900.0, 300.0), (1,), "rounds_complete", 90), 0)
    assert tally.mean_score == 850.0
    assert tally.to_header(score=True)["mean_score"] == 850.0
    assert "mean_score" not in tally.to_header()  # Longhorn's headers keep their figures


def test_versus_plays_the_table_by_bot_seat_rules_in_every_seat():
    designer = load_table_file(DESIGNER, load_content("colt_express"))
    with Runner("colt_express") as runner:
        t = versus(runner, table_seat(designer), "random", (3,), 4, 6)
    assert t.games == 6 and t.score > 0


def test_a_job_with_a_bot_seat_table_has_no_hand_at_that_seat():
    from generator.sim.worker import use
    from generator.sim.worker import play
    from generator.games import load_game

    designer = load_table_file(DESIGNER, load_content("colt_express"))
    use(load_game("colt_express"))
    res = play(Job(7, (table_seat(designer), "random", "random"), record=True))
    kinds = {tr.kind for tr in res.traces[0]}
    assert kinds and not kinds & F.HAND_KINDS  # it never schemed from a hand


# --- printed ---------------------------------------------------------------------------------------------


def test_bot_sheets_print_the_bot_seat_decisions_only():
    """A flipping bot's sheet leaves out the hand's decisions (it holds none); an open hand's prints them."""
    from generator.render.solo import table_markup

    for t in game_tables(load_content("colt_express")):
        markup = table_markup("colt_express", C, t.level, t)
        for kind, spec in C.decisions.items():
            assert (spec.name["en"] in markup) == (kind not in F.HAND_KINDS or t.bot_hand == "open"), (kind, t.file_name())


def test_the_colt_kit_prints_the_how_to_and_a_sheet_per_level_and_family():
    from generator.render.kit import game_kit
    from generator.render.parts import PagePart, SheetPart
    from generator.words.tables import table_label

    kit = game_kit("colt_express")
    titles = [p.title for p in kit.parts if isinstance(p, (PagePart, SheetPart))]
    assert "solo: how to play" in titles
    for t in game_tables(load_content("colt_express")):
        assert f"bot {table_label(t)}" in titles


def test_solo_how_to_prints_the_bot_deck_size_from_content():
    from generator.words.text import printed

    text = printed(C.solo.steps[1], C)  # the flipping bot's step
    assert f"{len(C.bot_deck.cards())} action cards" in text


def test_solo_how_to_prints_the_open_hands_size_and_draw_from_content():
    from generator.words.text import printed

    text = printed(C.solo.steps[2], C)  # the open-hand bot's step
    assert f"deal it {C.setup.hand_size} cards" in text and f"draw {C.setup.draw_count} cards" in text
    assert "face down" in text  # a tunnel card still goes face down, and the step says why that is fine


def test_each_bot_sheet_says_how_its_seat_schemes():
    from generator.render.solo import table_markup

    flip = load_table(load_content("colt_express"), "easy", players=3)
    opened = flip.model_copy(update={"bot_hand": "open"})
    assert "Flips its bot deck" in table_markup("colt_express", C, "easy", flip)
    text = table_markup("colt_express", C, "easy", opened)
    assert "Plays an open hand" in text and "Scheming: which card" in text
    assert "Scheming: which card" not in table_markup("colt_express", C, "easy", flip)  # a flipping bot never schemes


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_colt_kit_renders_its_solo_pages_within_print_standards(lang, tmp_path):
    """The whole kit renders (text that cannot fit at the minimum size is an error) in every language."""
    from generator.render.kit import build

    paths = build(["colt_express"], tmp_path, lang=lang)
    assert paths and all(p.stat().st_size > 10_000 for p in paths)


def test_strength_line_quotes_the_mean_score_when_measured():
    from generator.words.tables import strength_line
    from generator.schema.tables import Measured, Tally as Header

    t = load_table(load_content("colt_express"), "normal", players=3)
    m = Measured(command="x", seed=2, games=300, against={
        "greedy": Header(games=300, wins=120, draws=0, losses=180, win_rate=0.4, low=0.35, high=0.46, mean_score=1234.5)})
    line = strength_line(t.model_copy(update={"measured": m}))
    assert "mean final score 1,234" in line or "mean final score 1,235" in line


def test_the_printed_strength_names_the_player_count_it_was_measured_at():
    from generator.content import load_table
    from generator.words.tables import strength_line

    table = load_table(load_content("colt_express"), "normal", players=5)
    assert table.measured.players == "5" and "--players 5" in table.measured.command
    assert "games of 5 players" in strength_line(table, lang="en")
    assert "partidas de 5 jugadores" in strength_line(table, lang="es")
    assert "5人戦" in strength_line(table, lang="ja")
    assert "players" not in strength_line(load_table(load_content("longhorn"), "normal"), lang="en")  # two, as always


def test_two_bandit_tie_break_puts_the_first_bandits_cards_and_the_marshal_first_as_printed():
    """With two bandits the engine lists a hand by card: the bot's first bandit's cards, then the Marshal,
    then its other bandit's; the printed tie-break of scheming, the pick and the expert discard says so
    (in a game run from the Normal sheet without these words, 6 of 40 bot decisions differed)."""
    import random

    from generator.engine.colt_express.actions import SCHEME, Play
    from generator.games import load_game
    from generator.words.tables import tie_text

    state = load_game("colt_express").new_game(2, seed=41)
    rng = random.Random(7)
    seen = 0
    while not state.is_over and seen < 20:
        legal = state.legal_actions()
        plays = [a for a in legal if type(a) is Play]
        if state.phase == SCHEME and {a.code // 6 for a in plays} == {0, 1}:
            codes = [a.code for a in plays]
            assert codes == sorted(codes)  # kind + 6 * slot: slot 0's cards (the Marshal is 5) come first
            assert list(F.tie_order(state, legal)) == list(range(len(legal)))
            seen += 1
        state.apply(rng.choice(legal))
    assert seen
    said = {"en": "two bandits: the first bandit's cards and the Marshal before the other bandit's",
            "es": "dos bandidos: las cartas del primer bandido y el Alguacil antes que las del otro",
            "ja": "2人の盗賊では、1人目の盗賊のカードと保安官が、もう1人のカードより先"}
    for kind in ("scheme", "pick", "discard"):
        for lang, words in said.items():
            assert words in tie_text(C, kind, "first", lang), (kind, lang)
