"""Every lesson of every game played to its end in a real browser, from its own script: at the first
step with another legal choice the reader makes a wrong one (the hint shown may name only the chosen
card), once an illegal card (the engine says why), then the lesson's answers; at the end the way on
is offered, a finished deal's sheet matches the engine, and the done marks survive a reload.

One page visits the five lessons pages by instant navigation, so Pyodide boots once for all of them."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, Route, expect

from engine.game import Action, GameState
from engine.tutorials import Lesson, named_cards
from sitebuild.tutorial_hooks import read_paths
from tests.site.conftest import PageGuard, shared_page
from tests.site.widget_helpers import (
    BOOT,
    ROOT,
    STEPS,
    TUTORIALS,
    held_back,
    press_action,
    totals_text,
    widget_totals,
)

PATHS = read_paths(ROOT / "docs", TUTORIALS)


@pytest.fixture(scope="module")
def lesson_page(browser: Browser, site_url: str) -> Iterator[Page]:
    """One guarded page for the whole module (the worker and its Pyodide live as long as it does)."""
    for guard in shared_page(browser, site_url):
        guard.page.goto(f"{site_url}/")
        yield guard.page


def settle(page: Page, widget: str) -> str:
    """Wait for the engine's answer; the feedback it left."""
    page.wait_for_function(f"() => document.querySelector('#{widget}').getAttribute('aria-busy') !== 'true'",
                           timeout=BOOT)
    error = page.locator(f"#{widget} .tf-error")
    assert error.is_hidden(), error.inner_text()
    return page.locator(f"#{widget} .tf-feedback").inner_text()


def press(page: Page, widget: str, state: GameState, action: Action) -> str:
    press_action(page, f"#{widget} .tf-view", state.CAPTURES, action)
    return settle(page, widget)


def wrong_choice(lesson: Lesson, n: int) -> Action | None:
    """A legal choice other than the lesson's at step ``n``: one with its own hint if there is one."""
    step, state = lesson.script[n], lesson.state_at(n)
    others = [a for a in state.legal_actions() if a != step.action]
    return next((a for a in others if a in step.hints), others[0] if others else None)


def illegal_card(lesson: Lesson, n: int) -> Action | None:
    """A hand card that may not be played now (only when the hand itself is offered as buttons)."""
    state = lesson.state_at(n)
    kind = state.card_kind()
    cards = [action.card for action in state.legal_actions() if action.card is not None]
    if not cards or not all(card in state.hand(lesson.reader) for card in cards):
        return None  # the hand is shown as pictures only (a bid, or cards offered from a widow)
    return next((Action(kind, c) for c in state.hand(lesson.reader)
                 if not state.CAPTURES and not state.is_legal(Action(kind, c))), None)


def kept_on_restart(page: Page, widget: str) -> None:
    """「最初から」 in a lesson half done asks first; 「やめる」 keeps the lesson where it was."""
    w = page.locator(f"#{widget}")
    where = w.get_attribute("data-code")
    w.locator("[data-action=restart]").click()
    assert "最初からやり直しますか" in w.locator(".tf-confirm").inner_text()
    w.locator("[data-confirm=no]").click()
    assert w.locator(".tf-confirm").count() == 0 and w.get_attribute("data-code") == where


def play_lesson(page: Page, widget: str, lesson: Lesson) -> None:
    page.locator(f"#{widget}").scroll_into_view_if_needed()
    wrong_tried = illegal_tried = asked = False
    for n, step in enumerate(lesson.script):
        if not step.reader:
            continue
        state = lesson.state_at(n)
        wrong = None if wrong_tried else wrong_choice(lesson, n)
        if wrong is not None:
            said = press(page, widget, state, wrong)
            assert said == step.hint_for(wrong), (lesson.id, n, str(wrong))
            assert set(named_cards(lesson.game, said)) <= {wrong.card}, (lesson.id, said)
            wrong_tried = True
        illegal = None if illegal_tried else illegal_card(lesson, n)
        if illegal is not None:
            heading = "なぜ捨てられない？" if illegal.kind == "discard" else "なぜ出せない？"
            assert press(page, widget, state, illegal).startswith(heading), (lesson.id, str(illegal))
            illegal_tried = True
        for faded in state.unavailable_words()[:1]:  # a bid the auction rules out: shown faded, explained
            page.locator(f"#{widget} .tf-view button[data-word='{faded.kind}'][data-legal=false]").click()
            assert settle(page, widget).startswith("なぜ選べない？"), (lesson.id, faded.kind)
        assert press(page, widget, state, step.action) == "正解です。", (lesson.id, n, str(step.action))
        if not asked and page.locator(f"#{widget}").get_attribute("data-done") != "true":
            kept_on_restart(page, widget)
            asked = True
    assert wrong_tried, f"{lesson.id}: no step offers another legal choice"
    w = page.locator(f"#{widget}")
    assert w.get_attribute("data-done") == "true" and w.locator(".tf-next-lesson a").is_visible()
    end = lesson.state_at(len(lesson.script))
    if end.is_terminal():  # the sheet is revealed row by row
        assert w.locator(".tf-sheet tfoot tr").first.is_hidden()
        w.locator(".tf-next-step").click()
        w.locator(".tf-all-steps").click()
        assert widget_totals(page, widget) == totals_text(end.score().totals)


@pytest.mark.parametrize("game", sorted(PATHS))
def test_every_lesson_played_with_a_wrong_choice(lesson_page: Page, site_url: str, game: str) -> None:
    page = lesson_page
    page.locator(f".md-tabs__link[href$='{game}/']").click()  # the game's tab (instant navigation: same worker)
    page.locator(f".md-nav a[href$='{game}/lessons/']:visible").first.click()
    page.wait_for_url(f"**/{game}/lessons/")
    for stop in PATHS[game]:
        lesson = TUTORIALS[stop.lesson]
        assert isinstance(lesson, Lesson)
        play_lesson(page, stop.widget, lesson)
    page.evaluate("sessionStorage.clear()")  # no lesson resumes after the reload: no engine needed
    page.reload()
    count = page.locator(".tf-progress-list .tf-progress-count").first
    assert count.inner_text() == f"練習 {len(PATHS[game])} / {len(PATHS[game])} 済み"
    page.locator(".tf-progress-list [data-action=reset-progress]").first.click()
    assert count.inner_text() == f"練習 0 / {len(PATHS[game])} 済み"


def test_the_home_page_counts_each_games_lessons(lesson_page: Page, site_url: str) -> None:
    lesson_page.goto(f"{site_url}/")
    counts = lesson_page.locator(".tf-progress-list .tf-progress-count").all_inner_texts()
    assert len(counts) == len(PATHS) and all(text.startswith("練習 ") for text in counts)




def test_a_lesson_is_answered_before_the_engine_is_ready_and_the_engine_takes_over(
        page_guard: PageGuard, site_url: str) -> None:
    """#41: while the runtime is held back (a slow first visit), the lesson answers every choice and opens its
    share link from the build's answers (answers.json) with no answer from the engine; once the runtime comes,
    the engine answers the rest of the same lesson from where the reader was."""
    page = page_guard.page
    held: list[Route] = []
    page.context.route("**/pyodide.asm.wasm", lambda route: held.append(route))  # arrives only when released
    stop = PATHS["lombardia"][0]
    lesson = TUTORIALS[stop.lesson]
    assert isinstance(lesson, Lesson)
    stops = [n for n, step in enumerate(lesson.script) if step.reader]
    widget = page.locator(f"#{stop.widget}")
    page.goto(f"{site_url}/lombardia/lessons/")
    wrong_tried = False
    for n in stops[:len(stops) // 2 + 1]:
        state = lesson.state_at(n)
        wrong = None if wrong_tried else wrong_choice(lesson, n)
        if wrong is not None:
            assert press(page, stop.widget, state, wrong) == lesson.script[n].hint_for(wrong)
            wrong_tried = True
        assert press(page, stop.widget, state, lesson.script[n].action) == "正解です。"
    assert wrong_tried, "the lesson offered no other choice"
    held_back(page, held)  # the first answer started the engine, as a first use does
    place = widget.get_attribute("data-code")
    widget.locator("[data-action=share]").click()
    shared = page.url
    page.goto("about:blank")
    held.clear()  # the first visit's runtime request went with its page
    page.goto(shared)  # a new visit: its runtime is held back too
    expect(widget).to_have_attribute("data-code", place or "")
    expect(widget.locator(".tf-status")).to_have_attribute("data-state", "loading")
    assert page.evaluate(STEPS) == 0, "an answer came from the engine"
    held_back(page, held)  # opening the link started the engine, as a first use does
    page.context.unroute("**/pyodide.asm.wasm")
    for route in held:
        route.fallback()
    expect(widget).to_have_attribute("data-state", "ready", timeout=BOOT)
    assert widget.get_attribute("data-code") == place  # the engine takes over where the reader was
    for n in stops[len(stops) // 2 + 1:]:
        assert press(page, stop.widget, lesson.state_at(n), lesson.script[n].action) == "正解です。"
    assert page.evaluate(STEPS) == len(stops) - len(stops) // 2 - 1  # each of these answered by the engine
    assert widget.get_attribute("data-done") == "true"
