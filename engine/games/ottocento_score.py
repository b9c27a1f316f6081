"""Ottocento's final position and its worked score sheet.

A finished deal is scored from who holds which cards (after the Matto's payment), the
dealer's discard, who won the last trick and what each player declared in hand.  Every
number the reader needs to check is its own step: card points in pairs, the last trick,
each combination with its wild cards, each doubling, and the rounding to fives.
Rules: shared/rules/ottocento.md §2.6, §4.2, §5.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from .. import plaindata as plain
from .. import share
from ..cards import NAMINGS, SUITS, TRUMP, Card, Pack
from ..game import VariantOption, Variants, read_variants, variant_bytes
from ..scoresheet import RuleRef, ScoreSheet
from .ottocento_combos import MATTO, Combo, combinations, doubled

GAME = "ottocento"
NAMING = NAMINGS[GAME]
PACK = Pack.BOLOGNESE62
SEATS = 4
DEALER = 3
TEAMS: tuple[tuple[int, int], ...] = ((1, 3), (0, 2))  # side 0: the dealer and his partner
SIDE_KEYS = ("dealer", "opponents")
SIDE_NAMES = ("ディーラー側（席1・席3）", "相手側（席0・席2）")
SEAT_NAMES = ("席0", "席1", "席2", "席3（ディーラー）")
LAST_TRICK = 6
TARGET = 800


def rule(anchor: str) -> RuleRef:
    return RuleRef(GAME, anchor)


VARIANTS = (
    VariantOption("suit_wilds", "スートのシークエンスに使えるコンタトリ",
                  ((2, "2枚まで（推奨）"), (1, "1枚まで")), 2, rule("contatori")),
    VariantOption("game_end", "800点の判定", (("reach", "800点に達したら（推奨）"), ("exceed", "800点を超えたら")),
                  "reach", rule("game")),
    VariantOption("monte", "モンテ（配り直し）", ((True, "あり（推奨）"), (False, "なし")), True, rule("monte")),
    VariantOption("discard_no_trick", "ディーラー側がトリックを取れなかったときの捨て札",
                  (("opponents", "相手側のもの（推奨）"), ("dealer", "ディーラー側のまま")), "opponents",
                  rule("discard")),
    VariantOption("grande_moors", "グランデの5の先のムーア人",
                  ((True, "続けて数える（推奨）"), (False, "数えない")), True, rule("sequences")),
    VariantOption("signals", "合図の意味", (("dummett", "ダメットの記述（歴史的）"), ("accademia", "現代の大会ルール")),
                  "dummett", rule("signals")),
)


def team_of(seat: int) -> int:
    return 0 if seat in TEAMS[0] else 1


def card_value(card: Card) -> int:
    """Angel, World, Bagatto, Matto and Kings 5; Queens 4; Cavalli 3; Jacks 2; the rest 0."""
    if card.suit == TRUMP:
        return 5 if card.rank in (1, 20, 21) else 0
    if card == MATTO:
        return 5
    return {14: 5, 13: 4, 12: 3, 11: 2}.get(card.rank, 0)


def strength(card: Card) -> int:
    """Trumps by rank with the four Moors equal; long suits A low, round suits (cups, coins) A high."""
    if card.suit == TRUMP:
        return 2 if 2 <= card.rank <= 5 else card.rank
    if card.rank > 10:
        return card.rank + 100
    return 11 - card.rank if card.suit in ("H", "D") else card.rank


def display_order(cards: Iterable[Card]) -> list[Card]:
    def key(card: Card) -> tuple[int, int, int]:
        group = 0 if card.is_trump else 1 if card.is_fool else 2 + SUITS.index(card.suit)
        return group, -strength(card), -card.rank
    return sorted(cards, key=key)


def join(cards: Iterable[Card]) -> str:
    return "、".join(NAMING.name(c) for c in cards) or "なし"


def round_to_five(raw: int) -> int:
    """Last digit 1–2 down to 0, 3–7 to 5, 8–9 up to 10."""
    rest = raw % 5
    return raw - rest if rest <= 2 else raw + 5 - rest


def game_reached(total: int, variants: Variants) -> bool:
    return total >= TARGET if variants["game_end"] == "reach" else total > TARGET


@dataclass(frozen=True)
class Position:
    """A finished deal: each side's cards (``piles``, after the Matto's payment), the discard,
    the side that won the last trick, each seat's declared cards and the Matto's story.
    ``before`` (optional) is the running score of each side before this deal."""

    TAG: ClassVar[str] = "otP"

    piles: tuple[tuple[Card, ...], tuple[Card, ...]]
    discard: tuple[Card, ...]
    last_trick: int
    declared: tuple[tuple[Card, ...], ...] = ((), (), (), ())
    matto_by: int | None = None
    matto_paid: Card | None = None
    before: tuple[int, int] | None = None
    variants: Variants = field(default_factory=dict)

    def __post_init__(self) -> None:
        from .ottocento import OttocentoState
        object.__setattr__(self, "variants", OttocentoState.normalise_variants(self.variants))
        object.__setattr__(self, "piles", tuple(tuple(display_order(p)) for p in self.piles))
        object.__setattr__(self, "discard", tuple(display_order(self.discard)))
        object.__setattr__(self, "declared", tuple(tuple(display_order(d)) for d in self.declared))
        self._validate()

    def _validate(self) -> None:
        cards = [*self.piles[0], *self.piles[1], *self.discard]
        doubled_cards = {c for c in cards if cards.count(c) > 1}
        if len(cards) != 62 or doubled_cards or set(cards) != set(PACK.cards()):
            raise ValueError(f"62枚がちょうど1枚ずつそろっていません（{len(cards)}枚、重複: {join(doubled_cards)}）。")
        if len(self.discard) != 2 or any(card_value(c) == 5 for c in self.discard):
            raise ValueError("捨て札は2枚で、5点の札（天使・世界・ベガト・マット・キング）は捨てられません。")
        if self.last_trick not in (0, 1) or not self.piles[self.last_trick]:
            raise ValueError("最後のトリックを取った側は、取り札を持っていなければなりません。")
        if any(len(self.side_cards(side)) % 2 for side in (0, 1)):
            raise ValueError("各側の取り札の枚数は偶数になるはずです（トリック4枚と捨て札2枚、マットの1枚払い）。")
        self._validate_declared()
        self._validate_matto()

    def _validate_declared(self) -> None:
        if len(self.declared) != SEATS:
            raise ValueError("申告は4人分（空でもよい）で書きます。")
        shown = [c for d in self.declared for c in d]
        if len(shown) != len(set(shown)) or set(shown) & set(self.discard):
            raise ValueError("同じ札を二人が申告したり、捨て札を申告したりはできません。")
        if any(len(d) > 15 for d in self.declared):
            raise ValueError("申告できるのは手札の15枚までです。")

    def _validate_matto(self) -> None:
        holder = self.owner_of(MATTO)
        if self.matto_by is None:
            if self.matto_paid is not None:
                raise ValueError("マットを出した席（matto_by）がないのに、マットの支払いが書かれています。")
            return
        side = team_of(self.matto_by)
        if holder != side and self.piles[side]:
            raise ValueError("マットを出した側がトリックを取っているなら、マットはその側の取り札にあるはずです。")
        if self.matto_paid is not None and (holder != side or self.owner_of(self.matto_paid) != 1 - side
                                            or self.matto_paid == MATTO):
            raise ValueError("マットの代わりに渡した札は、相手側の取り札にあるはずです。")

    def owner_of(self, card: Card) -> int:
        """The side holding ``card`` at the end (the discard's owner for a discarded card)."""
        for side in (0, 1):
            if card in self.piles[side]:
                return side
        return self.discard_owner

    @property
    def discard_owner(self) -> int:
        return 0 if self.piles[0] or self.variants["discard_no_trick"] == "dealer" else 1

    def side_cards(self, side: int) -> list[Card]:
        return list(self.piles[side]) + (list(self.discard) if self.discard_owner == side else [])

    # --- share codes and plain data ------------------------------------------------------
    def share_code(self) -> str:
        data = variant_bytes(VARIANTS, self.variants)
        data += bytes(2 if c in self.discard else self.owner_of(c) for c in PACK.cards())
        data += bytes(next((s for s in range(SEATS) if c in self.declared[s]), 255) for c in PACK.cards())
        data += bytes([self.last_trick, 255 if self.matto_by is None else self.matto_by,
                       255 if self.matto_paid is None else PACK.index(self.matto_paid)])
        if self.before is not None:
            data += b"".join(n.to_bytes(2, "big") for n in self.before)
        return share.encode(self.TAG, data)

    @classmethod
    def from_share_code(cls, code: str) -> Position:
        reader = share.Reader(share.decode(code, cls.TAG))
        variants = read_variants(reader, VARIANTS)
        cards = PACK.cards()
        groups: list[list[Card]] = [[], [], []]
        for card in cards:
            owner = reader.byte()
            if owner > 2:
                raise share.ShareError("共有リンクの取り札の持ち主が読めません。")
            groups[owner].append(card)
        declared: list[list[Card]] = [[] for _ in range(SEATS)]
        for card in cards:
            seat = reader.byte()
            if seat != 255:
                if seat >= SEATS:
                    raise share.ShareError("共有リンクの申告が読めません。")
                declared[seat].append(card)
        last, matto_by, paid = reader.byte(), reader.byte(), reader.byte()
        if paid != 255 and paid >= len(cards):
            raise share.ShareError("共有リンクのマットの支払いが読めません。")
        extra = reader.rest()
        if len(extra) not in (0, 4):
            raise share.ShareError("共有リンクの累計点が読めません。")
        before = (int.from_bytes(bytes(extra[:2]), "big"), int.from_bytes(bytes(extra[2:]), "big")) if extra else None
        try:
            return cls((tuple(groups[0]), tuple(groups[1])), tuple(groups[2]), last,
                       tuple(map(tuple, declared)), None if matto_by == 255 else matto_by,
                       None if paid == 255 else cards[paid], before, variants)
        except ValueError as error:
            raise share.ShareError(f"共有リンクの局面がルールに合いません: {error}") from None

    @classmethod
    def from_data(cls, data: Mapping[str, Any], variants: Variants) -> Position:
        """``piles`` by side (``dealer``/``opponents``; one may say ``rest``), ``discard``,
        ``last_trick`` (a side), and optionally ``declared`` by seat, ``matto_by``, ``matto_paid``,
        ``before`` (running scores by side)."""
        piles_data = plain.field(data, "piles", (), dict)
        discard = plain.cards(plain.field(data, "discard", (), (str, list)), ("discard",))
        listed = [None if piles_data.get(k) == "rest" else plain.cards(piles_data.get(k, []), ("piles", k))
                  for k in SIDE_KEYS]
        if sum(p is None for p in listed) > 1:
            raise plain.TutorialError(("piles",), "rest（残り全部）を使えるのは片方だけです。")
        used = {c for p in listed if p for c in p} | set(discard)
        rest = [c for c in PACK.cards() if c not in used]
        piles = (tuple(rest if listed[0] is None else listed[0]), tuple(rest if listed[1] is None else listed[1]))
        last = plain.field(data, "last_trick", ())
        if last not in SIDE_KEYS:
            raise plain.TutorialError(("last_trick",), "last_trick は dealer か opponents です。")
        declared_data = plain.field(data, "declared", (), dict, required=False, default={})
        declared = tuple(tuple(plain.cards(plain.by_seat(declared_data, s) or [], ("declared", s)))
                         for s in range(SEATS))
        paid = plain.field(data, "matto_paid", (), required=False)
        before_data = plain.field(data, "before", (), dict, required=False)
        before = None if before_data is None else tuple(plain.field(before_data, k, ("before",), int)
                                                        for k in SIDE_KEYS)
        try:
            return cls(piles, tuple(discard), SIDE_KEYS.index(last), declared,
                       plain.field(data, "matto_by", (), int, required=False),
                       None if paid is None else Card.parse(paid), before, variants)
        except ValueError as error:
            raise plain.TutorialError(("piles",), str(error)) from None

    def groups(self) -> list[tuple[str, Sequence[Card]]]:
        shown: list[tuple[str, Sequence[Card]]] = [(f"{SIDE_NAMES[s]}の取り札", self.piles[s]) for s in (0, 1)]
        shown.append(("ディーラーの捨て札", self.discard))
        shown += [(f"{SEAT_NAMES[s]}の申告", d) for s, d in enumerate(self.declared) if d]
        return shown

    def with_variants(self, variants: Variants) -> Position:
        return Position(self.piles, self.discard, self.last_trick, self.declared, self.matto_by, self.matto_paid,
                        self.before, {**self.variants, **variants})

    def score(self) -> ScoreSheet:
        return score_position(self)


def score_position(pos: Position) -> ScoreSheet:
    sheet = ScoreSheet("オットーチェントの得点計算")
    _discard_step(sheet, pos)
    _matto_step(sheet, pos)
    for side, name in enumerate(SIDE_NAMES):
        sheet.totals[name] = _score_side(sheet, pos, side, name)
    _match_step(sheet, pos)
    return sheet


def _discard_step(sheet: ScoreSheet, pos: Position) -> None:
    if pos.discard_owner == 0:
        why = "ディーラー側のものです" + ("（トリックは取れませんでしたが、ヴァリアントの設定により）"
                                        if not pos.piles[0] else "")
    else:
        why = "ディーラー側がトリックを1回も取れなかったので、相手側のものになります"
    sheet.add("", "捨て札の行き先", rule("discard"), f"捨て札（{join(pos.discard)}）は{why}。点札も役も数えます。")


def _matto_step(sheet: ScoreSheet, pos: Position) -> None:
    if pos.matto_by is None:
        return
    side = team_of(pos.matto_by)
    who = SEAT_NAMES[pos.matto_by]
    if pos.owner_of(MATTO) != side:
        detail = f"{who}の側はトリックを1回も取れなかったので、マットは相手側のものになりました。"
    elif pos.matto_paid is not None:
        detail = (f"{who}はマットを自分の側の取り札に残し、トリックに勝った相手側に代わりの札"
                  f"（{NAMING.name(pos.matto_paid)}）を1枚渡しました。")
    else:
        detail = f"{who}のマットは自分の側の取り札に残りました（支払いは不要でした）。"
    sheet.add("", "マット", rule("matto"), detail)


def _score_side(sheet: ScoreSheet, pos: Position, side: int, name: str) -> int:
    cards = pos.side_cards(side)
    counters = [c for c in display_order(cards) if card_value(c)]
    listing = "、".join(f"{NAMING.name(c)} {card_value(c)}" for c in counters) or "なし"
    face = sum(card_value(c) - 1 for c in counters)
    sheet.add(name, "取った札", rule("card-points"), f"{len(cards)}枚（2枚1組で{len(cards) // 2}組）")
    sheet.add(name, "点札（額面−1）", rule("card-points"), f"{listing} → 1枚ごとに1を引いて{face}点", face)
    sheet.add(name, "2枚1組ごとに1点", rule("card-points"), f"{len(cards) // 2}組", len(cards) // 2)
    raw = face + len(cards) // 2
    if pos.last_trick == side:
        sheet.add(name, "最後のトリック", rule("last-trick"), "第15トリックを取りました", LAST_TRICK)
        raw += LAST_TRICK
    raw += _combo_steps(sheet, name, "取り札の役", combinations(cards, *_combo_args(pos.variants)))
    for seat in TEAMS[side]:
        if pos.declared[seat]:
            found = combinations(pos.declared[seat], *_combo_args(pos.variants))
            raw += _combo_steps(sheet, name, f"{SEAT_NAMES[seat]}の手役", found)
    rounded = round_to_five(raw)
    sheet.add(name, "小計", rule("rounding"), f"{raw}点")
    digit = raw % 10
    how = "端数なし" if rounded == raw else f"一の位が{digit}なので{digit + rounded - raw}にします"
    sheet.add(name, "5点単位に丸める", rule("rounding"), f"{raw}点 → {rounded}点（{how}）", rounded - raw)
    return rounded


def _combo_args(variants: Variants) -> tuple[int, bool]:
    return int(variants["suit_wilds"]), bool(variants["grande_moors"])


def _combo_steps(sheet: ScoreSheet, name: str, where: str, combos: list[Combo]) -> int:
    """One step per combination, then a separate step for each doubling; returns the points."""
    if not combos:
        sheet.add(name, where, rule("combinations"), "役はありません。")
        return 0
    total = 0
    for combo in combos:
        anchor = "cricche" if combo.kind == "cricca" else "sequences"
        sheet.add(name, f"{where}: {combo.name}", rule(anchor), combo.describe(), combo.value)
        total += combo.value
    for kind, word, anchor in (("cricca", "クリッカ", "cricche"), ("sequence", "シークエンス", "sequences")):
        if doubled(combos, kind):
            extra = sum(c.value for c in combos if c.kind == kind)
            count = sum(c.kind == kind for c in combos)
            sheet.add(name, f"{where}: {word}の倍付け", rule(anchor),
                      f"{word}が{count}つあるので、{word}の点{extra}点を2倍にします", extra)
            total += extra
    return total


def _match_step(sheet: ScoreSheet, pos: Position) -> None:
    if pos.before is None:
        return
    after = [pos.before[s] + int(sheet.totals[SIDE_NAMES[s]]) for s in (0, 1)]
    for side in (0, 1):
        sheet.add("", f"累計: {SIDE_NAMES[side]}", rule("game"), f"{pos.before[side]}点 → {after[side]}点")
    reached = [game_reached(n, pos.variants) for n in after]
    word = "800点以上" if pos.variants["game_end"] == "reach" else "800点を超えた"
    if not any(reached):
        verdict = "どちらも800点に届かないので、次のディールに進みます。"
    elif all(reached) and after[0] == after[1]:
        verdict = f"両側が{word}で同点なので、もう1ディール遊びます。"
    else:
        winner = (0 if after[0] > after[1] else 1) if all(reached) else reached.index(True)
        verdict = f"{SIDE_NAMES[winner]}が{word}になり、ゲームに勝ちました。"
    sheet.add("", "ゲームの勝敗", rule("game"), verdict)

