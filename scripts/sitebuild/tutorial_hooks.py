"""MkDocs lifecycle for tutorials and widgets: validate, pre-render, publish, check rule links.

Called from scripts/mkdocs_hook.py.  A broken tutorial file or a widget naming something
unknown stops the build with the file (and line) to fix; every rule that a score sheet or a
variant switch cites must exist as a heading id on that game's rules page.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files
from mkdocs.structure.nav import Navigation, Section
from mkdocs.structure.pages import Page

from engine import web
from engine.games import GAMES
from engine.scoresheet import RuleRef
from engine.tutorials import Example, Lesson

from . import answers
from .lesson_path import Paths, Stop
from .tutorial_files import TutorialFileError, located, read_all
from .widgets import MarkupError, Site, expand, find

_state: dict[str, Any] = {}


def on_config(config: MkDocsConfig) -> None:
    root = Path(config.config_file_path).parent
    try:
        tutorials, raw = read_all(root)
    except TutorialFileError as error:
        raise PluginError(f"練習・例のファイルに誤りがあります: {error}") from None
    web.register(tutorials)
    docs = Path(config.docs_dir)
    try:
        paths = read_paths(docs, tutorials)
    except MarkupError as error:
        raise PluginError(str(error)) from None
    tables = {game for game in GAMES if (docs / game / "play.md").is_file()}
    _state.update(tutorials=tutorials, raw=raw, paths=paths, tables=tables, answers={})


def read_paths(docs: Path, tutorials: dict[str, Lesson | Example]) -> Paths:
    """The lesson path of every game: the lesson widgets of docs/<game>/lessons.md in page order."""
    paths: Paths = {}
    for page in sorted(docs.glob("*/lessons.md")):
        widgets = [item.attrs for item in find(page.read_text(encoding="utf-8"))
                   if item.kind == "widget" and item.attrs.get("data-widget") == "lesson"]
        paths[page.parent.name] = [Stop(attrs.get("id", ""), attrs.get("data-ref", ""),
                                        tutorials[attrs["data-ref"]].title)
                                   for attrs in widgets if attrs.get("data-ref") in tutorials]
    return paths


def on_files(files: Files, config: MkDocsConfig) -> None:
    payload = json.dumps(_state["raw"], ensure_ascii=False, separators=(",", ":"))
    files.append(File.generated(config, "assets/engine/tutorials.json", content=payload))


def on_nav(nav: Navigation) -> None:
    """Each game's name as its navigation section says it (progress lists name the game)."""
    _state["names"] = {folder: section.title for section in nav.items if isinstance(section, Section)
                       for folder in [section_folder(section)] if folder in GAMES}


def section_folder(section: Section) -> str | None:
    """The docs folder every page of ``section`` lives in, or None when they are not in one."""
    folders = {child.file.src_uri.rpartition("/")[0] for child in section.children if isinstance(child, Page)}
    return folders.pop() if len(folders) == 1 else None


def on_page_content(html: str, page: Page, download_mb: float) -> str:
    try:
        site = Site(_state["tutorials"], download_mb, _state["paths"], _state["tables"], _state.get("names", {}))
        expanded = expand(html, page.file.src_uri, page.url, site)
    except MarkupError as error:
        raise PluginError(str(error)) from None
    known = [_state["tutorials"][item.attrs["data-ref"]] for item in find(html)
             if item.kind == "widget" and item.attrs.get("data-widget") in ("lesson", "example")]
    if known:  # answered before the engine is ready, from answers.json beside the page (on_post_build)
        _state["answers"][page.url] = known
    return expanded


def cited_rules() -> set[RuleRef]:
    """Every rule heading the engine links to: variant switches, each example's and lesson's sheet, and
    the sections each lesson says it exercises."""
    refs = {option.rule for cls in GAMES.values() for option in cls.VARIANTS}
    for tutorial in _state["tutorials"].values():
        if isinstance(tutorial, Example):
            sheets = [tutorial.position.score()]
        else:
            assert isinstance(tutorial, Lesson)
            end = tutorial.state_at(len(tutorial.script))
            sheets = [end.score()] if end.is_terminal() else []
            refs |= set(tutorial.rules)
        refs |= {step.rule for sheet in sheets for step in sheet.steps}
    return refs


def on_post_build(config: MkDocsConfig) -> None:
    site = Path(config.site_dir)
    answers.write(site, _state["answers"])
    missing = []
    for ref in sorted(cited_rules(), key=str):
        page = site / ref.game / "index.html"
        ids = set(re.findall(r'id="([^"]+)"', page.read_text(encoding="utf-8"))) if page.exists() else set()
        if ref.anchor not in ids:
            missing.append(ref)
    if missing:
        raise PluginError(f"ルールページに見出しがありません: {', '.join(map(str, missing))}{named_by(missing)}")


def named_by(missing: list[RuleRef]) -> str:
    """Where the lessons name the missing headings in their ``rules`` (file:line), for the author."""
    places = [f"{located(ident, ('rules', i))}: rules[{i}]: {ref}"
              for ident, tutorial in _state["tutorials"].items() if isinstance(tutorial, Lesson)
              for i, ref in enumerate(tutorial.rules) if ref in missing]
    return "（" + "、".join(places) + " に書かれています）" if places else ""
