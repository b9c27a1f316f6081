"""Lighter pages (#27): each page carries only the styles it uses, with no request that holds up its
first paint, and the site's own scripts and styles are minified.

* The site's styles are written into the page, minified: ``site.css`` (every page) at the end of the head;
  ``widget.css`` (cards, widgets) and ``pad.css`` (the score pad) at the top of the content of the pages
  whose HTML uses them, in the cascade order they had as stylesheets (widget, site, pad: site.css comes
  again after widget.css there, so that its rules still win ties).  In the content, because Material's
  instant navigation swaps the content but never the head: the styles arrive with the page that needs them.
  (mkdocs.yml links none of them; the files stay in the site for anyone who links them.)
* Two things that made the browser restyle much of the page while Material's bundle starts (a Chromium trace,
  #27) are settled in the HTML instead.  Material moves every table of the text (``table:not([class])``) into
  its scrolling wrapper (``<div class="md-typeset__scrollwrap"><div class="md-typeset__table">``): moving a
  child of the article made the browser restyle the whole article, and the moved tables again.  The build
  writes each such table inside that wrapper already, with the class ``tf-datatable`` so that Material
  leaves it where it is, and Material's stylesheet (main.css, after the build) gives ``table.tf-datatable``
  the same styles as ``table:not([class])``.  And a page with a widget says so on Material's
  container (``tf-widget-page``; instant navigation swaps the container with the page) for site.css's rule
  that hides the 「ページトップへ戻る」 pill there, which was ``body:has(.trionfi-widget)``: a ``:has()`` on
  <body> is checked again at every change of the page's elements.
* After the build, esbuild (npm, pinned in package.json) minifies ``assets/trionfi/*.js`` and ``*.css``
  in the built site, in place: the sources in docs/ stay readable, and ``mkdocs serve`` serves the same.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.pages import Page

from .card_sprite import SpriteError, sprite_page

ASSETS = "assets/trionfi"
# the content's stylesheets: what in a page's HTML needs them, in cascade order
STYLES = {
    "widget.css": re.compile(r'class="(?:trionfi-|tf-)'),
    "site.css": re.compile(r'class="(?:trionfi-|tf-)'),
    "pad.css": re.compile(r'class="[^"]*\btf-pad\b'),
}
CONTENT = re.compile(r'(<article class="md-content__inner[^"]*">)')
# Material's bundle, a classic script at the end of the body: deferred, it runs at the same moment (after the
# page is parsed, before DOMContentLoaded and before our modules, in document order) but the first paint no
# longer waits for its download (Lighthouse counted it as render-blocking).
BUNDLE = re.compile(r'<script src="([^"]*assets/javascripts/bundle\.[0-9a-f]+\.min\.js)"></script>')
# Material's palette.css turns transitions off on every element while the colour scheme is switched, and the
# bundle switches it on every page load: setting and removing that attribute on <body> makes the browser
# restyle the whole page twice (about a fifth of a rules page's style work, #27).  The rule goes; switching
# between light and dark then shows the few colour transitions Material has (0.25 s).
SWITCHING = re.compile(r"\[data-md-color-switching\] \*,\[data-md-color-switching\] :after,"
                       r"\[data-md-color-switching\] :before\{transition-duration:0s!important\}")
# the text's tables, as Markdown writes them (widgets' tables have classes), and Material's wrapper of them
# (its templates/table: what its bundle would put them in)
DATA_TABLE = re.compile(r"<table>(.*?</table>)", re.S)
WRAPPED_TABLE = (r'<div class="md-typeset__scrollwrap"><div class="md-typeset__table">'
                 r'<table class="tf-datatable">\1</div></div>')
# Material's (and site.css's) selector of those tables, which must match the wrapped ones too; :is() keeps its
# specificity, so the order of the rules stays as Material wrote it.
TABLE_SELECTOR = "table:not([class])"
BOTH_TABLES = "table:is(:not([class]),.tf-datatable)"
CONTAINER = '<div class="md-container" data-md-component="container">'
WIDGET = re.compile(r'class="trionfi-widget[\s"]')
_minified: dict[str, str] = {}


def minified(name: str, root: Path) -> str:
    """``docs/assets/trionfi/<name>`` minified by esbuild, once per build."""
    if name not in _minified:
        done = subprocess.run([str(esbuild(root)), str(root / "docs" / ASSETS / name), "--minify", "--charset=utf8",
                               "--log-level=warning"], capture_output=True, text=True, check=False)
        if done.returncode:
            raise PluginError(f"esbuild が {name} を縮小できませんでした:\n{done.stderr}")
        _minified[name] = done.stdout.strip()
    return _minified[name]


def styles(html: str, root: Path) -> str:
    """The content's own styles, or "" for a page without cards or widgets."""
    return "".join(f"<style>{minified(name, root)}</style>" for name, used in STYLES.items() if used.search(html))


def on_pre_build(config: MkDocsConfig) -> None:
    _minified.clear()  # mkdocs serve: the sources may have changed since the last build


def on_post_page(output: str, page: Page, config: MkDocsConfig) -> str:
    root = Path(config.config_file_path).resolve().parent
    try:
        output = sprite_page(output)  # the cards' faces once, in the page's sprite (card_sprite.py)
    except SpriteError as error:
        raise PluginError(f"{page.file.src_uri}: {error}") from None
    output = BUNDLE.sub(r'<script src="\1" defer></script>', output, count=1)  # tests/site/test_sprite.py checks it
    output = DATA_TABLE.sub(WRAPPED_TABLE, output)
    if WIDGET.search(output):
        output = output.replace(CONTAINER, CONTAINER.replace('"md-container"', '"md-container tf-widget-page"'), 1)
    output = output.replace("</head>", f"<style>{minified('site.css', root)}</style></head>", 1)
    wanted = styles(output, root)
    if not wanted:
        return output
    result, found = CONTENT.subn(lambda m: m.group(1) + wanted, output, count=1)
    if not found:
        raise PluginError(f"{page.file.src_uri}: Material の本文（md-content__inner）が見つかりません。")
    return result


def esbuild(root: Path) -> Path:
    binary = root / "node_modules" / ".bin" / "esbuild"
    if not binary.is_file():
        raise PluginError("esbuild が見つかりません（node_modules/.bin/esbuild）: run ./scripts/setup（npm ci）")
    return binary


def on_post_build(config: MkDocsConfig) -> None:
    root = Path(config.config_file_path).resolve().parent
    for palette in (Path(config.site_dir) / "assets" / "stylesheets").glob("palette.*.min.css"):
        css = palette.read_text(encoding="utf-8")
        palette.write_text(SWITCHING.sub("", css), encoding="utf-8")
    for main in (Path(config.site_dir) / "assets" / "stylesheets").glob("main.*.min.css"):
        css = main.read_text(encoding="utf-8")
        if TABLE_SELECTOR in css:
            main.write_text(css.replace(TABLE_SELECTOR, BOTH_TABLES), encoding="utf-8")
        elif BOTH_TABLES not in css:  # (already there: a `mkdocs build --dirty` that did not copy it again)
            raise PluginError(f"{main.name} に {TABLE_SELECTOR} がありません（Material の表の書き方が変わった？）。")
    folder = Path(config.site_dir) / ASSETS
    files = sorted(str(p) for p in folder.iterdir() if p.suffix in (".js", ".css"))
    done = subprocess.run([str(esbuild(root)), *files, "--minify", "--log-level=warning", "--charset=utf8",
                           f"--outdir={folder}", "--allow-overwrite"], capture_output=True, text=True, check=False)
    if done.returncode:
        raise PluginError(f"esbuild がスクリプトを縮小できませんでした:\n{done.stderr}")
