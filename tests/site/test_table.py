"""対局練習 in a real browser: one whole deal per game through the UI at 1280×800, with an illegal click, a
hint, an undo and one deliberately weak choice; the score sheet and the 振り返り at the end; the deal kept
over a reload; the share link reopened in a fresh browser context at 390×844 (a phone), where the review is
asked for again.  At both widths: the refusal's explanation inside the viewport and below the sticky
header, the status, trick and hand on screen after a move, a trick won by a computer seen as cards,
「新しいディール」 in the middle of a game asking first and keeping the total when cancelled,
「ここからやり直す」 reopening the reviewed position, a hint's outlined cards and the last trick's box on screen.
Which action to click is asked of the engine (its
legal set), never typed in.

One page plays the five tables and one fresh context opens the five links, each moving on by the site's
instant navigation, so that Pyodide boots once per context rather than once per game.  Both use the
fastest pace of the computers' moves (test_table_pace.py keeps the default pace)."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import islice

import pytest
from playwright.sync_api import Browser, Locator, Page

from engine.bots import BOTS, deal_by_number, play_out
from engine.game import Action, GameState
from engine.games import GAMES
from engine.games.napoletanisch import NapoletanischState
from tests.site.conftest import shared_page
from tests.site.test_site import PHONE, SMALL_TARGETS, axe_problems
from tests.site.widget_helpers import BOOT, navigate, press_action

IDLE = ("() => { const t = document.querySelector('#table');"
        " return t.getAttribute('aria-busy') !== 'true' && t.dataset.pacing !== 'true'; }")
# The fastest pace, and a watch for a finished trick drawn with a computer as its winner.
FAST = "try { localStorage.setItem('trionfi.table.speed', 'fast'); } catch {}"
WATCH = """new MutationObserver(() => {
  const won = document.querySelector('#table .tf-body .tf-trick .tf-winner figcaption');
  if (won && won.textContent !== 'あなた') window.__computerWon = won.textContent;
}).observe(document, { childList: true, subtree: true });"""


def paced_page(browser: Browser, site_url: str, viewport: dict[str, int]) -> Iterator[Page]:
    for guard in shared_page(browser, site_url, {"width": viewport["width"], "height": viewport["height"]}):
        guard.page.context.add_init_script(FAST)
        guard.page.context.add_init_script(WATCH)
        yield guard.page


@pytest.fixture(scope="module")
def table_page(browser: Browser, site_url: str) -> Iterator[Page]:
    yield from paced_page(browser, site_url, {"width": 1280, "height": 800})


@pytest.fixture(scope="module")
def fresh_page(browser: Browser, site_url: str) -> Iterator[Page]:
    """The context the share links are opened in, a phone: it never saw the tables being played."""
    yield from paced_page(browser, site_url, {"width": PHONE["width"], "height": PHONE["height"]})


def settle(page: Page) -> None:
    """Wait for the engine's answer and the computers' moves.  Once a trick won by a computer has been seen
    as cards in this game, the reader's click finishes the moves at once (it keeps the tests quick)."""
    page.wait_for_timeout(50)
    page.wait_for_function("() => document.querySelector('#table').getAttribute('aria-busy') !== 'true'",
                           timeout=BOOT)
    if page.evaluate("() => document.querySelector('#table').dataset.pacing === 'true' && !!window.__computerWon"):
        page.evaluate("() => document.querySelector('#table .tf-body').click()")
    page.wait_for_function(IDLE, timeout=BOOT)
    assert page.locator("#table .tf-error").is_hidden(), page.locator("#table .tf-error").inner_text()


def on_screen(page: Page, box: Locator) -> None:
    """``box`` lies inside the viewport and below the sticky header."""
    header = page.evaluate("() => document.querySelector('.md-header').getBoundingClientRect().bottom")
    where = box.bounding_box()
    height = page.viewport_size["height"] if page.viewport_size else 0
    assert where is not None and where["height"] > 0
    assert header <= where["y"] and where["y"] + where["height"] <= height, (box, where, header, height)


def after_a_move(page: Page, status: bool = True) -> None:
    """Whose turn it is, the trick (the table) and the hand (or the words to choose) are all on screen
    (without ``status``: a reopened position, where the trick and the cards to choose come first)."""
    table = page.locator("#table .tf-body")
    if status:
        on_screen(page, table.locator(".tf-table-status strong"))
    on_screen(page, table.locator(".tf-trick"))
    on_screen(page, table.locator(":scope > .tf-hand, :scope > .tf-words, :scope > .tf-sheet:not(.tf-match)").last)


def refusal_on_screen(page: Page) -> None:
    """A faded card (or word) pressed: its explanation where the eye is."""
    table = page.locator("#table")
    table.locator(".tf-body button[data-legal=false]").first.click()
    settle(page)
    assert table.locator(".tf-feedback").inner_text().startswith(("なぜ出せない", "なぜ捨てられない", "なぜ選べない"))
    on_screen(page, table.locator(".tf-feedback"))


def cancelled_new_deal(page: Page) -> None:
    """「新しいディール」 in the middle of a game asks first; 「やめる」 keeps the deal and the game's total."""
    table = page.locator("#table")
    before, total = code(page), table.locator(".tf-match tfoot").inner_text()
    table.locator("[data-action=new-deal]").click()
    confirm = table.locator(".tf-confirm")
    assert "ゲームの得点はそのまま" in confirm.inner_text()
    on_screen(page, confirm)
    confirm.locator("[data-confirm=no]").click()
    assert table.locator(".tf-confirm").count() == 0
    assert code(page) == before and table.locator(".tf-match tfoot").inner_text() == total


def reviewed_and_reopened(page: Page) -> None:
    """The 振り返り of the finished deal lists the weak choice at least: as a clear cost (an entry with its
    position and share link), in the one line of choices without a clear cost (a button per place), or
    apart as not weighed.  Every differing choice can be reopened; 「ここからやり直す」 of the first one opens
    that position on the table and says that the replay does not change the deal's recorded score."""
    table = page.locator("#table")
    start = table.locator("[data-action=review-start]")
    if start.count():  # a deal opened from a link or a reload: the review waits to be asked for
        start.click()
    page.wait_for_function("() => document.querySelector('#table').dataset.reviewed !== undefined", timeout=BOOT)
    review = table.locator(".tf-review")
    opens = review.locator("[data-action=review-open]")
    assert int(table.get_attribute("data-reviewed") or 0) == opens.count() >= 1
    words = review.inner_text()
    assert "の損" in words or "はっきりした損のなかった手" in words or "見積もれません" in words
    assert "手目" not in words  # placed by trick and card (or the phase), not by a count of all seats' moves
    entries = review.locator(".tf-review-entry")
    if entries.count():
        again = entries.first.locator("[data-action=review-open]")
        wanted = again.get_attribute("data-code") or ""
        assert f"s={wanted}" in (entries.first.locator("a.tf-review-link").get_attribute("href") or "")
    else:
        again = review.locator(".tf-review-even [data-action=review-open]").first
        wanted = again.get_attribute("data-code") or ""
    place = again.get_attribute("data-place") or ""
    again.click()
    settle(page)
    assert code(page) == wanted and table.get_attribute("data-done") == "false"
    said = table.locator(".tf-feedback").inner_text()
    assert place in said and "ここからの結果は得点に入りません" in said
    after_a_move(page, status=False)


def code(page: Page) -> str:
    return page.locator("#table").get_attribute("data-code") or ""


def reader_choice(state: GameState, seat: int, weak: bool) -> Action:
    """The computer's choice in the reader's place; with ``weak``, another legal action (the first)."""
    coach = BOTS[state.GAME].decide(state, seat).action
    return next(a for a in state.legal_actions() if a != coach) if weak else coach


def weak_now(state: GameState, seat: int, weakened: bool) -> bool:
    """The deliberately weak choice: at the reader's third decision or the first one after it that has
    a choice (once a deal)."""
    replayed = islice(type(state).replayed(state.share_code()), len(state.history))
    decided = sum(s.current_player() == seat for s in replayed)
    return not weakened and decided >= 2 and len(state.legal_actions()) > 1


def click_action(page: Page, game: str, weak: bool = False) -> Action:
    """Press the buttons of the computer's choice in the reader's place (one of the engine's legal
    actions, never typed in), so that the deal is played sensibly: bids, exchanges and all."""
    state = GAMES[game].from_share_code(code(page))
    action = reader_choice(state, state.current_player(), weak)
    press_action(page, "#table .tf-body", state.CAPTURES, action)
    settle(page)
    return action


def bot_only(game: str, number: int, seat: int) -> GameState:
    """Deal ``number`` played to its end with the computer's choice in every seat but one weak choice of
    ``seat``'s, in this CPython."""
    weakened = False

    def choose(state: GameState, player: int) -> Action:
        nonlocal weakened
        weak = player == seat and weak_now(state, seat, weakened)
        weakened |= weak
        return reader_choice(state, player, weak)
    return play_out(deal_by_number(game, number), choose)


def a_long_deal(game: str, seat: int) -> int:
    """The first deal number from 4242 on in which the reader, playing as the computer would, makes at
    least six decisions (in l'Hombre a deal everybody passes would end at once)."""
    bot = BOTS[game]
    for number in range(4242, 4342):
        state, decisions = deal_by_number(game, number), 0
        while not state.is_terminal() and decisions < 6:  # the rest of the deal cannot change the count
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
    if page.evaluate("() => window.__trionfi.timings.widgetReady === undefined"):  # the engine is starting
        # the pressed button says it waits; a second click is kept and runs once the engine is ready
        assert "tf-waiting" in (table.locator("[data-action=new-game]").get_attribute("class") or "")
        table.locator("[data-action=hint]").click()
        assert "準備ができしだい「ヒント」" in table.locator(".tf-feedback").inner_text()
        page.wait_for_function("() => document.querySelector('#table .tf-feedback').textContent.startsWith('ヒント（')",
                               timeout=BOOT)
    settle(page)
    assert f"ディール番号 {number}" in table.locator(".tf-table-status").inner_text()
    page.evaluate("(captures) => { window.__computerWon = captures ? '(no tricks)' : null; }", GAMES[game].CAPTURES)
    refused = hinted = undone = weakened = False
    words = 0  # decisions without a card: monte votes, bids, declarations, exchanges' draws
    for _ in range(80):
        if table.get_attribute("data-done") == "true":
            break
        illegal = table.locator(".tf-body .tf-hand button[data-legal=false]")
        if not refused and illegal.count() and not GAMES[game].CAPTURES:
            refusal_on_screen(page)
            refused = True
        if not hinted:
            table.locator("[data-action=hint]").click()
            settle(page)
            assert table.locator(".tf-feedback").inner_text().startswith("ヒント（")
            assert table.locator(".tf-hinted").count() >= 1
            hinted = True
        before = code(page)
        weak = weak_now(GAMES[game].from_share_code(before), 1, weakened)
        weakened |= weak
        words += click_action(page, game, weak).card is None
        if table.get_attribute("data-done") != "true":
            after_a_move(page)
        if not undone and table.get_attribute("data-done") != "true":
            table.locator("[data-action=undo]").click()
            settle(page)
            assert code(page) == before and table.locator(".tf-feedback").inner_text() == "1手戻しました。"
            undone = True
            click_action(page, game)
    assert table.get_attribute("data-done") == "true" and hinted and undone and weakened
    assert words or game not in ("rotarot", "lhombre")  # the auction comes round to every seat
    assert refused or GAMES[game].CAPTURES  # captures: a wrong pick is refused in test_napoletanisch_table
    totals = table.locator(".tf-body .tf-sheet tfoot").first.inner_text()
    assert "得点" in totals and table.locator(".tf-match").count() == 1
    # the chart of the game's running totals under the record: one point per side, at the record's totals
    chart = table.locator(".tf-chart [data-total]")
    assert [m.get_attribute("data-total") for m in chart.all()] == table.locator(".tf-match tfoot td").all_inner_texts()
    end = code(page)
    # The reader's seat followed CPython's coach and every other seat was Pyodide's: the same deal number
    # must give the same choices in both runtimes, searches included.
    assert GAMES[game].from_share_code(end).history == bot_only(game, number, 1).history
    assert page.evaluate("() => window.__computerWon")  # a trick a computer won, seen as cards (captures: none)

    if game == "lombardia":  # the table is kept in the browser (the same code for every game)
        page.reload()
        settle(page)
        assert code(page) == end and table.locator(".tf-match").count() == 1

    table.locator("[data-action=share]").click()
    shared = page.url
    assert f"d={number}" in shared and "p=1" in shared
    assert table.locator("[data-action=new-deal]").inner_text() == "新しいゲーム"  # after a deal: says what it does
    reviewed_and_reopened(page)
    cancelled_new_deal(page)

    fresh = fresh_page  # a phone
    navigate(fresh, site_url, shared, "#table")
    fresh.locator("#table").scroll_into_view_if_needed()
    fresh.wait_for_function(f"() => document.querySelector('#table').dataset.code === {end!r}", timeout=BOOT)
    assert fresh.locator("#table .tf-body .tf-sheet tfoot").first.inner_text() == totals
    reviewed_and_reopened(fresh)
    phone = fresh.locator("#table")
    if not GAMES[game].CAPTURES:
        phone.locator("[data-action=last-trick]").click()  # the last trick again, with its winner, as cards
        assert phone.locator(".tf-last-trick .tf-play").count() >= 2
        assert phone.locator(".tf-last-trick .tf-winner").count() == 1
        phone.locator("[data-action=last-trick]").click()
    if phone.locator(".tf-body button[data-legal=false]").count():
        refusal_on_screen(fresh)
    click_action(fresh, game)
    if phone.get_attribute("data-done") != "true":
        after_a_move(fresh)
        cancelled_new_deal(fresh)
    assert fresh.evaluate(SMALL_TARGETS, phone.element_handle()) == []
    assert axe_problems(fresh, "document.querySelector('#table')") == []


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
    # the refused choice is not kept picked: a hint followed next is not refused for a card no longer meant
    assert page.locator("#table button[aria-pressed=true]").count() == 0


PACE = """() => new Promise((done) => {
  const seen = [];
  const look = () => {
    const t = document.querySelector('#table');
    seen.push([t.dataset.pacing, t.querySelectorAll('.tf-body > .tf-trick .tf-play').length]);
    if (t.dataset.pacing === 'true' || seen.length < 30) setTimeout(look, 100); else done(seen);
  };
  look();
})"""


def test_the_computers_cards_come_one_at_a_time(table_page: Page, site_url: str) -> None:
    """At the default pace (普通, kept in localStorage) the computers' cards appear one by one after the
    reader's; a click finishes at once; 一手ずつ waits for 「次の手を見る」.  (The page of the deals above:
    Pyodide has booted.)"""
    page = table_page
    navigate(page, site_url, f"{site_url}/lombardia/play/", "#table")
    table = page.locator("#table")
    settle(page)
    table.locator("select[data-setting=speed]").select_option("normal")
    assert page.evaluate("() => localStorage.getItem('trionfi.table.speed')") == "normal"
    table.locator(".tf-table-settings summary").click()
    table.locator("select[data-setting=seat]").select_option("0")
    table.locator("input[data-setting=deal]").fill("3")
    table.locator("[data-action=new-game]").click()
    if table.locator(".tf-confirm").count():  # the game of the test above is under way: asked first
        table.locator("[data-confirm=yes]").click()
    settle(page)
    while not any(a.kind == "play" for a in GAMES["lombardia"].from_share_code(code(page)).legal_actions()):
        click_action(page, "lombardia")
    state = GAMES["lombardia"].from_share_code(code(page))
    press_action(page, "#table .tf-body", False, BOTS["lombardia"].decide(state, 0).action)
    seen = page.evaluate(PACE)
    shown = [count for pacing, count in seen if pacing == "true"]
    assert len(set(shown)) >= 2, seen  # the trick grows card by card while the computers play
    settle(page)

    state = GAMES["lombardia"].from_share_code(code(page))
    press_action(page, "#table .tf-body", False, BOTS["lombardia"].decide(state, 0).action)
    page.wait_for_function("() => document.querySelector('#table').dataset.pacing === 'true'", timeout=BOOT)
    table.locator(".tf-body .tf-trick").click()  # the reader's click: the rest at once
    assert table.get_attribute("data-pacing") == "false"
    assert GAMES["lombardia"].from_share_code(code(page)).current_player() == 0

    table.locator("select[data-setting=speed]").select_option("step")
    state = GAMES["lombardia"].from_share_code(code(page))
    press_action(page, "#table .tf-body", False, BOTS["lombardia"].decide(state, 0).action)
    page.wait_for_function("() => document.querySelector('#table').dataset.pacing === 'true'", timeout=BOOT)
    page.wait_for_timeout(800)
    first = table.locator(".tf-body > .tf-trick .tf-play").count()
    assert table.get_attribute("data-pacing") == "true" and table.locator("[data-action=next-move]").is_visible()
    table.locator("[data-action=next-move]").click()
    moved = table.locator(".tf-body > .tf-trick .tf-play").count() != first
    assert moved or table.get_attribute("data-pacing") == "false"
    page.evaluate("() => localStorage.setItem('trionfi.table.speed', 'fast')")
    table.locator("select[data-setting=speed]").select_option("fast")
    # The moves left go on at the fast pace, 「次の手を見る」 pressed while it is shown: looked for and pressed in one
    # step of the page, since the button goes away the moment the pace ends.
    for _ in range(BOOT // 100):
        if table.get_attribute("data-pacing") != "true":
            break
        page.evaluate("() => { const next = document.querySelector('#table [data-action=next-move]');"
                      " if (next && next.offsetParent) next.click(); }")
        page.wait_for_timeout(100)
    assert table.get_attribute("data-pacing") == "false"
    assert GAMES["lombardia"].from_share_code(code(page)).current_player() == 0


def start_deal(page: Page, site_url: str, game: str, number: int) -> None:
    """A new game of ``game`` from deal ``number`` with the reader in seat 0 (a game under way is left)."""
    navigate(page, site_url, f"{site_url}/{game}/play/", "#table")
    table = page.locator("#table")
    settle(page)
    settings = table.locator(".tf-table-settings")
    if settings.get_attribute("open") is None:
        settings.locator("summary").click()
    table.locator("select[data-setting=seat]").select_option("0")
    table.locator("input[data-setting=deal]").fill(str(number))
    table.locator("[data-action=new-game]").click()
    if table.locator(".tf-confirm").count():
        table.locator(".tf-confirm [data-confirm=yes]").click()
    settle(page)
    assert f"ディール番号 {number}" in table.locator(".tf-table-status").inner_text()


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_hinted_cards_and_the_last_trick_stay_on_screen(table_page: Page, fresh_page: Page, site_url: str,
                                                       size: str) -> None:
    """The new-user walkthrough's defects 1 and 2, at 1280×800 and 390×844: a Napoletanisch hint keeps
    every card it outlines (the table cards to take as well as the hand card) on screen with its words, over
    two deals; 「直前のトリック」 opens its box on screen, where the reader looks, in the trick games with the
    tallest hands."""
    page = table_page if size == "desktop" else fresh_page
    table = page.locator("#table")
    for number in (1, 2):
        start_deal(page, site_url, "napoletanisch", number)
        for _ in range(3):
            table.locator("[data-action=hint]").click()
            settle(page)
            on_screen(page, table.locator(".tf-feedback"))
            hinted = table.locator(".tf-hinted")
            assert hinted.count() >= 1
            for i in range(hinted.count()):
                on_screen(page, hinted.nth(i))
            click_action(page, "napoletanisch")
    for game in ("rotarot", "lombardia"):
        start_deal(page, site_url, game, 1)
        last = table.locator("[data-action=last-trick]")
        while last.is_hidden():
            click_action(page, game)
        last.click()
        on_screen(page, table.locator(".tf-last-trick"))
        assert table.locator(".tf-last-trick .tf-winner").count() == 1
        last.click()
        assert table.locator(".tf-last-trick").is_hidden()
