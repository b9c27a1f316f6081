"""Each game's path of lessons: at least five, which rule sections they exercise, and the 「試す」 link
at the end of each of those sections on the rules page."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "scripts")]

from engine.games import GAMES  # noqa: E402
from engine.tutorials import Lesson  # noqa: E402
from sitebuild.tutorial_files import read_all  # noqa: E402
from sitebuild.tutorial_hooks import read_paths  # noqa: E402

DOCS = ROOT / "docs"
TUTORIALS = read_all(ROOT)[0]
PATHS = read_paths(DOCS, TUTORIALS)
HEADING = re.compile(r"^(#{1,6})\s.*\{#([a-z0-9-]+)\}\s*$")


def sections(page: Path) -> dict[str, str]:
    """Each heading id of a Markdown page with the text of its section (up to the next heading of the
    same or a higher level)."""
    lines = page.read_text(encoding="utf-8").splitlines()
    found: dict[str, str] = {}
    for i, line in enumerate(lines):
        match = HEADING.match(line)
        if not match:
            continue
        level, end = len(match.group(1)), len(lines)
        for j in range(i + 1, len(lines)):
            if lines[j].startswith("#") and len(lines[j]) - len(lines[j].lstrip("#")) <= level:
                end = j
                break
        found[match.group(2)] = "\n".join(lines[i + 1:end])
    return found


def lesson_sections(game: str) -> dict[str, str]:
    """Lesson id -> the id of the heading above its widget on the lessons page."""
    at: dict[str, str] = {}
    heading = ""
    for line in (DOCS / game / "lessons.md").read_text(encoding="utf-8").splitlines():
        match = HEADING.match(line)
        heading = match.group(2) if match else heading
        ref = re.search(r'data-widget="lesson"[^>]*data-ref="([^"]+)"', line)
        if ref:
            at[ref.group(1)] = heading
    return at


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_path_of_at_least_five_lessons_and_the_rules_they_exercise(game: str) -> None:
    stops = PATHS.get(game, [])
    lessons = [TUTORIALS[stop.lesson] for stop in stops]
    assert all(isinstance(lesson, Lesson) for lesson in lessons)
    exercised = {ref.anchor for lesson in lessons if isinstance(lesson, Lesson) for ref in lesson.rules}
    rules = sections(DOCS / game / "index.md")
    print(f"{game}: {len(stops)} lessons; rule sections exercised: {', '.join(sorted(exercised))}; "
          f"not exercised: {', '.join(sorted(set(rules) - exercised))}")
    assert len(stops) >= 5, f"{game} has {len(stops)} lessons on its path (at least 5)"
    assert exercised <= set(rules), f"unknown rule sections: {exercised - set(rules)}"
    assert len({stop.lesson for stop in stops}) == len(stops), "a lesson appears twice on the path"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_exercised_section_links_to_its_lessons(game: str) -> None:
    rules, at = sections(DOCS / game / "index.md"), lesson_sections(game)
    for stop in PATHS.get(game, []):
        lesson = TUTORIALS[stop.lesson]
        assert isinstance(lesson, Lesson)
        for ref in lesson.rules:
            link = f"](lessons.md#{at[stop.lesson]})"
            assert link in rules.get(ref.anchor, ""), f"{game}#{ref.anchor} has no 「試す」 link to {stop.lesson}"
