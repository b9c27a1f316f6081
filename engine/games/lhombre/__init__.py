"""ロンブル (Danish l'Hombre): one package, read top to bottom beside shared/rules/lhombre.md.

``rules`` holds the tables (contracts, card orders per trump suit, matadors, variants,
outcomes), ``score`` the finished deal (``Position``: reachable positions only) and its chip
payments, ``state`` the State class (auction, exchange, play).  Imports run one way,
rules <- score <- state, so nothing here imports the package itself.  The names the site, the
CLI and the tests use are re-exported here.
"""

from .rules import BY_WORD, CONTRACTS, SUITINGS, Contract, decided, plain_order, trump_order
from .score import SITTER, Position, PositionError
from .state import LHombreState

__all__ = ["BY_WORD", "CONTRACTS", "SITTER", "SUITINGS", "Contract", "LHombreState", "Position", "PositionError",
           "decided", "plain_order", "trump_order"]
