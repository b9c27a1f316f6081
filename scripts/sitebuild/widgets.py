"""Expand the card and widget markup of the Markdown pages into pre-rendered HTML.

Pages hold only ``<div class="trionfi-…" data-…></div>``; this module replaces each with
what the engine renders, so every page is complete without JavaScript and the widget has
no layout shift when the worker later swaps in new fragments.  An unknown card, pack or
tutorial id stops the build with the page's name.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from html import escape
from html.parser import HTMLParser

from engine import practice, render, web
from engine.bots import BOTS
from engine.cards import CardError, Pack, parse_cards
from engine.games import GAMES
from engine.table import table_op
from engine.tutorials import Example, Lesson

from .lesson_path import Paths, next_stop, progress_html
from .pad_widget import pad_widget

KINDS = ("cards", "pack", "widget", "progress")


class MarkupError(Exception):
    """Markup on a page that names something the engine does not know."""


@dataclass
class Found:
    """One ``<div class="trionfi-…">`` of a page: where it starts and ends in the HTML, and its attributes."""

    kind: str
    attrs: dict[str, str]
    start: int
    end: int = -1
    line: int = 0
    empty: bool = True


class _Finder(HTMLParser):
    """Finds the site's markup with a real HTML parser, so attribute order, quoting and spacing
    do not matter; a class that only looks like ours (``trionfi-widgets``) is an error, never
    an empty ``<div>`` on the published page."""

    def __init__(self, html: str) -> None:
        super().__init__(convert_charrefs=True)
        self.html = html
        self.line_starts = [0, *(i + 1 for i, ch in enumerate(html) if ch == "\n")]
        self.found: list[Found] = []
        self.open: list[Found | None] = []  # the stack of open divs: ours, or None for any other

    def _at(self) -> int:
        line, column = self.getpos()
        return self.line_starts[line - 1] + column

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for item in self.open:
            if item is not None:
                item.empty = False
        if tag != "div":
            return
        values = {name: value or "" for name, value in attrs}
        ours = [c for c in values.get("class", "").split() if c.startswith("trionfi")]
        if not ours:
            self.open.append(None)
            return
        kind = ours[0].removeprefix("trionfi-")
        if len(ours) > 1 or kind not in KINDS:
            raise MarkupError(f"HTML の{self.getpos()[0]}行目: class「{' '.join(ours)}」は使えません"
                              f"（trionfi-cards・trionfi-pack・trionfi-widget・trionfi-progress のどれか1つです）。")
        item = Found(kind, values, self._at(), line=self.getpos()[0])
        self.found.append(item)
        self.open.append(item)

    def handle_endtag(self, tag: str) -> None:
        if tag != "div" or not self.open:
            return
        item = self.open.pop()
        if item is not None:
            item.end = self._at() + len(self.get_endtag_text())

    def get_endtag_text(self) -> str:
        text = self.html[self._at():]
        return text[:text.index(">") + 1]

    def handle_data(self, data: str) -> None:
        if data.strip():
            for item in self.open:
                if item is not None:
                    item.empty = False


def find(html: str) -> list[Found]:
    finder = _Finder(html)
    finder.feed(html)
    finder.close()
    for item in finder.found:
        if item.end < 0 or not item.empty:
            raise MarkupError(f"HTML の{item.line}行目: <div class=\"trionfi-{item.kind}\"> は中身を書かずに"
                              "</div> で閉じます。")
    return finder.found


def root_of(url: str) -> str:
    """Relative way from a page (``lombardia/examples/``) back to the site root (``../../``)."""
    return "../" * url.count("/")


@dataclass(frozen=True)
class Site:
    """What the markup of every page may name: the tutorials, the lesson paths, the games with a practice
    table, and the size of the first download (told before a reader's first click)."""

    tutorials: dict[str, Lesson | Example]
    download_mb: float
    paths: Paths = field(default_factory=dict)
    tables: frozenset[str] | set[str] = frozenset()
    names: dict[str, str] = field(default_factory=dict)  # game folder -> its name (the nav section's title)


def expand(html: str, page: str, url: str, site: Site) -> str:
    """The page with every card, pack, widget and progress markup replaced by what the engine renders."""
    try:
        found = find(html)
        _check_widgets(found)
    except MarkupError as error:
        raise MarkupError(f"{page}: {error}") from None
    parts, at = [], 0
    for item in found:
        try:
            rendered = _render(item.kind, item.attrs, root_of(url), site)
        except (CardError, MarkupError, ValueError) as error:
            raise MarkupError(f"{page}: HTML の{item.line}行目: {html[item.start:item.end][:80]}: {error}") from None
        parts += [html[at:item.start], rendered]
        at = item.end
    return "".join([*parts, html[at:]])


WIDGET_ID = re.compile(r"(?=.{1,64}$)[a-z0-9]+(?:-[a-z0-9]+)*")  # as the README asks: 半角の名前


def _check_widgets(found: list[Found]) -> None:
    """Widget ids are unique on a page (share links and anchors point at them)."""
    seen: dict[str, int] = {}
    for item in found:
        ident = item.attrs.get("id", "")
        if item.kind == "widget" and ident:
            if ident in seen:
                raise MarkupError(
                    f"HTML の{item.line}行目: ウィジェットの id「{ident}」は{seen[ident]}行目でも使われています。")
            seen[ident] = item.line


def _render(kind: str, attrs: dict[str, str], root: str, site: Site) -> str:
    game = attrs.get("data-game") or None
    if kind == "cards":
        return render.cards_row(parse_cards(attrs.get("data-cards", "")), game)
    if kind == "pack":
        return render.pack_grid(Pack(attrs.get("data-pack", "")), game)
    if kind == "progress":
        if game not in site.paths:
            raise MarkupError(f"data-game=\"{game}\" の練習のページ（docs/{game}/lessons.md）がありません。")
        return progress_html(game, site.names.get(game, game), site.paths[game], root, "data-compact" in attrs)
    return _widget(attrs, root, site)


def _status(download_mb: float) -> str:
    text = (f"Python 実行環境（約{download_mb:.1f}MB、初回のみ）は、操作したとき、"
            "または表示されて少したつと読み込みます。")
    return f'<span class="tf-status" data-state="idle">{escape(text)}</span>'


def _table(ident: str, game: str, root: str, download_mb: float) -> str:
    """The practice table, pre-rendered at deal 1 with the reader in seat 0 (the computers have
    already played up to the reader's first decision), so the page shows a real table without WASM."""
    if game not in BOTS:
        raise MarkupError(f"data-game=\"{game}\" の対局練習はありません（{'・'.join(BOTS)}）。")
    first = table_op({"game": game, "do": "new", "deal": 1, "seat": 0, "root": root})
    bot = BOTS[game]
    return (
        f'<div class="trionfi-widget tf-table-widget" id="{escape(ident)}" data-widget="table" data-game="{game}" '
        f'data-root="{root}" data-deal="1" data-seat="0" data-code="{escape(first["code"])}" '
        f'data-start="{escape(first["start"])}" data-done="false">'
        '<h3 class="tf-title">対局練習</h3><p class="tf-error" role="alert" hidden></p>'
        + practice.settings_html(bot, GAMES[game].normalise_variants({}), 0)
        + '<div class="tf-coach" role="group" aria-label="コーチ">'
        '<button type="button" class="md-button" data-action="hint">ヒント</button>'
        '<button type="button" class="md-button" data-action="undo">1手戻す</button>'
        '<button type="button" class="md-button" data-action="restart">最初から</button>'
        '<label class="tf-marks"><input type="checkbox" data-setting="marks" checked> 出せる札を強調する</label></div>'
        '<p class="tf-feedback" role="status" aria-live="polite"></p>'
        f'<div class="tf-body">{first["html"]}</div>'
        '<div class="tf-controls">'
        '<button type="button" class="md-button" data-action="next-deal" hidden>次のディール</button>'
        '<button type="button" class="md-button" data-action="share">この局面を共有</button>'
        '<button type="button" class="md-button" data-action="share-deal">このディールを共有</button>'
        '<button type="button" class="md-button" data-action="new-deal">新しいディール</button>'
        f"{_status(download_mb)}</div>{practice.rules_html(bot)}</div>"
    )


def _widget(attrs: dict[str, str], root: str, site: Site) -> str:
    ident, ref, kind = attrs.get("id", ""), attrs.get("data-ref", ""), attrs.get("data-widget", "")
    download_mb = site.download_mb
    if not ident:
        raise MarkupError("ウィジェットには id が必要です（共有リンクとページ内リンクに使います）。")
    if not WIDGET_ID.fullmatch(ident):
        raise MarkupError(f"ウィジェットの id「{ident[:40]}」は、半角英小文字・数字・ハイフンで64文字までの名前にします"
                          "（例: ex-basic。共有リンクとページ内リンクに入ります）。")
    if kind == "table":
        return _table(ident, attrs.get("data-game", ""), root, download_mb)
    if kind == "pad":  # the score pad: its entry form works before the engine loads
        game = attrs.get("data-game", "")
        return pad_widget(ident, game, root, _status(download_mb), site.names.get(game, game))
    tutorial = site.tutorials.get(ref)
    wanted = {"lesson": Lesson, "example": Example}.get(kind)
    if tutorial is None or wanted is None or not isinstance(tutorial, wanted):
        raise MarkupError(f"data-widget=\"{kind}\" の「{ref}」は見つかりません。")
    if attrs.get("data-game", tutorial.game) != tutorial.game:
        raise MarkupError(f"data-game=\"{attrs['data-game']}\" ですが、「{ref}」は {tutorial.game} の"
                          f"{'練習' if kind == 'lesson' else '例'}です。")
    extra, body, start, after = "", "", "", ""
    if isinstance(tutorial, Lesson):
        n = tutorial.next_stop(0)  # the code lets a link made before the first move open the lesson's start
        extra = f' data-n="{n}" data-code="{escape(tutorial.state_at(n).share_code())}"'
        body, log = web.lesson_intro(tutorial, root)
        start = '<button type="button" class="md-button tf-restart" data-action="restart">最初から</button>'
        href, label = next_stop(tutorial.game, ident, site.paths, tutorial.game in site.tables)
        extra += f' data-lesson="{escape(tutorial.id)}"'
        after = (f'<p class="tf-next-lesson" hidden><a class="md-button md-button--primary" href="{root}{href}">'
                 f'{escape(label)}</a></p><div class="tf-lesson-log">{log}</div>')
    else:
        assert isinstance(tutorial, Example)
        last = len(tutorial.lines)  # pre-rendered at the end: the sheet reads without WASM
        end, words = tutorial.moment(last)
        extra = f' data-code="{escape(end.share_code())}" data-step="{last}"'
        body = web.example_body(tutorial, end, last, words, root)
    return (
        f'<div class="trionfi-widget" id="{escape(ident)}" data-widget="{kind}" data-game="{tutorial.game}" '
        f'data-ref="{escape(ref)}" data-root="{root}"{extra}>'
        f'<h3 class="tf-title">{escape(tutorial.title)}</h3>'
        '<p class="tf-error" role="alert" hidden></p>'
        f'<div class="tf-body">{body}</div>'
        f'<p class="tf-feedback" role="status" aria-live="polite"></p>{after}'
        f'<div class="tf-controls">{start}'
        '<button type="button" class="md-button tf-share" data-action="share">共有リンクをコピー</button>'
        f"{_status(download_mb)}</div></div>"
    )
