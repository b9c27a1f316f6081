"""Reading plain data (YAML or JSON parsed by the caller) into engine values.

Lesson files, scoring examples and the CLI's position files all come in as nested dicts and
lists.  Every mistake raises TutorialError with the path of the offending field
(``piles[2]``, ``script[3].play``), which the site's loader turns into a file and line number.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .cards import Card, CardError, parse_cards

Path = tuple[str | int, ...]


class TutorialError(ValueError):
    """Malformed author data; ``path`` locates the field, the message is Japanese."""

    def __init__(self, path: Path, message: str) -> None:
        super().__init__(message)
        self.path = path

    def where(self) -> str:
        return "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in self.path).lstrip(".")


def field(data: Mapping[str, Any], key: str, path: Path, kind: type | tuple[type, ...] = str,
          required: bool = True, default: Any = None) -> Any:
    """``data[key]`` checked against ``kind`` (a bool never passes for an int)."""
    if key not in data:
        if required:
            raise TutorialError((*path, key), f"「{key}」がありません。")
        return default
    value = data[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise TutorialError((*path, key), f"「{key}」の形が違います。")
    return value


def cards(value: Any, path: Path) -> list[Card]:
    """Card codes written as one string (``"SK T21 F"``) or as a list."""
    if not isinstance(value, (str, list)):
        raise TutorialError(path, "カードの並びは文字列か一覧で書きます。")
    try:
        return parse_cards(value)
    except CardError as error:
        raise TutorialError(path, str(error)) from None


def by_seat(table: Mapping[Any, Any], seat: int) -> Any:
    """Seat keys are integers in YAML and strings once the data went through JSON."""
    return table.get(seat, table.get(str(seat)))
