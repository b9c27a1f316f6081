"""ナポレタニッシュ: a fishing game with the 54-card tarock pack, 2–4 players each for himself.

Follows shared/rules/napoletanisch.md.  Seats run 0..n-1 counter-clockwise from the dealer's
right; the dealer is the last seat.  There are no tricks: a decision is one hand card played
together with the set of table cards it takes (``Action.take``; empty when the card stays on
the table), so the widget can let the reader pick both and the engine can say why a chosen
set is refused.  Phases: play (turns until every hand is empty) → done.  Scores are counted
in thirds and each player's total is rounded down, so a deal shares out 68, 69 or 70 points.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, ClassVar

from .. import plaindata as plain
from .. import share
from ..cards import CAVALIER, JACK, KING, NAMINGS, QUEEN, SUITS, Card, Pack
from ..game import (
    Action,
    GameState,
    IllegalAction,
    VariantOption,
    Variants,
    read_variants,
    variant_bytes,
)
from ..scoresheet import RuleRef, ScoreSheet

GAME = "napoletanisch"
NAMING = NAMINGS[GAME]
PACK = Pack.TAROCK54
TABLE_START = 6
HAND_SIZE = 6
PACK_THIRDS = 210  # 70 points


def rule(anchor: str) -> RuleRef:
    return RuleRef(GAME, anchor)


VARIANTS = (
    VariantOption("players", "人数", ((4, "4人"), (3, "3人"), (2, "2人")), 4, rule("players")),
    VariantOption("capture_optional", "取れるときに取らずに置く",
                  ((False, "できない: 取れる札は必ず取る（推奨）"), (True, "できる")), False,
                  rule("compulsory")),
    VariantOption("unclaimed_remainder", "誰も取らなかったときの場の残り",
                  (("nobody", "誰のものにもならない（推奨）"), ("dealer", "ディーラーのもの")), "nobody",
                  rule("remainder")),
)


def seat_name(seat: int, players: int) -> str:
    return f"席{seat}（ディーラー）" if seat == players - 1 else f"席{seat}"


# --- card facts ----------------------------------------------------------------------------
def category(card: Card) -> str:
    """'tarock' (T1–T21 and the Sküs), 'court' (K Q N J) or 'numeral' (black 7–10, red 1–4)."""
    if card.suit not in SUITS:
        return "tarock"
    return "court" if card.rank >= JACK else "numeral"


def capture_value(card: Card) -> int:
    if card.is_fool:
        return 22
    if card.is_trump:
        return card.rank
    return {KING: 5, QUEEN: 4, CAVALIER: 3, JACK: 2}.get(card.rank, card.rank)


def thirds(card: Card) -> int:
    """Scoring value in thirds of a point: honours and kings 13, queens 10, cavaliers 7, jacks 4, others 1."""
    if card.is_fool or str(card) in ("T1", "T21"):
        return 13
    if card.is_trump:
        return 1
    return {KING: 13, QUEEN: 10, CAVALIER: 7, JACK: 4}.get(card.rank, 1)


CATEGORY_NAMES = {"tarock": "タロック", "court": "絵札", "numeral": "数字札"}
MAY_TAKE = {"numeral": ("numeral",), "court": ("numeral", "court"), "tarock": ("numeral", "court", "tarock")}


def display_order(cards: Iterable[Card]) -> list[Card]:
    """Tarocks high to low with the Sküs first, then each suit from the king down."""
    return sorted(cards, key=lambda c: (-capture_value(c), 0) if category(c) == "tarock"
                  else (100 + SUITS.index(c.suit), -c.rank))


def thirds_text(value: int) -> str:
    whole, part = divmod(value, 3)
    return ("" if whole == 0 and part else str(whole)) + ("", "⅓", "⅔")[part]


def _names(cards: Iterable[Card]) -> str:
    return "と".join(NAMING.name(c) for c in cards)


# --- captures ------------------------------------------------------------------------------
def _subsets(items: Sequence[tuple[int, Card]], target: int, start: int = 0) -> Iterator[tuple[Card, ...]]:
    """Sets of ``items`` (sorted by value) whose values sum to ``target``."""
    for i in range(start, len(items)):
        value, card = items[i]
        if value > target:
            return
        if value == target:
            yield (card,)
        else:
            for rest in _subsets(items, target - value, i + 1):
                yield (card, *rest)


def legal_captures(played: Card, table: Sequence[Card]) -> list[tuple[Card, ...]]:
    """Every set of table cards ``played`` may take: one card of equal value or several summing to it,
    of the kinds its own kind may take; sets are in pack order."""
    allowed = MAY_TAKE[category(played)]
    items = sorted(((capture_value(c), c) for c in table if category(c) in allowed), key=lambda x: x[0])
    return [tuple(sorted(s, key=PACK.index)) for s in _subsets(items, capture_value(played))]


def capture_refusal(played: Card, taken: Sequence[Card], table: Sequence[Card]) -> str | None:
    """Why ``played`` may not take ``taken`` from ``table`` (None when it may), in Japanese."""
    missing = [c for c in taken if c not in table]
    if missing:
        return f"{_names(missing)}は場にありません。"
    kind = category(played)
    wrong = [c for c in taken if category(c) not in MAY_TAKE[kind]]
    if wrong:
        allowed = "数字札だけ" if kind == "numeral" else "タロック以外の札（絵札と数字札）だけ"
        return (f"{NAMING.name(played)}は{CATEGORY_NAMES[kind]}なので、取れるのは{allowed}です。"
                f"{_names(wrong)}は{CATEGORY_NAMES[category(wrong[0])]}なので取れません。")
    target, total = capture_value(played), sum(capture_value(c) for c in taken)
    if total == target:
        return None
    sums = " + ".join(str(capture_value(c)) for c in taken)
    reason = (f"選んだ札の取り点は {sums} = {total} で、{NAMING.name(played)}の取り点 {target} と"
              "一致しません。")
    if total % target == 0 and len(taken) > 1:
        reason += "1回に取れるのは、合計がちょうど出した札の取り点になる1組だけです。"
    return reason


# --- the final position --------------------------------------------------------------------
@dataclass(frozen=True)
class Position:
    """A finished deal: each seat's captured cards, the cards left on the table at the end and
    the last seat that captured (None if nobody did); ``variants['players']`` is the pile count."""

    TAG: ClassVar[str] = "naP"

    piles: tuple[tuple[Card, ...], ...]
    remainder: tuple[Card, ...]
    last_capturer: int | None
    variants: Variants = field(default_factory=dict)

    def __post_init__(self) -> None:
        variants = {**self.variants, "players": len(self.piles)}
        object.__setattr__(self, "variants", NapoletanischState.normalise_variants(variants))
        object.__setattr__(self, "piles", tuple(tuple(display_order(p)) for p in self.piles))
        object.__setattr__(self, "remainder", tuple(display_order(self.remainder)))
        self._validate()

    def _validate(self) -> None:
        cards = [c for pile in self.piles for c in pile] + list(self.remainder)
        missing = set(PACK.cards()) - set(cards)
        doubled = {c for c in cards if cards.count(c) > 1}
        if missing or doubled or len(cards) != len(PACK.cards()):
            problems = [f"{c}が不足" for c in display_order(missing)] + [f"{c}が重複" for c in display_order(doubled)]
            detail = "、".join(problems[:5]) + ("ほか" if len(problems) > 5 else "")
            raise ValueError(f"54枚がちょうど1枚ずつそろっていません（{detail or f'{len(cards)}枚'}）。")
        if self.last_capturer is None:
            if any(self.piles):
                raise ValueError("誰かが札を取っているなら、最後に取った席を書いてください。")
        elif not 0 <= self.last_capturer < len(self.piles) or not self.piles[self.last_capturer]:
            raise ValueError("最後に取った席は、取った札を持っていなければなりません。")

    @property
    def remainder_owner(self) -> int | None:
        if self.last_capturer is not None:
            return self.last_capturer
        return len(self.piles) - 1 if self.variants["unclaimed_remainder"] == "dealer" else None

    def share_code(self) -> str:
        data = variant_bytes(VARIANTS, self.variants)
        owners = bytes(self._owner_byte(c) for c in PACK.cards())
        data += owners + bytes([255 if self.last_capturer is None else self.last_capturer])
        return share.encode(self.TAG, data)

    def _owner_byte(self, card: Card) -> int:
        return next((seat for seat, pile in enumerate(self.piles) if card in pile), 254)

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
        try:
            return cls(tuple(map(tuple, piles)), tuple(remainder), None if last == 255 else last, variants)
        except ValueError as error:
            raise share.ShareError(f"共有リンクの局面がルールに合いません: {error}") from None

    @classmethod
    def from_data(cls, data: Mapping[str, Any], variants: Variants) -> Position:
        """``piles`` per seat (one seat may say ``rest``), ``remainder`` (the table at the end) and
        ``last_capturer``; the number of seats is the ``players`` variant."""
        players = int(variants["players"])
        piles_data = plain.field(data, "piles", (), dict)
        listed: list[list[Card] | None] = []
        for seat in range(players):
            value = plain.by_seat(piles_data, seat)
            listed.append(None if value == "rest" else plain.cards(value if value is not None else [], ("piles", seat)))
        remainder = plain.cards(plain.field(data, "remainder", (), (str, list), required=False, default=[]),
                                ("remainder",))
        if sum(pile is None for pile in listed) > 1:
            raise plain.TutorialError(("piles",), "rest（残り全部）を使えるのは1人分だけです。")
        used = {c for pile in listed if pile for c in pile} | set(remainder)
        rest = [c for c in PACK.cards() if c not in used]
        piles = tuple(tuple(rest if pile is None else pile) for pile in listed)
        last = plain.field(data, "last_capturer", (), int, required=False)
        try:
            return cls(piles, tuple(remainder), last, variants)
        except ValueError as error:
            raise plain.TutorialError(("piles",), str(error)) from None

    def groups(self) -> list[tuple[str, Sequence[Card]]]:
        players = len(self.piles)
        shown: list[tuple[str, Sequence[Card]]] = [
            (f"{seat_name(s, players)}が取った札", p) for s, p in enumerate(self.piles)]
        return [*shown, ("最後に場に残った札", self.remainder)]

    def with_variants(self, variants: Variants) -> Position:
        return Position(self.piles, self.remainder, self.last_capturer, {**self.variants, **variants})

    def score(self) -> ScoreSheet:
        return score_position(self)


def score_position(pos: Position) -> ScoreSheet:
    """Remainder to its owner, then per seat: the cards' value in thirds and the fraction dropped."""
    players = len(pos.piles)
    sheet = ScoreSheet("ナポレタニッシュの得点計算")
    owner = pos.remainder_owner
    piles = [list(p) for p in pos.piles]
    names = "、".join(NAMING.name(c) for c in pos.remainder) or "なし"
    if owner is not None:
        piles[owner] += pos.remainder
        why = (f"最後に札を取った{seat_name(owner, players)}" if pos.last_capturer is not None
               else f"誰も札を取らなかったので、ヴァリアントによりディーラーの{seat_name(owner, players)}")
        sheet.add("", "場の残り", rule("remainder"), f"最後に場に残った札（{names}）は{why}のものになります。")
    else:
        sheet.add("", "場の残り", rule("remainder"),
                  f"誰も札を取らなかったので、場の札（{names}）は誰のものにもなりません。")
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
    counts = {value: sum(thirds(c) == value for c in pile) for _, value in GROUPS}
    listing = "、".join(f"{label} {counts[v]}枚×{thirds_text(v)}" for label, v in GROUPS if counts[v]) or "取った札なし"
    value = sum(thirds(c) for c in pile)
    exact = Fraction(value, 3)
    sheet.add(name, "取った札の点", rule("scoring"), f"{len(pile)}枚: {listing} = {thirds_text(value) or '0'}点", exact)
    points = value // 3
    sheet.add(name, "1点未満を切り捨て", rule("scoring"),
              f"{thirds_text(value) or '0'}点 → {points}点", Fraction(points) - exact)
    return points


# --- the game ------------------------------------------------------------------------------
class NapoletanischState(GameState):
    GAME = GAME
    TAG = "naG"
    POSITION = Position
    PACK = PACK
    VARIANTS = VARIANTS
    KEYWORDS = ()
    SEATS = 4
    CAPTURES = True

    def __init__(self, deal: Sequence[Card], variants: Variants | None = None) -> None:
        super().__init__(deal, variants)
        if len(self.deal) != len(set(self.deal)) or set(self.deal) != set(PACK.cards()):
            raise ValueError("配り札は54枚のタロックパックをちょうど1回ずつ含まなければなりません。")
        self.players = int(self.variants["players"])
        dealt = TABLE_START + HAND_SIZE * self.players
        self.tablecards: list[Card] = list(self.deal[:TABLE_START])
        self.hands: list[list[Card]] = [list(self.deal[TABLE_START + s:dealt:self.players])
                                        for s in range(self.players)]
        self.drawn = dealt  # index of the stock's top card in the deal
        self.piles: list[list[Card]] = [[] for _ in range(self.players)]
        self.remainder: list[Card] = []
        self.last_capturer: int | None = None
        self.turn = 0
        self.last_event = ""

    @classmethod
    def from_hands(cls, hands: Sequence[Sequence[Card]], variants: Variants | None = None) -> NapoletanischState:
        """Hands of the first ``players`` seats (later ones must be empty); the table and the stock are
        the remaining cards in pack order."""
        players = int(cls.normalise_variants(dict(variants or {}))["players"])
        if any(hands[players:]) or [len(h) for h in hands[:players]] != [HAND_SIZE] * players:
            raise ValueError(f"{players}人で遊ぶときは、席0〜{players - 1}に6枚ずつ配ります。")
        used = {c for h in hands for c in h}
        rest = [c for c in PACK.cards() if c not in used]
        dealt = [hands[i % players][i // players] for i in range(HAND_SIZE * players)]
        return cls(rest[:TABLE_START] + dealt + rest[TABLE_START:], variants)

    # --- whose turn and what is allowed ------------------------------------------------
    def is_terminal(self) -> bool:
        return not any(self.hands)

    def stock(self) -> tuple[Card, ...]:
        return self.deal[self.drawn:]

    def captures(self, card: Card) -> list[tuple[Card, ...]]:
        """Every set of table cards ``card`` may take now (empty: it can only stay on the table)."""
        return legal_captures(card, self.tablecards)

    def _legal_actions(self) -> list[Action]:
        if self.is_terminal():
            return []
        actions: list[Action] = []
        for card in self.hands[self.turn]:
            sets = self.captures(card)
            actions += [Action("play", card, s) for s in sets]
            if not sets or self.variants["capture_optional"]:
                actions.append(Action("play", card))
        return actions

    def refusal(self, action: Action) -> str | None:
        if self.is_terminal():
            return "このディールはもう終わっています。"
        card = action.card
        if action.kind != "play" or card is None:
            return "手札から出す札を1枚選んでください。"
        if card not in self.hands[self.turn]:
            return "その札は手札にありません。"
        if len(set(action.take)) != len(action.take):
            return "同じ札を二度選ぶことはできません。"
        if action.take:
            return capture_refusal(card, action.take, self.tablecards)
        if self.variants["capture_optional"]:
            return None
        sets = self.captures(card)
        if not sets:
            return None
        options = "、".join(f"「{_names(s)}」" for s in sets)
        return (f"{NAMING.name(card)}は場の{options}を取れます。取れるときは必ず1組を取らなければならないので、"
                "取る札を場から選んでください。")

    def explain(self, action: Action) -> str:
        reason = self.refusal(action)
        return reason if reason is not None else f"{self.describe(action)}ことができます。"

    def describe(self, action: Action) -> str:
        if action.card is None:
            return action.kind
        name = NAMING.name(action.card)
        return f"{name}で{_names(action.take)}を取る" if action.take else f"{name}を場に置く"

    # --- applying actions --------------------------------------------------------------
    def _apply(self, action: Action) -> None:
        assert action.card is not None
        seat, card = self.turn, action.card
        self.hands[seat].remove(card)
        who = seat_name(seat, self.players)
        if action.take:
            for taken in action.take:
                self.tablecards.remove(taken)
            self.piles[seat] += [card, *action.take]
            self.last_capturer = seat
            sums = " + ".join(str(capture_value(c)) for c in action.take)
            self.last_event = (f"{who}は{NAMING.name(card)}（取り点{capture_value(card)}）で"
                               f"{_names(action.take)}（{sums}）を取りました。")
        else:
            self.tablecards.append(card)
            self.last_event = f"{who}の{NAMING.name(card)}は何も取らず、場に残りました。"
        self.log.append(self.last_event)
        if self.drawn < len(self.deal):
            self.hands[seat].append(self.deal[self.drawn])
            self.drawn += 1
        self.turn = (seat + 1) % self.players
        if self.is_terminal():
            self._finish()

    def _finish(self) -> None:
        self.remainder, self.tablecards = self.tablecards, []
        if self.last_capturer is not None and self.remainder:
            self.log.append(f"手札がなくなったので、場に残った{_names(self.remainder)}は最後に札を取った"
                            f"{seat_name(self.last_capturer, self.players)}のものになります。")

    # --- results -----------------------------------------------------------------------
    def position(self) -> Position:
        if not self.is_terminal():
            raise IllegalAction("ディールが終わるまで得点は計算できません。")
        return Position(tuple(map(tuple, self.piles)), tuple(self.remainder), self.last_capturer, self.variants)

    def score(self) -> ScoreSheet:
        return score_position(self.position())

    def hand(self, seat: int) -> list[Card]:
        return display_order(self.hands[seat])

    def table(self) -> tuple[list[tuple[str, Card]], str, int | None]:
        """The table cards with their capture values, and what the last play did."""
        shown = self.remainder if self.is_terminal() else self.tablecards
        return [(f"取り点{capture_value(c)}", c) for c in shown], self.last_event, None

    def fingerprint(self) -> Hashable:
        return (self.deal, tuple(sorted(self.variants.items())), tuple(self.history), self.turn, self.drawn,
                tuple(map(tuple, self.hands)), tuple(self.tablecards), tuple(map(tuple, self.piles)),
                tuple(self.remainder), self.last_capturer)
