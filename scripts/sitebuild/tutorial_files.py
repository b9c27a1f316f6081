"""Read tutorials/<game>/*.yaml and validate them with the engine, reporting file and line.

The engine gets plain data and answers with the path of a bad field; this module keeps the
YAML node tree to turn that path into a line number, so an author sees
``tutorials/lombardia/fool.yaml:42: script[7].play: ...`` and the build stops.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from engine.tutorials import Example, Lesson, TutorialError, load, load_all

TutorialPath = tuple[str | int, ...]


class TutorialFileError(Exception):
    """A tutorial file that cannot be used: ``str()`` names the file, the line and the reason."""


class StrictLoader(yaml.SafeLoader):
    """PyYAML's safe loader, stricter in the two ways an author's slip goes unnoticed: a key written
    twice in one table (YAML keeps the last silently) and anchors/aliases (never needed in a
    tutorial, and a few lines of them expand into megabytes that every reader would download)."""

    def compose_node(self, parent: yaml.Node | None, index: Any) -> yaml.Node | None:
        if self.check_event(yaml.AliasEvent):
            event = self.peek_event()
            raise yaml.composer.ComposerError(
                None, None, "別名（*name）は使えません。同じ内容をそのまま書いてください。", event.start_mark)
        node = super().compose_node(parent, index)
        if isinstance(node, yaml.MappingNode):
            seen: set[Any] = set()
            for key, _ in node.value:
                if key.value in seen:
                    raise yaml.constructor.ConstructorError(
                        None, None, f"「{key.value}」が同じ表に二度書かれています。", key.start_mark)
                seen.add(key.value)
        return node


def _key(node: yaml.Node) -> str | int:
    value = str(node.value)
    return int(value) if value.isascii() and value.isdigit() else value


def _lines(node: yaml.Node, path: TutorialPath, out: dict[TutorialPath, int]) -> None:
    out[path] = node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            out[(*path, _key(key))] = key.start_mark.line + 1
            _lines(value, (*path, _key(key)), out)
            out[(*path, _key(key))] = key.start_mark.line + 1
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            _lines(item, (*path, i), out)


def line_of(lines: dict[TutorialPath, int], path: TutorialPath) -> int:
    """The line of ``path`` or of its nearest existing parent (a missing key's mapping)."""
    while path not in lines and path:
        path = path[:-1]
    return lines.get(path, 1)


def read(path: Path, root: Path) -> tuple[str, Any, Lesson | Example]:
    """Parse and validate one file: (name relative to ``root``, raw data, validated tutorial)."""
    name = path.relative_to(root).as_posix()
    try:
        text = path.read_bytes().decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise TutorialFileError(f"{name}:1: UTF-8 として読めません（{error.start + 1}バイト目）。") from None
    try:
        node = yaml.compose(text, Loader=StrictLoader)
        data = yaml.load(text, Loader=StrictLoader)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        line = mark.line + 1 if mark is not None else 1
        problem = getattr(error, "problem", None) or "書き方が正しくありません"
        raise TutorialFileError(f"{name}:{line}: YAMLとして読めません: {problem}") from None
    lines: dict[TutorialPath, int] = {}
    if node is not None:
        _lines(node, (), lines)
    try:
        tutorial = load(data)
    except TutorialError as error:
        raise TutorialFileError(f"{name}:{line_of(lines, error.path)}: {error.where()}: {error}") from None
    if path.parent.name != tutorial.game:
        raise TutorialFileError(
            f"{name}:{line_of(lines, ('game',))}: game: このファイルは tutorials/{path.parent.name}/ にありますが、"
            f"game は {tutorial.game} です。tutorials/{tutorial.game}/ に置いてください。")
    return name, data, tutorial


def read_all(root: Path) -> tuple[dict[str, Lesson | Example], list[tuple[str, Any]]]:
    """Every tutorial under ``root``/tutorials, with ids unique across files."""
    raw = [read(path, root)[:2] for path in sorted((root / "tutorials").glob("*/*.yaml"))]
    try:
        return load_all(raw), raw
    except TutorialError as error:
        raise TutorialFileError(f"tutorials: {error}") from None
