from __future__ import annotations

import json
import os
import re
import select
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import ctrl_c_as_at_a_terminal

from engine import __main__ as engine_main
from engine.__main__ import main
from engine.bots import BOTS, deal_by_number
from engine.cards import Pack, format_cards
from engine.tutorials import position_from_data

REST = [c for c in Pack.TAROT78.cards() if str(c) not in ("T2", "T3", "T4", "T5", "S6", "S7")]


def position_file(tmp_path: Path) -> Path:
    data = {"piles": {"0": format_cards(REST), "3": "T2 T3 T4 T5"}, "discard": "S6 S7", "last_trick": 0}
    path = tmp_path / "position.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_score_prints_the_worked_sheet(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "lombardia", str(position_file(tmp_path))]) == 0
    out = capsys.readouterr().out
    assert "捨て札の行き先" in out and "4枚セット" in out


def test_score_json_and_share_decode(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "lombardia", str(position_file(tmp_path)), "--json"]) == 0
    sheet = json.loads(capsys.readouterr().out)
    # the dealer's side holds six blanks: one set of four and the leftover pair, 2 points, 36 short by 34
    assert sheet["totals"]["ディーラー側（席1・席3）"] == "-34"
    code = position_from_data("lombardia", json.loads(position_file(tmp_path).read_text())).share_code()
    assert main(["share", "decode", code, "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == sheet


def test_bad_input_exits_with_a_japanese_message(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["share", "decode", "nonsense"]) == 2
    assert "共有リンク" in capsys.readouterr().err
    broken = tmp_path / "broken.json"
    broken.write_text('{"piles": {}, "discard": "S6 S7", "last_trick": 0}', encoding="utf-8")
    assert main(["score", "lombardia", str(broken)]) == 2
    assert "78枚" in capsys.readouterr().err


def run_cli(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    """Exit code and standard error of the command line; argparse's own exits count too."""
    try:
        code = main(args)
    except SystemExit as stop:
        code = int(stop.code or 0)
    return code, capsys.readouterr().err


def has_japanese(text: str) -> bool:
    return any("\u3040" <= ch <= "\u30ff" or "\u4e00" <= ch <= "\u9fff" for ch in text)


@pytest.mark.parametrize("content", [b"", b"5", b"null", b"[1, 2]", b'"piles"', b'{"piles": ', b"\xff\xfe{\x00}\x00",
                                     b"\x80abc", b"[" * 100_000])
def test_files_that_are_no_position_exit_2_in_japanese(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                      content: bytes) -> None:
    path = tmp_path / "position.json"
    path.write_bytes(content)
    code, err = run_cli(["score", "lombardia", str(path)], capsys)
    assert code == 2 and err.startswith("エラー: ") and has_japanese(err) and "Traceback" not in err


def test_a_missing_file_and_a_byte_order_mark(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, err = run_cli(["score", "lombardia", str(tmp_path / "none.json")], capsys)
    assert code == 2 and "がありません" in err
    path = position_file(tmp_path)
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    assert run_cli(["score", "lombardia", str(path)], capsys)[0] == 0


def test_yaml_syntax_errors_name_the_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("yaml")  # a convenience of the command line, not of the engine (absent in Pyodide)
    path = tmp_path / "POSITION.YAML"
    path.write_text("last_trick: 0\npiles: [1,\n", encoding="utf-8")
    code, err = run_cli(["score", "lombardia", str(path)], capsys)
    assert code == 2 and "3行目" in err and "YAML" in err
    path.write_text("- just\n- a list\n", encoding="utf-8")
    code, err = run_cli(["score", "lombardia", str(path)], capsys)
    assert code == 2 and "「キー: 値」" in err


def test_a_very_long_card_list_is_refused_at_once(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "long.json"
    path.write_text(json.dumps({"piles": {"0": ["SK"] * 30_000}, "discard": [], "last_trick": 0}), encoding="utf-8")
    code, err = run_cli(["score", "lombardia", str(path)], capsys)
    assert code == 2 and "多すぎます" in err


@pytest.mark.parametrize(("args", "words"), [
    ([], "足りません"), (["score"], "足りません"), (["score", "chess", "x"], "chess"),
    (["share", "encode", "x"], "encode"), (["share", "decode", "x", "--what"], "知らない引数"),
])
def test_argument_errors_are_japanese(capsys: pytest.CaptureFixture[str], args: list[str], words: str) -> None:
    code, err = run_cli(args, capsys)
    assert code == 2 and words in err and "使い方" in err
    assert "usage:" not in err and "error:" not in err


def test_share_decode_json_of_a_finished_deal_is_one_document(capsys: pytest.CaptureFixture[str]) -> None:
    from engine.games import GAMES

    state = GAMES["lombardia"](list(Pack.TAROT78.cards()))
    for _ in range(4):
        state.apply(state.parse_action("monte"))  # all four agree: the deal is thrown in, and over
    assert state.is_terminal()
    assert main(["share", "decode", state.share_code(), "--json"]) == 0
    decoded = json.loads(capsys.readouterr().out)
    assert decoded["terminal"] is True and decoded["actions"] == ["monte"] * 4
    assert set(decoded["sheet"]["totals"].values()) == {"0"}


def test_record_prints_an_example_that_replays_once_expect_is_written(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    yaml = pytest.importorskip("yaml")  # example files are YAML (no PyYAML under Pyodide)
    assert main(["record", "lhombre", "--seed", "4"]) == 0
    text = capsys.readouterr().out
    data = yaml.safe_load(text)
    assert data["kind"] == "example" and data["expect"] == {} and len(data["actions"]) > 1
    path = tmp_path / "recorded.yaml"
    path.write_text(text, encoding="utf-8")
    code, err = run_cli(["replay", "lhombre", str(path)], capsys)
    assert code == 2 and "expect" in err  # the author has to compute the totals
    comment = next(line for line in text.splitlines() if line.startswith("# エンジンの計算では "))
    pairs = comment.removeprefix("# エンジンの計算では ").split("。")[0].split(", ")
    data["expect"] = dict(pair.rsplit(": ", 1) for pair in pairs)  # what the comment says the engine computes
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    assert main(["replay", "lhombre", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"{data['title']}（lhombre、{len(data['actions'])}行）") and "合計" in out


def test_record_with_bots_writes_the_coachs_move_at_every_turn(capsys: pytest.CaptureFixture[str]) -> None:
    """--bots: the practice table's deal of that number, every action the one its coach chooses there, so
    an example recorded so shows no move the coach would not make (a random record does: N9, N10)."""
    yaml = pytest.importorskip("yaml")
    assert main(["record", "rotarot", "--seed", "126", "--bots"]) == 0
    data = yaml.safe_load(capsys.readouterr().out)
    state = deal_by_number("rotarot", 126)
    for line in data["actions"]:
        for text in line.split(","):
            choice = BOTS["rotarot"].decide(state, state.current_player()).action
            assert str(choice) == text.strip()
            state.apply(choice)
    assert state.is_terminal()


def test_replay_refuses_what_is_no_example_of_that_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = position_file(tmp_path)
    code, err = run_cli(["replay", "lombardia", str(path)], capsys)
    assert code == 2 and err.startswith("エラー: ") and has_japanese(err)
    code, err = run_cli(["record", "lombardia"], capsys)
    assert code == 2 and "--seed" in err


# --- 2026-11-27 attack: inputs that hung or crashed the command line (F2, F3, F13, F14) -------------
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def refused(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """Exit 2 and a Japanese message on stderr (beyond its エラー: prefix), never a traceback."""
    capsys.readouterr()
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("エラー: ") and JAPANESE.search(err.removeprefix("エラー: ")), err
    assert "Traceback" not in err
    return err


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here (Pyodide)")
@pytest.mark.parametrize("command", ["score", "match", "replay"])
def test_a_named_pipe_is_refused_without_waiting_for_a_writer(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                             command: str) -> None:
    pipe = tmp_path / "pipe.json"
    os.mkfifo(pipe)
    assert "通常のファイルではありません" in refused([command, "lombardia", str(pipe)], capsys)


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero here")
def test_an_endless_device_is_refused_unread(capsys: pytest.CaptureFixture[str]) -> None:
    assert "通常のファイルではありません" in refused(["score", "lombardia", "/dev/zero"], capsys)


def test_a_directory_and_a_file_too_large_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    refused(["score", "lombardia", str(tmp_path)], capsys)
    big = tmp_path / "big.json"
    big.write_text("[" + " " * 100 + "]", encoding="utf-8")
    monkeypatch.setattr(engine_main, "MAX_FILE_BYTES", 50)
    assert "大きすぎます" in refused(["score", "lombardia", str(big)], capsys)


@pytest.mark.parametrize("argv", [
    ["bots", "lombardia", "--deals", str(10 ** 12)],
    ["bots", "lombardia", "--deals", "0"],
    ["auctions", "lhombre", "--deals", str(10 ** 12)],
    ["duel", "lombardia", "--against", "HEAD", "--deals", "1", "--workers", str(10 ** 6)],
    ["record", "lombardia", "--seed", "-1"],
    ["record", "lombardia", "--seed", str(10 ** 30)],
    ["record", "lombardia", "--seed", "0"],
    ["play", "lombardia", "--seed", str(10 ** 30)],
])
def test_every_count_and_seed_is_bounded(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert "まで" in refused(argv, capsys)


def test_record_takes_the_seeds_play_takes(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["record", "lhombre", "--seed", "999999"]) == 0
    assert "--seed 999999" in capsys.readouterr().out


@pytest.mark.parametrize("total", ["1/0", "5/0000", "1e9999999", "1e99999999", "١٦", "0x10", "1_000"])
def test_an_expected_total_that_is_no_exact_number_is_refused_at_once(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], total: str) -> None:
    """F2/F3: Fraction("1/0") raised ZeroDivisionError; Fraction("1e99999999") built a number of a
    hundred million digits (a hang)."""
    pytest.importorskip("yaml")
    text = re.sub(r"(expect:\n  [^\n]*: )-?\d+", rf"\g<1>'{total}'", EXAMPLE.read_text(encoding="utf-8"), count=1)
    assert f"'{total}'" in text
    path = tmp_path / "example.yaml"
    path.write_text(text, encoding="utf-8")
    assert "expect" in refused(["replay", "lombardia", str(path)], capsys)


def test_a_json_number_of_too_many_digits_is_refused_in_japanese(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "position.json"
    path.write_text('{"last_trick": ' + "9" * 5000 + "}", encoding="utf-8")
    assert "桁数" in refused(["score", "lombardia", str(path)], capsys)


EXAMPLE = Path(__file__).parents[2] / "tutorials" / "lombardia" / "example-basic.yaml"


@pytest.mark.parametrize("seat", ["4", "-1"])
def test_replay_refuses_a_hand_for_a_seat_the_game_has_not(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                          seat: str) -> None:
    """F5: an extra ``hands`` key was never looked at, so the replay printed its sheet."""
    pytest.importorskip("yaml")
    text = EXAMPLE.read_text(encoding="utf-8").replace("hands:\n", f"hands:\n  {seat}: T1\n", 1)
    path = tmp_path / "example.yaml"
    path.write_text(text, encoding="utf-8")
    assert f"hands.{seat}" in refused(["replay", "lombardia", str(path)], capsys)


# --- 2026-12-01 attack: closed pipes and a closed standard input (D12) ---------------------------------
ROOT = Path(__file__).resolve().parents[2]
subprocesses = pytest.mark.skipif(sys.platform == "emscripten", reason="runs the command line in a subprocess")


@subprocesses
@pytest.mark.parametrize("argv", [["play", "napoletanisch", "--seed", "12", "--bots", "all"],
                                  ["record", "lombardia", "--seed", "3"]])
def test_a_closed_pipe_ends_the_command_quietly(argv: list[str]) -> None:
    """``| head -1`` gave a BrokenPipeError traceback.  The pipe's reading end is closed before the
    command starts, so its first write meets a closed pipe whatever the timing; 141 is what a shell
    reports for a process that SIGPIPE ends."""
    reader, writer = os.pipe()
    os.close(reader)
    try:
        done = subprocess.run([sys.executable, "-m", "engine", *argv], cwd=ROOT, stdout=writer,
                              stderr=subprocess.PIPE, text=True, timeout=120, check=False)
    finally:
        os.close(writer)
    assert (done.returncode, done.stderr) == (141, "")


@subprocesses
def test_a_closed_standard_input_ends_play_as_an_empty_one() -> None:
    """``play ... <&-`` gave 「RuntimeError: input(): lost sys.stdin」."""
    done = subprocess.run(["sh", "-c", 'exec "$0" -m engine play lombardia --seed 3 --seat 0 <&-', sys.executable],
                          cwd=ROOT, capture_output=True, text=True, timeout=120, check=False)
    assert (done.returncode, done.stderr) == (0, "") and "あなたの手札" in done.stdout


@subprocesses
@pytest.mark.parametrize(("stop", "status", "said"), [
    (signal.SIGINT, 130, "中断しました（Ctrl+C）。\n"),
    (signal.SIGTERM, 143, "終了の合図（SIGTERM）を受けて止めました。\n"),
])
def test_play_stopped_at_its_prompt_ends_with_one_line(stop: signal.Signals, status: int, said: str) -> None:
    """Ctrl+C at ``play``'s prompt gave a KeyboardInterrupt traceback (D11, D12); SIGTERM ended it unsaid."""
    process = subprocess.Popen([sys.executable, "-m", "engine", "play", "lombardia", "--seed", "3", "--seat", "0"],
                               cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               preexec_fn=ctrl_c_as_at_a_terminal)
    assert process.stdout is not None
    output = process.stdout.fileno()
    try:
        shown = b""
        while not shown.endswith(b"> "):  # input() flushes its prompt before it waits
            assert select.select([output], [], [], 120)[0], "no prompt"
            chunk = os.read(output, 4096)
            assert chunk, "play ended before its prompt"
            shown += chunk
        process.send_signal(stop)
        _, err = process.communicate(timeout=120)
    finally:
        process.kill()
        process.wait()
    assert (process.returncode, err.decode()) == (status, said)
