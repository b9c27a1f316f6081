"""ロンバルディアタロット: four players in fixed partnerships with the 78-card tarot pack.

Follows shared/rules/lombardia.md.  Seats run 0..3 counter-clockwise from the dealer's
right; the dealer is seat 3 and partners sit opposite (teams 0+2 and 1+3).  Phases:
monte (each seat in turn agrees to throw the deal in or not) → discard (the dealer lays
away two cards) → play (19 tricks; the Fool's exchange is a decision of its player) → done.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from .. import plaindata as plain
from .. import share
from ..cards import FOOL, KING, NAMINGS, SUITS, TRUMP, Card, Pack
from ..game import Action, GameState, Later, IllegalAction, VariantOption, Variants, read_variants, variant_bytes
from ..scoresheet import Number, RuleRef, ScoreSheet
from ..tricks import Play, TrickPolicy, TrickResult, legal_cards, refusal, trick_winner

GAME = "lombardia"
NAMING = NAMINGS[GAME]
DEALER = 3
SEATS = 4
TRICKS = 19
TEAMS: tuple[tuple[int, int], ...] = ((1, 3), (0, 2))
TEAM_NAMES = ("ディーラー側（席1・席3）", "相手側（席0・席2）")
SEAT_NAMES = ("席0", "席1", "席2", "席3（ディーラー）")
BREAK_EVEN = 36


def rule(anchor: str) -> RuleRef:
    return RuleRef(GAME, anchor)


VARIANTS = (
    VariantOption("xxi_value", "XXIの点数", ((5, "5点（推奨）"), (6, "6点（原典の表）")), 5,
                  rule("card-values")),
    VariantOption("odd_pair_scores", "余り2枚の扱い",
                  ((True, "短いセットとして数える（推奨）"), (False, "数えない（原典の文面）")), True,
                  rule("odd-pair")),
    VariantOption("first_leader", "最初のリード",
                  (("right", "ディーラーの右隣（推奨）"), ("left", "ディーラーの左隣（原典の文面）")), "right",
                  rule("first-lead")),
    VariantOption("discard_in_exchange", "愚者の交換に捨て札を使う",
                  ((True, "トリックを取った後なら使える（推奨）"), (False, "使えない")), True,
                  rule("fool-exchange")),
)


def team_of(seat: int) -> int:
    return 0 if seat in TEAMS[0] else 1


def is_honour(card: Card) -> bool:
    """Kings, the Fool, trump I and trump XXI: never discarded, repeat the exposure."""
    return (card.rank == KING and card.suit in SUITS) or card.is_fool or str(card) in ("T1", "T21")


def strength(card: Card) -> int:
    """Order inside a suit: courts above pips; round suits (cups, coins) run A high among pips."""
    if card.suit == TRUMP or card.rank > 10:
        return card.rank + (100 if card.suit != TRUMP else 0)
    return 11 - card.rank if card.suit in ("H", "D") else card.rank


POLICY = TrickPolicy(
    suit_of=lambda card: card.suit,
    strength=strength,
    is_excuse=lambda card: card.is_fool,
)


def card_value(card: Card, variants: Variants) -> int:
    code = str(card)
    if code == "T21":
        return int(variants["xxi_value"])
    if code in ("T1", FOOL):
        return 5
    return {14: 5, 13: 4, 12: 3, 11: 2}.get(card.rank, 0) if card.suit in SUITS else 0


def display_order(cards: Iterable[Card]) -> list[Card]:
    """Trumps high to low, the Fool, then each suit from its strongest card down."""
    def key(card: Card) -> tuple[int, int]:
        group = 0 if card.is_trump else 1 if card.is_fool else 2 + SUITS.index(card.suit)
        return group, -strength(card)
    return sorted(cards, key=key)


@dataclass(frozen=True)
class CompletedTrick:
    leader: int
    plays: tuple[Play, ...]
    result: TrickResult


@dataclass(frozen=True)
class Position:
    """A finished deal as scoring needs it; the CLI and scoring examples start from this.

    ``piles`` are each seat's cards from tricks after every Fool exchange, ``discard`` the
    dealer's lay-away still counted apart, ``last_trick`` the seat that won trick 19 and
    ``fool_by`` the seat that played the Fool (optional, used to explain where it went).
    """

    TAG: ClassVar[str] = "loP"

    piles: tuple[tuple[Card, ...], ...]
    discard: tuple[Card, ...]
    last_trick: int
    fool_by: int | None = None
    variants: Variants = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "variants", LombardiaState.normalise_variants(self.variants))
        object.__setattr__(self, "piles", tuple(tuple(display_order(p)) for p in self.piles))
        object.__setattr__(self, "discard", tuple(display_order(self.discard)))
        self._validate()

    def _validate(self) -> None:
        cards = [c for pile in self.piles for c in pile] + list(self.discard)
        if len(self.piles) != SEATS:
            raise ValueError("取り札は4人分必要です。")
        missing = set(Pack.TAROT78.cards()) - set(cards)
        doubled = {c for c in cards if cards.count(c) > 1}
        if missing or doubled or len(cards) != 78:
            problems = [f"{c}が不足" for c in display_order(missing)] + [f"{c}が重複" for c in display_order(doubled)]
            detail = "、".join(problems[:5]) + ("ほか" if len(problems) > 5 else "")
            raise ValueError(f"78枚がちょうど1枚ずつそろっていません（{detail or f'{len(cards)}枚'}）。")
        if not 0 <= self.last_trick < SEATS or not self.piles[self.last_trick]:
            raise ValueError("最後のトリックを取った席は、取り札を持っていなければなりません。")
        if any(is_honour(c) for c in self.discard):
            raise ValueError("キング・愚者・切札I・切札XXIは捨て札にできません。")
        sizes = [sum(len(self.piles[s]) for s in team) + (len(self.discard) if self.discard_owner in team else 0)
                 for team in TEAMS]
        if sorted(n % 4 for n in sizes) != [0, 2]:
            raise ValueError(f"チームの取り札の枚数（{sizes[0]}枚と{sizes[1]}枚）が、"
                             "トリック4枚ずつと捨て札2枚の数え方に合いません。")
        if self.fool_by is not None:
            holder = self.owner_of(Card(FOOL, 0))
            if holder != self.fool_by and self.piles[self.fool_by]:
                raise ValueError("愚者を出した人がトリックを取っているなら、愚者はその人の取り札に戻っているはずです。")

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
        owners = bytes(SEATS if c in self.discard else self.owner_of(c) for c in Pack.TAROT78.cards())
        data += owners + bytes([self.last_trick, 255 if self.fool_by is None else self.fool_by])
        return share.encode(self.TAG, data)

    @classmethod
    def from_share_code(cls, code: str) -> Position:
        reader = share.Reader(share.decode(code, cls.TAG))
        variants = read_variants(reader, VARIANTS)
        piles: list[list[Card]] = [[] for _ in range(SEATS)]
        discard: list[Card] = []
        for card in Pack.TAROT78.cards():
            owner = reader.byte()
            if owner > SEATS:
                raise share.ShareError("共有リンクの取り札の持ち主が読めません。")
            (discard if owner == SEATS else piles[owner]).append(card)
        last, fool = reader.byte(), reader.byte()
        reader.done()
        try:
            return cls(tuple(map(tuple, piles)), tuple(discard), last, None if fool == 255 else fool, variants)
        except ValueError as error:
            raise share.ShareError(f"共有リンクの局面がルールに合いません: {error}") from None

    @classmethod
    def from_data(cls, data: Mapping[str, Any], variants: Variants) -> Position:
        """``piles`` per seat (one seat may say ``rest``: every card not listed elsewhere),
        ``discard``, ``last_trick`` and optionally ``fool_by``."""
        piles_data = plain.field(data, "piles", (), dict)
        listed: list[list[Card] | None] = []
        for seat in range(SEATS):
            value = plain.by_seat(piles_data, seat)
            listed.append(None if value == "rest" else plain.cards(value if value is not None else [], ("piles", seat)))
        discard = plain.cards(plain.field(data, "discard", ()), ("discard",))
        if sum(pile is None for pile in listed) > 1:
            raise plain.TutorialError(("piles",), "rest（残り全部）を使えるのは1人分だけです。")
        used = {c for pile in listed if pile for c in pile} | set(discard)
        rest = [c for c in Pack.TAROT78.cards() if c not in used]
        piles = tuple(tuple(rest if pile is None else pile) for pile in listed)
        fool_by = plain.field(data, "fool_by", (), int, required=False)
        try:
            return cls(piles, tuple(discard), plain.field(data, "last_trick", (), int), fool_by, variants)
        except ValueError as error:
            raise plain.TutorialError(("piles",), str(error)) from None

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
        holder = pos.owner_of(Card(FOOL, 0))
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
    total = len(cards)
    sheet.add(name, "取った札", rule("sets-of-four"),
              "、".join(f"{SEAT_NAMES[s]} {n}枚" for s, n in counts.items()) + f" → 合計{total}枚")
    counters = [c for c in display_order(cards) if card_value(c, pos.variants) > 0]
    face = sum(card_value(c, pos.variants) for c in counters)
    listing = "、".join(f"{NAMING.name(c)} {card_value(c, pos.variants)}" for c in counters) or "なし"
    sets, odd = divmod(total, 4)
    steps: list[tuple[str, str, str, Number]] = [
        ("点札の額面", "card-values", f"{listing}", face),
        ("点札1枚ごとに−1", "sets-of-four", f"点札{len(counters)}枚", -len(counters)),
        ("4枚セットごとに+1", "sets-of-four", f"{total}枚 → 4枚セット{sets}組", sets),
    ]
    if odd:
        counted = bool(pos.variants["odd_pair_scores"])
        steps.append(("余りの2枚", "odd-pair",
                      "余った2枚を短いセットとして数えます" if counted
                      else "余った2枚には修正を加えません（原典の文面どおりのヴァリアント）", 1 if counted else 0))
    points = sum(int(v) for *_, v in steps)
    steps.append(("基準の36点を引く", "deal-score", f"チームの点数 {points}点 − 36点", -BREAK_EVEN))
    for label, anchor, detail, value in steps:
        sheet.add(name, label, rule(anchor), detail, value)
    return points


class LombardiaState(GameState):
    GAME = GAME
    TAG = "loG"
    POSITION = Position
    PACK = Pack.TAROT78
    VARIANTS = VARIANTS
    KEYWORDS = ("monte", "keep")
    SEATS = SEATS

    def __init__(self, deal: Sequence[Card], variants: Variants | None = None) -> None:
        super().__init__(deal, variants)
        if len(self.deal) != len(set(self.deal)) or set(self.deal) != set(Pack.TAROT78.cards()):
            raise ValueError("配り札は78枚のタロットパックをちょうど1回ずつ含まなければなりません。")
        self.hands: list[list[Card]] = [list(self.deal[s:76:4]) for s in range(SEATS)]
        self.hands[DEALER] += list(self.deal[76:])
        self.phase = "monte"
        self.turn = 0
        self.votes: list[bool] = []
        self.discard: list[Card] = []
        self.trick: list[Play] = []
        self.tricks: list[CompletedTrick] = []
        self.piles: list[list[Card]] = [[] for _ in range(SEATS)]
        self.fool_by: int | None = None
        self.fool_parked_with: int | None = None  # winner holding the Fool until its player's first trick
        self.exchange_to: int | None = None  # receiver while the Fool's player chooses a card to give

    # --- deal facts --------------------------------------------------------------------
    @classmethod
    def from_hands(cls, hands: Sequence[Sequence[Card]], variants: Variants | None = None) -> LombardiaState:
        """Build the dealing order back from hands listed in the order each seat received them."""
        if [len(h) for h in hands] != [19, 19, 19, 21]:
            raise ValueError("手札は席0〜2が19枚、ディーラー（席3）が21枚です。")
        deal = [hands[i % SEATS][i // SEATS] for i in range(76)] + list(hands[DEALER][19:])
        return cls(deal, variants)

    def exposures(self) -> list[tuple[int, Card]]:
        """Cards turned face up after the deal: others' 19th cards, the dealer's extra two and,
        while one of the dealer's face-up cards is an honour, his next card in reverse deal order."""
        shown = [(seat, self.deal[72 + seat]) for seat in range(3)]
        dealer_cards = [self.deal[77], self.deal[76], *self.deal[75::-4]]
        plain = 0
        for card in dealer_cards:
            shown.append((DEALER, card))
            plain += not is_honour(card)
            if plain >= 2 and len(shown) >= 5:
                break
        return shown

    # --- whose turn and what is allowed ------------------------------------------------
    def is_terminal(self) -> bool:
        return self.phase in ("done", "abandoned")

    def _legal_actions(self) -> list[Action]:
        if self.phase == "monte":
            return [Action("monte"), Action("keep")]
        if self.phase == "discard":
            return [Action("discard", c) for c in self._discardable()]
        if self.phase == "exchange":
            return [Action("give", c) for c in self._exchange_pool()]
        if self.phase == "play":
            return [Action("play", c) for c in legal_cards(self.hands[self.turn], self.trick, POLICY)]
        return []

    def _discardable(self) -> list[Card]:
        hand = self.hands[DEALER]
        plain = [c for c in hand if not c.is_trump and not is_honour(c)]
        return plain or [c for c in hand if c.is_trump and not is_honour(c)]

    def _exchange_pool(self) -> list[Card]:
        assert self.fool_by is not None
        pool = list(self.piles[self.fool_by])
        if self.fool_by == DEALER and self.variants["discard_in_exchange"]:
            pool += self.discard
        return [c for c in pool if not c.is_fool]

    def refusal(self, action: Action) -> str | None:
        if self.is_terminal():
            return "このディールはもう終わっています。"
        expected = {"monte": ("monte", "keep"), "discard": ("discard",), "exchange": ("give",), "play": ("play",)}
        if action.kind not in expected[self.phase]:
            return f"今は{PHASE_NAMES[self.phase]}の番です。"
        card = action.card
        if self.phase == "monte":
            return None if card is None else "モンテの相談ではカードは選びません。"
        if card is None:
            return "カードを選んでください。"
        if self.phase == "discard":
            return None if card in self._discardable() else self._discard_refusal(card)
        if self.phase == "exchange":
            return None if card in self._exchange_pool() else \
                f"交換で渡せるのは、{SEAT_NAMES[self.turn]}が自分で取ったトリックの札だけです。"
        reason = refusal(card, self.hands[self.turn], self.trick, POLICY, NAMING)
        return reason.message if reason else None

    def _discard_refusal(self, card: Card) -> str:
        if card not in self.hands[DEALER]:
            return "その札は手札にありません。"
        if is_honour(card):
            return "キング・愚者・切札I・切札XXIは捨て札にできません。"
        return "切札は、ほかに捨てられる札がないときだけ捨てられます。"

    def card_kind(self) -> str:
        return {"discard": "discard", "exchange": "give"}.get(self.phase, "play")

    def describe(self, action: Action) -> str:
        if action.card is None:
            return "モンテに賛成" if action.kind == "monte" else "モンテに反対（このまま遊ぶ）"
        return NAMING.name(action.card)

    # --- applying actions --------------------------------------------------------------
    def _apply(self, action: Action) -> None:
        if self.phase == "monte":
            self._vote(action.kind == "monte")
        elif self.phase == "discard":
            assert action.card is not None
            self.hands[DEALER].remove(action.card)
            self.discard.append(action.card)
            if len(self.discard) == 2:
                self.log.append("ディーラーが2枚を裏向きに捨てました。")
                self._start_play()
        elif self.phase == "exchange":
            assert action.card is not None
            self._give(action.card)
        else:
            assert action.card is not None
            self._play(action.card)

    def _vote(self, agrees: bool) -> None:
        self.votes.append(agrees)
        who = SEAT_NAMES[self.turn]
        if not agrees:
            self.log.append(f"{who}がモンテに反対したので、このディールを遊びます。")
            self.phase, self.turn = "discard", DEALER
        elif len(self.votes) == SEATS:
            self.log.append("4人全員がモンテに賛成したので、ディールは流れます。")
            self.phase = "abandoned"
        else:
            self.turn += 1

    def _start_play(self) -> None:
        self.phase = "play"
        self.turn = 0 if self.variants["first_leader"] == "right" else 2

    def _play(self, card: Card) -> None:
        self.hands[self.turn].remove(card)
        self.trick.append(Play(self.turn, card))
        if card.is_fool:
            self.fool_by = self.turn
        if len(self.trick) < SEATS:
            self.turn = (self.turn + 1) % SEATS
            return
        result = trick_winner(self.trick, POLICY, NAMING, SEAT_NAMES)
        winner = result.winner
        self.tricks.append(CompletedTrick(self.trick[0].seat, tuple(self.trick), result))
        self.piles[winner] += [p.card for p in self.trick]
        fool_here = any(p.card.is_fool for p in self.trick)
        first_trick_of_fool_player = self.fool_parked_with is not None and winner == self.fool_by
        self.trick = []
        self.turn = winner
        number = len(self.tricks)
        self.log.append(Later(lambda: f"第{number}トリック: {result.message}"))
        if fool_here and self.fool_by is not None and self._tricks_won(self.fool_by) == 0:
            self.fool_parked_with = winner
            self.log.append(f"{SEAT_NAMES[self.fool_by]}はまだトリックを取っていないので、愚者は表向きのまま"
                            f"{SEAT_NAMES[winner]}の前に置かれます。最初のトリックを取ったときに交換します。")
        elif fool_here or first_trick_of_fool_player:
            self.exchange_to = self.fool_parked_with if first_trick_of_fool_player else winner
            self.phase, self.turn = "exchange", self.fool_by if self.fool_by is not None else winner
            return
        self._after_trick()

    def _tricks_won(self, seat: int) -> int:
        return sum(t.result.winner == seat for t in self.tricks)

    def _give(self, card: Card) -> None:
        assert self.fool_by is not None and self.exchange_to is not None
        giver, receiver = self.fool_by, self.exchange_to
        (self.discard if card in self.discard else self.piles[giver]).remove(card)
        self.piles[receiver].remove(Card(FOOL, 0))
        self.piles[receiver].append(card)
        self.piles[giver].append(Card(FOOL, 0))
        self.log.append(f"{SEAT_NAMES[giver]}は愚者を{SEAT_NAMES[receiver]}から取り戻し、"
                        f"代わりに{NAMING.name(card)}を渡しました。")
        self.exchange_to = self.fool_parked_with = None
        self.phase = "play"
        self.turn = self.tricks[-1].result.winner
        self._after_trick()

    def _after_trick(self) -> None:
        if len(self.tricks) == TRICKS:
            self.phase = "done"

    # --- results -----------------------------------------------------------------------
    def position(self) -> Position:
        if self.phase != "done":
            raise IllegalAction("ディールが終わるまで得点は計算できません。")
        return Position(tuple(map(tuple, self.piles)), tuple(self.discard), self.tricks[-1].result.winner,
                        self.fool_by, self.variants)

    def score(self) -> ScoreSheet:
        if self.phase == "abandoned":
            sheet = ScoreSheet("ロンバルディアタロットの得点計算")
            sheet.add("", "モンテ", rule("monte"),
                      "4人全員が同意したのでディールは流れました。4回のディールの1回として数えます。")
            sheet.totals = {name: 0 for name in TEAM_NAMES}
            return sheet
        return score_position(self.position())

    def hand(self, seat: int) -> list[Card]:
        return display_order(self.hands[seat])

    def table(self) -> tuple[list[tuple[str, Card]], str, int | None]:
        """Cards to show on the table: the trick in progress, else the last one with its winner."""
        if self.trick or not self.tricks:
            return [(SEAT_NAMES[p.seat], p.card) for p in self.trick], "", None
        last = self.tricks[-1]
        winner = next(i for i, p in enumerate(last.plays) if p.seat == last.result.winner)
        return [(SEAT_NAMES[p.seat], p.card) for p in last.plays], last.result.message, winner

    def fingerprint(self) -> Hashable:
        return (self.deal, tuple(sorted(self.variants.items())), tuple(self.history), self.phase, self.turn,
                tuple(map(tuple, self.hands)), tuple(map(tuple, self.piles)), tuple(self.discard),
                tuple(self.trick), self.fool_by, self.fool_parked_with, self.exchange_to)


PHASE_NAMES = {
    "monte": "モンテの相談", "discard": "ディーラーの捨て札", "exchange": "愚者の交換", "play": "カードを出す",
}
