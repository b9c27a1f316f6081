"""オットーチェント (Bolognese tarocchini): the state machine of one deal.

Four players, two partnerships, the 62-card pack.  Seats run 0..3 counter-clockwise from
the dealer's right (seat 0 is eldest, seat 1 the dealer's partner, seat 2 on his left); the
dealer is seat 3 and sides are 1+3 (side 0) and 0+2 (side 1).  Phases:
monte (thrown in only if all four agree) → discard (the dealer lays away two cards) →
play (15 tricks; in trick 1 each player may first show his combinations in hand, and a
leader may add signals to his lead) → give (the Matto's side pays one card when an
opponent won the Matto's trick) → done.

The legal set is computed straight from the hand and the trick (follow suit, else trump,
the Matto always) with prebuilt actions and no words; ``refusal`` words the reason only
when someone asks, and per-trick log lines are ``Later``.  The final position and its
score sheet live in ``score``, the tables in ``rules``.  Rules: shared/rules/ottocento.md.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import NamedTuple

from ...cards import TRUMP, Card
from ...game import Action, GameState, IllegalAction, Later, Variants, monte_vote
from ...scoresheet import ScoreSheet
from ...tricks import Play, TrickResult, refusal, table_view
from .combos import combination_cards, combination_total, combinations
from .rules import (
    DEALER,
    DISCARDS,
    FIVES,
    GAME,
    MATTO,
    NAMING,
    PACK,
    POLICY,
    SEAT_NAMES,
    SEATS,
    SIDE_NAMES,
    SIGNAL_NAMES,
    SIGNALS,
    STRENGTH,
    TEAM_OF,
    TRICKS,
    VALUE,
    VARIANTS,
    display_order,
    rule,
    signal_text,
)
from .score import Position, combo_args, score_position

# Every card action exists once: building the legal set is then a list of look-ups.
PLAY = {card: Action("play", card) for card in PACK.cards()}
HELD = {card: (card, PLAY[card]) for card in PACK.cards()}  # a card in hand with its play
DISCARD = {card: Action("discard", card) for card in PACK.cards()}
SHOW = {card: Action("show", card) for card in PACK.cards()}
GIVE = {card: Action("give", card) for card in PACK.cards()}
MONTE_ACTIONS = (Action("monte"), Action("keep"))
SIGNAL_ACTIONS = tuple(Action(s) for s in SIGNALS)
DECLARE, DONE = Action("declare"), Action("done")


class CompletedTrick(NamedTuple):
    leader: int
    plays: tuple[Play, ...]
    result: TrickResult
    signals: tuple[str, ...]


def trick_result(trick: Sequence[Play]) -> TrickResult:
    """The winner of a full trick: the highest trump (of equal Moors the last one played), else
    the highest card of the suit led (the second card's suit after a Matto lead); never the Matto."""
    led = ""
    best = trick[0]
    best_strength = -1
    best_trump = False
    for play in trick:
        card = play.card
        if card is MATTO:
            continue
        suit = card.suit
        if not led:
            led = suit
        trump = suit == TRUMP
        if trump:
            value = STRENGTH[card]
            if not best_trump or value >= best_strength:
                best, best_strength, best_trump = play, value, True
        elif suit == led and not best_trump and STRENGTH[card] > best_strength:
            best, best_strength = play, STRENGTH[card]
    return TrickResult(best.seat, best.card, "highest_trump" if best_trump else "highest_of_suit", led,
                       NAMING, SEAT_NAMES)


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
        if len(self.deal) != len(PACK.cards()) or set(self.deal) != set(PACK.cards()):
            raise ValueError("配り札は62枚のボローニャ式パックをちょうど1回ずつ含まなければなりません。")
        deal = self.deal
        self.hands: list[list[Card]] = [
            [*deal[5 * s:5 * s + 5], *deal[20 + 5 * s:25 + 5 * s], *deal[40 + 5 * s:45 + 5 * s]] for s in range(SEATS)]
        self.hands[DEALER] += deal[60:]
        # The same hands as play actions, kept in step with ``hands``: the legal set is then a filter.
        self.plays: list[list[tuple[Card, Action]]] = [[HELD[c] for c in hand] for hand in self.hands]
        self._combos: dict[tuple[int, int], list[Card]] = {}  # (seat, cards in hand) -> combination cards
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
        hand = self.hands[seat]
        key = (seat, len(hand))  # cards only ever leave a hand: its size tells which hand it is
        found = self._combos.get(key)
        if found is None:
            found = self._combos[key] = combination_cards(hand, *combo_args(self.variants))
        shown = self.declared[seat]
        return [c for c in found if c not in shown] if shown else found

    def _legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == "play":
            plays = self._playable()
            if self.trick or len(self.signals) == len(SIGNALS):
                return plays
            return [*plays, *(a for a in SIGNAL_ACTIONS if a.kind not in self.signals)]
        if phase == "monte":
            return list(MONTE_ACTIONS)
        if phase == "discard":
            return [DISCARD[c] for c in self.hands[DEALER] if c not in FIVES]
        if phase == "declare":
            shows = [SHOW[c] for c in self.combination_cards(self.turn)]
            return [*shows, DECLARE, DONE] if shows else [DONE]
        if phase == "give":
            return [GIVE[c] for c in self._payable()]
        return []

    def _playable(self) -> list[Action]:
        """Follow the suit led (the first card that is not the Matto); without it, trump; without
        trumps, anything.  The Matto may always be played."""
        hand = self.plays[self.turn]
        led = ""
        for play in self.trick:
            if play.card is not MATTO:
                led = play.card.suit
                break
        if led:
            plays = [a for c, a in hand if c.suit == led]
            if not plays and led != TRUMP:
                plays = [a for c, a in hand if c.suit == TRUMP]
            if plays:
                if HELD[MATTO] in hand:
                    plays.append(PLAY[MATTO])
                return plays
        return [a for _, a in hand]

    def _payable(self) -> list[Card]:
        assert self.matto_by is not None
        return [c for c in self.piles[TEAM_OF[self.matto_by]] if c is not MATTO]

    def refusal(self, action: Action) -> str | None:
        if self.is_terminal():
            return "このディールはもう終わっています。"
        if action.kind not in EXPECTED[self.phase]:
            return f"今は{PHASE_NAMES[self.phase]}の番です。"
        if action.take:
            return "このゲームでは場の札を取る手はありません。"
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
            return None if card not in FIVES else "5点の札（天使・世界・ベガト・マット・キング）は捨てられません。"
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
            return words.get(action.kind, action.kind)
        prefix = {"show": "見せる: ", "discard": "捨てる: ", "give": "渡す: "}.get(action.kind, "")
        return prefix + NAMING.name(action.card)

    # --- applying actions --------------------------------------------------------------
    def _apply(self, action: Action) -> None:
        phase, card = self.phase, action.card
        if phase == "play":
            if card is None:
                self._signal(action.kind)
            else:
                self._play(card)
        elif phase == "monte":
            self._vote(action.kind == "monte")
        elif phase == "discard" and card is not None:
            self.hands[DEALER].remove(card)
            self.plays[DEALER].remove(HELD[card])
            self.discard.append(card)
            if len(self.discard) == DISCARDS:
                self.log.append("ディーラーが2枚を裏向きに捨てました。")
                self._enter_turn(0)
        elif phase == "declare":
            self._declare(action)
        elif phase == "give" and card is not None:
            self._pay(card)

    def _signal(self, kind: str) -> None:
        self.signals.append(kind)
        seat, variants = self.turn, self.variants
        self.log.append(Later(lambda: f"{SEAT_NAMES[seat]}の合図: {signal_text(kind, variants)}"))

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
        shown, variants = tuple(self.declared[seat]), self.variants

        def words() -> str:
            if not shown:
                return f"{SEAT_NAMES[seat]}は申告しませんでした。"
            found = combinations(shown, *combo_args(variants))
            listed = "、".join(f"{c.name} {c.value}点" for c in found) or "役にならない札だけ"
            return f"{SEAT_NAMES[seat]}の申告: {listed}"

        self.log.append(Later(words))
        self.phase = "play"

    def _play(self, card: Card) -> None:
        seat = self.turn
        self.hands[seat].remove(card)
        self.plays[seat].remove(HELD[card])
        trick = self.trick
        trick.append(Play(seat, card))
        if card is MATTO:
            self.matto_by = seat
        if len(trick) < SEATS:
            if self.tricks:
                self.turn = (seat + 1) % SEATS
            else:
                self._enter_turn((seat + 1) % SEATS)
            return
        result = trick_result(trick)
        side = TEAM_OF[result.winner]
        done = CompletedTrick(trick[0].seat, tuple(trick), result, tuple(self.signals))
        self.tricks.append(done)
        self.won[side] += 1
        piles = self.piles[side]
        for play in trick:
            if play.card is MATTO and TEAM_OF[play.seat] != side:
                self.piles[1 - side].append(MATTO)
                self.matto_owed = True
                self.log.append(Later(lambda who=SEAT_NAMES[play.seat]:  # type: ignore[misc]
                                      f"マットは{who}の側の取り札に入ります（あとで1枚払います）。"))
            else:
                piles.append(play.card)
        self.trick, self.signals = [], []
        number = len(self.tricks)
        self.log.append(Later(lambda: f"第{number}トリック: {result.message}"))
        self.turn = result.winner
        if number == TRICKS:
            self._finish()

    def _finish(self) -> None:
        if self.matto_by is not None:
            side = TEAM_OF[self.matto_by]
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
        side = TEAM_OF[self.matto_by]
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
                        TEAM_OF[self.tricks[-1].result.winner], tuple(map(tuple, self.declared)),
                        self.matto_by, self.matto_paid, None, self.variants, played=True)

    def score(self) -> ScoreSheet:
        if self.phase == "abandoned":
            sheet = ScoreSheet("オットーチェントの得点計算")
            sheet.add("", "モンテ", rule("monte"), "4人全員が同意したので、このディールは流れました（得点なし）。")
            sheet.totals = {name: 0 for name in SIDE_NAMES}
            return sheet
        return score_position(self.position())

    def tally(self) -> list[tuple[str, str]]:
        """Each side's card points so far, counted as the rules count them: every counter its value
        less one, plus one point per pair of cards (the sheet's two card-point lines at the end).
        The discard counts with the dealer's side, unless the deal ended without a trick for that
        side (then the final position gives it to the opponents).  While the Matto's payment is
        pending both piles hold an odd number of cards: the card left over makes no pair yet."""
        if not self.tricks:
            return []
        with_discard = self.position().discard_owner if self.phase == "done" else 0
        rows = []
        for side in (0, 1):
            cards = self.piles[side] + (self.discard if side == with_discard else [])
            pairs, odd = divmod(len(cards), 2)
            points = sum(VALUE[c] - 1 for c in cards if VALUE[c]) + pairs
            count = f"取り札{len(self.piles[side])}枚"
            if side == with_discard:
                count += f"＋捨て札{len(self.discard)}枚"
            rows.append((SIDE_NAMES[side], f"{points}点（{count}" + (f"、2枚1組で{pairs}組と1枚）" if odd else "）")))
        return rows

    def hand_notes(self, seat: int) -> list[str]:
        """While ``seat`` declares: each combination its hand holds with its points, the total a full
        declaration gives (three of a family count double), and what the cards shown so far give."""
        if self.phase != "declare" or self.turn != seat:
            return []
        args = combo_args(self.variants)
        held = combinations(self.hands[seat], *args)
        notes = [f"{combo.name}: {combo.describe()} … {combo.value}点" for combo in held]
        notes.append(f"全部を申告すると{combination_total(held)}点（同じ種類の役が3つ以上なら、その種類は2倍）。")
        if self.declared[seat]:
            shown = combination_total(combinations(self.declared[seat], *args))
            notes.append(f"見せた札だけでできる役は{shown}点です。")
        return notes

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


EXPECTED = {"monte": ("monte", "keep"), "discard": ("discard",), "declare": ("show", "declare", "done"),
            "give": ("give",), "play": ("play", *SIGNALS)}  # the kinds of action each phase takes
PHASE_NAMES = {
    "monte": "モンテの相談", "discard": "ディーラーの捨て札", "declare": "手役の申告", "play": "トリックのプレイ",
    "give": "マットの支払い",
}
