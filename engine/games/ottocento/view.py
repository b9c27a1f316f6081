"""What one seat of オットーチェント may see: the computer opponent's (and the coach's) input.

A seat sees its own hand, the monte answers, the cards every player declared (they lie face up
until played), every card played in the tricks with the signals its leader gave, who won each
trick, who played the Matto and whether its payment is owed.  It never sees another hand, the
deal order, or the dealer's two discards unless it is the dealer.  Everything is a tuple, so two
states this seat cannot tell apart give equal views.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...cards import Card
from ...game import Action, GameState, VariantValue
from ...tricks import Play
from .rules import DEALER, SEATS, display_order
from .state import OttocentoState


@dataclass(frozen=True)
class SeenTrick:
    """A finished trick as everyone saw it: who led, the plays in order, the winner and the lead's signals."""

    leader: int
    plays: tuple[Play, ...]
    winner: int
    signals: tuple[str, ...]


@dataclass(frozen=True)
class OttocentoView:
    seat: int
    turn: int  # the seat to act, -1 once the deal is over
    phase: str  # monte | discard | declare | play | give | done | abandoned
    hand: tuple[Card, ...]  # own cards in display order
    variants: tuple[tuple[str, VariantValue], ...]
    votes: tuple[bool, ...]  # monte answers so far, seat 0 first
    discard: tuple[Card, ...]  # the dealer's own discards; () for every other seat
    declared: tuple[tuple[Card, ...], ...]  # each seat's declared cards (face up), in display order
    tricks: tuple[SeenTrick, ...]
    trick: tuple[Play, ...]  # the trick in progress
    signals: tuple[str, ...]  # the signals given with the lead of the trick in progress
    hand_sizes: tuple[int, ...]
    matto_by: int | None  # the seat that played the Matto, once played
    legal: tuple[Action, ...]

    @property
    def variant_map(self) -> dict[str, VariantValue]:
        return dict(self.variants)


def view_of(state: GameState, seat: int) -> OttocentoView:
    """``seat``'s view of ``state``: public facts, its own cards and, when it is to act, its legal actions."""
    assert isinstance(state, OttocentoState)
    turn = state.current_player()
    return OttocentoView(
        seat=seat,
        turn=turn,
        phase=state.phase,
        hand=tuple(display_order(state.hands[seat])),
        variants=tuple(sorted(state.variants.items())),
        votes=tuple(state.votes),
        discard=tuple(display_order(state.discard)) if seat == DEALER else (),
        declared=tuple(tuple(display_order(cards)) for cards in state.declared),
        tricks=tuple(SeenTrick(t.leader, t.plays, t.result.winner, t.signals) for t in state.tricks),
        trick=tuple(state.trick),
        signals=tuple(state.signals),
        hand_sizes=tuple(len(state.hands[s]) for s in range(SEATS)),
        matto_by=state.matto_by,
        legal=tuple(sorted(state.legal_actions(), key=state.action_id)) if turn == seat else (),
    )
