"""The Colt Express position: plain lists of numbers, a fast clone and a JSON snapshot.

Cars are numbered 0 (the locomotive) to ncars - 1 (the caboose); a bandit is inside (level 0) or
on the roof (level 1); a spot is `2 * car + level`. Purses are kept as their values; a purse's
value is hidden information that `observation` never shows another seat.
"""

from __future__ import annotations

import random

from ...errors import EngineError
from ..core import EndReason, Outcome, State
from ..randomness import SharedGenerator, randbelow
from .actions import (
    BULLET_MIN, CHOOSE, COVER, DISCARD, K_DRAW, K_FLIP, K_PASS, OVER, PHASE_NAMES, PICK, PICKPOCKET, PLACE, RESOLVE,
    SCHEME, Play, action_key,
)
from .botseat import BotSeatMixin
from .events import EventMixin
from .narration import NarrationMixin
from .observe import ObserveMixin
from .opening import OpeningMixin
from .resolve import ResolveMixin
from .scheme import SchemeMixin
from .setup import Config, build_config

# per-bandit and per-seat lists copied by clone (all lists of numbers)
_FLAT = (
    "car", "roof", "spot_jewels", "spot_boxes", "b_jewels", "b_boxes", "bonus", "spare_purses",
    "bullets_left", "fired", "received", "round_deck", "revealed", "pile", "queue", "spare_seen",
    "late", "log", "chosen", "placing",
)
_NESTED = ("spot_purses", "b_purses", "hand", "deck", "discard", "spot_seen", "b_seen", "stuck")
_SCALAR = (
    "spare_boxes", "neutral_left", "marshal", "round_no", "card_idx", "first", "phase", "step",
    "ghost_pending", "res", "cover_seat", "event_done", "narrate",
)


class ColtState(OpeningMixin, SchemeMixin, BotSeatMixin, ResolveMixin, EventMixin, ObserveMixin, NarrationMixin, SharedGenerator, State):
    cfg: Config

    @classmethod
    def blank(cls, game, cfg: Config, rng: random.Random) -> "ColtState":
        st = cls.__new__(cls)
        st.game, st.cfg = game, cfg
        st._rng, st._rng_owned, st._rng_out = rng, True, False  # see SharedGenerator
        st.seed, st.history = 0, []
        n, nb, P = cfg.ncars, cfg.nb, cfg.players
        st.car, st.roof = [0] * nb, [0] * nb
        st.spot_purses = [[] for _ in range(2 * n)]
        st.spot_jewels, st.spot_boxes = [0] * (2 * n), [0] * (2 * n)
        st.b_purses = [[] for _ in range(nb)]
        st.b_jewels, st.b_boxes, st.bonus = [0] * nb, [0] * nb, [0] * nb
        st.spare_purses, st.spare_boxes = [], 0
        # who has seen each purse's value: a bit per seat, lists parallel to the purse lists
        st.spot_seen = [[] for _ in range(2 * n)]
        st.b_seen = [[] for _ in range(nb)]
        st.spare_seen = []
        st.bullets_left = [cfg.bullets_each] * nb
        st.fired, st.received = [0] * nb, [0] * P
        st.late = [0] * P  # bullets put on top of each seat's deck since scheming ended (public)
        st.neutral_left = cfg.neutral_total
        st.marshal = 0
        st.hand, st.deck, st.discard = [[] for _ in range(P)], [[] for _ in range(P)], [[] for _ in range(P)]
        # the opening: each bandit's chosen character (content index, -1 not yet), each seat's
        # secret choice of the bandit that starts in the caboose (two-bandit game, -1 not yet)
        st.chosen, st.placing = list(cfg.char_index), [-1] * P
        # bullet cards in each hand when scheming began (expert variant: they may have to stay)
        st.stuck = [[] for _ in range(P)]
        st.round_deck, st.revealed = [], []
        st.round_no, st.card_idx, st.first = 0, -1, 0
        st.phase, st.steps, st.step = SCHEME, (), 0
        st.ghost_pending = False
        st.pile, st.res, st.queue, st.cover_seat = [], 0, [], -1
        st.event_done = False
        st.pending = None
        # what happens, one entry per event (narration.py); off in throwaway copies (playouts,
        # sampled worlds) where nobody reads it
        st.log, st.narrate = [], True
        st.frames = None  # a copy after each pile card, kept for the referee (keep_frames); never in a copy or a record
        return st

    # --- contract ------------------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return self.cfg.players

    @property
    def current_player(self) -> int | None:
        ph = self.phase
        if ph == SCHEME:
            return self.steps[self.step][0]
        if ph == RESOLVE:
            pile, res = self.pile, self.res
            return self.cfg.owner[pile[res][1]] if res < len(pile) else None  # (None: a kept frame after the last card)
        if ph == OVER:
            return None
        if ph == COVER:
            return self.cover_seat
        if ph == PICKPOCKET or ph == CHOOSE:
            return self.cfg.owner[self.queue[0]]
        return self.queue[0]  # PICK, DISCARD, PLACE: seats

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    def legal_actions(self) -> list:
        ph = self.phase
        if ph == SCHEME:
            return self._scheme_actions()
        if ph == RESOLVE:
            return list(self.pending)
        if ph == OVER:
            return []
        if ph == COVER:
            return self._cover_actions()
        if ph == PICK:
            return self._pick_actions()
        if ph == PICKPOCKET:
            return self._pickpocket_actions()
        if ph == CHOOSE:
            return self._choose_actions()
        if ph == PLACE:
            return self._place_actions()
        return self._discard_actions()

    # --- search keys (see State.legal_keys and actions.action_key) ------------------------------------
    def legal_keys(self) -> list:
        if self.phase == SCHEME:  # from the hand, in the order of `_scheme_actions`
            s, hidden = self.steps[self.step]
            cfg = self.cfg
            if cfg.bot[s]:
                return [K_FLIP]
            if not (self.ghost_pending and s == cfg.ghost_seat and not hidden):
                out = []
                for code in sorted(set(self.hand[s])):
                    if code < BULLET_MIN:
                        out.append(code * 2 + hidden)
                if self.deck[s] or cfg.draw_empty:
                    out.append(K_DRAW)
                return out or [K_PASS]
        return [action_key(a) for a in self.legal_actions()]

    def apply_key(self, key: int) -> None:
        if self.phase == SCHEME and key < K_DRAW:
            self._scheme_play(key >> 1, bool(key & 1))
        else:
            self._apply(self.key_action(key))

    def key_action(self, key: int):
        for a in self.legal_actions():
            if action_key(a) == key:
                return a
        raise EngineError(f"colt_express: no legal action has search key {key}")

    def apply(self, action) -> None:
        """`State.apply`, with a scheming play and a card's choice handed straight to their phase (the
        commonest moves of a game: fewer calls in simulation)."""
        ph = self.phase
        if ph == SCHEME and type(action) is Play:
            self._scheme_play(action.code, action.hidden)
        elif ph == RESOLVE:
            self._apply_resolve(action)
        else:
            self._apply(action)
        self.history.append(action)

    def _apply(self, action) -> None:
        ph = self.phase
        if ph == SCHEME:
            self._apply_scheme(action)
        elif ph == RESOLVE:
            self._apply_resolve(action)
        elif ph == COVER:
            self._apply_cover(action)
        elif ph == PICK:
            self._apply_pick(action)
        elif ph == PICKPOCKET:
            self._apply_pickpocket(action)
        elif ph == DISCARD:
            self._apply_discard(action)
        elif ph == CHOOSE:
            self._apply_choose(action)
        elif ph == PLACE:
            self._apply_place(action)
        else:
            raise EngineError(f"colt_express: {action} played after the game ended")

    # --- purses and who has seen their values ---------------------------------------------------
    @staticmethod
    def _synced(vals: list, seen: list, pad: int) -> list:
        """`seen` made parallel to `vals` (positions set up by hand count as seen by `pad` only)."""
        if len(seen) != len(vals):
            seen[:] = (seen + [pad] * len(vals))[:len(vals)]
        return seen

    def spot_purse_seen(self, spot: int) -> list:
        return self._synced(self.spot_purses[spot], self.spot_seen[spot], 0)

    def bandit_purse_seen(self, b: int) -> list:
        return self._synced(self.b_purses[b], self.b_seen[b], 1 << self.cfg.owner[b])

    def take_from_spot(self, b: int, spot: int) -> None:
        """Bandit b picks up a purse lying in `spot`, blind; from now on b's seat knows its value."""
        purses, seen = self.spot_purses[spot], self.spot_purse_seen(spot)
        i = randbelow(self._own_rng(), len(purses))
        mine = self.bandit_purse_seen(b)
        self.b_purses[b].append(purses.pop(i))
        mine.append(seen.pop(i) | (1 << self.cfg.owner[b]))

    def drop_purse(self, t: int, i: int, spot: int, taker: int = -1) -> None:
        """Bandit t drops its purse number i in `spot`, or straight into bandit `taker`'s pocket."""
        seen = self.bandit_purse_seen(t)
        value, mask = self.b_purses[t].pop(i), seen.pop(i)
        if taker >= 0:
            self.bandit_purse_seen(taker).append(mask | (1 << self.cfg.owner[taker]))
            self.b_purses[taker].append(value)
        else:
            self.spot_purse_seen(spot).append(mask)
            self.spot_purses[spot].append(value)

    # --- totals and the end ----------------------------------------------------------------------
    def loot_value(self, b: int) -> int:
        """Money bandit b holds (loot tokens, hostage ransoms and its seat's head start), before the
        Gunslinger bonus."""
        cfg = self.cfg
        return (sum(self.b_purses[b]) + self.b_jewels[b] * cfg.jewel_value + self.b_boxes[b] * cfg.box_value + self.bonus[b]
                + cfg.head[b])

    def seat_fired(self, s: int) -> int:
        return sum(self.fired[b] for b in self.cfg.seat_bandits[s])

    def gunslingers(self) -> list[int]:
        cfg = self.cfg
        shots = [self.seat_fired(s) for s in range(cfg.players)]
        top = max(shots)
        if top == 0 and self.game.options["gunslinger_if_nobody_fired"] == "nobody":
            return []
        return [s for s in range(cfg.players) if shots[s] == top]

    def scores(self) -> list[int]:
        cfg = self.cfg
        out = [sum(self.loot_value(b) for b in cfg.seat_bandits[s]) for s in range(cfg.players)]
        for s in self.gunslingers():
            out[s] += cfg.gunslinger_bonus
        return out

    def result(self) -> Outcome:
        if self.phase != OVER:
            raise EngineError("colt_express: the game is not over yet")
        cfg = self.cfg
        scores = self.scores()
        best = max(scores)
        tied = [s for s in range(cfg.players) if scores[s] == best]
        detail = "richest"
        if len(tied) > 1:
            fewest = min(self.received[s] for s in tied)
            tied = [s for s in tied if self.received[s] == fewest]
            detail = "richest, then fewest bullets received"
            if len(tied) > 1 and self.game.options["final_tie"] == "most_loot_tokens":
                def tokens(s: int) -> int:
                    return sum(len(self.b_purses[b]) + self.b_jewels[b] + self.b_boxes[b] for b in cfg.seat_bandits[s])

                most = max(tokens(s) for s in tied)
                tied = [s for s in tied if tokens(s) == most]
                detail += ", then most loot tokens"
        return Outcome(tuple(float(x) for x in scores), tuple(tied), EndReason.ROUNDS_COMPLETE, detail)

    # --- copies and snapshots --------------------------------------------------------------------
    def clone(self) -> "ColtState":
        st = ColtState.__new__(ColtState)
        d, s = st.__dict__, self.__dict__
        d.update(s)
        for k in _FLAT:
            d[k] = s[k][:]
        for k in _NESTED:
            d[k] = [x[:] for x in s[k]]
        d["history"] = s["history"][:]
        d["frames"] = None
        self._share_rng(st)  # copy-on-write: see SharedGenerator
        return st

    def keep_frames(self) -> None:
        self.frames = []

    def take_frames(self) -> list[tuple[int, State]]:
        frames = self.frames or []
        if self.frames is not None:
            self.frames = []
        return frames

    def state_to_json(self) -> dict:
        cfg = self.cfg
        out = {"characters": list(cfg.char_ids), "wagons": list(cfg.wagon_order), "steps": [list(x) for x in self.steps]}
        for k in _FLAT + _NESTED:
            v = getattr(self, k)
            out[k] = [list(x) if isinstance(x, (list, tuple)) else x for x in v]
        for k in _SCALAR:
            out[k] = getattr(self, k)
        return out

    @classmethod
    def from_json_data(cls, game, data: dict) -> "ColtState":
        players = len(data["hand"])
        cfg = build_config(game, players, list(data["characters"]), list(data["wagons"]))
        st = cls.blank(game, cfg, random.Random(0))
        for k in _FLAT + _NESTED:
            if k in data:
                setattr(st, k, [list(x) if isinstance(x, list) else x for x in data[k]])
        if "late" not in data:
            st.late = [0] * players
        if "chosen" not in data:  # older snapshots: characters were dealt, no secret placement
            st.chosen, st.placing = list(cfg.char_index), [-1] * players
        data = {"narrate": True, **data}  # older snapshots have no log switch
        if "spot_seen" not in data:  # older snapshots: only the holders know their purses
            st.spot_seen = [[0] * len(p) for p in st.spot_purses]
            st.b_seen = [[1 << cfg.owner[b]] * len(p) for b, p in enumerate(st.b_purses)]
            st.spare_seen = [0] * len(st.spare_purses)
        st.pile = [tuple(x) for x in data["pile"]]
        for k in _SCALAR:
            setattr(st, k, data[k])
        st.ghost_pending = bool(st.ghost_pending)
        st.steps = tuple(tuple(x) for x in data["steps"])
        if st.phase == RESOLVE:
            st.pending = st._card_options()
        return st

    def phase_name(self) -> str:
        return PHASE_NAMES[self.phase]

    # --- fast random play ------------------------------------------------------------------------
    def random_playout(self, rng: random.Random, max_moves: int = 100_000) -> None:
        """Uniformly random legal actions to the end: the same choices, from the same draws, as
        `rng.randrange(len(acts))` over `legal_actions()` (scheming turns are picked without the list)."""
        self.narrate = False
        if type(rng) is not random.Random:  # another generator may draw differently: the list's way
            return State.random_playout(self, rng, max_moves)
        for _ in range(max_moves):
            ph = self.phase
            if ph == SCHEME:
                self._scheme_random(rng)
            elif ph == RESOLVE:
                acts = self.pending
                self._apply_resolve(acts[randbelow(rng, len(acts))])
            elif ph == OVER:
                return
            else:
                acts = self.legal_actions()
                self._apply(acts[randbelow(rng, len(acts))])
        raise RuntimeError(f"colt_express: playout did not end within {max_moves} moves")


def playable(code: int) -> bool:
    return code < BULLET_MIN
