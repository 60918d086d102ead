"""Solo scenarios and Longhorn puzzles: set up, graded by simulation, played on screen, printed.

- `vocab`: the shape of a game's closed vocabulary of twists and objective conditions;
  `longhorn`, `colt_express`, `way_out_west`: each game's vocabulary and candidate menu;
- `setup`: a scenario's starting position (seeded deal, opening moves, twists applied to the snapshot);
- `objective`: the objective's printed line and its check on a finished game;
- `grading`: seeded games of the reference player's proxy from a scenario's start, stars;
- `generate`: candidates proposed, screened, graded and kept for a spread of difficulties;
- `twist_check`: whether a scenario's twists change how it is played (refused or dropped when not);
- `turning`: turning-point scenarios, started in the middle of seeded bot games where the outcome is open;
- `puzzles`: Longhorn positions with one winning first turn, proved by the exact solver;
- `store`: scenario files read and validated (file:line errors), written, found by reference;
- `progress`: the local record of scenarios played (output/progress.json);
- `play`: a scenario or puzzle played with the referee, judged at the end;
- `command`: the thin Typer commands `scenarios generate|puzzles|list` and `book`.

Twists never touch the engines' rule code: each is a change of the starting position made through
the engine's snapshot (`to_json` / `from_json`).
"""

from ..errors import SaloonError


class ScenarioError(SaloonError):
    """A scenario that cannot be set up as written (an illegal opening move, a twist that does not fit)."""
