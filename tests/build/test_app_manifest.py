"""The site installable on a phone's home screen (issue 40 part 6): the web app manifest and its icons that
scripts/sitebuild/app_manifest.py writes after a build.  The browser side (every page links the manifest,
the icons load): tests/site/test_offline.py."""

from __future__ import annotations

import json
import re
import struct
import sys
import zlib
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "scripts")]

from sitebuild import app_manifest, offline, vendor  # noqa: E402

PAGES = ("index.html", "lombardia/pad/index.html", "rotarot/pad/index.html", "lombardia/index.html")
MANIFEST = {"pyodide": "314.0.7", "engine_zip_sha256": "ab" * 32}


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A site of a few pages after the build's last step but the service worker's."""
    tmp_path = tmp_path_factory.mktemp("site")
    runtime = [f"{vendor.PYODIDE_DEST}/{name}" for name in vendor.PYODIDE_RUNTIME] + [vendor.ENGINE_ZIP]
    for page in (*PAGES, *runtime):  # the runtime's files too: the service worker's list hashes them
        (tmp_path / page).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / page).write_text("page", encoding="utf-8")
    config = SimpleNamespace(site_dir=str(tmp_path), site_name="Trionfi — タロット系カードゲームの学び舎",
                             site_description="タロットのカードで遊ぶ\nゲームを学ぶ Trionfi の\nサイトです。")
    app_manifest.on_post_build(cast(Any, config))
    return tmp_path


def read_png(data: bytes) -> tuple[int, int, list[bytes]]:
    """Width, height and rows of pixels of an 8-bit RGB PNG whose rows are unfiltered (as the build writes)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    chunks, at = {}, 8
    while at < len(data):
        (length,) = struct.unpack(">I", data[at:at + 4])
        kind, body = data[at + 4:at + 8], data[at + 8:at + 8 + length]
        assert struct.unpack(">I", data[at + 8 + length:at + 12 + length])[0] == zlib.crc32(kind + body)
        chunks[kind] = body
        at += 12 + length
    width, height, depth, colour = struct.unpack(">IIBB", chunks[b"IHDR"][:10])
    assert (depth, colour) == (8, 2)
    raw = zlib.decompress(chunks[b"IDAT"])
    rows = [raw[r * (3 * width + 1):(r + 1) * (3 * width + 1)] for r in range(height)]
    assert all(row[0] == 0 for row in rows)
    return width, height, [row[1:] for row in rows]


def test_the_manifest_has_what_a_phone_needs_to_install_the_site(site: Path) -> None:
    data = json.loads((site / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert data["name"] == "Trionfi — タロット系カードゲームの学び舎"
    assert re.fullmatch(r"[\u30a0-\u30ff]+", data["short_name"])  # Japanese, and short enough for an icon
    assert data["description"] == "タロットのカードで遊ぶゲームを学ぶ Trionfi のサイトです。" and data["lang"] == "ja"
    assert data["display"] == "standalone" and data["start_url"] == data["scope"] == "./"
    assert all(re.fullmatch(r"#[0-9a-f]{6}", data[key]) for key in ("theme_color", "background_color"))
    sizes = {icon["sizes"] for icon in data["icons"] if icon["purpose"] == "any" and icon["type"] == "image/png"}
    assert sizes == {"192x192", "512x512"}
    assert any(icon["purpose"] == "maskable" for icon in data["icons"])
    # a shortcut for each game whose score pad the site has, and no other
    assert [s["url"] for s in data["shortcuts"]] == ["lombardia/pad/", "rotarot/pad/"]
    assert data["shortcuts"][0]["name"] == "ロンバルディアタロットの得点計算機"


def test_the_icons_are_pngs_of_the_sizes_the_manifest_gives(site: Path) -> None:
    data = json.loads((site / "manifest.webmanifest").read_text(encoding="utf-8"))
    for icon in data["icons"]:
        width, height, _ = read_png((site / icon["src"]).read_bytes())
        assert f"{width}x{height}" == icon["sizes"]


def test_the_card_lies_inside_the_circle_a_maskable_icon_keeps(site: Path) -> None:
    """A phone may cut the icon to a circle of 80 % of its width: outside it there is only the background."""
    data = json.loads((site / "manifest.webmanifest").read_text(encoding="utf-8"))
    width, height, rows = read_png((site / app_manifest.icon_path(512)).read_bytes())
    background = bytes.fromhex(data["theme_color"][1:])
    outside = [rows[y][3 * x:3 * x + 3] for y in range(height) for x in range(width)
               if (x + 0.5 - width / 2) ** 2 + (y + 0.5 - height / 2) ** 2 > (0.4 * width) ** 2]
    inside = {rows[y][3 * x:3 * x + 3] for y in range(height) for x in range(width)}
    assert set(outside) == {background} and len(inside) > 3  # the card is drawn, in more than one colour


def test_the_start_page_and_the_shortcuts_are_kept_for_offline_use(site: Path) -> None:
    data = json.loads((site / "manifest.webmanifest").read_text(encoding="utf-8"))
    precache = {file["url"] for file in offline.build_list(site, MANIFEST)["precache"]}
    for url in [data["start_url"], *(s["url"] for s in data["shortcuts"])]:
        assert url in precache
    assert all(icon["src"] in precache for icon in data["icons"]) and "manifest.webmanifest" in precache


def test_the_same_build_writes_the_same_icons(site: Path) -> None:
    """(The service worker's version hashes every file: an unchanged site must keep its version.)"""
    assert (site / app_manifest.icon_path(192)).read_bytes() == app_manifest.png(app_manifest.icon_pixels(192))
