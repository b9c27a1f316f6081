"""The lessons and the practice table's coach give the same advice (engine.lesson_coach).

At every reader step with a real choice the coach makes the lesson's move, or the lesson marks the step
``coach_equal`` (the two moves are equal within the coach's noise, and the note says so).  The coach's
own mistakes that are still being fixed are listed below with the measurement that shows them; each must
still be a difference (when its fix lands, this test asks for its removal).
"""

from __future__ import annotations

import functools
import sys

import pytest
from helpers import site_tutorials

from engine.cards import Card
from engine.game import Action
from engine.games.lombardia.bot import Reading
from engine.games.lombardia.view import view_of
from engine.lesson_coach import StepCheck, agreement, table
from engine.tutorials import Lesson

# The coach's choice at every step of every lesson is the same decision in Pyodide (the engine tests compare the
# two runtimes elsewhere); deciding all of them again there took a minute of the Pyodide run.
pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="lesson content against the coach: CPython")

# (lesson, script step) -> why the lesson is right there and the coach is not (measured with
# engine.search.estimate on the step's position, rules-of-thumb playouts: gain of the lesson's move).
KNOWN_COACH_FAULTS: dict[tuple[str, int], str] = {
    ("lombardia-end", 12): "the open-hand endgame read assumes defenders who see the last trump's re-entry: "
                           "+2.71 ± 0.22 (200 worlds); vetoing the read-out when rules-of-thumb playouts (12 worlds) "
                           "clearly prefer the rule of thumb's card fixes this step but measured worse in duplicate "
                           "against 2fbf939 (143 deals: -0.14, ci95 [-0.29, 0.01]), and so did requiring a card at "
                           "least as good in every layout (43 deals: -0.12, ci95 [-0.42, 0.19])",
}


@functools.cache
def checks() -> tuple[StepCheck, ...]:
    return tuple(agreement(site_tutorials().values()))


def test_every_difference_is_marked_equal_or_a_known_coach_fault() -> None:
    found = checks()
    differ = {(c.lesson, c.step): c for c in found if not c.agrees}
    unexplained = [c for key, c in differ.items() if not c.equal and key not in KNOWN_COACH_FAULTS]
    assert not unexplained, "\n" + table(unexplained)
    fixed = [key for key in KNOWN_COACH_FAULTS if key not in differ or differ[key].equal]
    assert not fixed, f"the coach now agrees (or the step is marked equal): remove {fixed} from the list"
    stale = [c for c in found if c.agrees and c.equal]
    assert not stale, "the coach agrees: remove coach_equal from " + ", ".join(f"{c.lesson}[{c.step}]" for c in stale)


def test_every_lhombre_bidding_step_agrees_with_the_coach() -> None:
    bids = [c for c in checks() if c.game == "lhombre" and c.bidding]
    assert len(bids) >= 4  # the auction, exchange, tourné and trump lessons each bid
    assert not [c for c in bids if c.equal], "a bid is never a matter of taste here: the lesson or the coach is wrong"
    wrong = [c for c in bids if not c.agrees and (c.lesson, c.step) not in KNOWN_COACH_FAULTS]
    assert not wrong, "\n" + table(wrong)


@pytest.mark.xfail(bool(KNOWN_COACH_FAULTS), raises=AssertionError, strict=True,
                   reason="the coach faults listed above are fixed in the coaches, not in the lessons")
def test_the_coach_agrees_with_95_percent_of_the_unforced_steps() -> None:
    found = checks()
    assert sum(c.agrees for c in found) >= 0.95 * len(found), "\n" + table(found)


def test_a_lesson_hint_calls_a_card_beatable_only_when_a_stronger_one_is_out() -> None:
    """N8: at lombardia-trumps' King-of-cups step the Jack of swords is the best sword left (the reader's own
    reading of the cards played says so), so its hint speaks of a trump from a void, not of a higher sword."""
    lesson = site_tutorials()["lombardia-trumps"]
    assert isinstance(lesson, Lesson)
    state = lesson.start.clone()
    jack = Action("play", Card.parse("SJ"))
    for step in lesson.script:
        if step.reader and jack in step.hints:
            break
        state.apply(step.action)
    else:
        raise AssertionError("no step with a hint for the Jack of swords")
    assert Reading(view_of(state, lesson.reader)).is_master(Card.parse("SJ"))
    assert "より強いソード" not in step.hints[jack] and "切" in step.hints[jack]
