"""Browser fixtures for the built site: Debian's chromium, the site served on its own origin,
and a guard that fails a test on any off-origin request, page error or console error.

Run after ``mkdocs build --strict`` (./scripts/test does both).  One browser per session;
pytest-playwright gives every test a fresh context and page.
"""

from __future__ import annotations

import fcntl
import os
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, ConsoleMessage, Page, Request, Route, ViewportSize

ROOT = Path(__file__).resolve().parents[2]
for path in (ROOT, ROOT / "scripts"):  # the engine, sitebuild and tests.site.widget_helpers
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

from sitebuild import browser, server  # noqa: E402
from tests.site.widget_helpers import BOOT  # noqa: E402

SITE = server.built_site(ROOT)
SERVED = "TRIONFI_SITE_SERVED"  # set by scripts/test: the site is already served on its origin
# The footer switch turned off (about:blank has no storage, hence the try).
NO_PRELOAD = "try { localStorage.setItem('trionfi.preload', 'off'); } catch {}"


# The longest files first: the two pytest workers take whole files in this order (--dist loadfile), and a long
# file taken last would leave one worker running alone at the end.
LONGEST_FIRST = ("test_table.py", "test_lessons.py", "test_examples.py", "test_pad.py")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if Path(str(item.fspath)).is_relative_to(Path(__file__).parent):
            item.add_marker(pytest.mark.browser)
    rank = {name: i for i, name in enumerate(LONGEST_FIRST)}
    items.sort(key=lambda item: rank.get(Path(str(item.fspath)).name, len(rank)))  # stable: file order kept


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """Launch /usr/bin/chromium (no `playwright install`), headless, with no background traffic."""
    try:
        return {**browser_type_launch_args, **browser.launch_args()}
    except FileNotFoundError as error:
        pytest.exit(str(error), returncode=1)


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    """Service workers blocked: every test starts from the network as a first visit would (the offline test,
    tests/site/test_offline.py, allows them in a context of its own)."""
    return {**browser_context_args, "locale": "ja-JP", "viewport": {"width": 1280, "height": 900},
            "service_workers": "block"}


@pytest.fixture(scope="session")
def site_dir() -> Path:
    if not (SITE / "sitemap.xml").is_file():
        pytest.exit("site/ がありません。先に mkdocs build --strict を実行してください（./scripts/test なら自動）。",
                    returncode=1)
    return SITE


@pytest.fixture(scope="session")
def site_url(site_dir: Path) -> Iterator[str]:
    """Origin (no trailing slash) serving site/, e.g. ``http://127.0.0.1:8000``.

    It is the origin of the ``site_url`` the site was built with: Material's instant navigation
    silently falls back to full page loads on any other origin (tech-notes §7.2).
    """
    host, port = server.site_origin(site_dir)
    if os.environ.get(SERVED):  # scripts/test serves the site once for all its test workers
        yield f"http://{host}:{port}"
        return
    try:
        with server.serving(site_dir, host, port) as origin:
            yield origin
    except OSError as error:
        pytest.exit(f"{host}:{port} で配信できません（{error}）。./scripts/serve など、そのポートを使っている"
                    f"プロセスを止めるか、SITE_URL=http://127.0.0.1:別のポート/ でビルドし直してください。",
                    returncode=1)


@pytest.fixture(scope="session")
def site_pages(site_dir: Path, site_url: str) -> list[str]:
    """Every page URL of the sitemap."""
    return server.sitemap_urls(site_dir)


@dataclass
class PageGuard:
    """What a page did that a test must not allow; filled by event handlers while the test runs."""

    page: Page
    origin: str
    off_origin: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)

    def allowed(self, url: str) -> bool:
        return url == self.origin or url.startswith((self.origin + "/", "data:", "blob:", "about:"))

    def on_route(self, route: Route) -> None:
        if self.allowed(route.request.url):
            route.continue_()
        else:
            self._record(route.request.url)
            route.abort("blockedbyclient")

    def on_request(self, request: Request) -> None:  # also what routing might not see
        if not self.allowed(request.url):
            self._record(request.url)

    def _record(self, url: str) -> None:
        if url not in self.off_origin:
            self.off_origin.append(url)

    def on_console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            where = message.location.get("url", "") if message.location else ""
            self.console_errors.append(f"{message.text} ({where})" if where else message.text)

    def problems(self) -> list[str]:
        return ([f"off-origin request: {u}" for u in self.off_origin]
                + [f"page error: {e}" for e in self.page_errors]
                + [f"console error: {e}" for e in self.console_errors])

    def check(self) -> None:
        """Fail now if anything went wrong so far (the fixture also checks at the end)."""
        problems = self.problems()
        assert not problems, "\n".join(problems)


def watch(page: Page, site_url: str) -> PageGuard:
    """Guard ``page``: requests off the site's origin are blocked and recorded, as are page errors and
    console errors (``PageGuard.check`` fails on any)."""
    guard = PageGuard(page, site_url)
    page.context.route("**/*", guard.on_route)
    page.context.on("request", guard.on_request)
    page.on("pageerror", lambda error: guard.page_errors.append(str(error)))
    page.on("console", guard.on_console)
    return guard


# The engine's Python snapshot (docs/assets/trionfi/snapshot.js) as a returning reader's browser keeps it.
# Every browser test but those about the first visit (marked ``cold``: the background start, the runtime's
# faults, the offline visit, which boot as a first visit does) gets it in its fresh context, so that its boot
# takes about a second instead of five: the first visit's boot is the same for every test and is tested by
# those.  The bytes are the test run's own first boot's; they leave the browser as a download and come back
# from the site's server (site/__tests__/snapshot.bin), since 8 MB (packed) through Playwright's messages would take
# longer than the boot they save.
DOWNLOAD_SNAPSHOT = """async () => {
  const cache = await caches.open("trionfi-snapshot");
  const [request] = await cache.keys();
  const link = document.createElement("a");
  link.href = URL.createObjectURL(await (await cache.match(request)).blob());
  link.download = "snapshot.bin";
  document.body.append(link);
  link.click();
  return request.url;
}"""
WRITE_SNAPSHOT = """async ([key, url]) => {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  await (await caches.open("trionfi-snapshot")).put(key, response);  // streamed: never whole in the page's memory
}"""
_snapshot: dict[str, tuple[str, str]] = {}


def python_snapshot(chromium: Browser, site_url: str) -> tuple[str, str]:
    """The snapshot's cache key and the URL it is served at: made by the first test process that asks, by a
    first visit to a lesson page, and read by the others (a lock on site/__tests__/; the next build of site/
    removes the files, so they always belong to the site being tested)."""
    if site_url not in _snapshot:
        folder = SITE / "__tests__"
        folder.mkdir(exist_ok=True)
        served, key_file = folder / "snapshot.bin", folder / "snapshot.key"
        with (folder / "snapshot.lock").open("w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            if not key_file.is_file():
                key_file.write_text(download_snapshot(chromium, site_url, served), encoding="utf-8")
        _snapshot[site_url] = (key_file.read_text(encoding="utf-8"), f"{site_url}/__tests__/{served.name}")
    return _snapshot[site_url]


def download_snapshot(chromium: Browser, site_url: str, served: Path) -> str:
    """Boots the engine as a first visit does, saves the snapshot it kept as ``served``; its cache key."""
    context = chromium.new_context(service_workers="block", accept_downloads=True)
    try:
        page = context.new_page()
        page.goto(f"{site_url}/lombardia/lessons/")  # the engine starts once the page is idle
        browser.wait_until(page, browser.SNAPSHOT_STORED, timeout_ms=BOOT)
        with page.expect_download() as download:
            key: str = page.evaluate(DOWNLOAD_SNAPSHOT)
        download.value.save_as(served)
        return key
    finally:
        context.close()


def seed_snapshot(page: Page, site_url: str) -> None:
    """Put the snapshot into the Cache Storage of ``page``'s context, from a blank page of the site's origin
    (only this route serves it: no page of the site is opened, so no engine starts).  The test's own page
    does it before its first visit: a page of its own would cost a renderer's start, as much as the writing."""
    blank = f"{site_url}/__tests__/blank"
    assert page.context.browser is not None
    key, url = python_snapshot(page.context.browser, site_url)
    page.route(blank, lambda route: route.fulfill(body="<!doctype html><title>-</title>", content_type="text/html"))
    try:
        page.goto(blank)
        page.evaluate(WRITE_SNAPSHOT, [key, url])
    finally:
        page.unroute(blank)
    page.goto("about:blank")  # as a new page is: the test's first visit is a load, not a link from this one


def shared_page(browser: Browser, site_url: str, viewport: ViewportSize | None = None,
                engine: bool = True) -> Iterator[PageGuard]:
    """A guarded page in a context of its own, for a module-scoped fixture: one page that moves between
    the site's pages by instant navigation keeps its worker, so Pyodide boots once for the module (from the
    snapshot, unless the module never uses the ``engine``)."""
    context = browser.new_context(locale="ja-JP", viewport=viewport or {"width": 1280, "height": 900},
                                  service_workers="block")
    page = context.new_page()
    if engine:
        seed_snapshot(page, site_url)
    context.add_init_script(NO_PRELOAD)
    guard = watch(page, site_url)
    yield guard
    guard.check()
    context.close()


@pytest.fixture
def page_guard(page: Page, site_url: str, request: pytest.FixtureRequest) -> Iterator[PageGuard]:
    """The test's page, watched: any request off the site's origin is blocked and fails the test,
    and so does any uncaught page error or console error message.  Its browser has the engine's snapshot
    from an earlier visit (``seed_snapshot``) unless the test is marked ``cold``.  The engine's background start is
    switched off as a reader can (docs/assets/trionfi/preload.js), except in tests marked ``preload``:
    a page left open for 2 s would otherwise boot Pyodide beside the test."""
    if request.node.get_closest_marker("cold") is None:
        seed_snapshot(page, site_url)
    if request.node.get_closest_marker("preload") is None:
        page.context.add_init_script(NO_PRELOAD)
    guard = watch(page, site_url)
    yield guard
    guard.check()


@pytest.fixture
def offline_page(page_guard: PageGuard) -> Page:
    """Shortcut: the guarded page itself."""
    return page_guard.page
