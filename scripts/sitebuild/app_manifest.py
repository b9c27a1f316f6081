"""The site as an app on a phone's home screen (issue 40 part 6): ``manifest.webmanifest`` at the site's root
and its icons, written after every build (MkDocs ``on_post_build``, before offline.py lists the files for the
service worker, which so keeps them and the start page for offline use).  Every page links the manifest
(overrides/main.html).

* The app opens at the home page (``start_url`` ``./``, which the service worker precaches), standalone (no
  address bar); a long press on its icon offers each game's score pad (``shortcuts``), the page a table uses.
* The icons are drawn here, without any image library: a tarot card (「太陽」's sun on a white card) on the
  site's indigo, PNG 192 and 512 pixels.  The card lies inside the middle 80 % circle, so that a phone that
  cuts the icon into its own shape (``maskable``) keeps all of it.  The same build writes the same bytes.
"""

from __future__ import annotations

import json
import math
import re
import struct
import zlib
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig

from engine.match import GAME_NAMES

MANIFEST = "manifest.webmanifest"
ICONS = "assets/trionfi/icons"
SIZES = (192, 512)
SHORT_NAME = "トリオンフィ"
INDIGO = (0x40, 0x51, 0xB5)  # Material's indigo, the site's header (mkdocs.yml sets no other primary colour)
WHITE = (0xFF, 0xFF, 0xFF)
GOLD = (0xE8, 0xA3, 0x17)
RGB = tuple[int, int, int]


def icon_path(size: int) -> str:
    return f"{ICONS}/icon-{size}.png"


def manifest(config: MkDocsConfig, pads: list[str]) -> dict[str, object]:
    """The manifest; ``pads`` are the games whose score pad the site has (docs/<game>/pad.md)."""
    icons: list[dict[str, str]] = [{"src": icon_path(size), "sizes": f"{size}x{size}", "type": "image/png",
                                    "purpose": "any"} for size in SIZES]
    icons.append({**icons[-1], "purpose": "maskable"})
    return {
        "id": "./", "name": config.site_name, "short_name": SHORT_NAME,
        "description": one_line(str(config.site_description or "")), "lang": "ja", "dir": "ltr",
        "start_url": "./", "scope": "./", "display": "standalone",
        "theme_color": colour(INDIGO), "background_color": colour(WHITE), "icons": icons,
        "shortcuts": [{"name": f"{GAME_NAMES[game]}の得点計算機", "short_name": "得点計算機",
                       "url": f"{game}/pad/"} for game in pads],
    }


def one_line(text: str) -> str:
    """mkdocs.yml's folded description as one line: no space where a line break fell between Japanese words."""
    return re.sub(r"(?<=[^\x00-\x7f])\s+(?=[^\x00-\x7f])", "", " ".join(text.split()))


def colour(rgb: RGB) -> str:
    return "#" + "".join(f"{c:02x}" for c in rgb)


# --- the icon ---------------------------------------------------------------------------------------
def _rounded_box(x: float, y: float, half_w: float, half_h: float, radius: float) -> float:
    """Signed distance from (x, y) to a rounded rectangle centred on 0 (negative inside)."""
    qx, qy = abs(x) - half_w + radius, abs(y) - half_h + radius
    return math.hypot(max(qx, 0.0), max(qy, 0.0)) + min(max(qx, qy), 0.0) - radius


def _sun(x: float, y: float, s: float) -> float:
    """Signed distance to the sun: a disc and eight rays (each a segment with round ends)."""
    disc = math.hypot(x, y) - 0.08 * s
    step = math.pi / 4
    angle = math.atan2(y, x)
    turn = round(angle / step) * step - angle  # rotate the point onto the nearest ray, along the x axis
    rx = math.hypot(x, y) * math.cos(turn)
    ry = math.hypot(x, y) * math.sin(turn)
    along = min(max(rx, 0.11 * s), 0.145 * s)
    ray = math.hypot(rx - along, ry) - 0.013 * s
    return min(disc, ray)


def _mix(under: RGB, over: RGB, cover: float) -> RGB:
    r, g, b = (round(u + (o - u) * cover) for u, o in zip(under, over, strict=True))
    return (r, g, b)


def _cover(distance: float) -> float:
    """How much of a pixel a shape covers, from the signed distance of the pixel's centre."""
    return min(max(0.5 - distance, 0.0), 1.0)


def icon_pixels(size: int) -> list[list[RGB]]:
    s = float(size)
    half_w, half_h, radius = 0.2 * s, 0.31 * s, 0.03 * s
    frame_inset, frame_width = 0.03 * s, 0.012 * s
    rows = []
    for j in range(size):
        y = j + 0.5 - s / 2
        row = [INDIGO] * size
        if abs(y) < half_h + 1:
            for i in range(int(s / 2 - half_w - 1), int(s / 2 + half_w + 1) + 1):
                x = i + 0.5 - s / 2
                card = _rounded_box(x, y, half_w, half_h, radius)
                pixel = _mix(INDIGO, WHITE, _cover(card))
                inner = _rounded_box(x, y, half_w - frame_inset, half_h - frame_inset, radius * 0.6)
                pixel = _mix(pixel, INDIGO, _cover(abs(inner) - frame_width / 2))
                if abs(x) < 0.2 * s and abs(y) < 0.2 * s:
                    pixel = _mix(pixel, GOLD, _cover(_sun(x, y, s)))
                row[i] = pixel
        rows.append(row)
    return rows


def png(pixels: list[list[RGB]]) -> bytes:
    """An 8-bit RGB PNG of ``pixels`` (rows of (r, g, b)), each row unfiltered."""
    height, width = len(pixels), len(pixels[0])
    raw = b"".join(b"\0" + bytes(c for pixel in row for c in pixel) for row in pixels)

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def on_post_build(config: MkDocsConfig) -> None:
    site = Path(config.site_dir)
    pads = [game for game in GAME_NAMES if (site / game / "pad" / "index.html").is_file()]
    (site / ICONS).mkdir(parents=True, exist_ok=True)
    for size in SIZES:
        (site / icon_path(size)).write_bytes(png(icon_pixels(size)))
    text = json.dumps(manifest(config, pads), ensure_ascii=False, indent=2) + "\n"
    (site / MANIFEST).write_text(text, encoding="utf-8")
