"""ロタロット final position: who holds which trick cards, the discard and widow, the last trick and a
Mond capture, refused unless a legal deal can end that way, and its ScoreSheet.

Follows shared/rules/rotarot.md §5 (payments) and the reachability a finished deal shows:
whole tricks per seat, the discard and widow a bid leaves (§2.2: k cards laid away, none worth
5 points, the honours Pagat > Mond > Sküs never left in the widow while the bid still had to
take them), a last trick of one card per seat in the order of play whose leader won the trick
before it, and bonuses only where those cards allow them (a world collapse needs the Sküs
player's pile to hold Sküs and Mond, and agrees with the last trick when either lies there).
In the last trick every seat holds one card, so no follow or trump duty can be broken there.
Seats run 0..n-1 counter-clockwise from the dealer's right; the dealer is the last seat.
Card points are exact halves (``Fraction``).  Each refusal is a ``TutorialError`` whose path
names the field of the position file, so the CLI, the examples and share codes all say where.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, ClassVar

from ... import plaindata as plain
from ... import share
from ...cards import Card
from ...game import Variants, normalise_variants, read_variants, variant_bytes
from ...plaindata import Path, TutorialError
from ...scoresheet import Number, ScoreSheet
from ...tricks import Play
from .rules import (
    BONUS,
    CARDS,
    COLLAPSE,
    DEALT,
    HALVES,
    HONOURS,
    MOND,
    NAMING,
    PACK,
    PAGAT,
    SKUS,
    STRENGTH,
    SUIT,
    ULTIMO,
    ULTIMO_LOST,
    VALAT,
    VARIANTS,
    WIDOW,
    bid_name,
    display_order,
    names,
    never_discarded,
    rule,
    seat_name,
    step,
)
from .rules import points as card_points

TRUMP = SUIT[PAGAT]
PACK_SET = frozenset(CARDS)


def _refuse(path: Path, message: str) -> TutorialError:
    return TutorialError(path, message)


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
        object.__setattr__(self, "variants", normalise_variants(VARIANTS, self.variants))
        object.__setattr__(self, "piles", tuple(tuple(display_order(p)) for p in self.piles))
        object.__setattr__(self, "discard", tuple(display_order(self.discard)))
        object.__setattr__(self, "widow", tuple(display_order(self.widow)))
        object.__setattr__(self, "last_trick", tuple(Play(*p) for p in self.last_trick))
        self._validate()

    @property
    def players(self) -> int:
        return int(self.variants["players"])

    @property
    def ramsch(self) -> bool:
        return self.contract is None

    # --- reachability --------------------------------------------------------------------
    def _validate(self) -> None:
        n = self.players
        self._validate_bid()
        if len(self.piles) != n:
            raise _refuse(("piles",), f"取り札は{n}人分（席0〜{n - 1}）です。")
        self._validate_cards()
        if self.ramsch:
            self._validate_ramsch()
        else:
            self._validate_exchange()
        for seat, pile in enumerate(self.piles):
            if len(pile) % n:
                raise _refuse(("piles", seat), f"{seat_name(seat, n)}の取り札が{len(pile)}枚です。取り札は"
                                               f"トリック単位（{n}枚ずつ）なので{n}の倍数になります。")
        self._validate_last_trick()
        self._validate_collapse()

    def _validate_bid(self) -> None:
        k, n = self.contract, self.players
        if k is not None and (type(k) is not int or k not in BONUS):
            raise _refuse(("contract",), "contract は 6〜1 の数か solo（0）か ramsch です。")
        if k is None and self.declarer is not None:
            raise _refuse(("declarer",), "ラムシュにはデクレアラーがいません（declarer は書きません）。")
        if k is not None and (type(self.declarer) is not int or not 0 <= self.declarer < n):
            raise _refuse(("declarer",), f"デクレアラーは席0〜{n - 1}のどれかです。")

    def _validate_cards(self) -> None:
        """Every card of the 78-card pack exactly once over the piles, the discard and the widow."""
        every = [c for pile in self.piles for c in pile] + [*self.discard, *self.widow]
        if len(every) == len(CARDS) and len(set(every)) == len(CARDS) and all(isinstance(c, Card) for c in every):
            return  # every Card is a card of the 78-card pack; below, only to say what is wrong
        where: dict[Card, Path] = {}
        fields: list[tuple[Path, Sequence[Card]]] = [(("piles", s), p) for s, p in enumerate(self.piles)]
        for path, cards in [*fields, (("discard",), self.discard), (("widow",), self.widow)]:
            for card in cards:
                if not isinstance(card, Card) or card not in PACK_SET:
                    raise _refuse(path, f"{card} はロタロットのパック（78枚）にありません。")
                if card in where:
                    raise _refuse(path, f"{card} が二度あります（{_where(where[card])}にもあります）。")
                where[card] = path
        if len(where) != len(CARDS):
            missing = [str(c) for c in CARDS if c not in where]
            raise _refuse(("piles",), f"78枚のうち{len(missing)}枚がどこにもありません（{' '.join(missing[:8])}"
                                      f"{' …' if len(missing) > 8 else ''}）。")

    def _validate_ramsch(self) -> None:
        if self.discard:
            raise _refuse(("discard",), "ラムシュでは交換した札を表向きでウィドーに戻すので、捨て札はありません。")
        if len(self.widow) != WIDOW:
            raise _refuse(("widow",), f"ラムシュのウィドーは最後まで6枚です（{len(self.widow)}枚あります）。")
        if self.players == 3 and self.variants["three_ramsch"] == "void":
            raise _refuse(("contract",), "3人で全員がパスしたときにディールを流すヴァリアントでは、"
                                         "ラムシュは遊ばれません。")

    def _validate_exchange(self) -> None:
        k = self.contract
        assert k is not None
        if len(self.discard) != k:
            raise _refuse(("discard",), f"{bid_name(k)}のビッドでは、捨て札はちょうど{k}枚です"
                                        f"（{len(self.discard)}枚あります）。")
        if len(self.widow) != WIDOW - k:
            raise _refuse(("widow",), f"{bid_name(k)}のビッドでは、使わなかったウィドーは{WIDOW - k}枚です"
                                      f"（{len(self.widow)}枚あります）。")
        banned = [c for c in self.discard if never_discarded(c, False, False)]
        if banned:
            raise _refuse(("discard",), f"{NAMING.name(banned[0])}は5点の札なので捨て札にできません。")
        if k:
            for at, honour in enumerate(HONOURS):
                taken = sum(1 for h in HONOURS[:at] if h not in self.widow)
                if honour in self.widow and taken < k:
                    raise _refuse(("widow",), f"ウィドーの{NAMING.name(honour)}は必ず取る札です（パガット、モンド、"
                                              f"スキュースの順に取ります）。{bid_name(k)}のビッドでは残せません。")

    def _validate_last_trick(self) -> None:
        n, plays = self.players, self.last_trick
        if len(plays) != n:
            raise _refuse(("last_trick", "cards"), f"最後のトリックは{n}人が1枚ずつ出した{n}枚です"
                                                   f"（{len(plays)}枚あります）。")
        leader, direction = plays[0].seat, step(self.ramsch, self.variants)
        if any(type(p.seat) is not int or p.seat != (leader + direction * i) % n for i, p in enumerate(plays)):
            raise _refuse(("last_trick", "leader"), f"最後のトリックの席は、リードした席から{n}人が順に1枚ずつです。")
        winner = self.last_winner
        pile = self.piles[winner]
        outside = [p.card for p in plays if p.card not in pile]
        if outside:
            raise _refuse(("last_trick", "cards"), f"最後のトリックは{seat_name(winner, n)}が勝つので、その"
                                                   f"{n}枚は{seat_name(winner, n)}の取り札に入ります"
                                                   f"（{names(outside)}がありません）。")
        earlier = len(self.piles[leader]) - (n if leader == winner else 0)
        if earlier < n:
            raise _refuse(("last_trick", "leader"), f"最後のトリックをリードした{seat_name(leader, n)}は、その前の"
                                                    f"トリックに勝っているはずですが、その取り札にはそのトリックがありません。")

    def _validate_collapse(self) -> None:
        n, collapse = self.players, self.collapse
        last = {p.card: p.seat for p in self.last_trick}
        if collapse is None:
            if not self.ramsch and SKUS in last and MOND in last:
                raise _refuse(("collapse",), f"最後のトリックで{seat_name(last[SKUS], n)}のスキュースが"
                                             f"{seat_name(last[MOND], n)}のモンドを取っています。"
                                             "世界の崩壊（collapse）を書いてください。")
            return
        skus, mond = collapse
        for key, seat in (("skus", skus), ("mond", mond)):
            if type(seat) is not int or not 0 <= seat < n:
                raise _refuse(("collapse", key), f"「{key}」の席は0〜{n - 1}で書きます（{seat}は席ではありません）。")
        if self.ramsch:
            raise _refuse(("collapse",), "ラムシュではスキュースが一番弱い切札なので、世界の崩壊は起きません。")
        if skus == mond:
            raise _refuse(("collapse",), "スキュースとモンドを出したのは別の席です"
                                         "（1人が同じトリックに2枚は出せません）。")
        if SKUS not in self.piles[skus] or MOND not in self.piles[skus]:
            raise _refuse(("collapse",), f"世界の崩壊では、スキュースを出した{seat_name(skus, n)}が"
                                         "そのトリックに勝つので、スキュースとモンドはその席の取り札にあります。")
        if (SKUS in last or MOND in last) and (last.get(SKUS), last.get(MOND)) != collapse:
            raise _refuse(("collapse",), "最後のトリックの札と合いません。スキュースかモンドが最後のトリックに"
                                         "あるなら、世界の崩壊は両方がそこで、書かれた席から出たときだけです。")

    @property
    def last_winner(self) -> int:
        """Who took the last trick: the highest trump, else the highest card of the led suit."""
        strengths = STRENGTH[self.ramsch]
        led = SUIT[self.last_trick[0].card]
        best = max(self.last_trick, key=lambda p: (SUIT[p.card] == TRUMP, SUIT[p.card] == led, strengths[p.card]))
        return best.seat

    def owner_of(self, card: Card) -> int:
        """The seat whose pile holds ``card``; n for the discard, n + 1 for the widow."""
        for seat, pile in enumerate(self.piles):
            if card in pile:
                return seat
        return self.players + (0 if card in self.discard else 1)

    # --- share codes and plain data ------------------------------------------------------------
    def share_code(self) -> str:
        data = variant_bytes(VARIANTS, self.variants)
        data += bytes(self.owner_of(c) for c in CARDS)
        data += bytes(255 if x is None else x for x in (self.contract, self.declarer))
        data += bytes(b for p in self.last_trick for b in (p.seat, PACK.index(p.card)))
        data += bytes(self.collapse or ())
        return share.encode(self.TAG, data)

    @classmethod
    def from_share_code(cls, code: str) -> Position:
        reader = share.Reader(share.decode(code, cls.TAG))
        variants = read_variants(reader, VARIANTS)
        n = int(variants["players"])
        groups: list[list[Card]] = [[] for _ in range(n + 2)]
        for card in CARDS:
            owner = reader.byte()
            if owner >= n + 2:
                raise share.ShareError("共有リンクの取り札の持ち主が読めません。")
            groups[owner].append(card)
        contract, declarer = reader.byte(), reader.byte()
        last = []
        for _ in range(n):
            seat, index = reader.byte(), reader.byte()
            if index >= len(CARDS):
                raise share.ShareError("共有リンクの最後のトリックに存在しないカードがあります。")
            last.append(Play(seat, CARDS[index]))
        rest = reader.rest()
        if len(rest) not in (0, 2):
            raise share.ShareError("共有リンクの世界の崩壊の部分が読めません。")
        try:
            return cls(None if contract == 255 else contract, None if declarer == 255 else declarer,
                       tuple(map(tuple, groups[:n])), tuple(groups[n]), tuple(groups[n + 1]), tuple(last),
                       (rest[0], rest[1]) if rest else None, variants)
        except ValueError as error:
            raise share.ShareError(f"共有リンクの局面がルールに合いません: {error}") from None

    @classmethod
    def from_data(cls, data: Mapping[str, Any], variants: Variants) -> Position:
        """``contract`` (6..1, ``solo`` or ``ramsch``), ``declarer``, ``piles`` per seat (one may say
        ``rest``), ``discard``, ``widow``, ``last_trick: {leader, cards}``, ``collapse: {skus, mond}``."""
        n = int(variants.get("players", 4))
        contract = _contract(plain.field(data, "contract", (), (int, str)))
        declarer = plain.seat(data, "declarer", (), n, required=contract is not None) \
            if contract is not None or "declarer" in data else None
        if contract is None and declarer is not None:
            raise _refuse(("declarer",), "ラムシュにはデクレアラーがいません（declarer は書きません）。")
        piles_data = plain.field(data, "piles", (), dict)
        plain.seat_table(piles_data, ("piles",), n)
        listed = [plain.by_seat(piles_data, s) for s in range(n)]
        if sum(p == "rest" for p in listed) > 1:
            raise _refuse(("piles",), "rest（残り全部）を使えるのは1人分だけです。")
        given = [None if p == "rest" else plain.pack_cards(p if p is not None else [], ("piles", s), PACK)
                 for s, p in enumerate(listed)]
        discard = plain.pack_cards(plain.field(data, "discard", (), (str, list), required=False, default=[]),
                                   ("discard",), PACK)
        widow = plain.pack_cards(plain.field(data, "widow", (), (str, list)), ("widow",), PACK)
        used = {c for pile in given if pile for c in pile} | set(discard) | set(widow)
        rest = [c for c in CARDS if c not in used]
        piles = tuple(tuple(rest if p is None else p) for p in given)
        last = plain.field(data, "last_trick", (), dict)
        leader = plain.seat(last, "leader", ("last_trick",), n)
        assert leader is not None
        last_cards = plain.pack_cards(plain.field(last, "cards", ("last_trick",), (str, list)),
                                      ("last_trick", "cards"), PACK)
        direction = -1 if contract is None and variants.get("ramsch_direction") == "cw" else 1
        plays = tuple(Play((leader + direction * i) % n, c) for i, c in enumerate(last_cards))
        collapse_data = plain.field(data, "collapse", (), dict, required=False)
        collapse: tuple[int, int] | None = None
        if collapse_data is not None:
            skus, mond = (plain.seat(collapse_data, key, ("collapse",), n) for key in ("skus", "mond"))
            assert skus is not None and mond is not None
            collapse = (skus, mond)
        return cls(contract, declarer, piles, tuple(discard), tuple(widow), plays, collapse, variants)

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
        """The same cards under other switches; a Ramsch's last trick keeps its leader and each seat's
        card and is put in the new direction of play."""
        if int(variants.get("players", self.players)) != self.players:
            raise ValueError(f"この局面は{self.players}人で遊んだディールなので、人数は切り替えられません。")
        merged = {**self.variants, **variants}
        plays = self.last_trick
        if self.ramsch:
            n, cards = self.players, {p.seat: p.card for p in plays}
            direction = -1 if merged.get("ramsch_direction") == "cw" else 1
            plays = tuple(Play((plays[0].seat + direction * i) % n, cards[(plays[0].seat + direction * i) % n])
                          for i in range(n))
        return Position(self.contract, self.declarer, self.piles, self.discard, self.widow, plays, self.collapse,
                        merged)

    def score(self) -> ScoreSheet:
        return score_position(self)


def _contract(value: int | str) -> int | None:
    """``contract`` as written: a bid 6..1, 0 or ``solo``, or ``ramsch``."""
    word = {"solo": 0, "ramsch": None}
    if isinstance(value, str) and value.strip().lower() in word:
        return word[value.strip().lower()]
    if isinstance(value, int) and not isinstance(value, bool) and value in BONUS:
        return value
    raise _refuse(("contract",), f"contract は 6〜1 の数か solo か ramsch です（{value!r} は読めません）。")


def _where(path: Path) -> str:
    return "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path).lstrip(".")


def pts(value: Number) -> str:
    """Points as the reader writes them: 55, 55.5, −3.5."""
    if isinstance(value, int):
        return str(value)
    whole = abs(value.numerator) // value.denominator
    sign = "-" if value < 0 else ""
    return f"{sign}{whole}.5" if value.denominator == 2 else f"{sign}{whole}"


def _counted(cards: Sequence[Card], ramsch: bool) -> str:
    """The point cards by name, then how many 1-point trumps and ½-point pips."""
    halves = HALVES[ramsch]
    big = [c for c in display_order(cards) if halves[c] >= 4 or c is MOND]
    ones = sum(1 for c in cards if halves[c] == 2)
    pips = sum(1 for c in cards if halves[c] == 1)
    listed = "、".join(f"{NAMING.name(c)} {pts(Fraction(halves[c], 2))}" for c in big)
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
    points = card_points(cards)
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
        points = card_points(cards, True)
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
    tricks = DEALT // n
    valat = next((s for s, p in enumerate(pos.piles) if len(p) == tricks * n), None)
    if valat is not None:
        sheet.add("", "バラット", rule("valat"), f"{seat_name(valat, n)}が{tricks}トリックをすべて取りました。")
        for seat in range(n):
            if seat != valat:
                ledger.pay(seat, valat, VALAT, "バラット", "valat", "全トリック")
