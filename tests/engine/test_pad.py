"""The score pad (engine.pad): match files, the ``pad`` op of engine.web, share codes and ``python -m engine match``.

Every total below is worked out by hand in the comments, from the rules pages' arithmetic (or, for
Ottocento and its combinations, from the hand-checked ``expect`` totals of the scoring examples whose
final positions tests/engine/test_ottocento_positions.py lists); none is copied from the engine's output.
"""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any

import pytest

from engine import share
from engine.__main__ import main
from engine.game import Variants
from engine.match import TAGS, next_dealer, player_of, seats_of
from engine.web import handle

BLANK_TRICK = "T2 T3 T4 T5"  # no counters: a trick worth 0 face, one set of four
SEAT_WORD = re.compile(r"席[0-9](?![〜0-9])|(フォアハンド|ミドルハンド|バックハンド)(?!の)")  # a seat, not a player


def match(game: str, deals: list[dict[str, Any]], **top: Any) -> dict[str, Any]:
    return {"format": "trionfi-match", "version": 1, "game": game, "deals": deals, **top}


def op(game: str, **request: Any) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(handle(json.dumps({"op": "pad", "game": game, "root": "../", **request})))
    return answer


def ok(game: str, data: dict[str, Any]) -> dict[str, Any]:
    answer = op(game, match=data)
    assert answer["ok"] is True, answer
    return answer


def refused(game: str, data: Any) -> dict[str, Any]:
    answer = op(game, match=data)
    assert answer["ok"] is False, answer
    assert any("\u3040" <= ch <= "\u30ff" for ch in answer["error"])  # a Japanese sentence
    return answer


# --- Lombardia: three deals and a Monte, per side ------------------------------------------------
# A team's points: face values − 1 per counter + 1 per set of four (+1 for the odd two cards), − 36.
# The pack makes 72 between the two teams, so the other team has 72 − those points.
LOMBARDIA = match("lombardia", [
    # Deal 1, player 0 deals: his side (players 0, 2) won one blank trick; he took it himself, so the
    # discard S6 S7 is his side's: 6 cards → 0 face, 0 counters, 1 set, odd pair +1 = 2 → 2 − 36 = −34;
    # players 1, 3: 72 − 2 = 70 → +34.
    {"dealer": 0, "position": {"sides": {"dealer": BLANK_TRICK}, "discard": "S6 S7", "last_trick_side": "other",
                               "dealer_took_trick": True}},
    # Deal 2, player 1 deals (seat 3): per seat, the dealer took the blank trick, discard his: his side
    # (players 1, 3) has 6 blank cards → 2 − 36 = −34; players 0, 2 → +34.
    {"dealer": 1, "position": {"piles": {"0": "rest", "3": BLANK_TRICK}, "discard": "S6 S7", "last_trick": 0}},
    # Deal 3, player 2 deals: his partner took the blank trick, the other side the last one and the
    # dealer none, so the discard goes to the other side: dealer's side (players 2, 0) 4 cards → 0 + 1 = 1
    # → −35; players 1, 3: 72 − 1 = 71 → +35.
    {"dealer": 2, "position": {"sides": {"dealer": BLANK_TRICK}, "discard": "S6 S7", "last_trick_side": "other",
                               "dealer_took_trick": False}},
], names=["ゆき", "", "", "はると"])
# Totals: players 0 and 2: −34 + 34 − 35 = −35; players 1 and 3: +34 − 34 + 35 = +35.


def test_a_lombardia_match_is_totalled_per_side() -> None:
    answer = ok("lombardia", LOMBARDIA)
    assert answer["players"] == ["ゆき", "プレイヤーB", "プレイヤーC", "はると"]
    assert answer["sides"] == [{"label": "ゆき・プレイヤーC", "players": [0, 2]},
                               {"label": "プレイヤーB・はると", "players": [1, 3]}]
    assert [d["points"] for d in answer["deals"]] == [["-34", "+34"], ["+34", "-34"], ["-35", "+35"]]
    assert answer["totals"] == ["-35", "+35"]
    assert [r["totals"] for r in answer["running"]] == [["-34", "+34"], ["0", "0"], ["-35", "+35"]]
    assert answer["running"][-1]["values"] == [-35.0, 35.0]
    assert answer["deals"][0]["seats"] == [1, 2, 3, 0]  # seat s of player 0's deal is player 1 + s
    assert answer["finished"] is False and answer["next_dealer"] == 3 and answer["length"] == 4
    assert "あと1ディール" in answer["result"]
    sheet = answer["deals"][0]["sheet"]
    assert 'class="tf-sheet"' in sheet and "ディーラーはゆきです" in sheet
    # player 0 dealt: his side is seats 1 and 3, players 2 and 0, the sheet names them
    assert "ディーラー側（プレイヤーC・ゆき）" in sheet and "相手側（プレイヤーB・はると）の得点" in sheet
    assert "<table" in answer["totals_html"]


def test_the_fourth_deal_ends_the_lombardia_game_and_a_fifth_is_refused() -> None:
    data = copy.deepcopy(LOMBARDIA)
    data["deals"].append({"dealer": 3, "thrown_in": True})  # a Monte counts as a deal (rules §4.6)
    answer = ok("lombardia", data)
    assert answer["finished"] is True and answer["next_dealer"] is None
    assert answer["totals"] == ["-35", "+35"]
    assert "プレイヤーB・はるとの勝ち" in answer["result"]
    data["deals"].append({"dealer": 0, "thrown_in": True})
    assert refused("lombardia", data)["deal"] == 4


def test_an_impossible_lombardia_deal_is_refused_at_its_field() -> None:
    data = copy.deepcopy(LOMBARDIA)
    data["deals"][1]["position"]["piles"]["3"] = "T2 T3 T4"  # T5 goes to seat 0's "rest": 73 cards, not tricks
    answer = refused("lombardia", data)
    assert answer["deal"] == 1
    assert answer["field"] == ["deals", 1, "position", "piles", 0]
    # the refusal names the deal and the player: player 1 dealt deal 2, so seat 0 is player 2 (C)
    assert answer["error"].startswith("2ディール目: ") and "プレイヤーCは73枚" in answer["error"]
    assert not SEAT_WORD.search(answer["error"])


# --- Rotarot: points shortcuts, per player -------------------------------------------------------
ROTAROT = match("rotarot", [
    # Deal 1, player 0 deals: seat s is player 1 + s. Seat 1 (player 2) bids 3 (bonus 20) and counts 61.5:
    # won, each opponent pays (61.5 − 55) + 20 = 26.5 → player 2 +79.5, players 1, 3, 0 −26.5 each.
    {"dealer": 0, "position": {"contract": 3, "declarer": 1, "points": {"1": "61.5"}}},
    # Deal 2, player 1 deals: seats 0..3 are players 2, 3, 0, 1. Seat 0 (player 2) plays solo (bonus 50)
    # with 40: lost, pays each (55 − 40) + 50 = 65 → −195, others +65. Seat 2 (player 0) wins the last
    # trick with Pagat: 10 from each other player → player 0 +30, the others −10.
    # Player 2: −205; player 3: +55; player 0: +95; player 1: +55.
    {"dealer": 1, "position": {"contract": "solo", "declarer": 0, "points": {"0": "40"},
                               "ultimo": {"seat": 2, "won": True}}},
    # Deal 3, player 2 deals: Ramsch, seats 0..3 are players 3, 0, 1, 2 (the dealer, base 27).
    # Seat 0: (26 − 30) × 4 = −16; seat 1: (26 − 25.5) × 4 = +2; seat 2: (26 − 20) × 4 = +24;
    # seat 3: (27 − 29.5) × 4 = −10.
    {"dealer": 2, "position": {"contract": "ramsch", "points": {"0": "30", "1": "25 1/2", "2": "20", "3": 29.5}}},
])
# Totals: player 0: −26.5 + 95 + 2 = +70.5; player 1: −26.5 + 55 + 24 = +52.5;
# player 2: 79.5 − 205 − 10 = −135.5; player 3: −26.5 + 55 − 16 = +12.5 (sum 0).


def test_a_rotarot_match_is_totalled_per_player() -> None:
    answer = ok("rotarot", ROTAROT)
    assert answer["totals"] == ["+70.5", "+52.5", "-135.5", "+12.5"]
    assert answer["deals"][1]["points"] == ["+95", "+55", "-205", "+55"]
    assert answer["length"] == 8 and answer["finished"] is False  # 8 deals with 4 players (rules §1)
    assert "あと5ディール" in answer["result"]


def test_an_impossible_rotarot_count_is_refused() -> None:
    data = copy.deepcopy(ROTAROT)
    data["deals"][0]["position"]["points"] = {"1": "0"}  # a 3-bid keeps 3 discards: at least 1.5 points
    answer = refused("rotarot", data)
    assert answer["deal"] == 0 and answer["field"] == ["deals", 0, "position", "points", "1"]
    data["deals"][0]["position"]["points"] = {"1": "35 1/3"}  # Rotarot counts in halves
    assert "0.5点刻み" in refused("rotarot", data)["error"]


# --- l'Hombre: chips, open-ended ----------------------------------------------------------------
LHOMBRE = match("lhombre", [
    # Deal 1, player 0 deals (rearhand): seats 0, 1, 2 are players 1, 2, 0. Forehand (player 1) wins a
    # spade solo (V = 3): +6, players 2 and 0 −3.
    {"dealer": 0, "position": {"contract": "spade-solo", "declarer": 0, "trump": "S", "tricks": {"0": 5}}},
    # Deal 2, player 1 deals: seats are players 2, 0, 1. Middlehand (player 0) plays simple (V 1, P 1) and
    # takes 3 against forehand's 4: codille, pays each V + P = 2 → player 0 −4, players 2 and 1 +2.
    {"dealer": 1, "position": {"contract": "simple", "declarer": 1, "trump": "H",
                               "tricks": {"0": 4, "1": 3, "2": 2}}},
    # Deal 3, player 2 deals: seats are players 0, 1, 2. Rearhand (player 2) surrenders a solo (V 2):
    # pays each 2 → player 2 −4, players 0 and 1 +2.
    {"dealer": 2, "position": {"contract": "solo", "declarer": 2, "trump": "C", "surrendered": True}},
])
# Totals: player 0: −3 − 4 + 2 = −5; player 1: +6 + 2 + 2 = +10; player 2: −3 + 2 − 4 = −5.


def test_an_lhombre_match_settles_chips_every_deal() -> None:
    answer = ok("lhombre", LHOMBRE)
    assert answer["totals"] == ["-5", "+10", "-5"]
    assert answer["length"] is None and answer["finished"] is False and answer["next_dealer"] == 0
    assert "精算" in answer["result"]


def test_with_four_lhombre_players_the_one_opposite_the_dealer_sits_out() -> None:
    # Player 0 deals: forehand is player 1, middlehand player 3, rearhand the dealer; player 2 sits out.
    # Forehand wins a spade solo: player 1 +6, players 3 and 0 −3, player 2 0.
    data = match("lhombre", LHOMBRE["deals"][:1], variants={"players": 4})
    answer = ok("lhombre", data)
    assert answer["deals"][0]["seats"] == [1, 3, 0]
    assert answer["totals"] == ["-3", "+6", "0", "-3"]
    assert "休み: プレイヤーC" in answer["deals"][0]["sheet"]


def test_an_impossible_lhombre_deal_is_refused() -> None:
    data = copy.deepcopy(LHOMBRE)
    data["deals"][2]["position"] = {"contract": "solo", "declarer": 2, "trump": "C", "tricks": {"0": 10, "1": 0}}
    answer = refused("lhombre", data)  # nine tricks in a deal
    assert answer["deal"] == 2 and answer["field"][:3] == ["deals", 2, "position"]
    # player 2 dealt deal 3: forehand is player 0 (A), and the refusal says so
    assert "フォアハンドのプレイヤーA" in answer["error"] and not SEAT_WORD.search(answer["error"])


# --- Napoletanisch: counts in thirds ------------------------------------------------------------
NAPOLETANISCH = match("napoletanisch", [
    # Deal 1, player 0 deals, 3 players: seats 0, 1, 2 are players 1, 2, 0; counts 23⅔, 30, 16⅓ (70 in
    # all) score 23, 30, 16 (fractions dropped).
    {"dealer": 0, "position": {"points": {"0": "23 2/3", "1": "30", "2": "16⅓"}}},
    # Deal 2, player 1 deals: seats are players 2, 0, 1; 20, 25⅓, 24⅔ score 20, 25, 24.
    {"dealer": 1, "position": {"points": {"0": 20, "1": "76/3", "2": "24 2/3"}}},
], variants={"players": 3})
# Totals: player 0: 16 + 25 = 41; player 1: 23 + 24 = 47; player 2: 30 + 20 = 50.


def test_a_napoletanisch_match_floors_each_count() -> None:
    answer = ok("napoletanisch", NAPOLETANISCH)
    assert answer["totals"] == ["+41", "+47", "+50"]
    assert answer["length"] == 3 and "あと1ディール" in answer["result"]
    data = copy.deepcopy(NAPOLETANISCH)
    # Deal 3, player 2 deals: seats are players 0, 1, 2; seat 0 took everything: 70 → player 0 111.
    data["deals"].append({"dealer": 2, "position": {"points": {"0": "70", "1": "0", "2": "0"}}})
    answer = ok("napoletanisch", data)
    assert answer["finished"] is True and answer["totals"] == ["+111", "+47", "+50"]
    assert "プレイヤーAの勝ち" in answer["result"]


def test_an_impossible_napoletanisch_count_is_refused() -> None:
    data = copy.deepcopy(NAPOLETANISCH)
    data["deals"][1]["position"]["points"] = {"0": "1/3", "1": "30", "2": "39 2/3"}  # ⅓ is one card alone
    answer = refused("napoletanisch", data)
    assert answer["deal"] == 1 and answer["field"] == ["deals", 1, "position", "points"]
    data["deals"][1]["position"]["points"] = {"0": "20", "1": "20", "2": "20"}  # not the pack's 70
    assert "70点" in refused("napoletanisch", data)["error"]


# --- Ottocento: to 800 ---------------------------------------------------------------------------
OTTO_DECLARED = {"piles": {"opponents": "SK S8 S7 S6 CK C8 C7 C6 HK H8 H9 H10 DK D8 D9 D10", "dealer": "rest"},
                 "discard": "S9 S10", "last_trick": "opponents", "matto_by": 3, "declared": {"0": "SK CK HK DK"}}
OTTO_CRICCHE = {"piles": {"dealer": "SK SQ SJ S7 S6 CK CQ C7 C6 HK HQ H6 H7 DK D6 D7", "opponents": "rest"},
                "discard": "CJ DJ", "last_trick": "opponents", "matto_by": 2}
OTTOCENTO = match("ottocento", [
    # Deal 1, player 0 deals: four Kings declared and taken again: dealer's side 600,
    # opponents 100: players 0, 2 get 600, players 1, 3 get 100. Nobody has 800 yet.
    {"dealer": 0, "position": OTTO_DECLARED},
    # Deal 2, player 1 deals: three cricche on the dealer's side (doubled): dealer's side 175, opponents 430:
    # players 1, 3 get 175, players 0, 2 get 430.
    {"dealer": 1, "position": OTTO_CRICCHE},
])
# Totals: players 0, 2: 600 + 430 = 1030 (past 800: they win); players 1, 3: 100 + 175 = 275.


def test_an_ottocento_match_ends_at_800() -> None:
    first = ok("ottocento", match("ottocento", OTTOCENTO["deals"][:1]))
    assert first["totals"] == ["+600", "+100"] and first["finished"] is False
    assert "あと200点" in first["result"] and "あと700点" in first["result"]
    answer = ok("ottocento", OTTOCENTO)
    assert answer["totals"] == ["+1030", "+275"] and answer["finished"] is True
    assert "ゲームの勝敗" in answer["deals"][1]["sheet"]  # the sheet carries the running totals
    late = copy.deepcopy(OTTOCENTO)
    late["deals"].append({"dealer": 2, "position": OTTO_CRICCHE})
    assert refused("ottocento", late)["deal"] == 2


def test_an_impossible_ottocento_deal_is_refused() -> None:
    data = copy.deepcopy(OTTOCENTO)
    data["deals"][0]["position"] = {**OTTO_CRICCHE, "discard": "CJ DK"}  # a King is never discarded
    data["deals"][0]["position"]["piles"] = {"dealer": "SK SQ SJ S7 S6 CK CQ C7 C6 HK HQ H6 H7 DJ D6 D7",
                                             "opponents": "rest"}
    answer = refused("ottocento", data)
    assert answer["deal"] == 0 and answer["field"] == ["deals", 0, "position", "discard"]
    data = copy.deepcopy(OTTOCENTO)
    data["deals"][0]["position"] = {**OTTO_DECLARED, "before": {"dealer": 0, "opponents": 0}}
    assert refused("ottocento", data)["field"] == ["deals", 0, "position", "before"]


# --- the file format ---------------------------------------------------------------------------------
@pytest.mark.parametrize(("change", "field"), [
    ({"colour": "red"}, ["colour"]),
    ({"version": 2}, ["version"]),
    ({"version": True}, ["version"]),
    ({"format": "other"}, ["format"]),
    ({"game": "rotarot"}, ["game"]),
    ({"variants": {"xxi": 6}}, ["variants"]),
    ({"variants": []}, ["variants"]),
    ({"length": 8}, ["length"]),
    ({"names": ["a", "b"]}, ["names"]),
    ({"names": ["a" * 21, "", "", ""]}, ["names", 0]),
    ({"deals": {}}, ["deals"]),
    ({"deals": [{"dealer": 0, "thrown_in": True}] * 201}, ["deals"]),
    ({"deals": [{"dealer": 4, "thrown_in": True}]}, ["deals", 0, "dealer"]),
    ({"deals": [{"dealer": True, "thrown_in": True}]}, ["deals", 0, "dealer"]),
    ({"deals": [{"dealer": 0, "thrown_in": False}]}, ["deals", 0, "thrown_in"]),
    ({"deals": [{"dealer": 0, "note": "x", "thrown_in": True}]}, ["deals", 0, "note"]),
    ({"deals": [{"dealer": 0}]}, ["deals", 0, "position"]),
    ({"deals": [{"dealer": 0, "position": {**LOMBARDIA["deals"][1]["position"], "fool-by": 1}}]},
     ["deals", 0, "position", "fool-by"]),
    ({"deals": [{"dealer": 0, "position": {**LOMBARDIA["deals"][1]["position"], "variants": {}}}]},
     ["deals", 0, "position", "variants"]),
])
def test_a_malformed_match_is_refused_naming_the_field(change: dict[str, Any], field: list[Any]) -> None:
    answer = refused("lombardia", {**LOMBARDIA, **change})
    assert answer["field"] == field


def test_a_request_without_a_match_or_with_a_wrong_game_is_refused() -> None:
    assert op("lombardia")["ok"] is False
    assert op("chess", match=LOMBARDIA)["ok"] is False
    assert "error" in op("lombardia", match=[])  # not a match at all: the door refuses it


def test_thrown_in_deals_only_where_a_deal_can_be_thrown_in() -> None:
    thrown = [{"dealer": 0, "thrown_in": True}]
    assert refused("lhombre", match("lhombre", thrown))["field"] == ["deals", 0, "thrown_in"]
    assert refused("rotarot", match("rotarot", thrown))["field"] == ["deals", 0, "thrown_in"]
    ok("rotarot", match("rotarot", thrown, variants={"players": 3, "three_ramsch": "void"}))
    assert refused("ottocento", match("ottocento", thrown, variants={"monte": False}))["deal"] == 0


def test_the_answer_normalises_the_match() -> None:
    answer = ok("lombardia", LOMBARDIA)
    normal = answer["match"]
    assert normal["variants"]["odd_pair_scores"] is True and normal["length"] == 4
    assert normal["deals"] == LOMBARDIA["deals"]
    assert ok("lombardia", normal)["code"] == answer["code"]  # normalising twice changes nothing


# --- share codes ---------------------------------------------------------------------------------
def test_a_share_code_round_trips_the_whole_match() -> None:
    for game, data in (("lombardia", LOMBARDIA), ("rotarot", ROTAROT), ("napoletanisch", NAPOLETANISCH),
                       ("lhombre", LHOMBRE), ("ottocento", OTTOCENTO)):
        answer = ok(game, data)
        assert answer["code"].startswith(TAGS[game])
        again = op(game, code=answer["code"])
        assert again["ok"] is True and again["match"] == answer["match"]
        assert again["totals"] == answer["totals"] and again["code"] == answer["code"]


def test_a_tampered_or_foreign_code_is_refused_in_japanese() -> None:
    code = ok("lombardia", LOMBARDIA)["code"]
    head, body, check = code.split(".")
    swapped = body[:10] + ("A" if body[10] != "A" else "B") + body[11:]
    for bad in (f"{head}.{swapped}.{check}", code[:-3], "loM1..AAAAAA", "nonsense"):
        answer = op("lombardia", code=bad)
        assert answer["ok"] is False and answer["deal"] is None
        assert any("\u3040" <= ch <= "\u30ff" for ch in answer["error"])
    assert "ロンバルディアタロット" in op("rotarot", code=code)["error"]


def test_a_code_whose_match_is_impossible_is_refused() -> None:
    data = copy.deepcopy(LOMBARDIA)
    data["deals"][1]["position"]["piles"]["3"] = "T2 T3 T4"
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()
    import zlib
    code = share.encode("loM", zlib.compress(text))
    answer = op("lombardia", code=code)
    assert answer["ok"] is False and "2ディール目" in answer["error"]


# --- editing: the op is stateless -----------------------------------------------------------------------
def test_editing_deleting_and_undoing_is_sending_the_changed_match() -> None:
    before = ok("lombardia", LOMBARDIA)
    edited = copy.deepcopy(LOMBARDIA)
    # Deal 1 again, but the dealer did not take the blank trick himself and the other side took the last:
    # the discard goes to the other side → players 0, 2: 4 cards, 1 − 36 = −35; players 1, 3 +35.
    # Totals: players 0, 2: −35 + 34 − 35 = −36; players 1, 3: +36.
    edited["deals"][0]["position"]["dealer_took_trick"] = False
    assert ok("lombardia", edited)["totals"] == ["-36", "+36"]
    deleted = copy.deepcopy(LOMBARDIA)
    del deleted["deals"][1]  # players 0, 2: −34 − 35 = −69
    answer = ok("lombardia", deleted)
    assert answer["totals"] == ["-69", "+69"] and [d["dealer"] for d in answer["deals"]] == [0, 2]
    assert ok("lombardia", LOMBARDIA)["totals"] == before["totals"]  # undo: the old match again


def test_the_dealer_side_asks_who_took_the_discard_when_it_matters() -> None:
    data = copy.deepcopy(LOMBARDIA)
    del data["deals"][0]["position"]["dealer_took_trick"]
    answer = refused("lombardia", data)
    assert answer["field"] == ["deals", 0, "position", "dealer_took_trick"] and "？" in answer["error"]


def test_next_dealer_and_player_of() -> None:
    variants: Variants = {"players": 4}
    assert next_dealer("rotarot", variants, None) == 0 and next_dealer("rotarot", variants, 3) == 0
    assert [player_of("ottocento", {}, 2, s) for s in range(4)] == [3, 0, 1, 2]
    assert seats_of("lhombre", {"players": 3}, 2) == [0, 1, 2]


# --- the command line ----------------------------------------------------------------------------
def write(tmp_path: Path, data: Any, name: str = "match.json") -> str:
    path = tmp_path / name
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return str(path)


def test_cli_match_prints_every_sheet_and_the_totals(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["match", "rotarot", write(tmp_path, ROTAROT)]) == 0
    out = capsys.readouterr().out
    assert out.count("ロタロットの得点計算") == 3
    assert "合計 プレイヤーA +70.5  プレイヤーB +52.5  プレイヤーC -135.5  プレイヤーD +12.5" in out
    assert main(["match", "rotarot", write(tmp_path, ROTAROT), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["totals"] == ["+70.5", "+52.5", "-135.5", "+12.5"]


def test_cli_match_refuses_bad_input_with_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = copy.deepcopy(LOMBARDIA)
    data["deals"][1]["position"]["piles"]["3"] = "T2 T3 T4"
    assert main(["match", "lombardia", write(tmp_path, data)]) == 2
    err = capsys.readouterr().err
    assert "2ディール目（deals[1].position.piles[0]）" in err
    assert main(["match", "rotarot", write(tmp_path, LOMBARDIA)]) == 2
    assert "ロンバルディアタロットのもの" in capsys.readouterr().err
    broken = tmp_path / "broken.json"
    broken.write_text("{", encoding="utf-8")
    assert main(["match", "lombardia", str(broken)]) == 2
    assert "JSON" in capsys.readouterr().err
    assert main(["match", "lombardia", str(tmp_path / "missing.json")]) == 2
    assert "ありません" in capsys.readouterr().err


# --- names, not seats (#26) ----------------------------------------------------------------------
FIXTURES = {"lombardia": LOMBARDIA, "rotarot": ROTAROT, "lhombre": LHOMBRE, "napoletanisch": NAPOLETANISCH,
            "ottocento": OTTOCENTO}


@pytest.mark.parametrize("game", list(FIXTURES))
def test_sheets_summaries_and_the_cli_name_players_not_seats(game: str, tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    named = copy.deepcopy(FIXTURES[game])
    count = len(ok(game, named)["players"])
    named["names"] = ["ゆき", "", "", "はると"][:count]
    answer = ok(game, named)
    for deal in answer["deals"]:
        assert not SEAT_WORD.search(deal["sheet"]) and not SEAT_WORD.search(deal["summary"]), deal
        assert "ゆき" in deal["sheet"] and "プレイヤーB" in deal["sheet"]
    assert main(["match", game, write(tmp_path, named)]) == 0
    assert not SEAT_WORD.search(capsys.readouterr().out)
    assert main(["match", game, write(tmp_path, named), "--json"]) == 0
    assert not SEAT_WORD.search(capsys.readouterr().out)


def test_a_name_that_looks_like_a_seat_stays_a_name() -> None:
    data = copy.deepcopy(ROTAROT)
    data["names"] = ["", "席2", "", ""]
    # deal 1: player 0 dealt, so seat 0 is player 1 (「席2」) and seat 2 is player 3 (D)
    sheet = ok("rotarot", data)["deals"][0]["sheet"]
    assert "席2の得点" in sheet and sheet.count("プレイヤーDの得点") == 1


def test_the_summary_names_the_declarer_and_the_contract() -> None:
    rotarot = [d["summary"] for d in ok("rotarot", ROTAROT)["deals"]]
    # deal 1: player 0 dealt, seat 1 (player 2, C) bid three cards; deal 2: seat 0 of player 1's deal
    # (player 2 again) played solo; deal 3 was a Ramsch (nobody declared)
    assert rotarot[0].startswith("配り: プレイヤーA、デクレアラー: プレイヤーC（3枚）。")
    assert rotarot[1].startswith("配り: プレイヤーB、デクレアラー: プレイヤーC（ソロ）。")
    assert rotarot[2].startswith("配り: プレイヤーC、ラムシュ。")
    lhombre = [d["summary"] for d in ok("lhombre", LHOMBRE)["deals"]]
    # deal 1: player 0 dealt, forehand is player 1 (B); deal 2: player 1 dealt, middlehand is player 0
    assert lhombre[0].startswith("配り: プレイヤーA、デクレアラー: フォアハンドのプレイヤーB（スペード・ソロ）。")
    assert lhombre[1].startswith("配り: プレイヤーB、デクレアラー: ミドルハンドのプレイヤーA（シンプルゲーム）。")


def test_two_players_of_one_name_are_told_apart() -> None:
    data = copy.deepcopy(ROTAROT)
    data["names"] = ["ゆき", "ゆき", "", "プレイヤーC"]  # the third has no name: プレイヤーC as well
    answer = ok("rotarot", data)
    assert answer["players"] == ["ゆき（A）", "ゆき（B）", "プレイヤーC（C）", "プレイヤーC（D）"]
    assert "ゆき（B）（ディーラー）の得点" in answer["deals"][1]["sheet"]  # player 1 dealt deal 2
    assert answer["deals"][1]["sheet"].count("の得点</th>") == 4  # every player keeps a total


def test_four_at_an_lhombre_table_the_sheet_says_who_sat_out() -> None:
    data = match("lhombre", LHOMBRE["deals"][:1], variants={"players": 4}, names=["", "", "みお", ""])
    sheet = ok("lhombre", data)["deals"][0]["sheet"]
    assert "ディーラーはプレイヤーAです（休み: みお）" in sheet and "フォアハンドのプレイヤーB" in sheet


# --- F14: numbers of the file are whole numbers -----------------------------------------------------------
@pytest.mark.parametrize(("change", "field"), [
    ({"version": 1.0}, ["version"]),
    ({"length": 4.0}, ["length"]),
    ({"deals": [{"dealer": 1.0, "thrown_in": True}]}, ["deals", 0, "dealer"]),
])
def test_a_number_written_with_a_point_is_refused_like_the_dealer(change: dict[str, Any], field: list[Any]) -> None:
    assert refused("lombardia", {**LOMBARDIA, **change})["field"] == field
    assert refused("rotarot", {**ROTAROT, "length": 8.0})["field"] == ["length"]  # never an open-ended Rotarot


# --- D8, D13 (2026-12-01 attack): names are text a person typed -------------------------------------------
def named(names: list[str]) -> dict[str, Any]:
    return {**LOMBARDIA, "names": names}


def test_a_lone_surrogate_in_a_name_is_refused_in_japanese_by_the_door_and_the_cli(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # D8: "\ud800" is a valid JSON escape; it was read, then a UTF-8 encode of the names failed (an internal
    # error in the page on every reload, an English message from the CLI)
    data = named(["\ud800", "", "", ""])
    answer = refused("lombardia", data)
    assert "internal" not in answer and "U+D800" in answer["error"] and answer["field"] == ["names", 0]
    path = tmp_path / "match.json"
    path.write_text(json.dumps(data), encoding="ascii")  # the escape as a hand-made file has it
    assert main(["match", "lombardia", str(path)]) == 2
    error = capsys.readouterr().err
    assert "プレイヤーAの名前" in error and "U+D800" in error and "codec" not in error


@pytest.mark.parametrize(("name", "code"), [
    ("x\n合計: +999", "U+000A"),  # would print a line of its own in the sheet: a forged total
    ("\x1b[31mred\x1b[0m", "U+001B"),  # a terminal's escape sequence
    ("\x00", "U+0000"),
    ("a\u2028b", "U+2028"),
    ("a\u202eevil", "U+202E"),  # right-to-left override
    ("は\u200bると", "U+200B"),  # zero width space: shown as 「はると」
    ("\u3164", "U+3164"),  # Hangul filler: a name drawn as nothing
    ("\ufe0f", "U+FE0F"),  # a variation selector with nothing to select
])
def test_control_and_invisible_characters_in_a_name_are_refused(name: str, code: str, tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    answer = refused("lombardia", named(["", name, "", ""]))
    assert answer["field"] == ["names", 1] and "プレイヤーBの名前に" in answer["error"] and code in answer["error"]
    assert main(["match", "lombardia", write(tmp_path, named(["", name, "", ""]))]) == 2
    assert code in capsys.readouterr().err


@pytest.mark.parametrize(("names", "field"), [
    (["ＹＵＫＩ", "YUKI", "", ""], 1),  # NFKC-equal
    (["ﾕｷ", "", "", "ユキ"], 3),
    (["ゆ き", "ゆ\u3000き", "", ""], 1),
    (["❤", "❤\ufe0f", "", ""], 1),  # only a variation selector apart
    (["", "", "", "プレイヤーＣ"], 3),  # looks like what the pad calls the unnamed third player
])
def test_two_names_that_look_the_same_are_refused(names: list[str], field: int) -> None:
    answer = refused("lombardia", named(names))
    assert answer["field"] == ["names", field] and "見分け" in answer["error"]


def test_names_with_emoji_and_a_kanjis_own_form_are_kept() -> None:
    names = ["👩\u200d🍳", "❤\ufe0f", "辻\U000e0100", "山田\u3000太郎"]
    assert ok("lombardia", named(names))["match"]["names"] == names
