"""The project's static server: the types Pyodide needs, and a Japanese answer to a link too
long for a request line instead of a bare 414 that leaves the reader nowhere."""

from __future__ import annotations

import sys
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT / "scripts")]

from sitebuild.server import serving  # noqa: E402


@pytest.fixture
def origin(tmp_path: Path) -> Iterator[str]:
    (tmp_path / "index.html").write_text("<p>home</p>", encoding="utf-8")
    (tmp_path / "a.wasm").write_bytes(b"\0asm")
    with serving(tmp_path, port=0) as url:
        yield url


def test_wasm_is_served_as_webassembly(origin: str) -> None:
    with urllib.request.urlopen(f"{origin}/a.wasm") as response:
        assert response.headers["Content-Type"] == "application/wasm"


def test_a_70_kb_share_link_gets_a_japanese_page_with_a_way_on(origin: str) -> None:
    with pytest.raises(urllib.error.HTTPError) as error:
        urllib.request.urlopen(f"{origin}/lombardia/examples/?w=ex-a&s={'A' * 70_000}#ex-a")
    body = error.value.read().decode("utf-8")
    assert error.value.code == 414 and "長すぎて開けません" in body and 'href="/lombardia/examples/"' in body
