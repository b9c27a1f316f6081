"""Guided lessons and worked scoring examples, checked against the engine.

Authors write them as YAML under tutorials/<game>/; the site's loader parses the YAML and
hands plain data here, so the engine stays free of third-party parsers.  Mistakes raise
TutorialError (engine.plaindata) locating the field.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from dataclasses import field as field_of
from functools import cache, cached_property
from types import MappingProxyType
from typing import Any

from .cards import Card, naming_for
from .counts import exact_number
from .game import Action, GameState, IllegalAction, ScoredPosition, Variants, VariantValue
from .games import GAMES
from .plaindata import Path, Tracked, TutorialError, by_seat, cards, field, seat_table
from .scoresheet import Number, RuleRef, rule_ref
from .share import ShareError

__all__ = ["Example", "Lesson", "ScoredPosition", "TutorialError", "load", "load_all", "position_from_data"]

_ID = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")


OTHER_MOVE = "その手もルール上は指せますが、この練習では別の手を考えてみましょう。"


@dataclass(frozen=True)
class ScriptStep:
    action: Action
    reader: bool
    prompt: str
    hint: str  # for any other legal choice: names no card, so it never talks about a card not chosen
    note: str
    hints: Mapping[Action, str] = field_of(default_factory=lambda: MappingProxyType({}))  # per wrong choice
    marks: bool = True  # False: the hand is not marked legal/illegal (a question about which cards are legal)
    # True: the practice table's coach makes another move here that is as good within its noise, and the
    # step's note says so (tests/engine/test_lesson_coach.py holds every other step to the coach's choice)
    coach_equal: bool = False

    def hint_for(self, action: Action) -> str:
        """What the coach says to a legal choice that is not the lesson's: its own hint, else the general one."""
        return self.hints.get(action) or self.hint or OTHER_MOVE


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
    rules: tuple[RuleRef, ...] = ()  # the sections of the game's rules page this lesson exercises

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
    """A scoring example: a deal that was played, replayed by the engine line by line.

    ``lines`` are the author's groups of actions (the monte, the discards, one trick ...): the
    steps a reader moves through.  ``position`` is where the deal ended, and what the sheet scores."""

    id: str
    game: str
    title: str
    intro: str
    start: GameState
    lines: tuple[tuple[Action, ...], ...]
    position: ScoredPosition
    expect: dict[str, Number]
    match: Mapping[str, Any] | None = None  # the match around the deal (running scores), where the game has one

    def final(self, state: GameState) -> ScoredPosition:
        """The finished ``state`` as this example scores it: its position, in the example's match."""
        return _in_match(state.position(), self.match)

    def state_at(self, step: int, variants: Variants | None = None) -> GameState:
        """The deal after its first ``step`` lines (under other ``variants``: IllegalAction when they
        forbid an action of the record, which the widget reports next to the variant menu)."""
        state = self.start if variants is None else type(self.start)(self.start.deal, variants)
        state = state.clone()
        for number, line in enumerate(self.lines[:step], 1):
            for action in line:
                if not state.is_legal(action):
                    raise IllegalAction(f"{number}行目の{state.describe(action)}: "
                                        f"{state.refusal(action) or 'ルール上できません。'}")
                state.apply(action)
        return state

    @cached_property
    def _effects(self) -> tuple[tuple[str, ...], tuple[str, ...]]:
        offered, unchanged = [], []
        sheet = self.position.score().to_dict()
        for option in type(self.start).VARIANTS:
            if option.deal_fixed:
                continue
            if any(self._changes(option.name, value, sheet) for value, _ in option.choices
                   if value != self.start.variants[option.name]):
                offered.append(option.name)
            else:
                unchanged.append(option.name)
        return tuple(offered), tuple(unchanged)

    def _changes(self, name: str, value: VariantValue, sheet: dict[str, Any]) -> bool:
        try:
            other = self.state_at(len(self.lines), {**self.start.variants, name: value})
        except IllegalAction:
            return True  # the switch forbids this very deal: offered, and the widget says why
        return self.final(other).score().to_dict() != sheet

    def variant_effects(self) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """Names of the variant switches that change this example (its sheet, or whether its deal
        can be played at all) and of those that change nothing here.  Switches fixed by the deal
        itself (the number of players) are in neither: a recorded deal keeps them."""
        return self._effects

    def moment(self, step: int, variants: Variants | None = None) -> tuple[GameState, list[str]]:
        """The deal after ``step`` lines and what its last line did, in words (one replay)."""
        state = self.state_at(max(step - 1, 0), variants)
        words: list[str] = []
        for action in self.lines[step - 1] if step else ():
            words.append(f"{state.seat_label(state.current_player())}: {state.describe(action)}")
            words += heard(state, action)
        return state, words

    def step_of(self, state: GameState) -> int:
        """How many lines ``state`` has played; ShareError if it is not a moment of this deal."""
        done, taken = 0, list(state.history)
        for line in self.lines:
            if taken[:len(line)] != list(line):
                break
            taken = taken[len(line):]
            done += 1
        if taken or state.deal != self.start.deal:
            raise ShareError("この共有リンクの局面は、この例のディールの途中ではありません。")
        return done


def _common(data: Mapping[str, Any]) -> tuple[str, str, str]:
    ident = field(data, "id", ())
    if not _ID.match(ident):
        raise TutorialError(("id",), "id は半角英小文字・数字・ハイフンで書きます（例: lombardia-fool）。")
    game = field(data, "game", ())
    if game not in GAMES:
        raise TutorialError(("game",), f"「{game}」というゲームはありません（{', '.join(GAMES)}）。")
    return ident, game, field(data, "title", ())


def _variants(data: Mapping[str, Any], game: str) -> Variants:
    """The ``variants`` table; a refusal names the switch at fault (its own line in the file)."""
    variants = field(data, "variants", (), dict, required=False, default={})
    for name, value in variants.items():
        try:
            GAMES[game].normalise_variants({name: value})
        except ValueError as error:
            raise TutorialError(("variants", str(name)), str(error)) from None
    try:
        return GAMES[game].normalise_variants(variants)
    except ValueError as error:
        raise TutorialError(("variants",), str(error)) from None


def load(data: Any) -> Lesson | Example:
    """Validate one tutorial file's data (``kind: lesson`` or ``kind: example``); a key that
    nothing reads is refused, so a misspelt field never silently drops a line of the sheet."""
    if not isinstance(data, Mapping):
        raise TutorialError((), "ファイルの中身は「キー: 値」の形で書きます。")
    tracked = Tracked(data)
    kind = field(tracked, "kind", ())
    if kind not in ("lesson", "example"):
        raise TutorialError(("kind",), "kind は lesson か example です。")
    tutorial = load_lesson(tracked) if kind == "lesson" else load_example(tracked)
    tracked.refuse_unread()
    return tutorial


def load_lesson(data: Mapping[str, Any]) -> Lesson:
    ident, game, title = _common(data)
    cls = GAMES[game]
    reader = field(data, "reader", (), int)
    if not 0 <= reader < cls.SEATS:
        raise TutorialError(("reader",), f"reader は0〜{cls.SEATS - 1}の席番号です。")
    variants = _variants(data, game)
    try:
        state = _lesson_start(cls, data, variants)
    except TutorialError:
        raise
    except ValueError as error:
        raise TutorialError(("deal" if "deal" in data else "hands",), str(error)) from None
    for i, text in enumerate(field(data, "setup", (), list, required=False, default=[])):
        _step(state, str(text), ("setup", i))
    start = state.clone()
    script = [_script_step(state, item, reader, ("script", i))
              for i, item in enumerate(field(data, "script", (), list))]
    if not any(step.reader for step in script):
        raise TutorialError(("script",), "読者が選ぶ手（expect）が1つもありません。")
    return Lesson(ident, game, title, field(data, "intro", ()),
                  field(data, "outro", (), required=False, default=""), reader, start, tuple(script),
                  _rule_refs(game, field(data, "rules", (), list)))


def _rule_refs(game: str, anchors: list[Any]) -> tuple[RuleRef, ...]:
    """``rules: [follow, fool-exchange]``: headings (ids) of the game's rules page the lesson exercises;
    the site links each of those sections to the lesson (the build checks that the ids exist)."""
    if not anchors:
        raise TutorialError(("rules",), "rules には、この練習で使うルールの節（見出しの id）を1つ以上書きます。")
    for i, anchor in enumerate(anchors):
        if not isinstance(anchor, str) or not _ID.match(anchor):
            raise TutorialError(("rules", i), "rules の項目は見出しの id（半角英小文字・数字・ハイフン）です。")
    return tuple(rule_ref(game, anchor) for anchor in anchors)


def _lesson_start(cls: type[GameState], data: Mapping[str, Any], variants: Variants) -> GameState:
    """From ``hands`` per seat, or from ``deal``: the first cards in dealing order (table cards and
    stock included, for games that deal them), the rest of the pack following in pack order."""
    both = [key for key in data if key in ("hands", "deal")]
    if len(both) == 2:
        raise TutorialError((both[1],), f"hands と deal はどちらか一方だけを書きます（{both[0]} がもう"
                                        "書かれています）。")
    if "deal" in data:
        first = cards(field(data, "deal", (), (str, list)), ("deal",))
        listed = set(first)
        return cls([*first, *(c for c in cls.PACK.cards() if c not in listed)], variants)
    hands_data = field(data, "hands", (), dict)
    seat_table(hands_data, ("hands",), min(cls.SEATS, int(variants.get("players", cls.SEATS))))
    hands = [cards(by_seat(hands_data, seat) or [], ("hands", seat)) for seat in range(cls.SEATS)]
    _no_card_twice(hands)
    return cls.from_hands(hands, variants)


def _no_card_twice(hands: Sequence[Sequence[Card]]) -> None:
    """A card dealt twice is refused at the second hand that holds it (the game's own check
    only says that the hands are wrong)."""
    seen: dict[Card, int] = {}
    for seat, hand in enumerate(hands):
        for card in hand:
            if card in seen:
                where = "同じ席" if seen[card] == seat else f"席{seen[card]}"
                raise TutorialError(("hands", seat), f"{card} が二度配られています（{where}にもあります）。")
            seen[card] = seat


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
    unknown = set(item) - {"play", "expect", "prompt", "hint", "note", "hints", "marks", "coach_equal"}
    if unknown:
        raise TutorialError((*path, sorted(unknown)[0]), f"「{sorted(unknown)[0]}」は手順に書けない項目です。")
    is_reader = "expect" in item
    key = "expect" if is_reader else "play"
    if (state.current_player() == reader) != is_reader:
        who = "読者の番なので expect" if state.current_player() == reader else "読者の番ではないので play"
        raise TutorialError((*path, key), f"ここは{who}で書きます。")
    if is_reader and "prompt" not in item:
        raise TutorialError((*path, "prompt"), "読者の手には prompt（問いかけ）が必要です。")
    only_reader = [key for key in ("hints", "marks", "coach_equal") if key in item]
    if not is_reader and only_reader:
        raise TutorialError((*path, only_reader[0]),
                            "hints と marks と coach_equal は読者の手（expect）にだけ書けます。")
    before = state.clone()
    action = _step(state, str(item[key]), (*path, key))
    prompt, hint, note = (field(item, name, path, required=False, default="") for name in ("prompt", "hint", "note"))
    _check_names(before, hint, None, (*path, "hint"))
    hints = _choice_hints(before, action, field(item, "hints", path, dict, required=False, default={}), path)
    marks = field(item, "marks", path, bool, required=False, default=True)
    coach_equal = field(item, "coach_equal", path, bool, required=False, default=False)
    if coach_equal:
        _check_equal(before, note, (*path, "coach_equal"))
    return ScriptStep(action, is_reader, prompt, hint, note, MappingProxyType(hints), marks, coach_equal)


def _check_equal(state: GameState, note: str, where: Path) -> None:
    """``coach_equal: true`` marks a choice between moves of equal worth: there must be a choice, and the
    note must tell the reader that the other move is as good (the coach may propose it at the table)."""
    if len(state.legal_actions()) < 2:
        raise TutorialError(where, "ほかに選べる手のない手順には coach_equal を書きません。")
    if not note.strip():
        raise TutorialError(where, "coach_equal を書いた手順には、ほかの手も同じくらいよいことを note で伝えます。")


def _choice_hints(state: GameState, expected: Action, data: Mapping[str, Any], path: Path) -> dict[Action, str]:
    """``hints: {CARD_OR_ACTION: text}``: each key a legal choice other than the lesson's, each text
    naming no card but that choice (a hint is about the card the reader chose, never another)."""
    hints: dict[Action, str] = {}
    for key, text in data.items():
        where = (*path, "hints", str(key))
        try:
            action = state.parse_action(str(key))
        except IllegalAction as error:
            raise TutorialError(where, str(error)) from None
        if action == expected:
            raise TutorialError(where, "正解の手にはヒントを書きません（ヒントは別の手を選んだ読者へのものです）。")
        if not state.is_legal(action):
            raise TutorialError(where, f"「{key}」はここでは指せない手です（指せない手にはエンジンが理由を答えます）。")
        if not isinstance(text, str) or not text.strip():
            raise TutorialError(where, "ヒントは空でない文章で書きます。")
        _check_names(state, text, action.card, where)
        hints[action] = text
    return hints


def _check_names(state: GameState, text: str, chosen: Card | None, where: Path) -> None:
    """A hint may name only the card the reader chose (``chosen``; None: no card at all)."""
    naming = naming_for(state.GAME)
    named = [card for card in named_cards(state.GAME, text) if card is not chosen]
    if named:
        whose = "選んだ札のほかの札" if chosen else "札"
        raise TutorialError(where, f"このヒントは{whose}「{naming.name(named[0])}」の名前を出しています。"
                            "ヒントは読者が選んだ札のことだけを言います（一般のヒントは札の名前を出さずに書きます）。")


def named_cards(game: str, text: str) -> list[Card]:
    """The cards whose names ``text`` contains, read left to right, the longest name at each place
    (so 切札II is not also read as 切札I)."""
    names = _card_names(game)
    found, at = [], 0
    while at < len(text):
        match = next((name for name in names if text.startswith(name, at)), None)
        if match is None:
            at += 1
            continue
        found.append(names[match])
        at += len(match)
    return found


@cache
def _card_names(game: str) -> dict[str, Card]:
    """Every card's name in ``game`` and its short forms (切札XXI for 切札XXI（モンド）, and the name in
    the brackets), longest first."""
    naming = naming_for(game)
    by_name: dict[str, Card] = {}
    for card in GAMES[game].PACK.cards():
        name = naming.name(card)
        head, _, bracket = name.partition("（")
        short = [head, bracket.rstrip("）")] if bracket else []
        by_name.update((form, card) for form in [name, *(f for f in short if len(f) > 1 and not f.isdigit())])
    return dict(sorted(by_name.items(), key=lambda item: -len(item[0])))


def load_example(data: Mapping[str, Any]) -> Example:
    ident, game, title = _common(data)
    cls = GAMES[game]
    try:
        start = _lesson_start(cls, data, _variants(data, game))
    except TutorialError:
        raise
    except ValueError as error:
        raise TutorialError(("deal" if "deal" in data else "hands",), str(error)) from None
    state = start.clone()
    lines = tuple(_line(state, text, ("actions", i))
                  for i, text in enumerate(field(data, "actions", (), list)))
    if not state.is_terminal():
        who = state.seat_label(state.turn)
        raise TutorialError(("actions",), f"ディールが終わる前に手順が尽きました（次は{who}の番）。")
    try:
        position = state.position()
    except IllegalAction as error:
        raise TutorialError(("actions",), f"このディールは得点計算まで進みません: {error}") from None
    match = {"before": data["before"]} if "before" in data else None
    position = _in_match(position, match)
    sheet = position.score()
    raw = field(data, "expect", (), dict)
    exact = {name: _exact(value) for name, value in raw.items()}
    expect = {name: value for name, value in exact.items() if value is not None}
    unread = [name for name, value in exact.items() if value is None]
    if set(exact) != set(sheet.totals) or unread:
        raise TutorialError(("expect", *unread[:1]), "expect には各チームの得点を整数か \"16.5\"・\"-33/2\" のような"
                            f"文字列で書きます（{', '.join(sheet.totals)}）。")
    wrong = {k: v for k, v in sheet.totals.items() if expect[k] != v}
    if wrong:
        raise TutorialError(("expect",), f"エンジンの計算と合いません: エンジンは {wrong}、ファイルは {expect}。")
    return Example(ident, game, title, field(data, "intro", ()), start, lines, position, expect, match)


def _in_match(position: ScoredPosition, match: Mapping[str, Any] | None) -> ScoredPosition:
    """``position`` with the match context an example gives (``before``: running scores), for games
    whose sheet can use it; TutorialError at ``before`` for the others."""
    if match is None:
        return position
    with_match = getattr(position, "with_match", None)
    if with_match is None:
        raise TutorialError(("before",), "このゲームの例には before（それまでの累計）は書けません。")
    found: ScoredPosition = with_match(match)
    return found


def heard(state: GameState, action: Action) -> list[str]:
    """Apply ``action`` to ``state`` and return what the game then says (a trick's winner ...)."""
    seen = len(state.log)
    state.apply(action)
    return [str(line) for line in state.log[seen:]]


LINE_SEPARATOR = ","  # several actions on one line of ``actions``: "C3, S7, H8, T2" (a trick)


def _line(state: GameState, text: Any, path: Path) -> tuple[Action, ...]:
    """One line of an example's actions, applied to ``state``; the error names the line."""
    if not isinstance(text, str) or not text.strip():
        raise TutorialError(path, "手順の1行には、カンマで区切った手を書きます（例: C3, S7, H8, T2）。")
    actions = []
    parts = text.split(LINE_SEPARATOR)
    if state.CAPTURES and len(parts) > 1:
        raise TutorialError(path, f"手順は1回の手番ごとに1行で書きます（「{parts[1].strip()}」は次の行にします）。")
    for part in parts:
        if state.is_terminal():
            raise TutorialError(path, f"「{part.strip()}」: ディールはもう終わっています。")
        actions.append(_step(state, part.strip(), path))
    return tuple(actions)


def _exact(value: Any) -> Number | None:
    """An expected total: an integer, or a string for an exact fraction ("16.5", "-33/2"), of
    bounded size (``counts.exact_number``: no 1/0, no 1e99999999)."""
    number = exact_number(value)
    if number is None:
        return None
    return int(number) if number.denominator == 1 else number


# What an example file holds besides its position: the command line scores such a file as it is.
EXAMPLE_KEYS = frozenset({"id", "kind", "game", "title", "intro", "expect"})


def position_from_data(game: str, data: Mapping[str, Any]) -> ScoredPosition:
    """A game's final position from plain data (scoring examples and ``python -m engine score``)."""
    if game not in GAMES:
        raise TutorialError(("game",), f"「{game}」というゲームはありません（{', '.join(GAMES)}）。")
    if not isinstance(data, Mapping):
        raise TutorialError((), "局面は「キー: 値」の形で書きます。")
    tracked = data if isinstance(data, Tracked) else Tracked(data)
    position = GAMES[game].POSITION.from_data(tracked, _variants(tracked, game))
    if tracked is not data:
        tracked.refuse_unread(ignored=EXAMPLE_KEYS)
    return position


def load_all(items: Sequence[tuple[str, Any]]) -> dict[str, Lesson | Example]:
    """Validate many tutorials at once; ids must be unique across files."""
    found: dict[str, Lesson | Example] = {}
    for name, data in items:
        tutorial = load(data)
        if tutorial.id in found:
            raise TutorialError(("id",), f"{name}: id「{tutorial.id}」が別のファイルと重なっています。")
        found[tutorial.id] = tutorial
    return found
