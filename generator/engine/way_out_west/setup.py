"""The Way Out West Game: rules tables built once from content and options, and game setup.

Setup [seed]: every player rolls a die, highest starts (ties roll again among the tied); turn order
runs from the start player round the table; then in turn order each player places one cowboy in any
town until everyone has placed 3 (each placement is an action, "place abilene").
A seat with a head start (option head_start: victory points it adds at the end) is told in the log.
"""

from __future__ import annotations

import random
from typing import Any

from ..core import Game
from ..randomness import dice
from .notation import K_BUILD, K_BUY, K_FARMER, K_HIRE, K_MOVEC, K_MOVEK, K_PLACE, Codec
from .state import WayOutWestState


class Rules:
    """Everything the rules read, as plain attributes and lists (indices, not ids)."""

    def __init__(self, content: Any, options: dict[str, Any], head_start: dict[int, int]):
        c = content
        self.town_ids = [t.id for t in c.towns]
        self.town_names = [t.name for t in c.towns]
        self.town_numbers = [t.number for t in c.towns]
        self.ntowns = len(c.towns)
        big = 10**6
        self.spaces = [t.spaces if options["town_spaces"] == "printed" else big for t in c.towns]
        self.corrals = [t.corrals if options["corral_limit"] == "printed" else big for t in c.towns]
        self.colour_ids = [col.id for col in c.colours]
        self.colour_names = [col.id.capitalize() for col in c.colours]
        self.building_ids = [b.id for b in c.buildings]
        self.building_names = [b.name for b in c.buildings]
        self.nbuild = len(c.buildings)
        self.defenders = [b.defenders for b in c.buildings]
        self.attack = [b.attack for b in c.buildings]
        bi = {b: i for i, b in enumerate(self.building_ids)}
        self.COACH, self.TRAIN, self.BANK = bi["stagecoach"], bi["train"], bi["bank"]
        self.STORE, self.HOTEL, self.JAIL = bi["store"], bi["hotel"], bi["jail"]
        self.per_type = c.building_limits.per_type_per_town
        self.per_player = c.building_limits.per_player_per_town
        pp = c.per_player
        self.cowboys, self.cattle, self.each_building = pp.cowboys, pp.cattle, pp.each_building
        self.action_markers = pp.action_markers
        self.farmers = pp.farmers
        self.setup_cowboys = 3
        self.wanted_posters = c.wanted_posters
        self.start_money = dict(c.start_money)
        players = range(c.game.players.min, c.game.players.max + 1)
        by_players = options["rounds"] == "by_players"
        self.rounds_for = {n: (c.rounds_by_players[n] if by_players else c.rounds) for n in players}
        self.income_rounds = frozenset(c.income_rounds)
        # action boxes: counts per player count, cost (per unit or per action), units min-max (0 = any)
        boxes = c.action_boxes
        self.box_ids = [b.id for b in boxes]
        self.nboxes = len(self.box_ids)
        self.box_index = {b: i for i, b in enumerate(self.box_ids)}
        self.box_names = [b.name for b in boxes]
        self.boxes_by_players = options["box_counts"] == "by_players"
        self.box_caps = {n: [b.box_count(n, self.boxes_by_players) for b in boxes] for n in players}
        self.box_cost = [b.cost for b in boxes]
        self.box_per_unit = [b.cost_per == "unit" for b in boxes]
        self.units_min = [b.units.min if b.units else 1 for b in boxes]
        self.units_max = [b.units.max if b.units else 1 for b in boxes]  # 0 = any number
        self.build_box = [self.box_index[f"build-{b}"] for b in self.building_ids]
        # per box: (most units, cost per unit, cost per action) for `actions._limit`
        self.unit_rule = [
            (self.units_max[i] or 10**6, self.box_cost[i] if self.box_per_unit[i] else 0,
             0 if self.box_per_unit[i] else self.box_cost[i])
            for i in range(self.nboxes)
        ]
        self.cost = [self.box_cost[bx] for bx in self.build_box]  # a build box costs its building's price (checked)
        self.B_BUY, self.B_HIRE = self.box_index["buy-cattle"], self.box_index["hire"]
        self.B_MOVEC, self.B_MOVEK = self.box_index["move-cowboys"], self.box_index["move-cattle"]
        self.B_FARMER, self.B_FIGHT = self.box_index["farmer"], self.box_index["gunfight"]
        # income
        inc = c.income
        self.inc_cattle, self.inc_cattle_farmer = inc.cattle, inc.cattle_with_farmer
        self.train_mult = inc.train_multiplier
        self.bank_per = inc.bank_per_building
        self.store_cattle, self.store_farmer = inc.store_per_other_cattle, inc.store_per_farmer
        self.hotel_per = inc.hotel_per_other_cowboy
        self.coach_per_cowboy = inc.stagecoach_per_cowboy
        # gunfights
        g = c.gunfight
        self.hit_on = frozenset(g.hit_on)
        self.farmer_fighters, self.sheriff_fighters = g.farmer_fighters, g.sheriff_fighters
        self.undefended_fighters = g.undefended_fighters
        self.steal_max, self.rob_dice = g.steal_max, g.rob_dice
        # scoring
        s = c.scoring
        self.vp_building = s.building_vp_per_building_in_town
        self.vp_cattle, self.vp_cattle_train = s.cattle_vp, s.cattle_vp_with_train
        self.farmer_penalty = s.farmer_cattle_penalty
        self.most_wanted_bonus = s.most_wanted_bonus
        # options
        self.bid_increment = int(options["bid_increment"])
        self.trail_in_order = options["cattle_trail"] == "in_order"
        self.build_anywhere = options["build_town"] == "any"
        self.move_cattle_any = options["move_cattle_to"] == "any"
        self.move_cattle_cowboy = options["move_cattle_cowboy"]
        self.move_cowboys_several = options["move_cowboys_to"] == "several"
        self.bank_itself = bool(options["bank_counts_itself"])
        self.coach_own = bool(options["stagecoach_own_cowboys"])
        self.coach_in = bool(options["stagecoach_moves_in"])
        self.seize_over_limit = options["seize_over_limit"] == "fight"
        self.undefended = options["undefended_target"]  # one_die, falls or not_allowed
        self.any_target = self.undefended != "not_allowed"  # a target with no defender may be attacked
        self.guards_fight_on = options["retreat_guards_only"] == "fight_on"
        self.retreat_lost = options["retreat_overflow"] == "lost"
        self.robbed_bank_leaves = options["robbed_bank"] == "leaves"
        self.majority_with_cattle = options["town_majority"] == "buildings_and_cattle"
        self.majority_ties_score = options["majority_ties"] == "all"
        self.most_money_bonus = int(options["most_money_bonus"])
        self.bonus_ties_score = options["bonus_ties"] == "all"
        self.tie_break_money = options["tie_break"] == "money"
        self.head_start = head_start  # {seat: VP it adds at the end} (option head_start, read by Game)
        self.codec = Codec(self.town_ids, self.colour_ids, self.building_ids)
        # prebuilt raw moves (the legal lists are put together from these): [town][k], [from][to][k]
        T = self.ntowns
        self.towns = range(T)
        self.others = [[u for u in range(T) if u != t] for t in range(T)]  # every town but t
        self.build_boxes = [(b, bx, self.box_cost[bx]) for b, bx in enumerate(self.build_box)]
        self.cheapest_build = min(self.box_cost[bx] for bx in self.build_box)
        self.cattle_dests = [
            [d for d in range(T) if d != f] if self.move_cattle_any else [d for d in (f - 1, f + 1) if 0 <= d < T]
            for f in range(T)
        ]
        self.most = most = max(self.cowboys, self.cattle) + 1  # counts of units are a player's pieces at most
        self.mv_place = [(K_PLACE, t) for t in range(T)]
        self.mv_buy = [[(K_BUY, k, t) for k in range(most)] for t in range(T)]
        # whole runs of the legal list by the most units allowed (top): hires into every town, and
        # cowboy moves from one town to every other (first steps from 1 with several destinations)
        lo = self.units_min[self.B_HIRE]
        self.hire_all = [[(K_HIRE, k, t) for t in range(T) for k in range(lo, top + 1)] for top in range(most)]
        first = 1 if self.move_cowboys_several else self.units_min[self.B_MOVEC]
        self.movec_all = [
            [[(K_MOVEC, k, f, d) for d in range(T) if d != f for k in range(first, top + 1)] for top in range(most)]
            for f in range(T)
        ]
        self.mv_movek = [[[(K_MOVEK, k, f, d) for k in range(most)] for d in range(T)] for f in range(T)]
        self.mv_build = [[(K_BUILD, b, t) for t in range(T)] for b in range(self.nbuild)]
        self.mv_farmer = [(K_FARMER, t) for t in range(T)]
        # what the action phase's legal moves read, in one tuple (`actions.legal`)
        self.act_tables = (
            self.B_BUY, self.B_HIRE, self.B_MOVEC, self.B_MOVEK, self.B_FARMER, self.B_FIGHT, self.towns,
            self.units_min, self.unit_rule, self.most, self.corrals,
        )


class WayOutWestGame(Game):
    name = "way_out_west"

    def __init__(self, content: Any, **options: Any):
        super().__init__(content, **options)
        self.rules = Rules(content, self.options, self.head_starts)

    def _new_state(self, players: int, rng: random.Random) -> WayOutWestState:
        s = WayOutWestState(self, players, rng)
        # start player by dice: highest roll, the tied roll again
        contenders = list(range(players))
        while True:
            rolls = dice(rng, len(contenders))
            s.log.append("Start player roll: " + ", ".join(f"{s.colour(p)} {r}" for p, r in zip(contenders, rolls)))
            best = max(rolls)
            contenders = [p for p, r in zip(contenders, rolls) if r == best]
            if len(contenders) == 1:
                break
        first = contenders[0]
        s.order = [(first + i) % players for i in range(players)]
        s.log.append(f"{s.colour(first)} starts")
        for p, vp in sorted(self.rules.head_start.items()):
            if vp:
                s.log.append(f"{s.colour(p)} has a head start of {vp} VP: added to its score at the end.")
        return s

    def state_from_json(self, data: dict) -> WayOutWestState:
        return WayOutWestState.from_json_data(self, data)
