"""The Rotarot pages in a real browser: the bidding-and-exchange lesson played by clicking
(bid buttons, widow cards, discards, a trick), refusals with their reasons, and a scoring
example's share link.  Expected totals come from the engine under CPython."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.site.widget_helpers import (
    BOOT,
    click_card,
)

W = "lesson-bidding"


def click_word(page: Page, word: str) -> None:
    page.locator(f"#{W} .tf-view button[data-word='{word}']").click()


def test_bidding_lesson_played_to_the_end(offline_page: Page, site_url: str) -> None:
    page = offline_page
    page.goto(f"{site_url}/rotarot/lessons/")
    click_word(page, "bid4")
    expect(page.locator(f"#{W} .tf-feedback")).to_have_text("正解です。", timeout=BOOT)
    click_word(page, "bid1")  # legal but not the lesson's bid
    expect(page.locator(f"#{W} .tf-feedback")).to_contain_text("2枚で競り返して")
    click_word(page, "bid2")
    expect(page.locator(f"#{W} .tf-events")).to_contain_text("2枚で落札")
    expect(page.locator(f"#{W} .tf-choice-label")).to_contain_text("ウィドーから取る札")
    page.locator(f"#{W} .tf-view .tf-hand").last.locator("button[data-card='HK']").click()
    expect(page.locator(f"#{W} .tf-feedback")).to_have_text("正解です。")
    click_card(page, W, "SK")  # a king may not be discarded
    expect(page.locator(f"#{W} .tf-feedback")).to_contain_text("5点の札なので捨てられません")
    click_card(page, W, "D9")
    expect(page.locator(f"#{W} .tf-feedback")).to_have_text("正解です。")
    click_card(page, W, "C2")
    expect(page.locator(f"#{W} .tf-events")).to_contain_text("スペードのクイーン")
    click_card(page, W, "HQ")  # spades were led: must follow
    expect(page.locator(f"#{W} .tf-feedback")).to_contain_text("スペードを出さなければなりません")
    click_card(page, W, "SK")
    expect(page.locator(f"#{W}")).to_have_attribute("data-done", "true")
    expect(page.locator(f"#{W} .tf-events")).to_contain_text("席0が勝ちます")
