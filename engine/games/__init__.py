"""One module per game; GAMES maps the ids used in URLs, YAML and the CLI to State classes."""

from collections.abc import Callable
from typing import Any

from ..game import GameState
from .lombardia import LombardiaState, Position

GAMES: dict[str, type[GameState]] = {"lombardia": LombardiaState}

# Share-code tags and what reads them: a game in progress or a final position.
SHARE_KINDS: dict[str, Callable[[str], Any]] = {
    "loG": LombardiaState.from_share_code,
    "loP": Position.from_share_code,
}
