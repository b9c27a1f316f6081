"""Imagined deals of ロンバルディアタロット (engine/games/lombardia/worlds.py): every world agrees with the
seat's view, places no card the seat has seen anywhere else, and stands at the view's very moment."""

from __future__ import annotations

import random

import pytest
from helpers import hands_with, played

from engine.bots import BOTS, deal_by_number
from engine.cards import Card
from engine.games.lombardia import DEALER, LombardiaState
from engine.games.lombardia.view import LombardiaView, view_of
from engine.games.lombardia.worlds import world

BOT = BOTS["lombardia"]


def seen_places(view: LombardiaView) -> dict[Card, str]:
    """Where the seat has seen each card: its hand, a play (by whom), a face-up card still held, its
    own discard."""
    places = {card: "hand" for card in view.hand}
    for plays in (*(t.plays for t in view.tricks), view.trick):
        places.update((card, f"played by {seat}") for seat, card in plays)
    places.update((card, f"held by {seat}") for seat, card in view.exposed
                  if card not in places and seat != DEALER)
    places.update((card, "discard") for card in view.discard)
    return places


def shown_voids(view: LombardiaView) -> dict[int, set[str]]:
    """The suits a seat has shown it lacks: a card of another suit on a led suit (a plain card shows no
    trumps either)."""
    voids: dict[int, set[str]] = {seat: set() for seat in range(4)}
    for plays in (*(t.plays for t in view.tricks), view.trick):
        cards = [(seat, card) for seat, card in plays if not card.is_fool]
        for seat, card in cards[1:]:
            if card.suit != cards[0][1].suit:
                voids[seat] |= {cards[0][1].suit} | (set() if card.is_trump else {"T"})
    return voids


def check(state: LombardiaState, seat: int, rng: random.Random) -> bool:
    """A world of ``seat``'s view: the same view, and every seen card where the seat saw it."""
    view = view_of(state, seat)
    imagined = world(view, rng)
    if imagined is None:
        return False
    again = view_of(imagined, seat)
    assert again == view  # same hand, plays, exposures, sizes, phase and legal actions
    # the facts the state keeps as the play goes (left out of a view's equality) agree with the plays
    played = {card for plays in (*(t.plays for t in view.tricks), view.trick) for _, card in plays}
    voids = tuple(frozenset(shown_voids(view)[s]) for s in range(4))
    assert view.played == again.played == played and view.voids == again.voids == voids
    if seat == state.current_player():
        assert set(imagined.legal_actions()) == set(state.legal_actions())
    for other, suits in shown_voids(view).items():
        assert not any(card.suit in suits for card in imagined.hands[other])
    for card, place in seen_places(view).items():
        if place == "hand":
            assert card in imagined.hands[seat]
        elif place.startswith("held by"):
            assert card in imagined.hands[int(place.split()[-1])]
        elif place == "discard":
            assert card in imagined.discard
        else:
            assert all(card not in hand for hand in imagined.hands)
    return True


@pytest.mark.parametrize("number", [1, 2])
def test_worlds_agree_with_every_view_of_a_bot_only_deal(number: int) -> None:
    state = deal_by_number("lombardia", number)
    assert isinstance(state, LombardiaState)
    rng = random.Random(number)
    made = tried = 0
    while not state.is_terminal():
        for seat in range(4):
            tried += 1
            made += check(state, seat, rng)
        state.apply(BOT.decide(state, state.current_player()).action)
    assert made >= 0.9 * tried  # a draw that gets stuck is rare


def test_the_dealers_discard_of_another_view_is_never_an_honour_or_a_trump() -> None:
    state = deal_by_number("lombardia", 4)
    assert isinstance(state, LombardiaState)
    while state.phase != "play":
        state.apply(BOT.decide(state, state.current_player()).action)
    rng = random.Random(2)
    for _ in range(20):
        imagined = world(view_of(state, 0), rng)
        assert imagined is not None and len(imagined.discard) == 2
        assert not any(c.is_trump or c.is_fool or c.rank == 14 for c in imagined.discard)


def test_a_discard_given_in_the_fools_exchange_is_imagined_as_given() -> None:
    """The dealer paid the Fool with one of his discards: his view shows one discard left, and his worlds
    must still deal him 21 cards and replay the exchange with a card he no longer sees."""
    state = LombardiaState.from_hands(hands_with("S2 H2", "S3 H3", "S4 HK", "SK F"))
    played(state, "keep D9 D10 S2 S3 S4 SK F H2 H3 HK D10")
    assert view_of(state, DEALER).discard == (Card("D", 9),)
    rng = random.Random(3)
    for seat in range(4):
        assert sum(check(state, seat, rng) for _ in range(10)) >= 8
