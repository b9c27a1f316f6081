"""A worked-scoring record: ordered steps, each citing the rule it applies.

Values are exact (``int`` or ``Fraction``); the site shows where every point comes from,
so a step is the unit a reader checks, and the sheet's totals are checked by the tests.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from typing import Any

Number = int | Fraction


@dataclass(frozen=True)
class RuleRef:
    """A heading on a game's rules page: ``game`` folder and the heading's explicit id."""

    game: str
    anchor: str

    def __str__(self) -> str:
        return f"{self.game}#{self.anchor}"

    def href(self, root: str) -> str:
        """Link from a page whose way back to the site root is ``root`` (e.g. ``../``)."""
        return f"{root}{self.game}/#{self.anchor}"


@cache
def rule_ref(game: str, anchor: str) -> RuleRef:
    """One shared RuleRef per heading: score sheets cite the same few headings over and over."""
    return RuleRef(game, anchor)


@dataclass(frozen=True)
class Step:
    """One line of the sheet; ``value`` None marks an explanation without points."""

    party: str
    label: str
    rule: RuleRef
    detail: str
    value: Number | None = None


@dataclass
class ScoreSheet:
    title: str
    steps: list[Step] = field(default_factory=list)
    totals: dict[str, Number] = field(default_factory=dict)

    def add(self, party: str, label: str, rule: RuleRef, detail: str, value: Number | None = None) -> None:
        self.steps.append(Step(party, label, rule, detail, value))

    def to_dict(self) -> dict[str, Any]:
        return {
            "title": self.title,
            "steps": [
                {"party": s.party, "label": s.label, "rule": str(s.rule), "detail": s.detail,
                 "value": None if s.value is None else format_number(s.value)}
                for s in self.steps
            ],
            "totals": {party: format_number(v) for party, v in self.totals.items()},
        }

    def to_text(self) -> str:
        lines = [self.title, ""]
        party = None
        for s in self.steps:
            if s.party != party:
                party = s.party
                if party:
                    lines.append(f"[{party}]")
            value = "" if s.value is None else f"{format_signed(s.value):>8}"
            lines.append(f"  {s.label:<14}{value}  {s.detail}  ({s.rule})")
        lines.append("")
        lines += [f"合計 {party}: {format_signed(v)}" for party, v in self.totals.items()]
        return "\n".join(lines)


def format_number(value: Number) -> str:
    """Exact text for a value: ``7``, ``-3``, a half as ``16.5``, thirds as ``25⅓`` (how Japanese
    tarock texts write card points), any other fraction as ``13/7``."""
    sign = "-" if value < 0 else ""
    if isinstance(value, Fraction) and value.denominator == 2:
        return f"{sign}{abs(value.numerator) // 2}.5"
    if isinstance(value, Fraction) and value.denominator == 3:
        whole, thirds = divmod(abs(value.numerator), 3)
        return f"{sign}{whole or ''}{'⅓' if thirds == 1 else '⅔'}"
    if isinstance(value, Fraction) and value.denominator != 1:
        return f"{value.numerator}/{value.denominator}"
    return str(int(value))


def format_signed(value: Number) -> str:
    text = format_number(value)
    return text if text.startswith("-") or text == "0" else f"+{text}"


def running_totals(rows: Sequence[Sequence[Number]]) -> list[dict[str, list[Any]]]:
    """Each side's total after each deal (the pages' charts): as the sheets write it (``totals``) and as a
    number to draw (``values``, a float: a third is drawn, never shown, as 0.333…)."""
    running: list[Number] = []
    result: list[dict[str, list[Any]]] = []
    for row in rows:
        running = [before + points for before, points in zip(running or [0] * len(row), row, strict=True)]
        result.append({"totals": [format_signed(t) for t in running], "values": [float(t) for t in running]})
    return result
