"""The fast random playout of Longhorn: uniform legal choices on ints, the common turn inlined."""

from __future__ import annotations

import random

from .constants import AMBUSH_CHOICE, MOVE, OVER, STEAL


class FastPlayout:
    """Mixin of `LonghornState`: `random_playout` (same distribution as picking from legal_actions)."""

    __slots__ = ()

    def random_playout(self, rng: random.Random, max_moves: int = 100_000) -> None:
        """Uniformly random legal choices to the end, on ints (same distribution as legal_actions)."""
        rand = rng.random
        g = self.game
        ncol = g.ncol
        cattle = self.cattle
        tot = self.tot
        dest = g.dest
        herd = self.herd
        tok = self.tok
        counts = g.colour_count
        cols = range(ncol)
        avoid = g.avoid_danger
        for _ in range(max_moves):
            ph = self.phase
            if ph == STEAL:
                cell = self.pawn
                base = cell * ncol
                ch = [c for c in cols if cattle[base + c]]
                c = ch[int(rand() * len(ch))]
                i = base + c
                n = cattle[i]
                p = self.player
                h = p * ncol + c
                if (n == tot[cell] and tok[cell] is not None) or herd[h] + n >= counts[c]:
                    self._steal(c)  # a token to apply or a full herd: the general path
                    continue
                # the common case inlined: steal, no token, move or end, flip
                cattle[i] = 0
                tot[cell] -= n
                herd[h] += n
                self.steps = n
                self.stolen = c
                self.extra = False
                self.turn += 1
                dl = [d for d in dest[cell][n] if tot[d]]
                if not dl:
                    self._finish_scored()
                    return
                if avoid and len(dl) > 1:
                    dl = self._safe(dl)
                self.pawn = dl[int(rand() * len(dl))]
                self.player = 1 - p
            elif ph == MOVE:
                ch = self._destinations()
                self._move(ch[int(rand() * len(ch))])
            elif ph == OVER:
                return
            else:
                ch = self._choices()
                choice = ch[int(rand() * len(ch))]
                if ph == AMBUSH_CHOICE and choice == -1:
                    self._ambush(-1, int(rand() * len(self.nuggets[1 - self.player])))
                else:
                    self._do(ph, choice)
        raise RuntimeError(f"longhorn: playout did not end within {max_moves} moves")
