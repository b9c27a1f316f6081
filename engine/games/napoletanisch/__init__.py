"""ナポレタニッシュ (Napoletanisch): one package, read top to bottom beside shared/rules/napoletanisch.md.

``rules`` holds the tables (pack, capture values and kinds, scoring values in thirds, variants) and
which table cards a played card may take; ``score`` the finished deal (``Position``: reachable
positions only) and its ScoreSheet; ``state`` the State class (the deal and its turns).  Imports run
one way, rules <- score <- state, so nothing here imports the package itself.  The names the site,
the CLI and the tests use are re-exported here.
"""

from .bot import BOT
from .rules import (
    PACK_THIRDS,
    VARIANTS,
    capture_refusal,
    capture_value,
    captures_by_card,
    category,
    display_order,
    legal_captures,
    thirds,
)
from .score import Position, score_position, splits_into_captures
from .state import NapoletanischState

__all__ = ["BOT", "PACK_THIRDS", "VARIANTS", "NapoletanischState", "Position", "capture_refusal", "capture_value",
           "captures_by_card", "category", "display_order", "legal_captures",
           "score_position", "splits_into_captures", "thirds"]
