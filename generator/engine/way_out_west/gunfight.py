"""Gunfights [seed].

Declaring ("fight TOWN KIND OWNER WHAT", in a town where the attacker has a cowboy):
  seize OWNER stagecoach|train|store|hotel  - take another player's building; if the attacker would
                                              then own more than 2 buildings in that town, or has no
                                              token of that type left, a won fight leaves the building
                                              its colour (option seize_over_limit: forbidden makes such
                                              a seize undeclarable);
  steal OWNER 1|2                           - replace 1-2 of OWNER's cattle there by the attacker's own;
  rob OWNER bank                            - rob a bank: 3 dice, the owner pays the total;
  remove OWNER farmer|jail                  - a farmer or a jail leaves the game.
Fighters: every cowboy of the attacker and of the target's owner in the town (nobody else's); an
attacked farmer defends as one cowboy; banks and trains add 1 built-in guard. If a jail stands in the
town its owner decides ("sheriff join" / "sheriff stay") whether the sheriff fights: with their own
attack if they are the attacker, otherwise with the defence. A target with no defender falls
without dice (option undefended_target: or cannot be attacked).

Exchanges: before each, the attacker then the defender says "shoot" or "retreat". The side with fewer
fighters shoots first and its hits are removed before the other side answers; equal sides shoot at
once. Every fighter rolls a die and each 5 or 6 kills one enemy fighter; the side's leader (the
attacker, or the target's owner) picks each casualty ("casualty cowboy|sheriff|guard|farmer") when
there is a real choice. Killed cowboys go back to their supply; a killed farmer leaves the game; a
killed sheriff or guard only leaves the fight. If both sides die in the same volley, the defence holds.

Retreat: the side loses; each of its cowboys moves to a different other town ("retreat TOWN", one per
town; when the destinations are forced they are filled without asking); cowboys beyond one per other
town go back to the supply (option retreat_overflow: or that side may not retreat).

The winner takes a wanted poster from the supply, or when none are left from another player of their
choice ("poster COLOUR").
"""

from __future__ import annotations

from . import actions
from .notation import (
    C_COWBOY, C_FARMER, C_GUARD, C_SHERIFF, CASUALTY_WORDS, K_CAS, K_FIGHT, K_POSTER, K_RETREAT, K_RTO,
    K_SHERIFF, K_SHOOT, T_FARMER, T_JAIL, T_ROB, T_SEIZE, T_STEAL,
)

ATT, DEF = 0, 1
S_SHERIFF, S_ATT, S_DEF, S_CAS, S_RETREAT, S_POSTER = range(6)
STAGES = ("sheriff", "attacker", "defender", "casualty", "retreat", "poster")
SHOOT_ATT, SHOOT_DEF, SHOOT_BOTH = 0, 1, 2

_SHOOT_RETREAT = [(K_SHOOT,), (K_RETREAT,)]
_SHOOT_ONLY = [(K_SHOOT,)]
_SHERIFF = [(K_SHERIFF, 1), (K_SHERIFF, 0)]


class Fight:
    __slots__ = (
        "town", "att", "dfn", "kind", "arg", "a_cow", "a_sher", "d_cow", "d_sher", "d_guard", "d_farm",
        "stage", "decider", "todo", "pend", "rside", "rleft", "rused", "winner",
    )

    def copy(self) -> "Fight":
        f = Fight.__new__(Fight)
        for name in Fight.__slots__:
            setattr(f, name, getattr(self, name))
        f.todo = self.todo[:]
        f.pend = [x[:] for x in self.pend]
        f.rused = self.rused[:]
        return f

    def total(self, side: int) -> int:
        if side == ATT:
            return self.a_cow + self.a_sher
        return self.d_cow + self.d_sher + self.d_guard + self.d_farm

    def kinds(self, side: int) -> list[int]:
        if side == ATT:
            return [k for k, v in ((C_COWBOY, self.a_cow), (C_SHERIFF, self.a_sher)) if v]
        return [
            k
            for k, v in ((C_COWBOY, self.d_cow), (C_SHERIFF, self.d_sher), (C_GUARD, self.d_guard), (C_FARMER, self.d_farm))
            if v
        ]

    def leader(self, side: int) -> int:
        return self.att if side == ATT else self.dfn

    def to_json(self) -> dict:
        d = {name: getattr(self, name) for name in Fight.__slots__}
        d["todo"] = list(self.todo)
        d["pend"] = [list(x) for x in self.pend]
        d["rused"] = list(self.rused)
        d["stage"] = STAGES[self.stage]
        return d

    @classmethod
    def from_json(cls, d: dict, rules) -> "Fight":
        f = cls.__new__(cls)
        for name in cls.__slots__:
            setattr(f, name, d[name])
        f.stage = STAGES.index(d["stage"])
        f.todo = [int(x) for x in d["todo"]]
        f.pend = [[int(a), int(b)] for a, b in d["pend"]]
        f.rused = [int(x) for x in d["rused"]]
        return f


# --- declaring ---------------------------------------------------------------------------------


def targets(s, p: int, t: int, out: list) -> None:
    """Append every legal "fight" move for player p in town t (p has a cowboy there)."""
    R = s.rules
    row = s.bld[t]
    cow = s.cow[t]
    falls = R.undefended_falls
    own = None
    for b in range(R.nbuild):
        o = row[b]
        if o < 0 or o == p:
            continue
        how = R.attack[b]
        if not falls and cow[o] + R.defenders[b] == 0:
            continue
        if how == "seize":
            if R.seize_over_limit:
                out.append((K_FIGHT, t, T_SEIZE, o, b))
                continue
            if own is None:
                own = sum(1 for x in row if x == p)
            if own < R.per_player and s.bsup[p][b]:
                out.append((K_FIGHT, t, T_SEIZE, o, b))
        elif how == "rob":
            out.append((K_FIGHT, t, T_ROB, o, b))
        else:
            out.append((K_FIGHT, t, T_JAIL, o, b))
    cat = s.cat[t]
    sup = s.catsup[p]
    if sup:
        for q in range(s.n):
            if q != p and cat[q] and (falls or cow[q]):
                for k in range(1, min(R.steal_max, cat[q], sup) + 1):
                    out.append((K_FIGHT, t, T_STEAL, q, k))
    for q, f in enumerate(s.farmer):
        if f == t and q != p:
            out.append((K_FIGHT, t, T_FARMER, q, 0))


def target_text(s, kind: int, owner: int, arg: int) -> str:
    R = s.rules
    who = s.colour(owner)
    if kind == T_SEIZE:
        return f"seize {who}'s {R.building_names[arg].lower()}"
    if kind == T_STEAL:
        return f"steal {arg} of {who}'s cattle"
    if kind == T_ROB:
        return f"rob {who}'s bank"
    if kind == T_FARMER:
        return f"remove {who}'s farmer"
    return f"remove {who}'s jail"


def start(s, p: int, raw: tuple) -> None:
    R = s.rules
    _, t, kind, owner, arg = raw
    f = Fight.__new__(Fight)
    f.town, f.att, f.dfn, f.kind, f.arg = t, p, owner, kind, arg
    f.a_cow = s.cow[t][p]
    f.a_sher = 0
    f.d_cow = s.cow[t][owner]
    f.d_sher = 0
    f.d_guard = R.defenders[arg] if kind in (T_SEIZE, T_ROB, T_JAIL) else 0
    f.d_farm = R.farmer_fighters if kind == T_FARMER else 0
    f.todo, f.pend, f.rused = [], [], []
    f.rside, f.rleft, f.winner = -1, 0, -1
    s.fight = f
    s.log.append(f"{s.colour(p)} starts a gunfight in {s.town_name(t)}: {target_text(s, kind, owner, arg)}")
    jail = s.bld[t][R.JAIL]
    if jail >= 0:
        f.stage, f.decider = S_SHERIFF, jail
        return
    _begin(s)


def _begin(s) -> None:
    f = s.fight
    if f.total(DEF) == 0:
        s.log.append(f"No one defends: {s.colour(f.att)} wins without a shot")
        _finish(s, f.att)
        return
    f.stage, f.decider = S_ATT, f.att


# --- decisions ---------------------------------------------------------------------------------


def _may_retreat(s, side: int) -> bool:
    if s.rules.retreat_lost:
        return True
    f = s.fight
    k = f.a_cow if side == ATT else f.d_cow
    return k <= s.rules.ntowns - 1


def _free_towns(s) -> list[int]:
    f = s.fight
    return [u for u in range(s.rules.ntowns) if u != f.town and u not in f.rused]


def legal(s) -> list[tuple]:
    f = s.fight
    st = f.stage
    if st == S_ATT:
        return _SHOOT_RETREAT if _may_retreat(s, ATT) else _SHOOT_ONLY
    if st == S_DEF:
        return _SHOOT_RETREAT if _may_retreat(s, DEF) else _SHOOT_ONLY
    if st == S_CAS:
        return [(K_CAS, k) for k in f.kinds(f.pend[0][0])]
    if st == S_SHERIFF:
        return _SHERIFF
    if st == S_RETREAT:
        return [(K_RTO, u) for u in _free_towns(s)]
    # poster
    return [(K_POSTER, q) for q in range(s.n) if q != f.winner and s.posters[q]]


def do(s, raw: tuple) -> None:
    f = s.fight
    k = raw[0]
    if k == K_SHOOT:
        if f.stage == S_ATT:
            f.stage, f.decider = S_DEF, f.dfn
        else:
            _exchange(s)
    elif k == K_RETREAT:
        _retreat(s, ATT if f.stage == S_ATT else DEF)
    elif k == K_CAS:
        side = f.pend[0][0]
        _kill(s, side, raw[1])
        f.pend[0][1] -= 1
        _run(s)
    elif k == K_SHERIFF:
        if raw[1]:
            if f.decider == f.att:
                f.a_sher = s.rules.sheriff_fighters
                s.log.append(f"The sheriff rides with {s.colour(f.att)}")
            else:
                f.d_sher = s.rules.sheriff_fighters
                s.log.append(f"The sheriff stands with {s.colour(f.dfn)}")
        _begin(s)
    elif k == K_RTO:
        _retreat_one(s, raw[1])
        _resolve_retreat(s)
    elif k == K_POSTER:
        q = raw[1]
        s.posters[q] -= 1
        s.posters[f.winner] += 1
        s.log.append(f"{s.colour(f.winner)} takes a wanted poster from {s.colour(q)}")
        _end(s)
    else:
        raise ValueError(f"not a gunfight move: {raw!r}")


# --- shooting ----------------------------------------------------------------------------------


def _volley(s, side: int, dice: int) -> int:
    rolls = s.roll(dice)
    hit_on = s.rules.hit_on
    hits = sum(1 for r in rolls if r in hit_on)
    f = s.fight
    s.log.append(
        f"{s.colour(f.leader(side))} {'attack' if side == ATT else 'defence'} rolls "
        + ", ".join(map(str, rolls))
        + f": {hits} hit{'s' if hits != 1 else ''}"
    )
    return hits


def _exchange(s) -> None:
    f = s.fight
    a, d = f.total(ATT), f.total(DEF)
    if a < d:
        f.todo = [SHOOT_ATT, SHOOT_DEF]
    elif d < a:
        f.todo = [SHOOT_DEF, SHOOT_ATT]
    else:
        f.todo = [SHOOT_BOTH]
    _run(s)


def _run(s) -> None:
    """Work through pending volleys and casualties; stop at a casualty choice or the fight's end."""
    f = s.fight
    while True:
        if f.pend:
            side, h = f.pend[0]
            tot = f.total(side)
            if h > tot:
                h = f.pend[0][1] = tot
            if h == 0:
                del f.pend[0]
                continue
            kinds = f.kinds(side)
            if h < tot and len(kinds) > 1:
                f.stage, f.decider = S_CAS, f.leader(side)
                return
            if h >= tot:
                for kd in kinds:
                    while _has(f, side, kd):
                        _kill(s, side, kd)
            else:
                for _ in range(h):
                    _kill(s, side, kinds[0])
            del f.pend[0]
            continue
        if f.todo:
            code = f.todo.pop(0)
            if code == SHOOT_BOTH:
                a, d = f.total(ATT), f.total(DEF)
                hd = _volley(s, ATT, a)
                ha = _volley(s, DEF, d)
                f.pend = [[DEF, hd], [ATT, ha]]
            else:
                side = ATT if code == SHOOT_ATT else DEF
                other = 1 - side
                n = f.total(side)
                if n and f.total(other):
                    f.pend.append([other, _volley(s, side, n)])
            continue
        break
    if f.total(DEF) == 0 and f.total(ATT) > 0:
        _finish(s, f.att)
    elif f.total(ATT) == 0:
        _finish(s, f.dfn)
    else:
        f.stage, f.decider = S_ATT, f.att


def _count(f: Fight, kind: int) -> int:
    return (f.d_cow, f.d_sher, f.d_guard, f.d_farm)[kind]


def _has(f: Fight, side: int, kind: int) -> bool:
    if side == ATT:
        return (f.a_cow if kind == C_COWBOY else f.a_sher) > 0
    return _count(f, kind) > 0


def _kill(s, side: int, kind: int) -> None:
    f = s.fight
    t = f.town
    if side == ATT:
        if kind == C_COWBOY:
            f.a_cow -= 1
            s.cow[t][f.att] -= 1
            s.cowsup[f.att] += 1
        else:
            f.a_sher -= 1
    elif kind == C_COWBOY:
        f.d_cow -= 1
        s.cow[t][f.dfn] -= 1
        s.cowsup[f.dfn] += 1
    elif kind == C_SHERIFF:
        f.d_sher -= 1
    elif kind == C_GUARD:
        f.d_guard -= 1
    else:
        f.d_farm = 0
        s.farmer[f.dfn] = -2
    s.log.append(f"{'Attacking' if side == ATT else 'Defending'} {CASUALTY_WORDS[kind]} falls")


# --- retreat -----------------------------------------------------------------------------------


def _retreat(s, side: int) -> None:
    f = s.fight
    f.rside = side
    f.rleft = f.a_cow if side == ATT else f.d_cow
    f.rused = []
    s.log.append(f"{s.colour(f.leader(side))} retreats from {s.town_name(f.town)}")
    # the sheriff goes home and the guard stays put: only cowboys move
    if side == ATT:
        f.a_sher = 0
    else:
        f.d_sher = f.d_guard = 0
    _resolve_retreat(s)


def _retreat_one(s, u: int) -> None:
    f = s.fight
    pl = f.leader(f.rside)
    t = f.town
    s.cow[t][pl] -= 1
    s.cow[u][pl] += 1
    s.coach_pay(t, pl, 1)
    s.coach_pay_in(u, pl, 1)
    f.rused.append(u)
    f.rleft -= 1
    if f.rside == ATT:
        f.a_cow -= 1
    else:
        f.d_cow -= 1


def _resolve_retreat(s) -> None:
    f = s.fight
    free = _free_towns(s)
    if f.rleft and f.rleft >= len(free):
        for u in free:
            _retreat_one(s, u)
        if f.rleft:
            pl = f.leader(f.rside)
            lost = f.rleft
            s.cow[f.town][pl] -= lost
            s.cowsup[pl] += lost
            f.rleft = 0
            if f.rside == ATT:
                f.a_cow -= lost
            else:
                f.d_cow -= lost
            s.log.append(f"{lost} {s.colour(pl)} cowboy{'s' if lost != 1 else ''} find no town and go home")
    if f.rleft:
        f.stage, f.decider = S_RETREAT, f.leader(f.rside)
        return
    if f.rside == ATT:
        _finish(s, f.dfn)
    else:
        _finish(s, f.att)


# --- the end of a fight ------------------------------------------------------------------------


def _finish(s, winner: int) -> None:
    R = s.rules
    f = s.fight
    f.winner = winner
    t, att, dfn, arg = f.town, f.att, f.dfn, f.arg
    if winner == att:
        kind = f.kind
        if kind == T_SEIZE:
            bname = R.building_names[arg].lower()
            own = sum(1 for x in s.bld[t] if x == att)
            if own < R.per_player and s.bsup[att][arg]:
                s.bld[t][arg] = att
                s.bsup[att][arg] -= 1
                s.bsup[dfn][arg] += 1
                s.log.append(f"{s.colour(att)} seizes the {bname} in {s.town_name(t)}")
            else:
                why = (f"{s.colour(att)} already has {R.per_player} buildings there" if own >= R.per_player
                       else f"{s.colour(att)} has no {bname} left")
                s.log.append(f"The {bname} in {s.town_name(t)} keeps its colour: {why}")
        elif kind == T_STEAL:
            k = min(arg, s.cat[t][dfn], s.catsup[att])
            s.cat[t][dfn] -= k
            s.catsup[dfn] += k
            s.cat[t][att] += k
            s.catsup[att] -= k
            s.log.append(f"{s.colour(att)} steals {k} cattle from {s.colour(dfn)}")
        elif kind == T_ROB:
            rolls = s.roll(R.rob_dice)
            due = sum(rolls)
            paid = min(due, s.money[dfn])
            s.money[dfn] -= paid
            s.money[att] += paid
            s.log.append(f"{s.colour(att)} robs the bank: rolls {', '.join(map(str, rolls))} = ${due}; {s.colour(dfn)} pays ${paid}")
            if paid < due:
                s.bld[t][arg] = -1
                s.bsup[dfn][arg] += 1
                s.log.append(f"{s.colour(dfn)} cannot pay in full: the bank in {s.town_name(t)} closes")
        elif kind == T_FARMER:
            s.farmer[dfn] = -2
            s.log.append(f"{s.colour(dfn)}'s farmer leaves the game")
        else:
            s.bld[t][arg] = -1
            s.bgone[dfn][arg] += 1
            s.log.append(f"{s.colour(dfn)}'s jail in {s.town_name(t)} is torn down")
    else:
        s.log.append(f"{s.colour(winner)} holds {s.town_name(t)}")
    # wanted poster
    if s.poster_sup > 0:
        s.poster_sup -= 1
        s.posters[winner] += 1
        s.log.append(f"{s.colour(winner)} takes a wanted poster")
    else:
        others = [q for q in range(s.n) if q != winner and s.posters[q]]
        if len(others) > 1:
            f.stage, f.decider = S_POSTER, winner
            return
        if others:
            q = others[0]
            s.posters[q] -= 1
            s.posters[winner] += 1
            s.log.append(f"{s.colour(winner)} takes a wanted poster from {s.colour(q)}")
    _end(s)


def _end(s) -> None:
    s.fight = None
    actions.advance(s)
