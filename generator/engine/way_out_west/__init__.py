"""Way Out West (Martin Wallace, 2000) for 3-5 players: bidding, action boxes, cattle, towns, gunfights.

Rules from ../shared/rules/way_out_west.md and the Spanish seed (the authority); every number comes from
`content/way_out_west/`, every [default] is an option there. Modules: setup (Game, rules tables, start
player), state (the position, clone, JSON), bidding, actions (the action phase), gunfight, income,
scoring (final VP), notation (action classes), describe (sentences); for the bots: evaluation
(projected VP, rewards, the greedy heuristic), policy (a light playing policy and the search guide),
features (the decision-table vocabulary).

Costs come from the action boxes (any action may cost money, per unit or per action); box counts,
rounds and every reading the seed leaves open are options (content game.yaml).

Hidden information: none but the future dice. Money is public in this implementation, so
`observation(p)` is the whole position; `determinize` only reseeds the dice.

Action notation (towns by id: san-antonio, kansas-city, abilene, dodge-city, deadwood; players by
colour: red, blue, green, yellow, purple):

  setup      place abilene                    put one cowboy in a town (3 rounds, in turn order)
  bidding    bid 3 | drop                     raise your total bid to $3 / drop out (pay what you bid)
  actions    pass
             buy-cattle 2 abilene             $1 each, 1-2 cattle into a town with your cowboy
             hire 2 deadwood                  $1 each, 1-2 cowboys into any town
             move-cowboys 3 abilene deadwood  any number of your cowboys from one town to another
                                              (option move_cowboys_to several: more steps, "pass" stops)
             move-cattle 1 abilene dodge-city 1-2 cattle to a neighbouring town (option: any town)
             build bank dodge-city            stagecoach, train, bank, store, hotel or jail
             farmer kansas-city               a farmer from your supply (it belongs to nobody)
             fight abilene seize blue train   gunfight targets: seize OWNER BUILDING,
             fight abilene steal blue 2         steal OWNER 1|2 (cattle), rob OWNER bank,
             fight abilene rob blue bank        remove OWNER jail, remove farmer (nobody's)
             fight abilene remove farmer
  gunfight   sheriff join | sheriff stay      the jail owner in that town decides
             shoot | retreat                  before each exchange, attacker then defender
             casualty cowboy|sheriff|guard   the side's leader picks each casualty
             retreat deadwood                 destination of one retreating cowboy
             poster green                     take a wanted poster from a player (supply empty)

Dice results and other chance events go to `state.log` (e.g. "Red attack rolls 5, 2, 6: 2 hits").
"""

from .notation import (
    Bid, Build, BuyCattle, Casualty, Drop, Fight, Hire, MoveCattle, MoveCowboys, Pass, Place, PlaceFarmer,
    Poster, Retreat, RetreatTo, Sheriff, Shoot,
)
from .setup import Rules, WayOutWestGame
from .state import WayOutWestState


__all__ = [
    "WayOutWestGame", "WayOutWestState", "Rules",
    "Bid", "Build", "BuyCattle", "Casualty", "Drop", "Fight", "Hire", "MoveCattle", "MoveCowboys", "Pass",
    "Place", "PlaceFarmer", "Poster", "Retreat", "RetreatTo", "Sheriff", "Shoot",
]
