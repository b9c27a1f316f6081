"""Print how often the practice table's coach makes the move each lesson teaches (engine.lesson_coach).

Run from the repository root: ``.venv/bin/python tools/coach/lesson_agreement.py`` (a few seconds).
Reads tutorials/*/lesson-*.yaml as the site does (validated by engine.tutorials) and prints the count per
game and every step where the coach and the lesson differ.
"""

from __future__ import annotations

import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from engine.lesson_coach import agreement, table  # noqa: E402
from engine.tutorials import load  # noqa: E402


def main() -> None:
    files = sorted((ROOT / "tutorials").glob("*/lesson-*.yaml"))
    lessons = [load(yaml.safe_load(path.read_text(encoding="utf-8"))) for path in files]
    print(table(agreement(lessons)))


if __name__ == "__main__":
    main()
