"""The Lombardia widgets in a real browser: lessons played by clicking, scoring examples with
variant switches, share links (good and tampered) and the worker surviving instant navigation.
Expected numbers come from the engine itself, computed here under CPython."""

from __future__ import annotations

import re
from urllib.request import urlopen

from playwright.sync_api import Page, expect

from engine.tutorials import Example, Lesson
from tests.site.widget_helpers import (
    BOOT,
    TUTORIALS,
    click_card,
    example_totals,
    reopen_share_link,
    totals_text,
    wait_for_totals,
    widget_totals,
)


def test_lesson_obligations_played_to_the_end(offline_page: Page, site_url: str) -> None:
    page = offline_page
    page.goto(f"{site_url}/lombardia/lessons/")
    w = "#lesson-obligations"
    expect(page.locator(f"{w} .tf-status")).to_contain_text("MB")  # download size shown before loading
    click_card(page, "lesson-obligations", "T8")  # illegal: batons were led
    expect(page.locator(f"{w} .tf-feedback")).to_contain_text("なぜ出せない", timeout=BOOT)
    expect(page.locator(f"{w} .tf-feedback")).to_contain_text("バトンを出さなければなりません")
    for code in ["C3", "S7", "H8"]:
        click_card(page, "lesson-obligations", code)
        expect(page.locator(f"{w} .tf-feedback")).to_have_text("正解です。")
    click_card(page, "lesson-obligations", "T2")  # legal, but not the lesson's choice
    expect(page.locator(f"{w} .tf-feedback")).to_contain_text("切札VIII")
    click_card(page, "lesson-obligations", "T8")
    expect(page.locator(f"{w} .tf-events")).to_contain_text("第18トリック")
    click_card(page, "lesson-obligations", "T2")
    expect(page.locator(w)).to_have_attribute("data-done", "true")
    expect(page.locator(f"{w} .tf-sheet tfoot tr").first).to_be_hidden()  # revealed step by step
    page.locator(f"{w} .tf-next-step").click()
    page.locator(f"{w} .tf-all-steps").click()
    lesson = TUTORIALS["lombardia-obligations"]
    assert isinstance(lesson, Lesson)
    final = lesson.state_at(len(lesson.script)).score()
    assert widget_totals(page, "lesson-obligations") == totals_text(final.totals)


def test_fool_lesson_exchange_choice(offline_page: Page, site_url: str) -> None:
    page = offline_page
    page.goto(f"{site_url}/lombardia/lessons/")
    w = "lesson-fool"
    for code in ["C4", "F", "HK"]:
        click_card(page, w, code)
        expect(page.locator(f"#{w} .tf-feedback")).to_have_text("正解です。", timeout=BOOT)
    expect(page.locator(f"#{w} .tf-choice-label")).to_be_visible()
    click_card(page, w, "HK")  # giving away a king: allowed, but the lesson explains why not
    expect(page.locator(f"#{w} .tf-feedback")).to_contain_text("5点")
    page.locator(f"#{w} .tf-view .tf-hand").last.locator("button[data-card='H3']").click()
    expect(page.locator(f"#{w} .tf-events")).to_contain_text("愚者を席3（ディーラー）から取り戻し")
    expect(page.locator(f"#{w}")).to_have_attribute("data-done", "true")


def test_lesson_share_link_restores_the_position(offline_page: Page, site_url: str) -> None:
    page = offline_page
    page.goto(f"{site_url}/lombardia/lessons/")
    click_card(page, "lesson-obligations", "C3")
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
    click_card(page, "lesson-fool", "C4")
    expect(page.locator("#lesson-fool .tf-feedback")).to_have_text("正解です。", timeout=BOOT)
    assert page.evaluate("window.__marker") == 1, "expected instant navigation"
    assert page.evaluate("window.__trionfi.timings.bootStart") == boot, "Pyodide must boot once per visit"


def test_pages_are_complete_without_javascript(site_url: str) -> None:
    html = urlopen(f"{site_url}/lombardia/examples/").read().decode("utf-8")
    assert html.count('class="tf-sheet"') == 6 and html.count("<svg") > 400
    lessons = urlopen(f"{site_url}/lombardia/lessons/").read().decode("utf-8")
    assert lessons.count('class="tf-hand"') >= 2 and 'data-card="C3"' in lessons


def test_a_lesson_link_made_before_the_first_move_opens_its_start(offline_page: Page, site_url: str) -> None:
    page = offline_page
    page.goto(f"{site_url}/lombardia/lessons/")
    progress = page.locator("#lesson-obligations .tf-progress").inner_text()
    reopen_share_link(page, "lesson-obligations")
    assert "s=undefined" not in page.url and "s=loG" in page.url
    expect(page.locator("#lesson-obligations .tf-status")).to_have_attribute("data-state", "ready", timeout=BOOT)
    expect(page.locator("#lesson-obligations .tf-progress")).to_have_text(progress)
    expect(page.locator("#lesson-obligations .tf-error")).to_be_hidden()
