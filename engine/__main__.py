"""Command line: ``python -m engine score lombardia FILE``, ``match GAME FILE`` (a score pad's match, see
engine.pad), ``share decode CODE``, ``record GAME --seed N [--bots]``,
``replay GAME FILE`` (see engine.records), ``play GAME --seed N`` (engine.console), ``bots GAME --deals N``
(engine.bots.strength), ``duel GAME --against REV --deals N`` (engine.duel) and ``auctions GAME --deals N``
(engine.auctions).

FILE is a final position in JSON, or in YAML when PyYAML is installed (the engine itself
needs only the standard library; YAML is a convenience of the command line).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import signal
import stat
import sys
from functools import cache
from pathlib import Path
from typing import Any, NoReturn

from . import console, pad, records
from .auctions import auctions
from .bots import BOTS, MAX_BENCH_DEALS, MAX_DEAL_NUMBER, strength
from .duel import STRENGTH_NEEDS, default_workers, duel, earlier_bot, engine_of, failures_of, loaded_rev
from .game import GameState
from .games import GAMES, SHARE_KINDS
from .match import PadError
from .match import parse as parse_match
from .plaindata import JsonError, parse_json
from .scoresheet import ScoreSheet
from .share import ShareError
from .tutorials import Example, TutorialError, load, position_from_data

MAX_FILE_BYTES = 16 * 1024 * 1024  # far beyond any position or match file; more is refused unread


def _read(path: str) -> Any:
    """The data of a position file: JSON, or YAML for a name ending in .yaml/.yml (any case)."""
    raw = _file_bytes(path)
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise ValueError(f"ファイル「{path}」は UTF-8 の文字として読めません（{error.start + 1}バイト目）。"
                         "UTF-8 で保存し直してください。") from None
    data = _parse_yaml(path, text) if Path(path).suffix.lower() in (".yaml", ".yml") else _parse_json(path, text)
    if not isinstance(data, dict):
        raise ValueError(f"ファイル「{path}」の中身は「キー: 値」の表で書きます（contract、piles などの項目）。")
    return data


def _file_bytes(path: str) -> bytes:
    """The bytes of a regular file of at most MAX_FILE_BYTES.  Anything else is refused before it is
    opened: a named pipe would wait for a writer for ever, /dev/zero never ends."""
    try:
        info = os.stat(path)
        if not stat.S_ISREG(info.st_mode):
            raise ValueError(f"「{path}」は通常のファイルではありません（パイプやデバイスは読みません）。")
        if info.st_size > MAX_FILE_BYTES:
            raise ValueError(f"ファイル「{path}」は大きすぎます（{MAX_FILE_BYTES // (1024 * 1024)} MB まで）。")
        with open(path, "rb") as file:
            raw = file.read(MAX_FILE_BYTES + 1)
    except FileNotFoundError:
        raise ValueError(f"ファイル「{path}」がありません。") from None
    except OSError as error:
        raise ValueError(f"ファイル「{path}」を読めません（{error.strerror or error}）。") from None
    if len(raw) > MAX_FILE_BYTES:
        raise ValueError(f"ファイル「{path}」は大きすぎます（{MAX_FILE_BYTES // (1024 * 1024)} MB まで）。")
    return raw


def _parse_json(path: str, text: str) -> Any:
    try:
        return parse_json(text)
    except JsonError as error:
        raise ValueError(f"ファイル「{path}」: {error}") from None


def _parse_yaml(path: str, text: str) -> Any:
    try:
        import yaml  # type: ignore[import-untyped, unused-ignore]
    except ImportError:
        raise ValueError("YAMLを読むには PyYAML が必要です。JSONで書くか、PyYAMLを入れてください。") from None
    try:
        return yaml.safe_load(text)
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark
        where = f"の{mark.line + 1}行目" if mark is not None else ""
        raise ValueError(f"ファイル「{path}」{where}が YAML として読めません。") from None
    except (yaml.YAMLError, RecursionError):
        raise ValueError(f"ファイル「{path}」は YAML として読めません。") from None
    except ValueError:  # an integer of thousands of digits (Python's limit speaks English)
        raise ValueError(f"ファイル「{path}」に桁数の多すぎる数があります。") from None


def _print(sheet: ScoreSheet, as_json: bool) -> None:
    print(json.dumps(sheet.to_dict(), ensure_ascii=False, indent=2) if as_json else sheet.to_text())


def score(game: str, path: str, as_json: bool) -> None:
    _print(position_from_data(game, _read(path)).score(), as_json)


def match_cmd(game: str, path: str, as_json: bool) -> None:
    """Every deal's sheet and the totals of a match file (the JSON the score pad downloads)."""
    try:
        match = parse_match(_read(path), game)
    except PadError as error:
        deal = f"{error.deal + 1}ディール目（{error.where()}）: " if error.deal is not None else \
            f"{error.where()}: " if error.field else ""
        raise ValueError(f"ファイル「{path}」: {deal}{_without_label(str(error), error.deal)}") from None
    print(json.dumps(pad.match_json(match), ensure_ascii=False, indent=2) if as_json else pad.match_text(match))


def _without_label(message: str, deal: int | None) -> str:
    label = f"{deal + 1}ディール目: " if deal is not None else ""
    return message.removeprefix(label)


def record_cmd(game: str, seed: int, bots: bool) -> None:
    if not 1 <= seed <= MAX_DEAL_NUMBER:
        raise ValueError(f"--seed は1から{MAX_DEAL_NUMBER}までです（play と同じ範囲です）。")
    print(records.record(game, seed, bots=bots))


def replay_cmd(game: str, path: str) -> None:
    data = _read(path)
    example = load(data)
    if not isinstance(example, Example):
        raise ValueError(f"ファイル「{path}」は得点計算の例（kind: example）ではありません。")
    if example.game != game:
        raise ValueError(f"ファイル「{path}」は {example.game} の例です（{game} ではありません）。")
    print(records.replay(example))


def decode(code: str, as_json: bool) -> None:
    kind = SHARE_KINDS.get(code.strip()[:3])
    if kind is None:
        raise ShareError("共有リンクの形式が正しくありません。")
    found = kind(code)
    if not isinstance(found, GameState):
        _print(found.score(), as_json)
        return
    sheet = found.score() if found.is_terminal() else None
    summary = {"game": found.GAME, "variants": found.variants, "actions": [str(a) for a in found.history],
               "terminal": found.is_terminal()}
    if as_json:  # one document, so that the output parses as JSON
        print(json.dumps({**summary, "sheet": sheet.to_dict() if sheet else None}, ensure_ascii=False))
        return
    print(json.dumps(summary, ensure_ascii=False, indent=2))
    if sheet is not None:
        print(sheet.to_text())


def bots_cmd(game: str, deals: int, seed: int, as_json: bool, rev: str | None) -> None:
    """This engine's bots against random play, or with ``rev`` the bots of that git revision on the
    same shuffles and the same random choices (the figures of two revisions are then comparable)."""
    count = _deal_count(deals)
    if rev is None:
        figures = strength(BOTS[game], count, seed)
    else:
        with engine_of(rev) as folder:
            earlier = earlier_bot(folder, game, rev, STRENGTH_NEEDS)
            with failures_of(rev):
                figures = {"bots_of": rev, **strength(earlier, count, seed, loaded_rev().deal_by_number)}
    print(json.dumps(figures) if as_json else "\n".join(f"{key}: {value}" for key, value in figures.items()))


MAX_WORKERS = 64  # processes for duel; more would only exhaust the machine


def _deal_count(deals: int) -> int:
    if not 1 <= deals <= MAX_BENCH_DEALS:
        raise ValueError(f"--deals は1から{MAX_BENCH_DEALS}までです。")
    return deals


def duel_cmd(game: str, rev: str, deals: int, seed: int, workers: int) -> None:
    if not 1 <= workers <= MAX_WORKERS:
        raise ValueError(f"--workers は1から{MAX_WORKERS}までです。")
    print(json.dumps(duel(game, rev, _deal_count(deals), seed, workers)))


def auctions_cmd(game: str, deals: int, seed: int) -> None:
    print(json.dumps(auctions(game, _deal_count(deals), seed), ensure_ascii=False))


class _Parser(argparse.ArgumentParser):
    """argparse with its error messages in Japanese (exit 2, like every other refusal)."""

    MESSAGES = (
        (re.compile(r"the following arguments are required: (.+)"), "次の引数が足りません: {0}"),
        (re.compile(r"argument (\S+): invalid choice: '?([^' ]*)'? \(choose from (.+)\)"),
         "{0} に「{1}」は選べません（選べるもの: {2}）"),
        (re.compile(r"unrecognized arguments: (.+)"), "知らない引数です: {0}"),
        (re.compile(r"argument (\S+): (.+)"), "引数 {0} の書き方が違います"),
    )

    def error(self, message: str) -> NoReturn:
        for pattern, japanese in self.MESSAGES:
            found = pattern.search(message)
            if found:
                message = japanese.format(*(g.replace("'", "") for g in found.groups()))
                break
        else:
            message = "コマンドの書き方が違います"
        self.exit(2, f"エラー: {message}。\n使い方: {USAGE}\n")


USAGE = ("python -m engine score <ゲーム> FILE [--json] ／ match <ゲーム> FILE [--json] ／ "
         "share decode CODE [--json] ／ "
         "record <ゲーム> --seed N [--bots] ／ replay <ゲーム> FILE ／ "
         "play <ゲーム> --seed N [--seat S] [--bots all] [--review] ／ "
         "bots <ゲーム> --deals N [--seed S] [--rev REV] [--json] ／ "
         "duel <ゲーム> --against REV --deals N [--seed S] [--workers W] [--json] ／ "
         "auctions <ゲーム> --deals N [--seed S] [--json]")


@cache
def _parser() -> _Parser:
    """The command line's parser, built once (tests call ``main`` thousands of times)."""
    parser = _Parser(prog="python -m engine", description="Trionfi ルールエンジン", usage=USAGE)
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    score_cmd = commands.add_parser("score", help="終わったディールの局面を採点する", usage=USAGE)
    score_cmd.add_argument("game", choices=sorted(GAMES))
    score_cmd.add_argument("file")
    score_cmd.add_argument("--json", action="store_true")
    match_parser = commands.add_parser("match", help="得点計算機の試合ファイルを採点する", usage=USAGE)
    match_parser.add_argument("game", choices=sorted(GAMES))
    match_parser.add_argument("file")
    match_parser.add_argument("--json", action="store_true")
    share_cmd = commands.add_parser("share", help="共有コードを読む", usage=USAGE)
    share_cmd.add_argument("action", choices=["decode"])
    share_cmd.add_argument("code")
    share_cmd.add_argument("--json", action="store_true")
    record_parser = commands.add_parser("record", help="1ディール遊び、例の下書きを書く（--bots で全席をコーチが遊ぶ）",
                                        usage=USAGE)
    record_parser.add_argument("game", choices=sorted(GAMES))
    record_parser.add_argument("--seed", type=int, required=True)
    record_parser.add_argument("--bots", action="store_true")
    replay_parser = commands.add_parser("replay", help="例のディールを1行ずつ言葉で示し、採点表を出す", usage=USAGE)
    replay_parser.add_argument("game", choices=sorted(GAMES))
    replay_parser.add_argument("file")
    play_parser = commands.add_parser("play", help="対局練習を端末で遊ぶ", usage=USAGE)
    play_parser.add_argument("game", choices=sorted(BOTS))
    play_parser.add_argument("--seed", type=int, required=True)
    play_parser.add_argument("--seat", type=int, default=0)
    play_parser.add_argument("--bots", choices=["all"])
    play_parser.add_argument("--review", action="store_true")
    bots_parser = commands.add_parser("bots", help="コンピューターの強さを測る（無作為な相手と対戦）", usage=USAGE)
    bots_parser.add_argument("game", choices=sorted(BOTS))
    bots_parser.add_argument("--deals", type=int, required=True)
    bots_parser.add_argument("--seed", type=int, default=1)
    bots_parser.add_argument("--json", action="store_true")
    bots_parser.add_argument("--rev", metavar="REV")
    duel_parser = commands.add_parser("duel", help="以前のリビジョンのコンピューターと同じ配りで打ち比べる",
                                      usage=USAGE)
    duel_parser.add_argument("game", choices=sorted(BOTS))
    duel_parser.add_argument("--against", required=True, metavar="REV")
    duel_parser.add_argument("--deals", type=int, required=True)
    duel_parser.add_argument("--seed", type=int, default=1)
    duel_parser.add_argument("--workers", type=int, default=default_workers())
    duel_parser.add_argument("--json", action="store_true")
    auctions_parser = commands.add_parser("auctions", help="コンピューターだけのビッドの結果を数える", usage=USAGE)
    auctions_parser.add_argument("game", choices=sorted(BOTS))
    auctions_parser.add_argument("--deals", type=int, required=True)
    auctions_parser.add_argument("--seed", type=int, default=1)
    auctions_parser.add_argument("--json", action="store_true")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        if args.command == "play":
            console.play(args.game, args.seed, None if args.bots else args.seat, {}, reviewed=args.review)
        elif args.command == "bots":
            bots_cmd(args.game, args.deals, args.seed, args.json, args.rev)
        elif args.command == "duel":
            duel_cmd(args.game, args.against, args.deals, args.seed, args.workers)
        elif args.command == "auctions":
            auctions_cmd(args.game, args.deals, args.seed)
        elif args.command == "score":
            score(args.game, args.file, args.json)
        elif args.command == "match":
            match_cmd(args.game, args.file, args.json)
        elif args.command == "record":
            record_cmd(args.game, args.seed, args.bots)
        elif args.command == "replay":
            replay_cmd(args.game, args.file)
        else:
            decode(args.code, args.json)
    except (ShareError, TutorialError, ValueError) as error:
        where = error.where() if isinstance(error, TutorialError) and error.path else ""
        print(f"エラー: {where + ': ' if where else ''}{error}", file=sys.stderr)
        return 2
    return 0


class Stopped(BaseException):
    """SIGTERM raised as an exception: it unwinds like Ctrl+C's KeyboardInterrupt, so that every ``with``
    on the way out ends its workers and removes its temporary folder (SIGTERM's default ends the process
    on the spot, D11)."""


def _stop(signum: int, frame: object) -> NoReturn:
    raise Stopped


def run() -> int:
    """``python -m engine``: ``main``, ended with one Japanese line when the person or the system stops it
    (130 for Ctrl+C, 143 for SIGTERM, as a shell reports a process those signals end) and quietly when
    the reader of the output goes away (``| head -1``: 141, as for SIGPIPE), never with a traceback."""
    signal.signal(signal.SIGTERM, _stop)
    try:
        code = main()
        if sys.stdout is not None:  # None when the command was started with its output closed
            sys.stdout.flush()  # a closed pipe is found here, not at the interpreter's exit
    except KeyboardInterrupt:
        print("中断しました（Ctrl+C）。", file=sys.stderr)
        return 130
    except Stopped:
        print("終了の合図（SIGTERM）を受けて止めました。", file=sys.stderr)
        return 143
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # nothing left to flush at exit
        return 141
    return code


if __name__ == "__main__":
    sys.exit(run())
