"""Longhorn's board at the table says where the sheriff stands, or that he is not on the range: the bot sheets'
rules ask it ("no ranch has the sheriff and one colour only"), and the token lines alone made a player scan
nine ranches to find it (issue 35's playtest)."""

from __future__ import annotations

import pytest
from rich.console import Console

from generator.games import load_game
from generator.referee.views import get_view


def _footer(seed: int, lang: str) -> tuple[str, dict]:
    game = load_game("longhorn")
    state = game.new_game(seed=seed)
    view = get_view("longhorn", game.content, lang)
    console = Console(width=200, record=True, color_system=None)
    console.print(view._footer(state.observation(0)))
    return console.export_text(), state.observation(0)


@pytest.mark.parametrize("lang,at,none", [("en", "sheriff at", "no sheriff on the range"),
                                          ("es", "sheriff en", "ningún sheriff en el campo"), ("ja", "保安官：", "盤上に保安官はいない")])
def test_the_footer_names_the_sheriffs_ranch_or_says_he_is_not_on_the_range(lang, at, none):
    seen = set()
    for seed in range(1, 8):
        text, obs = _footer(seed, lang)
        where = [name for name, info in obs["cells"].items() if (info.get("token") or {}).get("kind") == "sheriff"]
        if where:
            assert f"{at} {where[0]}".replace("： ", "：") in text and none not in text
            seen.add("at")
        else:
            assert none in text
            seen.add("none")
    assert seen == {"at", "none"}  # the seeds show both
