"""Card pictures as one SVG sprite per page (#27): each face drawn once, every card a ``<use>`` of it.

engine/render.py draws a card as a whole inline SVG (``<svg class="tf-svg" … aria-label="名前"><title>名前</title>
…the face…</svg>``), and a page with many cards repeats the same faces again and again (the examples page of
Lombardia held 492 of them: 4,600 of its 6,500 elements).  After the build has rendered a page, ``sprite_page``
keeps each card's outer ``<svg>`` and ``<title>`` (its accessible name and tooltip are unchanged) and puts a
``<use xlink:href="#tf-c…">`` in place of the face; the faces the page uses are written once, as ``<symbol>``s of
one hidden ``<svg class="tf-sprite">`` at the top of the page's content.  In the same document, so the site's
styles (``.tf-face``, ``.tf-trump`` …) still reach the faces; in the content, because Material's instant
navigation swaps the content (and with it the sprite of the new page).

docs/assets/trionfi/sprite.js does the same in the browser to what the engine answers there, adding a face
the page's sprite lacks.  A face's id is the FNV-1a hash of its markup (``symbol_id``), computed the same way
by both, so a face drawn at build time and the same face drawn by the engine in the browser share one symbol.

``xlink:href``, not ``href``: Material's instant navigation sets ``element.href = element.href`` on every
``[href]`` of a page, which throws on an SVG ``<use>`` (its ``href`` is read-only) and stops the navigation's
set-up; the XLink attribute is in its own namespace, so ``[href]`` does not match it.
"""

from __future__ import annotations

import re

# One card as engine/render.py draws it: the outer <svg>, its <title>, and the face (no nested <svg>).
CARD = re.compile(r'(<svg class="tf-svg" viewBox="0 0 64 96"[^>]*>)(<title>[^<]*</title>)((?:(?!</svg>).)*)</svg>',
                  re.DOTALL)
USE = "<use xlink:href"
SPRITE_CLASS = "tf-sprite"
# Hidden without display:none (a display:none sprite leaves its symbols unstyled in some browsers); styled
# in the attribute, so that it takes no room even before any stylesheet arrives.
SPRITE_OPEN = (f'<svg class="{SPRITE_CLASS}" aria-hidden="true" focusable="false" '
               'style="position:absolute;width:0;height:0;overflow:hidden">')
CONTENT = re.compile(r'(<article class="md-content__inner[^"]*">)')


class SpriteError(Exception):
    """Two different faces with one id (a hash collision): the page would show the wrong card."""


def symbol_id(face: str) -> str:
    """``tf-c`` and the 32-bit FNV-1a hash of the face's UTF-8 bytes in base 36 (sprite.js: ``symbolId``)."""
    value = 0x811C9DC5
    for byte in face.encode("utf-8"):
        value = ((value ^ byte) * 0x01000193) & 0xFFFFFFFF
    return "tf-c" + _base36(value)


def _base36(value: int) -> str:
    digits = ""
    while True:
        value, rest = divmod(value, 36)
        digits = "0123456789abcdefghijklmnopqrstuvwxyz"[rest] + digits
        if not value:
            return digits


def symbol(ident: str, face: str) -> str:
    return f'<symbol id="{ident}" viewBox="0 0 64 96">{face}</symbol>'


def use_cards(html: str) -> tuple[str, dict[str, str]]:
    """``html`` with each card's face replaced by a ``<use>``, and the faces it used (id -> face markup)."""
    faces: dict[str, str] = {}

    def replace(match: re.Match[str]) -> str:
        outer, title, face = match.groups()
        if face.startswith("<use "):  # drawn from the sprite already
            return match.group(0)
        ident = symbol_id(face)
        if faces.setdefault(ident, face) != face:
            raise SpriteError(f"二つの違う札の絵が同じ id {ident} になりました（sprite の hash の衝突）。")
        return f'{outer}{title}{USE}="#{ident}"></use></svg>'

    return CARD.sub(replace, html), faces


def sprite(faces: dict[str, str]) -> str:
    """The hidden sprite of these faces ("" for none), in a stable order."""
    if not faces:
        return ""
    return SPRITE_OPEN + "".join(symbol(ident, faces[ident]) for ident in sorted(faces)) + "</svg>"


def sprite_page(output: str) -> str:
    """A built page with its cards drawn from one sprite at the top of its content (unchanged without cards)."""
    html, faces = use_cards(output)
    if not faces:
        return output
    result, found = CONTENT.subn(lambda m: m.group(1) + sprite(faces), html, count=1)
    if not found:
        raise SpriteError("Material の本文（md-content__inner）が見つからないので、札の sprite を置けません。")
    return result
