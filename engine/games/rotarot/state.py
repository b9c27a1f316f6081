"""ロタロット deal in progress: bidding for the widow, exchange, 18 tricks, or Ramsch when everybody passes.

Follows shared/rules/rotarot.md.  Seats run 0..n-1 counter-clockwise from the dealer's
right; the dealer is the last seat.  Phases: bid → take/discard (the declarer's exchange)
→ play → done; or bid → rtake/rdiscard (each seat's Ramsch exchange, dealer first) → play
→ done.  The legal set is computed from the phase, the hand and the trick with card tables
from ``rules`` and no words; ``refusal`` words the rule only when someone asks.  A finished
deal becomes a ``score.Position``, which does the scoring.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from fractions import Fraction

from ...cards import RED_SUITS, TRUMP, Card
from ...game import Action, GameState, IllegalAction, Later, Variants
from ...scoresheet import ScoreSheet
from ...tricks import Play, TrickPolicy, TrickResult, refusal
from .rules import (
    BID_WORDS,
    BIDS,
    BONUS,
    CARDS,
    GAME,
    HALVES,
    HONOURS,
    MOND,
    NAMING,
    PACK,
    SEAT_NAMES,
    SKUS,
    VARIANTS,
    WIDOW,
    WORD_BIDS,
    bid_name,
    display_order,
    names,
    never_discarded,
    policy,
    rule,
    seat_name,
    step,
)
from .score import Position, pts

KEYWORDS = ("pass", *(BID_WORDS[k] for k in BIDS), "enough")
PHASE_NAMES = {"bid": "ビッド", "take": "ウィドーの札選び", "discard": "捨て札", "rtake": "ラムシュの交換（取る札）",
               "rdiscard": "ラムシュの交換（捨てる札）", "play": "トリックのプレイ"}
EXPECTED_KINDS = {"bid": KEYWORDS[:-1], "take": ("take",), "rtake": ("take", "enough"),
                  "discard": ("discard",), "rdiscard": ("discard",), "play": ("play",)}
# One Action object per card and verb, and the bids still open after each bid: the legal set is built
# from these without constructing anything.
PLAY = {c: Action("play", c) for c in CARDS}
TAKE = {c: Action("take", c) for c in CARDS}
DISCARD = {c: Action("discard", c) for c in CARDS}
PASS, ENOUGH = Action("pass"), Action("enough")
OPEN_BIDS: dict[int | None, tuple[int, ...]] = {None: BIDS} | {k: BIDS[BIDS.index(k) + 1:] for k in BIDS}
BID_CHOICES = {k: (PASS, *(Action(BID_WORDS[b]) for b in bids)) for k, bids in OPEN_BIDS.items()}


class RotarotState(GameState):
    GAME = GAME
    TAG = "roG"
    POSITION = Position
    PACK = PACK
    VARIANTS = VARIANTS
    KEYWORDS = KEYWORDS
    SEATS = 4

    def __init__(self, deal: Sequence[Card], variants: Variants | None = None) -> None:
        super().__init__(deal, variants)
        if len(self.deal) != 78 or len(set(self.deal)) != 78:
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
        self.direction = 1  # +1 counter-clockwise; -1 for a Ramsch played clockwise (set when play starts)

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
        phase = self.phase
        if phase == "play":
            return self._legal_plays()
        if phase == "bid":
            return list(BID_CHOICES[self.contract])
        if phase in ("take", "rtake"):
            words = [ENOUGH] if phase == "rtake" else []
            return words + [TAKE[c] for c in display_order(self.widow)]
        if phase in ("discard", "rdiscard"):
            return [DISCARD[c] for c in display_order(self.hands[self.turn]) if self._may_discard(c)]
        return []

    def _legal_plays(self) -> list[Action]:
        """Follow suit; void, play a trump; with the over-trump switch, beat the best trump if able (§4.2).

        The same duties ``tricks.refusal`` explains, in one pass over the hand and with card
        attributes only (the Sküs is a trump; its strength is 22, or 0 in Ramsch)."""
        hand, trick = self.hands[self.turn], self.trick
        if not trick:
            return [PLAY[c] for c in hand]
        lead = trick[0].card
        if not (lead.is_trump or lead.is_fool):
            suit = lead.suit
            followers = [PLAY[c] for c in hand if c.suit == suit]
            if followers:
                return followers
        trumps = [c for c in hand if c.is_trump or c.is_fool]
        if not trumps:
            return [PLAY[c] for c in hand]
        if self.variants["overtrump"]:
            fool = 0 if self.ramsch else 22
            top = max((p.card.rank if p.card.is_trump else fool for p in trick if p.card.is_trump or p.card.is_fool),
                      default=-1)
            higher = [c for c in trumps if (c.rank if c.is_trump else fool) > top]
            if higher:
                trumps = higher
        return [PLAY[c] for c in trumps]

    def _may_discard(self, card: Card) -> bool:
        return not never_discarded(card, self.ramsch, bool(self.variants["ramsch_mond_discard"]))

    def _policy(self) -> TrickPolicy:
        return policy(self.ramsch, self.variants)

    def refusal(self, action: Action) -> str | None:
        if self.is_terminal():
            return "このディールはもう終わっています。"
        if action.kind not in EXPECTED_KINDS[self.phase]:
            return f"今は{PHASE_NAMES[self.phase]}の番です。"
        if action.take:
            return "ロタロットでは、出した札で場の札を取ることはありません。"
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
        if action.kind == "pass" or WORD_BIDS[action.kind] in OPEN_BIDS[self.contract]:
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
            k = WORD_BIDS.get(action.kind)
            return action.kind if k is None else "ソロ（交換なし）" if k == 0 else f"{k}枚取る"
        verb = {"take": "を取る", "discard": "を捨てる"}.get(action.kind, "")
        return NAMING.name(action.card) + verb

    # --- applying actions --------------------------------------------------------------
    def _apply(self, action: Action) -> None:
        kind = action.kind
        if kind == "play":
            assert action.card is not None
            self._play(action.card)
        elif self.phase == "bid":
            self._bid(kind)
        elif kind == "enough":
            self._end_ramsch_turn()
        else:
            assert action.card is not None
            (self._take if kind == "take" else self._discard)(action.card)

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
        self.direction = step(self.ramsch, self.variants)

    def _play(self, card: Card) -> None:
        n, trick = self.n, self.trick
        self.hands[self.turn].remove(card)
        trick.append(Play(self.turn, card))
        if len(trick) < n:
            self.turn = (self.turn + self.direction) % n
            return
        result = self._winner()
        self.results.append(result)
        self.piles[result.winner] += [p.card for p in trick]
        if not self.ramsch:
            self._note_collapse()
        self.last_plays, self.trick = tuple(trick), []
        self.turn = result.winner
        number = len(self.results)
        self.log.append(Later(lambda: f"第{number}トリック: {result.message}"))
        if not self.hands[self.turn]:
            self.phase = "done"

    def _winner(self) -> TrickResult:
        """The highest trump, else the highest card of the led suit (§4.3), from card attributes:
        trumps by number (Sküs 22, or 0 in Ramsch), red pips 1 high to 10 low."""
        trick, fool = self.trick, 0 if self.ramsch else 22
        best = trick[0]
        card = best.card
        trumps = card.is_trump or card.is_fool
        led = TRUMP if trumps else card.suit
        red = led in RED_SUITS
        value = (card.rank if card.is_trump else fool) if trumps else \
            11 - card.rank if red and card.rank <= 10 else card.rank
        for play in trick[1:]:
            card = play.card
            if card.is_trump or card.is_fool:
                strength = card.rank if card.is_trump else fool
                if not trumps or strength > value:
                    best, trumps, value = play, True, strength
            elif not trumps and card.suit == led:
                strength = 11 - card.rank if red and card.rank <= 10 else card.rank
                if strength > value:
                    best, value = play, strength
        return TrickResult(best.seat, best.card, "highest_trump" if trumps else "highest_of_suit", led, NAMING,
                           SEAT_NAMES[self.n])

    def _note_collapse(self) -> None:
        skus = mond = -1
        for play in self.trick:
            if play.card is SKUS:
                skus = play.seat
            elif play.card is MOND:
                mond = play.seat
        if skus >= 0 and mond >= 0:
            self.collapse = (skus, mond)
            self.log.append(Later(lambda: f"世界の崩壊: {seat_name(skus, self.n)}のスキュースが"
                                          f"{seat_name(mond, self.n)}のモンドを取りました。"))

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

    def tally(self) -> list[tuple[str, str]]:
        """Card points so far, once play has begun: the declarer's tricks and discard against the
        defenders' tricks and the widow cards nobody took (as §2.2 and the widow switch count them);
        in Ramsch each seat's tricks with Ramsch values, the widow joining the last trick's winner."""
        if self.phase not in ("play", "done"):
            return []
        halves, n = HALVES[self.ramsch], self.n
        if self.ramsch:
            counts = [sum(halves[c] for c in pile) for pile in self.piles]
            rows = [(seat_name(s, n), f"{pts(Fraction(counts[s], 2))}点") for s in range(n)]
            if self.phase == "done":
                winner, widow = self.results[-1].winner, sum(halves[c] for c in self.widow)
                rows[winner] = (seat_name(winner, n), f"{pts(Fraction(counts[winner] + widow, 2))}点"
                                                      f"（ウィドー{pts(Fraction(widow, 2))}点を含む）")
            return rows
        assert self.declarer is not None
        decl = self.declarer
        widow = sum(halves[c] for c in self.widow)
        to_declarer = self.variants["widow_rest"] == "declarer"
        own = sum(halves[c] for c in self.piles[decl]) + sum(halves[c] for c in self.discard)
        others = sum(halves[c] for s, pile in enumerate(self.piles) if s != decl for c in pile)
        rest = "ウィドー6枚" if self.contract == 0 else "使わなかったウィドー"
        extras = ([] if self.contract == 0 else ["捨て札"]) + ([rest] if to_declarer else [])
        if to_declarer:
            own += widow
        else:
            others += widow
        included = f"、{'と'.join(extras)}を含む" if extras else ""
        return [(f"デクレアラー（席{decl}{included}）", f"{pts(Fraction(own, 2))}点"),
                ("相手側" + ("" if to_declarer else f"（{rest}を含む）"), f"{pts(Fraction(others, 2))}点")]

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
