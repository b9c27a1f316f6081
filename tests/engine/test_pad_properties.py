"""Property-based tests of the score pad's match files (#26): a real match of each game (the hand-checked
matches of test_pad.py) changed in one place — a value replaced, nudged or of another type, a key dropped or
added, a deal doubled — is either accepted as a match the games can reach or refused in Japanese, never with
an exception; and an accepted match comes back unchanged through JSON and through its share code.

CPython only: Hypothesis is not among the Pyodide test wheels."""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Iterator
from fractions import Fraction
from typing import Any

import pytest

pytest.importorskip("hypothesis")

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_pad import FIXTURES

from engine import web
from engine.match import from_share_code, parse, share_code
from engine.plaindata import parse_json

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
# An English sentence (a Python message leaking out), not a list of the file's own words (simple spade solo):
ENGLISH = re.compile(r"\b(?:the|is|not|of|to|cannot|undefined|unhashable|object|Error)\b")
SETTINGS = settings(max_examples=100, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
KEYS = ["format", "version", "game", "variants", "length", "names", "deals", "dealer", "position", "thrown_in",
        "players", "points", "piles", "sides", "declarer", "contract", "tricks", "trump", "discard", "ultimo"]

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 300) | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12) | st.sampled_from(["61.5", "20 1/3", "1/0", "1e99999", "T2 T3 T4 T5", "rest", "席1"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from(KEYS) | st.text(max_size=6),
                                                              inner, max_size=4),
    max_leaves=10)


def places(value: Any, at: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """The path of every value in a match file, the whole file first."""
    yield at
    if isinstance(value, dict):
        for key, inner in value.items():
            yield from places(inner, (*at, key))
    elif isinstance(value, list):
        for i, inner in enumerate(value):
            yield from places(inner, (*at, i))


def nudged(value: Any) -> Any:
    """A value next to ``value`` as a careless scorer or file editor would write it."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, str) and value:
        return value[:-1] + ("1" if value[-1] != "1" else "2")
    return value


@st.composite
def mutations(draw: st.DrawFn) -> tuple[str, Any]:
    """A game and one of its real matches with one change."""
    game = draw(st.sampled_from(sorted(FIXTURES)))
    data = copy.deepcopy(FIXTURES[game])
    path = draw(st.sampled_from(list(places(data))))
    if not path:
        return game, draw(json_values)
    parent = data
    for key in path[:-1]:
        parent = parent[key]
    key = path[-1]
    how = draw(st.sampled_from(["replace", "nudge", "float", "text", "drop", "add", "double"]))
    if how == "replace":
        parent[key] = draw(json_values)
    elif how == "nudge":
        parent[key] = nudged(parent[key])
    elif how == "float" and isinstance(parent[key], int) and not isinstance(parent[key], bool):
        parent[key] = float(parent[key])  # 1.0 for 1
    elif how == "text":
        parent[key] = str(parent[key])
    elif how == "drop":
        del parent[key]
    elif how == "add" and isinstance(parent[key], dict):
        parent[key][draw(st.sampled_from(KEYS) | st.text(max_size=6))] = draw(json_values)
    elif how == "double" and isinstance(parent[key], list) and parent[key]:
        parent[key].append(copy.deepcopy(parent[key][-1]))
    return game, data


def reachable(game: str, answer: dict[str, Any]) -> None:
    """What every match the games can reach shows: each deal's points as the rules make them, the game not
    past its end, and the answer's normalised match scoring the same again."""
    rows = [[Fraction(p.replace("+", "")) for p in deal["points"]] for deal in answer["deals"]]
    for row in rows:
        if game in ("rotarot", "lhombre", "lombardia"):
            assert sum(row) == 0, row  # payments between players, or 72 shared between two teams
        elif game == "napoletanisch":
            assert all(0 <= p <= 70 for p in row) and sum(row) <= 70, row  # the pack's 70, fractions dropped
        else:
            assert all(p >= 0 and p % 5 == 0 for p in row), row  # Ottocento rounds to fives
    length = answer["length"]
    assert length is None or len(rows) <= length
    again = json.loads(web.handle(json.dumps({"op": "pad", "game": game, "match": answer["match"]})))
    assert again["ok"] is True and again["match"] == answer["match"] and again["totals"] == answer["totals"]


@SETTINGS
@given(mutations())
def test_a_changed_match_is_reachable_or_refused_in_japanese(mutation: tuple[str, Any]) -> None:
    game, data = mutation
    answer = json.loads(web.handle(json.dumps({"op": "pad", "game": game, "match": data})))
    assert "internal" not in answer, answer["error"]
    if answer.get("ok") is True:
        reachable(game, answer)
    else:
        assert JAPANESE.search(answer["error"]) and not ENGLISH.search(answer["error"]), answer["error"]


@SETTINGS
@given(mutations())
def test_an_accepted_match_survives_json_and_its_share_code(mutation: tuple[str, Any]) -> None:
    game, data = mutation
    try:
        match = parse(data, game)
    except ValueError:
        return  # refused: the property above checks the words
    text = json.dumps(match.to_data(), ensure_ascii=False)
    assert parse(parse_json(text), game).to_data() == match.to_data()
    code = share_code(match)
    back = from_share_code(game, code)
    assert back.to_data() == match.to_data() and share_code(back) == code and back.points == match.points
