"""Offline after one visit (#27): the service worker (sw.js, scripts/sitebuild/offline.py) keeps every page
and asset at install and the engine's files once they are used, so that with the network off each kind of
page opens and its widget answers: lessons, scoring examples, the practice table, the score pad, a rules page
and the home page.  One context, one online visit (its engine boots in the background), then one offline boot
of Pyodide from the caches, kept across the other pages by instant navigation."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, BrowserType, Page, Request, expect

from sitebuild import server
from sitebuild.browser import RUNTIME_CACHED, SNAPSHOT_STORED, wait_until
from sitebuild.offline import runtime_urls
from tests.site.conftest import NO_PRELOAD
from tests.site.widget_helpers import BOOT, click_card, first_answer, navigate

LESSONS = "lombardia/lessons/"
LESSON = "lesson-obligations"
IDLE = "(el) => el.getAttribute('aria-busy') !== 'true'"


def _ours(request: Request, site_url: str) -> bool:
    return request.url.startswith((site_url + "/", "data:", "blob:", "about:"))


def answered(page: Page, selector: str) -> None:
    """The widget finished its request without an error (or the error it shows is the assertion's message)."""
    widget = page.locator(selector)
    page.wait_for_function(IDLE, arg=widget.element_handle(), timeout=BOOT)
    error = widget.locator(".tf-error").first
    assert error.is_hidden(), error.inner_text()


def test_every_page_type_and_its_widget_work_offline_after_one_visit(
        browser: Browser, site_url: str, site_dir: Path) -> None:
    context = browser.new_context(locale="ja-JP", viewport={"width": 1280, "height": 900},
                                  service_workers="allow")
    elsewhere: list[str] = []
    errors: list[str] = []
    context.on("request", lambda r: None if _ours(r, site_url) else elsewhere.append(r.url))
    page = context.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(f"{site_url}/{LESSONS}")  # the one visit: its engine starts once the page is idle
        expect(page.locator(f"#{LESSON}")).to_have_attribute("data-state", "ready", timeout=BOOT)
        wait_until(page, RUNTIME_CACHED, runtime_urls(site_dir, site_url), BOOT)
        wait_until(page, SNAPSHOT_STORED, timeout_ms=BOOT)  # kept after the boot, for the next one
        context.set_offline(True)

        page.goto(f"{site_url}/")  # a full load with the network off
        expect(page.locator("h1").first).to_be_visible()
        page.goto(f"{site_url}/{LESSONS}")  # its worker boots Pyodide from the caches (and its snapshot)
        expect(page.locator(f"#{LESSON}[data-mounted]")).to_have_count(1)
        click_card(page, LESSON, first_answer("lombardia-obligations"))
        answered(page, f"#{LESSON}")
        expect(page.locator(f"#{LESSON} .tf-feedback")).to_have_text("正解です。")

        navigate(page, site_url, f"{site_url}/lombardia/examples/", ".trionfi-widget[data-widget=example]")
        example = page.locator(".trionfi-widget[data-widget=example]").first
        example.locator("[data-step-to=first]").click()  # the page shows the deal's end
        answered(page, ".trionfi-widget[data-widget=example] >> nth=0")
        expect(example).to_have_attribute("data-step", "0")

        navigate(page, site_url, f"{site_url}/lombardia/play/", "#table[data-mounted]")
        page.locator("#table [data-action=hint]").click()  # the computer's choice for the reader
        answered(page, "#table")
        expect(page.locator("#table .tf-feedback")).not_to_be_empty()

        navigate(page, site_url, f"{site_url}/lombardia/pad/", "#pad[data-mounted]")
        field = page.locator("#pad fieldset.tf-pad-cards:has(legend:text-is('取り札と捨て札'))")
        field.locator(".tf-pad-target", has_text="ディーラー側の取り札").first.locator("input").check()
        for card in ["SK", "CK", "HK", "DK", "SQ", "CQ", "HQ", "DQ"]:
            field.locator(f"button[data-card='{card}']").click()
        field.locator(".tf-pad-target", has_text="ディーラーの捨て札").first.locator("input").check()
        for card in ("C2", "C3"):
            field.locator(f"button[data-card='{card}']").click()
        entry = page.locator("#pad .tf-pad-entry")
        entry.get_by_label("最後のトリックを取った側", exact=True).select_option("other")
        entry.get_by_label("ディーラー本人はトリックを取ったか", exact=True).select_option("true")
        page.locator("#pad [data-action=submit]").click()
        answered(page, "#pad")
        expect(page.locator("#pad .tf-pad-table tbody tr.tf-pad-deal")).to_have_count(1)

        navigate(page, site_url, f"{site_url}/lombardia/", "h1#ロンバルディアタロット")  # a rules page
        expect(page.locator(".md-content")).to_contain_text("ロンバルディアタロット")
        assert not elsewhere and not errors, (elsewhere, errors)
    finally:
        context.close()


def test_a_new_version_is_offered_rather_than_mixed(browser: Browser, site_dir: Path, tmp_path: Path) -> None:
    """A tab that a version's worker serves, when the site changes (here: sw.js with other bytes, as any
    rebuild with a change makes it), shows 「新しい版があります — 再読み込み」 while the old version keeps
    serving it; pressing it reloads the page under the new worker.  The site is served from a folder of links
    to site/ with a sw.js of its own, on a port of its own, so that the other tests' site never changes."""
    for entry in site_dir.iterdir():
        if entry.name != "sw.js":
            (tmp_path / entry.name).symlink_to(entry)
    worker = (site_dir / "sw.js").read_text(encoding="utf-8")
    (tmp_path / "sw.js").write_text(worker, encoding="utf-8")
    context = browser.new_context(locale="ja-JP", service_workers="allow")
    context.add_init_script(NO_PRELOAD)
    page = context.new_page()
    try:
        with server.serving(tmp_path, "127.0.0.1", 0) as origin:
            page.goto(f"{origin}/lombardia/")
            page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=BOOT)
            expect(page.locator(".tf-update")).to_have_count(0)
            (tmp_path / "sw.js").write_text(worker + "\n// the next version\n", encoding="utf-8")
            page.reload()  # the browser compares sw.js on every page load
            offer = page.get_by_role("button", name="新しい版があります — 再読み込み")
            expect(offer).to_be_visible(timeout=BOOT)
            with page.expect_navigation(timeout=BOOT):
                offer.click()
            page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=BOOT)
            expect(page.locator(".tf-update")).to_have_count(0)
            assert page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.waiting === null)")
    finally:
        context.close()


def test_chromium_finds_the_site_installable_from_any_page(
        browser_type: BrowserType, browser_type_launch_args: dict[str, Any], site_url: str, site_dir: Path,
        tmp_path: Path) -> None:
    """Issue 40 part 6: every page links the web app manifest (scripts/sitebuild/app_manifest.py), Chromium reads
    it without an error and reports nothing in the way of installing the site, the icons load at the sizes the
    manifest gives, and the start page opens under the service worker (which keeps it for offline use).  A
    profile of its own: Chromium never offers to install from an incognito context, which new_context is."""
    unlinked = [str(p.relative_to(site_dir)) for p in site_dir.rglob("*.html")
                if 'rel="manifest"' not in p.read_text(encoding="utf-8")]
    assert not unlinked
    context = browser_type.launch_persistent_context(tmp_path / "profile", **browser_type_launch_args,
                                                     locale="ja-JP", service_workers="allow")
    context.add_init_script(NO_PRELOAD)
    elsewhere: list[str] = []
    context.on("request", lambda r: None if _ours(r, site_url) else elsewhere.append(r.url))
    page = context.new_page()
    try:
        page.goto(f"{site_url}/lombardia/pad/")
        icons = page.evaluate("""async () => {
          const link = document.querySelector("link[rel=manifest]");
          const manifest = await (await fetch(link.href)).json();
          const loaded = await Promise.all(manifest.icons.map(async (icon) => {
            const image = new Image();
            image.src = new URL(icon.src, link.href).href;
            await image.decode();
            return [icon.sizes, `${image.naturalWidth}x${image.naturalHeight}`];
          }));
          return { loaded, start: new URL(manifest.start_url, link.href).href };
        }""")
        assert icons["loaded"] and all(said == drawn for said, drawn in icons["loaded"]), icons
        cdp = context.new_cdp_session(page)
        assert cdp.send("Page.getAppManifest")["errors"] == []
        assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        page.goto(icons["start"])
        assert icons["start"] == f"{site_url}/" and page.evaluate("navigator.serviceWorker.controller !== null")
        assert not elsewhere, elsewhere
    finally:
        context.close()
