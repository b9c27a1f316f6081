"""The one MkDocs hook of the site (mkdocs.yml: ``hooks: [scripts/mkdocs_hook.py]``).

It only makes the repository importable and forwards MkDocs events to the modules in
scripts/sitebuild/.  To add a module, import it below — one line; nothing else changes:

* every ``on_<event>`` function of an imported ``sitebuild`` module runs for that event, in
  import order (vendor first, so later modules can use what it published);
* a function receives the event's item (html, files, config, ...) first, then only the keyword
  arguments its signature names: MkDocs's own (``config``, ``page``, ``files``, ``nav`` ...)
  plus ``manifest``, ``download_mb`` and ``download_gzip_mb`` from sitebuild.vendor;
* as in MkDocs, returning ``None`` keeps the item unchanged.
"""

from __future__ import annotations

import inspect
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
PATHS = [str(ROOT), str(ROOT / "scripts")]


def _ensure_path() -> None:
    # MkDocs restores sys.path after importing a hook, so this runs again before each event.
    for entry in reversed(PATHS):
        if entry not in sys.path:
            sys.path.insert(0, entry)


_ensure_path()

# ---- hook modules, in order (one import line each) --------------------------------
# isort: off
from sitebuild import vendor  # noqa: E402  Pyodide runtime + engine.zip + manifest.json
from sitebuild import tutorial_hooks  # noqa: E402, F401  tutorials, widget pre-rendering, rule links
from sitebuild import page_titles  # noqa: E402, F401  「ゲーム名 — ページ名」 titles
from sitebuild import search_index  # noqa: E402, F401  search synonyms, titles in the search index
from sitebuild import page_assets  # noqa: E402, F401  styles where used, minified scripts
from sitebuild import app_manifest  # noqa: E402, F401  manifest.webmanifest and its icons (before offline)
from sitebuild import offline  # noqa: E402, F401  sw.js: the built site's file list (after everything else)

# isort: on
# ------------------------------------------------------------------------------------

MODULES = [m for m in dict(globals()).values()
           if isinstance(m, ModuleType) and m.__name__.startswith("sitebuild.")]
EVENTS = ("startup", "shutdown", "serve", "config", "pre_build", "files", "nav", "env", "post_build",
          "build_error", "pre_template", "template_context", "post_template", "pre_page", "page_read_source",
          "page_markdown", "page_content", "page_context", "post_page")
CONTEXT: dict[str, Callable[[], Any]] = {
    "manifest": vendor.manifest,
    "download_mb": vendor.download_mb,
    "download_gzip_mb": vendor.download_gzip_mb,
}


def _caller(function: Callable[..., Any]) -> Callable[..., Any]:
    parameters = inspect.signature(function).parameters
    takes_any = any(p.kind is p.VAR_KEYWORD for p in parameters.values())
    names = [n for n, p in parameters.items() if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)]

    def call(*item: Any, **kwargs: Any) -> Any:
        wanted = {k: v for k, v in kwargs.items() if takes_any or k in names}
        for name in names[len(item):]:
            if name not in wanted and name in CONTEXT:
                wanted[name] = CONTEXT[name]()
        return function(*item, **wanted)

    return call


def _dispatcher(event: str, callers: list[Callable[..., Any]]) -> Callable[..., Any]:
    def dispatch(*item: Any, **kwargs: Any) -> Any:
        _ensure_path()
        result = item[0] if item else None
        for call in callers:
            value = call(result, **kwargs) if item else call(**kwargs)
            if value is not None:
                result = value
        return result

    dispatch.__name__ = f"on_{event}"
    return dispatch


for _event in EVENTS:
    _functions = [getattr(m, f"on_{_event}", None) for m in MODULES]
    _callers = [_caller(f) for f in _functions if callable(f)]
    if _callers:
        globals()[f"on_{_event}"] = _dispatcher(_event, _callers)
