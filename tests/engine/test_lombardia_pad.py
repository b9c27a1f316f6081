"""Lombardia's score-pad entry per side (``sides``): reachable deals only, scored as per seat."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.games.lombardia import LombardiaState
from engine.games.lombardia.rules import DEALER, TEAMS
from engine.games.lombardia.score import Position, SidesPosition
from engine.plaindata import TutorialError
from engine.tutorials import position_from_data

BLANK_TRICK = "T2 T3 T4 T5"


def sides(**changes: Any) -> dict[str, Any]:
    """The dealer's side took one blank trick, the dealer himself, and the last trick."""
    data: dict[str, Any] = {"sides": {"dealer": BLANK_TRICK}, "discard": "S6 S7", "last_trick_side": "dealer"}
    return {**data, **changes}


def accepted(data: dict[str, Any]) -> SidesPosition:
    position = position_from_data("lombardia", data)
    assert isinstance(position, SidesPosition)
    return position


def refused(data: dict[str, Any]) -> TutorialError:
    with pytest.raises(TutorialError) as error:
        position_from_data("lombardia", data)
    assert any("\u3040" <= ch <= "\u30ff" for ch in str(error.value))
    return error.value


def test_a_side_scores_its_tricks_and_the_discard() -> None:
    # Dealer's side: T2–T5 and the discard S6 S7, 6 blank cards: 0 face, 1 set, odd pair +1 → 2 − 36 = −34.
    # The other side: 72 − 2 = 70 → +34.
    sheet = accepted(sides()).score()
    assert list(sheet.totals.values()) == [-34, 34]
    assert "トリックで4枚、捨て札2枚 → 合計6枚" in [s.detail for s in sheet.steps]


def test_the_other_side_may_be_written_instead_or_both() -> None:
    assert accepted(sides(sides={"other": "rest", "dealer": BLANK_TRICK})) == accepted(sides())
    everything = accepted(sides()).sides[1]
    assert accepted(sides(sides={"other": " ".join(map(str, everything))})) == accepted(sides())


def test_the_same_cards_per_seat_and_per_side_score_the_same() -> None:
    per_seat = position_from_data("lombardia", {"piles": {"0": "rest", "3": BLANK_TRICK}, "discard": "S6 S7",
                                                "last_trick": 0})
    per_side = accepted(sides(last_trick_side="other", dealer_took_trick=True))
    assert per_seat.score().totals == per_side.score().totals


@pytest.mark.parametrize(("data", "field"), [
    (sides(sides={"dealer": "T2 T3 T4"}), ("sides", "dealer")),  # not whole tricks
    (sides(sides={"dealer": "rest", "other": "rest"}), ("sides",)),
    (sides(sides={"team": BLANK_TRICK}), ("sides", "team")),
    (sides(sides={"dealer": BLANK_TRICK, "other": "T2"}), ("sides", "other")),  # T2 twice
    (sides(discard="SK S7"), ("discard",)),  # a King is never discarded
    (sides(discard="S7"), ("discard",)),  # one card: only after the Fool's exchange from the discard
    (sides(discard="T6 S7"), ("discard",)),  # a trump discarded: the dealer takes at least 8 tricks
    (sides(sides={"other": "rest"}, dealer_took_trick=True, last_trick_side="other"), ("dealer_took_trick",)),
    (sides(sides={"other": "rest"}), ("last_trick_side",)),  # the dealer's side (left out) has no card
    (sides(sides={}), ("sides",)),
    (sides(last_trick_side="both"), ("last_trick_side",)),
    (sides(last_trick_side="other"), ("dealer_took_trick",)),  # who gets the discard? asked
    (sides(piles={"0": "rest"}), ("piles",)),
    (sides(dealer_took_trick="yes"), ("dealer_took_trick",)),
])
def test_impossible_side_entries_are_refused_at_their_field(data: dict[str, Any], field: tuple[Any, ...]) -> None:
    assert refused(data).path == field


def test_a_side_without_tricks_cannot_keep_its_fool() -> None:
    # The other side took no trick: its player's Fool stays with the dealer's side.
    data = sides(sides={"dealer": "rest"}, fool_by="other")
    assert accepted(data).fool_holder == 0
    data = sides(sides={"dealer": "rest", "other": "F T2 T3 T4"}, fool_by="dealer")
    assert accepted(data).score().totals  # the dealer's side won tricks: its Fool may be anywhere


def test_the_fool_paid_from_the_discard_leaves_one_card() -> None:
    # The dealer exchanged his Fool for a discard card: his side 4k + 1 cards with the Fool, one discard.
    data = sides(sides={"dealer": "F T2 T3 T4 T5"}, discard="S7", fool_by="dealer")
    position = accepted(data)
    assert position.discard_side == 0
    assert refused({**data, "variants": {"discard_in_exchange": False}}).path == ("discard",)


def test_the_share_code_round_trips() -> None:
    for data in (sides(), sides(last_trick_side="other", dealer_took_trick=False, fool_by="other")):
        position = accepted(data)
        assert SidesPosition.from_share_code(position.share_code()) == position


def test_random_deals_score_the_same_per_side() -> None:
    rng = random.Random(15)
    for _ in range(12):
        deal = list(LombardiaState.PACK.cards())
        rng.shuffle(deal)
        state = LombardiaState(deal)
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
        if state.phase != "done":
            continue
        position = state.position()
        assert isinstance(position, Position)
        team = {seat: side for side, members in enumerate(TEAMS) for seat in members}
        fool = None if position.fool_by is None else ("dealer", "other")[team[position.fool_by]]
        data: dict[str, Any] = {
            "sides": {"dealer": [str(c) for seat in TEAMS[0] for c in position.piles[seat]]},
            "discard": [str(c) for c in position.discard],
            "last_trick_side": ("dealer", "other")[team[position.last_trick]],
            "dealer_took_trick": bool(position.piles[DEALER]), **({"fool_by": fool} if fool else {})}
        assert accepted(data).score().totals == position.score().totals
