"""Reading plain data (YAML or JSON parsed by the caller) into engine values.

Lesson files, scoring examples and the CLI's position files all come in as nested dicts and
lists.  Every mistake raises TutorialError with the path of the offending field
(``piles[2]``, ``script[3].play``), which the site's loader turns into a file and line number.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from difflib import get_close_matches
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


MAX_NESTING = 64  # no request or position file nests deeper than a few levels


class JsonError(ValueError):
    """Text that is not JSON this engine accepts; the message is Japanese (where, or why)."""


def parse_json(text: str) -> Any:
    """``json.loads`` for text from outside (a widget request, a position file).

    Deep nesting is refused before parsing: in the browser a deep enough structure exhausts
    WebAssembly's stack and kills the interpreter instead of raising RecursionError.  NaN and
    Infinity are refused too (they are not JSON, and no field takes them)."""
    if text.count("[") + text.count("{") > MAX_NESTING and _nesting(text) > MAX_NESTING:
        raise JsonError(f"入れ子が深すぎます（{MAX_NESTING}段まで）。")
    try:
        return json.loads(text, parse_constant=_no_constant, parse_int=_bounded_int)
    except json.JSONDecodeError as error:
        raise JsonError(f"{error.lineno}行目{error.colno}文字目が JSON として読めません。") from None


MAX_INT_DIGITS = 100  # no field takes a longer whole number; Python's own limit (4300) would answer in English


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise JsonError(f"桁数の多すぎる数があります（{MAX_INT_DIGITS}桁まで）。")
    return int(text)


def _no_constant(name: str) -> Any:
    raise JsonError(f"{name} は JSON の数ではありません。")


def _nesting(text: str) -> int:
    """The deepest nesting of brackets outside strings (one pass, no recursion)."""
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            escaped, in_string = (False, True) if escaped else (ch == "\\", ch != '"')
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    return deepest


class Tracked(dict[str, Any]):
    """A tutorial's top-level table that remembers which keys its readers looked at, so that a
    key nobody reads (a typo such as ``fool-by``, a field of another game) can be refused: the
    readers themselves are the schema, and a new field needs no second list to be allowed."""

    def __init__(self, data: Mapping[str, Any]) -> None:
        super().__init__(data)
        self.seen: set[str] = set()

    def __getitem__(self, key: str) -> Any:
        self.seen.add(key)
        return super().__getitem__(key)

    def __contains__(self, key: object) -> bool:
        if isinstance(key, str):
            self.seen.add(key)
        return super().__contains__(key)

    def get(self, key: str, default: Any = None) -> Any:
        self.seen.add(key)
        return super().get(key, default)

    def refuse_unread(self, path: Path = (), ignored: frozenset[str] = frozenset()) -> None:
        """TutorialError at the first key no reader looked at, with a guess at the intended one."""
        for key in self:
            if key in self.seen or key in ignored:
                continue
            guess = get_close_matches(str(key), sorted(self.seen | ignored), n=1)
            hint = f"「{guess[0]}」のつもりでしょうか。" if guess else "綴りを確かめてください。"
            raise TutorialError((*path, str(key)), f"「{key}」という項目はここでは使われません。{hint}")


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
            int(key) if isinstance(key, str) and key.isascii() and key.isdigit() else None
        if number is None or not 0 <= number < seats:
            raise TutorialError((*path, str(key)), f"席は0〜{seats - 1}で書きます（「{key}」は席ではありません）。")


def by_seat(table: Mapping[Any, Any], seat: int) -> Any:
    """Seat keys are integers in YAML and strings once the data went through JSON."""
    return table.get(seat, table.get(str(seat)))
