"""Imagined deals of ロンバルディアタロット for the coach's search (``engine.search``).

``world(view, rng)`` deals the cards one seat has not seen so that the deal agrees with everything its
view shows: its own hand (and, for the dealer, his two discards), every card played and by whom, the
face-up cards still held (an exposed card of the dealer may also lie in his discard), and the voids the
play has shown (a player who did not follow has none of the suit led, and none of the trumps either if he
did not trump).  The dealer's discard of another seat's view is drawn from the cards he may lay away
(never an honour; a trump only when he must, which the imagined deal never needs).  The deal is then
replayed from the start: the monte votes, the discard, every card played, and each Fool exchange with
the blank card its player would give (the view does not show which card was given; a blank keeps the
points where they were).  The result is a state at exactly the view's moment, so its legal actions are the
view's.  Nothing but the view is read.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ...cards import Card
from ...game import Action, IllegalAction
from ...search import deal_unknown
from .rules import DEALER, PACK, SEATS, THE_FOOL, card_values, is_honour
from .state import LombardiaState
from .view import LombardiaView

DEALT = 21  # the dealer's cards before he discards
DISCARD = SEATS  # the place of the dealer's two discards among the places an unseen card may go
DEALER_SHOWN = (77, 76, *range(75, -1, -4))  # deal positions of the dealer's face-up cards, in the order turned


def world(view: LombardiaView, rng: random.Random) -> LombardiaState | None:
    """One deal agreeing with ``view``, replayed to its moment; None when this draw cannot be replayed."""
    played: dict[int, list[Card]] = {s: [] for s in range(SEATS)}
    for plays in (*(t.plays for t in view.tricks), view.trick):
        for seat, card in plays:
            played[seat].append(card)
    seen = {c for cards in played.values() for c in cards} | set(view.hand) | set(view.discard)
    shown = {s: [c for seat, c in view.exposed if seat == s] for s in range(SEATS)}  # never a played card
    fixed = {s: [] if s == DEALER else shown[s] for s in range(SEATS) if s != view.seat}
    free = sorted(set(PACK.cards()) - seen - {c for cards in fixed.values() for c in cards}, key=PACK.index)
    places = [s for s in range(SEATS) if s != view.seat]
    room = [view.hand_sizes[s] - len(fixed[s]) for s in places]
    # The dealer's 21 cards are his hand, his plays and his discards; the dealer himself sees his discards
    # only while he keeps them (one given in a Fool exchange is no longer in his view).
    away = DEALT - view.hand_sizes[DEALER] - len(played[DEALER]) - len(view.discard)
    if away:
        places.append(DISCARD)
        room.append(away)
    hands = deal_unknown(rng, free, room, [_may_hold(s, view.voids, shown[DEALER]) for s in places])
    if hands is None:
        return None
    got = dict(zip(places, hands, strict=True))
    gone = got.get(DISCARD, [])
    discard = [*view.discard, *gone]
    held = {s: list(view.hand) if s == view.seat else [*fixed[s], *got[s]] for s in range(SEATS)}
    return _replay(view, _deal(held, played, shown, discard), discard, set(gone) if view.seat == DEALER else set())


def _may_hold(place: int, voids: tuple[frozenset[str], ...], dealer_shown: list[Card]) -> Callable[[Card], bool]:
    """Whether an unseen card may lie in ``place``: a hand without a shown void in its suit, or the discard
    (no honour, no trump); a face-up card of the dealer only in his hand or his discard."""
    if place == DISCARD:
        return lambda card: not is_honour(card) and not card.is_trump
    if place != DEALER:
        lacks = voids[place]
        shown = set(dealer_shown)
        return lambda card: card not in shown and (card.is_fool or card.suit not in lacks)
    return lambda card: card.is_fool or card.suit not in voids[DEALER]


def _deal(held: dict[int, list[Card]], played: dict[int, list[Card]], shown: dict[int, list[Card]],
          discard: list[Card]) -> list[Card]:
    """The dealing order: each seat's cards at its places, its face-up cards where they were turned (the
    19th card of seats 0-2; the dealer's last two, then his earlier ones backwards)."""
    deal: list[Card | None] = [None] * len(PACK.cards())
    for seat in range(SEATS):
        cards = [*held[seat], *played[seat], *(discard if seat == DEALER else [])]
        spots = list(DEALER_SHOWN) if seat == DEALER else [72 + seat, *range(seat, 72, 4)]
        first = [c for c in shown[seat] if c in cards]
        first += [c for c in played[seat] if c not in first]  # a face-up card no longer shown was played
        for spot, card in zip(spots, [*first, *(c for c in cards if c not in first)], strict=True):
            deal[spot] = card
    assert all(card is not None for card in deal)
    return [card for card in deal if card is not None]


def _replay(view: LombardiaView, deal: list[Card], discard: list[Card], given: set[Card]) -> LombardiaState | None:
    """The deal replayed with the view's actions; None when one of them is illegal in this deal.  A Fool
    exchange gives the cheapest card, or for the dealer's own view a discard he no longer sees (``given``)."""
    state = LombardiaState(deal, dict(view.variants))
    values = card_values(state.variants)
    actions = [Action("monte" if vote else "keep") for vote in view.votes]
    actions += [Action("discard", card) for card in discard]
    for plays in (*(t.plays for t in view.tricks), view.trick):
        actions += [Action("play", card) for _, card in plays]
    try:
        for action in actions:
            _exchange(state, values, given)
            state.apply(action)
        if view.phase != "exchange":
            _exchange(state, values, given)
    except IllegalAction:
        return None
    return state


def _exchange(state: LombardiaState, values: dict[Card, int], given: set[Card]) -> None:
    """A pending Fool exchange, made with a card of ``given`` if one may go, else the cheapest card."""
    if state.phase == "exchange":
        state.apply(min(state.legal_actions(), key=lambda a: (a.card not in given, values[a.card or THE_FOOL],
                                                              PACK.index(a.card or THE_FOOL))))
