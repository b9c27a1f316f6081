"""The service worker never keeps a bad answer (issue 40, D1–D3 of the 2026-12-01 attack): a 200 answer that is
not the file the build made — a hotel Wi-Fi's login page, a proxy's error page — is passed on once and never
served again in the file's place, for the engine bundle, the Pyodide runtime and the pages precached at install;
a copy an earlier worker kept is dropped and fetched again before the reader is told anything; and a bundle
that is not the build's is reported in Japanese, not as Python's traceback.

Each test serves the built site on a port of its own from a server that answers badly on purpose (the paths
of ``spoiled``), with the service worker allowed, in a context of its own."""

from __future__ import annotations

import hashlib
import io
from collections.abc import Iterator
from dataclasses import dataclass
from http import HTTPStatus
from pathlib import Path
from typing import BinaryIO
from urllib.parse import urljoin, urlsplit

import pytest
from playwright.sync_api import Browser, Page, expect

from sitebuild import server
from sitebuild.browser import wait_until
from sitebuild.offline import read_build
from tests.site.conftest import NO_PRELOAD
from tests.site.widget_helpers import BOOT, click_card, first_answer

pytestmark = pytest.mark.cold  # the runtime as a first visit loads it

LOGIN = b"<!doctype html><html><title>Hotel Wi-Fi</title><p>Please log in to the hotel Wi-Fi.</p></html>"
LESSONS = "lombardia/lessons/"
LESSON = "lesson-obligations"
RIGHT = first_answer("lombardia-obligations")
ZIP = "assets/engine/engine.zip"
WASM = "assets/pyodide/pyodide.asm.wasm"
CONTROLLED = "navigator.serviceWorker.controller !== null"
# The sizes of the copies of ``urls`` kept in Cache Storage (null for none).
STORED_SIZES = """async (urls) => Promise.all(urls.map(async (url) => {
  const copy = await caches.match(url);
  return copy ? (await copy.arrayBuffer()).byteLength : null;
}))"""
KEPT = f"async ([urls, sizes]) => JSON.stringify(await ({STORED_SIZES})(urls)) === JSON.stringify(sizes)"


@dataclass
class Reader:
    """A browser's tab on the site served by the bad server."""

    page: Page
    origin: str
    spoiled: dict[str, str]  # path → the Content-Type the login page is answered with there
    site_dir: Path

    def url(self, path: str) -> str:
        return urljoin(self.origin + "/", path)

    def stored_size(self, path: str) -> int | None:
        sizes: list[int | None] = self.page.evaluate(STORED_SIZES, [self.url(path)])
        return sizes[0]

    def wait_until_kept_as_built(self, *paths: str) -> None:
        """Polls until Cache Storage holds each file with the build's size (the worker stores after answering)."""
        sizes = [(self.site_dir / path).stat().st_size for path in paths]
        wait_until(self.page, KEPT, [[self.url(path) for path in paths], sizes], timeout_ms=BOOT)


def spoiling(spoiled: dict[str, str]) -> type[server.SiteRequestHandler]:
    class Spoiling(server.SiteRequestHandler):
        """Answers a path of ``spoiled`` with the login page, status 200, as the type given there."""

        def send_head(self) -> BinaryIO | None:
            kind = spoiled.get(urlsplit(self.path).path)
            if kind is None:
                return super().send_head()
            self.send_response(HTTPStatus.OK)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(LOGIN)))
            self.end_headers()
            return io.BytesIO(LOGIN)

    return Spoiling


@pytest.fixture
def reader(browser: Browser, site_dir: Path) -> Iterator[Reader]:
    spoiled: dict[str, str] = {}
    with server.serving(site_dir, "127.0.0.1", 0, handler=spoiling(spoiled)) as origin:
        context = browser.new_context(locale="ja-JP", viewport={"width": 1280, "height": 900},
                                      service_workers="allow")
        context.add_init_script(NO_PRELOAD)
        elsewhere: list[str] = []
        context.on("request", lambda r: None if r.url.startswith((origin + "/", "data:", "blob:")) else
                   elsewhere.append(r.url))
        try:
            yield Reader(context.new_page(), origin, spoiled, site_dir)
            assert not elsewhere, elsewhere
        finally:
            context.close()


def test_the_built_worker_lists_each_file_as_it_is_in_the_site(site_dir: Path) -> None:
    """No step of the build changes a file after sw.js is written with its size and hash: otherwise the worker
    would refuse the site's own file (and every install would fail)."""
    build = read_build(site_dir)
    files = [*build["precache"], *(file for group in build["runtime"].values() for file in group["files"])]
    assert {file["url"] for file in files} >= {"./", "404.html", ZIP, WASM}
    for file in files:
        url = file["url"].removeprefix("./")
        data = (site_dir / (f"{url}index.html" if url == "" or url.endswith("/") else url)).read_bytes()
        assert (file["bytes"], file["sha256"]) == (len(data), hashlib.sha256(data).hexdigest()), file["url"]


def visit_controlled(reader: Reader, path: str) -> None:
    """A visit after which the worker is installed and controls the tab (no engine started)."""
    reader.page.goto(reader.url(path))
    reader.page.wait_for_function(CONTROLLED, timeout=BOOT)


def again(page: Page, url: str) -> None:
    """The lessons page opened again, its lesson from the start: the first visit's answer came from the
    page's precomputed answers (#41) and moved the lesson on, which a reopened page resumes."""
    page.evaluate("() => sessionStorage.clear()")
    page.goto(url)


def answers_the_lesson(page: Page) -> None:
    click_card(page, LESSON, RIGHT)
    expect(page.locator(f"#{LESSON} .tf-feedback")).to_have_text("正解です。", timeout=BOOT)
    expect(page.locator(f"#{LESSON} .tf-error")).to_be_hidden()


def refused_then_kept(reader: Reader, path: str, content_type: str, said: str, *kept: str) -> None:
    """A visit that meets a login page as ``path`` (served as ``content_type``): the engine's start is
    refused with ``said``, never a traceback, and nothing is kept; once the reader has logged in, the next
    visit answers the lesson and keeps ``kept`` as the build made them."""
    visit_controlled(reader, "lombardia/")
    reader.spoiled[f"/{path}"] = content_type
    page = reader.page
    page.goto(reader.url(LESSONS))
    click_card(page, LESSON, RIGHT)
    error = page.locator(f"#{LESSON} .tf-error")
    expect(error).to_contain_text(said, timeout=BOOT)
    assert "Traceback" not in error.inner_text()
    assert reader.stored_size(path) is None

    reader.spoiled.clear()
    again(page, reader.url(LESSONS))
    answers_the_lesson(page)
    reader.wait_until_kept_as_built(*kept)


def test_a_login_page_for_the_engine_bundle_is_reported_in_japanese_and_not_kept(reader: Reader) -> None:
    refused_then_kept(reader, ZIP, "text/html",
                      "ルールエンジンのファイル（engine.zip）がこのサイトのものとは違う内容で届きました", ZIP)


def test_a_login_page_for_the_wasm_is_not_kept(reader: Reader) -> None:
    """Served as application/wasm (a proxy that kept the file's headers), it passes the type check."""
    refused_then_kept(reader, WASM, "application/wasm", "pyodide.asm.wasm", WASM, ZIP)


def test_a_bad_copy_an_earlier_worker_kept_is_fetched_again_before_anything_is_said(reader: Reader) -> None:
    """The worker before issue 40 kept any 200 answer: a reader's Cache Storage may hold a login page as the
    engine bundle and as the runtime.  The page drops them and starts again, and the reader sees no error."""
    visit_controlled(reader, "lombardia/")
    runtime = read_build(reader.site_dir)["runtime"]
    page = reader.page
    page.evaluate("""async ([copies, login]) => {
      for (const [name, url, type] of copies) {
        await (await caches.open(name)).put(url, new Response(login, { headers: { "Content-Type": type } }));
      }
    }""", [[[f"trionfi-engine-{runtime['engine']['version']}", reader.url(ZIP), "text/html"],
             [f"trionfi-pyodide-{runtime['pyodide']['version']}", reader.url(WASM), "application/wasm"]],
            LOGIN.decode()])
    assert reader.stored_size(ZIP) == len(LOGIN) and reader.stored_size(WASM) == len(LOGIN)
    page.goto(reader.url(LESSONS))
    answers_the_lesson(page)
    reader.wait_until_kept_as_built(WASM, ZIP)


REGISTER = """async () => {
  const registration = await navigator.serviceWorker.register("/sw.js");
  const worker = registration.installing;
  await new Promise((settled) => {
    const check = () => ["installed", "activated", "redundant"].includes(worker.state) && settled();
    worker.addEventListener("statechange", check);
    check();
  });
  return worker.state;
}"""


@pytest.mark.parametrize("spoiled", ["every file", "one page"])
def test_an_install_that_meets_a_login_page_keeps_nothing(reader: Reader, spoiled: str) -> None:
    """The first page seen is the hotel's login page, and the files the worker fetches at install get it too
    (every one, or only the lessons page, as a proxy's error page might): the install fails and keeps nothing;
    once logged in, the next visit installs the site, which then opens with the network off."""
    page = reader.page
    files = read_build(reader.site_dir)["precache"] if spoiled == "every file" else [{"url": LESSONS}]
    for file in files:
        reader.spoiled[urlsplit(reader.url(file["url"])).path] = "text/html"
    reader.spoiled["/wifi-login/"] = "text/html"
    page.goto(reader.url("wifi-login/"))
    assert page.evaluate(REGISTER) == "redundant"
    assert not [name for name in page.evaluate("caches.keys()") if name.startswith("trionfi-site-")]

    reader.spoiled.clear()
    visit_controlled(reader, "./")
    page.context.set_offline(True)
    page.goto(reader.url(LESSONS))
    expect(page.locator("h1").first).to_contain_text("練習")
    assert "Wi-Fi" not in page.content()
