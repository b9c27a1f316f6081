"""The score pad's rule for players' names (D8, D13 of the 2026-12-01 attack) is one rule: the engine's
(engine/match.py, check_names) and the page's copy of it (docs/assets/trionfi/names.js, which checks a typed
name before the engine has loaded) give the same answer, word for word, for every name below."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import unicodedata
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT)]

from engine.match import PadError, check_names  # noqa: E402

NAMES_JS = ROOT / "docs" / "assets" / "trionfi" / "names.js"
LETTER_BLOCKS = ((0x3400, 0x9FFF), (0xAC00, 0xD7A3), (0x20000, 0x3FFFF))
SPACES = [chr(c) for c in range(0x110000) if chr(c).isspace()]
CASES: list[list[str]] = [
    ["\ud800", "", "", ""], ["x\n合計: +999", "", "", ""], ["\x1b[31mred\x1b[0m", "", "", ""], ["\x00", "", "", ""],
    ["は\u200bると", "", "", "はると"], ["a\u202eevil", "", "", ""], ["ＹＵＫＩ", "YUKI", "", ""],
    ["ﾕｷ", "", "", "ユキ"],
    ["プレイヤーＣ", "", "", ""], ["", "", "", "プレイヤーＡ"], ["ゆき", "ゆき", "", "プレイヤーC"],
    ["👩\u200d🍳", "❤\ufe0f", "辻\U000e0100", " ゆき\n"], ["❤", "❤\ufe0f", "", ""], ["\ufe0f", "", "", ""],
    ["a\u200d🍳", "", "", ""], ["👍🏽\u200d🍳", "", "", ""], ["ゆ き", "ゆ\u3000き", "", ""],
    ["山田\u3000太郎", "", "", ""],
    ["a" * 21, "", "", ""], ["\udc00\ud800", "", "", ""], ["\u2028", "", "", ""], [" \ufe0e", "", "", ""],
    ["①", "1", "", ""], ["Ⅳ", "IV", "", ""], ["ｶﾞ", "ガ", "", ""], ["ﬁ", "fi", "", ""],
    *([f"{s}ゆき{s}", "", "", ""] for s in SPACES),
    *([f"ゆ{s}{s}き", f"ゆ{s}き", "", ""] for s in SPACES),
    # every character Python's Unicode knows, between two letters, in a name of its own; but private use and the
    # big blocks of ideographs and Hangul syllables (letters, all alike to the rule)
    *([f"a{chr(c)}b"] for c in range(0x110000) if unicodedata.category(chr(c)) not in ("Cn", "Co")
      and not any(low <= c <= high for low, high in LETTER_BLOCKS)),
]


def engine_answer(names: list[str]) -> dict[str, Any]:
    try:
        return {"names": list(check_names(names))}
    except PadError as error:
        return {"error": str(error), "field": list(error.field)}


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("node") is None, reason="node がありません")
def test_the_page_checks_names_as_the_engine_does() -> None:
    script = "\n".join([
        f"import {{ namesProblem, plainName }} from {json.dumps(NAMES_JS.as_uri())};",
        'let text = ""; for await (const chunk of process.stdin) text += chunk;',
        "const answers = JSON.parse(text).map((names) => {",
        "  const problem = namesProblem(names);",
        "  return problem ?? { names: names.map(plainName) };",
        "});",
        "process.stdout.write(JSON.stringify(answers));",
    ])
    # JSON with \\u escapes carries a lone surrogate both ways (UTF-8 cannot)
    done = subprocess.run(["node", "--input-type=module", "-e", script], capture_output=True, check=True,
                          input=json.dumps(CASES).encode("ascii"), timeout=120)
    page = json.loads(done.stdout.decode("utf-8"))
    engine = [engine_answer(names) for names in CASES]
    differ = [case for case in zip(CASES, engine, page, strict=True) if case[1] != case[2]]
    assert not differ, differ[:5]
