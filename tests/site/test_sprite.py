"""Card pictures from one SVG sprite per page (#27), in a real browser: every card's <use> finds its face in the
page's own sprite, the sprite holds only the faces the page shows, Material's instant navigation brings the next
page's sprite, and the engine's answers in the browser are drawn from the sprite too (sprite.js).
The build side: tests/build/test_card_sprite.py."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page

from tests.site.widget_helpers import BOOT, STEPS

# What a page's cards look like to the test: uses without a face, faces drawn inline, symbols nobody uses.
CARDS = """() => {
  const face = (use) => document.getElementById((use.getAttribute('xlink:href') || '').slice(1));
  const uses = [...document.querySelectorAll('svg.tf-svg use')];
  const symbols = [...document.querySelectorAll('svg.tf-sprite symbol')];
  const used = new Set(uses.map((use) => use.getAttribute('xlink:href').slice(1)));
  return {
    cards: document.querySelectorAll('svg.tf-svg').length,
    uses: uses.length,
    sprites: document.querySelectorAll('svg.tf-sprite').length,
    missing: uses.filter((use) => !face(use) || face(use).tagName !== 'symbol').length,
    inline: document.querySelectorAll('svg.tf-svg > :not(title):not(use)').length,
    unused: symbols.filter((symbol) => !used.has(symbol.id)).length,
    symbols: symbols.length,
    unnamed: [...document.querySelectorAll('svg.tf-svg')].filter((svg) => !svg.getAttribute('aria-label')
      || svg.querySelector('title')?.textContent !== svg.getAttribute('aria-label')).length,
    faceFill: uses.length ? getComputedStyle(face(uses[0]).querySelector('rect')).fill : '',
  };
}"""


def cards(page: Page) -> dict[str, Any]:
    result = page.evaluate(CARDS)
    assert isinstance(result, dict)
    return result


def test_pages_draw_their_cards_from_their_own_sprite_across_instant_navigation(offline_page: Page,
                                                                                 site_url: str) -> None:
    page = offline_page
    page.goto(f"{site_url}/lombardia/")
    assert page.locator("script[src*='assets/javascripts/bundle.'][defer]").count() == 1  # page_assets.py
    rules = cards(page)
    assert rules["cards"] == rules["uses"] > 40 and rules["sprites"] == 1
    assert rules["missing"] == rules["inline"] == rules["unused"] == rules["unnamed"] == 0
    assert rules["faceFill"] in ("rgb(255, 253, 244)", "rgb(242, 237, 255)", "rgb(255, 243, 223)")  # widget.css
    page.evaluate("window.__marker = 1")
    page.locator(".md-nav a[href$='examples/']:visible").first.click()
    page.wait_for_url(re.compile(r"/lombardia/examples/$"))
    page.wait_for_function("() => document.querySelectorAll('svg.tf-svg').length > 400")
    assert page.evaluate("window.__marker") == 1, "expected instant navigation"
    examples = cards(page)
    assert examples["sprites"] == 1 and examples["symbols"] != rules["symbols"]  # the new page's sprite
    assert examples["missing"] == examples["inline"] == examples["unused"] == examples["unnamed"] == 0
    page.goto(f"{site_url}/")  # a page without cards has no sprite
    assert cards(page)["sprites"] == 0


# The cards of one widget whose face the document lacks (or that are drawn inline).
UNDRAWN = """(widget) => [...document.querySelectorAll(`#${widget} svg.tf-svg`)].filter((svg) => {
  const use = svg.querySelector('use');
  return !use || document.getElementById(use.getAttribute('xlink:href').slice(1))?.tagName !== 'symbol';
}).length"""


@pytest.mark.parametrize("precomputed", [True, False])
def test_the_engines_answers_are_drawn_from_the_sprite(offline_page: Page, site_url: str, precomputed: bool) -> None:
    """As the engine answers in the browser, and as the build precomputed its answers (answers.json, #41: the
    runtime held back): each face the page's sprite lacks (here: none left) is added to it."""
    page = offline_page
    if precomputed:
        page.context.route("**/pyodide.asm.wasm", lambda route: None)  # never arrives: no answer from the engine
    else:  # a file that knows no example: the engine answers
        page.context.route("**/answers.json", lambda route: route.fulfill(json={}))
    page.goto(f"{site_url}/lombardia/examples/#ex-basic")
    page.evaluate("document.querySelectorAll('svg.tf-sprite symbol').forEach((symbol) => symbol.remove())")
    assert page.evaluate(UNDRAWN, "ex-basic") > 0
    page.locator("#ex-basic button[data-step-to=first]").click()
    page.wait_for_function("() => document.querySelector('#ex-basic').dataset.step === '0'", timeout=BOOT)
    page.locator("#ex-basic button[data-step-to=next]").click()
    page.wait_for_function("() => document.querySelector('#ex-basic').dataset.step === '1'", timeout=BOOT)
    assert page.evaluate(UNDRAWN, "ex-basic") == 0
    assert page.locator("svg.tf-sprite").count() == 1  # the faces went into the page's own sprite
    assert page.evaluate(STEPS) == (0 if precomputed else 2)
