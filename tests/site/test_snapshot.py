"""The engine's Python snapshot (#27, docs/assets/trionfi/snapshot.js): a first visit keeps one in Cache Storage
once its engine is ready; the next page in that browser starts from it (the engine answers the same); a stored
snapshot the runtime cannot start from is dropped and replaced by a good one, without the reader noticing."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from sitebuild.browser import wait_until
from tests.site.widget_helpers import BOOT, click_card, first_answer

pytestmark = [pytest.mark.cold, pytest.mark.preload]  # a first visit, whose engine starts by itself

LESSONS = "lombardia/lessons/"
LESSON = "lesson-obligations"
STORED_BYTES = """async () => {
  const cache = await caches.open("trionfi-snapshot");
  const keys = await cache.keys();
  if (keys.length !== 1) return null;
  const stored = await cache.match(keys[0]);
  return stored && [keys[0].url, (await stored.arrayBuffer()).byteLength];
}"""
SPOIL = """async () => {
  const cache = await caches.open("trionfi-snapshot");
  const [key] = await cache.keys();
  await cache.put(key, new Response(new Uint8Array(4096).fill(7)));
}"""


def booted(page: Page) -> dict[str, object]:
    """The timings of the page's engine start, once it is ready (widget.js's probe)."""
    expect(page.locator(f"#{LESSON}")).to_have_attribute("data-state", "ready", timeout=BOOT)
    timings: dict[str, object] = page.evaluate("window.__trionfi.timings")
    return timings


def answers(page: Page) -> None:
    click_card(page, LESSON, first_answer("lombardia-obligations"))
    expect(page.locator(f"#{LESSON} .tf-feedback")).to_have_text("正解です。", timeout=BOOT)


def test_a_second_page_starts_from_the_snapshot_the_first_kept_and_a_bad_one_is_replaced(
        offline_page: Page, site_url: str) -> None:
    page = offline_page
    page.goto(f"{site_url}/{LESSONS}")
    assert booted(page)["snapshot"] is False
    key, size = wait_until(page, STORED_BYTES, timeout_ms=BOOT)
    assert "/assets/engine/snapshot/" in key and size > 1_000_000
    later = page.context.new_page()
    later.goto(f"{site_url}/{LESSONS}")
    assert booted(later)["snapshot"] is True
    answers(later)
    assert later.evaluate(STORED_BYTES) == [key, size]  # used, not written again

    later.evaluate(SPOIL)  # a snapshot this runtime cannot start from
    third = page.context.new_page()
    third.goto(f"{site_url}/{LESSONS}")
    assert booted(third)["snapshot"] is False  # started afresh, without a word to the reader
    answers(third)
    assert wait_until(third, f"async () => {{ const s = await ({STORED_BYTES})(); return s && s[1] > 4096 && s; }}",
                      timeout_ms=BOOT)[0] == key  # and a good one kept in its place
