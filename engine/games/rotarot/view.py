"""What one seat of ロタロット may see: the computer opponent's (and the coach's) input.

A seat sees its own hand, the bids said aloud, the widow cards lying face up (five while bidding and
through a Solo, all six once the widow is turned), the widow cards the declarer took (they were face
up), every Ramsch exchange (both ways face up), and every card played with who won each trick.  It
never sees another hand, the face-down widow card before it is turned, or the declarer's discards
unless it is the declarer.  Everything is a tuple in display order, so two states this seat cannot
tell apart give equal views.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...cards import Card
from ...game import Action, GameState, VariantValue
from ...tricks import Play
from .rules import DEALT, WORD_BIDS, display_order
from .state import RotarotState


@dataclass(frozen=True)
class SeenTrick:
    """A finished trick as everyone saw it: who led, the plays in order and the winner."""

    leader: int
    plays: tuple[Play, ...]
    winner: int


@dataclass(frozen=True)
class RotarotView:
    seat: int
    turn: int  # the seat to act, -1 once the deal is over
    phase: str  # bid | take | discard | rtake | rdiscard | play | done | abandoned
    players: int
    hand: tuple[Card, ...]  # own cards in display order
    variants: tuple[tuple[str, VariantValue], ...]
    bids: tuple[tuple[int, int | None], ...]  # (seat, cards bid; 0 is Solo, None a pass) in the order said
    contract: int | None  # the highest bid so far (the contract once the auction is over)
    declarer: int | None  # who made it
    ramsch: bool
    widow: tuple[Card, ...]  # the widow cards lying face up now
    widow_hidden: bool  # the sixth widow card is still face down (bidding, Solo)
    taken: tuple[Card, ...]  # widow cards the declarer took (public: the widow was face up)
    discard: tuple[Card, ...]  # the declarer's face-down discards, for the declarer only
    swaps: tuple[tuple[int, str, Card], ...]  # the Ramsch exchange: (seat, "take" or "discard", card)
    tricks: tuple[SeenTrick, ...]
    trick: tuple[Play, ...]  # the trick in progress
    leader: int  # who led the trick in progress (or leads the next one)
    hand_sizes: tuple[int, ...]
    legal: tuple[Action, ...]

    @property
    def variant_map(self) -> dict[str, VariantValue]:
        return dict(self.variants)


def _tricks(state: RotarotState) -> tuple[tuple[SeenTrick, ...], int]:
    """The finished tricks rebuilt from the plays in the history, and the leader of the next one."""
    n, declarer = state.n, state.declarer or 0
    leader = 0 if state.ramsch else declarer if state.contract == 0 else (declarer + 1) % n
    cards = [a.card for a in state.history if a.kind == "play" and a.card is not None]
    seen = []
    for number, result in enumerate(state.results):
        plays = tuple(Play((leader + state.direction * i) % n, c) for i, c in enumerate(cards[number * n:][:n]))
        seen.append(SeenTrick(leader, plays, result.winner))
        leader = result.winner
    return tuple(seen), leader


def _swaps(state: RotarotState) -> tuple[tuple[int, str, Card], ...]:
    """The Ramsch exchange so far, all face up: (seat, "take" or "discard", card), dealer first."""
    if not state.ramsch:
        return ()
    seen, turn, pending = [], state.n - 1, 0
    for action in state.history[state.calls:]:
        if action.kind == "play":
            break
        if action.card is not None:
            seen.append((turn, action.kind, action.card))
            pending += 1 if action.kind == "take" else -1
        if pending == 0 and action.kind != "take":  # "enough" with nothing taken, or the last card laid back
            turn = (turn + 1) % state.n
    return tuple(seen)


def view_of(state: GameState, seat: int) -> RotarotView:
    """``seat``'s view of ``state``: public facts, its own cards and, when it is to act, its legal actions."""
    assert isinstance(state, RotarotState)
    turn = state.current_player()
    words = state.history[:state.calls]
    opened = state.widow_open and not state.ramsch
    tricks, leader = _tricks(state)
    return RotarotView(
        seat=seat, turn=turn, phase=state.phase, players=state.n,
        hand=tuple(display_order(state.hands[seat])),
        variants=tuple(sorted(state.variants.items())),
        bids=tuple((i % state.n, WORD_BIDS.get(a.kind)) for i, a in enumerate(words)),
        contract=state.contract, declarer=state.declarer, ramsch=state.ramsch,
        widow=tuple(display_order(state.widow if state.widow_open else state.widow[:-1])),
        widow_hidden=not state.widow_open,
        taken=tuple(display_order(set(state.deal[DEALT:]) - set(state.widow))) if opened else (),
        discard=tuple(display_order(state.discard)) if seat == state.declarer else (),
        swaps=_swaps(state), tricks=tricks, trick=tuple(state.trick), leader=leader,
        hand_sizes=tuple(len(h) for h in state.hands),
        legal=tuple(sorted(state.legal_actions(), key=state.action_id)) if turn == seat else (),
    )
