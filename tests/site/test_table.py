"""対局練習 in a real browser: one whole deal per game through the UI, with an illegal click, a hint
and an undo; the score sheet at the end; the deal kept over a reload; the share link reopened in a
fresh browser context.  Which action to click is asked of the engine (its legal set), never typed in.

One page plays the five tables and one fresh context opens the five links, each moving on by the site's
instant navigation, so that Pyodide boots once per context rather than once per game."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page

from engine.bots import BOTS, deal_by_number, play_out
from engine.game import Action, GameState
from engine.games import GAMES
from engine.games.napoletanisch import NapoletanischState
from tests.site.conftest import shared_page
from tests.site.widget_helpers import BOOT, navigate, press_action

IDLE = "() => document.querySelector('#table').getAttribute('aria-busy') !== 'true'"


@pytest.fixture(scope="module")
def table_page(browser: Browser, site_url: str) -> Iterator[Page]:
    yield from (guard.page for guard in shared_page(browser, site_url))


@pytest.fixture(scope="module")
def fresh_page(browser: Browser, site_url: str) -> Iterator[Page]:
    """The context the share links are opened in: it never saw the tables being played."""
    yield from (guard.page for guard in shared_page(browser, site_url))


def settle(page: Page) -> None:
    page.wait_for_timeout(50)
    page.wait_for_function(IDLE, timeout=BOOT)
    assert page.locator("#table .tf-error").is_hidden(), page.locator("#table .tf-error").inner_text()


def code(page: Page) -> str:
    return page.locator("#table").get_attribute("data-code") or ""


def click_action(page: Page, game: str) -> Action:
    """Press the buttons of the computer's choice in the reader's place (one of the engine's legal
    actions, never typed in), so that the deal is played sensibly: bids, exchanges and all."""
    state = GAMES[game].from_share_code(code(page))
    action = BOTS[game].decide(state, state.current_player()).action
    press_action(page, "#table .tf-body", state.CAPTURES, action)
    settle(page)
    return action


def bot_only(game: str, number: int) -> GameState:
    """Deal ``number`` played to its end with the computer's choice in every seat, in this CPython."""
    bot = BOTS[game]
    return play_out(deal_by_number(game, number), lambda state, seat: bot.decide(state, seat).action)


def a_long_deal(game: str, seat: int) -> int:
    """The first deal number from 4242 on in which the reader, playing as the computer would, makes at
    least six decisions (in l'Hombre a deal everybody passes would end at once)."""
    bot = BOTS[game]
    for number in range(4242, 4342):
        state, decisions = deal_by_number(game, number), 0
        while not state.is_terminal():
            decisions += state.current_player() == seat
            state.apply(bot.decide(state, state.current_player()).action)
        if decisions >= 6:
            return number
    raise AssertionError(f"no long {game} deal")


@pytest.mark.parametrize("game", sorted(BOTS))
def test_a_whole_deal_through_the_table(table_page: Page, fresh_page: Page, site_url: str, game: str) -> None:
    page = table_page
    navigate(page, site_url, f"{site_url}/{game}/play/", "#table")
    table = page.locator("#table")
    table.locator(".tf-table-settings summary").click()
    table.locator("select[data-setting=seat]").select_option("1")
    number = a_long_deal(game, 1)
    table.locator("input[data-setting=deal]").fill(str(number))
    table.locator("[data-action=new-game]").click()
    settle(page)
    assert f"ディール番号 {number}" in table.locator(".tf-table-status").inner_text()
    refused = hinted = undone = False
    words = 0  # decisions without a card: monte votes, bids, declarations, exchanges' draws
    for _ in range(80):
        if table.get_attribute("data-done") == "true":
            break
        illegal = table.locator(".tf-body .tf-hand button[data-legal=false]")
        if not refused and illegal.count() and not GAMES[game].CAPTURES:
            illegal.first.click()
            settle(page)
            assert table.locator(".tf-feedback").inner_text().startswith("なぜ出せない？")
            refused = True
        if not hinted:
            table.locator("[data-action=hint]").click()
            settle(page)
            assert table.locator(".tf-feedback").inner_text().startswith("ヒント（")
            assert table.locator(".tf-hinted").count() >= 1
            hinted = True
        before = code(page)
        words += click_action(page, game).card is None
        if not undone and table.get_attribute("data-done") != "true":
            table.locator("[data-action=undo]").click()
            settle(page)
            assert code(page) == before and table.locator(".tf-feedback").inner_text() == "1手戻しました。"
            undone = True
            click_action(page, game)
    assert table.get_attribute("data-done") == "true" and hinted and undone
    assert words or game not in ("rotarot", "lhombre")  # the auction comes round to every seat
    assert refused or GAMES[game].CAPTURES  # captures: a wrong pick is refused in test_napoletanisch_table
    totals = table.locator(".tf-body .tf-sheet tfoot").first.inner_text()
    assert "得点" in totals and table.locator(".tf-match").count() == 1
    end = code(page)
    # The reader's seat followed CPython's coach and every other seat was Pyodide's: the same deal number
    # must give the same choices in both runtimes, searches included.
    assert GAMES[game].from_share_code(end).history == bot_only(game, number).history

    if game == "lombardia":  # the table is kept in the browser (the same code for every game)
        page.reload()
        settle(page)
        assert code(page) == end and table.locator(".tf-match").count() == 1

    table.locator("[data-action=share]").click()
    shared = page.url
    assert f"d={number}" in shared and "p=1" in shared
    fresh = fresh_page
    navigate(fresh, site_url, shared, "#table")
    fresh.locator("#table").scroll_into_view_if_needed()
    fresh.wait_for_function(f"() => document.querySelector('#table').dataset.code === {end!r}", timeout=BOOT)
    assert fresh.locator("#table .tf-body .tf-sheet tfoot").first.inner_text() == totals


def test_napoletanisch_table_refuses_a_wrong_capture(offline_page: Page, site_url: str) -> None:
    """A hand card with a table card it may not take is refused with the engine's reason, nothing played."""
    if "napoletanisch" not in BOTS:
        pytest.skip("no Napoletanisch table")
    page = offline_page
    page.goto(f"{site_url}/napoletanisch/play/")
    state = GAMES["napoletanisch"].from_share_code(code(page))
    assert isinstance(state, NapoletanischState)
    card, taken = next((c, t) for c in state.hand(0) for t in state.tablecards
                       if not state.is_legal(Action("play", c, (t,))))
    page.locator(f"#table .tf-hand button[data-card='{card}']").first.click()
    page.locator(f"#table button[data-pick='{taken}']").click()
    page.locator("#table [data-action=capture]").click()
    settle(page)
    assert page.locator("#table .tf-feedback").inner_text().startswith("なぜ出せない？")
    assert code(page) == state.share_code()
