"""The door's refusals say what is wrong in the reader's words (D14 of the 2026-12-01 attack): a match
file too large for the pad and a share link too long for a widget were both told 「要求が長すぎるか、
文字列ではありません」, which named neither the file nor the link."""

from __future__ import annotations

import json

from engine.web import MAX_PAD_REQUEST, MAX_REQUEST, handle


def refusal(request: object) -> str:
    answer = json.loads(handle(request))  # type: ignore[arg-type]  # the door takes whatever it is sent
    assert set(answer) == {"error"}
    return str(answer["error"])


def test_a_match_file_too_large_for_the_pad_is_called_one() -> None:
    """The page sends ``JSON.stringify({op: "pad", game, match})``; a 10 MB file is refused unread."""
    match = {"format": "trionfi-match", "version": 1, "game": "lombardia", "deals": ["x" * (10 * 1024 * 1024)]}
    request = json.dumps({"op": "pad", "game": "lombardia", "match": match}, separators=(",", ":"))
    assert refusal(request) == f"試合の記録が大きすぎます（{MAX_PAD_REQUEST:,}文字まで）。"


def test_a_share_link_too_long_for_a_widget_is_called_one() -> None:
    for size in (60_000, 70_000, MAX_PAD_REQUEST + 1):  # the attack's two URLs, and one beyond the pad's limit
        error = refusal(json.dumps({"op": "example", "ref": "lombardia-example-basic", "code": "L" * size}))
        assert error.startswith("共有リンクが長すぎます") and f"{MAX_REQUEST:,}文字" in error


def test_a_request_that_is_no_text_is_told_so() -> None:
    assert refusal(5) == "要求は JSON の文字列で送ります。"
