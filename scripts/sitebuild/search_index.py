"""The site search finds what readers type: synonyms, and page titles that name the game.

Material's search runs lunr in the browser: Japanese text is cut into words by TinySegmenter when
the index is loaded, and a query matches the words that *begin* with it.  So 「切り札」 never finds
a page that writes 「切札」.  After Material has written ``search/search_index.json`` this module
rewrites it:

* every section gets, in two extra fields (``title_synonyms``, ``text_synonyms``, boosted like
  ``title`` and ``text``), the other spellings of each word of docs/search-synonyms.yaml that it
  contains — a query in any spelling of a group then finds every section that one of them finds.
  Results only ever show ``title`` and ``text``, so the added words never appear in a snippet;
* a page's own entry takes the page's ``meta.title`` (scripts/sitebuild/page_titles.py), so the
  results list 「ロンバルディアタロット — 練習」 rather than five entries called 「練習」.

The text inside card pictures never reaches the index: engine/render.py marks each card's SVG
``data-search-exclude``, which Material's indexer skips.
"""

from __future__ import annotations

import functools
import html
import json
import re
from pathlib import Path
from typing import Any

import yaml
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.pages import Page

SYNONYMS_FILE = "search-synonyms.yaml"  # in docs/, kept out of the built site by mkdocs.yml exclude_docs
INDEX_FILE = "search/search_index.json"
_state: dict[str, Any] = {"groups": [], "titles": {}}


def read_synonyms(path: Path) -> list[list[str]]:
    """The groups of docs/search-synonyms.yaml: a list of lists of spellings, each spelling in one group."""
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8")) if path.is_file() else []
    except yaml.YAMLError as error:
        raise PluginError(f"{path}: YAML として読めません: {error}") from None
    if not isinstance(data, list):
        raise PluginError(f"{path}: 「- [切札, 切り札]」のような行を並べてください。")
    seen: dict[str, int] = {}
    for number, group in enumerate(data, 1):
        if not (isinstance(group, list) and len(group) >= 2 and all(isinstance(w, str) and w for w in group)):
            raise PluginError(f"{path}: {number}番目のグループには、2つ以上の書き方を並べてください"
                              "（例: - [切札, 切り札]）。")
        for word in group:
            if word in seen:
                raise PluginError(f"{path}: 「{word}」が{seen[word]}番目と{number}番目のグループの両方にあります。"
                                  "1つのグループにまとめてください。")
            seen[word] = number
    return data


@functools.cache
def word_pattern(word: str) -> re.Pattern[str]:
    """Where a spelling counts as written.  Japanese: anywhere, as in 「手札」 for 「札」 — lunr may or may
    not index a word starting there (TinySegmenter decides), so the synonyms find at least every section
    the spelling itself finds.  Latin letters and digits: at the start of a word, as lunr does (「K」 in
    「ソードのK」, not in the card code 「SK」)."""
    before = r"(?<![A-Za-z0-9])" if word[0].isascii() and word[0].isalnum() else ""
    return re.compile(before + re.escape(word), re.IGNORECASE)


def synonyms_in(text: str, groups: list[list[str]]) -> list[str]:
    """The spellings to add to a text: for each group with a spelling in it, the ones it lacks."""
    plain = html.unescape(re.sub(r"<[^>]*>", " ", text))
    added: list[str] = []
    for group in groups:
        present = [word for word in group if word_pattern(word).search(plain)]
        if present:
            added += [word for word in group if word not in present]
    return added


def rewrite(index: dict[str, Any], groups: list[list[str]], titles: dict[str, str]) -> dict[str, Any]:
    """The search index with the synonym fields and the pages' titles."""
    fields = index["config"]["fields"]
    fields["title_synonyms"] = dict(fields["title"])
    fields["text_synonyms"] = dict(fields["text"])
    for entry in index["docs"]:
        if entry["location"] in titles:
            entry["title"] = html.escape(titles[entry["location"]], quote=False)
        for field in ("title", "text"):
            added = synonyms_in(entry[field], groups)
            if added:
                entry[f"{field}_synonyms"] = " ".join(added)
    return index


def on_config(config: MkDocsConfig) -> None:
    _state["groups"] = read_synonyms(Path(config.docs_dir) / SYNONYMS_FILE)
    _state["titles"] = {}


def on_page_context(context: dict[str, Any], page: Page) -> None:
    if page.meta.get("title"):
        _state["titles"][page.url] = str(page.meta["title"])


def on_post_build(config: MkDocsConfig) -> None:
    path = Path(config.site_dir) / INDEX_FILE
    index = rewrite(json.loads(path.read_text(encoding="utf-8")), _state["groups"], _state["titles"])
    path.write_text(json.dumps(index, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
