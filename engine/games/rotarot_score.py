"""ロタロット: card values, trick orders and the scoring of a finished deal.

Follows shared/rules/rotarot.md.  Seats run 0..n-1 counter-clockwise from the dealer's
right; the dealer is the last seat.  A finished deal is a ``Position``: who holds which
trick cards, the declarer's discards, the widow, the last trick and a Mond capture, which
is everything the payments depend on.  Card points are exact halves (``Fraction``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, ClassVar

from .. import plaindata as plain
from .. import share
from ..cards import FOOL, KING, NAMINGS, SUITS, TRUMP, Card, Pack
from ..game import VariantOption, Variants, read_variants, variant_bytes
from ..scoresheet import Number, RuleRef, ScoreSheet
from ..tricks import Play, TrickPolicy, trick_winner

GAME = "rotarot"
NAMING = NAMINGS[GAME]
SKUS, MOND, PAGAT = Card(FOOL, 0), Card(TRUMP, 21), Card(TRUMP, 1)
HONOURS = (PAGAT, MOND, SKUS)  # the order in which a declarer must take them from the widow
HALF = Fraction(1, 2)
WIDOW = 6
# Bids as the number of widow cards taken (0 = Solo) and their exchange bonus.
BONUS: dict[int, int] = {6: 1, 5: 5, 4: 10, 3: 20, 2: 30, 1: 40, 0: 50}
BID_WORDS: dict[int, str] = {k: f"bid{k}" for k in range(1, 7)} | {0: "solo"}
ULTIMO, ULTIMO_LOST, COLLAPSE, VALAT = 10, 20, 30, 10


def rule(anchor: str) -> RuleRef:
    return RuleRef(GAME, anchor)


VARIANTS = (
    VariantOption("players", "人数", ((4, "4人（基本）"), (3, "3人（24枚ずつ）")), 4, rule("three-players")),
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


def card_value(card: Card, ramsch: bool = False) -> Fraction:
    """5 for Sküs, Pagat, Mond (0 in Ramsch) and Kings; Q 4, N 3, J 2; other trumps 1; pips ½."""
    if card == MOND:
        return Fraction(0 if ramsch else 5)
    if card in (SKUS, PAGAT):
        return Fraction(5)
    if card.is_trump:
        return Fraction(1)
    return Fraction({14: 5, 13: 4, 12: 3, 11: 2}.get(card.rank, 0)) or HALF


def never_discarded(card: Card, ramsch: bool, mond_allowed: bool) -> bool:
    """Cards worth 5 points stay in the hand (in Ramsch Mond is worth 0: a switch decides)."""
    if card == MOND:
        return not (ramsch and mond_allowed)
    return card in (SKUS, PAGAT) or (card.suit in SUITS and card.rank == KING)


def strength(card: Card, ramsch: bool) -> int:
    """Order inside a suit: Sküs on top (bottom in Ramsch); red pips run 1 high to 10 low."""
    if card.is_fool:
        return 0 if ramsch else 22
    if card.suit in ("H", "D") and card.rank <= 10:
        return 11 - card.rank
    return card.rank


def _policy(ramsch: bool, overtrump: bool) -> TrickPolicy:
    # Tables rather than calls: trick play is the engine's hot path (random deals, share-code replays).
    suits = {c: TRUMP if c.is_fool else c.suit for c in Pack.TAROT78.cards()}
    strengths = {c: strength(c, ramsch) for c in Pack.TAROT78.cards()}
    return TrickPolicy(suit_of=suits.__getitem__, strength=strengths.__getitem__, must_overtrump=overtrump)


POLICIES = {(r, o): _policy(r, o) for r in (False, True) for o in (False, True)}


def policy(ramsch: bool, variants: Variants) -> TrickPolicy:
    return POLICIES[ramsch, bool(variants["overtrump"])]


def display_order(cards: Iterable[Card]) -> list[Card]:
    """Sküs, trumps 21 down to 1, then each suit from its strongest card down."""
    def key(card: Card) -> tuple[int, int]:
        group = 0 if card.suit in (TRUMP, FOOL) else 1 + SUITS.index(card.suit)
        return group, -strength(card, False)
    return sorted(cards, key=key)


def names(cards: Iterable[Card]) -> str:
    return "、".join(NAMING.name(c) for c in cards) or "なし"


def bid_name(k: int) -> str:
    return "ソロ" if k == 0 else f"{k}枚"


@dataclass(frozen=True)
class Position:
    """A finished deal.  ``contract`` is the bid (6..1, 0 = Solo) or None for Ramsch; ``piles``
    are the trick cards each seat won; ``discard`` the declarer's lay-away; ``widow`` the widow
    cards nobody took (normal) or the final widow (Ramsch); ``last_trick`` the plays of the
    last trick in order; ``collapse`` (Sküs player, Mond player) when Sküs caught Mond."""

    TAG: ClassVar[str] = "roP"

    contract: int | None
    declarer: int | None
    piles: tuple[tuple[Card, ...], ...]
    discard: tuple[Card, ...]
    widow: tuple[Card, ...]
    last_trick: tuple[Play, ...]
    collapse: tuple[int, int] | None = None
    variants: Variants = field(default_factory=dict)

    def __post_init__(self) -> None:
        from .rotarot import RotarotState

        object.__setattr__(self, "variants", RotarotState.normalise_variants(self.variants))
        object.__setattr__(self, "piles", tuple(tuple(display_order(p)) for p in self.piles))
        object.__setattr__(self, "discard", tuple(display_order(self.discard)))
        object.__setattr__(self, "widow", tuple(display_order(self.widow)))
        self._validate()

    @property
    def players(self) -> int:
        return int(self.variants["players"])

    @property
    def ramsch(self) -> bool:
        return self.contract is None

    def _validate(self) -> None:
        n = self.players
        cards = [c for pile in self.piles for c in pile] + list(self.discard) + list(self.widow)
        if len(self.piles) != n:
            raise ValueError(f"取り札は{n}人分必要です。")
        if len(cards) != 78 or set(cards) != set(Pack.TAROT78.cards()):
            doubled = sorted({str(c) for c in cards if cards.count(c) > 1})
            raise ValueError(f"78枚がちょうど1枚ずつそろっていません（{len(cards)}枚、"
                             f"重複: {' '.join(doubled) or 'なし'}）。")
        if any(len(p) % n for p in self.piles):
            raise ValueError(f"取り札の枚数は{n}の倍数です（1トリック{n}枚）。")
        if self.ramsch:
            self._validate_ramsch()
        else:
            self._validate_contract()
        plays = self.last_trick
        if len(plays) != n or sorted(p.seat for p in plays) != list(range(n)):
            raise ValueError(f"最後のトリックは{n}人が1枚ずつ出した{n}枚です。")
        winner = self.last_winner
        if any(p.card not in self.piles[winner] for p in plays):
            raise ValueError("最後のトリックの札は、それに勝った席の取り札に入っていなければなりません。")
        if self.collapse is not None:
            skus, mond = self.collapse
            if self.ramsch or skus == mond or not (SKUS in self.piles[skus] and MOND in self.piles[skus]):
                raise ValueError("世界の崩壊では、スキュースを出した席がモンドを取っています"
                                 "（ラムシュでは起きません）。")

    def _validate_ramsch(self) -> None:
        if self.declarer is not None or self.discard or len(self.widow) != WIDOW:
            raise ValueError("ラムシュにはデクレアラーも捨て札もなく、ウィドーは6枚です。")

    def _validate_contract(self) -> None:
        k = self.contract
        if k not in BONUS or self.declarer is None or not 0 <= self.declarer < self.players:
            raise ValueError("ビッドは6〜1枚かソロ（0）、デクレアラーは席番号です。")
        if len(self.discard) != k or len(self.widow) != WIDOW - k:
            raise ValueError(f"{bid_name(k)}のビッドでは捨て札が{k}枚、残りのウィドーが{WIDOW - k}枚です。")
        if any(never_discarded(c, False, False) for c in self.discard):
            raise ValueError("5点の札（スキュース・モンド・パガット・キング）は捨て札にできません。")

    @property
    def last_winner(self) -> int:
        return trick_winner(self.last_trick, policy(self.ramsch, self.variants), NAMING).winner

    def owner_of(self, card: Card) -> int:
        """The seat whose pile holds ``card``; n for the discard, n + 1 for the widow."""
        for seat, pile in enumerate(self.piles):
            if card in pile:
                return seat
        return self.players + (0 if card in self.discard else 1)

    def share_code(self) -> str:
        data = variant_bytes(VARIANTS, self.variants)
        data += bytes(self.owner_of(c) for c in Pack.TAROT78.cards())
        data += bytes(255 if x is None else x for x in (self.contract, self.declarer))
        data += bytes(b for p in self.last_trick for b in (p.seat, Pack.TAROT78.index(p.card)))
        data += bytes(self.collapse or ())
        return share.encode(self.TAG, data)

    @classmethod
    def from_share_code(cls, code: str) -> Position:
        reader = share.Reader(share.decode(code, cls.TAG))
        variants = read_variants(reader, VARIANTS)
        n = int(variants["players"])
        groups: list[list[Card]] = [[] for _ in range(n + 2)]
        for card in Pack.TAROT78.cards():
            owner = reader.byte()
            if owner >= n + 2:
                raise share.ShareError("共有リンクの取り札の持ち主が読めません。")
            groups[owner].append(card)
        contract, declarer = reader.byte(), reader.byte()
        cards = Pack.TAROT78.cards()
        last = []
        for _ in range(n):
            seat, index = reader.byte(), reader.byte()
            if index >= len(cards):
                raise share.ShareError("共有リンクの最後のトリックが読めません。")
            last.append(Play(seat, cards[index]))
        rest = reader.rest()
        try:
            return cls(None if contract == 255 else contract, None if declarer == 255 else declarer,
                       tuple(map(tuple, groups[:n])), tuple(groups[n]), tuple(groups[n + 1]), tuple(last),
                       (rest[0], rest[1]) if len(rest) == 2 else None, variants)
        except (ValueError, IndexError) as error:
            raise share.ShareError(f"共有リンクの局面がルールに合いません: {error}") from None

    @classmethod
    def from_data(cls, data: Mapping[str, Any], variants: Variants) -> Position:
        """``contract`` (6..1, ``solo`` or ``ramsch``), ``declarer``, ``piles`` per seat (one may say
        ``rest``), ``discard``, ``widow``, ``last_trick: {leader, cards}``, ``collapse: {skus, mond}``."""
        n = int(variants.get("players", 4))
        contract_data = data.get("contract")
        contract = {"solo": 0, "ramsch": None}.get(str(contract_data), contract_data)
        if contract is not None and (not isinstance(contract, int) or isinstance(contract, bool)):
            raise plain.TutorialError(("contract",), "contract は 6〜1 の数か solo か ramsch です。")
        piles_data = plain.field(data, "piles", (), dict)
        listed = [plain.by_seat(piles_data, s) for s in range(n)]
        discard = plain.cards(plain.field(data, "discard", (), required=False, default=[]), ("discard",))
        widow = plain.cards(plain.field(data, "widow", ()), ("widow",))
        if sum(p == "rest" for p in listed) > 1:
            raise plain.TutorialError(("piles",), "rest（残り全部）を使えるのは1人分だけです。")
        given = [None if p == "rest" else plain.cards(p if p is not None else [], ("piles", s))
                 for s, p in enumerate(listed)]
        used = {c for pile in given if pile for c in pile} | set(discard) | set(widow)
        rest = [c for c in Pack.TAROT78.cards() if c not in used]
        piles = tuple(tuple(rest if p is None else p) for p in given)
        last = plain.field(data, "last_trick", (), dict)
        leader = plain.field(last, "leader", ("last_trick",), int)
        last_cards = plain.cards(plain.field(last, "cards", ("last_trick",), (str, list)), ("last_trick", "cards"))
        step = -1 if contract is None and variants.get("ramsch_direction") == "cw" else 1
        plays = tuple(Play((leader + step * i) % n, c) for i, c in enumerate(last_cards))
        collapse_data = plain.field(data, "collapse", (), dict, required=False)
        collapse = None if collapse_data is None else (plain.field(collapse_data, "skus", ("collapse",), int),
                                                       plain.field(collapse_data, "mond", ("collapse",), int))
        declarer = plain.field(data, "declarer", (), int, required=contract is not None)
        try:
            return cls(contract, declarer, piles, tuple(discard), tuple(widow), plays, collapse, variants)
        except ValueError as error:
            raise plain.TutorialError(("piles",), str(error)) from None

    def groups(self) -> list[tuple[str, Sequence[Card]]]:
        n = self.players
        shown: list[tuple[str, Sequence[Card]]] = [
            (f"{seat_name(s, n)}{'（デクレアラー）' if s == self.declarer else ''}の取り札", p)
            for s, p in enumerate(self.piles)]
        if not self.ramsch:
            shown.append(("デクレアラーの捨て札", self.discard))
        shown.append(("ウィドー" if self.ramsch else "使わなかったウィドー", self.widow))
        shown.append(("最後のトリック（出した順）", [p.card for p in self.last_trick]))
        return shown

    def with_variants(self, variants: Variants) -> Position:
        if int(variants.get("players", self.players)) != self.players:
            raise ValueError(f"この局面は{self.players}人で遊んだディールなので、人数は切り替えられません。")
        return Position(self.contract, self.declarer, self.piles, self.discard, self.widow, self.last_trick,
                        self.collapse, {**self.variants, **variants})

    def score(self) -> ScoreSheet:
        return score_position(self)


def pts(value: Number) -> str:
    """Points as the reader writes them: 55, 55.5, −3.5."""
    value = Fraction(value)
    whole = abs(value.numerator) // value.denominator
    sign = "-" if value < 0 else ""
    return f"{sign}{whole}.5" if value.denominator == 2 else f"{sign}{whole}"


def _counted(cards: Sequence[Card], ramsch: bool) -> str:
    """The point cards by name, then how many 1-point trumps and ½-point pips."""
    big = [c for c in display_order(cards) if card_value(c, ramsch) >= 2 or c == MOND]
    ones = sum(1 for c in cards if card_value(c, ramsch) == 1)
    pips = sum(1 for c in cards if card_value(c, ramsch) == HALF)
    listed = "、".join(f"{NAMING.name(c)} {pts(card_value(c, ramsch))}" for c in big)
    return f"{listed or '点札なし'}、1点の切札{ones}枚、数札{pips}枚×0.5"


class Ledger:
    """Per-seat payment lines, written to the sheet grouped by seat after the overview."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.lines: list[list[tuple[str, str, str, Number]]] = [[] for _ in range(players)]

    def pay(self, payer: int, payee: int, amount: Number, label: str, anchor: str, why: str) -> None:
        n = self.players
        self.lines[payer].append((label, anchor, f"{why}: {seat_name(payee, n)}に{pts(amount)}点払う", -amount))
        self.lines[payee].append((label, anchor, f"{why}: {seat_name(payer, n)}から{pts(amount)}点", amount))

    def add(self, seat: int, label: str, anchor: str, detail: str, amount: Number) -> None:
        self.lines[seat].append((label, anchor, detail, amount))

    def write(self, sheet: ScoreSheet, roles: Mapping[int, str]) -> None:
        for seat, lines in enumerate(self.lines):
            party = seat_name(seat, self.players) + roles.get(seat, "")
            total: Number = 0
            for label, anchor, detail, amount in lines:
                sheet.add(party, label, rule(anchor), detail, amount)
                total += amount
            if not lines:
                sheet.add(party, "支払いなし", rule("scoring"), "このディールでは受け取りも支払いもありません。", 0)
            sheet.totals[seat_name(seat, self.players)] = _plain(total)


def _plain(value: Number) -> Number:
    value = Fraction(value)
    return int(value) if value.denominator == 1 else value


def score_position(pos: Position) -> ScoreSheet:
    sheet = ScoreSheet("ロタロットの得点計算（ラムシュ）" if pos.ramsch else "ロタロットの得点計算")
    ledger = Ledger(pos.players)
    if pos.ramsch:
        _score_ramsch(sheet, ledger, pos)
    else:
        _score_contract(sheet, ledger, pos)
    if not pos.ramsch or pos.variants["ramsch_bonuses"]:
        _bonuses(sheet, ledger, pos)
    roles = {} if pos.declarer is None else {pos.declarer: "・デクレアラー"}
    ledger.write(sheet, roles)
    total = sum(sheet.totals.values())
    sheet.add("", "支払いの合計", rule("scoring"),
              f"全員の得点を足すと{pts(total)}点（受け取りと支払いは釣り合います）")
    return sheet


def _score_contract(sheet: ScoreSheet, ledger: Ledger, pos: Position) -> None:
    n, k, decl = pos.players, pos.contract, pos.declarer
    assert k is not None and decl is not None
    bonus = BONUS[k]
    who = seat_name(decl, n)
    sheet.add("", "ビッド", rule("bidding"), f"{who}が{bid_name(k)}で落札しました。交換ボーナスは{bonus}点です。")
    to_declarer = pos.variants["widow_rest"] == "declarer"
    rest_owner = "デクレアラー" if to_declarer else "相手側"
    detail = (f"ソロなのでウィドーには触れません。ウィドー6枚（{names(pos.widow)}）は{rest_owner}の点です。"
              if k == 0 else
              f"捨て札（{names(pos.discard)}）はデクレアラーの点、取らなかったウィドー（{names(pos.widow)}）は"
              f"{rest_owner}の点です。")
    sheet.add("", "捨て札とウィドー", rule("widow-owner"), detail)
    cards = list(pos.piles[decl]) + list(pos.discard) + (list(pos.widow) if to_declarer else [])
    points = sum((card_value(c) for c in cards), Fraction(0))
    sheet.add("", "デクレアラーの点", rule("card-values"), f"{_counted(cards, False)} → {pts(points)}点")
    won = points > 55
    if won:
        amount = points - 55 + bonus
        sheet.add("", "成功", rule("success"),
                  f"{pts(points)}点は55.5点以上なので成功です。各相手が（{pts(points)} − 55）+ {bonus} = "
                  f"{pts(amount)}点を払います。")
    else:
        amount = 55 - points + bonus
        sheet.add("", "失敗", rule("failure"),
                  f"{pts(points)}点は55点以下なので失敗です。デクレアラーが各相手に（55 − {pts(points)}）+ {bonus} = "
                  f"{pts(amount)}点を払います。")
    for seat in range(n):
        if seat != decl:
            payer, payee = (seat, decl) if won else (decl, seat)
            ledger.pay(payer, payee, amount, "契約の精算", "success" if won else "failure",
                       "成功" if won else "失敗")


def _score_ramsch(sheet: ScoreSheet, ledger: Ledger, pos: Position) -> None:
    n, winner = pos.players, pos.last_winner
    sheet.add("", "ウィドー", rule("ramsch-scoring"),
              f"最後のトリックを取った{seat_name(winner, n)}がウィドー（{names(pos.widow)}）をもらいます。")
    for seat in range(n):
        cards = list(pos.piles[seat]) + (list(pos.widow) if seat == winner else [])
        points = sum((card_value(c, True) for c in cards), Fraction(0))
        base = 35 if n == 3 else 27 if seat == n - 1 else 26
        net = (base - points) * 4
        ledger.add(seat, "ラムシュの精算", "ramsch-scoring",
                   f"{_counted(cards, True)} → {pts(points)}点。（{base} − {pts(points)}）× 4", net)


def _bonuses(sheet: ScoreSheet, ledger: Ledger, pos: Position) -> None:
    n, winner = pos.players, pos.last_winner
    pagat = next((p.seat for p in pos.last_trick if p.card == PAGAT), None)
    if pagat is not None and pagat == winner:
        sheet.add("", "パガットウルティモ", rule("pagat-ultimo"),
                  f"{seat_name(pagat, n)}がパガットで最後のトリックを取りました。ほかの全員から{ULTIMO}点ずつです。")
        for seat in range(n):
            if seat != pagat:
                ledger.pay(seat, pagat, ULTIMO, "パガットウルティモ", "pagat-ultimo", "パガットウルティモ")
    elif pagat is not None:
        sheet.add("", "パガットウルティモ失敗", rule("pagat-ultimo"),
                  f"{seat_name(pagat, n)}が最後のトリックに出したパガットは{seat_name(winner, n)}に取られました。"
                  f"そのトリックの勝者だけに{ULTIMO_LOST}点を払います。")
        ledger.pay(pagat, winner, ULTIMO_LOST, "パガットウルティモ失敗", "pagat-ultimo", "ウルティモ失敗")
    if pos.collapse is not None:
        skus, mond = pos.collapse
        sheet.add("", "世界の崩壊", rule("world-collapse"),
                  f"{seat_name(skus, n)}のスキュースが、同じトリックで{seat_name(mond, n)}のモンドを取りました。")
        ledger.pay(mond, skus, COLLAPSE, "世界の崩壊", "world-collapse", "モンドの捕獲")
    tricks = (78 - WIDOW) // n
    valat = next((s for s, p in enumerate(pos.piles) if len(p) == tricks * n), None)
    if valat is not None:
        sheet.add("", "バラット", rule("valat"), f"{seat_name(valat, n)}が{tricks}トリックをすべて取りました。")
        for seat in range(n):
            if seat != valat:
                ledger.pay(seat, valat, VALAT, "バラット", "valat", "全トリック")
