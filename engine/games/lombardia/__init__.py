"""ロンバルディアタロット: four players in fixed partnerships with the 78-card tarot pack.

Follows shared/rules/lombardia.md.  The package splits the game by role, each module
importing only those before it (rules <- score <- state):

- ``rules``: seats, teams, card order and values, the variant switches (tables only);
- ``score``: ``Position``, a finished deal's final position (only reachable ones), and its score sheet;
- ``state``: ``LombardiaState``, one deal from the monte to the last trick.

The names the site, the CLI and the tests use are re-exported here.
"""

from .bot import BOT
from .rules import (
    DEALER,
    NAMING,
    POLICY,
    SEAT_NAMES,
    TEAM_NAMES,
    VARIANTS,
    card_value,
    display_order,
    strength,
)
from .score import Position, score_position
from .state import LombardiaState

__all__ = ["BOT", "DEALER", "NAMING", "POLICY", "SEAT_NAMES", "TEAM_NAMES", "VARIANTS", "LombardiaState", "Position",
           "card_value", "display_order", "score_position", "strength"]
