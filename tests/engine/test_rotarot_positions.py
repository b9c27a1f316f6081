"""ロタロット final positions: only what a legal deal can end with, and bad input refused at its own
field in Japanese (never a traceback), from plain data, share codes and the command line."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine import share
from engine.__main__ import main
from engine.cards import Pack, format_cards, parse_cards
from engine.games.rotarot import VARIANTS, Position, RotarotState
from engine.plaindata import TutorialError
from engine.share import ShareError
from engine.tricks import Play
from engine.tutorials import position_from_data

# A reachable 2-card bid (the 55.5 example): seat 0 won four tricks, seat 1 five, seat 2 the last nine.
BID: dict[str, Any] = {"contract": 2, "declarer": 0,
       "piles": {0: "F T21 T1 SK HK CK DK SQ HQ CQ SJ HJ CJ S8 S9 S10",
                 1: "T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 D2 D3 D4 D5 D6 D7 D8 D9 D10 DA", 2: "rest", 3: []},
       "discard": "S2 S3", "widow": "S4 S5 S6 S7", "last_trick": {"leader": 1, "cards": "C2 C10 C3 C4"}}
# A reachable Ramsch (the Ramsch example): seat 0 takes the last trick with the heart King.
RAMSCH: dict[str, Any] = {"contract": "ramsch",
          "piles": {0: "HK H3 H5 H9 T21 T2 T3 T4 C2 C3 C4 C5 C6 C7 C8 C9",
                    1: "F T1 SK CK T5 T6 T7 T8 D2 D3 D4 D5 S8 S9 S10 SA", 2: "rest",
                    3: "DK HQ SQ CQ DQ T9 T10 T11 T12 T13 T14 T15 T16 T17 T18 T19 T20 D6 D7 D8"},
          "widow": "S2 S3 S4 S5 S6 S7", "last_trick": {"leader": 1, "cards": "H3 H5 H9 HK"}}


def read(base: dict[str, Any], **changes: Any) -> Position:
    data = {**base, **changes}
    return position_from_data("rotarot", {k: v for k, v in data.items() if v is not None})  # type: ignore[return-value]


def refused(base: dict[str, Any], path: tuple[str | int, ...], words: str, **changes: Any) -> None:
    with pytest.raises(TutorialError) as caught:
        read(base, **changes)
    assert caught.value.path == path, str(caught.value)
    assert words in str(caught.value)


def test_the_bases_are_accepted() -> None:
    assert read(BID).last_winner == 2 and read(RAMSCH).last_winner == 0


# --- reachable positions ----------------------------------------------------------------------------
def test_the_last_trick_needs_a_leader_who_won_the_trick_before() -> None:
    # The old fixture of the Ramsch-bonus test: seat 1 leads the last trick holding no other trick.
    old = {"contract": "ramsch", "discard": "", "widow": "S2 S3 S4 S5 S6 S7",
           "piles": {0: "rest", 1: "T1 C2 C3 C4"}, "last_trick": {"leader": 1, "cards": "T1 C2 C3 C4"}}
    refused(old, ("last_trick", "leader"), "その前のトリックに勝っている")
    # a valat's last trick is led by the seat that took all the others
    valat = {"contract": 1, "declarer": 0, "piles": {0: "rest"}, "discard": "S4", "widow": "S2 S3 C2 C3 H2",
             "last_trick": {"leader": 1, "cards": "S5 S6 S7 T1"}}
    refused(valat, ("last_trick", "leader"), "席1")


def test_piles_are_whole_tricks() -> None:
    refused(BID, ("piles", 0), "4の倍数", piles={**BID["piles"], 0: "F T21 T1 SK HK CK DK SQ HQ CQ SJ HJ CJ S8 S9",
                                                3: "S10"})
    three = {**BID, "variants": {"players": 3}, "piles": {0: BID["piles"][0] + " C5", 1: "rest", 2: []},
             "last_trick": {"leader": 0, "cards": "C2 C10 C3"}}
    refused(three, ("piles", 0), "3の倍数")


def test_the_last_trick_lies_in_its_winners_pile() -> None:
    refused(BID, ("last_trick", "cards"), "席2の取り札", last_trick={"leader": 1, "cards": "C2 C10 C3 D4"})
    refused(BID, ("last_trick", "cards"), "4枚です", last_trick={"leader": 1, "cards": "C2 C10 C3"})


def test_the_widow_and_discard_a_bid_leaves() -> None:
    refused(BID, ("discard",), "ちょうど2枚", discard="S2", widow="S3 S4 S5 S6 S7")
    refused(BID, ("widow",), "4枚", discard="S2 S3", widow="S4 S5 S6", piles={**BID["piles"], 3: "S7 C5 C6 C7"})
    refused(BID, ("discard",), "5点の札", discard="SK S3", piles={**BID["piles"], 0: "F T21 T1 S2 HK CK DK SQ HQ CQ"
                                                                          " SJ HJ CJ S8 S9 S10"})
    refused(RAMSCH, ("discard",), "捨て札はありません", discard="S2", widow="S3 S4 S5 S6 S7",
            piles={**RAMSCH["piles"], 2: "rest"})
    refused(RAMSCH, ("widow",), "6枚", widow="S2 S3 S4 S5 S6")


def test_forced_honours_never_stay_in_the_widow() -> None:  # §2.2: Pagat, then Mond, then Sküs
    pagat_left = {"piles": {**BID["piles"], 0: "F T21 S4 SK HK CK DK SQ HQ CQ SJ HJ CJ S8 S9 S10"},
                  "widow": "T1 S5 S6 S7"}
    refused(BID, ("widow",), "パガット", **pagat_left)
    one = {**BID, "contract": 1, "discard": "S2", "widow": "S3 S4 S5 S6 S7"}
    read(one, piles={**BID["piles"], 0: "F T1 S7 SK HK CK DK SQ HQ CQ SJ HJ CJ S8 S9 S10"},
         widow="T21 S3 S4 S5 S6")  # bid 1: the Pagat was the one card taken, the Mond may stay
    refused(BID, ("widow",), "モンド", piles={**BID["piles"], 0: "F S4 T1 SK HK CK DK SQ HQ CQ SJ HJ CJ S8 S9 S10"},
            widow="T21 S5 S6 S7")
    # bid 2 leaving the Sküs: the Pagat and the Mond were the two cards taken ...
    read(BID, piles={**BID["piles"], 0: "S4 T21 T1 SK HK CK DK SQ HQ CQ SJ HJ CJ S8 S9 S10"}, widow="F S5 S6 S7")
    # ... which cannot be when the Mond is still there as well
    refused(BID, ("widow",), "モンド", piles={**BID["piles"], 0: "S4 S5 T1 SK HK CK DK SQ HQ CQ SJ HJ CJ S8 S9 S10"},
            widow="F T21 S6 S7")
    solo = read(BID, contract="solo", discard=None, widow="T1 T21 F S2 S3 S4",
                piles={**BID["piles"], 0: "S5 S6 S7 SK HK CK DK SQ HQ CQ SJ HJ CJ S8 S9 S10"})
    assert solo.contract == 0  # a Solo never touches the widow


def test_world_collapse_only_where_the_cards_allow_it() -> None:
    refused(BID, ("collapse",), "取り札", collapse={"skus": 1, "mond": 0})
    refused(BID, ("collapse",), "別の席", collapse={"skus": 0, "mond": 0})
    refused(RAMSCH, ("collapse",), "ラムシュ", collapse={"skus": 1, "mond": 0})
    read(BID, collapse={"skus": 0, "mond": 3})  # seat 3's Mond fell to seat 0's Sküs in an earlier trick
    # Sküs and Mond both in the last trick: the collapse must be written, with the seats that played them
    both = {"piles": {**BID["piles"], 0: "F T21 T1 SK HK CK DK SQ HQ CQ SJ HJ CJ S8 S9 S10 C5 C6 C7 C8"},
            "last_trick": {"leader": 0, "cards": "F C5 C6 T21"}}
    refused(BID, ("collapse",), "世界の崩壊", **both)
    assert read(BID, collapse={"skus": 0, "mond": 3}, **both).collapse == (0, 3)
    refused(BID, ("collapse",), "最後のトリック", collapse={"skus": 0, "mond": 2}, **both)
    # only the Sküs in the last trick: the Mond fell elsewhere, so no collapse in that trick
    alone = {"piles": both["piles"], "last_trick": {"leader": 0, "cards": "F C5 C6 C7"}}
    read(BID, **alone)
    refused(BID, ("collapse",), "最後のトリック", collapse={"skus": 0, "mond": 2}, **alone)


def test_three_players_void_ramsch_is_never_played() -> None:
    three = {**RAMSCH, "piles": {0: RAMSCH["piles"][0] + " C10 CA", 1: "rest", 2: RAMSCH["piles"][3] + " D9"},
             "last_trick": {"leader": 2, "cards": "H5 HK H9"}}
    assert read(three, variants={"players": 3}).last_winner == 0
    refused(three, ("contract",), "ラムシュは遊ばれません", variants={"players": 3, "three_ramsch": "void"})
    with pytest.raises(ValueError, match="ラムシュは遊ばれません"):
        read(three, variants={"players": 3}).with_variants({"three_ramsch": "void"})


def test_a_clockwise_ramsch_keeps_each_seats_card() -> None:
    ccw = read(RAMSCH)
    cw = ccw.with_variants({"ramsch_direction": "cw"})
    assert [p.seat for p in cw.last_trick] == [1, 0, 3, 2]
    assert {p.seat: p.card for p in cw.last_trick} == {p.seat: p.card for p in ccw.last_trick}
    assert cw.score().totals == ccw.score().totals
    assert Position.from_share_code(cw.share_code()) == cw
    with pytest.raises(ValueError, match="順に"):  # the plays out of the clockwise order
        Position(None, None, ccw.piles, (), ccw.widow, ccw.last_trick, None, {"ramsch_direction": "cw"})


# --- bad input -----------------------------------------------------------------------------------------
def test_contract_is_required_and_checked() -> None:
    refused(BID, ("contract",), "「contract」がありません", contract=None)
    for wrong in (7, -1, "grand", True, 10**12):
        refused(BID, ("contract",), "contract", contract=wrong)
    refused(RAMSCH, ("declarer",), "デクレアラーがいません", declarer=1)


@pytest.mark.parametrize("seat", [4, 7, -1, 10**12, "1", True, 1.5])
def test_every_seat_field_in_range_at_its_own_field(seat: Any) -> None:
    words = "0〜3" if isinstance(seat, int) and not isinstance(seat, bool) else "形が違います"
    refused(BID, ("declarer",), words, declarer=seat)
    refused(BID, ("last_trick", "leader"), words, last_trick={"leader": seat, "cards": "C2 C10 C3 C4"})
    refused(BID, ("collapse", "skus"), words, collapse={"skus": seat, "mond": 2})
    refused(BID, ("collapse", "mond"), words, collapse={"skus": 0, "mond": seat})


def test_three_players_have_seats_0_to_2() -> None:
    three = {**BID, "variants": {"players": 3}, "piles": {0: BID["piles"][0] + " C5 C6", 1: "rest", 2: []},
             "last_trick": {"leader": 0, "cards": "C2 C10 C3"}}
    assert read(three).players == 3
    refused(three, ("declarer",), "0〜2", declarer=3)
    refused(three, ("last_trick", "leader"), "0〜2", last_trick={"leader": 3, "cards": "C2 C10 C3"})
    refused(three, ("collapse", "mond"), "0〜2", collapse={"skus": 0, "mond": 3})
    refused(three, ("piles", "3"), "席は0〜2", piles={**three["piles"], 3: []})
    refused(three, ("last_trick", "cards"), "3枚です", last_trick={"leader": 0, "cards": "C2 C10 C3 C4"})


@pytest.mark.parametrize("key", [7, "7", "-1", -1, "x", "01x"])
def test_extra_seat_keys_in_piles(key: Any) -> None:
    refused(BID, ("piles", str(key)), "席ではありません", piles={**BID["piles"], key: []})


def test_cards_outside_the_pack_duplicates_and_wrong_types() -> None:
    refused(BID, ("widow",), "T22", widow="S4 S5 S6 T22")
    refused(BID, ("piles", 0), "SZ", piles={**BID["piles"], 0: "SZ"})
    refused(BID, ("last_trick", "cards"), "X1", last_trick={"leader": 1, "cards": "C2 C10 C3 X1"})
    refused(BID, ("widow",), "二度", widow="S4 S5 S6 S6")
    refused(BID, ("widow",), "二度", widow="S4 S5 S6 S2")  # S2 is in the discard as well
    refused(BID, ("piles", 1), "二度", piles={**BID["piles"], 1: BID["piles"][1] + " F"})
    refused(BID, ("piles",), "形が違います", piles=["rest"])
    refused(BID, ("widow",), "形が違います", widow=5)
    refused(BID, ("last_trick",), "形が違います", last_trick=["C2"])
    refused(BID, ("piles", 0), "多すぎます", piles={0: " ".join(["S2"] * 30000), 1: "rest"})
    refused(BID, ("piles",), "どこにもありません", piles={**BID["piles"], 2: []})


# --- share codes -------------------------------------------------------------------------------------
def payload(position: Position) -> bytearray:
    return bytearray(share.decode(position.share_code(), Position.TAG))


OWNERS = len(VARIANTS)
CONTRACT = OWNERS + 78
LAST = CONTRACT + 2


@pytest.mark.parametrize("value", [4, 7, 100, 254])
def test_crafted_share_codes_with_bad_seats(value: int) -> None:
    data = payload(read(BID, collapse={"skus": 0, "mond": 3}))
    for at in (CONTRACT + 1, LAST, LAST + 2, len(data) - 2, len(data) - 1):  # declarer, plays, collapse
        bad = bytearray(data)
        bad[at] = value
        with pytest.raises(ShareError, match="共有リンク"):
            Position.from_share_code(share.encode(Position.TAG, bytes(bad)))
    if value > 6:  # no bid takes 7 or more cards
        bad = bytearray(data)
        bad[CONTRACT] = value
        with pytest.raises(ShareError, match="contract"):
            Position.from_share_code(share.encode(Position.TAG, bytes(bad)))


def test_crafted_share_codes_with_bad_bytes() -> None:
    data = payload(read(BID))
    for at, value in ((OWNERS, 6), (OWNERS, 255), (LAST + 1, 78), (LAST + 1, 255), (0, 9)):
        bad = bytearray(data)
        bad[at] = value
        with pytest.raises(ShareError, match="共有リンク"):
            Position.from_share_code(share.encode(Position.TAG, bytes(bad)))
    for tail in (b"\x00", b"\x00\x03\x01", b""):
        with pytest.raises(ShareError, match="共有リンク"):
            Position.from_share_code(share.encode(Position.TAG, bytes(data[:-2] if not tail else data) + tail))
    swapped = bytearray(data)
    swapped[LAST + 2], swapped[LAST + 4] = swapped[LAST + 4], swapped[LAST + 2]  # two plays' seats out of order
    with pytest.raises(ShareError, match="順に"):
        Position.from_share_code(share.encode(Position.TAG, bytes(swapped)))
    ramsch_declarer = payload(read(RAMSCH))
    ramsch_declarer[CONTRACT + 1] = 0
    with pytest.raises(ShareError, match="デクレアラーがいません"):
        Position.from_share_code(share.encode(Position.TAG, bytes(ramsch_declarer)))


def test_a_game_code_with_a_bad_card_byte() -> None:
    state = RotarotState(Pack.TAROT78.cards())
    data = bytearray(share.decode(state.share_code(), RotarotState.TAG))
    data[len(VARIANTS)] = 200
    with pytest.raises(ShareError, match="共有リンク"):
        RotarotState.from_share_code(share.encode(RotarotState.TAG, bytes(data)))


# --- the command line ----------------------------------------------------------------------------------
def cli(tmp_path: Path, capsys: pytest.CaptureFixture[str], data: dict[str, Any]) -> tuple[int, str]:
    path = tmp_path / "position.json"
    path.write_text(json.dumps({str(k): v for k, v in data.items() if v is not None}), encoding="utf-8")
    code = main(["score", "rotarot", str(path)])
    return code, capsys.readouterr().err


@pytest.mark.parametrize(("changes", "where", "words"), [
    ({"contract": None}, "contract", "「contract」がありません"),
    ({"collapse": {"skus": 7, "mond": 2}}, "collapse.skus", "7は席ではありません"),
    ({"declarer": -1}, "declarer", "0〜3"),
    ({"last_trick": {"leader": 7, "cards": "C2 C10 C3 C4"}}, "last_trick.leader", "0〜3"),
    ({"piles": {**BID["piles"], "7": []}}, "piles.7", "席ではありません"),
    ({"widow": "S4 S5 S6 T22"}, "widow", "T22"),
    ({"last_trick": {"leader": 1, "cards": "C2 C10 C3 D4"}}, "last_trick.cards", "取り札"),
])
def test_cli_refuses_with_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str], changes: dict[str, Any],
                                 where: str, words: str) -> None:
    data = {**BID, **changes, "piles": {str(k): v for k, v in changes.get("piles", BID["piles"]).items()}}
    code, err = cli(tmp_path, capsys, data)
    assert code == 2 and f"{where}: " in err and words in err


def test_positions_from_played_deals_are_accepted() -> None:
    """A deal's own final position always passes the checks (the random deals check many more)."""
    hands = [parse_cards(format_cards(list(Pack.TAROT78.cards())[i * 18:(i + 1) * 18])) for i in range(4)]
    hands[3] += list(Pack.TAROT78.cards())[72:]
    state = RotarotState.from_hands(hands)
    while not state.is_terminal():
        state.apply(state.legal_actions()[-1])
    position = state.position()
    assert Position.from_share_code(position.share_code()) == position
    assert all(isinstance(p, Play) for p in position.last_trick)


def test_the_valat_example_is_a_played_deal() -> None:
    """tutorials/rotarot/example-valat.yaml, reached by a legal deal: seat 0 holds the Sküs, the Pagat and
    T5..T20, takes S4 with a 1-card bid and lays it away; seat 1 leads the heart King, seat 2 (no hearts)
    trumps with the Mond and seat 0 must beat it with the Sküs; then seat 0 leads trumps, the Pagat last."""
    widow = parse_cards("S2 S3 C2 C3 H2 S4")
    last = {1: "S5", 2: "S6", 3: "S7"}
    taken = set(widow) | set(parse_cards("S5 S6 S7 HK T21 T4 T3 T2 F T1"))
    spare = [c for c in Pack.TAROT78.cards() if c not in taken and not c.is_trump]
    hearts = [c for c in spare if c.suit == "H"]
    others = [c for c in spare if c.suit != "H"]
    hands = [parse_cards("F T1") + [c for c in Pack.TAROT78.cards() if c.is_trump and 5 <= c.rank <= 20],
             parse_cards("HK T4 S5") + others[:15], parse_cards("T21 T3 S6") + others[15:30],
             parse_cards("T2 S7") + hearts + others[30:]]
    state = RotarotState.from_hands([*hands[:3], hands[3] + widow])
    for word in ("bid1", "pass", "pass", "pass", "take S4", "discard S4", "HK", "T21"):
        state.apply(state.parse_action(word))
    while not state.is_terminal():
        seat, legal = state.current_player(), [a.card for a in state.legal_actions() if a.card is not None]
        if seat == 0:  # trumps from the top, the Pagat kept for the last trick
            card = max(legal, key=lambda c: (c.rank != 1, c.is_fool, c.rank))
        else:  # anything but the card kept for the last trick
            card = next(c for c in legal if str(c) != last[seat]) if len(legal) > 1 else legal[0]
        state.apply(state.parse_action(str(card)))
    example = read({"contract": 1, "declarer": 0, "piles": {0: "rest", 1: [], 2: [], 3: []}, "discard": "S4",
                    "widow": "S2 S3 C2 C3 H2", "last_trick": {"leader": 0, "cards": "T1 S5 S6 S7"},
                    "collapse": {"skus": 0, "mond": 2}})
    assert state.position() == example
