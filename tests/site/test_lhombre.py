"""The ロンブル pages in a real browser: the four-player scoring example (its trick counts, no
player-count menu, a refused switch and a share link); every lesson is played in
tests/site/test_lessons.py.  Expected totals come from the engine under CPython."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from engine.games.lhombre.score import SITTER
from tests.site.widget_helpers import (
    example_totals,
    widget_totals,
)


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
