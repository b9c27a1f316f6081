"""What every game's State shares: actions, variant switches and share codes.

The API follows OpenSpiel (``legal_actions``, ``apply``, ``is_terminal``, ``score``,
``clone``) plus ``explain``, so the site, the tests and the CLI drive all games alike.
A state is fully determined by its variants, its explicit deal and its action history,
which is exactly what a share code stores.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, NamedTuple, Protocol, TypeVar

from . import share
from .cards import Card, CardError, Pack
from .scoresheet import RuleRef, ScoreSheet

VariantValue = int | bool | str
Variants = dict[str, VariantValue]
S = TypeVar("S", bound="GameState")


TAKE_WORD = "x"  # separates a played card from the table cards it takes
TAKE_MARK = 255  # share-code byte opening an action with taken cards: mark, count, card id, taken cards


class IllegalAction(ValueError):
    """An action the rules do not allow now; the message explains why in Japanese."""


class Action(NamedTuple):
    """One decision: ``kind`` is the game's verb (play, discard, give, monte, keep ...).

    A tuple, so that comparing and hashing actions (legality checks, history) stays in C."""

    kind: str
    card: Card | None = None
    # Table cards taken with ``card`` in one decision (fishing games); text form ``T15 x SK D3``.
    take: tuple[Card, ...] = ()

    def __str__(self) -> str:
        if self.card is None:
            return self.kind
        text = str(self.card) if self.kind == "play" else f"{self.kind} {self.card}"
        return f"{text} {TAKE_WORD} {' '.join(map(str, self.take))}" if self.take else text


def why_not(action: Action) -> str:
    """The heading of a refusal shown to a reader: a card is not playable, a word (a bid, a declaration,
    the monte) not choosable."""
    return {"discard": "なぜ捨てられない？"}.get(action.kind, "なぜ出せない？" if action.card else "なぜ選べない？")


class Later:
    """A log line worded only when someone reads it (``str``): random play, tests and the
    computer opponents never read the log, so they never pay for its Japanese sentences."""

    __slots__ = ("_words",)

    def __init__(self, words: Callable[[], str]) -> None:
        self._words = words

    def __str__(self) -> str:
        return self._words()


@dataclass(frozen=True)
class VariantOption:
    """A rule the sources disagree on: its choices with Japanese labels and the default."""

    name: str
    label: str
    choices: tuple[tuple[VariantValue, str], ...]
    default: VariantValue
    rule: RuleRef
    # True for a switch that a recorded deal fixes (the number of players): examples do not offer it.
    deal_fixed: bool = False

    def index(self, value: VariantValue) -> int:
        for i, (choice, _) in enumerate(self.choices):
            if choice == value and type(choice) is type(value):
                return i
        raise ValueError(f"ヴァリアント「{self.label}」に {value!r} という選択肢はありません。")


def normalise_variants(options: Sequence[VariantOption], variants: Mapping[str, Any]) -> Variants:
    """Every option's value (the default where ``variants`` says nothing); unknown names and
    values are refused in Japanese.  Final positions use it without a State class."""
    known = {option.name: option for option in options}
    for name in variants:
        if name not in known:
            raise ValueError(f"「{name}」というヴァリアントはありません（{', '.join(known)}）。")
    result = {option.name: variants.get(option.name, option.default) for option in options}
    for option in options:
        option.index(result[option.name])
    return result


def variants_from_indices(options: Sequence[VariantOption], indices: Mapping[str, Any]) -> Variants:
    """Variant choices sent by a page as option name -> index of the choice; ValueError in Japanese for a
    name or an index the options do not have."""
    known = {option.name: option for option in options}
    chosen: Variants = {}
    for name, index in indices.items():
        option = known.get(name)
        if option is None or not isinstance(index, int) or isinstance(index, bool) \
                or not 0 <= index < len(option.choices):
            raise ValueError("ヴァリアントの指定が正しくありません。")
        chosen[name] = option.choices[index][0]
    return chosen


def variant_bytes(options: Sequence[VariantOption], variants: Variants) -> bytes:
    """The variants as share-code bytes: each option's choice index, in declaration order."""
    return bytes(option.index(variants[option.name]) for option in options)


def read_variants(reader: share.Reader, options: Sequence[VariantOption]) -> Variants:
    """Inverse of ``variant_bytes`` (positions' share codes use both)."""
    variants: Variants = {}
    for option in options:
        index = reader.byte()
        if index >= len(option.choices):
            raise share.ShareError("共有リンクのヴァリアント設定が読めません。")
        variants[option.name] = option.choices[index][0]
    return variants


def monte_vote(votes: list[bool], agrees: bool, who: str, seats: int, log: list[str | Later]) -> str:
    """Record one answer to "throw this deal in?": ``play`` as soon as someone refuses,
    ``abandoned`` once every seat agreed, else ``next`` (the next seat answers)."""
    votes.append(agrees)
    if not agrees:
        log.append(f"{who}がモンテに反対したので、このディールを遊びます。")
        return "play"
    if len(votes) == seats:
        log.append(f"{seats}人全員がモンテに賛成したので、ディールは流れます。")
        return "abandoned"
    return "next"


def _copied(value: Any) -> Any:
    if isinstance(value, list):
        return [item.copy() if isinstance(item, list) else item for item in value]
    return value.copy() if isinstance(value, dict) else value


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
    # True for fishing games: a decision is a hand card plus table cards (the widget lets the reader pick both).
    CAPTURES: ClassVar[bool] = False
    turn: int  # the seat to act next; every game keeps one (current_player hides it once the deal is over)

    def __init__(self, deal: Sequence[Card], variants: Variants | None = None) -> None:
        self.variants = self.normalise_variants(variants or {})
        self.deal: tuple[Card, ...] = tuple(deal)
        self.history: list[Action] = []
        self.log: list[str | Later] = []  # what happened, in words, for lessons (not part of the identity)
        self._legal: list[Action] | None = None  # legal_actions() of this very state, once asked
        self._code: tuple[int, bytes] | None = None  # (actions encoded, share-code payload so far)

    @classmethod
    @abstractmethod
    def from_hands(cls: type[S], hands: Sequence[Sequence[Card]], variants: Variants | None = None) -> S:
        """A state from each seat's cards listed in the order they were dealt (lesson files)."""

    # --- the OpenSpiel-like surface every game implements -------------------------------
    def current_player(self) -> int:
        """The seat to act, or -1 when the deal is over."""
        return -1 if self.is_terminal() else self.turn

    def legal_actions(self) -> list[Action]:
        """Every action allowed now; never empty before the end (computed once per state)."""
        if self._legal is None:
            self._legal = self._legal_actions()
        return list(self._legal)

    @abstractmethod
    def _legal_actions(self) -> list[Action]:
        """The legal set, computed directly from the rules (no explanations built)."""

    @abstractmethod
    def _apply(self, action: Action) -> None:
        """Carry out an action already known to be legal."""

    @abstractmethod
    def refusal(self, action: Action) -> str | None:
        """None when legal, else why not, in Japanese: the explainer, asked only when someone
        wants to know why.  It must agree with ``_legal_actions`` (tests check it on random
        positions): an action is legal exactly when this has nothing to say."""

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
    def position(self) -> ScoredPosition:
        """The finished deal as a final position (what examples and the score pad hold);
        IllegalAction before the end or for a deal that was thrown in."""

    def clone(self: S) -> S:
        """A copy sharing nothing mutable: every game's state is made of immutable values (cards,
        actions, tuples), lists, lists of lists and dicts, so copying those one level deep is enough."""
        other = type(self).__new__(type(self))
        other.__dict__ = {key: _copied(value) for key, value in self.__dict__.items()}
        return other

    @abstractmethod
    def fingerprint(self) -> Hashable:
        """Everything observable about the state, for equality in tests and round trips."""

    def is_legal(self, action: Action) -> bool:
        if self._legal is None:
            self._legal = self._legal_actions()
        return action in self._legal

    def apply(self, action: Action) -> None:
        if not self.is_legal(action):
            raise IllegalAction(self.refusal(action) or f"{self.describe(action)}は今はできません。")
        self._legal = None
        self._apply(action)
        self.history.append(action)

    def explain(self, action: Action) -> str:
        """Why ``action`` is or is not allowed now (the lesson widget's なぜ出せない?)."""
        reason = self.refusal(action)
        return reason if reason is not None else f"{self.describe(action)}は出せます。"

    def tally(self) -> list[tuple[str, str]]:
        """The card points each side holds so far, in words ((side, points) pairs), as scoring
        examples show them step by step; empty in a phase before any card is won."""
        return []

    def card_kind(self) -> str:
        """The verb a bare card means in the current phase (play, discard, give ...)."""
        return "play"

    def choice_label(self) -> str:
        """The caption above offered cards that are not in the hand (a pile, a widow ...)."""
        return "渡す札を選んでください:"

    def describe(self, action: Action) -> str:
        return str(action)

    def describe_for(self, action: Action, viewer: int) -> str:
        """``describe`` as ``viewer`` may learn it: a card another seat discards is laid face down, so a
        lesson's log or the practice table tells only that a card was discarded (the engine's own log
        lines never name discarded cards either)."""
        if action.kind == "discard" and self.current_player() != viewer:
            return "札を1枚、裏向きに捨てる"
        return self.describe(action)

    def unavailable_words(self) -> list[Action]:
        """Word actions of this phase that are not allowed now but a reader may look for (a bid the
        auction rules out): lessons show them faded, and pressing one explains why."""
        return []

    def hand_notes(self, seat: int) -> list[str]:
        """What a player should know about his own hand before choosing now (Ottocento: the combinations
        it holds and their points while declaring); the practice table shows them to the reader."""
        return []

    def shown_hands(self) -> list[tuple[int, list[Card]]]:
        """Hands lying face up for every seat to see (l'Hombre's nolo ouvert once its declarer has
        played): the practice table shows them beside the trick."""
        return []

    def seat_label(self, seat: int) -> str:
        """How lessons name a seat that is not the reader's (games with named seats override it)."""
        return f"席{seat}"

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self.fingerprint() == other.fingerprint()

    __hash__ = None  # type: ignore[assignment]

    # --- variants ------------------------------------------------------------------------
    @classmethod
    def normalise_variants(cls, variants: Variants) -> Variants:
        return normalise_variants(cls.VARIANTS, variants)

    # --- text and numeric forms of actions ----------------------------------------------
    def parse_action(self, text: str) -> Action:
        """Read ``SK``, ``discard SK`` or a keyword; a bare card means this phase's card action.

        ``T15 x SK D3`` plays T15 taking SK and D3; taken cards are kept in pack order."""
        words = text.split()
        if TAKE_WORD in words[1:]:
            at = words.index(TAKE_WORD)
            head = self.parse_action(" ".join(words[:at]))
            try:
                taken = sorted({Card.parse(word) for word in words[at + 1:]}, key=self.PACK.index)
            except CardError as error:
                raise IllegalAction(str(error)) from None
            if not taken or len(taken) != len(words) - at - 1 or head.card is None:
                raise IllegalAction(f"「{text}」は手として読めません（例: T15 x SK D3）。")
            return Action(head.kind, head.card, tuple(taken))
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

    def action_bytes(self, action: Action) -> bytes:
        """One byte per action; an action with taken cards is TAKE_MARK, count, card id, taken ids."""
        if not action.take:
            return bytes([self.action_id(action)])
        plain = Action(action.kind, action.card)
        return bytes([TAKE_MARK, len(action.take), self.action_id(plain), *map(self.PACK.index, action.take)])

    def read_action(self, reader: share.Reader) -> Action:
        ident = reader.byte()
        if ident != TAKE_MARK:
            return self.action_from_id(ident)
        count = reader.byte()
        action = self.action_from_id(reader.byte())
        cards = self.PACK.cards()
        taken = reader.take(count)
        if not count or any(i >= len(cards) for i in taken):
            raise share.ShareError("共有リンクに存在しないカードが含まれています。")
        return Action(action.kind, action.card, tuple(cards[i] for i in taken))

    # --- share codes ---------------------------------------------------------------------
    def share_code(self) -> str:
        """Variants, deal and history as a share code.  The payload grows with the history, so it is kept
        and only the actions applied since the last call are encoded (a code at every step stays linear)."""
        done, data = self._code or (0, bytes(option.index(self.variants[option.name]) for option in self.VARIANTS)
                                    + bytes(self.PACK.index(card) for card in self.deal))
        data += b"".join(self.action_bytes(action) for action in self.history[done:])
        self._code = (len(self.history), data)
        return share.encode(self.TAG, data)

    @classmethod
    def from_share_code(cls: type[S], code: str) -> S:
        """The state a share code names (ShareError in Japanese for anything else)."""
        *_, state = cls.replayed(code)
        return state

    @classmethod
    def replayed(cls: type[S], code: str) -> Iterator[S]:
        """The states a share code passes through: the fresh deal, then after each action in turn.

        One state object is yielded again and again (compare it before asking for the next):
        the random-deal tests check every step's round trip with one replay instead of one each."""
        reader = share.Reader(share.decode(code, cls.TAG))
        variants = read_variants(reader, cls.VARIANTS)
        cards = cls.PACK.cards()
        indices = reader.take(len(cards))
        if sorted(indices) != list(range(len(cards))):
            raise share.ShareError("共有リンクの配り札が壊れています（同じカードが二度あるか、足りません）。")
        state = cls([cards[i] for i in indices], variants)
        yield state
        number = 0
        while not reader.at_end():
            number += 1
            if state.is_terminal():
                raise share.ShareError(f"共有リンクの{number}手目は、ディールが終わった後の手です。")
            action = state.read_action(reader)
            try:
                state.apply(action)
            except IllegalAction as error:
                raise share.ShareError(f"共有リンクの{number}手目（{action}）はルール上できません: {error}") from None
            yield state

    def replay(self: S, actions: Sequence[Action]) -> S:
        """A fresh state with this deal and variants after ``actions`` (used by lessons)."""
        state = type(self)(self.deal, self.variants)
        for action in actions:
            state.apply(action)
        return state
