"""Each game's path of lessons: the order of the lesson widgets on docs/<game>/lessons.md.

The lessons page is the one place that orders a game's lessons, so the path is read from its
Markdown (tutorial_hooks.read_paths): the progress lists (lessons page, home page) show the lessons
in that order with done marks, and a finished lesson offers the next one — after the last, the
practice table when the game has one, else the scoring examples.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape


@dataclass(frozen=True)
class Stop:
    """One lesson on the path: its widget id on the lessons page, its tutorial id and title."""

    widget: str
    lesson: str
    title: str


Paths = dict[str, list[Stop]]  # game -> its lessons in page order


def next_stop(game: str, widget: str, paths: Paths, has_table: bool) -> tuple[str, str]:
    """Where a finished lesson leads: (href from the site root, label)."""
    stops = paths.get(game, [])
    at = next((i for i, stop in enumerate(stops) if stop.widget == widget), None)
    if at is not None and at + 1 < len(stops):
        following = stops[at + 1]
        return f"{game}/lessons/#{following.widget}", f"次の練習:「{following.title}」"
    if has_table:
        return f"{game}/play/", "練習はこれで全部です。次は対局練習で1ディールを通して遊びましょう"
    return f"{game}/examples/", "練習はこれで全部です。次は得点計算の例で、ディールの終わりまでを確かめましょう"


def progress_html(game: str, name: str, stops: list[Stop], root: str, compact: bool) -> str:
    """The game's lessons in path order with a done mark each (filled in by the page's script from
    localStorage), and a link that forgets them; ``compact`` for the home page (a count and a list to
    unfold); ``name`` is the game's name (several lists on one page need distinct labels)."""
    items = "".join(
        f'<li data-lesson="{escape(stop.lesson)}"><a href="{root}{game}/lessons/#{escape(stop.widget)}">'
        f'{escape(stop.title)}</a> <span class="tf-done-mark" hidden>（済み）</span></li>'
        for stop in stops)
    count = (f'<span class="tf-progress-count" data-total="{len(stops)}">練習 {len(stops)}個</span>')
    reset = '<button type="button" class="tf-progress-reset" data-action="reset-progress">済みの印を消す</button>'
    listing = f"<ol>{items}</ol>" if not compact else \
        f'<details><summary>練習の一覧</summary><ol>{items}</ol></details>'
    label = f"{name}の練習の進み具合"
    return (f'<nav class="tf-progress-list" data-game="{game}" aria-label="{escape(label)}">{count}{listing}'
            f"{reset}</nav>")
