"""オットーチェント (Ottocento, Bolognese tarocchini) as a package, one module per role:

- ``rules``: seats and sides, the pack's values and orders, named cards, signals, variants;
- ``combos``: the combinations (cricche and the seven sequence families with their wild cards);
- ``score``: the final position (only positions a legal deal reaches) and its score sheet;
- ``state``: the state machine of one deal.

Each module imports only those listed above it.  The names the site, the CLI and the tests
use are re-exported here.
"""

from .combos import Combo, combination_cards, combination_total, combinations, cricche, sequences
from .rules import (
    MATTO,
    POLICY,
    SIDE_NAMES,
    SIGNAL_NAMES,
    VARIANTS,
    card_value,
    display_order,
    round_to_five,
    signal_text,
    strength,
    team_of,
)
from .score import Position, score_position
from .state import OttocentoState

__all__ = [
    "MATTO",
    "POLICY",
    "SIDE_NAMES",
    "SIGNAL_NAMES",
    "VARIANTS",
    "Combo",
    "OttocentoState",
    "Position",
    "card_value",
    "combination_cards",
    "combination_total",
    "combinations",
    "cricche",
    "display_order",
    "round_to_five",
    "score_position",
    "sequences",
    "signal_text",
    "strength",
    "team_of",
]
