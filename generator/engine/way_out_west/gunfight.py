"""Gunfights [seed].

Declaring ("fight TOWN KIND OWNER WHAT", in a town where the attacker has a cowboy; the gunfight box's
cost is paid first):
  seize OWNER stagecoach|train|store|hotel  - take another player's building; if the attacker would
                                              then own more than 2 buildings in that town, or has no
                                              token of that type left, a won fight leaves the building
                                              its colour (option seize_over_limit: forbidden makes such
                                              a seize undeclarable);
  steal OWNER 1|2                           - replace 1-2 of OWNER's cattle there by the attacker's own;
  rob OWNER bank                            - rob a bank: 3 dice, the owner pays the total;
  remove OWNER jail                         - a jail leaves the game;
  remove farmer                             - a farmer (it belongs to nobody) leaves the game.
Fighters: every cowboy of the attacker and of the target's owner in the town (nobody else's); banks
and trains add 1 built-in guard. If a jail stands in the town its owner decides ("sheriff join" /
"sheriff stay") whether the sheriff fights: with their own attack if they are the attacker, otherwise
with the defence.
A farmer defends alone as one cowboy [seed]: no player's cowboys join it, no sheriff stands with it,
nobody decides for it (it always shoots); anyone may attack any farmer. A farmer that wins gives no
wanted poster (no player won).
A target with no defender (no cowboy, guard or sheriff) rolls one die of defence as one fighter
(option undefended_target: one_die; or it falls without dice, or it cannot be attacked).

Exchanges: before each, the attacker then the defender says "shoot" or "retreat" (a side that may not
retreat is not asked). The side with fewer fighters shoots first and its hits are removed before the
other side answers; equal sides shoot at once. Every fighter rolls a die and each 5 or 6 kills one
enemy fighter; the side's leader (the attacker, or the target's owner) picks each casualty
("casualty cowboy|sheriff|guard") when there is a real choice. Killed cowboys go back to their supply;
a killed sheriff, guard or lone defence only leaves the fight. If both sides die in the same volley,
the defence holds.

Retreat: the side loses; each of its cowboys moves to a different other town ("retreat TOWN", one per
town; when the destinations are forced they are filled without asking); cowboys beyond one per other
town go back to the supply (option retreat_overflow: or that side may not retreat). A side with no
cowboy left in the fight may retreat and lose (option retreat_guards_only: fight_on, it fights on).

The winner takes a wanted poster from the supply, or when none are left from another player of their
choice ("poster COLOUR").
"""

from __future__ import annotations

from . import actions
from .notation import (
    C_COWBOY, C_FARMER, C_GUARD, C_LONE, C_SHERIFF, CASUALTY_WORDS, K_CAS, NOBODY, K_FIGHT, K_POSTER, K_RETREAT, K_RTO,
    K_SHERIFF, K_SHOOT, T_FARMER, T_JAIL, T_ROB, T_SEIZE, T_STEAL,
)

ATT, DEF = 0, 1
S_SHERIFF, S_ATT, S_DEF, S_CAS, S_RETREAT, S_POSTER = range(6)
STAGES = ("sheriff", "attacker", "defender", "casualty", "retreat", "poster")
SHOOT_ATT, SHOOT_DEF, SHOOT_BOTH = 0, 1, 2

_SHOOT_RETREAT = [(K_SHOOT,), (K_RETREAT,)]
_SHERIFF = [(K_SHERIFF, 1), (K_SHERIFF, 0)]


def _frozen(value):
    """A list (of lists) as tuples, anything else as it is."""
    return tuple(_frozen(v) for v in value) if isinstance(value, (list, tuple)) else value


class Fight:
    __slots__ = (
        "town", "att", "dfn", "kind", "arg", "a_cow", "a_sher", "d_cow", "d_sher", "d_guard", "d_farm", "d_lone",
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
        return self.d_cow + self.d_sher + self.d_guard + self.d_farm + self.d_lone

    def kinds(self, side: int) -> list[int]:
        if side == ATT:
            return [k for k, v in ((C_COWBOY, self.a_cow), (C_SHERIFF, self.a_sher)) if v]
        return [
            k
            for k, v in (
                (C_COWBOY, self.d_cow), (C_SHERIFF, self.d_sher), (C_GUARD, self.d_guard), (C_FARMER, self.d_farm),
                (C_LONE, self.d_lone),
            )
            if v
        ]

    def leader(self, side: int) -> int:
        """The player who decides for a side (NOBODY for a farmer's defence)."""
        return self.att if side == ATT else self.dfn

    def key(self) -> tuple:
        """The fight as one hashable value (what `to_json` holds)."""
        return tuple(_frozen(getattr(self, name)) for name in Fight.__slots__)

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


def targets(s, p: int, t: int, out: list, buildings: bool = True, cattle: bool = True) -> None:
    """Append every legal "fight" move for player p in town t (p has a cowboy there). A caller that
    has seen no other player's building (`buildings`) or cattle (`cattle`) there may skip those looks."""
    R = s.rules
    cow = s.cow[t]
    any_target = R.any_target
    if buildings:
        row = s.bld[t]
        own = None
        for b in range(R.nbuild):
            o = row[b]
            if o < 0 or o == p:
                continue
            how = R.attack[b]
            if not any_target and cow[o] + R.defenders[b] == 0:
                continue
            if how == "seize":
                if R.seize_over_limit:
                    out.append((K_FIGHT, t, T_SEIZE, o, b))
                    continue
                if own is None:
                    own = row.count(p)
                if own < R.per_player and s.bsup[p][b]:
                    out.append((K_FIGHT, t, T_SEIZE, o, b))
            elif how == "rob":
                out.append((K_FIGHT, t, T_ROB, o, b))
            else:
                out.append((K_FIGHT, t, T_JAIL, o, b))
    sup = s.catsup[p]
    if cattle and sup:
        cat = s.cat[t]
        steal_max = R.steal_max
        for q in range(s.n):
            if q != p and cat[q] and (any_target or cow[q]):
                top = cat[q] if cat[q] < sup else sup
                if steal_max < top:
                    top = steal_max
                for k in range(1, top + 1):
                    out.append((K_FIGHT, t, T_STEAL, q, k))
    if s.farm[t]:
        out.append((K_FIGHT, t, T_FARMER, NOBODY, 0))


def target_text(s, kind: int, owner: int, arg: int) -> str:
    R = s.rules
    if kind == T_FARMER:
        return "remove a farmer"
    who = s.colour(owner)
    if kind == T_SEIZE:
        return f"seize {who}'s {R.building_names[arg].lower()}"
    if kind == T_STEAL:
        return f"steal {arg} of {who}'s cattle"
    if kind == T_ROB:
        return f"rob {who}'s bank"
    return f"remove {who}'s jail"


def start(s, p: int, raw: tuple) -> None:
    R = s.rules
    _, t, kind, owner, arg = raw
    f = Fight.__new__(Fight)
    f.town, f.att, f.dfn, f.kind, f.arg = t, p, owner, kind, arg
    f.a_cow = s.cow[t][p]
    f.a_sher = 0
    f.d_cow = s.cow[t][owner] if owner >= 0 else 0  # a farmer belongs to nobody: no cowboy joins it
    f.d_sher = 0
    f.d_guard = R.defenders[arg] if kind in (T_SEIZE, T_ROB, T_JAIL) else 0
    f.d_farm = R.farmer_fighters if kind == T_FARMER else 0
    f.d_lone = 0
    f.todo, f.pend, f.rused = [], [], []
    f.rside, f.rleft, f.winner = -1, 0, NOBODY
    s.fight = f
    if s.narrate:
        s.log.append(f"{s.colour(p)} starts a gunfight in {s.town_name(t)}: {target_text(s, kind, owner, arg)}")
    jail = s.bld[t][R.JAIL]
    # the sheriff may ride with its owner's attack, or stand with a player's defence (never a farmer's)
    if jail >= 0 and (kind != T_FARMER or jail == p):
        f.stage, f.decider = S_SHERIFF, jail
        return
    _begin(s)


def _begin(s) -> None:
    f = s.fight
    R = s.rules
    if f.total(DEF) == 0:
        if R.undefended == "one_die":
            f.d_lone = R.undefended_fighters
            if s.narrate:
                s.log.append(f"No one defends: the target rolls {_dice(f.d_lone)} of defence")
        else:
            if s.narrate:
                s.log.append(f"No one defends: {s.colour(f.att)} wins without a shot")
            finish_fight(s, f.att)
            return
    _drive(s)


def _dice(k: int) -> str:
    return "one die" if k == 1 else f"{k} dice"


# --- decisions ---------------------------------------------------------------------------------


def _may_retreat(s, side: int) -> bool:
    """Whether a side's leader is asked "shoot or retreat" (a farmer's defence never is)."""
    f = s.fight
    R = s.rules
    if side == ATT:
        k = f.a_cow
    elif f.dfn == NOBODY:  # a farmer's defence
        return False
    else:
        k = f.d_cow
    if k == 0 and R.guards_fight_on:
        return False
    return R.retreat_lost or k <= R.ntowns - 1


def _free_towns(s) -> list[int]:
    """The towns a retreating cowboy may still go to: other towns not yet taken by this retreat."""
    f = s.fight
    rused = f.rused
    others = s.rules.others[f.town]
    return [u for u in others if u not in rused] if rused else others[:]


def legal(s) -> list[tuple]:
    f = s.fight
    st = f.stage
    if st == S_ATT or st == S_DEF:
        return _SHOOT_RETREAT
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
        if f.stage == S_ATT and _may_retreat(s, DEF):
            f.stage, f.decider = S_DEF, f.dfn
        else:
            _exchange(s)
            _drive(s)
    elif k == K_RETREAT:
        _retreat(s, ATT if f.stage == S_ATT else DEF)
    elif k == K_CAS:
        side = f.pend[0][0]
        _kill(s, side, raw[1])
        f.pend[0][1] -= 1
        _drive(s)
    elif k == K_SHERIFF:
        if raw[1]:
            if f.decider == f.att:
                f.a_sher = s.rules.sheriff_fighters
                if s.narrate:
                    s.log.append(f"The sheriff rides with {s.colour(f.att)}")
            else:
                f.d_sher = s.rules.sheriff_fighters
                if s.narrate:
                    s.log.append(f"The sheriff stands with {s.colour(f.dfn)}")
        _begin(s)
    elif k == K_RTO:
        _retreat_one(s, raw[1])
        _resolve_retreat(s)
    elif k == K_POSTER:
        q = raw[1]
        s.posters[q] -= 1
        s.posters[f.winner] += 1
        if s.narrate:
            s.log.append(f"{s.colour(f.winner)} takes a wanted poster from {s.colour(q)}")
        _end(s)
    else:
        raise ValueError(f"not a gunfight move: {raw!r}")


# --- shooting ----------------------------------------------------------------------------------


def _volley(s, side: int, dice: int) -> int:
    """One side shoots: its hits, rolled face by face (in play) or drawn as one chance event (in the
    exact search of scenarios/exact.py, which takes every number of hits with its chance)."""
    rolls, hits = s.roll_hits(dice)
    if s.narrate:
        shown = ", ".join(map(str, rolls)) if rolls is not None else _dice(dice)
        s.log.append(
            f"{_side_name(s, side)} {'attack' if side == ATT else 'defence'} rolls {shown}: {hits} hit{'s' if hits != 1 else ''}"
        )
    return hits


def _side_name(s, side: int) -> str:
    who = s.fight.leader(side)
    return "Farmer" if who == NOBODY else s.colour(who)


def _exchange(s) -> None:
    """Queue one exchange: the smaller side shoots first, equal sides at once."""
    f = s.fight
    a, d = f.total(ATT), f.total(DEF)
    if a < d:
        f.todo = [SHOOT_ATT, SHOOT_DEF]
    elif d < a:
        f.todo = [SHOOT_DEF, SHOOT_ATT]
    else:
        f.todo = [SHOOT_BOTH]


def _drive(s) -> None:
    """Shoot on until a leader must decide (shoot or retreat, a casualty) or the fight is over."""
    f = s.fight
    while _run(s):
        if _may_retreat(s, ATT):
            f.stage, f.decider = S_ATT, f.att
            return
        if _may_retreat(s, DEF):
            f.stage, f.decider = S_DEF, f.dfn
            return
        _exchange(s)


def _run(s) -> bool:
    """Work through pending volleys and casualties. False when it stops at a casualty choice or the
    fight's end; True when the exchange is over and both sides still stand."""
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
                return False
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
    attack = f.a_cow + f.a_sher
    if attack and not (f.d_cow + f.d_sher + f.d_guard + f.d_farm + f.d_lone):
        finish_fight(s, f.att)
        return False
    if not attack:
        finish_fight(s, f.dfn)
        return False
    return True


def _count(f: Fight, kind: int) -> int:
    return (f.d_cow, f.d_sher, f.d_guard, f.d_farm, f.d_lone)[kind]


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
    elif kind == C_FARMER:
        f.d_farm -= 1  # the farmer leaves the board only if the attacker wins (see finish_fight)
    else:
        f.d_lone -= 1
        if s.narrate:
            s.log.append("The target's lone defence die is beaten")
        return
    if s.narrate:
        s.log.append(f"{'Attacking' if side == ATT else 'Defending'} {CASUALTY_WORDS[kind]} falls")


# --- retreat -----------------------------------------------------------------------------------


def _retreat(s, side: int) -> None:
    f = s.fight
    f.rside = side
    f.rleft = f.a_cow if side == ATT else f.d_cow
    f.rused = []
    if s.narrate:
        s.log.append(f"{s.colour(f.leader(side))} retreats from {s.town_name(f.town)}")
    # the sheriff goes home and the guard stays put: only cowboys move
    if side == ATT:
        f.a_sher = 0
    else:
        f.d_sher = f.d_guard = f.d_lone = 0
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
            if s.narrate:
                s.log.append(f"{lost} {s.colour(pl)} cowboy{'s' if lost != 1 else ''} find no town and go home")
    if f.rleft:
        f.stage, f.decider = S_RETREAT, f.leader(f.rside)
        return
    if f.rside == ATT:
        finish_fight(s, f.dfn)
    else:
        finish_fight(s, f.att)


# --- the end of a fight ------------------------------------------------------------------------


def finish_fight(s, winner: int) -> None:
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
                if s.narrate:
                    s.log.append(f"{s.colour(att)} seizes the {bname} in {s.town_name(t)}")
            else:
                why = (f"{s.colour(att)} already has {R.per_player} buildings there" if own >= R.per_player
                       else f"{s.colour(att)} has no {bname} left")
                if s.narrate:
                    s.log.append(f"The {bname} in {s.town_name(t)} keeps its colour: {why}")
        elif kind == T_STEAL:
            k = min(arg, s.cat[t][dfn], s.catsup[att])
            s.cat[t][dfn] -= k
            s.catsup[dfn] += k
            s.cat[t][att] += k
            s.catsup[att] -= k
            if s.narrate:
                s.log.append(f"{s.colour(att)} steals {k} cattle from {s.colour(dfn)}")
        elif kind == T_ROB:
            rolls, due = s.roll_total(R.rob_dice)
            paid = min(due, s.money[dfn])
            s.money[dfn] -= paid
            s.money[att] += paid
            if s.narrate:
                shown = f"rolls {', '.join(map(str, rolls))} = ${due}" if rolls is not None else f"rolls ${due}"
                s.log.append(f"{s.colour(att)} robs the bank: {shown}; {s.colour(dfn)} pays ${paid}")
            if paid < due:
                s.bld[t][arg] = -1
                if R.robbed_bank_leaves:
                    s.bgone[dfn][arg] += 1
                    if s.narrate:
                        s.log.append(f"{s.colour(dfn)} cannot pay in full: the bank in {s.town_name(t)} leaves the game")
                else:
                    s.bsup[dfn][arg] += 1
                    if s.narrate:
                        s.log.append(f"{s.colour(dfn)} cannot pay in full: the bank in {s.town_name(t)} closes and goes back to its owner")
        elif kind == T_FARMER:
            s.farm[t] -= 1
            s.farmgone += 1
            if s.narrate:
                s.log.append(f"A farmer in {s.town_name(t)} leaves the game")
        else:
            s.bld[t][arg] = -1
            s.bgone[dfn][arg] += 1
            if s.narrate:
                s.log.append(f"{s.colour(dfn)}'s jail in {s.town_name(t)} is torn down")
    elif winner == NOBODY:
        if s.narrate:
            s.log.append(f"The farmer holds {s.town_name(t)}; nobody takes a wanted poster")
        _end(s)
        return
    else:
        if s.narrate:
            s.log.append(f"{s.colour(winner)} holds {s.town_name(t)}")
    # wanted poster
    if s.poster_sup > 0:
        s.poster_sup -= 1
        s.posters[winner] += 1
        if s.narrate:
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
            if s.narrate:
                s.log.append(f"{s.colour(winner)} takes a wanted poster from {s.colour(q)}")
    _end(s)


def _end(s) -> None:
    s.fight = None
    actions.advance(s)
