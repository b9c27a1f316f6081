"""Numbers typed by people, read exactly (``Fraction``) and of bounded size.

Card-point counts as people at a table write them: ``35``, ``35.5``, ``35 1/2``, ``35½`` (Rotarot's
halves), ``23 2/3``, ``23⅔``, ``71/3`` (Napoletanisch's thirds); the score pad's shortcut entries read
them and write them back in one canonical form.  Totals (an example's ``expect``, the practice
table's stored rows) as ``exact_number`` reads them: ``16``, ``-16.5``, ``-33/2``.  Digits are
ASCII and few, so no input builds a huge number (``1e99999999``) or divides by zero (``1/0``)."""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

from .plaindata import Path, TutorialError

_GLYPHS = {"½": " 1/2", "⅓": " 1/3", "⅔": " 2/3"}
_WHOLE_PART = re.compile(r"(\d{1,3})(?:\.(5))?")
_MIXED = re.compile(r"(\d{1,3})\s+(\d)/(\d)")
_FRACTION = re.compile(r"(\d{1,4})/(\d)")
_DECIMAL = re.compile(r"[-+]?[0-9]{1,9}(?:\.[0-9]{1,6})?")
_RATIO = re.compile(r"([-+]?[0-9]{1,9})/([0-9]{1,6})")
EXACT_LIMIT = 10 ** 9  # whole numbers written as numbers stay below this, as the text forms do


def exact_number(value: Any) -> Fraction | None:
    """A total written as a whole number or as text (``"16.5"``, ``"-33/2"``), exactly; None for
    anything else: a float, a bool, a zero denominator, an exponent, digits other than ASCII, more
    than nine digits."""
    if isinstance(value, int) and not isinstance(value, bool):
        return Fraction(value) if -EXACT_LIMIT < value < EXACT_LIMIT else None
    if not isinstance(value, str):
        return None
    text = value.strip()
    if _DECIMAL.fullmatch(text):
        return Fraction(text)
    found = _RATIO.fullmatch(text)
    if found and int(found[2]):
        return Fraction(int(found[1]), int(found[2]))
    return None


def read_count(value: Any, path: Path, unit: int, most: int, what: str) -> Fraction:
    """A count of card points in steps of 1/``unit`` within 0..``most``; TutorialError at ``path``."""
    number: Fraction | None = None
    whole = isinstance(value, int) and not isinstance(value, bool)
    if whole or (isinstance(value, float) and (2 * value).is_integer()):
        number = Fraction(value)  # a JSON number: whole or a half (35.5); thirds are written as text
    elif isinstance(value, str):
        text = value.strip()
        for glyph, words in _GLYPHS.items():
            text = text.replace(glyph, words)
        text = text.strip()
        if found := _WHOLE_PART.fullmatch(text):
            number = Fraction(int(found[1])) + (Fraction(1, 2) if found[2] else 0)
        elif found := _MIXED.fullmatch(text):
            if int(found[3]) and int(found[2]) < int(found[3]):
                number = int(found[1]) + Fraction(int(found[2]), int(found[3]))
        elif (found := _FRACTION.fullmatch(text)) and int(found[2]):
            number = Fraction(int(found[1]), int(found[2]))
    if number is None:
        example = "35.5 や 35 1/2" if unit == 2 else "23 2/3 や 23⅔"
        raise TutorialError(path, f"{what}「{value}」は点数として読めません（{example} のように書きます）。")
    if (number * unit).denominator != 1:
        step = "0.5点" if unit == 2 else f"1/{unit}点"
        raise TutorialError(path, f"{what}{count_text(number)}点はありえません。点数は{step}刻みです。")
    if not 0 <= number <= most:
        raise TutorialError(path, f"{what}{count_text(number)}点はありえません（0〜{most}点です）。")
    return number


def count_text(value: Fraction) -> str:
    """The canonical form: ``35``, ``35.5`` (halves), ``23 1/3`` (other fractions)."""
    whole, part = divmod(value, 1)
    if not part:
        return str(int(whole))
    if part.denominator == 2:
        return f"{int(whole)}.5"
    return f"{int(whole)} {part.numerator}/{part.denominator}" if whole else f"{part.numerator}/{part.denominator}"
