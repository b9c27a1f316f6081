"""What one seat of ナポレタニッシュ may see: its own hand, the table, every pile (captures are made face
up, so the piles are public), every play made so far (the card and the set it took are shown to everyone;
the search's imagined deals replay them), how many cards the stock and the other hands hold, and who
captured last.

Never another hand or the stock's order.  Cards are kept in pack order, so two states this seat
cannot tell apart (say, the same cards drawn in another order) give equal views.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ...cards import Card
from ...game import Action, GameState, VariantValue
from .rules import FACTS
from .state import NapoletanischState


def _sorted(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=lambda c: FACTS[c][0]))


@dataclass(frozen=True)
class NapoletanischView:
    """One seat's knowledge of a deal in progress (or finished: ``phase`` "end", nothing legal)."""

    seat: int
    turn: int  # the seat to play, -1 once the deal is over
    phase: str  # "play" or "end"
    players: int
    hand: tuple[Card, ...]
    table: tuple[Card, ...]
    piles: tuple[tuple[Card, ...], ...]  # every seat's captured cards
    stock: int  # cards left in the stock (not which)
    hand_sizes: tuple[int, ...]  # every seat's number of cards in hand
    last_capturer: int | None
    variants: tuple[tuple[str, VariantValue], ...]
    legal: tuple[Action, ...]  # the legal actions when it is this seat's turn, else ()
    plays: tuple[Action, ...]  # every play so far, in turn order from seat 0 (all made face up)

    @property
    def capture_optional(self) -> bool:
        return bool(dict(self.variants)["capture_optional"])


def view_of(state: GameState, seat: int) -> NapoletanischView:
    """``seat``'s view of ``state``: the public facts, its own hand and, on its turn, the legal plays."""
    assert isinstance(state, NapoletanischState)
    turn = state.current_player()
    return NapoletanischView(
        seat=seat, turn=turn, phase="end" if turn < 0 else "play", players=state.players,
        hand=_sorted(state.hands[seat]), table=_sorted(state.tablecards),
        piles=tuple(_sorted(p) for p in state.piles), stock=len(state.stock()),
        hand_sizes=tuple(len(h) for h in state.hands), last_capturer=state.last_capturer,
        variants=tuple(sorted(state.variants.items())),
        legal=tuple(state.legal_actions()) if turn == seat else (), plays=tuple(state.history))
