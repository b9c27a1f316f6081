"""Whether the practice table's coach makes the move each lesson teaches.

A learner who finishes a lesson and then asks the coach for a hint at the table must not hear the
opposite advice.  ``agreement`` replays every lesson and, at each reader step with a real choice (more
than one legal action), asks the game's coach (``BOTS[game].decide``) what it would do there; ``table``
prints the count per game and every step where the two differ, with the coach's rule and reason.  A
lesson marks a step ``coach_equal`` where the coach's other move is as good and the note says so
(tests/engine/test_lesson_coach.py holds the lessons to this).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .bots import BOTS
from .game import Action
from .tutorials import Example, Lesson

AUCTION_PHASES = frozenset({"bid", "announce"})  # l'Hombre's and Rotarot's bidding (engine state phases)


@dataclass(frozen=True)
class StepCheck:
    """One unforced reader step of a lesson, and what the coach does there instead (or the same)."""

    lesson: str
    game: str
    step: int  # index in the lesson's script
    expected: Action
    coach: Action
    rule: str  # the coach's rule of thumb (its hint's title)
    why: str  # the coach's reason, as the hint says it
    phase: str  # the state's phase ("bid", "play" ...), "" for a game without one
    equal: bool  # the lesson marks the step coach_equal

    @property
    def agrees(self) -> bool:
        return self.coach == self.expected

    @property
    def bidding(self) -> bool:
        return self.phase in AUCTION_PHASES


def lesson_checks(lesson: Lesson) -> list[StepCheck]:
    """Every unforced reader step of ``lesson`` with the coach's choice for the reader's seat there."""
    found = []
    state = lesson.start.clone()
    for index, step in enumerate(lesson.script):
        if step.reader and len(state.legal_actions()) > 1:
            choice = BOTS[lesson.game].decide(state, lesson.reader)
            found.append(StepCheck(lesson.id, lesson.game, index, step.action, choice.action, choice.rule.name,
                                   choice.why, str(getattr(state, "phase", "")), step.coach_equal))
        state.apply(step.action)
    return found


def agreement(tutorials: Iterable[Lesson | Example]) -> list[StepCheck]:
    """The checks of every lesson among ``tutorials`` (examples are skipped), lessons in the order given."""
    return [check for tutorial in tutorials if isinstance(tutorial, Lesson) and tutorial.game in BOTS
            for check in lesson_checks(tutorial)]


def table(checks: Iterable[StepCheck]) -> str:
    """Agreement per game (steps the coach agrees with, of the unforced ones; how many of the others the
    lessons mark as equal), then every disagreement: lesson, step, both actions, the coach's rule and reason."""
    checks = list(checks)
    games = sorted({check.game for check in checks})
    lines = ["game            agree / steps   marked equal"]
    for game in [*games, "all"]:
        mine = [c for c in checks if game in ("all", c.game)]
        agree = sum(c.agrees for c in mine)
        equal = sum(c.equal and not c.agrees for c in mine)
        lines.append(f"{game:<15} {agree:>5} / {len(mine):<5}   {equal}")
    lines.append("")
    for check in checks:
        if not check.agrees:
            mark = "equal" if check.equal else "DIFFERS"
            lines.append(f"{mark:<7} {check.lesson} [{check.step}] ({check.phase}) lesson {check.expected} / "
                         f"coach {check.coach}: {check.rule}: {check.why}")
    return "\n".join(lines)
