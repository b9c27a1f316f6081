"""ナポレタニッシュ's finished deal: the final ``Position`` (who captured what, what was left on the
table, who captured last), the checks that it is one a legal deal can reach, and its ScoreSheet.

Reachable positions only.  What the rules force on a finished deal, each refused with the field
it concerns:
* every card of the 54-card pack exactly once, 2–4 seats (the ``players`` variant);
* each pile is a union of captures: a played card of capture value v and table cards of kinds it may
  take summing to v.  So a pile has no card or at least two, its capture values add up to an even
  number, it splits into such captures (``splits_into_captures``), and into no more of them than the seat
  had turns (12, 16 or 24);
* someone captured exactly when a last capturer is named, and that seat's pile is not empty.  The
  pack's capture values add up to 397, an odd number, so the cards left on the table are never
  empty; with compulsory captures a deal in which nobody captured cannot happen (the last card
  played always meets a card of equal value among the other 53);
* the seats after the last capturer in the final round could not capture, so their cards lie among
  the remainder, and under compulsory captures each of them found nothing to take on the table of
  its turn.
These are the conditions a position can be checked for without replaying a deal; every final position
of a deal played with the engine passes them (the random-deal tests check it), and the scoring examples
were taken from played deals.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from itertools import accumulate
from typing import Any, ClassVar

from ... import plaindata as plain
from ... import share
from ...cards import Card
from ...counts import read_count
from ...game import Variants, normalise_variants, read_variants, variant_bytes
from ...plaindata import TutorialError
from ...scoresheet import ScoreSheet
from .rules import (
    LEVEL,
    NAMING,
    PACK,
    PACK_THIRDS,
    THIRDS,
    VALUE,
    VARIANTS,
    can_capture,
    display_order,
    rule,
    seat_name,
    thirds_text,
    turns,
)

_SEATS = 4  # the most seats any deal has; per-seat tables name no seat beyond

# --- splitting a pile into captures --------------------------------------------------------
# Steps before the split search gives up.  Every pile of a played deal is split in a few thousand
# steps at most (a fraction of a second; the played-deal property test and the soak bench check it),
# so only a crafted pile can come near the limit.
_SEARCH_LIMIT = 400_000
_FIRST_ROUND = 500  # steps of the first round of each search order; doubled every round

# A card matters to a split only by its capture value and kind: the kinds of card the pack holds, highest
# value first (and, for equal values, highest kind first), and a pile as how many of each it holds.
_TYPES: tuple[tuple[int, int], ...] = tuple(sorted({(VALUE[c], LEVEL[c]) for c in VALUE}, reverse=True))
_TYPE_OF: dict[Card, int] = {c: _TYPES.index((VALUE[c], LEVEL[c])) for c in VALUE}


class SplitTooLong(Exception):
    """The search for a pile's split gave up (no pile of a played deal comes near the limit)."""


class _RoundOver(Exception):
    """One round of the split search used its steps; the next round starts with the other order."""


def splits_into_captures(pile: Sequence[Card], most: int) -> bool:
    """Whether ``pile`` splits into at most ``most`` captures (a played card of value v and cards of
    kinds it may take worth v).

    The pile's highest card can always be taken as a played card: were it taken, the card that took it
    would be worth as much, of as high a kind, and the two could swap.  So the search takes the highest
    card left as a capture's played card and tries each set of cards left that it may take, highest
    cards first or lowest first (``_split_search``).  Two orders because piles differ: placing the high
    cards early finds most splits at once, taking many low cards leaves few captures when ``most`` is
    tight.  The orders take turns in rounds of doubling length, sharing what failed, until one answers.
    Raises SplitTooLong past ``_SEARCH_LIMIT`` steps in all."""
    counts = [0] * len(_TYPES)
    for card in pile:
        counts[_TYPE_OF[card]] += 1
    total = sum(VALUE[c] for c in pile)
    if total % 2 or not _enough_played(pile, most):
        return False
    failed: dict[tuple[int, ...], int] = {}
    steps, spent = min(_FIRST_ROUND, _SEARCH_LIMIT), 0
    while spent < _SEARCH_LIMIT:
        for high_first in (True, False):
            try:
                return _split_search(counts, total, most, high_first, failed, steps)
            except _RoundOver:
                spent += steps
        steps *= 2
    raise SplitTooLong


def _enough_played(pile: Sequence[Card], most: int) -> bool:
    """Whether ``most`` played cards can be worth half the pile, as every split needs (each capture
    takes as much as its played card is worth).  Played numeral cards take only numeral cards, so they
    are worth at most half of those; played numeral and court cards at most half of theirs.  The best
    choice of how many played cards of each kind, highest first, must still reach half the pile."""
    by_level: list[list[int]] = [[], [], []]
    for card in pile:
        by_level[LEVEL[card]].append(VALUE[card])
    tops = [list(accumulate(sorted(values, reverse=True), initial=0)) for values in by_level]
    numeral, court, tarock = (top[-1] for top in tops)
    best = 0
    for tarocks in range(min(most, len(tops[2]) - 1) + 1):
        for courts in range(min(most - tarocks, len(tops[1]) - 1) + 1):
            numerals = min(most - tarocks - courts, len(tops[0]) - 1)
            lower = min(min(tops[0][numerals], numeral // 2) + tops[1][courts], (numeral + court) // 2)
            best = max(best, lower + tops[2][tarocks])
    return 2 * best >= numeral + court + tarock


def _split_search(counts: list[int], total: int, most: int, high_first: bool,
                  failed: dict[tuple[int, ...], int], limit: int) -> bool:
    """One round of the split search over ``counts`` (left as it was found), worth ``total``, in at most
    ``most`` captures.  ``failed`` keeps each count vector found not to split into as many captures.
    Pruned when the captures left cannot reach half the value left even with the highest cards
    played, also while a capture's taken cards are chosen; that bound is only computed when it can
    fail (more than twice as many cards left as captures, the highest of them averaging at least the
    average).  Raises _RoundOver after ``limit`` steps."""
    values = [value for value, _ in _TYPES]
    kinds = len(_TYPES)
    steps = 0

    def highest(budget: int) -> tuple[int, int]:
        """The value of the ``budget`` highest cards left, and the value of the lowest of them (0 if
        fewer cards are left): taking a lower card leaves the first unchanged."""
        got = 0
        for i, n in enumerate(counts):
            if n >= budget:
                return got + budget * values[i], values[i] if budget else 0
            got += n * values[i]
            budget -= n
        return got, 0

    def fits(left: int, budget: int, held: int) -> bool:
        nonlocal steps
        if left == 0:
            return True
        key = tuple(counts)
        if (held > 2 * budget and 2 * highest(budget)[0] < left) or failed.get(key, -1) >= budget:
            return False
        steps += 1
        if steps > limit:
            raise _RoundOver
        lead = next(i for i, n in enumerate(counts) if n)
        value, level = _TYPES[lead]
        counts[lead] -= 1
        after = left - 2 * value  # the value left once this capture is complete
        cut = highest(budget - 1)[1]

        def take(start: int, owed: int, held: int) -> bool:
            """Choose the cards the played card takes, ``owed`` still to take from ``held`` cards; a card
            as high as the lowest of the highest cards may leave too little for the captures after."""
            if owed == 0:
                return fits(after, budget - 1, held)
            for i in range(start, kinds) if high_first else range(start, lead - 1, -1):
                if counts[i] and values[i] <= owed and _TYPES[i][1] <= level:
                    counts[i] -= 1
                    try:
                        if (values[i] < cut or held <= 2 * budget - 1 or 2 * highest(budget - 1)[0] >= after) \
                                and take(i, owed - values[i], held - 1):
                            return True
                    finally:
                        counts[i] += 1
            return False

        try:
            found = take(lead if high_first else kinds - 1, value, held - 1)
        finally:
            counts[lead] += 1
        if not found:
            failed[key] = budget
        return found

    return fits(total, most, sum(counts))


def _trailed_last(remainder: Sequence[Card], count: int) -> bool:
    """Whether ``count`` cards of ``remainder`` can have been trailed last, one after another, each
    finding nothing to take on the table of its turn (the remainder without it and the later ones)."""
    if count == 0:
        return True
    for i, card in enumerate(remainder):
        table = [*remainder[:i], *remainder[i + 1:]]
        if not can_capture(card, table) and _trailed_last(table, count - 1):
            return True
    return False


# --- the final position --------------------------------------------------------------------
@dataclass(frozen=True)
class Position:
    """A finished deal: each seat's captured cards, the cards left on the table at the end and
    the last seat that captured (None if nobody did); ``variants['players']`` is the pile count.
    Only positions a legal deal can reach are accepted (see the module's docstring); a refusal is a
    ``plaindata.TutorialError`` whose path names the field (``piles``/seat, ``remainder``,
    ``last_capturer``)."""

    TAG: ClassVar[str] = "naP"

    piles: tuple[tuple[Card, ...], ...]
    remainder: tuple[Card, ...]
    last_capturer: int | None
    variants: Variants = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not 2 <= len(self.piles) <= _SEATS:
            raise TutorialError(("piles",), f"ナポレタニッシュは2〜4人で遊びます（取った札が{len(self.piles)}人分"
                                            "あります）。")
        variants = {**self.variants, "players": len(self.piles)}
        object.__setattr__(self, "variants", normalise_variants(VARIANTS, variants))
        self._check_cards()
        object.__setattr__(self, "piles", tuple(tuple(display_order(p)) for p in self.piles))
        object.__setattr__(self, "remainder", tuple(display_order(self.remainder)))
        self._check_last_capturer()
        for seat, pile in enumerate(self.piles):
            self._check_pile(seat, pile)
        self._check_remainder()

    def _check_cards(self) -> None:
        seen: dict[Card, tuple[str | int, ...]] = {}
        places = [(("piles", seat), pile) for seat, pile in enumerate(self.piles)] + [(("remainder",), self.remainder)]
        for path, cards in places:
            for card in cards:
                if card not in VALUE:
                    raise TutorialError(path, f"{card} はナポレタニッシュの54枚のパックにありません。")
                if card in seen:
                    where = "同じ場所" if seen[card] == path else self._place(seen[card])
                    raise TutorialError(path, f"{card} が二度あります（{where}にもあります）。")
                seen[card] = path
        if len(seen) != len(VALUE):
            missing = [c for c in display_order(VALUE) if c not in seen]
            listed = "、".join(map(str, missing[:5])) + ("ほか" if len(missing) > 5 else "")
            raise TutorialError(("piles",), f"54枚のうち{len(missing)}枚（{listed}）がどこにもありません。"
                                                  "取った札と最後に場に残った札で、パックの54枚がちょうど1枚ずつそろいます。")

    def _place(self, path: tuple[str | int, ...]) -> str:
        if path[0] == "remainder":
            return "最後に場に残った札"
        seat = int(path[1])
        return f"{seat_name(seat, len(self.piles))}の取った札"

    def _check_last_capturer(self) -> None:
        last, players = self.last_capturer, len(self.piles)
        if last is None:
            if any(self.piles):
                raise TutorialError(("last_capturer",), "誰かが札を取っているなら、最後に取った席を書いてください。")
            if not self.variants["capture_optional"]:
                raise TutorialError(("last_capturer",), (
                    "誰も札を取らずに終わるディールは、取れる札を必ず取るルールではありえません。最後に出す札は、"
                    "場にあるほかの53枚のどれかと（同じ取り点の札か、合計がその取り点になる組で）必ず取れるからです。"))
            return
        if not 0 <= last < players:
            raise TutorialError(("last_capturer",), f"最後に取った席は0〜{players - 1}で書きます（{last}は"
                                                    "席ではありません）。")
        if not self.piles[last]:
            raise TutorialError(("last_capturer",), "最後に取った席は、取った札を持っていなければなりません。")

    def _check_pile(self, seat: int, pile: Sequence[Card]) -> None:
        if not pile:
            return
        players = len(self.piles)
        who = f"{seat_name(seat, players)}の取った札"
        if len(pile) == 1:
            raise TutorialError(("piles", seat), f"{who}が1枚だけです。1回取るごとに、出した札と場の札が"
                                                       "少なくとも1枚ずつ入るので、取った札は0枚か2枚以上になります。")
        total = sum(VALUE[c] for c in pile)
        if total % 2:
            raise TutorialError(("piles", seat), (
                f"{who}は取り点の合計が{total}で、奇数です。1回に取るのは出した札（取り点v）と合計vの場札なので、"
                "取った札の取り点の合計はいつも偶数になります。最後に場に残った札は remainder に書きます。"))
        try:
            in_turns = splits_into_captures(pile, turns(players))
            splits = in_turns or splits_into_captures(pile, len(pile))
        except SplitTooLong:
            raise TutorialError(("piles", seat), f"{who}は組み合わせが多すぎて、取り方を確かめきれません。") \
                from None
        if not splits:
            raise TutorialError(("piles", seat), (
                f"{who}は、1回ごとの取り（出した札1枚と、取り点の合計がその札と同じで、その札が取れる種類の場札）に"
                "分けられません。"))
        if not in_turns:
            raise TutorialError(("piles", seat), (
                f"{who}は、{players}人で遊ぶときの1人の手番{turns(players)}回より多く取らなければ"
                "集められない組み合わせです。"))

    def _check_remainder(self) -> None:
        last, players = self.last_capturer, len(self.piles)
        if last is None:
            return
        after = players - 1 - last  # seats that played after the last capture in the final round
        if len(self.remainder) < after:
            raise TutorialError(("remainder",), (
                f"最後の一巡で{seat_name(last, players)}より後の{after}人は何も取らずに札を場に置いたので、"
                f"最後に場に残った札は少なくとも{after}枚あるはずです。"))
        if not self.variants["capture_optional"] and not _trailed_last(self.remainder, after):
            raise TutorialError(("remainder",), (
                f"最後の一巡で{seat_name(last, players)}より後の{after}人は何も取れずに札を場に置いたはずですが、"
                "最後に場に残った札のどれを最後に置いたとしても、その札は場のほかの札を取れてしまいます"
                "（取れる札は必ず取るルール）。"))

    @classmethod
    def played(cls, piles: Sequence[Sequence[Card]], remainder: Sequence[Card], last_capturer: int | None,
               variants: Variants) -> Position:
        """The final position of a deal the engine itself played to the end: reachable by construction,
        so the checks are skipped (the random-deal tests check that every such position passes them)."""
        position = object.__new__(cls)
        for name, value in (("piles", tuple(tuple(display_order(p)) for p in piles)),
                            ("remainder", tuple(display_order(remainder))), ("last_capturer", last_capturer),
                            ("variants", dict(variants))):
            object.__setattr__(position, name, value)
        return position

    @property
    def remainder_owner(self) -> int | None:
        if self.last_capturer is not None:
            return self.last_capturer
        return len(self.piles) - 1 if self.variants["unclaimed_remainder"] == "dealer" else None

    # --- share codes and plain data ----------------------------------------------------
    def share_code(self) -> str:
        data = variant_bytes(VARIANTS, self.variants)
        owner = {card: seat for seat, pile in enumerate(self.piles) for card in pile}
        data += bytes(owner.get(card, 254) for card in PACK.cards())
        data += bytes([255 if self.last_capturer is None else self.last_capturer])
        return share.encode(self.TAG, data)

    @classmethod
    def from_share_code(cls, code: str) -> Position:
        reader = share.Reader(share.decode(code, cls.TAG))
        variants = read_variants(reader, VARIANTS)
        players = int(variants["players"])
        piles: list[list[Card]] = [[] for _ in range(players)]
        remainder: list[Card] = []
        for card in PACK.cards():
            owner = reader.byte()
            if owner != 254 and owner >= players:
                raise share.ShareError("共有リンクの取り札の持ち主が読めません。")
            (remainder if owner == 254 else piles[owner]).append(card)
        last = reader.byte()
        reader.done()
        if last != 255 and last >= players:
            raise share.ShareError("共有リンクの「最後に取った席」が読めません。")
        try:
            return cls(tuple(map(tuple, piles)), tuple(remainder), None if last == 255 else last, variants)
        except ValueError as error:
            raise share.ShareError(f"共有リンクの局面がルールに合いません: {error}") from None

    @classmethod
    def from_data(cls, data: Mapping[str, Any], variants: Variants) -> Position | PointsPosition:
        """``piles`` per seat (one seat may say ``rest``: every card not written elsewhere),
        ``remainder`` (the table at the end) and ``last_capturer``; the number of seats is the
        ``players`` variant.  With ``points`` instead, the score pad's shortcut (``PointsPosition``)."""
        if "points" in data:
            return PointsPosition.from_data(data, variants)
        players = int(variants["players"])
        piles_data = plain.field(data, "piles", (), dict)
        plain.seat_table(piles_data, ("piles",), players)
        listed: list[list[Card] | None] = []
        for seat in range(players):
            if seat in piles_data and str(seat) in piles_data:
                raise TutorialError(("piles", seat), f"席{seat}の取った札が二度書かれています。")
            value = plain.by_seat(piles_data, seat)
            listed.append(None if value == "rest" else
                          plain.pack_cards(value if value is not None else [], ("piles", seat), PACK))
        if sum(pile is None for pile in listed) > 1:
            raise TutorialError(("piles",), "rest（残り全部）を使えるのは1人分だけです。")
        remainder = plain.pack_cards(plain.field(data, "remainder", (), (str, list), required=False, default=[]),
                                     ("remainder",), PACK)
        last = plain.seat(data, "last_capturer", (), players, required=False)
        used = {c for pile in listed if pile for c in pile} | set(remainder)
        rest = [c for c in PACK.cards() if c not in used]
        piles = tuple(tuple(rest if pile is None else pile) for pile in listed)
        return cls(piles, tuple(remainder), last, variants)

    def groups(self) -> list[tuple[str, Sequence[Card]]]:
        players = len(self.piles)
        shown: list[tuple[str, Sequence[Card]]] = [
            (f"{seat_name(s, players)}が取った札", p) for s, p in enumerate(self.piles)]
        return [*shown, ("最後に場に残った札", self.remainder)]

    def with_variants(self, variants: Variants) -> Position:
        return Position(self.piles, self.remainder, self.last_capturer, {**self.variants, **variants})

    def score(self) -> ScoreSheet:
        return score_position(self)


# --- the score sheet -----------------------------------------------------------------------
def score_position(pos: Position) -> ScoreSheet:
    """Remainder to its owner, then per seat: the cards' value in thirds and the fraction dropped."""
    players = len(pos.piles)
    sheet = ScoreSheet("ナポレタニッシュの得点計算")
    owner = pos.remainder_owner
    piles = [list(p) for p in pos.piles]
    listed = "、".join(NAMING.name(c) for c in pos.remainder)
    if owner is not None:
        piles[owner] += pos.remainder
        why = (f"最後に札を取った{seat_name(owner, players)}" if pos.last_capturer is not None
               else f"誰も札を取らなかったので、ヴァリアントによりディーラーの{seat_name(owner, players)}")
        sheet.add("", "場の残り", rule("remainder"), f"最後に場に残った札（{listed}）は{why}のものになります。")
    else:
        sheet.add("", "場の残り", rule("remainder"),
                  f"誰も札を取らなかったので、場の札（{listed}）は誰のものにもなりません。")
    total = 0
    for seat, pile in enumerate(piles):
        points = _score_seat(sheet, seat_name(seat, players), pile)
        sheet.totals[seat_name(seat, players)] = points
        total += points
    sheet.add("", "全員の得点の和", rule("scoring"),
              f"{total}点（パック全体は70点。切り捨てた端数の分だけ70点より少なくなることがあります）")
    return sheet


GROUPS: tuple[tuple[str, int], ...] = (("スキュース・モンド・パガットとキング", 13), ("クイーン", 10),
                                       ("カバロ", 7), ("ジャック", 4), ("その他の札", 1))


def _score_seat(sheet: ScoreSheet, name: str, pile: Sequence[Card]) -> int:
    counts = dict.fromkeys((value for _, value in GROUPS), 0)
    for card in pile:
        counts[THIRDS[card]] += 1
    listing = "、".join(f"{label} {counts[v]}枚×{thirds_text(v)}" for label, v in GROUPS if counts[v]) or "取った札なし"
    value = sum(v * n for v, n in counts.items())
    return _seat_lines(sheet, name, value, f"{len(pile)}枚: {listing} = {thirds_text(value) or '0'}点")


def _seat_lines(sheet: ScoreSheet, name: str, value: int, counted: str) -> int:
    """A seat's count in thirds (``counted`` says how it was found) and the fraction dropped."""
    exact = Fraction(value, 3)
    sheet.add(name, "取った札の点", rule("scoring"), counted, exact)
    points = value // 3
    sheet.add(name, "1点未満を切り捨て", rule("scoring"),
              f"{thirds_text(value) or '0'}点 → {points}点", Fraction(points) - exact)
    return points


# --- the score pad's shortcut: each seat's count instead of its cards -------------------------
_CLASSES = (13, 10, 7, 4)  # the thirds of the pack's court cards and tarocks; the other cards are worth ⅓
_CLASS_COUNTS = tuple(sum(1 for v in THIRDS.values() if v == value) for value in _CLASSES)
_ONES = sum(1 for v in THIRDS.values() if v == 1)


def _index(a: int, b: int, c: int, d: int) -> int:
    """A bit for how many cards of each class of _CLASSES a seat holds (4 bits a class: with the
    counts kept within the pack's after each seat, a sum of two never carries into the next class)."""
    return a << 12 | b << 8 | c << 4 | d


_WITHIN = sum(1 << _index(a, b, c, d) for a in range(_CLASS_COUNTS[0] + 1) for b in range(_CLASS_COUNTS[1] + 1)
              for c in range(_CLASS_COUNTS[2] + 1) for d in range(_CLASS_COUNTS[3] + 1))


@cache
def _shares(value: int) -> tuple[int, ...]:
    """The ways one seat's cards can be worth ``value`` thirds, as _index bits: how many of each class
    (the ⅓ cards make up the rest), never exactly one card (a capture takes at least two)."""
    found = []
    for a in range(_CLASS_COUNTS[0] + 1):
        for b in range(_CLASS_COUNTS[1] + 1):
            for c in range(_CLASS_COUNTS[2] + 1):
                for d in range(_CLASS_COUNTS[3] + 1):
                    ones = value - 13 * a - 10 * b - 7 * c - 4 * d
                    if 0 <= ones <= _ONES and a + b + c + d + ones != 1:
                        found.append(_index(a, b, c, d))
    return tuple(found)


def shared_out(values: Sequence[int]) -> bool:
    """Whether the pack's 54 cards can be shared among the seats so that each holds ``values[s]``
    thirds (the values add up to the pack's 210): the class counts the seats can hold together, as
    a bitset, one seat at a time, must reach the whole pack's."""
    held = 1
    for value in values:
        held = sum_of(held, _shares(value)) & _WITHIN
    return bool(held >> _index(*_CLASS_COUNTS) & 1)


def sum_of(held: int, more: Sequence[int]) -> int:
    together = 0
    for shift in more:
        together |= held << shift
    return together


@dataclass(frozen=True)
class PointsPosition:
    """A finished deal entered by each seat's count (the score pad's shortcut): the thirds of the
    cards each seat ended with, the remainder counted with the seat it went to.

    Refused unless the pack's cards can be shared out to give every count: together they are the whole
    pack's 70 points (or all 0 when nobody captured and the remainder is nobody's), and seven cards
    worth 13/3, four each worth 10/3, 7/3 and 4/3 and 35 worth 1/3 make each seat's count, with no seat
    holding exactly one card."""

    TAG: ClassVar[str] = "naQ"

    thirds: tuple[int, ...]
    variants: Variants = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "variants", normalise_variants(VARIANTS, self.variants))
        players = int(self.variants["players"])
        if len(self.thirds) != players:
            raise TutorialError(("points",), f"点数は{players}人分（席0〜{players - 1}）書きます。")
        total = sum(self.thirds)
        nobody = total == 0 and self.variants["capture_optional"] and self.variants["unclaimed_remainder"] == "nobody"
        if total != PACK_THIRDS and not nobody:
            raise TutorialError(("points",), (
                f"全員の点数を足すと{thirds_text(total) or '0'}点です。最後に場に残った札を"
                f"最後に取った人の分に入れると、パックの54枚はちょうど{PACK_THIRDS // 3}点になります。"))
        if not nobody and not shared_out(self.thirds):
            raise TutorialError(("points",), (
                "この点数の組み合わせになる札の分け方はありません（13/3点の札7枚、10/3点・7/3点・4/3点の札4枚ずつ、"
                "1/3点の札35枚で、各席の点数をちょうど作れません）。"))

    def share_code(self) -> str:
        data = variant_bytes(VARIANTS, self.variants) + bytes(self.thirds)
        return share.encode(self.TAG, data)

    @classmethod
    def from_share_code(cls, code: str) -> PointsPosition:
        reader = share.Reader(share.decode(code, cls.TAG))
        variants = read_variants(reader, VARIANTS)
        try:
            return cls(tuple(reader.rest()), variants)
        except ValueError as error:
            raise share.ShareError(f"共有リンクの局面がルールに合いません: {error}") from None

    @classmethod
    def from_data(cls, data: Mapping[str, Any], variants: Variants) -> PointsPosition:
        """``points``: every seat's count in thirds ("23 2/3", "23⅔", "71/3" or a whole number)."""
        for key in ("piles", "remainder", "last_capturer"):
            if key in data:
                raise TutorialError((key,), f"点数（points）で書くときは「{key}」は書きません"
                                            "（札で書くなら points を外します）。")
        players = int(variants["players"])
        table = plain.field(data, "points", (), dict)
        plain.seat_table(table, ("points",), players)
        thirds = []
        for seat in range(players):
            value = plain.by_seat(table, seat)
            if value is None:
                raise TutorialError(("points", str(seat)), f"{seat_name(seat, players)}の点数がありません。")
            count = read_count(value, ("points", str(seat)), 3, PACK_THIRDS // 3, f"{seat_name(seat, players)}の点数")
            thirds.append(int(count * 3))
        return cls(tuple(thirds), variants)

    def groups(self) -> list[tuple[str, Sequence[Card]]]:
        return []

    def with_variants(self, variants: Variants) -> PointsPosition:
        if int(variants.get("players", len(self.thirds))) != len(self.thirds):
            raise ValueError(f"この局面は{len(self.thirds)}人で遊んだディールなので、人数は切り替えられません。")
        return PointsPosition(self.thirds, {**self.variants, **variants})

    def score(self) -> ScoreSheet:
        players = len(self.thirds)
        sheet = ScoreSheet("ナポレタニッシュの得点計算")
        sheet.add("", "場の残り", rule("remainder"),
                  "最後に場に残った札は、最後に札を取った人の点数に入れて書かれています。")
        total = 0
        for seat, value in enumerate(self.thirds):
            name = seat_name(seat, players)
            points = _seat_lines(sheet, name, value, f"書かれた点数 {thirds_text(value) or '0'}点")
            sheet.totals[name] = points
            total += points
        sheet.add("", "全員の得点の和", rule("scoring"),
                  f"{total}点（パック全体は70点。切り捨てた端数の分だけ70点より少なくなることがあります）")
        return sheet
