"""When the server or the reader does something unexpected, the widget says so in Japanese,
at once, and nothing else on the page breaks: a missing or mistyped Pyodide runtime, a runtime download
cut short, a corrupt tutorials file, clicks while the engine is still loading, a stored record the
practice table cannot read."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, Route, expect

from tests.site.widget_helpers import BOOT, click_card, first_answer, first_other_card, held_back

LESSON = "lesson-obligations"
# the runtime as a first visit loads it (no snapshot kept by an earlier one)
pytestmark = pytest.mark.cold
RIGHT, OTHER = first_answer("lombardia-obligations"), first_other_card("lombardia-obligations")


def test_a_missing_wasm_file_is_reported(offline_page: Page, site_url: str) -> None:
    page = offline_page
    page.context.route("**/pyodide.asm.wasm", lambda route: route.fulfill(status=404, body="not here"))
    page.goto(f"{site_url}/lombardia/lessons/")
    click_card(page, LESSON, RIGHT)
    error = page.locator(f"#{LESSON} .tf-error")
    expect(error).to_contain_text("pyodide.asm.wasm がサーバーにありません", timeout=30_000)
    expect(page.locator(f"#{LESSON} .tf-status")).to_have_text("読み込みに失敗しました")
    expect(page.locator("#lesson-fool .tf-error")).to_be_hidden()  # the other widget is untouched


def test_a_wasm_file_of_the_wrong_type_is_reported(offline_page: Page, site_url: str) -> None:
    page = offline_page
    page.context.route("**/pyodide.asm.wasm",
                       lambda route: route.fulfill(status=200, body=b"\0asm", content_type="application/octet-stream"))
    page.goto(f"{site_url}/lombardia/lessons/")
    click_card(page, LESSON, RIGHT)
    expect(page.locator(f"#{LESSON} .tf-error")).to_contain_text("application/wasm ではなく", timeout=30_000)


def test_a_web_page_in_place_of_the_wasm_is_not_blamed_on_the_server_setup(offline_page: Page, site_url: str) -> None:
    """A hotel Wi-Fi's login page answers every request, the type check's HEAD included (issue 40): the
    message says a page came instead of the file, not that the server is set up wrongly."""
    page = offline_page
    page.context.route("**/pyodide.asm.wasm", lambda route: route.fulfill(
        status=200, body="<!doctype html><p>Please log in to the hotel Wi-Fi.</p>", content_type="text/html"))
    page.goto(f"{site_url}/lombardia/lessons/")
    click_card(page, LESSON, RIGHT)
    error = page.locator(f"#{LESSON} .tf-error")
    expect(error).to_contain_text("pyodide.asm.wasm の代わりにウェブページが届きました（公衆無線 LAN のログイン画面",
                                  timeout=30_000)
    assert "サーバーの設定" not in error.inner_text()


def test_a_missing_pyodide_module_is_a_japanese_message(offline_page: Page, site_url: str) -> None:
    page = offline_page
    page.context.route("**/pyodide/pyodide.mjs", lambda route: route.fulfill(status=404, body="not here"))
    page.goto(f"{site_url}/lombardia/lessons/")
    click_card(page, LESSON, RIGHT)
    error = page.locator(f"#{LESSON} .tf-error")
    expect(error).to_contain_text("pyodide.mjs）を読み込めませんでした", timeout=BOOT)
    assert "Failed" not in error.inner_text()


def test_a_corrupt_tutorials_file_is_a_japanese_message(offline_page: Page, site_url: str) -> None:
    page = offline_page

    def corrupt(route: Route) -> None:
        route.fulfill(status=200, body='[["x.yaml", {"kind": "lesson"', content_type="application/json")

    page.context.route("**/assets/engine/tutorials.json", corrupt)
    page.goto(f"{site_url}/lombardia/lessons/")
    click_card(page, LESSON, RIGHT)
    error = page.locator(f"#{LESSON} .tf-error")
    expect(error).to_contain_text("tutorials.json）が壊れています", timeout=BOOT)
    assert "Traceback" not in error.inner_text()


def test_an_engine_bundle_that_is_no_zip_is_a_japanese_message(offline_page: Page, site_url: str) -> None:
    """D3 (2026-12-01 attack): a login page answered for engine.zip, with no manifest to check it against (the
    check against the manifest: tests/site/test_bad_answers.py), reaches Python, whose traceback was the
    message."""
    page = offline_page
    page.context.route("**/assets/engine/manifest.json", lambda route: route.fulfill(status=404, body="not here"))
    page.context.route("**/assets/engine/engine.zip", lambda route: route.fulfill(
        status=200, body="<!doctype html><p>Please log in to the hotel Wi-Fi.</p>", content_type="text/html"))
    page.goto(f"{site_url}/lombardia/lessons/")
    click_card(page, LESSON, RIGHT)
    error = page.locator(f"#{LESSON} .tf-error")
    expect(error).to_contain_text("engine.zip）が壊れていて開けませんでした", timeout=BOOT)
    assert "Traceback" not in error.inner_text()


@pytest.mark.parametrize("precomputed", [True, False])
def test_a_second_click_while_loading_is_ignored(offline_page: Page, site_url: str, precomputed: bool) -> None:
    """Clicking the right card and then a wrong one before the answer comes must leave the lesson one step
    on, with the first answer's feedback (not the second question's hint): while the engine loads, and while
    the page's precomputed answers (answers.json, #41) are still on their way."""
    page = offline_page
    held: list[Route] = []
    if precomputed:
        page.context.route("**/answers.json", lambda route: held.append(route))
    else:  # a page whose file knows no lesson: the engine answers
        page.context.route("**/answers.json", lambda route: route.fulfill(json={}))
    page.goto(f"{site_url}/lombardia/lessons/")
    click_card(page, LESSON, RIGHT)
    click_card(page, LESSON, OTHER)  # still loading: ignored
    if precomputed:
        held_back(page, held)
        held[0].fallback()
    feedback = page.locator(f"#{LESSON} .tf-feedback")
    expect(feedback).to_have_text("正解です。", timeout=BOOT)
    expect(page.locator(f"#{LESSON}")).to_have_attribute("aria-busy", "false")
    page.wait_for_timeout(300)
    expect(feedback).to_have_text("正解です。")
    expect(page.locator(f"#{LESSON} .tf-progress")).to_contain_text("あなたの手 1 /")


def test_a_wasm_download_cut_after_its_head_check_is_reported(offline_page: Page, site_url: str) -> None:
    """F12: the server answers the HEAD probe but the download itself fails; Pyodide would only log it and
    wait for the 120 s limit."""
    page = offline_page

    def get_fails(route: Route) -> None:
        if route.request.method == "HEAD":
            route.fallback()
        else:
            route.abort()

    page.context.route("**/pyodide.asm.wasm", get_fails)
    page.goto(f"{site_url}/lombardia/lessons/")
    click_card(page, LESSON, RIGHT)
    error = page.locator(f"#{LESSON} .tf-error")
    expect(error).to_contain_text("pyodide.asm.wasm を読み込めませんでした", timeout=30_000)
    expect(page.locator(f"#{LESSON} .tf-status")).to_have_text("読み込みに失敗しました")


def test_an_unreadable_table_record_is_set_aside_before_the_first_move(offline_page: Page, site_url: str) -> None:
    """F9: the practice table keeps a record it cannot read under a key of its own and offers it for
    download, so that the first move's save cannot lose it."""
    page = offline_page
    page.goto(f"{site_url}/lombardia/play/")
    page.evaluate("localStorage.setItem('trionfi.table.lombardia', '{bad')")
    page.reload()
    error = page.locator("#table .tf-error")
    expect(error).to_contain_text("読めなかった")
    assert error.locator("a[download]").count() == 1
    assert page.evaluate("localStorage.getItem('trionfi.table.lombardia.unreadable')") == "{bad"
