"""Read tutorials/<game>/*.yaml and validate them with the engine, reporting file and line.

The engine gets plain data and answers with the path of a bad field; this module keeps the
YAML node tree to turn that path into a line number, so an author sees
``tutorials/lombardia/fool.yaml:42: script[7].play: ...`` and the build stops.  A file the build
would not read (``.yml``, another extension) stops it too, rather than being left out unseen.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml

from engine.plaindata import MAX_INT_DIGITS
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

    def construct_yaml_int(self, node: yaml.ScalarNode) -> int:
        """An integer of at most MAX_INT_DIGITS digits (Python refuses longer ones in English)."""
        if len(str(node.value)) > MAX_INT_DIGITS:
            raise yaml.constructor.ConstructorError(
                None, None, f"桁数の多すぎる数です（{MAX_INT_DIGITS}桁まで）。", node.start_mark)
        value: int = super().construct_yaml_int(node)
        return value


StrictLoader.add_constructor("tag:yaml.org,2002:int", StrictLoader.construct_yaml_int)


def _key(node: yaml.Node) -> str | int:
    return _key_text(str(node.value))


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
    return lines.get(existing(lines, path), 1)


def existing(lines: dict[TutorialPath, int], path: TutorialPath) -> TutorialPath:
    """``path`` or its nearest parent in the file.  The engine names a key as text (``hands.4``, a
    top-level ``1``); the line map keeps number keys as numbers."""
    path = tuple(_key_text(p) if isinstance(p, str) else p for p in path)
    while path not in lines and path:
        path = path[:-1]
    return path


def _key_text(text: str) -> str | int:
    return int(text) if text.isascii() and text.isdigit() else text


_WORD = re.compile(r"[^\s,:\[\]{}'\"]+")


def line_in_block(text: str, first: int, last: int, word: str | None) -> int:
    """The line among ``first``..``last`` (a value written over several lines: a folded ``deal``, a
    table) that holds ``word``, the token an error names; ``first`` when none does."""
    if word:
        for number, line in enumerate(text.splitlines()[first - 1:last], first):
            if word in _WORD.findall(line):
                return number
    return first


def _yaml_error_line(error: yaml.YAMLError, text: str) -> int:
    """The line an author edited when PyYAML refuses the text.  A reader error (a control character)
    gives a position, not a mark; a quote left open is reported where the text ends or the next key
    begins, so the first line with an unbalanced quote between the enclosing block and there wins."""
    position = getattr(error, "position", None)
    if isinstance(error, yaml.reader.ReaderError) and isinstance(position, int):
        return text.count("\n", 0, position) + 1
    problem, context = getattr(error, "problem_mark", None), getattr(error, "context_mark", None)
    last = problem.line + 1 if problem is not None else 1
    first = context.line + 1 if context is not None and context.line + 1 <= last else last
    for number, line in enumerate(text.splitlines()[first - 1:last], first):
        if _open_quote(line):
            return number
    return last


_QUOTED_VALUE = re.compile(r"""^\s*(?:-\s+|[^\s#][^#]*?:\s+)(["'])""")


def _open_quote(line: str) -> bool:
    """Whether ``line`` starts a quoted value (after ``key:`` or ``-``) that it does not close; an
    apostrophe inside plain text (l'Hombre) is no quote."""
    found = _QUOTED_VALUE.match(line)
    if not found:
        return False
    rest = line[found.end():]
    if found[1] == '"':
        return re.search(r'(?<!\\)"', rest) is None
    return "'" not in rest.replace("''", "")


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
        lines: dict[TutorialPath, int] = {}
        if node is not None:
            _lines(node, (), lines)
    except yaml.YAMLError as error:
        problem = getattr(error, "problem", None) or "書き方が正しくありません"
        if isinstance(error, yaml.reader.ReaderError):
            problem = "使えない制御文字があります"
        raise TutorialFileError(f"{name}:{_yaml_error_line(error, text)}: YAMLとして読めません: {problem}") from None
    except RecursionError:
        raise TutorialFileError(f"{name}:1: 入れ子（[ ] や {{ }}、字下げ）が深すぎて、YAMLとして読めません。") from None
    try:
        tutorial = load(data)
    except TutorialError as error:
        found = _named_child(lines, existing(lines, error.path), str(error))
        line = lines.get(found, 1)
        line = line_in_block(text, line, _block_end(lines, found, line, text.count("\n") + 1), _named_word(str(error)))
        raise TutorialFileError(f"{name}:{line}: {error.where()}: {error}") from None
    except RecursionError:
        raise TutorialFileError(f"{name}:1: 入れ子が深すぎます。") from None
    _LOCATED[tutorial.id] = (name, lines)
    if path.parent.name != tutorial.game:
        raise TutorialFileError(
            f"{name}:{line_of(lines, ('game',))}: game: このファイルは tutorials/{path.parent.name}/ にありますが、"
            f"game は {tutorial.game} です。tutorials/{tutorial.game}/ に置いてください。")
    return name, data, tutorial


_LOCATED: dict[str, tuple[str, dict[TutorialPath, int]]] = {}  # tutorial id -> (file name, line map)


def located(ident: str, path: TutorialPath) -> str:
    """``file:line`` of field ``path`` of the tutorial ``ident`` read last (for checks after reading,
    such as the rule headings a lesson names)."""
    name, lines = _LOCATED[ident]
    return f"{name}:{line_of(lines, path)}"


def _block_end(lines: dict[TutorialPath, int], path: TutorialPath, line: int, last: int) -> int:
    """The last line of the value at ``path`` starting at ``line``: the line before the next field
    outside it, or the file's ``last`` line."""
    later = [n for p, n in lines.items() if n > line and p[:len(path)] != path]
    return min(later) - 1 if later else last


def _named_child(lines: dict[TutorialPath, int], path: TutorialPath, message: str) -> TutorialPath:
    """The key of the table at ``path`` that ``message`` quotes first (「エンジンは {'相手側': -20}」
    names the team whose total is wrong), or ``path`` itself."""
    quoted = [(message.find(f"'{p[-1]}'"), p) for p in lines
              if len(p) == len(path) + 1 and p[:len(path)] == path and isinstance(p[-1], str)]
    named = sorted((at, p) for at, p in quoted if at >= 0)
    return named[0][1] if named else path


def _named_word(message: str) -> str | None:
    """The card or word an engine message names first (「XX」, or a card code before は/が)."""
    found = re.search(r"「([^」\s]+)」", message) or re.match(r"([A-Z0-9]{1,3}) (?:は|が)", message)
    return found[1] if found else None


def read_all(root: Path) -> tuple[dict[str, Lesson | Example], list[tuple[str, Any]]]:
    """Every tutorial under ``root``/tutorials, with ids unique across files.  A YAML file the build
    would skip (``.yml``, ``.YAML``, one outside a game's folder) is refused, not left out."""
    folder = root / "tutorials"
    skipped = sorted(p for p in folder.rglob("*") if p.suffix.lower() in (".yml", ".yaml")
                     and (p.suffix != ".yaml" or p.parent.parent != folder))
    if skipped:
        name = skipped[0].relative_to(root).as_posix()
        raise TutorialFileError(f"{name}: 練習・例のファイルは tutorials/<ゲーム>/ に、.yaml で終わる名前で"
                                "置きます（.yml やほかの場所のファイルは読みません）。名前か場所を変えるか、"
                                "tutorials/ の外に移してください。")
    found: dict[str, str] = {}
    raw = []
    for path in sorted(folder.glob("*/*.yaml")):
        name, data, tutorial = read(path, root)
        if tutorial.id in found:
            raise TutorialFileError(f"{located(tutorial.id, ('id',))}: id: id「{tutorial.id}」が {found[tutorial.id]} "
                                    "と重なっています。id はサイト全体で1つずつです。")
        found[tutorial.id] = name
        raw.append((name, data))
    try:
        return load_all(raw), raw
    except TutorialError as error:
        raise TutorialFileError(f"tutorials: {error}") from None
