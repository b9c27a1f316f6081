"""オットーチェント (Bolognese tarocchini): four players, two partnerships, 62-card pack.

Follows shared/rules/ottocento.md.  Seats run 0..3 counter-clockwise from the dealer's
right (seat 0 is eldest, seat 1 the dealer's partner, seat 2 on his left); the dealer is
seat 3 and sides are 1+3 (side 0) and 0+2 (side 1).  Phases:
monte (thrown in only if all four agree) → discard (the dealer lays away two cards) →
play (15 tricks; in trick 1 each player may first show his combinations in hand, and a
leader may add signals to his lead) → give (the Matto's side pays one card when an
opponent won the Matto's trick) → done.  Scoring lives in ottocento_score.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass

from ..cards import Card
from ..game import Action, GameState, IllegalAction, Variants, monte_vote
from ..scoresheet import ScoreSheet
from ..tricks import Play, TrickPolicy, TrickResult, legal_cards, refusal, table_view, trick_winner
from .ottocento_combos import MATTO, combination_cards, combinations
from .ottocento_score import (
    DEALER,
    GAME,
    NAMING,
    PACK,
    SEAT_NAMES,
    SEATS,
    SIDE_NAMES,
    VARIANTS,
    Position,
    card_value,
    display_order,
    rule,
    score_position,
    strength,
    team_of,
)

TRICKS = 15
SIGNALS = ("busso", "volo", "striscio")
SIGNAL_NAMES = {"busso": "ブッソ", "volo": "ヴォーロ", "striscio": "ストリッシオ"}
SIGNAL_MEANINGS = {
    "dummett": {
        "busso": "パートナーはこのスートで一番強い札を出し、勝ったら同じスートを返してほしい",
        "volo": "このスートはこれが最後の1枚",
        "striscio": "切札のリードに添えて: できるだけ切札をリードしてほしい",
    },
    "accademia": {
        "busso": "パートナーは一番良い札を出してほしい",
        "volo": "このスートはこれが最後の1枚",
        "striscio": "このスートをまだ持っている",
    },
}
POLICY = TrickPolicy(
    suit_of=lambda card: card.suit,
    strength=strength,
    is_excuse=lambda card: card.is_fool,
    equal_later_wins=True,
)


def signal_text(kind: str, variants: Variants) -> str:
    return f"{SIGNAL_NAMES[kind]}（{SIGNAL_MEANINGS[str(variants['signals'])][kind]}）"


@dataclass(frozen=True)
class CompletedTrick:
    leader: int
    plays: tuple[Play, ...]
    result: TrickResult
    signals: tuple[str, ...]


class OttocentoState(GameState):
    GAME = GAME
    TAG = "otG"
    POSITION = Position
    PACK = PACK
    VARIANTS = VARIANTS
    KEYWORDS = ("monte", "keep", "declare", "done", *SIGNALS)
    SEATS = SEATS

    def __init__(self, deal: Sequence[Card], variants: Variants | None = None) -> None:
        super().__init__(deal, variants)
        if len(self.deal) != 62 or set(self.deal) != set(PACK.cards()):
            raise ValueError("配り札は62枚のボローニャ式パックをちょうど1回ずつ含まなければなりません。")
        self.hands: list[list[Card]] = [
            [c for r in range(3) for c in self.deal[20 * r + 5 * s:20 * r + 5 * s + 5]] for s in range(SEATS)]
        self.hands[DEALER] += list(self.deal[60:])
        self.phase = "monte" if self.variants["monte"] else "discard"
        self.turn = 0 if self.phase == "monte" else DEALER
        self.votes: list[bool] = []
        self.discard: list[Card] = []
        self.declared: list[list[Card]] = [[] for _ in range(SEATS)]
        self.decided: list[bool] = [False] * SEATS
        self.signals: list[str] = []
        self.trick: list[Play] = []
        self.tricks: list[CompletedTrick] = []
        self.piles: list[list[Card]] = [[], []]  # by side
        self.won: list[int] = [0, 0]
        self.matto_by: int | None = None
        self.matto_owed = False
        self.matto_paid: Card | None = None

    @classmethod
    def from_hands(cls, hands: Sequence[Sequence[Card]], variants: Variants | None = None) -> OttocentoState:
        """Rebuild the dealing order: packets of five, dealer's last packet seven."""
        if [len(h) for h in hands] != [15, 15, 15, 17]:
            raise ValueError("手札は席0〜2が15枚、ディーラー（席3）が17枚です。")
        deal = [c for r in range(3) for s in range(SEATS) for c in hands[s][5 * r:5 * r + 5]]
        return cls(deal + list(hands[DEALER][15:]), variants)

    # --- whose turn and what is allowed ------------------------------------------------
    def is_terminal(self) -> bool:
        return self.phase in ("done", "abandoned")

    def combination_cards(self, seat: int) -> list[Card]:
        """Cards of the seat's hand that belong to some combination, not yet shown."""
        found = combination_cards(self.hands[seat], int(self.variants["suit_wilds"]),
                                  bool(self.variants["grande_moors"]))
        return [c for c in found if c not in self.declared[seat]]

    def _legal_actions(self) -> list[Action]:
        if self.phase == "monte":
            return [Action("monte"), Action("keep")]
        if self.phase == "discard":
            return [Action("discard", c) for c in self.hands[DEALER] if card_value(c) != 5]
        if self.phase == "declare":
            shows = [Action("show", c) for c in self.combination_cards(self.turn)]
            return [*shows, *([Action("declare")] if shows else []), Action("done")]
        if self.phase == "give":
            return [Action("give", c) for c in self._payable()]
        if self.phase == "play":
            cards = [Action("play", c) for c in legal_cards(self.hands[self.turn], self.trick, POLICY)]
            signals = [Action(s) for s in SIGNALS if s not in self.signals] if not self.trick else []
            return cards + signals
        return []

    def _payable(self) -> list[Card]:
        assert self.matto_by is not None
        return [c for c in self.piles[team_of(self.matto_by)] if c != MATTO]

    def refusal(self, action: Action) -> str | None:
        if self.is_terminal():
            return "このディールはもう終わっています。"
        expected = {"monte": ("monte", "keep"), "discard": ("discard",), "declare": ("show", "declare", "done"),
                    "give": ("give",), "play": ("play", *SIGNALS)}[self.phase]
        if action.kind not in expected:
            return f"今は{PHASE_NAMES[self.phase]}の番です。"
        if action.kind in self.KEYWORDS:
            return self._word_refusal(action)
        if action.card is None:
            return "カードを選んでください。"
        return self._card_refusal(action.kind, action.card)

    def _word_refusal(self, action: Action) -> str | None:
        if action.card is not None:
            return "この手ではカードは選びません。"
        if action.kind == "declare" and not self.combination_cards(self.turn):
            return "申告していない役の札はもうありません。"
        if action.kind in SIGNALS and self.trick:
            return "合図はリードする人がリードの札と一緒に出すものです。"
        if action.kind in self.signals:
            return "その合図はこのリードですでに出しています。"
        return None

    def _card_refusal(self, kind: str, card: Card) -> str | None:
        if kind == "give":
            return None if card in self._payable() else \
                "渡せるのは、マットを出した側が取ったトリックの札（マット以外）だけです。"
        if card not in self.hands[self.turn]:
            return "その札は手札にありません。"
        if kind == "discard":
            return None if card_value(card) != 5 else "5点の札（天使・世界・ベガト・マット・キング）は捨てられません。"
        if kind == "show":
            shown = card in self.combination_cards(self.turn)
            return None if shown else "手役にならない札や、もう見せた札は申告できません。"
        reason = refusal(card, self.hands[self.turn], self.trick, POLICY, NAMING)
        return None if reason is None else reason.message

    def explain(self, action: Action) -> str:
        reason = self.refusal(action)
        if reason is not None:
            return reason
        if action.kind in SIGNALS:
            return f"リードに合図を添えられます: {signal_text(action.kind, self.variants)}。"
        if action.kind == "play":
            return f"{self.describe(action)}は出せます。"
        return f"「{self.describe(action)}」を選べます。"

    def card_kind(self) -> str:
        return {"discard": "discard", "declare": "show", "give": "give"}.get(self.phase, "play")

    def describe(self, action: Action) -> str:
        words = {"monte": "モンテに賛成", "keep": "モンテに反対（このまま遊ぶ）", "declare": "残りの手役をすべて申告",
                 "done": "申告を終える" if self.declared[self.turn] else "申告しない"}
        if action.kind in SIGNALS:
            return f"合図「{SIGNAL_NAMES[action.kind]}」"
        if action.card is None:
            return words[action.kind]
        prefix = {"show": "見せる: ", "discard": "捨てる: ", "give": "渡す: "}.get(action.kind, "")
        return prefix + NAMING.name(action.card)

    # --- applying actions --------------------------------------------------------------
    def _apply(self, action: Action) -> None:
        card = action.card
        if self.phase == "monte":
            self._vote(action.kind == "monte")
        elif self.phase == "discard" and card is not None:
            self.hands[DEALER].remove(card)
            self.discard.append(card)
            if len(self.discard) == 2:
                self.log.append("ディーラーが2枚を裏向きに捨てました。")
                self.phase = "play"
                self._enter_turn(0)
        elif self.phase == "declare":
            self._declare(action)
        elif self.phase == "give" and card is not None:
            self._pay(card)
        elif action.kind in SIGNALS:
            self.signals.append(action.kind)
            self.log.append(f"{SEAT_NAMES[self.turn]}の合図: {signal_text(action.kind, self.variants)}")
        elif card is not None:
            self._play(card)

    def _vote(self, agrees: bool) -> None:
        outcome = monte_vote(self.votes, agrees, SEAT_NAMES[self.turn], SEATS, self.log)
        if outcome == "play":
            self.phase, self.turn = "discard", DEALER
        elif outcome == "abandoned":
            self.phase = "abandoned"
        else:
            self.turn += 1

    def _enter_turn(self, seat: int) -> None:
        """Give ``seat`` the turn; in trick 1 a hand with combinations first decides what to declare."""
        self.turn = seat
        if not self.tricks and not self.decided[seat] and self.combination_cards(seat):
            self.phase = "declare"
        else:
            self.decided[seat] = True
            self.phase = "play"

    def _declare(self, action: Action) -> None:
        seat = self.turn
        if action.kind == "show" and action.card is not None:
            self.declared[seat].append(action.card)
            return
        if action.kind == "declare":
            self.declared[seat] += self.combination_cards(seat)
        found = combinations(self.declared[seat], int(self.variants["suit_wilds"]), bool(self.variants["grande_moors"]))
        words = "、".join(f"{c.name} {c.value}点" for c in found) or "役にならない札だけ"
        self.log.append(f"{SEAT_NAMES[seat]}の申告: {words}" if self.declared[seat]
                        else f"{SEAT_NAMES[seat]}は申告しませんでした。")
        self.decided[seat] = True
        self.phase = "play"

    def _play(self, card: Card) -> None:
        self.hands[self.turn].remove(card)
        self.trick.append(Play(self.turn, card))
        if card == MATTO:
            self.matto_by = self.turn
        if len(self.trick) < SEATS:
            self._enter_turn((self.turn + 1) % SEATS)
            return
        result = trick_winner(self.trick, POLICY, NAMING, SEAT_NAMES)
        side = team_of(result.winner)
        self.tricks.append(CompletedTrick(self.trick[0].seat, tuple(self.trick), result, tuple(self.signals)))
        self.won[side] += 1
        for play in self.trick:
            keeper = team_of(play.seat) if play.card == MATTO else side
            self.piles[keeper].append(play.card)
            if keeper != side:
                self.matto_owed = True
                self.log.append(f"マットは{SEAT_NAMES[play.seat]}の側の取り札に入ります（あとで1枚払います）。")
        self.trick, self.signals = [], []
        self.log.append(f"第{len(self.tricks)}トリック: {result.message}")
        self.turn = result.winner
        if len(self.tricks) == TRICKS:
            self._finish()

    def _finish(self) -> None:
        if self.matto_by is not None:
            side = team_of(self.matto_by)
            if not self.won[side]:
                self.piles[side].remove(MATTO)
                self.piles[1 - side].append(MATTO)
                self.matto_owed = False
                self.log.append("マットを出した側はトリックを取れなかったので、マットは相手側のものになります。")
            elif self.matto_owed:
                self.phase, self.turn = "give", self.matto_by
                return
        self.phase = "done"

    def _pay(self, card: Card) -> None:
        assert self.matto_by is not None
        side = team_of(self.matto_by)
        self.piles[side].remove(card)
        self.piles[1 - side].append(card)
        self.matto_paid, self.matto_owed = card, False
        self.log.append(f"{SEAT_NAMES[self.matto_by]}はマットの代わりに{NAMING.name(card)}を相手側に渡しました。")
        self.phase = "done"

    # --- results -----------------------------------------------------------------------
    def position(self) -> Position:
        if self.phase != "done":
            raise IllegalAction("ディールが終わるまで得点は計算できません。")
        return Position((tuple(self.piles[0]), tuple(self.piles[1])), tuple(self.discard),
                        team_of(self.tricks[-1].result.winner), tuple(map(tuple, self.declared)),
                        self.matto_by, self.matto_paid, None, self.variants)

    def score(self) -> ScoreSheet:
        if self.phase == "abandoned":
            sheet = ScoreSheet("オットーチェントの得点計算")
            sheet.add("", "モンテ", rule("monte"), "4人全員が同意したので、このディールは流れました（得点なし）。")
            sheet.totals = {name: 0 for name in SIDE_NAMES}
            return sheet
        return score_position(self.position())

    def hand(self, seat: int) -> list[Card]:
        return display_order(self.hands[seat])

    def shown(self, seat: int) -> list[Card]:
        """Declared cards still in the seat's hand: they lie face up and are played from there."""
        return [c for c in display_order(self.declared[seat]) if c in self.hands[seat]]

    def table(self) -> tuple[list[tuple[str, Card]], str, int | None]:
        """The trick in progress (with its lead's signals), else the last one with its winner."""
        caption = "合図: " + "、".join(signal_text(s, self.variants) for s in self.signals) if self.signals else ""
        last = (self.tricks[-1].plays, self.tricks[-1].result) if self.tricks else None
        return table_view(self.trick, last, SEAT_NAMES, caption)

    def fingerprint(self) -> Hashable:
        return (self.deal, tuple(sorted(self.variants.items())), tuple(self.history), self.phase, self.turn,
                tuple(map(tuple, self.hands)), tuple(map(tuple, self.piles)), tuple(self.discard),
                tuple(map(tuple, self.declared)), tuple(self.decided), tuple(self.signals), tuple(self.trick),
                tuple(self.won), self.matto_by, self.matto_owed, self.matto_paid)


PHASE_NAMES = {
    "monte": "モンテの相談", "discard": "ディーラーの捨て札", "declare": "手役の申告", "play": "カードを出す",
    "give": "マットの支払い",
}
