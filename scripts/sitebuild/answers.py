"""Lessons and examples answered before the engine is ready (#41): ``answers.json`` beside every page with them.

On a first visit the engine takes 20-49 s to start on a phone's network or in WebKit, yet every answer a
lesson or a played example can give is known at build time: at each of a lesson's stops the reader can press
only the buttons the view shows, and the engine answers each press with the next stop (right), its hint
(another legal choice) or its reason (an illegal one); an example has one view per step of its recorded deal.
The build asks the engine's own door (``engine.web.handle``, as the worker does) for every one of them and
writes them, per page, in a compact form that docs/assets/trionfi/answers.js reads back into exactly the
engine's answers:

* ``lessons``: per lesson, ``views`` (its stops in order: ``n``, ``done``, ``code``, ``html``; ``start`` the
  log from the lesson's beginning, as the ``lesson`` op answers a share link, a resumed place or a restart;
  ``log`` the log since the stop before, as ``lesson_try`` answers the right choice) and ``tries`` (stop ->
  action as the widget sends it -> the index of the view it leads to, or ``[kind, message index]``);
* ``examples``: per example, its ``variants`` as the page's menus send them before the reader changes one
  (the engine alone answers other rules), and its steps' HTML as ``head`` + ``steps[i]`` + ``tail`` (the
  tail for every step but the last, which ends with the sheet) with each step's share ``codes``;
* ``messages``: every hint and reason once;
* ``faces``: the card faces the views draw (card_sprite): the views hold a ``<use>`` of each card, as the
  page's sprite would make of the engine's HTML, so each face travels once.

The widget answers from the file while the engine is not ready and hands over to the engine once it is:
the answers are the same (tests/build/test_answers.py compares them with the engine's).
"""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from engine import web
from engine.games import GAMES
from engine.tutorials import Example, Lesson

from .card_sprite import use_cards
from .widgets import root_of

FILE = "answers.json"
# The buttons a lesson view offers, in page order, as widget.js reads them (client.js pickCapture for picks).
BUTTON = re.compile(r'<button [^>]*?data-(card|word|pick)="([^"]*)"')


def choices(html: str, captures: bool) -> list[str]:
    """Every action the lesson widget can send from a view: a word, a card; in a fishing game a hand card
    alone or with any set of the table cards, listed in page order as the capture button sends them."""
    found = BUTTON.findall(html)
    words = [value for kind, value in found if kind == "word"]
    cards = [value for kind, value in found if kind == "card"]
    if not captures:
        return [*words, *cards]
    picks = [value for kind, value in found if kind == "pick"]
    taken = [subset for size in range(len(picks) + 1) for subset in itertools.combinations(picks, size)]
    return [*words, *(f"{card} x {' '.join(subset)}" if subset else card for card in cards for subset in taken)]


def ask(request: dict[str, Any]) -> dict[str, Any]:
    """The engine's answer, through the same door as the worker's requests."""
    answer: dict[str, Any] = json.loads(web.handle(json.dumps(request, ensure_ascii=False)))
    return answer


def stops(lesson: Lesson) -> Iterator[int]:
    """The lesson's stops in order: each reader step, then its end (the script's length)."""
    n = lesson.next_stop(0)
    while n < len(lesson.script):
        yield n
        n = lesson.next_stop(n + 1)
    yield n


def common_start(texts: list[str]) -> str:
    """The longest start all ``texts`` share (character by character: the pieces are joined again as text)."""
    low, high = min(texts), max(texts)
    return low[:next((i for i, (a, b) in enumerate(zip(low, high, strict=False)) if a != b), len(low))]


def shared_ends(texts: list[str]) -> tuple[str, str]:
    """The longest start that all ``texts`` share, and the longest end all but the last share after it."""
    head = common_start(texts)
    rest = [text[len(head):][::-1] for text in texts[:-1]]
    return head, common_start(rest)[::-1] if rest else ""


class Collected:
    """One page's answers, growing tutorial by tutorial (messages and faces shared by the page's)."""

    def __init__(self) -> None:
        self.lessons: dict[str, Any] = {}
        self.examples: dict[str, Any] = {}
        self.messages: list[str] = []
        self.faces: dict[str, str] = {}

    def _html(self, html: str) -> str:
        used, faces = use_cards(html)
        self.faces |= faces
        return used

    def _message(self, text: str) -> int:
        if text not in self.messages:
            self.messages.append(text)
        return self.messages.index(text)

    def add(self, tutorial: Lesson | Example, root: str) -> None:
        if isinstance(tutorial, Lesson):
            self.add_lesson(tutorial, root)
        else:
            self.add_example(tutorial, root)

    def add_example(self, example: Example, root: str) -> None:
        base = {"ref": example.id, "root": root, "op": "example"}
        shown = [ask({**base, "step": step}) for step in range(len(example.lines) + 1)]
        html = [self._html(answer["html"]) for answer in shown]
        head, tail = shared_ends(html)
        middles = [text[len(head):len(text) - len(tail) if i < len(html) - 1 else len(text)]
                   for i, text in enumerate(html)]
        options = {option.name: option for option in GAMES[example.game].VARIANTS}
        offered, _ = example.variant_effects()
        variants = {name: options[name].index(example.start.variants[name]) for name in offered}
        self.examples[example.id] = {"variants": variants, "head": head, "tail": tail, "steps": middles,
                                     "codes": [answer["code"] for answer in shown]}

    def add_lesson(self, lesson: Lesson, root: str) -> None:
        base = {"ref": lesson.id, "root": root}
        at = {n: i for i, n in enumerate(stops(lesson))}  # stop -> its view's index
        views: list[dict[str, Any]] = []
        tries: dict[str, dict[str, Any]] = {}
        logs: dict[int, str] = {}  # stop -> the log the right choice before it answers with
        for n in at:
            opened = ask({**base, "op": "lesson", "code": lesson.state_at(n).share_code()})
            views.append({"n": opened["n"], "done": opened["done"], "code": opened["code"],
                          "html": self._html(opened["html"]), "start": opened["log"]})
            if opened["done"]:
                continue
            answers = tries[str(n)] = {}
            for action in choices(opened["html"], lesson.start.CAPTURES):
                answer = ask({**base, "op": "lesson_try", "n": n, "action": action})
                if answer.get("ok"):
                    answers[action] = at[answer["n"]]
                    logs[answer["n"]] = answer["log"]
                elif "message" in answer:  # a hint or a reason (anything else is left to the engine)
                    answers[action] = [answer["kind"], self._message(answer["message"])]
        for view in views:
            if view["n"] in logs:
                view["log"] = logs[view["n"]]
        self.lessons[lesson.id] = {"views": views, "tries": tries}

    def data(self) -> dict[str, Any]:
        return {"lessons": self.lessons, "examples": self.examples, "messages": self.messages, "faces": self.faces}


def write(site: Path, pages: dict[str, list[Lesson | Example]]) -> None:
    """``answers.json`` in the folder of each page (its URL) that holds lessons or examples."""
    for url, tutorials in pages.items():
        collected = Collected()
        for tutorial in tutorials:
            collected.add(tutorial, root_of(url))
        path = site / url / FILE
        path.write_text(json.dumps(collected.data(), ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
