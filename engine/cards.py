"""Card value type, canonical codes and the four packs the site's games use.

Codes are the ones DESIGN.md fixes for YAML, share codes, tests and the CLI:
trumps ``T1``..``T21``, the Fool ``F``, suit cards ``<suit><rank>`` such as ``SK``,
``HN`` (cavalier), ``D10``, ``CA``.  ``Card.parse`` and ``str(card)`` round-trip exactly.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from functools import total_ordering

SUITS: tuple[str, ...] = ("S", "C", "H", "D")
RED_SUITS: tuple[str, ...] = ("H", "D")  # hearts and diamonds (cups and coins): pips run backwards in most games
TRUMP = "T"
FOOL = "F"

# Suit-card ranks as integers so that packs and orders can be computed; codes map both ways.
RANK_CODES: dict[int, str] = {
    1: "A", 2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "10",
    11: "J", 12: "N", 13: "Q", 14: "K",
}
RANK_VALUES: dict[str, int] = {code: rank for rank, code in RANK_CODES.items()}
JACK, CAVALIER, QUEEN, KING = 11, 12, 13, 14


class CardError(ValueError):
    """A card code that does not name a card; the message is Japanese for the reader."""


@total_ordering
class Card:
    """One card: ``suit`` is S/C/H/D, ``T`` for a trump or ``F`` for the Fool.

    ``rank`` is 1..14 for suit cards (A=1 .. K=14, N=12 is the cavalier), 1..21 for
    trumps and 0 for the Fool, so comparisons inside one suit are plain integers.

    There is exactly one object per card (``Card("S", 14) is Card.parse("SK")``): equality is
    identity and the hash a small fixed number, which keeps the engine's hot loops (hand
    membership, removal, table look-ups) at C speed and set order the same in every run.
    """

    __slots__ = ("_code", "_hash", "is_court", "is_fool", "is_trump", "rank", "suit")
    suit: str
    rank: int
    is_trump: bool
    is_fool: bool
    is_court: bool
    _code: str
    _hash: int

    def __new__(cls, suit: str, rank: int) -> Card:
        try:
            return _INTERNED[(suit, rank)]
        except (KeyError, TypeError):
            raise CardError(f"存在しないカードです: {suit}{rank}") from None

    @classmethod
    def _make(cls, suit: str, rank: int, number: int) -> Card:
        card = object.__new__(cls)
        code = FOOL if suit == FOOL else f"{suit}{rank if suit == TRUMP else RANK_CODES[rank]}"
        for name, value in (("suit", suit), ("rank", rank), ("is_trump", suit == TRUMP), ("is_fool", suit == FOOL),
                            ("is_court", suit in SUITS and rank >= JACK), ("_code", code), ("_hash", number)):
            object.__setattr__(card, name, value)
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card は変更できません。")

    def __hash__(self) -> int:
        return self._hash

    def __lt__(self, other: Card) -> bool:
        """Canonical order: trumps I..XXI, the Fool, then suits S C H D from A to K."""
        return self._hash < other._hash

    def __reduce__(self) -> tuple[type[Card], tuple[str, int]]:
        return Card, (self.suit, self.rank)

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    def __repr__(self) -> str:
        return f"Card({self.suit!r}, {self.rank})"

    @classmethod
    def parse(cls, code: str) -> Card:
        """Read a canonical code; anything else raises CardError with a Japanese message."""
        card = _BY_CODE.get(code.strip().upper()) if isinstance(code, str) else None
        if card is None:
            raise CardError(f"カードの記号「{code}」は読めません（例: T21, F, SK, HN, D10, CA）")
        return card

    def __str__(self) -> str:
        return self._code


_INTERNED: dict[tuple[str, int], Card] = {}
for _key in ([(TRUMP, n) for n in range(1, 22)] + [(FOOL, 0)]
             + [(suit, rank) for suit in SUITS for rank in RANK_CODES]):
    _INTERNED[_key] = Card._make(*_key, len(_INTERNED))
_BY_CODE: dict[str, Card] = {str(card): card for card in _INTERNED.values()}


def parse_cards(text: str | list[str]) -> list[Card]:
    """Parse a space/comma separated string or a list of codes."""
    items = text.replace(",", " ").split() if isinstance(text, str) else text
    return [Card.parse(str(item)) for item in items]


def format_cards(cards: list[Card] | tuple[Card, ...]) -> str:
    return " ".join(str(card) for card in cards)


class Pack(Enum):
    """The four packs; values are the ids used in page markup and share codes."""

    TAROT78 = "tarot78"
    BOLOGNESE62 = "bolognese62"
    TAROCK54 = "tarock54"
    LHOMBRE40 = "lhombre40"

    def cards(self) -> tuple[Card, ...]:
        """The pack in canonical order (trumps, Fool, then suits S C H D from low to high)."""
        return _PACK_CARDS[self]

    def index(self, card: Card) -> int:
        """Position of ``card`` in the canonical order (share codes store these)."""
        try:
            return _PACK_INDEX[self][card]
        except KeyError:
            raise CardError(f"{card} はこのパックにありません") from None


def _suit_ranks(pack: Pack, suit: str) -> tuple[int, ...]:
    courts = (JACK, CAVALIER, QUEEN, KING)
    if pack is Pack.TAROT78:
        return (*range(1, 11), *courts)
    if pack is Pack.BOLOGNESE62:
        return (1, *range(6, 11), *courts)
    if pack is Pack.TAROCK54:
        pips = (7, 8, 9, 10) if suit in ("S", "C") else (1, 2, 3, 4)
        return (*pips, *courts)
    return (*range(1, 8), JACK, QUEEN, KING)  # l'Hombre: no 8-10, no cavalier


def _build(pack: Pack) -> tuple[Card, ...]:
    cards: list[Card] = []
    if pack is not Pack.LHOMBRE40:
        cards += [Card(TRUMP, n) for n in range(1, 22)] + [Card(FOOL, 0)]
    for suit in SUITS:
        cards += [Card(suit, rank) for rank in _suit_ranks(pack, suit)]
    return tuple(cards)


_PACK_CARDS: dict[Pack, tuple[Card, ...]] = {pack: _build(pack) for pack in Pack}
_PACK_INDEX: dict[Pack, dict[Card, int]] = {
    pack: {card: i for i, card in enumerate(cards)} for pack, cards in _PACK_CARDS.items()
}

ROMAN = ("", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII", "XIII",
         "XIV", "XV", "XVI", "XVII", "XVIII", "XIX", "XX", "XXI")


@dataclass(frozen=True)
class Naming:
    """How one game names and draws its cards: Japanese suit words, courts, trumps, specials,
    and whether the suit signs are French (♠♣♥♦) or Italian (swords, batons, cups, coins)."""

    suits: dict[str, str]
    courts: dict[int, str]
    specials: dict[str, str]
    trump_word: str = "切札"
    roman_trumps: bool = True
    french: bool = False
    fool_face: str = "愚者"
    trump_group: str = "切札と愚者"
    # Trump faces as (corner, centre) by standard number, for packs printed differently (Bolognese).
    trump_faces: tuple[tuple[int, str, str], ...] = ()
    # Names already worded: explainers and logs name the same few cards over and over.
    _names: dict[Card, str] = field(default_factory=dict, compare=False, repr=False)

    def trump_face(self, rank: int) -> tuple[str, str]:
        """Corner index and centre text of trump ``rank`` (standard Arabic/Roman numbers by default)."""
        for number, corner, centre in self.trump_faces:
            if number == rank:
                return corner, centre
        return str(rank), ROMAN[rank]

    def name(self, card: Card) -> str:
        found = self._names.get(card)
        if found is None:
            found = self._names[card] = self._name(card)
        return found

    def _name(self, card: Card) -> str:
        code = str(card)
        if code in self.specials:
            return self.specials[code]
        if card.is_trump:
            number = ROMAN[card.rank] if self.roman_trumps else str(card.rank)
            return f"{self.trump_word}{number}"
        rank = self.courts.get(card.rank, RANK_CODES[card.rank])
        return f"{self.suits[card.suit]}の{rank}"

    def suit_name(self, suit: str) -> str:
        return self.trump_word if suit == TRUMP else self.suits[suit]


ITALIAN_SUITS = {"S": "ソード", "C": "バトン", "H": "カップ", "D": "コイン"}
FRENCH_SUITS = {"S": "スペード", "C": "クラブ", "H": "ハート", "D": "ダイヤ"}
ITALIAN_COURTS = {KING: "キング", QUEEN: "クイーン", CAVALIER: "カバロ", JACK: "ジャック", 1: "A"}
FRENCH_COURTS = {KING: "キング", QUEEN: "クイーン", CAVALIER: "カバロ", JACK: "ジャック", 1: "A"}

ITALIAN_TAROT = Naming(ITALIAN_SUITS, ITALIAN_COURTS, {"F": "愚者"})
FRENCH_TAROCK = Naming(FRENCH_SUITS, FRENCH_COURTS, {"F": "スキュース"}, trump_word="タロック",
                       roman_trumps=False, french=True, fool_face="スキュース", trump_group="タロックとスキュース")
FRENCH_PLAIN = Naming(FRENCH_SUITS, FRENCH_COURTS, {}, french=True)

# Names per game id (the ids of engine.games.GAMES); each game module owns its entry's wording.
NAMINGS: dict[str, Naming] = {
    "ottocento": Naming(
        ITALIAN_SUITS, ITALIAN_COURTS,
        {"T21": "天使", "T20": "世界", "T19": "太陽", "T18": "月", "T1": "ベガト", "F": "マット",
         **{f"T{n}": f"切札{n - 1}" for n in range(6, 18)},
         **{f"T{n}": f"ムーア人（{6 - n}）" for n in range(2, 6)}},
        fool_face="マット", trump_group="切札とマット",
        trump_faces=((21, "天", "天使"), (20, "世", "世界"), (19, "陽", "太陽"), (18, "月", "月"), (1, "ベ", "ベガト"),
                     *((n, str(n - 1), str(n - 1)) for n in range(6, 18)),
                     *((n, "ム", "ムーア") for n in range(2, 6))),
    ),
    "napoletanisch": Naming(
        FRENCH_SUITS, {KING: "キング", QUEEN: "クイーン", CAVALIER: "カバロ", JACK: "ジャック", 1: "1"},
        {"F": "スキュース", "T21": "モンド（タロック21）", "T1": "パガット（タロック1）"}, trump_word="タロック",
        roman_trumps=False, french=True, fool_face="スキュース", trump_group="タロックとスキュース"),
    "rotarot": Naming(
        FRENCH_SUITS, {KING: "キング", QUEEN: "クイーン", CAVALIER: "カバロ", JACK: "ジャック", 1: "1"},
        {"F": "スキュース", "T21": "モンド（切札21）", "T1": "パガット（切札1）"}, trump_word="切札",
        roman_trumps=False, french=True, fool_face="スキュース", trump_group="切札とスキュース"),
    "lhombre": Naming(
        FRENCH_SUITS, {KING: "キング", QUEEN: "クイーン", JACK: "ジャック", 1: "A"},
        {"SA": "スパディエ（スペードのA）", "CA": "バスタ（クラブのA）"}, french=True, trump_group="切札"),
    "lombardia": Naming(
        ITALIAN_SUITS, ITALIAN_COURTS,
        {"T21": "切札XXI（世界）", "T1": "切札I（バガット）", "F": "愚者"},
    ),
}

# Names for a pack shown outside any one game (the pack overview page).
PACK_NAMINGS: dict[Pack, Naming] = {
    Pack.TAROT78: ITALIAN_TAROT,
    Pack.BOLOGNESE62: ITALIAN_TAROT,
    Pack.TAROCK54: FRENCH_TAROCK,
    Pack.LHOMBRE40: FRENCH_PLAIN,
}


def naming_for(game: str | None = None, pack: Pack | None = None) -> Naming:
    """The game's names; without a game, the pack's generic names (Italian tarot by default)."""
    if game is not None:
        if game not in NAMINGS:
            raise ValueError(f"「{game}」というゲームのカード名はありません（{', '.join(NAMINGS)}）。")
        return NAMINGS[game]
    return PACK_NAMINGS[pack or Pack.TAROT78]


def card_name(card: Card, game: str | None = None) -> str:
    """Japanese name of ``card`` as ``game`` calls it."""
    return naming_for(game).name(card)
