"""オットーチェント deals a seat can imagine, for the shared search (``engine.search``).

What a seat knows: its own hand, every card played and who played it, the cards each player declared
(they lie face up and stay in that hand until played), the voids shown by not following suit (and by
not trumping), the monte answers, the signals and, for the dealer only, his two discards.  Everything
else is shared out at random: the other hands get the unseen cards their sizes call for, each card
only to a seat that may hold it, and when the seat is not the dealer, the dealer's discards are two
unseen cards that are not 5-point cards (the rules forbid laying those away).

The imagined deal is each seat's hand as dealt (the cards it holds now, the cards it played and, for
the dealer, the discards) and is replayed from the start with the view's actions: the monte answers,
the discards, each player's declaration just before his first card (the same cards shown, then done),
each lead's signals and every card.  A replay step the rules refuse gives None (the caller draws
again); the state reached is at the view's moment, with the view's legal actions.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from fractions import Fraction
from functools import lru_cache

from ...cards import Card
from ...chances import shown_voids
from ...game import Action, GameState, IllegalAction
from ...search import deal_unknown
from .combos import combination_total, combinations
from .rules import DEALER, DISCARDS, FIVES, HAND, LAST_TRICK, PACK, SEATS, TEAM_OF, VALUE
from .score import combo_args
from .state import OttocentoState
from .view import OttocentoView

DISCARD_SLOT = SEATS  # the dealer's unseen discards are dealt as a fifth "hand"
DEALT = HAND + DISCARDS  # the dealer's cards before he lays two away


def voids(view: OttocentoView) -> dict[int, set[str]]:
    """The suits each seat has shown it lacks (the Matto shows nothing)."""
    return shown_voids(SEATS, (*(trick.plays for trick in view.tricks), view.trick))


def _played(view: OttocentoView) -> list[list[Card]]:
    """The cards each seat has played, in order."""
    played: list[list[Card]] = [[] for _ in range(SEATS)]
    for trick in (*(t.plays for t in view.tricks), view.trick):
        for seat, card in trick:
            played[seat].append(card)
    return played


def _hidden_hands(view: OttocentoView, rng: random.Random,
                  played: list[list[Card]]) -> list[list[Card]] | None:
    """The cards each other seat holds now (its declared cards still in hand, then the unseen cards dealt
    to it), and as a fifth list the dealer's discards; None when the draw gets stuck."""
    seen = {*view.hand, *view.discard, *(c for cards in played for c in cards)}
    shown = [[c for c in view.declared[s] if c not in seen] if s != view.seat else [] for s in range(SEATS)]
    known = seen | {c for cards in shown for c in cards}
    unknown = [c for c in PACK.cards() if c not in known]
    sizes = [0 if s == view.seat else view.hand_sizes[s] - len(shown[s]) for s in range(SEATS)]
    sizes.append(0 if view.seat == DEALER else DEALT - view.hand_sizes[DEALER] - len(played[DEALER]))
    out = voids(view)

    def may_hold(seat: int) -> Callable[[Card], bool]:
        if seat == DISCARD_SLOT:
            return lambda card: card not in FIVES
        return lambda card: seat != view.seat and card.suit not in out[seat]

    dealt = deal_unknown(rng, unknown, sizes, [may_hold(s) for s in range(SEATS + 1)])
    if dealt is None:
        return None
    return [shown[s] + dealt[s] for s in range(SEATS)] + [dealt[DISCARD_SLOT]]


def world(view: OttocentoView, rng: random.Random) -> GameState | None:
    """A deal agreeing with ``view``, replayed to its moment; None when this draw cannot be replayed."""
    played = _played(view)
    hidden = _hidden_hands(view, rng, played)
    if hidden is None:
        return None
    discard = list(view.discard) if view.seat == DEALER else hidden[DISCARD_SLOT]
    holding = [list(view.hand) if s == view.seat else hidden[s] for s in range(SEATS)]
    hands = [played[s] + holding[s] + (discard if s == DEALER else []) for s in range(SEATS)]
    if [len(h) for h in hands] != [HAND, HAND, HAND, DEALT]:
        return None
    state = OttocentoState.from_hands(hands, dict(view.variants))
    try:
        _replay(state, view, discard)
    except IllegalAction:
        return None
    if state.phase != view.phase or (view.legal and sorted(state.legal_actions(), key=state.action_id)
                                     != list(view.legal)):
        return None
    return state


def _replay(state: OttocentoState, view: OttocentoView, discard: list[Card]) -> None:
    """The view's history applied to ``state``: monte answers, discards, declarations, signals and cards."""
    for vote in view.votes:
        state.apply(Action("monte" if vote else "keep"))
    for card in discard:
        if state.phase != "discard":
            break
        state.apply(Action("discard", card))
    for trick in (*((t.plays, t.signals) for t in view.tricks), (view.trick, view.signals)):
        plays, signals = trick
        for index, (seat, card) in enumerate(plays):
            _declare(state, view, seat, final=True)
            if index == 0:
                for signal in signals:
                    state.apply(Action(signal))
            state.apply(Action("play", card))
    if state.phase == "declare":
        _declare(state, view, state.turn, final=view.phase != "declare")
    if not view.trick and view.signals and state.phase == "play":
        for signal in view.signals:
            state.apply(Action(signal))


def _declare(state: OttocentoState, view: OttocentoView, seat: int, final: bool) -> None:
    """``seat``'s declaration in trick 1: the cards the view shows it declared, then (when it has already
    finished declaring by the view's moment) done."""
    if state.phase != "declare" or state.turn != seat:
        return
    for card in view.declared[seat]:
        if card not in state.declared[seat]:
            state.apply(Action("show", card))
    if final:
        state.apply(Action("done"))


@lru_cache(maxsize=8192)
def pile_combinations(cards: frozenset[Card], args: tuple[int, bool]) -> int:
    """The points of the combinations ``cards`` make (cached: playouts ask about the same piles often)."""
    return combination_total(combinations(cards, *args))


def raw_totals(state: GameState) -> tuple[int, int]:
    """Each side's points from the play of a finished deal (card points in pairs, the last trick and the
    captured combinations), before rounding; the declarations are left out: they are the same whatever is
    played, so comparing plays needs only this."""
    assert isinstance(state, OttocentoState)
    args = combo_args(state.variants)
    owner = 0 if state.piles[0] or state.variants["discard_no_trick"] == "dealer" else 1
    last = TEAM_OF[state.tricks[-1].result.winner]
    totals = []
    for side in (0, 1):
        cards = state.piles[side] + (state.discard if owner == side else [])
        points = sum(VALUE[c] - 1 for c in cards if VALUE[c]) + len(cards) // 2
        points += LAST_TRICK if last == side else 0
        totals.append(points + pile_combinations(frozenset(cards), args))
    return totals[0], totals[1]


def value(state: GameState, seat: int) -> Fraction:
    """What a finished deal's play is worth to ``seat``: its side's points less the other side's."""
    totals = raw_totals(state)
    side = TEAM_OF[seat]
    return Fraction(totals[side] - totals[1 - side])


def deal_margin(state: GameState, seat: int) -> Fraction:
    """``value`` with the declarations counted and a deal the monte threw in worth nothing: what a decision
    before the card play (a monte vote, the discard, a declaration) changes.  The review costs every
    decision with it; the card play's search needs only ``value``, since by then the declarations are
    made."""
    assert isinstance(state, OttocentoState)
    if state.phase == "abandoned":
        return Fraction(0)
    totals = list(raw_totals(state))
    args = combo_args(state.variants)
    for shown_by, shown in enumerate(state.declared):
        totals[TEAM_OF[shown_by]] += pile_combinations(frozenset(shown), args)
    side = TEAM_OF[seat]
    return Fraction(totals[side] - totals[1 - side])
