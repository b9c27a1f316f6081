"""ロンブル: the finished deal (``Position``) and its chip payments.

Follows shared/rules/lhombre.md §5.  Only tricks count in l'Hombre, so a finished deal is
the contract, the declarer, the trump suit and how many tricks each active seat took (play
may stop early once the result is certain), whether the declarer played on for the slam or
surrendered, and the declarer's hand for the reader to look at.  Every payment runs between
the declarer and each opponent, so a deal always balances.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from .. import plaindata as plain
from .. import share
from ..cards import FRENCH_SUITS, SUITS, Card, Pack
from ..game import Variants, read_variants, variant_bytes
from ..scoresheet import ScoreSheet
from .lhombre_rules import (
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


@dataclass(frozen=True)
class Position:
    """A finished deal: ``tricks`` per active seat (summing to 9, or fewer when the result was
    already certain), ``trump`` a suit letter or "" for nolo, ``hand`` the declarer's cards as he
    began to play (may be empty)."""

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
        from .lhombre import LHombreState

        object.__setattr__(self, "variants", LHombreState.normalise_variants(self.variants))
        object.__setattr__(self, "hand", tuple(sorted(self.hand, key=SUITINGS[self.trump].sort_key))
                           if self.trump in SUITINGS else self.hand)
        self._validate()

    def _validate(self) -> None:
        c = self.contract
        if not 0 <= self.declarer < 3:
            raise ValueError("デクレアラーは0（フォアハンド）・1（ミドルハンド）・2（バックハンド）のどれかです。")
        if c.nolo and self.trump:
            raise ValueError(f"{c.name}には切札がありません。")
        if not c.nolo and self.trump not in SUITS:
            raise ValueError(f"{c.name}では切札のスート（S・C・H・D）を書きます。")
        if c.trumps == "S" and self.trump != "S":
            raise ValueError(f"{c.name}の切札はスペードです。")
        if len(self.hand) not in (0, HAND) or len(set(self.hand)) != len(self.hand):
            raise ValueError("デクレアラーの手札は、違う札9枚（または書かない）です。")
        self._validate_tricks()

    def _validate_tricks(self) -> None:
        c, own, played = self.contract, self.tricks[self.declarer], sum(self.tricks)
        if any(t < 0 for t in self.tricks) or played > TRICKS:
            raise ValueError("トリック数は0以上で、合計9以下です。")
        if self.surrendered:
            if played or self.vole:
                raise ValueError("降伏したディールではトリックを1つも行いません。")
            return
        if self.vole:
            if c.nolo or own < 5 or (own == played < TRICKS):
                raise ValueError("スラムは切札のある契約で、最初の5トリックを取って続けたときだけです"
                                 "（9トリック全部を取るか、途中で1つ落とすまで）。")
            return
        if own == TRICKS:
            raise ValueError("9トリック全部を取るには、5トリックのあとでスラムを選んでいなければなりません。")
        if not decided(c, self.tricks, self.declarer):
            raise ValueError(f"トリック数の合計が{played}で、結果がまだ決まっていません"
                             f"（シンプル・ノロは9トリックすべてを行います）。")

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
        table = plain.field(data, "tricks", (), dict, required=not data.get("surrendered"), default={})
        counts = [plain.by_seat(table, s) or 0 for s in range(3)]
        if any(not isinstance(n, int) or isinstance(n, bool) for n in counts):
            raise plain.TutorialError(("tricks",), "tricks には席ごとのトリック数を整数で書きます。")
        hand = plain.cards(plain.field(data, "hand", (), (str, list), required=False, default=[]), ("hand",))
        try:
            return cls(BY_WORD[word], plain.field(data, "declarer", (), int),
                       plain.field(data, "trump", (), str, required=False, default=""),
                       (counts[0], counts[1], counts[2]), plain.field(data, "vole", (), bool, required=False,
                                                                      default=False),
                       plain.field(data, "surrendered", (), bool, required=False, default=False),
                       tuple(hand), variants)
        except ValueError as error:
            raise plain.TutorialError(("tricks",), str(error)) from None

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
            stopped = sum(self.tricks) < TRICKS
            sheet.add("", "トリック数", rule("early-end" if stopped else "outcomes"), self._tricks_text())
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
        return f"{counts}{rest}"

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
            compare = {"win": "より多い", "remise": "と同じ", "codille": "より少ない"}[result]
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
