"""The site around the widgets, as a reader meets it: game tabs and titles that name the game, a search
that finds either spelling, score tables readable on a phone, a Japanese 404 page and footer, and no
serious accessibility fault that axe-core can see on any kind of page.

No test here clicks a widget, so no page boots Pyodide (and conftest switches the background start off)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, ViewportSize, expect

from tests.site.conftest import ROOT, PageGuard

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
PHONE: ViewportSize = {"width": 390, "height": 844}
pytestmark = pytest.mark.cold  # pages read, no engine started: no snapshot to give


def search(page: Page, query: str) -> set[str]:
    """Type into Material's search box: the paths of all the pages found.  Material shows ten and four
    more each time the list is scrolled to its end."""
    box = page.locator("input.md-search__input")
    box.click()
    box.fill(query)
    box.press("End")  # Material searches on keyup; fill() alone sends none (tech-notes §7.5)
    meta = page.locator(".md-search-result__meta")
    expect(meta).to_contain_text("件", timeout=30_000)
    match = re.search(r"(\d+)件", meta.inner_text())
    total = int(match.group(1)) if match else 0
    items, results = page.locator(".md-search-result__item"), page.locator(".md-search__scrollwrap")
    for _ in range(total // 4 + 1):
        if items.count() >= total:
            break
        for top in ("0", "el.scrollHeight"):  # two scroll events: Material waits for the end to be reached again
            results.evaluate(f"(el) => {{ el.scrollTop = {top}; }}")
            page.wait_for_timeout(50)
    assert items.count() == total
    return set(items.evaluate_all("(items) => items.map((item) => item.querySelector('a').pathname)"))


def pages_with(site_dir: Path, word: str) -> set[str]:
    """The paths of the pages whose indexed text or titles contain ``word`` (what a search should find)."""
    index = json.loads((site_dir / "search" / "search_index.json").read_text(encoding="utf-8"))
    return {"/" + entry["location"].split("#")[0] for entry in index["docs"]
            if word in entry["title"] + entry["text"]}


def test_tabs_and_titles_name_the_game(offline_page: Page, site_url: str) -> None:
    """One tab per game between はじめに and 用語集; a game's page says which game in the browser tab, the
    header and the search results (five pages are called 練習)."""
    page = offline_page
    page.goto(f"{site_url}/lombardia/lessons/")
    tabs = page.locator(".md-tabs__link").all_inner_texts()
    assert tabs[0] == "はじめに" and tabs[-1] == "用語集" and "ロンバルディアタロット" in tabs, tabs
    assert page.title().startswith("ロンバルディアタロット — 練習｜")
    header = page.locator(".md-header__topic[data-md-component=header-topic]")
    expect(header).to_have_text("ロンバルディアタロット — 練習")
    assert "/lombardia/lessons/" in search(page, "練習")
    titles = page.locator(".md-search-result__item > .md-search-result__link h1").all_inner_texts()
    assert "ロンバルディアタロット — 練習" in titles and "練習" not in titles, titles


@pytest.mark.parametrize(("written", "typed"), [("切札", "切り札")])  # one is enough: every group works alike
def test_search_finds_either_spelling(offline_page: Page, site_url: str, site_dir: Path, written: str,
                                      typed: str) -> None:
    """docs/search-synonyms.yaml: a spelling the pages do not use finds every page that writes the one
    they use, and no snippet shows the letters drawn on a card (「切札XX20XX」).  (Material also lets
    「切札」 find pages with 「切り捨て」: it shortens a kanji query to a word of its index.)"""
    page = offline_page
    page.goto(f"{site_url}/")
    expected = pages_with(site_dir, written)
    assert len(expected) > 1
    assert sorted(expected - search(page, written)) == []
    assert not re.search(r"[IVX]\d+[IVX]", page.locator(".md-search-result__list").inner_text())
    page.goto(f"{site_url}/")  # a fresh box: the first query's results must not be read as the second's
    assert sorted(expected - search(page, typed)) == []


def test_score_table_label_column_on_a_phone(offline_page: Page, site_url: str) -> None:
    """At 390 px the label column of a score sheet keeps at least five characters a line."""
    page = offline_page
    page.set_viewport_size(PHONE)
    page.goto(f"{site_url}/lombardia/examples/")
    labels = page.locator(".tf-sheet").first.locator("thead th:first-child, tbody th[scope=row]")
    widths = labels.evaluate_all("""(cells) => cells.filter((th) => th.offsetParent).map((th) => {
        const style = getComputedStyle(th);
        const content = th.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return [th.textContent, content / parseFloat(style.fontSize)];
    })""")
    assert len(widths) > 3
    assert [(label, round(chars, 1)) for label, chars in widths if chars < 5] == []
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]  # nothing sticks out


def test_japanese_404_page_and_footer(page_guard: PageGuard, site_url: str) -> None:
    """A missing page answers 404 with the site's Japanese page, whose links work at any depth; the footer
    has no generator notice."""
    page = page_guard.page
    response = page.goto(f"{site_url}/lombardia/no-such-page/")
    assert response is not None and response.status == 404
    # Chromium reports the 404 answer itself as a console error: expected here, and only that.
    page_guard.console_errors[:] = [e for e in page_guard.console_errors if "404" not in e]
    expect(page.locator("h1")).to_have_text("ページが見つかりません")
    assert page.title().startswith("ページが見つかりません")
    footer = page.locator(".md-footer").inner_text()
    assert "Trionfi" in footer and "Made with" not in footer
    page.get_by_role("link", name="ロンバルディアタロット", exact=True).last.click()
    expect(page).to_have_url(f"{site_url}/lombardia/")


def axe_problems(page: Page, within: str = "document") -> list[dict[str, Any]]:
    """axe-core's serious and critical violations (rule, impact, first elements) in ``within``, a JS
    expression for the document or one element of it."""
    page.add_script_tag(path=AXE)
    violations = page.evaluate(f"async () => (await axe.run({within}, {{resultTypes: ['violations']}})).violations")
    return [{"rule": v["id"], "impact": v["impact"], "help": v["help"],
             "nodes": [n["target"] for n in v["nodes"][:3]]}
            for v in violations if v["impact"] in ("serious", "critical")]


@pytest.mark.parametrize("path", ["/", "/lombardia/", "/lombardia/examples/", "/lombardia/lessons/",
                                  "/lombardia/play/", "/lhombre/play/"])
def test_axe_finds_no_serious_problem(offline_page: Page, site_url: str, path: str) -> None:
    """One page of each kind: home, rules, examples, lessons, the practice table."""
    page = offline_page
    page.goto(site_url + path)
    assert axe_problems(page) == []


def test_axe_widget_in_dark_mode(offline_page: Page, site_url: str) -> None:
    """A lesson's buttons, cards and texts keep their contrast on the dark (slate) scheme."""
    page = offline_page
    page.emulate_media(color_scheme="dark")
    page.goto(f"{site_url}/lombardia/lessons/")
    assert page.locator("body").get_attribute("data-md-color-scheme") == "slate"
    assert axe_problems(page, "document.querySelector('.trionfi-widget')") == []


# What Material's start would have changed on the page as a whole (overrides/main.html, #27): the html element's
# classes, and the <meta name="color-scheme"> elements in the document with their content.
PAGE_STATE = """() => ({
  html: document.documentElement.className,
  schemes: [...document.querySelectorAll('meta[name="color-scheme"]')].map((m) => m.content),
  top: getComputedStyle(document.querySelector('.md-top')).display,
})"""


def test_material_starts_without_restyling_the_whole_page(offline_page: Page, site_url: str) -> None:
    """The focus-visible class and the one color-scheme meta are there from the head; the meta follows the
    scheme the reader picks (and the system's on a first visit); the 「ページトップへ戻る」 pill is not shown
    on a page with a widget (site.css, by the container's class); the tables of the text come in Material's
    wrapper from the build (page_assets.py), so that its bundle does not move them."""
    page = offline_page
    page.goto(f"{site_url}/lombardia/lessons/")
    state = page.evaluate(PAGE_STATE)
    assert state == {"html": "js js-focus-visible", "schemes": ["light"], "top": "none"}, state
    page.locator("label[for='__palette_1']").click()  # ダークモードに切り替え
    expect(page.locator("body")).to_have_attribute("data-md-color-scheme", "slate")
    expect(page.locator('meta[name="color-scheme"]')).to_have_attribute("content", "dark")
    page.goto(f"{site_url}/lombardia/")  # the stored choice, from the head on; no widget: the pill may show
    page.evaluate("document.querySelector('.md-top').hidden = false")
    state = page.evaluate(PAGE_STATE)
    assert state["html"] == "js js-focus-visible" and state["schemes"] == ["dark"] and state["top"] != "none", state
    tables = page.evaluate("""() => [...document.querySelectorAll('.md-content table.tf-datatable')].map((t) => [
      t.parentElement.className, t.parentElement.parentElement.className,
      t.closest('.md-typeset__scrollwrap').parentElement.closest('.md-typeset__scrollwrap') === null,
      getComputedStyle(t).fontSize, getComputedStyle(t.querySelector('th')).fontWeight])""")
    # in the build's wrapper, with Material's table styles, and not wrapped a second time by Material's bundle
    assert len(tables) > 3 and page.locator(".md-content table:not([class])").count() == 0
    assert all(t == ["md-typeset__table", "md-typeset__scrollwrap", True, "12.8px", "700"] for t in tables), tables
    dark = page.context.new_page()
    dark.emulate_media(color_scheme="dark")
    page.evaluate("localStorage.clear()")  # a first visit: no stored choice
    dark.goto(f"{site_url}/lombardia/")
    assert dark.evaluate(PAGE_STATE)["schemes"] == ["dark"]


SMALL_TARGETS = """(root) => [...root.querySelectorAll(
    'button, select, summary, a.md-button, a.tf-rule, input:not([type=checkbox]):not([type=radio]):not([type=hidden])')]
  .filter((el) => el.getClientRects().length && getComputedStyle(el).visibility !== 'hidden')
  .map((el) => [el.className || el.tagName, (el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 20),
                Math.round(el.getBoundingClientRect().height)])
  .filter(([, , height]) => height < 32)"""


@pytest.mark.parametrize("path", ["/", "/lombardia/examples/", "/lhombre/lessons/", "/rotarot/play/"])
def test_no_control_under_32_px_on_a_phone(offline_page: Page, site_url: str, path: str) -> None:
    """The 2026-11-27 review's small targets: at 390 px every control of the page's content (folded
    settings and progress lists opened) is at least 32 px tall."""
    page = offline_page
    page.set_viewport_size(PHONE)
    page.goto(site_url + path)
    page.evaluate("() => document.querySelectorAll('.md-content details').forEach((d) => (d.open = true))")
    assert page.evaluate(SMALL_TARGETS, page.locator(".md-content").element_handle()) == []
