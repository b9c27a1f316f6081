"""ナポレタニッシュ's State: the deal, whose turn it is, the legal plays and what each play does.

Seats run 0..n-1 counter-clockwise from the dealer's right; the dealer is the last seat.  There are
no tricks: a decision is one hand card played together with the set of table cards it takes
(``Action.take``; empty when the card stays on the table), so the widget can let the reader pick
both and the engine can say why a chosen set is refused.  Phases: play (turns until every hand is
empty) → done.  The legal set comes from ``rules.captures_by_card`` without any words; ``refusal``
explains one chosen action on request, and log lines are worded only when read (``Later``).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from ...cards import Card
from ...game import Action, GameState, IllegalAction, Later, Variants
from ...scoresheet import ScoreSheet
from .rules import (
    GAME,
    HAND_SIZE,
    LEVEL,
    NAMING,
    PACK,
    TABLE_START,
    THIRDS,
    VALUE,
    VARIANTS,
    can_capture,
    capture_refusal,
    captures_by_card,
    display_order,
    legal_captures,
    names,
    seat_name,
    thirds_text,
)
from .score import Position, score_position


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
        if len(self.deal) != len(PACK.cards()) or set(self.deal) != set(PACK.cards()):
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
        self.last_event: str | Later = ""

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
        trail_too = bool(self.variants["capture_optional"])
        new = tuple.__new__  # Action is a NamedTuple: built straight from its fields on this hot path
        for card, sets in captures_by_card(self.hands[self.turn], self.tablecards):
            actions += [new(Action, ("play", card, s)) for s in sets]
            if trail_too or not sets:
                actions.append(new(Action, ("play", card, ())))
        return actions

    def is_legal(self, action: Action) -> bool:
        """Membership in the legal set once it was computed; until then ``allows`` (replaying a share
        code checks each action without building every capture of the hand)."""
        if self._legal is not None:
            return action in self._legal
        return self.allows(action)

    def allows(self, action: Action) -> bool:
        """Whether ``action`` is in the legal set, decided from the action alone: the card is in hand,
        and either its taken cards are distinct, in pack order, on the table, of kinds it may take and
        worth its value, or it takes nothing and has nothing to take (or captures are optional)."""
        card, take = action.card, action.take
        if action.kind != "play" or card is None or self.is_terminal() or card not in self.hands[self.turn]:
            return False
        table = self.tablecards
        if not take:
            return bool(self.variants["capture_optional"]) or not can_capture(card, table)
        level = LEVEL[card]
        return (list(take) == sorted(set(take)) and all(c in table and LEVEL[c] <= level for c in take)
                and sum(VALUE[c] for c in take) == VALUE[card])

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
            if list(action.take) != sorted(action.take):
                return "取る札はパックの順（タロック、スキュース、スペード・クラブ・ハート・ダイヤ）に並べて書きます。"
            return capture_refusal(card, action.take, self.tablecards)
        if self.variants["capture_optional"]:
            return None
        sets = self.captures(card)
        if not sets:
            return None
        options = "、".join(f"「{names(s)}」" for s in sets)
        return (f"{NAMING.name(card)}は場の{options}を取れます。取れるときは必ず1組を取らなければならないので、"
                "取る札を場から選んでください。")

    def explain(self, action: Action) -> str:
        reason = self.refusal(action)
        return reason if reason is not None else f"{self.describe(action)}ことができます。"

    def describe(self, action: Action) -> str:
        if action.card is None:
            return action.kind
        name = NAMING.name(action.card)
        return f"{name}で{names(action.take)}を取る" if action.take else f"{name}を場に置く"

    # --- applying actions --------------------------------------------------------------
    def _apply(self, action: Action) -> None:
        seat, card, taken, players = self.turn, action.card, action.take, self.players
        assert card is not None
        self.hands[seat].remove(card)
        if taken:
            table = self.tablecards
            for each in taken:
                table.remove(each)
            self.piles[seat] += [card, *taken]
            self.last_capturer = seat
            self.last_event = Later(lambda: _captured_words(seat, players, card, taken))
        else:
            self.tablecards.append(card)
            self.last_event = Later(lambda: f"{seat_name(seat, players)}の{NAMING.name(card)}は何も取らず、"
                                            "場に残りました。")
        self.log.append(self.last_event)
        if self.drawn < len(self.deal):
            self.hands[seat].append(self.deal[self.drawn])
            self.drawn += 1
        self.turn = (seat + 1) % self.players
        if self.drawn == len(self.deal) and not any(self.hands):
            self._finish()

    def _finish(self) -> None:
        self.remainder, self.tablecards = self.tablecards, []
        last, remainder, players = self.last_capturer, tuple(self.remainder), self.players
        if last is not None and remainder:
            self.log.append(Later(lambda: f"手札がなくなったので、場に残った{names(remainder)}は最後に札を取った"
                                          f"{seat_name(last, players)}のものになります。"))

    # --- results -----------------------------------------------------------------------
    def position(self) -> Position:
        if not self.is_terminal():
            raise IllegalAction("ディールが終わるまで得点は計算できません。")
        return Position.played(self.piles, self.remainder, self.last_capturer, self.variants)

    def score(self) -> ScoreSheet:
        return score_position(self.position())

    def tally(self) -> list[tuple[str, str]]:
        """Each seat's captured cards so far, their points in thirds as the sheet prints them (before
        the fraction is dropped) and how many they are; at the end the cards left on the table count
        for the seat that takes them (the last capturer), as on the sheet."""
        piles: list[list[Card]] = [list(p) for p in self.piles]
        owner = self.position().remainder_owner if self.is_terminal() else None
        if owner is not None:
            piles[owner] += self.remainder
        shown = []
        for seat, pile in enumerate(piles):
            extra = f"、場の残り{len(self.remainder)}枚を含む" if seat == owner and self.remainder else ""
            shown.append((seat_name(seat, self.players),
                          f"{thirds_text(sum(THIRDS[c] for c in pile))}点（{len(pile)}枚{extra}）"))
        return shown

    def hand(self, seat: int) -> list[Card]:
        return display_order(self.hands[seat])

    def table(self) -> tuple[list[tuple[str, Card]], str, int | None]:
        """The table cards with their capture values, and what the last play did."""
        shown = self.remainder if self.is_terminal() else self.tablecards
        return [(f"取り点{VALUE[c]}", c) for c in shown], str(self.last_event), None

    def fingerprint(self) -> Hashable:
        return (self.deal, tuple(sorted(self.variants.items())), tuple(self.history), self.turn, self.drawn,
                tuple(map(tuple, self.hands)), tuple(self.tablecards), tuple(map(tuple, self.piles)),
                tuple(self.remainder), self.last_capturer)


def _captured_words(seat: int, players: int, card: Card, taken: tuple[Card, ...]) -> str:
    sums = " + ".join(str(VALUE[c]) for c in taken)
    return (f"{seat_name(seat, players)}は{NAMING.name(card)}（取り点{VALUE[card]}）で"
            f"{names(taken)}（{sums}）を取りました。")
