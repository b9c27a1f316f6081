"""ロンバルディアタロットの決まりごと: seats and teams, card order and values, variant switches.

Follows shared/rules/lombardia.md.  Seats run 0..3 counter-clockwise from the dealer's
right; the dealer is seat 3 and partners sit opposite (teams 0+2 and 1+3).  Everything here
is a table or a small pure function, so that the scoring of a final position (``score``) and
the state machine (``state``) read the same facts without importing each other.  Per-card
facts are looked up in tables built once, because random play asks for them at every card.
"""

from __future__ import annotations

from collections.abc import Iterable
from operator import attrgetter

from ...cards import CAVALIER, FOOL, JACK, KING, NAMINGS, QUEEN, RED_SUITS, SUITS, TRUMP, Card, Pack
from ...game import VariantOption, Variants
from ...scoresheet import RuleRef, rule_ref
from ...tricks import TrickPolicy

GAME = "lombardia"
NAMING = NAMINGS[GAME]
PACK = Pack.TAROT78
DEALER = 3
SEATS = 4
TRICKS = 19
TEAMS: tuple[tuple[int, int], ...] = ((1, 3), (0, 2))
TEAM_NAMES = ("ディーラー側（席1・席3）", "相手側（席0・席2）")
SEAT_NAMES = ("席0", "席1", "席2", "席3（ディーラー）")
BREAK_EVEN = 36
THE_FOOL = Card(FOOL, 0)


def rule(anchor: str) -> RuleRef:
    return rule_ref(GAME, anchor)


VARIANTS = (
    VariantOption("xxi_value", "XXIの点数", ((5, "5点（推奨）"), (6, "6点（原典の表）")), 5,
                  rule("card-values")),
    VariantOption("odd_pair_scores", "余り2枚の扱い",
                  ((True, "短いセットとして数える（推奨）"), (False, "数えない（原典の文面）")), True,
                  rule("odd-pair")),
    VariantOption("first_leader", "最初のリード",
                  (("right", "ディーラーの右隣（推奨）"), ("left", "ディーラーの左隣（原典の文面）")), "right",
                  rule("first-lead")),
    VariantOption("discard_in_exchange", "愚者の交換に捨て札を使う",
                  ((True, "トリックを取った後なら使える（推奨）"), (False, "使えない")), True,
                  rule("fool-exchange")),
)


def team_of(seat: int) -> int:
    return 0 if seat in TEAMS[0] else 1


HONOURS = frozenset([*(Card(suit, KING) for suit in SUITS), THE_FOOL, Card(TRUMP, 1), Card(TRUMP, 21)])


def is_honour(card: Card) -> bool:
    """Kings, the Fool, trump I and trump XXI: never discarded, repeat the exposure."""
    return card in HONOURS


def _strength(card: Card) -> int:
    if card.suit == TRUMP or card.rank > 10:
        return card.rank + (100 if card.suit != TRUMP else 0)
    return 11 - card.rank if card.suit in RED_SUITS else card.rank


STRENGTH: dict[Card, int] = {card: _strength(card) for card in PACK.cards()}


def strength(card: Card) -> int:
    """Order inside a suit: courts above pips; round suits (cups, coins) run A high among pips."""
    return STRENGTH[card]


POLICY = TrickPolicy(suit_of=attrgetter("suit"), strength=STRENGTH.__getitem__, is_excuse=attrgetter("is_fool"))

_COURT_VALUES = {KING: 5, QUEEN: 4, CAVALIER: 3, JACK: 2}  # dossier §4.1


def _value(card: Card, xxi: int) -> int:
    if card == Card(TRUMP, 21):
        return xxi
    if card in (Card(TRUMP, 1), THE_FOOL):
        return 5
    return _COURT_VALUES.get(card.rank, 0) if card.suit in SUITS else 0


# Card values for each choice of the ``xxi_value`` switch, one table per choice.
_VALUES: dict[int, dict[Card, int]] = {
    int(xxi): {card: _value(card, int(xxi)) for card in PACK.cards()} for xxi, _ in VARIANTS[0].choices
}


def card_values(variants: Variants) -> dict[Card, int]:
    """Every card's point value under ``variants`` (only XXI depends on them)."""
    return _VALUES[int(variants["xxi_value"])]


def card_value(card: Card, variants: Variants) -> int:
    return card_values(variants)[card]


def _display_key(card: Card) -> tuple[int, int]:
    group = 0 if card.is_trump else 1 if card.is_fool else 2 + SUITS.index(card.suit)
    return group, -STRENGTH[card]


_DISPLAY_RANK: dict[Card, int] = {card: i for i, card in enumerate(sorted(PACK.cards(), key=_display_key))}


def display_order(cards: Iterable[Card]) -> list[Card]:
    """Trumps high to low, the Fool, then each suit from its strongest card down."""
    return sorted(cards, key=_DISPLAY_RANK.__getitem__)
