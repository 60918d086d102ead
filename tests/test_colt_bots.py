"""Colt Express with the shared bots: information-set MCTS beats random play."""

from __future__ import annotations

from generator.games import load_game
from generator.simulate import game_seed, play_game

MCTS_ITERATIONS = 40  # about 0.4 s per 3-player game on one core; 100 games stay well under 90 s


def test_ismcts_beats_random_in_80_percent_of_100_three_player_games():
    game = load_game("colt_express")
    won = 0.0
    for i in range(100):
        out = play_game(game, [f"mcts:{MCTS_ITERATIONS}", "random", "random"], 3, game_seed(2024, i))
        won += out.reward(0)  # a shared win counts as its share
    assert won >= 80, won


def test_greedy_and_random_finish_games_for_every_player_count():
    game = load_game("colt_express")
    for players in range(2, 7):
        out = play_game(game, ["greedy"] + ["random"] * (players - 1), players, game_seed(7, players))
        assert len(out.scores) == players and out.winners
