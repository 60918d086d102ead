"""The Way Out West rules in words, under given option values: one source for the printed reference
sheet, the board's action chart and the referee's help, so no printed sentence is one an option
changes. Pure functions of content (the schema model) and an options dict; no I/O.
"""

from __future__ import annotations

from typing import Any


def _span(n: int) -> str:
    return f"{n} player" + ("s" if n != 1 else "")


def box_count_text(box: Any, players: range, by_players: bool) -> str:
    """"3 (4 with 5 players)": the boxes at the fewest players, then each count that differs."""
    counts = [box.box_count(n, by_players) for n in players]
    out = str(counts[0])
    extra = []
    for i, n in enumerate(players):
        if i and counts[i] != counts[i - 1]:
            extra.append(f"{counts[i]} with {_span(n)}" if n == players[-1] else f"{counts[i]} with {n}+ players")
    return out + (f" ({', '.join(extra)})" if extra else "")


def cost_text(box: Any) -> str:
    if box.cost == 0:
        return "free"
    return f"${box.cost} each" if box.cost_per == "unit" else f"${box.cost}"


def _units(box: Any, noun: str) -> str:
    u = box.units
    if u.max == 0:
        return f"any number of your {noun}s" if u.min <= 1 else f"{u.min} or more of your {noun}s"
    if u.min == u.max:
        return f"{u.min} of your {noun}{'s' if u.min != 1 else ''}"
    return f"{u.min}-{u.max} of your {noun}s"


def box_effect(c: Any, options: dict[str, Any], box: Any) -> str:
    """The effect of an action box as printed: content's text plus what the options say."""
    text = box.effect["en"]
    bid = box.id
    trail = options["cattle_trail"] == "in_order"
    if bid == "buy-cattle":
        text += f" {_units(box, 'cattle counter').capitalize()} per action"
        text += ", corral room permitting." if options["corral_limit"] == "printed" else "."
        if trail:
            text += " A town takes cattle only once every earlier town on the trail has some."
    elif bid == "hire":
        text += f" {_units(box, 'cowboy').capitalize()} per action."
    elif bid == "move-cowboys":
        where = ("to one other town" if options["move_cowboys_to"] == "one"
                 else "to as many other towns as you like, one town at a time (pass to stop)")
        text += f" {_units(box, 'cowboy').capitalize()}, {where}."
    elif bid == "move-cattle":
        where = ("to the next or previous town on the trail" if options["move_cattle_to"] == "neighbour"
                 else "to any other town")
        room = ", corral room permitting" if options["corral_limit"] == "printed" else ""
        text += f" {_units(box, 'cattle counter').capitalize()}, {where}{room}."
        need = {
            "destination": " You need a cowboy in the town they enter.",
            "source": " You need a cowboy in the town they leave.",
            "either": " You need a cowboy in the town they leave or enter.",
            "none": "",
        }[options["move_cattle_cowboy"]]
        text += need
        if trail:
            text += " The trail rule applies to the town they enter."
    elif box.building is not None:
        text += " Any town." if options["build_town"] == "any" else " Only in a town where you have a cowboy."
    return text


def building_effect(c: Any, options: dict[str, Any], building: Any) -> str:
    return building.effect["en"]


def rounds_text(c: Any, options: dict[str, Any]) -> str:
    if options["rounds"] == "by_players":
        by: dict[int, list[int]] = {}
        for n, r in sorted(c.rounds_by_players.items()):
            by.setdefault(r, []).append(n)
        parts = []
        for r, ns in sorted(by.items(), key=lambda kv: kv[1][0]):
            who = f"{ns[0]}-{ns[-1]}" if len(ns) > 1 else str(ns[0])
            parts.append(f"{r} rounds with {who} players")
        return ", ".join(parts)
    return f"{c.rounds} rounds"


def last_round_text(c: Any, options: dict[str, Any]) -> str:
    if options["rounds"] == "by_players":
        return "the last round"
    return f"round {c.rounds}"


def stagecoach_text(c: Any, options: dict[str, Any]) -> str:
    moved_in = options["stagecoach_moves_in"] in (True, "true")
    whose = "" if options["stagecoach_own_cowboys"] in (True, "true") else " (other players' cowboys only)"
    how = "placed or moved into, or moved out of, its town" if moved_in else "placed into (hired) or moved out of its town"
    return f"stagecoach ${c.income.stagecoach_per_cowboy} at once per cowboy {how}{whose}"


def bank_text(c: Any, options: dict[str, Any]) -> str:
    itself = options["bank_counts_itself"] in (True, "true")
    return f"bank ${c.income.bank_per_building} per building in its town{', itself included' if itself else ', not counting itself'}"


def gunfight_lines(c: Any, options: dict[str, Any]) -> list[str]:
    """The gunfight rules, one sentence each, as the options have them."""
    g = c.gunfight
    lines = [
        f"Name a target in a town where you have a cowboy: another player's building (seize), up to "
        f"{g.steal_max} cattle of one player (steal), a bank (rob), a jail or a farmer (remove).",
        "Fighters: every cowboy of the attacker and of the target's owner in that town; nobody else's. "
        f"The jail owner's sheriff ({g.sheriff_fighters}) may join their own attack, or a player's defence. "
        "Banks and trains add their guard.",
        f"Farmers belong to nobody: anyone may attack any farmer, which defends alone as {g.farmer_fighters} "
        "cowboy (no cowboys or sheriff join it, it never retreats). A farmer that wins gives no wanted poster.",
    ]
    undefended = options["undefended_target"]
    if undefended == "one_die":
        lines.append(f"A target with no defender (no cowboy, guard or sheriff) still rolls {g.undefended_fighters} "
                     f"{'die' if g.undefended_fighters == 1 else 'dice'} of defence, as a fighter.")
    elif undefended == "falls":
        lines.append("A target with no defender falls without a shot.")
    else:
        lines.append("Only a defended target (a cowboy or a guard) may be attacked.")
    lines.append(
        f"The smaller side shoots first (equal sides together). Each fighter rolls a die: "
        f"{' or '.join(str(x) for x in g.hit_on)} kills one enemy. Repeat until one side has no fighters.")
    retreat = ("Before an exchange a side may retreat: its cowboys move to different towns, one per town"
               + (", the rest go home" if options["retreat_overflow"] == "lost" else " (a side with more cowboys than towns may not)")
               + ", and it loses.")
    if options["retreat_guards_only"] == "fight_on":
        retreat += " A side with no cowboy left in the fight cannot retreat: its guard, sheriff or die fights on."
    else:
        retreat += " A side with no cowboy left may still retreat, and the target falls."
    lines.append(retreat)
    seize = "a building changes colour"
    if options["seize_over_limit"] == "fight":
        seize += (" (unless that gives the attacker a 3rd building in the town or they have no token of that type "
                  "left: then it stays)")
    bank = ("it goes back to its owner" if options["robbed_bank"] == "returns" else "it leaves the game")
    lines.append(
        f"Winner: {seize}; stolen cattle are replaced by the attacker's; a jail or farmer leaves the game; a robbed "
        f"bank's owner pays {g.rob_dice} dice in dollars (who cannot pay it all pays everything and {bank}). "
        "The winning player takes a wanted poster (from another player when none are left).")
    return lines


def bid_text(c: Any, options: dict[str, Any]) -> str:
    return (f"Bid for turn order: raise the high bid by at least ${options['bid_increment']}, or drop out. "
            "Who drops out pays their bid and takes the free turn-order space farthest from first. "
            "The last bidder pays and goes first.")


def limits_text(c: Any, options: dict[str, Any]) -> str:
    lim = c.building_limits
    text = (f"{lim.per_type_per_town} building of each type per town, at most {lim.per_player_per_town} buildings "
            "per player per town")
    return text + (", no more than the town's spaces." if options["town_spaces"] == "printed" else " (town spaces do not limit).")


def bonus_text(c: Any, options: dict[str, Any]) -> str:
    ties = "Tied players all take a bonus" if options["bonus_ties"] == "all" else "A tie takes no bonus"
    return (f"Most wanted posters: +{c.scoring.most_wanted_bonus} VP. Most money: +{options['most_money_bonus']} VP. "
            f"{ties}; nobody scores one with none.")


def tie_text(c: Any, options: dict[str, Any]) -> str:
    return "Highest VP wins; tie: " + ("most money, then shared." if options["tie_break"] == "money" else "shared.")


def majority_text(c: Any, options: dict[str, Any]) -> str:
    what = "buildings" if options["town_majority"] == "buildings" else "buildings and cattle counters together"
    ties = "a tie scores nothing" if options["majority_ties"] == "none" else "tied players all score"
    return f"Most {what} in a town: VP equal to that town's buildings; {ties}."


def option_lines(c: Any, options: dict[str, Any]) -> list[str]:
    """Short reminders of the rules in force that the referee shows with its help."""
    players = range(c.game.players.min, c.game.players.max + 1)
    by_players = options["box_counts"] == "by_players"
    lines = [f"Game length: {rounds_text(c, options)}; income after rounds {', '.join(map(str, c.income_rounds))}.",
             bid_text(c, options)]
    lines.append("Action boxes: " + "; ".join(
        f"{b.name} {box_count_text(b, players, by_players)}, {cost_text(b)}" for b in c.action_boxes) + ".")
    for b in c.action_boxes:
        if b.id in ("buy-cattle", "move-cowboys", "move-cattle"):
            lines.append(f"{b.name}: {box_effect(c, options, b)}")
    where = "in any town" if options["build_town"] == "any" else "only in a town where you have a cowboy"
    lines.append(f"Buildings and transport go {where}. Limits: {limits_text(c, options)}")
    lines.append(f"Income: {bank_text(c, options)}; {stagecoach_text(c, options)}.")
    lines.extend(gunfight_lines(c, options))
    lines.extend([majority_text(c, options), bonus_text(c, options), tie_text(c, options)])
    return lines


def sheet_texts(c: Any, options: dict[str, Any]) -> dict[str, Any]:
    """Everything the reference sheet template prints that an option or a content number decides."""
    players = range(c.game.players.min, c.game.players.max + 1)
    by_players = options["box_counts"] == "by_players"
    bank = bank_text(c, options)
    return {
        "options": dict(options),
        "rounds": rounds_text(c, options),
        "last_round": last_round_text(c, options),
        "costs": {b.id: cost_text(b) for b in c.action_boxes},
        "boxes": {b.id: box_count_text(b, players, by_players) for b in c.action_boxes},
        "effects": {b.id: box_effect(c, options, b) for b in c.action_boxes},
        "buildings": {b.id: building_effect(c, options, b) for b in c.buildings},
        "bank": bank[:1].upper() + bank[1:],
        "stagecoach": stagecoach_text(c, options),
        "gunfight": gunfight_lines(c, options),
        "majority": majority_text(c, options),
        "bid": bid_text(c, options),
        "limits": limits_text(c, options),
        "bonus": bonus_text(c, options),
        "tie": tie_text(c, options),
    }
