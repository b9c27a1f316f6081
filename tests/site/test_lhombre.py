"""The ロンブル pages in a real browser: the matador lesson played by clicking (auction and
exchange buttons, a matador withheld, one forced out with its reason), and the four-player scoring
example: its trick counts, no player-count menu, a refused switch and a share link.  Expected totals
come from the engine under CPython."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from engine.games.lhombre.score import SITTER
from tests.site.widget_helpers import (
    BOOT,
    click_card,
    example_totals,
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


def test_lhombre_four_player_example_keeps_its_table(offline_page: Page, site_url: str) -> None:
    page = offline_page
    page.goto(f"{site_url}/lhombre/examples/")
    w = "ex-four-players"
    four = example_totals("lhombre-four-players-remise")
    assert widget_totals(page, w) == four and any(SITTER in row for row in four)  # pre-rendered at the end
    # nine tricks played: forehand (the declarer) 4, middlehand 4, the dealer 1 (counted in tests/engine)
    expect(page.locator(f"#{w} .tf-tally")).to_contain_text("フォアハンド（デクレアラー）: 4トリック")
    expect(page.locator(f"#{w} .tf-tally")).to_contain_text("ミドルハンド: 4トリック")
    expect(page.locator(f"#{w} select[data-variant='players']")).to_have_count(0)  # the deal fixes the table
    expect(page.locator(f"#{w} .tf-variant-note")).to_contain_text("デクレアラーの最低交換枚数")
    expect(page.locator(f"#{w} select[data-variant='allow_upgrade']")).to_have_count(0)  # fixed by the deal too
