"""The referee's reason for a table bot's choice says what the tie-break did (it used to stop at
'the tie-break picks')."""

from generator.bots.table import Choice
from generator.content import load_table, load_content
from generator.games import load_game
from generator.words.tables import explain


def _content_and_table():
    return load_game("longhorn").content, load_table(load_content("longhorn"), "hard", players=2)


def test_no_rule_with_the_printed_order_names_the_first_in_that_order():
    content, table = _content_and_table()
    why = explain(content, table, Choice(action=None, kind="move", rule=None, tied=4))
    assert why == "no rule applies, so the tie-break chose among 4 choices: the first in its order."


def test_no_rule_with_a_die_names_the_roll():
    content, table = _content_and_table()
    why = explain(content, table, Choice(action=None, kind="move", rule=None, tied=4, roll=2))
    assert why == "no rule applies, so the tie-break chose among 4 choices: rolled 2."


def test_a_rule_that_leaves_a_tie_says_how_the_tie_was_broken():
    content, table = _content_and_table()
    first = explain(content, table, Choice(action=None, kind="move", rule=0, tied=3))
    rolled = explain(content, table, Choice(action=None, kind="move", rule=0, tied=3, roll=5))
    assert first.startswith("rule 1: ") and first.endswith(" Tie of 3: the first in the tie-break's order.")
    assert rolled.startswith("rule 1: ") and rolled.endswith(" Tie of 3: rolled 5.")
