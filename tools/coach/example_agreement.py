"""Print how often the recorded play of each scoring example is the practice table's coach's move.

Run from the repository root: ``.venv/bin/python tools/coach/example_agreement.py [--diff] [FILE ...]``
(about a minute for every example).  The examples are shown as deals that were played, so a move the
coach would not make either goes (re-record with ``python -m engine record <game> --seed N --bots``) or
is named in the intro.  For each example: the unforced actions (more than one legal action) whose
recorded action is the coach's choice at that position, of all unforced actions; with ``--diff`` every
difference with the coach's rule and reason.
"""

from __future__ import annotations

import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from engine.bots import BOTS  # noqa: E402
from engine.tutorials import Example, load  # noqa: E402


def checked(example: Example, diff: bool) -> tuple[int, int, list[str]]:
    """Agreeing and unforced actions of ``example`` and, with ``diff``, a line per difference."""
    state = example.start.clone()
    agree = total = 0
    notes = []
    for number, line in enumerate(example.lines, 1):
        for action in line:
            if len(state.legal_actions()) > 1:
                seat = state.current_player()
                choice = BOTS[example.game].decide(state, seat)
                total += 1
                agree += choice.action == action
                if diff and choice.action != action:
                    notes.append(f"  line {number}, seat {seat}: recorded {action} / coach {choice.action} "
                                 f"[{choice.rule.name}] {choice.why}")
            state.apply(action)
    return agree, total, notes


def main(argv: list[str]) -> None:
    diff = "--diff" in argv
    named = [Path(arg) for arg in argv if arg != "--diff"]
    files = named or sorted((ROOT / "tutorials").glob("*/example-*.yaml"))
    for path in files:
        example = load(yaml.safe_load(path.read_text(encoding="utf-8")))
        if not isinstance(example, Example) or example.game not in BOTS:
            continue
        agree, total, notes = checked(example, diff)
        print(f"{example.id:<40} {agree:>4} / {total:<4}")
        for note in notes:
            print(note)


if __name__ == "__main__":
    main(sys.argv[1:])
