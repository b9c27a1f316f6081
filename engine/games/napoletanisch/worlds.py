"""ナポレタニッシュ deals a seat can imagine: the cards it has not seen dealt into the other hands and the
stock, and the deal replayed to the view's moment, for the shared search (``engine.search``).

Every play is made face up, so the view lists them all; what a seat cannot see is the other hands and
the stock's order.  Under the rules nothing a player does shows which other cards he holds (with
compulsory captures a card that took nothing only says that this card could take nothing), so the
unseen cards are shared out uniformly at random.

The imagined deal is built in the State's deal order: the first table (the table and the piles now,
less the cards played from hand), then each seat's cards in the order it received them.  The order
used is the cards it played, in turn, followed by the cards it holds now: a card played on a seat's
k-th turn is then its k-th card, which it held from the deal or drew before that turn, so every play
of the view replays legally and the state reached has the view's hands, table, piles and legal plays.
The stock still to be drawn is the rest of the unseen cards in a random order.
"""

from __future__ import annotations

import random
from fractions import Fraction

from ...cards import Card
from ...game import GameState
from .rules import HAND_SIZE, PACK, THIRDS
from .state import NapoletanischState
from .view import NapoletanischView


def world(view: NapoletanischView, rng: random.Random) -> GameState | None:
    """A deal agreeing with ``view``, replayed to its moment (None if a replayed play were refused,
    which the construction above rules out)."""
    players, plays = view.players, view.plays
    played = [[a.card for a in plays[s::players] if a.card is not None] for s in range(players)]
    thrown = {c for hand in played for c in hand}
    first_table = [c for c in (*view.table, *(c for pile in view.piles for c in pile)) if c not in thrown]
    seen = {*view.hand, *view.table, *(c for pile in view.piles for c in pile)}
    unseen = [c for c in PACK.cards() if c not in seen]
    rng.shuffle(unseen)
    held: list[list[Card]] = []
    for seat in range(players):
        if seat == view.seat:
            held.append(list(own_order(view)))
        else:
            held.append(unseen[:view.hand_sizes[seat]])
            del unseen[:view.hand_sizes[seat]]
    received = [played[s] + held[s] for s in range(players)]
    dealt = [received[i % players][i // players] for i in range(HAND_SIZE * players)]
    drawn = [received[j % players][HAND_SIZE + j // players] for j in range(len(plays))
             if HAND_SIZE + j // players < len(received[j % players])]
    state = NapoletanischState([*first_table, *dealt, *drawn, *unseen], dict(view.variants))
    for action in plays:
        if not state.allows(action):
            return None
        state.apply(action)
    return state


def own_order(view: NapoletanischView) -> tuple[Card, ...]:
    """The seat's hand in the order it holds the cards (the order of its legal plays, on its turn), so that
    the imagined deal lists the legal plays in the same order as the real one."""
    return tuple(dict.fromkeys([*(a.card for a in view.legal if a.card is not None), *view.hand]))


def thirds_won(state: NapoletanischState) -> list[int]:
    """Each seat's cards in thirds of a point at the end, the table's remainder with its owner (as on the
    score sheet, without checking the whole position again)."""
    won = [sum(THIRDS[c] for c in pile) for pile in state.piles]
    owner = state.last_capturer
    if owner is None and state.variants["unclaimed_remainder"] == "dealer":
        owner = state.players - 1
    if owner is not None:
        won[owner] += sum(THIRDS[c] for c in state.remainder)
    return won


def value(state: GameState, seat: int) -> Fraction:
    """What a finished deal is worth to ``seat``: its points minus the mean of the others' (exact, before
    the fraction of a point is dropped, so that small differences still count)."""
    assert isinstance(state, NapoletanischState)
    won = thirds_won(state)
    others = sum(won) - won[seat]
    return Fraction(won[seat], 3) - Fraction(others, 3 * (len(won) - 1))

