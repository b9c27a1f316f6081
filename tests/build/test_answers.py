"""The lessons' precomputed answers (#41, scripts/sitebuild/answers.py): read back as
docs/assets/trionfi/answers.js reads them, they equal the engine's answers to every button of every stop of
every lesson on every lessons page, to the lesson's every share link and to its restart.  The engine's side is
asked here through its worker's door, with the tutorials loaded from tutorials.json as the worker loads them.
The browser side (answered before the engine, then the engine taking over): tests/site/test_lessons.py."""

from __future__ import annotations

import itertools
import json
import sys
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "scripts")]

from engine import web  # noqa: E402
from engine.tutorials import Example, Lesson  # noqa: E402
from sitebuild import answers, card_sprite  # noqa: E402
from sitebuild.tutorial_files import read_all  # noqa: E402
from sitebuild.tutorial_hooks import read_paths  # noqa: E402
from sitebuild.widgets import find, root_of  # noqa: E402

TUTORIALS, RAW = read_all(ROOT)
PATHS = read_paths(ROOT / "docs", TUTORIALS)


@pytest.fixture(scope="module")
def engine() -> None:
    """The engine as the worker has it: the tutorials from the JSON the site serves."""
    assert web.load_tutorials(json.dumps(RAW, ensure_ascii=False)) == ""


def page_answers(game: str, page: str = "lessons") -> tuple[dict[str, Any], str]:
    """The file the build writes beside docs/<game>/<page>.md, as the reader's browser parses it; its root."""
    root = root_of(f"{game}/{page}/")
    collected = answers.Collected()
    for tutorial in page_tutorials(game, page):
        collected.add(tutorial, root)
    return json.loads(json.dumps(collected.data(), ensure_ascii=False)), root


def page_tutorials(game: str, page: str) -> list[Lesson | Example]:
    """The lessons or examples of docs/<game>/<page>.md, in page order."""
    markup = (ROOT / "docs" / game / f"{page}.md").read_text(encoding="utf-8")
    return [TUTORIALS[item.attrs["data-ref"]] for item in find(markup)
            if item.kind == "widget" and item.attrs.get("data-widget") in ("lesson", "example")]


def known(file: dict[str, Any], ref: str, request: dict[str, Any]) -> dict[str, Any] | None:
    """answers.js lessonAnswer, in Python (the faces left aside: compared apart)."""
    lesson = file["lessons"].get(ref)
    if lesson is None:
        return None
    views = lesson["views"]

    def view(v: dict[str, Any], log: str) -> dict[str, Any]:
        return {"html": v["html"], "log": log, "n": v["n"], "done": v["done"], "code": v["code"]}

    if request["op"] == "lesson":
        if "code" in request:
            stop = next((v for v in views if v["code"] == request["code"]), None)
        else:
            stop = next((v for v in views if v["n"] >= request.get("n", 0)), views[-1])
        return stop and view(stop, stop["start"])
    answer = lesson["tries"].get(str(request["n"]), {}).get(request["action"])
    if isinstance(answer, int):
        return {"ok": True, **view(views[answer], views[answer]["log"])}
    if isinstance(answer, list):
        return {"ok": False, "kind": answer[0], "message": file["messages"][answer[1]]}
    return None


def engine_answer(request: dict[str, Any], faces: dict[str, str]) -> dict[str, Any]:
    """The engine's answer with its cards drawn from the sprite, as the page shows them (sprite.js); each face
    it used must be the file's face of that id."""
    answer: dict[str, Any] = json.loads(web.handle(json.dumps(request, ensure_ascii=False)))
    if "html" in answer:
        answer["html"], used = card_sprite.use_cards(answer["html"])
        assert all(faces.get(ident) == face for ident, face in used.items())
    return answer


class Buttons(HTMLParser):
    """The lesson view's buttons as the reader finds them: card, word and table-pick values in page order."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.found: dict[str, list[str]] = {"card": [], "word": [], "pick": []}
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if tag == "button" and name.startswith("data-") and name[5:] in self.found and value is not None:
                self.found[name[5:]].append(value)


def pressable(html: str, captures: bool) -> set[str]:
    """Every action the widget can send from this view (widget.js, client.js pickCapture)."""
    found = Buttons(html).found
    if not captures:
        return {*found["card"], *found["word"]}
    picks = found["pick"]
    subsets = itertools.chain.from_iterable(itertools.combinations(picks, k) for k in range(len(picks) + 1))
    taken = [" x ".join([card, " ".join(s)]) if s else card for s in list(subsets) for card in found["card"]]
    return {*found["word"], *taken}


@pytest.mark.parametrize("game", sorted(PATHS))
def test_every_lesson_choice_share_link_and_restart_is_answered_as_the_engine_does(engine: None, game: str) -> None:
    file, root = page_answers(game)
    assert sorted(file["lessons"]) == sorted(stop.lesson for stop in PATHS[game])
    kinds: set[str] = set()
    for stop in PATHS[game]:
        lesson = TUTORIALS[stop.lesson]
        assert isinstance(lesson, Lesson)
        base = {"ref": lesson.id, "root": root}
        asked = [{**base, "op": "lesson", "n": 0}]
        n = lesson.next_stop(0)
        while True:
            code = lesson.state_at(n).share_code()
            asked += [{**base, "op": "lesson", "code": code}, {**base, "op": "lesson", "n": n}]
            if n == len(lesson.script):
                break
            html = json.loads(web.handle(json.dumps({**base, "op": "lesson", "code": code})))["html"]
            choices = pressable(html, lesson.start.CAPTURES)
            assert set(file["lessons"][lesson.id]["tries"][str(n)]) == choices, (lesson.id, n)
            asked += [{**base, "op": "lesson_try", "n": n, "action": action} for action in sorted(choices)]
            n = lesson.next_stop(n + 1)
        for request in asked:
            answer = engine_answer(request, file["faces"])
            assert known(file, lesson.id, request) == answer, (lesson.id, request)
            kinds.add("right" if answer.get("ok") else answer.get("kind", "view"))
    assert kinds == {"view", "right", "other", "illegal"}  # every kind of answer was compared


def test_a_request_off_the_lessons_path_is_left_to_the_engine(engine: None) -> None:
    file, _ = page_answers("lombardia")
    lesson = TUTORIALS[PATHS["lombardia"][0].lesson]
    assert isinstance(lesson, Lesson)
    n = lesson.next_stop(0)
    state = lesson.state_at(n)
    off = state.clone()
    off.apply(next(a for a in state.legal_actions() if a != lesson.script[n].action))
    assert known(file, lesson.id, {"op": "lesson", "code": off.share_code()}) is None
    assert known(file, lesson.id, {"op": "lesson_try", "n": n + 1000, "action": "C1"}) is None
    assert known(file, "no-such-lesson", {"op": "lesson", "n": 0}) is None


def test_the_build_writes_the_answers_beside_each_lessons_page(tmp_path: Path, engine: None) -> None:
    lesson = TUTORIALS[PATHS["rotarot"][0].lesson]
    assert isinstance(lesson, Lesson)
    (tmp_path / "rotarot" / "lessons").mkdir(parents=True)
    answers.write(tmp_path, {"rotarot/lessons/": [lesson]})
    text = (tmp_path / "rotarot" / "lessons" / answers.FILE).read_text(encoding="utf-8")
    written = json.loads(text)
    assert list(written["lessons"]) == [lesson.id]
    views = written["lessons"][lesson.id]["views"]
    assert all(card_sprite.USE in v["html"] and "<rect" not in v["html"] for v in views)  # each face once, apart
    assert written["faces"] and all(face.startswith("<rect") for face in written["faces"].values())


def known_step(file: dict[str, Any], ref: str, request: dict[str, Any]) -> dict[str, Any] | None:
    """answers.js exampleAnswer, in Python."""
    example = file["examples"].get(ref)
    if example is None or any(example["variants"].get(k) != v for k, v in request.get("variants", {}).items()):
        return None
    last = len(example["steps"]) - 1
    step = last
    if "step" in request:
        step = max(0, min(request["step"], last))
    elif "code" in request:
        if request["code"] not in example["codes"]:
            return None
        step = example["codes"].index(request["code"])
    html = example["head"] + example["steps"][step] + (example["tail"] if step < last else "")
    return {"html": html, "code": example["codes"][step], "step": step, "steps": last, "notice": ""}


class Menus(HTMLParser):
    """The variant menus' chosen values as the widget sends them (widget.js chosenVariants)."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.chosen: dict[str, int] = {}
        self.menu = ""
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "select":
            self.menu = found.get("data-variant") or ""
        if tag == "option" and "selected" in found:
            self.chosen[self.menu] = int(found["value"] or "")


EXAMPLE_PAGES = sorted(p.parent.name for p in (ROOT / "docs").glob("*/examples.md"))


@pytest.mark.parametrize("game", EXAMPLE_PAGES)
def test_every_step_of_every_example_and_its_share_link_is_answered_as_the_engine_does(
        engine: None, game: str) -> None:
    file, root = page_answers(game, "examples")
    examples = page_tutorials(game, "examples")
    assert examples and sorted(file["examples"]) == sorted(e.id for e in examples)
    for example in examples:
        assert isinstance(example, Example)
        base = {"op": "example", "ref": example.id, "root": root}
        end = engine_answer(base, file["faces"])  # the page as built: at the end
        variants = Menus(end["html"]).chosen
        assert known_step(file, example.id, {"variants": variants}) == end
        for step in range(len(example.lines) + 1):
            request = {**base, "step": step, "variants": variants}
            shown = engine_answer(request, file["faces"])
            assert known_step(file, example.id, request) == shown, (example.id, step)
            link = {**base, "code": shown["code"]}
            assert known_step(file, example.id, link) == engine_answer(link, file["faces"]), (example.id, step)
        for name in variants:  # another rule: the engine's alone
            assert known_step(file, example.id, {"step": 0, "variants": {**variants, name: variants[name] + 1}}) is None
