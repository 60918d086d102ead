"""Way Out West puzzles: the last round of a real game, you against two printed bots, everything on the
table (every town, every purse, the boxes already taken): which action box do you take now, and where,
to win the game (the most VP, a tie broken as the rules say) whatever the dice?

The bots are the Normal sheet: each places its markers, bids and fights by its sheet, rolling a die where
the sheet leaves a tie. A gunfight's dice are taken by their number of hits: each volley of k dice is one
chance event with k + 1 outcomes, each with its exact binomial chance (engine/randomness.py `hits`: in
the proof only; a game in play rolls its dice face by face as always); a robbery's dice by their sum
(`total`). The proof (scenarios/exact.py) takes every outcome of every such event and every face of every
bot's tie-break die; a gunfight's exchange where every shot misses comes back to the same choices and is
weighed out (it ends with certainty).

Positions: both action markers of the last round of every seat (the seat to move is yours in its puzzle;
the two others are the printed bots from there on), in seeded games where the printed Normal bots sit
at two seats and the third is played in turn by the Hard and Easy sheets, greedy and Normal (`proxy_for`:
the Normal sheet never builds, so games of Normal bots alone leave every town empty and their puzzles all
ask for the same train).

A position qualifies when exactly one of your choices now wins whatever the dice (you finish as the game's
only winner in every outcome, your later choices made well) and every other choice does not: from your
last marker and from the one before (a sure-win search, its transposition table keeping every position's
value once found). From your last marker also a best-chance puzzle: no choice wins whatever the dice, and
one has the best exact chance of winning, at least MIN_BEST and MARGIN ahead of the next best
(`Found.chance`, printed: 72% against 41%). The solution line follows the answer to the end of the game
with the puzzle's own seeded dice (your first sure-winning or best choice at each later decision, the
bots' replies by their sheets); a bot's die on the line is not printed (the position is not used), nor a
best-chance line the seed's dice lose. Grade: your action markers in the line (`turns`) and the other
choices that are tempting and fail (`wrong`, as Longhorn's and Colt Express's puzzles are graded): those
that leave you at least as far ahead on the spot as the answer does, the score counted as it stands right
after them (`lead_after`: another building worth the same VP, a farmer where the answer fights), and those
some dice would let win (not all dice, or not as often), counted by box and place, amounts aside
(`choice_group`). The puzzles chosen are spread over the stars, no kind of answer ('build train', 'hire',
'fight') above a third of them (`choose`). A file of more puzzles (`find_puzzles(kind="more")`, run with
another seed) keeps clear of the positions already printed and numbers its ids on after theirs.

Each bot game is one job on the work seam (`Runner.map`), with a node budget per proof, so the puzzles
found depend on the seed only, never on the number of processes.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from ..bots import make_bot, seated_for
from ..bots.table import TableBot
from ..content import load_content
from ..engine.way_out_west.notation import ACT
from ..engine.way_out_west.scoring import scores
from ..errors import SolverTimeout, UsageError
from ..schema.scenarios import Made, Puzzle, PuzzleChance, ScenarioFile
from ..sim.seeds import bot_seed
from ..sim.worker import worker_game
from .exact import Proof, bot_outcomes, outcomes
from .grading import spread as spread_by_stars
from .puzzles import difficulty, puzzle_stars, search_games
from . import store
from .setup import from_position, puzzle_state

PLAYERS = 3
BOT = "table:normal"  # the printed bots of every puzzle
PROXIES = ("table:hard", "greedy", "table:easy", "table:normal")  # the person's seat in the games (proxy_for)
NODE_LIMIT = 12_000  # positions searched per analysis from the last marker (a proof takes a few hundred)
FIRST_NODE_LIMIT = 2_500  # from the marker before (a proof that takes more is seldom a puzzle: one sure winner among 60 choices)
MAX_SHARE = 1 / 3  # of the puzzles chosen, at most this share with one kind of answer ('build train', 'hire')
MARGIN = 0.15  # a best-chance puzzle: its answer's chance at least this far ahead of the next best choice's
MIN_BEST = 0.25  # and at least this chance of winning
MIN_CHOICES = 3  # a choice between one box and passing is no puzzle
SURE = 1.0 - 1e-9


def printed_bots(me: int, players: int = PLAYERS) -> dict[int, TableBot]:
    bots = {}
    for seat in range(players):
        if seat != me:
            bot = make_bot(BOT, 0)
            assert isinstance(bot, TableBot)
            bots[seat] = bot
    return bots


@dataclass
class Found:
    position: dict
    seed: int
    me: int
    solution: list[str]
    turns: int
    wrong: int
    nodes: int = 0  # positions the proof searched (its cost)
    node_limit: int = NODE_LIMIT
    chance: tuple[float, float] | None = None  # a best-chance puzzle: (the answer's chance, the next best's)

    @property
    def stars(self) -> int:
        return puzzle_stars(self.turns, self.wrong)

    @property
    def kind(self) -> str:
        return answer_kind(self.solution[0])

    @property
    def built(self) -> int:
        """Buildings standing in the position."""
        return sum(1 for town in self.position["buildings"].values() for owner in town.values() if owner is not None)


def answer_kind(action: str) -> str:
    """What kind of answer an action is: its box ('hire', 'fight', ...), a building's box with its type
    ('build train')."""
    words = action.split()
    return " ".join(words[:2]) if words[0] == "build" else words[0]


def choice_group(action: Any) -> str:
    """A choice's box and places, its amounts left out ('hire 1 abilene' and 'hire 2 abilene': 'hire abilene';
    'move-cowboys 4 dodge-city abilene': 'move-cowboys dodge-city abilene'): the tempting choices are counted
    by these, so a box's many amounts in one place count once."""
    return " ".join(w for w in str(action).split() if not w.isdigit())


def lead_after(state: Any, action: Any, me: int) -> float:
    """How far ahead `me` stands right after `action`, counted on the table as the game's end counts it (your
    VP less the best other seat's, the score as it stands), averaged over the action's outcomes with their
    chances: what a player sees who counts the score one move ahead and no further."""
    value = 0.0
    for p, child in outcomes(state, action):
        vp = scores(child)
        value += p * (vp[me] - max(v for seat, v in enumerate(vp) if seat != me))
    return value


def tempting(state: Any, answer: Any, others: list, me: int, chance_of: Callable[[Any], bool]) -> int:
    """The plausible choices that fail, counted by `choice_group`: those that leave you at least as far ahead
    on the spot as the answer does (`lead_after`: they look as good), and those some dice let win
    (`chance_of(action)`: asked only of the rest)."""
    bar = lead_after(state, answer, me) - 1e-9
    return len({choice_group(a) for a in others if lead_after(state, a, me) >= bar or chance_of(a)})


def in_last_round(state: Any) -> bool:
    """The person to place one of their two action markers of the last round (no gunfight under way, no
    cowboy move under way): from the last marker the proof runs to the end in a few hundred positions,
    from the one before in a few thousand (the transposition table of scenarios/exact.py: a position
    reached again is valued once)."""
    return (not state.is_over and state.phase == ACT and state.fight is None and state.mc_from < 0
            and state.round == state.rules.rounds_for[state.num_players])


def markers_left(state: Any) -> int:
    """The action markers the person to move still has this round, this one included (2 or 1)."""
    return 2 if state.step < state.num_players else 1


def analyse(state: Any, node_limit: int | None = None, chance: bool = True) -> Found | None:
    """The puzzle in `state` (a Way Out West position in the last round, the person to place a marker), or
    None. `state`'s generator rolls the solution line's dice (the puzzle's seed). The node budget is the
    whole analysis's (every first choice, the line, the tempting choices): by default NODE_LIMIT from the
    last marker, FIRST_NODE_LIMIT from the one before.

    From the marker before the last: exactly one choice wins whatever the dice (sure-win search). From the
    last marker (with `chance`): every choice's exact chance, and a puzzle when exactly one wins whatever the
    dice (as before: the tempting choices are those with some chance), or when none does and one has the best
    chance, at least MIN_BEST and MARGIN ahead of the next (a best-chance puzzle, `Found.chance`)."""
    if not in_last_round(state):
        return None
    if node_limit is None:
        node_limit = NODE_LIMIT if markers_left(state) == 1 else FIRST_NODE_LIMIT
    me = state.current_player
    actions = state.legal_actions()
    if len(actions) < MIN_CHOICES:
        return None
    bots = printed_bots(me, state.num_players)
    if markers_left(state) == 1 and chance:
        return _by_chance(state, me, actions, bots, node_limit)
    sure = Proof(me, bots, node_limit, mode="sure", table=True)
    maybe = Proof(me, bots, node_limit, mode="possible", table=True)
    try:
        winning = []
        for action in actions:
            if sure.after(state, action) >= SURE:
                winning.append(action)
                if len(winning) > 1:
                    return None
        if len(winning) != 1:
            return None
        maybe.node_limit = node_limit - sure.nodes  # (one budget for the whole analysis)
        wrong = tempting(state, winning[0], [a for a in actions if a is not winning[0]], me,
                         lambda a: maybe.after(state, a) >= SURE)
        line, s, turns, action = [], state.clone(), 0, winning[0]
        while True:  # the line, with the position's own dice; no die of a bot's on it
            if s.current_player == me and s.fight is None and s.mc_from < 0:
                turns += 1
            line.append(str(action))
            s.apply(action)
            if s.is_over:
                break
            if s.current_player == me:
                action = next(a for a in s.legal_actions() if sure.after(s, a) >= SURE)
            else:
                outs = bot_outcomes(bots[s.current_player], s)
                if len(outs) != 1:
                    return None  # a die on the line: no single printed solution
                action = outs[0][1]
    except SolverTimeout:
        return None
    if not sure.won(s):
        return None  # pragma: no cover - the proof said so
    return Found(state.state_to_json(), state.seed, me, line, turns, wrong, sure.nodes + maybe.nodes, node_limit)


def _by_chance(state: Any, me: int, actions: list, bots: dict[int, TableBot], node_limit: int) -> Found | None:
    """The last marker's puzzle by every choice's exact chance (see `analyse`); its line (the best choice at
    each later decision of yours, the seed's dice) must win: the solution shows a win."""
    proof = Proof(me, bots, node_limit, table=True)
    try:
        values = [(proof.after(state, a), a) for a in actions]
        ranked = sorted(values, key=lambda va: -va[0])
        (best, first), nxt = ranked[0], ranked[1][0]
        if best >= SURE:
            if nxt >= SURE:
                return None
            odds = None
        elif best - nxt >= MARGIN and best >= MIN_BEST:
            odds = (best, nxt)
        else:
            return None
        chance_by = {str(a): v for v, a in values}
        wrong = tempting(state, first, [a for v, a in values if a is not first], me, lambda a: chance_by[str(a)] > 0)
        line, s, turns, action = [], state.clone(), 0, first
        while True:
            if s.current_player == me and s.fight is None and s.mc_from < 0:
                turns += 1
            line.append(str(action))
            s.apply(action)
            if s.is_over:
                break
            if s.current_player == me:
                choices = s.legal_actions()
                chances = [proof.after(s, a) for a in choices]
                action = choices[chances.index(max(chances))]
            else:
                outs = bot_outcomes(bots[s.current_player], s)
                if len(outs) != 1:
                    return None  # a die on the line: no single printed solution
                action = outs[0][1]
    except SolverTimeout:
        return None
    if not proof.won(s):
        return None  # the seed's dice beat the best chance: no winning line to print
    return Found(state.state_to_json(), state.seed, me, line, turns, wrong, proof.nodes, node_limit, odds)


def proxy_for(index: int) -> str:
    """The bot in the person's seat of game `index`: each seat sees each in turn (the printed Normal sheet
    never builds, so its positions have empty towns; the others build)."""
    return PROXIES[(index // PLAYERS) % len(PROXIES)]


def puzzles_from_game(item: tuple[int, int, int]) -> list[Found]:
    """Play one seeded game (the person's seat rotating with `index`, its bot with `proxy_for`, the others
    the printed bots) and return the puzzles among its last round's positions, every seat's (the seat to
    move is yours in its puzzle, the others the printed bots) (a `Runner.map` job). `node_limit` 0: each
    marker's own default."""
    index, seed, node_limit = item
    me = index % PLAYERS
    game = seated_for(worker_game(), [None if s == me else BOT for s in range(PLAYERS)])
    state = game.new_game(PLAYERS, seed)
    bots = [make_bot(proxy_for(index) if s == me else BOT, bot_seed(seed, s)) for s in range(PLAYERS)]
    positions = []
    while not state.is_over:
        if in_last_round(state):  # every seat's markers: a bot's seat is yours in its puzzle
            positions.append(state.clone())
        state.apply(bots[state.current_player].choose(state))
    found = []
    for pos in positions:
        pos.log = []  # what happened before is not part of the puzzle: the table shows all there is
        # the position as the puzzle file deals it again: its generator seeded with the game's seed
        seat = pos.current_player
        mine = game if seat == me else seated_for(worker_game(), [None if s == seat else BOT for s in range(PLAYERS)])
        pz = analyse(from_position(mine, pos.state_to_json(), seed), node_limit or None)
        if pz is not None:
            found.append(pz)
    return found


def choose(found: list[Found], count: int, share: float = MAX_SHARE, prior: list[tuple[int, str]] = ()) -> list[Found]:
    """Up to `count` puzzles spread over the stars (in turn from each star, as `grading.spread`: the star with
    the fewest so far next, the easier first on a tie), no answer kind above `share` of them; within a star,
    positions with buildings standing first, then the cheaper proofs (the suite proves each again), then as
    found. `prior`: the (stars, answer kind) of the puzzles already printed (a file of more): they count in the
    spread and the share, so the whole set is spread and varied."""
    most = max(1, int(share * (count + len(prior))))
    bins: dict[int, list[Found]] = {s: [] for s in range(1, 6)}
    for f in sorted(found, key=lambda f: (f.built == 0, f.nodes, found.index(f))):
        bins[f.stars].append(f)
    kinds: dict[str, int] = {}
    per = {s: 0 for s in range(1, 6)}
    for stars, kind in prior:
        kinds[kind] = kinds.get(kind, 0) + 1
        per[stars] += 1
    out: list[Found] = []
    while len(out) < count and any(bins.values()):
        s = min((s for s in range(1, 6) if bins[s]), key=lambda s: (per[s], s))
        f = bins[s].pop(0)
        if kinds.get(f.kind, 0) < most:
            kinds[f.kind] = kinds.get(f.kind, 0) + 1
            per[s] += 1
            out.append(f)
    return out


KINDS = {  # a kind of puzzle file: its job, its ids' prefix, its file
    "win": (puzzles_from_game, "p", "puzzles.yaml"),
    "more": (puzzles_from_game, "p", "puzzles_more.yaml"),  # more of the same from other games, numbered on
}


def _known(root: Path | None) -> list[Puzzle]:
    """The puzzles already in the content (a file of more keeps clear of their positions and numbers on)."""
    return [e for _, e in store.entries(load_content("way_out_west", root)) if isinstance(e, Puzzle)]


def find_puzzles(count: int, seed: int, jobs: int = 1, node_limit: int = 0, batch: int = 8,
                 max_games: int = 400, progress: Callable[[int], None] | None = None, backend: str = "local",
                 ray_address: str | None = None, root: Path | None = None, kind: str = "win") -> tuple[ScenarioFile, int]:
    """`count` puzzles (a spread of stars, no answer kind above a third) from seeded games, played in
    batches until enough are found (content from `root`, or the built-in); returns the file and the number
    of games played. `node_limit` 0: NODE_LIMIT from the last marker, FIRST_NODE_LIMIT from the one before.
    `kind` "more": the positions of the content's puzzles left out, the ids numbered on after theirs (the
    puzzles already printed keep their ids; run it with another --seed for other games)."""
    if kind not in KINDS:
        raise UsageError(f"--kind {kind!r}: Way Out West's puzzle kinds are {', '.join(KINDS)}")
    job, prefix, _ = KINDS[kind]
    known = _known(root) if kind != "win" else []
    taken = {json.dumps(p.position, sort_keys=True) for p in known}
    first = 1 + max((int(p.id[len(prefix):]) for p in known if p.id.startswith(prefix) and p.id[len(prefix):].isdigit()),
                    default=0)

    def fresh(found: list) -> list:
        return [f for f in found if json.dumps(f.position, sort_keys=True) not in taken]

    prior = [(p.stars, answer_kind(p.solution[0])) for p in known]

    def enough(found: list) -> bool:
        chosen = choose(fresh(found), count, prior=prior)
        per = [sum(1 for f in chosen if f.stars == s) for s in range(1, 6)]
        return len(chosen) >= count and min(per) >= count // 6

    found, played = search_games("way_out_west", job, enough, seed, node_limit, jobs, batch, max_games,
                                 progress, backend, ray_address, root)
    found = fresh(found)
    if not found:
        raise UsageError(f"no puzzle found in {played} bot games; raise --max-games or try another --seed")
    chosen = choose(found, count, prior=prior)
    chosen.sort(key=lambda f: (f.stars, difficulty(f.turns, f.wrong), found.index(f)))
    puzzles = []
    for k, f in enumerate(chosen, first):
        colour = str(f.position["order"][f.position["step"] % PLAYERS]).capitalize()
        title = (f"Last round: {colour}'s best chance" if f.chance else f"Last round: {colour} to win" if f.turns == 1
                 else f"Last round, two markers: {colour} to win")
        puzzles.append(Puzzle(
            id=f"{prefix}{k:02d}", title=title, seed=f.seed, position=f.position,
            solution=f.solution, first_turn=1, turns=f.turns, wrong=f.wrong, stars=f.stars, node_limit=f.node_limit,
            seats=["you" if s == f.me else BOT for s in range(PLAYERS)],
            chance=PuzzleChance(best=round(f.chance[0], 4), next=round(f.chance[1], 4)) if f.chance else None))
    flag = "" if kind == "win" else f" --kind {kind}"
    command = f"saloon scenarios puzzles way_out_west{flag} --count {count} --seed {seed} --max-games {max_games}"
    if node_limit:
        command += f" --node-limit {node_limit}"
    made = Made(command=command, note=f"the last round of seeded 3-player games ({BOT} in two seats, in the third in turn "
                                      f"{', '.join(PROXIES)}); both last action markers of every seat, the seat to "
                                      "move yours; a sure win, or from the last marker the best chance; every proof an "
                                      "exhaustive search over your choices, the bots' tie-break dice, every gunfight "
                                      "volley's number of hits and every robbery's sum, each with its exact chance")
    return ScenarioFile(game="way_out_west", made=made, puzzles=puzzles), played


def reprove(puzzle: Puzzle, game: Any) -> Found | None:
    """Prove a stored puzzle again from its position (what the tests and `scenarios check` do)."""
    seats = puzzle.seats or []
    seated = seated_for(game, [None if s == "you" else s for s in seats]) if seats else game
    return analyse(puzzle_state(seated, puzzle), puzzle.node_limit)


def file_header(sf: ScenarioFile) -> list[str]:
    """The comment lines a written puzzle file starts with: what the puzzles are and how they were made."""
    assert sf.made is not None  # (a found puzzle file says how it was made)
    return [
        "Way Out West puzzles: the last round of a seeded game, you against two Normal bots, everything shown;",
        "exactly one action now wins whatever the dice (the bots' tie-break dice, every gunfight's hits, every",
        "robbery's sum), or, where none does, one has the best chance by a printed margin (a 'chance' entry),",
        "proved by exhaustive search (see generator/scenarios/way_out_west_puzzles.py).",
        f"Made by: {sf.made.command}",
        "Play one: saloon play way_out_west --scenario ID",
    ]


__all__ = ["Found", "KINDS", "analyse", "find_puzzles", "reprove", "file_header", "in_last_round", "printed_bots"]
