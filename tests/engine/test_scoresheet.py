"""Exact number formatting of score sheets: halves (Rotarot) and thirds (Napoletanisch) stay exact."""

from __future__ import annotations

from fractions import Fraction

import pytest

from engine.scoresheet import format_number, format_signed, running_totals


@pytest.mark.parametrize(("value", "text"), [
    (7, "7"), (-3, "-3"), (0, "0"),
    (Fraction(33, 2), "16.5"), (Fraction(-1, 2), "-0.5"),
    (Fraction(76, 3), "25⅓"), (Fraction(-7, 3), "-2⅓"), (Fraction(2, 3), "⅔"), (Fraction(-1, 3), "-⅓"),
    (Fraction(13, 7), "13/7"), (Fraction(6, 3), "2"),
])
def test_format_number(value: int | Fraction, text: str) -> None:
    assert format_number(value) == text


def test_format_signed_marks_positive_values() -> None:
    assert [format_signed(v) for v in (5, Fraction(1, 3), 0, -2)] == ["+5", "+⅓", "0", "-2"]


def test_running_totals_add_up_each_side_after_each_deal() -> None:
    rows: list[list[int | Fraction]] = [[Fraction(1, 2), -3], [Fraction(1, 2), Fraction(7, 3)]]
    assert running_totals(rows) == [{"totals": ["+0.5", "-3"], "values": [0.5, -3.0]},
                                    {"totals": ["+1", "-⅔"], "values": [1.0, -2 / 3]}]
    assert running_totals([]) == []
