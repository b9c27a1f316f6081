"""The ロタロット coach's imagined deals (``worlds.world``): every one agrees with the seat's view.

Deals are played by the bots (contracts, Solo, Ramsch, 3 players) and at a sample of decisions a world
is drawn for the seat to act.  It must give that seat exactly the same view (its hand, the bids, the
widow cards seen, the tricks, the legal actions), never put a card the seat has seen elsewhere into
another hand, and keep the voids and trump limits the play has shown."""

from __future__ import annotations

import random

import pytest
from helpers import hands_with, played

from engine.bots import deal_by_number
from engine.cards import TRUMP, Card
from engine.game import Variants
from engine.games.rotarot import RotarotState
from engine.games.rotarot.bot import BOT
from engine.games.rotarot.rules import STRENGTH, SUIT
from engine.games.rotarot.view import RotarotView, view_of
from engine.games.rotarot.worlds import limits, world

T20 = Card(TRUMP, 20)
TABLES: tuple[Variants, ...] = ({}, {"players": 3})


def auction(number: int, players: int) -> str:
    """Deals take turns: the bots' own auction, a Ramsch, a Solo by seat 0, three cards by seat 1."""
    passes = " ".join(["pass"] * players)
    return ("", passes, "solo " + passes[5:], f"pass bid3 {passes[5:]}")[number % 4]


def decisions(number: int, variants: Variants, share: float) -> list[tuple[RotarotState, RotarotView]]:
    """A share of the decisions of deal ``number`` played by the bots after the auction's start from
    ``auction``: the state and the acting seat's view."""
    state = deal_by_number("rotarot", number, variants)
    assert isinstance(state, RotarotState)
    state = played(state, auction(number, state.n))
    rng, found = random.Random(number), []
    while not state.is_terminal():
        seat = state.current_player()
        if rng.random() < share:
            found.append((state.clone(), view_of(state, seat)))
        state.apply(BOT.decide(state, seat).action)
    return found


@pytest.mark.parametrize("variants", TABLES)
def test_a_world_shows_the_seat_exactly_its_view(variants: Variants) -> None:
    drawn = kinds = 0
    seen_kinds = set()
    for number in range(1, 7):
        for state, view in decisions(number, variants, 0.2):
            sample = world(view, random.Random(number))
            kinds += 1
            if sample is None:
                continue
            drawn += 1
            seat = view.seat
            assert view_of(sample, seat) == view
            assert set(sample.legal_actions()) == set(view.legal)
            out = {p.card for t in view.tricks for p in t.plays} | {p.card for p in view.trick}
            for other in range(view.players):
                if other != seat:
                    assert not set(sample.hands[other]) & ({*view.hand, *view.widow} | out)
            seen_kinds.add("ramsch" if view.ramsch else "bid" if view.phase == "bid" else
                           "solo" if view.contract == 0 else "contract")
            assert sample.deal != state.deal or view.phase == "done"  # the other hands are imagined, not read
    assert drawn >= 0.9 * kinds
    assert seen_kinds == {"bid", "contract", "solo", "ramsch"}


def test_a_world_keeps_the_voids_and_trump_limits_shown() -> None:
    for number in range(1, 5):
        for _, view in decisions(number, {}, 0.3):
            if view.phase != "play":
                continue
            sample = world(view, random.Random(number))
            if sample is None:
                continue
            strength = STRENGTH[view.ramsch]
            for seat, (voids, ceiling) in limits(view).items():
                for card in sample.hands[seat]:
                    assert SUIT[card] not in voids
                    assert SUIT[card] != TRUMP or strength[card] <= ceiling


def test_a_seat_that_played_under_a_trump_holds_none_above_it() -> None:
    """Seat 1 laid T3 under the T20 although over-trumping was due: it holds no trump above T20.  Seat 2
    played a spade to a trump lead: it holds no trump at all.  Every world keeps both."""
    rest = "T21 T17 T16 T15 T14 T13 T12 T11 T10 T9 T8 T7 T6 T5 T4"  # every other trump with seat 3
    lists = hands_with("F T20 T19 T18 T1 S2", "T3 T2 S3", "S4 S5", rest, sizes=(18, 18, 18, 24))
    state = played(RotarotState.from_hands(lists), "solo pass pass pass T20 T3 S4")
    view = view_of(state, 3)
    assert limits(view) == {0: (set(), 99), 1: (set(), STRENGTH[False][T20]), 2: ({TRUMP}, 99)}
    for seed in range(20):
        sample = world(view, random.Random(seed))
        assert sample is not None
        assert all(STRENGTH[False][c] <= STRENGTH[False][T20] for c in sample.hands[1] if SUIT[c] == TRUMP)
        assert not any(SUIT[c] == TRUMP for c in sample.hands[2])
