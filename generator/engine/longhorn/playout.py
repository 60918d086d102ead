"""The fast random playout of Longhorn: uniform legal choices on ints, the common turn inlined."""

from __future__ import annotations

import random

from .constants import AMBUSH_CHOICE, MOVE, NUGGET, OVER, SNAKE, STEAL


class FastPlayout:
    """Mixin of `LonghornState`: `random_playout` (same distribution as picking from legal_actions)."""

    __slots__ = ()

    def random_playout(self, rng: random.Random, max_moves: int = 100_000) -> None:
        """Uniformly random legal choices to the end, on ints (same distribution as legal_actions)."""
        self.narrate = False  # a playout's state is thrown away: nobody reads its log
        rand = rng.random
        g = self.game
        ncol = g.ncol
        cattle = self.cattle
        tot = self.tot
        dest = g.dest
        herd = self.herd
        tok = self.tok
        nuggets = self.nuggets
        used = self.used
        counts = g.colour_count
        cols = range(ncol)
        avoid = g.avoid_danger
        turn = self.turn  # kept here while the common turn runs inlined, written back before leaving it
        for _ in range(max_moves):
            ph = self.phase
            if ph == STEAL:
                cell = self.pawn
                base = cell * ncol
                ch = []  # (loops, not comprehensions: a comprehension is a call of its own before 3.12)
                for c in cols:
                    if cattle[base + c]:
                        ch.append(c)
                c = ch[int(rand() * len(ch))]
                i = base + c
                n = cattle[i]
                p = self.player
                h = p * ncol + c
                t = tok[cell] if n == tot[cell] else None
                if herd[h] + n >= counts[c] or (t is not None and t[0] != NUGGET and t[0] != SNAKE):
                    self.turn = turn
                    self.steal_colour(c)  # a full herd, or a token with its own steps: the general path
                    turn = self.turn
                    continue
                # the common turn inlined: steal, a nugget or snake oil or no token, move or end, flip
                # (the turn's record, steps, stolen, extra and turn, is written when the playout ends:
                # the next steal overwrites it and nothing else reads it)
                cattle[i] = 0
                tot[cell] -= n
                herd[h] += n
                turn += 1
                again = False
                if t is not None:
                    tok[cell] = None
                    if t[0] == NUGGET:
                        nuggets[p].append(t[1])
                    else:  # snake oil: another turn after the move
                        used[p].append(SNAKE)
                        again = True
                dl = []
                for d in dest[cell][n]:
                    if tot[d]:
                        dl.append(d)
                if not dl:
                    self.steps, self.stolen, self.extra, self.turn = n, c, again, turn
                    self.finish_scored()
                    return
                if avoid and len(dl) > 1:
                    dl = self._safe(dl)
                self.pawn = dl[int(rand() * len(dl))]
                if not again:
                    self.player = 1 - p
            elif ph == MOVE:
                ch = self.destinations()
                self._move(ch[int(rand() * len(ch))])
            elif ph == OVER:
                return
            else:
                ch = self.choice_codes()
                choice = ch[int(rand() * len(ch))]
                if ph == AMBUSH_CHOICE and choice == -1:
                    self._ambush(-1, int(rand() * len(self.nuggets[1 - self.player])))
                else:
                    self.apply_choice(ph, choice)
        raise RuntimeError(f"longhorn: playout did not end within {max_moves} moves")
