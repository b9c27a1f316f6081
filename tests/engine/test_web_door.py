"""Property-based tests of the two doors strangers can knock on: the widget requests that
``engine.web.handle`` answers and the share codes that links carry.  Whatever comes in, the
answer is JSON, never an exception, and every refusal is a Japanese sentence.

CPython only: Hypothesis and PyYAML are not among the Pyodide test wheels."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("hypothesis")
yaml = pytest.importorskip("yaml")

from helpers import tampered  # noqa: E402
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from engine import share, web  # noqa: E402
from engine.__main__ import main  # noqa: E402
from engine.games import GAMES, SHARE_KINDS  # noqa: E402
from engine.tutorials import Example, Lesson, load_all  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
RAW = [(p.relative_to(ROOT).as_posix(), yaml.safe_load(p.read_text(encoding="utf-8")))
       for p in sorted((ROOT / "tutorials").glob("*/*.yaml"))]
TUTORIALS = load_all(RAW)
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
ENGLISH = re.compile(r"[A-Za-z]{2,} [a-z]{2,} [a-z]{2,}")  # three English words in a row
SETTINGS = settings(max_examples=250, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def real_codes() -> list[str]:
    """A share code of every example and of every lesson's start and end."""
    codes = []
    for tutorial in TUTORIALS.values():
        if isinstance(tutorial, Example):
            codes.append(tutorial.position.share_code())
        else:
            assert isinstance(tutorial, Lesson)
            codes += [tutorial.start.share_code(), tutorial.state_at(len(tutorial.script)).share_code()]
    return codes


CODES = real_codes()
TAGS = sorted(SHARE_KINDS)
WORDS = sorted({w for cls in GAMES.values() for w in cls.KEYWORDS} | {"T15 x SK D3", "SK", "F", "T21", "pass"})
VARIANT_NAMES = sorted({o.name for cls in GAMES.values() for o in cls.VARIANTS})

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5),
    max_leaves=15)


@st.composite
def mutated_codes(draw: st.DrawFn) -> str:
    """A real code tampered with (helpers.tampered), or random bytes under any tag."""
    if draw(st.booleans()):
        return share.encode(draw(st.sampled_from(TAGS)), draw(st.binary(max_size=200)))
    return tampered(draw(st.sampled_from(CODES)), draw(st.randoms(use_true_random=False)))


codes = mutated_codes() | st.sampled_from(CODES) | st.text(max_size=40)
requests = st.fixed_dictionaries(
    {"op": st.sampled_from(["example", "lesson", "lesson_try", "other"])},
    optional={
        "ref": st.sampled_from(sorted(TUTORIALS)) | json_values,
        "n": st.integers(-3, 60) | json_values,
        "code": codes | json_values,
        "action": st.sampled_from(WORDS) | st.text(max_size=12) | json_values,
        "variants": st.dictionaries(st.sampled_from(VARIANT_NAMES) | st.text(max_size=6),
                                    st.integers(-2, 6) | json_values, max_size=4) | json_values,
        "root": st.sampled_from(["../", "../../", "", "x", "javascript:"]) | json_values,
    })


def answer_of(request: str) -> dict[str, Any]:
    reply = web.handle(request)
    data = json.loads(reply)
    assert isinstance(data, dict)
    assert "internal" not in data, data["error"]
    if "error" in data:
        assert JAPANESE.search(data["error"]) and not ENGLISH.search(data["error"]), data["error"]
    return data


@pytest.fixture(scope="module", autouse=True)
def site_tutorials() -> None:
    web.register(TUTORIALS)


@SETTINGS
@given(requests)
def test_every_request_gets_json_and_japanese_errors(request: dict[str, Any]) -> None:
    answer_of(json.dumps(request))


@SETTINGS
@given(st.text(max_size=60) | json_values.map(json.dumps))
def test_anything_at_all_gets_json(text: str) -> None:
    answer_of(text)


@pytest.mark.parametrize("text", ['{"op": "lesson", "n": Infinity}', '{"op": "lesson", "n": NaN}',
                                  '{"op": "example", "n": 1e400}', '{"op": "lesson", "n": -1000}',
                                  "[" * 50_000 + "]" * 50_000, '"lesson"', "5", "null", "[]",
                                  '{"op": "lesson", "ref": "x", "variants": [1]}', '{"op": "example"}',
                                  json.dumps({"op": "lesson", "code": "x" * 70_000})])
def test_known_bad_requests(text: str) -> None:
    assert "error" in answer_of(text)


@SETTINGS
@given(codes)
def test_share_codes_open_or_are_refused_in_japanese(code: str) -> None:
    kind = SHARE_KINDS.get(code.strip()[:3])
    if kind is None:
        return
    try:
        kind(code)
    except share.ShareError as error:
        assert JAPANESE.search(str(error)) and not ENGLISH.search(str(error)), str(error)


@settings(max_examples=60, deadline=None, derandomize=True)
@given(mutated_codes())
def test_share_decode_command_exits_0_or_2(code: str) -> None:
    import contextlib
    import io

    err = io.StringIO()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
        status = main(["share", "decode", code])
    assert status in (0, 2)
    if status == 2:
        assert err.getvalue().startswith("エラー: ") and JAPANESE.search(err.getvalue())


def test_a_corrupt_tutorials_file_is_refused_in_japanese() -> None:
    for payload in ("{", "[1, 2]", json.dumps([["a.yaml", {"kind": "lesson"}]]), "null", "[" * 10_000):
        assert "tutorials.json" in web.load_tutorials(payload)
    assert web.load_tutorials(json.dumps(RAW)) == ""
    web.register(TUTORIALS)


@pytest.mark.parametrize("code", CODES)
def test_every_end_byte_of_every_code_tampered(code: str) -> None:
    """Seats, flags and variant choices sit in a code's first and last bytes: set each of them to
    values just past every range (with a valid checksum) and the code must open or be refused."""
    tag = code[:3]
    payload = share.decode(code, tag)
    places = sorted({*range(min(4, len(payload))), *range(max(len(payload) - 4, 0), len(payload))})
    for at in places:
        for value in (0, 2, 3, 4, 5, 7, 100, 199, 200, 254, 255):
            changed = share.encode(tag, payload[:at] + bytes([value]) + payload[at + 1:])
            try:
                SHARE_KINDS[tag](changed)
            except share.ShareError as error:
                assert JAPANESE.search(str(error)) and not ENGLISH.search(str(error)), str(error)
