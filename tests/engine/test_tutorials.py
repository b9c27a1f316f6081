"""Lesson and example validation (engine side) and the JSON door the browser worker calls."""

from __future__ import annotations

import json
from typing import Any

import pytest
from helpers import SCENARIO, tutorial_files

from engine import web
from engine.tutorials import Lesson, TutorialError, load, load_all


def lesson_data(**changes: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "id": "test-lesson", "kind": "lesson", "game": "lombardia", "title": "テスト", "reader": 0,
        "intro": "はじめに", "outro": "おわり", "rules": ["follow"],
        "hands": dict(enumerate(SCENARIO)),
        "setup": ["keep", "discard S6", "discard S7"],
        "script": [
            {"expect": "CK", "prompt": "バトンのキングを出してください。", "hint": "ちがいます", "note": "よし"},
            {"play": "C2"}, {"play": "T3"}, {"play": "H5", "note": "ディーラーは自由"},
            {"play": "T4"}, {"play": "H6"},
            {"expect": "T1", "prompt": "切札を出します。"},
        ],
    }
    data.update(changes)
    return data


def test_a_valid_lesson_loads_and_steps() -> None:
    lesson = load(lesson_data())
    assert isinstance(lesson, Lesson) and lesson.next_stop(0) == 0 and lesson.next_stop(1) == 6
    state = lesson.state_at(6)
    assert state.current_player() == 0 and lesson.progress_of(state) == 6


@pytest.mark.parametrize(("change", "path", "message"), [
    ({"id": "Bad Id"}, "id", "半角"),
    ({"game": "chess"}, "game", "ゲーム"),
    ({"reader": 7}, "reader", "席番号"),
    ({"setup": ["keep", "discard SK"]}, "setup[1]", "指せません"),
    ({"hands": {0: "CK T1 XX"}}, "hands[0]", "読めません"),
    ({"variants": {"xxi_value": 7}}, "variants.xxi_value", "選択肢"),
    ({"rules": []}, "rules", "1つ以上"),
    ({"rules": ["Follow Duty"]}, "rules[0]", "見出しの id"),
])
def test_malformed_lessons_name_the_field(change: dict[str, Any], path: str, message: str) -> None:
    with pytest.raises(TutorialError, match=message) as error:
        load(lesson_data(**change))
    assert error.value.where() == path


def test_script_steps_are_checked_against_the_engine() -> None:
    script = lesson_data()["script"]
    bad = [dict(script[0], expect="T1"), *script[1:]]
    with pytest.raises(TutorialError) as error:
        load(lesson_data(script=[script[0], {"play": "T13"}]))  # seat 1 must follow batons
    assert error.value.where() == "script[1].play" and "バトン" in str(error.value)
    with pytest.raises(TutorialError) as error:
        load(lesson_data(script=bad))  # after a trump lead seat 1 may not play C2
    assert error.value.where() == "script[1].play"
    with pytest.raises(TutorialError, match="expect"):
        load(lesson_data(script=[{"play": "CK"}]))
    with pytest.raises(TutorialError, match="prompt"):
        load(lesson_data(script=[{"expect": "CK"}]))


def with_first_step(**changes: Any) -> dict[str, Any]:
    script = lesson_data()["script"]
    return lesson_data(script=[dict(script[0], **changes), *script[1:]])


@pytest.mark.parametrize(("changes", "path", "message"), [
    ({"hint": "バトンのキングを出しましょう"}, "script[0].hint", "「バトンのキング」の名前"),
    ({"hints": {"SK": "ソードのキングもバトンのキングも5点です"}}, "script[0].hints.SK", "「バトンのキング」"),
    ({"hints": {"CK": "正解"}}, "script[0].hints.CK", "正解の手"),
    ({"hints": {"XX": "?"}}, "script[0].hints.XX", "読めません"),
    ({"hints": {"SK": ""}}, "script[0].hints.SK", "空でない"),
    ({"hints": {"HK": "持っていない札"}}, "script[0].hints.HK", "指せない手"),
    ({"marks": "no"}, "script[0].marks", "marks"),
])
def test_hints_speak_only_of_the_chosen_card(changes: dict[str, Any], path: str, message: str) -> None:
    with pytest.raises(TutorialError, match=message) as error:
        load(with_first_step(**changes))
    assert error.value.where() == path


def test_a_hint_for_the_chosen_card_else_the_general_one() -> None:
    lesson = load(with_first_step(hints={"SK": "ソードのキングは取られやすい札です。"}, marks=False))
    assert isinstance(lesson, Lesson)
    step = lesson.script[0]
    king, nine = (lesson.state_at(0).parse_action(code) for code in ("SK", "D9"))
    assert step.hint_for(king) == "ソードのキングは取られやすい札です。" and step.hint_for(nine) == "ちがいます"
    assert not step.marks and lesson.rules[0].anchor == "follow"


def test_coach_equal_marks_a_real_choice_whose_note_says_both_are_fine() -> None:
    lesson = load(with_first_step(coach_equal=True))
    assert isinstance(lesson, Lesson) and lesson.script[0].coach_equal and not lesson.script[6].coach_equal
    script = lesson_data()["script"]
    for data, path, message in [
        (with_first_step(coach_equal="yes"), "script[0].coach_equal", "形が違います"),
        (with_first_step(coach_equal=True, note=""), "script[0].coach_equal", "note"),
        (lesson_data(script=[script[0], dict(script[1], coach_equal=True), *script[2:]]), "script[1].coach_equal",
         "読者の手"),
    ]:
        with pytest.raises(TutorialError, match=message) as error:
            load(data)
        assert error.value.where() == path


def test_coach_equal_is_refused_where_the_reader_has_no_choice() -> None:
    name, data = next((name, data) for name, data in tutorial_files() if data["id"] == "lombardia-end")
    last = data["script"][-4]
    assert "expect" in last and "最後のトリック" in last["prompt"], name  # the reader's last card: no choice
    script = [*data["script"][:-4], dict(last, coach_equal=True, note="どちらでも"), *data["script"][-3:]]
    with pytest.raises(TutorialError, match="ほかに選べる手") as error:
        load({**data, "script": script})
    assert error.value.where() == f"script[{len(script) - 4}].coach_equal"


def test_duplicate_ids_are_refused() -> None:
    with pytest.raises(TutorialError, match="重なって"):
        load_all([("a.yaml", lesson_data()), ("b.yaml", lesson_data())])


def call(**request: Any) -> dict[str, Any]:
    return json.loads(web.handle(json.dumps(request)))


@pytest.fixture
def registered() -> None:
    web.load_tutorials(json.dumps([["t.yaml", lesson_data()]]))


def test_web_lesson_flow(registered: None) -> None:
    view = call(op="lesson", ref="test-lesson")
    assert view["n"] == 0 and not view["done"] and 'data-card="CK"' in view["html"]
    illegal = call(op="lesson_try", ref="test-lesson", n=0, action="SX")
    assert "error" in illegal
    other = call(op="lesson_try", ref="test-lesson", n=0, action="T1")
    assert other == {"ok": False, "kind": "other", "message": "ちがいます"}
    good = call(op="lesson_try", ref="test-lesson", n=0, action="CK")
    assert good["ok"] and good["n"] == 6 and "よし" in good["log"] and "第1トリック" in good["html"] + good["log"]
    refused = call(op="lesson_try", ref="test-lesson", n=6, action="CA")
    assert refused["kind"] == "illegal" and "なぜ出せない" in refused["message"]
    shared = call(op="lesson", ref="test-lesson", code=good["code"])
    assert shared["n"] == 6 and shared["html"].count("tf-card") > 0
    done = call(op="lesson_try", ref="test-lesson", n=6, action="T1")
    assert done["done"] and "おわり" in done["html"]


def test_web_errors_are_japanese_and_never_raise(registered: None) -> None:
    assert "見つかりません" in call(op="lesson", ref="nope")["error"]
    assert "共有リンク" in call(op="lesson", ref="test-lesson", code="loG1.AAAA.AAAAAA")["error"]
    assert "知らない操作" in call(op="dance")["error"]
    assert "error" in json.loads(web.handle("{not json"))


def test_rendered_text_is_escaped(registered: None) -> None:
    web.load_tutorials(json.dumps([["t.yaml", lesson_data(intro="<script>alert(1)</script>")]]))
    html = "".join(web.lesson_intro(web._TUTORIALS["test-lesson"], "../"))  # type: ignore[arg-type]
    assert "<script>" not in html and "&lt;script&gt;" in html


@pytest.mark.parametrize(("typo", "meant"), [("varients", "variants"), ("outr", "outro"), ("fool-by", None)])
def test_keys_nothing_reads_are_refused(typo: str, meant: str | None) -> None:
    with pytest.raises(TutorialError, match="使われません") as error:
        load(lesson_data(**{typo: 3}))
    assert error.value.where() == typo
    assert (f"「{meant}」のつもり" in str(error.value)) if meant else "綴り" in str(error.value)


def test_a_misspelt_example_field_is_refused_not_dropped() -> None:
    from engine.tutorials import position_from_data
    data = {"piles": {"0": "rest", "3": "T2 T3 T4 T5"}, "discard": "S6 S7", "last_trick": 0, "fool-by": 3}
    with pytest.raises(TutorialError, match="fool_by") as error:
        position_from_data("lombardia", data)
    assert error.value.where() == "fool-by"


# --- 2026-11-27 attack: totals that are no exact number (F2, F3), seats and keys outside the game (F5) ---
def basic_example(**changes: Any) -> dict[str, Any]:
    """tutorials/lombardia/example-basic.yaml as plain data, with ``changes``."""
    data = dict(next(data for name, data in tutorial_files() if name.endswith("lombardia/example-basic.yaml")))
    data.update(changes)
    return data


@pytest.mark.parametrize("total", ["1/0", "5/0000", "1e9999999", "1e99999999", "١٦", "16.5e3", "", 16.5, None])
def test_an_expected_total_that_is_no_exact_number_is_refused_at_expect(total: Any) -> None:
    expect = dict(basic_example()["expect"])
    team = next(iter(expect))
    expect[team] = total
    with pytest.raises(TutorialError, match="expect には") as error:
        load(basic_example(expect=expect))
    assert error.value.where() == f"expect.{team}"  # the line of the total, not of expect:


def test_expected_totals_as_exact_text_are_read() -> None:
    expect = {name: str(value) + ".0" if isinstance(value, int) else value
              for name, value in basic_example()["expect"].items()}
    load(basic_example(expect=expect))  # "20.0" is 20
    expect = {name: f"{2 * value}/2" for name, value in basic_example()["expect"].items()}
    load(basic_example(expect=expect))


@pytest.mark.parametrize(("seat", "where"), [(4, "hands.4"), (-1, "hands.-1"), ("x", "hands.x"), (5, "hands.5")])
def test_a_hand_for_a_seat_the_game_has_not_is_refused_at_its_key(seat: Any, where: str) -> None:
    hands = {**lesson_data()["hands"], seat: "T1"}
    with pytest.raises(TutorialError, match="席は0〜3") as error:
        load(lesson_data(hands=hands))
    assert error.value.where() == where
    with pytest.raises(TutorialError) as error:
        load(basic_example(hands={**basic_example()["hands"], seat: "T1"}))
    assert error.value.where() == where


def test_hands_and_deal_together_are_refused_at_the_second_key() -> None:
    deal = " ".join(lesson_data()["hands"][3].split())
    data = lesson_data()
    with_deal = {**{k: v for k, v in data.items() if k != "setup"}, "deal": deal, "setup": data["setup"]}
    with pytest.raises(TutorialError, match="どちらか一方") as error:
        load(with_deal)
    assert error.value.where() == "deal"
    first = {"deal": deal, **{k: v for k, v in data.items()}}
    with pytest.raises(TutorialError, match="どちらか一方") as error:
        load(first)
    assert error.value.where() == "hands"
