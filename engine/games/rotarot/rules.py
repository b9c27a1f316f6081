"""ロタロット rule tables: the pack's special cards, bids and their bonuses, card values, trick
orders, the variant switches and the seat and card wording both the state and the scoring use.

Follows shared/rules/rotarot.md (§1 pack, ranks and values; §2 widow and discard ban; §3 bids;
§4 trick policy; §5 bonus amounts).  Seats run 0..n-1 counter-clockwise from the dealer's
right; the dealer is the last seat.  Nothing here knows about a deal in progress or a final
position, so ``score`` and ``state`` both build on this module and never on each other's.
Card-indexed tables (suit, strength, points in halves, display order) keep trick play and
scoring free of per-card function calls: they are the engine's hot path.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

from ...cards import FOOL, KING, NAMINGS, RED_SUITS, SUITS, TRUMP, Card, Pack
from ...game import VariantOption, Variants
from ...scoresheet import RuleRef, rule_ref
from ...tricks import TrickPolicy

GAME = "rotarot"
NAMING = NAMINGS[GAME]
PACK = Pack.TAROT78
CARDS = PACK.cards()
SKUS, MOND, PAGAT = Card(FOOL, 0), Card(TRUMP, 21), Card(TRUMP, 1)
HONOURS = (PAGAT, MOND, SKUS)  # the order in which a declarer must take them from the widow (§2.2, R18)
WIDOW = 6
DEALT = 78 - WIDOW  # cards dealt to the players; also the cards played in tricks
BIDS = (6, 5, 4, 3, 2, 1, 0)  # weakest to strongest: the number of widow cards taken; 0 is Solo
BONUS: dict[int, int] = {6: 1, 5: 5, 4: 10, 3: 20, 2: 30, 1: 40, 0: 50}  # exchange bonus B[k]
BID_WORDS: dict[int, str] = {k: f"bid{k}" for k in range(1, 7)} | {0: "solo"}
WORD_BIDS: dict[str, int] = {word: k for k, word in BID_WORDS.items()}
ULTIMO, ULTIMO_LOST, COLLAPSE, VALAT = 10, 20, 30, 10
HALF = Fraction(1, 2)


def rule(anchor: str) -> RuleRef:
    return rule_ref(GAME, anchor)


VARIANTS = (
    VariantOption("players", "人数", ((4, "4人（基本）"), (3, "3人（24枚ずつ）")), 4, rule("three-players"),
                  deal_fixed=True),
    VariantOption("overtrump", "切札を上回る義務",
                  ((True, "より強い切札があれば出す（推奨）"), (False, "切札なら何でもよい")), True,
                  rule("must-trump")),
    VariantOption("widow_rest", "使わなかったウィドー",
                  (("defenders", "相手側の点（推奨）"), ("declarer", "デクレアラーの点")), "defenders",
                  rule("widow-owner")),
    VariantOption("ramsch_mond_discard", "ラムシュでモンドを捨てる",
                  ((True, "捨てられる（0点なので）"), (False, "捨てられない")), True, rule("ramsch-exchange")),
    VariantOption("ramsch_bonuses", "ラムシュのボーナス",
                  ((False, "つけない（推奨）"), (True, "パガットウルティモとバラットをつける")), False,
                  rule("ramsch-scoring")),
    VariantOption("ramsch_direction", "ラムシュの進む向き",
                  (("ccw", "反時計回り（推奨）"), ("cw", "時計回り（原典の文面）")), "ccw", rule("ramsch-play")),
    VariantOption("three_ramsch", "3人で全員パスのとき",
                  (("equal", "ラムシュ（35−点）×4"), ("void", "ディールを流す")), "equal", rule("three-players")),
)


def seat_name(seat: int, players: int) -> str:
    return f"席{seat}（ディーラー）" if seat == players - 1 else f"席{seat}"


SEAT_NAMES = {n: tuple(seat_name(s, n) for s in range(n)) for n in (3, 4)}


def step(ramsch: bool, variants: Variants) -> int:
    """The direction of play: +1 counter-clockwise, -1 in a Ramsch played clockwise (R4)."""
    return -1 if ramsch and variants["ramsch_direction"] == "cw" else 1


# --- card values (§1) -----------------------------------------------------------------------
def _halves(card: Card, ramsch: bool) -> int:
    if card is MOND:
        return 0 if ramsch else 10
    if card is SKUS or card is PAGAT:
        return 10
    if card.is_trump:
        return 2
    return {14: 10, 13: 8, 12: 6, 11: 4}.get(card.rank, 1)


# Points in halves, so that sums stay integers: HALVES[ramsch][card].
HALVES: dict[bool, dict[Card, int]] = {r: {c: _halves(c, r) for c in CARDS} for r in (False, True)}


def card_value(card: Card, ramsch: bool = False) -> Fraction:
    """5 for Sküs, Pagat, Mond (0 in Ramsch) and Kings; Q 4, N 3, J 2; other trumps 1; pips ½."""
    return Fraction(HALVES[ramsch][card], 2)


def points(cards: Iterable[Card], ramsch: bool = False) -> Fraction:
    values = HALVES[ramsch]
    return Fraction(sum(values[c] for c in cards), 2)


def never_discarded(card: Card, ramsch: bool, mond_allowed: bool) -> bool:
    """Cards worth 5 points stay in the hand (in Ramsch Mond is worth 0: a switch decides)."""
    if card is MOND:
        return not (ramsch and mond_allowed)
    return card is SKUS or card is PAGAT or (card.suit in SUITS and card.rank == KING)


# --- trick order (§1 ranks, §4) --------------------------------------------------------------
def strength(card: Card, ramsch: bool) -> int:
    """Order inside a suit: Sküs on top (bottom in Ramsch); red pips run 1 high to 10 low."""
    if card.is_fool:
        return 0 if ramsch else 22
    if card.suit in RED_SUITS and card.rank <= 10:
        return 11 - card.rank
    return card.rank


SUIT: dict[Card, str] = {c: TRUMP if c.is_fool else c.suit for c in CARDS}  # Sküs follows as a trump
STRENGTH: dict[bool, dict[Card, int]] = {r: {c: strength(c, r) for c in CARDS} for r in (False, True)}


def _policy(ramsch: bool, overtrump: bool) -> TrickPolicy:
    return TrickPolicy(suit_of=SUIT.__getitem__, strength=STRENGTH[ramsch].__getitem__, must_overtrump=overtrump)


POLICIES = {(r, o): _policy(r, o) for r in (False, True) for o in (False, True)}


def policy(ramsch: bool, variants: Variants) -> TrickPolicy:
    return POLICIES[ramsch, bool(variants["overtrump"])]


# --- wording -----------------------------------------------------------------------------------
DISPLAY_KEY: dict[Card, int] = {
    c: (0 if c.suit in (TRUMP, FOOL) else 1 + SUITS.index(c.suit)) * 100 - strength(c, False) for c in CARDS}


def display_order(cards: Iterable[Card]) -> list[Card]:
    """Sküs, trumps 21 down to 1, then each suit from its strongest card down."""
    return sorted(cards, key=DISPLAY_KEY.__getitem__)


def names(cards: Iterable[Card]) -> str:
    return "、".join(NAMING.name(c) for c in cards) or "なし"


def bid_name(k: int) -> str:
    return "ソロ" if k == 0 else f"{k}枚"
