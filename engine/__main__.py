"""Command line: ``python -m engine score lombardia FILE`` and ``python -m engine share decode CODE``.

FILE is a final position in JSON, or in YAML when PyYAML is installed (the engine itself
needs only the standard library; YAML is a convenience of the command line).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from .game import GameState
from .games import GAMES, SHARE_KINDS
from .scoresheet import ScoreSheet
from .share import ShareError
from .tutorials import TutorialError, position_from_data


def _read(path: str) -> Any:
    text = Path(path).read_text(encoding="utf-8")
    if path.endswith((".yaml", ".yml")):
        try:
            import yaml  # type: ignore[import-untyped, unused-ignore]
        except ImportError:
            raise SystemExit("YAMLを読むには PyYAML が必要です。JSONで書くか、PyYAMLを入れてください。") from None
        return yaml.safe_load(text)
    return json.loads(text)


def _print(sheet: ScoreSheet, as_json: bool) -> None:
    print(json.dumps(sheet.to_dict(), ensure_ascii=False, indent=2) if as_json else sheet.to_text())


def score(game: str, path: str, as_json: bool) -> None:
    _print(position_from_data(game, _read(path)).score(), as_json)


def decode(code: str, as_json: bool) -> None:
    kind = SHARE_KINDS.get(code.strip()[:3])
    if kind is None:
        raise ShareError("共有リンクの形式が正しくありません。")
    found = kind(code)
    if isinstance(found, GameState):
        summary = {"game": found.GAME, "variants": found.variants, "actions": [str(a) for a in found.history],
                   "terminal": found.is_terminal()}
        print(json.dumps(summary, ensure_ascii=False, indent=None if as_json else 2))
        if found.is_terminal():
            _print(found.score(), as_json)
    else:
        _print(found.score(), as_json)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine", description="Trionfi ルールエンジン")
    commands = parser.add_subparsers(dest="command", required=True)
    score_cmd = commands.add_parser("score", help="終わったディールの局面を採点する")
    score_cmd.add_argument("game", choices=sorted(GAMES))
    score_cmd.add_argument("file")
    score_cmd.add_argument("--json", action="store_true")
    share_cmd = commands.add_parser("share", help="共有コードを読む")
    share_cmd.add_argument("action", choices=["decode"])
    share_cmd.add_argument("code")
    share_cmd.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    try:
        if args.command == "score":
            score(args.game, args.file, args.json)
        else:
            decode(args.code, args.json)
    except (ShareError, TutorialError, ValueError, OSError) as error:
        print(f"エラー: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
