"""`saloon scenarios generate`: propose candidates, screen them, grade a spread, keep `count`.

1. Candidates (setups x lineups x twists x objectives) are drawn from the game's menu by a generator
   seeded with the run's seed; one that cannot be set up, or is too alike to an earlier one (same
   seats, twists and objective, or the same starting position), is skipped.
2. Screening: every candidate plays `screen` graded games; trivially won or lost ones are dropped.
3. A spread of difficulties (round robin over the stars) of `count` plus a few spares is graded to
   `games` games in all (the screening games are its first games: nothing is played twice).
4. Trivially won or lost ones are dropped again; a candidate whose twists change nothing is refused
   (`twist_check`: the searching proxy's gain over the normal table bot is not measurably different
   with its twists than without); `count` are kept, spread over the stars, then numbered from the easiest.
Everything depends on the seed and the counts only (never on --jobs).
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from dataclasses import dataclass, field
from typing import Callable

from ..content import game_tables, load_content
from ..schema.common import GameContent
from ..errors import UsageError
from ..schema.scenarios import Made, Scenario, ScenarioFile
from . import ScenarioError
from .grading import Item, grade_of, play, stars_for, trivial
from .grading import spread as spread_by_stars
from .setup import context, load_scenario_game, seated, start_json, start_state, turning_facts
from .twist_check import check_twists, games_needed
from .vocab import Vocabulary, vocabulary
from ..words.scenarios import bot_words, say
from ..words.text import lookup

TITLE_LIMIT = 60  # characters of a stored title (the schema's limit)


@dataclass
class Generated:
    file: ScenarioFile
    candidates: int
    screened_out: int
    games: int  # games played in all
    notes: list[str] = field(default_factory=list)


def available_bots(content: GameContent, vocab: Vocabulary) -> list[str]:
    """The lineup menu without decision tables the game does not have (yet) for the scenarios'
    player count (a table may serve a player-count family: normal_2-3.yaml)."""
    have = {t.level for t in game_tables(content) if t.fits(vocab.players)}
    return [spec for spec in vocab.lineup_menu if not spec.startswith("table") or (spec.partition(":")[2] or "normal") in have]


def signature(sc: Scenario) -> str:
    return json.dumps([sc.seats, [t.to_yaml() for t in sc.twists], sc.objective.to_yaml()], sort_keys=True)


def short_bot(spec: str, lang: str = "en") -> str:
    """A few words naming a bot in a title: 'normal table', 'MCTS 100', 'greedy'."""
    return bot_words(spec, lang, short=True)


def objective_key(sc: Scenario) -> str:
    """The objective's phrase in a title (templates/<lang>/scenarios.yaml title.objective.<key>)."""
    obj = sc.objective
    key = next((k for k in ("control", "max_bullets", "margin", "min_score") if getattr(obj, k) is not None), obj.result)
    if key == "min_score" and obj.result == "any":  # a score to reach, winning not needed: no high stakes
        key = "min_score_any"
    return key if key != "any" else "win"


def opponents(sc: Scenario, lang: str) -> str:
    """Who you face, in a few words: 'hard and normal tables', 'MCTS 100 and greedy'."""
    specs = list(dict.fromkeys(s for s in sc.seats if s != "you"))
    and_ = say(lang, "title.bots_and")
    levels = [s.partition(":")[2] or "normal" for s in specs if s.startswith("table")]
    if len(specs) > 1 and len(levels) == len(specs) and not any(lv.endswith((".yaml", ".yml")) for lv in levels):
        names = lookup(lang, "kit", "solo.level")
        return say(lang, "title.tables", levels=and_.join(names.get(lv, lv) for lv in levels), n=len(levels))
    return and_.join(dict.fromkeys(short_bot(s, lang) for s in specs))


def deal_numbers(scenarios: list, vocab: Vocabulary, game) -> dict[str, int]:
    """Scenarios whose whole titles would read the same (the same seats, twists and objective on other
    deals, e.g. after a twist that changed nothing was dropped) are told apart by a deal number: the
    second by id is deal 2, and so on; a title no other shares has none (0)."""
    by_title: dict[str, list[str]] = {}
    for sc in scenarios:
        if isinstance(sc, Scenario):
            by_title.setdefault(title_of(sc, vocab, game, "en", None), []).append(sc.id)
    return {ident: k for ids in by_title.values() if len(ids) > 1 for k, ident in enumerate(sorted(ids), 1) if k > 1}


def retitled(scenarios: list[Scenario], vocab: Vocabulary, game) -> list[Scenario]:
    """The scenarios with their stored titles composed again where their twists were dropped (they changed
    nothing) or where another scenario's title would read the same (then with a deal number)."""
    deals = deal_numbers(scenarios, vocab, game)
    return [sc.model_copy(update={"title": title_of(sc, vocab, game, deal=deals.get(sc.id, 0))})
            if sc.id in deals or (sc.twist_check is not None and not sc.twist_check.changes) else sc for sc in scenarios]


def title_of(sc: Scenario, vocab: Vocabulary, game, lang: str = "en", limit: int | None = TITLE_LIMIT, deal: int = 0) -> str:
    """The twists' short titles, the objective's when it asks more than a win, then who you face, in
    `lang` (templates/<lang>/scenarios.yaml). A stored title keeps within `limit` characters by leaving
    out whole parts, never a word: the opponents first, then the later twists; the book asks for the
    whole title (limit None)."""
    ctx = context(game, sc, lang)
    twists = [vocab.spec(t.kind).title(t, ctx) for t in sc.twists]
    if sc.turning_point is not None:  # the situation in the game's terms comes first
        twists.insert(0, say(lang, f"turning.title.{vocab.game}", **turning_facts(game, sc, lang)))
    key = objective_key(sc)
    value = sc.objective.margin if key == "margin" else sc.objective.min_score
    amount = vocab.score(value, lang) if value is not None and key in ("min_score", "min_score_any", "margin") else ""
    goal = [say(lang, f"title.objective.{key}", amount=amount).strip()] if key != "win" or not twists else []
    goal += [say(lang, "title.deal", n=deal)] if deal > 1 else []  # another deal of a title already taken
    seat = [say(lang, "title.seat", n=sc.seat + 1)] if sc.seat else []  # another seat, another scenario
    sep, bots = say(lang, "title.sep"), opponents(sc, lang)
    whole = say(lang, "title.against", title=sep.join(twists + seat + goal), bots=bots)
    if limit is None or len(whole) <= limit:
        return whole
    for kept in range(len(twists), -1, -1):  # the later twists, then the seat, then the opponents left out
        for parts in (twists[:kept] + goal, ) if not seat else (twists[:kept] + seat + goal, twists[:kept] + goal):
            title = say(lang, "title.against", title=sep.join(parts), bots=bots)
            if parts and len(title) <= limit:
                return title
    for kept in range(len(twists), -1, -1):
        title = sep.join(twists[:kept] + goal)
        if title and len(title) <= limit:
            return title
    words = (goal or twists)[0].split()  # one part longer than the limit on its own: whole words that fit
    while len(" ".join(words)) > limit - 1 and len(words) > 1:
        words.pop()
    return " ".join(words)[:limit]


def propose_candidates(content: GameContent, vocab: Vocabulary, rng: random.Random, n: int, bots: list[str],
                       seed: int) -> list[Item]:
    game = content.game_name
    g = load_scenario_game(content, {})
    items: list[Item] = []
    seen_sig: set[str] = set()
    seen_start: set[str] = set()
    attempts = 0
    while len(items) < n and attempts < n * 30:
        attempts += 1
        fields = vocab.propose(rng, g, bots)
        try:
            sc = Scenario.model_validate({"id": f"cand{attempts}", "title": "candidate", **fields})
            state = start_state(seated(g, sc), sc)
        except (ScenarioError, ValueError):
            continue
        sig = signature(sc)
        start = start_json(state)
        if sig in seen_sig or start in seen_start:
            continue
        seen_sig.add(sig)
        seen_start.add(start)
        sc = sc.model_copy(update={"title": title_of(sc, vocab, g)})
        items.append(Item(sc, start, random.Random(f"saloon-grade/{game}/{seed}/{attempts}").getrandbits(31)))
    return items


def spread(items: list[Item], count: int) -> list[Item]:
    """Up to `count` candidates, taken in turn from each star bin, each bin in proposal order."""
    return spread_by_stars(items, count, lambda it: stars_for(it.rate))


def refuse_idle_twists(game: str, content: GameContent, items: list[Item], proxy: str, jobs: int = 1, root: Path | None = None,
                       backend: str = "local", ray_address: str | None = None) -> tuple[list[Item], int]:
    """The graded candidates whose twists change nothing (twist_check: the proxy's gain over the normal table
    bot is not measurably moved by them), and the games that took; each candidate with twists keeps its check."""
    twisted = [it for it in items if it.scenario.twists]
    if not twisted:
        return [], 0
    graded = [it.scenario.model_copy(update={"graded": grade_of(it, proxy)}) for it in twisted]
    games = games_needed(graded)
    checks = check_twists(game, content, graded, jobs, root, backend=backend, ray_address=ray_address)
    refused = []
    for it, c in zip(twisted, checks):
        it.scenario = it.scenario.model_copy(update={"twist_check": c.check})
        if not c.check.changes:
            refused.append(it)
    return refused, games


def generate(game: str, count: int, seed: int, jobs: int = 1, games: int | None = None, screen: int | None = None,
             candidates: int | None = None, progress: Callable[[int], None] | None = None,
             total: Callable[[int], None] | None = None, backend: str = "local",
             ray_address: str | None = None, root: Path | None = None) -> Generated:
    content = load_content(game, root)
    vocab = vocabulary(game)
    games = games or vocab.grading_games
    screen = min(screen or vocab.screening_games, games)
    n_cand = candidates or max(count + 8, int(1.6 * count))
    spares = max(2, count // 5)
    rng = random.Random(f"saloon-scenarios/{game}/{seed}")
    items = propose_candidates(content, vocab, rng, n_cand, available_bots(content, vocab), seed)
    if total:
        total(len(items) * screen + min(len(items), count + spares) * (games - screen))
    play(game, items, vocab.proxy, 0, screen, jobs, progress, backend, ray_address, root)
    played = len(items) * screen
    alive = [it for it in items if not trivial(it.wins, screen)]
    chosen = spread(alive, count + spares)
    play(game, chosen, vocab.proxy, screen, games, jobs, progress, backend, ray_address, root)
    played += len(chosen) * (games - screen)
    alive = [it for it in chosen if not trivial(it.wins, games)]
    refused, checked = refuse_idle_twists(game, content, alive, vocab.proxy, jobs, root, backend, ray_address)
    played += checked
    kept = spread([it for it in alive if it not in refused], count)
    kept.sort(key=lambda it: (stars_for(it.rate), -it.rate, items.index(it)))
    scenarios = []
    for k, it in enumerate(kept, 1):
        scenarios.append(it.scenario.model_copy(update={"id": f"{vocab.id_prefix}{k:02d}", "graded": grade_of(it, vocab.proxy)}))
    if not scenarios:
        raise UsageError(f"no candidate of {len(items)} survived screening and grading (every one was always or never met); "
                         "try more --candidates, more --games or another --seed")
    notes = []
    if refused:
        notes.append(f"{len(refused)} candidate{'s' if len(refused) != 1 else ''} refused: {'their twists change' if len(refused) != 1 else 'its twists change'} nothing "
                     "(the proxy's gain over the normal table bot no different with them than without)")
    if len(scenarios) < count:
        notes.append(f"only {len(scenarios)} of {count} asked survived (try more --candidates or another --seed)")
    command = f"saloon scenarios generate {game} --count {count} --seed {seed} --games {games} --screen {screen}"
    if candidates:
        command += f" --candidates {candidates}"
    made = Made(command=command, proxy=vocab.proxy,
                note=f"the person's seat played by {vocab.proxy} ({bot_words(vocab.proxy)}) in every graded game")
    file = ScenarioFile(game=game, made=made, scenarios=scenarios)
    return Generated(file, len(items), len(items) - len(alive), played, notes)
