"""What the browser tests of every game's widgets share: the tutorials as the engine reads them,
the score-sheet totals on screen and as the engine computes them, and share-link reopening.
(tests/site/conftest.py puts the repository and scripts/ on sys.path before this is imported.)"""

from __future__ import annotations

import re
import time
from collections.abc import Mapping
from fractions import Fraction
from pathlib import Path

from playwright.sync_api import Page, Route

from engine.game import Action, Variants
from engine.scoresheet import format_signed
from engine.tutorials import Example, Lesson
from sitebuild.tutorial_files import read_all

ROOT = Path(__file__).resolve().parents[2]
BOOT = 120_000  # ms: the first interaction boots Pyodide
TUTORIALS = read_all(ROOT)[0]


def totals_text(totals: Mapping[str, int | Fraction]) -> list[str]:
    """The sheet's total rows as the engine's totals would print them (whitespace removed)."""
    return [f"{name}の得点{format_signed(value)}" for name, value in totals.items()]


def example_totals(ref: str, variants: Variants | None = None) -> list[str]:
    """The total rows the scoring example ``ref`` shows, as the engine computes them (with ``variants``)."""
    example = TUTORIALS[ref]
    assert isinstance(example, Example)
    return totals_text(example.position.with_variants(variants or {}).score().totals)


def widget_totals(page: Page, widget: str) -> list[str]:
    """The total rows read in one go (row by row could race a re-render that changes their number)."""
    rows = page.locator(f"#{widget} .tf-sheet tfoot tr").all_inner_texts()
    return [re.sub(r"\s+", "", row) for row in rows]


def wait_for_totals(page: Page, widget: str, wanted: list[str]) -> None:
    """Polls because the old sheet stays on screen (and may share a total) until the worker answers."""
    deadline = time.monotonic() + BOOT / 1000
    while widget_totals(page, widget) != wanted and time.monotonic() < deadline:
        page.wait_for_timeout(100)
    assert widget_totals(page, widget) == wanted


def lesson(ref: str) -> Lesson:
    found = TUTORIALS[ref]
    assert isinstance(found, Lesson)
    return found


def first_answer(ref: str) -> str:
    """The card the lesson ``ref`` expects first (its first reader step must be a card)."""
    step = lesson(ref).script[lesson(ref).next_stop(0)]
    assert step.action.card is not None, f"{ref}: the first answer is not a card"
    return str(step.action.card)


def first_other_card(ref: str) -> str:
    """A hand card at the lesson's first decision other than the expected one (legal or not)."""
    first = lesson(ref)
    state = first.state_at(first.next_stop(0))
    return next(str(c) for c in state.hand(first.reader) if str(c) != first_answer(ref))


def click_card(page: Page, widget: str, code: str) -> None:
    page.locator(f"#{widget} .tf-view button[data-card='{code}']").first.click()


def reopen_share_link(page: Page, widget: str) -> None:
    """Press the widget's share button and open the link it made in a fresh load, as a reader would
    (going to the same URL directly would only be a same-page hash jump, proving nothing)."""
    page.locator(f"#{widget} [data-action=share]").click()
    shared = page.url
    assert f"w={widget}" in shared and "s=" in shared
    page.goto("about:blank")
    page.goto(shared)


def press_action(page: Page, scope: str, captures: bool, action: Action) -> None:
    """Press the buttons of ``action`` inside ``scope`` (a CSS selector): a word, a card (in the hand or
    offered), or, in a fishing game, a card with the table cards it takes and the capture button."""
    if action.card is None:
        page.locator(f"{scope} button[data-word='{action.kind}']").click()
        return
    page.locator(f"{scope} button[data-card='{action.card}']").first.click()
    pressed = page.locator(f"{scope} button[data-pick][aria-pressed=true]")
    while pressed.count():  # a refused capture leaves its picks pressed
        pressed.first.click()
    for taken in action.take:
        page.locator(f"{scope} button[data-pick='{taken}']").click()
    if captures:
        page.locator(f"{scope} [data-action=capture]").click()


def navigate(page: Page, site_url: str, url: str, widget: str) -> None:
    """To ``url`` by the site's instant navigation once a page of the site is open (its worker and
    Pyodide stay), else by loading it; returns when the new page's ``widget`` (a CSS selector) is there.
    Already at ``url``: nothing to do (the site's navigation to the page shown leaves it as it is)."""
    if page.url == url:
        return
    if not page.url.startswith(site_url):
        page.goto(url)
        page.locator(widget).first.wait_for()
        return
    page.evaluate("""([url, widget]) => {
        document.querySelectorAll(widget).forEach((el) => el.setAttribute("data-left", ""));
        const a = document.createElement("a"); a.href = url; document.body.append(a); a.click(); a.remove(); }""",
                  [url, widget])
    page.wait_for_function("(widget) => document.querySelector(widget + ':not([data-left])')", arg=widget,
                           timeout=BOOT)


STEPS = "window.__trionfi.steps.length"  # the engine's answers so far (client.js counts each one)


def held_back(page: Page, held: list[Route]) -> None:
    """Wait until the page asked for what the test holds back (``held`` by a route that keeps each request)."""
    deadline = time.monotonic() + BOOT / 1000
    while not held and time.monotonic() < deadline:
        page.wait_for_timeout(100)
    assert held, "nothing held back was asked for"
