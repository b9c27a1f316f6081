"""Page titles that name the game: 「ロンバルディアタロット — 練習」 instead of five pages called 「練習」.

The navigation keeps short entries (a game's tab already says which game), but a browser tab, a
bookmark, the mobile header and a search result show one page alone.  Material reads
``page.meta.title`` for the <title> and the header; this sets it for every page of a game section
(scripts/sitebuild/search_index.py then puts the same titles into the search index).  A page
whose front matter has its own ``title`` keeps it.
"""

from __future__ import annotations

from mkdocs.structure.nav import Section
from mkdocs.structure.pages import Page


def game_section(page: Page) -> Section | None:
    """The page's top-level nav section when it is a game's: every page in it lives in one folder of
    docs/ (``はじめに`` mixes the home page with basics/, so it is not a game)."""
    section = page.parent
    if section is None or section.parent is not None:
        return None
    folders = {child.file.src_uri.rpartition("/")[0] if isinstance(child, Page) else None
               for child in section.children}
    return section if len(folders) == 1 and "" not in folders and None not in folders else None


def on_page_markdown(markdown: str, page: Page) -> None:
    section = game_section(page)
    if section is not None and "title" not in page.meta:
        page.meta["title"] = f"{section.title} — {page.title}"
