from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.__main__ import main
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
