"""Expand the card and widget markup of the Markdown pages into pre-rendered HTML.

Pages hold only ``<div class="trionfi-…" data-…></div>``; this module replaces each with
what the engine renders, so every page is complete without JavaScript and the widget has
no layout shift when the worker later swaps in new fragments.  An unknown card, pack or
tutorial id stops the build with the page's name.
"""

from __future__ import annotations

import re
from html import escape

from engine import render, web
from engine.cards import CardError, Pack, parse_cards
from engine.tutorials import Example, Lesson

MARKUP = re.compile(r'<div class="trionfi-(cards|pack|widget)"((?:\s+[\w-]+="[^"]*")*)\s*>\s*</div>')
ATTR = re.compile(r'([\w-]+)="([^"]*)"')


class MarkupError(Exception):
    """Markup on a page that names something the engine does not know."""


def root_of(url: str) -> str:
    """Relative way from a page (``lombardia/examples/``) back to the site root (``../../``)."""
    return "../" * url.count("/")


def expand(html: str, page: str, url: str, tutorials: dict[str, Lesson | Example], download_mb: float) -> str:
    def replace(match: re.Match[str]) -> str:
        attrs = dict(ATTR.findall(match.group(2)))
        try:
            return _render(match.group(1), attrs, root_of(url), tutorials, download_mb)
        except (CardError, MarkupError, ValueError) as error:
            raise MarkupError(f"{page}: {match.group(0)[:80]}: {error}") from None

    return MARKUP.sub(replace, html)


def _render(kind: str, attrs: dict[str, str], root: str, tutorials: dict[str, Lesson | Example],
            download_mb: float) -> str:
    game = attrs.get("data-game") or None
    if kind == "cards":
        return render.cards_row(parse_cards(attrs.get("data-cards", "")), game)
    if kind == "pack":
        return render.pack_grid(Pack(attrs.get("data-pack", "")), game)
    return _widget(attrs, root, tutorials, download_mb)


def _widget(attrs: dict[str, str], root: str, tutorials: dict[str, Lesson | Example], download_mb: float) -> str:
    ident, ref, kind = attrs.get("id", ""), attrs.get("data-ref", ""), attrs.get("data-widget", "")
    if not ident:
        raise MarkupError("ウィジェットには id が必要です（共有リンクとページ内リンクに使います）。")
    tutorial = tutorials.get(ref)
    wanted = {"lesson": Lesson, "example": Example}.get(kind)
    if wanted is None or not isinstance(tutorial, wanted):
        raise MarkupError(f"data-widget=\"{kind}\" の「{ref}」は見つかりません。")
    extra, body, start = "", "", ""
    if isinstance(tutorial, Lesson):
        n = tutorial.next_stop(0)
        extra = f' data-n="{n}"'
        body = web.lesson_intro(tutorial, root)
        start = '<button type="button" class="md-button tf-restart" data-action="restart">最初から</button>'
    else:
        assert isinstance(tutorial, Example)
        extra = f' data-code="{escape(tutorial.position.share_code())}"'
        body = web.example_body(tutorial, tutorial.position, root)
    status = f"はじめて操作したときに、Python 実行環境（約{download_mb:.1f}MB、初回のみ）を読み込みます。"
    return (
        f'<div class="trionfi-widget" id="{escape(ident)}" data-widget="{kind}" data-game="{tutorial.game}" '
        f'data-ref="{escape(ref)}" data-root="{root}"{extra}>'
        f'<h3 class="tf-title">{escape(tutorial.title)}</h3>'
        f'<div class="tf-body">{body}</div>'
        '<p class="tf-feedback" role="status" aria-live="polite"></p>'
        f'<div class="tf-controls">{start}'
        '<button type="button" class="md-button tf-share" data-action="share">共有リンクをコピー</button>'
        f'<span class="tf-status" data-state="idle">{escape(status)}</span></div>'
        '<p class="tf-error" role="alert" hidden></p>'
        "</div>"
    )
