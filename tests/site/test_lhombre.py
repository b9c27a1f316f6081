"""The ロンブル pages in a real browser: the matador lesson played by clicking (auction and
exchange buttons, a matador withheld, one forced out with its reason), and scoring examples with
a variant switch and a share link.  Expected totals come from the engine under CPython."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from engine.games.lhombre.score import SITTER
from tests.site.widget_helpers import (
    BOOT,
    click_card,
    example_totals,
    reopened_totals,
    wait_for_totals,
    widget_totals,
)

W = "lesson-matador"


def test_matador_lesson_played_to_the_end(offline_page: Page, site_url: str) -> None:
    page = offline_page
    page.goto(f"{site_url}/lhombre/lessons/")
    page.locator(f"#{W} .tf-view button[data-word='pass']").click()
    expect(page.locator(f"#{W} .tf-feedback")).to_have_text("正解です。", timeout=BOOT)
    expect(page.locator(f"#{W} .tf-events")).to_contain_text("切札はハートです")
    page.locator(f"#{W} .tf-view button[data-word='draw']").click()
    expect(page.locator(f"#{W} .tf-events")).to_contain_text("ハートの2をリード")
    click_card(page, W, "CA")  # legal, but the lesson keeps basta
    expect(page.locator(f"#{W} .tf-feedback")).to_contain_text("バスタは出さなくてかまいません")
    click_card(page, W, "D3")
    expect(page.locator(f"#{W} .tf-events")).to_contain_text("スパディエをリードしました")
    click_card(page, W, "DQ")  # spadille was led: basta must be played
    expect(page.locator(f"#{W} .tf-feedback")).to_contain_text("格上のマタドール")
    click_card(page, W, "CA")
    expect(page.locator(f"#{W}")).to_have_attribute("data-done", "true")
    expect(page.locator(f"#{W} .tf-events")).to_contain_text("フォアハンドが勝ちます")


def test_auction_lesson_self_and_an_excluded_contract(offline_page: Page, site_url: str) -> None:
    page, w = offline_page, "lesson-auction"
    page.goto(f"{site_url}/lhombre/lessons/")
    page.locator(f"#{w} .tf-view button[data-word='spade']").click()
    expect(page.locator(f"#{w} .tf-feedback")).to_have_text("正解です。", timeout=BOOT)
    page.locator(f"#{w} .tf-view button[data-word='self']").click()
    expect(page.locator(f"#{w} .tf-events")).to_contain_text("ピュア・ノロを宣言しました")
    excluded = page.locator(f"#{w} .tf-view button[data-word='spade-solo']")
    expect(excluded).to_have_attribute("data-legal", "false")
    excluded.click()
    expect(page.locator(f"#{w} .tf-feedback")).to_contain_text("同じ強さ")
    page.locator(f"#{w} .tf-view button[data-word='pass']").click()
    expect(page.locator(f"#{w}")).to_have_attribute("data-done", "true")
    expect(page.locator(f"#{w} .tf-events")).to_contain_text("ミドルハンドがピュア・ノロのデクレアラー")


def test_lhombre_example_variant_and_share_link(offline_page: Page, site_url: str) -> None:
    page = offline_page
    page.goto(f"{site_url}/lhombre/examples/")
    w = "ex-four-players"
    four = example_totals("lhombre-four-players-remise")
    assert widget_totals(page, w) == four and any(SITTER in row for row in four)
    page.locator(f"#{w} select[data-variant='players']").select_option("0")  # three players
    wait_for_totals(page, w, example_totals("lhombre-four-players-remise", {"players": 3}))
    assert reopened_totals(page, w) == example_totals("lhombre-four-players-remise", {"players": 3})
    expect(page.locator(f"#{w}")).to_be_in_viewport()
