"""Ottocento's rule tables: seats and sides, the 62-card pack with its card values and orders,
the named cards the combinations use, the signals and the variant switches.

Everything here is data, or a function of one card or one number, so that the combinations
(``combos``), the scoring of a final position (``score``) and the state machine (``state``)
share one source and this module imports none of them.  Card values, trick strengths and
display order are looked up in tables built once at import: they sit on the hot path of
every random deal.  Rules: shared/rules/ottocento.md §1, §2, §4, §5.
"""

from __future__ import annotations

from collections.abc import Iterable

from ...cards import CAVALIER, FOOL, JACK, KING, NAMINGS, QUEEN, RED_SUITS, SUITS, TRUMP, Card, Pack
from ...game import VariantOption, Variants
from ...scoresheet import RuleRef, rule_ref
from ...tricks import TrickPolicy

GAME = "ottocento"
NAMING = NAMINGS[GAME]
PACK = Pack.BOLOGNESE62
SEATS = 4
DEALER = 3
TRICKS = 15
HAND = 15  # cards each seat holds once the dealer has laid away his two
DISCARDS = 2
TEAMS: tuple[tuple[int, int], ...] = ((1, 3), (0, 2))  # side 0: the dealer and his partner
TEAM_OF: tuple[int, ...] = (1, 0, 1, 0)  # the side of each seat
SIDE_KEYS = ("dealer", "opponents")
SIDE_NAMES = ("ディーラー側（席1・席3）", "相手側（席0・席2）")
SIDE_SHORT = ("ディーラー側", "相手側")
SEAT_NAMES = ("席0", "席1", "席2", "席3（ディーラー）")
LAST_TRICK = 6
TARGET = 800

# --- named cards ----------------------------------------------------------------------------
ANGEL, WORLD, SUN, MOON = (Card(TRUMP, n) for n in (21, 20, 19, 18))
BAGATTO, MATTO = Card(TRUMP, 1), Card(FOOL, 0)
CONTATORI = (BAGATTO, MATTO)
TOP = (WORLD, SUN, MOON)  # the three cards under the Angel at the head of the Grande
NUMBERED = tuple(Card(TRUMP, n) for n in range(17, 5, -1))  # Bolognese 16 .. 5
MOORS = tuple(Card(TRUMP, n) for n in (5, 4, 3, 2))
ACES = tuple(Card(s, 1) for s in SUITS)
KINGS = {s: Card(s, KING) for s in SUITS}
FIGURES = {s: tuple(Card(s, r) for r in (QUEEN, CAVALIER, JACK)) for s in SUITS}  # a suit sequence's body


def rule(anchor: str) -> RuleRef:
    return rule_ref(GAME, anchor)


VARIANTS = (
    VariantOption("suit_wilds", "スートのシークエンスに使えるコンタトリ",
                  ((2, "2枚まで（推奨）"), (1, "1枚まで")), 2, rule("contatori")),
    VariantOption("game_end", "800点の判定", (("reach", "800点に達したら（推奨）"), ("exceed", "800点を超えたら")),
                  "reach", rule("game")),
    VariantOption("monte", "モンテ（配り直し）", ((True, "あり（推奨）"), (False, "なし")), True, rule("monte"),
                  deal_fixed=True),  # a recorded deal has its monte line or has none
    VariantOption("discard_no_trick", "ディーラー側がトリックを取れなかったときの捨て札",
                  (("opponents", "相手側のもの（推奨）"), ("dealer", "ディーラー側のまま")), "opponents",
                  rule("discard")),
    VariantOption("grande_moors", "グランデの5の先のムーア人",
                  ((True, "続けて数える（推奨）"), (False, "数えない")), True, rule("sequences")),
    VariantOption("signals", "合図の意味", (("dummett", "ダメットの記述（歴史的）"), ("accademia", "現代の大会ルール")),
                  "dummett", rule("signals")),
)

# --- signals (annotations of a lead; they never change what is legal or the score) -------------
SIGNALS = ("busso", "volo", "striscio")
SIGNAL_NAMES = {"busso": "ブッソ", "volo": "ヴォーロ", "striscio": "ストリッショ"}
SIGNAL_MEANINGS = {
    "dummett": {
        "busso": "パートナーはこのスートでいちばん強い札を出し、勝ったら同じスートを返してほしい",
        "volo": "このスートはこれが最後の1枚",
        "striscio": "切札のリードに添えて: できるだけ切札をリードしてほしい",
    },
    "accademia": {
        "busso": "パートナーはいちばん良い札を出してほしい",
        "volo": "このスートはこれが最後の1枚",
        "striscio": "このスートをまだ持っている",
    },
}


def signal_text(kind: str, variants: Variants) -> str:
    return f"{SIGNAL_NAMES[kind]}（{SIGNAL_MEANINGS[str(variants['signals'])][kind]}）"


# --- card values and orders ---------------------------------------------------------------------
def _value(card: Card) -> int:
    if card.is_trump:
        return 5 if card.rank in (1, 20, 21) else 0
    if card.is_fool:
        return 5
    return {KING: 5, QUEEN: 4, CAVALIER: 3, JACK: 2}.get(card.rank, 0)


def _strength(card: Card) -> int:
    if card.is_trump:
        return 2 if 2 <= card.rank <= 5 else card.rank
    if card.rank > 10:
        return card.rank + 100
    return 11 - card.rank if card.suit in RED_SUITS else card.rank


VALUE: dict[Card, int] = {card: _value(card) for card in PACK.cards()}
STRENGTH: dict[Card, int] = {card: _strength(card) for card in PACK.cards()}
FIVES = frozenset(card for card, value in VALUE.items() if value == 5)  # never laid away by the dealer


def card_value(card: Card) -> int:
    """Angel, World, Bagatto, Matto and Kings 5; Queens 4; Cavalli 3; Jacks 2; the rest 0."""
    return VALUE.get(card, 0)


def strength(card: Card) -> int:
    """Trumps by rank with the four Moors equal; long suits A low, round suits (cups, coins) A high."""
    return STRENGTH[card]


POLICY = TrickPolicy(
    suit_of=lambda card: card.suit,
    strength=STRENGTH.__getitem__,
    is_excuse=lambda card: card.is_fool,
    equal_later_wins=True,
)


def _display_key(card: Card) -> tuple[int, int, int]:
    group = 0 if card.is_trump else 1 if card.is_fool else 2 + SUITS.index(card.suit)
    return group, -STRENGTH[card], -card.rank


ORDER: dict[Card, int] = {card: i for i, card in enumerate(sorted(PACK.cards(), key=_display_key))}


def display_order(cards: Iterable[Card]) -> list[Card]:
    """Trumps from the Angel down, the Matto, then each suit from its strongest card."""
    return sorted(cards, key=ORDER.__getitem__)


NAME: dict[Card, str] = {card: NAMING.name(card) for card in PACK.cards()}  # each card's Japanese name


def join(cards: Iterable[Card]) -> str:
    return "、".join(map(NAME.__getitem__, cards)) or "なし"


def team_of(seat: int) -> int:
    return TEAM_OF[seat]


def round_to_five(raw: int) -> int:
    """Last digit 1–2 down to 0, 3–7 to 5, 8–9 up to 10."""
    rest = raw % 5
    return raw - rest if rest <= 2 else raw + 5 - rest


def game_reached(total: int, variants: Variants) -> bool:
    return total >= TARGET if variants["game_end"] == "reach" else total > TARGET
