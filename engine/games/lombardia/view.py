"""What one seat of ロンバルディアタロット may see: the computer opponent's (and the coach's) input.

A seat sees its own hand, every card played so far (tricks are played face up), who won each
trick, the monte votes, the cards turned face up after the deal as long as they have not been
played, and the Fool while it waits face up for its exchange.  It never sees another hand, the
deal order, or the dealer's two discards unless it is the dealer.  Everything is a tuple, so two
states this seat cannot tell apart give equal views.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...cards import Card
from ...game import Action, GameState, VariantValue
from ...tricks import Play
from .rules import DEALER, SEATS, display_order
from .state import LombardiaState, SeenTrick


@dataclass(frozen=True)
class LombardiaView:
    seat: int
    turn: int  # the seat to act, -1 once the deal is over
    phase: str  # monte | discard | play | exchange | done | abandoned
    hand: tuple[Card, ...]  # own cards in display order
    variants: tuple[tuple[str, VariantValue], ...]
    votes: tuple[bool, ...]  # monte answers so far, seat 0 first
    exposed: tuple[tuple[int, Card], ...]  # face-up cards after the deal that their holder has not played
    discard: tuple[Card, ...]  # the dealer's own discards; () for every other seat
    tricks: tuple[SeenTrick, ...]
    trick: tuple[Play, ...]  # the trick in progress
    hand_sizes: tuple[int, ...]
    fool_waiting_with: int | None  # the winner before whom the Fool lies face up until its exchange
    exchange_to: int | None  # who receives the card the Fool's player is giving now
    legal: tuple[Action, ...]
    # Facts the fields above already tell, handed over as the state keeps them (every card of a search's
    # playouts reads a view): the cards played, and the suits each seat has shown it lacks.
    played: frozenset[Card] = field(compare=False, repr=False)
    voids: tuple[frozenset[str], ...] = field(compare=False, repr=False)

    @property
    def variant_map(self) -> dict[str, VariantValue]:
        return dict(self.variants)


def view_of(state: GameState, seat: int) -> LombardiaView:
    """``seat``'s view of ``state``: public facts, its own cards and, when it is to act, its legal actions."""
    assert isinstance(state, LombardiaState)
    turn = state.current_player()
    return LombardiaView(
        seat=seat,
        turn=turn,
        phase=state.phase,
        hand=tuple(display_order(state.hands[seat])),
        variants=tuple(sorted(state.variants.items())),
        votes=tuple(state.votes),
        exposed=state.face_up,
        discard=tuple(display_order(state.discard)) if seat == DEALER else (),
        tricks=state.seen,
        trick=tuple(state.trick),
        hand_sizes=tuple(len(state.hands[s]) for s in range(SEATS)),
        fool_waiting_with=state.fool_parked_with,
        exchange_to=state.exchange_to,
        legal=tuple(sorted(state.legal_actions(), key=state.action_id)) if turn == seat else (),
        played=frozenset(state.played),
        voids=tuple(state.voids),
    )
