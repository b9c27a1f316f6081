"""No waiting (#18, #27): on a page with a widget, once the page has loaded and the browser is idle, the
engine boots in the background wherever the reader has scrolled, with its progress in the status line, so
that the first click is answered at once; not with Save-Data or prefers-reduced-data (the widget says its
first use starts it), and not once the reader turned the footer switch off.  The runtime comes gzipped,
as from a real host.  (The server itself: tests/build/test_server.py.)"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, Response, expect

from tests.site.widget_helpers import BOOT, click_card, first_answer

# about the background start of a first visit: conftest leaves it on and gives no snapshot
pytestmark = [pytest.mark.preload, pytest.mark.cold]

LESSONS = "lombardia/lessons/"
LESSON = "lesson-obligations"
QUIET_MS = 3_500  # the load and an idle moment (at most 3 s), and time for a boot to have started

# Every text the first widget's status line shows, in order (the progress changes faster than polling sees).
RECORD_STATUS = """
addEventListener("DOMContentLoaded", () => {
  window.__statusTexts = [];
  const status = document.querySelector(".trionfi-widget .tf-status");
  new MutationObserver(() => window.__statusTexts.push(status.textContent))
    .observe(status, { childList: true, characterData: true, subtree: true });
});
"""


def runtime_requests(page: Page) -> list[Response]:
    """Pyodide responses the page (or its worker) received, collected from now on."""
    seen: list[Response] = []
    page.context.on("response", lambda r: seen.append(r) if "/assets/pyodide/" in r.url else None)
    return seen


def test_the_engine_boots_once_the_page_is_idle_and_answers_the_first_click_below(
        offline_page: Page, site_url: str) -> None:
    page = offline_page
    page.add_init_script(RECORD_STATUS)
    runtime = runtime_requests(page)
    page.goto(f"{site_url}/{LESSONS}")  # the top of the page: the lesson is below the fold, never scrolled to
    widget = page.locator(f"#{LESSON}")
    assert not page.evaluate(f"document.getElementById('{LESSON}').getBoundingClientRect().top < innerHeight")
    expect(widget).to_have_attribute("data-state", "ready", timeout=BOOT)  # no click, no scroll
    expect(widget.locator(".tf-status")).to_have_text("準備完了")
    timings = page.evaluate("window.__trionfi.timings")
    assert "preloadStart" in timings and "bootStart" not in timings
    texts = page.evaluate("window.__statusTexts")
    assert any(re.search(r"読み込んでいます… \d+\.\d / \d+\.\d MB", text) for text in texts), texts
    click_card(page, LESSON, first_answer("lombardia-obligations"))
    expect(widget.locator(".tf-feedback")).to_have_text("正解です。", timeout=30_000)
    assert "bootStart" not in page.evaluate("window.__trionfi.timings"), "the click waited for the boot"
    wasm = [r for r in runtime if r.url.endswith(".wasm") and r.request.method == "GET"]
    assert len(wasm) == 1, "the boot must not start twice"
    assert wasm[0].header_value("content-encoding") == "gzip"


# The reader's wish to save data, as the browser reports it (Chromium has no prefers-reduced-data switch yet).
SAVE_DATA = ("Object.defineProperty(Navigator.prototype, 'connection', "
             "{get: () => ({saveData: true, effectiveType: '4g'})});")
REDUCED_DATA = ("const plainMatch = window.matchMedia.bind(window); window.matchMedia = (q) => "
                "q.includes('prefers-reduced-data') ? {matches: true, media: q, addEventListener() {}} "
                ": plainMatch(q);")


def test_no_preload_when_the_reader_saves_data(offline_page: Page, site_url: str) -> None:
    """Save-Data and prefers-reduced-data side by side in one context (one wait for both); the first click
    still loads the engine."""
    pages = [offline_page, offline_page.context.new_page()]
    runtime = runtime_requests(offline_page)
    for page, wish in zip(pages, [SAVE_DATA, REDUCED_DATA], strict=True):
        page.add_init_script(wish)
        page.goto(f"{site_url}/{LESSONS}#{LESSON}")
    offline_page.wait_for_timeout(QUIET_MS)
    assert not runtime
    for page in pages:
        status = page.locator(f"#{LESSON} .tf-status")
        expect(status).to_contain_text("データ通信量を節約する設定")  # still idle, and says when it loads
        expect(status).to_contain_text("最初に操作したときに読み込みます")


def test_the_footer_switch_turns_the_preload_off_for_later_pages(offline_page: Page, site_url: str) -> None:
    page = offline_page
    runtime = runtime_requests(page)
    page.goto(f"{site_url}/")
    switch = page.get_by_label("計算エンジンを先に読み込む")
    expect(switch).to_be_checked()
    switch.uncheck()
    assert page.evaluate("localStorage.getItem('trionfi.preload')") == "off"
    page.goto(f"{site_url}/{LESSONS}#{LESSON}")
    expect(page.get_by_label("計算エンジンを先に読み込む")).not_to_be_checked()
    page.wait_for_timeout(QUIET_MS)
    assert not runtime
    assert "preloadStart" not in page.evaluate("window.__trionfi.timings")
