"""What the build adds for speed and offline use (#27): the service worker's file list and version
(scripts/sitebuild/offline.py) and the styles linked only where used (scripts/sitebuild/page_assets.py).
The browser side: tests/site/test_offline.py."""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "scripts")]

from sitebuild import offline, page_assets, vendor  # noqa: E402

MANIFEST = {"pyodide": "314.0.7", "engine_zip_sha256": "ab" * 32}


def site(tmp_path: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    return tmp_path


SITE = {"index.html": "home", "lombardia/lessons/index.html": "lessons", "404.html": "missing",
        "lombardia/lessons/answers.json": "{}",
        "assets/trionfi/client.js": "js", "assets/trionfi/client.js.map": "map", "sitemap.xml.gz": "gz",
        **{f"assets/pyodide/{name}": f"runtime {name}" for name in vendor.PYODIDE_RUNTIME},
        "assets/engine/engine.zip": "zip",
        "assets/javascripts/lunr/tinyseg.js": "ja", "assets/javascripts/lunr/wordcut.js": "th",
        "assets/trionfi/bench-worker.js": "bench", "sw.js": "old worker"}
PAGES = {"./": "index.html", "lombardia/lessons/": "lombardia/lessons/index.html"}


def test_pages_and_assets_are_precached_and_the_engine_is_left_to_first_use(tmp_path: Path) -> None:
    build = offline.build_list(site(tmp_path, SITE), MANIFEST)
    assert [file["url"] for file in build["precache"]] == [
        "404.html", "assets/javascripts/lunr/tinyseg.js", "assets/trionfi/client.js", "./",
        "lombardia/lessons/answers.json", "lombardia/lessons/"]
    runtime = build["runtime"]
    assert runtime["engine"]["version"] == "ab" * 8
    assert [file["url"] for file in runtime["engine"]["files"]] == ["assets/engine/engine.zip"]
    assert runtime["pyodide"]["version"] == "314.0.7"
    assert [file["url"] for file in runtime["pyodide"]["files"]] == [
        f"assets/pyodide/{name}" for name in vendor.PYODIDE_RUNTIME]


def test_every_listed_file_comes_with_the_size_and_sha256_of_the_built_file(tmp_path: Path) -> None:
    """The worker keeps an answer only when it has exactly these bytes (issue 40, D1/D2): each entry of the
    list sw.js is written with must describe the file in the site, read back as the tests and the bench do."""
    folder = site(tmp_path, {**SITE, "assets/engine/engine.zip": "ß" * 300})
    offline.on_post_build(cast(Any, SimpleNamespace(site_dir=str(folder))), MANIFEST)
    build = offline.read_build(folder)
    files = [*build["precache"], *(file for group in build["runtime"].values() for file in group["files"])]
    assert len(files) == 6 + len(vendor.PYODIDE_RUNTIME) + 1  # the six precached above, the runtime, the bundle
    for file in files:
        data = (folder / PAGES.get(file["url"], file["url"])).read_bytes()
        assert (file["bytes"], file["sha256"]) == (len(data), hashlib.sha256(data).hexdigest()), file["url"]
    assert next(f for f in files if f["url"] == "assets/engine/engine.zip")["bytes"] == 600  # bytes, not characters


def test_the_engine_manifest_gives_each_download_its_size_and_sha256() -> None:
    """assets/engine/manifest.json: what worker.js checks a downloaded or stored file against."""
    runtime = {name: f"runtime {name}".encode() * 3 for name in vendor.PYODIDE_RUNTIME}
    bundle = b"PK zip"
    manifest = vendor.build_manifest("314.0.7", runtime, dict.fromkeys(runtime, 1), bundle)
    built = {**{f"assets/pyodide/{name}": data for name, data in runtime.items()}, "assets/engine/engine.zip": bundle}
    assert manifest["files"] == {path: len(data) for path, data in built.items()}
    assert manifest["sha256"] == {path: hashlib.sha256(data).hexdigest() for path, data in built.items()}
    assert manifest["engine_zip_sha256"] == manifest["sha256"]["assets/engine/engine.zip"]


def test_the_version_follows_every_precached_byte_and_the_runtime(tmp_path: Path) -> None:
    first = offline.build_list(site(tmp_path / "a", SITE), MANIFEST)["version"]
    assert offline.build_list(site(tmp_path / "b", SITE), MANIFEST)["version"] == first  # same build, same version
    changed = offline.build_list(site(tmp_path / "c", {**SITE, "lombardia/lessons/index.html": "new"}), MANIFEST)
    engine = offline.build_list(site(tmp_path / "d", SITE), {**MANIFEST, "engine_zip_sha256": "cd" * 32})
    map_only = offline.build_list(site(tmp_path / "e", {**SITE, "assets/trionfi/client.js.map": "x"}), MANIFEST)
    assert changed["version"] != first and engine["version"] != first
    assert map_only["version"] == first  # a file the worker does not keep does not make a new version


def page(url: str) -> Any:
    return cast(Any, SimpleNamespace(url=url, file=SimpleNamespace(src_uri="x.md")))


ARTICLE = '<article class="md-content__inner md-typeset">'
CONFIG = cast(Any, SimpleNamespace(config_file_path=str(ROOT / "mkdocs.yml")))


def content_styles(html: str) -> list[str]:
    """Which of the site's minified stylesheets follow the article's start, in order."""
    text = {name: page_assets.minified(name, ROOT) for name in ("widget.css", "site.css", "pad.css")}
    after = html.split(ARTICLE, 1)[1]
    found = []
    while after.startswith("<style>"):
        body, after = after[len("<style>"):].split("</style>", 1)
        found.append(next(name for name, css in text.items() if css == body))
    return found


def test_widget_and_pad_styles_only_where_used_in_the_cascade_order_of_the_stylesheets() -> None:
    site_css = page_assets.minified("site.css", ROOT)
    source = (ROOT / "docs/assets/trionfi/site.css").read_text(encoding="utf-8")
    assert site_css and "/*" not in site_css and len(site_css) < len(source)
    rules = page_assets.on_post_page(f"<head></head>{ARTICLE}<p>本文</p>", page("lombardia/"), CONFIG)
    assert f"<style>{site_css}</style></head>" in rules and content_styles(rules) == []
    cards = page_assets.on_post_page(f'<head></head>{ARTICLE}<div class="tf-cards"></div>', page("lombardia/"), CONFIG)
    assert content_styles(cards) == ["widget.css", "site.css"]
    pad = page_assets.on_post_page(f'<head></head>{ARTICLE}<div class="trionfi-widget tf-pad"></div>',
                                   page("lombardia/pad/"), CONFIG)
    assert content_styles(pad) == ["widget.css", "site.css", "pad.css"]


def test_text_tables_come_in_materials_wrapper_and_widget_pages_say_so_on_the_container() -> None:
    """Each table of the text comes in Material's scrolling wrapper already, with a class that keeps Material
    from moving it there (a move restyles the whole article); a widget's table stays as it was.  site.css
    hides the 「ページトップへ戻る」 pill on a page with a widget by a class of Material's container, written
    here (no body:has(), checked at every change)."""
    container = '<div class="md-container" data-md-component="container">'
    rules = page_assets.on_post_page(
        f"<head></head>{container}{ARTICLE}<table>\n<thead><tr><th>札</th></tr></thead></table>"
        '<table class="tf-sheet"><tr><td>1</td></tr></table>', page("lombardia/"), CONFIG)
    assert ('<div class="md-typeset__scrollwrap"><div class="md-typeset__table"><table class="tf-datatable">\n'
            '<thead><tr><th>札</th></tr></thead></table></div></div><table class="tf-sheet">') in rules
    assert container in rules and "md-container tf-widget-page" not in rules
    lessons = page_assets.on_post_page(f'<head></head>{container}{ARTICLE}<div class="trionfi-widget" id="l"></div>',
                                       page("lombardia/lessons/"), CONFIG)
    assert '<div class="md-container tf-widget-page" data-md-component="container">' in lessons
    assert ":has(" not in page_assets.minified("site.css", ROOT)
