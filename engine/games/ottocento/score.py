"""Ottocento's final position and its worked score sheet.

A finished deal is scored from who holds which cards (after the Matto's payment), the
dealer's discard, who won the last trick and what each player declared in hand.  Every
number the reader needs to check is its own step: card points in pairs, the last trick,
each combination with its wild cards, each doubling, and the rounding to fives.

A position is accepted only if some legal deal ends in it (``Position`` checks this when it is
made, from a finished deal, an author's data or a share code): each side's trick cards are
whole tricks, the side of the last trick took a trick, the Matto and its payment are where the
rules put them, and each seat's declared cards are cards it could have shown and that fit into
the tricks where they ended.  A refusal is a ``TutorialError`` naming the field at fault.
Rules: shared/rules/ottocento.md §2.6, §3, §4.2, §5.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import InitVar, dataclass, field
from typing import Any, ClassVar

from ... import plaindata as plain
from ... import share
from ...cards import Card
from ...game import Variants, normalise_variants, read_variants, variant_bytes
from ...plaindata import TutorialError
from ...scoresheet import ScoreSheet
from .combos import Combo, combination_cards, combinations, doubled
from .rules import (
    ANGEL,
    BAGATTO,
    DISCARDS,
    FIVES,
    HAND,
    LAST_TRICK,
    MATTO,
    NAME,
    NAMING,
    ORDER,
    PACK,
    SEAT_NAMES,
    SEATS,
    SIDE_KEYS,
    SIDE_NAMES,
    SIDE_SHORT,
    TARGET,
    TEAM_OF,
    TEAMS,
    VALUE,
    VARIANTS,
    game_reached,
    join,
    round_to_five,
    rule,
)

PACK_CARDS = frozenset(PACK.cards())
SHARE_LIMIT = 0xFFFF  # running scores take two bytes in a share code


def _ordered(cards: Sequence[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=ORDER.__getitem__))


@dataclass(frozen=True)
class Position:
    """A finished deal: each side's trick cards (``piles``, after the Matto's payment), the
    dealer's two discards, the side that won the last trick, each seat's declared cards and
    the Matto's story (``matto_by`` the seat that played it, ``matto_paid`` the card its side
    gave instead).  ``before`` (optional) is the running score of each side before this deal."""

    TAG: ClassVar[str] = "otP"

    piles: tuple[tuple[Card, ...], tuple[Card, ...]]
    discard: tuple[Card, ...]
    last_trick: int
    declared: tuple[tuple[Card, ...], ...] = ((), (), (), ())
    matto_by: int | None = None
    matto_paid: Card | None = None
    before: tuple[int, int] | None = None
    variants: Variants = field(default_factory=dict)
    # True only from the state machine, for the deal it has just played (reachable by construction);
    # every other position (author data, the CLI, share codes, other variants) is checked.
    played: InitVar[bool] = False

    def __post_init__(self, played: bool) -> None:
        object.__setattr__(self, "variants", normalise_variants(VARIANTS, self.variants))
        if not played:
            self._validate_cards()
        object.__setattr__(self, "piles", (_ordered(self.piles[0]), _ordered(self.piles[1])))
        object.__setattr__(self, "discard", _ordered(self.discard))
        object.__setattr__(self, "declared", tuple(_ordered(d) for d in self.declared))
        if played:
            return
        self._validate_tricks()
        self._validate_matto()
        self._validate_declared()
        self._validate_before()

    # --- reachability ------------------------------------------------------------------
    def _validate_cards(self) -> None:
        """Each of the 62 cards once, in a trick pile or the discard; two discards, no 5-pointers."""
        if len(self.piles) != 2 or len(self.declared) != SEATS:
            raise TutorialError(("piles",), "取り札は2つの側、申告は4人分で書きます。")
        seen: set[Card] = set()
        for path, cards in ((("piles", SIDE_KEYS[0]), self.piles[0]), (("piles", SIDE_KEYS[1]), self.piles[1]),
                            (("discard",), self.discard)):
            for card in cards:
                if card not in PACK_CARDS:
                    raise TutorialError(path, f"{card} はボローニャ式の62枚のパックにありません。")
                if card in seen:
                    raise TutorialError(path, f"{NAMING.name(card)}（{card}）が二度出てきます。")
                seen.add(card)
        if len(seen) != len(PACK_CARDS):
            missing = [c for c in PACK.cards() if c not in seen]
            raise TutorialError(("piles",), f"62枚のうち{len(missing)}枚がどこにもありません: {join(missing)}。")
        if len(self.discard) != DISCARDS:
            raise TutorialError(("discard",), f"ディーラーの捨て札は2枚です（{len(self.discard)}枚書かれています）。")
        fives = [c for c in self.discard if c in FIVES]
        if fives:
            raise TutorialError(("discard",),
                                f"5点の札（天使・世界・ベガト・マット・キング）は捨てられません: {join(fives)}。")

    def _validate_tricks(self) -> None:
        """Whole tricks per side (the Matto kept and the card paid for it cancel out)."""
        for side in (0, 1):
            count = len(self.piles[side])
            if count % 4:
                raise TutorialError(("piles", SIDE_KEYS[side]),
                                    f"{SIDE_SHORT[side]}のトリックの札が{count}枚です。1回のトリックは4枚なので、"
                                    "捨て札を別にすると4の倍数になるはずです（マットを残した分と代わりに払った1枚は差し引きゼロ）。")
        if self.last_trick not in (0, 1):
            raise TutorialError(("last_trick",), "最後のトリックを取った側は dealer か opponents です。")
        if not self.piles[self.last_trick]:
            raise TutorialError(("last_trick",), f"{SIDE_SHORT[self.last_trick]}はトリックを1回も取っていないので、"
                                                 "最後のトリックを取ったはずがありません。")

    def _validate_matto(self) -> None:
        """The Matto stays with its side (paid for with one of that side's trick cards when an
        opponent won its trick), or goes over when its side took no trick; it is always played."""
        if self.matto_by is None:
            if self.matto_paid is not None:
                raise TutorialError(("matto_paid",), "マットを出した席（matto_by）が書かれていないのに、"
                                                     "マットの代わりに払った札が書かれています。")
            return
        if not isinstance(self.matto_by, int) or not 0 <= self.matto_by < SEATS:
            raise TutorialError(("matto_by",),
                                f"マットを出した席は0〜{SEATS - 1}で書きます（{self.matto_by!r}は席ではありません）。")
        side = TEAM_OF[self.matto_by]
        who = SEAT_NAMES[self.matto_by]
        if not self.piles[side]:
            if self.matto_paid is not None:
                raise TutorialError(("matto_paid",), f"{who}の側はトリックを1回も取っていないので、払える札がありません"
                                                     "（そのときはマットそのものが相手側に渡ります）。")
            return
        if MATTO not in self.piles[side]:
            raise TutorialError(("matto_by",), f"{who}の側はトリックを取っているので、{who}が出したマットは"
                                               "その側の取り札に残るはずです。")
        paid = self.matto_paid
        if paid is not None and (paid is MATTO or paid not in self.piles[1 - side]):
            raise TutorialError(("matto_paid",), "マットの代わりに払った札は、マット以外の札で、"
                                                 f"受け取った{SIDE_SHORT[1 - side]}の取り札にあるはずです。")

    def trick_cards(self) -> tuple[frozenset[Card], frozenset[Card]]:
        """The cards of each side's tricks as they were won: the Matto back in the trick an
        opponent won, the card paid for it back with the Matto's side."""
        piles = [set(self.piles[0]), set(self.piles[1])]
        if self.matto_by is not None and self.matto_paid is not None:
            side = TEAM_OF[self.matto_by]
            piles[side].discard(MATTO)
            piles[side].add(self.matto_paid)
            piles[1 - side].discard(self.matto_paid)
            piles[1 - side].add(MATTO)
        return frozenset(piles[0]), frozenset(piles[1])

    def _validate_declared(self) -> None:
        """Declared cards: from the seat's own hand, part of a combination it could hold, and each
        trick holds one card of every seat, so a seat has at most as many cards in a side's tricks
        as that side took tricks; the Angel wins every trick it is in."""
        if not any(self.declared):
            return
        tricks = self.trick_cards()
        won = (len(self.piles[0]) // 4, len(self.piles[1]) // 4)
        owners: dict[Card, int] = {}
        for seat, shown in enumerate(self.declared):
            path = ("declared", seat)
            if len(shown) > HAND:
                raise TutorialError(path, f"申告できるのは手札の{HAND}枚の中からです（{len(shown)}枚書かれています）。")
            for card in shown:
                if card not in PACK_CARDS:
                    raise TutorialError(path, f"{card} はボローニャ式の62枚のパックにありません。")
                if card in owners:
                    raise TutorialError(path, f"{NAMING.name(card)}は{SEAT_NAMES[owners[card]]}も申告しています。"
                                              "1枚の札を申告できるのは、その札を持っていた1人だけです。")
                if card in self.discard:
                    raise TutorialError(path, f"{NAMING.name(card)}はディーラーが捨てた札なので、申告できません"
                                              "（申告は捨てたあとの手札でします）。")
                owners[card] = seat
        for seat, shown in enumerate(self.declared):
            if not shown:
                continue
            path = ("declared", seat)
            who = SEAT_NAMES[seat]
            if MATTO in shown and self.matto_by is not None and self.matto_by != seat:
                raise TutorialError(("matto_by",), f"マットは{who}が申告した札なので、出したのも{who}のはずです。")
            held = set(shown)
            others = {c for c, s in owners.items() if s != seat}
            if self.matto_by is not None and self.matto_by != seat:
                others.add(MATTO)
            # A card in a combination of the declared cards alone is in one of every hand holding
            # them; only the others need the wider search among the cards the seat could hold.
            lone = [c for c in shown if c not in set(combination_cards(held, *combo_args(self.variants)))]
            if lone:
                could_hold = PACK_CARDS - others - set(self.discard)
                usable = set(combination_cards(could_hold, *combo_args(self.variants)))
                if BAGATTO in could_hold and BAGATTO not in held:  # with one contatore per suit
                    # sequence, a hand without the Bagatto gives that place to the Matto
                    usable.update(combination_cards(could_hold - {BAGATTO}, *combo_args(self.variants)))
                lone = [c for c in lone if c not in usable]
            if lone:
                raise TutorialError(path, f"{join(lone)}は、{who}が持てた札ではどんな役にも入らないので、"
                                          "申告できません。")
            if ANGEL in held and ANGEL not in tricks[TEAM_OF[seat]]:
                raise TutorialError(path, f"天使はどのトリックでも勝つので、{who}が出した天使は{who}の側の"
                                          "トリックに入るはずです。")
            if self.matto_by == seat and MATTO not in held:
                held.add(MATTO)
            for side in (0, 1):
                count = len(held & tricks[side])
                if count > won[side]:
                    raise TutorialError(path, f"{who}の札が{SIDE_SHORT[side]}のトリックに{count}枚入っていますが、"
                                              f"{SIDE_SHORT[side]}が取ったトリックは{won[side]}回です。1回のトリックには"
                                              "各席の札が1枚ずつしか入りません。")

    def _validate_before(self) -> None:
        """Running scores are sums of deals rounded to five, and the game was not already won."""
        if self.before is None:
            return
        if len(self.before) != 2:
            raise TutorialError(("before",), "累計は dealer と opponents の2つで書きます。")
        for side, total in enumerate(self.before):
            if not isinstance(total, int) or isinstance(total, bool) or not 0 <= total <= SHARE_LIMIT or total % 5:
                raise TutorialError(("before", SIDE_KEYS[side]),
                                    f"累計は0〜{SHARE_LIMIT}の5の倍数です（ディールの点は5点単位なので）。")
        # Over under either reading of 800 (a total above 800 ends the game unless tied).
        over = [total > TARGET for total in self.before]
        if any(over) and not (all(over) and self.before[0] == self.before[1]):
            side = over.index(True)
            raise TutorialError(("before", SIDE_KEYS[side]),
                                f"{SIDE_SHORT[side]}はこのディールの前にもう800点を超えているので、ゲームは終わっています。")

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
        except TutorialError as error:
            where = error.where()
            raise share.ShareError(f"共有リンクの局面は、どんなディールでも起こりません（{where}）: {error}") from None

    @classmethod
    def from_data(cls, data: Mapping[str, Any], variants: Variants) -> Position:
        """``piles`` by side (``dealer``/``opponents``; one may say ``rest``), ``discard``,
        ``last_trick`` (a side), and optionally ``declared`` by seat, ``matto_by``, ``matto_paid``,
        ``before`` (running scores by side)."""
        piles_data = plain.field(data, "piles", (), dict)
        _side_table(piles_data, "piles", "取り札")
        discard = plain.pack_cards(plain.field(data, "discard", (), (str, list)), ("discard",), PACK)
        listed = [None if piles_data.get(k) == "rest" else plain.pack_cards(piles_data.get(k, []), ("piles", k), PACK)
                  for k in SIDE_KEYS]
        if all(p is None for p in listed):
            raise TutorialError(("piles",), "rest（残り全部）を使えるのは片方の側だけです。")
        used = {c for p in listed if p for c in p}
        for side, pile in enumerate(listed):
            twice = [c for c in pile or () if c in discard]
            if twice:
                raise TutorialError(("piles", SIDE_KEYS[side]), f"{twice[0]} は捨て札にも書かれています。")
        if listed[0] is not None and listed[1] is not None:
            twice = [c for c in listed[1] if c in set(listed[0])]
            if twice:
                raise TutorialError(("piles", SIDE_KEYS[1]), f"{twice[0]} は両方の側の取り札に書かれています。")
        rest = [c for c in PACK.cards() if c not in used and c not in discard]
        piles = (tuple(rest if listed[0] is None else listed[0]), tuple(rest if listed[1] is None else listed[1]))
        last = plain.field(data, "last_trick", ())
        if last not in SIDE_KEYS:
            raise TutorialError(("last_trick",), "last_trick は dealer か opponents です。")
        declared_data = plain.field(data, "declared", (), dict, required=False, default={})
        plain.seat_table(declared_data, ("declared",), SEATS)
        declared = tuple(tuple(plain.pack_cards(plain.by_seat(declared_data, s) or [], ("declared", s), PACK))
                         for s in range(SEATS))
        matto_by = plain.seat(data, "matto_by", (), SEATS, required=False)
        paid_code = plain.field(data, "matto_paid", (), required=False)
        paid = None if paid_code is None else plain.pack_cards([paid_code], ("matto_paid",), PACK)[0]
        return cls(piles, tuple(discard), SIDE_KEYS.index(last), declared, matto_by, paid, _before(data), variants)

    def with_match(self, data: Mapping[str, Any]) -> Position:
        """This deal under the match it belongs to: ``before``, each side's running score before it
        (scoring examples of recorded deals carry it beside the deal; the sheet then decides the game)."""
        return Position(self.piles, self.discard, self.last_trick, self.declared, self.matto_by, self.matto_paid,
                        _before(data), self.variants)

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


def _before(data: Mapping[str, Any]) -> tuple[int, int] | None:
    """``before: {dealer: N, opponents: M}``, the running scores, when given."""
    before_data = plain.field(data, "before", (), dict, required=False)
    if before_data is None:
        return None
    _side_table(before_data, "before", "累計")
    dealer_total, opponents_total = (plain.field(before_data, k, ("before",), int) for k in SIDE_KEYS)
    return dealer_total, opponents_total


def _side_table(table: Mapping[Any, Any], key: str, what: str) -> None:
    """Refuse keys of a by-side table (``piles``, ``before``) that name no side."""
    for side in table:
        if side not in SIDE_KEYS:
            raise TutorialError((key, str(side)),
                                f"{what}の側は dealer か opponents で書きます（「{side}」は側ではありません）。")


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
    side = TEAM_OF[pos.matto_by]
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
    counters = sorted((c for c in cards if VALUE[c]), key=ORDER.__getitem__)
    listing = "、".join(f"{NAME[c]} {VALUE[c]}" for c in counters) or "なし"
    face = sum(VALUE[c] - 1 for c in counters)
    sheet.add(name, "取った札", rule("card-points"), f"{len(cards)}枚（2枚1組で{len(cards) // 2}組）")
    sheet.add(name, "点札（額面−1）", rule("card-points"), f"{listing} → 1枚ごとに1を引いて{face}点", face)
    sheet.add(name, "2枚1組ごとに1点", rule("card-points"), f"{len(cards) // 2}組", len(cards) // 2)
    raw = face + len(cards) // 2
    if pos.last_trick == side:
        sheet.add(name, "最後のトリック", rule("last-trick"), "第15トリックを取りました", LAST_TRICK)
        raw += LAST_TRICK
    raw += _combo_steps(sheet, name, "取り札の役", combinations(cards, *combo_args(pos.variants)))
    for seat in TEAMS[side]:
        if pos.declared[seat]:
            found = combinations(pos.declared[seat], *combo_args(pos.variants))
            raw += _combo_steps(sheet, name, f"{SEAT_NAMES[seat]}の手役", found)
    rounded = round_to_five(raw)
    sheet.add(name, "小計", rule("rounding"), f"{raw}点")
    digit = raw % 10
    how = "端数なし" if rounded == raw else f"一の位が{digit}なので{digit + rounded - raw}にします"
    sheet.add(name, "5点単位に丸める", rule("rounding"), f"{raw}点 → {rounded}点（{how}）", rounded - raw)
    return rounded


def combo_args(variants: Variants) -> tuple[int, bool]:
    """The combination switches: contatori allowed in a suit sequence, Moors after the Grande's 5."""
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
        verdict = ("どちらも800点に届かないので" if pos.variants["game_end"] == "reach"
                   else "どちらも800点を超えていないので") + "、次のディールに進みます。"
    elif all(reached) and after[0] == after[1]:
        verdict = f"両側が{word}で同点なので、もう1ディール遊びます。"
    else:
        winner = (0 if after[0] > after[1] else 1) if all(reached) else reached.index(True)
        verdict = f"{SIDE_NAMES[winner]}が{word}になり、ゲームに勝ちました。"
    sheet.add("", "ゲームの勝敗", rule("game"), verdict)

