"""ロンバルディアタロットの採点: a finished deal's final position and its worked score sheet.

``Position`` is what scoring examples, ``python -m engine score lombardia FILE`` and the
``loP`` share codes describe: each seat's won cards after the Fool's exchange, the dealer's
discard, who took the last trick and who played the Fool.  Only positions that a legal deal
can end in are accepted (see ``Position`` for the checks); anything else is refused with a
Japanese message that names the field.  The state machine (``state``) builds a Position at the
end of a deal; this module never needs the state, so it imports only the rule tables.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from ... import plaindata as plain
from ... import share
from ...cards import Card
from ...game import Variants, normalise_variants, read_variants, variant_bytes
from ...plaindata import TutorialError
from ...scoresheet import Number, ScoreSheet
from .rules import (
    BREAK_EVEN,
    DEALER,
    NAMING,
    PACK,
    SEAT_NAMES,
    SEATS,
    TEAM_NAMES,
    TEAMS,
    THE_FOOL,
    VARIANTS,
    card_values,
    display_order,
    is_honour,
    rule,
)

# A dealer who had to discard a trump held at least 20 of the 26 cards he may not discard freely
# (21 trumps, 4 Kings, the Fool), so at least 14 trumps to play against at most 6 in the other
# hands: every trick in which he trumps and loses needs one of those 6, so he wins at least 8.
TRICKS_AFTER_A_TRUMP_DISCARD = 8


class _Places:
    """Where each card of a position was written, so that a card written twice is refused at its
    second place (piles, sides and the discard are read through one of these)."""

    def __init__(self) -> None:
        self.written: dict[Card, str] = {}

    def cards(self, value: Any, path: plain.Path, where: str) -> list[Card]:
        found = plain.pack_cards(value if value is not None else [], path, PACK)
        for card in found:
            if card in self.written:
                raise TutorialError(path, f"{card}は{self.written[card]}にも書かれています。"
                                          "1枚のカードは1か所にだけ書きます。")
            self.written[card] = where
        return found


@dataclass(frozen=True)
class Position:
    """A finished deal as scoring needs it; the CLI and scoring examples start from this.

    ``piles`` are each seat's cards from tricks after every Fool exchange, ``discard`` the
    dealer's lay-away still counted apart, ``last_trick`` the seat that won trick 19 and
    ``fool_by`` the seat that played the Fool (optional, used to explain where it went).

    Accepted only if a legal deal ends this way: each seat holds whole tricks (the dealer one
    card more when he paid the Fool's exchange out of his discard, leaving one discarded card),
    the last trick's winner holds cards, the Fool is back with its player whenever he took a
    trick, the discard holds no honour, and a trump in the discard means the dealer took at
    least 8 tricks.  Errors are ``plaindata.TutorialError`` (a ValueError) whose path is the
    field at fault.
    """

    TAG: ClassVar[str] = "loP"

    piles: tuple[tuple[Card, ...], ...]
    discard: tuple[Card, ...]
    last_trick: int
    fool_by: int | None = None
    variants: Variants = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "variants", normalise_variants(VARIANTS, self.variants))
        object.__setattr__(self, "piles", tuple(tuple(display_order(p)) for p in self.piles))
        object.__setattr__(self, "discard", tuple(display_order(self.discard)))
        self._validate()

    # --- which final positions a legal deal reaches -------------------------------------
    def _validate(self) -> None:
        if len(self.piles) != SEATS:
            raise TutorialError(("piles",), f"取り札（piles）は{SEATS}人分必要です。")
        for key, seat in (("last_trick", self.last_trick), ("fool_by", self.fool_by)):
            if seat is not None and not 0 <= seat < SEATS:
                raise TutorialError((key,), f"「{key}」の席は0〜{SEATS - 1}で書きます（{seat}は席ではありません）。")
        self._check_cards()
        self._check_discard()
        self._check_tricks()
        self._check_fool()

    def _check_cards(self) -> None:
        cards = [c for pile in self.piles for c in pile] + list(self.discard)
        doubled = plain.duplicates(cards)
        missing = set(PACK.cards()).difference(cards)
        if missing or doubled or len(cards) != len(PACK.cards()):
            problems = [f"{c}が不足" for c in display_order(missing)] + [f"{c}が重複" for c in display_order(doubled)]
            detail = "、".join(problems[:5]) + ("ほか" if len(problems) > 5 else "")
            raise TutorialError(("piles",), f"78枚がちょうど1枚ずつそろっていません（{detail or f'{len(cards)}枚'}）。")

    def _check_discard(self) -> None:
        if any(is_honour(c) for c in self.discard):
            raise TutorialError(("discard",), "キング・愚者・切札I・切札XXIは捨て札にできません。")
        if len(self.discard) not in (1, 2):
            raise TutorialError(("discard",), f"捨て札はディーラーが裏向きに置いた2枚です（{len(self.discard)}枚では"
                                              "合いません。愚者の交換で1枚渡した後なら1枚です）。")
        if len(self.discard) == 1:
            if not self.variants["discard_in_exchange"]:
                raise TutorialError(("discard",), "捨て札が1枚になるのは、ディーラーが愚者の交換で捨て札から"
                                                  "1枚渡したときだけです。このヴァリアント（交換に捨て札を使わない）"
                                                  "ではそれができません。")
            if self.fool_by not in (None, DEALER) or THE_FOOL not in self.piles[DEALER]:
                raise TutorialError(("discard",), "捨て札が1枚になるのは、ディーラーが自分の出した愚者を捨て札の1枚と"
                                                  "交換したときだけです。そのとき愚者はディーラーの取り札に戻っています。")
        dealer_tricks = len(self.piles[DEALER]) // 4
        if any(c.is_trump for c in self.discard) and dealer_tricks < TRICKS_AFTER_A_TRUMP_DISCARD:
            raise TutorialError(("discard",), (
                "捨て札に切札があるのは、ディーラーの21枚がほとんど切札・キング・愚者だったときだけです。"
                f"そのときディーラーは切札を14枚以上持ち、ほかの3人の切札は6枚以下なので、少なくとも"
                f"{TRICKS_AFTER_A_TRUMP_DISCARD}トリックを取ります（この取り札は{dealer_tricks}トリック分です）。"))

    def _check_tricks(self) -> None:
        for seat, pile in enumerate(self.piles):
            extra = 1 if seat == DEALER and len(self.discard) == 1 else 0
            if len(pile) % 4 != extra or (extra and len(pile) < 5):
                whole = ("取り札はトリック4枚ずつなので4の倍数です" if not extra else
                         "ディーラーは捨て札の1枚と愚者を交換したので、トリック4枚ずつに愚者1枚を足した枚数です")
                raise TutorialError(("piles", seat), f"「piles」の{SEAT_NAMES[seat]}は{len(pile)}枚です。{whole}。")
        if not self.piles[self.last_trick]:
            raise TutorialError(("last_trick",), f"「last_trick」の{SEAT_NAMES[self.last_trick]}は取り札がありません。"
                                                 "最後のトリックを取った席には、少なくともそのトリックの4枚があります。")

    def _check_fool(self) -> None:
        if self.fool_by is None or not self.piles[self.fool_by]:
            return  # an unexchanged Fool stays with whoever won its trick
        holder = self.owner_of(THE_FOOL)
        if holder != self.fool_by:
            raise TutorialError(("fool_by",), (
                f"愚者を出した{SEAT_NAMES[self.fool_by]}はトリックを取っているので、交換で愚者を取り戻しているはずです"
                f"（いまは{SEAT_NAMES[holder]}の取り札にあります）。"))

    # --- reading and writing -------------------------------------------------------------
    def owner_of(self, card: Card) -> int:
        """The seat whose pile holds ``card`` (the discard owner for a discarded card)."""
        for seat, pile in enumerate(self.piles):
            if card in pile:
                return seat
        return self.discard_owner

    @property
    def discard_owner(self) -> int:
        return DEALER if self.piles[DEALER] else self.last_trick

    def share_code(self) -> str:
        data = variant_bytes(VARIANTS, self.variants)
        owner = {c: seat for seat, pile in enumerate(self.piles) for c in pile}
        data += bytes(owner.get(c, SEATS) for c in PACK.cards())
        data += bytes([self.last_trick, 255 if self.fool_by is None else self.fool_by])
        return share.encode(self.TAG, data)

    @classmethod
    def from_share_code(cls, code: str) -> Position:
        reader = share.Reader(share.decode(code, cls.TAG))
        variants = read_variants(reader, VARIANTS)
        piles: list[list[Card]] = [[] for _ in range(SEATS)]
        discard: list[Card] = []
        for card in PACK.cards():
            owner = reader.byte()
            if owner > SEATS:
                raise share.ShareError("共有リンクの取り札の持ち主が読めません。")
            (discard if owner == SEATS else piles[owner]).append(card)
        last, fool = reader.byte(), reader.byte()
        reader.done()
        if last >= SEATS:
            raise share.ShareError("共有リンクの、最後のトリックを取った席が読めません。")
        if SEATS <= fool < 255:
            raise share.ShareError("共有リンクの、愚者を出した席が読めません。")
        try:
            return cls(tuple(map(tuple, piles)), tuple(discard), last, None if fool == 255 else fool, variants)
        except ValueError as error:
            raise share.ShareError(f"共有リンクの局面がルールに合いません: {error}") from None

    @classmethod
    def from_data(cls, data: Mapping[str, Any], variants: Variants) -> Position | SidesPosition:
        """``piles`` per seat (one seat may say ``rest``: every card not listed elsewhere),
        ``discard``, ``last_trick`` and optionally ``fool_by``; each mistake is reported at its field.
        With ``sides`` instead of ``piles`` the deal is written per side (``SidesPosition``)."""
        if "sides" in data:
            if "piles" in data:
                raise TutorialError(("piles",), "取り札は piles（席ごと）か sides（側ごと）のどちらか一方で書きます。")
            return SidesPosition.from_data(data, variants)
        piles_data = plain.field(data, "piles", (), dict)
        plain.seat_table(piles_data, ("piles",), SEATS)
        places = _Places()
        listed = places.cards

        discard = listed(plain.field(data, "discard", (), (str, list)), ("discard",), "「discard」")
        rest_seats = [seat for seat in range(SEATS) if plain.by_seat(piles_data, seat) == "rest"]
        if len(rest_seats) > 1:
            raise TutorialError(("piles", rest_seats[1]), "rest（残り全部）を使えるのは1人分だけです。")
        piles: list[list[Card]] = [
            [] if seat in rest_seats else
            listed(plain.by_seat(piles_data, seat), ("piles", seat), f"「piles」の{SEAT_NAMES[seat]}")
            for seat in range(SEATS)
        ]
        for seat in rest_seats:
            piles[seat] = [c for c in PACK.cards() if c not in places.written]
        last_trick = plain.seat(data, "last_trick", (), SEATS)
        assert last_trick is not None
        fool_by = plain.seat(data, "fool_by", (), SEATS, required=False)
        return cls(tuple(map(tuple, piles)), tuple(discard), last_trick, fool_by, variants)

    def groups(self) -> list[tuple[str, Sequence[Card]]]:
        shown: list[tuple[str, Sequence[Card]]] = [(f"{SEAT_NAMES[s]}の取り札", p) for s, p in enumerate(self.piles)]
        return [*shown, ("捨て札", self.discard)]

    def with_variants(self, variants: Variants) -> Position:
        return Position(self.piles, self.discard, self.last_trick, self.fool_by, {**self.variants, **variants})

    def score(self) -> ScoreSheet:
        return score_position(self)


def _join(cards: Iterable[Card]) -> str:
    return "、".join(NAMING.name(c) for c in cards)


def score_position(pos: Position) -> ScoreSheet:
    """The worked score: who gets the discard, then per team face values and set adjustments."""
    sheet = ScoreSheet("ロンバルディアタロットの得点計算")
    owner = pos.discard_owner
    why = ("ディーラーがトリックを取ったので" if owner == DEALER
           else f"ディーラーがトリックを1回も取らなかったので、最後のトリックを取った{SEAT_NAMES[owner]}が")
    given = "（もう1枚は愚者の交換で渡しました）" if len(pos.discard) < 2 else ""
    sheet.add("", "捨て札の行き先", rule("discard-owner"),
              f"{why}捨て札（{_join(pos.discard)}）{given}を自分の取り札に加えます。")
    if pos.fool_by is not None:
        holder = pos.owner_of(THE_FOOL)
        detail = (f"{SEAT_NAMES[pos.fool_by]}が出した愚者は、交換で本人の取り札に戻りました。"
                  if holder == pos.fool_by else
                  f"{SEAT_NAMES[pos.fool_by]}はトリックを1回も取れなかったので交換できず、"
                  f"愚者は{SEAT_NAMES[holder]}の取り札に残りました。")
        sheet.add("", "愚者", rule("fool-exchange"), detail)
    grand = 0
    for team, name in zip(TEAMS, TEAM_NAMES, strict=True):
        points = _score_team(sheet, pos, team, name)
        grand += points
        sheet.totals[name] = points - BREAK_EVEN
    sheet.add("", "両チームの点数の和", rule("deal-score"),
              f"{grand}点（72点なら両チームの得点は符号違いの同じ数になります）")
    return sheet


def _score_team(sheet: ScoreSheet, pos: Position, team: tuple[int, int], name: str) -> int:
    counts = {seat: len(pos.piles[seat]) + (len(pos.discard) if seat == pos.discard_owner else 0)
              for seat in team}
    cards = [c for seat in team for c in pos.piles[seat]] + (list(pos.discard) if pos.discard_owner in team else [])
    return _team_points(sheet, pos.variants, name, cards,
                        "、".join(f"{SEAT_NAMES[s]} {n}枚" for s, n in counts.items()) + f" → 合計{len(cards)}枚")


def _team_points(sheet: ScoreSheet, variants: Variants, name: str, cards: Sequence[Card], taken: str) -> int:
    """A team's lines from its cards (``taken`` says how many it took, and from where): face values,
    the sets-of-four adjustments and the 36 points of break-even; returns the team's points."""
    total = len(cards)
    sheet.add(name, "取った札", rule("sets-of-four"), taken)
    values = card_values(variants)
    counters = [c for c in display_order(cards) if values[c] > 0]
    face = sum(values[c] for c in counters)
    listing = "、".join(f"{NAMING.name(c)} {values[c]}" for c in counters) or "なし"
    sets, odd = divmod(total, 4)
    steps: list[tuple[str, str, str, Number]] = [
        ("点札の額面", "card-values", f"{listing}", face),
        ("点札1枚ごとに−1", "sets-of-four", f"点札{len(counters)}枚", -len(counters)),
        ("4枚セットごとに+1", "sets-of-four", f"{total}枚 → 4枚セット{sets}組", sets),
    ]
    if odd:
        counted = bool(variants["odd_pair_scores"])
        steps.append(("余りの2枚", "odd-pair",
                      "余った2枚を短いセットとして数えます" if counted
                      else "余った2枚には修正を加えません（原典の文面どおりのヴァリアント）", 1 if counted else 0))
    points = sum(int(v) for *_, v in steps)
    steps.append(("基準の36点を引く", "deal-score", f"チームの点数 {points}点 − 36点", -BREAK_EVEN))
    for label, anchor, detail, value in steps:
        sheet.add(name, label, rule(anchor), detail, value)
    return points


# --- the score pad's entry per side ----------------------------------------------------------
SIDE_KEYS = ("dealer", "other")
SIDE_WORDS = ("ディーラー側", "相手側")
OWNER_DISCARD = 2  # share-code owner byte of a discarded card (0, 1: the sides)
NOT_SAID = 255


@dataclass(frozen=True)
class SidesPosition:
    """A finished deal written as people at a table count it: the cards each side won in tricks
    (``sides[0]`` the dealer's side, seats 1 and 3; ``sides[1]`` the other), the dealer's discard,
    the side that took the last trick, whether the dealer himself took a trick (it decides who gets
    the discard, rules §4.5, when the other side took the last trick) and the side whose player
    played the Fool.

    Reachable only: every card once, whole tricks per side (the dealer's side one card more when
    the dealer paid the Fool's exchange out of his discard), the discard's rules as ``Position``'s,
    the last trick's side holding cards, the Fool back with its side whenever that side could have
    exchanged it.  The score is the same arithmetic as ``Position``'s, per team."""

    TAG: ClassVar[str] = "loS"

    sides: tuple[tuple[Card, ...], tuple[Card, ...]]
    discard: tuple[Card, ...]
    last_side: int
    dealer_took_trick: bool | None = None
    fool_side: int | None = None
    variants: Variants = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "variants", normalise_variants(VARIANTS, self.variants))
        object.__setattr__(self, "sides", (tuple(display_order(self.sides[0])), tuple(display_order(self.sides[1]))))
        object.__setattr__(self, "discard", tuple(display_order(self.discard)))
        self._validate()

    def _validate(self) -> None:
        cards = [c for side in self.sides for c in side] + list(self.discard)
        doubled = plain.duplicates(cards)
        missing = set(PACK.cards()).difference(cards)
        if missing or doubled:
            problems = [f"{c}が不足" for c in display_order(missing)] + [f"{c}が重複" for c in display_order(doubled)]
            detail = "、".join(problems[:5]) + ("ほか" if len(problems) > 5 else "")
            raise TutorialError(("sides",), f"78枚がちょうど1枚ずつそろっていません（{detail}）。")
        if any(is_honour(c) for c in self.discard):
            raise TutorialError(("discard",), "キング・愚者・切札I・切札XXIは捨て札にできません。")
        if len(self.discard) not in (1, 2):
            raise TutorialError(("discard",), f"捨て札はディーラーが裏向きに置いた2枚です（{len(self.discard)}枚では"
                                              "合いません。愚者の交換で1枚渡した後なら1枚です）。")
        dealer_side = self.sides[0]
        if len(self.discard) == 1:
            if not self.variants["discard_in_exchange"]:
                raise TutorialError(("discard",), "捨て札が1枚になるのは、ディーラーが愚者の交換で捨て札から"
                                                  "1枚渡したときだけです。このヴァリアント（交換に捨て札を使わない）"
                                                  "ではそれができません。")
            if self.fool_side not in (None, 0) or THE_FOOL not in dealer_side or self.dealer_took_trick is False:
                raise TutorialError(("discard",), "捨て札が1枚になるのは、ディーラーが自分の出した愚者を捨て札の1枚と"
                                                  "交換したときだけです。そのときディーラーはトリックを取っていて、"
                                                  "愚者はディーラー側の取り札に戻っています。")
        for side, pile in enumerate(self.sides):
            extra = 1 if side == 0 and len(self.discard) == 1 else 0
            if len(pile) % 4 != extra or (extra and len(pile) < 5):
                whole = ("取り札はトリック4枚ずつなので4の倍数です" if not extra else
                         "ディーラーは捨て札の1枚と愚者を交換したので、トリック4枚ずつに愚者1枚を足した枚数です")
                raise TutorialError(("sides", SIDE_KEYS[side]), f"{SIDE_WORDS[side]}の取り札は{len(pile)}枚です。"
                                                                f"{whole}。")
        if any(c.is_trump for c in self.discard) and len(dealer_side) // 4 < TRICKS_AFTER_A_TRUMP_DISCARD:
            raise TutorialError(("discard",), (
                "捨て札に切札があるのは、ディーラーの21枚がほとんど切札・キング・愚者だったときだけです。"
                f"そのときディーラーは少なくとも{TRICKS_AFTER_A_TRUMP_DISCARD}トリックを取ります"
                f"（ディーラー側の取り札は{len(dealer_side) // 4}トリック分です）。"))
        if not self.sides[self.last_side]:
            raise TutorialError(("last_trick_side",), f"{SIDE_WORDS[self.last_side]}は取り札がありません。"
                                                      "最後のトリックを取った側には、少なくともそのトリックの4枚があります。")
        if self.dealer_took_trick and not dealer_side:
            raise TutorialError(("dealer_took_trick",), "ディーラー側は取り札がないので、ディーラーはトリックを"
                                                        "取っていません。")
        if dealer_side and self.last_side == 1 and self.dealer_took_trick is None:
            raise TutorialError(("dealer_took_trick",), (
                "最後のトリックを相手側が取ったときは、ディーラー本人がトリックを1回でも取ったかどうかで"
                "捨て札の行き先が変わります。ディーラー本人はトリックを取りましたか"
                "（dealer_took_trick: true か false）？"))
        fool = self.fool_side
        if fool is not None and not self.sides[fool] and THE_FOOL not in self.sides[1 - fool]:
            raise TutorialError(("fool_by",), (
                f"愚者を出した人の{SIDE_WORDS[fool]}はトリックを取っていないので交換できず、"
                f"愚者は{SIDE_WORDS[1 - fool]}の取り札にあるはずです。"))

    @property
    def discard_side(self) -> int:
        """The dealer's side when he took a trick or his side took the last trick, else the other side."""
        return 0 if self.dealer_took_trick or self.last_side == 0 else 1

    @property
    def fool_holder(self) -> int | None:
        return next((side for side in (0, 1) if THE_FOOL in self.sides[side]), None)

    # --- reading and writing -------------------------------------------------------------
    def share_code(self) -> str:
        data = variant_bytes(VARIANTS, self.variants)
        owner = {c: side for side, pile in enumerate(self.sides) for c in pile}
        data += bytes(owner.get(c, OWNER_DISCARD) for c in PACK.cards())
        data += bytes([self.last_side, NOT_SAID if self.dealer_took_trick is None else int(self.dealer_took_trick),
                       NOT_SAID if self.fool_side is None else self.fool_side])
        return share.encode(self.TAG, data)

    @classmethod
    def from_share_code(cls, code: str) -> SidesPosition:
        reader = share.Reader(share.decode(code, cls.TAG))
        variants = read_variants(reader, VARIANTS)
        groups: list[list[Card]] = [[], [], []]
        for card in PACK.cards():
            owner = reader.byte()
            if owner > OWNER_DISCARD:
                raise share.ShareError("共有リンクの取り札の持ち主が読めません。")
            groups[owner].append(card)
        last, took, fool = reader.byte(), reader.byte(), reader.byte()
        reader.done()
        if last > 1 or took not in (0, 1, NOT_SAID) or fool not in (0, 1, NOT_SAID):
            raise share.ShareError("共有リンクの、最後のトリックや愚者を取った側が読めません。")
        try:
            return cls((tuple(groups[0]), tuple(groups[1])), tuple(groups[2]), last,
                       None if took == NOT_SAID else bool(took), None if fool == NOT_SAID else fool, variants)
        except ValueError as error:
            raise share.ShareError(f"共有リンクの局面がルールに合いません: {error}") from None

    @classmethod
    def from_data(cls, data: Mapping[str, Any], variants: Variants) -> SidesPosition:
        """``sides`` (``dealer`` and/or ``other``; one may be ``rest`` or left out: every card not
        written elsewhere), ``discard``, ``last_trick_side``, and when needed ``dealer_took_trick``
        and ``fool_by`` (a side)."""
        sides_data = plain.field(data, "sides", (), dict)
        for key in sides_data:
            if key not in SIDE_KEYS:
                raise TutorialError(("sides", str(key)),
                                    f"側は dealer か other で書きます（「{key}」は側ではありません）。")
        places = _Places()
        listed = places.cards

        discard = listed(plain.field(data, "discard", (), (str, list)), ("discard",), "「discard」")
        given = [sides_data.get(key) for key in SIDE_KEYS]
        if given.count("rest") + given.count(None) > 1 and given.count("rest") != 1:
            raise TutorialError(("sides",), "片方の側の取り札を書いてください（rest・省略は片方だけです）。")
        if "rest" in given:  # the side left out then took nothing
            given = [[] if value is None else value for value in given]
        rest = [key for key, value in zip(SIDE_KEYS, given, strict=True) if value in ("rest", None)]
        piles = [[] if key in rest else listed(given[i], ("sides", key), f"{SIDE_WORDS[i]}の取り札")
                 for i, key in enumerate(SIDE_KEYS)]
        for i, key in enumerate(SIDE_KEYS):
            if key in rest:
                piles[i] = [c for c in PACK.cards() if c not in places.written]
        last = _side(data, "last_trick_side", required=True)
        assert last is not None
        took = plain.field(data, "dealer_took_trick", (), bool, required=False)
        fool = _side(data, "fool_by", required=False)
        return cls((tuple(piles[0]), tuple(piles[1])), tuple(discard), last, took, fool, variants)

    def groups(self) -> list[tuple[str, Sequence[Card]]]:
        return [("ディーラー側の取り札", self.sides[0]), ("相手側の取り札", self.sides[1]), ("捨て札", self.discard)]

    def with_variants(self, variants: Variants) -> SidesPosition:
        return SidesPosition(self.sides, self.discard, self.last_side, self.dealer_took_trick, self.fool_side,
                             {**self.variants, **variants})

    def score(self) -> ScoreSheet:
        return score_sides(self)


def _side(data: Mapping[str, Any], key: str, required: bool) -> int | None:
    value = plain.field(data, key, (), str, required=required)
    if value is None:
        return None
    if value not in SIDE_KEYS:
        raise TutorialError((key,), f"「{key}」は dealer（ディーラー側）か other（相手側）で書きます。")
    return SIDE_KEYS.index(value)


def score_sides(pos: SidesPosition) -> ScoreSheet:
    """``score_position`` for a deal written per side: the same lines, the discard and the Fool told per side."""
    sheet = ScoreSheet("ロンバルディアタロットの得点計算")
    given = "（もう1枚は愚者の交換で渡しました）" if len(pos.discard) < 2 else ""
    if pos.dealer_took_trick:
        why = "ディーラーがトリックを取ったので、捨て札"
        whose = "ディーラー側"
    elif pos.last_side == 0:
        why = ("ディーラー本人がトリックを取っていなくても、最後のトリックを取ったのはディーラー側なので、捨て札"
               if pos.dealer_took_trick is None and pos.sides[0] else
               "ディーラーはトリックを取りませんでしたが、最後のトリックをパートナーが取ったので、捨て札")
        whose = "ディーラー側"
    else:
        why = "ディーラーがトリックを1回も取らなかったので、最後のトリックを取った相手側が捨て札"
        whose = "相手側"
    sheet.add("", "捨て札の行き先", rule("discard-owner"),
              f"{why}（{_join(pos.discard)}）{given}を{whose}の取り札に加えます。")
    if pos.fool_side is not None:
        holder = pos.fool_holder
        who = f"{SIDE_WORDS[pos.fool_side]}の人"
        detail = (f"{who}が出した愚者は、交換でその側の取り札に戻りました。" if holder == pos.fool_side else
                  f"{who}はトリックを取れなかったので交換できず、"
                  f"愚者は{SIDE_WORDS[1 - pos.fool_side]}の取り札に残りました。")
        sheet.add("", "愚者", rule("fool-exchange"), detail)
    grand = 0
    for side, name in enumerate(TEAM_NAMES):
        cards = list(pos.sides[side]) + (list(pos.discard) if pos.discard_side == side else [])
        extra = f"、捨て札{len(pos.discard)}枚" if pos.discard_side == side else ""
        taken = f"トリックで{len(pos.sides[side])}枚{extra}"
        points = _team_points(sheet, pos.variants, name, cards, f"{taken} → 合計{len(cards)}枚")
        grand += points
        sheet.totals[name] = points - BREAK_EVEN
    sheet.add("", "両チームの点数の和", rule("deal-score"),
              f"{grand}点（72点なら両チームの得点は符号違いの同じ数になります）")
    return sheet
