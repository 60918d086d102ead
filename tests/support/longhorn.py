"""Helpers for Longhorn tests: build small constructed positions through `state_from_json`."""

from __future__ import annotations

from generator.games import load_game


def game(**options):
    return load_game("longhorn", **options)


def build(g=None, cells=None, tokens=None, pawn="B2", to_move=0, phase="steal", herds=None, nuggets=None, **extra):
    """A position from short specs: cells={"A1": {"black": 2}}, tokens={"A1": "nugget:300"}."""
    g = g or game()
    data = {"cells": {}, "pawn": pawn, "to_move": to_move, "phase": phase, "players": [{}, {}]}
    for name, cattle in (cells or {}).items():
        data["cells"].setdefault(name, {})["cattle"] = dict(cattle)
    for name, spec in (tokens or {}).items():
        kind, _, value = spec.partition(":")
        data["cells"].setdefault(name, {})["token"] = {"kind": kind, "value": int(value or 0)}
    for seat in (0, 1):
        if herds and herds[seat]:
            data["players"][seat]["herd"] = dict(herds[seat])
        if nuggets and nuggets[seat]:
            data["players"][seat]["nuggets"] = list(nuggets[seat])
    data.update(extra)
    return g.state_from_json(data)


def legal(state):
    return sorted(str(a) for a in state.legal_actions())


def board_total(state):
    return sum(state.cattle)


def conserved(state):
    return sum(state.cattle) + sum(state.herd) + sum(state.removed)
