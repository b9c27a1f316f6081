"""ロタロット (shared/rules/rotarot.md): a Japanese tarock design with bidding for the widow, forced
honours, 18 tricks, Pagat ultimo, world collapse, valat, and Ramsch when everybody passes.

Modules by role, each depending only on those before it: ``rules`` (tables, card values and
orders, variants), ``score`` (the final ``Position``, its reachability and its ScoreSheet),
``state`` (the ``RotarotState`` of a deal in progress).  This file only re-exports the names
the site, the CLI and the tests use.
"""

from .rules import VARIANTS, card_value, policy
from .score import Position
from .state import RotarotState

__all__ = ["VARIANTS", "Position", "RotarotState", "card_value", "policy"]
