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
from ...counts import read_count
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
            raise _refuse(("collapse",), "ラムシュではスキュースがいちばん弱い切札なので、世界の崩壊は起きません。")
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
    def from_data(cls, data: Mapping[str, Any], variants: Variants) -> Position | PointsPosition:
        """``contract`` (6..1, ``solo`` or ``ramsch``), ``declarer``, ``piles`` per seat (one may say
        ``rest``), ``discard``, ``widow``, ``last_trick: {leader, cards}``, ``collapse: {skus, mond}``.
        With ``points`` instead of the cards, the score pad's shortcut (``PointsPosition``)."""
        if "points" in data:
            return PointsPosition.from_data(data, variants)
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
    k = pos.contract
    assert k is not None
    to_declarer = pos.variants["widow_rest"] == "declarer"
    rest_owner = "デクレアラー" if to_declarer else "相手側"
    detail = (f"ソロなのでウィドーには触れません。ウィドー6枚（{names(pos.widow)}）は{rest_owner}の点です。"
              if k == 0 else
              f"捨て札（{names(pos.discard)}）はデクレアラーの点、取らなかったウィドー（{names(pos.widow)}）は"
              f"{rest_owner}の点です。")
    assert pos.declarer is not None
    cards = list(pos.piles[pos.declarer]) + list(pos.discard) + (list(pos.widow) if to_declarer else [])
    points = card_points(cards)
    _contract_lines(sheet, ledger, pos.players, k, pos.declarer, detail, f"{_counted(cards, False)} → {pts(points)}点",
                    points)


def _contract_lines(sheet: ScoreSheet, ledger: Ledger, n: int, k: int, decl: int, widow: str, counted: str,
                    points: Number) -> None:
    """The bid, where the discard and the widow go (``widow``), the declarer's points (``counted`` says
    how they were counted) and the contract's payments."""
    bonus = BONUS[k]
    who = seat_name(decl, n)
    sheet.add("", "ビッド", rule("bidding"), f"{who}が{bid_name(k)}で落札しました。交換ボーナスは{bonus}点です。")
    sheet.add("", "捨て札とウィドー", rule("widow-owner"), widow)
    sheet.add("", "デクレアラーの点", rule("card-values"), counted)
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
    tricks = DEALT // n
    valat = next((s for s, p in enumerate(pos.piles) if len(p) == tricks * n), None)
    _bonus_lines(sheet, ledger, n, None if pagat is None else (pagat, winner), pos.collapse, valat)


def _bonus_lines(sheet: ScoreSheet, ledger: Ledger, n: int, ultimo: tuple[int, int] | None,
                 collapse: tuple[int, int] | None, valat: int | None) -> None:
    """Pagat ultimo (``ultimo``: Pagat's player and the last trick's winner), world collapse (Sküs
    player, Mond player) and valat (the seat that took every trick)."""
    if ultimo is not None and ultimo[0] == ultimo[1]:
        pagat = ultimo[0]
        sheet.add("", "パガットウルティモ", rule("pagat-ultimo"),
                  f"{seat_name(pagat, n)}がパガットで最後のトリックを取りました。ほかの全員から{ULTIMO}点ずつです。")
        for seat in range(n):
            if seat != pagat:
                ledger.pay(seat, pagat, ULTIMO, "パガットウルティモ", "pagat-ultimo", "パガットウルティモ")
    elif ultimo is not None:
        pagat, winner = ultimo
        sheet.add("", "パガットウルティモ失敗", rule("pagat-ultimo"),
                  f"{seat_name(pagat, n)}が最後のトリックに出したパガットは{seat_name(winner, n)}に取られました。"
                  f"そのトリックの勝者だけに{ULTIMO_LOST}点を払います。")
        ledger.pay(pagat, winner, ULTIMO_LOST, "パガットウルティモ失敗", "pagat-ultimo", "ウルティモ失敗")
    if collapse is not None:
        skus, mond = collapse
        sheet.add("", "世界の崩壊", rule("world-collapse"),
                  f"{seat_name(skus, n)}のスキュースが、同じトリックで{seat_name(mond, n)}のモンドを取りました。")
        ledger.pay(mond, skus, COLLAPSE, "世界の崩壊", "world-collapse", "モンドの捕獲")
    if valat is not None:
        tricks = DEALT // n
        sheet.add("", "バラット", rule("valat"), f"{seat_name(valat, n)}が{tricks}トリックをすべて取りました。")
        for seat in range(n):
            if seat != valat:
                ledger.pay(seat, valat, VALAT, "バラット", "valat", "全トリック")


# --- the score pad's shortcut: card points instead of cards -----------------------------------
# Halves and counts of the cards that are neither Pagat, Mond nor Sküs (the honours a bonus or the
# widow rule places): Kings apart (never discarded), then the cards a discard may hold.
KINGS_OF_FOUR = 4
_LOW_CLASSES = ((8, 4), (6, 4), (4, 4), (2, 19), (1, 40))  # queens, cavaliers, jacks, trumps II–XX, pips
_LOW_CARDS = sum(count for _, count in _LOW_CLASSES)
SIDES = ("P", "W", "O")  # an honour in the declarer's tricks, in the unused widow, in another seat's tricks


def _subset_sums(classes: Sequence[tuple[int, int]]) -> list[int]:
    """For every number of cards m, a bitset of the sums (in halves) m of these cards can make."""
    reach = [1]
    for value, count in classes:
        grown = [0] * (len(reach) + count)
        for m, sums in enumerate(reach):
            for j in range(count + 1):
                grown[m + j] |= sums << (value * j)
        reach = grown
    return reach


LOW_SUMS = _subset_sums(_LOW_CLASSES)
RAMSCH_SUMS = _subset_sums(((10, 6), (0, 1), *_LOW_CLASSES))  # Ramsch: Sküs, Pagat, Kings; Mond worth 0
RAMSCH_SUMS_BUT_PAGAT = _subset_sums(((10, 5), (0, 1), *_LOW_CLASSES))


def declarer_counts(n: int, k: int, to_declarer: bool, placed: Mapping[Card, str], tricks: range) -> int:
    """The declarer's possible card points, as a bitset of halves: his tricks (``tricks``: how many he
    may have taken), his ``k`` discards (never a 5-point card) and, when the variant gives it to him,
    the unused widow; ``placed`` fixes where a bonus put an honour (P his tricks, O another seat's)."""
    found = 0
    whole = DEALT // n
    for where in ((a, b, c) for a in SIDES for b in SIDES for c in SIDES):
        spot = dict(zip(HONOURS, where, strict=True))
        if any(placed.get(h, spot[h]) != spot[h] for h in HONOURS):
            continue
        in_widow = [h for h in HONOURS if spot[h] == "W"]
        if k and any(spot[h] == "W" and sum(spot[e] != "W" for e in HONOURS[:at]) < k
                     for at, h in enumerate(HONOURS)):
            continue  # the widow's honours a bid must take (rules §2.2)
        if len(in_widow) > WIDOW - k:
            continue
        in_pile = sum(spot[h] == "P" for h in HONOURS)
        elsewhere = sum(spot[h] == "O" for h in HONOURS)
        for t in tricks:
            if (elsewhere and t == whole) or in_pile > t * n:
                continue
            for kings in range(KINGS_OF_FOUR + 1):
                honours = in_pile + (len(in_widow) if to_declarer else 0)
                low = t * n + (WIDOW if to_declarer else k) - honours - kings
                if not k <= low <= _LOW_CARDS:
                    continue
                spare = KINGS_OF_FOUR - kings + _LOW_CARDS - low  # cards outside the declarer's
                if not to_declarer and spare < WIDOW - k - len(in_widow):
                    continue
                found |= LOW_SUMS[low] << (10 * (honours + kings))
    return found


def ramsch_counts(n: int, tricks: range, widow: bool, pagat: bool) -> int:
    """A Ramsch seat's possible points (bitset of halves): whole tricks, the widow's six cards when it
    took the last trick, Pagat among them when ``pagat``."""
    found = 0
    for t in tricks:
        cards = t * n + (WIDOW if widow else 0)
        if pagat and t:
            found |= RAMSCH_SUMS_BUT_PAGAT[cards - 1] << 10
        elif not pagat:
            found |= RAMSCH_SUMS[cards]
    return found


def _range_text(counts: int) -> str:
    halves = [h for h in range(counts.bit_length()) if counts >> h & 1]
    if not halves:
        return "ありうる点数がありません"
    return f"ありうるのは{pts(Fraction(halves[0], 2))}〜{pts(Fraction(halves[-1], 2))}点のうちの一部です"


@dataclass(frozen=True)
class PointsPosition:
    """A finished deal entered by its card points (the score pad's shortcut): the bid, the declarer's
    side's card points (or every seat's in a Ramsch) and the bonus events.

    Refused unless some deal gives exactly these points with these events: the count is a multiple
    of ½, the declarer's side holds whole tricks, his discards (none worth 5) and the widow as the
    variant gives it, with Pagat, Mond and Sküs where the bonuses put them (``declarer_counts``)."""

    TAG: ClassVar[str] = "roQ"

    contract: int | None
    declarer: int | None
    points: tuple[Fraction, ...]  # the declarer's only (bids), every seat's (Ramsch)
    ultimo: tuple[int, int] | None = None  # Pagat's player, the last trick's winner
    collapse: tuple[int, int] | None = None
    valat: int | None = None
    variants: Variants = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "variants", normalise_variants(VARIANTS, self.variants))
        self._validate()

    @property
    def players(self) -> int:
        return int(self.variants["players"])

    @property
    def ramsch(self) -> bool:
        return self.contract is None

    def _validate(self) -> None:
        n = self.players
        if self.contract is not None and self.contract not in BONUS:
            raise _refuse(("contract",), "contract は 6〜1 の数か solo（0）か ramsch です。")
        if self.ramsch != (self.declarer is None) or (self.declarer is not None and not 0 <= self.declarer < n):
            raise _refuse(("declarer",), f"デクレアラーは席0〜{n - 1}のどれかです（ラムシュにはいません）。")
        if len(self.points) != (n if self.ramsch else 1) or any((2 * p).denominator != 1 for p in self.points):
            raise _refuse(("points",), "点数の数が合いません。")
        for key, seats in (("ultimo", self.ultimo), ("collapse", self.collapse), ("valat", (self.valat,))):
            if seats is not None and any(s is not None and not 0 <= s < n for s in seats):
                raise _refuse((key,), f"席は0〜{n - 1}で書きます。")
        if self.ultimo is not None and self.valat is not None and self.ultimo[1] != self.valat:
            raise _refuse(("ultimo",), f"{seat_name(self.valat, n)}がすべてのトリックを取ったので、最後のトリックも"
                                       f"{seat_name(self.valat, n)}の勝ちです。")
        if self.collapse is not None:
            skus, mond = self.collapse
            if skus == mond:
                raise _refuse(("collapse",), "スキュースとモンドを出したのは別の席です。")
            if self.valat is not None and skus != self.valat:
                raise _refuse(("collapse",), f"{seat_name(self.valat, n)}がすべてのトリックを取ったので、"
                                             "モンドを取ったトリックもその席の勝ちです。")
        if self.ramsch:
            self._validate_ramsch()
        else:
            self._validate_bid()

    def _validate_bid(self) -> None:
        n, k, decl = self.players, self.contract, self.declarer
        assert k is not None and decl is not None
        placed: dict[Card, str] = {}
        whole = DEALT // n
        low, high = 0, whole - 1
        if self.valat is not None:
            low = high = whole if self.valat == decl else 0
        for card, seat in ((SKUS, self.collapse and self.collapse[0]), (MOND, self.collapse and self.collapse[0]),
                           (PAGAT, self.ultimo and self.ultimo[1])):
            if seat is not None:
                placed[card] = "P" if seat == decl else "O"
        if "P" in placed.values():
            low = max(low, 1)
        if "O" in placed.values():
            high = min(high, whole - 1)
        to_declarer = self.variants["widow_rest"] == "declarer"
        counts = declarer_counts(n, k, to_declarer, placed, range(low, high + 1))
        points = self.points[0]
        if not counts >> int(2 * points) & 1:
            events = self._events_text()
            hint = ""
            if self.valat is None and declarer_counts(n, k, to_declarer, placed, range(whole, whole + 1)) \
                    >> int(2 * points) & 1:
                hint = "デクレアラーがすべてのトリックを取ったのなら、バラット（valat）も書いてください。"
            raise _refuse(("points", str(decl)), (
                f"{bid_name(k)}のビッドで{events}、デクレアラーの点が{pts(points)}点になるディールはありません"
                f"（{_range_text(counts)}）。{hint}"))

    def _events_text(self) -> str:
        n = self.players
        words = []
        if self.ultimo is not None:
            words.append(f"パガットウルティモ（{seat_name(self.ultimo[0], n)}）")
        if self.collapse is not None:
            words.append("世界の崩壊")
        if self.valat is not None:
            words.append(f"バラット（{seat_name(self.valat, n)}）")
        return "・".join(words) + "があって" if words else "ボーナスなしで"

    def _validate_ramsch(self) -> None:
        n = self.players
        if n == 3 and self.variants["three_ramsch"] == "void":
            raise _refuse(("contract",), "3人で全員がパスしたときにディールを流すヴァリアントでは、"
                                         "ラムシュは遊ばれません。")
        if self.collapse is not None:
            raise _refuse(("collapse",), "ラムシュではスキュースがいちばん弱い切札なので、世界の崩壊は起きません。")
        bonuses = bool(self.variants["ramsch_bonuses"])
        for key, value in (("ultimo", self.ultimo), ("valat", self.valat)):
            if value is not None and not bonuses:
                raise _refuse((key,), "このヴァリアント（ラムシュのボーナスをつけない）では、"
                                      "ラムシュにボーナスはありません。")
        total = sum(self.points)
        if total != 105:
            raise _refuse(("points",), f"ラムシュの点数の合計は105点です（モンドは0点）。書かれた点数の合計は"
                                       f"{pts(total)}点です。")
        whole = DEALT // n
        if bonuses and (self.valat is not None) != (max(self.points) == 105):
            raise _refuse(("valat",), "バラットの人は105点をすべて持っています。" if self.valat is not None else
                                      "1人が105点を全部取るのは、その人がすべてのトリックを取ったとき"
                                      "（バラット、valat）だけです。")
        winner = None if self.ultimo is None else self.ultimo[1]
        pagat = None if self.ultimo is None else self.ultimo[1]
        candidates = range(n) if winner is None else (winner,)
        for last in candidates:
            if all(ramsch_counts(n, range(1 if s == last else 0, whole + 1), s == last, s == pagat)
                   >> int(2 * self.points[s]) & 1 for s in range(n)):
                return
        bad = next((s for s in range(n) if not any(
            ramsch_counts(n, range(whole + 1), widow, s == pagat) >> int(2 * self.points[s]) & 1
            for widow in (False, True))), None)
        at = ("points", str(bad)) if bad is not None else ("points",)
        who = f"{seat_name(bad, n)}の{pts(self.points[bad])}点は" if bad is not None else "この点数の組み合わせは"
        raise _refuse(at, f"{who}、トリック（{n}枚ずつ）とウィドーの札ではどう取っても作れません。")

    # --- share codes and plain data ---------------------------------------------------------
    def share_code(self) -> str:
        data = variant_bytes(VARIANTS, self.variants)
        data += bytes(255 if x is None else x for x in (self.contract, self.declarer, self.valat))
        data += bytes(self.ultimo or (255, 255)) + bytes(self.collapse or (255, 255))
        data += bytes(int(2 * p) for p in self.points)
        return share.encode(self.TAG, data)

    @classmethod
    def from_share_code(cls, code: str) -> PointsPosition:
        reader = share.Reader(share.decode(code, cls.TAG))
        variants = read_variants(reader, VARIANTS)
        contract, declarer, valat, *pairs = reader.take(7)
        points = tuple(Fraction(h, 2) for h in reader.rest())

        def pair(a: int, b: int) -> tuple[int, int] | None:
            return None if (a, b) == (255, 255) else (a, b)

        try:
            return cls(None if contract == 255 else contract, None if declarer == 255 else declarer, points,
                       pair(*pairs[:2]), pair(*pairs[2:]), None if valat == 255 else valat, variants)
        except ValueError as error:
            raise share.ShareError(f"共有リンクの局面がルールに合いません: {error}") from None

    @classmethod
    def from_data(cls, data: Mapping[str, Any], variants: Variants) -> PointsPosition:
        """``contract``, ``declarer``, ``points`` ({declarer seat: count}, or every seat's in a Ramsch),
        ``ultimo: {seat, won, winner}``, ``collapse: {skus, mond}``, ``valat: seat``."""
        n = int(variants.get("players", 4))
        for key in ("piles", "discard", "widow", "last_trick"):
            if key in data:
                raise _refuse((key,), f"点数（points）で書くときは「{key}」は書きません"
                                      "（札で書くなら points を外します）。")
        contract = _contract(plain.field(data, "contract", (), (int, str)))
        declarer = plain.seat(data, "declarer", (), n) if contract is not None else None
        if contract is None and "declarer" in data:
            raise _refuse(("declarer",), "ラムシュにはデクレアラーがいません（declarer は書きません）。")
        table = plain.field(data, "points", (), dict)
        plain.seat_table(table, ("points",), n)
        seats = list(range(n)) if contract is None else [declarer]
        for key in table:
            if int(key) not in seats:
                raise _refuse(("points", str(key)), "点数はデクレアラーの席の分だけ書きます（デクレアラーの側の点）。")
        points = []
        for seat in seats:
            assert seat is not None
            value = plain.by_seat(table, seat)
            if value is None:
                raise _refuse(("points", str(seat)), f"{seat_name(seat, n)}の点数がありません。")
            points.append(read_count(value, ("points", str(seat)), 2, 105 if contract is None else 110,
                                     f"{seat_name(seat, n)}の点数"))
        ultimo_data = plain.field(data, "ultimo", (), dict, required=False)
        ultimo = None
        if ultimo_data is not None:
            pagat = plain.seat(ultimo_data, "seat", ("ultimo",), n)
            won = plain.field(ultimo_data, "won", ("ultimo",), bool)
            winner = pagat if won else plain.seat(ultimo_data, "winner", ("ultimo",), n)
            assert pagat is not None and winner is not None
            if won and "winner" in ultimo_data and ultimo_data["winner"] != pagat:
                raise _refuse(("ultimo", "winner"), "パガットが勝ったなら、最後のトリックの勝者は"
                                                    "パガットを出した席です。")
            if not won and winner == pagat:
                raise _refuse(("ultimo", "winner"), "パガットが負けたなら、最後のトリックの勝者は別の席です。")
            for key in ultimo_data:
                if key not in ("seat", "won", "winner"):
                    raise _refuse(("ultimo", str(key)),
                                  f"「{key}」という項目は ultimo にはありません（seat, won, winner）。")
            ultimo = (pagat, winner)
        collapse_data = plain.field(data, "collapse", (), dict, required=False)
        collapse = None
        if collapse_data is not None:
            skus, mond = (plain.seat(collapse_data, key, ("collapse",), n) for key in ("skus", "mond"))
            assert skus is not None and mond is not None
            collapse = (skus, mond)
        valat = plain.seat(data, "valat", (), n, required=False)
        return cls(contract, declarer, tuple(points), ultimo, collapse, valat, variants)

    def groups(self) -> list[tuple[str, Sequence[Card]]]:
        return []

    def with_variants(self, variants: Variants) -> PointsPosition:
        if int(variants.get("players", self.players)) != self.players:
            raise ValueError(f"この局面は{self.players}人で遊んだディールなので、人数は切り替えられません。")
        return PointsPosition(self.contract, self.declarer, self.points, self.ultimo, self.collapse, self.valat,
                              {**self.variants, **variants})

    def score(self) -> ScoreSheet:
        return score_points(self)


def score_points(pos: PointsPosition) -> ScoreSheet:
    """``score_position`` for a deal entered by its card points: the same payments."""
    n = pos.players
    sheet = ScoreSheet("ロタロットの得点計算（ラムシュ）" if pos.ramsch else "ロタロットの得点計算")
    ledger = Ledger(n)
    if pos.ramsch:
        sheet.add("", "ウィドー", rule("ramsch-scoring"),
                  "最後のトリックを取った人がウィドーをもらいます（書かれた点数にはウィドーの札も入っています）。")
        for seat, points in enumerate(pos.points):
            base = 35 if n == 3 else 27 if seat == n - 1 else 26
            ledger.add(seat, "ラムシュの精算", "ramsch-scoring",
                       f"書かれた点数 {pts(points)}点。（{base} − {pts(points)}）× 4", _plain((base - points) * 4))
    else:
        k, decl = pos.contract, pos.declarer
        assert k is not None and decl is not None
        to_declarer = pos.variants["widow_rest"] == "declarer"
        rest_owner = "デクレアラー" if to_declarer else "相手側"
        widow = ("ソロなのでウィドーには触れません。" if k == 0 else "捨て札はデクレアラーの点、") + \
            f"取らなかったウィドーは{rest_owner}の点です。"
        counted = ("取ったトリック" + ("と捨て札" if k else "") + ("とウィドー" if to_declarer else "")
                   + f"の点として書かれた点数 → {pts(pos.points[0])}点")
        _contract_lines(sheet, ledger, n, k, decl, widow, counted, _plain(pos.points[0]))
    if not pos.ramsch or pos.variants["ramsch_bonuses"]:
        _bonus_lines(sheet, ledger, n, pos.ultimo, pos.collapse, pos.valat)
    ledger.write(sheet, {} if pos.declarer is None else {pos.declarer: "・デクレアラー"})
    total = sum(sheet.totals.values())
    sheet.add("", "支払いの合計", rule("scoring"),
              f"全員の得点を足すと{pts(total)}点（受け取りと支払いは釣り合います）")
    return sheet
