"""Napoletanisch in a real browser: the capture lesson played by picking a hand card and then table
cards (refused sets show their reason), a scoring example's share link, and the pages' card pictures.
Expected totals come from the engine under CPython and the examples' hand-written `expect`."""

from __future__ import annotations

import sys
from collections.abc import Mapping
from pathlib import Path
from urllib.request import urlopen

from playwright.sync_api import Page, expect

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "scripts")]

from engine.tutorials import Example  # noqa: E402
from sitebuild.tutorial_files import read_all  # noqa: E402

TUTORIALS = read_all(ROOT)[0]
BOOT = 120_000
W = "#lesson-capture"


def sheet_totals(page: Page, widget: str) -> list[str]:
    return [" ".join(row.split()) for row in page.locator(f"#{widget} .tf-sheet tfoot tr").all_inner_texts()]


def expected_totals(totals: Mapping[str, object]) -> list[str]:
    return [f"{name}の得点 +{value}" for name, value in totals.items()]


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
    page.locator(f"{W} [data-action=share]").click()
    progress = page.locator(f"{W} .tf-progress").inner_text()
    shared = page.url
    page.goto("about:blank")
    page.goto(shared)
    expect(page.locator(f"{W} .tf-progress")).to_have_text(progress, timeout=BOOT)


def test_example_share_link_shows_the_same_sheet(offline_page: Page, site_url: str) -> None:
    page = offline_page
    example = TUTORIALS["napoletanisch-three-sixtynine"]
    assert isinstance(example, Example)
    assert example.position.score().totals == example.expect
    wanted = expected_totals(example.expect)
    page.goto(f"{site_url}/napoletanisch/examples/")
    w = "ex-three-sixtynine"
    assert sheet_totals(page, w) == wanted  # pre-rendered
    page.locator(f"#{w} select[data-variant='capture_optional']").select_option("1")
    expect(page.locator(f"#{w} .tf-status")).to_have_attribute("data-state", "ready", timeout=BOOT)
    assert sheet_totals(page, w) == wanted  # this switch does not change the score
    page.locator(f"#{w} [data-action=share]").click()
    shared = page.url
    assert f"w={w}" in shared
    page.goto("about:blank")
    page.goto(shared)
    expect(page.locator(f"#{w} .tf-status")).to_have_attribute("data-state", "ready", timeout=BOOT)
    assert sheet_totals(page, w) == wanted
    assert page.locator(f"#{w} select[data-variant='capture_optional']").input_value() == "1"


def test_pages_have_cards_and_sheets_without_javascript(site_url: str) -> None:
    rules = urlopen(f"{site_url}/napoletanisch/").read().decode("utf-8")
    assert "スキュース" in rules and rules.count("<svg") >= 30
    examples = urlopen(f"{site_url}/napoletanisch/examples/").read().decode("utf-8")
    assert examples.count('class="tf-sheet"') == 5 and "1点未満を切り捨て" in examples
    lessons = urlopen(f"{site_url}/napoletanisch/lessons/").read().decode("utf-8")
    assert 'data-pick="SK"' in lessons and 'data-action="capture"' in lessons
