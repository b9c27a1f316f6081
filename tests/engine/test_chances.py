"""The partnership trick games' reading of a trick (engine.chances): the chance that a later player beats
a card is his chance of holding a better one, not the share of better cards among those still out."""

from __future__ import annotations

from fractions import Fraction

import pytest

from engine.cards import Card, Pack, parse_cards
from engine.chances import TrickChances

PACK = Pack.TAROT78


def beats(card: Card, best: Card) -> bool:
    """Suit cards by rank, any trump over a suit card (enough for these positions)."""
    if card.is_trump:
        return not best.is_trump or card.rank > best.rank
    return card.suit == best.suit and card.rank > best.rank


def reading(unseen: str, sizes: tuple[int, int, int, int], trick: str = "") -> TrickChances:
    """Seat 0 to play, the cards in ``unseen`` shared out among seats 1-3 as ``sizes`` say."""
    plays = [((3 + i) % 4, card) for i, card in enumerate(parse_cards(trick))]
    return TrickChances(PACK, beats, 0, (0, 1, 0, 1), sizes, set(parse_cards(unseen)), {s: set() for s in range(4)},
                        {s: set() for s in range(4)}, plays)


def test_an_opponent_holds_the_one_higher_card_as_often_as_his_share_of_the_unknown_cards() -> None:
    """Review (Lombardia deal 101, step 24): a Queen led against an unseen King.  Seat 1 holds the King
    in 4 of 12 layouts (4 of the 12 unknown cards are his), whatever the number of spades out."""
    state = reading("SK S9 S8 S7 S6 S5 S4 S2 C2 C3 C4 C5", (0, 4, 4, 4))  # no trump out: no ruff
    assert state.holds_above(1, Card.parse("SQ")) == pytest.approx(float(Fraction(4, 12)))
    assert state.beaten_by(1, Card.parse("SQ"), "S") == pytest.approx(float(Fraction(4, 12)))


def test_a_player_void_in_the_suit_led_beats_it_by_trumping() -> None:
    """Seat 1 showed no spades (it played a trump on a spade): it beats a spade whenever it has a trump."""
    state = reading("SK S9 T5 T6 T7 T8 C2 C3", (0, 3, 3, 2))
    state.voids[1].add("S")
    chance = state.beaten_by(1, Card.parse("SQ"), "S")
    assert chance == pytest.approx(state.holds_above(1, Card.parse("SQ")) + 1.0 - state.void(1, "T"))
    assert state.holds_above(1, Card.parse("SQ")) == 0.0 and chance > 0.9
