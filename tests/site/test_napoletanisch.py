"""Napoletanisch in a real browser: a lesson's share link after a capture made by picking a hand card
and then table cards, a scoring example's share link, and the pages' card pictures (every lesson is
played in tests/site/test_lessons.py).
Expected totals come from the engine under CPython and the examples' hand-written `expect`."""

from __future__ import annotations

from urllib.request import urlopen

from playwright.sync_api import Page, expect

from engine.tutorials import Example
from tests.site.widget_helpers import (
    BOOT,
    TUTORIALS,
    lesson,
    reopen_share_link,
    totals_text,
    widget_totals,
)

W = "#lesson-capture"


def choose(page: Page, card: str, *taken: str) -> None:
    """Select ``card`` in the hand, toggle the table cards ``taken`` and confirm."""
    page.locator(f"{W} .tf-view .tf-hand button[data-card='{card}']").click()
    for code in taken:
        page.locator(f"{W} .tf-view button[data-pick='{code}']").click()
    page.locator(f"{W} [data-action=capture]").click()


def test_lesson_share_link(offline_page: Page, site_url: str) -> None:
    page = offline_page
    page.goto(f"{site_url}/napoletanisch/lessons/")
    first = lesson("napoletanisch-capture")
    answer = first.script[first.next_stop(0)].action
    choose(page, str(answer.card), *map(str, answer.take))
    expect(page.locator(f"{W} .tf-feedback")).to_have_text("正解です。", timeout=BOOT)
    progress = page.locator(f"{W} .tf-progress").inner_text()
    reopen_share_link(page, W.removeprefix("#"))
    expect(page.locator(f"{W} .tf-progress")).to_have_text(progress, timeout=BOOT)


def test_example_pre_rendered_with_its_running_points(offline_page: Page, site_url: str) -> None:
    page = offline_page
    example = TUTORIALS["napoletanisch-three-sixtynine"]
    assert isinstance(example, Example)
    assert example.position.score().totals == example.expect
    wanted = totals_text(example.expect)
    page.goto(f"{site_url}/napoletanisch/examples/")
    w = "ex-three-sixtynine"
    assert widget_totals(page, w) == wanted  # pre-rendered at the end of the recorded deal
    # seat 1's 15 cards and the ten cards left on the table: 100 thirds (counted in tests/engine)
    expect(page.locator(f"#{w} .tf-tally")).to_contain_text("席1: 33⅓点（25枚、場の残り10枚を含む）")
    expect(page.locator(f"#{w} select[data-variant]")).to_have_count(0)  # no switch changes this deal's sheet
    expect(page.locator(f"#{w} .tf-variant-note")).to_contain_text("取れるときに取らずに置く")


def test_pages_have_cards_and_sheets_without_javascript(site_url: str) -> None:
    rules = urlopen(f"{site_url}/napoletanisch/").read().decode("utf-8")
    assert "スキュース" in rules and rules.count("<svg") >= 30
    examples = urlopen(f"{site_url}/napoletanisch/examples/").read().decode("utf-8")
    assert examples.count('class="tf-sheet"') == 5 and "1点未満を切り捨て" in examples
    lessons = urlopen(f"{site_url}/napoletanisch/lessons/").read().decode("utf-8")
    assert 'data-pick="' in lessons and 'data-action="capture"' in lessons
