"""The Ottocento pages in a real browser: a scoring example's variant switch and the pages without
JavaScript (every lesson is played in tests/site/test_lessons.py)."""

from __future__ import annotations

from urllib.request import urlopen

from playwright.sync_api import Page

from tests.site.widget_helpers import (
    example_totals,
    wait_for_totals,
    widget_totals,
)


def test_example_variant_switch(offline_page: Page, site_url: str) -> None:
    page = offline_page
    page.goto(f"{site_url}/ottocento/examples/")
    w = "ex-matto-paid"
    assert widget_totals(page, w) == example_totals("ottocento-matto-paid")  # pre-rendered: 235 and 100
    page.locator(f"#{w} select[data-variant='suit_wilds']").select_option("1")
    wanted = example_totals("ottocento-matto-paid", {"suit_wilds": 1})
    assert wanted[1].endswith("+95")  # one contatore per suit sequence: coins 20, not 25
    wait_for_totals(page, w, wanted)


def test_pages_are_complete_without_javascript(site_url: str) -> None:
    html = urlopen(f"{site_url}/ottocento/examples/").read().decode("utf-8")
    assert html.count('class="tf-sheet"') == 5 and "ベガトが切札13の代わり" in html
    rules = urlopen(f"{site_url}/ottocento/").read().decode("utf-8")
    assert rules.count("<svg") >= 40 and "天使" in rules
    lessons = urlopen(f"{site_url}/ottocento/lessons/").read().decode("utf-8")
    assert lessons.count('class="tf-hand"') >= 5
