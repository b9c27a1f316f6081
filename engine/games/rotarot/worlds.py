"""Imagined ロタロット deals that agree with one seat's view, for the coach's search (``engine.search``).

A world deals the cards the seat has not seen (the other hands, the declarer's face-down discard when
the seat is not the declarer, the face-down widow card while it is still hidden) at random, but only in
ways the view allows: a seat that did not follow suit holds none of that suit, one that did not trump
holds no trump, one that played a trump below the trick's best trump while over-trumping was due holds
none above it, and a discard never holds a card worth 5 points.  The whole deal is then rebuilt (each
seat's hand as dealt: what it holds now, what it played, what it laid away, less what it took from the
widow) and replayed from the first bid with the actions the view shows, so that the returned state is
at exactly the view's moment.  The replay is checked: a world whose legal actions differ from the
view's is refused (None), and the caller draws again.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ...cards import TRUMP, Card
from ...game import Action, IllegalAction
from ...search import deal_unknown
from .rules import BID_WORDS, CARDS, STRENGTH, SUIT, WIDOW, display_order, never_discarded
from .state import RotarotState
from .view import RotarotView

Limits = dict[int, tuple[set[str], int]]  # per seat: the suits it has shown void in, its highest trump allowed


def limits(view: RotarotView) -> Limits:
    """What the play shows about each other seat's hand now: suits it cannot hold, and the strongest
    trump it can still hold (a trump played under the best one when over-trumping was due)."""
    strength = STRENGTH[view.ramsch]
    overtrump = bool(view.variant_map["overtrump"])
    found: Limits = {seat: (set(), 99) for seat in range(view.players) if seat != view.seat}
    for plays in (*(t.plays for t in view.tricks), view.trick):
        led, best = None, None
        for seat, card in plays:
            if led is None:
                led = SUIT[card]
            elif seat in found:
                voids, ceiling = found[seat]
                if SUIT[card] != led:
                    voids.add(led)
                    if SUIT[card] != TRUMP:
                        voids.add(TRUMP)
                if overtrump and SUIT[card] == TRUMP and best is not None and strength[card] < strength[best]:
                    found[seat] = (voids, min(ceiling, strength[best]))
            if SUIT[card] == TRUMP and (best is None or strength[card] > strength[best]):
                best = card
    return found


def _may_hold(voids: set[str], ceiling: int, ramsch: bool, elsewhere: set[Card]) -> Callable[[Card], bool]:
    """Whether a seat with these voids and this highest trump may hold a card (never one of ``elsewhere``)."""
    strength = STRENGTH[ramsch]
    return lambda card: (SUIT[card] not in voids and (SUIT[card] != TRUMP or strength[card] <= ceiling)
                         and card not in elsewhere)


def placed(view: RotarotView, played: set[Card]) -> dict[int, set[Card]]:
    """Cards known to be in another seat's hand now: what it took in the Ramsch exchange (face up) and has
    neither laid back nor played."""
    where: dict[Card, int | None] = {}
    for seat, kind, card in view.swaps:
        where[card] = seat if kind == "take" else None
    return {seat: {c for c, s in where.items() if s == seat and c not in played}
            for seat in range(view.players) if seat != view.seat}


def world(view: RotarotView, rng: random.Random) -> RotarotState | None:
    """A deal agreeing with ``view``, replayed to the view's moment; None when this draw fails (and for
    another seat's view during the declarer's exchange, which no decision of that seat needs)."""
    if view.phase in ("take", "discard") and view.seat != view.declarer:
        return None
    played: dict[int, list[Card]] = {seat: [] for seat in range(view.players)}
    for plays in (*(t.plays for t in view.tricks), view.trick):
        for seat, card in plays:
            played[seat].append(card)
    out = {c for cards in played.values() for c in cards}
    own_discard = view.seat == view.declarer
    hidden_discard = not view.ramsch and bool(view.contract) and not own_discard and view.phase == "play"
    # Widow cards the declarer took and has not played: in his hand or in his discard, nobody else's.
    kept = {c for c in view.taken if c not in out} if hidden_discard else set()
    seen = {*view.hand, *view.widow, *view.taken, *view.discard, *out, *(card for _, _, card in view.swaps)}
    pool = [c for c in CARDS if c not in seen or c in kept]
    known = placed(view, out)
    others = sorted(known)
    sizes = [view.hand_sizes[s] - len(known[s]) for s in others]
    found = limits(view)
    allowed = [_may_hold(*found[s], view.ramsch, kept if s != view.declarer else set()) for s in others]
    if hidden_discard:
        assert view.contract is not None
        sizes.append(view.contract)
        allowed.append(lambda card: not never_discarded(card, False, False))
    if view.widow_hidden:
        sizes.append(1)
        allowed.append(lambda card: True)
    if sum(sizes) != len(pool):
        return None
    dealt = deal_unknown(rng, pool, sizes, allowed)
    if dealt is None:
        return None
    now = {seat: list(view.hand) if seat == view.seat else dealt[others.index(seat)] + sorted(known[seat], key=str)
           for seat in range(view.players)}
    discard = list(view.discard) if own_discard else dealt[len(others)] if hidden_discard else []
    return _replay(view, now, played, discard, dealt[-1] if view.widow_hidden else [])


def _replay(view: RotarotView, now: dict[int, list[Card]], played: dict[int, list[Card]], discard: list[Card],
            hidden: list[Card]) -> RotarotState | None:
    """The deal rebuilt from each seat's cards and replayed with the view's actions."""
    taken: dict[int, set[Card]] = {seat: set() for seat in now}
    laid: dict[int, set[Card]] = {seat: set() for seat in now}
    if view.declarer is not None and not view.ramsch:
        taken[view.declarer] |= set(view.taken)
        laid[view.declarer] |= set(discard)
    for seat, kind, card in view.swaps:
        (taken if kind == "take" else laid)[seat].add(card)
    hands = [display_order((set(now[s]) | set(played[s]) | laid[s]) - taken[s]) for s in range(view.players)]
    dealt = {c for hand in hands for c in hand} | set(hidden)
    widow = [c for c in CARDS if c not in dealt] + hidden
    if len(widow) != WIDOW:
        return None
    hands[-1] = hands[-1] + widow
    try:
        state = RotarotState.from_hands(hands, dict(view.variants))
        _bids(state, view)
        if view.ramsch:
            _ramsch_exchange(state, view)
        elif view.declarer is not None and view.phase != "bid":
            _exchange(state, view, discard)
        for plays in (*(t.plays for t in view.tricks), view.trick):
            for play in plays:
                state.apply(Action("play", play.card))
    except (IllegalAction, ValueError):
        return None
    if state.current_player() != view.turn or set(state.legal_actions()) != set(view.legal):
        return None
    return state


def _bids(state: RotarotState, view: RotarotView) -> None:
    for _, k in view.bids:
        state.apply(Action("pass" if k is None else BID_WORDS[k]))


def _exchange(state: RotarotState, view: RotarotView, discard: list[Card]) -> None:
    """The declarer's exchange: the widow cards he chose (the honours came in by themselves), then his discard."""
    for card in view.taken:
        if card in state.widow and state.phase == "take":  # the honours are in the hand already
            state.apply(Action("take", card))
    for card in discard:
        state.apply(Action("discard", card))


def _ramsch_exchange(state: RotarotState, view: RotarotView) -> None:
    """Each seat's Ramsch exchange as the view lists it, dealer first, up to the view's moment."""
    for seat in (view.players - 1, *range(view.players - 1)):
        if state.phase not in ("rtake", "rdiscard"):
            return
        takes = [c for s, kind, c in view.swaps if s == seat and kind == "take"]
        lays = [c for s, kind, c in view.swaps if s == seat and kind == "discard"]
        for card in takes:
            state.apply(Action("take", card))
        current = view.turn == seat and view.phase in ("rtake", "rdiscard")
        if len(takes) < 2 and not (current and view.phase == "rtake"):
            state.apply(Action("enough"))
        for card in lays:
            state.apply(Action("discard", card))
        if current:
            return
