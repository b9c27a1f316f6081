"""One package per game (rules <- score <- state); GAMES maps the ids used in URLs, YAML and the
CLI to State classes."""

from collections.abc import Callable
from typing import Any

from ..game import GameState
from .lhombre import LHombreState
from .lombardia import LombardiaState
from .napoletanisch import NapoletanischState
from .ottocento import OttocentoState
from .rotarot import RotarotState

GAMES: dict[str, type[GameState]] = {"lombardia": LombardiaState, "ottocento": OttocentoState,
                                   "napoletanisch": NapoletanischState, "rotarot": RotarotState,
                                   "lhombre": LHombreState}

# Share-code tags and what reads them: a game in progress or a final position.
SHARE_KINDS: dict[str, Callable[[str], Any]] = {
    tag: read
    for cls in GAMES.values()
    for tag, read in ((cls.TAG, cls.from_share_code), (cls.POSITION.TAG, cls.POSITION.from_share_code))
}
