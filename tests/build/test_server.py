"""The project's static server: the types Pyodide needs, and a Japanese answer to a link too
long for a request line instead of a bare 414 that leaves the reader nowhere; gzip and the site's
404 page as a real host sends them, so that local measurements match what readers get."""

from __future__ import annotations

import gzip
import sys
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT / "scripts")]

from sitebuild.server import accepts_gzip, serving  # noqa: E402


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("site")


@pytest.fixture(scope="module")
def origin(site: Path) -> Iterator[str]:
    """One server for the module (stopping one waits up to half a second)."""
    (site / "index.html").write_text("<p>home</p>", encoding="utf-8")
    (site / "a.wasm").write_bytes(b"\0asm" + bytes(range(256)) * 64)
    (site / "404.html").write_text('<html lang="ja"><p>ページが見つかりません</p>', encoding="utf-8")
    (site / "card.png").write_bytes(b"\x89PNG")
    with serving(site, port=0) as url:
        yield url


def test_wasm_is_served_as_webassembly(origin: str) -> None:
    with urllib.request.urlopen(f"{origin}/a.wasm") as response:
        assert response.headers["Content-Type"] == "application/wasm"


def test_a_70_kb_share_link_gets_a_japanese_page_with_a_way_on(origin: str) -> None:
    with pytest.raises(urllib.error.HTTPError) as error:
        urllib.request.urlopen(f"{origin}/lombardia/examples/?w=ex-a&s={'A' * 70_000}#ex-a")
    body = error.value.read().decode("utf-8")
    assert error.value.code == 414 and "長すぎて開けません" in body and 'href="/lombardia/examples/"' in body


def get(url: str, **headers: str) -> tuple[int, dict[str, str], bytes]:
    request = urllib.request.Request(url, headers=headers)
    try:
        with urllib.request.urlopen(request) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


def test_wasm_and_pages_are_sent_gzipped_to_a_browser_that_accepts_it(origin: str, site: Path) -> None:
    for path, file, kind in (("/a.wasm", "a.wasm", "application/wasm"), ("/", "index.html", "text/html")):
        status, headers, body = get(origin + path, **{"Accept-Encoding": "gzip, deflate, br"})
        assert status == 200 and headers["Content-Encoding"] == "gzip" and headers["Vary"] == "Accept-Encoding"
        assert headers["Content-Type"] == kind and int(headers["Content-Length"]) == len(body)
        assert gzip.decompress(body) == (site / file).read_bytes()


def test_other_clients_and_other_files_get_the_plain_bytes(origin: str, site: Path) -> None:
    status, headers, body = get(f"{origin}/a.wasm")
    assert status == 200 and "Content-Encoding" not in headers and headers["Vary"] == "Accept-Encoding"
    assert body == (site / "a.wasm").read_bytes()
    status, headers, body = get(f"{origin}/card.png", **{"Accept-Encoding": "gzip"})
    assert "Content-Encoding" not in headers and body == b"\x89PNG"


def test_an_unchanged_file_is_revalidated_without_its_body(origin: str) -> None:
    _, headers, _ = get(f"{origin}/a.wasm", **{"Accept-Encoding": "gzip"})
    since = headers["Last-Modified"]
    status, _, body = get(f"{origin}/a.wasm", **{"Accept-Encoding": "gzip", "If-Modified-Since": since})
    assert status == 304 and body == b""


def test_a_missing_page_gets_the_sites_japanese_404_page(origin: str) -> None:
    status, headers, body = get(f"{origin}/no/such/page/")
    assert status == 404 and headers["Content-Type"] == "text/html; charset=utf-8"
    assert "ページが見つかりません" in body.decode("utf-8")


@pytest.mark.parametrize(("header", "wanted"), [
    ("gzip", True), ("deflate, gzip;q=0.5", True), ("*", True), ("GZIP", True),
    ("", False), ("br", False), ("gzip;q=0", False), ("gzip;q=0.0", False), ("identity", False),
])
def test_accept_encoding(header: str, wanted: bool) -> None:
    assert accepts_gzip(header) is wanted
