"""What one seat of ロンブル may see: the computer opponent's (and the coach's) input.

A seat sees its own hand (and, while it exchanges, the cards it laid away itself), every word of
the auction, the contract, the trump suit and the turned card of a tourné, how many cards each
player exchanged, every card played and who won each trick, and a nolo-ouvert declarer's hand
once it lies face up.  It never sees another hand, the talon, or another player's discards.
Everything is a tuple in a fixed order, so two states this seat cannot tell apart give equal views.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...cards import Card
from ...game import Action, GameState, VariantValue
from ...tricks import Play
from .rules import BY_WORD, SUITINGS, Contract
from .state import LHombreState, SeenTrick


@dataclass(frozen=True)
class LHombreView:
    seat: int
    turn: int  # the seat to act, -1 once the deal is over
    phase: str  # bid | announce | trump | exchange | play | vole | done | redeal
    hand: tuple[Card, ...]  # own cards, trumps first (display order of the trump suit, once known)
    variants: tuple[tuple[str, VariantValue], ...]
    auction: tuple[tuple[int, str], ...]  # (seat, word) of every bid, self and pass, in order
    bid: Contract | None  # the standing (or final) contract
    holder: int | None  # who holds the standing bid
    out: tuple[bool, ...]  # who has passed
    declarer: int  # -1 until the auction ends
    trump: str  # the trump suit letter, "" before it is known and in nolo
    turned: Card | None  # the card turned up for a tourné
    exchanged: tuple[tuple[int, int], ...]  # (seat, cards exchanged) of each finished exchange turn
    laid_away: tuple[Card, ...]  # this seat's own discards
    pending: int  # cards the seat now exchanging has laid away so far
    talon: int  # cards left in the talon (not which)
    tricks: tuple[SeenTrick, ...]
    trick: tuple[Play, ...]  # the trick in progress
    won: tuple[int, ...]  # tricks won per seat
    hand_sizes: tuple[int, ...]
    exposed: tuple[Card, ...]  # a nolo-ouvert declarer's cards once he has shown them
    vole: bool  # the declarer plays for all nine tricks
    legal: tuple[Action, ...]

    @property
    def variant_map(self) -> dict[str, VariantValue]:
        return dict(self.variants)

    @property
    def contract(self) -> Contract:
        assert self.bid is not None
        return self.bid


def view_of(state: GameState, seat: int) -> LHombreView:
    """``seat``'s view of ``state``: public facts, its own cards and, when it is to act, its legal actions."""
    assert isinstance(state, LHombreState)
    turn = state.current_player()
    order = SUITINGS[state.trump].order.__getitem__
    shown = state.bid is BY_WORD["nolo-ouvert"] and state.declarer_played and not state.surrendered
    return LHombreView(
        seat=seat, turn=turn, phase=state.phase,
        hand=tuple(sorted(state.hands[seat], key=order)),
        variants=tuple(sorted(state.variants.items())),
        auction=tuple(state.said), bid=state.bid, holder=state.holder, out=tuple(state.out),
        declarer=state.declarer, trump=state.trump, turned=state.turned,
        exchanged=tuple(state.exchanged), laid_away=tuple(state.laid[seat]), pending=state.pending,
        talon=len(state.talon),
        tricks=tuple(state.seen), trick=tuple(state.trick), won=tuple(state.tricks),
        hand_sizes=tuple(len(h) for h in state.hands),
        exposed=tuple(sorted(state.hands[state.declarer], key=order)) if shown else (),
        vole=state.vole,
        legal=tuple(sorted(state.legal_actions(), key=state.action_id)) if turn == seat else (),
    )
