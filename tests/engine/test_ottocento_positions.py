"""Ottocento final positions: only those a legal deal reaches are accepted (whole tricks, the last
trick, the Matto's story, declared cards), the scoring examples are deals played trick by trick,
and bad input (seats, sides, cards, types, crafted share codes) ends in a Japanese message."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine import share
from engine.__main__ import main
from engine.cards import Card, Pack, format_cards, parse_cards
from engine.game import Action
from engine.games.ottocento import OttocentoState, Position
from engine.tutorials import TutorialError, position_from_data

ROOT = Path(__file__).resolve().parents[2]
DEALER, OPPONENTS = "ディーラー側（席1・席3）", "相手側（席0・席2）"


def replay(tricks: list[str], discards: str, declare: dict[int, str] | None = None) -> OttocentoState:
    """A deal rebuilt from its tricks (``seat:card`` in playing order; the dealer's hand gets the
    discards) and played through the engine, which refuses any illegal card or turn."""
    declare = dict(declare or {})
    hands: list[list[str]] = [[], [], [], []]
    for trick in tricks:
        for item in trick.split():
            seat, code = item.split(":")
            hands[int(seat)].append(code)
    hands[3] += discards.split()
    state = OttocentoState.from_hands([parse_cards(h) for h in hands])
    state.apply(Action("keep"))  # eldest wants to play this deal
    for code in discards.split():
        state.apply(Action("discard", Card.parse(code)))
    for trick in tricks:
        for item in trick.split():
            seat, code = item.split(":")
            while state.phase == "declare":
                for card in parse_cards(declare.pop(state.turn, "")):
                    state.apply(Action("show", card))
                state.apply(Action("done"))
            assert state.current_player() == int(seat), trick
            state.apply(Action("play", Card.parse(code)))
    assert state.is_terminal()
    return state


# --- the scoring examples, each a deal played out --------------------------------------------
GRANDE_WILD = [  # the opponents lead the Moon and the dealer's side must give T14 and T11 to it
    "0:T18 1:T14 2:T6 3:T11", "0:T10 1:T5 2:T7 3:T4", "0:T8 1:T3 2:T9 3:T2", "2:S6 3:SK 0:S7 1:SQ",
    "3:T20 0:C6 1:T21 2:C7", "1:T19 2:C8 3:T17 0:H8", "1:T16 2:H9 3:T15 0:H10", "1:T13 2:D7 3:T12 0:D8",
    "1:T1 2:D9 3:SJ 0:D10", "1:CA 2:CK 3:CJ 0:CQ", "2:CN 3:C10 0:F 1:C9", "2:HN 3:H6 0:HK 1:HJ",
    "0:HQ 1:HA 2:DA 3:H7", "0:DK 1:D6 2:DQ 3:DJ", "0:SN 1:SA 2:DN 3:S8",
]
THREE_CRICCHE = [  # the opponents hold every trump and the Matto; the dealer's side wins four suit tricks
    "0:T3 1:DQ 2:T6 3:H10", "2:T2 3:HN 0:T5 1:D8", "0:T7 1:D9 2:F 3:H9", "0:T9 1:SN 2:T16 3:H8",
    "2:T14 3:CA 0:T21 1:D10", "0:T11 1:S8 2:T20 3:C9", "2:T8 3:CN 0:T15 1:S9", "0:T19 1:SA 2:T18 3:C10",
    "0:H6 1:HK 2:H7 3:HQ", "1:CQ 2:C7 3:CK 0:C6", "3:HA 0:T1 1:DA 2:T10", "2:T12 3:HJ 0:T17 1:S10",
    "0:S6 1:SK 2:S7 3:SJ", "1:DK 2:D7 3:SQ 0:D6", "1:DN 2:T4 3:C8 0:T13",
]
DECLARED_AGAIN = [  # seat 0 declares its four Kings and wins a trick with each, the last one too
    "0:SK 1:S6 2:S7 3:S8", "0:CK 1:C6 2:C7 3:C8", "0:HK 1:H10 2:H9 3:H8", "0:SQ 1:T21 2:HA 3:T20",
    "1:T19 2:DQ 3:T18 0:SN", "1:T17 2:DN 3:T16 0:SJ", "1:T15 2:DJ 3:T14 0:SA", "1:T13 2:DA 3:T12 0:CQ",
    "1:T11 2:C9 3:T10 0:CN", "1:T9 2:C10 3:T8 0:CJ", "1:T7 2:H7 3:T6 0:CA", "1:T5 2:H6 3:T4 0:HQ",
    "3:T2 0:HN 1:T3 2:D7", "1:T1 2:D6 3:F 0:HJ", "1:D8 2:D9 3:D10 0:DK",
]
DECLARED_DATA: dict[str, Any] = {
    "piles": {"opponents": "SK S8 S7 S6 CK C8 C7 C6 HK H8 H9 H10 DK D8 D9 D10", "dealer": "rest"},
    "discard": "S9 S10", "last_trick": "opponents", "matto_by": 3, "declared": {0: "SK CK HK DK"}}
EXAMPLES: dict[str, tuple[list[str], str, dict[int, str], dict[str, Any]]] = {
    "grande-wild": (GRANDE_WILD, "S9 S10", {}, {
        "piles": {"dealer": "T21 T20 T19 T17 T16 T15 T13 T12 T1 SK SQ SJ S7 S6 C8 C7 C6 H8 H9 H10 D7 D8 D9 D10",
                  "opponents": "rest"},
        "discard": ["S9", "S10"], "last_trick": "opponents", "matto_by": 0}),
    "three-cricche": (THREE_CRICCHE, "CJ DJ", {}, {
        "piles": {"dealer": "SK SQ SJ S7 S6 CK CQ C7 C6 HK HQ H6 H7 DK D6 D7", "opponents": "rest"},
        "discard": "CJ DJ", "last_trick": "opponents", "matto_by": 2}),
    "declared-again": (DECLARED_AGAIN, "S9 S10", {0: "SK CK HK DK"}, DECLARED_DATA),
    "game-end": (DECLARED_AGAIN, "S9 S10", {0: "SK CK HK DK"}, DECLARED_DATA),
}


def read(data: dict[str, Any]) -> Position:
    position = position_from_data("ottocento", data)
    assert isinstance(position, Position)
    return position


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_each_replaced_example_is_a_played_deal(name: str) -> None:
    tricks, discards, declare, data = EXAMPLES[name]
    played = replay(tricks, discards, declare).position()
    assert played == read(data)
    assert Position.from_share_code(played.share_code()) == played


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_the_example_files_hold_those_positions(name: str) -> None:
    yaml = pytest.importorskip("yaml")
    data = yaml.safe_load((ROOT / "tutorials" / "ottocento" / f"example-{name}.yaml").read_text(encoding="utf-8"))
    expected = dict(EXAMPLES[name][3])
    if "before" in data:
        expected["before"] = data["before"]
    assert read(data) == read(expected)


def step_values(position: Position, party: str) -> dict[str, int]:
    return {s.label: int(s.value) for s in position.score().steps if s.party == party and s.value is not None}


def test_grande_wild_totals_worked_by_hand() -> None:
    position = read(EXAMPLES["grande-wild"][3])
    dealer = step_values(position, DEALER)
    # 26 cards: Angel, World, Bagatto, SK (4 each), SQ 3, SJ 1 = 20; 13 pairs; tarocchi 18;
    # Grande A W S 16 15 14 (13 = Bagatto) 12 11, stopping at 10: 9 cards 40; spades K Q (C = Bagatto) J 15
    assert dealer["点札（額面−1）"] == 20 and dealer["2枚1組ごとに1点"] == 13
    assert dealer["取り札の役: グランデ"] == 40 and dealer["取り札の役: ソードのシークエンス"] == 15
    assert 20 + 13 + 18 + 40 + 15 == 106 and dealer["5点単位に丸める"] == -1
    # 36 cards: Matto 4, three Kings 12, three Queens 9, four Cavalli 8, three Jacks 3 = 36; 18 pairs; last 6;
    # cricche 17 + 14 + 26 + 12 = 69 doubled; sequences 25 * 3 (K Q C J A + Matto) + Moors 20 + Aces 20 doubled
    opponents = step_values(position, OPPONENTS)
    assert opponents["点札（額面−1）"] == 36 and opponents["2枚1組ごとに1点"] == 18
    assert 36 + 18 + 6 + 2 * 69 + 2 * (3 * 25 + 20 + 20) == 428 and opponents["5点単位に丸める"] == 2
    assert position.score().totals == {DEALER: 105, OPPONENTS: 430}


def test_three_cricche_totals_worked_by_hand() -> None:
    position = read(EXAMPLES["three-cricche"][3])
    # 18 cards: four Kings 16, three Queens 9, three Jacks 3 = 28; 9 pairs; cricche 34 + 14 + 12 doubled;
    # spade and baton K Q J 10 + 10, not doubled
    assert 28 + 9 + 2 * (34 + 14 + 12) + 20 == 177
    # 44 cards: Angel, World, Bagatto, Matto 16, four Cavalli 8, HJ 1, DQ 3 = 28; 22 pairs; last 6;
    # tarocchi 36 + cavalli 26; Grande 105, Moors 25, Aces 25 doubled
    assert 28 + 22 + 6 + 36 + 26 + 2 * (105 + 25 + 25) == 428
    assert position.score().totals == {DEALER: 175, OPPONENTS: 430}


def test_declared_again_and_game_end_worked_by_hand() -> None:
    position = read(DECLARED_DATA)
    # opponents: 16 cards, four Kings 16, 8 pairs, last 6, Kings 34 taken and 34 declared
    assert 16 + 8 + 6 + 34 + 34 == 98
    # dealer: 46 cards, tarocchi 16 + Queens 12 + Cavalli 8 + Jacks 4 = 40, 23 pairs; four cricche
    # 36 + 28 + 26 + 24 doubled; Grande 105, Moors 25, Aces 25 doubled
    assert 40 + 23 + 2 * (36 + 28 + 26 + 24) + 2 * (105 + 25 + 25) == 601
    assert position.score().totals == {DEALER: 600, OPPONENTS: 100}
    end = read({**DECLARED_DATA, "before": {"dealer": 100, "opponents": 700}})
    assert "相手側（席0・席2）が800点以上になり" in end.score().steps[-1].detail
    assert "800点を超えていない" in end.with_variants({"game_end": "exceed"}).score().steps[-1].detail


# --- the old, unreachable examples are refused ------------------------------------------------
OLD_GRANDE_WILD = {"piles": {"dealer": "T21 T20 T19 T17 T16 T15 T13 T12 T1 SK SQ SJ S6 S7 S8 C6 C7 C8 C9 C10 "
                                       "H6 H7 H8 D6 D7 D8", "opponents": "rest"},
                   "discard": ["S9", "S10"], "last_trick": "dealer"}
OLD_THREE_CRICCHE = {"piles": {"dealer": "SK CK HK DK SQ CQ HQ SJ CJ DJ S6 S7 C6 C7 H9 H10 D9 D10",
                               "opponents": "rest"}, "discard": "S8 C8", "last_trick": "opponents"}
OLD_DECLARED_AGAIN = {"piles": {"opponents": "SK CK HK DK HQ DQ HA DA S6 S7 H6 H7", "dealer": "rest"},
                      "discard": "S9 C9", "last_trick": "opponents", "declared": {0: "SK CK HK DK"}}


@pytest.mark.parametrize(("data", "path", "words"), [
    (OLD_GRANDE_WILD, ("piles", "dealer"), "ディーラー側のトリックの札が26枚"),
    (OLD_THREE_CRICCHE, ("piles", "dealer"), "ディーラー側のトリックの札が18枚"),
    (OLD_DECLARED_AGAIN, ("declared", 0), "相手側が取ったトリックは3回"),
    ({**OLD_DECLARED_AGAIN, "before": {"dealer": 200, "opponents": 700}}, ("declared", 0), "1枚ずつしか"),
])
def test_old_unreachable_examples_are_refused(data: dict[str, Any], path: tuple[str | int, ...], words: str) -> None:
    with pytest.raises(TutorialError, match=words) as refused:
        read(data)
    assert refused.value.path == path


# --- what a legal deal cannot end with ---------------------------------------------------------
def refused(data: dict[str, Any]) -> TutorialError:
    with pytest.raises(TutorialError) as caught:
        read(data)
    return caught.value


BASE: dict[str, Any] = {"piles": {"dealer": "T21 SK D6 D7", "opponents": "rest"}, "discard": "S9 S10",
                        "last_trick": "dealer"}


def test_base_position_is_reachable() -> None:
    # one trick for the dealer's side, plus the discard: Angel and King 4 + 4, 3 pairs, last trick 6 = 17 -> 15
    assert read(BASE).score().totals[DEALER] == 15


def test_last_trick_side_must_have_taken_a_trick() -> None:
    error = refused({**BASE, "piles": {"dealer": [], "opponents": "rest"}})
    assert error.path == ("last_trick",) and "1回も取っていない" in str(error)


def test_matto_stays_with_its_side_or_goes_over_without_payment() -> None:
    assert refused({**BASE, "piles": {"dealer": "T21 SK D6 F", "opponents": "rest"}, "matto_by": 0}).path \
        == ("matto_by",)
    error = refused({**BASE, "piles": {"dealer": [], "opponents": "rest"}, "last_trick": "opponents",
                     "matto_by": 1, "matto_paid": "D6"})
    assert error.path == ("matto_paid",) and "払える札がありません" in str(error)
    assert refused({**BASE, "matto_paid": "D6"}).path == ("matto_paid",)  # no matto_by
    assert refused({**BASE, "matto_by": 0, "matto_paid": "F"}).path == ("matto_paid",)


@pytest.mark.parametrize(("declared", "words"), [
    ({2: "S7 S8"}, "どんな役にも入らない"),  # pips never belong to a combination
    ({0: "T21 T20 T1"}, "天使はどのトリックでも勝つ"),  # seat 0's Angel cannot end in the dealer's trick
    ({1: "SK CK HK", 3: "SK"}, "席1も申告"),
    ({3: "S9 SK CK HK"}, "ディーラーが捨てた札"),
    ({1: "T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 T11 T10 T9 T8 T7 T6"}, "15枚"),
])
def test_declared_cards_must_be_cards_the_seat_could_show(declared: dict[int, str], words: str) -> None:
    error = refused({**BASE, "declared": declared})
    assert error.path[0] == "declared" and words in str(error)


def test_declared_matto_names_who_played_it() -> None:
    data = {**BASE, "piles": {"dealer": "T21 SK D6 D7", "opponents": "rest"}, "matto_by": 0,
            "declared": {2: "T20 T1 F"}}
    assert refused(data).path == ("matto_by",)
    assert read({**data, "matto_by": 2}).matto_by == 2


# --- bad input: each field, Japanese messages, never a traceback ------------------------------
@pytest.mark.parametrize(("change", "path"), [
    ({"matto_by": -1}, ("matto_by",)),
    ({"matto_by": 7}, ("matto_by",)),
    ({"matto_by": 10**30}, ("matto_by",)),
    ({"matto_by": "1"}, ("matto_by",)),
    ({"matto_by": True}, ("matto_by",)),
    ({"declared": {7: "SK"}}, ("declared", "7")),
    ({"declared": {"-1": "SK"}}, ("declared", "-1")),
    ({"declared": {0: "S2"}}, ("declared", 0)),
    ({"declared": {0: "SK SK"}}, ("declared", 0)),
    ({"declared": {0: 5}}, ("declared", 0)),
    ({"piles": {"dealer": "T21 SK D6 D7", "opponents": "rest", "seat0": "S6"}}, ("piles", "seat0")),
    ({"piles": {"dealer": "T21 SK D6 S2", "opponents": "rest"}}, ("piles", "dealer")),
    ({"piles": {"dealer": "T21 SK D6 D6", "opponents": "rest"}}, ("piles", "dealer")),
    ({"piles": {"dealer": "T21 SK D6 S9", "opponents": "rest"}}, ("piles", "dealer")),
    ({"piles": {"dealer": "rest", "opponents": "rest"}}, ("piles",)),
    ({"piles": ["T21"]}, ("piles",)),
    ({"piles": {"dealer": "T21 SK D6 D7", "opponents": []}}, ("piles",)),
    ({"discard": 5}, ("discard",)),
    ({"discard": "S9"}, ("discard",)),
    ({"discard": "S9 HK"}, ("discard",)),
    ({"discard": "S9 H1"}, ("discard",)),
    ({"last_trick": 0}, ("last_trick",)),
    ({"matto_paid": "S2"}, ("matto_paid",)),
    ({"before": {"dealer": -5, "opponents": 0}}, ("before", "dealer")),
    ({"before": {"dealer": 12, "opponents": 0}}, ("before", "dealer")),
    ({"before": {"dealer": 0, "opponents": 805}}, ("before", "opponents")),
    ({"before": {"dealer": 0, "opponents": 0, "seat2": 5}}, ("before", "seat2")),
    ({"before": {"dealer": "0", "opponents": 0}}, ("before", "dealer")),
])
def test_bad_fields_are_named_in_japanese(change: dict[str, Any], path: tuple[str | int, ...]) -> None:
    error = refused({**BASE, **change})
    assert error.path == path
    assert any("\u3040" <= ch <= "\u30ff" for ch in str(error)), str(error)


def test_running_scores_tied_past_800_go_on() -> None:
    assert read({**BASE, "before": {"dealer": 810, "opponents": 810}}).before == (810, 810)


def test_cli_refuses_with_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for name, data in (("matto.json", {**BASE, "matto_by": -1}), ("old.json", OLD_THREE_CRICCHE),
                       ("seat.json", {**BASE, "declared": {"7": "SK"}})):
        path = tmp_path / name
        path.write_text(json.dumps(data), encoding="utf-8")
        assert main(["score", "ottocento", str(path)]) == 2
        err = capsys.readouterr().err
        assert "Traceback" not in err and any("\u3040" <= ch <= "\u30ff" for ch in err), err


# --- crafted share codes: a valid checksum, bytes no deal gives ------------------------------
def payload() -> bytearray:
    code = read({**BASE, "matto_by": 0, "matto_paid": "D6"}).share_code()
    return bytearray(share.decode(code, Position.TAG))


VARIANT_BYTES = 6
CARDS = len(Pack.BOLOGNESE62.cards())
LAST, MATTO_BY, PAID = (VARIANT_BYTES + 2 * CARDS + i for i in range(3))


@pytest.mark.parametrize(("offset", "value"), [
    (MATTO_BY, 4), (MATTO_BY, 7), (MATTO_BY, 254), (LAST, 2), (LAST, 200), (PAID, 62), (PAID, 254),
    (VARIANT_BYTES, 3), (VARIANT_BYTES + CARDS, 4), (VARIANT_BYTES + CARDS, 200), (0, 9),
])
def test_crafted_share_codes_raise_share_error(offset: int, value: int) -> None:
    data = payload()
    data[offset] = value
    with pytest.raises(share.ShareError) as caught:
        Position.from_share_code(share.encode(Position.TAG, bytes(data)))
    assert any("\u3040" <= ch <= "\u30ff" for ch in str(caught.value))


def test_crafted_share_code_of_an_unreachable_position() -> None:
    data = payload()
    data[VARIANT_BYTES + Pack.BOLOGNESE62.index(Card.parse("D7"))] = 1  # a dealer's trick of three cards
    with pytest.raises(share.ShareError, match="どんなディールでも起こりません"):
        Position.from_share_code(share.encode(Position.TAG, bytes(data)))


def test_crafted_running_score_in_a_share_code() -> None:
    position = read({**BASE, "before": {"dealer": 100, "opponents": 200}})
    data = bytearray(share.decode(position.share_code(), Position.TAG))
    data[-1] = 201  # the opponents' 200 becomes 201, not a multiple of five
    with pytest.raises(share.ShareError):
        Position.from_share_code(share.encode(Position.TAG, bytes(data)))


def test_cli_share_decode_refuses_crafted_code(capsys: pytest.CaptureFixture[str]) -> None:
    data = payload()
    data[MATTO_BY] = 9
    assert main(["share", "decode", share.encode(Position.TAG, bytes(data))]) == 2
    assert "共有リンク" in capsys.readouterr().err


def test_every_pack_card_listed_once_in_a_valid_position() -> None:
    position = read(BASE)
    listed = [*position.piles[0], *position.piles[1], *position.discard]
    assert sorted(listed) == sorted(Pack.BOLOGNESE62.cards()) and format_cards(list(position.discard)) == "S10 S9"
