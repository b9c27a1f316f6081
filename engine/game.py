"""What every game's State shares: actions, variant switches and share codes.

The API follows OpenSpiel (``legal_actions``, ``apply``, ``is_terminal``, ``score``,
``clone``) plus ``explain``, so the site, the tests and the CLI drive all games alike.
A state is fully determined by its variants, its explicit deal and its action history,
which is exactly what a share code stores.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol, TypeVar

from . import share
from .cards import Card, CardError, Pack
from .scoresheet import RuleRef, ScoreSheet

VariantValue = int | bool | str
Variants = dict[str, VariantValue]
S = TypeVar("S", bound="GameState")


class IllegalAction(ValueError):
    """An action the rules do not allow now; the message explains why in Japanese."""


@dataclass(frozen=True)
class Action:
    """One decision: ``kind`` is the game's verb (play, discard, give, monte, keep ...)."""

    kind: str
    card: Card | None = None

    def __str__(self) -> str:
        if self.card is None:
            return self.kind
        return str(self.card) if self.kind == "play" else f"{self.kind} {self.card}"


@dataclass(frozen=True)
class VariantOption:
    """A rule the sources disagree on: its choices with Japanese labels and the default."""

    name: str
    label: str
    choices: tuple[tuple[VariantValue, str], ...]
    default: VariantValue
    rule: RuleRef

    def index(self, value: VariantValue) -> int:
        for i, (choice, _) in enumerate(self.choices):
            if choice == value and type(choice) is type(value):
                return i
        raise ValueError(f"ヴァリアント「{self.label}」に {value!r} という選択肢はありません。")


class ScoredPosition(Protocol):
    """A game's final position (who took which cards): what scoring examples show and score."""

    TAG: ClassVar[str]

    @property
    def variants(self) -> Variants: ...

    def score(self) -> ScoreSheet: ...
    def share_code(self) -> str: ...
    def with_variants(self, variants: Variants) -> ScoredPosition: ...

    def groups(self) -> list[tuple[str, Sequence[Card]]]:
        """The cards to show, labelled (each seat's pile, a talon ...), in reading order."""
        ...

    @classmethod
    def from_share_code(cls, code: str) -> ScoredPosition: ...

    @classmethod
    def from_data(cls, data: Mapping[str, Any], variants: Variants) -> ScoredPosition:
        """From an author's plain data (scoring examples, CLI files); raises plaindata.TutorialError."""
        ...


class GameState(ABC):
    GAME: ClassVar[str]
    POSITION: ClassVar[type[ScoredPosition]]
    TAG: ClassVar[str]
    PACK: ClassVar[Pack]
    VARIANTS: ClassVar[tuple[VariantOption, ...]]
    KEYWORDS: ClassVar[tuple[str, ...]]
    SEATS: ClassVar[int]

    def __init__(self, deal: Sequence[Card], variants: Variants | None = None) -> None:
        self.variants = self.normalise_variants(variants or {})
        self.deal: tuple[Card, ...] = tuple(deal)
        self.history: list[Action] = []
        self.log: list[str] = []  # what happened, in words, for lessons (not part of the identity)

    @classmethod
    @abstractmethod
    def from_hands(cls: type[S], hands: Sequence[Sequence[Card]], variants: Variants | None = None) -> S:
        """A state from each seat's cards listed in the order they were dealt (lesson files)."""

    # --- the OpenSpiel-like surface every game implements -------------------------------
    @abstractmethod
    def current_player(self) -> int:
        """The seat to act, or -1 when the deal is over."""

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """Every action allowed now; never empty before the end."""

    @abstractmethod
    def _apply(self, action: Action) -> None:
        """Carry out an action already known to be legal."""

    @abstractmethod
    def refusal(self, action: Action) -> str | None:
        """None when legal, else why not, in Japanese."""

    @abstractmethod
    def is_terminal(self) -> bool: ...

    @abstractmethod
    def hand(self, seat: int) -> list[Card]:
        """The cards ``seat`` holds now."""

    @abstractmethod
    def table(self) -> tuple[list[tuple[str, Card]], str, int | None]:
        """What lies on the table to show: (seat name, card) pairs, a caption, the winner's index."""

    @abstractmethod
    def score(self) -> ScoreSheet: ...

    @abstractmethod
    def clone(self: S) -> S: ...

    @abstractmethod
    def fingerprint(self) -> Hashable:
        """Everything observable about the state, for equality in tests and round trips."""

    def apply(self, action: Action) -> None:
        reason = self.refusal(action)
        if reason is not None:
            raise IllegalAction(reason)
        self._apply(action)
        self.history.append(action)

    def explain(self, action: Action) -> str:
        """Why ``action`` is or is not allowed now (the lesson widget's なぜ出せない?)."""
        reason = self.refusal(action)
        return reason if reason is not None else f"{self.describe(action)}は出せます。"

    def card_kind(self) -> str:
        """The verb a bare card means in the current phase (play, discard, give ...)."""
        return "play"

    def describe(self, action: Action) -> str:
        return str(action)

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self.fingerprint() == other.fingerprint()

    __hash__ = None  # type: ignore[assignment]

    # --- variants ------------------------------------------------------------------------
    @classmethod
    def normalise_variants(cls, variants: Variants) -> Variants:
        known = {option.name: option for option in cls.VARIANTS}
        for name in variants:
            if name not in known:
                raise ValueError(f"「{name}」というヴァリアントはありません（{', '.join(known)}）。")
        result = {option.name: variants.get(option.name, option.default) for option in cls.VARIANTS}
        for option in cls.VARIANTS:
            option.index(result[option.name])
        return result

    # --- text and numeric forms of actions ----------------------------------------------
    def parse_action(self, text: str) -> Action:
        """Read ``SK``, ``discard SK`` or a keyword; a bare card means this phase's card action."""
        words = text.split()
        if len(words) == 1 and words[0] in self.KEYWORDS:
            return Action(words[0])
        try:
            card = Card.parse(words[-1]) if words else None
        except CardError as error:
            raise IllegalAction(str(error)) from None
        if card is None or len(words) > 2:
            raise IllegalAction(f"「{text}」は手として読めません。")
        if len(words) == 2:
            return Action(words[0], card)
        return Action(self.card_kind(), card)

    def action_id(self, action: Action) -> int:
        if action.card is None:
            return 200 + self.KEYWORDS.index(action.kind)
        return self.PACK.index(action.card)

    def action_from_id(self, ident: int) -> Action:
        if ident >= 200:
            if ident - 200 >= len(self.KEYWORDS):
                raise share.ShareError("共有リンクに知らない手が含まれています。")
            return Action(self.KEYWORDS[ident - 200])
        cards = self.PACK.cards()
        if ident >= len(cards):
            raise share.ShareError("共有リンクに存在しないカードが含まれています。")
        return Action(self.card_kind(), cards[ident])

    # --- share codes ---------------------------------------------------------------------
    def share_code(self) -> str:
        data = bytes(option.index(self.variants[option.name]) for option in self.VARIANTS)
        data += bytes(self.PACK.index(card) for card in self.deal)
        data += bytes(self.action_id(action) for action in self.history)
        return share.encode(self.TAG, data)

    @classmethod
    def from_share_code(cls: type[S], code: str) -> S:
        reader = share.Reader(share.decode(code, cls.TAG))
        variants: Variants = {}
        for option in cls.VARIANTS:
            index = reader.byte()
            if index >= len(option.choices):
                raise share.ShareError("共有リンクのヴァリアント設定が読めません。")
            variants[option.name] = option.choices[index][0]
        cards = cls.PACK.cards()
        indices = reader.take(len(cards))
        if sorted(indices) != list(range(len(cards))):
            raise share.ShareError("共有リンクの配り札が壊れています（同じカードが二度あるか、足りません）。")
        state = cls([cards[i] for i in indices], variants)
        for number, ident in enumerate(reader.rest(), start=1):
            if state.is_terminal():
                raise share.ShareError(f"共有リンクの{number}手目は、ディールが終わった後の手です。")
            action = state.action_from_id(ident)
            try:
                state.apply(action)
            except IllegalAction as error:
                raise share.ShareError(f"共有リンクの{number}手目（{action}）はルール上できません: {error}") from None
        return state

    def replay(self: S, actions: Sequence[Action]) -> S:
        """A fresh state with this deal and variants after ``actions`` (used by lessons)."""
        state = type(self)(self.deal, self.variants)
        for action in actions:
            state.apply(action)
        return state
