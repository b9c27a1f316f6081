"""Properties of what the practice table's page stores (localStorage ``trionfi.table.<game>``): the deal
number, the reader's seat, the share codes of the deal so far and of its start, and the running total
as rows of exact points.  Read back on a reload (``op: table, do: open``), a stored state comes back
unchanged; any mutation of it is either accepted as a table the rules reach or refused in Japanese,
never an internal error (the 2026-11-27 attack: a row of ``5/0`` broke the table on every reload).

CPython only: Hypothesis is not among the Pyodide test wheels."""

from __future__ import annotations

import json
import random
import re
from fractions import Fraction
from functools import cache
from typing import Any

import pytest

pytest.importorskip("hypothesis")

from helpers import tampered
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import practice, table
from engine.bots import BOTS, MAX_DEAL_NUMBER
from engine.games import GAMES
from engine.table import TableError, table_op
from engine.web import handle

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
SETTINGS = settings(max_examples=60, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
GAMES_WITH_TABLE = sorted(BOTS)
STORED_KEYS = ("deal", "seat", "code", "start", "rounds", "match", "done", "marks")


def ask(request: dict[str, Any]) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(handle(json.dumps({"op": "table", **request})))
    return answer


def stored(game: str, table: dict[str, Any], match: list[dict[str, Any]]) -> dict[str, Any]:
    """What the page saves after ``table`` (an answer of the engine), as table.js writes it."""
    if table["done"] and not any(row["deal"] == table["deal"] for row in match):
        match = [*match, {"deal": table["deal"], "points": table["result"]}]
    return {"v": 1, "game": game, "deal": table["deal"], "seat": table["seat"], "code": table["code"],
            "start": table["start"], "rounds": 0, "match": match, "done": table["done"], "marks": True}


@cache
def real_states() -> list[dict[str, Any]]:
    """Stored states of every game's table as a reader leaves them: just dealt, in mid-deal and after a
    finished deal (its row added to the running total), each reached by legal moves through the door."""
    rng = random.Random(26)
    found = []
    for game in GAMES_WITH_TABLE:
        deal = rng.randrange(1, 1000)
        table = ask({"game": game, "do": "new", "deal": deal, "seat": 1})
        found.append(stored(game, table, []))
        moves = 0
        while not table["done"]:
            legal = GAMES[game].from_share_code(table["code"]).legal_actions()
            table = ask({"game": game, "do": "play", "deal": deal, "seat": 1, "code": table["code"],
                         "action": str(rng.choice(legal))})
            assert "error" not in table, table
            moves += 1
            if moves == 3:
                found.append(stored(game, table, []))
        found.append(stored(game, table, [{"deal": 7, "points": ["-3/2", "3/2"][:len(table["result"])]}]))
    return found


def reload(state: dict[str, Any]) -> dict[str, Any]:
    """The request the page sends on a reload (table.js ``ask("open")``) from a stored state."""
    return {"game": state["game"], "do": "open", "deal": state["deal"], "seat": state["seat"], "code": state["code"],
            "marks": state["marks"], "match": state["match"], "rounds": state["rounds"]}


exact_points = st.fractions(min_value=-10_000, max_value=10_000, max_denominator=12).map(str)


@st.composite
def running_totals(draw: st.DrawFn, sides: int) -> list[dict[str, Any]]:
    deals = draw(st.lists(st.integers(1, MAX_DEAL_NUMBER), unique=True, max_size=practice.MAX_MATCH))
    return [{"deal": deal, "points": draw(st.lists(exact_points, min_size=sides, max_size=sides))} for deal in deals]


@SETTINGS
@given(st.data())
def test_a_stored_table_reads_back_unchanged(data: st.DataObject) -> None:
    state = json.loads(json.dumps(data.draw(st.sampled_from(real_states()))))  # through localStorage
    sides = len(practice.sides(BOTS[state["game"]], GAMES[state["game"]].from_share_code(state["code"]).variants, 0))
    rows = data.draw(running_totals(sides))
    request = {**reload(state), "match": rows}
    answer = ask(request)
    assert "error" not in answer, answer
    assert {key: answer[key] for key in ("deal", "seat", "code", "start", "done")} == \
        {key: state[key] for key in ("deal", "seat", "code", "start", "done")}
    assert GAMES[state["game"]].from_share_code(answer["code"]).share_code() == answer["code"]
    assert ask({**request, "code": answer["code"]}) == answer  # reading it again changes nothing
    bot = BOTS[state["game"]]
    read = table._match(bot, GAMES[bot.game].from_share_code(state["code"]), request)  # the stored rows as read
    assert [(deal, [str(p) for p in points]) for deal, points in read.rows] == \
        [(row["deal"], row["points"]) for row in rows]
    assert read.totals() == [sum((Fraction(row["points"][k]) for row in rows), Fraction(0)) for k in range(sides)] \
        or not rows


nasty_numbers = st.sampled_from(["5/0", "1/0000", "1e99999999", "١", "５", "0x10", "1_000", "--1", "", " ", "NaN",
                                 "inf", "1/3/3", "9" * 5000, "-0", "+5", "1.5", "1/-2"])
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=12) | nasty_numbers,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=10)


@st.composite
def mutated(draw: st.DrawFn) -> dict[str, Any]:
    """A stored state's reload request with one thing changed: a field replaced or removed, a row's deal
    or points replaced, a row added or removed, the code tampered with or swapped for another game's."""
    request = reload(draw(st.sampled_from(real_states())))
    how = draw(st.sampled_from(["field", "drop", "row-deal", "row-points", "point", "rows", "code", "other-code"]))
    rows = [dict(row) for row in request["match"]] or [{"deal": 1, "points": ["0", "0"]}]
    if how == "field":
        request[draw(st.sampled_from([*STORED_KEYS, "game", "do", "variants"]))] = draw(json_values)
    elif how == "drop":
        del request[draw(st.sampled_from(sorted(request)))]
    elif how == "row-deal":
        rows[0]["deal"] = draw(json_values | st.integers())
        request["match"] = rows
    elif how == "row-points":
        rows[0]["points"] = draw(json_values)
        request["match"] = rows
    elif how == "point":
        rows[0]["points"] = [draw(nasty_numbers | json_values), *rows[0]["points"][1:]]
        request["match"] = rows
    elif how == "rows":
        request["match"] = draw(st.lists(json_values, max_size=3)) if draw(st.booleans()) else rows * 61
    elif how == "code":
        request["code"] = tampered(request["code"], draw(st.randoms(use_true_random=False)))
    else:
        request["code"] = draw(st.sampled_from(real_states()))["code"]
    return request


@SETTINGS
@given(mutated())
def test_a_mutated_stored_table_is_read_as_a_reachable_table_or_refused_in_japanese(request: dict[str, Any]) -> None:
    answer = ask(request)
    assert "internal" not in answer, (request, answer)
    if "error" in answer:
        assert JAPANESE.search(answer["error"]), answer
        return
    game = request["game"]
    state = GAMES[game].from_share_code(answer["code"])  # a table the rules reach, read back as it is
    assert state.share_code() == answer["code"] and isinstance(answer["html"], str)
    assert answer["deal"] == request["deal"]


@pytest.mark.parametrize("row", [{"deal": 1, "points": ["5/0", "1"]}, {"deal": 1, "points": ["1/0000", "1"]},
                                 {"deal": 1, "points": ["1e99999999", "1"]}])
def test_the_attack_rows_are_refused_by_the_reader_itself(row: dict[str, Any]) -> None:
    state = real_states()[0]
    with pytest.raises(TableError, match="得点の記録が読めません"):
        table_op({**reload(state), "match": [row]})
