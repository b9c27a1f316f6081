"""ナポレタニッシュ's tables: the 54-card pack, capture values and kinds, scoring values in thirds,
the variants, and which sets of table cards a played card may take.

Read beside shared/rules/napoletanisch.md (§1 values, §4 captures).  The card facts are looked up
in dicts built once at import, because the legal moves are computed for every turn of every deal.
``captures_by_card`` is the fast legal set (no words); ``capture_refusal`` is the explainer that
says why one chosen set is refused, and the two agree by construction: a set is legal exactly when
its cards lie on the table, are of kinds the played card may take and sum to its capture value.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ...cards import CAVALIER, JACK, KING, NAMINGS, QUEEN, SUITS, Card, Pack
from ...game import VariantOption
from ...scoresheet import RuleRef, rule_ref

GAME = "napoletanisch"
NAMING = NAMINGS[GAME]
PACK = Pack.TAROCK54
TABLE_START = 6  # cards put face up on the table before the hands are dealt
HAND_SIZE = 6
PLAYED = len(PACK.cards()) - TABLE_START  # 48 cards are played in every deal, whatever the player count
PACK_THIRDS = 210  # 70 points
MAX_VALUE = 22  # the Sküs; no set worth more can ever be taken


def rule(anchor: str) -> RuleRef:
    return rule_ref(GAME, anchor)


VARIANTS = (
    VariantOption("players", "人数", ((4, "4人"), (3, "3人"), (2, "2人")), 4, rule("players"),
                  deal_fixed=True),
    VariantOption("capture_optional", "取れるときに取らずに置く",
                  ((False, "できない: 取れる札は必ず取る（推奨）"), (True, "できる")), False,
                  rule("compulsory")),
    VariantOption("unclaimed_remainder", "誰も取らなかったときの場の残り",
                  (("nobody", "誰のものにもならない（推奨）"), ("dealer", "ディーラーのもの")), "nobody",
                  rule("remainder")),
)


def seat_name(seat: int, players: int) -> str:
    return f"席{seat}（ディーラー）" if seat == players - 1 else f"席{seat}"


def turns(players: int) -> int:
    """Turns each seat plays in one deal (every turn plays one card): 24, 16 or 12."""
    return PLAYED // players


# --- card facts ----------------------------------------------------------------------------
# A card's kind as a level: a played card may take exactly the cards of its own level or lower
# (numeral cards only numeral cards, courts courts and numerals, tarocks anything).
NUMERAL, COURT, TAROCK = 0, 1, 2
KIND_WORDS = ("numeral", "court", "tarock")
CATEGORY_NAMES = {"tarock": "タロック", "court": "絵札", "numeral": "数字札"}
MAY_TAKE = {"numeral": ("numeral",), "court": ("numeral", "court"), "tarock": ("numeral", "court", "tarock")}
_COURT_VALUES = {KING: 5, QUEEN: 4, CAVALIER: 3, JACK: 2}
_COURT_THIRDS = {KING: 13, QUEEN: 10, CAVALIER: 7, JACK: 4}


def _level(card: Card) -> int:
    if card.suit not in SUITS:
        return TAROCK
    return COURT if card.rank >= JACK else NUMERAL


def _value(card: Card) -> int:
    if card.is_fool:
        return MAX_VALUE
    if card.is_trump:
        return card.rank
    return _COURT_VALUES.get(card.rank, card.rank)


def _thirds(card: Card) -> int:
    if card.is_fool or (card.is_trump and card.rank in (1, 21)):
        return 13
    if card.is_trump:
        return 1
    return _COURT_THIRDS.get(card.rank, 1)


VALUE: dict[Card, int] = {c: _value(c) for c in PACK.cards()}
LEVEL: dict[Card, int] = {c: _level(c) for c in PACK.cards()}
THIRDS: dict[Card, int] = {c: _thirds(c) for c in PACK.cards()}
# (pack order, capture value, kind, card) in one look-up, for the legal set computed every turn
FACTS: dict[Card, tuple[int, int, int, Card]] = {c: (i, VALUE[c], LEVEL[c], c) for i, c in enumerate(PACK.cards())}
PACK_VALUE = sum(VALUE.values())  # 397: odd, so the cards left on the table at the end are never worth an even sum


def category(card: Card) -> str:
    """'tarock' (T1–T21 and the Sküs), 'court' (K Q N J) or 'numeral' (black 7–10, red 1–4)."""
    return KIND_WORDS[LEVEL[card]]


def capture_value(card: Card) -> int:
    """取り点: kings 5, queens 4, cavaliers 3, jacks 2, numeral cards and tarocks their number, Sküs 22."""
    return VALUE[card]


def thirds(card: Card) -> int:
    """Scoring value in thirds of a point: honours and kings 13, queens 10, cavaliers 7, jacks 4, others 1."""
    return THIRDS[card]


def _display_key(card: Card) -> tuple[int, int]:
    return (-VALUE[card], 0) if LEVEL[card] == TAROCK else (100 + SUITS.index(card.suit), -card.rank)


_DISPLAY: dict[Card, int] = {c: i for i, c in enumerate(sorted(PACK.cards(), key=_display_key))}


def display_order(cards: Iterable[Card]) -> list[Card]:
    """Tarocks high to low with the Sküs first, then each suit from the king down."""
    return sorted(cards, key=_DISPLAY.__getitem__)


def thirds_text(value: int) -> str:
    whole, part = divmod(value, 3)
    return ("" if whole == 0 and part else str(whole)) + ("", "⅓", "⅔")[part]


def names(cards: Iterable[Card]) -> str:
    return "と".join(NAMING.name(c) for c in cards)


# --- captures ------------------------------------------------------------------------------
def captures_by_card(hand: Iterable[Card], table: Sequence[Card]) -> list[tuple[Card, list[tuple[Card, ...]]]]:
    """Each hand card with every set of ``table`` cards it may take (each set in pack order).

    The sets are grown card by card in pack order, kept apart by their running total (a set's highest
    kind and its cards), so that each hand card reads only the sets worth exactly its value; a set is
    grown only while it can still end worth the value of a hand card that may take its kinds
    (``_useful``).  The sets of one total stay in the order of the binary numbers their cards make in
    pack order, which is the order the legal set lists them in."""
    held = [FACTS[c] for c in hand]
    limit = max([f[1] for f in held], default=0)
    cards = [fact for fact in sorted([FACTS[c] for c in table]) if fact[1] <= limit]
    useful = _useful(held, cards) if len(cards) > PRUNE_FROM else None
    by_total: list[list[tuple[int, tuple[Card, ...]]]] = [[] for _ in range(limit + 1)]
    by_total[0].append((NUMERAL, ()))
    for step, (_, value, level, card) in enumerate(cards, 1):
        after = useful[step] if useful else EVERY_TOTAL
        for total in range(limit - value, -1, -1):  # from the top: a set grows by one card at most per card
            grown, found = total + value, by_total[total]
            if found and after[level] >> grown & 1:
                keep = [after[top] >> grown & 1 for top in (NUMERAL, COURT, TAROCK)]
                by_total[grown] += [(top, (*taken, card)) for old, taken in found
                                    for top in (old if old > level else level,) if keep[top]]
    return [(card, [taken for top, taken in by_total[value] if top <= level]) for _, value, level, card in held]


PRUNE_FROM = 8  # table cards beyond which dead sets are worth finding first (few cards make few sets)
EVERY_TOTAL = [-1, -1, -1]  # every bit set: without pruning, every running total may grow


def _useful(held: Sequence[tuple[int, int, int, Card]], cards: Sequence[tuple[int, int, int, Card]]) -> list[list[int]]:
    """For each count of ``cards`` already decided and each highest kind so far, the running totals (as
    bits) from which the cards still to come can complete a set that some ``held`` card may take."""
    ends = [0, 0, 0]
    for _, value, level, _ in held:
        for top in range(level + 1):
            ends[top] |= 1 << value
    useful = [ends]
    for _, value, level, _ in reversed(cards):
        later = useful[-1]
        useful.append([later[top] | later[top if top > level else level] >> value for top in (NUMERAL, COURT, TAROCK)])
    useful.reverse()
    return useful


def legal_captures(played: Card, table: Sequence[Card]) -> list[tuple[Card, ...]]:
    """Every set of table cards ``played`` may take: one card of equal value or several summing to it,
    of the kinds its own kind may take; sets are in pack order."""
    return captures_by_card((played,), table)[0][1]


def can_capture(played: Card, table: Iterable[Card]) -> bool:
    """Whether ``played`` has at least one set to take from ``table`` (a bitset of reachable sums)."""
    target, level = VALUE[played], LEVEL[played]
    sums = 1
    for card in table:
        if LEVEL[card] <= level and VALUE[card] <= target:
            sums |= sums << VALUE[card]
    return bool(sums >> target & 1)


def capture_refusal(played: Card, taken: Sequence[Card], table: Sequence[Card]) -> str | None:
    """Why ``played`` may not take ``taken`` from ``table`` (None when it may), in Japanese."""
    missing = [c for c in taken if c not in table]
    if missing:
        return f"{names(missing)}は場にありません。"
    kind = category(played)
    wrong = [c for c in taken if LEVEL[c] > LEVEL[played]]
    if wrong:
        allowed = "数字札だけ" if kind == "numeral" else "タロック以外の札（絵札と数字札）だけ"
        return (f"{NAMING.name(played)}は{CATEGORY_NAMES[kind]}なので、取れるのは{allowed}です。"
                f"{names(wrong)}は{CATEGORY_NAMES[category(wrong[0])]}なので取れません。")
    target, total = VALUE[played], sum(VALUE[c] for c in taken)
    if total == target:
        return None
    sums = " + ".join(str(VALUE[c]) for c in taken) + f" = {total}" if len(taken) > 1 else str(total)
    reason = f"選んだ札の取り点は {sums} で、{NAMING.name(played)}の取り点 {target} と一致しません。"
    if total % target == 0 and len(taken) > 1:
        reason += "1回に取れるのは、合計がちょうど出した札の取り点になる1組だけです。"
    return reason
