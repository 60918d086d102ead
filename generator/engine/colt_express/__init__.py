"""Colt Express for 2-6 players (and the two-player and expert variants), read from content.

Notation (every decision is an action; `state.parse(str(a)) == a`):

Opening
    ``choose Belle``       take a free character for your (next) bandit (seats in a random order)
    ``caboose Tuco``       two bandits a seat: Tuco starts inside the caboose, the other inside the
                           wagon next to it (secret until every seat has chosen)
Scheming
    ``play Move`` ``play Floor`` ``play Rob`` ``play Fire`` ``play Punch`` ``play Marshal``
        put that card on the pile (face down on a tunnel turn)
    ``play Move hidden``   Ghost's first card of the round, face down on a face-up turn
    ``draw``               draw up to 3 cards instead ("pass" when nothing can be played or drawn)
    two-player variant: cards name their bandit, ``play Tuco Fire``; ``cover Belle Move`` /
    ``no cover`` after a face-up Fire; ``pick Tuco Rob`` before the round's draw (``pick nothing``
    when the deck holds only bullets)
Stealing (the card's owner decides as it resolves; a card with one possible effect resolves by
itself, one with none does nothing)
    ``move +2`` / ``move -1``   + toward the caboose, - toward the locomotive (car 0)
    ``rob purse`` ``rob jewel`` ``rob strongbox``  (a purse is taken blind)
    ``fire Belle``
    ``punch Tuco drop jewel to +1``  target, the loot it drops (omitted when it holds none),
        knock direction; Cheyenne adds `` take`` to pocket a dropped purse
    ``marshal -1`` / ``marshal +1``
Events and round end
    ``pickpocket`` / ``no pickpocket``   (Pickpocketing)
    ``discard Fire`` ... ``keep rest``     (expert variant: when every card of the round is
                                         played, or after the event: `expert_discard_at`)

Cars are numbered 0 (locomotive) to the caboose. Seats choose their bandits per seed (option
`character_assignment`); in the two-bandit game (the default at 2 players) bandit b belongs to
seat b % 2.
"""

from .game import ColtExpressGame


__all__ = ["ColtExpressGame"]
