"""Scoring examples as recorded deals, in a real browser, one example per game: stepping forward and
back (buttons, slider keys), the sheet revealed row by row at the end, a share link made at a step
and at a sheet row reopened in a fresh browser context, and a link the site made before examples
were recorded deals.  What each step should show comes from the engine under CPython."""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import Browser, Page, Route, expect

from engine.tutorials import Example
from tests.site.conftest import PageGuard, seed_snapshot
from tests.site.widget_helpers import BOOT, STEPS, TUTORIALS, example_totals, held_back, widget_totals

# widget id, and a final-position link the site made for it before examples became recorded deals
REOPENED = {"lombardia", "napoletanisch"}  # a trick-taking game and the fishing game
OLD_LINKS = {
    "lombardia": ("ex-basic", "loP1.AAAAAAEBAQAAAAABAQEAAQADAAAAAAAAAQMAAAAAAwAAAAMAAQMDAwMBAwMDAwADAQEDAwMDAQEABAEB"
                              "AQABAQMDAAEAAwQAAwMDAAAAAAMAAAMD.O7itSA"),
    "ottocento": ("ex-matto-paid", "otP1.AAAAAAAAAQEBAQEBAQEAAAEBAQABAAAAAAEAAQEBAQEBAQEAAAABAAACAgEBAQEBAQEBAQEBAAAB"
                                   "AAEAAAAAAQEBAQH__________________________________________________________________"
                                   "________________wAANQ.J786aQ"),
    "napoletanisch": ("ex-four-seventy", "naP1.AAAAAgAAAgACAwMC_gACAP4BAAICAAL-AgMDAgIAAgAAAQICAgAAAgEDAAECAgAAAwABAwAB"
                                         "AAMDAg.nvZYuA"),
    "rotarot": ("ex-55-and-a-half", "roP1.AAAAAAAAAAABAQEBAQEBAQEBAgICAgICAgICAAACBAQFBQUFAAAAAAIAAAICAgICAgICAgIA"
                                    "AgAAAgICAgICAgICAgACAAABAQEBAQEBAQEBAgICAAIAASUCLQMmACc.DKPbAw"),
    "lhombre": ("ex-spade-solo-won", "lhP1.AAAABwAABQIBAAABCgkIBh0cJw.Z_HFVw"),
}


def example_of(page: Page, widget: str) -> Example:
    example = TUTORIALS[page.locator(f"#{widget}").get_attribute("data-ref") or ""]
    assert isinstance(example, Example)
    return example


def at_step(page: Page, widget: str, step: int) -> None:
    expect(page.locator(f"#{widget}")).to_have_attribute("data-step", str(step), timeout=BOOT)
    expect(page.locator(f"#{widget} .tf-step-range")).to_have_value(str(step))


def events_of(example: Example, step: int) -> list[str]:
    """What the engine says of line ``step`` (trick winners and the like), without the trick number
    (the widget words the trick just won under the table instead of in the list)."""
    before = example.state_at(step - 1)
    seen = len(before.log)
    for action in example.lines[step - 1]:
        before.apply(action)
    return [str(line).split(": ", 1)[-1] for line in before.log[seen:]]


@contextlib.contextmanager
def fresh_page(browser: Browser, site_url: str, url: str) -> Iterator[Page]:
    """``url`` opened in a new browser context (no worker, no history; the engine's snapshot as a returning
    reader has it): as a reader who got the link."""
    context = browser.new_context(locale="ja-JP")
    try:
        page = context.new_page()
        seed_snapshot(page, site_url)
        page.goto(url)
        widget = parse_qs(urlsplit(url).query)["w"][0]  # the link was read, and the engine is ready
        expect(page.locator(f"#{widget} .tf-status")).to_have_attribute("data-state", "ready", timeout=BOOT)
        yield page
    finally:
        context.close()


def visible_rows(page: Page, widget: str) -> int:
    return page.locator(f"#{widget} .tf-sheet tbody tr:visible, #{widget} .tf-sheet tfoot tr:visible").count()


@pytest.mark.parametrize("game", sorted(OLD_LINKS))
def test_step_through_reveal_share_and_reopen(offline_page: Page, site_url: str, browser: Browser,
                                              game: str) -> None:
    """Opened by a link of the earlier site (the example's end), then stepped back and forth, shared at
    step 2 and reopened at step 2 in a fresh context, then the sheet revealed row by row."""
    page = offline_page
    widget, old_code = OLD_LINKS[game]
    w = f"#{widget}"
    page.goto(f"{site_url}/{game}/examples/")
    example = example_of(page, widget)
    last = len(example.lines)
    at_step(page, widget, last)  # pre-rendered at the end with the whole sheet, before any WebAssembly
    assert widget_totals(page, widget) == example_totals(example.id)
    assert visible_rows(page, widget) == page.locator(f"{w} .tf-sheet tbody tr, {w} .tf-sheet tfoot tr").count()

    page.goto(f"{site_url}/{game}/examples/?w={widget}&s={old_code}#{widget}")
    expect(page.locator(f"{w} .tf-status")).to_have_attribute("data-state", "ready", timeout=BOOT)
    at_step(page, widget, last)
    expect(page.locator(f"{w} .tf-error")).to_be_hidden()

    page.locator(f"{w} [data-step-to=first]").click()
    at_step(page, widget, 0)
    expect(page.locator(f"{w} .tf-sheet-later")).to_be_visible()
    expect(page.locator(f"{w} [data-step-to=prev]")).to_be_disabled()
    page.locator(f"{w} [data-step-to=next]").click()
    at_step(page, widget, 1)
    page.locator(f"{w} [data-step-to=next]").click()
    at_step(page, widget, 2)
    for said in events_of(example, 2):
        expect(page.locator(f"{w} .tf-moment")).to_contain_text(said)
    page.locator(f"{w} .tf-step-range").press("ArrowRight")
    at_step(page, widget, 3)
    page.locator(f"{w} .tf-step-range").press("ArrowLeft")
    at_step(page, widget, 2)
    page.locator(f"{w} [data-action=share]").click()
    assert f"w={widget}" in page.url and "s=" in page.url
    if game in REOPENED:  # every game's link is made alike: two reopen it (each reopening boots Pyodide)
        with fresh_page(browser, site_url, page.url) as other:
            at_step(other, widget, 2)
            expect(other.locator(w)).to_be_in_viewport()
            for said in events_of(example, 2):
                expect(other.locator(f"{w} .tf-moment")).to_contain_text(said)

    page.locator(f"{w} [data-step-to=last]").click()
    at_step(page, widget, last)
    expect(page.locator(f"{w} .tf-next-step")).to_be_visible()
    assert visible_rows(page, widget) == 1
    page.locator(f"{w} .tf-next-step").click()
    page.locator(f"{w} .tf-next-step").click()
    assert visible_rows(page, widget) == 3
    page.locator(f"{w} .tf-all-steps").click()
    assert widget_totals(page, widget) == example_totals(example.id)
    expect(page.locator(f"{w} .tf-next-step")).to_have_count(0)


def test_a_refused_switch_and_a_shared_sheet_row(offline_page: Page, site_url: str, browser: Browser) -> None:
    """A variant under which the recorded deal cannot be played is refused next to the menu, which goes
    back to the rule the table shows; a link shared at a sheet row reopens at that row."""
    page = offline_page
    widget = OLD_LINKS["lombardia"][0]
    w = f"#{widget}"
    page.goto(f"{site_url}/lombardia/examples/")
    leader = page.locator(f"{w} select[data-variant=first_leader]")
    shown = leader.input_value()
    leader.select_option(index=1)
    expect(page.locator(f"{w} .tf-variant-message")).to_contain_text("記録したディールのとおりに遊べません",
                                                                     timeout=BOOT)
    expect(leader).to_have_value(shown)
    expect(page.locator(f"{w} .tf-error")).to_be_hidden()
    page.locator(f"{w} [data-step-to=prev]").click()
    page.locator(f"{w} [data-step-to=next]").click(timeout=BOOT)
    expect(page.locator(f"{w} .tf-next-step")).to_be_visible(timeout=BOOT)
    page.locator(f"{w} .tf-next-step").click()
    page.locator(f"{w} .tf-next-step").click()
    page.locator(f"{w} [data-action=share]").click()
    assert re.search(r"[?&]r=3(&|#|$)", page.url)
    with fresh_page(browser, site_url, page.url) as other:
        at_step(other, widget, len(example_of(other, widget).lines))
        expect(other.locator(f"{w} .tf-next-step")).to_be_visible()
        assert visible_rows(other, widget) == 3




def test_steps_and_their_share_link_work_before_the_engine_and_a_switch_waits_for_it(
        page_guard: PageGuard, site_url: str) -> None:
    """#41: while the runtime is held back (a slow first visit), the steps of a deal and a share link of one
    come from the build's answers (answers.json) with no answer from the engine; a variant switch waits for
    the engine, which carries it out once the runtime comes, then answers the steps itself."""
    page = page_guard.page
    held: list[Route] = []
    page.context.route("**/pyodide.asm.wasm", lambda route: held.append(route))  # arrives only when released
    widget = OLD_LINKS["lombardia"][0]
    w = page.locator(f"#{widget}")
    page.goto(f"{site_url}/lombardia/examples/")
    example = example_of(page, widget)
    w.locator("[data-step-to=first]").click()
    at_step(page, widget, 0)
    w.locator("[data-step-to=next]").click()
    at_step(page, widget, 1)
    w.locator(".tf-step-range").press("ArrowRight")
    at_step(page, widget, 2)
    w.locator("[data-action=share]").click()
    shared = page.url
    held_back(page, held)  # the first step started the engine, as a first use does
    page.goto("about:blank")
    held.clear()  # the first visit's runtime request went with its page
    page.goto(shared)  # a new visit: its runtime is held back too
    at_step(page, widget, 2)
    for said in events_of(example, 2):
        expect(w.locator(".tf-moment")).to_contain_text(said)
    w.locator("[data-step-to=last]").click()
    at_step(page, widget, len(example.lines))
    expect(w.locator(".tf-next-step")).to_be_visible()  # the sheet row by row, as after the engine's answer
    w.locator(".tf-all-steps").click()
    assert widget_totals(page, widget) == example_totals(example.id)
    assert page.evaluate(STEPS) == 0, "an answer came from the engine"
    held_back(page, held)
    leader = w.locator("select[data-variant=first_leader]")
    shown = leader.input_value()
    leader.select_option(index=1)  # other rules: only the engine knows
    expect(w).to_have_attribute("aria-busy", "true")
    expect(w.locator(".tf-status")).to_have_attribute("data-state", "loading")
    expect(w.locator(".tf-variant-message")).to_have_text(
        "別のルールで計算し直すには Python 実行環境が必要です。読み込みが終わりしだい表示します。")
    page.context.unroute("**/pyodide.asm.wasm")
    for route in held:
        route.fallback()
    expect(w.locator(".tf-variant-message")).to_contain_text("記録したディールのとおりに遊べません", timeout=BOOT)
    expect(leader).to_have_value(shown)
    w.locator("[data-step-to=first]").click()
    at_step(page, widget, 0)
    assert page.evaluate(STEPS) == 2  # the switch and the step, both answered by the engine
