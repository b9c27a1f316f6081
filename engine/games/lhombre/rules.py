"""ロンブル (Danish l'Hombre) rule tables: contracts, card orders, matadors, variants, outcomes.

The bottom of the game's package (rules <- score <- state): plain tables and small pure
functions, read beside shared/rules/lhombre.md.  The active seats are 0 forehand (the dealer's
right), 1 middlehand (the dealer's left) and 2 the dealer (rearhand); everything runs in that
order.  What changes with the trump suit (which cards are trumps, their order, the manille and
the ponto, the matadors) is computed once per suit into lookup tables, and whether a trick count
has settled the result once per count, because trick play is the engine's hot path.  Both the
game state and the scored position use these definitions, so they cannot disagree.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from ...cards import FRENCH_SUITS, NAMINGS, RED_SUITS, SUITS, TRUMP, Card, Naming, parse_cards
from ...game import VariantOption
from ...scoresheet import RuleRef, rule_ref
from ...tricks import TrickPolicy

GAME = "lhombre"
NAMING = NAMINGS[GAME]
SEAT_NAMES = ("フォアハンド", "ミドルハンド", "バックハンド")
SPADILLE, BASTA = Card("S", 1), Card("C", 1)
TRICKS = 9
HAND = 9


def rule(anchor: str) -> RuleRef:
    return rule_ref(GAME, anchor)


@dataclass(frozen=True)
class Contract:
    """One of the nine contracts.  ``word`` is the auction keyword and the YAML id; ``penalty``
    None means the simple-nolo penalty (tricks − 1); ``trumps`` is "named", "S", "turned" or ""
    (nolo); the two flags say who exchanges with the talon."""

    word: str
    name: str
    rank: int
    value: int
    penalty: int | None
    trumps: str
    declarer_exchanges: bool
    opponents_exchange: bool

    @property
    def nolo(self) -> bool:
        return not self.trumps


CONTRACTS: tuple[Contract, ...] = (
    Contract("simple", "シンプルゲーム", 1, 1, 1, "named", True, True),
    Contract("spade", "スペードゲーム", 2, 1, 1, "S", True, True),
    Contract("tourne", "トゥルネ", 3, 1, 1, "turned", True, True),
    Contract("simple-nolo", "シンプル・ノロ", 4, 2, None, "", True, False),
    Contract("grand-tourne", "グランド・トゥルネ", 5, 2, 1, "turned", True, True),
    Contract("solo", "ソロ", 6, 2, 1, "named", False, True),
    Contract("pure-nolo", "ピュア・ノロ", 7, 3, 2, "", False, False),
    Contract("spade-solo", "スペード・ソロ", 7, 3, 2, "S", False, True),
    Contract("nolo-ouvert", "ノロ・ウベルト", 8, 5, 3, "", False, False),
)
BY_WORD: dict[str, Contract] = {c.word: c for c in CONTRACTS}
GRAND = BY_WORD["grand-tourne"]

VARIANTS = (
    VariantOption("players", "人数", ((3, "3人（基本）"), (4, "4人（ディーラーの向かいは休み）")), 3,
                  rule("four-players"), deal_fixed=True),
    VariantOption("declarer_exchange", "デクレアラーの最低交換枚数",
                  ((True, "少なくとも1枚交換する（推奨）"), (False, "交換しなくてもよい")), True, rule("exchange")),
    VariantOption("allow_upgrade", "落札後の引き上げ",
                  ((False, "落札した契約のまま（推奨）"), (True, "より上位の契約に引き上げられる")), False,
                  rule("upgrade"), deal_fixed=True),  # a recorded deal has its announcement step or has none
)


def seat_name(seat: int) -> str:
    return SEAT_NAMES[seat]


def may_bid_grand(dealt: list[Card] | tuple[Card, ...]) -> bool:
    """Grand tourné needs both black aces in the hand as dealt (dossier L19)."""
    return SPADILLE in dealt and BASTA in dealt


# --- card orders per trump suit ("" = no trumps, the nolo contracts) ------------------------
def trump_order(trump: str) -> tuple[Card, ...]:
    """The trumps high to low: spadille, manille, basta, (ponto), then K Q J and the low cards."""
    if trump not in RED_SUITS:
        return tuple(parse_cards(f"SA {trump}2 CA {trump}K {trump}Q {trump}J "
                                 + " ".join(f"{trump}{r}" for r in "76543")))
    return tuple(parse_cards(f"SA {trump}7 CA {trump}A {trump}K {trump}Q {trump}J "
                             + " ".join(f"{trump}{r}" for r in "23456")))


def plain_order(suit: str, nolo: bool) -> tuple[Card, ...]:
    """A plain suit high to low.  Red suits run K Q J A 2 … 7; black ones K Q J 7 … 2, their ace
    being a trump in a trump contract and the lowest card in nolo (dossier §1.3, L20)."""
    if suit in RED_SUITS:
        return tuple(parse_cards(" ".join(f"{suit}{r}" for r in "KQJA234567")))
    return tuple(parse_cards(" ".join(f"{suit}{r}" for r in "KQJ765432") + (f" {suit}A" if nolo else "")))


@dataclass(frozen=True)
class Suiting:
    """Everything that depends on the trump suit: each card's suit to follow ("T" for trumps),
    its strength inside that suit, the matadors and the names used in explanations."""

    trump: str
    suit_of: dict[Card, str]
    strength: dict[Card, int]
    matadors: tuple[Card, ...]
    naming: Naming
    policy: TrickPolicy
    order: dict[Card, int]  # display order in a hand: trumps first, then S C H D, strongest first
    # For each card that may be led, the matadors that keep their privilege against it (§4.2):
    # against a trump all three, less those below a matador that was led; none against a plain card.
    privileged: dict[Card, frozenset[Card]]

    def sort_key(self, card: Card) -> int:
        return self.order[card]

    def is_matador(self, card: Card) -> bool:
        return card in self.matadors


def _suiting(trump: str) -> Suiting:
    suit_of: dict[Card, str] = {}
    strength: dict[Card, int] = {}
    trumps = trump_order(trump) if trump else ()
    for i, card in enumerate(trumps):
        suit_of[card], strength[card] = TRUMP, len(trumps) - i
    for suit in SUITS:
        if suit == trump:
            continue
        cards = [c for c in plain_order(suit, not trump) if c not in suit_of]
        for i, card in enumerate(cards):
            suit_of[card], strength[card] = suit, len(cards) - i
    matadors = trumps[:3]
    # Spadille and basta are named so only where they are matadors: in nolo they are plain aces.
    specials: dict[str, str] = dict(NAMING.specials) if trump else {}
    if trump:
        specials[str(trumps[1])] = f"マニエ（{NAMING.name(trumps[1])}）"
        if trump in RED_SUITS:
            specials[f"{trump}A"] = f"ポント（{FRENCH_SUITS[trump]}のA）"
    naming = Naming(NAMING.suits, NAMING.courts, specials, french=True, trump_group=NAMING.trump_group)

    # A matador need not answer a trump lead, unless the led card is a higher matador.
    privileged = {led: frozenset(m for m in matadors if not (led in matadors and strength[led] > strength[m]))
                  if led in trumps else frozenset() for led in suit_of}

    def exempt(card: Card, led: Card) -> bool:
        return card in privileged[led]

    policy = TrickPolicy(suit_of=suit_of.__getitem__, strength=strength.__getitem__, must_trump=False,
                         exempt=exempt if trump else None)
    order = {card: 100 * (0 if suit == TRUMP else 1 + SUITS.index(suit)) - strength[card]
             for card, suit in suit_of.items()}
    return Suiting(trump, suit_of, strength, matadors, naming, policy, order, privileged)


SUITINGS: dict[str, Suiting] = {t: _suiting(t) for t in ("", *SUITS)}


# --- outcomes ---------------------------------------------------------------------------
OUTCOME_NAMES = {"win": "成功", "remise": "失敗（レミーズ）", "codille": "大失敗（コディーユ）",
                 "vole": "スラム成功", "vole-failed": "スラム失敗", "surrender": "降伏（失敗として精算）"}


def outcome(contract: Contract, tricks: tuple[int, ...], declarer: int) -> str:
    """Win, remise or codille from the trick counts (all nine tricks, or an early end)."""
    own = tricks[declarer]
    if contract.nolo:
        return "win" if own == 0 else "remise" if own == 1 else "codille"
    other = max(t for s, t in enumerate(tricks) if s != declarer)
    return "win" if own > other else "remise" if own == other else "codille"


def decided(contract: Contract, tricks: tuple[int, ...], declarer: int) -> bool:
    """True when the tricks still to play can no longer change the outcome (the play stops).

    Simple nolo is always played out, since its penalty counts the declarer's tricks."""
    first, second = (t for s, t in enumerate(tricks) if s != declarer)
    return _decided(contract.word, tricks[declarer], min(first, second), max(first, second))


@cache
def _decided(word: str, own: int, low: int, high: int) -> bool:
    """``decided`` for the declarer's count and the opponents' counts (low, high): the outcome is
    the same however the tricks left are shared (cached: a deal asks after every trick)."""
    left = TRICKS - own - low - high
    if left <= 0:
        return True
    contract = BY_WORD[word]
    if word == "simple-nolo":
        return False
    if contract.nolo:
        return own >= 2
    outcomes = {outcome(contract, (own + a, low + b, high + c), 0) for a, b, c in _splits(left)}
    return len(outcomes) == 1


def _splits(left: int) -> list[tuple[int, int, int]]:
    return [(a, b, left - a - b) for a in range(left + 1) for b in range(left + 1 - a)]


def penalty(contract: Contract, declarer_tricks: int) -> int:
    return declarer_tricks - 1 if contract.penalty is None else contract.penalty
