"""Every page of the sitemap in a real browser: loads cleanly and offline, is Japanese, has
readable heading ids, and the Japanese site search finds pages."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, Page, expect

from engine.games import GAMES
from sitebuild import server
from tests.site.conftest import PageGuard, shared_page

SITE = server.built_site(Path(__file__).resolve().parents[2])
pytestmark = pytest.mark.cold  # pages read, no engine started: no snapshot to give


def page_paths() -> list[str]:
    """Paths of the sitemap's pages, read at collection time (so each page is its own test)."""
    if not (SITE / "sitemap.xml").is_file():
        return ["<site not built>"]
    return [urlsplit(url).path for url in server.sitemap_urls(SITE)]


def test_sitemap_lists_the_navigation(site_pages: list[str]) -> None:
    paths = {urlsplit(url).path for url in site_pages}
    assert {"/", "/glossary/", "/lombardia/"} <= paths, sorted(paths)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_game_has_its_pages_and_names_its_switches(offline_page: Page, site_url: str, game: str) -> None:
    """Rules, examples with example widgets, lessons with lesson widgets, and a 原典ノート that names
    every variant switch of the engine by its label (each uncertain rule says which switch changes it;
    readers see the labels, never the engine's code names)."""
    page = offline_page
    for name, widget in (("", None), ("examples/", "example"), ("lessons/", "lesson"), ("sources/", None)):
        response = page.goto(f"{site_url}/{game}/{name}")
        assert response is not None and response.status == 200
        if widget:
            assert page.locator(f".trionfi-widget[data-widget={widget}][data-game={game}]").count() >= 1
    text = page.locator("article").inner_text()
    assert [o.label for o in GAMES[game].VARIANTS if o.label not in text] == []


@pytest.fixture(scope="module")
def watched(browser: Browser, site_url: str) -> Iterator[PageGuard]:
    """One guarded page visits every page (a context per page would cost more than the page itself); a
    request off the origin or an error fails the page's test, or at the latest the next one's."""
    yield from shared_page(browser, site_url, engine=False)


@pytest.mark.parametrize("path", page_paths())
def test_page_loads_cleanly(watched: PageGuard, site_url: str, path: str) -> None:
    assert not path.startswith("<"), "site/sitemap.xml is missing: run mkdocs build --strict"
    page = watched.page
    response = page.goto(site_url + path, wait_until="load")
    assert response is not None and response.status == 200
    assert page.locator("html").get_attribute("lang") == "ja"
    assert page.title().strip()
    headings = page.locator(".md-content article").locator("h1, h2, h3, h4, h5, h6")
    bad = page.evaluate(
        """(els) => els
            .filter((h) => !h.closest('.trionfi-widget'))   // widget titles are not page anchors
            .filter((h) => !h.id || /^_\\d+$/.test(h.id))
            .map((h) => `${h.tagName} ${JSON.stringify(h.textContent.trim())} id=${JSON.stringify(h.id)}`)""",
        headings.element_handles(),
    )
    assert not bad, f"headings without a readable id on {path}: {bad}"
    watched.check()


@pytest.mark.parametrize(("query", "expected"), [("モンテ", "モンテ"), ("切札", "切札")])
def test_japanese_search(offline_page: Page, site_url: str, query: str, expected: str) -> None:
    page = offline_page
    page.goto(site_url + "/")
    box = page.locator("input.md-search__input")
    box.click()
    box.fill(query)
    box.press("End")  # Material searches on keyup; fill() alone sends none (tech-notes §7.5)
    results = page.locator(".md-search-result__item")
    expect(results.first).to_be_visible(timeout=30_000)
    expect(page.locator(".md-search-result__list")).to_contain_text(expected)
    assert re.search(r"\d", page.locator(".md-search-result__meta").inner_text())  # "N 件" results line
