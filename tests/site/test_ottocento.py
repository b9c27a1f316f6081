"""The Ottocento pages in a real browser: the lesson played by clicking (declaration buttons,
an illegal card's reason, the Matto), a scoring example's variant switch and share link."""

from __future__ import annotations

from urllib.request import urlopen

from playwright.sync_api import Page, expect

from tests.site.widget_helpers import (
    BOOT,
    example_totals,
    wait_for_totals,
    widget_totals,
)
from tests.site.widget_helpers import click_card as click_widget_card

LESSON = "lesson-declare-matto"


def click_card(page: Page, code: str) -> None:
    click_widget_card(page, LESSON, code)


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


def test_example_variant_switch(offline_page: Page, site_url: str) -> None:
    page = offline_page
    page.goto(f"{site_url}/ottocento/examples/")
    w = "ex-matto-paid"
    assert widget_totals(page, w) == example_totals("ottocento-matto-paid")  # pre-rendered: 115 and 365
    page.locator(f"#{w} select[data-variant='suit_wilds']").select_option("1")
    wanted = example_totals("ottocento-matto-paid", {"suit_wilds": 1})
    assert wanted[1].endswith("+345")  # one contatore per suit sequence: batons and coins 25 each, not 30
    wait_for_totals(page, w, wanted)


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
