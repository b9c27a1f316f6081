"""The Ottocento pages in a real browser: the lesson played by clicking (declaration buttons,
an illegal card's reason, the Matto), a scoring example's variant switch and share link."""

from __future__ import annotations

import re
import sys
import time
from pathlib import Path
from urllib.request import urlopen

from playwright.sync_api import Page, expect

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "scripts")]

from engine.scoresheet import format_signed  # noqa: E402
from engine.tutorials import Example  # noqa: E402
from sitebuild.tutorial_files import read_all  # noqa: E402

BOOT = 120_000
TUTORIALS = read_all(ROOT)[0]
LESSON = "lesson-declare-matto"


def totals(page: Page, widget: str) -> list[str]:
    rows = page.locator(f"#{widget} .tf-sheet tfoot tr")
    return [re.sub(r"\s+", "", rows.nth(i).inner_text()) for i in range(rows.count())]


def expected(example: Example, variants: dict[str, object] | None = None) -> list[str]:
    position = example.position.with_variants(variants or {})  # type: ignore[arg-type]
    return [f"{name}の得点{format_signed(value)}" for name, value in position.score().totals.items()]


def click_card(page: Page, code: str) -> None:
    page.locator(f"#{LESSON} .tf-view button[data-card='{code}']").first.click()


def test_lesson_declare_and_matto(offline_page: Page, site_url: str) -> None:
    page = offline_page
    page.goto(f"{site_url}/ottocento/lessons/")
    w = f"#{LESSON}"
    page.locator(f"{w} button[data-word='done']").click()  # legal, but the lesson wants the declaration
    expect(page.locator(f"{w} .tf-feedback")).to_contain_text("手役の点", timeout=BOOT)
    page.locator(f"{w} button[data-word='declare']").click()
    expect(page.locator(f"{w} .tf-feedback")).to_have_text("正解です。", timeout=BOOT)
    expect(page.locator(f"{w} .tf-events")).to_contain_text("キングのクリッカ 17点")
    for code in ["CK", "H6"]:
        click_card(page, code)
        expect(page.locator(f"{w} .tf-feedback")).to_have_text("正解です。", timeout=BOOT)
    expect(page.locator(f"{w} .tf-events")).to_contain_text("ストリッシオ")
    click_card(page, "HK")  # illegal: a trump was led and the reader still holds trumps
    expect(page.locator(f"{w} .tf-feedback")).to_contain_text("なぜ出せない")
    expect(page.locator(f"{w} .tf-feedback")).to_contain_text("切札を出さなければなりません")
    click_card(page, "T1")  # legal, but it would hand the Bagatto's 5 points to the opponents
    expect(page.locator(f"{w} .tf-feedback")).to_contain_text("5点")
    click_card(page, "F")
    expect(page.locator(w)).to_have_attribute("data-done", "true")
    expect(page.locator(f"{w} .tf-events")).to_contain_text("マットは席0の側の取り札に入ります")


def test_example_variant_switch_and_share_link(offline_page: Page, site_url: str) -> None:
    page = offline_page
    page.goto(f"{site_url}/ottocento/examples/")
    example = TUTORIALS["ottocento-matto-paid"]
    assert isinstance(example, Example)
    w = "ex-matto-paid"
    assert totals(page, w) == expected(example)  # pre-rendered: 115 and 365
    page.locator(f"#{w} select[data-variant='suit_wilds']").select_option("1")
    wanted = expected(example, {"suit_wilds": 1})
    assert wanted[1].endswith("+345")  # one contatore per suit sequence: batons and coins 25 each, not 30
    deadline = time.monotonic() + BOOT / 1000
    while totals(page, w) != wanted and time.monotonic() < deadline:
        page.wait_for_timeout(100)
    assert totals(page, w) == wanted
    page.locator(f"#{w} [data-action=share]").click()
    shared = page.url
    assert f"w={w}" in shared
    page.goto("about:blank")
    page.goto(shared)
    expect(page.locator(f"#{w} .tf-status")).to_have_attribute("data-state", "ready", timeout=BOOT)
    assert totals(page, w) == wanted


def test_pages_are_complete_without_javascript(site_url: str) -> None:
    html = urlopen(f"{site_url}/ottocento/examples/").read().decode("utf-8")
    assert html.count('class="tf-sheet"') == 5 and "ベガトが切札13の代わり" in html
    rules = urlopen(f"{site_url}/ottocento/").read().decode("utf-8")
    assert rules.count("<svg") >= 40 and "天使" in rules
    lessons = urlopen(f"{site_url}/ottocento/lessons/").read().decode("utf-8")
    assert 'data-word="declare"' in lessons


def test_signals_lesson(offline_page: Page, site_url: str) -> None:
    page = offline_page
    page.goto(f"{site_url}/ottocento/lessons/")
    w = "#lesson-signals"
    expect(page.locator(f"{w} .tf-events")).to_contain_text("ブッソ")
    page.locator(f"{w} .tf-view button[data-card='H7']").first.click()  # illegal: batons were led
    expect(page.locator(f"{w} .tf-feedback")).to_contain_text("バトンを出さなければなりません", timeout=BOOT)
    for code in ["CQ", "C8"]:
        page.locator(f"{w} .tf-view button[data-card='{code}']").first.click()
        expect(page.locator(f"{w} .tf-feedback")).to_have_text("正解です。", timeout=BOOT)
    expect(page.locator(f"{w} .tf-caption")).to_contain_text("ヴォーロ")
    page.locator(f"{w} .tf-view button[data-card='H6']").first.click()  # legal, but not the weakest cup
    expect(page.locator(f"{w} .tf-feedback")).to_contain_text("10が一番弱い")
    page.locator(f"{w} .tf-view button[data-card='H9']").first.click()
    expect(page.locator(w)).to_have_attribute("data-done", "true")
