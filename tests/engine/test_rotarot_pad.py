"""Rotarot's score-pad shortcut (``points`` instead of cards): reachable counts only, scored as with cards.

Bounds worked by hand from the rules page (§1 values in halves, §2.2 the exchange): the pack is 110
points; the six cheapest cards are pips worth ½ each."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

import pytest

from engine.games.rotarot import RotarotState
from engine.games.rotarot.rules import DEALT, PAGAT
from engine.games.rotarot.rules import points as card_points
from engine.games.rotarot.score import PointsPosition, Position
from engine.plaindata import TutorialError
from engine.tutorials import position_from_data


def accepted(data: dict[str, Any]) -> PointsPosition:
    position = position_from_data("rotarot", data)
    assert isinstance(position, PointsPosition)
    return position


def refused(data: dict[str, Any]) -> TutorialError:
    with pytest.raises(TutorialError) as error:
        position_from_data("rotarot", data)
    assert any("\u3040" <= ch <= "\u30ff" for ch in str(error.value))
    return error.value


def bid(k: int | str, points: Any, **more: Any) -> dict[str, Any]:
    return {"contract": k, "declarer": 0, "points": {"0": points}, **more}


def test_a_won_bid_is_paid_as_with_cards() -> None:
    # Bid 2 (bonus 30), 70 points: each opponent pays (70 − 55) + 30 = 45; the declarer gets 135.
    assert list(accepted(bid(2, "70")).score().totals.values()) == [135, -45, -45, -45]


@pytest.mark.parametrize(("k", "low", "high"), [
    # Bid 6 lays away six cards (none worth 5): at least six pips, 3 points. Without a valat the other
    # seats take at least one trick of four cards, at least 2 points: at most 110 − 2 = 108.
    (6, "3", "108"),
    # Solo: no discard, so 0 is possible; the six untouched widow cards are the defenders' (at least 3),
    # and without a valat a trick more: at most 110 − 3 − 2 = 105.
    ("solo", "0", "105"),
])
def test_the_extremes_of_a_bid(k: int | str, low: str, high: str) -> None:
    accepted(bid(k, low))
    accepted(bid(k, high))
    below, above = Fraction(low) - Fraction(1, 2), Fraction(high) + Fraction(1, 2)
    if below >= 0:
        assert refused(bid(k, str(below))).path == ("points", "0")
    assert refused(bid(k, str(above))).path == ("points", "0")


def test_a_valat_changes_what_is_reachable() -> None:
    # Solo with every trick: all but the widow, at most 110 − 3 = 107; the engine says to write the valat.
    assert "valat" in str(refused(bid("solo", "107")))
    assert accepted(bid("solo", "107", valat=0)).score().totals["席0"] == 3 * (107 - 55 + 50) + 30
    # A defender's valat leaves the declarer only his discard: bid 1 discards one card, at most a queen, 4.
    accepted(bid(1, "4", valat=2))
    refused(bid(1, "4.5", valat=2))


def test_bonuses_are_checked_against_each_other() -> None:
    assert refused(bid(3, "60", valat=1, ultimo={"seat": 0, "won": True})).path == ("ultimo",)
    assert refused(bid(3, "60", valat=1, collapse={"skus": 2, "mond": 0})).path == ("collapse",)
    assert refused(bid(3, "60", collapse={"skus": 2, "mond": 2})).path == ("collapse",)
    assert refused(bid(3, "60", ultimo={"seat": 1, "won": False})).path == ("ultimo", "winner")
    assert refused(bid(3, "60", ultimo={"seat": 1, "won": True, "winner": 2})).path == ("ultimo", "winner")
    # A lost ultimo pays the trick's winner 20 (rules §5.1): seat 1's Pagat taken by seat 3.
    totals = accepted(bid(3, "60", ultimo={"seat": 1, "won": False, "winner": 3})).score().totals
    assert list(totals.values()) == [75 - 0, -25 - 20, -25, -25 + 20]


@pytest.mark.parametrize(("data", "field"), [
    (bid(3, "35 1/3"), ("points", "0")),
    (bid(3, "abc"), ("points", "0")),
    (bid(3, "111"), ("points", "0")),
    ({"contract": 3, "declarer": 0, "points": {"1": "60"}}, ("points", "1")),
    ({**bid(3, "60"), "piles": {}}, ("piles",)),
    ({"contract": "ramsch", "points": {"0": "30", "1": "25", "2": "20", "3": "29.5"}}, ("points",)),  # 104.5
    ({"contract": "ramsch", "points": {"0": "30", "1": "25.5", "2": "20"}}, ("points", "3")),
    ({"contract": "ramsch", "points": {"0": "30", "1": "25.5", "2": "20", "3": "29.5"},
      "collapse": {"skus": 0, "mond": 1}}, ("collapse",)),
    ({"contract": "ramsch", "points": {"0": "30", "1": "25.5", "2": "20", "3": "29.5"}, "valat": 0}, ("valat",)),
    ({"contract": "ramsch", "declarer": 0, "points": {"0": "105"}}, ("declarer",)),
])
def test_impossible_entries_are_refused_at_their_field(data: dict[str, Any], field: tuple[Any, ...]) -> None:
    assert refused(data).path == field


def test_a_ramsch_with_bonuses_needs_its_valat() -> None:
    # One seat with all 105 took every trick (a trick holds at least one card worth something).
    everything = {"contract": "ramsch", "points": {"0": "105", "1": "0", "2": "0", "3": "0"},
                  "variants": {"ramsch_bonuses": True}}
    assert refused(everything).path == ("valat",)
    # (26 − 105) × 4 = −316 for seat 0, the others (26 − 0) × 4 = 104 and the dealer 108; valat +30/−10.
    assert list(accepted({**everything, "valat": 0}).score().totals.values()) == [-316 + 30, 104 - 10, 104 - 10,
                                                                                  108 - 10]


def test_the_share_code_round_trips() -> None:
    position = accepted(bid("solo", "40", ultimo={"seat": 2, "won": True}, collapse={"skus": 1, "mond": 3}))
    assert PointsPosition.from_share_code(position.share_code()) == position


def _as_points(pos: Position) -> dict[str, Any]:
    """A played deal's final position written as the pad's shortcut."""
    data: dict[str, Any] = {"contract": "ramsch" if pos.contract is None else pos.contract,
                            "variants": pos.variants}
    bonuses = pos.contract is not None or bool(pos.variants["ramsch_bonuses"])
    winner = pos.last_winner
    if pos.contract is not None:
        assert pos.declarer is not None
        data["declarer"] = pos.declarer
        cards = [*pos.piles[pos.declarer], *pos.discard,
                 *(pos.widow if pos.variants["widow_rest"] == "declarer" else ())]
        data["points"] = {str(pos.declarer): str(card_points(cards))}
    else:
        data["points"] = {str(s): str(card_points([*p, *(pos.widow if s == winner else ())], True))
                          for s, p in enumerate(pos.piles)}
    pagat = next((p.seat for p in pos.last_trick if p.card == PAGAT), None)
    if pagat is not None and bonuses:
        data["ultimo"] = {"seat": pagat, "won": pagat == winner, "winner": winner}
    if pos.collapse:
        data["collapse"] = {"skus": pos.collapse[0], "mond": pos.collapse[1]}
    valat = next((s for s, p in enumerate(pos.piles) if len(p) == DEALT), None)
    if valat is not None and bonuses:
        data["valat"] = valat
    return data


def test_random_deals_score_the_same_by_their_points() -> None:
    rng = random.Random(15)
    for _ in range(25):
        deal = list(RotarotState.PACK.cards())
        rng.shuffle(deal)
        state = RotarotState(deal, {"players": rng.choice((3, 4)), "widow_rest": rng.choice(("defenders", "declarer")),
                                    "ramsch_bonuses": rng.choice((True, False))})
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
        if state.phase != "done":
            continue
        position = state.position()
        assert isinstance(position, Position)
        assert accepted(_as_points(position)).score().totals == position.score().totals
