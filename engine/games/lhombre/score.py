"""ロンブル: the finished deal (``Position``), the checks that a legal deal reaches it, and its
chip payments (the ScoreSheet).

Follows shared/rules/lhombre.md §4.3-§5.  Only tricks count in l'Hombre, so a finished deal is
the contract, the declarer, the trump suit and how many tricks each active seat took (play
stops as soon as the result is certain, except simple nolo, which is played out), whether the
declarer played on for the slam or surrendered, and the declarer's hand for the reader to look
at.  A position comes from a played deal, an author's data or a share code, so it is checked
against the ways a deal can end (``tricks_refusal``).  Every payment runs between the declarer
and each opponent, so a deal always balances.  Imports only the rule tables (rules <- score <-
state): the State builds its Position, never the other way round.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from ... import plaindata as plain
from ... import share
from ...cards import FRENCH_SUITS, SUITS, Card, Pack
from ...game import Variants, normalise_variants, read_variants, variant_bytes
from ...scoresheet import ScoreSheet
from .rules import (
    BY_WORD,
    CONTRACTS,
    HAND,
    OUTCOME_NAMES,
    SEAT_NAMES,
    SUITINGS,
    TRICKS,
    VARIANTS,
    Contract,
    decided,
    outcome,
    penalty,
    rule,
    seat_name,
)

SITTER = "休み（ディーラーの向かい）"
PACK_CARDS = frozenset(Pack.LHOMBRE40.cards())
TRUMP_LETTERS = "・".join(SUITS)


class PositionError(ValueError):
    """A position no legal deal ends with; ``field`` names the data field at fault."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field


def tricks_refusal(contract: Contract, tricks: tuple[int, int, int], declarer: int, vole: bool,
                   surrendered: bool) -> str | None:
    """Why no legal deal ends with these trick counts (None when one does).

    A deal ends (§4.3, §4.4): with a surrender before the declarer's first card (no trick
    played); after the slam choice, when the declarer loses a trick or has all nine; else at the
    first count where the result is certain, so the count one trick earlier was still open (the
    declarer's five straight tricks of a game contract are such a first certain count, ended by
    "stop"); simple nolo only after all nine tricks, whoever took them, 9-0-0 included.  Stopping
    early never changes the score, so a table may also play every deal out to nine tricks: any
    count of nine is accepted (after a slam attempt, one where the declarer kept his five)."""
    own, played = tricks[declarer], sum(tricks)
    if surrendered:
        return None if played == 0 else ("降伏したディールでは、トリックを1つも行いません"
                                         "（降伏はデクレアラーが最初の札を出す前です）。トリック数は書きません。")
    if vole:
        return None if _slam_ending(own, played) else (
            "スラムを選べるのは最初の5トリックを続けて取ったときで、そのあとは9トリック全部を取るか、"
            "1トリックを落とした時点で終わります（デクレアラーは5トリック以上、相手は合わせて最後の1トリックだけ）。"
            "最後まで行ったときは、合計9になるトリック数を書きます。")
    if played == TRICKS:
        return None
    if not decided(contract, tricks, declarer):
        if contract.word == "simple-nolo":
            return (f"トリック数の合計が{played}で、結果がまだ決まっていません。"
                    "シンプル・ノロは9トリックすべてを行うので、合計9になる数を書きます。")
        return (f"トリック数の合計が{played}で、結果がまだ決まっていません。結果が決まった時点のトリック数か、"
                "最後まで行ったときの合計9になるトリック数を書きます。")
    if any(not decided(contract, earlier, declarer) for earlier in one_trick_earlier(tricks)):
        return None
    return _past_the_end(contract, own, played)


def one_trick_earlier(tricks: tuple[int, int, int]) -> list[tuple[int, ...]]:
    """The counts one trick before ``tricks``: the last trick went to any seat that holds one."""
    return [(*tricks[:s], tricks[s] - 1, *tricks[s + 1:]) for s in range(3) if tricks[s]]


def _slam_ending(own: int, played: int) -> bool:
    """A slam attempt ends with all nine tricks, or at the first trick the declarer loses after
    his five; a table that plays on after that trick writes all nine (§4.3)."""
    return own == played == TRICKS or (5 <= own < TRICKS and played in (own + 1, TRICKS))


def _past_the_end(contract: Contract, own: int, played: int) -> str:
    """The refusal of a count that lies after the deal's end but short of nine tricks, saying
    which counts to write instead."""
    tail = "最後まで行ったときは、合計9になるトリック数を書きます。"
    if not contract.nolo and own > 5 and own == played:
        return ("最初の5トリックを続けて取ったら、そこでやめて成功にするか、スラムを選ぶかです。"
                "スラムを選ばずに6トリック以上を続けて取ることはありません。やめたときは5トリックの時点の数を、"
                f"スラムを選んだときはスラムのディールとして書きます。{tail}")
    if contract.nolo:
        return (f"{contract.name}では、デクレアラーが2トリック目を取った時点で大失敗が決まり、"
                f"プレイはそこで終わります。その時点のトリック数を書きます。{tail}")
    return ("このトリック数になる前に結果が決まっていたので、プレイはそこで終わっています"
            f"（結果が決まった時点で打ち切ります）。その時点のトリック数を書きます。{tail}")


@dataclass(frozen=True)
class Position:
    """A finished deal: ``tricks`` per active seat (summing to 9, or fewer when the result was
    already certain), ``trump`` a suit letter or "" for nolo, ``hand`` the declarer's cards as he
    began to play (may be empty).  Raises PositionError for a position no legal deal ends with."""

    TAG: ClassVar[str] = "lhP"

    contract: Contract
    declarer: int
    trump: str
    tricks: tuple[int, int, int]
    vole: bool = False
    surrendered: bool = False
    hand: tuple[Card, ...] = ()
    variants: Variants = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "variants", normalise_variants(VARIANTS, self.variants))
        self._validate()
        object.__setattr__(self, "hand", tuple(sorted(self.hand, key=SUITINGS[self.trump].order.__getitem__)))

    def _validate(self) -> None:
        c = self.contract
        if c not in CONTRACTS:
            raise PositionError("contract", f"contract は {' '.join(BY_WORD)} のどれかです。")
        if not isinstance(self.declarer, int) or not 0 <= self.declarer < 3:
            raise PositionError("declarer", "デクレアラーは0（フォアハンド）・1（ミドルハンド）・"
                                f"2（バックハンド）のどれかです（{self.declarer!r}は席ではありません）。")
        self._validate_trump()
        if len(self.tricks) != 3 or any(not isinstance(t, int) or isinstance(t, bool) or t < 0 for t in self.tricks) \
                or sum(self.tricks) > TRICKS:
            raise PositionError("tricks", "トリック数は席ごとに0以上の整数で、合計9以下です。")
        if self.vole and self.surrendered:
            raise PositionError("vole", "降伏したディールではスラムはありません（降伏はプレイの前です）。")
        if self.vole and c.nolo:
            raise PositionError("vole", "スラムは切札のある契約だけのものです（ノロにはありません）。")
        reason = tricks_refusal(c, self.tricks, self.declarer, self.vole, self.surrendered)
        if reason:
            raise PositionError("tricks", reason)
        self._validate_hand()

    def _validate_trump(self) -> None:
        c = self.contract
        if c.nolo and self.trump:
            raise PositionError("trump", f"{c.name}には切札がありません。")
        if not c.nolo and self.trump not in SUITS:
            raise PositionError("trump", f"{c.name}では切札のスート（{TRUMP_LETTERS}）を書きます。")
        if c.trumps == "S" and self.trump != "S":
            raise PositionError("trump", f"{c.name}の切札はスペードです。")

    def _validate_hand(self) -> None:
        hand = self.hand
        outside = [card for card in hand if card not in PACK_CARDS]
        if outside:
            raise PositionError("hand", f"{outside[0]} はロンブルのパック（8・9・10を除いた40枚）にありません。")
        if len(hand) not in (0, HAND) or len(set(hand)) != len(hand):
            raise PositionError("hand", "デクレアラーの手札は、違う札9枚（または書かない）です。")
        if hand and self.contract.trumps == "turned" and all(card.suit != self.trump for card in hand):
            suit = FRENCH_SUITS[self.trump]
            raise PositionError("hand", f"{self.contract.name}では、表にした{suit}の札をデクレアラーが"
                                "必ず受け取るので、手札に切札のスートの札が少なくとも1枚あります。")

    # --- the ScoredPosition surface -----------------------------------------------------
    def with_variants(self, variants: Variants) -> Position:
        return Position(self.contract, self.declarer, self.trump, self.tricks, self.vole, self.surrendered,
                        self.hand, {**self.variants, **variants})

    def groups(self) -> list[tuple[str, Sequence[Card]]]:
        if not self.hand:
            return []
        return [(f"{seat_name(self.declarer)}（デクレアラー）がプレイを始めたときの手札", self.hand)]

    def share_code(self) -> str:
        data = variant_bytes(VARIANTS, self.variants)
        data += bytes([CONTRACTS.index(self.contract), self.declarer,
                       SUITS.index(self.trump) if self.trump else 255, *self.tricks,
                       int(self.vole) | int(self.surrendered) << 1])
        data += bytes(Pack.LHOMBRE40.index(c) for c in self.hand)
        return share.encode(self.TAG, data)

    @classmethod
    def from_share_code(cls, code: str) -> Position:
        reader = share.Reader(share.decode(code, cls.TAG))
        variants = read_variants(reader, VARIANTS)
        contract, declarer, trump, *tricks, flags = reader.take(7)
        cards = Pack.LHOMBRE40.cards()
        hand = reader.rest()
        if contract >= len(CONTRACTS) or trump not in (0, 1, 2, 3, 255) or flags > 3 \
                or any(i >= len(cards) for i in hand):
            raise share.ShareError("共有リンクの局面が読めません。")
        try:
            return cls(CONTRACTS[contract], declarer, "" if trump == 255 else SUITS[trump],
                       (tricks[0], tricks[1], tricks[2]), bool(flags & 1), bool(flags & 2),
                       tuple(cards[i] for i in hand), variants)
        except ValueError as error:
            raise share.ShareError(f"共有リンクの局面がルールに合いません: {error}") from None

    @classmethod
    def from_data(cls, data: Mapping[str, Any], variants: Variants) -> Position:
        """``contract`` (a contract word such as ``spade-solo``), ``declarer`` (0..2), ``trump``
        (S/C/H/D, none for nolo), ``tricks`` {0: n, 1: n, 2: n}, ``vole``/``surrendered`` (true or
        false) and ``hand`` (the declarer's nine cards)."""
        word = plain.field(data, "contract", ())
        if word not in BY_WORD:
            raise plain.TutorialError(("contract",), f"contract は {' '.join(BY_WORD)} のどれかです。")
        declarer = plain.seat(data, "declarer", (), 3)
        assert declarer is not None
        trump = plain.field(data, "trump", (), str, required=False, default="")
        surrendered = plain.field(data, "surrendered", (), bool, required=False, default=False)
        vole = plain.field(data, "vole", (), bool, required=False, default=False)
        counts = _trick_table(plain.field(data, "tricks", (), dict, required=not surrendered, default={}))
        hand = plain.cards(plain.field(data, "hand", (), (str, list), required=False, default=[]), ("hand",))
        try:
            return cls(BY_WORD[word], declarer, trump, counts, vole, surrendered, tuple(hand), variants)
        except PositionError as error:
            raise plain.TutorialError((error.field,), str(error)) from None

    # --- scoring -------------------------------------------------------------------------
    @property
    def result(self) -> str:
        if self.surrendered:
            return "surrender"
        if self.vole:
            return "vole" if self.tricks[self.declarer] == TRICKS else "vole-failed"
        return outcome(self.contract, self.tricks, self.declarer)

    def amount(self) -> int:
        """Chips between the declarer and each opponent (positive: the opponent pays)."""
        c, result = self.contract, self.result
        return {"win": c.value, "vole": c.value + 1, "vole-failed": c.value - 1, "remise": -c.value,
                "surrender": -c.value,
                "codille": -(c.value + penalty(c, self.tricks[self.declarer]))}[result]

    def score(self) -> ScoreSheet:
        sheet = ScoreSheet("ロンブルの精算")
        self._contract_step(sheet)
        if not self.surrendered:
            early = sum(self.tricks) < TRICKS or self._played_on()
            sheet.add("", "トリック数", rule("early-end" if early else "outcomes"), self._tricks_text())
        self._result_step(sheet)
        self._payments(sheet)
        return sheet

    def _contract_step(self, sheet: ScoreSheet) -> None:
        c = self.contract
        trump = "切札なし" if c.nolo else f"切札は{FRENCH_SUITS[self.trump]}"
        pen = "取ったトリック数 − 1" if c.penalty is None else str(c.penalty)
        sheet.add("", "契約", rule("contracts"),
                  f"{seat_name(self.declarer)}が{c.name}のデクレアラーです（{trump}）。価値は{c.value}チップ、"
                  f"大失敗のときの罰点は{pen}です。")

    def _tricks_text(self) -> str:
        counts = "、".join(f"{name} {n}" for name, n in zip(SEAT_NAMES, self.tricks, strict=True))
        played = sum(self.tricks)
        rest = "" if played == TRICKS else f"（結果が決まったので、{played}トリックで打ち切りました）"
        if self.vole and played < TRICKS:
            rest = f"（スラムを狙いましたが、{played}トリック目で1つ落としたので打ち切りました）"
        elif self._played_on() and self.vole:
            rest = "（スラムを狙いましたが1トリックを落とし、そのあとも最後まで行いました。打ち切っても得点は同じです）"
        elif self._played_on() and self.tricks[self.declarer] == TRICKS:
            rest = ("（5トリックを続けて取ったところでスラムを選ばずにやめ、そのあとも最後まで行いました。"
                    "得点は成功と同じです）")
        elif self._played_on():
            rest = "（結果はそれより前に決まっていましたが、最後まで行いました。打ち切っても得点は同じです）"
        return f"{counts}{rest}"

    def _played_on(self) -> bool:
        """True for nine tricks written after the deal had certainly ended (the table played the
        rest out): a slam attempt that lost a trick before the ninth, or a count whose result was
        already certain one trick earlier, whichever seat took the last trick."""
        own = self.tricks[self.declarer]
        if sum(self.tricks) < TRICKS or self.contract.word == "simple-nolo":
            return False
        if self.vole:
            return own < TRICKS - 1
        return all(decided(self.contract, earlier, self.declarer) for earlier in one_trick_earlier(self.tricks))

    def _result_step(self, sheet: ScoreSheet) -> None:
        c, result, own = self.contract, self.result, self.tricks[self.declarer]
        value = c.value
        other = max(t for s, t in enumerate(self.tricks) if s != self.declarer)
        why = {
            "surrender": (f"デクレアラーは最初の札を出す前に降伏しました。大失敗ではなく失敗として扱い、"
                          f"各相手に{value}チップを払います。", "surrender"),
            "vole": (f"最初の5トリックのあとスラムを選び、9トリックすべてを取りました。各相手が価値{value} + 1 = "
                     f"{value + 1}チップを払います。", "vole"),
            "vole-failed": (f"スラムを選んで続けましたが、トリックを1つ落としました。成功ではありますが、"
                            f"各相手が払うのは価値{value} − 1 = {value - 1}チップです。", "vole"),
        }
        if result in why:
            detail, anchor = why[result]
        elif c.nolo:
            detail, anchor = self._nolo_text(own), "nolo-results"
        else:
            compare = {"win": "より多い", "remise": "と同じな", "codille": "より少ない"}[result]
            detail = (f"デクレアラーの{own}トリックは、相手の多いほうの{other}トリック{compare}ので"
                      f"{OUTCOME_NAMES[result]}です。{self._pay_text()}")
            anchor = "outcomes"
        sheet.add("", OUTCOME_NAMES[result], rule(anchor), detail)

    def _nolo_text(self, own: int) -> str:
        result = self.result
        head = {"win": "トリックを1つも取らなかったので成功です。",
                "remise": "トリックを1つ取ったので失敗です。",
                "codille": f"トリックを{own}つ取ったので大失敗です。"}[result]
        return head + self._pay_text()

    def _pay_text(self) -> str:
        c, result, own = self.contract, self.result, self.tricks[self.declarer]
        if result == "win":
            return f"各相手がデクレアラーに価値の{c.value}チップを払います。"
        if result == "remise":
            return f"デクレアラーが各相手に価値の{c.value}チップを払います。"
        pen = penalty(c, own)
        source = f"罰点は取ったトリック数{own} − 1 = {pen}なので、" if c.penalty is None else ""
        return f"{source}デクレアラーが各相手に価値{c.value} + 罰点{pen} = {c.value + pen}チップを払います。"

    def _payments(self, sheet: ScoreSheet) -> None:
        amount, decl = self.amount(), self.declarer
        received = 0
        for seat in range(3):
            if seat == decl:
                continue
            party = seat_name(seat)
            if amount >= 0:
                detail = f"デクレアラー（{seat_name(decl)}）に{amount}チップ払う"
            else:
                detail = f"デクレアラー（{seat_name(decl)}）から{-amount}チップ受け取る"
            sheet.add(party, "相手の精算", rule("payments"), detail, -amount)
            sheet.totals[party] = -amount
            received += amount
        sheet.add(f"{seat_name(decl)}（デクレアラー）", "デクレアラーの精算", rule("payments"),
                  f"相手2人との受け払いの合計（{amount:+d} × 2）", received)
        sheet.totals[seat_name(decl)] = received
        sheet.totals = {name: sheet.totals[name] for name in SEAT_NAMES}
        if self.variants["players"] == 4:
            sheet.add(SITTER, "休み", rule("four-players"), "このディールに参加していないので、受け払いはありません。",
                      0)
            sheet.totals[SITTER] = 0
        sheet.add("", "支払いの合計", rule("payments"),
                  f"全員の得点を足すと{sum(sheet.totals.values())}チップ（受け取りと支払いは釣り合います）")


def _trick_table(table: Mapping[Any, Any]) -> tuple[int, int, int]:
    """``tricks`` of plain data: seats 0..2 as keys (integers, or strings after JSON), each a whole
    number of tricks at least 0; a seat not written took none."""
    plain.seat_table(table, ("tricks",), 3)
    counts = [0, 0, 0]
    named: set[int] = set()
    for key, value in table.items():
        seat = int(key)
        if seat in named:
            raise plain.TutorialError(("tricks", str(key)), f"席{seat}のトリック数が二度書かれています。")
        named.add(seat)
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= TRICKS:
            raise plain.TutorialError(("tricks", str(key)),
                                      f"{seat_name(seat)}のトリック数は0〜{TRICKS}の整数で書きます（{value!r}）。")
        counts[seat] = value
    return counts[0], counts[1], counts[2]
