"""Guided lessons and worked scoring examples, checked against the engine.

Authors write them as YAML under tutorials/<game>/; the site's loader parses the YAML and
hands plain data here, so the engine stays free of third-party parsers.  Any mistake raises
TutorialError with the path of the offending field (``script[3].play``), which the loader
turns into a file and line number.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from .cards import Card, CardError, Pack, parse_cards
from .game import Action, GameState, IllegalAction, Variants
from .games import GAMES
from .games.lombardia import Position
from .scoresheet import ScoreSheet
from .share import ShareError

Path = tuple[str | int, ...]
_ID = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")


class TutorialError(ValueError):
    """A malformed tutorial; ``path`` locates the field, the message is Japanese."""

    def __init__(self, path: Path, message: str) -> None:
        super().__init__(message)
        self.path = path

    def where(self) -> str:
        return "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in self.path).lstrip(".")


class ScoredPosition(Protocol):
    """What a game's final position offers to scoring examples."""

    @property
    def variants(self) -> Variants: ...

    def score(self) -> ScoreSheet: ...
    def share_code(self) -> str: ...
    def with_variants(self, variants: Variants) -> ScoredPosition: ...


@dataclass(frozen=True)
class ScriptStep:
    action: Action
    reader: bool
    prompt: str
    hint: str
    note: str


@dataclass(frozen=True)
class Lesson:
    id: str
    game: str
    title: str
    intro: str
    outro: str
    reader: int
    start: GameState
    script: tuple[ScriptStep, ...]

    def state_at(self, n: int) -> GameState:
        state = self.start.clone()
        for step in self.script[:n]:
            state.apply(step.action)
        return state

    def next_stop(self, n: int) -> int:
        """The first reader step at or after ``n`` (the script's length when none is left)."""
        return next((i for i in range(n, len(self.script)) if self.script[i].reader), len(self.script))

    def progress_of(self, state: GameState) -> int:
        """How many script steps ``state`` has taken; ShareError if it left the script."""
        taken = state.history[len(self.start.history):]
        if state.history[:len(self.start.history)] != self.start.history or len(taken) > len(self.script) \
                or any(step.action != action for step, action in zip(self.script, taken, strict=False)):
            raise ShareError("この共有リンクの局面は、この練習の手順から外れています。")
        return len(taken)


@dataclass(frozen=True)
class Example:
    id: str
    game: str
    title: str
    intro: str
    position: ScoredPosition
    expect: dict[str, int]


def _field(data: Mapping[str, Any], key: str, path: Path, kind: type | tuple[type, ...] = str,
           required: bool = True, default: Any = None) -> Any:
    if key not in data:
        if required:
            raise TutorialError((*path, key), f"「{key}」がありません。")
        return default
    value = data[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise TutorialError((*path, key), f"「{key}」の形が違います。")
    return value


def _cards(value: Any, path: Path) -> list[Card]:
    if not isinstance(value, (str, list)):
        raise TutorialError(path, "カードの並びは文字列か一覧で書きます。")
    try:
        return parse_cards(value)
    except CardError as error:
        raise TutorialError(path, str(error)) from None


def _by_seat(table: Mapping[Any, Any], seat: int) -> Any:
    """Seat keys are integers in YAML and strings once the data went through JSON."""
    return table.get(seat, table.get(str(seat)))


def _common(data: Mapping[str, Any]) -> tuple[str, str, str]:
    ident = _field(data, "id", ())
    if not _ID.match(ident):
        raise TutorialError(("id",), "id は半角英小文字・数字・ハイフンで書きます（例: lombardia-fool）。")
    game = _field(data, "game", ())
    if game not in GAMES:
        raise TutorialError(("game",), f"「{game}」というゲームはありません（{', '.join(GAMES)}）。")
    return ident, game, _field(data, "title", ())


def _variants(data: Mapping[str, Any], game: str) -> Variants:
    variants = _field(data, "variants", (), dict, required=False, default={})
    try:
        return GAMES[game].normalise_variants(variants)
    except ValueError as error:
        raise TutorialError(("variants",), str(error)) from None


def load(data: Any) -> Lesson | Example:
    """Validate one tutorial file's data (``kind: lesson`` or ``kind: example``)."""
    if not isinstance(data, Mapping):
        raise TutorialError((), "ファイルの中身は「キー: 値」の形で書きます。")
    kind = _field(data, "kind", ())
    if kind == "lesson":
        return load_lesson(data)
    if kind == "example":
        return load_example(data)
    raise TutorialError(("kind",), "kind は lesson か example です。")


def load_lesson(data: Mapping[str, Any]) -> Lesson:
    ident, game, title = _common(data)
    cls = GAMES[game]
    reader = _field(data, "reader", (), int)
    if not 0 <= reader < cls.SEATS:
        raise TutorialError(("reader",), f"reader は0〜{cls.SEATS - 1}の席番号です。")
    hands_data = _field(data, "hands", (), dict)
    hands = [_cards(_by_seat(hands_data, seat), ("hands", seat)) for seat in range(cls.SEATS)]
    variants = _variants(data, game)
    try:
        state = cls.from_hands(hands, variants)
    except ValueError as error:
        raise TutorialError(("hands",), str(error)) from None
    for i, text in enumerate(_field(data, "setup", (), list, required=False, default=[])):
        _step(state, str(text), ("setup", i))
    start = state.clone()
    script = [_script_step(state, item, reader, ("script", i))
              for i, item in enumerate(_field(data, "script", (), list))]
    if not any(step.reader for step in script):
        raise TutorialError(("script",), "読者が選ぶ手（expect）が1つもありません。")
    return Lesson(ident, game, title, _field(data, "intro", ()),
                  _field(data, "outro", (), required=False, default=""), reader, start, tuple(script))


def _step(state: GameState, text: str, path: Path) -> Action:
    try:
        action = state.parse_action(text)
        state.apply(action)
    except IllegalAction as error:
        raise TutorialError(path, f"「{text}」はここでは指せません: {error}") from None
    return action


def _script_step(state: GameState, item: Any, reader: int, path: Path) -> ScriptStep:
    if not isinstance(item, Mapping) or ("play" in item) == ("expect" in item):
        raise TutorialError(path, "各手順には play（台本の手）か expect（読者の手）のどちらか一方を書きます。")
    unknown = set(item) - {"play", "expect", "prompt", "hint", "note"}
    if unknown:
        raise TutorialError((*path, sorted(unknown)[0]), f"「{sorted(unknown)[0]}」は手順に書けない項目です。")
    is_reader = "expect" in item
    key = "expect" if is_reader else "play"
    if (state.current_player() == reader) != is_reader:
        who = "読者の番なので expect" if state.current_player() == reader else "読者の番ではないので play"
        raise TutorialError((*path, key), f"ここは{who}で書きます。")
    if is_reader and "prompt" not in item:
        raise TutorialError((*path, "prompt"), "読者の手には prompt（問いかけ）が必要です。")
    action = _step(state, str(item[key]), (*path, key))
    texts = [_field(item, name, path, required=False, default="") for name in ("prompt", "hint", "note")]
    return ScriptStep(action, is_reader, *texts)


def load_example(data: Mapping[str, Any]) -> Example:
    ident, game, title = _common(data)
    position = position_from_data(game, data)
    expect = _field(data, "expect", (), dict)
    sheet = position.score()
    if set(expect) != set(sheet.totals) or any(not isinstance(v, int) for v in expect.values()):
        raise TutorialError(("expect",), f"expect には各チームの得点を整数で書きます（{', '.join(sheet.totals)}）。")
    wrong = {k: v for k, v in sheet.totals.items() if expect[k] != v}
    if wrong:
        raise TutorialError(("expect",), f"エンジンの計算と合いません: エンジンは {wrong}、ファイルは {expect}。")
    return Example(ident, game, title, _field(data, "intro", ()), position, expect)


def position_from_data(game: str, data: Mapping[str, Any]) -> ScoredPosition:
    """A game's final position from plain data (scoring examples and ``python -m engine score``)."""
    if game != "lombardia":
        raise TutorialError(("game",), f"「{game}」の局面からの採点にはまだ対応していません。")
    return _lombardia_position(data, _variants(data, game))


def _lombardia_position(data: Mapping[str, Any], variants: Variants) -> Position:
    piles_data = _field(data, "piles", (), dict)
    listed: list[list[Card] | None] = []
    for seat in range(4):
        value = _by_seat(piles_data, seat)
        listed.append(None if value == "rest" else _cards(value if value is not None else [], ("piles", seat)))
    discard = _cards(_field(data, "discard", ()), ("discard",))
    rest_seats = [seat for seat, pile in enumerate(listed) if pile is None]
    if len(rest_seats) > 1:
        raise TutorialError(("piles",), "rest（残り全部）を使えるのは1人分だけです。")
    used = {c for pile in listed if pile for c in pile} | set(discard)
    rest = [c for c in Pack.TAROT78.cards() if c not in used]
    piles = tuple(tuple(rest if pile is None else pile) for pile in listed)
    fool_by = _field(data, "fool_by", (), int, required=False)
    try:
        return Position(piles, tuple(discard), _field(data, "last_trick", (), int), fool_by, variants)
    except ValueError as error:
        raise TutorialError(("piles",), str(error)) from None


def load_all(items: Sequence[tuple[str, Any]]) -> dict[str, Lesson | Example]:
    """Validate many tutorials at once; ids must be unique across files."""
    found: dict[str, Lesson | Example] = {}
    for name, data in items:
        tutorial = load(data)
        if tutorial.id in found:
            raise TutorialError(("id",), f"{name}: id「{tutorial.id}」が別のファイルと重なっています。")
        found[tutorial.id] = tutorial
    return found
