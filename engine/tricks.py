"""The trick-taking core shared by the games: which cards may be played and who wins.

Every refusal and every win comes with a structured reason, because the site's promise is
to say *why* a card cannot be played and *why* a trick was won.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from .cards import TRUMP, Card, Naming


@dataclass(frozen=True)
class TrickPolicy:
    """What a game's trick play obliges.

    ``suit_of`` gives the suit a card follows (``T`` for trumps); ``strength`` orders the
    cards of one suit (higher wins); ``is_excuse`` marks a card that may always be played
    and never wins (the Lombardia Fool).  ``equal_later_wins`` settles equal strengths in
    favour of the later card (Ottocento's four Moors).
    """

    suit_of: Callable[[Card], str]
    strength: Callable[[Card], int]
    is_excuse: Callable[[Card], bool] = lambda card: False
    must_trump: bool = True
    must_overtrump: bool = False
    equal_later_wins: bool = False
    # ``exempt(card, led)``: a card of the led suit that need not be played to the ``led`` card
    # (l'Hombre's matadors).  A hand whose only cards of the led suit are exempt may play anything;
    # one other card of that suit brings back the duty, which any card of the suit then satisfies.
    exempt: Callable[[Card, Card], bool] | None = None


class Play(NamedTuple):
    seat: int
    card: Card


@dataclass(frozen=True)
class Refusal:
    """Why ``card`` may not be played now: a code for tests and a Japanese sentence."""

    card: Card
    code: str  # "must_follow" | "must_trump" | "must_overtrump" | "not_in_hand"
    led_suit: str
    required: tuple[Card, ...]
    message: str


@dataclass(frozen=True)
class TrickResult:
    """Who won a trick and by which rule; ``message`` words it only when asked."""

    winner: int  # seat
    card: Card
    code: str  # "highest_trump" | "highest_of_suit"
    led: str  # the suit led
    naming: Naming | None = field(default=None, compare=False, repr=False)
    seat_names: Sequence[str] | None = field(default=None, compare=False, repr=False)

    @property
    def message(self) -> str:
        name = self.naming.name(self.card) if self.naming else str(self.card)
        who = self.seat_names[self.winner] if self.seat_names else f"席{self.winner}"
        if self.code == "highest_trump":
            message = f"{name}がこのトリックでいちばん強い切札なので、{who}が勝ちます。"
            return message if self.led == TRUMP else f"切札が出たので切札どうしで比べます。{message}"
        suit_word = self.naming.suit_name(self.led) if self.naming else self.led
        return f"切札は出ていません。リードされた{suit_word}の中で{name}がいちばん強いので、{who}が勝ちます。"


def led_card(trick: Sequence[Play], policy: TrickPolicy) -> Card | None:
    """The card that sets the suit to follow: the first that is not an excuse (None if none yet)."""
    excuse = policy.is_excuse
    for play in trick:
        if not excuse(play.card):
            return play.card
    return None


def led_suit(trick: Sequence[Play], policy: TrickPolicy) -> str | None:
    """The suit to follow: that of the led card (None if none yet)."""
    card = led_card(trick, policy)
    return None if card is None else policy.suit_of(card)


def _highest_trump(trick: Sequence[Play], policy: TrickPolicy) -> int | None:
    trumps = [policy.strength(p.card) for p in trick if policy.suit_of(p.card) == TRUMP
              and not policy.is_excuse(p.card)]
    return max(trumps) if trumps else None


def legal_cards(hand: Sequence[Card], trick: Sequence[Play], policy: TrickPolicy) -> list[Card]:
    """Cards of ``hand`` that may be played to ``trick``, in hand order.

    The fast path of the duties that ``_required`` states (and ``refusal`` explains): one
    pass over the hand, no words built."""
    lead = led_card(trick, policy)
    if lead is None:
        return list(hand)
    suit_of, excuse = policy.suit_of, policy.is_excuse
    suit = suit_of(lead)
    followers = [c for c in hand if suit_of(c) == suit and not excuse(c)]
    if followers and policy.exempt is not None and all(policy.exempt(c, lead) for c in followers):
        return list(hand)
    if suit != TRUMP and followers:
        allowed = followers
    else:
        allowed = followers if suit == TRUMP else [c for c in hand if suit_of(c) == TRUMP and not excuse(c)] \
            if policy.must_trump else []
        if not allowed:
            return list(hand)
        if policy.must_overtrump:
            top = _highest_trump(trick, policy)
            higher = [c for c in allowed if top is None or policy.strength(c) > top]
            allowed = higher or allowed
    if len(allowed) == len(hand):
        return list(hand)
    return [c for c in hand if c in allowed or excuse(c)]


def _required(hand: Sequence[Card], trick: Sequence[Play], policy: TrickPolicy) -> tuple[str, list[Card]]:
    """The obligation in force and the cards that satisfy it ("free" when none applies)."""
    suit = led_suit(trick, policy)
    if suit is None:
        return "free", list(hand)
    followers = [c for c in hand if not policy.is_excuse(c) and policy.suit_of(c) == suit]
    trumps = [c for c in hand if not policy.is_excuse(c) and policy.suit_of(c) == TRUMP]
    lead = led_card(trick, policy)
    if followers and policy.exempt is not None and lead is not None \
            and all(policy.exempt(c, lead) for c in followers):
        return "free", list(hand)
    if suit != TRUMP and followers:
        return "must_follow", followers
    if (suit == TRUMP and followers) or (policy.must_trump and trumps):
        candidates = followers if suit == TRUMP else trumps
        top = _highest_trump(trick, policy)
        if policy.must_overtrump and top is not None:
            higher = [c for c in candidates if policy.strength(c) > top]
            if higher:
                return "must_overtrump", higher
        return ("must_follow" if suit == TRUMP else "must_trump"), candidates
    return "free", list(hand)


def refusal(card: Card, hand: Sequence[Card], trick: Sequence[Play], policy: TrickPolicy,
            naming: Naming | None) -> Refusal | None:
    """None when ``card`` may be played; otherwise the reason, worded with ``naming``."""
    suit = led_suit(trick, policy) or ""
    if card not in hand:
        return _not_in_hand(card, suit)
    if policy.is_excuse(card) or not suit:
        return None
    if policy.suit_of(card) == suit and (suit != TRUMP or not policy.must_overtrump):
        return None  # following the led suit is always allowed (fast path: replays check every card)
    duty = _duty(hand, trick, policy, naming)
    if duty.code == "free" or card in duty.allowed:
        return None
    found = duty.refusals.get(card)
    if found is None:
        found = duty.refusals[card] = Refusal(card, duty.code, suit, duty.required, duty.message)
    return found


_NOT_IN_HAND: dict[tuple[Card, str], Refusal] = {}


def _not_in_hand(card: Card, suit: str) -> Refusal:
    """The refusal of a card the player does not hold, one per card and suit led: explainers ask about
    every card of the pack, most of them not in the hand."""
    found = _NOT_IN_HAND.get((card, suit))
    if found is None:
        found = _NOT_IN_HAND[card, suit] = Refusal(card, "not_in_hand", suit, (), "その札は手札にありません。")
    return found


@dataclass
class _Duty:
    """The obligation of one hand facing one trick, with its refusal sentence: the same for every card
    it refuses, so explaining a whole hand (or pack) words it once instead of once per card."""

    key: tuple[tuple[Card, ...], tuple[Play, ...], TrickPolicy, Naming | None]
    code: str
    allowed: frozenset[Card]
    required: tuple[Card, ...]
    message: str
    refusals: dict[Card, Refusal]


_LAST: list[_Duty] = []  # the duty asked for last: explainers ask about many cards of one position in a row


def _duty(hand: Sequence[Card], trick: Sequence[Play], policy: TrickPolicy, naming: Naming | None) -> _Duty:
    """``_required`` and its message for this hand and trick, remembered for the position asked last
    (keyed by the cards themselves and the very policy and naming objects, so it is never stale)."""
    key = (tuple(hand), tuple(trick), policy, naming)
    if _LAST:
        last = _LAST[0]
        if last.key[2] is policy and last.key[3] is naming and last.key[:2] == key[:2]:
            return last
    code, allowed = _required(hand, trick, policy)
    suit = led_suit(trick, policy) or ""
    message = "" if code == "free" else _refusal_message(code, suit, allowed, naming)
    duty = _Duty(key, code, frozenset(allowed), tuple(allowed), message, {})
    _LAST[:] = [duty]
    return duty


def _refusal_message(code: str, suit: str, allowed: list[Card], naming: Naming | None) -> str:
    suit_word = naming.suit_name(suit) if naming else suit
    names = "、".join(naming.name(c) for c in allowed) if naming else " ".join(map(str, allowed))
    if code == "must_follow":
        return (f"{suit_word}がリードされています。手札に{suit_word}があるので、"
                f"{suit_word}を出さなければなりません（{names}）。")
    if code == "must_trump":
        return f"{suit_word}を持っていないので、切札を出さなければなりません（{names}）。"
    return f"場の切札より強い切札を持っているので、それを出さなければなりません（{names}）。"


def trick_winner(trick: Sequence[Play], policy: TrickPolicy, naming: Naming | None,
                 seat_names: Sequence[str] | None = None) -> TrickResult:
    """Who wins a complete trick, and why (seats worded with ``seat_names`` when given)."""
    suit_of, strength, excuse = policy.suit_of, policy.strength, policy.is_excuse
    suit: str | None = None
    best: Play | None = None
    best_strength = 0
    best_trumps = False
    for play in trick:
        card = play.card
        if excuse(card):
            continue
        own = suit_of(card)
        if suit is None:
            suit = own
        trumps = own == TRUMP
        if (not trumps and own != suit) or (best_trumps and not trumps):
            continue
        value = strength(card)
        if best is None or (trumps and not best_trumps) or value > best_strength \
                or (value == best_strength and policy.equal_later_wins):
            best, best_strength, best_trumps = play, value, trumps
    if suit is None or best is None:
        raise ValueError("a trick needs at least one card that is not an excuse")
    return TrickResult(best.seat, best.card, "highest_trump" if best_trumps else "highest_of_suit", suit,
                       naming, seat_names)


TableView = tuple[list[tuple[str, Card]], str, int | None]


def table_view(current: Sequence[Play], last: tuple[Sequence[Play], TrickResult] | None,
               seat_names: Sequence[str], caption: str = "") -> TableView:
    """What a trick game shows on the table: the trick in progress (with ``caption``), else the
    last complete trick with its winner's reason and index (GameState.table's shape)."""
    if current or last is None:
        return [(seat_names[p.seat], p.card) for p in current], caption, None
    plays, result = last
    winner = next(i for i, p in enumerate(plays) if p.seat == result.winner)
    return [(seat_names[p.seat], p.card) for p in plays], result.message, winner
