"""Reading plain data (YAML or JSON parsed by the caller) into engine values.

Lesson files, scoring examples and the CLI's position files all come in as nested dicts and
lists.  Every mistake raises TutorialError with the path of the offending field
(``piles[2]``, ``script[3].play``), which the site's loader turns into a file and line number.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from .cards import Card, CardError, Pack, parse_cards

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


MAX_CARDS = 78  # no game's pack is larger: a longer list is a mistake, refused before any work


def cards(value: Any, path: Path) -> list[Card]:
    """Card codes written as one string (``"SK T21 F"``) or as a list."""
    if not isinstance(value, (str, list)):
        raise TutorialError(path, "カードの並びは文字列か一覧で書きます。")
    if len(value) > 4 * MAX_CARDS if isinstance(value, str) else len(value) > MAX_CARDS:
        raise TutorialError(path, f"カードが多すぎます（パックは最大{MAX_CARDS}枚です）。")
    try:
        return parse_cards(value)
    except CardError as error:
        raise TutorialError(path, str(error)) from None


def pack_cards(value: Any, path: Path, pack: Pack) -> list[Card]:
    """Like ``cards``, but every card must belong to ``pack`` and appear only once."""
    found = cards(value, path)
    members = set(pack.cards())
    outside = [c for c in found if c not in members]
    if outside:
        raise TutorialError(path, f"{outside[0]} はこのゲームのパックにありません。")
    doubled = duplicates(found)
    if doubled:
        raise TutorialError(path, f"{doubled[0]} が二度書かれています。")
    return found


def duplicates(found: Iterable[Card]) -> list[Card]:
    """Cards listed more than once, in the order their second copy appears (linear time)."""
    seen: set[Card] = set()
    twice: list[Card] = []
    for card in found:
        if card in seen and card not in twice:
            twice.append(card)
        seen.add(card)
    return twice


def seat(data: Mapping[str, Any], key: str, path: Path, seats: int, required: bool = True) -> int | None:
    """A seat number 0..seats-1 under ``key``; out of range or not a whole number is refused there."""
    value: int | None = field(data, key, path, int, required=required)
    if value is not None and not 0 <= value < seats:
        raise TutorialError((*path, key), f"「{key}」の席は0〜{seats - 1}で書きます（{value}は席ではありません）。")
    return value


def seat_table(table: Mapping[Any, Any], path: Path, seats: int) -> None:
    """Refuse keys of a per-seat table (``piles``, ``hands`` ...) that name no seat of this game."""
    for key in table:
        number = key if isinstance(key, int) and not isinstance(key, bool) else \
            int(key) if isinstance(key, str) and key.isdigit() else None
        if number is None or not 0 <= number < seats:
            raise TutorialError((*path, str(key)), f"席は0〜{seats - 1}で書きます（「{key}」は席ではありません）。")


def by_seat(table: Mapping[Any, Any], seat: int) -> Any:
    """Seat keys are integers in YAML and strings once the data went through JSON."""
    return table.get(seat, table.get(str(seat)))
