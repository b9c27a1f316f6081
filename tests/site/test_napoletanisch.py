"""Napoletanisch in a real browser: the capture lesson played by picking a hand card and then table
cards (refused sets show their reason), a scoring example's share link, and the pages' card pictures.
Expected totals come from the engine under CPython and the examples' hand-written `expect`."""

from __future__ import annotations

from urllib.request import urlopen

from playwright.sync_api import Page, expect

from engine.tutorials import Example
from tests.site.widget_helpers import (
    BOOT,
    TUTORIALS,
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


def test_capture_lesson_played_by_picking_cards(offline_page: Page, site_url: str) -> None:
    page = offline_page
    page.goto(f"{site_url}/napoletanisch/lessons/")
    page.locator(f"{W} [data-action=capture]").click()  # nothing chosen yet: answered without the engine
    expect(page.locator(f"{W} .tf-feedback")).to_contain_text("先に手札から")
    choose(page, "T8", "SK", "D3", "T6", "H2")  # two sets at once
    expect(page.locator(f"{W} .tf-feedback")).to_contain_text("1組だけ", timeout=BOOT)
    page.locator(f"{W} button[data-pick='T6']").click()  # untoggle the second set
    page.locator(f"{W} button[data-pick='H2']").click()
    page.locator(f"{W} [data-action=capture]").click()
    expect(page.locator(f"{W} .tf-feedback")).to_have_text("正解です。")
    expect(page.locator(f"{W} .tf-events")).to_contain_text("タロック2")
    choose(page, "DK", "HQ", "T1")  # a court may not take a tarock
    expect(page.locator(f"{W} .tf-feedback")).to_contain_text("タロック")
    expect(page.locator(f"{W} .tf-feedback")).to_contain_text("なぜ出せない")
    page.locator(f"{W} button[data-pick='T1']").click()
    page.locator(f"{W} button[data-pick='HA']").click()
    page.locator(f"{W} [data-action=capture]").click()
    expect(page.locator(f"{W} .tf-feedback")).to_have_text("正解です。")
    choose(page, "C10")  # trailing a card that can capture is refused
    expect(page.locator(f"{W} .tf-feedback")).to_contain_text("必ず1組")
    choose(page, "C10", "C7", "H3")
    expect(page.locator(W)).to_have_attribute("data-done", "true")
    expect(page.locator(f"{W} .tf-events")).to_contain_text("クラブの7とハートの3")


def test_lesson_share_link(offline_page: Page, site_url: str) -> None:
    page = offline_page
    page.goto(f"{site_url}/napoletanisch/lessons/")
    choose(page, "T8", "SK", "D3")
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
    # seat 1's 16 cards and the remainder F T13 T1 SN: 101 thirds (counted in tests/engine)
    expect(page.locator(f"#{w} .tf-tally")).to_contain_text("席1: 33⅔点（20枚、場の残り4枚を含む）")
    expect(page.locator(f"#{w} select[data-variant]")).to_have_count(0)  # no switch changes this deal's sheet
    expect(page.locator(f"#{w} .tf-variant-note")).to_contain_text("取れるときに取らずに置く")


def test_pages_have_cards_and_sheets_without_javascript(site_url: str) -> None:
    rules = urlopen(f"{site_url}/napoletanisch/").read().decode("utf-8")
    assert "スキュース" in rules and rules.count("<svg") >= 30
    examples = urlopen(f"{site_url}/napoletanisch/examples/").read().decode("utf-8")
    assert examples.count('class="tf-sheet"') == 5 and "1点未満を切り捨て" in examples
    lessons = urlopen(f"{site_url}/napoletanisch/lessons/").read().decode("utf-8")
    assert 'data-pick="SK"' in lessons and 'data-action="capture"' in lessons
