"""Napoletanisch's score-pad shortcut (``points``: each seat's count in thirds): reachable counts only.

The pack (rules §1.2): seven cards worth 13/3 (Sküs, Mond, Pagat, four Kings), four each worth 10/3,
7/3 and 4/3 (Queens, Cavaliers, Jacks) and 35 cards worth 1/3: 91 + 40 + 28 + 16 + 35 = 210 thirds, 70."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.games.napoletanisch import NapoletanischState
from engine.games.napoletanisch.rules import THIRDS
from engine.games.napoletanisch.score import PointsPosition, Position
from engine.plaindata import TutorialError
from engine.tutorials import position_from_data


def accepted(points: dict[str, Any], **variants: Any) -> PointsPosition:
    position = position_from_data("napoletanisch", {"points": points, "variants": variants})
    assert isinstance(position, PointsPosition)
    return position


def refused(points: Any, **variants: Any) -> TutorialError:
    with pytest.raises(TutorialError) as error:
        position_from_data("napoletanisch", {"points": points, "variants": variants})
    assert any("\u3040" <= ch <= "\u30ff" for ch in str(error.value))
    return error.value


def test_counts_are_floored_per_seat() -> None:
    # 23⅔ → 23, 30 → 30, 16⅓ → 16 (rules §5: fractions below 1 are dropped).
    sheet = accepted({"0": "23⅔", "1": 30, "2": "49/3"}, players=3).score()
    assert list(sheet.totals.values()) == [23, 30, 16]


@pytest.mark.parametrize("written", ["23 2/3", "23⅔", "71/3", " 23 2/3 "])
def test_thirds_are_read_in_every_usual_form(written: str) -> None:
    assert accepted({"0": written, "1": "46 1/3"}, players=2).thirds == (71, 139)


@pytest.mark.parametrize(("points", "field"), [
    ({"0": "35", "1": "34"}, ("points",)),  # 69: the pack is 70
    ({"0": "35.5", "1": "34.5"}, ("points", "0")),  # halves are not thirds
    ({"0": "1/3", "1": "69 2/3"}, ("points",)),  # ⅓ is one card alone: a seat never holds one card
    ({"0": "4 1/3", "1": "65 2/3", "2": "0"}, ("points", "2")),  # three seats with two players
    ({"0": "71", "1": "0"}, ("points", "0")),
    ({"0": "35"}, ("points", "1")),
    ({"0": "x", "1": "35"}, ("points", "0")),
])
def test_impossible_counts_are_refused(points: dict[str, Any], field: tuple[Any, ...]) -> None:
    assert refused(points, players=2).path == field


def test_small_counts_need_at_least_two_cards() -> None:
    # 2/3 is two ⅓-cards and 2⅓ a Jack with three ⅓-cards (4 + 3 thirds): both reachable. 1/3 is one
    # card alone, and 13/3 with 206 thirds on the other side leaves that seat 53 cards... reachable too.
    accepted({"0": "2/3", "1": "69 1/3"}, players=2)
    accepted({"0": "2 1/3", "1": "67 2/3"}, players=2)
    accepted({"0": "4 1/3", "1": "65 2/3"}, players=2)
    assert refused({"0": "1/3", "1": "35", "2": "34 2/3"}, players=3).path == ("points",)


def test_nobody_captured_only_where_the_rules_allow_it() -> None:
    zero = {"0": "0", "1": "0"}
    assert refused(zero, players=2).path == ("points",)  # captures are compulsory by default
    assert accepted(zero, players=2, capture_optional=True, unclaimed_remainder="nobody").score().totals
    assert refused(zero, players=2, capture_optional=True, unclaimed_remainder="dealer").path == ("points",)


def test_the_share_code_round_trips() -> None:
    position = accepted({"0": "23⅔", "1": 30, "2": "49/3"}, players=3)
    assert PointsPosition.from_share_code(position.share_code()) == position


def test_random_deals_score_the_same_by_their_counts() -> None:
    rng = random.Random(15)
    for _ in range(20):
        deal = list(NapoletanischState.PACK.cards())
        rng.shuffle(deal)
        state = NapoletanischState(deal, {"players": rng.choice((2, 3, 4))})
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
        position = state.position()
        assert isinstance(position, Position)
        owner = position.remainder_owner
        counts = {str(seat): f"{sum(THIRDS[c] for c in [*pile, *(position.remainder if seat == owner else ())])}/3"
                  for seat, pile in enumerate(position.piles)}
        shortcut = accepted(counts, **position.variants)
        assert shortcut.score().totals == position.score().totals
