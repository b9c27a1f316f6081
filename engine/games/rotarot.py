"""ロタロット: bidding for the widow, exchange, 18 tricks, or Ramsch when everybody passes.

Follows shared/rules/rotarot.md.  Seats run 0..n-1 counter-clockwise from the dealer's
right; the dealer is the last seat.  Phases: bid → take/discard (the declarer's exchange)
→ play → done; or bid → rtake/rdiscard (each seat's Ramsch exchange, dealer first) → play
→ done.  Card values, trick orders and scoring live in rotarot_score.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from ..cards import Card, Pack
from ..game import Action, GameState, IllegalAction, Variants
from ..scoresheet import ScoreSheet
from ..tricks import Play, TrickPolicy, TrickResult, legal_cards, refusal, trick_winner
from .rotarot_score import (
    BID_WORDS,
    BONUS,
    GAME,
    HONOURS,
    MOND,
    NAMING,
    SKUS,
    VARIANTS,
    WIDOW,
    Position,
    bid_name,
    display_order,
    names,
    never_discarded,
    policy,
    rule,
    seat_name,
)

BIDS = (6, 5, 4, 3, 2, 1, 0)  # weakest to strongest; 0 is Solo
KEYWORDS = ("pass", *(BID_WORDS[k] for k in BIDS), "enough")
WORD_BIDS = {word: k for k, word in BID_WORDS.items()}
PHASE_NAMES = {"bid": "ビッド", "take": "ウィドーから取る", "discard": "捨て札", "rtake": "ラムシュの交換（取る）",
               "rdiscard": "ラムシュの交換（捨てる）", "play": "カードを出す"}


class RotarotState(GameState):
    GAME = GAME
    TAG = "roG"
    POSITION = Position
    PACK = Pack.TAROT78
    VARIANTS = VARIANTS
    KEYWORDS = KEYWORDS
    SEATS = 4

    def __init__(self, deal: Sequence[Card], variants: Variants | None = None) -> None:
        super().__init__(deal, variants)
        if len(self.deal) != 78 or set(self.deal) != set(Pack.TAROT78.cards()):
            raise ValueError("配り札は78枚のタロットパックをちょうど1回ずつ含まなければなりません。")
        n = self.n = int(self.variants["players"])
        # 6 cards at a time from the dealer's right, counter-clockwise; the last 6 form the widow.
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        for packet in range(72 // 6):
            self.hands[packet % n] += self.deal[packet * 6:packet * 6 + 6]
        self.widow: list[Card] = list(self.deal[72:])
        self.widow_open = False  # the sixth widow card is face down until the exchange
        self.phase, self.turn = "bid", 0
        self.calls = self.passes = 0
        self.contract: int | None = None
        self.declarer: int | None = None
        self.taken: list[Card] = []  # widow cards taken in the current exchange turn
        self.discard: list[Card] = []
        self.exchanged = 0  # seats done with the Ramsch exchange
        self.ramsch = False
        self.trick: list[Play] = []
        self.results: list[TrickResult] = []
        self.last_plays: tuple[Play, ...] = ()
        self.piles: list[list[Card]] = [[] for _ in range(n)]
        self.collapse: tuple[int, int] | None = None

    @classmethod
    def from_hands(cls, hands: Sequence[Sequence[Card]], variants: Variants | None = None) -> RotarotState:
        """Hands as dealt (18 each); the dealer's list goes on with the 6 widow cards, the face-down one last."""
        n = int((variants or {}).get("players", 4))
        hands = [h for h in hands if h] if n == 3 else hands
        if [len(h) for h in hands] != [72 // n] * (n - 1) + [72 // n + WIDOW]:
            raise ValueError(f"手札は{72 // n}枚ずつ、ディーラーの列はそのあとにウィドー6枚を続けて書きます。")
        deal = [c for packet in range(72 // 6) for c in hands[packet % n][packet // n * 6:packet // n * 6 + 6]]
        return cls(deal + list(hands[n - 1][72 // n:]), variants)

    # --- whose turn and what is allowed ------------------------------------------------
    def is_terminal(self) -> bool:
        return self.phase in ("done", "abandoned")

    def _legal_actions(self) -> list[Action]:
        if self.phase == "bid":
            return [Action("pass"), *(Action(BID_WORDS[k]) for k in self._higher_bids())]
        if self.phase in ("take", "rtake"):
            words = [Action("enough")] if self.phase == "rtake" else []
            return words + [Action("take", c) for c in display_order(self.widow)]
        if self.phase in ("discard", "rdiscard"):
            return [Action("discard", c) for c in display_order(self.hands[self.turn]) if self._may_discard(c)]
        if self.phase == "play":
            return [Action("play", c) for c in legal_cards(self.hands[self.turn], self.trick, self._policy())]
        return []

    def _higher_bids(self) -> list[int]:
        return [k for k in BIDS if self.contract is None or BIDS.index(k) > BIDS.index(self.contract)]

    def _may_discard(self, card: Card) -> bool:
        return not never_discarded(card, self.ramsch, bool(self.variants["ramsch_mond_discard"]))

    def _policy(self) -> TrickPolicy:
        return policy(self.ramsch, self.variants)

    def refusal(self, action: Action) -> str | None:
        if self.is_terminal():
            return "このディールはもう終わっています。"
        expected = {"bid": KEYWORDS[:-1], "take": ("take",), "rtake": ("take", "enough"),
                    "discard": ("discard",), "rdiscard": ("discard",), "play": ("play",)}[self.phase]
        if action.kind not in expected:
            return f"今は{PHASE_NAMES[self.phase]}の番です。"
        if self.phase == "bid":
            return self._bid_refusal(action)
        card = action.card
        if action.kind == "enough":
            return None if card is None else "「これ以上取らない」ではカードは選びません。"
        if card is None:
            return "カードを選んでください。"
        if action.kind == "take":
            return None if card in self.widow else "ウィドーにある札だけを取れます。"
        if action.kind == "discard":
            return self._discard_refusal(card)
        reason = refusal(card, self.hands[self.turn], self.trick, self._policy(), NAMING)
        return reason.message if reason else None

    def _bid_refusal(self, action: Action) -> str | None:
        if action.card is not None:
            return "ビッドではカードは選びません。"
        if action.kind == "pass" or WORD_BIDS[action.kind] in self._higher_bids():
            return None
        assert self.contract is not None
        return (f"いまの最高のビッドは{bid_name(self.contract)}です。それより強いビッド"
                f"（取る枚数がより少ないビッドかソロ）しかできません。")

    def _discard_refusal(self, card: Card) -> str | None:
        if card not in self.hands[self.turn]:
            return "その札は手札にありません。"
        if self._may_discard(card):
            return None
        return f"{NAMING.name(card)}は5点の札なので捨てられません。"

    def card_kind(self) -> str:
        return {"take": "take", "rtake": "take", "discard": "discard", "rdiscard": "discard"}.get(self.phase, "play")

    def choice_label(self) -> str:
        return "ウィドーから取る札を選んでください:"

    def describe(self, action: Action) -> str:
        if action.kind == "pass":
            return "パス"
        if action.kind == "enough":
            return "これ以上取らない"
        if action.card is None:
            k = WORD_BIDS[action.kind]
            return "ソロ（交換なし）" if k == 0 else f"{k}枚取る"
        verb = {"take": "を取る", "discard": "を捨てる"}.get(action.kind, "")
        return NAMING.name(action.card) + verb

    # --- applying actions --------------------------------------------------------------
    def _apply(self, action: Action) -> None:
        if self.phase == "bid":
            self._bid(action.kind)
        elif action.kind == "enough":
            self._end_ramsch_turn()
        else:
            assert action.card is not None
            {"take": self._take, "discard": self._discard, "play": self._play}[action.kind](action.card)

    def _bid(self, word: str) -> None:
        who = seat_name(self.turn, self.n)
        self.calls += 1
        if word == "pass":
            self.passes += 1
            self.log.append(f"{who}はパスしました。")
        else:
            self.contract, self.declarer, self.passes = WORD_BIDS[word], self.turn, 0
            self.log.append(f"{who}が{bid_name(self.contract)}をビッドしました。")
        if self.contract is None and self.calls == self.n:
            self._start_ramsch()
        elif self.contract is not None and self.passes == self.n - 1:
            self._start_exchange()
        else:
            self.turn = (self.turn + 1) % self.n

    def _start_exchange(self) -> None:
        assert self.contract is not None and self.declarer is not None
        k, self.turn = self.contract, self.declarer
        self.log.append(f"{seat_name(self.declarer, self.n)}が{bid_name(k)}で落札しました"
                        f"（交換ボーナス{BONUS[k]}点）。")
        if k == 0:
            self.log.append("ソロなのでウィドーには触れず、デクレアラーが最初にリードします。")
            self._start_play(self.declarer)
            return
        self.widow_open = True
        forced = [c for c in HONOURS if c in self.widow][:k]
        if forced:
            self.log.append(f"ウィドーの{names(forced)}は必ず取る札なので、先に手札に入ります。")
        self.phase = "take"
        for card in forced:
            self._take(card)

    def _start_ramsch(self) -> None:
        if self.n == 3 and self.variants["three_ramsch"] == "void":
            self.log.append("全員がパスしたので、このディールは流れます。")
            self.phase = "abandoned"
            return
        self.ramsch = self.widow_open = True
        self.log.append("最初の1周で全員がパスしたので、ラムシュになります。ディーラーから交換します。")
        self.phase, self.turn = "rtake", self.n - 1

    def _take(self, card: Card) -> None:
        self.widow.remove(card)
        self.hands[self.turn].append(card)
        self.taken.append(card)
        limit = self.contract if self.phase == "take" else 2
        if len(self.taken) == limit:
            self.phase = "discard" if self.phase == "take" else "rdiscard"

    def _discard(self, card: Card) -> None:
        self.hands[self.turn].remove(card)
        self.taken.pop()
        if self.phase == "discard":
            self.discard.append(card)
            if not self.taken:
                assert self.declarer is not None
                self.log.append(f"デクレアラーが{len(self.discard)}枚を裏向きに捨てました。")
                self._start_play((self.declarer + 1) % self.n)
            return
        self.widow.append(card)
        self.log.append(f"{seat_name(self.turn, self.n)}は{NAMING.name(card)}を表向きでウィドーに置きました。")
        if not self.taken:
            self._next_ramsch_seat()

    def _end_ramsch_turn(self) -> None:
        if self.taken:
            self.phase = "rdiscard"
        else:
            self.log.append(f"{seat_name(self.turn, self.n)}はウィドーから取りませんでした。")
            self._next_ramsch_seat()

    def _next_ramsch_seat(self) -> None:
        self.exchanged += 1
        self.phase = "rtake"
        self.turn = (self.turn + 1) % self.n
        if self.exchanged == self.n:
            self._start_play(0)

    def _start_play(self, leader: int) -> None:
        self.phase, self.turn = "play", leader

    def _step(self) -> int:
        return -1 if self.ramsch and self.variants["ramsch_direction"] == "cw" else 1

    def _play(self, card: Card) -> None:
        self.hands[self.turn].remove(card)
        self.trick.append(Play(self.turn, card))
        if len(self.trick) < self.n:
            self.turn = (self.turn + self._step()) % self.n
            return
        result = trick_winner(self.trick, self._policy(), NAMING, [seat_name(s, self.n) for s in range(self.n)])
        self.results.append(result)
        self.piles[result.winner] += [p.card for p in self.trick]
        self._note_collapse()
        self.last_plays, self.trick = tuple(self.trick), []
        self.turn = result.winner
        self.log.append(f"第{len(self.results)}トリック: {result.message}")
        if not self.hands[self.turn]:
            self.phase = "done"

    def _note_collapse(self) -> None:
        played = {p.card: p.seat for p in self.trick}
        if not self.ramsch and SKUS in played and MOND in played:
            self.collapse = (played[SKUS], played[MOND])
            self.log.append(f"世界の崩壊: {seat_name(played[SKUS], self.n)}のスキュースが"
                            f"{seat_name(played[MOND], self.n)}のモンドを取りました。")

    # --- results -----------------------------------------------------------------------
    def position(self) -> Position:
        if self.phase != "done":
            raise IllegalAction("ディールが終わるまで得点は計算できません。")
        return Position(None if self.ramsch else self.contract, None if self.ramsch else self.declarer,
                        tuple(map(tuple, self.piles)), tuple(self.discard), tuple(self.widow), self.last_plays,
                        self.collapse, self.variants)

    def score(self) -> ScoreSheet:
        if self.phase == "abandoned":
            sheet = ScoreSheet("ロタロットの得点計算")
            sheet.add("", "流局", rule("three-players"), "3人全員がパスしたので、このディールは流れました。")
            sheet.totals = {seat_name(s, self.n): 0 for s in range(self.n)}
            return sheet
        return self.position().score()

    def hand(self, seat: int) -> list[Card]:
        return display_order(self.hands[seat])

    def table(self) -> tuple[list[tuple[str, Card]], str, int | None]:
        """The trick in progress, else the last trick with its winner; before play, the widow."""
        if self.phase in ("bid", "take", "rtake", "discard", "rdiscard"):
            shown = self.widow if self.widow_open else self.widow[:-1]
            hidden = "" if self.widow_open else "（6枚目は裏向き）"
            return [("ウィドー", c) for c in display_order(shown)], f"ウィドーの表向きの札{hidden}", None
        if self.trick or not self.results:
            return [(seat_name(p.seat, self.n), p.card) for p in self.trick], "", None
        last = self.results[-1]
        winner = next(i for i, p in enumerate(self.last_plays) if p.seat == last.winner)
        return [(seat_name(p.seat, self.n), p.card) for p in self.last_plays], last.message, winner

    def fingerprint(self) -> Hashable:
        return (self.deal, tuple(sorted(self.variants.items())), tuple(self.history), self.phase, self.turn,
                tuple(map(tuple, self.hands)), tuple(map(tuple, self.piles)), tuple(self.widow), self.widow_open,
                tuple(self.discard), tuple(self.taken), tuple(self.trick), self.last_plays, self.contract,
                self.declarer, self.calls, self.passes, self.exchanged, self.ramsch, self.collapse)
