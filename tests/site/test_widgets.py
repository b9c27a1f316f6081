"""The Lombardia widgets in a real browser: lesson share links, scoring examples with variant switches,
share links (good and tampered) and the worker surviving instant navigation (every lesson is played to
its end in tests/site/test_lessons.py).
Expected numbers come from the engine itself, computed here under CPython."""

from __future__ import annotations

import re
from urllib.request import urlopen

from playwright.sync_api import Page, expect

from engine.tutorials import Example
from tests.site.widget_helpers import (
    BOOT,
    TUTORIALS,
    click_card,
    example_totals,
    first_answer,
    reopen_share_link,
    wait_for_totals,
    widget_totals,
)


def test_lesson_share_link_restores_the_position(offline_page: Page, site_url: str) -> None:
    page = offline_page
    page.goto(f"{site_url}/lombardia/lessons/")
    click_card(page, "lesson-obligations", first_answer("lombardia-obligations"))
    expect(page.locator("#lesson-obligations .tf-feedback")).to_have_text("正解です。", timeout=BOOT)
    progress = page.locator("#lesson-obligations .tf-progress").inner_text()
    reopen_share_link(page, "lesson-obligations")
    expect(page.locator("#lesson-obligations .tf-progress")).to_have_text(progress, timeout=BOOT)
    expect(page.locator("#lesson-obligations")).to_be_in_viewport()


def test_example_variant_switch(offline_page: Page, site_url: str) -> None:
    """(Share links of examples, at a step and at a sheet row: tests/site/test_examples.py.)"""
    page = offline_page
    page.goto(f"{site_url}/lombardia/examples/")
    w = "ex-seed-reading"
    assert widget_totals(page, w) == example_totals("lombardia-seed-reading")  # pre-rendered
    page.locator(f"#{w} select[data-variant='xxi_value']").select_option("0")
    recommended = example_totals("lombardia-seed-reading", {"xxi_value": 5})
    wait_for_totals(page, w, recommended)
    assert page.locator(f"#{w} select[data-variant='xxi_value']").input_value() == "0"


def test_tampered_share_link_breaks_only_its_widget(offline_page: Page, site_url: str) -> None:
    page = offline_page
    example = TUTORIALS["lombardia-basic"]
    assert isinstance(example, Example)
    code = example.position.share_code()
    broken = code[:-1] + ("A" if code[-1] != "A" else "B")
    page.goto(f"{site_url}/lombardia/examples/?w=ex-basic&s={broken}#ex-basic")
    expect(page.locator("#ex-basic .tf-error")).to_contain_text("共有リンク", timeout=BOOT)
    expect(page.locator("#ex-tie .tf-error")).to_be_hidden()
    expect(page.locator("#ex-tie .tf-sheet")).to_be_visible()
    page.locator("#ex-tie select[data-variant='odd_pair_scores']").select_option("1")
    expect(page.locator("#ex-tie .tf-status")).to_have_attribute("data-state", "ready", timeout=BOOT)


def test_worker_survives_instant_navigation(offline_page: Page, site_url: str) -> None:
    page = offline_page
    page.goto(f"{site_url}/lombardia/examples/")
    page.evaluate("window.__marker = 1")
    page.locator("#ex-tie select[data-variant='xxi_value']").select_option("1")
    expect(page.locator("#ex-tie .tf-status")).to_have_attribute("data-state", "ready", timeout=BOOT)
    boot = page.evaluate("window.__trionfi.timings.bootStart")
    page.locator("a[href$='lessons/']").first.click()
    page.wait_for_url(re.compile(r"/lessons/$"))
    click_card(page, "lesson-fool", first_answer("lombardia-fool"))
    expect(page.locator("#lesson-fool .tf-feedback")).to_have_text("正解です。", timeout=BOOT)
    assert page.evaluate("window.__marker") == 1, "expected instant navigation"
    assert page.evaluate("window.__trionfi.timings.bootStart") == boot, "Pyodide must boot once per visit"


def test_pages_are_complete_without_javascript(site_url: str) -> None:
    html = urlopen(f"{site_url}/lombardia/examples/").read().decode("utf-8")
    assert html.count('class="tf-sheet"') == 6 and html.count("<svg") > 400
    lessons = urlopen(f"{site_url}/lombardia/lessons/").read().decode("utf-8")
    first = first_answer("lombardia-obligations")
    assert lessons.count('class="tf-hand"') >= 5 and f'data-card="{first}"' in lessons


def test_a_lesson_link_made_before_the_first_move_opens_its_start(offline_page: Page, site_url: str) -> None:
    page = offline_page
    page.goto(f"{site_url}/lombardia/lessons/")
    progress = page.locator("#lesson-obligations .tf-progress").inner_text()
    reopen_share_link(page, "lesson-obligations")
    assert "s=undefined" not in page.url and "s=loG" in page.url
    expect(page.locator("#lesson-obligations .tf-status")).to_have_attribute("data-state", "ready", timeout=BOOT)
    expect(page.locator("#lesson-obligations .tf-progress")).to_have_text(progress)
    expect(page.locator("#lesson-obligations .tf-error")).to_be_hidden()
