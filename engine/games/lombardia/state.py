"""ロンバルディアタロットの進行: the state machine of one deal, from the monte to the last trick.

Phases: monte (each seat in turn agrees to throw the deal in or not) → discard (the dealer lays
away two cards) → play (19 tricks; the Fool's exchange is a decision of its player) → done.
The legal moves of each phase are computed straight from the hand and the trick; the Japanese
reasons (``refusal``) are worded only when someone asks why a move is refused.  At the end the
state hands a ``score.Position`` to the scoring, which never needs this module.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass

from ...cards import TRUMP, Card
from ...chances import lacks
from ...game import Action, GameState, IllegalAction, Later, Variants
from ...scoresheet import ScoreSheet
from ...tricks import Play, TrickResult, led_suit, refusal, trick_winner
from .rules import (
    DEALER,
    GAME,
    NAMING,
    PACK,
    POLICY,
    SEAT_NAMES,
    SEATS,
    TEAM_NAMES,
    TEAMS,
    THE_FOOL,
    TRICKS,
    VARIANTS,
    card_values,
    display_order,
    is_honour,
    rule,
)
from .score import Position, score_position

WHOLE_PACK = frozenset(PACK.cards())
PLAYS: dict[Card, Action] = {card: Action("play", card) for card in PACK.cards()}  # one per card, reused


@dataclass(frozen=True)
class CompletedTrick:
    leader: int
    plays: tuple[Play, ...]
    result: TrickResult


@dataclass(frozen=True)
class SeenTrick:
    """A finished trick as everyone saw it: who led, the four plays in order and the winner."""

    leader: int
    plays: tuple[Play, ...]
    winner: int


class LombardiaState(GameState):
    GAME = GAME
    TAG = "loG"
    POSITION = Position
    PACK = PACK
    VARIANTS = VARIANTS
    KEYWORDS = ("monte", "keep")
    SEATS = SEATS

    def __init__(self, deal: Sequence[Card], variants: Variants | None = None) -> None:
        super().__init__(deal, variants)
        if len(self.deal) != len(WHOLE_PACK) or set(self.deal) != WHOLE_PACK:
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
        self.won = [0] * SEATS  # tricks each seat has taken
        self.fool_by: int | None = None
        self.fool_parked_with: int | None = None  # winner holding the Fool until its player's first trick
        self.exchange_to: int | None = None  # receiver while the Fool's player chooses a card to give
        # What every seat sees, kept as the play goes because every view (one per card of a search's
        # playouts) reads it: the exposed cards not yet played (one the dealer lays away stays face up), the
        # cards played, the suits each seat has shown it lacks, and the finished tricks.
        self.face_up = tuple(self.exposures())
        self.played: list[Card] = []
        self.voids: list[frozenset[str]] = [frozenset()] * SEATS
        self.seen: tuple[SeenTrick, ...] = ()

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
            return [PLAYS[c] for c in self._playable()]
        return []

    def _playable(self) -> list[Card]:
        """Follow the suit led if you can, else trump if you can, else anything; the Fool always.

        The suit led is that of the first card that is not the Fool (after a Fool lead the
        second card sets it).  ``refusal`` words the same duties through tricks.refusal."""
        hand, trick = self.hands[self.turn], self.trick
        if not trick or (len(trick) == 1 and trick[0].card is THE_FOOL):
            return list(hand)
        suit = (trick[1] if trick[0].card is THE_FOOL else trick[0]).card.suit
        allowed = [c for c in hand if c.suit == suit]
        if not allowed and suit != TRUMP:
            allowed = [c for c in hand if c.is_trump]
        if not allowed:
            return list(hand)
        if THE_FOOL in hand:
            allowed.append(THE_FOOL)
        return allowed

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
        if action.kind not in EXPECTED[self.phase]:
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
        if lacking := lacks(led_suit(self.trick, POLICY), card):
            self.voids[self.turn] |= frozenset(lacking)
        self.trick.append(Play(self.turn, card))
        self.played.append(card)
        if any(shown is card for _, shown in self.face_up):
            self.face_up = tuple(exposed for exposed in self.face_up if exposed[1] is not card)
        if card.is_fool:
            self.fool_by = self.turn
        if len(self.trick) < SEATS:
            self.turn = (self.turn + 1) % SEATS
            return
        result = trick_winner(self.trick, POLICY, NAMING, SEAT_NAMES)
        winner = result.winner
        self.tricks.append(CompletedTrick(self.trick[0].seat, tuple(self.trick), result))
        self.seen += (SeenTrick(self.trick[0].seat, self.tricks[-1].plays, winner),)
        self.won[winner] += 1
        self.piles[winner] += [p.card for p in self.trick]
        fool_here = THE_FOOL in self.piles[winner][-SEATS:]
        first_trick_of_fool_player = self.fool_parked_with is not None and winner == self.fool_by
        self.trick = []
        self.turn = winner
        number = len(self.tricks)
        self.log.append(Later(lambda: f"第{number}トリック: {result.message}"))
        if fool_here and self.fool_by is not None and self.won[self.fool_by] == 0:
            self.fool_parked_with = winner
            self.log.append(f"{SEAT_NAMES[self.fool_by]}はまだトリックを取っていないので、愚者は表向きのまま"
                            f"{SEAT_NAMES[winner]}の前に置かれます。最初のトリックを取ったときに交換します。")
        elif fool_here or first_trick_of_fool_player:
            self.exchange_to = self.fool_parked_with if first_trick_of_fool_player else winner
            self.phase, self.turn = "exchange", self.fool_by if self.fool_by is not None else winner
            return
        self._after_trick()

    def _give(self, card: Card) -> None:
        assert self.fool_by is not None and self.exchange_to is not None
        giver, receiver = self.fool_by, self.exchange_to
        (self.discard if card in self.discard else self.piles[giver]).remove(card)
        self.piles[receiver].remove(THE_FOOL)
        self.piles[receiver].append(card)
        self.piles[giver].append(THE_FOOL)
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

    def tally(self) -> list[tuple[str, str]]:
        """Face values of the counters each side has won so far (after the Fool's exchanges; a Fool
        waiting for its exchange counts where it lies).  The discard joins the dealer's side once he has
        taken a trick, or the last trick's winner at the end; until then it is shown apart."""
        if not self.tricks:
            return []
        values = card_values(self.variants)
        owner = DEALER if self.won[DEALER] else self.tricks[-1].result.winner if self.phase == "done" else None
        lines = []
        for team, name in zip(TEAMS, TEAM_NAMES, strict=True):
            cards = [c for seat in team for c in self.piles[seat]] + (self.discard if owner in team else [])
            counters = [values[c] for c in cards if values[c]]
            lines.append((name, f"点札{len(counters)}枚、額面の合計{sum(counters)}点"))
        if owner is None:
            lines.append(("捨て札（ディーラーがまだトリックを取っていないので、行き先は未定）",
                          f"額面の合計{sum(values[c] for c in self.discard)}点"))
        return lines

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


EXPECTED = {"monte": ("monte", "keep"), "discard": ("discard",), "exchange": ("give",), "play": ("play",)}
PHASE_NAMES = {
    "monte": "モンテの相談", "discard": "ディーラーの捨て札", "exchange": "愚者の交換", "play": "トリックのプレイ",
}
